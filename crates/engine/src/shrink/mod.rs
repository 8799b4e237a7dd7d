//! Shrinking a failing input to a small one: smaller, by the problem's
//! measure ([`problem_kit::Problem::measure`]: puyos, a board's side, moves,
//! footholds), and still failing the same way.
//!
//! The search takes, in turn, until none finds a smaller failure:
//!
//! - single steps ([`problem_kit::Problem::simplifications`]: a colour, a group, a
//!   row, a column or a puyo taken out, a row and column removed, a tile
//!   lowered, a move or a case dropped), the biggest cut first, greedily, as
//!   QuickCheck-style shrinkers do;
//! - chunks of a list ([`problem_kit::Problem::items`]: moves, rows, footholds)
//!   dropped together, halves first, as delta debugging does: a long
//!   list shrinks in a logarithmic number of runs, and items that only
//!   fail together are kept together;
//! - two steps together, smallest result first, for a failure that no
//!   single step keeps (two groups that pop together, a row and a column
//!   that only matter as a pair);
//! - inputs generated afresh ([`problem_kit::Problem::generate`]) at the failing
//!   input's size and below, smaller than the smallest failure so far,
//!   every other one just below it: a bug that a small input shows may
//!   hide in a large one that no chain of steps leads down from. A fresh
//!   failure is then shrunk in turn. There are [`FRESH_RUNS`] of them, or
//!   [`FRESH_RUNS_MOST`] for a solution whose runs are cheap
//!   ([`CHEAP_RUN`], by processor time), enough for a bug that one small
//!   input in hundreds shows.
//!
//! Fresh inputs come earlier too: once at each measure that no single step
//! lowers, before the steps that keep it, up to [`PROBE_RUNS`] fresh inputs
//! of a smaller measure are run (`Shrinker::probe`), so that a bug that
//! small inputs show often is reached without the hundreds of steps that
//! keep the measure. They are drawn from a stream of their own, so the
//! fresh inputs tried last are the same with them or without.
//!
//! A candidate is kept only when it is `valid` (for a user's solution,
//! within the judge's constraints, so the shrunk input is one the judge
//! could send), smaller than the input it replaces (by measure, then
//! length, then byte order, so that a recolouring or a move of a player
//! can never go round in a circle) and still fails ([`Judged::Fails`]:
//! for a user's solution, on every one of the runs the caller makes).
//! Each candidate is judged at most once. A candidate whose runs disagree
//! ([`Judged::Unsteady`]) ends the shrink where it is: every step of it
//! rests on a failure repeating, and the result is never called minimal.
//! The counts of runs are fixed ([`PAIR_RUNS`],
//! [`FRESH_RUNS`]) and the fresh inputs' seeds come from the failure's,
//! so the same failure shrinks to the same input, unless the time budget
//! ends the search first. Whether a solution is cheap is told by the
//! processor time its runs take, which a busy machine does not change
//! (the wall clock's would), and which counts a warm start's saved cost
//! in (see `runner::warm`): a Python solution is never cheap, started
//! warm or cold. A count of fresh inputs given in [`Fresh::runs`] holds
//! in its place.
//!
//! Candidates run on job threads that live as long as the shrink (see
//! [`crate::jobs`]), so a Python solution's candidates start warm.

use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};

use problem_kit::{AnyProblem, Space, SplitMix64};

use crate::jobs::{with_pool, Pool};

/// The most fresh inputs one probe runs below a measure that no single
/// step lowers (see the module's doc).
pub const PROBE_RUNS: usize = 20;

/// The most candidates two steps away run at one input.
pub const PAIR_RUNS: usize = 50;

/// The inputs generated afresh that one shrink runs, at least (the time
/// budget allowing).
pub const FRESH_RUNS: usize = 50;

/// The processor time of a run, on average over the first [`FRESH_RUNS`]
/// fresh inputs, under which a solution is cheap: its fresh inputs go on
/// to [`FRESH_RUNS_MOST`] (a bug that one small board in hundreds shows
/// is found so, in seconds), where a dearer one's stop. A compiled
/// solution's runs take a millisecond or two of it; an interpreter's
/// start alone takes tens (Python's, PyPy's, a JVM's, Node's), and a warm
/// run counts the start it saved. The count so depends on the solution
/// and its language, not on how busy the machine is.
pub const CHEAP_RUN: Duration = Duration::from_millis(15);

