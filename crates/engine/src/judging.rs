//! Judging a solution on every case of some folders, as a judge does: each
//! case run in a fresh folder under the limits, and given a verdict with
//! its time and peak memory. Nothing is printed here: each case's result
//! goes to the caller as it comes, and the tally at the end.
//!
//! The workspace's own solver runs every case, those beyond the judge's
//! limits and those with flags too. A user's solution runs only the cases
//! its judge could send (see [`problem_kit::Problem::validate`]), unless asked for
//! the others, and never gets the workspace's flags.

use std::ops::ControlFlow;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use problem_kit::AnyProblem;

use crate::cases::{classify, Case, Census};
use crate::jobs::{judge_run, with_pool, JudgedRun};
use crate::runner::{self, Limits, Outcome, Program};
use crate::solution::Contestant;
use crate::verdict::{same_output, Verdict};

/// How to judge.
pub struct Judging<'a> {
    pub problem: &'static dyn AnyProblem,
    pub contestant: Contestant<'a>,
    /// The time and memory limits; their `output` is each case's own (see
    /// `output_limit`).
    pub limits: Limits,
    /// The output limit in bytes, when one was given; `None` sets it per
    /// case from the expected output (see [`crate::verdict::output_limit`]).
    pub output_limit: Option<u64>,
    /// Run a user's solution on cases beyond the judge's limits too.
    pub beyond_judge: bool,
    /// Read a case that breaks only the judge's formatting as the judge
    /// would send it (see [`crate::normalize`]): for the user's own
    /// folders, not the workspace's, whose formatting cases are there to
    /// hold the binaries to what they accept.
    pub judge_formatting: bool,
    /// Where the runs take place.
    pub scratch: &'a Path,
    /// How many of a user's solution's cases run at a time.
    pub jobs: usize,
}

/// What the expected output of a case that ran was held to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Against {
    /// The case's own `.out`.
    Expected,
    /// The workspace's answer: the case has no `.out`.
    Workspace,
    /// The case's own `.out`, for a case beyond the judge's constraints.
    ExpectedBeyondJudge,
}

/// One case's result, as it comes.
pub enum CaseResult<'a> {
    /// The case ran.
    Ran {
        case: &'a Case,
        verdict: Verdict,
        outcome: Box<Outcome>,
        expected: Vec<u8>,
        /// The limits it ran under (the output limit is the case's own).
        limits: Limits,
        against: Against,
        /// What of the case's formatting was read as the judge writes it.
        reformatted: Vec<&'static str>,
    },
    /// The case's own files are at fault (it counts as a failure).
    Bad { case: &'a Case, message: String },
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
    /// The cases read, by the problem's validator.
    pub census: Census,
    /// The case that took the most processor time (the time a judge holds
    /// to the limit), and how much.
    pub slowest: Option<(String, Duration)>,
    /// Whether an interrupt ended the judging before its last case.
    pub interrupted: bool,
    /// The judge suite's cases after its first failure, not run.
    pub suite_not_run: usize,
    /// The cases after the first TLE, not run (and not counted in
    /// `suite_not_run`), of those that would have run.
    pub not_run_after_tle: usize,
    /// Failed cases whose `.out` is the odd one out: the program gave the
    /// workspace's answer (see [`Verdict::ExpectedDisputed`]).
    pub disputed: usize,
}

