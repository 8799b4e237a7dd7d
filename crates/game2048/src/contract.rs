//! The problem contract: how the command line, the registry and the tools
//! see this problem. Never bundled (it uses the `problem-kit` crate).
//!
//! The contract is written once, for any number of moves:
//! [`crate::impl_problem!`] makes a unit struct a 2048 problem with its own
//! description and depth. [`Contract`] is Baekjoon 12100 at five moves, and
//! `game2048-hard`'s is the same at ten.

use std::io::Write;

use grid::InputError;
use problem_kit::{Flag, FlagKind, FlagSet, Info, ProblemLimits, Space};

use crate::generate::{beyond_input, board_input, judge_board};
use crate::parse;

/// Baekjoon 12100, as the registry lists it.
pub struct Contract;

crate::impl_problem!(Contract, INFO, crate::JUDGE_MOVES);

/// The flags of a 2048 problem whose judge searches `JUDGE_MOVES` moves:
/// `--moves K`, to search K moves instead (0 to 20).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moves<const JUDGE_MOVES: u32> {
    pub moves: u32,
}

impl<const JUDGE_MOVES: u32> Default for Moves<JUDGE_MOVES> {
    fn default() -> Self {
        Moves { moves: JUDGE_MOVES }
    }
}

impl<const JUDGE_MOVES: u32> Moves<JUDGE_MOVES> {
    const FLAGS: &'static [Flag<Self>] = &[Flag {
        name: "moves",
        help: "search K moves instead of the judge's number (0 to 20)",
        kind: FlagKind::Number {
            value_name: "K",
            low: 0,
            high: 20,
        },
        set: |flags, value| flags.moves = value as u32,
        get: |flags| u64::from(flags.moves),
    }];
}

impl<const JUDGE_MOVES: u32> FlagSet for Moves<JUDGE_MOVES> {
    fn flags() -> &'static [Flag<Self>] {
        Self::FLAGS
    }
}

/// What Baekjoon 12100 looks like to the command line.
pub static INFO: Info = Info {
    name: "game2048",
    title: "2048 (Easy)",
    origin: "Baekjoon 12100",
    link: "https://www.acmicpc.net/problem/12100",
    summary: "Reads N and an N x N board of tiles (0 empty, else a power of two) and\n\
              prints the largest tile reachable in at most 5 moves.",
    limits: ProblemLimits {
        time_ms: 1000,
        memory_mib: 512,
    },
    accepts_rust: true,
    suite_cases: 240,
    // Measured by the commands' ignored test `suite_strength`: dear cases
    // (most of them 20 x 20 boards) that reject no mutant the others let
    // through, but for case 225, kept for its answer (32768), the pool's
    // largest, where a tile kept in 16 bits overflows.
    left_out: &[
        5, 8, 11, 16, 17, 18, 19, 20, 21, 22, 23, 24, 26, 27, 32, 35, 38, 40, 41, 43, 44, 45, 46,
        47, 48, 51, 52, 53, 55, 56, 59, 62, 65, 67, 69, 71, 72, 73, 75, 76, 78, 79, 80, 81, 82, 83,
        84, 86, 89, 97, 98, 102, 103, 104, 106, 108, 109, 110, 111, 112, 113, 116, 119, 123, 125,
        127, 128, 130, 131, 132, 135, 137, 138, 140, 143, 149, 152, 155, 156, 162, 163, 164, 165,
        166, 167, 168, 170, 173, 176, 182, 184, 186, 187, 189, 190, 191, 192, 193, 195, 196, 197,
        198, 200, 209, 212, 213, 214, 215, 218, 220, 221, 222, 224, 226, 227, 236, 239,
    ],
    quick_cases: &[151, 10, 14],
    call: None,
};

/// The most cell slides the reference solver may make: beyond it, it
/// refuses rather than run for minutes.
pub const NAIVE_WORK_LIMIT: u64 = 1 << 32;

/// The reference answer for `moves` moves, refused when it would take more
/// than [`NAIVE_WORK_LIMIT`] cell slides.
pub fn naive_answer(input: &[u8], moves: u32) -> Result<String, InputError> {
    let board = parse(input)?;
    let area = (board.rows() * board.rows()) as u64;
    // 4 + 16 + ... + 4^K boards, each slid cell by cell.
    let boards = (1..=moves).fold(0u64, |sum, k| sum.saturating_add(4u64.saturating_pow(k)));
    if boards.saturating_mul(area) > NAIVE_WORK_LIMIT {
        return Err(InputError::work_limit(format!(
            "the reference solver would slide more than 2^32 cells for {moves} moves on this \
             {0} x {0} board; use the fast solver (drop --naive)",
            board.rows()
        )));
    }
    Ok(crate::format_answer(crate::naive::solve(&board, moves)))
}

/// The explanation of the answer at `moves` moves, written to `out`
/// (nothing for an input that does not parse).
pub fn explain(input: &[u8], moves: u32, out: &mut dyn Write) -> std::io::Result<()> {
    match parse(input) {
        Ok(board) => crate::explain::explain(&board, moves, out),
        Err(_) => Ok(()),
    }
}

