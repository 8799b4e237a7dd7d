//! The transposition table: boards already searched, compared in full so a
//! hash collision can never change an answer.

use grid::hash::{fold, mix64};

/// Nodes with fewer moves left than this are not stored in the table: near
/// the leaves, searching is cheaper than hashing a board (measured: with 2,
/// the judge-sized searches are slower and the deep ones no faster).
pub const TABLE_MIN_DEPTH: u32 = 3;
/// The most board bytes the transposition table keeps: 32 MiB, so that the
/// whole search stays within the 64 MB that every binary promises beyond
/// twice its input. A full table goes on learning: a new board replaces the
/// shallowest of the four its bucket holds.
pub const TABLE_MAX_BYTES: usize = 32 << 20;
/// The most bytes the table's index takes besides: 8 MiB, 512 Ki slots
/// (on small boards the arena's cap holds millions of boards, and an index
/// growing with them would pass the boards' own size).
pub const INDEX_MAX_BYTES: usize = 8 << 20;

/// Boards already searched, with the most moves left they were searched with.
///
/// The boards' bytes sit one after another in an arena, in the order they
/// came, so the memory grows with the boards kept and nothing else. An
/// index of buckets of four slots finds them: each slot holds a hash (0
/// when empty), the moves left, and where its board sits. Boards are
/// compared in full, so the table never confuses two boards. The index
/// doubles once half full, or a quarter full when a new board's bucket is
/// full (moving only its slots, never a board), up to [`INDEX_MAX_BYTES`].
/// Once the arena is at [`TABLE_MAX_BYTES`] (or the index at its own cap
/// and the bucket full), a new board takes the place of the shallowest of
/// its bucket (the deeper ones are the costlier to search again).
pub(crate) struct Table {
    area: usize,
    slots: Vec<Slot>,
    arena: Vec<u8>,
    used: usize,
}

/// A slot of the index.
#[derive(Clone, Copy)]
struct Slot {
    /// The board's hash, never 0 (0 marks an empty slot).
    hash: u64,
    /// Where the board starts in the arena.
    offset: u32,
    moves_left: u8,
}

const EMPTY: Slot = Slot {
    hash: 0,
    offset: 0,
    moves_left: 0,
};

/// Slots per bucket.
const WAYS: usize = 4;

impl Table {
    /// A table for a search of `moves` moves on boards of `area` cells.
    pub(crate) fn new(area: usize, moves: u32) -> Self {
        // Sized for the boards the search can store (at most 21 for the
        // judge's five moves), between 64 and 1,024 slots: clearing a
        // larger index would cost a small search more than the search.
        let storable = (1usize..=moves.saturating_sub(TABLE_MIN_DEPTH) as usize)
            .fold(1usize, |sum, depth| {
                sum.saturating_add(1usize << (2 * depth.min(20)))
            });
        let slots = storable
            .saturating_mul(2)
            .next_power_of_two()
            .clamp(64, 1 << 10);
        Table {
            area,
            slots: vec![EMPTY; slots],
            arena: Vec::new(),
            used: 0,
        }
    }

    /// The slots of the bucket of `hash`.
    fn bucket(&self, hash: u64) -> std::ops::Range<usize> {
        let buckets = self.slots.len() / WAYS;
        let first = (hash as usize & (buckets - 1)) * WAYS;
        first..first + WAYS
    }

    /// The board of a slot.
    fn board(&self, slot: Slot) -> &[u8] {
        &self.arena[slot.offset as usize..slot.offset as usize + self.area]
    }

    /// Records that `board` is being searched with `moves_left` moves left.
    /// Returns `false` if it was already searched with at least as many
    /// (the caller can skip it), `true` if the caller must search it.
    pub(crate) fn insert(&mut self, board: &[u8], moves_left: u8) -> bool {
        let hash = hash_board(board) | 1;
        for index in self.bucket(hash) {
            let slot = self.slots[index];
            if slot.hash == hash && self.board(slot) == board {
                if slot.moves_left >= moves_left {
                    return false;
                }
                self.slots[index].moves_left = moves_left;
                return true;
            }
        }
        let room = self.arena.len() + self.area <= TABLE_MAX_BYTES
            && self.arena.len() + self.area <= u32::MAX as usize;
        let index_room = 2 * self.slots.len() * std::mem::size_of::<Slot>() <= INDEX_MAX_BYTES;
        if room && index_room {
            let bucket_full = self.bucket(hash).all(|index| self.slots[index].hash != 0);
            let slots = self.slots.len();
            if self.used * 2 > slots || (bucket_full && self.used * 4 > slots) {
                self.grow();
            }
        }
        // With room in the arena, an empty slot if the bucket has one; else
        // the shallowest entry, whose board's place is taken over.
        let victim = self
            .bucket(hash)
            .min_by_key(|&index| {
                let empty = self.slots[index].hash == 0;
                (empty != room, self.slots[index].moves_left)
            })
            .unwrap_or(0);
        let offset = if self.slots[victim].hash != 0 {
            self.slots[victim].offset as usize
        } else if room {
            self.used += 1;
            self.arena.extend_from_slice(board);
            self.arena.len() - self.area
        } else {
            // Full, and nothing in this bucket to replace: not kept.
            return true;
        };
        self.arena[offset..offset + self.area].copy_from_slice(board);
        self.slots[victim] = Slot {
            hash,
            offset: offset as u32,
            moves_left,
        };
        true
    }

