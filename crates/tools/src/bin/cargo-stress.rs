//! `cargo stress PROBLEM [SOLUTION | -c COMMAND]`: generated inputs, small
//! first, until an answer is wrong or time runs out; the failure shrunk and
//! saved (see `engine::stress`).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use engine::folders::{private_folder, user_id, Scratch};
use engine::runner::interrupt;
use engine::solution::Contestant;
use engine::solution::Solution;
use engine::stress::{search, shrink, Failure, Search};
use problem_kit::{AnyProblem, Space};
use tools::args::{self, Args, Resolved};
use tools::output::ReportOutput;
use tools::report;

const SYNOPSIS: &str = "usage: cargo stress PROBLEM [SOLUTION | -c COMMAND] [OPTIONS]";

const ABOUT: &str = "With a SOLUTION (a file ending in one of {EXTS}, compiled as the judge \
compiles it, or an executable), runs it on generated inputs within the judge's constraints, \
small first, and holds it to the workspace's fast solver: a wrong answer, a crash or a limit \
exceeded is a failure. Without one, holds the workspace's fast solver to its reference on inputs \
within the judge's constraints and beyond them.

A failure is run twice more, and shrunk to a locally minimal input (no single simplification of \
it still fails: a puyo dropped, a row and column removed, a tile lowered, a move or a case \
dropped), each smaller failure run twice more too: runs of one input that disagree are reported \
as nondeterministic, and end the shrink. The failure is printed with both answers and their \
diff, and saved as seed-S.in with the expected answer as seed-S.out (seed-S-2.in when the name \
is taken: never over a file).";

fn main() -> ExitCode {
    tools::output::main(run)
}

/// The arguments, or `None` when the help was asked for (and printed):
/// the problem, and the rest.
fn read_arguments(out: &mut ReportOutput) -> Result<Option<(String, Args)>, String> {
    let help = || args::help("stress", SYNOPSIS, ABOUT, "");
    let Some(mut args) = args::read("stress", help, out)? else {
        return Ok(None);
    };
    let problem = args.problem("stress")?;
    for path in std::mem::take(&mut args.values)
        .into_iter()
        .map(PathBuf::from)
    {
        args.solution.set_solution(Solution::from_path(&path)?)?;
    }
    Ok(Some((problem, args)))
}

fn run(out: &mut ReportOutput) -> Result<bool, String> {
    let Some((problem, args)) = read_arguments(out)? else {
        return Ok(true);
    };
    let solution = args.solution.check()?;
    let problem = args::problem(&problem)?;
    let info = problem.info();
    let spaces = match (&solution.solution, solution.beyond_judge) {
        (Some(_), false) => vec![Space::Judge],
        _ => vec![Space::Judge, Space::Beyond],
    };
    let largest = largest_size(problem, &spaces, args.size)?;
    let first_seed = args.seed.unwrap_or_else(clock_seed);
    let save_dir = save_folder(args.save.as_deref(), info.name)?;
    let scratch =
        Scratch::new("stress").map_err(|e| format!("cannot make a scratch folder: {e}"))?;
    let resolved = solution.resolve(info);
    let limits = resolved.limits;
    let Ok(prepared) = tools::prepare_solution(out, &resolved, info)? else {
        return Ok(false);
    };
    let line = report::status::StatusLine::on_stderr();
    let started = std::time::Instant::now();
    // The largest size reached, not the last input's: sizes go round.
    let largest_reached = std::sync::atomic::AtomicUsize::new(0);
    let progress = |progress| {
        if let engine::stress::Progress::Searching { size, .. } = progress {
            largest_reached.fetch_max(size, std::sync::atomic::Ordering::Relaxed);
        }
        let largest = largest_reached.load(std::sync::atomic::Ordering::Relaxed);
        line.draw(|| report::stress::progress_text(progress, largest, started))
    };
    let plan = Search {
        problem,
        contestant: prepared.as_ref().into(),
        limits,
        scratch: scratch.path(),
        first_seed,
        largest_size: largest,
        spaces,
        time: Duration::from_secs(args.seconds.unwrap_or(10)),
        jobs: resolved.jobs,
        shrink_fresh: args.shrink_fresh.map(|n| n as usize),
        progress: Some(&progress),
    };
    write_heading(out, &plan, &resolved, prepared.as_ref());
    search_and_shrink(
        out,
        &plan,
        Duration::from_secs(args.shrink_seconds.unwrap_or(60)),
        &save_dir,
        &line,
    )
}

/// The first seed when none is given, from the clock in microseconds: runs
/// a second apart start a million seeds apart, so back-to-back runs do not
/// test the same inputs again.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_micros() as u64)
}

/// The heading: what is held to what, under which limits, the
/// preparation's notes, and the seeds and time of the search.
fn write_heading(
    out: &mut ReportOutput,
    plan: &Search,
    resolved: &Resolved,
    prepared: Option<&engine::solution::Prepared>,
) {
    let limits = plan.limits;
    let against = match (&resolved.solution, prepared) {
        (Some(solution), Some(prepared)) => format!(
            "{}, against the workspace's solver; limits {} ms, {} MiB{}",
            report::solution_heading(solution, resolved.language, &prepared.how),
            limits.time.as_millis(),
            limits.memory >> 20,
            resolved.limits_source
        ),
        _ => "the workspace's fast solver, against its reference".to_string(),
    };
    let _ = writeln!(out, "{}: {against}", plan.problem.info().heading());
    let _ = report::write_notes(out, prepared);
    let _ = writeln!(
        out,
        "seeds from {}, {} inputs, for up to {} s",
        plan.first_seed,
        if plan.spaces.len() == 1 {
            "judge-valid"
        } else {
            "judge-valid and beyond-judge"
        },
        plan.time.as_secs()
    );
    let _ = out.flush();
}