/// The most inputs generated afresh that one shrink of a cheap solution
/// runs.
pub const FRESH_RUNS_MOST: usize = 2000;

/// The most fresh inputs generated, run or not (a generator whose inputs
/// are never smaller would otherwise be asked forever).
const FRESH_GENERATED: usize = 25 * FRESH_RUNS_MOST;

/// How many fresh inputs in a row, smaller but not just below the failure
/// (see [`Shrinker::fresh`]), are passed over before one is run anyway.
const BELOW_PATIENCE: usize = 200;

/// What judging a candidate found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Judged {
    Passes,
    Fails,
    /// It failed, but runs of it disagreed (a solution that answers at
    /// random): the shrink stops there.
    Unsteady,
    /// It could not be judged (a scratch folder that takes no run, a full
    /// disk): the shrink stops there, and its result is never called
    /// minimal, since the candidate's turn never came.
    Cut,
}

impl From<bool> for Judged {
    /// Whether a candidate fails, for a test that cannot be unsteady.
    fn from(fails: bool) -> Self {
        if fails {
            Judged::Fails
        } else {
            Judged::Passes
        }
    }
}

/// How big an input is by its problem's measure, in its unit (not the
/// generator's size: see "Names" in docs/architecture.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Measure {
    pub value: u64,
    /// A plural noun ("puyos", "moves"), or "bytes" for a problem with no
    /// measure of its own.
    pub unit: &'static str,
}

/// A shrunk input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shrunk {
    pub input: Vec<u8>,
    /// Simplifications taken (a pair counts two, a chunk or a fresh input
    /// one).
    pub steps: usize,
    /// Candidates run (valid ones, smaller than the input they would
    /// replace).
    pub tried: usize,
    /// Whether every single simplification of the result was tried and
    /// passed (a shrink cut short by its time budget, or by an unsteady
    /// candidate, is not).
    pub minimal: bool,
    /// Whether, besides, every pair of simplifications of the result was
    /// tried and passed (not when there were more than [`PAIR_RUNS`]).
    pub pairs_tried: bool,
    /// The candidate whose runs disagreed, which ended the shrink.
    pub unsteady: Option<Vec<u8>>,
    /// Whether a candidate could not be judged, which ended the shrink.
    pub cut: bool,
    /// The failing input's measure, and the result's.
    pub before: Measure,
    pub after: Measure,
    pub elapsed: Duration,
}

/// Where fresh inputs come from: the failure's seed, size and space; and
/// how many to run.
#[derive(Clone, Copy, Debug)]
pub struct Fresh {
    pub seed: u64,
    pub size: usize,
    pub space: Space,
    /// The fresh inputs to run, whatever the runs' speed; `None` chooses
    /// by their speed, [`FRESH_RUNS`] or, for a cheap solution,
    /// [`FRESH_RUNS_MOST`].
    pub runs: Option<usize>,
}

/// The order candidates are kept in: measure, then length, then bytes.
type Order = (u64, usize, Vec<u8>);

/// Shrinks `input`, which fails, keeping only candidates that are `valid`
/// and that `judge` finds still failing, within `budget`, until one is
/// unsteady; with `fresh`, generated inputs are tried too. `judge` gives
/// what it found and the processor time of the candidate's first run (see
/// [`CHEAP_RUN`]); it runs on [`crate::jobs`]' threads, dedicated to runs.
/// With `jobs` above 1, the candidates that come next are run that many
/// at a time, side by side, and the search takes the first that fails, as
/// one at a time would: the result, and the count of candidates tried, do
/// not depend on `jobs`.
pub fn shrink(
    problem: &dyn AnyProblem,
    input: Vec<u8>,
    valid: &dyn Fn(&[u8]) -> bool,
    judge: &(dyn Fn(&[u8]) -> (Judged, Duration) + Sync),
    budget: Duration,
    fresh: Option<Fresh>,
    jobs: usize,
) -> Shrunk {
    let work = |candidate: Vec<u8>| judge(&candidate);
    with_pool(jobs, &work, |pool| {
        let mut shrinker = Shrinker {
            problem,
            valid,
            pool,
            jobs: jobs.max(1),
            started: Instant::now(),
            budget,
            decided: HashSet::new(),
            ahead: HashMap::new(),
            unsteady: None,
            cut: false,
            fresh_inputs: fresh.map(|f| FreshInputs::new(problem, f)),
            probe_inputs: fresh.map(|f| FreshInputs::for_probes(problem, f)),
            probed: HashSet::new(),
            steps: 0,
            tried: 0,
        };
        shrinker.shrink(input)
    })
}

