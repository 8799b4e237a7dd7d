//! Baekjoon 12100 "2048 (Easy)": on an N × N board of 2048 tiles, where a
//! move slides every tile toward one side and merges equal pairs once, find
//! the largest tile reachable in at most five moves (no new tiles appear).
//!
//! Judge: <https://www.acmicpc.net/problem/12100>
//!
//! Approach: [`search`] is a branch-and-bound depth-first search over the
//! 4^K move sequences on a board of tile exponents (one byte per cell, lines
//! slid in place, no allocation inside the search). It skips moves that
//! change nothing, cuts nodes whose bound (from the tile counts per exponent:
//! a tile of 2^e made in d moves needs tiles of 2^(e−d) … 2^(e−1) summing to
//! 2^e) cannot beat the best found, stops as soon as the sum of all tiles
//! caps the answer, tries promising moves first, and skips boards already
//! searched with as many moves left. Near the leaves, exact positional
//! tests cut boards where the tiles that must merge cannot meet in time
//! ([`shortcuts`] with two moves left, [`three_moves`] with three). Worst
//! case O(4^K · N²), like the plain search, but far less in practice.
//!
//! [`naive`] tries all 4^K sequences, copying the board each move: O(4^K · N²)
//! always. It is the reference the fast solver is tested against.
//!
//! The pipeline is [`parse()`] → [`solve`] → [`format_answer`], each a pure
//! function, in [`judge`]. What only the tools and the binary use (the
//! contract, the validator, the generators, the replay page) is built with
//! the `contract` feature, and never bundled.

pub mod board;
pub mod bound;
#[cfg(feature = "contract")]
pub mod contract;
pub mod explain;
pub mod exponents;
#[cfg(feature = "contract")]
pub mod generate;
pub mod naive;
pub mod parse;
#[cfg(feature = "contract")]
pub mod replay;
pub mod search;
pub mod shortcuts;
pub mod slide;
pub mod table;
pub mod three_moves;
#[cfg(feature = "contract")]
pub mod validate;

pub use crate::board::{Board, Move};
pub use crate::parse::parse;

/// The judge's number of moves.
pub const JUDGE_MOVES: u32 = 5;

/// The largest tile reachable in at most `moves` moves.
pub fn solve(board: &Board, moves: u32) -> u64 {
    search::solve(board, moves)
}

/// Judge mode: the judge's input in, the judge's output out.
pub fn judge(input: &[u8]) -> Result<String, grid::InputError> {
    answer(input, JUDGE_MOVES)
}

/// The output for `input` when searching `moves` moves.
///
/// The search runs under [`search::WORK_LIMIT`]: a search too large to
/// finish in seconds is an error, never a guess.
pub fn answer(input: &[u8], moves: u32) -> Result<String, grid::InputError> {
    let board = parse(input)?;
    match search::best_line(&board, moves) {
        Ok(found) => Ok(format_answer(found.largest)),
        Err(too_large) => Err(too_large.error()),
    }
}

/// The judge's output: the answer on one line.
pub fn format_answer(answer: u64) -> String {
    format!("{answer}\n")
}
