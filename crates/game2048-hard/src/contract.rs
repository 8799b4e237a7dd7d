//! The problem contract: how the command line, the registry and the tools
//! see this problem. Never bundled (it uses the `cli` crate).

use std::io::Write;

use cli::{Info, Limits, Options, Problem, SplitMix64};
use grid::InputError;

use crate::parse;

/// Baekjoon 12094, as the registry lists it.
pub struct Contract;

/// What Baekjoon 12094 looks like to the command line.
pub static INFO: Info = Info {
    name: "game2048-hard",
    title: "2048 (Hard)",
    judge: "Baekjoon 12094",
    link: "https://www.acmicpc.net/problem/12094",
    // TODO: what the binary reads and prints.
    summary: "Reads H W and H rows of `.` and `#`, and prints the size of the largest\n\
              group of `#` cells joined up, down, left or right.",
    // TODO: the problem's own flags, if any (see `cli::Flag`).
    flags: &[],
    // TODO: the judge's published limits.
    limits: Limits {
        time_ms: 1000,
        memory_mib: 256,
    },
    accepts_rust: true,
};

impl Problem for Contract {
    fn info(&self) -> &'static Info {
        &INFO
    }

    fn judge(&self, input: &[u8]) -> Result<String, InputError> {
        crate::judge(input)
    }

    fn answer(&self, input: &[u8], _options: &Options) -> Result<String, InputError> {
        crate::judge(input)
    }

    fn naive(&self, input: &[u8], _options: &Options) -> Result<String, InputError> {
        Ok(crate::format_answer(crate::naive::solve(&parse(input)?)))
    }

    fn explain(
        &self,
        input: &[u8],
        _options: &Options,
        out: &mut dyn Write,
    ) -> std::io::Result<()> {
        match parse(input) {
            Ok(parsed) => crate::explain::explain(&parsed, out),
            Err(_) => Ok(()),
        }
    }

    /// TODO: a random input; size 1 is tiny, and the reference answers
    /// sizes up to 3 in well under a second.
    fn generate(&self, seed: u64, size: usize) -> String {
        let mut rng = SplitMix64::new(seed);
        let most = 3 * size.max(1) as u64;
        let (height, width) = (rng.between(1, most), rng.between(1, most));
        let mut text = format!("{height} {width}\n");
        for _ in 0..height {
            text.extend((0..width).map(|_| if rng.chance(1, 2) { '#' } else { '.' }));
            text.push('\n');
        }
        text
    }
}
