//! The problem contract: how the command line, the registry and the tools
//! see this problem. Never bundled (it uses the `problem-kit` crate).

use std::io::Write;

use grid::InputError;
use problem_kit::{Info, NoFlags, Problem, ProblemLimits, Space};

use crate::generate::{beyond_input, judge_cases, to_input};

/// SWEA 4615, as the registry lists it.
pub struct Contract;

/// What SWEA 4615 looks like to the command line.
pub static INFO: Info = Info {
    name: "othello",
    title: "재미있는 오셀로 게임 (a fun game of Othello)",
    origin: "SWEA 4615",
    link: "https://swexpertacademy.com/main/code/problem/problemDetail.do?contestProbId=AWQmA4uK8ygDFAXj",
    summary: "Reads T test cases of Othello moves (a line `N M`, then M lines `x y color`,\n\
              color 1 black and 2 white) and prints `#t black white` for each: the stone\n\
              counts after replaying the moves.",
    // SWEA shows no limits for 4615 without an account; its usual ones are
    // 10 s (C++) for all of a file's cases and 256 MB. Our documented
    // default: a tenth of that time per input file, and 256 MB.
    limits: ProblemLimits {
        time_ms: 1000,
        memory_mib: 256,
    },
    accepts_rust: false,
    suite_cases: 240,
    left_out: &[],
    quick_cases: &[0, 1, 2],
    call: None,
};

impl Problem for Contract {
    type Flags = NoFlags;

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn judge_output(&self, input: &[u8]) -> Result<String, InputError> {
        crate::judge(input)
    }

    fn naive(&self, input: &[u8], _flags: &NoFlags) -> Result<String, InputError> {
        let cases = crate::parse(input)?;
        Ok(crate::format_answers(&crate::solve(&cases)?))
    }

    fn explain(&self, input: &[u8], _flags: &NoFlags, out: &mut dyn Write) -> std::io::Result<()> {
        crate::explain::explain(input, out)
    }

    fn replay(&self, input: &[u8], _flags: &NoFlags) -> problem_kit::Replay {
        let title = INFO.heading();
        crate::replay::replay(input, &title)
    }

    fn validate(&self, input: &[u8]) -> Result<(), InputError> {
        crate::validate::validate(input)
    }

    /// Judge-valid inputs hold one to `size` cases (see
    /// [`judge_cases`]); beyond the judge, zero to `size` cases on boards
    /// up to 16 × 16.
    fn generate(&self, seed: u64, size: usize, space: Space) -> String {
        match space {
            Space::Judge => to_input(&judge_cases(seed, size)),
            Space::Beyond => beyond_input(seed, size),
        }
    }

    fn largest_size(&self, _space: Space) -> usize {
        1000
    }

    fn simplifications(&self, input: &[u8]) -> Vec<Vec<u8>> {
        crate::parse(input)
            .map(|cases| {
                crate::generate::simplifications(&cases)
                    .iter()
                    .map(|c| to_input(c).into_bytes())
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The moves of every case together.
    fn measure(&self, input: &[u8]) -> Option<(u64, &'static str)> {
        let cases = crate::parse(input).ok()?;
        Some((cases.iter().map(|c| c.moves.len() as u64).sum(), "moves"))
    }

    /// The moves of every case, in order.
    fn items(&self, input: &[u8]) -> usize {
        crate::parse(input).map_or(0, |cases| cases.iter().map(|c| c.moves.len()).sum())
    }

    fn keep_items(&self, input: &[u8], keep: &[bool]) -> Option<Vec<u8>> {
        let cases = crate::parse(input).ok()?;
        Some(to_input(&crate::generate::keep_moves(&cases, keep)).into_bytes())
    }
}
