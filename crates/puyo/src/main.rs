//! `puyo`: reads a field on stdin and prints the number of chains.

use std::process::ExitCode;

use grid::cli::{self, Args};
use puyo::Floating;

const USAGE: &str = "\
usage: puyo [--settle] < input

Reads a Puyo Puyo field (Baekjoon 11559: 12 rows of 6 cells, `.` empty, a
letter a colour, `O` garbage) and prints the number of chains.

  --settle    let floating puyos fall first instead of rejecting the field
";

fn main() -> ExitCode {
    let mut args = Args::from_env("puyo", USAGE);
    let floating = if args.switch("--settle") {
        Floating::Settle
    } else {
        Floating::Reject
    };
    if let Err(usage) = args.finish() {
        return usage.finish();
    }
    let field = match cli::read_stdin().and_then(|bytes| puyo::parse(&bytes, floating)) {
        Ok(field) => field,
        Err(error) => return cli::fail_input(&error),
    };
    cli::write_stdout(&puyo::format_answer(puyo::chain_count(&field)))
}
