//! The commands' flags: their help and their parser made from one table,
//! the flags every command that runs a solution shares tried with bad
//! values, and the promises of `--jobs` and `--quick`: a verdict, a report
//! and a failing seed that do not depend on the number of jobs.

use crate::{have, run, scratch, workspace, ERROR, FOUND, SUCCESS};

/// The words of `text` that look like a flag: `--jobs`, `-c`.
fn flags_named(text: &str) -> Vec<&str> {
    let mut named: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || "[](),;:'`|=".contains(c))
        .map(|word| word.trim_end_matches('.'))
        .filter(|word| {
            let name = word.trim_start_matches('-');
            word.starts_with('-')
                && word.len() - name.len() <= 2
                && name.starts_with(|c: char| c.is_ascii_lowercase())
        })
        .collect();
    named.sort_unstable();
    named.dedup();
    named
}

/// Each command's help shows every flag of the table that it reads, and
/// reads every flag its help names; the language words of `--lang` are
/// the language table's.
#[test]
fn the_help_and_the_parser_name_the_same_flags() {
    for command in ["judge", "stress", "gen"] {
        let (status, help) = run(command, &["--help"]);
        assert_eq!(status, SUCCESS, "{help}");
        let read = tools::args::FLAGS
            .iter()
            .filter(|flag| flag.commands.contains(&command));
        for flag in read {
            let shown = format!("  {}", flag.shown());
            assert!(
                help.lines().any(|line| line.starts_with(&shown)),
                "{command} reads {}, and its help does not show it:\n{help}",
                flag.shown()
            );
        }
        // A flag is read when the error, if any, is about the argument
        // after it, not about the flag.
        let refused = |flag: &str| {
            let (_, out) = run(command, &[flag, "--no-such-flag"]);
            out.contains(&format!("invalid option '{flag}'"))
        };
        assert!(refused("--no-such-flag"));
        for flag in flags_named(&help) {
            assert!(
                !refused(flag),
                "{command}'s help names {flag}, which it refuses"
            );
        }
        if command != "gen" {
            let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
            let words = engine::toolchain::language::flag_words();
            assert!(help.contains(&format!("({words})")), "{help}");
            let endings = engine::toolchain::language::extension_words();
            assert!(help.contains(&format!("one of {endings},")), "{help}");
        }
    }
}

/// The commands' exit statuses are one table: the help says each, and
/// the user's page has a row for each, in the table's words.
#[test]
fn exit_statuses_are_one_table() {
    let page = std::fs::read_to_string(workspace().join("docs/commands.md")).unwrap();
    let section = page
        .split("\n## Exit statuses\n")
        .nth(1)
        .expect("the section");
    let section = section.split("\n## ").next().unwrap().replace('`', "");
    let rows: Vec<&str> = (section.lines())
        .filter(|line| {
            line.starts_with("| ") && line[2..].starts_with(|c: char| c.is_ascii_digit())
        })
        .collect();
    assert_eq!(rows.len(), tools::exit::STATUSES.len(), "{section}");
    let helps: Vec<(&str, String)> = ["judge", "stress", "gen"]
        .into_iter()
        .map(|command| {
            let (_, help) = run(command, &["--help"]);
            (
                command,
                help.split_whitespace().collect::<Vec<_>>().join(" "),
            )
        })
        .collect();
    for ((status, commands, meaning), row) in tools::exit::STATUSES.iter().zip(rows) {
        let meaning = meaning.replace('`', "");
        assert!(row.starts_with(&format!("| {status} | {meaning}")), "{row}");
        // Each command's help says the statuses it gives, and no other.
        for (command, help) in &helps {
            let says = help.contains(&format!("{status} {meaning}"));
            assert_eq!(says, commands.contains(command), "{command}: {help}");
        }
    }
}

#[test]
fn bad_values_are_one_error_line_each() {
    for (flags, says) in [
        (
            &["--jobs", "0"][..],
            "--jobs takes a whole number from 1 to 256, not \"0\"",
        ),
        (
            &["--jobs", "-1"][..],
            "--jobs takes a whole number from 1 to 256",
        ),
        (
            &["-j", "257"][..],
            "--jobs takes a whole number from 1 to 256, not \"257\"",
        ),
        (&["--jobs", "two"][..], "not \"two\""),
        (&["--jobs"][..], "--jobs needs a value"),
        (
            &["--form", "sideways"][..],
            "--form takes function or program, not \"sideways\"",
        ),
        (
            &["--lang", "cobol"][..],
            "--lang takes one of py, pypy3, cpp, c, rs, java, js",
        ),
        (&["--time-limit", "0"][..], "--time-limit"),
    ] {
        for command in ["judge", "stress"] {
            let args: Vec<&str> = ["puyo", "-c", "echo 0"]
                .into_iter()
                .chain(flags.iter().copied())
                .collect();
            let (status, out) = run(command, &args);
            assert_eq!(status, ERROR, "{command} {flags:?}: {out}");
            assert!(out.contains(says), "{command} {flags:?}: {out}");
            assert_eq!(out.lines().count(), 1, "{command} {flags:?}: {out}");
        }
    }
    // A save folder that cannot be made is said before the search.
    let (status, out) = run(
        "stress",
        &["puyo", "-c", "echo 0", "--save", "/proc/no-such"],
    );
    assert_eq!(status, ERROR, "{out}");
    assert!(out.contains("cannot make the folder"), "{out}");
    assert_eq!(out.lines().count(), 1, "{out}");
    // A function form for a problem whose judge calls none.
    let (status, out) = run("judge", &["puyo", "-c", "echo 0", "--form", "function"]);
    assert_eq!(status, ERROR, "{out}");
    // The toolchains' check takes nothing else.
    let (status, out) = run("judge", &["--check-toolchains", "puyo"]);
    assert_eq!(status, ERROR, "{out}");
    assert!(out.contains("takes no PROBLEM"), "{out}");
}

