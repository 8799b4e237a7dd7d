//! The problem contract: how the command line, the registry and the tools
//! see this problem. Never bundled (it uses the `cli` crate). Everything
//! but the name and the depth is game2048's.

use std::io::Write;

use cli::{Info, Limits, Options, Problem};
use game2048::contract::{
    board_input, explain_to, moves, moves_flag, naive_answer, random_board, replay_of,
};
use grid::InputError;

use crate::JUDGE_MOVES;

/// Baekjoon 12094, as the registry lists it.
pub struct Contract;

/// What Baekjoon 12094 looks like to the command line.
pub static INFO: Info = Info {
    name: "game2048-hard",
    title: "2048 (Hard)",
    judge: "Baekjoon 12094",
    link: "https://www.acmicpc.net/problem/12094",
    summary: "Reads N and an N x N board of tiles (0 empty, else a power of two) and\n\
              prints the largest tile reachable in at most 10 moves.",
    flags: &[moves_flag(JUDGE_MOVES as u64)],
    limits: Limits {
        time_ms: 1000,
        memory_mib: 512,
    },
    accepts_rust: true,
};

impl Problem for Contract {
    fn info(&self) -> &'static Info {
        &INFO
    }

    fn judge(&self, input: &[u8]) -> Result<String, InputError> {
        crate::judge(input)
    }

    fn answer(&self, input: &[u8], options: &Options) -> Result<String, InputError> {
        game2048::answer(input, moves(options, JUDGE_MOVES))
    }

    fn naive(&self, input: &[u8], options: &Options) -> Result<String, InputError> {
        naive_answer(input, moves(options, JUDGE_MOVES))
    }

    fn explain(&self, input: &[u8], options: &Options, out: &mut dyn Write) -> std::io::Result<()> {
        explain_to(input, moves(options, JUDGE_MOVES), out)
    }

    fn replay(&self, input: &[u8], options: &Options) -> cli::Replay {
        replay_of(input, moves(options, JUDGE_MOVES), &INFO)
    }

    /// game2048's random boards, one side smaller (the reference searches
    /// 4^10 sequences): side `size` (at least 2).
    fn generate(&self, seed: u64, size: usize) -> String {
        board_input(&random_board(seed, size.max(2) - 1))
    }
}
