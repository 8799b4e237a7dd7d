//! SWEA 4615 "재미있는 오셀로 게임" (a fun game of Othello): replay a record
//! of moves on an N × N Othello board, where a stone flips every straight run
//! of the opponent's stones it closes off, and count the stones of each colour.
//!
//! Judge: <https://swexpertacademy.com/main/code/problem/problemDetail.do?contestProbId=AWQmA4uK8ygDFAXj>
//!
//! Approach: [`naive`] keeps an array board and walks the eight directions
//! from each new stone: O(N) per move, O(N² + M·N) per case. Moves are
//! checked: a move on an occupied cell or one that flips nothing is an error
//! naming the case and line.
//!
//! The pipeline is [`parse`] → [`solve`] → [`format_answers`], each a pure
//! function; `main.rs` only wires stdin, stdout, flags and exit codes.

pub mod game;
pub mod naive;
pub mod parse;

pub use crate::game::{Case, Counts, Stone};
pub use crate::parse::parse;

/// Replays every case; the first illegal move is an error with its case.
pub fn solve(cases: &[Case]) -> Result<Vec<Counts>, grid::InputError> {
    cases
        .iter()
        .enumerate()
        .map(|(index, case)| naive::replay(case).map_err(|e| e.in_case(index + 1)))
        .collect()
}

/// The judge's output: `#t black white` per case.
pub fn format_answers(counts: &[Counts]) -> String {
    let mut out = String::with_capacity(counts.len() * 12);
    for (index, c) in counts.iter().enumerate() {
        out.push_str(&format!("#{} {} {}\n", index + 1, c.black, c.white));
    }
    out
}
