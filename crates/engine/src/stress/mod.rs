//! Stress testing: generated inputs, small first, until an answer is
//! wrong or time runs out; a failure is then shrunk to a small input (see
//! [`crate::shrink`]).
//!
//! With a user's solution, the user's program is run on judge-valid inputs and held
//! to the workspace's fast solver: a wrong answer, a run-time error or a
//! time, memory or output limit exceeded is a failure. Without one, the
//! workspace's fast solver is held to its reference (`naive`), on inputs
//! both within and beyond the judge's constraints. An input the reference
//! (or the workspace) refuses to answer, as too large for it, cannot be
//! compared: it is counted and skipped.
//!
//! A failing input is run [`RERUNS`] more times before it is reported, and
//! before the shrink takes it, so that a solution that answers at random
//! is said to be nondeterministic rather than shrunk to an input that
//! fails one run in eight: a found failure whose runs disagree is reported
//! as it is, unshrunk, and a shrink stops at the first candidate whose
//! runs disagree. A solution whose failures repeat pays for the re-runs
//! on failing inputs alone.

use std::collections::HashMap;
use std::ops::ControlFlow;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use problem_kit::{AnyProblem, Space};

use crate::jobs::{judge_run, with_pool, JudgedRun};
use crate::runner::{self, Limits, Outcome};
use crate::shrink::Judged;
use crate::solution::{Contestant, Prepared};
use crate::verdict::Verdict;

/// How many more times a failing input is run, to see that it fails the
/// same way each time.
pub const RERUNS: usize = 2;

/// What to search, and how long.
pub struct Search<'a> {
    pub problem: &'static dyn AnyProblem,
    /// Who answers the inputs: the workspace's fast solver, held to its
    /// reference, or a user's solution, held to the workspace's answer.
    pub contestant: Contestant<'a>,
    /// A user's solution's time and memory limits; the output limit is each
    /// input's, from its expected output (see `output_limit`).
    pub limits: Limits,
    /// Where a user's solution runs.
    pub scratch: &'a Path,
    pub first_seed: u64,
    /// The largest generator size to reach.
    pub largest_size: usize,
    /// Where the inputs come from, taken in turn.
    pub spaces: Vec<Space>,
    pub time: Duration,
    /// How many tests run at a time.
    pub jobs: usize,
    /// The fresh inputs a shrink runs, whatever the runs' speed (see
    /// [`crate::shrink::Fresh::runs`]); `None` chooses by their speed.
    pub shrink_fresh: Option<usize>,
    /// Told how the search and the shrink go, after each run (from any of
    /// the jobs), for a progress line.
    pub progress: Option<&'a (dyn Fn(Progress) + Sync)>,
}

/// How a search or a shrink is going.
#[derive(Clone, Copy, Debug)]
pub enum Progress {
    /// `tested` inputs run so far; the last one at generator size `size`.
    Searching { tested: u64, size: usize },
    /// `tried` candidates run so far; the smallest failure is of `smallest`.
    Shrinking {
        tried: usize,
        smallest: crate::shrink::Measure,
    },
}

/// A failing input, as found or shrunk.
#[derive(Clone, Debug)]
pub struct Failure {
    pub seed: u64,
    pub size: usize,
    pub space: Space,
    pub input: Vec<u8>,
    /// The answer the contestant is held to: the reference's (no SOLUTION) or
    /// the workspace's.
    pub expected: Result<String, String>,
    /// What the contestant gave.
    pub got: Got,
    /// Runs that disagreed: of this input (then it was not shrunk), or of
    /// a smaller candidate (then the shrink stopped there).
    pub unsteady: Option<Unsteady>,
}

/// What one run of an input gave, as runs of the same input are compared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gave {
    /// The verdict's code ("WA", "AC"); for the workspace's fast solver,
    /// "right" or "wrong".
    pub verdict: &'static str,
    /// The whole answer, or an error's message; none for a pass, or for a
    /// run that a limit cut off (at a moment that varies from run to run).
    pub answer: Option<String>,
}

/// Two runs of one input that disagreed: the first, failing, and a later
/// one.
#[derive(Clone, Debug)]
pub struct Unsteady {
    pub input: Vec<u8>,
    pub first: Gave,
    pub then: Gave,
}

