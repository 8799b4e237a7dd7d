//! The strength of the default `cargo judge`, measured on mutants of real
//! solutions: each correct Python and C++ file of `tests/solutions/`,
//! changed in one place (an operator turned into its neighbour, `<` into
//! `<=`, `+` into `-`, `==` into `!=`, or a number made one more or one
//! less), judged as a user judges it and stressed on a fixed count of
//! generated inputs. A mutant that the stress rejects is a wrong solution
//! that a user could have written; the default judgement must reject it
//! too. The test fails when it does not, and prints the share each
//! rejects and the seconds each took.
//!
//! The stress is `cargo stress --seed 1`'s own inputs (its seeds and
//! sizes, small first), the first [`STRESS_INPUTS`] of them, judged as a
//! folder, so that its budget is a count and the same on every machine;
//! its seconds are printed beside it. A mutant stops at the first
//! [`chunks`] of those inputs that rejects it.
//!
//! `SUITE_PROBLEMS=puyo,othello` measures those problems alone. With
//! `SUITE_POOL=1` it also judges each mutant the stress rejects on
//! every case the suite is chosen from (each problem's `suite_cases`, as
//! [`engine::suite::case_at`] makes them) and prints, per problem, the
//! cases of the judge's largest size that the suite must keep: the one
//! that costs a correct solution the most processor time (for the time
//! limits), and the fewest, chosen greedily, that reject each mutant the
//! smaller cases let through (each problem's `largest_kept`, in its
//! contract).
//!
//! It runs for many minutes (a process for each mutant and case), so it is
//! ignored; run it with `cargo test --release -p tools --test commands --
//! --ignored suite_strength --nocapture` when the suite, its generators or
//! the solutions change.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::mutants::{judge_on_suite, toolchain_of};
use crate::{have, run, scratch, workspace, SUCCESS};

/// The most mutants taken from one file, spread evenly over its changes.
const PER_FILE: usize = 15;

/// The stress's budget: this many generated inputs. 20 s of a Python
/// stress on 2 cores runs a few hundred of 2048's or Othello's inputs and
/// a couple of thousand of Puyo's; a C++ stress runs more, but the
/// mutants it rejects, it rejects within the first hundred.
const STRESS_INPUTS: usize = 600;

/// The stress's first seed, as `cargo stress --seed 1` takes it.
const STRESS_SEED: u64 = 1;

/// The files mutated in each problem's folder of `tests/solutions/`.
const FILES: [&str; 2] = ["correct.py", "correct.cpp"];

/// One change of a source file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mutant {
    /// The line changed, counted from 1.
    pub line: usize,
    /// What was there, and what is there instead.
    pub from: String,
    pub to: String,
    /// The whole changed file.
    pub text: String,
}

/// The operators changed into their neighbours, written with a space on
/// each side (as every file here writes a binary operator), so that a
/// template's `<int>`, a stream's `<<` and a unary minus are left alone.
const SWAPS: [(&str, &str); 10] = [
    (" <= ", " < "),
    (" >= ", " > "),
    (" < ", " <= "),
    (" > ", " >= "),
    (" == ", " != "),
    (" != ", " == "),
    (" + ", " - "),
    (" - ", " + "),
    (" += ", " -= "),
    (" -= ", " += "),
];

/// Every single change of `source`, in the order of the file: each
/// operator of [`SWAPS`] and each whole number outside strings (one more,
/// and one less when that is not negative). Comment lines and C's `#`
/// lines are left alone.
pub fn all_mutants(source: &str) -> Vec<Mutant> {
    let lines: Vec<&str> = source.split_inclusive('\n').collect();
    let mut found = Vec::new();
    for (at, line) in lines.iter().enumerate() {
        let code = line.trim_start();
        if code.starts_with('#') || code.starts_with("//") {
            continue;
        }
        let code = code_part(line);
        for (start, from, to) in changes_in(code) {
            let mut text: String = lines[..at].concat();
            text.push_str(&line[..start]);
            text.push_str(&to);
            text.push_str(&line[start + from.len()..]);
            text.push_str(&lines[at + 1..].concat());
            found.push(Mutant {
                line: at + 1,
                from: from.trim().to_string(),
                to: to.trim().to_string(),
                text,
            });
        }
    }
    found
}

