//! The engine for large fields: the field stored column by column, and the
//! puyos that pop found by a rule that looks no further than three cells
//! away, so no group is ever flood-filled.
//!
//! **The rule.** A group pops when it has at least four puyos
//! ([`POP_SIZE`]). Groups of one, two or three puyos are a single puyo, a
//! domino, or three in a line or an L: tiny shapes that can be told from
//! their cells' degrees (the number of same-coloured neighbours, `deg`).
//! A puyo is in a group of four or more exactly when
//! - its `deg` is 3 or 4, or
//! - its `deg` is 2 and a neighbour it is linked to has `deg` 2 or more
//!   (the grid has no triangles, so that neighbour's other link leads to a
//!   fourth puyo), or
//! - its `deg` is 1 and its one neighbour is such a puyo by the first two
//!   lines (with `deg` 1 there it is a domino; with `deg` 2 and both its
//!   neighbours at `deg` 1, three puyos).
//!
//! Call a puyo that the first two lines make big *self-big*. Whether a puyo
//! pops is then a function of the cells at most three steps away: its
//! neighbours' `self-big`, theirs of their neighbours' `deg`, and those of
//! the cells around them.
//!
//! **Only where something changed.** After a round, every puyo that was in
//! a group of four has popped, so the next round's groups of four hold a
//! cell within three steps of a cell that changed (a puyo that popped or
//! fell, or a cell that emptied). What changes in a column is the part
//! from its lowest popped puyo to its old top, so each round works on one
//! run of cells per column: the cells within three steps of such a part
//! (in that column or the three on each side), as far as the column's
//! puyos go. The first round works on the whole field, and so does every
//! round of a small field (at most 256 cells with the empty cell below and
//! above each column), where finding those runs costs more than it saves:
//! on 12 × 6 fields the runs cost 23% of the time.
//!
//! **The passes.** A round makes three passes over those runs, each a
//! simple loop over a column's bytes and its two neighbours', with no
//! branch (loops the compiler turns into vector instructions): the `deg`
//! of each cell within one step of a change, the `self-big` of each cell
//! within two, and the puyos that pop within three (with a fourth pass for
//! garbage next to them, when the field has garbage). Then each column that lost a puyo is
//! compacted toward the bottom. The work per round is in proportion to
//! the cells in those runs and the columns they are in.
//!
//! **Layout.** Column `c` is `stride = height + 2` bytes: an empty cell,
//! the column's cells from the bottom up, and an empty cell, so that a
//! cell's neighbours below and above are always in the same slice. Empty is
//! 0 (the same as an unmarked cell, so a single all-zero column stands for
//! the outside on both sides of the field). Only rows up to the highest
//! puyo are kept: puyos only ever fall. The field costs two bytes a cell
//! (its cells and their marks); the parsed row-major field is dropped once
//! it is copied (while it is copied, both are held: a full field at the
//! size limit needs three times its input, see `docs/limits.md`).

use grid::budget::WorkLimit;

use crate::field::{Field, EMPTY, GARBAGE};
use crate::rules::POP_SIZE;

/// The work the binary allows one field: 2^33 cells gone over by the
/// passes and by falling, two to six seconds on this project's machine
/// (a cell costs more in a field too large for the processor's caches). Some
/// fields inside the size limits need far more: columns of chains
/// thousands of puyos tall, where every pop drops the whole column above
/// it (H² · W in all).
pub const WORK_LIMIT: WorkLimit = WorkLimit {
    amount: 1 << 33,
    unit: "cells gone over",
    about: "two to six seconds",
};

/// A chain that needed more than its work limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooMuchWork {
    /// The chains counted before the limit was reached.
    pub chains_so_far: usize,
}

// The rule above is for groups of four; a different size needs another.
const _: () = assert!(POP_SIZE == 4);

/// An empty cell in the engine's columns.
const NONE: u8 = 0;
/// A cell's mark: its `deg` (0 to 4) in the low three bits.
const DEG: u8 = 0b0111;
/// A cell's mark: self-big.
const SELF_BIG: u8 = 0b1000;
/// A cell's mark: it pops (a puyo of a group of four or more).
const POPS: u8 = 0b1_0000;
/// A cell's mark: it is garbage next to a puyo that pops, and is cleared.
const CLEARED: u8 = 0b10_0000;
/// No cell of the column changed.
const UNCHANGED: usize = usize::MAX;
/// Fields of at most this many cells (counting the empty cell below and
/// above each column) are gone over whole every round: finding where a
/// round changed costs more than it saves on them.
const GO_OVER_WHOLE_UP_TO: usize = 256;

