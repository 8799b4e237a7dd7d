//! `cargo judge`: verdicts, diffs, bad case files, limits and languages.

use std::path::Path;
use std::time::{Duration, Instant};

use crate::{
    assert_none_left, have, run, scratch, script, token, workspace, ERROR, FOUND, SUCCESS,
};

/// A copy of a problem's golden folder (its judge-mode cases).
fn golden_copy(problem: &str, name: &str) -> std::path::PathBuf {
    let from = workspace().join("inputs").join(problem);
    let to = scratch(name);
    for entry in std::fs::read_dir(&from).unwrap().flatten() {
        if entry.path().is_file() {
            std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
        }
    }
    to
}

#[test]
fn the_workspace_passes_every_golden_folder_and_counts_its_cases() {
    for problem in registry::names() {
        let (status, out) = run("judge", &[problem]);
        assert_eq!(status, SUCCESS, "{out}");
        assert!(out.contains("cases by the validator: "), "{out}");
        assert!(out.trim_end().ends_with(" failed"), "{out}");
        assert!(!out.contains("\nWA ") && !out.contains("\nERR"), "{out}");
    }
}

#[test]
fn a_deleted_line_is_one_deletion_and_the_summary_counts() {
    let folder = golden_copy("othello", "judge-wa");
    let expected = folder.join("random-legal-8x8-games.out");
    let text = std::fs::read_to_string(&expected).unwrap();
    let without_second: Vec<&str> = text
        .lines()
        .enumerate()
        .filter(|&(i, _)| i != 1)
        .map(|(_, l)| l)
        .collect();
    std::fs::write(&expected, without_second.join("\n") + "\n").unwrap();
    let (status, out) = run("judge", &["othello", folder.to_str().unwrap()]);
    assert_eq!(status, FOUND, "{out}");
    assert!(out.contains("WA   random-legal-8x8-games"), "{out}");
    assert!(out.contains("AC   sample-1"), "{out}");
    // The extra line the binary printed is one `+`, not every later line.
    assert_eq!(out.matches("\n       +").count(), 1, "{out}");
    assert!(out.contains("input ("), "{out}");
    assert!(out.contains("slowest: "), "{out}");
    assert!(out.trim_end().ends_with("6 passed, 1 failed"), "{out}");
}

