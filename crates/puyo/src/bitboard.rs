//! The engine for small fields (at most 128 cells, the judge's 12 × 6 among
//! them): one machine word per colour, groups found by flood fill with
//! shifts, and falling by deleting each emptied cell from its column.
//!
//! Layout: column-major with the bottom first, so cell `(row, col)` of an
//! `H × W` field is bit `col * H + (H − 1 − row)`. A column is then a run of
//! `H` bits with the bottom at the low end, and falling is a bit compression.
//!
//! Puyos only ever fall, so the rows above the highest puyo stay empty to the
//! end; they are left out, and `H` is the height of the stacks, not of the
//! field. When the stacks fit in 64 bits (the judge's sample, and any field
//! whose puyos are not piled high) the words are `u64`, whose operations cost
//! about half those of a `u128`.

use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Shl, Shr};

use crate::field::{Field, EMPTY, GARBAGE};
use crate::rules::POP_SIZE;

/// The most cells (counted from the bottom up to the highest puyo) a
/// bitboard holds.
pub const MAX_CELLS: usize = 128;

/// An unsigned machine word used as a set of cells: `u64` or `u128`.
pub trait Word:
    Copy
    + Eq
    + Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    const BITS: u32;
    const ZERO: Self;
    const ONE: Self;
    const MAX: Self;
    fn leading_zeros(self) -> u32;
    fn wrapping_neg(self) -> Self;
    fn wrapping_sub(self, other: Self) -> Self;
}

macro_rules! word {
    ($t:ty) => {
        impl Word for $t {
            const BITS: u32 = <$t>::BITS;
            const ZERO: Self = 0;
            const ONE: Self = 1;
            const MAX: Self = <$t>::MAX;
            #[inline(always)]
            fn leading_zeros(self) -> u32 {
                <$t>::leading_zeros(self)
            }
            #[inline(always)]
            fn wrapping_neg(self) -> Self {
                <$t>::wrapping_neg(self)
            }
            #[inline(always)]
            fn wrapping_sub(self, other: Self) -> Self {
                <$t>::wrapping_sub(self, other)
            }
        }
    };
}

word!(u64);
word!(u128);

/// `value << shift`, or zero when the shift is the word's width or more.
#[inline(always)]
fn shl<W: Word>(value: W, shift: u32) -> W {
    if shift >= W::BITS {
        W::ZERO
    } else {
        value << shift
    }
}

/// A field as bitboards of word `W`.
#[derive(Clone, Debug)]
pub struct Bitboard<W: Word = u128> {
    /// The rows of the field, and the empty rows at its top left out (see
    /// the module's notes): the bitboards hold `height = rows − skipped`.
    rows: usize,
    height: usize,
    width: usize,
    /// Every cell held.
    all: W,
    /// Every cell but the bottom row (where a step up from the row below
    /// could land after wrapping from the previous column's top).
    not_bottom: W,
    /// Every cell but the top row.
    not_top: W,
    /// All ones when there is more than one column, else zero.
    sideways: W,
    /// The cells of each colour letter, `A` at index 0 (`O`, garbage, is
    /// kept apart below, so its slot stays empty). The two slots past `Z`
    /// take the empty cells while the field is read, and are then cleared.
    colours: [W; 28],
    /// The letters present, as bits (bit `k` for letter `A + k`).
    present: u32,
    /// The garbage puyos.
    garbage: W,
    /// The cells emptied by the last pop, for the next fall.
    removed: W,
    /// Where groups may start: everywhere at first, then only the puyos
    /// that fell in the last round (a group of puyos that did not move was
    /// a group before, and would have popped then).
    seeds: W,
}

/// The number of empty rows at the top of a field.
fn empty_top_rows(field: &Field) -> usize {
    (0..field.rows())
        .find(|&row| !row_is_empty(field.row(row)))
        .unwrap_or(field.rows())
}

/// Whether a row holds no puyo (one test for the row, not one per cell).
fn row_is_empty(cells: &[u8]) -> bool {
    cells.iter().fold(0, |any, &cell| any | (cell ^ EMPTY)) == 0
}

impl Bitboard {
    /// The `u128` bitboards of a field, or `None` if its stacks have more
    /// than [`MAX_CELLS`] cells.
    pub fn new(field: &Field) -> Option<Self> {
        Self::build(field)
    }
}

impl<W: Word> Bitboard<W> {
    /// The bitboards of a field, or `None` if it has no row, or its stacks
    /// (the rows from the bottom up to the highest puyo) have more cells
    /// than `W` has bits.
    pub fn build(field: &Field) -> Option<Self> {
        Self::build_below(field, empty_top_rows(field))
    }