/// The replay at `moves` moves, headed `title`.
pub fn replay(input: &[u8], moves: u32, title: String) -> problem_kit::Replay {
    match parse(input) {
        Ok(board) => crate::replay::replay(&board, moves, &title),
        Err(e) => problem_kit::Replay::refused(title, e),
    }
}

/// The explanation and the replay at `moves` moves, from one search.
pub fn explain_and_replay(
    input: &[u8],
    moves: u32,
    title: String,
    out: &mut dyn Write,
) -> (std::io::Result<()>, problem_kit::Replay) {
    match parse(input) {
        Ok(board) => {
            let found = crate::search::best_line(&board, moves).ok();
            (
                crate::explain::explain_found(&board, moves, found.as_ref(), out),
                crate::replay::replay_found(&board, moves, found.as_ref(), &title),
            )
        }
        Err(e) => (Ok(()), problem_kit::Replay::refused(title, e)),
    }
}

/// Judge-valid boards of side at most `size + 1` (the judge's 20 at size
/// 19) for a judge that searches `moves` moves, or boards beyond the
/// judge's limits of side at most `size + 1` (64 at size 63).
pub fn generate(seed: u64, size: usize, space: Space, moves: u32) -> String {
    match space {
        Space::Judge => board_input(&judge_board(seed, size + 1, moves)),
        Space::Beyond => beyond_input(seed, size + 1),
    }
}

/// The largest size [`generate`] takes in `space`.
pub fn largest_size(space: Space) -> usize {
    match space {
        Space::Judge => 19,
        Space::Beyond => 63,
    }
}

/// Boards one step simpler than `input`'s (none for an input that does not
/// parse).
pub fn simplifications(input: &[u8]) -> Vec<Vec<u8>> {
    parse(input)
        .map(|board| {
            crate::generate::simplifications(&board)
                .iter()
                .map(|b| board_input(b).into_bytes())
                .collect()
        })
        .unwrap_or_default()
}

/// The side of `input`'s board, the size that matters in a
/// counterexample.
pub fn measure(input: &[u8]) -> Option<(u64, &'static str)> {
    parse(input)
        .ok()
        .map(|board| (board.rows() as u64, "cells a side"))
}

/// Implements [`problem_kit::Problem`] for the unit struct `$contract`: a 2048
/// problem with Baekjoon 12100's rules, described by `$info` (a `static`
/// [`problem_kit::Info`]), whose judge searches `$moves` moves (the default of
/// `--moves`). Its crate depends on `problem-kit` and `grid`.
///
/// A macro, because each problem's contract is a type of its own crate
/// (the registry names `NAME::contract::Contract`), and a trait of `problem-kit`
/// can be implemented for it only there; the work is in the functions of
/// this module, so that what the macro writes is one call per method.
#[macro_export]
macro_rules! impl_problem {
    ($contract:ty, $info:expr, $moves:expr) => {
        impl ::problem_kit::Problem for $contract {
            type Flags = $crate::contract::Moves<{ $moves }>;

            fn info(&self) -> &'static ::problem_kit::Info {
                &$info
            }

            fn judge_output(&self, input: &[u8]) -> Result<String, ::grid::InputError> {
                $crate::answer(input, $moves)
            }

            fn answer(
                &self,
                input: &[u8],
                flags: &Self::Flags,
            ) -> Result<String, ::grid::InputError> {
                $crate::answer(input, flags.moves)
            }

            fn naive(
                &self,
                input: &[u8],
                flags: &Self::Flags,
            ) -> Result<String, ::grid::InputError> {
                $crate::contract::naive_answer(input, flags.moves)
            }

            fn explain(
                &self,
                input: &[u8],
                flags: &Self::Flags,
                out: &mut dyn ::std::io::Write,
            ) -> ::std::io::Result<()> {
                $crate::contract::explain(input, flags.moves, out)
            }

            fn replay(&self, input: &[u8], flags: &Self::Flags) -> ::problem_kit::Replay {
                $crate::contract::replay(input, flags.moves, $info.heading())
            }

            /// Both from one search.
            fn explain_and_replay(
                &self,
                input: &[u8],
                flags: &Self::Flags,
                out: &mut dyn ::std::io::Write,
            ) -> (::std::io::Result<()>, ::problem_kit::Replay) {
                $crate::contract::explain_and_replay(input, flags.moves, $info.heading(), out)
            }

            fn validate(&self, input: &[u8]) -> Result<(), ::grid::InputError> {
                $crate::validate::validate(input)
            }

            fn generate(&self, seed: u64, size: usize, space: ::problem_kit::Space) -> String {
                $crate::contract::generate(seed, size, space, $moves)
            }

            fn largest_size(&self, space: ::problem_kit::Space) -> usize {
                $crate::contract::largest_size(space)
            }

            fn simplifications(&self, input: &[u8]) -> Vec<Vec<u8>> {
                $crate::contract::simplifications(input)
            }

            fn measure(&self, input: &[u8]) -> Option<(u64, &'static str)> {
                $crate::contract::measure(input)
            }
        }
    };
}
