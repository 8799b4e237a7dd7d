//! Baekjoon 12094 "2048 (Hard)": TODO say the problem in two sentences. (The
//! template's stand-in problem: given a grid of `.` and `#`, print the size
//! of the largest group of `#` cells joined up, down, left or right.)
//!
//! Judge: <https://www.acmicpc.net/problem/12094>
//!
//! Approach: [`fast`] TODO (the stand-in: one flood fill over the grid with
//! an explicit stack, O(H·W)). [`naive`] is the plain, obviously correct
//! solver, kept as the reference the fast one is tested against (the
//! stand-in: a fresh flood fill from every cell, O((H·W)²)).
//!
//! The pipeline is [`parse()`] → [`solve`] → [`format_answer`], each a pure
//! function; `main.rs` only hands the [`contract`] to the shared command line.

pub mod contract;
pub mod explain;
pub mod fast;
pub mod naive;
pub mod parse;

pub use crate::parse::{parse, Input};

/// The answer for one input.
pub fn solve(input: &Input) -> usize {
    fast::solve(input)
}

/// Judge mode: the judge's input in, the judge's output out. The bundle's
/// `main` calls this.
pub fn judge(input: &[u8]) -> Result<String, grid::InputError> {
    Ok(format_answer(solve(&parse(input)?)))
}

/// The judge's output: the answer on one line.
pub fn format_answer(answer: usize) -> String {
    format!("{answer}\n")
}
