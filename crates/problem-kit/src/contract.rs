//! The problem contract: what every problem crate tells the rest of the
//! workspace about itself.
//!
//! A problem crate implements [`Problem`] for a unit struct in its
//! `contract` module, with its own flags as a type ([`Problem::Flags`], see
//! [`crate::flags`]). Its `main.rs` is then [`crate::c_main!`], and the
//! `registry` crate lists the struct, as an [`AnyProblem`] (the
//! same contract with the flags' type hidden), so that the bundler, the
//! tests, the fuzz target and the tools find it.

use std::ffi::OsString;
use std::io::Write;

use grid::InputError;

use crate::args::Request;
use crate::flags::{FlagInfo, FlagSet, Options};
use crate::info::Info;
use crate::validate::Space;

/// A problem, as its crate writes it.
///
/// Every method is a pure function of its arguments (no global state), so
/// the tools may call them from any thread.
pub trait Problem: Sync {
    /// The problem's own flags, beside the ones every binary takes
    /// (`--explain`, `--naive`, `--replay`, `--help`): [`crate::NoFlags`]
    /// for none. Their `Default` is the judge's setting.
    type Flags: FlagSet;

    /// The problem's name, origin, link and limits.
    fn info(&self) -> &'static Info;

    /// Judge mode: the judge's input in, exactly the judge's output out.
    /// It is what the crate's `judge` function gives, the function a
    /// bundle's `main` calls.
    fn judge_output(&self, input: &[u8]) -> Result<String, InputError>;

    /// The output under the problem's own flags; with every flag at its
    /// default it equals [`Problem::judge_output`]. A problem without flags
    /// need not write it: judge mode is then the answer.
    fn answer(&self, input: &[u8], flags: &Self::Flags) -> Result<String, InputError> {
        let _ = flags;
        self.judge_output(input)
    }

    /// The same output from the reference solver, the plain, obviously
    /// correct one. It may refuse an input that it cannot answer in
    /// seconds, with an error that says so.
    fn naive(&self, input: &[u8], flags: &Self::Flags) -> Result<String, InputError>;

    /// Writes a human-readable explanation of the answer to `out`, as it is
    /// produced. It is called only for an input that [`Problem::answer`]
    /// accepted with the same flags.
    fn explain(
        &self,
        input: &[u8],
        flags: &Self::Flags,
        out: &mut dyn Write,
    ) -> std::io::Result<()>;

    /// The game behind the answer, to step through in a browser
    /// (`--replay`). It is called only for an input that
    /// [`Problem::answer`] accepted with the same flags, and must stay
    /// bounded on any such input (see [`crate::replay::Replay::bounded`]).
    fn replay(&self, input: &[u8], flags: &Self::Flags) -> crate::replay::Replay;

    /// The explanation (written to `out`) and the replay together, for a
    /// run that asks for both. A problem whose two are drawn from one costly
    /// search overrides this to search once, so that both together cost no
    /// more than either (the limits hold for every flag together).
    fn explain_and_replay(
        &self,
        input: &[u8],
        flags: &Self::Flags,
        out: &mut dyn Write,
    ) -> (std::io::Result<()>, crate::replay::Replay) {
        (self.explain(input, flags, out), self.replay(input, flags))
    }

    /// Whether `input` is within the judge's published constraints: `Ok`
    /// for an input the judge could send, else the first rule it breaks and
    /// where (see [`crate::validate`]). A user's own solution is held only
    /// to inputs that pass.
    fn validate(&self, input: &[u8]) -> Result<(), InputError>;

    /// A random input, the same for the same `seed`, `size` and `space`.
    /// In [`Space::Judge`] it always passes [`Problem::validate`]; in
    /// [`Space::Beyond`] it may use everything the solvers accept. Size 1
    /// is tiny and sizes grow toward [`Problem::largest_size`]; the
    /// reference solver answers sizes up to 3 in well under a second.
    fn generate(&self, seed: u64, size: usize, space: Space) -> String;

    /// The largest `size` [`Problem::generate`] takes in `space` (a larger
    /// one is refused by the tools, never clamped silently).
    fn largest_size(&self, space: Space) -> usize;

    /// Inputs one step simpler than `input`, for shrinking a failing input
    /// (`cargo stress`): a puyo, a row, a group or a colour dropped, a row
    /// and column removed, a tile lowered, a move or a case dropped. They
    /// need not all be valid, smaller or in any order: the shrinker keeps
    /// only those that pass [`Problem::validate`] and are smaller by
    /// [`Problem::measure`] (or, at the same measure, shorter or earlier in
    /// byte order), and tries the biggest cuts first. The default drops one
    /// line at a time.
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

    /// The size of `input` that matters to a reader of a counterexample,
    /// and its unit as a plural noun read after the number ("puyos",
    /// "moves"): what the shrinker makes small and the report names. `None`
    /// for an input that does not parse, or a problem with no such size
    /// (the default): the shrinker then goes by the input's length.
    fn measure(&self, input: &[u8]) -> Option<(u64, &'static str)> {
        let _ = input;
        None
    }

    /// How many items of a list `input` holds that may be dropped in any
    /// combination (Othello's moves, a field's rows): the shrinker drops
    /// them in chunks, halves first, as delta debugging does. 0 (the
    /// default) for an input with no such list.
    fn items(&self, input: &[u8]) -> usize {
        let _ = input;
        0
    }

