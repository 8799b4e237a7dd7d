//! `cargo judge PROBLEM [DIR...] [SOLUTION | -c COMMAND]`: verdicts for
//! every case, as a judge gives them (see `engine::judging`).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use engine::folders::Scratch;
use engine::judging::{judge_cases, Judging};
use engine::solution::Contestant;
use engine::solution::Solution;
use engine::toolchain::LANGUAGES;
use tools::args::{self, Args};
use tools::output::ReportOutput;
use tools::report;

const SYNOPSIS: &str = "\
usage: cargo judge PROBLEM [DIR...] [SOLUTION | -c COMMAND] [OPTIONS]
       cargo judge --check-toolchains";

const ABOUT: &str = "Runs every case NAME.in of each DIR (default: the workspace's \
inputs/PROBLEM, with its flags/ cases) and gives each a verdict with its time and memory against \
the judge's limits: AC, WA (with a line diff), RE (the signal and the end of stderr), TLE \
(processor time past the limit, or a hang stopped at twice it), MLE, OLE, or CE for a compile \
error; EXP when the output is not the case's .out but is the workspace's answer (the .out is the \
odd one out). Each verdict's first failure is shown in full, its later ones in a line. The first \
TLE ends the judging: the cases after it are counted as not run (a program that loops forever is \
told within its limit). An .in without an .out is judged against the workspace's own answer. A \
DIR may be a folder written by online-judge-tools (`oj d` writes test/sample-1.in and .out).

Your solution on the workspace's cases also gets the judge suite: a few hundred judge-valid cases \
made from the generators, whose passes are counted and whose first failure is shown in full, \
with the `cargo gen` line that makes it again (the suite stops there, as a judge does).

SOLUTION is your solution instead of the workspace's: a file ending in one of {EXTS}, compiled \
as the judge compiles it (where languages share an ending, a #! line chooses: {SHEBANGS}), or \
an executable. A file in a language with a driver ({DRIVEN}) that defines the function a judge \
calls (footholds' `solution(board, aloc, bloc)`) is called through a generated driver, whatever \
else it holds.";

const AFTER: &str = "Ends with `N passed, M failed`.\n";

fn main() -> ExitCode {
    tools::output::main(run)
}

/// The arguments, or `None` when the help was asked for (and printed):
/// the problem (none for `--check-toolchains`), the folders of cases among
/// the values, and the rest.
fn read_arguments(out: &mut ReportOutput) -> Result<Option<(String, Vec<PathBuf>, Args)>, String> {
    let help = || args::help("judge", SYNOPSIS, ABOUT, AFTER);
    let Some(mut args) = args::read("judge", help, out)? else {
        return Ok(None);
    };
    let (mut problem, mut dirs) = (String::new(), Vec::new());
    if args.check_toolchains {
        if let Some(value) = args.values.first() {
            return Err(args::see_help(
                "judge",
                &format!(
                    "--check-toolchains tries every language alone: it takes no PROBLEM, folder \
                     or SOLUTION, not {:?}",
                    value.to_string_lossy()
                ),
            ));
        }
    } else {
        problem = args.problem("judge")?;
    }
    // After the problem: folders of cases, and at most one solution.
    for path in std::mem::take(&mut args.values)
        .into_iter()
        .map(PathBuf::from)
    {
        if path.is_dir() {
            dirs.push(path);
        } else if value_names_a_folder(&path) {
            return Err(format!("no folder {}", path.display()));
        } else {
            args.solution.set_solution(Solution::from_path(&path)?)?;
        }
    }
    Ok(Some((problem, dirs, args)))
}

/// Whether a path that is not a folder was written as one (`tests/`).
fn value_names_a_folder(path: &Path) -> bool {
    let text = path.as_os_str().to_string_lossy();
    text.ends_with('/') || text.ends_with(std::path::MAIN_SEPARATOR)
}

fn run(out: &mut ReportOutput) -> Result<bool, String> {
    let Some((problem, dirs, args)) = read_arguments(out)? else {
        return Ok(true);
    };
    if args.check_toolchains {
        return check_toolchains(out);
    }
    let solution = args.solution.check()?;
    let problem = args::problem(&problem)?;
    let info = problem.info();
    let own_folders = !dirs.is_empty();
    let mut cases = cases_of(case_folders(dirs, info)?)?;
    let resolved = solution.resolve(info);
    let limits = resolved.limits;
    let scratch =
        Scratch::new("judge").map_err(|e| format!("cannot make a scratch folder: {e}"))?;
    let Ok(prepared) = tools::prepare_solution(out, &resolved, info)? else {
        return Ok(false);
    };
    // A user's solution on the workspace's cases gets the judge suite too.
    let golden = cases.len();
    if !own_folders && prepared.is_some() {
        cases.extend(suite_cases(problem, args.quick, scratch.path())?);
    }
    let judging = Judging {
        problem,
        contestant: prepared.as_ref().into(),
        limits,
        output_limit: args.output_mib.map(|m| m << 20),
        beyond_judge: resolved.beyond_judge,
        judge_formatting: own_folders,
        scratch: scratch.path(),
        jobs: resolved.jobs,
    };
    // The heading counts the cases that run for this solution; the
    // summary, those skipped.
    let counts = report::judge::Counts {
        golden: cases[..golden]
            .iter()
            .filter(|case| engine::judging::runs(&judging, case))
            .count(),
        suite: cases.len() - golden,
        quick: args.quick,
    };
    let _ = report::judge::write_heading(out, info, counts, &resolved, prepared.as_ref(), &limits);
    let running = counts.golden + counts.suite;
    let tally = judge_and_report(out, &judging, &cases, golden, running, args.verbose)?;
    if tally.passed + tally.failed == 0 {
        return Err("no case ran: every case was skipped (see above)".to_string());
    }
    Ok(tally.failed == 0)
}