/// The report's lines without their times, which vary from run to run.
fn without_times(out: &str) -> Vec<String> {
    out.lines()
        // The slowest case, and the paths of the suite's inputs, which are
        // in a folder of each run's own.
        .filter(|line| !line.starts_with("slowest:") && !line.contains("input ("))
        .map(|line| line.split(" ms").next().unwrap_or(line).to_string())
        .map(|line| {
            line.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.' || c == ' ')
                .to_string()
        })
        .collect()
}

#[test]
fn jobs_change_neither_verdicts_nor_the_failure_reported() {
    // Wrong on some cases, right on others: every case's verdict and its
    // order are the same with one job and with four.
    let wrong_sometimes = "read first; if [ \"$first\" = '......' ]; then echo 0; else echo 1; fi";
    let (status, one) = run("judge", &["puyo", "-c", wrong_sometimes, "-j", "1"]);
    assert_eq!(status, FOUND, "{one}");
    let (status, four) = run("judge", &["puyo", "-c", wrong_sometimes, "-j", "4"]);
    assert_eq!(status, FOUND, "{four}");
    assert_eq!(without_times(&one), without_times(&four));
    // The suite's failure is named by the line that makes it again.
    let gen = one
        .lines()
        .find_map(|line| line.trim().strip_prefix("input (cargo gen puyo --seed "))
        .expect("the suite's failure names its cargo gen line");
    let (seed, size) = gen.trim_end_matches("):").split_once(" --size ").unwrap();
    let (status, made) = run("gen", &["puyo", "--seed", seed, "--size", size]);
    assert_eq!(status, SUCCESS);
    assert!(one.contains(&format!("       {}\n", made.lines().last().unwrap())));
    // A process that escapes the run (a session of its own, without the
    // run's mark) and writes the answer after the run ended: what it
    // writes is not the run's, with one job or with two.
    let escapes = "(setsid env -i sh -c 'sleep 0.1; echo 3' &); sleep 0.03";
    for jobs in ["1", "2"] {
        let (status, out) = run("judge", &["puyo", "-c", escapes, "--quick", "-j", jobs]);
        assert_eq!(status, FOUND, "-j {jobs}: {out}");
        assert!(!out.contains("AC   sample-1"), "-j {jobs}: {out}");
    }
    // The first failing seed, whatever the jobs.
    let save = scratch("flags-jobs-save");
    let save = save.to_str().unwrap();
    let found = |jobs: &str| {
        let (status, out) = run(
            "stress",
            &[
                "puyo",
                "-c",
                wrong_sometimes,
                "--seed",
                "40",
                "--shrink-seconds",
                "1",
                "--save",
                save,
                "-j",
                jobs,
            ],
        );
        assert_eq!(status, FOUND, "{out}");
        out.lines()
            .find(|line| line.starts_with("seed "))
            .expect("the failure's line")
            .to_string()
    };
    let first = found("1");
    assert_eq!(found("2"), first);
    assert_eq!(found("5"), first);
}

#[test]
fn quick_runs_the_golden_cases_and_the_suites_strongest() {
    if !have("g++") {
        return;
    }
    let cpp = workspace().join("tests/solutions/puyo/correct.cpp");
    let cpp = cpp.to_str().unwrap();
    let (status, full) = run("judge", &["puyo", cpp]);
    assert_eq!(status, SUCCESS, "{full}");
    assert!(full.contains("judge suite: 240 passed, 0 failed"), "{full}");
    let (status, quick) = run("judge", &["puyo", cpp, "--quick"]);
    assert_eq!(status, SUCCESS, "{quick}");
    let strongest = engine::suite::quick_places(registry::find("puyo").unwrap()).len();
    assert!(
        quick.contains(&format!("and the judge suite's strongest {strongest}, ")),
        "{quick}"
    );
    assert!(
        quick.contains(&format!("judge suite: {strongest} passed, 0 failed")),
        "{quick}"
    );
    let passed = |out: &str| {
        out.lines()
            .last()
            .and_then(|l| l.split(' ').next())
            .and_then(|n| n.parse::<usize>().ok())
            .unwrap()
    };
    assert_eq!(passed(&full), passed(&quick) + 240 - strongest);
}

/// The time limit for the planted bugs below: they must be told by a
/// wrong answer, never by a TLE that a busy machine could give.
const TIME_LIMIT_MS: &str = "60000";

/// `--quick` rejects every planted bug of `tests/solutions/` in C++ and
/// Python (`buggy.*`, and the bugs in files beside them) with a wrong
/// answer: the cases it adds to the golden ones were chosen for it (see
/// `mutants.rs`). The C++ files first, the cheaper to run.
#[test]
fn quick_rejects_every_planted_bug() {
    let solutions = workspace().join("tests/solutions");
    let mut files = Vec::new();
    for (extension, program) in [("cpp", "g++"), ("py", "python3")] {
        if !have(program) {
            continue;
        }
        for problem in registry::names() {
            files.push((problem, format!("buggy.{extension}")));
        }
        for (problem, file) in crate::smallest::PLANTED_BESIDE {
            if file.ends_with(&format!(".{extension}")) {
                files.push((problem, file.to_string()));
            }
        }
    }
    for (problem, file) in files {
        let path = solutions.join(problem).join(&file);
        let path = path.to_str().unwrap();
        let (status, out) = run(
            "judge",
            &[problem, path, "--quick", "--time-limit", TIME_LIMIT_MS],
        );
        assert_eq!(status, FOUND, "{problem} {file} passed --quick:\n{out}");
        assert!(out.contains("\nWA   "), "{problem} {file}:\n{out}");
    }
}
