//! Random games for `cargo gen`, `cargo stress` and the property tests, and
//! the one-step simplifications `cargo stress` shrinks a failing input
//! with. Never bundled (it uses the `problem-kit` crate).
//!
//! The judge-valid games cover the judge's space (boards of 4, 6 and 8, no
//! moves at all, games played to the end with passes and full boards) and
//! lean toward where Othello solutions go wrong: runs that reach the edge
//! and the corners, moves that flip in several directions at once, and a
//! player moving twice because the other had to pass.

use problem_kit::SplitMix64;

use crate::bitboard::{bit, Board};
use crate::game::{Case, Move, Stone};
use crate::validate::JUDGE_SIDES;

/// How a generated player picks among its legal moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// Any legal move, uniformly.
    Uniform,
    /// The move that flips the most stones (long runs, several directions).
    Greedy,
    /// A move on the border when there is one (runs along the edges and
    /// into the corners).
    Edges,
}

/// A legal game on a `side × side` board (`side <= 8`), played until
/// neither player can move or `max_moves` moves are made. A player with no
/// legal move passes, so one colour may move twice in a row.
pub fn play_game(side: usize, max_moves: usize, policy: Policy, rng: &mut SplitMix64) -> Case {
    let mut board = Board::start(side);
    let mut stone = Stone::Black;
    let mut moves = Vec::new();
    let border = border_cells(side);
    while moves.len() < max_moves {
        let mut legal = board.legal_moves(stone);
        if legal == 0 {
            stone = stone.opponent();
            legal = board.legal_moves(stone);
            if legal == 0 {
                break;
            }
        }
        let cell = match policy {
            Policy::Uniform => nth_bit(legal, rng.below(u64::from(legal.count_ones()))),
            Policy::Edges if legal & border != 0 && !rng.chance(1, 4) => {
                let edge = legal & border;
                nth_bit(edge, rng.below(u64::from(edge.count_ones())))
            }
            Policy::Edges => nth_bit(legal, rng.below(u64::from(legal.count_ones()))),
            Policy::Greedy => {
                let mut best = (0, 0);
                let mut left = legal;
                while left != 0 {
                    let cell = left & left.wrapping_neg();
                    left &= left - 1;
                    let flipped = board.flips(cell, stone).count_ones();
                    if flipped > best.0 || flipped == best.0 && rng.chance(1, 2) {
                        best = (flipped, cell);
                    }
                }
                best.1
            }
        };
        let index = cell.trailing_zeros() as usize;
        let mv = Move {
            row: index / 8,
            col: index % 8,
            stone,
            line: 0,
        };
        board.play(mv).expect("a legal move");
        moves.push(mv);
        stone = stone.opponent();
    }
    Case { side, moves }
}

/// A game of uniformly random legal moves (see [`play_game`]).
pub fn random_game(side: usize, max_moves: usize, rng: &mut SplitMix64) -> Case {
    play_game(side, max_moves, Policy::Uniform, rng)
}

/// The `n`-th set bit of `bits`, as a one-bit mask.
fn nth_bit(mut bits: u64, n: u64) -> u64 {
    for _ in 0..n {
        bits &= bits - 1;
    }
    bits & bits.wrapping_neg()
}

/// The cells on the border of a `side × side` board.
fn border_cells(side: usize) -> u64 {
    let mut cells = 0;
    for i in 0..side {
        cells |= bit(0, i) | bit(side - 1, i) | bit(i, 0) | bit(i, side - 1);
    }
    cells
}

/// Judge-valid cases: one to `size` of them (at most 1000), on boards of
/// side 4 at size 1, 4 or 6 at size 2, and 4, 6 or 8 from size 3.
pub fn judge_cases(seed: u64, size: usize) -> Vec<Case> {
    let mut rng = SplitMix64::new(seed);
    let size = size.clamp(1, 1000);
    let sides = &JUDGE_SIDES[..size.min(3)];
    let count = rng.between(1, size as u64) as usize;
    (0..count)
        .map(|_| {
            let side = sides[rng.below(sides.len() as u64) as usize];
            let policy = [Policy::Uniform, Policy::Greedy, Policy::Edges][rng.below(3) as usize];
            let max_moves = match rng.below(4) {
                // No moves at all.
                0 if rng.chance(1, 4) => 0,
                // Played to the end: full boards, or both players stuck.
                0 | 1 => side * side,
                _ => rng.below((side * side - 3) as u64) as usize,
            };
            play_game(side, max_moves, policy, &mut rng)
        })
        .collect()
}

/// An input beyond the judge's limits: boards of every even side from 4 to
/// 16 (the larger ones played on the reference's board), sometimes no case
/// at all, sometimes written with CRLF line endings or blank lines.
pub fn beyond_input(seed: u64, size: usize) -> String {
    let mut rng = SplitMix64::new(seed ^ 0x0DD5_1DE5);
    let count = rng.below(size.clamp(1, 1000) as u64 + 1) as usize;
    let cases: Vec<Case> = (0..count)
        .map(|_| {
            let side = 2 * rng.between(2, 8) as usize;
            let max_moves = rng.below((side * side - 3) as u64) as usize;
            if side <= 8 {
                play_game(side, max_moves, Policy::Uniform, &mut rng)
            } else {
                large_game(side, max_moves, &mut rng)
            }
        })
        .collect();
    let text = to_input(&cases);
    let crlf = rng.chance(1, 4);
    let blank = rng.chance(1, 4);
    let mut out = String::new();
    for line in text.lines() {
        out.push_str(line);
        out.push_str(if crlf { "\r\n" } else { "\n" });
        if blank && rng.chance(1, 8) {
            out.push('\n');
        }
    }
    out
}

