//! 2048's search, for both problems, and the model of their planted bugs.

use std::collections::HashMap;

use super::Smallest;

/// How a 2048 solution slides a line.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Slide {
    /// As the judge does: each tile merges at most once a move.
    Once,
    /// A merged tile may merge again in the same move (game2048 buggy.py).
    Twice,
    /// A gap between two equal tiles keeps them apart (game2048-hard
    /// buggy.cpp).
    GapBreaks,
}

/// The tiles the 2048 search tries on a board of side `n`.
fn tiles_for(n: usize) -> &'static [u64] {
    match n {
        1 | 2 => &[0, 2, 4, 8, 16],
        3 => &[0, 2, 4, 8],
        _ => &[0, 2, 4],
    }
}

/// The first failing board, by side, from 1 to 4 (see [`tiles_for`]).
pub(super) fn game2048(fails: impl Fn(usize, &[u64]) -> bool) -> Option<Smallest> {
    for n in 1..=4usize {
        let tiles = tiles_for(n);
        let count = (tiles.len() as u64).pow((n * n) as u32);
        for code in 0..count {
            let mut rest = code;
            let board: Vec<u64> = (0..n * n)
                .map(|_| {
                    let t = tiles[(rest % tiles.len() as u64) as usize];
                    rest /= tiles.len() as u64;
                    t
                })
                .collect();
            if fails(n, &board) {
                return Some(Smallest {
                    measure: n as u64,
                    input: board_text(n, &board),
                });
            }
        }
    }
    None
}

/// A board in the judge's format.
pub(super) fn board_text(n: usize, board: &[u64]) -> String {
    let mut text = format!("{n}\n");
    for row in board.chunks(n) {
        let cells: Vec<String> = row.iter().map(u64::to_string).collect();
        text.push_str(&cells.join(" "));
        text.push('\n');
    }
    text
}

/// A 2048 board of side at most 4 as the model searches it: each cell's
/// exponent (0 for an empty one) in four bits, row by row. The boards
/// searched hold at most 64 points in all, so no tile passes 2^6.
type Packed = u64;

fn pack(board: &[u64]) -> Packed {
    board.iter().enumerate().fold(0, |packed, (i, &tile)| {
        let exponent = if tile == 0 { 0 } else { tile.trailing_zeros() };
        assert!(tile.is_power_of_two() || tile == 0, "{tile}");
        packed | (u64::from(exponent) << (4 * i))
    })
}

fn exponent(packed: Packed, i: usize) -> u64 {
    (packed >> (4 * i)) & 0xF
}

/// The largest tile a 2048 solution finds in `depth` moves, sliding as
/// `slide` says.
pub(super) fn slid(n: usize, board: &[u64], depth: u32, slide: Slide) -> String {
    let mut memo = vec![HashMap::new(); depth as usize + 1];
    let top = best_2048(n, pack(board), depth, slide, &mut memo);
    let tile = if top == 0 { 0 } else { 1u64 << top };
    format!("{tile}\n")
}

/// The largest exponent `depth` moves reach from `board`.
fn best_2048(
    n: usize,
    board: Packed,
    depth: u32,
    slide: Slide,
    memo: &mut [HashMap<Packed, u64>],
) -> u64 {
    let top = (0..n * n).map(|i| exponent(board, i)).max().unwrap_or(0);
    if depth == 0 {
        return top;
    }
    if let Some(&known) = memo[depth as usize].get(&board) {
        return known;
    }
    let mut best = top;
    for direction in 0..4 {
        let next = move_2048(n, board, direction, slide);
        // A move that changes nothing leaves the same board with fewer
        // moves, which can never reach more than this board itself.
        if next != board {
            best = best.max(best_2048(n, next, depth - 1, slide, memo));
        }
    }
    memo[depth as usize].insert(board, best);
    best
}

/// `board` moved left, right, up or down (0 to 3).
fn move_2048(n: usize, board: Packed, direction: usize, slide: Slide) -> Packed {
    let at = |k: usize, i: usize| match direction {
        0 => k * n + i,
        1 => k * n + n - 1 - i,
        2 => i * n + k,
        _ => (n - 1 - i) * n + k,
    };
    let mut out = 0;
    for k in 0..n {
        let mut line = [0; 4];
        for (i, cell) in line.iter_mut().enumerate().take(n) {
            *cell = exponent(board, at(k, i));
        }
        for (i, &e) in slide_line(&line[..n], slide).iter().enumerate().take(n) {
            assert!(e < 16, "a tile past 2^15");
            out |= e << (4 * at(k, i));
        }
    }
    out
}

/// One line of exponents slid toward its start.
fn slide_line(line: &[u64], slide: Slide) -> [u64; 4] {
    let mut out = [0; 4];
    let mut len = 0;
    // Whether the last tile out may still take a merge.
    let mut open = false;
    for &tile in line {
        if tile == 0 {
            if slide == Slide::GapBreaks {
                open = false;
            }
            continue;
        }
        if open && len > 0 && out[len - 1] == tile {
            out[len - 1] += 1;
            while slide == Slide::Twice && len > 1 && out[len - 1] == out[len - 2] {
                len -= 1;
                out[len] = 0;
                out[len - 1] += 1;
            }
            // Only a solution that merges twice lets the merged tile take
            // another.
            open = slide == Slide::Twice;
        } else {
            out[len] = tile;
            len += 1;
            open = true;
        }
    }
    out
}
