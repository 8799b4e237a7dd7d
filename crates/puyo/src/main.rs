//! `puyo`: reads a field on stdin and prints the number of chains.

use std::process::ExitCode;

use grid::cli::{self, Args};
use puyo::Floating;

const USAGE: &str = "\
usage: puyo [--settle] [--explain] < input

Reads a Puyo Puyo field (Baekjoon 11559: 12 rows of 6 cells, `.` empty, a
letter a colour, `O` garbage) and prints the number of chains.

  --settle    let floating puyos fall first instead of rejecting the field
  --explain   also write each chain's groups, garbage and field to stderr
";

fn main() -> ExitCode {
    let mut args = Args::from_env("puyo", USAGE);
    let floating = if args.switch("--settle") {
        Floating::Settle
    } else {
        Floating::Reject
    };
    let explain = args.switch("--explain");
    if let Err(usage) = args.finish() {
        return usage.finish();
    }
    let (input, output) = match cli::read_and_answer(|input| puyo::answer(input, floating)) {
        Ok(answered) => answered,
        Err(status) => return status,
    };
    // The input is parsed a second time only for `--explain`.
    if let Some(Ok(field)) = explain.then(|| puyo::parse(&input, floating)) {
        cli::write_stderr(&puyo::explain::explain(&field));
    }
    cli::write_stdout(&output)
}
