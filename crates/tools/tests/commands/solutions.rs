//! The user solutions of `tests/solutions/`: each correct one passes every
//! judge-valid golden case and generated inputs (the judge suite in C++, a
//! short stress in the slower languages); each buggy one is caught by the
//! default judging and by stress, and its failure shrunk to a judge-valid
//! input that is saved, within a quarter of the smallest failure an
//! exhaustive search finds (the Python and C++ files' shrinks: the
//! JavaScript and Java files plant the same bugs).
//! Python and C++ must be installed (CI requires them; elsewhere a missing
//! one is reported and its half skipped).

use std::path::Path;

use crate::{have, run, scratch, workspace, FOUND, SUCCESS};

/// Seconds of stress for a correct solution here (CI runs longer ones for
/// the record; this keeps `cargo test` quick).
const CORRECT_STRESS_SECONDS: &str = "1";

/// The time limit here: these tests are of answers, not of speed, and a
/// busy machine (a build beside them) must not turn a right answer into a
/// TLE. Speed against the judge's own limits is what `cargo judge` without
/// this flag shows.
const TIME_LIMIT_MS: &str = "60000";

/// The inputs generated afresh that a buggy solution's shrink runs
/// (`--shrink-fresh`), by problem and language: 50 unless listed here.
/// Without the flag the count depends on the runs' speed (2000 for a
/// solution whose runs are cheap, else 50), and so would the shrunk size on
/// a busy machine; with it the shrink is the same on any machine. Each is
/// the fewest, of 50, 200, 600, 1000 and 2000, that reaches a quarter of
/// the smallest failure: game2048-hard's C++ bug stops at 5 cells a side
/// with 50 and at 4 with 200.
const SHRINK_FRESH: [(&str, &str, &str); 1] = [("game2048-hard", "cpp", "600")];

/// The count of [`SHRINK_FRESH`] for `problem` in `extension`.
pub fn shrink_fresh(problem: &str, extension: &str) -> &'static str {
    SHRINK_FRESH
        .iter()
        .find(|&&(p, e, _)| (p, e) == (problem, extension))
        .map_or("50", |&(_, _, count)| count)
}

fn check(problem: &str) {
    let folder = workspace().join("tests/solutions").join(problem);
    for (language, extension) in [
        ("python3", "py"),
        ("g++", "cpp"),
        ("javac", "java"),
        ("node", "js"),
    ] {
        if !folder.join(format!("correct.{extension}")).is_file() || !have(language) {
            continue;
        }
        let correct = folder.join(format!("correct.{extension}"));
        let buggy = folder.join(format!("buggy.{extension}"));
        let quick = matches!(extension, "py" | "js" | "java");
        let (status, out) = run(
            "judge",
            &[
                problem,
                correct.to_str().unwrap(),
                "--time-limit",
                TIME_LIMIT_MS,
                // The whole judge suite for C++; the other languages'
                // runs of it take tens of seconds here (an interpreter's or
                // the JVM's start for every case), and the buggy files
                // below get it in every language.
                if quick { "--quick" } else { "--jobs=2" },
            ],
        );
        assert_eq!(status, SUCCESS, "{problem} correct.{extension}:\n{out}");
        assert!(
            !out.contains("\nWA") && !out.contains("\nRE") && !out.contains("\nTLE"),
            "{out}"
        );
        // Generated inputs for the languages judged on the golden cases
        // alone: stress, which holds the solution to the workspace's answers
        // as the judge suite does.
        if quick {
            let (status, out) = run(
                "stress",
                &[
                    problem,
                    correct.to_str().unwrap(),
                    "--seconds",
                    CORRECT_STRESS_SECONDS,
                    // One worker: the tests beside this one keep the other
                    // core busy, and a second worker would only share it.
                    "--jobs",
                    "1",
                    "--seed",
                    "1",
                    "--time-limit",
                    TIME_LIMIT_MS,
                ],
            );
            assert_eq!(
                status, SUCCESS,
                "{problem} correct.{extension} under stress:\n{out}"
            );
        }
        // The default judging, golden cases and judge suite, fails it.
        let (status, out) = run(
            "judge",
            &[
                problem,
                buggy.to_str().unwrap(),
                "--time-limit",
                TIME_LIMIT_MS,
            ],
        );
        assert_eq!(
            status, FOUND,
            "{problem} buggy.{extension} passed the default judging:\n{out}"
        );
        let save = scratch(&format!("solutions-{problem}-{extension}"));
        // The README's run is this one: its own flags, and its transcript
        // checked against what it prints.
        let in_the_readme = (problem, extension) == ("puyo", "py");
        // The JavaScript and Java files plant the bug of the Python or C++
        // one beside them (one model answers for both: see smallest.rs),
        // and the shrink, which sees only answers, takes the same steps
        // for either: it is held to the smallest failure there. Here
        // stress need only catch the file, without the hundreds of
        // interpreter or JVM starts of a full shrink.
        let shrunk_beside = matches!(extension, "js" | "java");
        let mut args = vec![
            problem,
            buggy.to_str().unwrap(),
            // Room for a slow shrink on a busy machine: it ends when the
            // input is minimal, never later.
            "--shrink-seconds",
            if shrunk_beside { "1" } else { "600" },
            // Steps, not seconds, bound what the shrink reaches.
            "--shrink-fresh",
            shrink_fresh(problem, extension),
            "--seed",
            "1",
            "--save",
            save.to_str().unwrap(),
        ];
        if !in_the_readme {
            args.extend(["--seconds", "60", "--time-limit", TIME_LIMIT_MS]);
        }
        let (status, out) = run("stress", &args);
        assert_eq!(
            status, FOUND,
            "{problem} buggy.{extension} was not caught:\n{out}"
        );
        if in_the_readme {
            the_readmes_stress_transcript_holds(&out);
        }
        if !shrunk_beside {
            assert!(out.contains("a locally minimal input"), "{out}");
        }
        let shrunk = std::fs::read_dir(&save)
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|p| p.extension().is_some_and(|x| x == "in"))
            .expect("the failure is saved");
        let input = std::fs::read(&shrunk).unwrap();
        let problem_contract = registry::find(problem).unwrap();
        assert_eq!(problem_contract.validate(&input), Ok(()), "{out}");
        let expected = std::fs::read_to_string(shrunk.with_extension("out")).unwrap();
        assert_eq!(problem_contract.judge_output(&input).unwrap(), expected);
        near_the_smallest(problem, extension, &buggy, &input, &out, !shrunk_beside);
    }
}

