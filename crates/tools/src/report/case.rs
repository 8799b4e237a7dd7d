//! One case of a judging, rendered: its verdict line, and for a failure
//! the details it needs (the diff of a wrong answer, the signal of a
//! run-time error, the limit that was passed, stderr, the input). Each
//! kind of failure is shown in full once: its later cases, the same
//! mistake again, are a line each.

use std::io::Write;

use engine::cases::Case;
use engine::judging::{Against, CaseResult};
use engine::runner::{contain, signal_name, Ending, Limits, Outcome, Stop};
use engine::text::{printable, printable_ascii};
use engine::toolchain::names::UsersNames;
use engine::verdict::{line_diff_bytes, Verdict};

/// Writes the cases of one judging, remembering which kinds of failure
/// were shown in full.
pub struct CaseReport<'a> {
    /// The problem's name, for the `cargo gen` line of a suite case.
    problem: &'a str,
    /// The width of the case-name column.
    width: usize,
    /// How the solution's messages name the user's file.
    names: &'a UsersNames,
    /// The kinds of failure shown in full: a verdict, and whether it was
    /// the judge suite's (whose one failure is always shown in full: its
    /// input is in no file of the user's, and its `cargo gen` line is
    /// shown with it).
    shown: Vec<(Verdict, bool)>,
    /// How many failures were shown in a line, their kind's first shown
    /// in full before them.
    pub brief: usize,
}

impl<'a> CaseReport<'a> {
    pub fn new(problem: &'a str, width: usize, names: &'a UsersNames) -> CaseReport<'a> {
        CaseReport {
            problem,
            width,
            names,
            shown: Vec::new(),
            brief: 0,
        }
    }

    /// One case's result, as it comes: a line for each (the judge suite's
    /// passes are only counted, see `super::judge::is_listed`), and the
    /// details of a kind of failure not shown before.
    pub fn write(&mut self, out: &mut dyn Write, result: &CaseResult) -> std::io::Result<()> {
        if !super::judge::is_listed(result) {
            return Ok(());
        }
        let width = self.width;
        let (case, verdict, outcome, expected, limits, against, reformatted) = match result {
            CaseResult::Bad { case, message } => {
                let code = Verdict::BadCase.code();
                return writeln!(out, "{code:<3}  {:<width$}  {message}", case.name);
            }
            CaseResult::Ran {
                case,
                verdict,
                outcome,
                expected,
                limits,
                against,
                reformatted,
            } => (
                case,
                verdict,
                outcome,
                expected,
                limits,
                against,
                reformatted,
            ),
        };
        let note = note_of(*verdict, against, reformatted);
        writeln!(
            out,
            "{:<3}  {:<width$}  {:>8.1} ms (cpu {:>7.1} ms)  {:>7.1} MiB{note}",
            verdict.code(),
            case.name,
            outcome.wall.as_secs_f64() * 1000.0,
            outcome.cpu.as_secs_f64() * 1000.0,
            outcome.peak_memory as f64 / (1 << 20) as f64,
        )?;
        if *verdict == Verdict::Accepted {
            return Ok(());
        }
        let kind = (*verdict, engine::suite::is_suite_case(case));
        if self.shown.contains(&kind) {
            self.brief += 1;
            return Ok(());
        }
        self.shown.push(kind);
        write_details(out, *verdict, outcome, expected, limits, self.names)?;
        write_input_head(case, self.problem, out)
    }
}

/// What a case's line adds after its figures: what its output was held
/// against, and what of its input was read as the judge sends it.
fn note_of(verdict: Verdict, against: &Against, reformatted: &[&str]) -> String {
    let mut note = match (verdict, against) {
        (Verdict::ExpectedDisputed, _) => {
            "  (its .out is the odd one out: the output is the workspace's answer)"
        }
        (_, Against::Workspace) => "  (no .out: against the workspace's answer)",
        (_, Against::ExpectedBeyondJudge) => "  (beyond the judge's constraints)",
        (_, Against::Expected) => "",
    }
    .to_string();
    if !reformatted.is_empty() {
        note += &format!("  (read as the judge sends it: {})", reformatted.join(", "));
    }
    note
}

