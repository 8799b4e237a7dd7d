//! A judging, rendered: the heading, a line per case (with the diff of a
//! wrong answer, the signal and stderr of a run-time error), then what was
//! skipped, the slowest case and `N passed, M failed`.

use engine::cases::Case;
use std::io::Write;
use std::time::Duration;

use cli::Info;
use engine::judging::{Against, CaseResult, Tally};
use engine::runner::{contain, signal_name, Ending, Limits, Outcome, Stop};
use engine::solution::Prepared;
use engine::text::{printable, printable_ascii};
use engine::verdict::{line_diff_bytes, Verdict};

use super::counted;
use super::status::StatusLine;
use crate::args::Resolved;

/// How many cases a judging runs: its golden ones and the judge suite's.
#[derive(Clone, Copy, Debug)]
pub struct Counts {
    pub golden: usize,
    pub suite: usize,
}

/// The heading: the problem, the cases and who answers them, then the
/// limits and where they come from.
pub fn write_heading(
    out: &mut dyn Write,
    info: &Info,
    counts: Counts,
    resolved: &Resolved,
    prepared: Option<&Prepared>,
    limits: &Limits,
) -> std::io::Result<()> {
    let who = match (&resolved.solution, prepared) {
        (Some(solution), Some(prepared)) => {
            super::solution_heading(solution, resolved.language, &prepared.how)
        }
        _ => "the workspace's solver".to_string(),
    };
    let cases = match counts.suite {
        0 => counted(counts.golden as u64, "case"),
        suite => format!(
            "{} and the judge suite's {suite}",
            counted(counts.golden as u64, "case")
        ),
    };
    writeln!(out, "{}: {cases}, {who}", info.heading())?;
    writeln!(
        out,
        "limits: {} ms, {} MiB{}",
        limits.time.as_millis(),
        limits.memory >> 20,
        resolved.limits_source
    )?;
    if resolved.language.is_none() && resolved.solution.is_some() {
        writeln!(
            out,
            "note: the problem's base limits, which a judge gives C++; for another \
             language's, add --lang (py, java, js, ...)"
        )?;
    }
    super::write_notes(out, prepared)
}

/// The width of the case-name column for these names (at most 40).
pub fn name_width<'a>(names: impl Iterator<Item = &'a str>) -> usize {
    names.map(str::len).max().unwrap_or(0).min(40)
}

/// One case's result, as it comes: a line for each, but for the judge
/// suite's passes, which are counted (see [`Progress`]).
pub fn write_case(
    out: &mut dyn Write,
    result: &CaseResult,
    problem: &str,
    width: usize,
) -> std::io::Result<()> {
    if !is_listed(result) {
        return Ok(());
    }
    match result {
        CaseResult::Bad { case, message } => writeln!(
            out,
            "{:<3}  {:<width$}  {message}",
            Verdict::BadCase.code(),
            case.name
        ),
        CaseResult::Ran {
            case,
            verdict,
            outcome,
            expected,
            limits,
            against,
            reformatted,
        } => {
            let mut note = match against {
                Against::Workspace => "  (no .out: against the workspace's answer)",
                Against::ExpectedBeyondJudge => "  (beyond the judge's constraints)",
                Against::Expected => "",
            }
            .to_string();
            if !reformatted.is_empty() {
                note += &format!("  (read as the judge sends it: {})", reformatted.join(", "));
            }
            writeln!(
                out,
                "{:<3}  {:<width$}  {:>8.1} ms (cpu {:>7.1} ms)  {:>7.1} MiB{note}",
                verdict.code(),
                case.name,
                outcome.wall.as_secs_f64() * 1000.0,
                outcome.cpu.as_secs_f64() * 1000.0,
                outcome.peak_memory as f64 / (1 << 20) as f64,
            )?;
            if *verdict != Verdict::Accepted {
                write_details(out, *verdict, outcome, expected, limits)?;
                write_input_head(case, problem, out)?;
            }
            Ok(())
        }
    }
}

