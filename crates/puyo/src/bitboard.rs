//! The engine for small fields (at most 128 cells, the judge's 12 × 6 among
//! them): one `u128` per colour, groups found by flood fill with shifts, and
//! falling by compressing each column's bits.
//!
//! Layout: column-major with the bottom first, so cell `(row, col)` of an
//! `H × W` field is bit `col * H + (H − 1 − row)`. A column is then a run of
//! `H` bits with the bottom at the low end, and falling is a bit compression.

use crate::field::{Field, EMPTY, GARBAGE};
use crate::naive::POP_SIZE;

/// The most cells a bitboard holds.
pub const MAX_CELLS: usize = 128;

fn shl(value: u128, shift: usize) -> u128 {
    if shift >= 128 {
        0
    } else {
        value << shift
    }
}

/// A field as bitboards.
#[derive(Clone, Debug)]
pub struct Bitboard {
    height: usize,
    width: usize,
    /// Every cell of the field.
    all: u128,
    /// Every cell but the bottom row (where a step up from the row below
    /// could land after wrapping from the previous column's top).
    not_bottom: u128,
    /// Every cell but the top row.
    not_top: u128,
    /// The low `height` bits: one column.
    column: u128,
    /// All ones when there is more than one column, else zero.
    sideways: u128,
    /// The cells of each colour letter, `A` at index 0 (`O`, garbage, is
    /// kept apart below, so its slot stays empty).
    colours: [u128; 26],
    /// The letters present, as bits (bit `k` for letter `A + k`).
    present: u32,
    /// The garbage puyos.
    garbage: u128,
    /// The cells emptied by the last pop, for the next fall.
    removed: u128,
    /// Where groups may start: everywhere at first, then only the puyos
    /// that fell in the last round (a group of puyos that did not move was
    /// a group before, and would have popped then).
    seeds: u128,
}

impl Bitboard {
    /// The bitboards of a field, or `None` if it has more than
    /// [`MAX_CELLS`] cells.
    pub fn new(field: &Field) -> Option<Self> {
        let (height, width) = (field.rows(), field.cols());
        if height * width > MAX_CELLS || height == 0 {
            return None;
        }
        let cells = height * width;
        let all = if cells == 128 {
            u128::MAX
        } else {
            (1u128 << cells) - 1
        };
        let column = if height == 128 {
            u128::MAX
        } else {
            (1u128 << height) - 1
        };
        let (mut bottom, mut top) = (0u128, 0u128);
        for c in 0..width {
            bottom |= 1 << (c * height);
            top |= 1 << (c * height + height - 1);
        }
        let mut board = Bitboard {
            height,
            width,
            all,
            not_bottom: all & !bottom,
            not_top: all & !top,
            column,
            sideways: if width > 1 { u128::MAX } else { 0 },
            colours: [0; 26],
            present: 0,
            garbage: 0,
            removed: 0,
            seeds: all,
        };
        // Every letter, garbage `O` included, goes to its slot; anything else
        // (an empty cell) to a spare slot, so the loop has no branch.
        let mut slots = [0u128; 27];
        for row in 0..height {
            // Cell (row, col) is bit `col * height + (height - 1 - row)`.
            let mut bit = 1u128 << (height - 1 - row);
            for &cell in field.row(row) {
                let letter = usize::from(cell.wrapping_sub(b'A')).min(26);
                slots[letter] |= bit;
                bit = shl(bit, height);
            }
        }
        let garbage = usize::from(GARBAGE - b'A');
        board.garbage = std::mem::take(&mut slots[garbage]);
        board.colours.copy_from_slice(&slots[..26]);
        for (letter, &mask) in board.colours.iter().enumerate() {
            if mask != 0 {
                board.present |= 1 << letter;
            }
        }
        Some(board)
    }

    /// `set` and every cell orthogonally next to it.
    fn spread(&self, set: u128) -> u128 {
        set | self.spread_pairs(set)
    }

    /// The cells of `within` connected to `seed`.
    fn flood(&self, seed: u128, within: u128) -> u128 {
        let mut region = seed;
        loop {
            // Two steps per check: the test costs about as much as a step.
            let once = self.spread(region) & within;
            let grown = self.spread(once) & within;
            if grown == once {
                return grown;
            }
            region = grown;
        }
    }

    /// Pops every group of four or more and the garbage next to them.
    /// Returns `false` (changing nothing) when nothing pops.
    pub fn pop(&mut self) -> bool {
        let mut popped = 0u128;
        for letter in Letters(self.present) {
            let mask = self.colours[letter];
            // Only cells with a same-coloured neighbour can be in a group of
            // two or more; the rest are skipped without a flood fill.
            // A group of four or more holds a puyo with at least two
            // same-coloured neighbours (any connected set of three does), so
            // only those can start a flood fill that matters.
            let branching = self.branching(mask);
            // After the first round, a new group must hold a puyo that fell;
            // a branching puyo of such a group is a fallen one or touches one.
            let mut rest = branching & self.spread(self.seeds);
            while rest != 0 {
                let seed = rest & rest.wrapping_neg();
                let group = self.flood(seed, mask);
                rest &= !group;
                if group.count_ones() as usize >= POP_SIZE {
                    popped |= group;
                }
            }
        }
        if popped == 0 {
            self.seeds = 0;
            return false;
        }
        let cleared = self.spread(popped) & self.garbage;
        let removed = popped | cleared;
        for letter in Letters(self.present) {
            self.colours[letter] &= !removed;
        }
        self.garbage &= !removed;
        self.removed = removed;
        true
    }

