//! The transposition table of the footholds search: positions keyed in full
//! (footholds, mover's cell, other's cell), each with its score as an exact
//! value or as the bound it is, and the best move found.

use grid::hash::{fold, mix64};

/// The table starts with 2^10 entries (16 KiB) and grows fourfold, once half
/// of it is in use, to at most 2^14 (256 KiB, which stays in the
/// processor's cache).
///
/// Small on purpose. Transpositions are rare in this game: a position holds
/// both trails, and two move orders seldom leave the same cells. What the
/// table buys is the best move of a position searched again (by MTD(f)'s
/// passes and the re-searches), and a small table keeps those. Measured on
/// the full 8 × 8 board from the centre: with 2^22 entries (64 MiB) it took
/// 0.70–0.76 s, with 2^14 about 0.32 s, visiting a third more positions but
/// with no cache miss on each; with 16 entries it was no slower than 2^14.
const TABLE_START_BITS: usize = 10;
const TABLE_MAX_BITS: usize = 14;

/// A transposition-table entry: the footholds, and a packed word with the
/// rest of the key (the two cells), the score, its bound, and the best move.
/// All zeros is an empty entry (the packed word of a stored one never is).
#[derive(Clone, Copy, Default)]
pub(crate) struct Entry {
    board: u64,
    packed: u64,
}

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

    pub(crate) fn new(board: u64, key: u64, score: i32, bound: Bound, best_move: usize) -> Self {
        let packed = key
            | (u64::from(score as i16 as u16) << 16)
            | ((bound as u64) << 32)
            | ((best_move as u64 + 1) << 40);
        Entry { board, packed }
    }

    pub(crate) fn matches(&self, board: u64, key: u64) -> bool {
        self.board == board && self.packed & 0xFFFF == key
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

/// The table: a power-of-two array of entries, replaced on collision.
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

    /// The slot of a position.
    pub(crate) fn slot(&self, board: u64, mover: usize, other: usize) -> usize {
        let h = mix64(fold(board, (mover * 64 + other) as u64));
        (h as usize) & (self.entries.len() - 1)
    }

    /// The entry in a slot (all zeros when empty).
    pub(crate) fn get(&self, slot: usize) -> Entry {
        let [board, packed] = self.entries[slot];
        Entry { board, packed }
    }

    /// Stores an entry in its slot (replacing what was there), and grows the
    /// table fourfold once half of it is in use, up to 2^[`TABLE_MAX_BITS`].
    pub(crate) fn store(&mut self, slot: usize, entry: Entry) {
        if self.entries[slot][1] == 0 {
            self.filled += 1;
        }
        self.entries[slot] = [entry.board, entry.packed];
        if self.filled * 2 > self.entries.len() && self.entries.len() < 1 << TABLE_MAX_BITS {
            let old = std::mem::take(&mut self.entries);
            self.entries = vec![[0; 2]; old.len() * 4];
            self.filled = 0;
            for [board, packed] in old.into_iter().filter(|e| e[1] != 0) {
                let mover = (packed & 0xFF) as usize - 1;
                let other = ((packed >> 8) & 0xFF) as usize - 1;
                let slot = self.slot(board, mover, other);
                if self.entries[slot][1] == 0 {
                    self.filled += 1;
                }
                self.entries[slot] = [board, packed];
            }
        }
    }
}