/// The field, column by column, and what the passes need.
pub struct Engine {
    /// The field's rows, as given (only the bottom ones are kept).
    rows: usize,
    width: usize,
    /// Bytes per column: the kept height and the two empty cells.
    stride: usize,
    /// The cells: [`NONE`], [`GARBAGE`], or a colour's letter.
    cells: Vec<u8>,
    /// Per cell: [`DEG`], [`SELF_BIG`], [`POPS`] and [`CLEARED`].
    marks: Vec<u8>,
    /// A column of empty, unmarked cells: the outside of the field.
    outside: Vec<u8>,
    /// A pass's new marks for one run, before they are copied in: the
    /// pass reads the marks around the run (its own column's among them)
    /// while it makes them.
    scratch: Vec<u8>,
    /// Per column, the number of puyos (they fill its bottom).
    heights: Vec<usize>,
    /// Per column, the lowest cell (counted from the bottom) that changed
    /// in the last round, or [`UNCHANGED`].
    changed: Vec<usize>,
    /// Per column, one past the highest cell that changed in the last
    /// round (the column's height before it fell): cells above it were
    /// empty before and after.
    changed_top: Vec<usize>,
    /// The columns that changed in the last round, in order: a round looks
    /// only at the columns near them, so a narrow chain in a wide field
    /// costs nothing per round for the columns it never reaches.
    changed_columns: Vec<usize>,
    /// Whether there is garbage (which needs the fourth pass).
    has_garbage: bool,
    /// Whether the field is small enough to be gone over whole every
    /// round (see [`GO_OVER_WHOLE_UP_TO`]).
    whole: bool,
    /// The columns a pass goes over, kept from one pass to the next.
    columns: Vec<usize>,
    /// Cells gone over by the passes and by falling, for the work limit.
    work: u64,
}

/// A run of cells of one column, with its neighbours at the same heights,
/// all of one length: the run itself, the cells one below and one above,
/// and the cells of the columns on the left and on the right.
struct Window<'a> {
    at: &'a [u8],
    below: &'a [u8],
    above: &'a [u8],
    left: &'a [u8],
    right: &'a [u8],
}

impl Engine {
    /// An engine for a settled field, which it takes over (and drops once
    /// it is copied).
    pub fn new(field: Field) -> Self {
        let (rows, width) = (field.rows(), field.cols());
        // The height of each column's stack: read row by row from the top
        // (in memory order), noting each column's first puyo.
        let mut heights = vec![0usize; width];
        let mut has_garbage = false;
        for row in 0..rows {
            for (col, &cell) in field.row(row).iter().enumerate() {
                if cell != EMPTY && heights[col] == 0 {
                    heights[col] = rows - row;
                }
                has_garbage |= cell == GARBAGE;
            }
        }
        let height = heights.iter().copied().max().unwrap_or(0);
        let stride = height + 2;
        let mut cells = vec![NONE; stride * width];
        // Copied a bottom row at a time, so the field is read in order.
        for k in 0..height {
            let row = field.row(rows - 1 - k);
            for (col, &cell) in row.iter().enumerate() {
                cells[col * stride + 1 + k] = if cell == EMPTY { NONE } else { cell };
            }
        }
        drop(field);
        Engine {
            rows,
            width,
            stride,
            marks: vec![0; cells.len()],
            cells,
            outside: vec![NONE; stride],
            scratch: Vec::new(),
            changed: heights
                .iter()
                .map(|&h| if h > 0 { 0 } else { UNCHANGED })
                .collect(),
            changed_columns: (0..width).filter(|&col| heights[col] > 0).collect(),
            changed_top: heights.clone(),
            heights,
            has_garbage,
            whole: stride * width <= GO_OVER_WHOLE_UP_TO,
            columns: Vec::new(),
            work: 0,
        }
    }

    /// The field as it stands, rows from the top as the input has them.
    pub fn to_field(&self) -> Field {
        let mut field = Field::new(self.rows, self.width, EMPTY);
        for col in 0..self.width {
            let column = &self.cells[col * self.stride + 1..][..self.heights[col]];
            for (k, &cell) in column.iter().enumerate() {
                field[(self.rows - 1 - k, col)] = cell;
            }
        }
        field
    }

