//! The command line of every binary, read against the problem's [`Info`].
//!
//! Every binary takes the problem's own flags, `--explain`, `--naive`,
//! `--help` and at most one file name (the input, instead of stdin). A flag
//! given twice takes its last value, as most tools do.

use std::ffi::OsString;
use std::path::PathBuf;

use crate::flags::{FlagKind, FlagSet, Options};
use crate::info::Info;

/// What the command line asks for.
#[derive(Debug, PartialEq)]
pub enum Request {
    /// Print the usage text on stdout.
    Help(String),
    /// Answer an input.
    Run(Command),
}

/// An answering run.
#[derive(Debug, PartialEq)]
pub struct Command {
    /// The problem's own flags, of the problem's own type.
    pub options: Options,
    /// Write the explanation to stderr too.
    pub explain: bool,
    /// Answer with the reference solver.
    pub naive: bool,
    /// Read the input from this file instead of stdin.
    pub input: Option<PathBuf>,
    /// Write the game as a web page to this file.
    pub replay: Option<PathBuf>,
}

/// The common flags, beside the problem's own.
const COMMON: &str = "  --explain   also write an explanation of the answer to stderr
  --naive     answer with the reference (plain) solver instead of the fast one
  --replay FILE.html
              also write the game as a web page to step through
  --help      print this text
  FILE        read the input from FILE instead of standard input
";

/// The usage text, made from the problem's description and its flags (the
/// binary adds its exit statuses, from `run::EXIT_STATUSES`).
pub fn usage<F: FlagSet>(info: &Info) -> String {
    let mut synopsis = format!("usage: {}", info.name);
    let mut lines = String::new();
    let defaults = F::default();
    for flag in F::flags() {
        let (shown, default) = match flag.kind {
            FlagKind::Switch => (format!("--{}", flag.name), String::new()),
            FlagKind::Number { value_name, .. } => (
                format!("--{} {value_name}", flag.name),
                format!(" (default {})", (flag.get)(&defaults)),
            ),
        };
        synopsis.push_str(&format!(" [{shown}]"));
        lines.push_str(&format!("  {shown:<10}  {}{default}\n", flag.help));
    }
    synopsis.push_str(" [--explain] [--naive] [--replay FILE.html] [FILE]");
    format!(
        "{synopsis}\n\n{}\n\nJudge: {} \"{}\", {}\n\n{lines}{COMMON}",
        info.summary.trim_end(),
        info.origin,
        info.title,
        info.link,
    )
}

/// Reads the arguments (without the program name) for a problem whose
/// flags are `F`. An error is the message to print, already naming
/// `--help`.
pub fn parse<F: FlagSet>(
    info: &Info,
    args: impl IntoIterator<Item = OsString>,
) -> Result<Request, String> {
    let see_help = |message: String| format!("{message} (see `{} --help`)", info.name);
    read::<F>(info, args).map_err(see_help)
}

fn read<F: FlagSet>(
    info: &Info,
    args: impl IntoIterator<Item = OsString>,
) -> Result<Request, String> {
    use lexopt::Arg::{Long, Short, Value};
    let mut flags = F::default();
    let (mut explain, mut naive, mut input, mut replay) = (false, false, None, None);
    let mut parser = lexopt::Parser::from_args(args);
    while let Some(arg) = parser.next().map_err(|e| e.to_string())? {
        match arg {
            Short('h') | Long("help") => return Ok(Request::Help(usage::<F>(info))),
            Long("explain") => explain = true,
            Long("naive") => naive = true,
            Long("replay") => {
                let path = parser.value().map_err(|_| {
                    "--replay needs a file name, e.g. --replay game.html".to_string()
                })?;
                replay = Some(PathBuf::from(path));
            }
            Long(name) => {
                // Owned, so that the parser may be asked for the value.
                let name = name.to_owned();
                let Some(flag) = F::flags().iter().find(|f| f.name == name) else {
                    return Err(format!("unknown flag `--{name}`"));
                };
                match flag.kind {
                    FlagKind::Switch => (flag.set)(&mut flags, 1),
                    FlagKind::Number { low, high, .. } => {
                        (flag.set)(&mut flags, whole_number(&mut parser, &name, low, high)?)
                    }
                }
            }
            Short(letter) => return Err(format!("unknown flag `-{letter}`")),
            Value(path) => {
                if let Some(first) = &input {
                    let first: &PathBuf = first;
                    return Err(format!(
                        "one input file at most: {} and {}",
                        grid::input::quote(&first.to_string_lossy()),
                        grid::input::quote(&path.to_string_lossy())
                    ));
                }
                input = Some(PathBuf::from(path));
            }
        }
    }
    Ok(Request::Run(Command {
        options: Options::new(flags),
        explain,
        naive,
        input,
        replay,
    }))
}

