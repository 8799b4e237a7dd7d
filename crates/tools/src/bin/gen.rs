//! `cargo gen PROBLEM [--seed S] [--size N]`: one random judge-format input
//! from the problem's generator (the one the property tests and `cargo
//! stress` use), the same for the same seed and size.

use std::process::ExitCode;

const USAGE: &str = "\
usage: cargo gen PROBLEM [--seed S] [--size N]

Prints a random judge-format input for PROBLEM, the same for the same seed
(default 0) and size (default 2; 1 is tiny, the reference solver answers
sizes up to 3 in well under a second).
";

fn main() -> ExitCode {
    tools::finish(run().map(|()| true))
}

fn run() -> Result<(), String> {
    use lexopt::Arg::{Long, Short, Value};
    let mut parser = lexopt::Parser::from_env();
    let (mut name, mut seed, mut size) = (None, 0u64, 2usize);
    while let Some(arg) = parser.next().map_err(|e| e.to_string())? {
        match arg {
            Short('h') | Long("help") => {
                print!("{USAGE}");
                return Ok(());
            }
            Long("seed") => seed = tools::flag_number(&mut parser, "seed")?,
            Long("size") => size = tools::flag_number(&mut parser, "size")?,
            Value(v) if name.is_none() => name = Some(v.to_string_lossy().into_owned()),
            other => return Err(format!("{} (see `cargo gen --help`)", other.unexpected())),
        }
    }
    let name = name.ok_or("a PROBLEM is needed (see `cargo gen --help`)")?;
    print!("{}", tools::problem(&name)?.generate(seed, size.max(1)));
    Ok(())
}
