//! The commands against a hostile user's solution and hostile case files:
//! an interrupt in the middle of a run, escapes from the run, a solution
//! that reaches for the case's files, pipes and devices as cases, a
//! closed reader, a broken `#!` line. Each ends cleanly, judges what it
//! can, and leaves nothing behind.

use std::process::Stdio;
use std::time::{Duration, Instant};

use crate::{
    assert_none_left, command_in, have, run, scratch, script, token, ERROR, FOUND, INTERRUPTED,
    SUCCESS,
};

/// A folder with one game2048 case whose answer is 16.
fn one_case(name: &str) -> std::path::PathBuf {
    let folder = scratch(name);
    std::fs::write(folder.join("a.in"), "3\n2 2 2\n4 4 4\n8 8 8\n").unwrap();
    std::fs::write(folder.join("a.out"), "16\n").unwrap();
    folder
}

/// The scratch folders a command with process id `pid` made.
fn scratch_folders_of(pid: u32) -> Vec<String> {
    std::fs::read_dir(std::env::temp_dir())
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with("grid-games-") && name.contains(&format!("-{pid}-")))
        .collect()
}

#[test]
fn an_interrupt_stops_the_run_and_leaves_nothing() {
    for (signal, signal_name) in [(libc::SIGINT, "SIGINT"), (libc::SIGTERM, "SIGTERM")] {
        let mark = token(&format!("interrupt-{signal}"));
        let folder = one_case(&format!("interrupt-{signal}"));
        let sleeper = script(
            &folder,
            "sleeper",
            &format!("sh -c 'sleep 30; : {mark}'\necho 16"),
        );
        let mut judge = command_in(&folder, "judge")
            .cmd()
            .args(["game2048", folder.to_str().unwrap(), &sleeper])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Until the run has started.
        let started = Instant::now();
        while crate::processes_with(&mark).is_empty() {
            assert!(started.elapsed() < Duration::from_secs(10), "never started");
            std::thread::sleep(Duration::from_millis(10));
        }
        // SAFETY: a signal to the child just started.
        unsafe { libc::kill(judge.id() as i32, signal) };
        let sent = Instant::now();
        let pid = judge.id();
        let output = loop {
            if let Some(_status) = judge.try_wait().unwrap() {
                break judge.wait_with_output().unwrap();
            }
            assert!(
                sent.elapsed() < Duration::from_secs(5),
                "{signal_name}: still running"
            );
            std::thread::sleep(Duration::from_millis(10));
        };
        assert_eq!(
            output.status.code(),
            INTERRUPTED,
            "{signal_name}: {output:?}"
        );
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("interrupted"), "{stderr}");
        assert_none_left(&mark);
        assert_eq!(
            scratch_folders_of(pid),
            Vec::<String>::new(),
            "{signal_name}"
        );
    }
}

#[test]
fn a_process_that_escapes_the_run_is_found_and_killed() {
    let mark = token("escape");
    let folder = one_case("escape");
    // A double fork into a session of its own, without the run's marker in
    // its environment, its output away from the run's pipes.
    let escaper = script(
        &folder,
        "escaper",
        &format!(
            "(setsid env -u GRID_GAMES_RUN sh -c 'sleep 60; : {mark}' \
             </dev/null >/dev/null 2>&1 &) ; echo 16"
        ),
    );
    let (status, out) = run("judge", &["game2048", folder.to_str().unwrap(), &escaper]);
    assert_eq!(status, SUCCESS, "{out}");
    assert_none_left(&mark);
}

