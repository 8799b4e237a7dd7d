//! The problem contract: how the command line, the registry and the tools
//! see this problem. Never bundled (it uses the `problem-kit` crate).

use std::io::Write;

use grid::InputError;
use problem_kit::{Call, Info, NoFlags, Parameter, Problem, ProblemLimits, Space, Value};

use crate::generate::{beyond_input, game_input, judge_game};
use crate::parse;

/// Programmers 92345, as the registry lists it.
pub struct Contract;

/// What Programmers 92345 looks like to the command line.
pub static INFO: Info = Info {
    name: "footholds",
    title: "사라지는 발판 (vanishing footholds, 2022 KAKAO BLIND)",
    origin: "Programmers 92345",
    link: "https://school.programmers.co.kr/learn/courses/30/lessons/92345",
    summary: "Reads one or more `board aloc bloc` triples written as JSON arrays, e.g.\n\
              `[[1, 1, 1], [1, 1, 1], [1, 1, 1]] [1, 0] [1, 2]`, and prints for each the\n\
              total number of moves when the winner hurries and the loser stalls.",
    // Programmers publishes no limits for 92345; our documented default is
    // its usual 10 s per test, and 256 MiB.
    limits: ProblemLimits {
        time_ms: 10_000,
        memory_mib: 256,
    },
    accepts_rust: false,
    suite_cases: 240,
    left_out: &[],
    quick_cases: &[49, 109, 34],
    call: Some(Call {
        function: "solution",
        parameters: &[
            Parameter {
                name: "board",
                kind: Value::IntGrid,
            },
            Parameter {
                name: "aloc",
                kind: Value::IntList,
            },
            Parameter {
                name: "bloc",
                kind: Value::IntList,
            },
        ],
        returns: Value::Int,
    }),
};

/// The most footholds on one board that the reference minimax is asked to
/// solve: a full 6 × 6 board takes it about half a second, and every
/// foothold more multiplies that.
pub const NAIVE_MAX_FOOTHOLDS: usize = 36;

/// The most games `--explain` shows in full; it says so when it stops.
pub const EXPLAIN_MAX_GAMES: usize = 100;

/// The explanation of every game, from its line (see [`crate::lines`]).
fn explain_games(
    games: &[crate::Game],
    lines: &[Option<crate::search::Line>],
    out: &mut dyn Write,
) -> std::io::Result<()> {
    if games.is_empty() {
        return Ok(());
    }
    out.write_all(crate::explain::LEGEND.as_bytes())?;
    for (index, game) in games.iter().enumerate() {
        if index == EXPLAIN_MAX_GAMES {
            return writeln!(
                out,
                "(the other {} games are not explained: --explain shows the first {EXPLAIN_MAX_GAMES})",
                games.len() - EXPLAIN_MAX_GAMES
            );
        }
        writeln!(out, "game {}:", index + 1)?;
        crate::explain::explain(game, lines.get(index).and_then(Option::as_ref), out)?;
    }
    Ok(())
}

impl Problem for Contract {
    type Flags = NoFlags;

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn judge_output(&self, input: &[u8]) -> Result<String, InputError> {
        crate::judge(input)
    }

    fn naive(&self, input: &[u8], _flags: &NoFlags) -> Result<String, InputError> {
        let games = parse(input)?;
        for (index, game) in games.iter().enumerate() {
            let footholds = game.cells.iter().filter(|&&f| f).count();
            if footholds > NAIVE_MAX_FOOTHOLDS {
                return Err(InputError::work_limit(format!(
                    "the reference minimax solves boards of at most {NAIVE_MAX_FOOTHOLDS} \
                     footholds in reasonable time, and this one has {footholds}; use the fast \
                     solver (drop --naive)"
                ))
                .in_case(index + 1));
            }
        }
        let answers: Vec<u32> = games.iter().map(crate::naive::solve).collect();
        Ok(crate::format_answers(&answers))
    }

    fn explain(&self, input: &[u8], _flags: &NoFlags, out: &mut dyn Write) -> std::io::Result<()> {
        let games = parse(input).unwrap_or_default();
        let lines = crate::lines(&games, EXPLAIN_MAX_GAMES);
        explain_games(&games, &lines, out)
    }

    fn replay(&self, input: &[u8], _flags: &NoFlags) -> problem_kit::Replay {
        let games = parse(input).unwrap_or_default();
        let lines = crate::lines(&games, crate::replay::REPLAY_MAX_GAMES);
        crate::replay::replay(&games, &lines, &INFO.heading())
    }

    /// Both from the same lines, found once under one budget.
    fn explain_and_replay(
        &self,
        input: &[u8],
        _flags: &NoFlags,
        out: &mut dyn Write,
    ) -> (std::io::Result<()>, problem_kit::Replay) {
        let games = parse(input).unwrap_or_default();
        let most = EXPLAIN_MAX_GAMES.max(crate::replay::REPLAY_MAX_GAMES);
        let lines = crate::lines(&games, most);
        (
            explain_games(&games, &lines, out),
            crate::replay::replay(&games, &lines, &INFO.heading()),
        )
    }

    fn validate(&self, input: &[u8]) -> Result<(), InputError> {
        crate::validate::validate(input)
    }

    /// Judge-valid games of at most `size + 1` rows and columns (5 × 5
    /// from size 4); beyond the judge, one to three games of up to
    /// `size + 2` rows and columns (8 × 8 from size 6) in any accepted form.
    fn generate(&self, seed: u64, size: usize, space: Space) -> String {
        match space {
            Space::Judge => game_input(&judge_game(seed, size)),
            Space::Beyond => beyond_input(seed, size),
        }
    }

    fn largest_size(&self, space: Space) -> usize {
        match space {
            Space::Judge => 4,
            Space::Beyond => 6,
        }
    }

    fn simplifications(&self, input: &[u8]) -> Vec<Vec<u8>> {
        match parse(input).as_deref() {
            Ok([game]) => crate::generate::simplifications(game)
                .iter()
                .map(|g| game_input(g).into_bytes())
                .collect(),
            _ => Vec::new(),
        }
    }

    /// The footholds of every game together.
    fn measure(&self, input: &[u8]) -> Option<(u64, &'static str)> {
        let games = parse(input).ok()?;
        let footholds = games.iter().flat_map(|g| &g.cells).filter(|&&f| f).count();
        Some((footholds as u64, "footholds"))
    }

    /// The footholds free of a player, of a single game.
    fn items(&self, input: &[u8]) -> usize {
        match parse(input).as_deref() {
            Ok([game]) => (0..game.cells.len())
                .filter(|&i| game.cells[i] && i != game.a && i != game.b)
                .count(),
            _ => 0,
        }
    }

    fn keep_items(&self, input: &[u8], keep: &[bool]) -> Option<Vec<u8>> {
        match parse(input).as_deref() {
            Ok([game]) => {
                Some(game_input(&crate::generate::keep_footholds(game, keep)).into_bytes())
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_games_read_back() {
        for seed in 0..200 {
            let game = crate::generate::random_game(seed, 6);
            assert_eq!(parse(game_input(&game).as_bytes()).unwrap(), vec![game]);
        }
    }
}
