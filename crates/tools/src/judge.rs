//! `cargo judge PROBLEM [DIR...] [SOLUTION]`: runs a solution on every case
//! of the folders as a judge does, and gives each a verdict with its time
//! and peak memory against the judge's limits.
//!
//! Verdicts: `AC` accepted; `WA` wrong answer (a line diff follows, and the
//! head of the input); `RE` a run-time error (a non-zero status or a signal,
//! named, with the end of stderr); `TLE` past the time limit (wall clock,
//! with processor time beside it); `MLE` past the memory limit (peak
//! resident memory); `OLE` past the output limit; `CE` a compile error;
//! `ERR` a case whose own files cannot be read (the run goes on). Output is
//! compared as judges compare it ([`golden::same_output`]).
//!
//! The workspace's own solver runs every case, those beyond the judge's
//! limits and those with flags too. A user's solution runs only the cases
//! its judge could send (see [`cli::Problem::validate`]), unless asked for
//! the others, and never gets the workspace's flags.

use std::io::Write;
use std::path::Path;
use std::time::Duration;

use cli::AnyProblem;

use crate::cases::{classify, Case};
use crate::language::Prepared;
use crate::sandbox::{self, Ending, Limits, Outcome, Program, RunError, Stop};

/// Who answers the cases.
pub enum Runner<'a> {
    /// The workspace's own solver, in a forked copy of this process.
    Workspace,
    /// A user's solution, prepared to run.
    Solution(&'a Prepared),
}

/// A verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Accepted,
    WrongAnswer,
    RuntimeError,
    TimeLimitExceeded,
    MemoryLimitExceeded,
    OutputLimitExceeded,
    CompileError,
    /// The case's own files could not be read.
    BadCase,
}

impl Verdict {
    /// The judges' abbreviation.
    pub fn code(self) -> &'static str {
        match self {
            Verdict::Accepted => "AC",
            Verdict::WrongAnswer => "WA",
            Verdict::RuntimeError => "RE",
            Verdict::TimeLimitExceeded => "TLE",
            Verdict::MemoryLimitExceeded => "MLE",
            Verdict::OutputLimitExceeded => "OLE",
            Verdict::CompileError => "CE",
            Verdict::BadCase => "ERR",
        }
    }
}

/// The verdict of a run on an input whose expected output is `expected`.
pub fn verdict(outcome: &Outcome, expected: &[u8], limits: &Limits) -> Verdict {
    match outcome.stopped {
        Some(Stop::Time) => return Verdict::TimeLimitExceeded,
        Some(Stop::Memory) => return Verdict::MemoryLimitExceeded,
        Some(Stop::Output) => return Verdict::OutputLimitExceeded,
        Some(Stop::Processes | Stop::Interrupted) => return Verdict::RuntimeError,
        None => {}
    }
    if outcome.wall > limits.time {
        Verdict::TimeLimitExceeded
    } else if outcome.peak_memory > limits.memory {
        Verdict::MemoryLimitExceeded
    } else if outcome.ending != Ending::Exited(0) {
        Verdict::RuntimeError
    } else if !golden::same_output(expected, &outcome.stdout) {
        Verdict::WrongAnswer
    } else {
        Verdict::Accepted
    }
}

/// What a judging found, for its summary and exit status.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub passed: usize,
    pub failed: usize,
    /// Cases beyond the judge's limits that were not run, with why.
    pub beyond_skipped: Vec<(String, String)>,
    /// Cases with flags that were not run.
    pub flags_skipped: usize,
    /// The cases read, by the problem's validator: judge-valid,
    /// beyond-judge, and with flags.
    pub census: crate::cases::Census,
}

/// How to judge.
pub struct Settings<'a> {
    pub problem: &'static dyn AnyProblem,
    pub runner: Runner<'a>,
    pub limits: Limits,
    /// Whether an output limit was given (else it is set per case from the
    /// expected output: twice it, and at least 16 MiB).
    pub output_limit_given: bool,
    /// Run a user's solution on cases beyond the judge's limits too.
    pub beyond_judge: bool,
    /// Where the runs take place.
    pub scratch: &'a Path,
}

/// The output limit for an expected output of `expected` bytes.
pub fn output_limit(expected: usize) -> u64 {
    (2 * expected as u64).max(16 << 20)
}

