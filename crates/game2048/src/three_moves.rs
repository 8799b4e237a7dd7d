//! Whether three moves can merge two tiles already on the board: the test
//! that cuts the search with three moves left when the tiles a target needs
//! are there, but far apart (two 1024s in opposite corners of a full board,
//! with nothing that could make a third in time).
//!
//! It asks, for each first move, whether a second could bring two of the
//! tiles in line, by the same reasoning as the two-move test
//! ([`crate::shortcuts::aligned_after_one_move`]), but without making the
//! board the first move leaves. What that reasoning needs of that board, it
//! reads from the board as it is:
//!
//! - where the first move puts each tile, exactly (how many tiles the part
//!   of its line before it packs into);
//! - the tile's own line after the move, exactly (the parts before and
//!   after the tile, each packed as the move packs it);
//! - every other line only as how many tiles it holds after the move, which
//!   is how many it packs into now. From a count `n`, a line that will pack
//!   again packs into `⌈n / 2⌉` to `n` tiles, so across the move's lines the
//!   test works with ranges.
//!
//! Where a range leaves room, it answers yes. So like the other shortcuts it
//! is exact when it says no, and it never cuts a board that could reach
//! the target (a property test checks it against every three-move sequence).

use crate::board::MAX_SIDE;
use crate::exponents::EXPONENTS;
use crate::shortcuts::{find_tiles, tiles_in_line, two_moves_can_reach, MAX_ALIGNED_TILES};

/// Whether [`three_moves_can_reach`] reads the board for this target (it
/// answers yes without looking otherwise): two to six tiles of
/// `target − 1` (fewer is the chain test's case; more, and checking every
/// pair costs more than it saves), and no pair of `target − 2`, which
/// would most often make another `target − 1` in time (answering yes
/// without looking, always safe, spares the passes over the board where
/// the test would not cut).
pub fn looks_at_the_board(counts: &[u32; EXPONENTS], target: u8) -> bool {
    if target < 2 {
        return false;
    }
    let top = usize::from(target) - 1;
    (2..=MAX_ALIGNED_TILES).contains(&(counts[top] as usize)) && (top < 2 || counts[top - 1] < 2)
}

/// Passes over the board [`three_moves_can_reach`] makes when it looks,
/// about: the two-move test's, finding the tiles, and the rows' and
/// columns' packed lengths. The search counts them as work, so that the
/// work limit keeps its time.
pub const BOARD_READS: u64 = 3;

/// The search asks this test only on boards at least this wide: the four
/// children of a 4 × 4 board cost less than the test (17% slower at
/// K = 5), while an 8 × 8 board is 27% faster with it.
pub const MIN_SIDE: usize = 6;

/// Whether three moves could make a tile of exponent `target` on a board
/// whose largest tile is below `target` and that has at least two tiles of
/// `target − 1`. Exact when it says no.
///
/// It says no only when none of these can happen: a new tile of
/// `target − 1` made within two moves (the two-move test, for which the
/// tiles there are only in the way); two of those there merging within two
/// moves (in line now or after one move); or, for some first move, two of
/// them brought in line by the second (see the module's notes).
// Kept out of the search's own code: inlined there, it made the judge's
// 4 × 4 searches (which never call it) 4–5% slower.
#[inline(never)]
pub fn three_moves_can_reach(
    cells: &[u8],
    side: usize,
    counts: &[u32; EXPONENTS],
    target: u8,
) -> bool {
    if !looks_at_the_board(counts, target) {
        return true;
    }
    let top = target - 1;
    // A new tile of `target − 1` within two moves: the two-move test says.
    if top >= 2 && two_moves_can_reach(cells, side, counts, top) {
        return true;
    }
    let Some((tiles, count)) = find_tiles(cells, side, top) else {
        return true;
    };
    let tiles = &tiles[..count];
    // In line now: the first move merges them. (In line after the first
    // move is looked at with the second, in `meet_after`.)
    if tiles_in_line(cells, side, tiles) {
        return true;
    }
    let (rows, columns) = packed_lengths(cells, side);
    meet_after(cells, side, Axis::Rows, &rows, tiles)
        || meet_after(cells, side, Axis::Columns, &columns, tiles)
}