/// The details a failed verdict needs.
fn write_details(
    out: &mut dyn Write,
    verdict: Verdict,
    outcome: &Outcome,
    expected: &[u8],
    limits: &Limits,
    names: &UsersNames,
) -> std::io::Result<()> {
    match verdict {
        Verdict::Accepted | Verdict::CompileError | Verdict::BadCase => return Ok(()),
        Verdict::WrongAnswer => write_diff(
            out,
            "output differs (- expected, + actual)",
            expected,
            outcome,
        )?,
        Verdict::ExpectedDisputed => write_diff(
            out,
            "the .out differs from the output, which the workspace's solver gives too (- the \
             .out, + the output and the workspace's answer); check the .out",
            expected,
            outcome,
        )?,
        Verdict::RuntimeError => writeln!(out, "     {}", how_it_ended(outcome))?,
        Verdict::TimeLimitExceeded
        | Verdict::MemoryLimitExceeded
        | Verdict::OutputLimitExceeded => {
            writeln!(out, "     {}", the_limit_passed(verdict, outcome, limits))?
        }
    }
    // What it printed on stderr, a wrong answer's too: a Programmers
    // function's debug prints are there (its driver puts them there).
    if !outcome.stderr.is_empty() {
        write_stderr_tail(out, outcome, names)?;
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

/// The limit a run passed, and how it was stopped there.
fn the_limit_passed(verdict: Verdict, outcome: &Outcome, limits: &Limits) -> String {
    match verdict {
        Verdict::TimeLimitExceeded => format!(
            "the limit is {} ms of processor time{}",
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
        ),
        Verdict::MemoryLimitExceeded => format!(
            "the limit is {} MiB (peak resident memory){}",
            limits.memory >> 20,
            if outcome.stopped == Some(Stop::Memory) {
                "; stopped there"
            } else {
                ""
            }
        ),
        _ => format!(
            "wrote more than {} bytes to stdout, and was stopped",
            limits.output
        ),
    }
}

/// The line diff of the expected output and the run's, under `heading`.
fn write_diff(
    out: &mut dyn Write,
    heading: &str,
    expected: &[u8],
    outcome: &Outcome,
) -> std::io::Result<()> {
    writeln!(out, "     {heading}:")?;
    let diff = line_diff_bytes(expected, &outcome.stdout).unwrap_or_default();
    for line in diff.lines() {
        writeln!(out, "     {}", printable_ascii(line))?;
    }
    Ok(())
}

/// How a run that failed ended: `killed by SIGSEGV (...)`, `exited with
/// status 1`, or stopped by the runner (for its processes, past a limit).
pub fn how_it_ended(outcome: &Outcome) -> String {
    match (outcome.stopped, outcome.ending) {
        (Some(Stop::Processes), _) => {
            format!(
                "started more than {} processes and threads at once, and was stopped",
                contain::max_tasks()
            )
        }
        (Some(Stop::Time), _) => "stopped past its time limit".to_string(),
        (Some(Stop::Memory), _) => "stopped past its memory limit".to_string(),
        (Some(Stop::Output), _) => "stopped past its output limit".to_string(),
        (_, Ending::Signalled(signal)) => format!("killed by {}", signal_name(signal)),
        (_, Ending::Exited(status)) => format!("exited with status {status}"),
    }
}

/// A run's stderr where the error is, in the user's names (their file, not
/// the build folder's copy): all of it when short; else its first lines
/// (a Java or node.js exception names itself there, above its stack
/// frames) and its last (a Python traceback ends with its error).
pub fn write_stderr_tail(
    out: &mut dyn Write,
    outcome: &Outcome,
    names: &UsersNames,
) -> std::io::Result<()> {
    const FIRST: usize = 3;
    const LAST: usize = 9;
    let text = names.apply(&String::from_utf8_lossy(&outcome.stderr));
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