    /// [`Bitboard::build`], given the number of empty rows at the top.
    fn build_below(field: &Field, empty_rows: usize) -> Option<Self> {
        let (rows, width) = (field.rows(), field.cols());
        // An empty field keeps one row, so that every field has a column.
        let skipped = empty_rows.min(rows.saturating_sub(1));
        let height = rows - skipped;
        if height == 0 || height * width > W::BITS as usize {
            return None;
        }
        let cells = (height * width) as u32;
        let all = shl(W::ONE, cells).wrapping_sub(W::ONE);
        let (mut bottom, mut top) = (W::ZERO, W::ZERO);
        for c in 0..width {
            bottom |= W::ONE << (c * height) as u32;
            top |= W::ONE << (c * height + height - 1) as u32;
        }
        let mut board = Bitboard {
            rows,
            height,
            width,
            all,
            not_bottom: all & !bottom,
            not_top: all & !top,
            sideways: if width > 1 { W::MAX } else { W::ZERO },
            colours: [W::ZERO; 28],
            present: 0,
            garbage: W::ZERO,
            removed: W::ZERO,
            seeds: all,
        };
        // Every letter, garbage `O` included, goes to its slot; anything else
        // (an empty cell) to one of two spare slots, so the loop has no
        // branch. Consecutive cells of one slot wait for each other (each
        // adds to what the last stored), so empty cells alternate between the
        // two spares, and empty rows are skipped whole.
        let slots = &mut board.colours;
        for row in skipped..rows {
            let cells = field.row(row);
            if row_is_empty(cells) {
                continue;
            }
            // Cell (row, col) is bit `col * height + (height - 1 - row)`,
            // counting rows from the first one held.
            let mut position = (rows - 1 - row) as u32;
            for (col, &cell) in cells.iter().enumerate() {
                let letter = usize::from(cell.wrapping_sub(b'A')).min(26);
                let spare = usize::from(letter == 26) & col;
                slots[letter + spare] |= W::ONE << position;
                position += height as u32;
            }
        }
        let garbage = usize::from(GARBAGE - b'A');
        board.garbage = std::mem::replace(&mut slots[garbage], W::ZERO);
        slots[26..].fill(W::ZERO);
        for (letter, &mask) in board.colours[..26].iter().enumerate() {
            if mask != W::ZERO {
                board.present |= 1 << letter;
            }
        }
        Some(board)
    }

    /// `set` and every cell orthogonally next to it.
    #[inline(always)]
    fn spread(&self, set: W) -> W {
        set | self.spread_pairs(set)
    }

