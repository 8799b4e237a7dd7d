//! Baekjoon 12094 "2048 (Hard)": the rules of 12100 "2048 (Easy)" (slide
//! every tile of an N × N board toward one side, equal neighbours merging
//! once, no new tiles), with at most ten moves instead of five. Print the
//! largest tile reachable.
//!
//! Judge: <https://www.acmicpc.net/problem/12094>
//!
//! Approach: the `game2048` crate's solver, unchanged, at depth 10 (see its
//! `search`): branch-and-bound over exponent boards with a bound from the
//! tile counts, exact last-move and two-move shortcuts, promising moves
//! first and a transposition table. Worst case O(4^10 · N²) like the plain
//! search, far less in practice (N = 20 boards in milliseconds). The
//! reference is `game2048::naive` at depth 10, all 4^10 sequences. Nothing
//! of the solver is copied here: the bundle inlines the `game2048` crate.
//!
//! The pipeline is `game2048::parse` → [`solve`] → `game2048::format_answer`.
//! The contract is game2048's at ten moves, built with the `contract`
//! feature and never bundled.

#[cfg(feature = "contract")]
pub mod contract;

/// The judge's number of moves.
pub const JUDGE_MOVES: u32 = 10;

/// The largest tile reachable in at most [`JUDGE_MOVES`] moves.
pub fn solve(board: &game2048::Board) -> u64 {
    game2048::solve(board, JUDGE_MOVES)
}

/// Judge mode: the judge's input in, the judge's output out. The bundle's
/// `main` calls this.
pub fn judge(input: &[u8]) -> Result<String, grid::InputError> {
    game2048::answer(input, JUDGE_MOVES)
}