/// A legal game on a board larger than 8, on the reference's array board.
fn large_game(side: usize, max_moves: usize, rng: &mut SplitMix64) -> Case {
    let mut board = crate::naive::start(side);
    let mut stone = Stone::Black;
    let mut moves = Vec::new();
    let legal = |board: &crate::naive::Board, stone: Stone| -> Vec<(usize, usize)> {
        (0..side * side)
            .map(|i| (i / side, i % side))
            .filter(|&(r, c)| board[(r, c)].is_none())
            .filter(|&(r, c)| !crate::naive::flips(board, r, c, stone).is_empty())
            .collect()
    };
    while moves.len() < max_moves {
        let mut cells = legal(&board, stone);
        if cells.is_empty() {
            stone = stone.opponent();
            cells = legal(&board, stone);
            if cells.is_empty() {
                break;
            }
        }
        let (row, col) = cells[rng.below(cells.len() as u64) as usize];
        let mv = Move {
            row,
            col,
            stone,
            line: 0,
        };
        crate::naive::play(&mut board, mv).expect("a legal move");
        moves.push(mv);
        stone = stone.opponent();
    }
    Case { side, moves }
}

/// Cases in the judge's input format.
pub fn to_input(cases: &[Case]) -> String {
    let mut out = format!("{}\n", cases.len());
    for case in cases {
        out.push_str(&format!("{} {}\n", case.side, case.moves.len()));
        for mv in &case.moves {
            let colour = if mv.stone == Stone::Black { 1 } else { 2 };
            out.push_str(&format!("{} {} {colour}\n", mv.col + 1, mv.row + 1));
        }
    }
    out
}

/// The inputs one step simpler than `cases`: a case dropped, a case moved
/// to the board one size smaller (its moves one cell nearer the corner, so
/// that they keep their place around the centre), then any one move
/// dropped. Later moves may no longer be legal: the shrinker checks.
pub fn simplifications(cases: &[Case]) -> Vec<Vec<Case>> {
    let mut out = Vec::new();
    if cases.len() > 1 {
        for skip in 0..cases.len() {
            let mut fewer = cases.to_vec();
            fewer.remove(skip);
            out.push(fewer);
        }
    }
    for (index, case) in cases.iter().enumerate() {
        let inside =
            |m: &Move| (1..case.side - 1).contains(&m.row) && (1..case.side - 1).contains(&m.col);
        if case.side > 4 && case.moves.iter().all(inside) {
            let mut smaller = cases.to_vec();
            smaller[index].side -= 2;
            for m in &mut smaller[index].moves {
                m.row -= 1;
                m.col -= 1;
            }
            out.push(smaller);
        }
    }
    for (index, case) in cases.iter().enumerate() {
        for skip in (0..case.moves.len()).rev() {
            let mut shorter = cases.to_vec();
            shorter[index].moves.remove(skip);
            out.push(shorter);
        }
    }
    out
}

/// `cases` with only the moves `keep` marks, counted across the cases in
/// order.
pub fn keep_moves(cases: &[Case], keep: &[bool]) -> Vec<Case> {
    let mut k = 0;
    cases
        .iter()
        .map(|case| {
            let moves = case
                .moves
                .iter()
                .filter(|_| {
                    k += 1;
                    keep.get(k - 1).copied().unwrap_or(true)
                })
                .copied()
                .collect();
            Case {
                side: case.side,
                moves,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn judge_cases_are_valid_and_cover_the_judge_space() {
        let (mut sides, mut empty, mut full, mut passes) = ([0; 9], 0, 0, 0);
        for seed in 0..1500 {
            let cases = judge_cases(seed, 4);
            let input = to_input(&cases);
            assert_eq!(
                crate::validate::validate(input.as_bytes()),
                Ok(()),
                "{input}"
            );
            for case in &cases {
                sides[case.side] += 1;
                empty += usize::from(case.moves.is_empty());
                full += usize::from(case.moves.len() == case.side * case.side - 4);
                passes += case
                    .moves
                    .windows(2)
                    .filter(|w| w[0].stone == w[1].stone)
                    .count();
            }
        }
        assert!(sides[4] > 0 && sides[6] > 0 && sides[8] > 0, "{sides:?}");
        assert!(
            empty > 0 && full > 0 && passes > 0,
            "{empty} {full} {passes}"
        );
        // Size 1 is one case on a 4 x 4 board.
        for seed in 0..50 {
            let cases = judge_cases(seed, 1);
            assert_eq!(cases.len(), 1);
            assert_eq!(cases[0].side, 4);
        }
    }

    #[test]
    fn simplifications_drop_a_case_or_a_move() {
        let mut rng = SplitMix64::new(3);
        let cases = vec![
            play_game(4, 3, Policy::Uniform, &mut rng),
            play_game(4, 0, Policy::Uniform, &mut rng),
        ];
        let simpler = simplifications(&cases);
        // Either case dropped, or one of the first case's three moves.
        assert_eq!(simpler.len(), 2 + 3);
        assert_eq!(simpler[2][0].moves.len(), 2);
        assert_eq!(simpler[2][0].moves[..], cases[0].moves[..2]);
        let kept = keep_moves(&cases, &[false, true, false]);
        assert_eq!(kept[0].moves, [cases[0].moves[1]]);
    }
}
