//! The measurement behind `cargo judge --quick`'s cases
//! (each problem's `quick_cases`, in its contract): every planted bug of `tests/solutions/` (each
//! `buggy.*`, and the files of [`PLANTED_BESIDE`]; the models in
//! [`crate::smallest`] are these same bugs, line for line) judged on the
//! whole judge suite, each case's verdict recorded, then the fewest cases
//! that reject every bug, chosen greedily, and a case of the judge's
//! largest size, the one that costs a correct solution the most processor
//! time where one stands out (see [`costliest`]).
//!
//! It runs for minutes (a process for each bug and case), so it is
//! ignored; run it with `cargo test --release -p tools --test commands --
//! --ignored mutants --nocapture`, and copy the rows it prints into
//! each problem's `quick_cases` when the suite, its generators or the planted bugs
//! change. The suite's cases are named here by their place in the suite as
//! it is made (`k`), the number `quick_cases` holds.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::smallest::PLANTED_BESIDE;
use crate::{have, run, scratch, workspace};

/// The verdict codes that open a case's line in a report.
const CODES: [&str; 9] = ["AC", "WA", "RE", "TLE", "MLE", "OLE", "CE", "EXP", "BAD"];

/// What one file did on the suite: the cases it failed, and the processor
/// time of each case it passed or failed, in milliseconds.
#[derive(Default)]
pub struct Record {
    pub failed: BTreeSet<usize>,
    pub cpu: BTreeMap<usize, f64>,
}

#[test]
#[ignore = "minutes of runs: the measurement behind each problem's quick_cases"]
fn mutants() {
    let mut rows = Vec::new();
    for problem in registry::ALL {
        let name = problem.info().name;
        // In the order they are made, as `quick_cases` counts them.
        let suite: Vec<engine::suite::SuiteCase> = (0..problem.info().suite_cases)
            .map(|k| engine::suite::case_at(*problem, k).expect("every suite case is answered"))
            .collect();
        let largest = problem.largest_size(problem_kit::Space::Judge);
        let sizes: Vec<usize> = suite
            .iter()
            .map(|case| {
                let rest = case.name.strip_prefix("suite/size-").unwrap();
                rest.split('-').next().unwrap().parse().unwrap()
            })
            .collect();
        let folder = workspace().join("tests/solutions").join(name);
        let mut files: Vec<PathBuf> = std::fs::read_dir(&folder)
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|path| {
                let file = path.file_name().unwrap().to_string_lossy();
                file.starts_with("buggy.")
                    || PLANTED_BESIDE.contains(&(name, file.as_ref()))
                    || file == "correct.py"
                    || file == "correct.cpp"
            })
            .filter(|path| have(toolchain_of(path)))
            .collect();
        files.sort();
        let mut records = BTreeMap::new();
        for file in &files {
            let record = judge_on_suite(name, &suite, file);
            let label = file.file_name().unwrap().to_string_lossy().into_owned();
            println!(
                "{name} {label}: fails {} of {} suite cases: {:?}",
                record.failed.len(),
                suite.len(),
                record.failed
            );
            records.insert(label, record);
        }
        let bugs: BTreeMap<&String, &BTreeSet<usize>> = records
            .iter()
            .filter(|(label, _)| !label.starts_with("correct."))
            .map(|(label, record)| (label, &record.failed))
            .collect();
        let cover = greedy_cover(&bugs, &sizes);
        let largest_cases: Vec<usize> = (0..suite.len()).filter(|&k| sizes[k] == largest).collect();
        let cost = |k: usize| -> f64 {
            records
                .iter()
                .filter(|(label, _)| label.starts_with("correct."))
                .map(|(_, record)| record.cpu.get(&k).copied().unwrap_or(0.0))
                .sum()
        };
        let strength = |k: usize| bugs.values().filter(|failed| failed.contains(&k)).count();
        let slowest = costliest(&largest_cases, cost, strength);
        println!(
            "{name}: the cover {cover:?}; of the largest size {slowest} ({:.1} ms of the \
             correct files' processor time; the median of that size's cases {:.1} ms)",
            cost(slowest),
            median(largest_cases.iter().map(|&k| cost(k)))
        );
        let mut row = cover.clone();
        if !row.contains(&slowest) {
            row.push(slowest);
        }
        for bug in bugs.keys() {
            let caught = row.iter().any(|k| bugs[bug].contains(k));
            println!("{name} {bug}: caught by the row: {caught}");
        }
        rows.push(format!("    {name}: quick_cases: &{row:?},"));
    }
    println!(
        "each problem's quick_cases (its contract.rs):\n{}",
        rows.join("\n")
    );
}