/// Judges every case, writing a line per case (with the diff of a wrong
/// answer, the signal and stderr of a run-time error), then what was
/// skipped, the slowest case and `N passed, M failed`.
pub fn judge(settings: &Settings, cases: &[Case], out: &mut dyn Write) -> std::io::Result<Tally> {
    let mut tally = Tally::default();
    let mut slowest: Option<(String, Duration)> = None;
    let width = cases
        .iter()
        .map(|c| c.name.len())
        .max()
        .unwrap_or(0)
        .min(40);
    let user = matches!(settings.runner, Runner::Solution(_));
    // Every case's files as they are now, before any program runs.
    let copies = crate::cases::snapshot(cases, &settings.scratch.join("cases")).map_err(|e| {
        std::io::Error::other(format!(
            "cannot copy the cases into the scratch folder {}: {e}",
            settings.scratch.display()
        ))
    })?;
    for (case, copy) in cases.iter().zip(&copies) {
        if user && case.needs_flags() {
            tally.flags_skipped += 1;
            tally.census.flags += 1;
            continue;
        }
        if crate::interrupt::requested() {
            break;
        }
        let input = match copy
            .as_ref()
            .map_err(Clone::clone)
            .and_then(|copy| crate::cases::read_case_file(&copy.input))
        {
            Ok(input) => input,
            Err(message) => {
                bad_case(out, &mut tally, case, width, &message)?;
                continue;
            }
        };
        let Ok(copy) = copy else { continue };
        let beyond = !case.needs_flags() && classify(settings.problem, &input).is_err();
        if case.needs_flags() {
            tally.census.flags += 1;
        } else if beyond {
            tally.census.beyond += 1;
        } else {
            tally.census.judge += 1;
        }
        if user && beyond && !settings.beyond_judge {
            let why = classify(settings.problem, &input).err().unwrap_or_default();
            tally.beyond_skipped.push((case.name.clone(), why));
            continue;
        }
        let expected = match expected_output(settings.problem, copy, &input) {
            Ok(expected) => expected,
            Err(message) => {
                bad_case(out, &mut tally, case, width, &message)?;
                continue;
            }
        };
        let mut limits = settings.limits;
        if !settings.output_limit_given {
            limits.output = output_limit(expected.bytes.len());
        }
        let args = case.args.clone();
        let problem = settings.problem;
        let workspace =
            move |stdin: &mut dyn std::io::Read, stdout: &mut dyn Write, stderr: &mut dyn Write| {
                cli::run::run_with(
                    problem,
                    args.iter().map(Into::into),
                    cli::run::Streams {
                        stdin,
                        stdin_fd: Some(0),
                        stdin_size: 0,
                        stdout,
                        stderr,
                    },
                )
            };
        let program = |folder: &Path| match settings.runner {
            Runner::Workspace => Program::Function(&workspace),
            Runner::Solution(prepared) => prepared.program(folder),
        };
        out.flush()?;
        let outcome = sandbox::run_fresh(program, &input, settings.scratch, &limits);
        if crate::interrupt::requested() {
            break;
        }
        let outcome = match outcome {
            Ok(outcome) => outcome,
            Err(RunError::Start(e)) => Outcome::not_started(&e),
            Err(RunError::Setup(e)) => {
                return Err(std::io::Error::other(format!(
                    "cannot prepare a run in the scratch folder {}: {e}",
                    settings.scratch.display()
                )))
            }
        };
        let verdict = verdict(&outcome, &expected.bytes, &limits);
        let note = match (expected.from_workspace, beyond) {
            (true, _) => "  (no .out: against the workspace's answer)",
            (false, true) => "  (beyond the judge's constraints)",
            (false, false) => "",
        };
        write_case_line(out, verdict, &case.name, width, &outcome, note)?;
        write_details(
            out,
            verdict,
            &outcome,
            &expected.bytes,
            &case.input,
            &limits,
        )?;
        if verdict == Verdict::Accepted {
            tally.passed += 1;
        } else {
            tally.failed += 1;
        }
        if slowest.as_ref().is_none_or(|(_, t)| outcome.wall > *t) {
            slowest = Some((case.name.clone(), outcome.wall));
        }
    }
    write_summary(out, &tally, slowest, settings.limits.time)?;
    Ok(tally)
}

/// A case's expected output.
struct Expected {
    bytes: Vec<u8>,
    /// Whether it is the workspace's answer (the case has no `.out`).
    from_workspace: bool,
}

/// The case's `.out`, or else the workspace's answer under its flags.
fn expected_output(
    problem: &dyn AnyProblem,
    case: &Case,
    input: &[u8],
) -> Result<Expected, String> {
    if let Some(path) = &case.expected {
        return crate::cases::read_case_file(path).map(|bytes| Expected {
            bytes,
            from_workspace: false,
        });
    }
    let mut options = problem.defaults();
    if !case.args.is_empty() {
        match problem.parse(case.args.iter().map(Into::into).collect()) {
            Ok(cli::args::Request::Run(command)) => options = command.options,
            _ => return Err(format!("the flags of {} are not the problem's", case.name)),
        }
    }
    problem
        .answer(input, &options)
        .map(|answer| Expected {
            bytes: answer.into_bytes(),
            from_workspace: true,
        })
        .map_err(|e| format!("it has no .out, and the workspace refuses its input: {e}"))
}

/// Counts and reports a case whose own files are at fault.
fn bad_case(
    out: &mut dyn Write,
    tally: &mut Tally,
    case: &Case,
    width: usize,
    message: &str,
) -> std::io::Result<()> {
    tally.failed += 1;
    writeln!(
        out,
        "{:<3}  {:<width$}  {message}",
        Verdict::BadCase.code(),
        case.name
    )
}