    /// The cells gone over so far.
    pub fn work(&self) -> u64 {
        self.work
    }

    /// Plays one round: the groups of four or more pop (and the garbage
    /// next to them is cleared), and the rest falls. Whether anything
    /// popped.
    pub fn play_round(&mut self) -> bool {
        self.pass(1, degrees);
        self.pass(2, self_big);
        let popped = self.pass(3, pops);
        if !popped {
            return false;
        }
        if self.has_garbage {
            self.pass(4, cleared);
        }
        self.fall(if self.has_garbage { 4 } else { 3 });
        true
    }

    /// The cells (counted from the bottom) of column `col` within `reach`
    /// steps of a cell that changed: from the lowest to one past the
    /// highest, as far as the column's puyos go (an empty range when none
    /// is). A tall column beside a short one that changed is looked at
    /// only near the short one's top, not up to its own.
    fn within_reach(&self, col: usize, reach: usize) -> (usize, usize) {
        if self.whole {
            return (0, self.heights[col]);
        }
        let first = col.saturating_sub(reach);
        let last = (col + reach).min(self.width - 1);
        let (mut low, mut high) = (UNCHANGED, 0);
        for c in first..=last {
            if self.changed[c] == UNCHANGED {
                continue;
            }
            let slack = reach - c.abs_diff(col);
            low = low.min(self.changed[c].saturating_sub(slack));
            high = high.max(self.changed_top[c] + slack);
        }
        (low, high.min(self.heights[col]))
    }

    /// The columns within `reach` of a column that changed, in order, in
    /// `columns`.
    fn columns_within(&self, reach: usize, columns: &mut Vec<usize>) {
        columns.clear();
        if self.whole {
            columns.extend(0..self.width);
            return;
        }
        for &changed in &self.changed_columns {
            let first = changed.saturating_sub(reach);
            let last = (changed + reach).min(self.width - 1);
            // The changed columns are in order, so only the last range
            // taken can overlap this one.
            let from = columns.last().map_or(first, |&taken| first.max(taken + 1));
            columns.extend(from..=last);
        }
    }

    /// `data` (the cells or the marks) around the cells `low..top` of
    /// column `col`.
    fn window<'a>(&'a self, data: &'a [u8], col: usize, low: usize, top: usize) -> Window<'a> {
        let start = col * self.stride + 1 + low;
        let length = top - low;
        let side = |neighbour: Option<usize>| match neighbour {
            Some(c) => &data[c * self.stride + 1 + low..][..length],
            None => &self.outside[1 + low..][..length],
        };
        Window {
            at: &data[start..start + length],
            below: &data[start - 1..start - 1 + length],
            above: &data[start + 1..start + 1 + length],
            left: side(col.checked_sub(1)),
            right: side(Some(col + 1).filter(|&c| c < self.width)),
        }
    }

    /// Runs `step` over each column's cells within `reach` of a change,
    /// and writes the marks it returns. Whether any run's `step` said so.
    fn pass(&mut self, reach: usize, step: fn(&Window, &Window, &mut [u8]) -> bool) -> bool {
        let mut any = false;
        let mut scratch = std::mem::take(&mut self.scratch);
        let mut columns = std::mem::take(&mut self.columns);
        self.columns_within(reach, &mut columns);
        // A column looked at costs a little even when it has nothing to do.
        self.work += columns.len() as u64;
        for &col in &columns {
            let (low, top) = self.within_reach(col, reach);
            if low >= top {
                continue;
            }
            self.work += (top - low) as u64;
            scratch.clear();
            scratch.resize(top - low, 0);
            let cells = self.window(&self.cells, col, low, top);
            let marks = self.window(&self.marks, col, low, top);
            any |= step(&cells, &marks, &mut scratch);
            let start = col * self.stride + 1 + low;
            self.marks[start..start + scratch.len()].copy_from_slice(&scratch);
        }
        self.scratch = scratch;
        self.columns = columns;
        any
    }

