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
    let bytes = match cli::read_stdin() {
        Ok(bytes) => bytes,
        Err(error) => return cli::fail_input(&error),
    };
    let answer = match othello::run(&bytes) {
        Ok(answer) => answer,
        Err(error) => return cli::fail_input(&error),
    };
    if explain {
        if let Ok(cases) = othello::parse(&bytes) {
            cli::write_stderr(&othello::explain::explain(&cases));
        }
    }
    cli::write_stdout_bytes(&answer)
}