    /// The cells of `mask` with at least two neighbours in `mask`.
    fn branching(&self, mask: u128) -> u128 {
        let h = self.height & 127;
        let up = (mask >> 1) & self.not_top;
        let down = (mask << 1) & self.not_bottom;
        let right = (mask >> h) & self.sideways;
        let left = (mask << h) & self.sideways;
        // Two of four, with the usual half-adder tricks.
        let (vertical_any, vertical_both) = (up | down, up & down);
        let (horizontal_any, horizontal_both) = (right | left, right & left);
        mask & (vertical_both | horizontal_both | (vertical_any & horizontal_any))
    }

    /// The cells of `mask` with a neighbour in `mask`.
    fn spread_pairs(&self, mask: u128) -> u128 {
        // `sideways` is 0 for a one-column field, whose height may be 128 (a
        // shift `<<` does not allow); the shift is then reduced to stay valid.
        let h = self.height & 127;
        let vertical = ((mask << 1) & self.not_bottom) | ((mask >> 1) & self.not_top);
        let horizontal = ((mask << h) | (mask >> h)) & self.sideways;
        (vertical | horizontal) & self.all
    }

    /// Lets every puyo fall into the cells emptied by the last [`pop`]:
    /// each removed cell is deleted from its column, highest first, which
    /// shifts the bits above it in that column down by one. The cost is a few
    /// word operations per removed cell and colour, whatever the field's size.
    ///
    /// [`pop`]: Bitboard::pop
    pub fn fall(&mut self) {
        let h = self.height;
        let mut holes = self.removed;
        self.removed = 0;
        // The cells at or above some hole in their column: what falls.
        let mut falling = 0u128;
        while holes != 0 {
            // The highest hole, and the run of holes below it in its column
            // (a vertical group leaves one), deleted together.
            let top = 127 - holes.leading_zeros() as usize;
            let column = shl(self.column, top / h * h);
            let mut bottom = top;
            while bottom > 0 && column & holes & (1u128 << (bottom - 1)) != 0 {
                bottom -= 1;
            }
            let length = top - bottom + 1;
            let run = shl(1, top + 1).wrapping_sub(1) & !((1u128 << bottom) - 1);
            holes &= !run;
            // The cells of this column above the run.
            let above = column & !(shl(1, top + 1).wrapping_sub(1));
            falling |= above | run;
            let delete = |mask: u128| (mask & !above & !run) | ((mask & above) >> length);
            for letter in Letters(self.present) {
                self.colours[letter] = delete(self.colours[letter]);
            }
            self.garbage = delete(self.garbage);
        }
        let occupied =
            Letters(self.present).fold(self.garbage, |acc, letter| acc | self.colours[letter]);
        self.seeds = falling & occupied;
    }

    /// The field these bitboards hold.
    pub fn to_field(&self) -> Field {
        let (h, w) = (self.height, self.width);
        let mut field = Field::new(h, w, EMPTY);
        for row in 0..h {
            for col in 0..w {
                let bit = 1u128 << (col * h + (h - 1 - row));
                if self.garbage & bit != 0 {
                    field[(row, col)] = GARBAGE;
                }
                for letter in Letters(self.present) {
                    if self.colours[letter] & bit != 0 {
                        field[(row, col)] = b'A' + letter as u8;
                    }
                }
            }
        }
        field
    }
}

/// The indices of the set bits of a letter set, lowest first.
struct Letters(u32);

impl Iterator for Letters {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let letter = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(letter)
    }
}

/// The number of chains, or `None` if the field is too large for a bitboard.
pub fn chain_count(field: &Field) -> Option<usize> {
    let mut board = Bitboard::new(field)?;
    let mut chains = 0;
    while board.pop() {
        board.fall();
        chains += 1;
    }
    Some(chains)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{field, sample};

    #[test]
    fn the_sample_chains_three_times() {
        assert_eq!(chain_count(&sample()), Some(3));
    }

    #[test]
    fn round_trips_and_falls() {
        let f = field("R.\nGO\nGG\n");
        let board = Bitboard::new(&f).unwrap();
        assert_eq!(board.to_field(), f);
        let mut b = Bitboard::new(&field("R.\nG.\nBB\n")).unwrap();
        // Remove the G by hand and let R fall onto B.
        let g = usize::from(b'G' - b'A');
        b.removed = b.colours[g];
        b.colours[g] = 0;
        b.fall();
        assert_eq!(b.to_field(), field("..\nR.\nBB\n"));
    }

    #[test]
    fn too_large_fields_are_declined() {
        assert!(chain_count(&Field::new(12, 11, EMPTY)).is_none());
        assert_eq!(chain_count(&Field::new(128, 1, EMPTY)), Some(0));
        assert_eq!(chain_count(&Field::new(1, 128, b'R')), Some(1));
    }
}
