//! The command line of `cargo judge`, `cargo stress` and `cargo gen`:
//! one table of their flags ([`FLAGS`]), which [`read`] parses against and
//! [`help`] describes, so that a flag cannot be read and left out of the
//! help, or the other way round; the arguments every command that runs a
//! solution shares, read once ([`SolutionArgs`], as given) and resolved
//! once against the problem ([`SolutionArgs::resolve`], the settings a run
//! needs); and the small readers of flag values.

use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;

use engine::runner::Limits;
use engine::solution::{Forced, Solution};
use engine::toolchain::{self, Language, LanguageRow, LANGUAGES};

use crate::exit;
use problem_kit::{AnyProblem, Info};

/// The command's arguments, without the program name and without the
/// subcommand's name that cargo passes first (`cargo judge x` runs
/// `cargo-judge judge x`).
pub fn arguments(subcommand: &str) -> Vec<OsString> {
    let mut args: Vec<OsString> = std::env::args_os().skip(1).collect();
    if args.first().is_some_and(|a| a == subcommand) {
        args.remove(0);
    }
    args
}

/// One flag of the commands: its names, the commands that take it, what
/// it sets, and its help. A flag whose help differs between commands has a
/// row for each.
pub struct Flag {
    /// As the help shows them: `-j, --jobs`.
    pub names: &'static str,
    /// The commands that take it, by the names cargo passes (`judge`).
    pub commands: &'static [&'static str],
    set: Set,
    /// One paragraph: `{LANGS}` stands for `--lang`'s words, made from the
    /// language table.
    pub help: &'static str,
}

/// How a flag sets its field: a switch turns it on, a number flag reads a
/// whole number in its range, and the others read their value their own
/// way; a value's name is the help's.
enum Set {
    Switch(fn(&mut Args) -> &mut bool),
    Number(&'static str, u64, u64, fn(&mut Args) -> &mut Option<u64>),
    Read(
        &'static str,
        fn(&mut Args, &mut lexopt::Parser) -> Result<(), String>,
    ),
}

impl Flag {
    /// As the help shows it: `-j, --jobs N`.
    pub fn shown(&self) -> String {
        match self.set {
            Switch(_) => self.names.to_string(),
            Number(value, ..) | Read(value, _) => format!("{} {value}", self.names),
        }
    }

    /// Whether `arg` (`-j`, `--jobs`) names this flag.
    fn is(&self, arg: &str) -> bool {
        self.names.split(", ").any(|name| name == arg)
    }

