//! Programmers 92345 "사라지는 발판" (vanishing footholds, 2022 KAKAO BLIND):
//! two players stand on a board of footholds and take turns stepping to an
//! adjacent foothold, and the foothold each leaves vanishes. A player who
//! cannot move, or whose foothold vanished under it, loses; the winner
//! hurries and the loser stalls, and the answer is the total number of moves.
//!
//! Judge: <https://school.programmers.co.kr/learn/courses/30/lessons/92345>
//!
//! Approach: [`naive`] is the plain minimax over every line of play,
//! exponential in the number of footholds (at most 4^cells, far less in
//! practice), fine for the judge's 5 × 5 boards.
//!
//! The pipeline is [`parse`] → [`solve`] → [`format_answers`], each a pure
//! function; `main.rs` only wires stdin, stdout, flags and exit codes.

pub mod game;
pub mod naive;
pub mod parse;

pub use crate::game::Game;
pub use crate::parse::parse;

/// The total number of moves under optimal play.
pub fn solve(game: &Game) -> u32 {
    naive::solve(game)
}

/// One answer per line, in input order.
pub fn format_answers(answers: &[u32]) -> String {
    answers.iter().map(|a| format!("{a}\n")).collect()
}
