//! The engine for fields of any size: after the first round, it looks only
//! where something moved.
//!
//! A group that pops in a round must hold a puyo that fell in the round
//! before: a group made only of puyos that did not move was already a group
//! (their cells and links are unchanged), and would have popped then. So the
//! first round scans the whole field, and every later round starts its flood
//! fills only from the puyos that fell. Falling itself touches only the part
//! of each column above its lowest removed puyo. The work per chain is
//! therefore proportional to the cells that changed, not to the field's size.
//!
//! The engine works on the field itself, row-major with the top row first
//! (`row * width + col`), taking ownership of it so that no copy is made:
//! a field of 2^26 cells costs its own 64 MB and little more. The cells a
//! round's flood fills visit are marked in a bitset (one bit a cell) and
//! unmarked from their list when the round ends, so nothing is cleared
//! per chain in proportion to the field's size.

use crate::field::{is_colour, Field, EMPTY, GARBAGE};
use crate::rules::POP_SIZE;
use grid::budget::WorkLimit;

/// The field and the reusable buffers of the search.
pub struct Engine {
    height: usize,
    width: usize,
    /// `floor(2^64 / width) + 1` (for a width above 1): an index's row is
    /// the high word of its product with this (exact for every index of a
    /// field, which has at most 2^26 cells and 2^16 columns), a
    /// multiplication instead of a division in the flood fill's inner loop.
    row_of_index: u64,
    field: Field,
    /// Per column, the number of puyos (the field being settled, they fill
    /// the column's bottom rows).
    heights: Vec<usize>,
    /// One bit per cell: visited by this round's flood fills.
    visited: Vec<u64>,
    /// The cells marked in `visited` this round, to unmark; once there are
    /// more than the bitset has words, the whole bitset is cleared instead.
    marked: Vec<u32>,
    /// Whether `marked` overflowed this round.
    marked_all: bool,
    /// Whether this is the first round (which scans the whole field).
    first: bool,
    // Cell lists hold `u32` indices (fields have at most 2^26 cells), half
    // the memory of `usize`.
    stack: Vec<u32>,
    group: Vec<u32>,
    popped: Vec<u32>,
    /// Cells whose puyo fell in the last round: the next round's seeds. At
    /// most [`MOVED_CAP`] of them (8 MB); past that the next round scans the
    /// whole field instead, which only fields of more than that many cells
    /// can need.
    moved: Vec<u32>,
    /// Per column, the lowest removed row counted from the bottom this
    /// round (`usize::MAX` if none).
    lowest_removed: Vec<usize>,
    touched_columns: Vec<usize>,
    /// Cells looked at so far: flood-fill seeds and cells filled, and cells
    /// read while falling. The binary stops at [`WORK_LIMIT`].
    work: u64,
}

/// The work the binary allows one field: 2^31 cells looked at, about five
/// seconds on this project's machine. Some fields inside the size limits
/// need far more: columns of chains thousands of puyos tall, where every
/// pop drops the whole column above it (H² · W in all).
pub const WORK_LIMIT: WorkLimit = WorkLimit {
    amount: 1 << 31,
    unit: "cells looked at",
    about: "about five seconds",
};

/// The most fallen puyos remembered as the next round's seeds.
const MOVED_CAP: usize = 1 << 21;

/// A chain that needed more than its work limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooMuchWork {
    /// The chains counted before the limit was reached.
    pub chains_so_far: usize,
}

impl Engine {
    /// An engine for a settled field, which it takes over.
    pub fn new(field: Field) -> Self {
        let (height, width) = (field.rows(), field.cols());
        let heights = (0..width)
            .map(|col| {
                // The first puyo from the top: the column is settled below it.
                (0..height)
                    .position(|row| field[(row, col)] != EMPTY)
                    .map_or(0, |top| height - top)
            })
            .collect();
        Engine {
            height,
            width,
            row_of_index: (u64::MAX / width.max(1) as u64).wrapping_add(1),
            visited: vec![0; (height * width + 63) / 64],
            field,
            heights,
            marked: Vec::new(),
            marked_all: false,
            first: true,
            stack: Vec::new(),
            group: Vec::new(),
            popped: Vec::new(),
            moved: Vec::new(),
            lowest_removed: vec![usize::MAX; width],
            touched_columns: Vec::new(),
            work: 0,
        }
    }

    fn cell(&self, index: usize) -> u8 {
        self.field.cells()[index]
    }

    fn set(&mut self, index: usize, value: u8) {
        self.field.cells_mut()[index] = value;
    }

    fn is_visited(&self, index: usize) -> bool {
        self.visited[index / 64] & (1 << (index % 64)) != 0
    }

    fn visit(&mut self, index: usize) {
        self.visited[index / 64] |= 1 << (index % 64);
        if self.marked.len() < self.visited.len() {
            self.marked.push(index as u32);
        } else {
            self.marked_all = true;
        }
    }

    /// A cell's row and column.
    #[inline]
    fn position(&self, index: usize) -> (usize, usize) {
        if self.width == 1 {
            return (index, 0);
        }
        let row = ((index as u128 * u128::from(self.row_of_index)) >> 64) as usize;
        (row, index - row * self.width)
    }

    /// The orthogonal neighbours of a cell, by index.
    #[inline]
    fn neighbours(&self, index: usize) -> [Option<usize>; 4] {
        let (row, col) = self.position(index);
        [
            (row > 0).then(|| index - self.width),
            (row + 1 < self.height).then(|| index + self.width),
            (col + 1 < self.width).then(|| index + 1),
            (col > 0).then(|| index - 1),
        ]
    }