/// The details a failed verdict needs.
fn write_details(
    out: &mut dyn Write,
    verdict: Verdict,
    outcome: &Outcome,
    expected: &[u8],
    limits: &Limits,
) -> std::io::Result<()> {
    match verdict {
        Verdict::Accepted | Verdict::CompileError | Verdict::BadCase => return Ok(()),
        Verdict::WrongAnswer => {
            writeln!(out, "     output differs (- expected, + actual):")?;
            let diff = line_diff_bytes(expected, &outcome.stdout).unwrap_or_default();
            for line in diff.lines() {
                writeln!(out, "     {}", printable_ascii(line))?;
            }
        }
        Verdict::RuntimeError => writeln!(out, "     {}", how_it_ended(outcome))?,
        Verdict::TimeLimitExceeded => writeln!(
            out,
            "     the limit is {} ms of processor time{}",
            limits.time.as_millis(),
            match outcome.stopped {
                Some(Stop::Time) if outcome.cpu > limits.time =>
                    "; stopped once past it".to_string(),
                Some(Stop::Time) => format!(
                    "; stopped at {} ms of wall clock, as a hang",
                    outcome.wall.as_millis()
                ),
                _ => String::new(),
            }
        )?,
        Verdict::MemoryLimitExceeded => writeln!(
            out,
            "     the limit is {} MiB (peak resident memory){}",
            limits.memory >> 20,
            if outcome.stopped == Some(Stop::Memory) {
                "; stopped there"
            } else {
                ""
            }
        )?,
        Verdict::OutputLimitExceeded => writeln!(
            out,
            "     wrote more than {} bytes to stdout, and was stopped",
            limits.output
        )?,
    }
    if !outcome.stderr.is_empty() && verdict != Verdict::WrongAnswer {
        write_stderr_tail(out, outcome)?;
    }
    match outcome.stragglers {
        0 => Ok(()),
        1 => writeln!(
            out,
            "     1 of its processes was still running when it ended, and was killed"
        ),
        n => writeln!(
            out,
            "     {n} of its processes were still running when it ended, and were killed"
        ),
    }
}

/// How a run that failed ended: `killed by SIGSEGV (...)`, `exited with
/// status 1`, or stopped for its processes.
pub fn how_it_ended(outcome: &Outcome) -> String {
    match (outcome.stopped, outcome.ending) {
        (Some(Stop::Processes), _) => {
            format!(
                "started more than {} processes and threads at once, and was stopped",
                contain::max_tasks()
            )
        }
        (_, Ending::Signalled(signal)) => format!("killed by {}", signal_name(signal)),
        (_, Ending::Exited(status)) => format!("exited with status {status}"),
    }
}

/// A run's stderr where the error is: all of it when short; else its
/// first lines (a Java or node.js exception names itself there, above its
/// stack frames) and its last (a Python traceback ends with its error).
pub fn write_stderr_tail(out: &mut dyn Write, outcome: &Outcome) -> std::io::Result<()> {
    const FIRST: usize = 3;
    const LAST: usize = 9;
    let text = String::from_utf8_lossy(&outcome.stderr);
    let lines: Vec<&str> = text.lines().collect();
    let long = lines.len() > FIRST + LAST;
    // The runner keeps only the end of a long stderr: its first lines
    // are then not the program's first.
    let (head, tail): (&[&str], &[&str]) = if !long {
        (&[], &lines)
    } else if outcome.stderr_cut {
        (&[], &lines[lines.len() - FIRST - LAST..])
    } else {
        (&lines[..FIRST], &lines[lines.len() - LAST..])
    };
    writeln!(
        out,
        "     stderr{}:",
        match (long, outcome.stderr_cut) {
            (false, false) => "",
            (_, true) => " (its last lines)",
            (true, false) => " (its first and last lines)",
        }
    )?;
    let show = |out: &mut dyn Write, line: &str| {
        let shown: String = line.chars().take(200).collect();
        writeln!(out, "       {}", printable(&shown))
    };
    for line in head {
        show(out, line)?;
    }
    if !head.is_empty() {
        writeln!(out, "       ...")?;
    }
    for line in tail {
        show(out, line)?;
    }
    Ok(())
}