/// An input's measure, its problem's (its length when there is none): how
/// small a shrink has made it, not the generator's size.
pub fn measure(problem: &dyn AnyProblem, input: &[u8]) -> Measure {
    match problem.measure(input) {
        Some((value, unit)) => Measure { value, unit },
        None => Measure {
            value: input.len() as u64,
            unit: "bytes",
        },
    }
}

fn key(problem: &dyn AnyProblem, input: &[u8]) -> Order {
    (measure(problem, input).value, input.len(), input.to_vec())
}

/// A shrink under way.
struct Shrinker<'a, 'p> {
    problem: &'a dyn AnyProblem,
    valid: &'a dyn Fn(&[u8]) -> bool,
    /// The jobs that judge candidates.
    pool: &'a mut Pool<'p, Vec<u8>, (Judged, Duration)>,
    jobs: usize,
    started: Instant,
    budget: Duration,
    /// Every candidate already judged: run and passed, or not valid. (One
    /// that failed was taken, and everything later is smaller than it.)
    decided: HashSet<Vec<u8>>,
    /// Candidates run ahead of their turn (see [`Shrinker::run_ahead`]), and
    /// what each was found, with what its run cost.
    ahead: HashMap<Vec<u8>, (Judged, Duration)>,
    /// The candidate whose runs disagreed, in its turn: the shrink stops.
    unsteady: Option<Vec<u8>>,
    /// Whether a candidate could not be judged: the shrink stops.
    cut: bool,
    /// The fresh inputs, when the shrink has them.
    fresh_inputs: Option<FreshInputs>,
    /// The probes' fresh inputs (see [`Shrinker::probe`]): a stream of
    /// their own, so that the fresh inputs tried last are the same with
    /// probes or without.
    probe_inputs: Option<FreshInputs>,
    /// The measures at which fresh inputs below were probed (see
    /// [`Shrinker::probe`]): once each.
    probed: HashSet<u64>,
    steps: usize,
    tried: usize,
}

impl Shrinker<'_, '_> {
    /// Shrinks `input` (see [`shrink`]).
    fn shrink(&mut self, input: Vec<u8>) -> Shrunk {
        let before = measure(self.problem, &input);
        let mut current = input;
        let (minimal, pairs_tried) = loop {
            let (minimal, pairs_tried) = self.locally(&mut current);
            let found = match minimal {
                true => self.fresh(&current),
                false => None,
            };
            match found {
                Some(smaller) => {
                    current = smaller;
                    self.steps += 1;
                }
                None => break (minimal, pairs_tried),
            }
        };
        // A failure that does not repeat makes no input minimal.
        let steady = self.unsteady.is_none() && !self.cut;
        Shrunk {
            after: measure(self.problem, &current),
            input: current,
            steps: self.steps,
            tried: self.tried,
            minimal: minimal && steady,
            pairs_tried: pairs_tried && steady,
            unsteady: self.unsteady.take(),
            cut: self.cut,
            before,
            elapsed: self.started.elapsed(),
        }
    }

    /// Whether the shrink ends where it is: out of time, interrupted, or
    /// at an unsteady candidate or one that could not be judged.
    fn must_stop(&self) -> bool {
        self.started.elapsed() > self.budget
            || crate::runner::interrupt::requested()
            || self.unsteady.is_some()
            || self.cut
    }

