//! `othello`: reads the judge's cases on stdin and prints `#t black white` lines.

use std::process::ExitCode;

use grid::cli::{self, Args};

const USAGE: &str = "\
usage: othello [--explain] < input

Reads T test cases of Othello moves (SWEA 4615) and prints `#t black white`
for each: the stone counts after replaying the moves.

  --explain   also write the board after each move to stderr
";

fn main() -> ExitCode {
    let mut args = Args::from_env("othello", USAGE);
    let explain = args.switch("--explain");
    if let Err(usage) = args.finish() {
        return usage.finish();
    }
    let (input, output) = match cli::read_and_answer(othello::judge) {
        Ok(answered) => answered,
        Err(status) => return status,
    };
    // The input is parsed a second time only for `--explain`.
    if let Some(Ok(cases)) = explain.then(|| othello::parse(&input)) {
        cli::write_stderr(&othello::explain::explain(&cases));
    }
    cli::write_stdout(&output)
}
