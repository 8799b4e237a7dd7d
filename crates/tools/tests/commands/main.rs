//! The commands as a user runs them (`cargo judge`, `cargo stress`, `cargo
//! gen`), and the sandbox under them tried with hostile programs. One test
//! binary, its parts in modules, with the helpers here:
//!
//! - [`runner`]: spinning children, floods, memory hogs, sleepers, signals,
//!   forks, and what each leaves behind (nothing);
//! - [`environment`]: a full disk or `ulimit -f` during a compile, the
//!   stack a run gets, `--lang` against a source file;
//! - [`hostile`]: interrupts, escapes, snooping, special files, a closed
//!   reader, broken interpreters;
//! - [`judge`]: verdicts, diffs, bad case files, limits and languages;
//! - [`stress`]: `gen` and `stress`, generation and shrinking;
//! - [`solutions`]: the correct and buggy user solutions of
//!   `tests/solutions/`, judged and stressed.

mod environment;
mod hostile;
mod judge;
mod new_problem;
mod runner;
mod solutions;
mod stress;

use std::path::{Path, PathBuf};
use std::process::Command;

/// The path of one of this package's binaries.
pub fn binary(name: &str) -> &'static str {
    match name {
        "judge" => env!("CARGO_BIN_EXE_cargo-judge"),
        "stress" => env!("CARGO_BIN_EXE_cargo-stress"),
        "gen" => env!("CARGO_BIN_EXE_cargo-gen"),
        _ => panic!("no binary {name}"),
    }
}

/// Runs a command's binary with `args`: its exit status and what it wrote
/// to stdout and stderr, together.
pub fn run(command: &str, args: &[&str]) -> (Option<i32>, String) {
    let output = Command::new(binary(command))
        .args(args)
        .output()
        .expect("the command runs");
    let text = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    (output.status.code(), text)
}

/// An empty folder of this test's own under the target folder.
pub fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("commands")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
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

/// A text no other test uses, to find a run's processes by.
pub fn token(name: &str) -> String {
    format!("grid-games-test-{name}-{}", std::process::id())
}

/// The processes whose command line holds `token`.
pub fn processes_with(token: &str) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let name = entry.file_name();
        if !name.to_string_lossy().bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        let Ok(line) = std::fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        let line = String::from_utf8_lossy(&line).replace('\0', " ");
        if line.contains(token) {
            found.push(format!("{}: {line}", name.to_string_lossy()));
        }
    }
    found
}

/// Asserts that no process with `token` on its command line is left.
pub fn assert_none_left(token: &str) {
    // A killed process may take a moment to disappear.
    for _ in 0..50 {
        if processes_with(token).is_empty() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    panic!("processes left behind: {:?}", processes_with(token));
}

/// Whether a program is on `PATH`. A test that needs a missing one says so
/// and passes, unless `GRID_GAMES_REQUIRE_TOOLCHAINS` is set (CI sets it):
/// then a missing one fails it.
pub fn have(program: &str) -> bool {
    let found = Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        assert!(
            std::env::var_os("GRID_GAMES_REQUIRE_TOOLCHAINS").is_none(),
            "{program} is required (GRID_GAMES_REQUIRE_TOOLCHAINS is set) but not installed"
        );
        eprintln!("note: {program} is not installed; skipping the tests that need it");
    }
    found
}

/// The workspace's root folder.
pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}
