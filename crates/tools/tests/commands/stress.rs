//! `cargo gen` and `cargo stress`.

use crate::{binary, run, scratch, ERROR, FOUND, SUCCESS};

#[test]
fn gen_is_reproducible_and_judge_valid_by_default() {
    let (status, first) = run("gen", &["footholds", "--seed", "5", "--size", "2"]);
    assert_eq!(status, SUCCESS);
    assert_eq!(
        run("gen", &["footholds", "--seed", "5", "--size", "2"]).1,
        first
    );
    let problem = registry::find("footholds").unwrap();
    assert_eq!(problem.validate(first.as_bytes()), Ok(()), "{first}");
    let (status, beyond) = run(
        "gen",
        &["footholds", "--seed", "5", "--size", "6", "--beyond-judge"],
    );
    assert_eq!(status, SUCCESS, "{beyond}");
    assert!(footholds::parse(beyond.as_bytes()).is_ok(), "{beyond}");
    let (status, out) = run("gen", &["no-such-problem"]);
    assert_eq!(status, ERROR);
    assert!(
        out.contains("no problem named \"no-such-problem\""),
        "{out}"
    );
}

#[test]
fn gen_refuses_sizes_past_its_bound() {
    for (problem, size) in [
        ("puyo", "100000"),
        ("puyo", "18446744073709551615"),
        ("othello", "18446744073709551615"),
        ("game2048", "20"),
    ] {
        let (status, out) = run("gen", &[problem, "--size", size]);
        assert_eq!(status, ERROR, "{problem} {size}: {out}");
        assert!(out.contains("takes sizes from 1 to"), "{out}");
    }
    let (status, out) = run("gen", &["puyo", "--size", "0"]);
    assert_eq!(status, ERROR, "{out}");
    assert!(out.contains("takes sizes from 1 to 12, not 0"), "{out}");
}