    /// Whether `candidate` (smaller than the input it would replace) is
    /// valid and still fails; it is judged once. An unsteady one is not
    /// taken, and stops the shrink.
    fn takes(&mut self, candidate: &[u8]) -> bool {
        self.judge_once(candidate)
            .is_some_and(|(judged, _)| judged == Judged::Fails)
    }

    /// What `candidate` was found, and what its run cost, if it is valid
    /// and was not judged before (see [`Shrinker::takes`]).
    fn judge_once(&mut self, candidate: &[u8]) -> Option<(Judged, Duration)> {
        if !self.decided.insert(candidate.to_vec()) || !(self.valid)(candidate) {
            return None;
        }
        self.tried += 1;
        let judged = match self.ahead.remove(candidate) {
            Some(judged) => judged,
            None => self.pool.all(vec![candidate.to_vec()])[0],
        };
        if judged.0 == Judged::Cut {
            self.cut = true;
        }
        if judged.0 == Judged::Unsteady {
            self.unsteady = Some(candidate.to_vec());
        }
        Some(judged)
    }

    /// [`Shrinker::takes`] for `candidates[at]`, the later candidates run
    /// ahead of their turn beside it when there are jobs to spare.
    fn takes_at(&mut self, candidates: &[Vec<u8>], at: usize) -> bool {
        if self.jobs > 1 && !self.ahead.contains_key(&candidates[at]) {
            self.run_ahead(&candidates[at..]);
        }
        self.takes(&candidates[at])
    }

    /// Runs the first [`Shrinker::jobs`] of `candidates` that are still
    /// undecided and valid side by side, keeping each one's result for its
    /// turn. A candidate run ahead whose turn never comes (one before it
    /// failed) cost a processor that was idle.
    fn run_ahead(&mut self, candidates: &[Vec<u8>]) {
        let batch: Vec<&Vec<u8>> = candidates
            .iter()
            .filter(|c| !self.decided.contains(*c) && !self.ahead.contains_key(*c))
            .filter(|c| (self.valid)(c))
            .take(self.jobs)
            .collect();
        let results = self.pool.all(batch.iter().map(|c| c.to_vec()).collect());
        for (candidate, judged) in batch.into_iter().zip(results) {
            self.ahead.insert(candidate.clone(), judged);
        }
    }

    /// `candidates` smaller than `than`, each once, smallest first.
    fn ordered(&self, candidates: Vec<Vec<u8>>, than: &Order) -> Vec<Vec<u8>> {
        let mut keyed: Vec<Order> = candidates
            .into_iter()
            .map(|c| key(self.problem, &c))
            .filter(|k| k < than)
            .collect();
        keyed.sort();
        keyed.dedup();
        keyed.into_iter().map(|(_, _, c)| c).collect()
    }

    /// Shrinks `current` by single steps, chunks and pairs until none
    /// helps: whether it is then single-step minimal, and pair-minimal.
    fn locally(&mut self, current: &mut Vec<u8>) -> (bool, bool) {
        loop {
            if !self.single_steps(current) {
                return (false, false);
            }
            if self.chunks(current) {
                continue;
            }
            match self.pairs(current) {
                Some(true) => continue,
                Some(false) => return (true, true),
                None => return (true, false),
            }
        }
    }

    /// Takes the first single step, biggest cut first, that still fails,
    /// again and again: whether it got to an input none of whose steps
    /// fails (not when the shrink had to stop).
    fn single_steps(&mut self, current: &mut Vec<u8>) -> bool {
        loop {
            let here = key(self.problem, current);
            let candidates = self.ordered(self.problem.simplifications(current), &here);
            let mut found = None;
            for at in 0..candidates.len() {
                if self.must_stop() {
                    return false;
                }
                // Every step that lowers the measure has passed: inputs
                // generated below it may fail where no step leads.
                if measure(self.problem, &candidates[at]).value == here.0 {
                    if let Some(smaller) = self.probe(current) {
                        found = Some(smaller);
                        break;
                    }
                }
                if self.takes_at(&candidates, at) {
                    found = Some(candidates[at].clone());
                    break;
                }
            }
            match found {
                Some(smaller) => {
                    *current = smaller;
                    self.steps += 1;
                }
                None => return true,
            }
        }
    }