/// Judges every case, handing each result to `report` in the cases' order;
/// returns the tally, or why nothing more could be judged (a scratch
/// folder that cannot be written, or `report`'s own error).
///
/// A user's solution runs on [`Judging::jobs`] cases at a time, each
/// reported in order once those before it are. The judge suite stops at
/// its first failure, as a judge stops at a solution's first failed test:
/// the suite's cases after it are counted as not run. The first TLE ends
/// the whole judging: a program that loops forever would burn the time
/// limit on every case, and a slow one tells nothing more on the next;
/// the cases after it are counted as not run. Which case each stop is at
/// does not depend on the number of jobs: every case before it has run.
pub fn judge_cases(
    judging: &Judging,
    cases: &[Case],
    report: &mut dyn FnMut(CaseResult) -> std::io::Result<()>,
) -> std::io::Result<Tally> {
    // Every case's files as they are now, before any program runs.
    let copies = crate::cases::snapshot(cases, &judging.scratch.join("cases")).map_err(|e| {
        std::io::Error::other(format!(
            "cannot copy the cases into the scratch folder {}: {e}",
            judging.scratch.display()
        ))
    })?;
    // The workspace's own solver runs in a fork of this process, which
    // only a process of one thread may make.
    let jobs = match judging.contestant {
        Contestant::Workspace => 1,
        Contestant::Solution(_) => judging.jobs.max(1),
    };
    let stops = Stops::new();
    let work = |k: usize| {
        if stops.passes_over(cases, k) {
            return (k, None);
        }
        let judged = judge_one(judging, &cases[k], &copies[k]);
        stops.note(cases, k, &judged);
        (k, Some(judged))
    };
    let mut tally = Tally::default();
    let mut reported = Ok(());
    with_pool(jobs, &work, |pool| {
        let cases_left = (0..cases.len()).take_while(|_| !runner::interrupt::requested());
        pool.in_order(cases_left, |(k, judged)| {
            // A case past a stop may have run before the stop was found;
            // at its turn, every stop before it is known.
            let Some((result, counted)) = judged.filter(|_| !stops.passes_over(cases, k)) else {
                return ControlFlow::Continue(());
            };
            tally.add(counted);
            reported = result.and_then(|result| result.map_or(Ok(()), &mut *report));
            if reported.is_err() || k == stops.tle_at.load(Ordering::SeqCst) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
    });
    reported?;
    stops.count_not_run(judging, cases, &copies, &mut tally);
    tally.interrupted = runner::interrupt::requested();
    Ok(tally)
}

/// One case's result and what it adds to the tally (see [`judge_one`]).
type Judgement<'a> = (std::io::Result<Option<CaseResult<'a>>>, Tally);

/// Where a judging stops, as its jobs find it: at its first failed suite
/// case (the suite's later cases do not run) and at its first TLE (no
/// later case runs). Each holds the least index found so far, so a job
/// passes over the cases after it; at a case's turn, every case before it
/// has been judged, and the stops before it are final.
struct Stops {
    suite_failed_at: AtomicUsize,
    tle_at: AtomicUsize,
}

impl Stops {
    fn new() -> Self {
        Stops {
            suite_failed_at: AtomicUsize::new(usize::MAX),
            tle_at: AtomicUsize::new(usize::MAX),
        }
    }

    /// Whether case `k` is past a stop: it is not run, and is counted as
    /// not run.
    fn passes_over(&self, cases: &[Case], k: usize) -> bool {
        k > self.tle_at.load(Ordering::SeqCst)
            || (crate::suite::is_suite_case(&cases[k])
                && k > self.suite_failed_at.load(Ordering::SeqCst))
    }

    /// Notes a stop at case `k`, if its judgement is one.
    fn note(&self, cases: &[Case], k: usize, (result, counted): &Judgement) {
        if crate::suite::is_suite_case(&cases[k]) && counted.failed > 0 {
            self.suite_failed_at.fetch_min(k, Ordering::SeqCst);
        }
        if is_tle(result) {
            self.tle_at.fetch_min(k, Ordering::SeqCst);
        }
    }

    /// Counts the cases past the stops, which were not run.
    fn count_not_run(
        &self,
        judging: &Judging,
        cases: &[Case],
        copies: &[Result<Case, String>],
        tally: &mut Tally,
    ) {
        let stopped_at = self.suite_failed_at.load(Ordering::SeqCst);
        tally.suite_not_run = cases
            .iter()
            .enumerate()
            .filter(|(k, case)| *k > stopped_at && crate::suite::is_suite_case(case))
            .count();
        let tle_at = self.tle_at.load(Ordering::SeqCst);
        for (k, case) in cases.iter().enumerate().skip(tle_at.saturating_add(1)) {
            if !(crate::suite::is_suite_case(case) && k > stopped_at) {
                count_not_run(judging, case, &copies[k], tally);
            }
        }
    }
}

/// Judges one case: its result (`None` when it was skipped or
/// interrupted), and what it adds to the tally.
fn judge_one<'a>(judging: &Judging, case: &'a Case, copy: &Result<Case, String>) -> Judgement<'a> {
    let mut tally = Tally::default();
    let user = matches!(judging.contestant, Contestant::Solution(_));
    if user && case.needs_flags() {
        tally.flags_skipped += 1;
        tally.census.flags += 1;
        return (Ok(None), tally);
    }
    let result = match copy {
        Ok(copy) => judge_case(judging, case, copy, &mut tally),
        Err(message) => {
            tally.failed += 1;
            Ok(Some(CaseResult::Bad {
                case,
                message: message.clone(),
            }))
        }
    };
    (result, tally)
}

/// Whether a case's result is a TLE.
fn is_tle(result: &std::io::Result<Option<CaseResult>>) -> bool {
    matches!(
        result,
        Ok(Some(CaseResult::Ran {
            verdict: Verdict::TimeLimitExceeded,
            ..
        }))
    )
}

