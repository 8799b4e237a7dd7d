//! `cargo stress PROBLEM`: random inputs from the problem's generator, the
//! fast answer against the reference's, until they differ or time runs
//! out; a difference is shrunk to a small input and written out as a
//! golden case.
//!
//! Shrinking works on any problem: first smaller generated inputs (smaller
//! sizes, other seeds) that still fail, then deleting lines while the two
//! answers still differ (an input both solvers refuse alike is not a
//! failure, so the input stays valid).

use std::time::{Duration, Instant};

use cli::{Options, Problem};
use grid::InputError;

/// An input on which the fast solver and the reference differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The generator's seed and size that made the first failing input.
    pub seed: u64,
    pub size: usize,
    pub input: String,
    pub fast: Result<String, String>,
    pub reference: Result<String, String>,
}

/// The two answers for `input`, when they differ.
fn disagreement(
    problem: &dyn Problem,
    input: &str,
) -> Option<(Result<String, String>, Result<String, String>)> {
    let options = Options::defaults(problem.info());
    let shown = |r: Result<String, InputError>| r.map_err(|e| e.to_string());
    let fast = shown(problem.answer(input.as_bytes(), &options));
    let reference = shown(problem.naive(input.as_bytes(), &options));
    (fast != reference).then_some((fast, reference))
}

/// Tests generated inputs from seed `first_seed` on, sizes cycling through
/// `1..=max_size`, until one fails or `time` runs out; returns how many
/// passed, and the failure.
pub fn search(
    problem: &dyn Problem,
    first_seed: u64,
    max_size: usize,
    time: Duration,
) -> (u64, Option<Failure>) {
    let started = Instant::now();
    let mut passed = 0;
    for k in 0.. {
        if started.elapsed() > time {
            break;
        }
        let seed = first_seed.wrapping_add(k);
        let size = 1 + (k as usize) % max_size.max(1);
        let input = problem.generate(seed, size);
        if let Some((fast, reference)) = disagreement(problem, &input) {
            return (
                passed,
                Some(Failure {
                    seed,
                    size,
                    input,
                    fast,
                    reference,
                }),
            );
        }
        passed += 1;
    }
    (passed, None)
}

/// A smaller input that still fails, found within `time`.
pub fn shrink(problem: &dyn Problem, failure: Failure, time: Duration) -> Failure {
    let started = Instant::now();
    let mut best = failure;
    // Smaller generated inputs first: they stay typical of the generator.
    'sizes: for size in 1..best.size {
        for seed in 0..500u64 {
            if started.elapsed() > time / 2 {
                break 'sizes;
            }
            let input = problem.generate(seed, size);
            if input.len() >= best.input.len() {
                continue;
            }
            if let Some((fast, reference)) = disagreement(problem, &input) {
                best = Failure {
                    seed,
                    size,
                    input,
                    fast,
                    reference,
                };
                continue 'sizes;
            }
        }
    }
    // Then delete lines, one at a time, while the answers still differ.
    let mut changed = true;
    while changed && started.elapsed() < time {
        changed = false;
        let lines: Vec<&str> = best.input.lines().collect();
        for skip in 0..lines.len() {
            let candidate: String = lines
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != skip)
                .map(|(_, line)| format!("{line}\n"))
                .collect();
            if let Some((fast, reference)) = disagreement(problem, &candidate) {
                best = Failure {
                    input: candidate,
                    fast,
                    reference,
                    ..best
                };
                changed = true;
                break;
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use cli::Info;
    use std::io::Write;

    /// game2048 with a planted bug: any board holding a 32 answers 0.
    struct Buggy;

    impl Problem for Buggy {
        fn info(&self) -> &'static Info {
            problems::find("game2048").unwrap().info()
        }
        fn judge(&self, input: &[u8]) -> Result<String, InputError> {
            self.answer(input, &Options::defaults(self.info()))
        }
        fn answer(&self, input: &[u8], options: &Options) -> Result<String, InputError> {
            let real = problems::find("game2048").unwrap().answer(input, options)?;
            let text = String::from_utf8_lossy(input);
            let has_32 = text.split_whitespace().skip(1).any(|t| t == "32");
            Ok(if has_32 { "0\n".to_string() } else { real })
        }
        fn naive(&self, input: &[u8], options: &Options) -> Result<String, InputError> {
            problems::find("game2048").unwrap().naive(input, options)
        }
        fn explain(&self, _: &[u8], _: &Options, _: &mut dyn Write) -> std::io::Result<()> {
            Ok(())
        }
        fn replay(&self, _: &[u8], _: &Options) -> cli::Replay {
            cli::Replay::default()
        }
        fn generate(&self, seed: u64, size: usize) -> String {
            problems::find("game2048").unwrap().generate(seed, size)
        }
    }

    #[test]
    fn finds_and_shrinks_a_planted_bug() {
        let (_, found) = search(&Buggy, 1, 3, Duration::from_secs(20));
        let found = found.expect("the planted bug is found");
        assert!(found.input.contains("32"));
        let small = shrink(&Buggy, found.clone(), Duration::from_secs(20));
        assert!(small.input.len() <= found.input.len());
        assert!(small.input.contains("32"), "{}", small.input);
        assert_ne!(small.fast, small.reference);
        // A board of side 2 or less is as small as the generator makes.
        assert!(small.input.lines().count() <= 3, "{}", small.input);
    }

    #[test]
    fn real_problems_pass_a_short_run() {
        for problem in problems::ALL {
            let (passed, failure) = search(*problem, 7, 2, Duration::from_millis(200));
            assert!(failure.is_none(), "{}: {failure:?}", problem.info().name);
            assert!(passed > 0);
        }
    }
}
