//! The problem contract: what every problem crate tells the rest of the
//! workspace about itself.
//!
//! A problem crate implements [`Problem`] for a unit struct in its
//! `contract` module. Its `main.rs` is then one call, [`crate::run::main`],
//! and the registry crate `problems` lists the struct so that the bundler,
//! the robustness tests, the fuzz target and the tools find it.

use std::io::Write;

use grid::InputError;

use crate::validate::Space;

/// A problem, as the command line, the registry and the tools see it.
///
/// Every method is a pure function of its arguments (no global state), so
/// the tools may call them from any thread.
pub trait Problem: Sync {
    /// The problem's name, judge, flags and limits.
    fn info(&self) -> &'static Info;

    /// Judge mode: the judge's input in, exactly the judge's output out.
    /// This is the function a bundle's `main` calls.
    fn judge(&self, input: &[u8]) -> Result<String, InputError>;

    /// The output under the problem's own flags (see [`Info::flags`]); with
    /// every flag at its default it equals [`Problem::judge`]. A problem
    /// without flags need not write it: judge mode is then the answer.
    fn answer(&self, input: &[u8], options: &Options) -> Result<String, InputError> {
        let _ = options;
        self.judge(input)
    }

    /// The same output from the reference solver, the plain, obviously
    /// correct one. It may refuse an input that it cannot answer in
    /// seconds, with an error that says so.
    fn naive(&self, input: &[u8], options: &Options) -> Result<String, InputError>;

    /// Writes a human-readable explanation of the answer to `out`, as it is
    /// produced. It is called only for an input that [`Problem::answer`]
    /// accepted with the same options.
    fn explain(&self, input: &[u8], options: &Options, out: &mut dyn Write) -> std::io::Result<()>;

    /// The game behind the answer, to step through in a browser
    /// (`--replay`). It is called only for an input that
    /// [`Problem::answer`] accepted with the same options, and must stay
    /// bounded on any such input (see [`crate::replay::Replay::bounded`]).
    fn replay(&self, input: &[u8], options: &Options) -> crate::replay::Replay;

    /// Whether `input` is within the judge's published constraints: `Ok`
    /// for an input the judge could send, else the first rule it breaks and
    /// where (see [`crate::validate`]). A user's own solution is held only
    /// to inputs that pass.
    fn validate(&self, input: &[u8]) -> Result<(), InputError>;

    /// The explanation (written to `out`) and the replay together, for a
    /// run that asks for both. A problem whose two are drawn from one costly
    /// search overrides this to search once, so that both together cost no
    /// more than either (the README's limits hold for every flag together).
    fn explain_and_replay(
        &self,
        input: &[u8],
        options: &Options,
        out: &mut dyn Write,
    ) -> (std::io::Result<()>, crate::replay::Replay) {
        (
            self.explain(input, options, out),
            self.replay(input, options),
        )
    }

    /// A random input, the same for the same `seed`, `size` and `space`.
    /// In [`Space::Judge`] it always passes [`Problem::validate`]; in
    /// [`Space::Beyond`] it may use everything the solvers accept. Size 1
    /// is tiny and sizes grow toward [`Problem::largest_size`]; the
    /// reference solver answers sizes up to 3 in well under a second.
    fn generate(&self, seed: u64, size: usize, space: Space) -> String;

    /// The largest `size` [`Problem::generate`] takes in `space` (a larger
    /// one is refused by the tools, never clamped silently).
    fn largest_size(&self, space: Space) -> usize;

    /// Inputs one step simpler than `input`, simplest first, for shrinking a
    /// failing input (`cargo stress`): a puyo dropped, a row and column
    /// removed, a tile lowered, a move or a case dropped. They need not all
    /// be valid: the shrinker keeps only those that pass
    /// [`Problem::validate`]. The default drops one line at a time.
    fn simplifications(&self, input: &[u8]) -> Vec<Vec<u8>> {
        let lines: Vec<&[u8]> = input.split_inclusive(|&b| b == b'\n').collect();
        (0..lines.len())
            .map(|skip| {
                lines
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| i != skip)
                    .flat_map(|(_, line)| line.iter().copied())
                    .collect()
            })
            .collect()
    }
}

/// What a problem says about itself.
#[derive(Debug)]
pub struct Info {
    /// The binary's name, which is also the crate's folder under `crates/`,
    /// the golden folder under `inputs/` and the bundle's file name.
    pub name: &'static str,
    /// The judge's title, e.g. `2048 (Easy)`.
    pub title: &'static str,
    /// The judge and problem number, e.g. `Baekjoon 12100`.
    pub judge: &'static str,
    /// The problem's page.
    pub link: &'static str,
    /// What the binary reads and prints, for `--help` (full sentences).
    pub summary: &'static str,
    /// The problem's own flags, beside the ones every binary takes
    /// (`--explain`, `--naive`, `--help`).
    pub flags: &'static [Flag],
    /// The judge's published time and memory limits.
    pub limits: Limits,
    /// Whether the judge accepts Rust submissions (else a bundle is a study
    /// copy).
    pub accepts_rust: bool,
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
        format!("{}: {} \"{}\"", self.name, self.judge, self.title)
    }
}

/// A judge's time and memory limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    pub time_ms: u64,
    pub memory_mib: u64,
}

/// One of a problem's own flags.
#[derive(Debug)]
pub struct Flag {
    /// The flag's name without the dashes: `moves` for `--moves`.
    pub name: &'static str,
    /// One line of help.
    pub help: &'static str,
    pub kind: FlagKind,
}

/// Whether a flag is a switch or takes a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlagKind {
    /// Present or not.
    Switch,
    /// `--name N` or `--name=N`, a whole number in `low..=high`.
    Number {
        value_name: &'static str,
        low: u64,
        high: u64,
        default: u64,
    },
}

/// The values of a problem's own flags for one run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    switches: Vec<&'static str>,
    numbers: Vec<(&'static str, u64)>,
}

impl Options {
    /// Every flag at its default: what judge mode uses.
    pub fn defaults(info: &Info) -> Options {
        let mut options = Options::default();
        for flag in info.flags {
            if let FlagKind::Number { default, .. } = flag.kind {
                options.set_number(flag.name, default);
            }
        }
        options
    }

    /// Whether the switch `name` is on.
    pub fn switch(&self, name: &str) -> bool {
        self.switches.contains(&name)
    }

    /// The value of the number flag `name`, if it has one.
    pub fn number(&self, name: &str) -> Option<u64> {
        self.numbers
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, v)| v)
    }

    /// Turns the switch `name` on.
    pub fn set_switch(&mut self, name: &'static str) {
        if !self.switch(name) {
            self.switches.push(name);
        }
    }

    /// Sets the number flag `name`; a later value replaces an earlier one.
    pub fn set_number(&mut self, name: &'static str, value: u64) {
        match self.numbers.iter_mut().find(|(n, _)| *n == name) {
            Some(slot) => slot.1 = value,
            None => self.numbers.push((name, value)),
        }
    }
}