/// A line up to its end-of-line comment, with each string's characters
/// (between quotes) blanked out, so that nothing in them is changed; the
/// same length as far as it goes, so places in it are places in the line.
fn code_part(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut quote: Option<char> = None;
    let mut chars = line.chars().peekable();
    while let Some(ch) = chars.next() {
        match quote {
            Some(q) if ch == q => {
                quote = None;
                out.push(ch);
            }
            Some(_) => out.push_str(&" ".repeat(ch.len_utf8())),
            None if ch == '"' || ch == '\'' => {
                quote = Some(ch);
                out.push(ch);
            }
            None if ch == '#' || (ch == '/' && chars.peek() == Some(&'/')) => break,
            None => out.push(ch),
        }
    }
    out
}

/// The changes in one line's code: (the byte where it starts, what is
/// there, what replaces it), in order.
fn changes_in(code: String) -> Vec<(usize, String, String)> {
    let bytes = code.as_bytes();
    let mut changes = Vec::new();
    let mut k = 0;
    while k < bytes.len() {
        if let Some((from, to)) = SWAPS.iter().find(|(from, _)| code[k..].starts_with(from)) {
            changes.push((k, from.to_string(), to.to_string()));
            // The space after it may open the next operator's match.
            k += from.len() - 1;
            continue;
        }
        let starts_number = bytes[k].is_ascii_digit()
            && (k == 0 || !(bytes[k - 1].is_ascii_alphanumeric() || b"_.".contains(&bytes[k - 1])));
        if starts_number {
            let end = (k..bytes.len())
                .find(|&e| !bytes[e].is_ascii_digit())
                .unwrap_or(bytes.len());
            let follows_word = end < bytes.len()
                && (bytes[end].is_ascii_alphabetic() || b"_.".contains(&bytes[end]));
            if !follows_word {
                if let Ok(value) = code[k..end].parse::<u64>() {
                    let from = code[k..end].to_string();
                    changes.push((k, from.clone(), (value + 1).to_string()));
                    if value > 0 {
                        changes.push((k, from, (value - 1).to_string()));
                    }
                }
            }
            k = end;
            continue;
        }
        k += 1;
    }
    changes
}

/// At most `count` of `all`, spread evenly over them (the first always),
/// the same every time.
pub fn sample(all: Vec<Mutant>, count: usize) -> Vec<Mutant> {
    if all.len() <= count {
        return all;
    }
    let total = all.len();
    let picks: BTreeSet<usize> = (0..count).map(|i| i * total / count).collect();
    all.into_iter()
        .enumerate()
        .filter(|(k, _)| picks.contains(k))
        .map(|(_, m)| m)
        .collect()
}

/// The places where the stress's inputs are cut into chunks, each twice
/// the last: a mutant stops at the first chunk that rejects it, so that
/// one that the first inputs reject costs a few runs.
fn chunks(total: usize) -> Vec<std::ops::Range<usize>> {
    let mut ranges = Vec::new();
    let (mut start, mut size) = (0, 25);
    while start < total {
        let end = (start + size).min(total);
        ranges.push(start..end);
        start = end;
        size *= 2;
    }
    ranges
}

/// Writes the stress's first [`STRESS_INPUTS`] inputs of `problem` with
/// the workspace's answers, a folder for each of [`chunks`].
fn stress_folders(problem: &'static dyn problem_kit::AnyProblem) -> Vec<PathBuf> {
    let name = problem.info().name;
    let largest = problem.largest_size(problem_kit::Space::Judge);
    chunks(STRESS_INPUTS)
        .into_iter()
        .enumerate()
        .map(|(c, range)| {
            let dir = scratch(&format!("suite-strength-{name}-stress-{c}"));
            for k in range {
                let size = engine::stress::search_size(k as u64, largest);
                let seed = STRESS_SEED + k as u64;
                let input = problem.generate(seed, size, problem_kit::Space::Judge);
                let expected = problem
                    .judge_output(input.as_bytes())
                    .expect("the workspace answers its generator's inputs");
                std::fs::write(dir.join(format!("{k:04}.in")), input).unwrap();
                std::fs::write(dir.join(format!("{k:04}.out")), expected).unwrap();
            }
            dir
        })
        .collect()
}

