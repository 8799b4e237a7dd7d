//! The commands as a user runs them (`cargo judge`, `cargo stress`, `cargo
//! gen`), tried with hostile programs. One test binary, its parts in
//! modules, with the helpers here (the runner under the commands has its
//! own tests, in the engine's `tests/runner.rs`):
//!
//! - [`cleanup`]: a damaged judge suite cache made again, any signal
//!   short of SIGKILL, trees a run leaves that are deep or read-only;
//! - [`environment`]: a full disk or `ulimit -f` during a compile, the
//!   stack a run gets, `--lang` against a source file;
//! - [`hostile_programs`]: interrupts, escapes, snooping, special files, a
//!   closed reader, broken interpreters;
//! - [`function_forms`]: every form of a Programmers function in
//!   JavaScript and Python, judged as the function;
//! - [`flags`]: the shared flags' bad values, and what `--jobs` and
//!   `--quick` promise;
//! - [`judge`]: verdicts, diffs, bad case files, limits and languages;
//! - [`stress`]: `gen` and `stress`, generation and shrinking;
//! - [`report`]: what a report says and names: a disputed `.out`, debug
//!   prints, a repeated mistake, the user's file, the judges' numbers,
//!   the skipped cases, a misnamed Java class;
//! - [`mutants`] (ignored: minutes): the planted bugs on the whole judge
//!   suite, the measurement behind `--quick`'s cases;
//! - [`smallest`] (its search ignored: minutes): each planted bug's
//!   smallest failure, the shrinker's yardstick;
//! - [`solutions`]: the correct and buggy user solutions of
//!   `tests/solutions/`, judged and stressed;
//! - [`suite_strength`] (ignored: many minutes): mutants of the correct
//!   solutions, judged by default and stressed, the measurement behind the
//!   suite's choice of cases.

mod cleanup;
mod contained;
mod environment;
mod flags;
mod flaky;
mod function_forms;
mod hostile_programs;
mod judge;
mod judges;
mod languages;
mod mutants;
mod report;
mod smallest;
mod smallest_reached;
mod solutions;
mod stress;
mod suite_strength;
mod warm;

// The helpers this test binary shares with the runner's tests.
pub use problem_kit::files::workspace_root as workspace;
pub use test_support::{assert_none_left, have, processes_with, token, Dir, Outcome, TestCommand};

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The exit statuses the commands give, as `ExitStatus::code` reads them.
pub const SUCCESS: Option<i32> = Some(tools::exit::SUCCESS as i32);
pub const FOUND: Option<i32> = Some(tools::exit::FOUND as i32);
pub const ERROR: Option<i32> = Some(tools::exit::ERROR as i32);
pub const INTERRUPTED: Option<i32> = Some(tools::exit::INTERRUPTED as i32);

/// An empty folder of this test's own under the target folder.
pub fn scratch(name: &str) -> PathBuf {
    test_support::scratch_in(Path::new(env!("CARGO_TARGET_TMPDIR")), name)
}

/// An empty folder of this test's own under the target folder, to run
/// commands in and write their files into.
pub fn dir(name: &str) -> Dir {
    Dir::new(Path::new(env!("CARGO_TARGET_TMPDIR")), name)
}

/// The path of one of this package's binaries.
pub fn binary(name: &str) -> &'static str {
    match name {
        "judge" => env!("CARGO_BIN_EXE_cargo-judge"),
        "stress" => env!("CARGO_BIN_EXE_cargo-stress"),
        "gen" => env!("CARGO_BIN_EXE_cargo-gen"),
        _ => panic!("no binary {name}"),
    }
}

/// A command's binary (`judge`, `stress`, `gen`), to be run in `dir`.
pub fn command(dir: &Dir, name: &str) -> TestCommand {
    dir.command(binary(name))
}

/// Runs a command's binary with `args` in a scratch folder of its own,
/// made for the run and removed after it (a test that needs the folder
/// names one, with [`command`]): its exit status and what it wrote to
/// stdout and stderr, together.
pub fn run(command: &str, args: &[&str]) -> (Option<i32>, String) {
    let outcome = run_with(command, args, |_| {});
    (outcome.status, outcome.text())
}

/// Runs a command's binary with `args`, and what `setup` adds (the
/// environment, stdin), in a scratch folder of its own, made for the run
/// and removed after it: its exit status, stdout and stderr.
pub fn run_with(command: &str, args: &[&str], setup: impl FnOnce(&mut TestCommand)) -> Outcome {
    static RUNS: AtomicUsize = AtomicUsize::new(0);
    let n = RUNS.fetch_add(1, Ordering::Relaxed);
    let here = dir(&format!("run-{}-{n}", std::process::id()));
    let mut test = here.command(binary(command));
    test.args(args);
    setup(&mut test);
    let outcome = test.output();
    here.remove();
    outcome
}

/// A command's binary (`judge`, `stress`, `gen`), to be run in `folder`.
pub fn command_in(folder: &Path, name: &str) -> TestCommand {
    TestCommand::new(binary(name), folder)
}

/// Writes an executable shell script `name` into `dir` and returns its
/// path: a user's solution that is any executable.
pub fn script(dir: &Path, name: &str, body: &str) -> String {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path.to_string_lossy().into_owned()
}
