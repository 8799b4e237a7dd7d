//! `footholds`: reads `board aloc bloc` triples on stdin and prints each answer.

use std::process::ExitCode;

use grid::cli::{self, Args};

const USAGE: &str = "\
usage: footholds < input

Reads one or more `board aloc bloc` triples written as JSON arrays
(Programmers 92345), e.g. `[[1, 1, 1], [1, 1, 1], [1, 1, 1]] [1, 0] [1, 2]`,
and prints for each the total number of moves under optimal play.
";

fn main() -> ExitCode {
    let args = Args::from_env("footholds", USAGE);
    if let Err(usage) = args.finish() {
        return usage.finish();
    }
    let games = match cli::read_stdin().and_then(|bytes| footholds::parse(&bytes)) {
        Ok(games) => games,
        Err(error) => return cli::fail_input(&error),
    };
    let answers: Vec<u32> = games.iter().map(footholds::solve).collect();
    cli::write_stdout(&footholds::format_answers(&answers))
}
