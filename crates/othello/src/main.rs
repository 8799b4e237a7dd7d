//! `othello`: reads the judge's cases on stdin and prints `#t black white` lines.

use std::process::ExitCode;

use grid::cli::{self, Args};

const USAGE: &str = "\
usage: othello < input

Reads T test cases of Othello moves (SWEA 4615) and prints `#t black white`
for each: the stone counts after replaying the moves.
";

fn main() -> ExitCode {
    let args = Args::from_env("othello", USAGE);
    if let Err(usage) = args.finish() {
        return usage.finish();
    }
    let result = cli::read_stdin()
        .and_then(|bytes| othello::parse(&bytes))
        .and_then(|cases| othello::solve(&cases));
    match result {
        Ok(counts) => cli::write_stdout(&othello::format_answers(&counts)),
        Err(error) => cli::fail_input(&error),
    }
}