    /// Each column whose cells from `reach` of a change on hold a popped
    /// or cleared puyo is compacted toward the bottom, and `changed` is set
    /// for the next round.
    fn fall(&mut self, reach: usize) {
        let mut columns = std::mem::take(&mut self.columns);
        self.columns_within(reach, &mut columns);
        let runs: Vec<(usize, (usize, usize))> = columns
            .iter()
            .map(|&col| (col, self.within_reach(col, reach)))
            .collect();
        self.columns = columns;
        // Every column that changed last round is among them.
        for &(col, _) in &runs {
            self.changed[col] = UNCHANGED;
        }
        self.changed_columns.clear();
        self.work += runs.len() as u64;
        for (col, (low, high)) in runs {
            if low >= high {
                continue;
            }
            let top = self.heights[col];
            let base = col * self.stride + 1;
            let marks = &mut self.marks[base..base + top];
            // Popped and cleared cells are all within the passes' runs.
            self.work += (high - low) as u64;
            let Some(first) = marks[low..high]
                .iter()
                .position(|&m| m & (POPS | CLEARED) != 0)
            else {
                continue;
            };
            let first = low + first;
            let cells = &mut self.cells[base..base + top];
            let mut kept = first;
            for k in first..top {
                let cell = cells[k];
                cells[kept] = cell;
                kept += usize::from(marks[k] & (POPS | CLEARED) == 0);
            }
            cells[kept..].fill(NONE);
            marks[first..].fill(0);
            self.work += (top - first) as u64;
            self.heights[col] = kept;
            self.changed[col] = first;
            self.changed_top[col] = top;
            self.changed_columns.push(col);
        }
    }
}

/// Whether a cell holds a coloured puyo.
#[inline(always)]
fn is_colour(cell: u8) -> bool {
    cell != NONE && cell != GARBAGE
}

/// First pass: each cell's `deg`, the number of its neighbours of its own
/// colour (0 for garbage and empty cells).
fn degrees(cells: &Window, _: &Window, out: &mut [u8]) -> bool {
    let n = out.len();
    let (at, below, above) = (&cells.at[..n], &cells.below[..n], &cells.above[..n]);
    let (left, right) = (&cells.left[..n], &cells.right[..n]);
    for i in 0..n {
        let cell = at[i];
        let links = u8::from(below[i] == cell)
            + u8::from(above[i] == cell)
            + u8::from(left[i] == cell)
            + u8::from(right[i] == cell);
        out[i] = links * u8::from(is_colour(cell));
    }
    false
}

/// Second pass: self-big, a `deg` of 3 or 4, or of 2 with a linked
/// neighbour whose `deg` is not 1.
fn self_big(cells: &Window, marks: &Window, out: &mut [u8]) -> bool {
    let n = out.len();
    let (at, below, above) = (&cells.at[..n], &cells.below[..n], &cells.above[..n]);
    let (left, right) = (&cells.left[..n], &cells.right[..n]);
    let (m_at, m_below, m_above) = (&marks.at[..n], &marks.below[..n], &marks.above[..n]);
    let (m_left, m_right) = (&marks.left[..n], &marks.right[..n]);
    let single =
        |cell: u8, other: u8, mark: u8| u8::from(other == cell) & u8::from(mark & DEG == 1);
    for i in 0..n {
        let cell = at[i];
        let deg = m_at[i] & DEG;
        let linked_singles = single(cell, below[i], m_below[i])
            + single(cell, above[i], m_above[i])
            + single(cell, left[i], m_left[i])
            + single(cell, right[i], m_right[i]);
        let big = u8::from(deg >= 3) | (u8::from(deg == 2) & u8::from(linked_singles < 2));
        out[i] = deg | (big * SELF_BIG);
    }
    false
}

/// Third pass: the puyos that pop, self-big ones and those of `deg` 1
/// linked to a self-big one. Whether any does.
fn pops(cells: &Window, marks: &Window, out: &mut [u8]) -> bool {
    let n = out.len();
    let (at, below, above) = (&cells.at[..n], &cells.below[..n], &cells.above[..n]);
    let (left, right) = (&cells.left[..n], &cells.right[..n]);
    let (m_at, m_below, m_above) = (&marks.at[..n], &marks.below[..n], &marks.above[..n]);
    let (m_left, m_right) = (&marks.left[..n], &marks.right[..n]);
    let big =
        |cell: u8, other: u8, mark: u8| u8::from(other == cell) & u8::from(mark & SELF_BIG != 0);
    let mut any = 0;
    for i in 0..n {
        let cell = at[i];
        let mark = m_at[i];
        let linked_big = big(cell, below[i], m_below[i])
            | big(cell, above[i], m_above[i])
            | big(cell, left[i], m_left[i])
            | big(cell, right[i], m_right[i]);
        let pops = u8::from(mark & SELF_BIG != 0) | (u8::from(mark & DEG == 1) & linked_big);
        any |= pops;
        out[i] = mark | (pops * POPS);
    }
    any != 0
}

