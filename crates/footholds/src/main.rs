//! `footholds`: reads `board aloc bloc` triples on stdin and prints each answer.

use std::process::ExitCode;

use grid::cli::{self, Args};

const USAGE: &str = "\
usage: footholds [--explain] < input

Reads one or more `board aloc bloc` triples written as JSON arrays
(Programmers 92345), e.g. `[[1, 1, 1], [1, 1, 1], [1, 1, 1]] [1, 0] [1, 2]`,
and prints for each the total number of moves under optimal play.

  --explain   also write one optimal line of play, the winner and the final
              board of each game to stderr
";

fn main() -> ExitCode {
    let mut args = Args::from_env("footholds", USAGE);
    let explain = args.switch("--explain");
    if let Err(usage) = args.finish() {
        return usage.finish();
    }
    let (input, output) = match cli::read_and_answer(footholds::judge) {
        Ok(answered) => answered,
        Err(status) => return status,
    };
    // The input is parsed a second time only for `--explain`.
    if let Some(Ok(games)) = explain.then(|| footholds::parse(&input)) {
        for (index, game) in games.iter().enumerate() {
            let text = footholds::explain::explain(game);
            cli::write_stderr(&format!("game {}:\n{text}", index + 1));
        }
    }
    cli::write_stdout(&output)
}
