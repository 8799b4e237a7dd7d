//! The languages of the engine's tables, each on this machine: every
//! installed toolchain passes its self-test, and PyPy3 runs Python as
//! Baekjoon runs it, chosen by `--lang pypy3` or by a `#!` line.

use engine::toolchain::LANGUAGES;

use crate::{have, run, scratch, workspace, ERROR, SUCCESS};

#[test]
fn every_installed_toolchain_passes_its_self_test() {
    // The programs each language's self-test needs are its row's: the
    // ones its build and run lines start.
    let (status, out) = run("judge", &["--check-toolchains"]);
    let mut all = true;
    for row in LANGUAGES {
        let flag = row.flag;
        let line = out
            .lines()
            .find(|line| line.split_whitespace().nth(1) == Some(flag))
            .unwrap_or_else(|| panic!("no line for {flag}:\n{out}"));
        let installed = row.programs().iter().all(|program| have(program));
        all &= installed;
        if installed {
            assert!(
                line.starts_with("ok "),
                "{flag} is installed: {line}\n{out}"
            );
        } else {
            assert!(line.starts_with("no "), "{flag} is not installed: {line}");
        }
    }
    assert!(out.ends_with(" failed\n"), "{out}");
    assert_eq!(status == SUCCESS, all, "{out}");
    // With no toolchain on the PATH, none passes, whatever the build cache
    // holds from the run above.
    let output = crate::run_with("judge", &["--check-toolchains"], |test| {
        test.env("PATH", "/nonexistent");
    });
    let out = output.stdout;
    assert!(
        out.lines()
            .filter(|line| line.starts_with("no "))
            .all(|line| line.ends_with("is not installed (not on the PATH)")),
        "{out}"
    );
    let none = format!("0 passed, {} failed\n", LANGUAGES.len());
    assert!(out.ends_with(&none), "{out}");
}