/// What the default judgement and the stress did with one file.
struct Judged {
    judge_rejects: bool,
    judge_seconds: f64,
    stress_rejects: bool,
    stress_seconds: f64,
    /// How many of the stress's inputs ran (up to the rejecting chunk's
    /// end).
    stress_inputs: usize,
    /// The report of the run that rejected it, if one did.
    rejected_by: String,
}

/// Judges `file` with the default `cargo judge`, then stresses it on the
/// chunks in `stress` until one rejects it.
fn judge_and_stress(problem: &str, file: &Path, stress: &[PathBuf]) -> Judged {
    let file = file.to_str().unwrap();
    let started = Instant::now();
    let (status, judged) = run("judge", &[problem, file]);
    let judge_seconds = started.elapsed().as_secs_f64();
    let mut rejected_by = if status == SUCCESS {
        String::new()
    } else {
        judged
    };
    let started = Instant::now();
    let mut stress_rejects = false;
    let mut stress_inputs = 0;
    for dir in stress {
        let (status, stressed) = run("judge", &[problem, dir.to_str().unwrap(), file]);
        stress_inputs += std::fs::read_dir(dir).unwrap().count() / 2;
        if status != SUCCESS {
            stress_rejects = true;
            rejected_by.push_str(&stressed);
            break;
        }
    }
    Judged {
        judge_rejects: status != SUCCESS,
        judge_seconds,
        stress_rejects,
        stress_seconds: started.elapsed().as_secs_f64(),
        stress_inputs,
        rejected_by,
    }
}

#[test]
fn every_correct_file_has_mutants_one_change_each() {
    for problem in registry::ALL {
        let name = problem.info().name;
        for file in FILES {
            let path = workspace().join("tests/solutions").join(name).join(file);
            let source = std::fs::read_to_string(&path).unwrap();
            let all = all_mutants(&source);
            let picked = sample(all.clone(), PER_FILE);
            assert_eq!(
                picked.len(),
                PER_FILE,
                "{name} {file}: {} changes",
                all.len()
            );
            assert_eq!(picked, sample(all, PER_FILE), "the same every time");
            for mutant in &picked {
                let changed: Vec<(&str, &str)> = source
                    .lines()
                    .zip(mutant.text.lines())
                    .filter(|(a, b)| a != b)
                    .collect();
                assert_eq!(changed.len(), 1, "{name} {file}: {mutant:?}");
                assert_eq!(source.lines().count(), mutant.text.lines().count());
                assert!(
                    changed[0].1.contains(&mutant.to),
                    "{name} {file}: {mutant:?}"
                );
            }
        }
    }
    // Strings, comments, includes, templates and streams are left alone.
    let cpp = "#include <bits/stdc++.h>\nvector<int> v; // i < 3\ncout << \"a < 1\" << x - 1;\n";
    let changes: Vec<(String, String)> = all_mutants(cpp)
        .into_iter()
        .map(|m| (m.from, m.to))
        .collect();
    let pairs = [("-", "+"), ("1", "2"), ("1", "0")];
    let expected: Vec<(String, String)> = pairs
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    assert_eq!(changes, expected);
}