    /// Doubles the index. A slot whose new bucket is full is forgotten
    /// (rare: buckets are at most half full on average after a doubling);
    /// its board stays in the arena, unused.
    fn grow(&mut self) {
        let doubled = vec![EMPTY; self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, doubled);
        self.used = 0;
        for slot in old.into_iter().filter(|slot| slot.hash != 0) {
            if let Some(free) = self
                .bucket(slot.hash)
                .find(|&index| self.slots[index].hash == 0)
            {
                self.slots[free] = slot;
                self.used += 1;
            }
        }
    }
}

/// A well-mixed 64-bit hash of a board: eight bytes at a time, each word
/// multiplied and folded, then a final avalanche (SplitMix64's finaliser).
fn hash_board(board: &[u8]) -> u64 {
    let mut h: u64 = board.len() as u64;
    let mut chunks = board.chunks_exact(8);
    for chunk in &mut chunks {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        h = fold(h, u64::from_le_bytes(word));
    }
    for &b in chunks.remainder() {
        h = fold(h, u64::from(b));
    }
    mix64(h)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Distinct boards of `area` bytes, numbered.
    fn board(number: usize, area: usize) -> Vec<u8> {
        let mut bytes = vec![0u8; area];
        bytes[..8].copy_from_slice(&(number as u64).to_le_bytes());
        bytes
    }

    #[test]
    fn a_board_is_skipped_only_when_searched_as_deep() {
        let mut table = Table::new(16, 12);
        assert!(table.insert(&board(1, 16), 3));
        assert!(!table.insert(&board(1, 16), 3));
        assert!(!table.insert(&board(1, 16), 2));
        assert!(table.insert(&board(1, 16), 5));
        assert!(!table.insert(&board(1, 16), 4));
        assert!(table.insert(&board(2, 16), 3));
    }

    #[test]
    fn below_its_cap_the_table_forgets_little() {
        let mut table = Table::new(16, 12);
        for number in 0..50_000 {
            assert!(table.insert(&board(number, 16), 4));
        }
        // A board is forgotten only when its bucket is full while the table
        // is under a quarter full, or its new bucket is full when it grows.
        let remembered = (0..50_000)
            .filter(|&number| !table.insert(&board(number, 16), 4))
            .count();
        // Measured: 46,478 (growing on a full bucket at a lower load keeps
        // more, but the growths, which move every board, cost more).
        assert!(remembered >= 45_000, "{remembered} of 50000 remembered");
    }

    #[test]
    fn on_small_boards_the_index_stays_within_its_cap() {
        // Boards of 4 bytes: the arena's cap alone would hold 8 million.
        let mut table = Table::new(4, 12);
        for number in 0..3_000_000usize {
            table.insert(&(number as u32).to_le_bytes(), 3);
        }
        assert!(table.slots.len() * std::mem::size_of::<Slot>() <= INDEX_MAX_BYTES);
        // Still learning: the newest board is remembered.
        assert!(!table.insert(&2_999_999u32.to_le_bytes(), 3));
    }

    #[test]
    fn at_its_cap_the_table_stays_within_it_and_keeps_learning() {
        // Boards of 64 KiB: the cap holds fewer than 512 of them.
        let area = 1 << 16;
        let mut table = Table::new(area, 12);
        for number in 0..1_500 {
            table.insert(&board(number, area), 3 + (number % 5) as u8);
            assert!(table.arena.len() <= TABLE_MAX_BYTES);
        }
        // The newest board was remembered, in an old board's place.
        assert!(!table.insert(&board(1_499, area), 3));
    }
}
