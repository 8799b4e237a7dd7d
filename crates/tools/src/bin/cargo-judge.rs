//! `cargo judge PROBLEM [DIR...] [SOLUTION | -c COMMAND]`: verdicts for
//! every case, as a judge gives them (see `engine::judging`).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use engine::folders::Scratch;
use engine::judging::{judge_cases, Contestant, Judging};
use engine::solution::Solution;
use engine::toolchain::LANGUAGES;
use tools::args::{self, Arg, SolutionArgs};
use tools::output::ReportOutput;
use tools::{report, Ready};

const USAGE: &str = "\
usage: cargo judge PROBLEM [DIR...] [SOLUTION | -c COMMAND] [OPTIONS]
       cargo judge --check-toolchains

Runs every case NAME.in of each DIR (default: the workspace's inputs/PROBLEM,
with its flags/ cases) and gives each a verdict with its time and memory
against the judge's limits: AC, WA (with a line diff), RE (the signal and the
end of stderr), TLE (processor time past the limit, or a hang stopped at
twice it), MLE, OLE, or CE for a compile error; EXP when the output is
not the case's .out but is the workspace's answer (the .out is the odd one
out). Each verdict's first failure is shown in full, its later ones in a
line. The first TLE ends the judging: the cases after it are counted as
not run (a program that loops forever is told within its limit). An .in
without an .out is judged against the workspace's own answer. A DIR may be
a folder written by online-judge-tools (`oj d` writes test/sample-1.in and
.out).
Your solution on the workspace's cases also gets the judge suite: a few
hundred judge-valid cases made from the generators, whose passes are
counted and whose first failure is shown in full, with the `cargo gen` line
that makes it again (the suite stops there, as a judge does).

  SOLUTION            your solution instead of the workspace's: a .py, .cpp,
                      .cc, .c, .rs, .java or .js file, compiled as the judge
                      compiles it (a .py file whose #! line names pypy3 runs
                      under PyPy3), or an executable; a Python, C++, Java
                      or JavaScript file that defines a Programmers function
                      (footholds' `solution(board, aloc, bloc)`) is called
                      through a generated driver, whatever else it holds
  -c COMMAND          run a shell command as your solution
  --beyond-judge      also run your solution on the cases beyond the judge's
                      constraints (by default it gets only what the judge
                      could send; the cases with flags never run for it)
  --lang LANG         the language whose judge limits apply (py, pypy3, cpp,
                      c, rs, java, js): a -c command or an executable
                      otherwise gets the problem's base limits (-c 'pypy3
                      a.py' --lang pypy3); for a .py file, py or pypy3 says
                      which runs it
  --form FORM         how a source file is called, `function` or `program`,
                      for the odd file its structure misleads (a file that
                      defines the judge's function is called through a
                      driver; any other is run as a program)
  --time-limit MS     the time limit (processor time), instead of the judge's
  --memory-limit MIB  the memory limit (peak resident), instead of the judge's
  --output-limit MIB  the output limit (default: twice the expected output,
                      and at least 16 MiB)
  --cold              start a Python or PyPy solution afresh for every run;
                      by default each job starts its interpreter once and
                      forks it for each run (a warm start: the same
                      verdicts, its start's processor time counted in)
  --verbose           list the cases skipped for your solution, each with why
                      (else they are counted in one line)
  --quick             the golden cases and the judge suite's strongest few
                      (those that reject the most planted bugs, and one of
                      the judge's largest size, for time), not its few
                      hundred: under a second for most solutions, where the
                      whole suite takes ten seconds or more in Python
  -j, --jobs N        run N cases at a time (default: the cores the machine
                      gives this command); each case is reported in order,
                      and its verdict does not depend on N (see TLE below)
  --check-toolchains  run every language's self-test (a program that must be
                      accepted) and say which languages work on this machine

Ends with `N passed, M failed`. Exit status: 0 every case that ran passed,
1 a case failed, 2 nothing could be judged (a bad argument, no case).
";

fn main() -> ExitCode {
    tools::output::main(run)
}

/// What the command line asked for.
#[derive(Default)]
struct JudgeArgs {
    problem: Option<String>,
    dirs: Vec<PathBuf>,
    solution: SolutionArgs,
    output_mib: Option<u64>,
    check_toolchains: bool,
    /// The golden cases alone, without the judge suite.
    quick: bool,
    /// List the skipped cases, each with why.
    verbose: bool,
}

impl JudgeArgs {
    /// Takes one of the command's own flags: whether it is one.
    fn take(&mut self, arg: &Arg, parser: &mut lexopt::Parser) -> Result<bool, String> {
        let Arg::Long(flag) = arg else {
            return Ok(false);
        };
        match flag.as_str() {
            "output-limit" => {
                self.output_mib = Some(args::number(parser, "output-limit", 1, 1 << 12)?)
            }
            "check-toolchains" => self.check_toolchains = true,
            "quick" => self.quick = true,
            "verbose" => self.verbose = true,
            _ => return Ok(false),
        }
        Ok(true)
    }
}

/// The arguments, or `None` when the help was asked for (and printed).
fn read_arguments(out: &mut ReportOutput) -> Result<Option<JudgeArgs>, String> {
    let mut request = JudgeArgs::default();
    let mut solution = SolutionArgs::default();
    let take = |arg: &Arg, parser: &mut lexopt::Parser| request.take(arg, parser);
    let Some(mut values) = args::read("judge", USAGE, out, &mut solution, take)? else {
        return Ok(None);
    };
    if request.check_toolchains {
        if let Some(value) = values.next() {
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
        let Some(problem) = values.next() else {
            return Err(args::see_help("judge", "a PROBLEM is needed"));
        };
        request.problem = Some(problem.to_string_lossy().into_owned());
    }
    // After the problem: folders of cases, and at most one solution.
    for path in values.map(PathBuf::from) {
        if path.is_dir() {
            request.dirs.push(path);
        } else if value_names_a_folder(&path) {
            return Err(format!("no folder {}", path.display()));
        } else {
            solution.set_solution(Solution::from_path(&path)?)?;
        }
    }
    request.solution = solution;
    Ok(Some(request))
}

/// Whether a path that is not a folder was written as one (`tests/`).
fn value_names_a_folder(path: &Path) -> bool {
    let text = path.as_os_str().to_string_lossy();
    text.ends_with('/') || text.ends_with(std::path::MAIN_SEPARATOR)
}

fn run(out: &mut ReportOutput) -> Result<bool, String> {
    let Some(request) = read_arguments(out)? else {
        return Ok(true);
    };
    if request.check_toolchains {
        return check_toolchains(out);
    }
    let solution = request.solution.check()?;
    let problem = args::problem(request.problem.as_deref().unwrap_or_default())?;
    let info = problem.info();
    let own_folders = !request.dirs.is_empty();
    let cases = cases_of(case_folders(request.dirs, info)?)?;
    let resolved = solution.resolve(info);
    let limits = resolved.limits;
    let scratch =
        Scratch::new("judge").map_err(|e| format!("cannot make a scratch folder: {e}"))?;
    let prepared = match tools::prepare_solution(out, &resolved, info)? {
        Ready::CompileError => return Ok(false),
        Ready::Workspace => None,
        Ready::Solution(prepared) => Some(*prepared),
    };
    // A user's solution on the workspace's cases gets the judge suite too,
    // or under --quick its strongest cases alone (made here: a handful
    // costs less than reading the whole suite from the cache).
    let with_suite = !own_folders && prepared.is_some();
    let golden = cases.len();
    let mut cases = cases;
    if with_suite {
        let folder = scratch.path().join("suite");
        let suite = if request.quick {
            engine::suite::write_suite(&engine::suite::quick_suite(problem), &folder)
        } else {
            engine::suite::cached_suite(problem, &folder)
        };
        cases.extend(
            suite.map_err(|e| format!("cannot make the judge suite in the scratch folder: {e}"))?,
        );
    }
    let judging = Judging {
        problem,
        contestant: match &prepared {
            Some(prepared) => Contestant::Solution(prepared),
            None => Contestant::Workspace,
        },
        limits,
        output_limit: request.output_mib.map(|m| m << 20),
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
        quick: request.quick,
    };
    let _ = report::judge::write_heading(out, info, counts, &resolved, prepared.as_ref(), &limits);
    let running = counts.golden + counts.suite;
    let tally = judge_and_report(out, &judging, &cases, golden, running, request.verbose)?;
    if tally.passed + tally.failed == 0 {
        return Err("no case ran: every case was skipped (see above)".to_string());
    }
    Ok(tally.failed == 0)
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
        match engine::judging::check_toolchain(row.language, scratch.path()) {
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
