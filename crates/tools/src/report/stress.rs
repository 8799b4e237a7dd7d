//! A stress search, rendered: the heading, how the search ended, and a
//! failure in full (the shrunk input, both answers, their diff, where it
//! was saved and the command that explains it), with the runs that
//! disagreed when the solution's answers are not the same from run to run.

use std::io::Write;
use std::path::Path;
use std::time::Instant;

use engine::shrink::Shrunk;
use engine::stress::{Failure, Gave, Got, Progress};
use engine::text::printable_ascii;
use engine::toolchain::names::UsersNames;
use engine::verdict::{line_diff, Verdict};
use problem_kit::{AnyProblem, Info, Space};

use super::{counted, shell_quote};

/// The progress line's text: the inputs run, their rate and the largest
/// size reached while searching; the candidates run and the smallest
/// failure's measure while shrinking. `started` is when the search started.
pub fn progress_text(progress: Progress, largest_size: usize, started: Instant) -> String {
    let seconds = started.elapsed().as_secs_f64();
    match progress {
        Progress::Searching { tested, .. } => format!(
            "{} run, {:.0} a second, sizes up to {largest_size} ({seconds:.0} s)",
            counted(tested, "input"),
            tested as f64 / seconds.max(1e-3)
        ),
        Progress::Shrinking { tried, smallest } => format!(
            "shrinking: {} run, the smallest failure {} {} ({seconds:.0} s)",
            counted(tried as u64, "candidate"),
            smallest.value,
            smallest.unit
        ),
    }
}

/// The line that says what the search found and whether shrinking starts
/// (not for a failure whose runs disagreed), and the `cargo gen` line that
/// brings the failing input back.
pub fn write_found(out: &mut dyn Write, info: &Info, failure: &Failure) -> std::io::Result<()> {
    let unsteady = failure.unsteady.is_some();
    writeln!(
        out,
        "seed {} (size {}, {}) fails{}{}",
        failure.seed,
        failure.size,
        failure.space.label(),
        failure
            .verdict()
            .map_or(String::new(), |v| format!(": {}", v.code())),
        if unsteady { "" } else { "; shrinking..." }
    )?;
    // The same input again, for the user's own runs: the search's sizes
    // depend on how many inputs came before, so `--seed` alone does not
    // bring it back.
    writeln!(
        out,
        "the input{}: cargo gen {} --seed {} --size {}{}",
        if unsteady { "" } else { " before shrinking" },
        info.name,
        failure.seed,
        failure.size,
        if failure.space == Space::Beyond {
            " --beyond-judge"
        } else {
            ""
        }
    )
}

/// How the shrinking went: the sizes before and after in the problem's
/// unit, the time, the steps and runs, and how small the result is known
/// to be. "Shrunk" and "smaller" are said only after a step was taken.
pub fn write_shrunk(
    out: &mut dyn Write,
    shrunk: &Shrunk,
    interrupted: bool,
) -> std::io::Result<()> {
    let (before, after) = (shrunk.before, shrunk.after);
    let seconds = shrunk.elapsed.as_secs_f64();
    let runs = counted(shrunk.tried as u64, "candidate");
    let how = if shrunk.steps == 0 {
        format!(
            "not shrunk: {} {} after {seconds:.1} s ({runs} run)",
            before.value, before.unit
        )
    } else if after.value < before.value {
        format!(
            "shrunk from {} to {} {} in {seconds:.1} s ({}, {runs} run)",
            before.value,
            after.value,
            after.unit,
            counted(shrunk.steps as u64, "step")
        )
    } else {
        format!(
            "simplified at {} {} in {seconds:.1} s ({}, {runs} run)",
            after.value,
            after.unit,
            counted(shrunk.steps as u64, "step")
        )
    };
    let what = if shrunk.minimal {
        let pairs = if shrunk.pairs_tried {
            ", nor any two together"
        } else {
            ""
        };
        format!("a locally minimal input: no single simplification of it still fails{pairs}")
    } else {
        let stopped = if shrunk.unsteady.is_some() {
            "stopped at a candidate whose runs disagreed"
        } else if shrunk.cut {
            "stopped at a candidate that could not be run (its scratch folder took no run)"
        } else if interrupted {
            "interrupted"
        } else {
            "the time for shrinking ran out"
        };
        if shrunk.steps == 0 {
            format!("{stopped} before a smaller input was found")
        } else {
            format!("a smaller input ({stopped} before it was minimal)")
        }
    };
    writeln!(out, "{how}: {what}")
}