/// How many tiles each line packs into, rows and columns, in one pass over
/// the board (see [`packed_length`](crate::shortcuts::packed_length)): after a move along them, the tiles
/// each line holds, toward one end or the other.
fn packed_lengths(cells: &[u8], side: usize) -> (Lengths, Lengths) {
    assert!(side <= MAX_SIDE);
    let (mut rows, mut columns) = ([0u8; MAX_SIDE], [0u8; MAX_SIDE]);
    // The tile each column's packing may still merge (0: none). The
    // columns go side by side, a row at a time, without branches: the
    // compiler does them in vector registers. (The rows, read across by
    // the same code, are slower than one after another.)
    let mut open_above = [0u8; MAX_SIDE];
    for (row, length) in cells.chunks_exact(side).zip(rows.iter_mut()) {
        if let Some(full) = full_line_length(row) {
            *length = full;
        } else {
            let mut open_left = 0u8;
            for &e in row {
                let (count, open) = pack_step(e, open_left);
                *length += count;
                open_left = open;
            }
        }
        for c in 0..side {
            let (count, next) = pack_step(row[c], open_above[c]);
            columns[c] += count;
            open_above[c] = next;
        }
    }
    (rows, columns)
}

/// [`packed_length`](crate::shortcuts::packed_length) of a line with no empty cell, `None` for a line with
/// one. Its tiles less its merges: a run of `k` equal neighbours makes
/// `⌊k / 2⌋`, pairing from the wall, so with bit `i` of `equal` set when
/// cells `i` and `i + 1` are equal, the merges are every other set bit of
/// each run of set bits, from its first. Bit tricks in place of a walk
/// whose every step waits on the one before.
fn full_line_length(line: &[u8]) -> Option<u8> {
    // (A fold the compiler vectorises, where `contains` calls `memchr`.)
    if line.iter().fold(false, |empty, &e| empty | (e == 0)) {
        return None;
    }
    let mut equal = 0u64;
    for (i, pair) in line.windows(2).enumerate() {
        equal |= u64::from(pair[0] == pair[1]) << i;
    }
    const EVEN_BITS: u64 = 0x5555_5555_5555_5555;
    let starts = equal & !(equal << 1);
    // Adding a run's first bit clears the run (the carry runs through it
    // and stops at the clear bit after it): what it clears are the runs
    // that start at an even bit.
    let from_even = equal & !equal.wrapping_add(starts & EVEN_BITS);
    let from_odd = equal & !from_even;
    let merges = (from_even & EVEN_BITS) | (from_odd & !EVEN_BITS);
    Some((line.len() as u32 - merges.count_ones()) as u8)
}

/// How many tiles a part of a line packs into when slid once, in the
/// order given (merges pair up from its first tile), and how many those
/// pack into again: the part's rank after one move, and after a second
/// along the same line. One pass: a tile of the first packing goes to the
/// second a step late, since it can still double until the next one comes.
fn pack_twice(part: impl Iterator<Item = u8>) -> (usize, usize) {
    let (mut open_first, mut pending, mut first) = (0u8, 0u8, 0usize);
    let (mut open_second, mut second) = (0u8, 0usize);
    let mut repack = |tile: u8| {
        if tile == open_second {
            open_second = 0;
        } else {
            second += 1;
            open_second = tile;
        }
    };
    for e in part {
        if e == 0 {
            continue;
        }
        if e == open_first {
            pending = e + 1;
            open_first = 0;
        } else {
            if pending != 0 {
                repack(pending);
            }
            first += 1;
            pending = e;
            open_first = e;
        }
    }
    if pending != 0 {
        repack(pending);
    }
    (first, second)
}