/// `AC   sample-1   12.3 ms (cpu 11.0 ms)   9.1 MiB`.
fn write_case_line(
    out: &mut dyn Write,
    verdict: Verdict,
    name: &str,
    width: usize,
    outcome: &Outcome,
    note: &str,
) -> std::io::Result<()> {
    writeln!(
        out,
        "{:<3}  {:<width$}  {:>8.1} ms (cpu {:>7.1} ms)  {:>7.1} MiB{note}",
        verdict.code(),
        name,
        outcome.wall.as_secs_f64() * 1000.0,
        outcome.cpu.as_secs_f64() * 1000.0,
        outcome.peak_memory as f64 / (1 << 20) as f64,
    )
}

/// The details a failed verdict needs.
fn write_details(
    out: &mut dyn Write,
    verdict: Verdict,
    outcome: &Outcome,
    expected: &[u8],
    input: &Path,
    limits: &Limits,
) -> std::io::Result<()> {
    match verdict {
        Verdict::Accepted | Verdict::CompileError | Verdict::BadCase => return Ok(()),
        Verdict::WrongAnswer => {
            writeln!(out, "     output differs (- expected, + actual):")?;
            let diff = golden::line_diff_bytes(expected, &outcome.stdout).unwrap_or_default();
            for line in diff.lines() {
                writeln!(out, "     {}", crate::printable_ascii(line))?;
            }
        }
        Verdict::RuntimeError => {
            let how = match (outcome.stopped, outcome.ending) {
                (Some(Stop::Processes), _) => format!(
                    "started more than {} processes at once, and was stopped",
                    sandbox::MAX_PROCESSES
                ),
                (_, Ending::Signalled(signal)) => {
                    format!("killed by {}", sandbox::signal_name(signal))
                }
                (_, Ending::Exited(status)) => format!("exited with status {status}"),
            };
            writeln!(out, "     {how}")?;
        }
        Verdict::TimeLimitExceeded => writeln!(
            out,
            "     the limit is {} ms (wall clock){}",
            limits.time.as_millis(),
            if outcome.stopped == Some(Stop::Time) {
                "; stopped after it"
            } else {
                ""
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
        0 => {}
        1 => writeln!(
            out,
            "     1 of its processes was still running when it ended, and was killed"
        )?,
        n => writeln!(
            out,
            "     {n} of its processes were still running when it ended, and were killed"
        )?,
    }
    write_input_head(input, out)
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
        writeln!(out, "       {}", crate::printable(&shown))
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
pub fn write_input_head(input: &Path, out: &mut dyn Write) -> std::io::Result<()> {
    const WHOLE: usize = 16;
    const HEAD: usize = 6;
    let bytes = crate::cases::read_case_file(input).unwrap_or_default();
    let text = String::from_utf8_lossy(&bytes);
    let total = text.lines().count();
    let shown = if total <= WHOLE { total } else { HEAD };
    let path = crate::printable(&input.display().to_string()).into_owned();
    if shown == total {
        writeln!(out, "     input ({path}):")?;
    } else {
        writeln!(out, "     input ({path}, first {shown} of {total} lines):")?;
    }
    for line in text.lines().take(shown) {
        let shown: String = line.chars().take(100).collect();
        writeln!(out, "       {}", crate::printable_ascii(&shown))?;
    }
    Ok(())
}

/// What was skipped and why, the slowest case, and `N passed, M failed`.
fn write_summary(
    out: &mut dyn Write,
    tally: &Tally,
    slowest: Option<(String, Duration)>,
    time: Duration,
) -> std::io::Result<()> {
    if !tally.beyond_skipped.is_empty() {
        writeln!(
            out,
            "skipped {} case{} beyond the judge's constraints (add --beyond-judge to run them):",
            tally.beyond_skipped.len(),
            if tally.beyond_skipped.len() == 1 {
                ""
            } else {
                "s"
            }
        )?;
        for (name, why) in &tally.beyond_skipped {
            writeln!(out, "     {name}: {why}")?;
        }
    }
    if tally.flags_skipped > 0 {
        writeln!(
            out,
            "skipped {} case{} with the workspace's flags (flags/): a judge solution never gets them",
            tally.flags_skipped,
            if tally.flags_skipped == 1 { "" } else { "s" }
        )?;
    }
    let census = tally.census;
    writeln!(
        out,
        "cases by the validator: {} judge-valid, {} beyond the judge's constraints, {} with flags",
        census.judge, census.beyond, census.flags
    )?;
    if let Some((name, taken)) = slowest {
        writeln!(
            out,
            "slowest: {name} ({:.1} ms; the limit is {} ms)",
            taken.as_secs_f64() * 1000.0,
            time.as_millis()
        )?;
    }
    writeln!(out, "{} passed, {} failed", tally.passed, tally.failed)
}