    /// Delta debugging over the input's items: keeps one chunk alone, or
    /// drops one, halves first, then quarters, down to single items.
    /// Whether it found a smaller failure.
    fn chunks(&mut self, current: &mut Vec<u8>) -> bool {
        let mut any = false;
        let mut parts = 2;
        loop {
            let items = self.problem.items(current);
            if items < 2 || self.must_stop() {
                return any;
            }
            parts = parts.min(items);
            let here = key(self.problem, current);
            let chunk = items.div_ceil(parts);
            let starts: Vec<usize> = (0..items).step_by(chunk).collect();
            let masks = starts.iter().flat_map(|&start| {
                let inside = move |i: usize| (start..start + chunk).contains(&i);
                [
                    (0..items).map(inside).collect::<Vec<bool>>(),
                    (0..items).map(|i| !inside(i)).collect(),
                ]
            });
            let candidates = masks
                .filter_map(|keep| self.problem.keep_items(current, &keep))
                .collect();
            let ordered = self.ordered(candidates, &here);
            let found = (0..ordered.len())
                .find(|&at| !self.must_stop() && self.takes_at(&ordered, at))
                .map(|at| ordered[at].clone());
            match found {
                Some(smaller) => {
                    *current = smaller;
                    self.steps += 1;
                    any = true;
                    parts = (parts - 1).max(2);
                }
                None if chunk == 1 => return any,
                None => parts = (parts * 2).min(items),
            }
        }
    }

    /// Tries the inputs two steps from `current` whose measure is smaller,
    /// smallest first, at most [`PAIR_RUNS`] of them: `Some(true)` when one
    /// fails (it is taken), `Some(false)` when every one passed, `None`
    /// when they were too many, or the time ran out.
    fn pairs(&mut self, current: &mut Vec<u8>) -> Option<bool> {
        let here = key(self.problem, current);
        let firsts = self.problem.simplifications(current);
        let seconds = firsts
            .iter()
            .flat_map(|first| self.problem.simplifications(first))
            .filter(|second| measure(self.problem, second).value < here.0)
            .collect();
        let mut runs = 0;
        let ordered = self.ordered(seconds, &here);
        for at in 0..ordered.len() {
            if self.must_stop() || runs == PAIR_RUNS {
                return None;
            }
            if self.decided.contains(&ordered[at]) {
                continue;
            }
            runs += 1;
            if self.takes_at(&ordered, at) {
                *current = ordered[at].clone();
                self.steps += 2;
                return Some(true);
            }
        }
        Some(false)
    }

    /// Once for each measure, when no single step lowers the measure of
    /// `current` and still fails: runs up to [`PROBE_RUNS`] fresh inputs of
    /// a smaller measure, and returns the first that fails. A bug that
    /// small inputs show often (a 2048 board of 3 × 3 in seven) is found so
    /// in a few runs, where the steps that keep the measure (a tile
    /// cleared, a puyo recoloured) would take hundreds before the fresh
    /// inputs' turn comes.
    fn probe(&mut self, current: &[u8]) -> Option<Vec<u8>> {
        let here = measure(self.problem, current).value;
        if !self.probed.insert(here) {
            return None;
        }
        let mut inputs = self.probe_inputs.take()?;
        let found = self.fresh_from(&mut inputs, current, PROBE_RUNS, true);
        self.probe_inputs = Some(inputs);
        found
    }

    /// The next fresh input smaller than `current` that is valid and
    /// fails, if one comes before the fresh inputs run out (see
    /// [`Shrinker::fresh_from`]).
    fn fresh(&mut self, current: &[u8]) -> Option<Vec<u8>> {
        let mut inputs = self.fresh_inputs.take()?;
        let found = self.fresh_from(&mut inputs, current, usize::MAX, false);
        self.fresh_inputs = Some(inputs);
        found
    }