/// The largest generator size to reach: `--size` when given, checked
/// against the generators' range, else their largest.
fn largest_size(
    problem: &dyn AnyProblem,
    spaces: &[Space],
    size: Option<u64>,
) -> Result<usize, String> {
    let largest_judge = problem.largest_size(Space::Judge);
    let largest = spaces
        .iter()
        .map(|&s| problem.largest_size(s))
        .max()
        .unwrap_or(1);
    let Some(size) = size else {
        return Ok(largest);
    };
    if size == 0 || size > largest as u64 {
        let judge_part = if largest_judge == largest {
            String::new()
        } else {
            format!(" (judge-valid ones up to {largest_judge})")
        };
        let what = if spaces.len() == 1 {
            "generator takes"
        } else {
            "generators take"
        };
        return Err(format!(
            "{}'s {what} sizes from 1 to {largest}{judge_part}, not {size}",
            problem.info().name
        ));
    }
    Ok(size as usize)
}

/// Where a failure is saved: `--save`, checked now rather than after the
/// search, else a folder of the user's own in the temporary folder.
fn save_folder(save: Option<&Path>, name: &str) -> Result<PathBuf, String> {
    match save {
        Some(dir) if dir.as_os_str().is_empty() => {
            Err("--save needs a folder, not an empty name".to_string())
        }
        // A file, or a link to nothing, where the folder would go.
        Some(dir) => match problem_kit::files::not_a_folder(dir) {
            Some(why) => Err(format!(
                "--save {why}; it names the folder a failure is saved in"
            )),
            // Made now, so that a folder that cannot be made is said
            // before the search, not after it.
            None => std::fs::create_dir_all(dir)
                .map(|()| dir.to_path_buf())
                .map_err(|e| format!("--save {}: cannot make the folder: {e}", dir.display())),
        },
        None => Ok(private_folder(
            &std::env::temp_dir().join(format!("grid-games-stress-{}", user_id())),
        )?
        .join(name)),
    }
}

/// Says what the search found and shrinks it, unless its runs disagreed:
/// the failure to show, and the runs that disagreed, said plainly.
fn shrink_and_report(
    out: &mut ReportOutput,
    plan: &Search,
    failure: Failure,
    budget: Duration,
    line: &report::status::StatusLine,
) -> Failure {
    let _ = report::stress::write_found(out, plan.problem.info(), &failure);
    let _ = out.flush();
    // A failure that does not repeat is shown as found: it failed, but
    // no smaller input could be trusted to fail the same way.
    let small = if failure.unsteady.is_some() {
        failure
    } else {
        let (small, shrunk) = shrink(plan, failure, budget);
        line.clear();
        let _ = report::stress::write_shrunk(out, &shrunk, interrupt::requested());
        small
    };
    let _ = report::stress::write_unsteady(out, plan.problem, &small);
    small
}

/// Searches, and shrinks, reports and saves a failure.
fn search_and_shrink(
    out: &mut ReportOutput,
    plan: &Search,
    budget: Duration,
    save_dir: &Path,
    line: &report::status::StatusLine,
) -> Result<bool, String> {
    let info = plan.problem.info();
    let found = search(plan);
    line.clear();
    if let Some(why) = found.broken {
        return Err(format!(
            "{why} (after {} inputs passed); nothing was found wrong with the solution",
            found.passed
        ));
    }
    if interrupt::requested() && found.failure.is_none() {
        let _ = writeln!(out, "interrupted after {} inputs passed", found.passed);
        return Ok(true);
    }
    let not_comparable = if found.not_comparable > 0 {
        format!(
            " ({} more could not be compared: an answer was refused as too large)",
            found.not_comparable
        )
    } else {
        String::new()
    };
    let Some(failure) = found.failure else {
        let _ = writeln!(out, "no failure in {} inputs{not_comparable}", found.passed);
        let _ = tools::write_warm_fallback(out);
        let _ = writeln!(out, "{} passed, 0 failed", found.passed);
        return Ok(true);
    };
    let small = shrink_and_report(out, plan, failure, budget, line);
    let no_names = engine::toolchain::names::UsersNames::default();
    let names = match plan.contestant {
        Contestant::Solution(prepared) => &prepared.names,
        Contestant::Workspace => &no_names,
    };
    report::stress::write_failure(out, &small, names).map_err(|e| e.to_string())?;
    let (expected, _) = report::stress::answers(&small);
    let saved = engine::cases::save_new(
        save_dir,
        &format!("seed-{}", small.seed),
        &small.input,
        expected.as_bytes(),
    );
    let workspace = tools::workspace_root();
    report::stress::write_saved(out, info, saved, save_dir, &workspace)
        .map_err(|e| e.to_string())?;
    let _ = tools::write_warm_fallback(out);
    let _ = writeln!(out, "{} passed, 1 failed{not_comparable}", found.passed);
    Ok(false)
}
