//! The workspace's commands, each a thin binary over the engine (the
//! `engine` crate) and reading the registry:
//!
//! - `cargo judge PROBLEM [DIR...] [SOLUTION]`: verdicts for every case,
//!   with times, memory and diffs, as a judge gives them, for the
//!   workspace's solver or a user's solution in any common language;
//! - `cargo stress PROBLEM [SOLUTION]`: generated inputs, small first,
//!   until an answer is wrong; the failure shrunk and saved;
//! - `cargo gen PROBLEM`: one generated input (the contract's generator).
//!
//! Here: [`args`] (the command line: one table of the flags, from which
//! they are read and each command's `--help` is made),
//! [`report`] (rendering what the engine decided), [`output`] (standard
//! output that a closed reader does not stop, and the one shape of every
//! command's `main`) and [`exit`] (the exit statuses).

pub mod args;
pub mod exit;
pub mod output;
pub mod report;

/// The workspace root, where the installed commands still find the golden
/// cases.
pub use problem_kit::files::workspace_root;

/// A compile error, already reported as the solution's verdict.
pub struct CompileErrorReported;

/// Prepares the user's solution, if there is one, for `info`'s judge. A
/// compile error is the solution's verdict: the heading, the compiler's
/// message and `0 passed, 1 failed` are written to `out`, and it is
/// `Ok(Err(CompileErrorReported))`. `Ok(Ok(None))` when there is no
/// solution: the workspace answers.
pub fn prepare_solution(
    out: &mut dyn std::io::Write,
    resolved: &args::Resolved,
    info: &problem_kit::Info,
) -> Result<Result<Option<engine::solution::Prepared>, CompileErrorReported>, String> {
    use engine::solution::{prepare, PrepareError};
    let Some(solution) = resolved.solution.as_ref() else {
        return Ok(Ok(None));
    };
    match prepare(solution, info, resolved.form) {
        Ok(mut prepared) => {
            if prepared.warm.is_some() {
                let (warm, mode) = start_mode(resolved.cold);
                if !warm {
                    prepared.warm = None;
                }
                prepared.how.push_str(mode);
            }
            Ok(Ok(Some(prepared)))
        }
        Err(PrepareError::Compile { command, message }) => {
            let shown = engine::text::printable(&solution.shown()).into_owned();
            let _ = writeln!(out, "{}: {shown}", info.heading());
            let _ = report::write_compile_error(out, solution, &command, &message);
            let _ = writeln!(out, "0 passed, 1 failed");
            Ok(Err(CompileErrorReported))
        }
        Err(PrepareError::Other(message)) => Err(message),
    }
}

/// Says in one line, if some runs that were to start warm started fresh,
/// why (a server that could not start or failed a run).
pub fn write_warm_fallback(out: &mut dyn std::io::Write) -> std::io::Result<()> {
    match engine::runner::warm::fell_back_why() {
        Some(why) => writeln!(out, "note: later runs started cold: {why}"),
        None => Ok(()),
    }
}

/// Whether an interpreted solution's runs start warm, and how the heading
/// says so: warm unless `--cold` asks otherwise or the machine cannot hold
/// a warm run (it needs a control group).
fn start_mode(cold: bool) -> (bool, &'static str) {
    if cold {
        (false, ", cold (--cold)")
    } else if engine::runner::warm::available() {
        (true, ", warm")
    } else {
        (false, ", cold (a warm start needs a control group)")
    }
}