    /// The next input of `inputs` smaller than `current` (with `lower`, of
    /// a smaller measure) that is valid and fails, if one comes within
    /// `most` runs and before they run out. Every other run is of an input
    /// just below `current`'s measure, when the generator makes one within
    /// [`BELOW_PATIENCE`] tries: a failure one step down is likelier than
    /// one far below, and the search goes on down from it.
    fn fresh_from(
        &mut self,
        inputs: &mut FreshInputs,
        current: &[u8],
        most: usize,
        lower: bool,
    ) -> Option<Vec<u8>> {
        let here = key(self.problem, current);
        let mut runs = 0;
        loop {
            if !inputs.more() || runs == most || self.must_stop() {
                return None;
            }
            let candidate = inputs.next(self.problem);
            let measure = measure(self.problem, &candidate).value;
            let above = if lower {
                measure >= here.0
            } else {
                key(self.problem, &candidate) >= here
            };
            if above || self.decided.contains(&candidate) {
                continue;
            }
            let far_below = measure + 1 < here.0;
            if far_below && inputs.runs.is_multiple_of(2) && inputs.passed_over < BELOW_PATIENCE {
                inputs.passed_over += 1;
                continue;
            }
            inputs.passed_over = 0;
            let Some((judged, cost)) = self.judge_once(&candidate) else {
                continue;
            };
            runs += 1;
            inputs.ran(cost);
            if judged == Judged::Fails {
                return Some(candidate);
            }
        }
    }
}

/// The fresh inputs of one shrink: sizes 1 to the failure's in turn, each
/// with a seed of its own drawn from the failure's.
struct FreshInputs {
    seeds: SplitMix64,
    fresh: Fresh,
    generated: usize,
    runs: usize,
    /// Smaller inputs passed over in a row for not being just below.
    passed_over: usize,
    /// The processor time the fresh runs took, until [`FRESH_RUNS`] had
    /// run.
    first_runs: Duration,
    /// Whether the solution is cheap (see [`CHEAP_RUN`]), once
    /// [`FRESH_RUNS`] have run.
    cheap: Option<bool>,
}

impl FreshInputs {
    /// The probes' inputs: another stream, as many runs as the fresh
    /// inputs, at most, in all.
    fn for_probes(problem: &dyn AnyProblem, fresh: Fresh) -> Self {
        let mut inputs = FreshInputs::new(problem, fresh);
        inputs.seeds = SplitMix64::new(fresh.seed ^ 0x9E0B_E5F1_A5E5_0002);
        inputs
    }

    fn new(problem: &dyn AnyProblem, fresh: Fresh) -> Self {
        let size = fresh
            .size
            .clamp(1, problem.largest_size(fresh.space).max(1));
        FreshInputs {
            // Another stream than the search's own seeds, which follow
            // the failure's one by one.
            seeds: SplitMix64::new(fresh.seed ^ 0x5EED_F5A1_1E57_0001),
            fresh: Fresh { size, ..fresh },
            generated: 0,
            runs: 0,
            passed_over: 0,
            first_runs: Duration::ZERO,
            cheap: None,
        }
    }

    /// Counts a fresh run that took `cost` of processor time.
    fn ran(&mut self, cost: Duration) {
        self.runs += 1;
        if self.cheap.is_none() {
            self.first_runs += cost;
            if self.runs >= FRESH_RUNS {
                self.cheap = Some(self.first_runs < CHEAP_RUN * FRESH_RUNS as u32);
            }
        }
    }

    /// Whether another fresh input may be run.
    fn more(&self) -> bool {
        let most = match (self.fresh.runs, self.cheap) {
            (Some(runs), _) => runs,
            (None, Some(true)) => FRESH_RUNS_MOST,
            (None, _) => FRESH_RUNS,
        };
        self.runs < most && self.generated < FRESH_GENERATED.max(25 * most)
    }

    /// The next input: the sizes go round, so that the small ones, where
    /// the smallest failures are, come up from the start.
    fn next(&mut self, problem: &dyn AnyProblem) -> Vec<u8> {
        let size = 1 + self.generated % self.fresh.size;
        self.generated += 1;
        let seed = self.seeds.next_u64();
        problem.generate(seed, size, self.fresh.space).into_bytes()
    }
}

#[cfg(test)]
mod tests;
