//! Programmers 92345 "사라지는 발판" (vanishing footholds, 2022 KAKAO BLIND):
//! two players stand on a board of footholds and take turns stepping to an
//! adjacent foothold, and the foothold each leaves vanishes. A player who
//! cannot move, or whose foothold vanished under it, loses; the winner
//! hurries and the loser stalls, and the answer is the total number of moves.
//!
//! Judge: <https://school.programmers.co.kr/learn/courses/30/lessons/92345>
//!
//! Approach: [`search`] is an exact negamax with alpha-beta pruning over
//! `u64` bitboards (boards of up to 64 cells). Scores encode both the winner
//! and the length (a win ending at ply p scores K − p, a loss −(K − p)), so
//! a transposition table keyed on the live position (the footholds either
//! player can still reach, and the two cells) stores them safely, as exact
//! values or as bounds counted from the position; leaving the footholds
//! nobody can reach out of the key is what makes positions transpose. It
//! keeps the positions that cost the most work. Moves are ordered by
//! territory (cells reached before the opponent), which also counts the
//! moves the opponent can surely make, so a move whose win could not come
//! soon enough is not searched; where the processor has AVX2 the counts of
//! a node's moves run side by side (module `territory`). A win in one move
//! is recognised without search; a position that the half turn maps onto
//! itself, on a board with even sides, is lost for the mover (the other
//! player copies each move); and once the players are separated the result
//! follows from each one's longest path, found by a memoised, bounded
//! search. At the root, null-window searches (MTD(f)) close in on the
//! score; a costly lost root climbs to it from below. Worst case
//! exponential, O(4^(R·C)) as for the plain minimax (the game is
//! PSPACE-hard), but every start on every full board of up to 64 cells is
//! solved in about 0.2 s at most: about 95 ms from the two centre cells of
//! the 8 × 8 board, about 0.2 s from its slowest pair of the 4,032, (1,1)
//! and (5,6).
//!
//! [`naive`] is the plain minimax over every line of play, the usual judge
//! solution, kept as the reference.
//!
//! The pipeline is [`parse()`] → [`solve`] → [`format_answers`], each a pure
//! function, in [`judge`]. What only the tools and the binary use (the
//! contract, the validator, the generators, `--explain`, the replay page
//! and the optimal lines they draw) is built with the `contract` feature,
//! and never bundled.

pub mod bitboard;
#[cfg(feature = "contract")]
pub mod contract;
pub mod endgame;
#[cfg(feature = "contract")]
pub mod explain;
pub mod game;
#[cfg(feature = "contract")]
pub mod generate;
pub mod naive;
mod ordering;
pub mod parse;
#[cfg(feature = "contract")]
pub mod replay;
pub mod score;
pub mod search;
pub mod table;
mod territory;
#[cfg(feature = "contract")]
pub mod validate;

pub use crate::game::Game;
pub use crate::parse::parse;

/// The total number of moves under optimal play.
pub fn solve(game: &Game) -> u32 {
    search::solve(game)
}

/// Runs `work` on each game in turn, all of them sharing one budget of
/// [`search::WORK_LIMIT`] positions searched: each gets what the ones
/// before it left, and once it is spent the rest get
/// [`search::OutOfBudget`] without running. `work` returns its result and
/// the positions it searched. The answer, the explanation and the replay
/// all share their budgets this way.
pub fn within_one_budget<T>(
    games: &[Game],
    mut work: impl FnMut(&Game, u64) -> Result<(T, u64), search::OutOfBudget>,
) -> Vec<Result<T, search::OutOfBudget>> {
    let mut budget = grid::budget::Budget::new(search::WORK_LIMIT);
    games
        .iter()
        .map(|game| {
            if budget.left() == 0 {
                return Err(search::OutOfBudget { budget: 0 });
            }
            let done = work(game, budget.left());
            match &done {
                Ok((_, spent)) => budget.spend(*spent),
                Err(_) => budget.spend(budget.left()),
            }
            done.map(|(result, _)| result)
        })
        .collect()
}

/// Judge mode: the judge's input in, the judge's output out.
///
/// All the games of one input share one work budget (see
/// [`within_one_budget`]): past it, an error names the game that used it
/// up, never a guess.
pub fn judge(input: &[u8]) -> Result<String, grid::InputError> {
    let games = parse(input)?;
    let mut answers = Vec::with_capacity(games.len());
    for (index, answer) in within_one_budget(&games, search::solve_within)
        .into_iter()
        .enumerate()
    {
        match answer {
            Ok(moves) => answers.push(moves),
            Err(_) => {
                return Err(search::WORK_LIMIT
                    .exceeded("this input", "split its games into smaller inputs")
                    .in_case(index + 1))
            }
        }
    }
    Ok(format_answers(&answers))
}

/// One optimal line of play for each of the first `most` games, found
/// under one shared budget (see [`within_one_budget`]); `None` for a game
/// whose line the budget could not pay for. `--explain` and `--replay` draw
/// the same lines.
#[cfg(feature = "contract")]
pub fn lines(games: &[Game], most: usize) -> Vec<Option<search::Line>> {
    let first = &games[..games.len().min(most)];
    within_one_budget(first, |game, budget| {
        search::principal_line_within(game, budget)
            .map(|(line, a_wins, work)| ((line, a_wins), work))
    })
    .into_iter()
    .map(Result::ok)
    .collect()
}

/// One answer per line, in input order.
pub fn format_answers(answers: &[u32]) -> String {
    answers.iter().map(|a| format!("{a}\n")).collect()
}

/// What the unit tests of both solvers share.
#[cfg(test)]
mod testing {
    use crate::{parse, Game};

    /// The judge's official samples, with their answers.
    pub const OFFICIAL_SAMPLES: [(&str, u32); 4] = [
        ("[[1, 1, 1], [1, 1, 1], [1, 1, 1]] [1, 0] [1, 2]", 5),
        ("[[1, 1, 1], [1, 0, 1], [1, 1, 1]] [1, 0] [1, 2]", 4),
        ("[[1, 1, 1, 1, 1]] [0, 0] [0, 4]", 4),
        ("[[1]] [0, 0] [0, 0]", 0),
    ];

    /// The first game of an input.
    pub fn game(text: &str) -> Game {
        parse(text.as_bytes()).unwrap().remove(0)
    }

    /// Checks a solver on every official sample.
    pub fn assert_official_samples(solve: fn(&Game) -> u32) {
        for (input, expected) in OFFICIAL_SAMPLES {
            assert_eq!(solve(&game(input)), expected, "{input}");
        }
    }
}
