//! Judging a solution on every case of some folders, as a judge does: each
//! case run in a fresh folder under the limits, and given a verdict with
//! its time and peak memory. Nothing is printed here: each case's result
//! goes to the caller as it comes, and the tally at the end.
//!
//! The workspace's own solver runs every case, those beyond the judge's
//! limits and those with flags too. A user's solution runs only the cases
//! its judge could send (see [`problem_kit::Problem::validate`]), unless asked for
//! the others, and never gets the workspace's flags.

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use problem_kit::AnyProblem;

use crate::cases::{classify, Case, Census};
use crate::runner::{self, Limits, Outcome, Program, RunError};
use crate::solution::Prepared;
use crate::verdict::{output_limit, same_output, verdict, Verdict};

/// Who answers the cases.
pub enum Contestant<'a> {
    /// The workspace's own solver, in a forked copy of this process.
    Workspace,
    /// A user's solution, prepared to run.
    Solution(&'a Prepared),
}

/// How to judge.
pub struct Judging<'a> {
    pub problem: &'static dyn AnyProblem,
    pub contestant: Contestant<'a>,
    /// The time and memory limits; their `output` is each case's own (see
    /// `output_limit`).
    pub limits: Limits,
    /// The output limit in bytes, when one was given; `None` sets it per
    /// case from the expected output (see [`output_limit`]).
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
    let next = AtomicUsize::new(0);
    let suite_failed_at = AtomicUsize::new(usize::MAX);
    let tle_at = AtomicUsize::new(usize::MAX);
    let mut tally = Tally::default();
    std::thread::scope(|scope| -> std::io::Result<()> {
        let (sender, receiver) = std::sync::mpsc::channel();
        for _ in 0..jobs {
            let (sender, next, failed_at, tle_at, copies) =
                (sender.clone(), &next, &suite_failed_at, &tle_at, &copies);
            scope.spawn(move || {
                // This thread starts runs and nothing else.
                runner::dedicate_thread();
                loop {
                    let k = next.fetch_add(1, Ordering::SeqCst);
                    if k >= cases.len() || runner::interrupt::requested() {
                        break;
                    }
                    let case = &cases[k];
                    if k > tle_at.load(Ordering::SeqCst) {
                        break;
                    }
                    if crate::suite::is_suite_case(case) && k > failed_at.load(Ordering::SeqCst) {
                        continue;
                    }
                    let judged = judge_one(judging, case, &copies[k]);
                    if crate::suite::is_suite_case(case) && judged.1.failed > 0 {
                        failed_at.fetch_min(k, Ordering::SeqCst);
                    }
                    if is_tle(&judged.0) {
                        tle_at.fetch_min(k, Ordering::SeqCst);
                    }
                    if sender.send((k, judged)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        // In the cases' order, whatever order they end in.
        let mut done = std::collections::BTreeMap::new();
        let mut at = 0;
        for (k, judged) in receiver {
            done.insert(k, judged);
            while let Some((result, counted)) = done.remove(&at) {
                at += 1;
                if at - 1 > tle_at.load(Ordering::SeqCst) {
                    continue;
                }
                if at - 1 > suite_failed_at.load(Ordering::SeqCst)
                    && crate::suite::is_suite_case(&cases[at - 1])
                {
                    continue;
                }
                tally.add(counted);
                if let Some(result) = result? {
                    report(result)?;
                }
            }
        }
        Ok(())
    })?;
    let stopped_at = suite_failed_at.load(Ordering::SeqCst);
    tally.suite_not_run = cases
        .iter()
        .enumerate()
        .filter(|(k, case)| *k > stopped_at && crate::suite::is_suite_case(case))
        .count();
    let tle_at = tle_at.load(Ordering::SeqCst);
    for (k, case) in cases.iter().enumerate().skip(tle_at.saturating_add(1)) {
        if !(crate::suite::is_suite_case(case) && k > stopped_at) {
            count_not_run(judging, case, &copies[k], &mut tally);
        }
    }
    if runner::interrupt::requested() {
        tally.interrupted = true;
    }
    Ok(tally)
}

/// Judges one case: its result (`None` when it was skipped or
/// interrupted), and what it adds to the tally.
fn judge_one<'a>(
    judging: &Judging,
    case: &'a Case,
    copy: &Result<Case, String>,
) -> (std::io::Result<Option<CaseResult<'a>>>, Tally) {
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
    let bad = |tally: &mut Tally, message: String| {
        tally.failed += 1;
        Ok(Some(CaseResult::Bad { case, message }))
    };
    let mut input = match crate::cases::read_case_file(&copy.input) {
        Ok(input) => input,
        Err(message) => return bad(tally, message),
    };
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
    let (expected, from_workspace) = match expected_output(judging.problem, copy, &input) {
        Ok(expected) => expected,
        Err(message) => return bad(tally, message),
    };
    let mut limits = judging.limits;
    limits.output = judging
        .output_limit
        .unwrap_or_else(|| output_limit(expected.len()));
    let Some(outcome) = run_case(judging, case, &input, &limits)? else {
        return Ok(None);
    };
    let Some(mut verdict) = verdict(&outcome, &expected, &limits) else {
        // Interrupted: no verdict, and the judging ends.
        return Ok(None);
    };
    if verdict == Verdict::WrongAnswer && !from_workspace && user {
        // The program may be right, and the `.out` wrong: the workspace
        // answers too, as it does for a case without one.
        let answer = workspace_answer(judging.problem, copy, &input);
        if answer.is_ok_and(|answer| same_output(&answer, &outcome.stdout)) {
            verdict = Verdict::ExpectedDisputed;
            tally.disputed += 1;
        }
    }
    if verdict == Verdict::Accepted {
        tally.passed += 1;
    } else {
        tally.failed += 1;
    }
    if tally.slowest.as_ref().is_none_or(|(_, t)| outcome.cpu > *t) {
        tally.slowest = Some((case.name.clone(), outcome.cpu));
    }
    let against = match (from_workspace, beyond) {
        (true, _) => Against::Workspace,
        (false, true) => Against::ExpectedBeyondJudge,
        (false, false) => Against::Expected,
    };
    Ok(Some(CaseResult::Ran {
        case,
        verdict,
        outcome: Box::new(outcome),
        expected,
        limits,
        against,
        reformatted,
    }))
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

/// Runs the contestant on one case's input: its outcome, or `None` when an
/// interrupt stopped it.
fn run_case(
    judging: &Judging,
    case: &Case,
    input: &[u8],
    limits: &Limits,
) -> std::io::Result<Option<Outcome>> {
    let workspace = workspace_binary(judging.problem, case.args.iter().map(Into::into).collect());
    let program = |folder: &Path| match judging.contestant {
        Contestant::Workspace => Program::Function(&workspace),
        Contestant::Solution(prepared) => prepared.program(folder),
    };
    let outcome = runner::run_fresh(program, input, judging.scratch, limits);
    if runner::interrupt::requested() {
        return Ok(None);
    }
    match outcome {
        Ok(outcome) => Ok(Some(outcome)),
        Err(RunError::Start(e)) => Ok(Some(Outcome::not_started(&e))),
        Err(RunError::Setup(e)) => Err(std::io::Error::other(format!(
            "cannot prepare a run in the scratch folder {}: {e}",
            judging.scratch.display()
        ))),
    }
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

/// The problem a toolchain's self-test stands for: its judge is the
/// reference judge, and its limits are generous for a compiler's first run.
static SELF_TEST: problem_kit::Info = problem_kit::Info {
    name: "self-test",
    title: "echo a line",
    origin: "Baekjoon 0",
    link: "",
    summary: "",
    limits: problem_kit::ProblemLimits {
        time_ms: 10_000,
        memory_mib: 1024,
    },
    accepts_rust: true,
    suite_cases: 0,
    left_out: &[],
    quick_cases: &[],
    call: None,
};

/// A language's self-test: its echo program (see
/// [`crate::toolchain::LanguageRow::echo`]) prepared as a solution is, run
/// on one line and accepted. Returns what ran it (`compiled with ...`) and
/// how long the run took, or why the language does not work here.
pub fn check_toolchain(
    language: crate::toolchain::Language,
    scratch: &Path,
) -> Result<(String, Duration), String> {
    let row = language.row();
    // Its programs first: a compiled self-test in the build cache would
    // otherwise pass where the compiler is gone.
    let first_words = match row.build {
        crate::toolchain::Build::Compiled { compile, .. } => [compile[0], row.run[0]],
        crate::toolchain::Build::Interpreted { check } => [check[0], row.run[0]],
    };
    for program in first_words.into_iter().filter(|p| !p.starts_with('{')) {
        if runner::find_on_path(program.as_ref()).is_none() {
            return Err(format!("{program} is not installed (not on the PATH)"));
        }
    }
    let folder = scratch.join(format!("self-test-{}", row.flag));
    std::fs::create_dir_all(&folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    let file = folder.join(format!("echo.{}", row.extensions[0]));
    let shebang = row.shebang.map_or(String::new(), |program| {
        format!("#!/usr/bin/env {program}\n")
    });
    std::fs::write(&file, format!("{shebang}{}", row.echo))
        .map_err(|e| format!("{}: {e}", file.display()))?;
    let solution = crate::solution::Solution::Source {
        path: file,
        language,
    };
    let prepared = crate::solution::prepare(&solution, &SELF_TEST, None).map_err(|e| match e {
        crate::solution::PrepareError::Compile { command, message } => {
            format!("{command} refused the self-test: {}", message.trim())
        }
        crate::solution::PrepareError::Other(message) => message,
    })?;
    let limits = Limits {
        time: Duration::from_millis(SELF_TEST.limits.time_ms),
        memory: SELF_TEST.limits.memory_mib << 20,
        output: 1 << 20,
        address_space: None,
        file_size: Some(1 << 20),
    };
    let outcome = runner::run_fresh(|dir| prepared.program(dir), b"hello\n", scratch, &limits)
        .map_err(|e| match e {
            RunError::Setup(e) | RunError::Start(e) => e.to_string(),
        })?;
    match verdict(&outcome, b"hello\n", &limits) {
        Some(Verdict::Accepted) => Ok((prepared.how, outcome.wall)),
        None => Err("the self-test was interrupted".to_string()),
        Some(other) => Err(format!(
            "the self-test got {}: {}",
            other.code(),
            String::from_utf8_lossy(&outcome.stderr).trim()
        )),
    }
}
