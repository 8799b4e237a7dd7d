//! The command line: the arguments every command that runs a solution
//! shares, read once ([`SolutionArgs`], as given) and resolved once
//! against the problem ([`SolutionArgs::resolve`], the settings a run
//! needs), and the small readers of flag values.

use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;

use engine::runner::Limits;
use engine::solution::{Forced, Solution};
use engine::toolchain::{self, Language};
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

/// A command-line argument that is the command's own, owned (so that the
/// parser can read its value).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    Short(char),
    Long(String),
    Value(OsString),
}

impl Arg {
    /// The error for an argument the command does not take, in `lexopt`'s
    /// words.
    pub fn unexpected(self) -> String {
        match self {
            Arg::Short(c) => lexopt::Error::UnexpectedOption(format!("-{c}")),
            Arg::Long(name) => lexopt::Error::UnexpectedOption(format!("--{name}")),
            Arg::Value(value) => lexopt::Error::UnexpectedArgument(value),
        }
        .to_string()
    }
}

/// Reads the command line of `command` (its name as cargo passes it):
/// `-h`/`--help` writes `usage` to `out` (and returns `Ok(None)`), the
/// shared flags go to `solution`, and every other flag to `own`, with the
/// parser for its value; `own` says whether it took the flag (a flag no
/// one takes is an error naming the help to see). Returns the values that
/// are not a flag's (the problem, folders, a solution), in their order.
pub fn read(
    command: &str,
    usage: &str,
    out: &mut dyn std::io::Write,
    solution: &mut SolutionArgs,
    mut own: impl FnMut(&Arg, &mut lexopt::Parser) -> Result<bool, String>,
) -> Result<Option<std::vec::IntoIter<OsString>>, String> {
    let mut parser = lexopt::Parser::from_args(arguments(command));
    let mut values = Vec::new();
    while let Some(arg) = parser
        .next()
        .map_err(|e| see_help(command, &e.to_string()))?
    {
        if let Some(flag) = SharedFlag::of(&arg) {
            solution.take(flag, &mut parser)?;
            continue;
        }
        let arg = match arg {
            lexopt::Arg::Short('h') | lexopt::Arg::Long("help") => {
                let _ = write!(out, "{usage}\n{}", problems_help());
                return Ok(None);
            }
            lexopt::Arg::Short(c) => Arg::Short(c),
            lexopt::Arg::Long(name) => Arg::Long(name.to_string()),
            lexopt::Arg::Value(value) => {
                values.push(value);
                continue;
            }
        };
        if !own(&arg, &mut parser)? {
            return Err(see_help(command, &arg.unexpected()));
        }
    }
    Ok(Some(values.into_iter()))
}

/// A misuse of `command`, with the help to see.
pub fn see_help(command: &str, message: &str) -> String {
    format!("{message} (see `cargo {command} --help`)")
}

/// The problems, for a command's `--help`: each by its name, its judge's
/// number and the number with the judge's prefix, any of which PROBLEM
/// may be.
pub fn problems_help() -> String {
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

/// A flag of [`SolutionArgs`]: told from the others first, then taken
/// (`lexopt`'s argument borrows the parser that reads its value).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SharedFlag {
    Command,
    Bin,
    BeyondJudge,
    Lang,
    Form,
    Jobs,
    TimeLimit,
    MemoryLimit,
    Cold,
}

impl SharedFlag {
    /// The shared flag `arg` is, if it is one.
    pub fn of(arg: &lexopt::Arg) -> Option<SharedFlag> {
        use lexopt::Arg::{Long, Short};
        Some(match arg {
            Short('c') | Long("command") => SharedFlag::Command,
            Long("bin") => SharedFlag::Bin,
            Long("beyond-judge") => SharedFlag::BeyondJudge,
            Long("lang") => SharedFlag::Lang,
            Long("form") => SharedFlag::Form,
            Long("jobs") | Short('j') => SharedFlag::Jobs,
            Long("time-limit") => SharedFlag::TimeLimit,
            Long("memory-limit") => SharedFlag::MemoryLimit,
            Long("cold") => SharedFlag::Cold,
            _ => return None,
        })
    }
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
    pub jobs: Option<usize>,
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
    /// The judge's rule for the language, when there is one.
    pub rule: Option<String>,
    pub beyond_judge: bool,
    pub form: Option<Forced>,
    /// How many runs at a time: `--jobs`, else the cores this process may
    /// use.
    pub jobs: usize,
    /// Fresh starts for every run (`--cold`).
    pub cold: bool,
}

impl SolutionArgs {
    /// Takes `flag`, one of these arguments, reading its value from
    /// `parser`.
    pub fn take(&mut self, flag: SharedFlag, parser: &mut lexopt::Parser) -> Result<(), String> {
        match flag {
            SharedFlag::Command => self.set_solution(Solution::Shell(command(parser)?))?,
            SharedFlag::Bin => {
                let path = PathBuf::from(text(parser, "bin")?);
                self.set_solution(Solution::from_path(&path)?)?;
            }
            SharedFlag::BeyondJudge => self.beyond_judge = true,
            SharedFlag::Lang => self.lang = Some(language(parser)?),
            SharedFlag::Form => self.form = Some(form(parser)?),
            SharedFlag::Jobs => self.jobs = Some(number(parser, "jobs", 1, 256)? as usize),
            SharedFlag::TimeLimit => {
                self.time_ms = Some(number(parser, "time-limit", 1, 3_600_000)?);
            }
            SharedFlag::MemoryLimit => {
                self.memory_mib = Some(number(parser, "memory-limit", 1, 1 << 20)?);
            }
            SharedFlag::Cold => self.cold = true,
        }
        Ok(())
    }

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
            rule,
            beyond_judge: self.beyond_judge,
            cold: self.cold,
            form: self.form,
            jobs: self.jobs.unwrap_or_else(|| {
                std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
            }),
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
