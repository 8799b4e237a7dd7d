//! Helpers for the tests that run programs, shared as a dev-dependency by
//! the engine's runner tests, the commands' tests and `cargo
//! new-problem`'s: a scratch folder of each test's own and a command run
//! in one ([`Dir`], [`TestCommand`]), a token to find a run's processes
//! by, the check that none is left, whether a tool is installed.

mod command;

pub use command::{Dir, Outcome, TestCommand};

use std::path::{Path, PathBuf};
use std::process::Command;

/// An empty folder `name` under `tmp`, the target's temporary folder
/// (`env!("CARGO_TARGET_TMPDIR")`, which Cargo gives an integration test
/// when it is compiled, and a library such as this one never: each test
/// crate passes its own).
pub fn scratch_in(tmp: &Path, name: &str) -> PathBuf {
    let dir = tmp.join("commands").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
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
