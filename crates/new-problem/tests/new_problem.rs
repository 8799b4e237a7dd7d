//! `cargo new-problem`: every name that would break the workspace is
//! refused, and a refusal or a failed check leaves the work tree as it was
//! (`git status` says nothing).

use std::path::{Path, PathBuf};
use std::process::Command;

use problem_kit::files::workspace_root as workspace;
use test_support::TestCommand;

/// An empty folder of this test's own under the target folder.
fn scratch(name: &str) -> PathBuf {
    test_support::scratch_in(Path::new(env!("CARGO_TARGET_TMPDIR")), name)
}

/// The exit statuses the command gives, as `ExitStatus::code` reads them.
const ERROR: Option<i32> = Some(tools::exit::ERROR as i32);
const INTERRUPTED: Option<i32> = Some(tools::exit::INTERRUPTED as i32);

/// A copy of the workspace's tracked files in a git repository of its own,
/// committed, so that `git status` shows any change.
fn workspace_copy(name: &str) -> PathBuf {
    let copy = scratch(name);
    let files = Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(workspace())
        .output()
        .expect("git runs");
    for file in files.stdout.split(|&b| b == 0).filter(|f| !f.is_empty()) {
        let file = String::from_utf8_lossy(file).into_owned();
        let to = copy.join(&file);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(workspace().join(&file), &to).unwrap();
    }
    let git = |args: &[&str]| {
        let status = Command::new("git")
            .args(["-c", "user.name=t", "-c", "user.email=t@localhost"])
            .args(args)
            .current_dir(&copy)
            .output()
            .unwrap();
        assert!(status.status.success(), "git {args:?}");
    };
    git(&["init", "-q"]);
    git(&["add", "-A"]);
    git(&["commit", "-qm", "base"]);
    copy
}

/// The target folder the command's check of `copy` builds in: one of the
/// copy's own, beside it. Cargo names a path crate's build by its path in
/// its workspace, so two copies checked in one target folder at once share
/// `grid`'s build, and one copy's could pass for the other's broken one.
fn check_target(copy: &Path) -> PathBuf {
    copy.with_extension("target")
}

/// What `git status --porcelain` says of the copy.
fn changes(copy: &Path) -> String {
    let output = Command::new("git")
        .args(["status", "--porcelain", "--untracked-files=all"])
        .current_dir(copy)
        .output()
        .unwrap();
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Runs new-problem in the copy.
fn new_problem(copy: &Path, args: &[&str]) -> (Option<i32>, String) {
    let output = TestCommand::new(env!("CARGO_BIN_EXE_new-problem"), copy)
        .args(args)
        .env("CARGO_TARGET_DIR", check_target(copy))
        .output();
    (output.status, output.text())
}

#[test]
fn every_name_that_would_break_the_workspace_is_refused_and_nothing_changes() {
    let copy = workspace_copy("new-problem-refusals");
    for name in [
        "fn",
        "std",
        "core",
        "self",
        "deps",
        "build",
        "examples",
        "incremental",
        "judge-x--y",
        "cargo-judge",
        "new-problem",
        "puyo",
        "grid",
        "libc",
        "proptest",
        "similar",
        "Game",
        "2048",
        "",
    ] {
        let (status, out) = new_problem(&copy, &[name]);
        assert_eq!(status, ERROR, "{name}: {out}");
        assert!(out.starts_with("error: "), "{name}: {out}");
        assert_eq!(changes(&copy), "", "{name} changed the work tree:\n{out}");
    }
    for (flag, value) in [
        ("--title", "two\nlines"),
        ("--link", "not a link"),
        ("--judge", ""),
    ] {
        let (status, out) = new_problem(&copy, &["no-such-problem", flag, value]);
        assert_eq!(status, ERROR, "{flag}: {out}");
        assert_eq!(changes(&copy), "", "{flag} changed the work tree:\n{out}");
    }
    // A dangling link where the problem's inputs would go.
    std::os::unix::fs::symlink("/nonexistent/target", copy.join("inputs/no-such-problem")).unwrap();
    let (status, out) = new_problem(&copy, &["no-such-problem"]);
    assert_eq!(status, ERROR, "{out}");
    assert!(
        out.contains("inputs/no-such-problem exists already"),
        "{out}"
    );
    std::fs::remove_file(copy.join("inputs/no-such-problem")).unwrap();
    assert_eq!(changes(&copy), "");
    // Outside any workspace: the system's temporary folder, unless TMPDIR
    // is inside this checkout (then the command would rightly find it and
    // register the problem here), else /tmp or /var/tmp.
    let checkout = workspace().canonicalize().unwrap();
    let Some(base) = [std::env::temp_dir(), "/tmp".into(), "/var/tmp".into()]
        .into_iter()
        .filter_map(|base| base.canonicalize().ok())
        .find(|base| !base.starts_with(&checkout))
    else {
        eprintln!("note: no temporary folder outside the checkout; skipping the step outside it");
        return;
    };
    let elsewhere = base.join(format!("new-problem-elsewhere-{}", std::process::id()));
    std::fs::create_dir_all(&elsewhere).unwrap();
    let (status, out) = new_problem(&elsewhere, &["no-such-problem"]);
    let _ = std::fs::remove_dir_all(&elsewhere);
    assert_eq!(status, ERROR, "{out}");
    assert!(out.contains("not inside a grid-games workspace"), "{out}");
}

#[test]
fn a_failed_check_after_writing_undoes_everything() {
    let copy = workspace_copy("new-problem-rollback");
    // Break a crate every problem depends on, so that the new one cannot
    // compile: the command writes everything, checks, and must undo it all.
    let lib = copy.join("crates/grid/src/lib.rs");
    let mut text = std::fs::read_to_string(&lib).unwrap();
    text.push_str("\ncompile_error!(\"broken on purpose\");\n");
    std::fs::write(&lib, text).unwrap();
    let (status, out) = new_problem(
        &copy,
        &["no-such-problem", "--title", r#"The "Best" Game | 2"#],
    );
    assert_eq!(status, ERROR, "{out}");
    assert!(out.contains("broken on purpose"), "{out}");
    assert!(out.contains("nothing was changed"), "{out}");
    assert_eq!(changes(&copy).trim(), "M crates/grid/src/lib.rs");
}

#[test]
fn an_interrupt_during_the_check_undoes_everything() {
    let copy = workspace_copy("new-problem-interrupt");
    let mut command = Command::new(env!("CARGO_BIN_EXE_new-problem"))
        .arg("no-such-problem")
        .current_dir(&copy)
        .env("CARGO_TARGET_DIR", check_target(&copy))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Once its files are written, it is checking them with cargo.
    let started = std::time::Instant::now();
    while !copy.join("crates/no-such-problem/src/lib.rs").exists() {
        assert!(started.elapsed() < std::time::Duration::from_secs(30));
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    std::thread::sleep(std::time::Duration::from_millis(200));
    // SAFETY: a signal to the child just started.
    unsafe { libc::kill(command.id() as i32, libc::SIGINT) };
    let status = command.wait().unwrap();
    let mut stderr = String::new();
    use std::io::Read;
    command
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    assert_eq!(status.code(), INTERRUPTED, "{stderr}");
    assert!(stderr.contains("nothing was changed"), "{stderr}");
    assert_eq!(changes(&copy), "", "{stderr}");
}
