//! `cargo gen PROBLEM [--seed S] [--size N] [--beyond-judge]`: one random
//! input from the problem's generator (the one the property tests and
//! `cargo stress` use), the same for the same seed, size and space.

use std::io::Write;
use std::process::ExitCode;

use problem_kit::Space;
use tools::args;
use tools::output::ReportOutput;

const USAGE: &str = "\
usage: cargo gen PROBLEM [--seed S] [--size N] [--beyond-judge]

Prints a random input for PROBLEM (a problem's name, its judge's number, or
the number with the judge's prefix: see below), the same for the same seed
(default 0) and
size (default 2). It is within the judge's published constraints, so any
judge solution must answer it; with --beyond-judge it may use everything the
workspace's binaries accept past them (larger boards, other characters,
looser formatting). Size 1 is tiny; the largest sizes, judge-valid and
beyond, are:
";

fn main() -> ExitCode {
    tools::output::main(run)
}

fn run(out: &mut ReportOutput) -> Result<bool, String> {
    use lexopt::Arg::{Long, Short, Value};
    if out.was_closed() {
        return Err("standard output is closed, so the input would be lost".to_string());
    }
    let mut parser = lexopt::Parser::from_args(args::arguments("gen"));
    let (mut name, mut seed, mut size, mut space) = (None, 0u64, 2u64, Space::Judge);
    let see_help = |message: String| format!("{message} (see `cargo gen --help`)");
    while let Some(arg) = parser.next().map_err(|e| see_help(e.to_string()))? {
        match arg {
            Short('h') | Long("help") => {
                let _ = write!(out, "{USAGE}");
                for problem in registry::ALL {
                    let _ = writeln!(
                        out,
                        "  {:<14} {} and {}",
                        problem.info().name,
                        problem.largest_size(Space::Judge),
                        problem.largest_size(Space::Beyond)
                    );
                }
                let _ = write!(out, "\n{}", args::problems_help());
                return Ok(true);
            }
            Long("seed") => seed = args::number(&mut parser, "seed", 0, u64::MAX)?,
            // Bounded below by the generator's own range, named in full.
            Long("size") => {
                let text = args::text(&mut parser, "size")?;
                let text = text.to_string_lossy();
                size = text.trim().parse().map_err(|_| {
                    format!(
                        "--size takes a whole number (the generator's range follows from \
                         PROBLEM; see --help), not {}",
                        grid::input::quote(&text)
                    )
                })?;
            }
            Long("beyond-judge") => space = Space::Beyond,
            Value(v) if name.is_none() => name = Some(v.to_string_lossy().into_owned()),
            other => return Err(see_help(other.unexpected().to_string())),
        }
    }
    let name = name.ok_or_else(|| see_help("a PROBLEM is needed".to_string()))?;
    let problem = args::problem(&name)?;
    let largest = problem.largest_size(space);
    if size == 0 || size > largest as u64 {
        return Err(format!(
            "{name}'s {} generator takes sizes from 1 to {largest}, not {size}",
            space.label()
        ));
    }
    let text = problem.generate(seed, size as usize, space);
    // The report output keeps going past a failed write and remembers why
    // (a reader that went away is not a failure); the input is the whole
    // answer here, so a lost write is the command's failure.
    let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
    match out.lost() {
        None => Ok(true),
        Some(e) => Err(format!("cannot write standard output: {e}")),
    }
}
