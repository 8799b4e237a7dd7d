//! The workspace's own commands, each a thin binary over a module here,
//! and each reading the registry:
//!
//! - [`scaffold`]: `cargo new-problem NAME`, a new problem crate from the
//!   house template, registered.
//! - [`judge`]: `cargo judge PROBLEM [DIR...]`, verdicts with times, memory
//!   and diffs, as a judge gives them.
//! - [`stress`]: `cargo stress PROBLEM`, generated inputs, fast against
//!   reference, a difference shrunk and saved.
//! - `cargo gen PROBLEM`: one generated input (the contract's generator).
//! - [`run`]: running a solution as its own process, with time and memory.

pub mod judge;
pub mod run;
pub mod scaffold;
pub mod stress;

use std::path::{Path, PathBuf};

/// The workspace root (two levels above this crate).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The registered problem called `name`, or an error listing them.
pub fn problem(name: &str) -> Result<&'static dyn cli::Problem, String> {
    problems::find(name).ok_or_else(|| {
        format!(
            "no problem named {name:?}; the problems are {}",
            problems::names().join(", ")
        )
    })
}

/// A command's exit: `Ok(true)` succeeded (0), `Ok(false)` found something
/// wrong that it reported (1), `Err` could not run (2, with the message).
pub fn finish(result: Result<bool, String>) -> std::process::ExitCode {
    match result {
        Ok(true) => std::process::ExitCode::SUCCESS,
        Ok(false) => std::process::ExitCode::from(1),
        Err(message) => {
            eprintln!("error: {message}");
            std::process::ExitCode::from(2)
        }
    }
}

/// The value of the flag just read, as a number.
pub fn flag_number<T: std::str::FromStr>(
    parser: &mut lexopt::Parser,
    flag: &str,
) -> Result<T, String> {
    let text = parser.value().map_err(|e| e.to_string())?;
    text.to_string_lossy()
        .trim()
        .parse()
        .map_err(|_| format!("--{flag} takes a whole number, not {text:?}"))
}
