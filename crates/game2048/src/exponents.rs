//! Boards of tile exponents, a byte per cell (0 empty, 1 for 2, 2 for 4,
//! …), and moves on them: each line slid from the parent board straight
//! into the child's, optionally keeping the tile counts per exponent up to
//! date from the merges the slide makes.

use crate::board::Move;

/// Exponents go up to 30 in the input and grow by at most one per move, so
/// 64 counters cover every reachable tile with room to spare.
pub const EXPONENTS: usize = 64;

/// Slides one line of exponents from `source` into `target`: the line is
/// the cells `start, start + step, …` (`side` of them) in both. Tiles pack
/// toward the line's first cell, and merges follow the judge's rule: equal
/// neighbours merge once, nearest the wall first. Returns whether anything
/// moved or merged. Reading one board and writing another saves the copy a
/// slide in place would need.
pub fn slide_into(
    source: &[u8],
    target: &mut [u8],
    start: usize,
    step: isize,
    side: usize,
) -> bool {
    slide::<false>(source, target, start, step, side, &mut [0; EXPONENTS]).0
}

/// [`slide_into`], and with `COUNT` also the tile counts per exponent kept
/// up to date: each merge of two tiles of exponent `e` takes two from
/// `counts[e]` and adds one to `counts[e + 1]`. A child's counts are then
/// its parent's plus a few changes, not a pass over the board. Returns
/// whether the line changed and, with `COUNT`, how many merges it made (each
/// empties a cell).
#[inline(always)]
pub(crate) fn slide<const COUNT: bool>(
    source: &[u8],
    target: &mut [u8],
    start: usize,
    step: isize,
    side: usize,
    counts: &mut [u32; EXPONENTS],
) -> (bool, u32) {
    let mut changed = false;
    let mut merges = 0;
    // `write` is where the next tile lands; `open` is the exponent of the
    // tile just before it while that tile may still merge (0 otherwise).
    let (mut read, mut write, mut previous) = (start, start, start);
    let mut placed = 0;
    let mut open = 0u8;
    for _ in 0..side {
        let value = source[read];
        if value != 0 {
            if value == open {
                target[previous] = value + 1;
                open = 0;
                changed = true;
                if COUNT {
                    let e = usize::from(value).min(EXPONENTS - 2);
                    counts[e] -= 2;
                    counts[e + 1] += 1;
                    merges += 1;
                }
            } else {
                target[write] = value;
                changed |= read != write;
                previous = write;
                write = write.wrapping_add_signed(step);
                placed += 1;
                open = value;
            }
        }
        read = read.wrapping_add_signed(step);
    }
    for _ in placed..side {
        target[write] = 0;
        write = write.wrapping_add_signed(step);
    }
    (changed, merges)
}

/// Applies a move to the exponent board `source`, writing the result to
/// `target`; returns whether the board changed.
pub fn apply_move_into(source: &[u8], target: &mut [u8], side: usize, direction: Move) -> bool {
    apply_move::<false>(source, target, side, direction, &mut [0; EXPONENTS])
}

/// [`apply_move_into`], and with `COUNT` also `counts` (the source's tile
/// counts on entry) kept up to date as [`slide`] does.
#[inline]
pub(crate) fn apply_move<const COUNT: bool>(
    source: &[u8],
    target: &mut [u8],
    side: usize,
    direction: Move,
    counts: &mut [u32; EXPONENTS],
) -> bool {
    let mut changed = false;
    let mut merges = 0;
    let row_step = side as isize;
    for k in 0..side {
        let (start, step) = match direction {
            Move::Left => (k * side, 1),
            Move::Right => (k * side + side - 1, -1),
            Move::Up => (k, row_step),
            Move::Down => ((side - 1) * side + k, -row_step),
        };
        let (line_changed, line_merges) = slide::<COUNT>(source, target, start, step, side, counts);
        changed |= line_changed;
        merges += line_merges;
    }
    if COUNT {
        counts[0] += merges;
    }
    changed
}

/// Applies a move to a flat exponent board in place; returns whether the
/// board changed.
pub fn apply_move_exponents(cells: &mut [u8], side: usize, direction: Move) -> bool {
    let source = cells.to_vec();
    apply_move_into(&source, cells, side, direction)
}

/// The tile counts per exponent of `cells`, for tests.
#[cfg(test)]
pub(crate) fn counts_of(cells: &[u8]) -> [u32; EXPONENTS] {
    let mut counts = [0; EXPONENTS];
    count_tiles(cells, &mut counts);
    counts
}

/// Tile counts per exponent, and the largest exponent present.
pub(crate) fn count_tiles(cells: &[u8], counts: &mut [u32; EXPONENTS]) -> u8 {
    counts.fill(0);
    let mut largest = 0;
    for &e in cells {
        counts[e as usize] += 1;
        largest = largest.max(e);
    }
    largest
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slid(line: Vec<u8>) -> Vec<u8> {
        let mut target = vec![9; line.len()];
        slide_into(&line, &mut target, 0, 1, line.len());
        target
    }

    #[test]
    fn slides_like_the_judge() {
        assert_eq!(slid(vec![1, 1, 1]), vec![2, 1, 0]);
        assert_eq!(slid(vec![1, 1, 1, 1]), vec![2, 2, 0, 0]);
        assert_eq!(slid(vec![2, 1, 1]), vec![2, 2, 0]);
        assert_eq!(slid(vec![1, 0, 0, 1]), vec![2, 0, 0, 0]);
        assert_eq!(slid(vec![0, 2, 2, 3]), vec![3, 3, 0, 0]);
        assert_eq!(slid(vec![1, 2, 1, 2]), vec![1, 2, 1, 2]);
    }

    #[test]
    fn reverse_and_strided_lines() {
        // Right on the row [1, 1, 0]: the tiles merge at the right wall.
        let mut cells = vec![9; 3];
        assert!(slide_into(&[1, 1, 0], &mut cells, 2, -1, 3));
        assert_eq!(cells, vec![0, 0, 2]);
        // Nothing moves: unchanged, and the target is still written in full.
        let mut same = vec![9; 3];
        assert!(!slide_into(&[3, 1, 0], &mut same, 0, 1, 3));
        assert_eq!(same, vec![3, 1, 0]);
        let mut board = vec![1, 0, 1, 0];
        assert!(apply_move_exponents(&mut board, 2, Move::Up));
        assert_eq!(board, vec![2, 0, 0, 0]);
    }

    #[test]
    fn a_counted_move_keeps_the_counts_of_a_fresh_count() {
        // Boards of small exponents (many merges) on sides 1 to 9, from a
        // fixed-seed generator; every move of each.
        let mut state = 0x2048_u64;
        let mut next = |bound: u64| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) % bound
        };
        for _ in 0..500 {
            let side = 1 + next(9) as usize;
            let spread = 1 + next(8);
            let cells: Vec<u8> = (0..side * side).map(|_| next(spread + 1) as u8).collect();
            let mut counts = [0; EXPONENTS];
            count_tiles(&cells, &mut counts);
            for direction in Move::ALL {
                let mut child = vec![0; side * side];
                let mut child_counts = counts;
                let changed =
                    apply_move::<true>(&cells, &mut child, side, direction, &mut child_counts);
                let mut fresh = [0; EXPONENTS];
                count_tiles(&child, &mut fresh);
                assert_eq!(child_counts, fresh, "{cells:?} {direction:?}");
                assert_eq!(changed, child != cells);
            }
        }
    }
}
