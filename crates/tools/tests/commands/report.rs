//! The report a user reads: an `.out` that is the odd one out said to be,
//! a function's debug prints under its wrong answer, a mistake repeated on
//! every case shown in full once, the user's own file named in what a run
//! prints, problems found by their judges' numbers, the skipped cases in
//! one line, and a misnamed Java class one compile error.

use std::path::{Path, PathBuf};

use crate::{have, run, scratch, script, workspace, FOUND, SUCCESS};

/// Writes `text` into `dir/name`, and returns its path.
fn file(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// Runs a command's binary with `args` in the folder `dir`, as a user in
/// it does: its exit status and what it wrote to stdout and stderr.
fn run_in(dir: &Path, command: &str, args: &[&str]) -> (Option<i32>, String) {
    let outcome = crate::command_in(dir, command).args(args).output();
    (outcome.status, outcome.text())
}

/// A folder holding game2048's first sample, with `expected` as its `.out`
/// (the workspace's answer is 16).
fn sample_with(name: &str, expected: &str) -> PathBuf {
    let dir = scratch(name);
    let input = std::fs::read(workspace().join("inputs/game2048/sample-1.in")).unwrap();
    std::fs::write(dir.join("hand-written.in"), input).unwrap();
    file(&dir, "hand-written.out", expected);
    dir
}

#[test]
fn an_out_that_disagrees_with_the_workspace_and_the_program_is_exp_not_wa() {
    let dir = sample_with("report-disputed", "8\n");
    let agrees = script(&dir, "agrees", "cat > /dev/null; echo 16");
    let (status, out) = run("judge", &["game2048", dir.to_str().unwrap(), &agrees]);
    // Not a pass: the case did not get its expected output.
    assert_eq!(status, FOUND, "{out}");
    let line = out
        .lines()
        .find(|l| l.contains("hand-written"))
        .expect("the case's line");
    assert!(line.starts_with("EXP  "), "{out}");
    assert!(line.contains("its .out is the odd one out"), "{out}");
    assert!(
        out.contains("which the workspace's solver gives too") && out.contains("check the .out"),
        "{out}"
    );
    assert!(out.contains("0 passed, 1 failed"), "{out}");
    // A program that agrees with neither is wrong, as before.
    let neither = script(&dir, "neither", "cat > /dev/null; echo 4");
    let (status, out) = run("judge", &["game2048", dir.to_str().unwrap(), &neither]);
    assert_eq!(status, FOUND, "{out}");
    assert!(out.contains("WA   hand-written"), "{out}");
    assert!(
        !out.contains("EXP") && !out.contains("odd one out"),
        "{out}"
    );
}

#[test]
fn a_functions_debug_prints_are_under_its_wrong_answer() {
    if !have("python3") {
        return;
    }
    let dir = scratch("report-debug-prints");
    let cases = dir.join("cases");
    std::fs::create_dir_all(&cases).unwrap();
    for end in ["in", "out"] {
        let from = workspace().join(format!("inputs/footholds/a-has-no-move.{end}"));
        std::fs::copy(from, cases.join(format!("a.{end}"))).unwrap();
    }
    let function = file(
        &dir,
        "mine.py",
        "def solution(board, aloc, bloc):\n    print('debug: the board has', len(board), \
         'rows')\n    return -1\n",
    );
    let (status, out) = run(
        "judge",
        &[
            "footholds",
            cases.to_str().unwrap(),
            function.to_str().unwrap(),
        ],
    );
    assert_eq!(status, FOUND, "{out}");
    assert!(out.contains("WA   a"), "{out}");
    let diff = out.find("output differs").expect("the diff");
    let prints = out.find("stderr:").expect("the prints");
    assert!(diff < prints, "{out}");
    assert!(out[prints..].contains("debug: the board has"), "{out}");
}

#[test]
fn a_mistake_on_every_case_is_shown_in_full_once() {
    let dir = scratch("report-brief");
    let cases = dir.join("cases");
    std::fs::create_dir_all(&cases).unwrap();
    for (name, answer) in [("first", "16"), ("second", "16"), ("third", "16")] {
        let input = std::fs::read(workspace().join("inputs/game2048/sample-1.in")).unwrap();
        std::fs::write(cases.join(format!("{name}.in")), input).unwrap();
        file(&cases, &format!("{name}.out"), &format!("{answer}\n"));
    }
    let crash = script(
        &dir,
        "crash",
        "cat > /dev/null; echo 'boom at line 3' >&2; exit 3",
    );
    let (status, out) = run("judge", &["game2048", cases.to_str().unwrap(), &crash]);
    assert_eq!(status, FOUND, "{out}");
    // A line a case, the summary counting every one.
    for name in ["first", "second", "third"] {
        assert!(out.contains(&format!("RE   {name} ")), "{out}");
    }
    assert!(out.contains("0 passed, 3 failed"), "{out}");
    // The first in full, the others in their line alone.
    assert_eq!(out.matches("exited with status 3").count(), 1, "{out}");
    assert_eq!(out.matches("boom at line 3").count(), 1, "{out}");
    assert_eq!(out.matches("     input (").count(), 1, "{out}");
    assert!(
        out.contains(
            "2 later failures shown in a line: each verdict's first failure is shown in full"
        ),
        "{out}"
    );
    // A wrong answer on every case: one diff.
    let wrong = script(&dir, "wrong", "cat > /dev/null; echo 4");
    let (_, out) = run("judge", &["game2048", cases.to_str().unwrap(), &wrong]);
    assert_eq!(out.matches("WA   ").count(), 3, "{out}");
    assert_eq!(out.matches("output differs").count(), 1, "{out}");
}

/// The lines of `out` a run printed (its stderr, as the report shows it).
fn stderr_lines(out: &str) -> String {
    out.lines()
        .skip_while(|l| !l.trim_start().starts_with("stderr"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn what_a_run_prints_names_the_users_file_in_every_language() {
    let dir = scratch("report-names");
    let sub = dir.join("sub");
    std::fs::create_dir_all(&sub).unwrap();
    // Each language's failing program, and how its message names the file.
    let programs: [(&str, &str, &str, &str); 5] = [
        (
            "python3",
            "mine.py",
            "import sys\nsys.stdin.read()\nraise ValueError('mine')\n",
            "File \"sub/mine.py\", line 3",
        ),
        (
            "node",
            "mine.js",
            "require('fs').readFileSync(0);\nthrow new Error('mine');\n",
            "sub/mine.js:2",
        ),
        (
            "javac",
            "mine.java",
            "public class Main {\n  public static void main(String[] a) {\n    \
             throw new RuntimeException(\"mine\");\n  }\n}\n",
            "(sub/mine.java:3)",
        ),
        (
            "rustc",
            "mine.rs",
            "fn main() {\n    let v: Vec<u8> = Vec::new();\n    println!(\"{}\", v[1]);\n}\n",
            "sub/mine.rs:3:",
        ),
        (
            "g++",
            "mine.cpp",
            "#include <cassert>\nint main() {\n  assert(1 + 1 == 3);\n}\n",
            "sub/mine.cpp:3:",
        ),
    ];
    for (tool, name, text, named) in programs {
        if !have(tool) {
            continue;
        }
        file(&sub, name, text);
        let path = format!("sub/{name}");
        let (status, out) = run_in(&dir, "judge", &["game2048", &path, "--quick"]);
        assert_eq!(status, FOUND, "{out}");
        let printed = stderr_lines(&out);
        assert!(printed.contains(named), "{name}: {named:?} not in\n{out}");
        assert!(!out.contains("grid-games-build"), "{out}");
        if name == "mine.py" {
            // Stress shows a failure's stderr the same way.
            let (status, out) = run_in(&dir, "stress", &["game2048", &path, "--seconds", "5"]);
            assert_eq!(status, FOUND, "{out}");
            assert!(stderr_lines(&out).contains(named), "{out}");
            assert!(!out.contains("grid-games-build"), "{out}");
        }
    }
}

#[test]
fn problems_are_found_by_their_judges_numbers() {
    for (name, problem) in [
        ("12100", "game2048"),
        ("boj12094", "game2048-hard"),
        ("BOJ11559", "puyo"),
        ("swea4615", "othello"),
        ("programmers92345", "footholds"),
    ] {
        // One sample: the name is what is tested here; the workspace's
        // golden folders are judge.rs's.
        let sample = scratch(&format!("judges-number-{name}"));
        for ext in ["in", "out"] {
            std::fs::copy(
                workspace().join(format!("inputs/{problem}/sample-1.{ext}")),
                sample.join(format!("sample-1.{ext}")),
            )
            .unwrap();
        }
        let (status, out) = run("judge", &[name, sample.to_str().unwrap()]);
        assert_eq!(status, SUCCESS, "{out}");
        assert!(out.starts_with(&format!("{problem}: ")), "{out}");
        let (status, out) = run("gen", &[name]);
        assert_eq!(status, SUCCESS, "{out}");
    }
    let (status, out) = run("stress", &["92345", "--seconds", "1"]);
    assert_eq!(status, SUCCESS, "{out}");
    assert!(out.starts_with("footholds: "), "{out}");
    for command in ["judge", "stress", "gen"] {
        let (status, out) = run(command, &["--help"]);
        assert_eq!(status, SUCCESS, "{out}");
        for alias in [
            "12100",
            "boj12100",
            "swea4615",
            "programmers92345",
            "boj11559",
        ] {
            assert!(
                out.contains(alias),
                "{command} --help: {alias} not in\n{out}"
            );
        }
    }
}

#[test]
fn skipped_cases_are_one_line_and_the_heading_counts_what_runs() {
    let dir = scratch("report-skipped");
    let answer = script(&dir, "answer", "cat > /dev/null; echo 0");
    let (_, out) = run("judge", &["puyo", &answer, "--quick"]);
    // The heading's count is the cases that ran.
    let heading = out.lines().next().unwrap();
    let count: usize = heading
        .split(": ")
        .nth(2)
        .and_then(|cases| cases.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("a count in {heading:?}"));
    let last = out.lines().last().unwrap();
    let ran: usize = last
        .replace(" passed, ", " ")
        .replace(" failed", "")
        .split(' ')
        .map(|n| n.parse::<usize>().unwrap())
        .sum();
    // The judge suite's strongest cases, which --quick runs too, are
    // counted apart: `and the judge suite's strongest 3`.
    let suite: usize = out
        .lines()
        .find_map(|l| l.strip_prefix("judge suite: "))
        .map_or(0, |counts| {
            let words: Vec<&str> = counts.split([' ', ',', ';']).collect();
            let before = |word: &str| {
                let at = words.iter().position(|w| *w == word).unwrap();
                words[at - 1].parse::<usize>().unwrap()
            };
            before("passed") + before("failed")
        });
    assert_eq!(count + suite, ran, "{out}");
    // What was skipped, in one line.
    let skipped: Vec<&str> = out.lines().filter(|l| l.starts_with("skipped ")).collect();
    assert_eq!(skipped.len(), 1, "{out}");
    assert!(
        skipped[0].contains(" beyond the judge's constraints, 1 with the workspace's flags")
            && skipped[0].ends_with("(--verbose lists them)"),
        "{out}"
    );
    assert!(!out.contains("beyond-judge-164x4"), "{out}");
    // --verbose lists each, with the rule it breaks.
    let (_, out) = run("judge", &["puyo", &answer, "--quick", "--verbose"]);
    assert!(
        out.contains("     beyond-judge-164x4-field-41-chains: line 1, column 1"),
        "{out}"
    );
}

#[test]
fn a_misnamed_java_class_is_one_compile_error_with_the_class_it_must_be() {
    if !have("javac") {
        return;
    }
    let dir = scratch("report-java-class");
    let java = file(
        &dir,
        "Mine.java",
        "class Mine {\n    public static void main(String[] args) {\n        \
         System.out.println(16);\n    }\n}\n",
    );
    for (problem, class) in [("game2048", "Main"), ("othello", "Solution")] {
        let (status, out) = run("judge", &[problem, java.to_str().unwrap(), "--quick"]);
        assert_eq!(status, FOUND, "{out}");
        assert!(out.contains("CE   Mine.java"), "{out}");
        assert!(
            out.contains(&format!("its class must be {class}")) && out.contains("the class Mine"),
            "{out}"
        );
        assert!(
            !out.contains("RE ") && !out.contains("Could not find"),
            "{out}"
        );
        assert!(out.contains("0 passed, 1 failed"), "{out}");
    }
}

#[test]
fn the_base_limits_note_names_the_languages_from_the_judges_row() {
    use engine::toolchain::{judges::REFERENCE, LimitRule};
    let dir = sample_with("report-base-limits", "16\n");
    let agrees = script(&dir, "agrees", "cat > /dev/null; echo 16");
    let (status, out) = run("judge", &["game2048", dir.to_str().unwrap(), &agrees]);
    assert_eq!(status, SUCCESS, "{out}");
    let note = out
        .lines()
        .find(|line| line.starts_with("note: the problem's base limits"))
        .unwrap_or_else(|| panic!("no note on the base limits:\n{out}"));
    // Each language the reference judge gives the base limits is named;
    // each it gives others is a word of --lang's list.
    let (list, words) = note.split_once("--lang (").expect("a list of --lang words");
    let words: Vec<&str> = words.trim_end_matches(')').split(", ").collect();
    for entry in REFERENCE.languages {
        if entry.limits == LimitRule::BASE {
            assert!(list.contains(entry.language.name()), "{note}");
        } else {
            assert!(words.contains(&entry.language.flag_name()), "{note}");
        }
    }
}