/// What the contestant gave on a failing input.
#[derive(Clone, Debug)]
pub enum Got {
    /// The workspace's fast answer (or its refusal).
    Answer(Result<String, String>),
    /// A user's run, and its verdict.
    Run(Verdict, Box<Outcome>),
}

impl Failure {
    /// The verdict, for a user's solution.
    pub fn verdict(&self) -> Option<Verdict> {
        match &self.got {
            Got::Run(verdict, _) => Some(*verdict),
            Got::Answer(_) => None,
        }
    }
}

/// A search's result.
#[derive(Clone, Debug, Default)]
pub struct SearchResult {
    pub passed: u64,
    /// Inputs that could not be compared (an answer refused as too large).
    pub not_comparable: u64,
    pub failure: Option<Failure>,
    /// Why the search could not go on, when the command itself failed.
    pub broken: Option<String>,
}

/// The sizes a search takes in turn, small first: 1; 1, 2; 1, 2, 3; ... up
/// to `largest`, then every size from 1 to `largest` over and over.
pub fn search_size(test: u64, largest: usize) -> usize {
    // The round r (from 1) holds sizes 1..=r and starts after r(r-1)/2 tests.
    let mut round = 1u64;
    let mut start = 0u64;
    while start + round <= test && (round as usize) < largest {
        start += round;
        round += 1;
    }
    if (round as usize) < largest {
        1 + (test - start) as usize
    } else {
        1 + ((test - start) % largest.max(1) as u64) as usize
    }
}

/// What testing one input found.
enum Tested {
    Passed,
    NotComparable,
    Failed(Result<String, String>, Got),
    /// The command itself could not test it (a full temporary folder): the
    /// search stops, with no verdict on the solution.
    Broken(String),
    /// The command was interrupted during the run, which has no verdict:
    /// the search and the shrink end, and it is not counted.
    Interrupted,
}

/// Tests one input.
fn test(plan: &Search, input: &[u8]) -> Tested {
    test_costed(plan, input).0
}

/// Tests one input: what it found, and the processor time it took (the
/// run's, as a judge counts it, or the workspace's solvers' in this
/// thread), by which a shrink tells a cheap solution (see
/// [`crate::shrink::CHEAP_RUN`]).
fn test_costed(plan: &Search, input: &[u8]) -> (Tested, Duration) {
    let Contestant::Solution(prepared) = plan.contestant else {
        let before = crate::jobs::thread_time();
        let tested = test_reference(plan.problem, input);
        return (tested, crate::jobs::thread_time().saturating_sub(before));
    };
    let Ok(expected) = plan.problem.judge_output(input) else {
        return (Tested::NotComparable, Duration::ZERO);
    };
    let program = |folder: &Path| prepared.program(folder);
    let run = match judge_run(
        program,
        input,
        expected.as_bytes(),
        plan.limits,
        None,
        plan.scratch,
    ) {
        Err(why) => return (Tested::Broken(why), Duration::ZERO),
        Ok(None) => return (Tested::Interrupted, Duration::ZERO),
        Ok(Some(run)) => run,
    };
    let cost = run.outcome.cpu;
    let tested = match run {
        JudgedRun {
            verdict: Verdict::Accepted,
            ..
        } => Tested::Passed,
        JudgedRun {
            verdict, outcome, ..
        } => Tested::Failed(Ok(expected), Got::Run(verdict, Box::new(outcome))),
    };
    (tested, cost)
}

/// Tests one input of the workspace's fast solver against its reference.
fn test_reference(problem: &dyn AnyProblem, input: &[u8]) -> Tested {
    let options = problem.defaults();
    let shown = |r: Result<String, grid::InputError>| r.map_err(|e| e.to_string());
    let fast = shown(problem.answer(input, &options));
    let reference = shown(problem.naive(input, &options));
    match (&fast, &reference) {
        (Ok(a), Ok(b)) if a == b => Tested::Passed,
        // The reference refused (too large for it), or both did.
        (_, Err(_)) => Tested::NotComparable,
        _ => Tested::Failed(reference, Got::Answer(fast)),
    }
}

