//! `cargo judge PROBLEM [DIR...]`: runs a solution on every case of a
//! folder as a judge does, and gives each a verdict with its time and peak
//! memory against the judge's published limits.
//!
//! Verdicts: `AC` accepted; `WA` wrong answer (a line diff follows, and the
//! head of the input); `RE` a run-time error (a non-zero status or a
//! signal); `TLE` over the time limit (processor time, as judges count
//! it); `MLE` over the memory limit (peak resident memory). Output
//! is compared as judges compare it ([`golden::judge_lines`]). The last
//! lines name the slowest case and say `N passed, M failed`.
//!
//! A folder holds `NAME.in` with `NAME.out`: the workspace's
//! `inputs/PROBLEM/`, or a folder written by online-judge-tools (`oj d`
//! writes `test/sample-1.in` and `sample-1.out`), so a user's own cases run
//! unchanged. In the workspace's folders, the cases in `flags/` run with
//! the flags in their `.args` files.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::run::{run, Solution};

/// One case: its input, the expected output, and the flags to run with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    pub name: String,
    pub input: PathBuf,
    pub expected: PathBuf,
    pub args: Vec<String>,
}

/// The cases of the folders, in order: each folder's `*.in` that have an
/// `.out`, then those of its `flags/` subfolder.
pub fn cases(folders: &[PathBuf]) -> std::io::Result<Vec<Case>> {
    let mut found = Vec::new();
    for folder in folders {
        let mut inputs = Vec::new();
        for (dir, prefix) in [(folder.clone(), ""), (folder.join("flags"), "flags/")] {
            let Ok(entries) = std::fs::read_dir(&dir) else {
                if prefix.is_empty() {
                    return Err(std::io::Error::new(
                        std::io::ErrorKind::NotFound,
                        format!("no folder {}", dir.display()),
                    ));
                }
                continue;
            };
            let mut here: Vec<PathBuf> = entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "in"))
                .filter(|p| p.with_extension("out").exists())
                .collect();
            here.sort();
            inputs.extend(here.into_iter().map(|p| (p, prefix)));
        }
        for (input, prefix) in inputs {
            let stem = input
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let args = golden::case_args(&input);
            found.push(Case {
                name: format!("{prefix}{stem}"),
                expected: input.with_extension("out"),
                input,
                args,
            });
        }
    }
    Ok(found)
}

/// A judge's limits for one run.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub time: Duration,
    pub memory: u64,
}

/// A verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Accepted,
    WrongAnswer,
    RuntimeError,
    TimeLimitExceeded,
    MemoryLimitExceeded,
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
        }
    }
}

/// The tally of a judging.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub passed: usize,
    pub failed: usize,
}

/// Judges every case, writing a line per case (and the diff of a wrong
/// answer), then the slowest case and `N passed, M failed`.
pub fn judge(
    solution: &Solution,
    cases: &[Case],
    limits: Limits,
    out: &mut dyn Write,
) -> std::io::Result<Tally> {
    let mut tally = Tally::default();
    let mut slowest: Option<(String, Duration)> = None;
    let width = cases.iter().map(|c| c.name.len()).max().unwrap_or(0);
    // A run may go on past the limit (to show how far past), but not forever.
    let cap = limits.time * 3 + Duration::from_secs(1);
    for case in cases {
        let expected = std::fs::read_to_string(&case.expected)?;
        let ran = run(solution, &case.args, &case.input, cap, None)?;
        // Judges hold the processor time to the limit; the wall clock is
        // the fallback where the system does not report it.
        let time = ran.cpu_time.unwrap_or(ran.elapsed);
        let output = String::from_utf8_lossy(&ran.stdout);
        let diff = golden::line_diff(&expected, &output);
        let verdict = if ran.status.is_none() && !ran.killed || ran.status.is_some_and(|s| s != 0) {
            Verdict::RuntimeError
        } else if ran.killed || time > limits.time {
            Verdict::TimeLimitExceeded
        } else if ran.peak_memory.is_some_and(|m| m > limits.memory) {
            Verdict::MemoryLimitExceeded
        } else if diff.is_some() {
            Verdict::WrongAnswer
        } else {
            Verdict::Accepted
        };
        let memory = ran.peak_memory.map_or("?".to_string(), |m| {
            format!("{:.1} MiB", m as f64 / (1 << 20) as f64)
        });
        writeln!(
            out,
            "{:<3}  {:<width$}  {:>7.1} ms  {:>10}",
            verdict.code(),
            case.name,
            time.as_secs_f64() * 1000.0,
            memory
        )?;
        match verdict {
            Verdict::WrongAnswer => {
                writeln!(out, "     output differs (- expected, + actual):")?;
                for line in diff.unwrap_or_default().lines() {
                    writeln!(out, "     {line}")?;
                }
                write_input_head(&case.input, out)?;
            }
            Verdict::RuntimeError => {
                let status = ran
                    .status
                    .map_or("a signal".to_string(), |s| format!("status {s}"));
                let stderr = String::from_utf8_lossy(&ran.stderr);
                let first = stderr.lines().next().unwrap_or("");
                writeln!(out, "     ended with {status}: {first}")?;
                write_input_head(&case.input, out)?;
            }
            _ => {}
        }
        if verdict == Verdict::Accepted {
            tally.passed += 1;
        } else {
            tally.failed += 1;
        }
        if slowest.as_ref().is_none_or(|(_, t)| time > *t) {
            slowest = Some((case.name.clone(), time));
        }
    }
    if let Some((name, time)) = slowest {
        writeln!(
            out,
            "slowest: {name} ({:.1} ms; the limit is {} ms)",
            time.as_secs_f64() * 1000.0,
            limits.time.as_millis()
        )?;
    }
    writeln!(out, "{} passed, {} failed", tally.passed, tally.failed)?;
    Ok(tally)
}

/// The first lines of an input, for a failed case.
fn write_input_head(input: &Path, out: &mut dyn Write) -> std::io::Result<()> {
    const HEAD: usize = 6;
    let bytes = std::fs::read(input)?;
    let text = String::from_utf8_lossy(&bytes);
    let total = text.lines().count();
    writeln!(
        out,
        "     input ({}, first {} of {total} lines):",
        input.display(),
        HEAD.min(total)
    )?;
    for line in text.lines().take(HEAD) {
        let shown: String = line.chars().take(100).collect();
        writeln!(out, "       {shown}")?;
    }
    Ok(())
}