/// The value of the flag `--{flag}` just read, as a whole number from `low`
/// to `high` (checked, never wrapped; spaces around it are allowed), or the
/// error to print: `--{flag} needs a value from {low} to {high}` when it has
/// none, else `--{flag} takes a whole number from {low} to {high}, not `
/// and the value as [`grid::input::quote`] shows it. Public for the tools'
/// commands, so that a number flag's messages read the same in every
/// binary and every command.
pub fn whole_number(
    parser: &mut lexopt::Parser,
    flag: &str,
    low: u64,
    high: u64,
) -> Result<u64, String> {
    let text = parser
        .value()
        .map_err(|_| format!("--{flag} needs a value from {low} to {high}"))?;
    let text = text.to_string_lossy();
    match text.trim().parse::<u64>() {
        Ok(value) if (low..=high).contains(&value) => Ok(value),
        _ => Err(format!(
            "--{flag} takes a whole number from {low} to {high}, not {}",
            grid::input::quote(&text)
        )),
    }
}

/// The value of the flag `--{flag}` just read, as it was given, or the
/// error to print: `--{flag} needs a value`.
pub fn text_value(parser: &mut lexopt::Parser, flag: &str) -> Result<OsString, String> {
    parser
        .value()
        .map_err(|_| format!("--{flag} needs a value"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::flags::Flag;
    use crate::info::ProblemLimits;

    static INFO: Info = Info {
        name: "prog",
        title: "A Problem",
        origin: "Judge 1",
        link: "https://example.invalid/1",
        summary: "Reads things.",
        limits: ProblemLimits {
            time_ms: 1000,
            memory_mib: 256,
        },
        accepts_rust: true,
        suite_cases: 0,
        left_out: &[],
        quick_cases: &[],
        call: None,
    };

    #[derive(Clone, Debug, PartialEq)]
    struct Flags {
        moves: u32,
        settle: bool,
    }

    impl Default for Flags {
        fn default() -> Self {
            Flags {
                moves: 5,
                settle: false,
            }
        }
    }

    impl FlagSet for Flags {
        fn flags() -> &'static [Flag<Self>] {
            &[
                Flag {
                    name: "moves",
                    help: "moves to search",
                    kind: FlagKind::Number {
                        value_name: "K",
                        low: 0,
                        high: 20,
                    },
                    set: |f, v| f.moves = v as u32,
                    get: |f| u64::from(f.moves),
                },
                Flag {
                    name: "settle",
                    help: "settle first",
                    kind: FlagKind::Switch,
                    set: |f, _| f.settle = true,
                    get: |f| u64::from(f.settle),
                },
            ]
        }
    }

    fn run(args: &[&str]) -> Result<Command, String> {
        match parse::<Flags>(&INFO, args.iter().map(OsString::from))? {
            Request::Run(command) => Ok(command),
            Request::Help(_) => Err("help".into()),
        }
    }

    #[test]
    fn defaults_flags_and_files() {
        let plain = run(&[]).unwrap();
        assert_eq!(plain.options.get::<Flags>(), &Flags::default());
        assert!(!plain.explain && !plain.naive && plain.input.is_none());
        let full = run(&[
            "--moves",
            "7",
            "--settle",
            "--explain",
            "--naive",
            "case.in",
        ])
        .unwrap();
        assert_eq!(
            full.options.get::<Flags>(),
            &Flags {
                moves: 7,
                settle: true
            }
        );
        assert!(full.explain && full.naive);
        assert_eq!(full.input, Some(PathBuf::from("case.in")));
        let replay = run(&["--replay", "game.html", "case.in"]).unwrap();
        assert_eq!(replay.replay, Some(PathBuf::from("game.html")));
        assert!(run(&["--replay"])
            .unwrap_err()
            .contains("--replay needs a file name"));
        // `=` form, and the last value wins.
        let twice = run(&["--moves=3", "--moves", "4"]).unwrap();
        assert_eq!(twice.options.get::<Flags>().moves, 4);
    }

    #[test]
    fn every_flag_line_of_the_usage_is_indented_alike() {
        let text = usage::<Flags>(&INFO);
        let flags: Vec<&str> = text
            .lines()
            .filter(|line| line.trim_start().starts_with("--"))
            .collect();
        assert!(flags.len() >= 5, "{text}");
        for line in flags {
            assert!(line.starts_with("  --"), "{line:?} in\n{text}");
        }
    }

    #[test]
    fn bad_usage_names_the_flag_and_help() {
        for (args, said) in [
            (
                &["--moves", "x"][..],
                "--moves takes a whole number from 0 to 20, not \"x\"",
            ),
            (&["--moves", "21"][..], "not \"21\""),
            (&["--moves"][..], "--moves needs a value"),
            (&["--frobnicate"][..], "unknown flag `--frobnicate`"),
            (&["-x"][..], "unknown flag `-x`"),
            (&["a.in", "b.in"][..], "one input file at most"),
            (&["--settle=1"][..], "--settle"),
        ] {
            let error = run(args).unwrap_err();
            assert!(error.contains(said), "{args:?}: {error}");
            assert!(error.ends_with("(see `prog --help`)"), "{error}");
        }
        assert_eq!(run(&["--help"]).unwrap_err(), "help");
        assert_eq!(run(&["-h"]).unwrap_err(), "help");
    }

    /// The value of `flag` in `args`, read as the binaries read it.
    fn value_of<T>(
        args: &[&str],
        read: impl Fn(&mut lexopt::Parser) -> Result<T, String>,
    ) -> Result<T, String> {
        let mut parser = lexopt::Parser::from_args(args.iter().map(OsString::from));
        parser.next().unwrap().expect("a flag first");
        read(&mut parser)
    }

    #[test]
    fn number_and_text_values_say_exactly_what_is_wrong() {
        let number = |args: &[&str]| value_of(args, |p| whole_number(p, "seed", 1, 99));
        assert_eq!(number(&["--seed", "7"]), Ok(7));
        assert_eq!(number(&["--seed= 99 "]), Ok(99));
        assert_eq!(
            number(&["--seed"]),
            Err("--seed needs a value from 1 to 99".to_string())
        );
        for bad in ["0", "100", "-1", "x", "", "1e3"] {
            assert_eq!(
                number(&["--seed", bad]),
                Err(format!(
                    "--seed takes a whole number from 1 to 99, not {}",
                    grid::input::quote(bad)
                ))
            );
        }
        let text = |args: &[&str]| value_of(args, |p| text_value(p, "lang"));
        assert_eq!(text(&["--lang", "py"]), Ok(OsString::from("py")));
        assert_eq!(text(&["--lang"]), Err("--lang needs a value".to_string()));
    }

    #[test]
    fn usage_lists_every_flag() {
        let text = usage::<Flags>(&INFO);
        for part in [
            "usage: prog [--moves K] [--settle]",
            "--moves K",
            "--naive",
            "Judge 1",
            "FILE",
        ] {
            assert!(text.contains(part), "{part}\n{text}");
        }
    }
}
