//! Runs of inputs, one path for every one of them: [`judge_run`] runs a
//! program on an input and gives its outcome and verdict, and a [`Pool`]
//! of job threads makes runs side by side and hands their results back in
//! the order they were asked for. A judging's cases, a stress search's
//! generated inputs and a shrink's candidates all take this path, so that
//! each is run, limited and judged alike, and what a command reports does
//! not depend on how many jobs ran it.

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::Duration;

use crate::runner::{self, Limits, Outcome, Program, RunError};
use crate::verdict::{output_limit, verdict, Verdict};

/// A run and the verdict on it.
#[derive(Clone, Debug)]
pub struct JudgedRun {
    pub outcome: Outcome,
    pub verdict: Verdict,
    /// The limits it ran under, its output limit included.
    pub limits: Limits,
}

/// Runs `program` on `input` in a folder of `scratch` (see
/// [`runner::run_fresh`]) and judges it against `expected`, under `limits`
/// with the output limit `output`, or else the expected output's (see
/// [`output_limit`]). `Ok(None)` when the command's interrupt stopped the
/// run, which then has no verdict; an error when the scratch folder could
/// not take the run, which is the command's trouble, not the program's.
pub fn judge_run<'a>(
    program: impl FnOnce(&Path) -> Program<'a>,
    input: &[u8],
    expected: &[u8],
    limits: Limits,
    output: Option<u64>,
    scratch: &Path,
) -> Result<Option<JudgedRun>, String> {
    let limits = Limits {
        output: output.unwrap_or_else(|| output_limit(expected.len())),
        ..limits
    };
    let outcome = match runner::run_fresh(program, input, scratch, &limits) {
        Ok(outcome) => outcome,
        // A program that cannot start is a run-time error, as on a judge.
        Err(RunError::Start(e)) => Outcome::not_started(&e),
        Err(RunError::Setup(e)) => {
            return Err(format!(
                "cannot prepare a run in the scratch folder {}: {e}",
                scratch.display()
            ))
        }
    };
    // An interrupt may have cut the run short in any way: a killed run's
    // outcome is not the program's.
    if runner::interrupt::requested() {
        return Ok(None);
    }
    Ok(
        verdict(&outcome, expected, &limits).map(|verdict| JudgedRun {
            outcome,
            verdict,
            limits,
        }),
    )
}

/// The processor time the calling thread has used: what the workspace's
/// own solvers cost when they answer in this process, where no run
/// measures them.
pub fn thread_time() -> Duration {
    // SAFETY: clock_gettime fills a live timespec.
    let mut now: libc::timespec = unsafe { std::mem::zeroed() };
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    Duration::new(now.tv_sec as u64, now.tv_nsec as u32)
}

/// Job threads, dedicated to runs (see [`runner::dedicate_thread`]: their
/// runs share a control group the thread joins once, and a Python run
/// starts warm), each running the pool's work on the items it is sent,
/// one at a time; the results come back in the order the items were sent
/// (see [`Pool::in_order`]). The threads live as long as the pool, so a
/// warm interpreter a job started serves all of its runs.
pub struct Pool<'w, T, R> {
    jobs: usize,
    items: Option<mpsc::Sender<(usize, T)>>,
    results: mpsc::Receiver<(usize, std::thread::Result<R>)>,
    /// Items sent, results arrived (taken or waiting) and results taken.
    sent: usize,
    arrived: usize,
    taken: usize,
    /// Results that arrived before their turn.
    waiting: BTreeMap<usize, R>,
    /// Set when the pool is done: an item sent but not yet begun is
    /// passed over.
    closed: &'w AtomicBool,
}