    /// The cells of `within` connected to `seed`.
    #[inline(always)]
    fn flood(&self, seed: W, within: W) -> W {
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
        let mut popped = W::ZERO;
        // After the first round, a new group must hold a puyo that fell;
        // a branching puyo of such a group is a fallen one or touches one.
        let near_seeds = self.spread(self.seeds);
        for letter in Letters(self.present) {
            let mask = self.colours[letter];
            // A group of four or more holds a puyo with at least two
            // same-coloured neighbours (any connected set of three does), so
            // only those can start a flood fill that matters.
            let mut rest = self.branching(mask) & near_seeds;
            while rest != W::ZERO {
                let seed = rest & rest.wrapping_neg();
                let group = self.flood(seed, mask);
                rest &= !group;
                if has_at_least(group, POP_SIZE) {
                    popped |= group;
                }
            }
        }
        if popped == W::ZERO {
            self.seeds = W::ZERO;
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
    #[inline(always)]
    fn branching(&self, mask: W) -> W {
        let h = self.column_shift();
        let up = (mask >> 1) & self.not_top;
        let down = (mask << 1) & self.not_bottom;
        let right = (mask >> h) & self.sideways;
        let left = (mask << h) & self.sideways;
        // Two of four, with the usual half-adder tricks.
        let (vertical_any, vertical_both) = (up | down, up & down);
        let (horizontal_any, horizontal_both) = (right | left, right & left);
        mask & (vertical_both | horizontal_both | (vertical_any & horizontal_any))
    }

    /// The shift from a cell to the one beside it: the height. A one-column
    /// field may be as tall as the word (a shift the word does not allow),
    /// but then `sideways` masks the shifted cells away; the shift is only
    /// reduced to stay valid.
    #[inline(always)]
    fn column_shift(&self) -> u32 {
        self.height as u32 & (W::BITS - 1)
    }

    /// The cells of `mask` with a neighbour in `mask`.
    #[inline(always)]
    fn spread_pairs(&self, mask: W) -> W {
        let h = self.column_shift();
        let vertical = ((mask << 1) & self.not_bottom) | ((mask >> 1) & self.not_top);
        let horizontal = ((mask << h) | (mask >> h)) & self.sideways;
        (vertical | horizontal) & self.all
    }

    /// Lets every puyo fall into the cells emptied by the last [`pop`]:
    /// each run of emptied cells is deleted from its column, highest first,
    /// which shifts the bits above it in that column down. The cost is a few
    /// word operations per run and colour, whatever the field's size.
    ///
    /// [`pop`]: Bitboard::pop
    pub fn fall(&mut self) {
        let mut holes = self.removed;
        self.removed = W::ZERO;
        let tops = self.all & !self.not_top;
        let bottoms = self.all & !self.not_bottom;
        let last = W::BITS - 1;
        // The cells at or above some hole in their column: what falls.
        let mut falling = W::ZERO;
        while holes != W::ZERO {
            // The highest hole, and the run of holes below it in its column
            // (a vertical group leaves one), deleted together. Found with
            // masks rather than by dividing by the height or walking down.
            let top = last - holes.leading_zeros();
            let below = (W::ONE << top).wrapping_sub(W::ONE);
            let up_to = below | W::ONE << top;
            // The top cell of the hole's column is the lowest column top at
            // or above it; the column's bottom, the highest bottom at or below.
            let ceiling = tops & !below;
            let ceiling = ceiling & ceiling.wrapping_neg();
            let above = (ceiling << 1).wrapping_sub(W::ONE) & !up_to;
            let floor = W::ONE << (last - (bottoms & up_to).leading_zeros());
            // The run ends just above the highest cell below it that is not a
            // hole or not in this column. (A bit count would give its length,
            // but without the `popcnt` instruction, which the default x86-64
            // target lacks, it costs far more.)
            let stoppers = (!holes & below) | floor.wrapping_sub(W::ONE);
            let (run, length) = if stoppers == W::ZERO {
                (up_to, top + 1)
            } else {
                let lowest_kept = stoppers.leading_zeros();
                (up_to & !(W::MAX >> lowest_kept), top - (last - lowest_kept))
            };
            holes &= !run;
            falling |= above | run;
            let delete = |mask: W| (mask & !above & !run) | ((mask & above) >> length);
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
        let mut field = Field::new(self.rows, w, EMPTY);
        let skipped = self.rows - h;
        for row in 0..h {
            for col in 0..w {
                let bit = W::ONE << (col * h + (h - 1 - row)) as u32;
                let cell = &mut field[(skipped + row, col)];
                if self.garbage & bit != W::ZERO {
                    *cell = GARBAGE;
                }
                for letter in Letters(self.present) {
                    if self.colours[letter] & bit != W::ZERO {
                        *cell = b'A' + letter as u8;
                    }
                }
            }
        }
        field
    }
}

/// Whether `set` has at least `count` bits: the lowest is cleared that many
/// times. Cheaper than a bit count for the small counts a group needs,
/// without the `popcnt` instruction (the default x86-64 target lacks it).
#[inline(always)]
fn has_at_least<W: Word>(mut set: W, count: usize) -> bool {
    for _ in 1..count {
        set &= set.wrapping_sub(W::ONE);
    }
    set != W::ZERO
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

/// The number of chains, or `None` if the field's stacks are too large for
/// a bitboard.
pub fn chain_count(field: &Field) -> Option<usize> {
    let empty_rows = empty_top_rows(field);
    if (field.rows() - empty_rows) * field.cols() <= 64 {
        Bitboard::<u64>::build_below(field, empty_rows).map(count_chains)
    } else {
        Bitboard::<u128>::build_below(field, empty_rows).map(count_chains)
    }
}

/// Pops and falls until nothing pops; returns the number of chains.
fn count_chains<W: Word>(mut board: Bitboard<W>) -> usize {
    let mut chains = 0;
    while board.pop() {
        board.fall();
        chains += 1;
    }
    chains
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
        assert!(chain_count(&Field::new(12, 11, b'R')).is_none());
        assert!(chain_count(&Field::new(129, 1, b'R')).is_none());
        assert_eq!(chain_count(&Field::new(128, 1, EMPTY)), Some(0));
        assert_eq!(chain_count(&Field::new(1, 128, b'R')), Some(1));
        assert!(Bitboard::<u64>::build(&Field::new(1, 65, b'R')).is_none());
    }

    #[test]
    fn empty_rows_at_the_top_are_left_out() {
        // 1,000 rows, but the puyos fill only the bottom two: 64 cells.
        let mut f = Field::new(1000, 32, EMPTY);
        for col in 0..32 {
            f[(998, col)] = b'R';
            f[(999, col)] = if col % 2 == 0 { b'G' } else { b'B' };
        }
        let board = Bitboard::<u64>::build(&f).unwrap();
        assert_eq!(board.height, 2);
        assert_eq!(board.to_field(), f);
        assert_eq!(chain_count(&f), Some(1));
        // An empty field keeps one row.
        let empty = Field::new(5, 3, EMPTY);
        assert_eq!(Bitboard::<u64>::build(&empty).unwrap().to_field(), empty);
        assert_eq!(chain_count(&empty), Some(0));
    }
}