/// The judge suite's cases, written under `scratch`: under --quick its
/// strongest alone, made here (a handful costs less than reading the whole
/// suite from the cache).
fn suite_cases(
    problem: &dyn problem_kit::AnyProblem,
    quick: bool,
    scratch: &Path,
) -> Result<Vec<engine::cases::Case>, String> {
    let folder = scratch.join("suite");
    let suite = if quick {
        engine::suite::write_suite(&engine::suite::quick_suite(problem), &folder)
    } else {
        engine::suite::cached_suite(problem, &folder)
    };
    suite.map_err(|e| format!("cannot make the judge suite in the scratch folder: {e}"))
}

/// Judges `cases` (the first `golden` of them the folders', and `running`
/// of them to run), writing each case's report as it comes, then the
/// summary (listing the skipped cases when `verbose`): the tally.
fn judge_and_report(
    out: &mut ReportOutput,
    judging: &Judging,
    cases: &[engine::cases::Case],
    golden: usize,
    running: usize,
    verbose: bool,
) -> Result<engine::judging::Tally, String> {
    let width = report::judge::name_width(cases[..golden].iter().map(|c| c.name.as_str()));
    let mut progress = report::judge::JudgingProgress::new(running);
    let no_names = engine::toolchain::names::UsersNames::default();
    let names = match judging.contestant {
        Contestant::Solution(prepared) => &prepared.names,
        Contestant::Workspace => &no_names,
    };
    let info = judging.problem.info();
    let mut case_report = report::case::CaseReport::new(info.name, width, names);
    let tally = judge_cases(judging, cases, &mut |result| {
        // The progress line is cleared first, so that a case's lines
        // start at the left edge of a terminal.
        if report::judge::is_listed(&result) {
            progress.clear();
        }
        let written = case_report.write(out, &result);
        let _ = out.flush();
        progress.step(&result);
        written
    })
    .map_err(|e| e.to_string())?;
    progress.clear();
    let summary = report::judge::Summary {
        verbose,
        brief: case_report.brief,
    };
    let time = judging.limits.time;
    let _ = report::judge::write_summary(out, &tally, time, &progress, summary);
    Ok(tally)
}

/// The cases of `dirs`. A folder of no case is a solution mistaken for a
/// folder of cases, never a folder to pass over in silence.
fn cases_of(dirs: Vec<PathBuf>) -> Result<Vec<engine::cases::Case>, String> {
    for dir in &dirs {
        if engine::cases::discover(std::slice::from_ref(dir))?.is_empty() {
            return Err(format!(
                "{} holds no case (NAME.in files): a folder is taken for cases, and a \
                 SOLUTION is one file (the source, or an executable)",
                engine::text::printable(&dir.display().to_string())
            ));
        }
    }
    engine::cases::discover(&dirs)
}

/// The folders to judge: those given, else the workspace's golden folder.
fn case_folders(mut dirs: Vec<PathBuf>, info: &problem_kit::Info) -> Result<Vec<PathBuf>, String> {
    if dirs.is_empty() {
        let golden = tools::workspace_root().join("inputs").join(info.name);
        if !golden.is_dir() {
            return Err(format!(
                "the workspace's cases are not at {} (has the checkout moved?); name a folder of \
                 cases: cargo judge {} DIR",
                golden.display(),
                info.name
            ));
        }
        dirs.push(golden);
    }
    Ok(dirs)
}

/// Every language's self-test, a line each: `ok` with how it ran, or why
/// it does not work here.
fn check_toolchains(out: &mut ReportOutput) -> Result<bool, String> {
    let scratch =
        Scratch::new("toolchains").map_err(|e| format!("cannot make a scratch folder: {e}"))?;
    let (mut passed, mut failed) = (0, 0);
    for row in LANGUAGES {
        match engine::self_test::check_toolchain(row.language, scratch.path()) {
            Ok((how, took)) => {
                passed += 1;
                let _ = writeln!(
                    out,
                    "ok   {:<6} {:<10} {how}; echoed a line in {:.1} ms",
                    row.flag,
                    row.name,
                    took.as_secs_f64() * 1000.0
                );
            }
            Err(why) => {
                failed += 1;
                let first = why.lines().next().unwrap_or_default();
                let _ = writeln!(out, "no   {:<6} {:<10} {first}", row.flag, row.name);
            }
        }
        let _ = out.flush();
    }
    let _ = writeln!(out, "what holds a run on this machine:");
    for line in engine::runner::contain::containment().report() {
        let _ = writeln!(out, "{line}");
    }
    let _ = writeln!(out, "{passed} passed, {failed} failed");
    Ok(failed == 0)
}