#[test]
fn gen_says_when_its_output_is_lost() {
    // A full disk: the input never arrived, so the command failed.
    let here = crate::dir("gen-output-lost");
    if let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") {
        let output = crate::command(&here, "gen")
            .cmd()
            .args(["othello", "--size", "1000"])
            .stdout(full)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), ERROR, "{stderr}");
        assert!(stderr.contains("cannot write standard output"), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
    // A closed stdout: the input would go nowhere.
    let output = here
        .command("sh")
        .args(["-c", "exec \"$0\" puyo >&-"])
        .arg(binary("gen"))
        .output();
    let stderr = output.stderr;
    assert_eq!(output.status, ERROR, "{stderr}");
    assert!(stderr.contains("standard output is closed"), "{stderr}");
    // A reader that went away early (as `| head` does) is not a failure.
    let mut child = crate::command(&here, "gen")
        .cmd()
        .args(["othello", "--size", "1000"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    assert_eq!(
        output.status.code(),
        SUCCESS,
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn stress_passes_the_workspace_and_refuses_zero_seconds() {
    let save = scratch("stress-save");
    let (status, out) = run(
        "stress",
        &[
            "puyo",
            "--seconds",
            "1",
            "--jobs",
            "1",
            "--seed",
            "1",
            "--save",
            save.to_str().unwrap(),
        ],
    );
    assert_eq!(status, SUCCESS, "{out}");
    assert!(out.trim_end().ends_with("passed, 0 failed"), "{out}");
    assert_eq!(std::fs::read_dir(&save).unwrap().count(), 0);
    let (status, out) = run("stress", &["puyo", "--seconds", "0"]);
    assert_eq!(status, ERROR, "{out}");
    assert!(
        out.contains("--seconds takes a whole number from 1"),
        "{out}"
    );
}

#[test]
fn stress_finds_shrinks_and_saves_without_overwriting() {
    if !crate::have("python3") {
        return;
    }
    let save = scratch("stress-find");
    // A solution that forgets the moves: it prints the largest tile.
    let simple = save.join("largest.py");
    std::fs::write(
        &simple,
        "import sys\nprint(max(map(int, sys.stdin.read().split()[1:])))\n",
    )
    .unwrap();
    // A hand-edited case already has the name the failure would take.
    std::fs::write(save.join("seed-3.in"), "mine\n").unwrap();
    let (status, out) = run(
        "stress",
        &[
            "game2048",
            simple.to_str().unwrap(),
            "--seconds",
            "20",
            "--seed",
            "3",
            "--save",
            save.to_str().unwrap(),
        ],
    );
    assert_eq!(status, FOUND, "{out}");
    assert!(out.contains("locally minimal"), "{out}");
    assert!(out.contains("expected (the workspace's answer):"), "{out}");
    assert!(out.contains("--explain"), "{out}");
    assert_eq!(
        std::fs::read_to_string(save.join("seed-3.in")).unwrap(),
        "mine\n"
    );
    let saved: Vec<String> = std::fs::read_dir(&save)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("seed-") && n != "seed-3.in")
        .collect();
    assert_eq!(saved.len(), 2, "{saved:?}\n{out}");
    // Locally minimal: a 2 x 2 board where one merge beats the largest tile.
    let shrunk = saved.iter().find(|n| n.ends_with(".in")).unwrap();
    let board = std::fs::read_to_string(save.join(shrunk)).unwrap();
    assert!(board.starts_with("2\n"), "{board}");
    // The input before shrinking comes back from the `cargo gen` line, and
    // the solution fails on it too: its answer is the largest tile, and the
    // workspace's is larger.
    let line = out
        .lines()
        .find_map(|line| line.strip_prefix("the input before shrinking: cargo gen "))
        .unwrap_or_else(|| panic!("no cargo gen line in\n{out}"));
    let words: Vec<&str> = line.split(' ').collect();
    let (status, input) = run("gen", &words);
    assert_eq!(status, SUCCESS, "{input}");
    let largest = input
        .split_whitespace()
        .skip(1)
        .map(|t| t.parse::<u64>().unwrap())
        .max();
    let answer = tools::args::problem("game2048")
        .unwrap()
        .judge_output(input.as_bytes())
        .unwrap();
    assert_ne!(
        Some(answer.trim().parse::<u64>().unwrap()),
        largest,
        "{input}"
    );
}

#[test]
fn a_reference_that_refuses_is_not_a_difference() {
    // Beyond the judge, footholds boards grow to 8 x 8, past what the
    // reference minimax takes (36 footholds): those inputs cannot be
    // compared, and are counted, never saved as failures.
    let save = scratch("stress-refusals");
    let (status, out) = run(
        "stress",
        &[
            "footholds",
            // One worker reaches them within a second (2% of 12,000
            // inputs here); two seconds leave room for a busy machine.
            "--seconds",
            "2",
            "--jobs",
            "1",
            "--seed",
            "1",
            "--save",
            save.to_str().unwrap(),
        ],
    );
    assert_eq!(status, SUCCESS, "{out}");
    assert!(out.contains("could not be compared"), "{out}");
    assert_eq!(std::fs::read_dir(&save).unwrap().count(), 0, "{out}");
}

#[test]
fn refusals_change_nothing_in_the_work_tree() {
    let snapshot = || {
        let status = std::process::Command::new("git")
            .args([
                "status",
                "--porcelain",
                "--untracked-files=all",
                "--",
                "inputs",
                "crates",
            ])
            .current_dir(crate::workspace())
            .output()
            .expect("git runs");
        String::from_utf8_lossy(&status.stdout).into_owned()
    };
    let before = snapshot();
    for (command, args) in [
        ("gen", &["puyo", "--size", "100000"][..]),
        ("gen", &["othello", "--size", "18446744073709551615"]),
        ("gen", &["no-such-problem"]),
        ("stress", &["puyo", "--seconds", "0"]),
        ("stress", &["puyo", "--size", "100000"]),
        ("stress", &["puyo", "no-such-solution.py"]),
        ("judge", &["puyo", "--memory-limit", "17592186044416"]),
        ("judge", &["puyo", "no-such-folder/"]),
        ("judge", &["no-such-problem"]),
    ] {
        let (status, out) = run(command, args);
        assert_eq!(status, ERROR, "{command} {args:?}: {out}");
        assert!(out.starts_with("error: "), "{command} {args:?}: {out}");
        assert_eq!(out.lines().count(), 1, "{command} {args:?}: {out}");
    }
    assert_eq!(snapshot(), before);
}

/// Runs a command's binary under a terminal (`script` from util-linux
/// gives it one): what the terminal showed, stdout and stderr together.
fn on_a_terminal(command: &str, args: &[&str]) -> String {
    let line = std::iter::once(binary(command))
        .chain(args.iter().copied())
        .map(|word| format!("'{}'", word.replace('\'', "'\\''")))
        .collect::<Vec<_>>()
        .join(" ");
    let here = crate::dir(&format!("terminal-{command}"));
    let output = here
        .command("script")
        .args(["-qec", &line, "/dev/null"])
        .output();
    here.remove();
    output.stdout
}

#[test]
fn progress_is_shown_on_a_terminal_and_nowhere_else() {
    if !std::process::Command::new("script")
        .args(["-qec", "true", "/dev/null"])
        .output()
        .is_ok_and(|o| o.status.success())
    {
        eprintln!("note: script (util-linux) is not installed; skipping the terminal test");
        return;
    }
    // A command wrong on every input: found at once, then shrunk.
    let args = ["puyo", "-c", "echo 9", "--seed", "1", "--seconds", "2"];
    let save = scratch("progress-save");
    let save_arg = save.to_string_lossy().into_owned();
    let args: Vec<&str> = args.iter().copied().chain(["--save", &save_arg]).collect();
    let shown = on_a_terminal("stress", &args);
    assert!(shown.contains("\r\x1b[K1 input run, "), "{shown:?}");
    assert!(shown.contains("a second, sizes up to 1 ("), "{shown:?}");
    assert!(
        shown.contains("\r\x1b[Kshrinking: 1 candidate run, the smallest failure "),
        "{shown:?}"
    );
    // The line is cleared before the report goes on.
    assert!(shown.contains("\r\x1b[Kseed 1 (size 1"), "{shown:?}");
    assert!(shown.contains("\r\x1b[Kshrunk from ") || shown.contains("\r\x1b[Knot shrunk"));
    let (status, piped) = run("stress", &args);
    assert_eq!(status, FOUND, "{piped}");
    assert!(
        !piped.contains('\x1b') && !piped.contains('\r'),
        "{piped:?}"
    );
    // The judge's line: the cases judged so far.
    let shown = on_a_terminal("judge", &["puyo", "--quick"]);
    assert!(shown.contains("\r\x1b[K1/"), "{shown:?}");
    assert!(shown.contains(" cases judged"), "{shown:?}");
    let (status, piped) = run("judge", &["puyo", "--quick"]);
    assert_eq!(status, SUCCESS, "{piped}");
    assert!(!piped.contains('\x1b'), "{piped:?}");
}

#[test]
fn a_run_an_interrupt_stops_is_not_counted_as_a_result() {
    // Two jobs: the first input's run waits, the second's fails at once.
    // An interrupt during the wait leaves the second's failure found and
    // the first's run without a verdict: it is not one of the inputs that
    // "could not be compared".
    let dir = scratch("stress-interrupt");
    let (status, first) = run("gen", &["game2048", "--seed", "7", "--size", "1"]);
    assert_eq!(status, SUCCESS, "{first}");
    // The input is in the script: a run reads no file of the test's.
    let mark = crate::token("stress-interrupt");
    let body = format!(
        "if [ \"$(cat)\" = '{}' ]; then sh -c 'sleep 30; : {mark}'; fi\nexit 1",
        first.trim_end()
    );
    let solution = crate::script(&dir, "solution", &body);
    let mut stress = crate::command_in(&dir, "stress")
        .cmd()
        .args(["game2048", &solution, "--seed", "7", "--jobs", "2"])
        .args(["--time-limit", "30000", "--save", dir.to_str().unwrap()])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    while crate::processes_with(&mark).is_empty() {
        assert!(
            stress.try_wait().unwrap().is_none(),
            "the first run never started"
        );
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    // The second input's run ends in milliseconds; when the interrupt
    // comes first, it has no verdict either, which passes too.
    std::thread::sleep(std::time::Duration::from_millis(300));
    // SAFETY: a signal to the child just started.
    unsafe { libc::kill(stress.id() as i32, libc::SIGINT) };
    let output = stress.wait_with_output().unwrap();
    let out = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), crate::INTERRUPTED, "{out}");
    assert!(!out.contains("could not be compared"), "{out}");
    crate::assert_none_left(&mark);
}

/// A run stopped past its time limit says so, with the processor time the
/// verdict counts beside the wall clock's, not as a SIGKILL after a time
/// under the limit.
#[test]
fn a_time_limit_failure_says_it_was_stopped_past_the_limit() {
    let (status, out) = run(
        "stress",
        &[
            "puyo",
            "-c",
            "while :; do :; done",
            "--lang",
            "cpp",
            "--time-limit",
            "200",
            "--seconds",
            "1",
            "--shrink-seconds",
            "1",
            "--seed",
            "1",
        ],
    );
    assert_eq!(status, FOUND, "{out}");
    let line = out
        .lines()
        .find(|line| line.contains("stopped past its time limit after"))
        .unwrap_or_else(|| panic!("{out}"));
    let cpu: f64 = line
        .split("after ")
        .nth(1)
        .and_then(|rest| rest.split(" ms of processor time").next())
        .and_then(|ms| ms.parse().ok())
        .unwrap_or_else(|| panic!("{line}"));
    assert!(cpu >= 200.0, "{line}");
    assert!(!out.contains("SIGKILL"), "{out}");
}

/// Limits the user gives are said to be theirs in the heading, never the
/// judge's rule for the language.
#[test]
fn limits_given_are_named_as_given() {
    let (_, out) = run(
        "stress",
        &[
            "puyo",
            "-c",
            "cat",
            "--lang",
            "py",
            "--time-limit",
            "500",
            "--seconds",
            "1",
            "--shrink-seconds",
            "1",
            "--seed",
            "1",
        ],
    );
    let heading = out.lines().next().unwrap_or_default();
    assert!(heading.contains("limits 500 ms, "), "{out}");
    assert!(heading.ends_with("(as given)"), "{heading}");
    assert!(!heading.contains("rule"), "{heading}");
}
