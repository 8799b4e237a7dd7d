//! The problem contract: how the command line, the registry and the tools
//! see this problem. Never bundled (it uses the `cli` crate).

use std::io::Write;

use cli::{Flag, FlagKind, Info, Limits, Options, Problem, SplitMix64};
use grid::{Grid, InputError};

use crate::field::field_to_string;
use crate::{parse, Field, Floating};

/// Baekjoon 11559, as the registry lists it.
pub struct Contract;

/// What Baekjoon 11559 looks like to the command line.
pub static INFO: Info = Info {
    name: "puyo",
    title: "Puyo Puyo",
    judge: "Baekjoon 11559",
    link: "https://www.acmicpc.net/problem/11559",
    summary: "Reads a Puyo Puyo field (12 rows of 6 cells: `.` empty, a letter a colour,\n\
              `O` garbage) and prints the number of chains.",
    flags: &[Flag {
        name: "settle",
        help: "let floating puyos fall first instead of rejecting the field",
        kind: FlagKind::Switch,
    }],
    limits: Limits {
        time_ms: 2000,
        memory_mib: 256,
    },
    accepts_rust: true,
};

/// The colours the generators use, in order; a palette of `k` colours is
/// the first `k`.
pub const COLOURS: [u8; 6] = *b"RGBYPA";

/// The largest field the reference solver is given: it floods the whole
/// field every chain and keeps every group as a list, so beyond this its
/// time and memory grow past what the binaries promise.
pub const NAIVE_MAX_CELLS: usize = 1 << 16;

/// How `options` treat floating puyos.
pub fn floating(options: &Options) -> Floating {
    if options.switch("settle") {
        Floating::Settle
    } else {
        Floating::Reject
    }
}

/// A random settled `height × width` field: each column gets a random
/// height, and each puyo a colour from the first `palette` colours, or
/// garbage with probability `garbage_percent`%.
pub fn random_settled(
    height: usize,
    width: usize,
    palette: usize,
    garbage_percent: u64,
    rng: &mut SplitMix64,
) -> Field {
    let mut field = Grid::new(height, width, b'.');
    for col in 0..width {
        let filled = rng.below(height as u64 + 1) as usize;
        for k in 0..filled {
            let cell = if rng.chance(garbage_percent, 100) {
                b'O'
            } else {
                COLOURS[rng.below(palette as u64) as usize]
            };
            field[(height - 1 - k, col)] = cell;
        }
    }
    field
}

impl Problem for Contract {
    fn info(&self) -> &'static Info {
        &INFO
    }

    fn judge(&self, input: &[u8]) -> Result<String, InputError> {
        crate::judge(input)
    }

    fn answer(&self, input: &[u8], options: &Options) -> Result<String, InputError> {
        crate::answer(input, floating(options))
    }

    fn naive(&self, input: &[u8], options: &Options) -> Result<String, InputError> {
        let field = parse(input, floating(options))?;
        let cells = field.rows() * field.cols();
        if cells > NAIVE_MAX_CELLS {
            return Err(InputError::new(format!(
                "the reference solver takes fields of at most {NAIVE_MAX_CELLS} cells (it \
                 floods the whole field every chain), and this one has {cells}; use the \
                 fast solver (drop --naive)"
            )));
        }
        Ok(crate::format_answer(crate::naive::chain_count(&field)))
    }

    fn explain(&self, input: &[u8], options: &Options, out: &mut dyn Write) -> std::io::Result<()> {
        match parse(input, floating(options)) {
            Ok(field) => crate::explain::explain(&field, out),
            Err(_) => Ok(()),
        }
    }

    fn replay(&self, input: &[u8], options: &Options) -> cli::Replay {
        let title = INFO.heading();
        match parse(input, floating(options)) {
            Ok(field) => crate::replay::replay(&field, &title),
            Err(e) => cli::Replay::refused(title, e),
        }
    }

    /// The judge's 12 × 6 field for sizes up to 3 (four colours, a tenth
    /// garbage), then `4·size` rows of `2·size` cells.
    fn generate(&self, seed: u64, size: usize) -> String {
        let mut rng = SplitMix64::new(seed);
        let (height, width) = if size <= 3 {
            (12, 6)
        } else {
            (4 * size, 2 * size)
        };
        field_to_string(&random_settled(height, width, 4, 10, &mut rng))
    }
}