/// Runs `body` with a pool of `jobs` threads (at least one) that run
/// `work`; returns once every thread has ended. A panic in `work` is the
/// caller's, raised again in `body` where its result is taken.
pub fn with_pool<T: Send, R: Send, Out>(
    jobs: usize,
    work: &(dyn Fn(T) -> R + Sync),
    body: impl FnOnce(&mut Pool<T, R>) -> Out,
) -> Out {
    let (items, inbox) = mpsc::channel::<(usize, T)>();
    let inbox = Mutex::new(inbox);
    let closed = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let (outbox, results) = mpsc::channel();
        for _ in 0..jobs.max(1) {
            let (inbox, outbox, closed) = (&inbox, outbox.clone(), &closed);
            scope.spawn(move || {
                // This thread starts runs and nothing else.
                runner::dedicate_thread();
                while let Some((k, item)) = next_item(inbox) {
                    if closed.load(Ordering::SeqCst) {
                        break;
                    }
                    let result =
                        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(item)));
                    if outbox.send((k, result)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(outbox);
        let mut pool = Pool {
            jobs: jobs.max(1),
            items: Some(items),
            results,
            sent: 0,
            arrived: 0,
            taken: 0,
            waiting: BTreeMap::new(),
            closed: &closed,
        };
        body(&mut pool)
        // The pool is dropped here, before the threads are joined: that
        // ends them once their current item is done.
    })
}

/// The next item for a job thread, `None` once the pool is dropped.
fn next_item<T>(inbox: &Mutex<mpsc::Receiver<T>>) -> Option<T> {
    let inbox = inbox.lock().unwrap_or_else(|e| e.into_inner());
    inbox.recv().ok()
}

impl<T, R> Pool<'_, T, R> {
    /// Runs `items`, as many at a time as there are jobs, and hands each
    /// result to `take` in the items' order, whatever order they end in.
    /// An item is drawn from `items` only when a job is free, so an
    /// iterator that stops (at a deadline, an interrupt) stops the runs.
    /// When `take` breaks, no more items are sent, and the results of
    /// those under way are dropped.
    pub fn in_order(
        &mut self,
        items: impl IntoIterator<Item = T>,
        mut take: impl FnMut(R) -> ControlFlow<()>,
    ) {
        let mut items = items.into_iter().fuse();
        let mut drawn_all = false;
        loop {
            while !drawn_all && self.sent - self.arrived < self.jobs {
                match items.next() {
                    Some(item) => self.send(item),
                    None => drawn_all = true,
                }
            }
            if let Some(result) = self.waiting.remove(&self.taken) {
                self.taken += 1;
                if take(result).is_break() {
                    self.taken = self.sent;
                    self.waiting.clear();
                    return;
                }
            } else if drawn_all && self.taken == self.sent {
                return;
            } else if !self.receive() {
                // No job is left to send it.
                return;
            }
        }
    }

    /// Runs every one of `items` and gives their results in order.
    pub fn all(&mut self, items: Vec<T>) -> Vec<R> {
        let mut results = Vec::with_capacity(items.len());
        self.in_order(items, |result| {
            results.push(result);
            ControlFlow::Continue(())
        });
        results
    }

    fn send(&mut self, item: T) {
        if let Some(items) = &self.items {
            // The threads hold the other end until the pool is dropped.
            let _ = items.send((self.sent, item));
        }
        self.sent += 1;
    }

    /// Waits for one result, and keeps it for its turn (or drops it, when
    /// its turn is past); `false` when no thread is left to send one.
    fn receive(&mut self) -> bool {
        let Ok((k, result)) = self.results.recv() else {
            return false;
        };
        self.arrived += 1;
        match result {
            Ok(result) if k >= self.taken => {
                self.waiting.insert(k, result);
            }
            Ok(_) => {}
            Err(panic) => std::panic::resume_unwind(panic),
        }
        true
    }
}

impl<T, R> Drop for Pool<'_, T, R> {
    fn drop(&mut self) {
        self.closed.store(true, Ordering::SeqCst);
        self.items = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_in_the_items_order_whatever_order_they_end_in() {
        // Each item waits for a number of milliseconds that falls as it
        // rises, so later items end first.
        let work = |k: u64| {
            std::thread::sleep(Duration::from_millis(20 - 2 * (k % 8)));
            k * k
        };
        for jobs in [1, 3, 8] {
            let mut seen = Vec::new();
            with_pool(jobs, &work, |pool| {
                pool.in_order(0..20, |r| {
                    seen.push(r);
                    ControlFlow::Continue(())
                })
            });
            assert_eq!(seen, (0..20).map(|k| k * k).collect::<Vec<_>>(), "{jobs}");
        }
    }

    #[test]
    fn a_break_sends_nothing_more_and_the_pool_goes_on() {
        let started = std::sync::atomic::AtomicUsize::new(0);
        let work = |k: usize| {
            started.fetch_add(1, Ordering::SeqCst);
            k
        };
        with_pool(2, &work, |pool| {
            let mut taken = Vec::new();
            pool.in_order(0..1000, |k| {
                taken.push(k);
                if k == 5 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
            assert_eq!(taken, [0, 1, 2, 3, 4, 5]);
            // At most a job's worth of items beyond the break were sent.
            assert!(started.load(Ordering::SeqCst) <= 8);
            // Results of items under way at the break are not taken for
            // the next ones.
            assert_eq!(pool.all(vec![40, 41]), [40, 41]);
        });
    }

    #[test]
    #[should_panic(expected = "item 3")]
    fn a_panic_in_the_work_is_the_callers() {
        let work = |k: usize| {
            assert!(k != 3, "item {k}");
            k
        };
        with_pool(2, &work, |pool| pool.all((0..10).collect()));
    }
}