    /// Flood-fills from `seed` if it is an unvisited colour; adds the group
    /// to `popped` when it is large enough.
    fn search_from(&mut self, seed: usize) {
        self.work += 1;
        let colour = self.cell(seed);
        if !is_colour(colour) || self.is_visited(seed) {
            return;
        }
        // A puyo with no same-coloured neighbour is a group of one.
        if !self
            .neighbours(seed)
            .iter()
            .flatten()
            .any(|&n| self.cell(n) == colour)
        {
            return;
        }
        self.group.clear();
        self.stack.clear();
        self.visit(seed);
        self.stack.push(seed as u32);
        while let Some(cell) = self.stack.pop() {
            self.group.push(cell);
            for next in self.neighbours(cell as usize).into_iter().flatten() {
                if self.cell(next) == colour && !self.is_visited(next) {
                    self.visit(next);
                    self.stack.push(next as u32);
                }
            }
        }
        self.work += self.group.len() as u64;
        if self.group.len() >= POP_SIZE {
            self.popped.extend_from_slice(&self.group);
        }
    }

    /// Marks a cell removed: empties it and remembers the column's lowest
    /// removed row (counted from the bottom).
    fn remove(&mut self, index: usize) {
        self.set(index, EMPTY);
        let (row, col) = self.position(index);
        let from_bottom = self.height - 1 - row;
        if self.lowest_removed[col] == usize::MAX {
            self.touched_columns.push(col);
        }
        self.lowest_removed[col] = self.lowest_removed[col].min(from_bottom);
    }

    /// Plays one round: finds the groups (in the whole field in the first
    /// round, else around the puyos that fell), pops them with the garbage
    /// next to them, and lets the columns fall. Returns `false` when nothing
    /// pops.
    pub fn play_round(&mut self) -> bool {
        self.popped.clear();
        let first = std::mem::take(&mut self.first);
        if first || self.moved.len() > MOVED_CAP {
            self.moved.clear();
            for seed in 0..self.height * self.width {
                self.search_from(seed);
            }
        } else {
            let seeds = std::mem::take(&mut self.moved);
            for &seed in &seeds {
                self.search_from(seed as usize);
            }
            self.moved = seeds;
        }
        // Unmark what this round visited, for the next: from the list, or
        // all at once when the round visited more than the list holds.
        if std::mem::take(&mut self.marked_all) {
            self.visited.fill(0);
        } else {
            for &cell in &self.marked {
                self.visited[cell as usize / 64] &= !(1 << (cell % 64));
            }
        }
        self.marked.clear();
        if self.popped.is_empty() {
            return false;
        }
        let popped = std::mem::take(&mut self.popped);
        for &cell in &popped {
            for next in self.neighbours(cell as usize).into_iter().flatten() {
                if self.cell(next) == GARBAGE {
                    self.remove(next);
                }
            }
        }
        for &cell in &popped {
            self.remove(cell as usize);
        }
        self.popped = popped;
        self.fall();
        true
    }

    /// Packs the touched columns down and records the puyos that moved.
    fn fall(&mut self) {
        self.moved.clear();
        let touched = std::mem::take(&mut self.touched_columns);
        let (height, width) = (self.height, self.width);
        // Row `k` from the bottom of column `col`, as an index.
        let at = |k: usize, col: usize| (height - 1 - k) * width + col;
        for &col in &touched {
            let (low, top) = (self.lowest_removed[col], self.heights[col]);
            self.work += (top - low) as u64;
            let mut write = low;
            for read in low..top {
                let cell = self.cell(at(read, col));
                if cell != EMPTY {
                    if read != write {
                        self.set(at(write, col), cell);
                        self.set(at(read, col), EMPTY);
                        if self.moved.len() <= MOVED_CAP {
                            self.moved.push(at(write, col) as u32);
                        }
                    }
                    write += 1;
                }
            }
            self.heights[col] = write;
            self.lowest_removed[col] = usize::MAX;
        }
        self.touched_columns = touched;
        self.touched_columns.clear();
    }

    /// The field as it stands.
    pub fn field(&self) -> &Field {
        &self.field
    }
}

/// The number of chains (on a copy of the field).
pub fn chain_count(field: &Field) -> usize {
    chain_count_within(field.clone(), u64::MAX).unwrap_or(0)
}

/// The number of chains, or [`TooMuchWork`] once more than `limit` cells
/// have been looked at (checked after each round).
/// It takes the field over, so the binary needs no second copy of it.
pub fn chain_count_within(field: Field, limit: u64) -> Result<usize, TooMuchWork> {
    let mut engine = Engine::new(field);
    let mut chains = 0;
    while engine.play_round() {
        chains += 1;
        if engine.work > limit {
            return Err(TooMuchWork {
                chains_so_far: chains,
            });
        }
    }
    Ok(chains)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{field, sample};

    #[test]
    fn the_sample_chains_three_times() {
        assert_eq!(chain_count(&sample()), 3);
    }

    #[test]
    fn garbage_is_cleared_and_falls() {
        let mut engine = Engine::new(field("O....\nRRRRO\nOGGGO\n"));
        assert!(engine.play_round());
        assert_eq!(engine.field(), &field(".....\n.....\n.GGGO\n"));
        assert!(!engine.play_round());
    }

    #[test]
    fn the_work_limit_stops_a_long_chain() {
        let chain = field("B\nB\nB\nA\nA\nA\nA\nB\n");
        assert_eq!(
            chain_count_within(chain.clone(), 1),
            Err(TooMuchWork { chains_so_far: 1 })
        );
        assert_eq!(chain_count_within(chain, 1000), Ok(2));
    }

    #[test]
    fn a_one_column_chain() {
        // Bottom up: B, A, A A A A, B B B. The A's pop, the B's land on B.
        assert_eq!(chain_count(&field("B\nB\nB\nA\nA\nA\nA\nB\n")), 2);
    }
}