/// The fresh inputs a shrink runs when none were asked for: a warm
/// start's runs cost a few milliseconds of processor time, near the line
/// that tells a cheap solution ([`crate::shrink::CHEAP_RUN`]), where the
/// count would vary from machine to machine; a warm solution gets the count
/// of a solution that is not cheap, [`crate::shrink::FRESH_RUNS`], always.
/// Others are told by their runs' cost (`None`).
fn fresh_runs_for(contestant: Contestant) -> Option<usize> {
    match contestant {
        Contestant::Solution(prepared) if prepared.warm.is_some() => {
            Some(crate::shrink::FRESH_RUNS)
        }
        _ => None,
    }
}

/// What a test gave, as runs are compared: `None` when it could not tell
/// (an input not comparable, a broken scratch folder, an interrupt).
fn gave(plan: &Search, tested: &Tested) -> Option<Gave> {
    match (tested, plan.contestant) {
        (Tested::Passed, Contestant::Workspace) => Some(Gave {
            verdict: "right",
            answer: None,
        }),
        (Tested::Passed, Contestant::Solution(_)) => Some(Gave {
            verdict: Verdict::Accepted.code(),
            answer: None,
        }),
        (Tested::Failed(_, got), _) => Some(gave_failing(got)),
        (Tested::NotComparable | Tested::Broken(_) | Tested::Interrupted, _) => None,
    }
}

/// What a failing test gave.
fn gave_failing(got: &Got) -> Gave {
    match got {
        Got::Answer(Ok(text) | Err(text)) => Gave {
            verdict: "wrong",
            answer: Some(text.clone()),
        },
        Got::Run(verdict, outcome) => {
            let cut_off = matches!(
                verdict,
                Verdict::TimeLimitExceeded
                    | Verdict::MemoryLimitExceeded
                    | Verdict::OutputLimitExceeded
            );
            Gave {
                verdict: verdict.code(),
                answer: (!cut_off).then(|| String::from_utf8_lossy(&outcome.stdout).into_owned()),
            }
        }
    }
}

/// What running a failing input again found.
enum Reruns {
    /// Every run gave what the first did.
    Agreed,
    /// One gave something else.
    Disagreed(Gave),
    /// A run could not tell (an interrupt, a broken scratch folder).
    CutShort,
}

/// Runs `input`, whose failing run gave `first`, [`RERUNS`] more times,
/// until one gives something else.
fn rerun(plan: &Search, input: &[u8], first: &Gave) -> Reruns {
    // A warm start shares its server's hash seed with the runs before it,
    // where a fresh start draws its own: a solution whose answer hangs on
    // the order of a set would repeat itself warm. The re-runs start
    // fresh, as a judge's runs do.
    let cold = match plan.contestant {
        Contestant::Solution(prepared) if prepared.warm.is_some() => Some(Prepared {
            warm: None,
            ..prepared.clone()
        }),
        _ => None,
    };
    let cold_plan = cold.as_ref().map(|prepared| Search {
        contestant: Contestant::Solution(prepared),
        spaces: plan.spaces.clone(),
        ..*plan
    });
    let plan = cold_plan.as_ref().unwrap_or(plan);
    for _ in 0..RERUNS {
        match gave(plan, &test(plan, input)) {
            None => return Reruns::CutShort,
            Some(then) if then != *first => return Reruns::Disagreed(then),
            Some(_) => {}
        }
    }
    Reruns::Agreed
}

/// The runs that disagree on a failing `input`, whose first run gave
/// `got`, if any do.
fn unsteady(plan: &Search, input: &[u8], got: &Got) -> Option<Unsteady> {
    let first = gave_failing(got);
    match rerun(plan, input, &first) {
        Reruns::Disagreed(then) => Some(Unsteady {
            input: input.to_vec(),
            first,
            then,
        }),
        Reruns::Agreed | Reruns::CutShort => None,
    }
}

/// A generated input: its seed, size, space and text.
type Generated = (u64, usize, Space, Vec<u8>);

