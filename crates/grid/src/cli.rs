//! What every binary's `main` shares: reading stdin, writing stdout,
//! reading flags, and the exit statuses.
//!
//! Exit statuses: 0 for an answer, 1 for bad input, 2 for bad usage
//! (an unknown flag or a bad flag value).

use std::io::{Read, Write};
use std::process::ExitCode;

use crate::input::InputError;

/// Exit status for an answered input.
pub const EXIT_OK: u8 = 0;
/// Exit status for input that is not valid for the problem.
pub const EXIT_BAD_INPUT: u8 = 1;
/// Exit status for an unknown flag or a bad flag value.
pub const EXIT_BAD_USAGE: u8 = 2;

/// Reads all of stdin.
pub fn read_stdin() -> Result<Vec<u8>, InputError> {
    let mut bytes = Vec::new();
    std::io::stdin()
        .lock()
        .read_to_end(&mut bytes)
        .map_err(|e| InputError::new(format!("cannot read standard input: {e}")))?;
    Ok(bytes)
}

/// Writes `text` to stdout. A reader that has gone away (a closed pipe, as
/// in `puyo < big | head -c1`) is not an error worth a message.
pub fn write_stdout(text: &str) -> ExitCode {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::from(EXIT_OK),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::from(EXIT_OK),
        Err(e) => {
            report(&format!("cannot write standard output: {e}"));
            ExitCode::from(EXIT_BAD_INPUT)
        }
    }
}

/// Writes `text` to stderr, ignoring a closed stderr (`eprint!` would panic).
pub fn write_stderr(text: &str) {
    let _ = std::io::stderr().lock().write_all(text.as_bytes());
}

/// Writes one `error: ...` line to stderr.
pub fn report(message: &str) {
    write_stderr(&format!("error: {message}\n"));
}

/// Reads stdin and computes the output with `answer`. Returns the input
/// (for `--explain`, which reads it again) and the output, or, when reading
/// or answering fails, the error reported and the exit status to return.
pub fn read_and_answer(
    answer: impl FnOnce(&[u8]) -> Result<String, InputError>,
) -> Result<(Vec<u8>, String), ExitCode> {
    let input = read_stdin().map_err(|e| fail_input(&e))?;
    let output = answer(&input).map_err(|e| fail_input(&e))?;
    Ok((input, output))
}

/// Reports bad input and returns its exit status.
pub fn fail_input(error: &InputError) -> ExitCode {
    report(&error.to_string());
    ExitCode::from(EXIT_BAD_INPUT)
}

/// The command-line arguments, taken apart flag by flag.
pub struct Args {
    program: &'static str,
    usage: &'static str,
    rest: Vec<String>,
}

/// A usage problem: the message to print and the exit status to return.
#[derive(Debug)]
pub enum UsageExit {
    /// `--help` was asked for: print the usage to stdout and exit 0.
    Help(String),
    /// A bad flag: print the message to stderr and exit 2.
    Bad(String),
}

impl UsageExit {
    /// Prints what is due and returns the exit status.
    pub fn finish(self) -> ExitCode {
        match self {
            UsageExit::Help(text) => write_stdout(&text),
            UsageExit::Bad(message) => {
                report(&message);
                ExitCode::from(EXIT_BAD_USAGE)
            }
        }
    }
}

impl Args {
    /// The process's arguments; `usage` is the full help text.
    pub fn from_env(program: &'static str, usage: &'static str) -> Self {
        Args::new(
            program,
            usage,
            std::env::args_os()
                .skip(1)
                .map(|a| a.to_string_lossy().into_owned())
                .collect(),
        )
    }

    /// Arguments from a list (for tests).
    pub fn new(program: &'static str, usage: &'static str, rest: Vec<String>) -> Self {
        Args {
            program,
            usage,
            rest,
        }
    }

    /// Whether the switch `name` (e.g. `--explain`) is given; removes it.
    pub fn switch(&mut self, name: &str) -> bool {
        let before = self.rest.len();
        self.rest.retain(|a| a != name);
        self.rest.len() != before
    }

    /// The value of `name` given as `name VALUE` or `name=VALUE`, parsed as a
    /// number in `low..=high`; removes it.
    pub fn number(&mut self, name: &str, low: u64, high: u64) -> Result<Option<u64>, UsageExit> {
        let prefix = format!("{name}=");
        let Some(at) = self
            .rest
            .iter()
            .position(|a| a == name || a.starts_with(&prefix))
        else {
            return Ok(None);
        };
        let text = if self.rest[at] == name {
            if at + 1 >= self.rest.len() {
                return Err(self.bad(format!("{name} needs a value from {low} to {high}")));
            }
            let value = self.rest.remove(at + 1);
            self.rest.remove(at);
            value
        } else {
            let arg = self.rest.remove(at);
            arg[prefix.len()..].to_string()
        };
        match text.parse::<u64>() {
            Ok(v) if (low..=high).contains(&v) => Ok(Some(v)),
            _ => Err(self.bad(format!(
                "{name} takes a whole number from {low} to {high}, not {}",
                crate::input::quote(&text)
            ))),
        }
    }

    /// Succeeds when every argument was understood; `--help` asks for the usage.
    pub fn finish(mut self) -> Result<(), UsageExit> {
        if self.switch("--help") || self.switch("-h") {
            return Err(UsageExit::Help(self.usage.to_string()));
        }
        match self.rest.first() {
            None => Ok(()),
            Some(arg) => Err(self.bad(format!("unknown argument {}", crate::input::quote(arg)))),
        }
    }

    fn bad(&self, message: String) -> UsageExit {
        UsageExit::Bad(format!("{message} (see `{} --help`)", self.program))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Args {
        Args::new(
            "prog",
            "usage",
            list.iter().map(|s| s.to_string()).collect(),
        )
    }

    #[test]
    fn flags_and_values() {
        let mut a = args(&["--explain", "--moves", "7"]);
        assert!(a.switch("--explain"));
        assert_eq!(a.number("--moves", 0, 20).unwrap(), Some(7));
        assert!(a.finish().is_ok());

        let mut b = args(&["--moves=3"]);
        assert_eq!(b.number("--moves", 0, 20).unwrap(), Some(3));
        assert!(!b.switch("--explain"));
    }

    #[test]
    fn bad_values_and_unknown_flags() {
        assert!(matches!(
            args(&["--moves", "x"]).number("--moves", 0, 20),
            Err(UsageExit::Bad(_))
        ));
        assert!(matches!(
            args(&["--moves", "21"]).number("--moves", 0, 20),
            Err(UsageExit::Bad(_))
        ));
        assert!(matches!(
            args(&["--moves"]).number("--moves", 0, 20),
            Err(UsageExit::Bad(_))
        ));
        assert!(matches!(
            args(&["--frobnicate"]).finish(),
            Err(UsageExit::Bad(_))
        ));
        assert!(matches!(
            args(&["--help"]).finish(),
            Err(UsageExit::Help(_))
        ));
    }
}
