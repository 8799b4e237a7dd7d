//! Shrinking a failing input to a locally minimal one: no single
//! simplification the problem offers (see
//! [`cli::Problem::simplifications`]: a puyo dropped, a row and column
//! removed, a tile lowered, a move or a case dropped) still fails.
//!
//! Greedy, as QuickCheck-style shrinkers are: take the first simplification
//! that is still valid and still fails, and start again from it; stop when a
//! whole round of simplifications has none that fails. Valid means what the
//! caller says (for a user's solution, within the judge's constraints, so
//! the shrunk input is one the judge could send).

use std::time::{Duration, Instant};

use cli::AnyProblem;

/// A shrunk input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shrunk {
    pub input: Vec<u8>,
    /// Simplifications taken.
    pub steps: usize,
    /// Candidates tried (valid ones run).
    pub tried: usize,
    /// Whether every simplification of the result was tried and passed (a
    /// shrink cut short by its time budget is not).
    pub minimal: bool,
}

/// Shrinks `input`, which fails, keeping only candidates that are `valid`
/// and still `fail`, within `budget`.
pub fn shrink(
    problem: &dyn AnyProblem,
    input: Vec<u8>,
    valid: &dyn Fn(&[u8]) -> bool,
    fails: &mut dyn FnMut(&[u8]) -> bool,
    budget: Duration,
) -> Shrunk {
    let started = Instant::now();
    let mut current = input;
    let (mut steps, mut tried) = (0, 0);
    // Where the last round found its simplification: the next round starts
    // there (the earlier ones passed a moment ago), and a round that began
    // past the start is followed by a full one before the input counts as
    // minimal.
    let mut start = 0;
    loop {
        let candidates = problem.simplifications(&current);
        let mut found = None;
        for (index, candidate) in candidates.iter().enumerate().skip(start) {
            if started.elapsed() > budget || crate::runner::interrupt::requested() {
                return Shrunk {
                    input: current,
                    steps,
                    tried,
                    minimal: false,
                };
            }
            if candidate == &current || !valid(candidate) {
                continue;
            }
            tried += 1;
            if fails(candidate) {
                found = Some(index);
                break;
            }
        }
        match found {
            Some(index) => {
                current = candidates[index].clone();
                steps += 1;
                start = index.min(problem.simplifications(&current).len());
            }
            None if start > 0 => start = 0,
            None => {
                return Shrunk {
                    input: current,
                    steps,
                    tried,
                    minimal: true,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_with_a_32_shrinks_to_the_32_alone() {
        let problem = problems::find("game2048").unwrap();
        let input = b"3\n2 4 8\n16 32 2\n4 4 4\n".to_vec();
        let has_32 = |input: &[u8]| {
            String::from_utf8_lossy(input)
                .split_whitespace()
                .skip(1)
                .any(|t| t == "32")
        };
        let valid = |input: &[u8]| problem.validate(input).is_ok();
        let shrunk = shrink(
            problem,
            input,
            &valid,
            &mut |i: &[u8]| has_32(i),
            Duration::from_secs(10),
        );
        assert!(shrunk.minimal);
        // A 1 x 1 board cannot shrink further, and 32 cannot be lowered.
        assert_eq!(shrunk.input, b"1\n32\n");
        assert!(shrunk.steps >= 2);
    }
}
