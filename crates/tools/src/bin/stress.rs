//! `cargo stress PROBLEM [--seconds N] [--seed S] [--size N]`: generated
//! inputs, the fast answer against the reference, until they differ or
//! time runs out (see `tools::stress`).

use std::process::ExitCode;
use std::time::Duration;

use tools::stress::{search, shrink};

const USAGE: &str = "\
usage: cargo stress PROBLEM [--seconds N] [--seed S] [--size N]

Generates inputs (seeds from S on, default: from the clock; sizes 1 to N,
default 3) and compares the fast answer with the reference's for N seconds
(default 10). On a difference it shrinks the input, writes it as
inputs/PROBLEM/stress-SEED.in with the reference's answer as .out (or as
errors/stress-SEED.in with .err when the reference refuses it), prints the
diff and exits with status 1.
";

fn main() -> ExitCode {
    tools::finish(run())
}

fn run() -> Result<bool, String> {
    use lexopt::Arg::{Long, Short, Value};
    let mut parser = lexopt::Parser::from_env();
    let (mut name, mut seconds, mut seed, mut size) = (None, 10u64, None, 3usize);
    while let Some(arg) = parser.next().map_err(|e| e.to_string())? {
        match arg {
            Short('h') | Long("help") => {
                print!("{USAGE}");
                return Ok(true);
            }
            Long("seconds") => seconds = tools::flag_number(&mut parser, "seconds")?,
            Long("seed") => seed = Some(tools::flag_number(&mut parser, "seed")?),
            Long("size") => size = tools::flag_number(&mut parser, "size")?,
            Value(v) if name.is_none() => name = Some(v.to_string_lossy().into_owned()),
            other => {
                return Err(format!(
                    "{} (see `cargo stress --help`)",
                    other.unexpected()
                ))
            }
        }
    }
    let name = name.ok_or("a PROBLEM is needed (see `cargo stress --help`)")?;
    let problem = tools::problem(&name)?;
    let first = seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs())
    });
    let time = Duration::from_secs(seconds);
    let (passed, failure) = search(problem, first, size, time);
    let Some(failure) = failure else {
        println!("{name}: fast == reference on {passed} generated inputs (seeds from {first})");
        println!("{passed} passed, 0 failed");
        return Ok(true);
    };
    let seed = failure.seed;
    println!(
        "{name}: seed {seed} (size {}) differs; shrinking...",
        failure.size
    );
    let small = shrink(problem, failure, Duration::from_secs(10));
    let folder = tools::workspace_root()
        .join("inputs")
        .join(problem.info().name);
    let (input_path, expected_path, expected) = match &small.reference {
        Ok(answer) => (
            folder.join(format!("stress-{seed}.in")),
            folder.join(format!("stress-{seed}.out")),
            answer.clone(),
        ),
        Err(message) => (
            folder.join(format!("errors/stress-{seed}.in")),
            folder.join(format!("errors/stress-{seed}.err")),
            format!("error: {message}\n"),
        ),
    };
    std::fs::write(&input_path, &small.input).map_err(|e| e.to_string())?;
    std::fs::write(&expected_path, &expected).map_err(|e| e.to_string())?;
    println!(
        "input ({}):\n{}",
        input_path.display(),
        small.input.trim_end()
    );
    let shown = |r: &Result<String, String>| match r {
        Ok(text) => text.clone(),
        Err(message) => format!("error: {message}\n"),
    };
    let diff = golden::line_diff(&shown(&small.reference), &shown(&small.fast)).unwrap_or_default();
    println!("reference (-) against fast (+):\n{diff}");
    println!(
        "saved as {} with {}",
        input_path.display(),
        expected_path.display()
    );
    println!("{passed} passed, 1 failed");
    Ok(false)
}
