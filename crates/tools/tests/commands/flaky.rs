//! `cargo stress` with a solution whose answers are not the same from run
//! to run: it is reported as nondeterministic, never shrunk to an input
//! called minimal that fails one run in eight. (A solution whose failures
//! repeat is still shrunk to a locally minimal input: `stress.rs`
//! `stress_finds_shrinks_and_saves_without_overwriting` and the buggy
//! solutions of `solutions.rs`.)

use std::path::{Path, PathBuf};

use crate::{run, scratch, workspace, FOUND};

/// Writes `name` into `dir`: the workspace's correct Python puyo solution,
/// which answers by calling `report(chains)`, defined by `report`; the
/// input is in `DATA` and its count of puyos in `PUYOS`. Its randomness
/// is Python's own, seeded by the system, never by the clock.
fn puyo_solution(dir: &Path, name: &str, report: &str) -> PathBuf {
    let correct = workspace().join("tests/solutions/puyo/correct.py");
    let correct = std::fs::read_to_string(correct).unwrap();
    assert!(correct.contains("sys.stdin.read()") && correct.contains("    print(chains)\n"));
    let body = correct
        .replace("sys.stdin.read()", "DATA")
        .replace("    print(chains)\n", "    report(chains)\n");
    let head = "import random\nimport sys\nDATA = sys.stdin.read()\n\
                PUYOS = sum(c.isalpha() for c in DATA)\n\n\n";
    let path = dir.join(name);
    std::fs::write(&path, format!("{head}{report}\n\n\n{body}")).unwrap();
    path
}

/// Stresses `solution` from seed 1, one input at a time, saving into
/// `save`: the exit status and the report. The budgets are generous: the
/// search stops at its first failure, and these shrinks stop at their
/// first candidate whose runs disagree, seconds before either runs out.
fn stress(solution: &Path, save: &Path) -> (Option<i32>, String) {
    run(
        "stress",
        &[
            "puyo",
            solution.to_str().unwrap(),
            "--seed",
            "1",
            "--jobs",
            "1",
            "--seconds",
            "120",
            "--shrink-seconds",
            "300",
            "--save",
            save.to_str().unwrap(),
        ],
    )
}

#[test]
fn a_solution_wrong_one_run_in_four_is_called_nondeterministic() {
    if !crate::have("python3") {
        return;
    }
    let dir = scratch("flaky-one-in-four");
    // Right three runs in four; else a wrong number drawn at random, so
    // that two wrong runs of one input all but never agree either.
    let solution = puyo_solution(
        &dir,
        "flaky.py",
        "def report(chains):\n    \
             if random.random() < 0.25:\n        \
                 chains += random.randint(1, 10**9)\n    \
             print(chains)",
    );
    let (status, out) = stress(&solution, &dir);
    assert_eq!(status, FOUND, "{out}");
    assert!(
        out.contains("nondeterministic: the same input gave WA \""),
        "{out}"
    );
    assert!(out.contains("fails: WA\n"), "{out}");
    assert!(out.contains("is not shrunk"), "{out}");
    assert!(!out.contains("minimal"), "{out}");
    assert!(!out.contains("shrunk from"), "{out}");
    assert!(out.trim_end().ends_with("passed, 1 failed"), "{out}");
}

#[test]
fn a_candidate_whose_runs_disagree_ends_the_shrink() {
    if !crate::have("python3") {
        return;
    }
    let dir = scratch("flaky-candidate");
    // The search's first input, which this solution always gets wrong:
    // it is wrong by one on every field of as many puyos or more, and
    // wrong at random, half its runs, on a smaller one.
    let (_, first) = run("gen", &["puyo", "--seed", "1", "--size", "1"]);
    let puyos = |text: &str| text.chars().filter(|c| c.is_ascii_alphabetic()).count();
    let steady_from = puyos(&first);
    assert!(steady_from >= 2, "{first}");
    let solution = puyo_solution(
        &dir,
        "flaky_when_small.py",
        &format!(
            "def report(chains):\n    \
                 if PUYOS >= {steady_from}:\n        \
                     chains += 1\n    \
                 elif random.random() < 0.5:\n        \
                     chains += random.randint(1, 10**9)\n    \
                 print(chains)"
        ),
    );
    let (status, out) = stress(&solution, &dir);
    assert_eq!(status, FOUND, "{out}");
    assert!(
        out.contains("nondeterministic: the same input gave WA \""),
        "{out}"
    );
    assert!(
        out.contains("seed 1 (size 1, judge-valid) fails: WA; shrinking..."),
        "{out}"
    );
    assert!(out.contains("the shrink stopped there"), "{out}");
    assert!(
        out.contains("stopped at a candidate whose runs disagreed"),
        "{out}"
    );
    assert!(!out.contains("minimal"), "{out}");
    // The input shown and saved is one that failed on every run.
    let saved = std::fs::read_to_string(dir.join("seed-1.in")).unwrap();
    assert!(puyos(&saved) >= steady_from, "{saved}\n{out}");
}

/// The re-runs of a failure start fresh, as a judge's runs do, not warm:
/// a solution whose answer hangs on what a warm start shares with the runs
/// before it (the hash seed of `str`, here stood in for by whether it was
/// started with `-c`, which only a warm start's server is) is called
/// nondeterministic, as fresh starts would find it, at any `--jobs`.
#[test]
fn a_failure_s_reruns_start_fresh() {
    if !crate::have("python3") {
        return;
    }
    let dir = scratch("flaky-warm-only");
    // The path is built, so that the source names no `/proc/self` (which
    // would start the file cold from the first run).
    let report = "def report(chains):\n    \
                  line = open('/proc/' + 'self/cmdline').read().split(chr(0))\n    \
                  print(chains + 1 if '-c' in line else chains)";
    let solution = puyo_solution(&dir, "warm_only.py", report);
    let (status, out) = stress(&solution, &dir);
    assert_eq!(status, FOUND, "{out}");
    assert!(
        out.contains("nondeterministic: the same input gave WA"),
        "{out}"
    );
}