    /// Reads the flag's value, if it has one, from `parser` into `args`.
    fn set(&self, args: &mut Args, parser: &mut lexopt::Parser) -> Result<(), String> {
        match self.set {
            Switch(on) => *on(args) = true,
            Number(_, low, high, field) => {
                let long = self.names.rsplit("--").next().unwrap_or_default();
                *field(args) = Some(number(parser, long, low, high)?);
            }
            Read(_, read) => read(args, parser)?,
        }
        Ok(())
    }
}

use Set::{Number, Read, Switch};

#[rustfmt::skip]
const fn flag(names: &'static str, commands: &'static [&'static str], set: Set, help: &'static str) -> Flag {
    Flag { names, commands, set, help }
}

const RUNS: &[&str] = &["judge", "stress"];
const JUDGE: &[&str] = &["judge"];
const STRESS: &[&str] = &["stress"];
const GEN: &[&str] = &["gen"];

/// Every flag of `cargo judge`, `cargo stress` and `cargo gen`, in the
/// order of their help: the one place a flag is named, read and described.
#[rustfmt::skip]
pub const FLAGS: &[Flag] = &[
    flag("-h, --help", &["judge", "stress", "gen"], Switch(|a| &mut a.help), "print this text"),
    flag("-c, --command", RUNS, Read("COMMAND", |a, p| a.solution.set_solution(Solution::Shell(command(p)?))),
        "run a shell command as the solution"),
    flag("--beyond-judge", JUDGE, Switch(|a| &mut a.solution.beyond_judge),
        "also run your solution on the cases beyond the judge's constraints (by default it gets \
         only what the judge could send; the cases with flags never run for it)"),
    flag("--beyond-judge", STRESS, Switch(|a| &mut a.solution.beyond_judge),
        "also generate inputs beyond the judge's constraints"),
    flag("--beyond-judge", GEN, Switch(|a| &mut a.solution.beyond_judge),
        "an input that may use everything the workspace's binaries accept past the judge's \
         constraints (larger boards, other characters, looser formatting)"),
    flag("--lang", RUNS, Read("LANG", |a, p| language(p).map(|l| a.solution.lang = Some(l))),
        "the language whose judge limits apply ({LANGS}): a -c command or an executable \
         otherwise gets the problem's base limits; for a source file, it chooses among the \
         languages of the file's ending"),
    flag("--form", RUNS, Read("FORM", |a, p| form(p).map(|f| a.solution.form = Some(f))),
        "how a source file is called, `function` or `program`, for the odd file its structure \
         misleads (a file that defines the judge's function is called through a driver; any \
         other is run as a program)"),
    flag("--time-limit", RUNS, Number("MS", 1, 3_600_000, |a| &mut a.solution.time_ms),
        "the time limit (processor time), instead of the judge's"),
    flag("--memory-limit", RUNS, Number("MIB", 1, 1 << 20, |a| &mut a.solution.memory_mib),
        "the memory limit (peak resident), instead of the judge's"),
    flag("--output-limit", JUDGE, Number("MIB", 1, 1 << 12, |a| &mut a.output_mib),
        "the output limit (default: twice the expected output, and at least 16 MiB)"),
    flag("--cold", RUNS, Switch(|a| &mut a.solution.cold),
        "start a solution in {WARM} afresh for every run; by default each job starts its \
         interpreter once and forks it for each run (a warm start: the same verdicts, its \
         start's processor time counted in)"),
    flag("--verbose", JUDGE, Switch(|a| &mut a.verbose),
        "list the cases skipped for your solution, each with why (else they are counted in one \
         line)"),
    flag("--quick", JUDGE, Switch(|a| &mut a.quick),
        "the golden cases and the judge suite's strongest few (those that reject the most \
         planted bugs, and one of the judge's largest size, for time), not its hundreds: \
         under a second for most solutions, where the whole suite takes a few seconds"),
    flag("-j, --jobs", JUDGE, Number("N", 1, 256, |a| &mut a.solution.jobs),
        "run N cases at a time (default: the cores the machine gives this command); each case \
         is reported in order, and its verdict does not depend on N"),
    flag("-j, --jobs", STRESS, Number("N", 1, 256, |a| &mut a.solution.jobs),
        "run N inputs at a time (default: the cores the machine gives this command); the \
         failure reported is the first failing seed whatever N, and its cargo gen line brings \
         it back"),
    flag("--check-toolchains", JUDGE, Switch(|a| &mut a.check_toolchains),
        "run every language's self-test (a program that must be accepted) and say which \
         languages work on this machine"),
    flag("--seconds", STRESS, Number("N", 1, 86_400, |a| &mut a.seconds),
        "search for N seconds (1 to 86400; default 10)"),
    flag("--shrink-seconds", STRESS, Number("N", 1, 86_400, |a| &mut a.shrink_seconds),
        "then shrink a failure for at most N seconds more, plus the run under way (1 to 86400; \
         default 60)"),
    flag("--shrink-fresh", STRESS, Number("N", 0, 100_000, |a| &mut a.shrink_fresh),
        "run N inputs generated afresh in the shrink, whatever the solution's speed (0 to \
         100000; default: 2000 when its runs take under 15 ms of processor time on average, \
         else 50)"),
    flag("--seed", STRESS, Number("S", 0, u64::MAX, |a| &mut a.seed),
        "the first seed (default: from the clock); seeds go up by one"),
    flag("--seed", GEN, Number("S", 0, u64::MAX, |a| &mut a.seed), "the seed (default 0)"),
    flag("--size", STRESS, Read("N", size),
        "the largest generator size (default: the generator's largest)"),
    flag("--size", GEN, Read("N", size),
        "the generator's size (default 2): 1 is tiny; the largest are below"),
    flag("--save", STRESS, Read("DIR", |a, p| text(p, "save").map(|d| a.save = Some(d.into()))),
        "where a failure is saved (default: printed; a folder of your own under the system's \
         temporary folder, grid-games-stress-UID/PROBLEM, outside inputs/)"),
];

/// `--size`, bounded by the generator's range once the problem is known,
/// which the message names in full.
fn size(args: &mut Args, parser: &mut lexopt::Parser) -> Result<(), String> {
    let text = text(parser, "size")?;
    let text = text.to_string_lossy();
    args.size = Some(text.trim().parse().map_err(|_| {
        format!(
            "--size takes a whole number (the generator's range follows from PROBLEM; see \
             --help), not {}",
            grid::input::quote(&text)
        )
    })?);
    Ok(())
}

/// What a command line gave, read against [`FLAGS`]; each command reads
/// the fields of its own flags.
#[derive(Debug, Default)]
pub struct Args {
    /// The values that are not a flag's, in their order: the problem,
    /// folders, a solution.
    pub values: Vec<OsString>,
    pub solution: SolutionArgs,
    /// `-h`/`--help`: the rest of the command line is not read.
    pub help: bool,
    pub output_mib: Option<u64>,
    pub check_toolchains: bool,
    /// The golden cases and the judge suite's strongest few.
    pub quick: bool,
    /// List the skipped cases, each with why.
    pub verbose: bool,
    pub seconds: Option<u64>,
    pub shrink_seconds: Option<u64>,
    pub shrink_fresh: Option<u64>,
    pub seed: Option<u64>,
    pub size: Option<u64>,
    pub save: Option<PathBuf>,
}

impl Args {
    /// The first value, PROBLEM, taken from the values.
    pub fn problem(&mut self, command: &str) -> Result<String, String> {
        if self.values.is_empty() {
            return Err(see_help(command, "a PROBLEM is needed"));
        }
        Ok(self.values.remove(0).to_string_lossy().into_owned())
    }
}

/// Reads the command line of `command` (its name as cargo passes it): a
/// flag of another command, or of none, is an error naming the help to
/// see. With `-h`/`--help`, writes `help()` to `out` and returns `None`.
pub fn read(
    command: &str,
    help: impl FnOnce() -> String,
    out: &mut dyn std::io::Write,
) -> Result<Option<Args>, String> {
    let mut parser = lexopt::Parser::from_args(arguments(command));
    let mut args = Args::default();
    while let Some(arg) = parser
        .next()
        .map_err(|e| see_help(command, &e.to_string()))?
    {
        let name = match arg {
            lexopt::Arg::Short(c) => format!("-{c}"),
            lexopt::Arg::Long(name) => format!("--{name}"),
            lexopt::Arg::Value(value) => {
                args.values.push(value);
                continue;
            }
        };
        let flag = FLAGS
            .iter()
            .find(|flag| flag.commands.contains(&command) && flag.is(&name))
            .ok_or_else(|| see_help(command, &lexopt::Error::UnexpectedOption(name).to_string()))?;
        flag.set(&mut args, &mut parser)?;
        if args.help {
            let _ = write!(out, "{}", help());
            return Ok(None);
        }
    }
    Ok(Some(args))
}

/// The `--help` of `command`: its `synopsis`, the paragraphs of `about`
/// filled to 78 columns, its flags from [`FLAGS`], `after` as written, the
/// exit statuses and the problems, with the language table's words for
/// `{LANGS}` and the like (see `table_words`).
pub fn help(command: &str, synopsis: &str, about: &str, after: &str) -> String {
    let mut text = format!("{synopsis}\n");
    for paragraph in about.split("\n\n") {
        text += &format!("\n{}", fill(paragraph, "", 0));
    }
    text.push('\n');
    for flag in FLAGS.iter().filter(|flag| flag.commands.contains(&command)) {
        text += &fill(flag.help, &format!("  {:<18}  ", flag.shown()), 22);
    }
    for block in [after, &fill(&exit::help(command), "", 0), &problems_help()] {
        if !block.is_empty() {
            text += &format!("\n{block}");
        }
    }
    text
}

/// What the help's `{...}` stand for, from the language table: `--lang`'s
/// words, the files' endings, the languages whose functions a driver calls
/// or that start warm, and the `#!` lines that choose a language.
fn table_words() -> [(&'static str, String); 5] {
    let names = |keep: fn(&LanguageRow) -> bool, or: &str| {
        let names: Vec<&str> = LANGUAGES
            .iter()
            .filter(|r| keep(r))
            .map(|r| r.name)
            .collect();
        names.join(or)
    };
    let shebangs: Vec<String> = (LANGUAGES.iter())
        .filter_map(|row| Some(format!("{} for {}", row.shebang?, row.name)))
        .collect();
    [
        ("{LANGS}", toolchain::language::flag_words()),
        ("{EXTS}", toolchain::language::extension_words()),
        ("{DRIVEN}", names(|row| row.driver.is_some(), ", ")),
        ("{WARM}", names(|row| row.warm, " or ")),
        ("{SHEBANGS}", shebangs.join(", ")),
    ]
}

/// `text` with the language table's words put in, in lines of at most 78
/// columns (a longer word alone on its line): the first starts with
/// `first`, the others with `indent` spaces.
fn fill(text: &str, first: &str, indent: usize) -> String {
    let mut text = text.to_string();
    for (word, words) in table_words() {
        text = text.replace(word, &words);
    }
    let (mut filled, mut line) = (String::new(), first.to_string());
    for word in text.split_whitespace() {
        let has_word = line.ends_with(|c: char| !c.is_whitespace());
        if has_word && line.len() + 1 + word.len() > 78 {
            filled += &format!("{line}\n");
            line = " ".repeat(indent);
        } else if has_word {
            line.push(' ');
        }
        line += word;
    }
    filled + &line + "\n"
}

/// A misuse of `command`, with the help to see.
pub fn see_help(command: &str, message: &str) -> String {
    format!("{message} (see `cargo {command} --help`)")
}

/// The problems, for a command's `--help`: each by its name, its judge's
/// number and the number with the judge's prefix, any of which PROBLEM
/// may be.
fn problems_help() -> String {
    format!(
        "PROBLEM is a problem's name, its judge's number, or the number with the judge's \
         prefix:\n{}",
        registry::listing()
    )
}

/// The registered problem called `name` (or known by its judge's number),
/// or an error listing them.
pub fn problem(name: &str) -> Result<&'static dyn AnyProblem, String> {
    registry::find(name).ok_or_else(|| {
        format!(
            "no problem named {name:?}; the problems are {} (or their judges' numbers: {}; a \
             problem added since the commands were installed needs them installed again: cargo \
             install --path crates/tools --locked --bin cargo-judge --bin cargo-stress --bin \
             cargo-gen)",
            registry::names().join(", "),
            registry::ALL
                .iter()
                .map(|p| p.info().aliases()[1].clone())
                .collect::<Vec<_>>()
                .join(", ")
        )
    })
}

/// The arguments that say which solution runs and under which limits, as
/// given.
#[derive(Clone, Debug, Default)]
pub struct SolutionArgs {
    pub solution: Option<Solution>,
    /// The language whose limits apply, as `--lang` named it.
    pub lang: Option<Language>,
    pub time_ms: Option<u64>,
    pub memory_mib: Option<u64>,
    pub beyond_judge: bool,
    /// The form `--form` forces on a source file.
    pub form: Option<Forced>,
    /// How many runs at a time (`--jobs`).
    pub jobs: Option<u64>,
    /// Fresh starts for every run, never warm ones (`--cold`).
    pub cold: bool,
}

/// The same, resolved against a problem.
#[derive(Clone, Debug)]
pub struct Resolved {
    pub solution: Option<Solution>,
    /// The language whose limits apply: `--lang`'s, else the source's.
    pub language: Option<Language>,
    /// The limits; the output limit here is a placeholder, as each run's
    /// is set from its expected output (or `cargo judge --output-limit`).
    pub limits: Limits,
    /// Where the limits come from, for the heading: ` (as given)`, ` (the
    /// judge's rule for the language)`, ` (Baekjoon 12100's)`.
    pub limits_source: String,
    pub beyond_judge: bool,
    pub form: Option<Forced>,
    /// How many runs at a time: `--jobs`, else the cores this process may
    /// use.
    pub jobs: usize,
    /// Fresh starts for every run (`--cold`).
    pub cold: bool,
}

impl SolutionArgs {
    /// Sets the solution: one at most.
    pub fn set_solution(&mut self, solution: Solution) -> Result<(), String> {
        if let Some(first) = &self.solution {
            return Err(format!(
                "one solution at most: {} and {}",
                first.shown(),
                solution.shown()
            ));
        }
        self.solution = Some(solution);
        Ok(())
    }

    /// Checks `--lang` and `--form` against the solution, before anything
    /// else is done.
    pub fn check(mut self) -> Result<SolutionArgs, String> {
        if self.form.is_some() && !matches!(self.solution, Some(Solution::Source { .. })) {
            return Err(
                "--form says how a source file is called (as a function or as a \
                        program); it takes a SOLUTION file"
                    .to_string(),
            );
        }
        if let Some(lang) = self.lang {
            self.solution = match self.solution {
                None => {
                    return Err("--lang sets the limits of a SOLUTION or a -c COMMAND; the \
                                workspace's solver has the judge's"
                        .to_string())
                }
                Some(solution) => Some(solution.with_lang(lang)?),
            };
        }
        Ok(self)
    }

    /// The settings for `info`'s problem: the limits its judge gives the
    /// solution's language, unless given.
    pub fn resolve(self, info: &Info) -> Resolved {
        let language = self
            .lang
            .or_else(|| self.solution.as_ref().and_then(Solution::language));
        let (time, memory, rule) = toolchain::limits(info, language);
        let memory = self.memory_mib.map_or(memory, |m| m << 20);
        let given = self.time_ms.is_some() || self.memory_mib.is_some();
        let limits_source = match (&rule, given) {
            (_, true) => " (as given)".to_string(),
            (Some(rule), false) => format!(" ({rule})"),
            (None, false) => format!(" ({}'s)", info.origin),
        };
        Resolved {
            solution: self.solution,
            language,
            limits: Limits {
                time: self.time_ms.map_or(time, Duration::from_millis),
                memory,
                output: 0,
                address_space: None,
                // A file the solution writes may be as large as its memory
                // limit.
                file_size: Some(memory),
            },
            limits_source,
            beyond_judge: self.beyond_judge,
            cold: self.cold,
            form: self.form,
            jobs: self.jobs.map_or_else(
                || std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get),
                |jobs| jobs as usize,
            ),
        }
    }
}

/// The value of the flag just read, as a whole number from `low` to `high`
/// (checked, never wrapped): the binaries' own reader, so that every flag
/// of the workspace says the same of a bad number.
pub use problem_kit::args::whole_number as number;

/// The value of the flag just read, as text.
pub use problem_kit::args::text_value as text;

/// The value of `--lang`: a language by its word (`py`, `pypy3`, `cpp`,
/// ...), whose judge limits a command or an executable gets.
fn language(parser: &mut lexopt::Parser) -> Result<Language, String> {
    let value = text(parser, "lang")?;
    let word = value.to_string_lossy();
    Language::from_flag(&word).ok_or_else(|| {
        format!(
            "--lang takes one of {}, not {}",
            toolchain::language::flag_words(),
            grid::input::quote(&word)
        )
    })
}

/// The value of `--form`: `function` or `program`.
fn form(parser: &mut lexopt::Parser) -> Result<Forced, String> {
    let value = text(parser, "form")?;
    match value.to_string_lossy().as_ref() {
        "function" => Ok(Forced::Function),
        "program" => Ok(Forced::Program),
        other => Err(format!(
            "--form takes function or program, not {}",
            grid::input::quote(other)
        )),
    }
}

/// The value of `-c`: a shell command that runs the solution (not empty).
fn command(parser: &mut lexopt::Parser) -> Result<String, String> {
    parser
        .value()
        .ok()
        .filter(|command| !command.to_string_lossy().trim().is_empty())
        .ok_or_else(|| "-c needs a COMMAND that runs the solution".to_string())?
        .into_string()
        .map_err(|_| "the command is not UTF-8 text".to_string())
}