/// The case of the judge's largest size for the row: the one that costs
/// the correct solutions the most processor time when it costs them at
/// least twice the median of that size's cases (a case that is slow for a
/// right solution, so that a slower one gets a TLE, as 2048 (Hard)'s
/// 20 x 20 boards are); otherwise their times are a process's start and
/// the machine's noise, and the case that rejects the most bugs is taken
/// (the earliest on a tie), so that the row is the same on every run.
fn costliest(
    cases: &[usize],
    cost: impl Fn(usize) -> f64,
    strength: impl Fn(usize) -> usize,
) -> usize {
    let median = median(cases.iter().map(|&k| cost(k)));
    let dearest = *cases
        .iter()
        .max_by(|&&a, &&b| cost(a).total_cmp(&cost(b)))
        .expect("a case of the largest size");
    if cost(dearest) >= 2.0 * median {
        return dearest;
    }
    *cases
        .iter()
        .max_by_key(|&&k| (strength(k), std::cmp::Reverse(k)))
        .expect("a case of the largest size")
}

/// The median of some figures (0 for none).
fn median(figures: impl Iterator<Item = f64>) -> f64 {
    let mut figures: Vec<f64> = figures.collect();
    figures.sort_by(f64::total_cmp);
    figures.get(figures.len() / 2).copied().unwrap_or(0.0)
}

/// The program a file needs, to tell whether this machine can run it.
pub fn toolchain_of(path: &Path) -> &'static str {
    match path.extension().and_then(|x| x.to_str()) {
        Some("py") => "python3",
        Some("cpp") => "g++",
        Some("java") => "javac",
        Some("js") => "node",
        other => panic!("no toolchain for {other:?}"),
    }
}

/// Judges `file` on every case of `suite`, written into a folder of its
/// own with the cases named by their place in the suite: what it failed
/// and what each case cost. A judging that ends early (at a first TLE) is
/// taken up again on the cases it did not run, up to [`ROUNDS`] times (a
/// mutant that loops forever would take a round for each case).
pub fn judge_on_suite(problem: &str, suite: &[engine::suite::SuiteCase], file: &Path) -> Record {
    let mut record = Record::default();
    let mut left: BTreeSet<usize> = (0..suite.len()).collect();
    let label = file.file_name().unwrap().to_string_lossy().into_owned();
    for round in 0.. {
        let dir = scratch(&format!("mutants-{problem}-{label}-{round}"));
        for &k in &left {
            std::fs::write(dir.join(format!("{k:03}.in")), &suite[k].input).unwrap();
            std::fs::write(dir.join(format!("{k:03}.out")), &suite[k].expected).unwrap();
        }
        let (_, out) = run(
            "judge",
            &[problem, dir.to_str().unwrap(), file.to_str().unwrap()],
        );
        let mut seen = 0;
        for line in out.lines() {
            let mut words = line.split_whitespace();
            let (Some(code), Some(case)) = (words.next(), words.next()) else {
                continue;
            };
            let Ok(k) = case.parse::<usize>() else {
                continue;
            };
            if !CODES.contains(&code) || !left.remove(&k) {
                continue;
            }
            seen += 1;
            if code != "AC" {
                record.failed.insert(k);
            }
            if let Some(cpu) = line.split("(cpu").nth(1) {
                let ms = cpu.split_whitespace().next().unwrap_or("0");
                record.cpu.insert(k, ms.parse().unwrap_or(0.0));
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
        // A file that does not compile fails every case.
        if seen == 0 && out.lines().any(|line| line.starts_with("CE ")) {
            record.failed.extend(left);
            break;
        }
        if round + 1 == ROUNDS && seen > 0 {
            break;
        }
        if seen == 0 || left.is_empty() {
            assert!(left.is_empty(), "{problem} {label}: no case judged:\n{out}");
            break;
        }
    }
    record
}

/// The most judgings of one file on the suite: the cases a file that
/// times out on every one has not reached by then are left unjudged.
const ROUNDS: usize = 8;

/// How many of the chosen cases must reject each bug: two, so that the
/// row is a net for bugs near these, not one case that happens to show
/// each.
const DEPTH: usize = 2;

/// The fewest cases, chosen greedily, that reject every bug some case
/// rejects, each [`DEPTH`] times where it can: each time the case that
/// rejects the most bugs still short, the smaller (cheaper) case on a tie,
/// then the earlier.
fn greedy_cover(bugs: &BTreeMap<&String, &BTreeSet<usize>>, sizes: &[usize]) -> Vec<usize> {
    let mut short: BTreeMap<&String, usize> = BTreeMap::new();
    for (bug, failed) in bugs {
        if failed.is_empty() {
            println!("{bug}: no suite case rejects it");
        } else {
            short.insert(bug, DEPTH.min(failed.len()));
        }
    }
    let mut cover: Vec<usize> = Vec::new();
    while short.values().any(|&n| n > 0) {
        let rejects = |k: usize| {
            short
                .iter()
                .filter(|(bug, n)| **n > 0 && bugs[*bug].contains(&k))
                .count()
        };
        let best = (0..sizes.len())
            .filter(|k| !cover.contains(k))
            .max_by_key(|&k| {
                (
                    rejects(k),
                    std::cmp::Reverse(sizes[k]),
                    std::cmp::Reverse(k),
                )
            })
            .unwrap();
        for (bug, n) in short.iter_mut() {
            if bugs[*bug].contains(&best) {
                *n = n.saturating_sub(1);
            }
        }
        cover.push(best);
    }
    cover
}