#[test]
fn a_solution_reads_a_copy_of_the_input_not_the_case_file() {
    let folder = one_case("copy");
    // It tells where its input is, then tries to read the .out beside it
    // and to spoil the input.
    let snoop = script(
        &folder,
        "snoop",
        "input=$(readlink /proc/$$/fd/0)\necho \"$input\" >&2\n\
         cat \"${input%.in}.out\" 2>/dev/null || echo 16\n\
         echo spoiled > \"$input\" 2>/dev/null; true",
    );
    let (status, out) = run("judge", &["game2048", folder.to_str().unwrap(), &snoop]);
    assert_eq!(status, SUCCESS, "{out}");
    assert_eq!(
        std::fs::read_to_string(folder.join("a.in")).unwrap(),
        "3\n2 2 2\n4 4 4\n8 8 8\n"
    );
    // And it ran in a folder of its own, emptied after.
    let leftovers: Vec<_> = std::fs::read_dir(&folder).unwrap().flatten().collect();
    assert_eq!(leftovers.len(), 3, "{leftovers:?}");
}

#[test]
fn pipes_devices_and_dangling_links_are_bad_cases_not_hangs() {
    let folder = one_case("special-files");
    let path = |name: &str| folder.join(name);
    // A named pipe as an input, and as an expected output.
    for name in ["b-fifo.in", "c-fifo-out.out"] {
        let c_path = std::ffi::CString::new(path(name).to_str().unwrap()).unwrap();
        // SAFETY: mkfifo with a valid C string.
        assert_eq!(unsafe { libc::mkfifo(c_path.as_ptr(), 0o644) }, 0);
    }
    std::fs::write(path("c-fifo-out.in"), "3\n2 2 2\n4 4 4\n8 8 8\n").unwrap();
    // An endless device behind a link.
    std::os::unix::fs::symlink("/dev/zero", path("d-zero.in")).unwrap();
    // An .out that is a dangling link: an error, not a missing .out.
    std::fs::write(path("e-dangling.in"), "3\n2 2 2\n4 4 4\n8 8 8\n").unwrap();
    std::os::unix::fs::symlink("/nonexistent/e.out", path("e-dangling.out")).unwrap();
    let started = Instant::now();
    let (status, out) = run("judge", &["game2048", folder.to_str().unwrap()]);
    assert!(started.elapsed() < Duration::from_secs(10));
    assert_eq!(status, FOUND, "{out}");
    assert!(out.contains("AC   a"), "{out}");
    for name in ["b-fifo", "c-fifo-out", "d-zero", "e-dangling"] {
        assert!(out.contains(&format!("ERR  {name}")), "{name}: {out}");
    }
    assert!(out.contains("not a regular file"), "{out}");
    assert!(out.trim_end().ends_with("1 passed, 4 failed"), "{out}");
    // A named pipe as the solution: refused at once, never opened.
    let fifo = std::ffi::CString::new(path("s.cpp").to_str().unwrap()).unwrap();
    // SAFETY: mkfifo with a valid C string.
    assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o644) }, 0);
    let started = Instant::now();
    let (status, out) = run("judge", &["game2048", path("s.cpp").to_str().unwrap()]);
    assert!(started.elapsed() < Duration::from_secs(5));
    assert_eq!(status, ERROR, "{out}");
    assert!(out.contains("not a regular file"), "{out}");
}

#[test]
fn folders_named_twice_are_judged_once_and_several_are_told_apart() {
    let first = one_case("folders-first");
    let second = one_case("folders-second");
    let (first, second) = (first.to_str().unwrap(), second.to_str().unwrap());
    let (status, out) = run("judge", &["game2048", first, second, first]);
    assert_eq!(status, SUCCESS, "{out}");
    assert!(out.contains(&format!("AC   {first}/a")), "{out}");
    assert!(out.contains(&format!("AC   {second}/a")), "{out}");
    assert!(out.trim_end().ends_with("2 passed, 0 failed"), "{out}");
    // --lang is for a user's solution only.
    let (status, out) = run("judge", &["game2048", first, "--lang", "py"]);
    assert_eq!(status, ERROR, "{out}");
}

