//! `game2048`: reads the judge's input on stdin and prints the answer.

use std::process::ExitCode;

use grid::cli::{self, Args};

const USAGE: &str = "\
usage: game2048 [--moves K] [--explain] < input

Reads N and an N x N board (Baekjoon 12100) and prints the largest tile
reachable in at most K moves (default 5).

  --moves K   search K moves instead of 5 (0 to 20)
  --explain   also write one best move sequence and the boards to stderr
";

fn main() -> ExitCode {
    let mut args = Args::from_env("game2048", USAGE);
    let explain = args.switch("--explain");
    let moves = match args.number("--moves", 0, 20) {
        Ok(moves) => moves.map_or(game2048::JUDGE_MOVES, |m| m as u32),
        Err(usage) => return usage.finish(),
    };
    if let Err(usage) = args.finish() {
        return usage.finish();
    }
    let (input, output) = match cli::read_and_answer(|input| game2048::answer(input, moves)) {
        Ok(answered) => answered,
        Err(status) => return status,
    };
    // The input is parsed a second time only for `--explain`.
    if let Some(Ok(board)) = explain.then(|| game2048::parse(&input)) {
        cli::write_stderr(&game2048::explain::explain(&board, moves));
    }
    cli::write_stdout(&output)
}