/// The input of the search's test `k`.
fn input_of(plan: &Search, k: u64) -> Generated {
    let seed = plan.first_seed.wrapping_add(k);
    let space = plan.spaces[(k % plan.spaces.len() as u64) as usize];
    let largest = plan
        .largest_size
        .min(plan.problem.largest_size(space))
        .max(1);
    let size = search_size(k / plan.spaces.len() as u64, largest);
    let input = plan.problem.generate(seed, size, space).into_bytes();
    (seed, size, space, input)
}

/// Tests generated inputs from the first seed on, sizes small first, until
/// one fails or the time runs out, [`Search::jobs`] at a time. The failure
/// reported is the first failing test in the search's order, whatever the
/// number of jobs: a failure ends the search only once every test before
/// it has run, and the counts are of those tests.
pub fn search(plan: &Search) -> SearchResult {
    let started = Instant::now();
    // The first failing test so far: the jobs pass over the tests after it.
    let first_failure = AtomicU64::new(u64::MAX);
    let work = |k: u64| run_test(plan, k, &first_failure);
    let mut report = SearchResult::default();
    let mut tested = 0;
    with_pool(plan.jobs, &work, |pool| {
        let tests =
            (0..).take_while(|_| started.elapsed() <= plan.time && !runner::interrupt::requested());
        pool.in_order(tests, |ran| {
            let Some(ran) = ran else {
                return ControlFlow::Continue(());
            };
            tested += 1;
            if let Some(progress) = plan.progress {
                let size = ran.generated.1;
                progress(Progress::Searching { tested, size });
            }
            report.add(ran)
        })
    });
    report
}

/// One test of a search, as it ran.
struct Ran {
    generated: Generated,
    tested: Tested,
    /// For a failure, the runs of it that disagreed, if any did.
    unsteady: Option<Unsteady>,
}

/// Runs the search's test `k`, unless a test before it failed already
/// (`first_failure`); a failure is run again (see [`RERUNS`]) at once, on
/// the same job.
fn run_test(plan: &Search, k: u64, first_failure: &AtomicU64) -> Option<Ran> {
    if k > first_failure.load(Ordering::SeqCst) {
        return None;
    }
    let generated = input_of(plan, k);
    let tested = test(plan, &generated.3);
    if let Tested::Failed(..) | Tested::Broken(_) = &tested {
        first_failure.fetch_min(k, Ordering::SeqCst);
    }
    let unsteady = match &tested {
        Tested::Failed(_, got) => unsteady(plan, &generated.3, got),
        _ => None,
    };
    Some(Ran {
        generated,
        tested,
        unsteady,
    })
}