#[test]
fn an_online_judge_tools_folder_and_a_time_limit() {
    let folder = scratch("oj-test");
    std::fs::write(folder.join("sample-1.in"), "3\n2 2 2\n4 4 4\n8 8 8\n").unwrap();
    std::fs::write(folder.join("sample-1.out"), "16\n").unwrap();
    let (status, out) = run("judge", &["game2048", folder.to_str().unwrap()]);
    assert_eq!(status, SUCCESS, "{out}");
    assert!(out.trim_end().ends_with("1 passed, 0 failed"), "{out}");
    let dir = scratch("sleepy");
    let sleeper = script(&dir, "sleeper", "sleep 30");
    let started = Instant::now();
    let (status, out) = run(
        "judge",
        &[
            "game2048",
            folder.to_str().unwrap(),
            &sleeper,
            "--time-limit",
            "200",
        ],
    );
    assert_eq!(status, FOUND, "{out}");
    assert!(out.contains("TLE  sample-1"), "{out}");
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn the_first_tle_ends_the_judging() {
    // A program that loops forever would burn the limit on every case:
    // its first TLE is its last case run, at any number of jobs.
    let dir = scratch("first-tle");
    let cases = dir.join("cases");
    std::fs::create_dir_all(&cases).unwrap();
    for name in ["a", "b", "c", "d"] {
        for extension in ["in", "out"] {
            std::fs::copy(
                workspace().join(format!("inputs/puyo/sample-1.{extension}")),
                cases.join(format!("{name}.{extension}")),
            )
            .unwrap();
        }
    }
    let looping = script(&dir, "looping", "while :; do :; done");
    for jobs in ["1", "2"] {
        let (status, out) = run(
            "judge",
            &[
                "puyo",
                cases.to_str().unwrap(),
                &looping,
                "--time-limit",
                "100",
                "-j",
                jobs,
            ],
        );
        assert_eq!(status, FOUND, "{out}");
        assert_eq!(out.matches("\nTLE  ").count(), 1, "{out}");
        assert!(out.contains("\nTLE  a "), "{out}");
        assert!(
            out.contains("\n3 cases not run after the first TLE, which ends the judging\n"),
            "{out}"
        );
        assert!(out.trim_end().ends_with("\n0 passed, 1 failed"), "{out}");
    }
}

#[test]
fn bad_case_files_fail_their_own_case_and_the_run_goes_on() {
    let folder = scratch("bad-files");
    std::fs::write(folder.join("a-good.in"), "1\n2\n").unwrap();
    std::fs::write(folder.join("a-good.out"), "2\n").unwrap();
    // An expected output that is not UTF-8 is compared as bytes.
    std::fs::write(folder.join("b-latin1.in"), "1\n2\n").unwrap();
    std::fs::write(folder.join("b-latin1.out"), b"2\xff\n").unwrap();
    // An .out that cannot be read.
    std::fs::write(folder.join("c-folder.in"), "1\n2\n").unwrap();
    std::fs::create_dir(folder.join("c-folder.out")).unwrap();
    // An .in without an .out: judged against the workspace's answer.
    std::fs::write(folder.join("d-no-out.in"), "1\n4\n").unwrap();
    let (status, out) = run("judge", &["game2048", folder.to_str().unwrap()]);
    assert_eq!(status, FOUND, "{out}");
    assert!(out.contains("AC   a-good"), "{out}");
    assert!(out.contains("WA   b-latin1"), "{out}");
    assert!(out.contains("ERR  c-folder  cannot read"), "{out}");
    assert!(out.contains("c-folder.out"), "{out}");
    assert!(
        out.contains("AC   d-no-out") && out.contains("against the workspace's answer"),
        "{out}"
    );
    assert!(out.trim_end().ends_with("2 passed, 2 failed"), "{out}");
}

#[test]
fn a_long_wrong_answer_is_judged_in_under_a_second() {
    let folder = scratch("long-wa");
    let lines = 50_000;
    let mut input = format!("{lines}\n");
    let mut expected = String::new();
    for case in 1..=lines {
        input.push_str("4 0\n");
        expected.push_str(&format!("#{case} 2 2\n"));
    }
    std::fs::write(folder.join("many.in"), &input).unwrap();
    std::fs::write(folder.join("many.out"), &expected).unwrap();
    // A solution reads nothing beside it: it makes its wrong answer.
    let printer = script(
        &folder,
        "printer",
        &format!("awk 'BEGIN {{ for (k = 1; k <= {lines}; k++) print \"#\" k \" 3 1\" }}'"),
    );
    let started = Instant::now();
    let (status, out) = run("judge", &["othello", folder.to_str().unwrap(), &printer]);
    let took = started.elapsed();
    assert_eq!(status, FOUND, "{out}");
    assert!(out.contains("WA   many"), "{out}");
    assert!(out.contains("too many lines differ"), "{out}");
    // The diff is bounded, not quadratic in the lines: far under the
    // minutes a quadratic one takes, whatever the machine's load.
    assert!(took < Duration::from_secs(20), "{took:?}");
}

#[test]
fn a_flood_is_an_output_limit_and_the_judge_stays_small() {
    let folder = scratch("flood");
    std::fs::write(folder.join("a.in"), "1\n2\n").unwrap();
    std::fs::write(folder.join("a.out"), "2\n").unwrap();
    // The judge itself runs in the sandbox here, so that its own peak
    // memory is measured.
    let outcome = engine::runner::run(
        &engine::runner::Program::Command {
            argv: vec![
                crate::binary("judge").into(),
                "game2048".into(),
                folder.clone().into(),
                "-c".into(),
                "exec yes 16".into(),
            ],
            dir: folder.clone(),
            access: engine::runner::Access::Tool,
        },
        Path::new("/dev/null"),
        &engine::runner::Limits {
            time: Duration::from_secs(60),
            memory: 1 << 30,
            output: 1 << 20,
            address_space: None,
            file_size: None,
        },
    )
    .unwrap();
    let out = String::from_utf8_lossy(&outcome.stdout);
    assert!(out.contains("OLE  a"), "{out}");
    assert!(
        outcome.main_peak_memory < 100 << 20,
        "{}",
        outcome.main_peak_memory
    );
}

#[test]
fn a_given_output_limit_holds_in_place_of_the_expected_outputs() {
    // Two MiB of output: under the limit a case gets from its expected
    // output (16 MiB at least), over a limit of one MiB given.
    let folder = scratch("output-limit");
    std::fs::write(folder.join("a.in"), "1\n2\n").unwrap();
    std::fs::write(folder.join("a.out"), "2\n").unwrap();
    let folder = folder.to_str().unwrap();
    let flood = "head -c 2097152 /dev/zero";
    let (status, out) = run("judge", &["game2048", folder, "-c", flood]);
    assert_eq!(status, FOUND, "{out}");
    assert!(out.contains("WA   a"), "{out}");
    let given = ["game2048", folder, "-c", flood, "--output-limit", "1"];
    let (status, out) = run("judge", &given);
    assert_eq!(status, FOUND, "{out}");
    assert!(out.contains("OLE  a"), "{out}");
}

#[test]
fn limits_are_checked_never_wrapped() {
    for (flag, value) in [
        ("--memory-limit", "17592186044416"),
        ("--memory-limit", "0"),
        ("--time-limit", "-1"),
        ("--time-limit", "99999999999999999999"),
        ("--output-limit", "x"),
    ] {
        let (status, out) = run("judge", &["game2048", flag, value]);
        assert_eq!(status, ERROR, "{flag} {value}: {out}");
        assert!(
            out.contains(&format!("{flag} takes a whole number from")),
            "{out}"
        );
    }
}

#[test]
fn commands_scripts_and_executables_run_and_name_their_failures() {
    let folder = scratch("languages");
    std::fs::write(folder.join("a.in"), "3\n2 2 2\n4 4 4\n8 8 8\n").unwrap();
    std::fs::write(folder.join("a.out"), "16\n").unwrap();
    let dir = folder.to_str().unwrap();
    // A shell command, run in the current folder, with the problem's base
    // limits unless a language is named.
    let (status, out) = run("judge", &["game2048", dir, "-c", "echo 16"]);
    assert_eq!(status, SUCCESS, "{out}");
    assert!(
        out.contains("limits: 1000 ms, 512 MiB (Baekjoon 12100's)"),
        "{out}"
    );
    assert!(out.contains("add --lang"), "{out}");
    let (status, out) = run("judge", &["game2048", dir, "-c", "echo 16", "--lang", "py"]);
    assert_eq!(status, SUCCESS, "{out}");
    assert!(
        out.contains("limits: 5000 ms, 1056 MiB (Baekjoon's rule for Python 3"),
        "{out}"
    );
    let (status, out) = run(
        "judge",
        &["game2048", dir, "-c", "echo 16", "--lang", "cobol"],
    );
    assert_eq!(status, ERROR, "{out}");
    assert!(out.contains("--lang takes one of py, pypy3, cpp"), "{out}");
    // A folder mistyped is a missing folder, not a solution.
    let (status, out) = run("judge", &["game2048", "no-such-folder/"]);
    assert_eq!(status, ERROR, "{out}");
    assert!(out.contains("no folder no-such-folder/"), "{out}");
    let (status, out) = run("judge", &["game2048", "no-such-thing"]);
    assert_eq!(status, ERROR, "{out}");
    assert!(
        out.contains("neither a solution nor a folder of cases"),
        "{out}"
    );
    // A run-time error names the signal and shows the end of stderr.
    let crash = script(&folder, "crash", "echo 'Traceback (most recent call last):' >&2; echo 'ZeroDivisionError: division by zero' >&2; kill -SEGV $$");
    let (status, out) = run("judge", &["game2048", dir, &crash]);
    assert_eq!(status, FOUND, "{out}");
    assert!(out.contains("RE   a"), "{out}");
    assert!(out.contains("SIGSEGV"), "{out}");
    assert!(out.contains("ZeroDivisionError: division by zero"), "{out}");
    // A file that is neither a known language nor executable.
    std::fs::write(folder.join("notes.txt"), "16").unwrap();
    let (status, out) = run(
        "judge",
        &["game2048", dir, folder.join("notes.txt").to_str().unwrap()],
    );
    assert_eq!(status, ERROR, "{out}");
    assert!(out.contains("-c \"COMMAND\""), "{out}");
    if have("python3") {
        // A .py without a shebang runs with python3.
        std::fs::write(folder.join("sol.py"), "print(16)\n").unwrap();
        let (status, out) = run(
            "judge",
            &["game2048", dir, folder.join("sol.py").to_str().unwrap()],
        );
        assert_eq!(status, SUCCESS, "{out}");
        assert!(out.contains("Python 3"), "{out}");
        // A syntax error is a compile error, and nothing is written beside
        // the file.
        std::fs::write(folder.join("broken.py"), "print(16\n").unwrap();
        let (status, out) = run(
            "judge",
            &["game2048", dir, folder.join("broken.py").to_str().unwrap()],
        );
        assert_eq!(status, FOUND, "{out}");
        assert!(out.contains("CE   broken.py"), "{out}");
        assert!(!folder.join("__pycache__").exists());
    }
    if have("g++") {
        std::fs::write(folder.join("broken.cpp"), "int main() { return x; }\n").unwrap();
        let (status, out) = run(
            "judge",
            &["game2048", dir, folder.join("broken.cpp").to_str().unwrap()],
        );
        assert_eq!(status, FOUND, "{out}");
        assert!(out.contains("CE   broken.cpp"), "{out}");
        assert!(out.contains("broken.cpp:1"), "{out}");
        assert!(out.contains("was not declared"), "{out}");
    }
}

#[test]
fn a_users_solution_gets_only_judge_cases_and_no_flags() {
    let mark = token("args");
    let folder = scratch("judge-only");
    // It prints its arguments to stderr and answers 16 to everything.
    let echo = script(
        &folder,
        "echo-args",
        &format!("echo \"args: $*\" >&2; echo 16 # {mark}"),
    );
    let (status, out) = run("judge", &["game2048", &echo]);
    // The golden folder has judge-valid cases (sample-1 answers 16), cases
    // beyond the judge, and cases with flags.
    assert!(out.contains("sample-1"), "{out}");
    assert!(!out.contains("utf8-byte-order-mark  "), "{out}");
    assert!(
        out.contains("skipped ")
            && out.contains(" beyond the judge's constraints, ")
            && out.contains(" with the workspace's flags (--verbose lists them)"),
        "{out}"
    );
    assert!(!out.contains("args: --"), "{out}");
    assert_eq!(status, FOUND, "{out}");
    let (_, all) = run("judge", &["game2048", &echo, "--beyond-judge"]);
    assert!(all.contains("utf8-byte-order-mark  "), "{all}");
    assert_none_left(&mark);
}

#[test]
fn the_commands_own_memory_is_not_the_runs() {
    // The command reads a large file of the folder (a case beyond the
    // judge's constraints, skipped), so its own memory grows past the
    // limit; the kernel counts that into a run's peak at exec, and the
    // small program must still be held to its own.
    let dir = scratch("judge-own-memory");
    for ext in ["in", "out"] {
        std::fs::copy(
            crate::workspace().join(format!("inputs/puyo/sample-1.{ext}")),
            dir.join(format!("sample-1.{ext}")),
        )
        .unwrap();
    }
    // Half again the 16 MiB limit: over it, at half the reading that
    // 48 MiB cost.
    std::fs::write(dir.join("huge.in"), vec![b'h'; 24 << 20]).unwrap();
    let (status, out) = run(
        "judge",
        &[
            "puyo",
            dir.to_str().unwrap(),
            "-c",
            "echo 3",
            "--memory-limit",
            "16",
        ],
    );
    assert_eq!(status, SUCCESS, "{out}");
    assert!(out.contains("AC   sample-1"), "{out}");
}

#[test]
fn a_users_folder_named_suite_is_the_users_every_case_listed_and_run() {
    // Named `suite` on the command line, with a second folder beside it,
    // its cases are `suite/NAME`, as the judge suite's are: what they are
    // is still the user's cases, each listed and all of them run.
    let dir = scratch("users-suite");
    for folder in ["suite", "more"] {
        std::fs::create_dir(dir.join(folder)).unwrap();
    }
    for (name, answer) in [("a-wrong", "3"), ("b-right", "2"), ("c-right", "2")] {
        std::fs::write(dir.join("suite").join(format!("{name}.in")), "1\n2\n").unwrap();
        std::fs::write(dir.join("suite").join(format!("{name}.out")), answer).unwrap();
    }
    std::fs::write(dir.join("more/d-right.in"), "1\n2\n").unwrap();
    std::fs::write(dir.join("more/d-right.out"), "2\n").unwrap();
    let output = crate::command_in(&dir, "judge")
        .args(["game2048", "suite", "more"])
        .output();
    let out = output.text();
    assert_eq!(output.status, FOUND, "{out}");
    assert!(out.contains("WA   suite/a-wrong"), "{out}");
    assert!(out.contains("AC   suite/b-right"), "{out}");
    assert!(out.contains("AC   suite/c-right"), "{out}");
    assert!(out.contains("AC   more/d-right"), "{out}");
    assert!(!out.contains("not run"), "{out}");
    assert!(out.trim_end().ends_with("3 passed, 1 failed"), "{out}");
}
