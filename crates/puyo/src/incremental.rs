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
//! Storage is column-major with the bottom first (`col * height + k`, where
//! `k = 0` is the bottom row), so a column is contiguous and, the field being
//! settled, its puyos fill `0..heights[col]`. Every buffer is allocated once
//! and reused; rounds are told apart by a stamp, so nothing is cleared per
//! chain.

use crate::field::{is_colour, Field, EMPTY, GARBAGE};
use crate::rules::POP_SIZE;

/// The field and the reusable buffers of the search.
pub struct Engine {
    height: usize,
    width: usize,
    cells: Vec<u8>,
    heights: Vec<usize>,
    /// The round in which each cell was last visited by a flood fill.
    visited: Vec<u32>,
    round: u32,
    stack: Vec<usize>,
    group: Vec<usize>,
    popped: Vec<usize>,
    /// Cells whose puyo fell in the last round: the next round's seeds.
    moved: Vec<usize>,
    /// Per column, the lowest removed index this round (`usize::MAX` if none).
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
pub const WORK_LIMIT: u64 = 1 << 31;

/// A chain that needed more than its work limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooMuchWork {
    /// The chains counted before the limit was reached.
    pub chains_so_far: usize,
}

impl Engine {
    /// An engine for a settled field.
    pub fn new(field: &Field) -> Self {
        let (height, width) = (field.rows(), field.cols());
        let mut cells = vec![EMPTY; height * width];
        let mut heights = vec![0; width];
        for col in 0..width {
            for k in 0..height {
                let cell = field[(height - 1 - k, col)];
                cells[col * height + k] = cell;
                if cell != EMPTY {
                    heights[col] = k + 1;
                }
            }
        }
        Engine {
            height,
            width,
            cells,
            heights,
            visited: vec![0; height * width],
            round: 0,
            stack: Vec::new(),
            group: Vec::new(),
            popped: Vec::new(),
            moved: Vec::new(),
            lowest_removed: vec![usize::MAX; width],
            touched_columns: Vec::new(),
            work: 0,
        }
    }

    /// The orthogonal neighbours of a cell, by index.
    fn neighbours(&self, index: usize) -> [Option<usize>; 4] {
        let (col, k) = (index / self.height, index % self.height);
        [
            (k + 1 < self.height).then(|| index + 1),
            (k > 0).then(|| index - 1),
            (col + 1 < self.width).then(|| index + self.height),
            (col > 0).then(|| index - self.height),
        ]
    }

    /// Flood-fills from `seed` if it is an unvisited colour; adds the group
    /// to `popped` when it is large enough.
    fn search_from(&mut self, seed: usize) {
        self.work += 1;
        let colour = self.cells[seed];
        if !is_colour(colour) || self.visited[seed] == self.round {
            return;
        }
        // A puyo with no same-coloured neighbour is a group of one.
        if !self
            .neighbours(seed)
            .iter()
            .flatten()
            .any(|&n| self.cells[n] == colour)
        {
            return;
        }
        self.group.clear();
        self.stack.clear();
        self.visited[seed] = self.round;
        self.stack.push(seed);
        while let Some(cell) = self.stack.pop() {
            self.group.push(cell);
            for next in self.neighbours(cell).into_iter().flatten() {
                if self.cells[next] == colour && self.visited[next] != self.round {
                    self.visited[next] = self.round;
                    self.stack.push(next);
                }
            }
        }
        self.work += self.group.len() as u64;
        if self.group.len() >= POP_SIZE {
            self.popped.extend_from_slice(&self.group);
        }
    }

    /// Marks a cell removed: empties it and remembers the column's lowest
    /// removed index.
    fn remove(&mut self, index: usize) {
        self.cells[index] = EMPTY;
        let (col, k) = (index / self.height, index % self.height);
        if self.lowest_removed[col] == usize::MAX {
            self.touched_columns.push(col);
        }
        self.lowest_removed[col] = self.lowest_removed[col].min(k);
    }

    /// Plays one round: finds the groups (in the whole field in the first
    /// round, else around the puyos that fell), pops them with the garbage
    /// next to them, and lets the columns fall. Returns `false` when nothing
    /// pops.
    pub fn play_round(&mut self) -> bool {
        self.round += 1;
        self.popped.clear();
        if self.round == 1 {
            for seed in 0..self.cells.len() {
                self.search_from(seed);
            }
        } else {
            let seeds = std::mem::take(&mut self.moved);
            for &seed in &seeds {
                self.search_from(seed);
            }
            self.moved = seeds;
        }
        if self.popped.is_empty() {
            return false;
        }
        let popped = std::mem::take(&mut self.popped);
        for &cell in &popped {
            for next in self.neighbours(cell).into_iter().flatten() {
                if self.cells[next] == GARBAGE {
                    self.remove(next);
                }
            }
        }
        for &cell in &popped {
            self.remove(cell);
        }
        self.popped = popped;
        self.fall();
        true
    }

    /// Packs the touched columns down and records the puyos that moved.
    fn fall(&mut self) {
        self.moved.clear();
        let touched = std::mem::take(&mut self.touched_columns);
        for &col in &touched {
            let base = col * self.height;
            let (low, top) = (self.lowest_removed[col], self.heights[col]);
            self.work += (top - low) as u64;
            let mut write = low;
            for read in low..top {
                let cell = self.cells[base + read];
                if cell != EMPTY {
                    if read != write {
                        self.cells[base + write] = cell;
                        self.cells[base + read] = EMPTY;
                        self.moved.push(base + write);
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
    pub fn to_field(&self) -> Field {
        let mut field = Field::new(self.height, self.width, EMPTY);
        for col in 0..self.width {
            for k in 0..self.height {
                field[(self.height - 1 - k, col)] = self.cells[col * self.height + k];
            }
        }
        field
    }
}

/// The number of chains.
pub fn chain_count(field: &Field) -> usize {
    chain_count_within(field, u64::MAX).unwrap_or(0)
}

/// The number of chains, or [`TooMuchWork`] once more than `limit` cells
/// have been looked at (checked after each round).
pub fn chain_count_within(field: &Field, limit: u64) -> Result<usize, TooMuchWork> {
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
        let mut engine = Engine::new(&field("O....\nRRRRO\nOGGGO\n"));
        assert!(engine.play_round());
        assert_eq!(engine.to_field(), field(".....\n.....\n.GGGO\n"));
        assert!(!engine.play_round());
    }

    #[test]
    fn the_work_limit_stops_a_long_chain() {
        let chain = field("B\nB\nB\nA\nA\nA\nA\nB\n");
        assert_eq!(
            chain_count_within(&chain, 1),
            Err(TooMuchWork { chains_so_far: 1 })
        );
        assert_eq!(chain_count_within(&chain, 1000), Ok(2));
    }

    #[test]
    fn a_one_column_chain() {
        // Bottom up: B, A, A A A A, B B B. The A's pop, the B's land on B.
        assert_eq!(chain_count(&field("B\nB\nB\nA\nA\nA\nA\nB\n")), 2);
    }
}