/// A Python file that answers only under PyPy: under CPython it exits
/// with an error naming the interpreter.
fn pypy_only(dir: &std::path::Path, name: &str, shebang: &str) -> String {
    let correct =
        std::fs::read_to_string(workspace().join("tests/solutions/game2048/correct.py")).unwrap();
    let path = dir.join(name);
    std::fs::write(
        &path,
        format!(
            "{shebang}import platform\nimport sys\nif platform.python_implementation() != \
             'PyPy':\n    sys.exit('run by ' + platform.python_implementation())\n{correct}"
        ),
    )
    .unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn pypy3_runs_python_with_baekjoons_pypy3_limits() {
    if !have("pypy3") || !have("python3") {
        return;
    }
    let dir = scratch("languages-pypy3");
    let correct = workspace().join("tests/solutions/game2048/correct.py");
    let correct = correct.to_str().unwrap();
    let (status, out) = run(
        "judge",
        &["game2048", correct, "--lang", "pypy3", "--quick"],
    );
    assert_eq!(status, SUCCESS, "{out}");
    assert!(out.contains("correct.py (PyPy3, run with pypy3, "), "{out}");
    assert!(
        out.contains("limits: 5000 ms, 1152 MiB (Baekjoon's rule for PyPy3: time x3 + 2 s, memory x2 + 128 MB)"),
        "{out}"
    );
    // It is PyPy that runs: a file that answers only under PyPy passes
    // with --lang pypy3, and fails under Python 3 without it.
    let plain = pypy_only(&dir, "plain.py", "");
    let (status, out) = run("judge", &["game2048", &plain, "--lang", "pypy3", "--quick"]);
    assert_eq!(status, SUCCESS, "{out}");
    let (status, out) = run("judge", &["game2048", &plain, "--quick"]);
    assert_ne!(status, SUCCESS, "{out}");
    assert!(out.contains("run by CPython"), "{out}");
    // A `#!` line naming pypy3 chooses PyPy3, limits and all.
    let shebang = pypy_only(&dir, "shebang.py", "#!/usr/bin/env pypy3\n");
    let (status, out) = run("judge", &["game2048", &shebang, "--quick"]);
    assert_eq!(status, SUCCESS, "{out}");
    assert!(out.contains("shebang.py (PyPy3, run with pypy3, "), "{out}");
    assert!(out.contains("Baekjoon's rule for PyPy3"), "{out}");
    // And stress runs it the same way.
    let (status, out) = run(
        "stress",
        &[
            "game2048",
            &shebang,
            "--seconds",
            "1",
            "--jobs",
            "1",
            "--seed",
            "1",
        ],
    );
    assert_eq!(status, SUCCESS, "{out}");
    assert!(out.contains("(PyPy3, run with pypy3, "), "{out}");
    // --lang chooses among the languages of a file's ending, no other.
    let (status, out) = run("judge", &["game2048", &shebang, "--lang", "js"]);
    assert_eq!(status, ERROR, "{out}");
    assert!(
        out.contains("--lang js does not apply to shebang.py")
            && out.contains("for this file --lang takes py or pypy3"),
        "{out}"
    );
}

/// An interpreter behind a version manager's shim (a script on the `PATH`
/// that starts the real one, as pyenv's does) is asked once where the real
/// one is, and the runs start that: the shim's start, about 0.2 s for
/// pyenv's, is then no part of any run's time.
#[test]
fn an_interpreter_behind_a_shim_is_started_directly() {
    if !have("python3") {
        eprintln!("python3 is not installed: skipped");
        return;
    }
    let real = std::process::Command::new("python3")
        .args(["-c", "import sys; print(sys.executable)"])
        .output()
        .unwrap();
    let real = String::from_utf8(real.stdout).unwrap().trim().to_string();
    let dir = scratch("shim");
    let starts = dir.join("starts");
    let shims = dir.join("shims");
    std::fs::create_dir_all(&shims).unwrap();
    crate::script(
        &shims,
        "python3",
        &format!("echo start >> '{}'\nexec '{real}' \"$@\"", starts.display()),
    );
    let path = format!(
        "{}:{}",
        shims.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let solution = workspace().join("tests/solutions/game2048/correct.py");
    let output = crate::command_in(&dir, "judge")
        .args(["game2048", solution.to_str().unwrap(), "--quick"])
        .env("PATH", &path)
        .output();
    let out = output.stdout;
    assert_eq!(output.status, SUCCESS, "{out}");
    let cases: usize = out.lines().filter(|line| line.starts_with("AC ")).count();
    assert!(cases >= 5, "{out}");
    // Once, to ask; the syntax check and every case start the real one.
    let started = std::fs::read_to_string(&starts).unwrap_or_default();
    assert_eq!(started.lines().count(), 1, "{out}");
}

/// A shim that will not say where its interpreter is is started for every
/// run, with a note that says so; and one found through an empty (or
/// relative) `PATH` entry is the user's folder's, wherever the run starts.
#[test]
fn a_shim_that_does_not_answer_runs_every_time_from_a_relative_path_entry() {
    if !have("python3") {
        eprintln!("python3 is not installed: skipped");
        return;
    }
    let dir = scratch("shim-silent");
    crate::script(
        &dir,
        "python3",
        "if [ \"$1\" = -c ] && [ \"$2\" = 'import sys; print(sys.executable)' ]; then exit 0; fi\n\
         PATH=\"${PATH#*:}\" exec python3 \"$@\"",
    );
    let path = format!(":{}", std::env::var("PATH").unwrap_or_default());
    let solution = workspace().join("tests/solutions/game2048/correct.py");
    let output = crate::command_in(&dir, "judge")
        .args(["game2048", solution.to_str().unwrap(), "--quick"])
        .env("PATH", &path)
        .output();
    let out = output.stdout;
    assert_eq!(output.status, SUCCESS, "{out}");
    assert!(
        out.contains("is a script that did not say which interpreter it starts"),
        "{out}"
    );
}
