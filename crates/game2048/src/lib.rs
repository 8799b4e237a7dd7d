//! Baekjoon 12100 "2048 (Easy)": on an N × N board of 2048 tiles, where a
//! move slides every tile toward one side and merges equal pairs once, find
//! the largest tile reachable in at most five moves (no new tiles appear).
//!
//! Judge: <https://www.acmicpc.net/problem/12100>
//!
//! Approach: [`naive`] tries all 4^K move sequences, copying the board each
//! move: O(4^K · N²) time, which for the judge's K = 5 and N ≤ 20 is
//! 1,024 · 400 cell updates per level. It is the reference every faster
//! engine in this crate is tested against.
//!
//! The pipeline is [`parse`] → [`solve`] → [`format_answer`], each a pure
//! function; `main.rs` only wires stdin, stdout, flags and exit codes.

pub mod board;
pub mod naive;
pub mod parse;
pub mod slide;

pub use crate::board::{Board, Move};
pub use crate::parse::parse;

/// The judge's number of moves.
pub const JUDGE_MOVES: u32 = 5;

/// The largest tile reachable in at most `moves` moves.
pub fn solve(board: &Board, moves: u32) -> u64 {
    naive::solve(board, moves)
}

/// The judge's output: the answer on one line.
pub fn format_answer(answer: u64) -> String {
    format!("{answer}\n")
}

/// Writes one best move sequence and the board after each move, for
/// `--explain`.
pub fn explain(board: &Board, moves: u32) -> String {
    let (best, line) = naive::best_line(board, moves);
    let letters: Vec<String> = line.iter().map(|(m, _)| m.letter().to_string()).collect();
    let mut out = format!(
        "best sequence: {} (largest tile {best})\n",
        if letters.is_empty() {
            "(no moves)".to_string()
        } else {
            letters.join(" ")
        }
    );
    out.push_str("start:\n");
    out.push_str(&board::board_to_string(board));
    for (step, (direction, after)) in line.iter().enumerate() {
        out.push_str(&format!(
            "after move {} ({}):\n",
            step + 1,
            direction.letter()
        ));
        out.push_str(&board::board_to_string(after));
    }
    out
}