/// An input, for a failed case: all of it when it is short (a judge's
/// Puyo field is 12 lines, its bottom the part that matters), else its
/// first lines.
/// A judge suite's case is named by the `cargo gen` line that makes it
/// again (its file is in the run's scratch folder, gone after the run).
fn write_input_head(case: &Case, problem: &str, out: &mut dyn Write) -> std::io::Result<()> {
    const WHOLE: usize = 16;
    const HEAD: usize = 6;
    let bytes = engine::cases::read_case_file(&case.input).unwrap_or_default();
    let text = String::from_utf8_lossy(&bytes);
    let total = text.lines().count();
    let shown = if total <= WHOLE { total } else { HEAD };
    let path = match engine::suite::size_and_seed(case) {
        Some((size, seed)) => format!("cargo gen {problem} --seed {seed} --size {size}"),
        None => printable(&case.input.display().to_string()).into_owned(),
    };
    if shown == total {
        writeln!(out, "     input ({path}):")?;
    } else {
        writeln!(out, "     input ({path}, first {shown} of {total} lines):")?;
    }
    for line in text.lines().take(shown) {
        let shown: String = line.chars().take(100).collect();
        writeln!(out, "       {}", printable_ascii(&shown))?;
    }
    Ok(())
}

/// Whether a case's result gets lines of its own: all but the judge
/// suite's passes, which are only counted.
pub fn is_listed(result: &CaseResult) -> bool {
    !matches!(result, CaseResult::Ran {
        case,
        verdict: Verdict::Accepted,
        ..
    } if engine::suite::is_suite_case(case))
}

/// The judging's progress: a line on stderr, redrawn after each case, when
/// stderr is a terminal (and nothing otherwise); and the judge suite's
/// counts, for the summary.
pub struct Progress {
    total: usize,
    done: usize,
    suite_passed: usize,
    suite_failed: usize,
    line: StatusLine,
}

impl Progress {
    pub fn new(total: usize) -> Progress {
        Progress {
            total,
            done: 0,
            suite_passed: 0,
            suite_failed: 0,
            line: StatusLine::on_stderr(),
        }
    }

    /// Counts a case's result, and redraws the line.
    pub fn step(&mut self, result: &CaseResult) {
        self.done += 1;
        if let CaseResult::Ran { case, verdict, .. } = result {
            if engine::suite::is_suite_case(case) {
                match verdict {
                    Verdict::Accepted => self.suite_passed += 1,
                    _ => self.suite_failed += 1,
                }
            }
        }
        let (done, total) = (self.done, self.total);
        self.line.draw(|| format!("{done}/{total} cases judged"));
    }

    /// Clears the line, before a case's report or the summary.
    pub fn clear(&self) {
        self.line.clear();
    }
}

/// What was skipped and why, the judge suite's counts, the slowest case,
/// and `N passed, M failed`.
pub fn write_summary(
    out: &mut dyn Write,
    tally: &Tally,
    time: Duration,
    progress: &Progress,
) -> std::io::Result<()> {
    if progress.suite_passed + progress.suite_failed > 0 {
        let not_run = match tally.suite_not_run {
            0 => String::new(),
            n => format!(", {n} not run: it stops at its first failure, as a judge does"),
        };
        writeln!(
            out,
            "judge suite: {} passed, {} failed{not_run}; its passes are counted, not listed",
            progress.suite_passed, progress.suite_failed
        )?;
    }
    if !tally.beyond_skipped.is_empty() {
        writeln!(
            out,
            "skipped {} beyond the judge's constraints (add --beyond-judge to run them):",
            counted(tally.beyond_skipped.len() as u64, "case")
        )?;
        for (name, why) in &tally.beyond_skipped {
            writeln!(out, "     {name}: {why}")?;
        }
    }
    if tally.flags_skipped > 0 {
        writeln!(
            out,
            "skipped {} with the workspace's flags (flags/): a judge solution never gets them",
            counted(tally.flags_skipped as u64, "case")
        )?;
    }
    // The suite's cases not run are judge-valid too: they were made so.
    let census = tally.census;
    writeln!(
        out,
        "cases by the validator: {} judge-valid, {} beyond the judge's constraints, {} with flags",
        census.judge + tally.suite_not_run,
        census.beyond,
        census.flags
    )?;
    if let Some((name, taken)) = &tally.slowest {
        writeln!(
            out,
            "slowest: {name} ({:.1} ms of processor time; the limit is {} ms)",
            taken.as_secs_f64() * 1000.0,
            time.as_millis()
        )?;
    }
    if tally.interrupted {
        writeln!(
            out,
            "interrupted: the counts are of the cases run before it, not of every case"
        )?;
    }
    writeln!(out, "{} passed, {} failed", tally.passed, tally.failed)
}