/// The runs that disagreed, when there were such: of the failure itself
/// (it was not shrunk), or of a smaller candidate (the shrink stopped
/// there, and the failure shown failed on every run).
pub fn write_unsteady(
    out: &mut dyn Write,
    problem: &dyn AnyProblem,
    failure: &Failure,
) -> std::io::Result<()> {
    let Some(unsteady) = &failure.unsteady else {
        return Ok(());
    };
    let what = if unsteady.input == failure.input {
        "; an input that does not fail on every run is not shrunk".to_string()
    } else {
        let measure = engine::shrink::measure(problem, &unsteady.input);
        format!(
            " (a candidate of {} {}: the shrink stopped there; the input below \
             failed on every run)",
            measure.value, measure.unit
        )
    };
    writeln!(
        out,
        "nondeterministic: the same input gave {}, then {}{what}",
        briefly(&unsteady.first),
        briefly(&unsteady.then)
    )
}

/// A run in a few words: its verdict and its answer's first line.
fn briefly(gave: &Gave) -> String {
    const MOST: usize = 40;
    let Some(answer) = &gave.answer else {
        return gave.verdict.to_string();
    };
    if answer.is_empty() {
        return format!("{} (no output)", gave.verdict);
    }
    let line = answer.lines().next().unwrap_or_default();
    let mut shown = printable_ascii(line).into_owned();
    if shown.chars().count() > MOST {
        shown = shown.chars().take(MOST).collect::<String>() + "...";
    }
    format!("{} \"{shown}\"", gave.verdict)
}

/// A failure's answers as text: what the subject was held to, and what it
/// gave.
pub fn answers(failure: &Failure) -> (String, String) {
    let shown = |r: &Result<String, String>| match r {
        Ok(text) => text.clone(),
        Err(message) => format!("error: {message}\n"),
    };
    let got = match &failure.got {
        Got::Answer(answer) => shown(answer),
        Got::Run(_, outcome) => String::from_utf8_lossy(&outcome.stdout).into_owned(),
    };
    (shown(&failure.expected), got)
}

/// Prints the failing input, both answers and their diff, and what the
/// solution wrote on stderr in the user's `names`.
pub fn write_failure(
    out: &mut dyn Write,
    failure: &Failure,
    names: &UsersNames,
) -> std::io::Result<()> {
    let lines = |out: &mut dyn Write, text: &str, most: usize| -> std::io::Result<()> {
        for line in text.lines().take(most) {
            writeln!(out, "  {}", printable_ascii(line))?;
        }
        Ok(())
    };
    writeln!(out, "input:")?;
    lines(out, &String::from_utf8_lossy(&failure.input), usize::MAX)?;
    let (expected, got) = answers(failure);
    let label = match &failure.got {
        Got::Answer(_) => "the reference's",
        Got::Run(..) => "the workspace's",
    };
    writeln!(out, "expected ({label} answer):")?;
    lines(out, &expected, usize::MAX)?;
    match &failure.got {
        Got::Answer(_) => writeln!(out, "the fast solver's answer:")?,
        Got::Run(verdict, outcome) => {
            writeln!(out, "got ({}):", verdict.code())?;
            if *verdict != Verdict::WrongAnswer {
                writeln!(
                    out,
                    "  ({} after {:.1} ms of processor time, {:.1} ms of wall clock, {:.1} MiB)",
                    super::case::how_it_ended(outcome),
                    outcome.cpu.as_secs_f64() * 1000.0,
                    outcome.wall.as_secs_f64() * 1000.0,
                    outcome.peak_memory as f64 / (1 << 20) as f64
                )?;
            }
        }
    }
    lines(out, &got, 40)?;
    if let Some(diff) = line_diff(&expected, &got) {
        writeln!(out, "diff (- expected, + got):")?;
        for line in diff.lines() {
            writeln!(out, "{}", printable_ascii(line))?;
        }
    }
    if let Got::Run(_, outcome) = &failure.got {
        if !outcome.stderr.is_empty() {
            super::case::write_stderr_tail(out, outcome, names)?;
        }
    }
    Ok(())
}

/// Where the failure was saved, and the command that explains it; or why
/// it could not be saved.
pub fn write_saved(
    out: &mut dyn Write,
    info: &Info,
    saved: Result<(std::path::PathBuf, std::path::PathBuf), std::io::Error>,
    save_dir: &Path,
    workspace: &Path,
) -> std::io::Result<()> {
    match saved {
        Ok((input, answer)) => {
            writeln!(out, "saved: {} with {}", input.display(), answer.display())?;
            writeln!(
                out,
                "the workspace explains it: cargo run --release --manifest-path {} --bin {} -- \
                 --explain {}",
                shell_quote(&workspace.join("Cargo.toml").to_string_lossy()),
                info.name,
                shell_quote(&input.to_string_lossy())
            )
        }
        Err(e) => writeln!(
            out,
            "could not save the case in {}: {e}",
            save_dir.display()
        ),
    }
}
