//! The transposition table: boards already searched, compared in full so a
//! hash collision can never change an answer.

use grid::hash::{fold, mix64};

/// Nodes with fewer moves left than this are not stored in the table: near
/// the leaves, searching is cheaper than hashing a board (measured: with 2,
/// the judge-sized searches were slower and the deep ones no faster).
pub const TABLE_MIN_DEPTH: u32 = 3;
/// The most board bytes the transposition table keeps: 32 MiB, so that the
/// whole search stays within the 64 MB that every binary promises beyond
/// twice its input. A full table only stops remembering new boards.
pub const TABLE_MAX_BYTES: usize = 32 << 20;

/// Boards already searched, with the most moves left they were searched with.
///
/// Open addressing over a power-of-two array of slots; each slot holds a
/// hash, the moves left, and the offset of the board's bytes in one arena.
/// Boards are compared in full, so the table never confuses two boards.
pub(crate) struct Table {
    area: usize,
    slots: Vec<Slot>,
    arena: Vec<u8>,
    used: usize,
}

#[derive(Clone, Copy)]
struct Slot {
    hash: u64,
    /// Offset of the board in `arena`, plus one; 0 marks an empty slot.
    offset_plus_one: u32,
    moves_left: u8,
}

const EMPTY_SLOT: Slot = Slot {
    hash: 0,
    offset_plus_one: 0,
    moves_left: 0,
};

impl Table {
    pub(crate) fn new(area: usize) -> Self {
        Table {
            area,
            slots: vec![EMPTY_SLOT; 1 << 10],
            arena: Vec::new(),
            used: 0,
        }
    }

    /// Records that `board` is being searched with `moves_left` moves left.
    /// Returns `false` when it was already searched with at least as many
    /// moves left (the caller then skips it: every tile it could reach has
    /// been seen, or was cut by a bound that only tightens).
    pub(crate) fn insert(&mut self, board: &[u8], moves_left: u8) -> bool {
        let hash = hash_board(board);
        let mask = self.slots.len() - 1;
        let mut index = (hash as usize) & mask;
        loop {
            let slot = self.slots[index];
            if slot.offset_plus_one == 0 {
                break;
            }
            if slot.hash == hash {
                let offset = slot.offset_plus_one as usize - 1;
                if &self.arena[offset..offset + self.area] == board {
                    if slot.moves_left >= moves_left {
                        return false;
                    }
                    self.slots[index].moves_left = moves_left;
                    return true;
                }
            }
            index = (index + 1) & mask;
        }
        // A new board: store it unless the table is full, in which case the
        // search simply goes on without remembering it.
        if self.arena.len() + self.area > TABLE_MAX_BYTES
            || self.arena.len() + self.area >= u32::MAX as usize
        {
            return true;
        }
        let offset = self.arena.len();
        self.arena.extend_from_slice(board);
        self.slots[index] = Slot {
            hash,
            offset_plus_one: offset as u32 + 1,
            moves_left,
        };
        self.used += 1;
        if self.used * 2 > self.slots.len() {
            self.grow();
        }
        true
    }

    fn grow(&mut self) {
        let doubled = vec![EMPTY_SLOT; self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, doubled);
        let mask = self.slots.len() - 1;
        for slot in old.into_iter().filter(|s| s.offset_plus_one != 0) {
            let mut index = (slot.hash as usize) & mask;
            while self.slots[index].offset_plus_one != 0 {
                index = (index + 1) & mask;
            }
            self.slots[index] = slot;
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