/// One cell of [`packed_length`](crate::shortcuts::packed_length), without branches: whether the cell `e`
/// adds a tile, and the tile that may merge next, given the one that
/// might have merged with it (`open`, 0 for none).
#[inline(always)]
fn pack_step(e: u8, open: u8) -> (u8, u8) {
    let filled = e != 0;
    let merges = filled & (e == open);
    let count = u8::from(filled & !merges);
    let next = if merges {
        0
    } else if filled {
        e
    } else {
        open
    };
    (count, next)
}

/// Packed lengths per line (see [`packed_lengths`]).
type Lengths = [u8; MAX_SIDE];

/// The lines a move goes along: rows for left and right, columns for up
/// and down. A cell is then a (line, position) pair.
#[derive(Clone, Copy)]
enum Axis {
    Rows,
    Columns,
}

impl Axis {
    /// The exponent at `position` of `line`.
    fn at(self, cells: &[u8], side: usize, line: usize, position: usize) -> u8 {
        match self {
            Axis::Rows => cells[line * side + position],
            Axis::Columns => cells[position * side + line],
        }
    }

    /// A tile's (row, column) as (line, position).
    fn line_and_position(self, (row, column): (usize, usize)) -> (usize, usize) {
        match self {
            Axis::Rows => (row, column),
            Axis::Columns => (column, row),
        }
    }
}

/// Where a tile is after the first move, and its ranks for the second:
/// along its own line exactly (toward the start, toward the end), and
/// across, as ranges (toward the first line, toward the last).
#[derive(Clone, Copy, Default)]
struct Moved {
    line: usize,
    position: usize,
    along: [usize; 2],
    across: [(usize, usize); 2],
}

/// Whether, after a first move along `axis` (either way), two of `tiles`
/// are in line (the second move merges them) or a second move could bring
/// two of them in line with only empty cells between (the third does).
/// `lengths` are the lines' packed lengths.
fn meet_after(
    cells: &[u8],
    side: usize,
    axis: Axis,
    lengths: &Lengths,
    tiles: &[(usize, usize)],
) -> bool {
    // Each tile after the first move toward the lines' start ([0]) and
    // toward their end ([1]).
    let mut after_move = [[Moved::default(); MAX_ALIGNED_TILES]; 2];
    for (index, &place) in tiles.iter().enumerate() {
        let (line, position) = axis.line_and_position(place);
        let at = |p: usize| axis.at(cells, side, line, p);
        // The tile merges with neither side (no tile of its size is in
        // line with it, and none is made), so the parts before and after
        // it pack on their own: from the tile's side or the wall's,
        // whichever the move packs toward.
        let before_forward = pack_twice((0..position).map(at));
        let after_forward = pack_twice((position + 1..side).map(at));
        let before_backward = pack_twice((0..position).rev().map(at));
        let after_backward = pack_twice((position + 1..side).rev().map(at));
        after_move[0][index] = Moved {
            line,
            position: before_forward.0,
            along: [before_forward.1, after_forward.1],
            across: [(0, 0); 2],
        };
        after_move[1][index] = Moved {
            line,
            position: side - 1 - after_backward.0,
            along: [before_backward.1, after_backward.1],
            across: [(0, 0); 2],
        };
    }
    for (way, moved) in after_move.iter_mut().enumerate() {
        let toward_end = way == 1;
        // Whether line `line` holds a tile at `position` after the move.
        let held = |line: usize, position: usize| {
            let length = usize::from(lengths[line]);
            if toward_end {
                position + length >= side
            } else {
                position < length
            }
        };
        let moved = &mut moved[..tiles.len()];
        for tile in moved.iter_mut() {
            let position = tile.position;
            let across = |lines: std::ops::Range<usize>| {
                let holding = lines.filter(|&k| held(k, position)).count();
                ((holding + 1) / 2, holding)
            };
            tile.across = [across(0..tile.line), across(tile.line + 1..side)];
        }
        // In line after the first move: the second merges them. In one
        // line, the line is packed, so only next to each other; across,
        // when no line between holds a tile there.
        let in_line = |a: &Moved, b: &Moved| {
            (a.line == b.line && a.position.abs_diff(b.position) == 1)
                || (a.position == b.position
                    && (a.line.min(b.line) + 1..a.line.max(b.line)).all(|k| !held(k, a.position)))
        };
        for (i, a) in moved.iter().enumerate() {
            if moved[i + 1..].iter().any(|b| in_line(a, b)) {
                return true;
            }
        }
        if meet_second(side, lengths, toward_end, moved) {
            return true;
        }
    }
    false
}