/// How much larger than the smallest failing input (see
/// [`crate::smallest`]) a shrunk one may be, by the problem's measure.
const SMALLEST_RATIO: f64 = 1.25;

/// Holds the shrunk `input` of `buggy` to the smallest failure the
/// exhaustive search finds (when `held`), after checking with `buggy`
/// itself that the smallest one really fails.
fn near_the_smallest(
    problem: &str,
    extension: &str,
    buggy: &Path,
    input: &[u8],
    out: &str,
    held: bool,
) {
    let contract = registry::find(problem).unwrap();
    let smallest = crate::smallest::smallest(problem, extension).expect("a smallest failure");
    let folder = scratch(&format!("smallest-{problem}-{extension}"));
    std::fs::write(folder.join("smallest.in"), &smallest.input).unwrap();
    let answer = contract.judge_output(smallest.input.as_bytes()).unwrap();
    std::fs::write(folder.join("smallest.out"), answer).unwrap();
    let (status, judged) = run(
        "judge",
        &[
            problem,
            folder.to_str().unwrap(),
            buggy.to_str().unwrap(),
            "--time-limit",
            TIME_LIMIT_MS,
        ],
    );
    assert_eq!(
        status, FOUND,
        "{problem} {extension}: the model's witness passes:\n{judged}"
    );
    if !held {
        return;
    }
    let (shrunk, _) = contract.measure(input).expect("a measure");
    println!(
        "{problem} {extension}: shrunk to {shrunk}, the smallest is {}",
        smallest.measure
    );
    assert!(
        shrunk as f64 <= SMALLEST_RATIO * smallest.measure as f64,
        "{problem} {extension}: shrunk to {shrunk}, but {} fails:\n{}\n{out}",
        smallest.measure,
        smallest.input
    );
}

#[test]
fn game2048() {
    check("game2048");
}

#[test]
fn game2048_hard() {
    check("game2048-hard");
}

#[test]
fn puyo() {
    check("puyo");
}

#[test]
fn othello() {
    check("othello");
}

#[test]
fn footholds() {
    check("footholds");
}

/// The README's `cargo stress` transcript is what the command prints
/// (`out`, of the same command): every line of it before the paths (which
/// are the reader's own).
fn the_readmes_stress_transcript_holds(out: &str) {
    let readme = std::fs::read_to_string(workspace().join("README.md")).unwrap();
    let command = "$ cargo stress puyo tests/solutions/puyo/buggy.py --seed 1\n";
    let start = readme
        .find(command)
        .expect("the README shows the stress run")
        + command.len();
    let expected: Vec<&str> = readme[start..]
        .lines()
        .take_while(|line| !line.starts_with("saved:"))
        .collect();
    let printed: Vec<String> = out.lines().map(without_seconds).collect();
    assert!(expected.len() > 10, "{expected:?}");
    for line in expected {
        assert!(
            printed.contains(&without_seconds(line)),
            "the README's line {line:?} is not in\n{out}"
        );
    }
}

/// `line` with the seconds a shrink took (`in 4.2 s (`) blanked: they are
/// the machine's, not the command's.
fn without_seconds(line: &str) -> String {
    match line.find(" s (") {
        Some(end) => {
            let start = line[..end]
                .trim_end_matches(|c: char| c.is_ascii_digit() || c == '.')
                .len();
            format!("{}_{}", &line[..start], &line[end..])
        }
        None => line.to_string(),
    }
}