#[test]
fn a_closed_reader_does_not_change_the_verdict() {
    let folder = one_case("closed-reader");
    for (solution, expected) in [("echo 16", 0), ("echo 15", 1)] {
        let mut judge = command_in(&folder, "judge")
            .cmd()
            .args(["game2048", folder.to_str().unwrap(), "-c", solution])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // The reader goes away before reading anything (`| head -0`).
        drop(judge.stdout.take());
        let output = judge.wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(expected), "{output:?}");
        assert!(output.stderr.is_empty(), "{output:?}");
    }
    // Help to a closed reader: no panic.
    let mut help = command_in(&folder, "judge")
        .cmd()
        .arg("--help")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(help.stdout.take());
    let output = help.wait_with_output().unwrap();
    assert_eq!(output.status.code(), SUCCESS, "{output:?}");
    assert!(output.stderr.is_empty(), "{output:?}");
}

#[test]
fn a_broken_interpreter_line_is_a_runtime_error() {
    let folder = one_case("shebang");
    let path = folder.join("bad-shebang");
    std::fs::write(&path, "#!/nonexistent/interpreter\necho 16\n").unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    let (status, out) = run(
        "judge",
        &["game2048", folder.to_str().unwrap(), path.to_str().unwrap()],
    );
    assert_eq!(status, FOUND, "{out}");
    assert!(out.contains("RE   a"), "{out}");
    assert!(out.contains("cannot start the program"), "{out}");
}

#[test]
fn compile_errors_name_the_users_file_and_python_writes_no_cache() {
    let folder = one_case("compile-names");
    let dir = folder.to_str().unwrap();
    if have("gcc") {
        std::fs::write(folder.join("mine.c"), "int main() { return x; }\n").unwrap();
        let (status, out) = run(
            "judge",
            &["game2048", dir, folder.join("mine.c").to_str().unwrap()],
        );
        assert_eq!(status, FOUND, "{out}");
        assert!(out.contains("mine.c:1"), "{out}");
        // The compiler's own lines (after the judge's command line, which
        // names Main.c as the judge does) speak of the user's file only.
        let messages = out.split_once("):\n").map_or("", |(_, rest)| rest);
        assert!(
            !messages.contains("Main.c") && !messages.contains("grid-games-build"),
            "{out}"
        );
    }
    if have("python3") {
        // A Programmers function, called through the driver, which imports
        // it: still no __pycache__ beside it.
        let footholds = scratch("compile-names-footholds");
        std::fs::write(
            footholds.join("sol.py"),
            "def solution(board, aloc, bloc):\n    return 0\n",
        )
        .unwrap();
        let _ = run(
            "judge",
            &["footholds", footholds.join("sol.py").to_str().unwrap()],
        );
        assert!(!footholds.join("__pycache__").exists());
    }
}

#[test]
fn a_solution_cannot_change_what_later_cases_are_held_to() {
    let folder = one_case("later-cases");
    std::fs::copy(folder.join("a.in"), folder.join("b.in")).unwrap();
    std::fs::copy(folder.join("a.out"), folder.join("b.out")).unwrap();
    // A wrong answer that rewrites the next case's expected output (and
    // input) to match itself, through the user's folder it runs from.
    let b = folder.join("b");
    let cheat = format!(
        "cat > /dev/null; echo 99 > {0}.out; echo 1 > {0}.in; echo 99",
        b.display()
    );
    let (status, out) = run(
        "judge",
        &["game2048", folder.to_str().unwrap(), "-c", &cheat],
    );
    assert_eq!(status, FOUND, "{out}");
    assert!(out.contains("WA   a") && out.contains("WA   b"), "{out}");
    assert!(out.trim_end().ends_with("0 passed, 2 failed"), "{out}");
}

