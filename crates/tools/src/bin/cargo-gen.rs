//! `cargo gen PROBLEM [--seed S] [--size N] [--beyond-judge]`: one random
//! input from the problem's generator (the one the property tests and
//! `cargo stress` use), the same for the same seed, size and space.

use std::io::Write;
use std::process::ExitCode;

use problem_kit::Space;
use tools::args;
use tools::output::ReportOutput;

const SYNOPSIS: &str = "usage: cargo gen PROBLEM [--seed S] [--size N] [--beyond-judge]";

const ABOUT: &str = "Prints a random input for PROBLEM (a problem's name, its judge's number, \
or the number with the judge's prefix: see below), the same for the same seed and size. It is \
within the judge's published constraints, so any judge solution must answer it, unless \
--beyond-judge asks for more.";

fn main() -> ExitCode {
    tools::output::main(run)
}

/// The largest sizes of each problem's generators, for the help.
fn largest_sizes() -> String {
    let mut text = "The largest sizes, judge-valid and beyond:\n".to_string();
    for problem in registry::ALL {
        text += &format!(
            "  {:<14} {} and {}\n",
            problem.info().name,
            problem.largest_size(Space::Judge),
            problem.largest_size(Space::Beyond)
        );
    }
    text
}

fn run(out: &mut ReportOutput) -> Result<bool, String> {
    if out.was_closed() {
        return Err("standard output is closed, so the input would be lost".to_string());
    }
    let help = || args::help("gen", SYNOPSIS, ABOUT, &largest_sizes());
    let Some(mut args) = args::read("gen", help, out)? else {
        return Ok(true);
    };
    let name = args.problem("gen")?;
    if let Some(extra) = args.values.first() {
        let error = lexopt::Error::UnexpectedArgument(extra.clone());
        return Err(args::see_help("gen", &error.to_string()));
    }
    let (seed, size) = (args.seed.unwrap_or(0), args.size.unwrap_or(2));
    let space = if args.solution.beyond_judge {
        Space::Beyond
    } else {
        Space::Judge
    };
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