#[test]
#[ignore = "many minutes of runs: the default judgement's strength on mutants"]
fn suite_strength() {
    let pool = std::env::var_os("SUITE_POOL").is_some();
    let only = std::env::var("SUITE_PROBLEMS").unwrap_or_default();
    let mut missed = Vec::new();
    let mut totals = Vec::new();
    for problem in registry::ALL {
        let name = problem.info().name;
        if !only.is_empty() && !only.split(',').any(|p| p == name) {
            continue;
        }
        let stress = stress_folders(*problem);
        let mut pool = pool.then(|| Pool::measure(*problem));
        for file in FILES {
            let path = workspace().join("tests/solutions").join(name).join(file);
            if !have(toolchain_of(&path)) {
                continue;
            }
            let right = judge_and_stress(name, &path, &stress);
            assert!(
                !right.judge_rejects && !right.stress_rejects,
                "{name} {file}: the correct file is rejected:\n{}",
                right.rejected_by
            );
            println!(
                "{name} {file}: correct: judged in {:.1} s, stressed on {} inputs in {:.1} s",
                right.judge_seconds, right.stress_inputs, right.stress_seconds
            );
            let source = std::fs::read_to_string(&path).unwrap();
            let mutants = sample(all_mutants(&source), PER_FILE);
            let (mut judged, mut stressed, mut judge_s, mut stress_s) = (0, 0, 0.0, 0.0);
            for (m, mutant) in mutants.iter().enumerate() {
                let dir = scratch(&format!("suite-strength-{name}-{file}-{m}"));
                let changed = dir.join(file);
                std::fs::write(&changed, &mutant.text).unwrap();
                let result = judge_and_stress(name, &changed, &stress);
                let what = format!(
                    "{name} {file} line {}: {} -> {}",
                    mutant.line, mutant.from, mutant.to
                );
                println!(
                    "{what}: judge {} ({:.1} s), stress {} ({} inputs, {:.1} s)",
                    verdict(result.judge_rejects),
                    result.judge_seconds,
                    verdict(result.stress_rejects),
                    result.stress_inputs,
                    result.stress_seconds
                );
                judged += usize::from(result.judge_rejects);
                stressed += usize::from(result.stress_rejects);
                judge_s += result.judge_seconds;
                stress_s += result.stress_seconds;
                if result.stress_rejects && !result.judge_rejects {
                    missed.push(what.clone());
                }
                if let (Some(pool), true) = (pool.as_mut(), result.stress_rejects) {
                    pool.add(what, &changed);
                }
                let _ = std::fs::remove_dir_all(&dir);
            }
            totals.push(format!(
                "{name} {file}: {} mutants: the default judge rejects {judged} ({:.0}%) in \
                 {judge_s:.1} s, {STRESS_INPUTS} stress inputs reject {stressed} ({:.0}%) in \
                 {stress_s:.1} s",
                mutants.len(),
                share(judged, mutants.len()),
                share(stressed, mutants.len()),
            ));
        }
        for dir in &stress {
            let _ = std::fs::remove_dir_all(dir);
        }
        if let Some(pool) = pool {
            println!("{}", pool.left_out());
        }
    }
    println!("{}", totals.join("\n"));
    assert!(
        missed.is_empty(),
        "mutants the stress rejects and the default judge accepts:\n{}",
        missed.join("\n")
    );
}

/// "rejects" or "accepts".
fn verdict(rejects: bool) -> &'static str {
    if rejects {
        "rejects"
    } else {
        "accepts"
    }
}

/// `part` of `whole` in percent.
fn share(part: usize, whole: usize) -> f64 {
    100.0 * part as f64 / whole.max(1) as f64
}

/// The suite's whole pool of one problem (its `suite_cases`, as
/// [`engine::suite::case_at`] makes them), what each case costs the
/// correct files, and which cases reject each mutant the stress rejects.
struct Pool {
    problem: &'static dyn problem_kit::AnyProblem,
    cases: Vec<engine::suite::SuiteCase>,
    /// Each case's work for the correct files: their processor time less
    /// their cheapest case's (which is a run's start), summed.
    work: Vec<f64>,
    /// The cases that may be left out: those whose work is over the
    /// median and at least 10 ms, not `quick_cases`, the dearest first.
    /// The cheaper half of the pool stays whole, a net for the mutants
    /// not sampled.
    dear: Vec<usize>,
    /// Each mutant, and the cases that reject it.
    rejected: Vec<(String, BTreeSet<usize>)>,
}

impl Pool {
    /// Judges the correct files on the whole pool, for what each case
    /// costs.
    fn measure(problem: &'static dyn problem_kit::AnyProblem) -> Pool {
        let info = problem.info();
        let cases: Vec<engine::suite::SuiteCase> = (0..info.suite_cases)
            .map(|k| engine::suite::case_at(problem, k).expect("every suite case is answered"))
            .collect();
        let mut work = vec![0.0; cases.len()];
        for file in FILES {
            let path = workspace()
                .join("tests/solutions")
                .join(info.name)
                .join(file);
            if !have(toolchain_of(&path)) {
                continue;
            }
            let record = judge_on_suite(info.name, &cases, &path);
            let start = record.cpu.values().copied().fold(f64::INFINITY, f64::min);
            for (k, cpu) in &record.cpu {
                work[*k] += cpu - start;
            }
        }
        let median = median(work.iter().copied());
        let mut dear: Vec<usize> = (0..cases.len())
            .filter(|&k| work[k] > median && work[k] >= 10.0)
            .filter(|k| !info.quick_cases.contains(&(*k as u64)))
            .collect();
        dear.sort_by(|&a, &b| work[b].total_cmp(&work[a]).then(a.cmp(&b)));
        println!(
            "{}: work per case (ms): {:?}",
            info.name,
            work.iter().map(|w| w.round() as i64).collect::<Vec<_>>()
        );
        Pool {
            problem,
            cases,
            work,
            dear,
            rejected: Vec::new(),
        }
    }