#[test]
fn a_run_that_cannot_be_prepared_is_the_commands_error_not_a_verdict() {
    let missing = std::path::Path::new("/nonexistent/grid-games-scratch");
    let limits = engine::runner::Limits {
        time: Duration::from_secs(5),
        memory: 256 << 20,
        output: 1 << 20,
        address_space: None,
        file_size: None,
    };
    let program = |folder: &std::path::Path| engine::runner::Program::Command {
        argv: vec!["true".into()],
        dir: folder.to_path_buf(),
        access: engine::runner::Access::Tool,
    };
    let result = engine::runner::run_fresh(program, b"1\n2\n", missing, &limits);
    assert!(
        matches!(result, Err(engine::runner::RunError::Setup(_))),
        "{result:?}"
    );
    // And a scratch folder that cannot be made stops the command: status 2,
    // one line, no verdict.
    let folder = one_case("no-scratch");
    let output = crate::command_in(&folder, "judge")
        .args(["game2048", folder.to_str().unwrap(), "-c", "echo 16"])
        .env("TMPDIR", "/nonexistent/tmp")
        .output();
    let text = output.text();
    assert_eq!(output.status, ERROR, "{text}");
    assert!(!text.contains("RE ") && !text.contains("AC "), "{text}");
}

#[test]
fn memory_hidden_in_a_file_is_stopped_at_the_limit_and_killing_the_runner_kills_the_run() {
    let folder = one_case("file-size");
    // 100 MiB into a file of the run's folder, under a 32 MiB limit: the
    // write past 32 MiB kills the writer (SIGXFSZ), a run-time error.
    let (status, out) = run(
        "judge",
        &[
            "game2048",
            folder.to_str().unwrap(),
            "--memory-limit",
            "32",
            "-c",
            "exec head -c 104857600 /dev/zero > \"$TMPDIR/big\"",
        ],
    );
    // A control group counts the file's pages as the run's memory, and
    // may stop it there first.
    assert_eq!(status, FOUND, "{out}");
    assert!(
        (out.contains("RE   a") && out.contains("SIGXFSZ")) || out.contains("MLE  a"),
        "{out}"
    );
    // A program that tries to kill the command judging it: in a PID
    // namespace of its own, its parent is the run's first process, which
    // ignores it, and nothing outside is in its reach; the loop is a TLE.
    if engine::runner::contain::containment().namespaces {
        let mark = token("parent-killer");
        let (status, out) = run(
            "judge",
            &[
                "game2048",
                folder.to_str().unwrap(),
                "-c",
                &format!("exec sh -c 'kill -9 $PPID; while :; do sleep 0.05; done; : {mark}'"),
            ],
        );
        assert_eq!(status, FOUND, "{out}");
        assert!(out.contains("TLE  a"), "{out}");
        assert_none_left(&mark);
    }
    // The command killed outright, by SIGKILL: its run dies with it, every
    // process of it (here a loop, in which the mark is, and a child).
    let mark = token("orphan");
    let mut child = command_in(&folder, "judge")
        .cmd()
        .args([
            "game2048",
            folder.to_str().unwrap(),
            "-c",
            &format!(
                "(while :; do sleep 0.05; done; : {mark}) & while :; do sleep 0.05; done; : {mark}"
            ),
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    for _ in 0..500 {
        if crate::processes_with(&mark).len() >= 2 {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    child.kill().unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), None, "killed");
    if engine::runner::contain::containment().namespaces {
        assert_none_left(&mark);
    }
    // A command killed outright cannot remove its scratch folder; the test
    // removes it, so that the system's temporary folder stays clean.
    for name in scratch_folders_of(pid) {
        let _ = std::fs::remove_dir_all(std::env::temp_dir().join(name));
    }
}

#[test]
fn control_characters_never_reach_the_terminal() {
    let folder = one_case("control");
    std::fs::copy(folder.join("a.in"), folder.join("esc\x1b[31mred.in")).unwrap();
    std::fs::copy(folder.join("a.out"), folder.join("esc\x1b[31mred.out")).unwrap();
    let noisy = "cat > /dev/null; printf '\\033]0;title\\007\\033[2J16x\\n'; printf '\\033[2Jboom\\n' >&2; exit 1";
    let (status, out) = run(
        "judge",
        &["game2048", folder.to_str().unwrap(), "-c", noisy],
    );
    assert_eq!(status, FOUND, "{out}");
    assert!(!out.contains('\x1b') && !out.contains('\x07'), "{out:?}");
    assert!(out.contains("\\x1b"), "{out}");
}