/// Whether a second move could bring two of the `moved` tiles in line,
/// after a first move along lines of packed `lengths`, toward their end
/// when `toward_end`: the two-move test's pair conditions
/// (`shortcuts::meet_after_one_move`), on ranks that are ranges across the
/// first move's lines.
fn meet_second(side: usize, lengths: &Lengths, toward_end: bool, moved: &[Moved]) -> bool {
    // The fewest tiles a line packs into on the second move, at least:
    // along the first move's lines, and across them.
    let least_along = |line: usize| (usize::from(lengths[line]) + 1) / 2;
    // How many lines hold a tile at each position after the move: those
    // whose length reaches it.
    let mut reaching = [0u8; MAX_SIDE + 1];
    for &length in &lengths[..side] {
        reaching[usize::from(length)] += 1;
    }
    let mut held_at = [0u8; MAX_SIDE];
    let mut longer = 0u8;
    for position in (0..side).rev() {
        // Toward the start, position p is held by lines longer than p;
        // toward the end, by lines longer than side − 1 − p.
        longer += reaching[position + 1];
        let at = if toward_end {
            side - 1 - position
        } else {
            position
        };
        held_at[at] = longer;
    }
    let least_across = |position: usize| (usize::from(held_at[position]) + 1) / 2;
    for (i, a) in moved.iter().enumerate() {
        for b in &moved[i + 1..] {
            // The second move along the same lines: the tiles, in two
            // lines, must get the same rank, and every line between must
            // pack short of it.
            if a.line != b.line {
                let between = a.line.min(b.line) + 1..a.line.max(b.line);
                for way in 0..2 {
                    let reach = a.along[way];
                    if b.along[way] == reach && between.clone().all(|k| least_along(k) <= reach) {
                        return true;
                    }
                }
            }
            // The second move across them: the same, with ranges.
            if a.position != b.position {
                let between = a.position.min(b.position) + 1..a.position.max(b.position);
                for way in 0..2 {
                    let low = a.across[way].0.max(b.across[way].0);
                    let high = a.across[way].1.min(b.across[way].1);
                    if low <= high && between.clone().all(|k| least_across(k) <= high) {
                        return true;
                    }
                }
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Move;
    use crate::exponents::apply_move_exponents;
    use crate::exponents::counts_of;
    use crate::shortcuts::packed_length;

    /// The next of a fixed sequence of pseudo-random numbers (xorshift).
    fn xorshift(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    /// A full board of tiles that never merge (a checkerboard of 2s and
    /// 4s), with `big` in the given cells.
    fn checkerboard(side: usize, big: &[usize]) -> Vec<u8> {
        let mut cells: Vec<u8> = (0..side * side)
            .map(|i| 1 + ((i / side + i % side) % 2) as u8)
            .collect();
        for &at in big {
            cells[at] = 10;
        }
        cells
    }

    #[test]
    fn opposite_corners_of_a_full_board_cannot_meet() {
        // Nothing merges, so nothing moves: the two 1024s stay apart.
        let cells = checkerboard(6, &[0, 35]);
        assert!(!three_moves_can_reach(&cells, 6, &counts_of(&cells), 11));
    }

    #[test]
    fn tiles_in_line_after_one_move_are_seen() {
        // Two 1024s at (0, 0) and (3, 1), a 2 and a 4 below the first:
        // moving up brings the second to (0, 1), next to the first, and a
        // move left merges them. The test must say yes.
        let mut cells = vec![0u8; 16];
        cells[0] = 10;
        cells[4] = 1;
        cells[8] = 2;
        cells[13] = 10;
        assert!(three_moves_can_reach(&cells, 4, &counts_of(&cells), 11));
    }

    /// Every board three moves make from `cells`, first moves that change
    /// nothing included.
    fn after_three_moves(cells: &[u8], side: usize) -> Vec<Vec<u8>> {
        let mut boards = vec![cells.to_vec()];
        for _ in 0..3 {
            boards = boards
                .iter()
                .flat_map(|board| {
                    Move::ALL.map(|direction| {
                        let mut next = board.clone();
                        apply_move_exponents(&mut next, side, direction);
                        next
                    })
                })
                .collect();
        }
        boards
    }

    /// Random full, nearly full and sparser boards of small tiles with two
    /// or three 1024s anywhere, like the benchmarks' pinned board: wherever
    /// the test says no 2048 in three moves, none of the 64 sequences makes
    /// one, and it says so on a good share of them (15%: the 1024s often
    /// start in line or close), so it is no test that never cuts.
    #[test]
    fn it_cuts_often_and_never_wrongly_on_pinned_boards() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move |below: usize| (xorshift(&mut state) % below as u64) as usize;
        let (mut cuts, mut tried) = (0, 0);
        for round in 0..4000 {
            let side = 5 + next(6);
            let area = side * side;
            let holes = [0, 1, area / 8, area / 3][round % 4];
            let mut cells: Vec<u8> = (0..area).map(|_| 1 + next(4) as u8).collect();
            for _ in 0..holes {
                cells[next(area)] = 0;
            }
            for _ in 0..2 + next(2) {
                cells[next(area)] = 10;
            }
            let counts = counts_of(&cells);
            if counts[10] < 2 {
                continue;
            }
            tried += 1;
            if !three_moves_can_reach(&cells, side, &counts, 11) {
                cuts += 1;
                for end in after_three_moves(&cells, side) {
                    assert!(end.iter().all(|&e| e < 11), "{side} x {side}: {cells:?}");
                }
            }
        }
        assert!(cuts * 10 > tried, "cut {cuts} of {tried}");
    }

    #[test]
    fn full_lines_pack_as_walked() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..20_000 {
            let state = xorshift(&mut state);
            let length = 1 + (state % 64) as usize;
            // Few values, so long runs of equal tiles come up.
            let values = 1 + (state >> 8) % 3;
            let line: Vec<u8> = (0..length)
                .map(|i| 1 + ((state >> (i % 48)) % values) as u8)
                .collect();
            let walked = packed_length(line.iter().copied());
            assert_eq!(full_line_length(&line), Some(walked as u8), "{line:?}");
        }
        assert_eq!(full_line_length(&[1, 0, 1]), None);
        assert_eq!(full_line_length(&[1, 1, 1, 1, 1]), Some(3));
        assert_eq!(full_line_length(&[2, 1, 1, 1, 2, 2]), Some(4));
    }

    #[test]
    fn a_part_packs_twice_as_sliding_it_then_packing() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..20_000 {
            let state = xorshift(&mut state);
            let length = (state % 24) as usize;
            let part: Vec<u8> = (0..length)
                .map(|i| ((state >> (2 * i % 60)) % 4) as u8)
                .collect();
            // Slid toward its first cell: merges pair up from there.
            let mut slid = vec![0u8; length];
            if length > 0 {
                crate::exponents::slide_into(&part, &mut slid, 0, 1, length);
            }
            let once = packed_length(part.iter().copied());
            let twice = packed_length(slid.iter().copied());
            assert_eq!(pack_twice(part.iter().copied()), (once, twice), "{part:?}");
        }
    }

    #[test]
    fn fewer_than_two_or_many_tiles_are_not_its_case() {
        let one = checkerboard(4, &[0]);
        assert!(three_moves_can_reach(&one, 4, &counts_of(&one), 11));
        let many = checkerboard(4, &[0, 2, 5, 7, 8, 10, 13]);
        assert!(three_moves_can_reach(&many, 4, &counts_of(&many), 11));
    }
}
