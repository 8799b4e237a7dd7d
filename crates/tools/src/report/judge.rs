//! A judging, rendered: the heading, a line per case (with the diff of a
//! wrong answer, the signal and stderr of a run-time error), then what was
//! skipped, the slowest case and `N passed, M failed`.

use std::io::Write;
use std::time::Duration;

use engine::judging::{CaseResult, Tally};
use engine::runner::Limits;
use engine::solution::Prepared;
use engine::verdict::Verdict;
use problem_kit::Info;

use super::counted;
use super::status::StatusLine;
use crate::args::Resolved;

/// How many cases a judging runs: its golden ones (those that run for
/// this solution: not the ones it skips) and the judge suite's.
#[derive(Clone, Copy, Debug)]
pub struct Counts {
    pub golden: usize,
    pub suite: usize,
    /// Whether the suite's cases are its strongest alone (`--quick`).
    pub quick: bool,
}

/// What the summary says beyond the tally.
#[derive(Clone, Copy, Debug, Default)]
pub struct Summary {
    /// List the skipped cases (`--verbose`), not only count them.
    pub verbose: bool,
    /// How many failures were shown in a line each, their kind's first
    /// shown in full.
    pub brief: usize,
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
            "{} and the judge suite's {}{suite}",
            counted(counts.golden as u64, "case"),
            if counts.quick { "strongest " } else { "" }
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
        writeln!(out, "{}", base_limits_note())?;
    }
    super::write_notes(out, prepared)
}

/// The note on a solution judged without `--lang`: the languages the
/// reference judge gives the problem's base limits, and the `--lang` words
/// of those it gives others, from its row.
fn base_limits_note() -> String {
    use engine::toolchain::{judges::REFERENCE, JudgeLanguage, LimitRule};
    let (base, scaled): (Vec<&JudgeLanguage>, Vec<_>) = REFERENCE
        .languages
        .iter()
        .partition(|entry| entry.limits == LimitRule::BASE);
    let names: Vec<&str> = base.iter().map(|entry| entry.language.name()).collect();
    let words: Vec<&str> = scaled.iter().map(|e| e.language.flag_name()).collect();
    format!(
        "note: the problem's base limits, which {} gives {}; for another language's, add \
         --lang ({})",
        REFERENCE.name,
        names.join(", "),
        words.join(", ")
    )
}

/// The width of the case-name column for these names (at most 40).
pub fn name_width<'a>(names: impl Iterator<Item = &'a str>) -> usize {
    names.map(str::len).max().unwrap_or(0).min(40)
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
pub struct JudgingProgress {
    total: usize,
    done: usize,
    suite_passed: usize,
    suite_failed: usize,
    line: StatusLine,
}

impl JudgingProgress {
    pub fn new(total: usize) -> JudgingProgress {
        JudgingProgress {
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
    progress: &JudgingProgress,
    summary: Summary,
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
    write_skipped(out, tally, summary.verbose)?;
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
    write_closing_notes(out, tally, summary)?;
    crate::write_warm_fallback(out)?;
    writeln!(out, "{} passed, {} failed", tally.passed, tally.failed)
}

/// The lines that say what the counts leave out: failures shown in a
/// line, disputed `.out`s, cases not run after a TLE, an interrupt.
fn write_closing_notes(
    out: &mut dyn Write,
    tally: &Tally,
    summary: Summary,
) -> std::io::Result<()> {
    if summary.brief > 0 {
        writeln!(
            out,
            "{} shown in a line: each verdict's first failure is shown in full",
            counted(summary.brief as u64, "later failure")
        )?;
    }
    if tally.disputed > 0 {
        writeln!(
            out,
            "{} the workspace's answer where the .out says otherwise (EXP): check the .out",
            if tally.disputed == 1 {
                "1 case's output is".to_string()
            } else {
                format!("{} cases' outputs are", tally.disputed)
            }
        )?;
    }
    if tally.not_run_after_tle > 0 {
        writeln!(
            out,
            "{} not run after the first TLE, which ends the judging",
            counted(tally.not_run_after_tle as u64, "case")
        )?;
    }
    if tally.interrupted {
        writeln!(
            out,
            "interrupted: the counts are of the cases run before it, not of every case"
        )?;
    }
    Ok(())
}

/// The cases skipped: in one line, or with `verbose` each beyond the
/// judge's constraints with the rule it breaks.
fn write_skipped(out: &mut dyn Write, tally: &Tally, verbose: bool) -> std::io::Result<()> {
    let (beyond, flags) = (tally.beyond_skipped.len(), tally.flags_skipped);
    if beyond + flags == 0 {
        return Ok(());
    }
    if !verbose {
        let mut kinds = Vec::new();
        if beyond > 0 {
            kinds.push(format!("{beyond} beyond the judge's constraints"));
        }
        if flags > 0 {
            kinds.push(format!("{flags} with the workspace's flags"));
        }
        return writeln!(
            out,
            "skipped {}: {} (--verbose lists them)",
            counted((beyond + flags) as u64, "case"),
            kinds.join(", ")
        );
    }
    if beyond > 0 {
        writeln!(
            out,
            "skipped {} beyond the judge's constraints (add --beyond-judge to run them):",
            counted(beyond as u64, "case")
        )?;
        for (name, why) in &tally.beyond_skipped {
            writeln!(out, "     {name}: {why}")?;
        }
    }
    if flags > 0 {
        writeln!(
            out,
            "skipped {} with the workspace's flags (flags/): a judge solution never gets them",
            counted(flags as u64, "case")
        )?;
    }
    Ok(())
}