impl SearchResult {
    /// Counts a test, in its turn: the search ends at a failure, or at a
    /// scratch folder that took no run.
    fn add(&mut self, ran: Ran) -> ControlFlow<()> {
        match ran.tested {
            Tested::Passed => self.passed += 1,
            Tested::NotComparable => self.not_comparable += 1,
            // Not a result: the command reports the interrupt.
            Tested::Interrupted => {}
            Tested::Broken(why) => {
                self.broken = Some(why);
                return ControlFlow::Break(());
            }
            Tested::Failed(expected, got) => {
                let (seed, size, space, input) = ran.generated;
                self.failure = Some(Failure {
                    seed,
                    size,
                    space,
                    input,
                    expected,
                    got,
                    unsteady: ran.unsteady,
                });
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    }
}

/// What a shrink's runs found, shared by its jobs: the answers of each
/// failing candidate (a few: each is taken, or was run ahead of one that
/// was), the runs that disagreed on each unsteady one, the candidates run
/// and the smallest failure, for the progress line.
struct Findings {
    failures: HashMap<Vec<u8>, (Result<String, String>, Got)>,
    unsteady: HashMap<Vec<u8>, Unsteady>,
    tried: usize,
    smallest: crate::shrink::Measure,
}

impl Findings {
    /// Nothing found yet, in a shrink of `failure`.
    fn new(problem: &dyn AnyProblem, failure: &Failure) -> Mutex<Findings> {
        Mutex::new(Findings {
            failures: HashMap::new(),
            unsteady: HashMap::new(),
            tried: 0,
            smallest: crate::shrink::measure(problem, &failure.input),
        })
    }

    /// `failure` as shrunk: the shrunk input failed, unless it is the
    /// failure itself, and its answers are the ones of its first run.
    fn shrunk(mut self, failure: Failure, shrunk: &crate::shrink::Shrunk) -> Failure {
        let unsteady = shrunk
            .unsteady
            .as_ref()
            .and_then(|input| self.unsteady.remove(input));
        match self.failures.remove(&shrunk.input) {
            Some((expected, got)) => Failure {
                input: shrunk.input.clone(),
                expected,
                got,
                unsteady,
                ..failure
            },
            None => Failure {
                unsteady,
                ..failure
            },
        }
    }
}

/// Judges a shrink candidate (see [`judge_candidate`]), counts it, and
/// tells the progress line: what it found, and its first run's cost.
fn judge_and_count(
    plan: &Search,
    input: &[u8],
    wanted: Option<Verdict>,
    found: &Mutex<Findings>,
) -> (Judged, Duration) {
    let judged = judge_candidate(plan, input, wanted, found);
    let mut found = found.lock().unwrap_or_else(|e| e.into_inner());
    found.tried += 1;
    if let Some(progress) = plan.progress {
        progress(Progress::Shrinking {
            tried: found.tried,
            smallest: found.smallest,
        });
    }
    judged
}

/// Judges a shrink candidate: it fails when its first run fails with the
/// `wanted` verdict (for a user's solution) and every re-run agrees. With
/// what it found comes its first run's processor time.
fn judge_candidate(
    plan: &Search,
    input: &[u8],
    wanted: Option<Verdict>,
    found: &Mutex<Findings>,
) -> (Judged, Duration) {
    let (tested, cost) = test_costed(plan, input);
    let (expected, got) = match tested {
        Tested::Failed(expected, got) => (expected, got),
        // A scratch folder that takes no run: no later candidate can be
        // judged either.
        Tested::Broken(_) => return (Judged::Cut, cost),
        _ => return (Judged::Passes, cost),
    };
    if let Got::Run(verdict, _) = &got {
        if Some(*verdict) != wanted {
            return (Judged::Passes, cost);
        }
    }
    let first = gave_failing(&got);
    let reruns = rerun(plan, input, &first);
    let mut found = found.lock().unwrap_or_else(|e| e.into_inner());
    let judged = match reruns {
        Reruns::Agreed => {
            let measure = crate::shrink::measure(plan.problem, input);
            if measure.value < found.smallest.value {
                found.smallest = measure;
            }
            found.failures.insert(input.to_vec(), (expected, got));
            Judged::Fails
        }
        Reruns::Disagreed(then) => {
            let input = input.to_vec();
            let unsteady = Unsteady {
                input: input.clone(),
                first,
                then,
            };
            found.unsteady.insert(input, unsteady);
            Judged::Unsteady
        }
        // An interrupt: the shrink ends with the smallest failure so far.
        Reruns::CutShort => Judged::Passes,
    };
    (judged, cost)
}

/// Shrinks a failure within `budget`: the result fails the same way (the
/// same verdict, for a user's solution) on every run, and stays in the
/// failure's space. A candidate whose runs disagree ends the shrink, and
/// is named in the result's [`Failure::unsteady`].
pub fn shrink(
    plan: &Search,
    failure: Failure,
    budget: Duration,
) -> (Failure, crate::shrink::Shrunk) {
    let problem = plan.problem;
    let space = failure.space;
    let valid = |input: &[u8]| match space {
        Space::Judge => problem.validate(input).is_ok(),
        Space::Beyond => problem.answer(input, &problem.defaults()).is_ok(),
    };
    let wanted = failure.verdict();
    let found = Findings::new(problem, &failure);
    let judge = |input: &[u8]| judge_and_count(plan, input, wanted, &found);
    let fresh = crate::shrink::Fresh {
        seed: failure.seed,
        size: failure.size,
        space,
        runs: plan
            .shrink_fresh
            .or_else(|| fresh_runs_for(plan.contestant)),
    };
    let shrunk = crate::shrink::shrink(
        problem,
        failure.input.clone(),
        &valid,
        &judge,
        budget,
        Some(fresh),
        plan.jobs,
    );
    let found = found.into_inner().unwrap_or_else(|e| e.into_inner());
    (found.shrunk(failure, &shrunk), shrunk)
}

#[cfg(test)]
mod tests;