/// Counts a case not run after the first TLE: in the census, as the
/// validator reads it, and as skipped or not run, as it would have been
/// skipped or run.
fn count_not_run(judging: &Judging, case: &Case, copy: &Result<Case, String>, tally: &mut Tally) {
    let user = matches!(judging.contestant, Contestant::Solution(_));
    if case.needs_flags() {
        tally.census.flags += 1;
        tally.flags_skipped += usize::from(user);
        tally.not_run_after_tle += usize::from(!user);
        return;
    }
    let read = copy
        .as_ref()
        .map_err(Clone::clone)
        .and_then(|copy| crate::cases::read_case_file(&copy.input));
    if let Ok(mut input) = read {
        match judged_input(judging, case, &mut input).0 {
            Ok(()) => tally.census.judge += 1,
            Err(why) => {
                tally.census.beyond += 1;
                if user && !judging.beyond_judge {
                    tally.beyond_skipped.push((case.name.clone(), why));
                    return;
                }
            }
        }
    }
    tally.not_run_after_tle += 1;
}

impl Tally {
    /// Counts a case that ran, named `name`, and got `verdict` in `cpu`
    /// of processor time.
    fn count_run(&mut self, name: &str, verdict: Verdict, cpu: Duration) {
        if verdict == Verdict::Accepted {
            self.passed += 1;
        } else {
            self.failed += 1;
        }
        self.disputed += usize::from(verdict == Verdict::ExpectedDisputed);
        if self.slowest.as_ref().is_none_or(|(_, t)| cpu > *t) {
            self.slowest = Some((name.to_string(), cpu));
        }
    }

    /// Adds one case's counts.
    fn add(&mut self, other: Tally) {
        self.passed += other.passed;
        self.failed += other.failed;
        self.beyond_skipped.extend(other.beyond_skipped);
        self.flags_skipped += other.flags_skipped;
        self.disputed += other.disputed;
        self.census.judge += other.census.judge;
        self.census.beyond += other.census.beyond;
        self.census.flags += other.census.flags;
        if let Some((name, cpu)) = other.slowest {
            if self.slowest.as_ref().is_none_or(|(_, t)| cpu > *t) {
                self.slowest = Some((name, cpu));
            }
        }
    }
}

/// Judges one case from its copy, counting it in `tally`: its result, or
/// `None` when it was skipped or interrupted.
fn judge_case<'a>(
    judging: &Judging,
    case: &'a Case,
    copy: &Case,
    tally: &mut Tally,
) -> std::io::Result<Option<CaseResult<'a>>> {
    let files = match read_case(judging, case, copy, tally) {
        Ok(Some(files)) => files,
        Ok(None) => return Ok(None),
        Err(message) => {
            tally.failed += 1;
            return Ok(Some(CaseResult::Bad { case, message }));
        }
    };
    let workspace = workspace_binary(judging.problem, case.args.iter().map(Into::into).collect());
    let program = |folder: &Path| match judging.contestant {
        Contestant::Workspace => Program::Function(&workspace),
        Contestant::Solution(prepared) => prepared.program(folder),
    };
    let (input, expected) = (&files.input, &files.expected);
    let run = judge_run(
        program,
        input,
        expected,
        judging.limits,
        judging.output_limit,
        judging.scratch,
    )
    .map_err(std::io::Error::other)?;
    // Interrupted: no verdict, and the judging ends.
    let Some(JudgedRun {
        outcome,
        verdict,
        limits,
    }) = run
    else {
        return Ok(None);
    };
    let verdict = disputed(judging, copy, &files, verdict, &outcome);
    tally.count_run(&case.name, verdict, outcome.cpu);
    Ok(Some(CaseResult::Ran {
        case,
        verdict,
        outcome: Box::new(outcome),
        expected: files.expected,
        limits,
        against: match (files.from_workspace, files.beyond) {
            (true, _) => Against::Workspace,
            (false, true) => Against::ExpectedBeyondJudge,
            (false, false) => Against::Expected,
        },
        reformatted: files.reformatted,
    }))
}

/// A case's files, read for its run.
struct CaseFiles {
    /// The input as the judging reads it (see [`judged_input`]), and what
    /// of its formatting was read as the judge writes it.
    input: Vec<u8>,
    reformatted: Vec<&'static str>,
    /// Whether it is beyond the judge's constraints.
    beyond: bool,
    expected: Vec<u8>,
    /// Whether `expected` is the workspace's answer (the case has no
    /// `.out`).
    from_workspace: bool,
}

