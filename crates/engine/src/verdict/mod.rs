//! What a judge says of one run: the verdict, from the run's outcome and
//! the expected output, compared as the judges compare outputs
//! ([`compare`]).

pub mod compare;

pub use compare::{line_diff, line_diff_bytes, same_output};

use crate::runner::{Ending, Limits, Outcome, Stop};

/// A verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Accepted,
    WrongAnswer,
    RuntimeError,
    TimeLimitExceeded,
    MemoryLimitExceeded,
    OutputLimitExceeded,
    CompileError,
    /// The case's own files could not be read.
    BadCase,
    /// The program's output is not the case's `.out`, but it is the
    /// workspace's answer: the `.out` is the odd one out, not the program.
    /// Never [`verdict`]'s: a judging that has the workspace's answer says
    /// it (see `crate::judging`).
    ExpectedDisputed,
}

impl Verdict {
    /// The judges' abbreviation.
    pub fn code(self) -> &'static str {
        match self {
            Verdict::Accepted => "AC",
            Verdict::WrongAnswer => "WA",
            Verdict::RuntimeError => "RE",
            Verdict::TimeLimitExceeded => "TLE",
            Verdict::MemoryLimitExceeded => "MLE",
            Verdict::OutputLimitExceeded => "OLE",
            Verdict::CompileError => "CE",
            Verdict::BadCase => "ERR",
            Verdict::ExpectedDisputed => "EXP",
        }
    }
}

/// The verdict of a run on an input whose expected output is `expected`;
/// `None` for a run the command's interrupt stopped, which has none.
pub fn verdict(outcome: &Outcome, expected: &[u8], limits: &Limits) -> Option<Verdict> {
    match outcome.stopped {
        Some(Stop::Time) => return Some(Verdict::TimeLimitExceeded),
        Some(Stop::Memory) => return Some(Verdict::MemoryLimitExceeded),
        Some(Stop::Output) => return Some(Verdict::OutputLimitExceeded),
        Some(Stop::Processes) => return Some(Verdict::RuntimeError),
        Some(Stop::Interrupted) => return None,
        None => {}
    }
    // Processor time, not the wall clock: see `crate::runner` on time.
    Some(if outcome.cpu > limits.time {
        Verdict::TimeLimitExceeded
    } else if outcome.peak_memory > limits.memory {
        Verdict::MemoryLimitExceeded
    } else if outcome.ending != Ending::Exited(0) {
        Verdict::RuntimeError
    } else if !same_output(expected, &outcome.stdout) {
        Verdict::WrongAnswer
    } else {
        Verdict::Accepted
    })
}

/// The output limit for an expected output of `expected` bytes: twice it,
/// and at least 16 MiB, so that a judge's answer always fits.
pub fn output_limit(expected: usize) -> u64 {
    (2 * expected as u64).max(16 << 20)
}
