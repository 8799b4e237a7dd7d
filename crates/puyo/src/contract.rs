//! The problem contract: how the command line, the registry and the tools
//! see this problem. Never bundled (it uses the `problem-kit` crate).

use std::io::Write;

use grid::InputError;
use problem_kit::{Flag, FlagKind, FlagSet, Info, Problem, ProblemLimits, Space};

use crate::field::field_to_string;
use crate::{parse, Floating};

/// Baekjoon 11559, as the registry lists it.
pub struct Contract;

/// What Baekjoon 11559 looks like to the command line.
pub static INFO: Info = Info {
    name: "puyo",
    title: "Puyo Puyo",
    origin: "Baekjoon 11559",
    link: "https://www.acmicpc.net/problem/11559",
    summary: "Reads a Puyo Puyo field (12 rows of 6 cells: `.` empty, a letter a colour,\n\
              `O` garbage) and prints the number of chains.",
    limits: ProblemLimits {
        time_ms: 2000,
        memory_mib: 256,
    },
    accepts_rust: true,
    suite_cases: 240,
    left_out: &[],
    quick_cases: &[150, 115, 5],
    call: None,
};

/// The largest field the reference solver is given: it floods the whole
/// field every chain and keeps every group as a list, so beyond this its
/// time and memory grow past what the binaries promise.
pub const NAIVE_MAX_CELLS: usize = 1 << 16;

/// puyo's flags: `--settle`, to let floating puyos fall first instead of
/// rejecting the field.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Flags {
    pub settle: bool,
}

impl FlagSet for Flags {
    fn flags() -> &'static [Flag<Self>] {
        &[Flag {
            name: "settle",
            help: "let floating puyos fall first instead of rejecting the field",
            kind: FlagKind::Switch,
            set: |flags, _| flags.settle = true,
            get: |flags| u64::from(flags.settle),
        }]
    }
}

/// How `flags` treat floating puyos.
pub fn floating(flags: &Flags) -> Floating {
    if flags.settle {
        Floating::Settle
    } else {
        Floating::Reject
    }
}

impl Problem for Contract {
    type Flags = Flags;

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn judge_output(&self, input: &[u8]) -> Result<String, InputError> {
        crate::judge(input)
    }

    fn answer(&self, input: &[u8], flags: &Flags) -> Result<String, InputError> {
        crate::answer(input, floating(flags))
    }

    fn naive(&self, input: &[u8], flags: &Flags) -> Result<String, InputError> {
        let field = parse(input, floating(flags))?;
        let cells = field.rows() * field.cols();
        if cells > NAIVE_MAX_CELLS {
            return Err(InputError::work_limit(format!(
                "the reference solver takes fields of at most {NAIVE_MAX_CELLS} cells (it \
                 floods the whole field every chain), and this one has {cells}; use the \
                 fast solver (drop --naive)"
            )));
        }
        Ok(crate::format_answer(crate::naive::chain_count(&field)))
    }

    fn explain(&self, input: &[u8], flags: &Flags, out: &mut dyn Write) -> std::io::Result<()> {
        match parse(input, floating(flags)) {
            Ok(field) => crate::explain::explain(&field, out),
            Err(_) => Ok(()),
        }
    }

    fn replay(&self, input: &[u8], flags: &Flags) -> problem_kit::Replay {
        let title = INFO.heading();
        match parse(input, floating(flags)) {
            Ok(field) => crate::replay::replay(&field, &title),
            Err(e) => problem_kit::Replay::refused(title, e),
        }
    }

    fn validate(&self, input: &[u8]) -> Result<(), InputError> {
        crate::validate::validate(input)
    }

    /// Judge-valid fields are the judge's 12 × 6 with columns at most
    /// `size` high (12 at most); beyond the judge, 12 × 6 fields with
    /// garbage and other colours up to size 3, then `4·size` rows of
    /// `2·size` cells.
    fn generate(&self, seed: u64, size: usize, space: Space) -> String {
        field_to_string(&match space {
            Space::Judge => crate::generate::judge_field(seed, size),
            Space::Beyond => crate::generate::beyond_field(seed, size),
        })
    }

    fn largest_size(&self, space: Space) -> usize {
        match space {
            Space::Judge => crate::validate::JUDGE_ROWS,
            // 8192 x 4096 cells, half the parser's limit.
            Space::Beyond => 2048,
        }
    }

    fn simplifications(&self, input: &[u8]) -> Vec<Vec<u8>> {
        parse(input, Floating::Reject)
            .map(|field| {
                crate::generate::simplifications(&field)
                    .iter()
                    .map(|f| field_to_string(f).into_bytes())
                    .collect()
            })
            .unwrap_or_default()
    }

    fn measure(&self, input: &[u8]) -> Option<(u64, &'static str)> {
        let field = parse(input, Floating::Settle).ok()?;
        let puyos = field
            .cells()
            .iter()
            .filter(|&&c| c != crate::field::EMPTY)
            .count();
        Some((puyos as u64, "puyos"))
    }

    /// The field's rows.
    fn items(&self, input: &[u8]) -> usize {
        parse(input, Floating::Reject).map_or(0, |field| field.rows())
    }

    fn keep_items(&self, input: &[u8], keep: &[bool]) -> Option<Vec<u8>> {
        let field = parse(input, Floating::Reject).ok()?;
        Some(field_to_string(&crate::generate::keep_rows(&field, keep)).into_bytes())
    }
}