    /// Judges a mutant on the pool: its cheap cases a chunk at a time until
    /// two reject it (then leaving out dear cases cannot let it through),
    /// and the dear ones when fewer do.
    fn add(&mut self, label: String, file: &Path) {
        let cheap: Vec<usize> = (0..self.cases.len())
            .filter(|k| !self.dear.contains(k))
            .collect();
        let mut failed = BTreeSet::new();
        for chunk in cheap.chunks(40) {
            failed.extend(self.judge_on(chunk, file));
            if failed.len() >= 2 {
                break;
            }
        }
        if failed.len() < 2 {
            let dear = self.dear.clone();
            failed.extend(self.judge_on(&dear, file));
        }
        println!(
            "{}: {label}: rejected by {failed:?}",
            self.problem.info().name
        );
        self.rejected.push((label, failed));
    }

    /// The places among `places` whose cases `file` fails.
    fn judge_on(&self, places: &[usize], file: &Path) -> Vec<usize> {
        let cases: Vec<engine::suite::SuiteCase> =
            places.iter().map(|&k| self.cases[k].clone()).collect();
        let record = judge_on_suite(self.problem.info().name, &cases, file);
        record.failed.iter().map(|&i| places[i]).collect()
    }

    /// The cases the suite may leave out: of the dear cases, the dearest
    /// first, each one without which every mutant is still rejected by as
    /// many kept cases as it was, up to two, and which is not its size's
    /// last case, nor the last of the pool's largest answer (where a value
    /// overflows its type, which no one-change mutant shows). The row for
    /// the problem's contract.
    fn left_out(&self) -> String {
        let info = self.problem.info();
        let largest = self.problem.largest_size(problem_kit::Space::Judge);
        let size = |k: usize| engine::suite::size_of(k as u64, largest);
        let needed = |kept: &BTreeSet<usize>, failed: &BTreeSet<usize>| {
            failed.iter().filter(|k| kept.contains(k)).count().min(2)
        };
        // An answer as a number, for the largest (none when it is not one).
        let answer = |expected: &Vec<u8>| -> Option<u64> {
            String::from_utf8_lossy(expected).trim().parse().ok()
        };
        let mut kept: BTreeSet<usize> = (0..self.cases.len()).collect();
        let mut out = Vec::new();
        let largest_answer = (self.cases.iter())
            .map(|case| &case.expected)
            .filter(|e| answer(e).is_some())
            .max_by_key(|e| answer(e));
        for &k in &self.dear {
            let mut without = kept.clone();
            without.remove(&k);
            let strong = self
                .rejected
                .iter()
                .all(|(_, failed)| needed(&without, failed) == needed(&kept, failed));
            let is_largest = |j: usize| Some(&self.cases[j].expected) == largest_answer;
            if strong
                && without.iter().any(|&j| size(j) == size(k))
                && (!is_largest(k) || without.iter().any(|&j| is_largest(j)))
            {
                kept = without;
                out.push(k);
            }
        }
        out.sort_unstable();
        let total: f64 = self.work.iter().sum();
        let saved: f64 = out.iter().map(|&k| self.work[k]).sum();
        format!(
            "{}: {} mutants the stress rejects; the pool's work {total:.0} ms, the cases left \
             out {saved:.0} ms of it:\n    left_out: &{out:?},",
            info.name,
            self.rejected.len(),
        )
    }
}

/// The median of some figures (0 for none).
fn median(figures: impl Iterator<Item = f64>) -> f64 {
    let mut figures: Vec<f64> = figures.collect();
    figures.sort_by(f64::total_cmp);
    figures.get(figures.len() / 2).copied().unwrap_or(0.0)
}
