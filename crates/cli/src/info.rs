//! What a problem says about itself: its name, origin, link and limits
//! ([`Info`]), and for a judge that calls a function, the function
//! ([`Call`]).
//!
//! Plain data, kept apart so that both the contract
//! ([`crate::contract`]) and the command line ([`crate::args`]) read it
//! without either importing the other.

/// What a problem says about itself.
#[derive(Debug)]
pub struct Info {
    /// The binary's name, which is also the crate's folder under `crates/`,
    /// the golden folder under `inputs/` and the bundle's file name.
    pub name: &'static str,
    /// The judge's title, e.g. `2048 (Easy)`.
    pub title: &'static str,
    /// Where the problem comes from: its judge and number there, e.g.
    /// `Baekjoon 12100`.
    pub origin: &'static str,
    /// The problem's page.
    pub link: &'static str,
    /// What the binary reads and prints, for `--help` (full sentences).
    pub summary: &'static str,
    /// The judge's published time and memory limits.
    pub limits: ProblemLimits,
    /// Whether the judge accepts Rust submissions (else a bundle is a study
    /// copy).
    pub accepts_rust: bool,
    /// How many cases the judge suite that `cargo judge` gives a solution
    /// holds: a few hundred, fewer where each case costs a solution much
    /// (2048 (Hard)'s ten moves on a 20 x 20 board), so that a correct
    /// solution's default run stays within seconds.
    pub suite_cases: u64,
    /// For a judge that calls a function instead of running a program
    /// (Programmers): the function. A user's file that only defines it is
    /// run through a generated driver; each input line holds one call's
    /// arguments as JSON values, and each output line its return value.
    pub call: Option<Call>,
}

/// A function a judge calls (Programmers' `solution`).
#[derive(Debug)]
pub struct Call {
    /// The function's name: `solution`.
    pub function: &'static str,
    pub parameters: &'static [Parameter],
    pub returns: Value,
}

/// One parameter of a [`Call`].
#[derive(Debug)]
pub struct Parameter {
    pub name: &'static str,
    pub kind: Value,
}

/// The kinds of value a [`Call`] passes and returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// A whole number: C++ `int`, Python `int`.
    Int,
    /// A list of whole numbers: C++ `vector<int>`, Python `list`.
    IntList,
    /// A list of lists of whole numbers: C++ `vector<vector<int>>`.
    IntGrid,
}

impl Info {
    /// The problem as a heading: `puyo: Baekjoon 11559 "Puyo Puyo"`.
    pub fn heading(&self) -> String {
        format!("{}: {} \"{}\"", self.name, self.origin, self.title)
    }
}

/// A judge's published time and memory limits for a problem (the run
/// limits of one sandboxed process are another thing: `tools::sandbox::Limits`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProblemLimits {
    pub time_ms: u64,
    pub memory_mib: u64,
}
