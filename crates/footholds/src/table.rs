//! The transposition table of the footholds search: positions keyed in full
//! (the live footholds, mover's cell, other's cell), each with its score, as
//! an exact value or as the bound it is, counted from the position (so that
//! the same live position reached at another ply can use it), and the best
//! move found.

use grid::hash::{fold, mix64};

/// The table starts with 2^8 entries (4 KiB) and grows fourfold, once half
/// of it is in use, to at most 2^15 (512 KiB, which stays in the
/// processor's cache). Entries come in buckets of two (see [`Table::store`]).
///
/// Small on purpose. The table buys the bounds and best moves of positions
/// searched again, by MTD(f)'s passes, the re-searches and transpositions,
/// and what matters is which of them it keeps. Keeping, in each bucket, the
/// entry whose search took the most work cuts the positions searched by a
/// third on the hardest full boards (from the 8 × 8 centre, 9.1 M → 6.2 M);
/// keying on the live region rather than every foothold left halves them
/// again (6.2 M → 2.7 M). 2^15 entries rather than 2^14 save another 5% of
/// the positions and of the time; a larger table gains less than its cache
/// misses cost: 2^16 entries save 4% more positions but no time, 2^18 save
/// 14% and lose about 25% of the time.
const TABLE_START_BITS: usize = 8;
const TABLE_MAX_BITS: usize = 15;

/// A transposition-table entry: the live footholds, and a packed word with
/// the rest of the key (the two cells), the score, its bound, the best move, and
/// how much work its search took (in game-tree nodes, as a logarithm).
/// All zeros is an empty entry (the packed word of a stored one never is).
#[derive(Clone, Copy, Default)]
pub(crate) struct Entry {
    region: u64,
    packed: u64,
}

/// The bits of the packed word that belong to the key: the two cells.
const KEY_BITS: u64 = 0xFFFF;

#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact = 1,
    Lower = 2,
    Upper = 3,
}

impl Entry {
    /// The key part of `packed`: `mover + 1` and `other + 1` (never 0).
    pub(crate) fn key(mover: usize, other: usize) -> u64 {
        (mover as u64 + 1) | ((other as u64 + 1) << 8)
    }

    pub(crate) fn new(
        region: u64,
        key: u64,
        score: i32,
        bound: Bound,
        best_move: usize,
        work: u64,
    ) -> Self {
        // The work as its binary logarithm: 0 to 63 fits in a byte.
        let effort = 63 - work.max(1).leading_zeros() as u64;
        let packed = key
            | (u64::from(score as i16 as u16) << 16)
            | ((bound as u64) << 32)
            | ((best_move as u64 + 1) << 40)
            | (effort << 48);
        Entry { region, packed }
    }

    /// The binary logarithm of the work the entry's search took.
    fn effort(packed: u64) -> u64 {
        (packed >> 48) & 0xFF
    }

    pub(crate) fn matches(&self, region: u64, key: u64) -> bool {
        self.region == region && self.packed & KEY_BITS == key
    }

    pub(crate) fn score(&self) -> i32 {
        i32::from((self.packed >> 16) as u16 as i16)
    }

    pub(crate) fn bound(&self) -> Bound {
        match (self.packed >> 32) & 0xFF {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        }
    }

    /// The move that was best (or caused the cut-off), if any.
    pub(crate) fn best_move(&self) -> Option<usize> {
        match (self.packed >> 40) & 0xFF {
            0 => None,
            m => Some(m as usize - 1),
        }
    }
}

/// The table: a power-of-two array of entries in buckets of two.
pub(crate) struct Table {
    entries: Vec<[u64; 2]>,
    /// How many entries are in use.
    filled: usize,
}

impl Table {
    /// An empty table of 2^[`TABLE_START_BITS`] entries: a judge-sized
    /// board never pays for a larger one.
    pub(crate) fn new() -> Self {
        Table {
            entries: vec![[0; 2]; 1 << TABLE_START_BITS],
            filled: 0,
        }
    }

    /// The slot of a position: the first of the two entries of its bucket.
    pub(crate) fn slot(&self, region: u64, mover: usize, other: usize) -> usize {
        let h = mix64(fold(region, (mover * 64 + other) as u64));
        (h as usize) & (self.entries.len() - 2)
    }

    /// The entry for a position in its bucket (all zeros when it has none).
    pub(crate) fn get(&self, slot: usize, region: u64, key: u64) -> Entry {
        for [stored, packed] in [self.entries[slot], self.entries[slot + 1]] {
            let entry = Entry {
                region: stored,
                packed,
            };
            if entry.matches(region, key) {
                return entry;
            }
        }
        Entry::default()
    }

    /// Stores an entry in its bucket. The bucket's first place keeps the
    /// entry whose search took the most work, replaced only by the same
    /// position or one that took as much: the costly positions near the
    /// root are the ones worth keeping from one MTD(f) pass to the next,
    /// and the many cheap ones deep down would otherwise push them out.
    /// The second place takes every other entry, so the position just
    /// searched is there for the principal variation search's re-search.
    /// Grows the table fourfold once half of it is in use, up to
    /// 2^[`TABLE_MAX_BITS`].
    pub(crate) fn store(&mut self, slot: usize, entry: Entry) {
        self.place(slot, entry);
        if self.filled * 2 > self.entries.len() && self.entries.len() < 1 << TABLE_MAX_BITS {
            let old = std::mem::take(&mut self.entries);
            self.entries = vec![[0; 2]; (old.len() * 4).min(1 << TABLE_MAX_BITS)];
            self.filled = 0;
            for [region, packed] in old.into_iter().filter(|e| e[1] != 0) {
                let mover = (packed & 0xFF) as usize - 1;
                let other = ((packed >> 8) & 0xFF) as usize - 1;
                let slot = self.slot(region, mover, other);
                self.place(slot, Entry { region, packed });
            }
        }
    }

    fn place(&mut self, slot: usize, entry: Entry) {
        let kept = self.entries[slot];
        let same = kept[0] == entry.region && kept[1] & KEY_BITS == entry.packed & KEY_BITS;
        let place = if same || Entry::effort(entry.packed) >= Entry::effort(kept[1]) {
            slot
        } else {
            slot + 1
        };
        if self.entries[place][1] == 0 {
            self.filled += 1;
        }
        self.entries[place] = [entry.region, entry.packed];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_stops_growing_at_its_cap() {
        let mut table = Table::new();
        assert_eq!(table.entries.len(), 1 << TABLE_START_BITS);
        let key = Entry::key(3, 5);
        let last = 4u64 << TABLE_MAX_BITS;
        for region in 1..=last {
            // Searches of every size, as in a real search.
            let work = 1 << (region % 20);
            let slot = table.slot(region, 3, 5);
            table.store(slot, Entry::new(region, key, 40, Bound::Lower, 4, work));
        }
        // 16 bytes an entry: 512 KiB.
        assert_eq!(table.entries.len(), 1 << TABLE_MAX_BITS);
        // The entry just stored is in its bucket, whole.
        let entry = table.get(table.slot(last, 3, 5), last, key);
        assert!(entry.matches(last, key));
        assert_eq!((entry.score(), entry.best_move()), (40, Some(4)));
    }
}