    /// `input` with only the items (see [`Problem::items`]) marked in
    /// `keep`, or `None` when that is no input of the problem. It need not
    /// be valid: the shrinker checks.
    fn keep_items(&self, input: &[u8], keep: &[bool]) -> Option<Vec<u8>> {
        let _ = (input, keep);
        None
    }
}

/// A problem as the registry, the command line and the tools hold it: the
/// [`Problem`] contract with its flags' type hidden behind [`Options`].
/// Every [`Problem`] is one.
pub trait AnyProblem: Sync {
    /// The problem's name, origin, link and limits.
    fn info(&self) -> &'static Info;
    /// Its own flags, described.
    fn flags(&self) -> Vec<FlagInfo>;
    /// Every flag at the judge's setting.
    fn defaults(&self) -> Options;
    /// Reads a binary's arguments (without the program name); an error is
    /// the message to print, naming `--help`.
    fn parse(&self, arguments: Vec<OsString>) -> Result<Request, String>;
    /// See [`Problem::judge_output`].
    fn judge_output(&self, input: &[u8]) -> Result<String, InputError>;
    /// See [`Problem::answer`].
    fn answer(&self, input: &[u8], options: &Options) -> Result<String, InputError>;
    /// See [`Problem::naive`].
    fn naive(&self, input: &[u8], options: &Options) -> Result<String, InputError>;
    /// See [`Problem::explain`].
    fn explain(&self, input: &[u8], options: &Options, out: &mut dyn Write) -> std::io::Result<()>;
    /// See [`Problem::replay`].
    fn replay(&self, input: &[u8], options: &Options) -> crate::replay::Replay;
    /// See [`Problem::explain_and_replay`].
    fn explain_and_replay(
        &self,
        input: &[u8],
        options: &Options,
        out: &mut dyn Write,
    ) -> (std::io::Result<()>, crate::replay::Replay);
    /// See [`Problem::validate`].
    fn validate(&self, input: &[u8]) -> Result<(), InputError>;
    /// See [`Problem::generate`].
    fn generate(&self, seed: u64, size: usize, space: Space) -> String;
    /// See [`Problem::largest_size`].
    fn largest_size(&self, space: Space) -> usize;
    /// See [`Problem::simplifications`].
    fn simplifications(&self, input: &[u8]) -> Vec<Vec<u8>>;
    /// See [`Problem::measure`].
    fn measure(&self, input: &[u8]) -> Option<(u64, &'static str)>;
    /// See [`Problem::items`].
    fn items(&self, input: &[u8]) -> usize;
    /// See [`Problem::keep_items`].
    fn keep_items(&self, input: &[u8], keep: &[bool]) -> Option<Vec<u8>>;
}

impl<P: Problem> AnyProblem for P {
    fn info(&self) -> &'static Info {
        Problem::info(self)
    }
    fn flags(&self) -> Vec<FlagInfo> {
        crate::flags::describe::<P::Flags>()
    }
    fn defaults(&self) -> Options {
        Options::new(P::Flags::default())
    }
    fn parse(&self, arguments: Vec<OsString>) -> Result<Request, String> {
        crate::args::parse::<P::Flags>(Problem::info(self), arguments)
    }
    fn judge_output(&self, input: &[u8]) -> Result<String, InputError> {
        Problem::judge_output(self, input)
    }
    fn answer(&self, input: &[u8], options: &Options) -> Result<String, InputError> {
        Problem::answer(self, input, options.get::<P::Flags>())
    }
    fn naive(&self, input: &[u8], options: &Options) -> Result<String, InputError> {
        Problem::naive(self, input, options.get::<P::Flags>())
    }
    fn explain(&self, input: &[u8], options: &Options, out: &mut dyn Write) -> std::io::Result<()> {
        Problem::explain(self, input, options.get::<P::Flags>(), out)
    }
    fn replay(&self, input: &[u8], options: &Options) -> crate::replay::Replay {
        Problem::replay(self, input, options.get::<P::Flags>())
    }
    fn explain_and_replay(
        &self,
        input: &[u8],
        options: &Options,
        out: &mut dyn Write,
    ) -> (std::io::Result<()>, crate::replay::Replay) {
        Problem::explain_and_replay(self, input, options.get::<P::Flags>(), out)
    }
    fn validate(&self, input: &[u8]) -> Result<(), InputError> {
        Problem::validate(self, input)
    }
    fn generate(&self, seed: u64, size: usize, space: Space) -> String {
        Problem::generate(self, seed, size, space)
    }
    fn largest_size(&self, space: Space) -> usize {
        Problem::largest_size(self, space)
    }
    fn simplifications(&self, input: &[u8]) -> Vec<Vec<u8>> {
        Problem::simplifications(self, input)
    }
    fn measure(&self, input: &[u8]) -> Option<(u64, &'static str)> {
        Problem::measure(self, input)
    }
    fn items(&self, input: &[u8]) -> usize {
        Problem::items(self, input)
    }
    fn keep_items(&self, input: &[u8], keep: &[bool]) -> Option<Vec<u8>> {
        Problem::keep_items(self, input, keep)
    }
}
