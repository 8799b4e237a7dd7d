//! The problem contract: how the command line, the registry and the tools
//! see this problem. Never bundled (it uses the `cli` crate).

use std::io::Write;

use cli::{Flag, FlagKind, Info, Limits, Options, Problem, SplitMix64};
use grid::{Grid, InputError};

use crate::{parse, Board};

/// Baekjoon 12100, as the registry lists it.
pub struct Contract;

/// The `--moves K` flag, searching K moves instead of `default` (0 to 20).
/// Shared with the problems that reuse this engine with another depth.
pub const fn moves_flag(default: u64) -> Flag {
    Flag {
        name: "moves",
        help: "search K moves instead of the judge's number (0 to 20)",
        kind: FlagKind::Number {
            value_name: "K",
            low: 0,
            high: 20,
            default,
        },
    }
}

/// What Baekjoon 12100 looks like to the command line.
pub static INFO: Info = Info {
    name: "game2048",
    title: "2048 (Easy)",
    judge: "Baekjoon 12100",
    link: "https://www.acmicpc.net/problem/12100",
    summary: "Reads N and an N x N board of tiles (0 empty, else a power of two) and\n\
              prints the largest tile reachable in at most 5 moves.",
    flags: &[moves_flag(crate::JUDGE_MOVES as u64)],
    limits: Limits {
        time_ms: 1000,
        memory_mib: 512,
    },
    accepts_rust: true,
};

/// The most cell slides the reference solver may make: beyond it, it
/// refuses rather than run for minutes.
pub const NAIVE_WORK_LIMIT: u64 = 1 << 32;

/// The search depth `options` ask for, or `default`.
pub fn moves(options: &Options, default: u32) -> u32 {
    options.number("moves").map_or(default, |m| m as u32)
}

/// The reference answer for `moves` moves, refused when it would take more
/// than [`NAIVE_WORK_LIMIT`] cell slides.
pub fn naive_answer(input: &[u8], moves: u32) -> Result<String, InputError> {
    let board = parse(input)?;
    let area = (board.rows() * board.rows()) as u64;
    // 4 + 16 + ... + 4^K boards, each slid cell by cell.
    let boards = (1..=moves).fold(0u64, |sum, k| sum.saturating_add(4u64.saturating_pow(k)));
    if boards.saturating_mul(area) > NAIVE_WORK_LIMIT {
        return Err(InputError::new(format!(
            "the reference solver would slide more than 2^32 cells for {moves} moves on this \
             {0} x {0} board; use the fast solver (drop --naive)",
            board.rows()
        )));
    }
    Ok(crate::format_answer(crate::naive::solve(&board, moves)))
}

/// Writes the explanation of a search of `moves` moves.
pub fn explain_to(input: &[u8], moves: u32, out: &mut dyn Write) -> std::io::Result<()> {
    match parse(input) {
        Ok(board) => crate::explain::explain(&board, moves, out),
        Err(_) => Ok(()),
    }
}

/// The replay of a search of `moves` moves, titled for `info`.
pub fn replay_of(input: &[u8], moves: u32, info: &Info) -> cli::Replay {
    let title = info.heading();
    match parse(input) {
        Ok(board) => crate::replay::replay(&board, moves, &title),
        Err(e) => cli::Replay::refused(title, e),
    }
}

/// A random board: side `size + 1` (at most 20), tiles 2 to 32 on about
/// two cells in three, so that merges are common.
pub fn random_board(seed: u64, size: usize) -> Board {
    let mut rng = SplitMix64::new(seed);
    let side = (size + 1).clamp(1, 20);
    let cells = (0..side * side)
        .map(|_| match rng.below(3) {
            0 => 0,
            _ => 1u64 << rng.between(1, 5),
        })
        .collect();
    Grid::from_vec(side, side, cells).expect("side * side cells")
}

/// A board in the judge's format.
pub fn board_input(board: &Board) -> String {
    let mut text = format!("{}\n", board.rows());
    for row in 0..board.rows() {
        let cells: Vec<String> = (0..board.cols())
            .map(|c| board[(row, c)].to_string())
            .collect();
        text.push_str(&cells.join(" "));
        text.push('\n');
    }
    text
}

impl Problem for Contract {
    fn info(&self) -> &'static Info {
        &INFO
    }

    fn judge(&self, input: &[u8]) -> Result<String, InputError> {
        crate::judge(input)
    }

    fn answer(&self, input: &[u8], options: &Options) -> Result<String, InputError> {
        crate::answer(input, moves(options, crate::JUDGE_MOVES))
    }

    fn naive(&self, input: &[u8], options: &Options) -> Result<String, InputError> {
        naive_answer(input, moves(options, crate::JUDGE_MOVES))
    }

    fn explain(&self, input: &[u8], options: &Options, out: &mut dyn Write) -> std::io::Result<()> {
        explain_to(input, moves(options, crate::JUDGE_MOVES), out)
    }

    fn replay(&self, input: &[u8], options: &Options) -> cli::Replay {
        replay_of(input, moves(options, crate::JUDGE_MOVES), &INFO)
    }

    fn generate(&self, seed: u64, size: usize) -> String {
        board_input(&random_board(seed, size))
    }
}
