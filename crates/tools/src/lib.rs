//! The workspace's own commands, each a thin binary over a module here,
//! and each reading the registry:
//!
//! - `cargo judge PROBLEM [DIR...] [SOLUTION]` ([`judge`]): verdicts for
//!   every case, with times, memory and diffs, as a judge gives them, for
//!   the workspace's solver or a user's solution in any common language.
//! - `cargo stress PROBLEM [SOLUTION]` ([`stress`]): generated inputs, small
//!   first, until an answer is wrong; the failure shrunk ([`shrink`]) and
//!   saved.
//! - `cargo gen PROBLEM`: one generated input (the contract's generator).
//! - `cargo new-problem NAME` ([`scaffold`]): a new problem crate from the
//!   house template, registered.
//!
//! Underneath: [`language`] (a solution's language, compiler and limits),
//! [`driver`] (calling a Programmers function), [`cases`] (the cases of a
//! folder, classified by the problem's validator), [`sandbox`] (running a
//! program as a judge does) and [`processes`] (every process of a run).

pub mod cases;
pub mod driver;
pub mod judge;
pub mod language;
pub mod naming;
pub mod processes;
pub mod sandbox;
pub mod scaffold;
pub mod shrink;
pub mod stress;

use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// The workspace root (two levels above this crate), where the installed
/// commands still find the golden cases.
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The registered problem called `name`, or an error listing them.
pub fn problem(name: &str) -> Result<&'static dyn cli::AnyProblem, String> {
    problems::find(name).ok_or_else(|| {
        format!(
            "no problem named {name:?}; the problems are {}",
            problems::names().join(", ")
        )
    })
}

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

/// A command's exit: `Ok(true)` succeeded (0), `Ok(false)` found something
/// wrong that it reported (1), `Err` could not run (2, with the message).
pub fn finish(result: Result<bool, String>) -> std::process::ExitCode {
    match result {
        Ok(true) => std::process::ExitCode::SUCCESS,
        Ok(false) => std::process::ExitCode::from(1),
        Err(message) => {
            use std::io::Write;
            let _ = writeln!(std::io::stderr(), "error: {message}");
            std::process::ExitCode::from(2)
        }
    }
}

/// The value of the flag just read, as a whole number from `low` to `high`
/// (checked, never wrapped), or an error naming the flag and the range.
pub fn flag_number(
    parser: &mut lexopt::Parser,
    flag: &str,
    low: u64,
    high: u64,
) -> Result<u64, String> {
    let text = parser
        .value()
        .map_err(|_| format!("--{flag} needs a value from {low} to {high}"))?;
    match text.to_string_lossy().trim().parse::<u64>() {
        Ok(value) if (low..=high).contains(&value) => Ok(value),
        _ => Err(format!(
            "--{flag} takes a whole number from {low} to {high}, not {}",
            grid::input::quote(&text.to_string_lossy())
        )),
    }
}

/// The value of the flag just read, as text.
pub fn flag_text(parser: &mut lexopt::Parser, flag: &str) -> Result<OsString, String> {
    parser
        .value()
        .map_err(|_| format!("--{flag} needs a value"))
}