/// Reads a case's copy for its run, counting it in the census: its files,
/// `None` when it is skipped as beyond the judge's constraints, or why
/// its files are at fault.
fn read_case(
    judging: &Judging,
    case: &Case,
    copy: &Case,
    tally: &mut Tally,
) -> Result<Option<CaseFiles>, String> {
    let mut input = crate::cases::read_case_file(&copy.input)?;
    let (validity, reformatted) = judged_input(judging, case, &mut input);
    let beyond = validity.is_err();
    if case.needs_flags() {
        tally.census.flags += 1;
    } else if beyond {
        tally.census.beyond += 1;
    } else {
        tally.census.judge += 1;
    }
    let user = matches!(judging.contestant, Contestant::Solution(_));
    if user && beyond && !judging.beyond_judge {
        let why = validity.err().unwrap_or_default();
        tally.beyond_skipped.push((case.name.clone(), why));
        return Ok(None);
    }
    let (expected, from_workspace) = expected_output(judging.problem, copy, &input)?;
    Ok(Some(CaseFiles {
        input,
        reformatted,
        beyond,
        expected,
        from_workspace,
    }))
}

/// The verdict of a user's run that got a WA on a case's own `.out`: the
/// program may be right, and the `.out` wrong, so the workspace answers
/// too, as it does for a case without one (see
/// [`Verdict::ExpectedDisputed`]). Any other verdict is kept.
fn disputed(
    judging: &Judging,
    copy: &Case,
    files: &CaseFiles,
    verdict: Verdict,
    outcome: &Outcome,
) -> Verdict {
    let user = matches!(judging.contestant, Contestant::Solution(_));
    if verdict != Verdict::WrongAnswer || files.from_workspace || !user {
        return verdict;
    }
    let answer = workspace_answer(judging.problem, copy, &files.input);
    if answer.is_ok_and(|answer| same_output(&answer, &outcome.stdout)) {
        Verdict::ExpectedDisputed
    } else {
        verdict
    }
}

/// A case's input as the judging reads it, and whether it is within the
/// judge's constraints (else the rule it breaks): a case that breaks only
/// the judge's formatting is read as the judge would send it, in a user's
/// own folders, and `input` is then that (with what was changed).
fn judged_input(
    judging: &Judging,
    case: &Case,
    input: &mut Vec<u8>,
) -> (Result<(), String>, Vec<&'static str>) {
    if case.needs_flags() {
        return (Ok(()), Vec::new());
    }
    let validity = classify(judging.problem, input);
    if validity.is_err() && judging.judge_formatting {
        if let Some((formatted, changes)) = crate::normalize::judge_formatted(input) {
            if classify(judging.problem, &formatted).is_ok() {
                *input = formatted;
                return (Ok(()), changes);
            }
        }
    }
    (validity, Vec::new())
}

/// Whether `case` runs in this judging: every case runs for the workspace's
/// solver; a user's solution skips the cases with flags, and those beyond
/// the judge's constraints unless asked for them. A case whose files
/// cannot be read runs, to be reported.
pub fn runs(judging: &Judging, case: &Case) -> bool {
    if matches!(judging.contestant, Contestant::Workspace) {
        return true;
    }
    if case.needs_flags() {
        return false;
    }
    if judging.beyond_judge {
        return true;
    }
    let Ok(mut input) = crate::cases::read_case_file(&case.input) else {
        return true;
    };
    judged_input(judging, case, &mut input).0.is_ok()
}

/// The workspace's binary for `problem` as a function the runner runs in a
/// forked copy of this process, with `args` as its command line: no binary
/// to build and no second program to start, yet the same limits and
/// measures as any solution.
pub fn workspace_binary(
    problem: &'static dyn AnyProblem,
    args: Vec<std::ffi::OsString>,
) -> impl Fn(&mut dyn std::io::Read, &mut dyn std::io::Write, &mut dyn std::io::Write) -> u8 + Sync
{
    move |stdin, stdout, stderr| {
        problem_kit::run::run_with(
            problem,
            args.iter().cloned(),
            problem_kit::run::Streams {
                stdin,
                stdin_fd: Some(0),
                stdin_size: 0,
                stdout,
                stderr,
            },
        )
    }
}

/// The case's `.out`, or else the workspace's answer under its flags (and
/// `true` then).
fn expected_output(
    problem: &dyn AnyProblem,
    case: &Case,
    input: &[u8],
) -> Result<(Vec<u8>, bool), String> {
    if let Some(path) = &case.expected {
        return crate::cases::read_case_file(path).map(|bytes| (bytes, false));
    }
    workspace_answer(problem, case, input).map(|answer| (answer, true))
}

/// The workspace's answer to a case's input, under the case's flags.
fn workspace_answer(
    problem: &dyn AnyProblem,
    case: &Case,
    input: &[u8],
) -> Result<Vec<u8>, String> {
    let mut options = problem.defaults();
    if !case.args.is_empty() {
        match problem.parse(case.args.iter().map(Into::into).collect()) {
            Ok(problem_kit::args::Request::Run(command)) => options = command.options,
            _ => return Err(format!("the flags of {} are not the problem's", case.name)),
        }
    }
    problem
        .answer(input, &options)
        .map(String::into_bytes)
        .map_err(|e| format!("it has no .out, and the workspace refuses its input: {e}"))
}