/// Fourth pass: garbage next to a puyo that pops is cleared.
fn cleared(cells: &Window, marks: &Window, out: &mut [u8]) -> bool {
    let n = out.len();
    let at = &cells.at[..n];
    let (m_at, m_below, m_above) = (&marks.at[..n], &marks.below[..n], &marks.above[..n]);
    let (m_left, m_right) = (&marks.left[..n], &marks.right[..n]);
    for i in 0..n {
        let next_to_pop = (m_below[i] | m_above[i] | m_left[i] | m_right[i]) & POPS != 0;
        let clear = u8::from(at[i] == GARBAGE) & u8::from(next_to_pop);
        out[i] = m_at[i] | (clear * CLEARED);
    }
    false
}

/// The number of chains, or [`TooMuchWork`] once more than `limit` cells
/// have been gone over (checked after each round). It takes the field
/// over, so the binary needs no second copy of it.
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

/// The number of chains (on a copy of the field).
pub fn chain_count(field: &Field) -> usize {
    chain_count_within(field.clone(), u64::MAX).unwrap_or(0)
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
        // The R's pop and clear the garbage beside them; the G's then land
        // on the bottom row, three of them and a garbage: no second round.
        assert_eq!(chain_count(&field("O....\nRRRRO\nOGGGO\n")), 1);
        // Garbage never groups, and is cleared only by a neighbour.
        assert_eq!(chain_count(&field("OOOO\nOOOO\n")), 0);
        // The G's fall onto garbage that is not cleared: three and one.
        let fall_on_garbage = field("O...\nRRRR\nOGGG\nGOOO\n");
        assert_eq!(chain_count(&fall_on_garbage), 1);
        assert_eq!(crate::naive::chain_count(&fall_on_garbage), 1);
    }

    #[test]
    fn groups_of_every_small_shape_stay_and_of_four_pop() {
        // Three in a line, an L, a domino, a single: nothing pops.
        assert_eq!(chain_count(&field("R.GG\nR.BG\nR.BY\n")), 0);
        // A T, a square, an S and four in a line each pop.
        for shape in ["RRR\nGRG\n", "RR\nRR\n", "GRR\nRRG\n", "R\nR\nR\nR\n"] {
            assert_eq!(chain_count(&field(shape)), 1, "{shape}");
        }
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
    fn later_rounds_look_only_near_what_changed() {
        // A two-chain column at the left of a field 2,000 columns wide,
        // the rest a checkerboard that never pops.
        let chain = b"BBBAAAAB";
        let mut text = String::new();
        for (row, &cell) in chain.iter().enumerate() {
            text.push(cell as char);
            text.extend((1..2000).map(|col| if (row + col) % 2 == 0 { 'P' } else { 'Y' }));
            text.push('\n');
        }
        let mut engine = Engine::new(field(&text));
        assert!(engine.play_round());
        let first = engine.work();
        assert!(first > 3 * 2000 * 8, "{first}");
        assert!(engine.play_round());
        assert!(!engine.play_round());
        // Two rounds more, each within four columns of the first.
        let later = engine.work() - first;
        assert!(later < 2 * 5 * (4 + 8 * 4), "{later}");
    }

    #[test]
    fn a_tall_column_beside_a_short_chain_is_looked_at_only_near_it() {
        // The two-chain column of eight beside a column 400 tall that
        // never pops: after the first round, only the tall column's cells
        // within reach of the short one's are looked at.
        let chain = b"BBBAAAAB";
        let mut text = String::new();
        for row in 0..400 {
            let short = if row >= 392 {
                chain[row - 392] as char
            } else {
                '.'
            };
            let tall = if row % 2 == 0 { 'D' } else { 'E' };
            text.extend([short, tall, '\n']);
        }
        let mut engine = Engine::new(field(&text));
        assert!(engine.play_round());
        let first = engine.work();
        assert!(engine.play_round());
        assert!(!engine.play_round());
        let later = engine.work() - first;
        assert!(later < 2 * 5 * (2 + 2 * (8 + 4)), "{later}");
    }

    #[test]
    fn a_one_column_chain() {
        // Bottom up: B, A, A A A A, B B B. The A's pop, the B's land on B.
        assert_eq!(chain_count(&field("B\nB\nB\nA\nA\nA\nA\nB\n")), 2);
    }
}
