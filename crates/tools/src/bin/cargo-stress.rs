//! `cargo stress PROBLEM [SOLUTION | -c COMMAND]`: generated inputs, small
//! first, until an answer is wrong or time runs out; the failure shrunk and
//! saved (see `tools::stress`).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use cli::Space;
use tools::judge::Verdict;
use tools::language::{judge_limits, prepare, PrepareError, Solution};
use tools::sandbox::{Limits, Scratch};
use tools::stress::{search, shrink, Failure, Got, Settings, Subject};

const USAGE: &str = "\
usage: cargo stress PROBLEM [SOLUTION | -c COMMAND] [OPTIONS]

With a SOLUTION (a .py, .cpp, .cc, .c, .rs, .java or .js file, compiled as the
judge compiles it, or an executable), runs it on generated inputs within the
judge's constraints, small first, and holds it to the workspace's fast
solver: a wrong answer, a crash or a limit exceeded is a failure. Without
one, holds the workspace's fast solver to its reference on inputs within the
judge's constraints and beyond them.

A failure is shrunk to a locally minimal input (no single simplification of
it still fails: a puyo dropped, a row and column removed, a tile lowered, a
move or a case dropped), printed with both answers and their diff, and saved
as seed-S.in with the expected answer as seed-S.out (seed-S-2.in when the
name is taken: never over a file). The exit
status is 1 on a failure, 0 on none, 2 when nothing could be tested.

  -c COMMAND          run a shell command as the solution
  --seconds N         search for N seconds (1 to 86400; default 10)
  --shrink-seconds N  then shrink a failure for at most N seconds more, plus
                      the run under way (1 to 86400; default 60)
  --seed S            the first seed (default: from the clock); seeds go up by one
  --size N            the largest generator size (default: the generator's largest)
  --save DIR          where a failure is saved (default: printed; a folder of
                      your own under the system's temporary folder,
                      grid-games-stress-UID/PROBLEM, outside inputs/)
  --beyond-judge      also generate inputs beyond the judge's constraints
  --lang LANG         the language whose judge limits apply (py, cpp, c, rs,
                      java, js), for a -c command or an executable
  --time-limit MS, --memory-limit MIB
                      the solution's limits, instead of the judge's
";

fn main() -> ExitCode {
    cli::run::ignore_file_size_signal();
    tools::main_reporting(run)
}

struct Request {
    problem: String,
    solution: Option<Solution>,
    seconds: u64,
    shrink_seconds: u64,
    seed: Option<u64>,
    size: Option<u64>,
    save: Option<PathBuf>,
    beyond_judge: bool,
    /// The language whose limits apply, as `--lang` named it.
    lang: Option<tools::language::Language>,
    time_ms: Option<u64>,
    memory_mib: Option<u64>,
}

fn read_arguments() -> Result<Option<Request>, String> {
    use lexopt::Arg::{Long, Short, Value};
    let mut parser = lexopt::Parser::from_args(tools::arguments("stress"));
    let mut request = Request {
        problem: String::new(),
        solution: None,
        seconds: 10,
        shrink_seconds: 60,
        seed: None,
        size: None,
        save: None,
        beyond_judge: false,
        lang: None,
        time_ms: None,
        memory_mib: None,
    };
    let mut problem = None;
    let see_help = |message: String| format!("{message} (see `cargo stress --help`)");
    let set_solution = |request: &mut Request, solution: Solution| -> Result<(), String> {
        if let Some(first) = &request.solution {
            return Err(format!(
                "one solution at most: {} and {}",
                first.shown(),
                solution.shown()
            ));
        }
        request.solution = Some(solution);
        Ok(())
    };
    while let Some(arg) = parser.next().map_err(|e| see_help(e.to_string()))? {
        match arg {
            Short('h') | Long("help") => {
                tools::say!("{USAGE}");
                return Ok(None);
            }
            Short('c') | Long("command") => {
                let command = tools::flag_command(&mut parser)?;
                set_solution(&mut request, Solution::Shell(command))?;
            }
            Long("seconds") => {
                request.seconds = tools::flag_number(&mut parser, "seconds", 1, 86_400)?
            }
            Long("shrink-seconds") => {
                request.shrink_seconds =
                    tools::flag_number(&mut parser, "shrink-seconds", 1, 86_400)?
            }
            Long("seed") => {
                request.seed = Some(tools::flag_number(&mut parser, "seed", 0, u64::MAX)?)
            }
            Long("size") => {
                request.size = Some(tools::flag_number(&mut parser, "size", 1, u64::MAX)?)
            }
            Long("save") => {
                request.save = Some(PathBuf::from(tools::flag_text(&mut parser, "save")?))
            }
            Long("beyond-judge") => request.beyond_judge = true,
            Long("lang") => request.lang = Some(tools::flag_language(&mut parser)?),
            Long("time-limit") => {
                request.time_ms = Some(tools::flag_number(&mut parser, "time-limit", 1, 3_600_000)?)
            }
            Long("memory-limit") => {
                request.memory_mib =
                    Some(tools::flag_number(&mut parser, "memory-limit", 1, 1 << 20)?)
            }
            Value(value) if problem.is_none() => {
                problem = Some(value.to_string_lossy().into_owned())
            }
            Value(value) => set_solution(&mut request, Solution::from_path(Path::new(&value))?)?,
            other => return Err(see_help(other.unexpected().to_string())),
        }
    }
    request.problem = problem.ok_or_else(|| see_help("a PROBLEM is needed".to_string()))?;
    Ok(Some(request))
}

fn run(out: &mut tools::ReportOutput) -> Result<bool, String> {
    let Some(request) = read_arguments()? else {
        return Ok(true);
    };
    Solution::check_lang(request.solution.as_ref(), request.lang)?;
    let problem = tools::problem(&request.problem)?;
    let info = problem.info();
    let largest_judge = problem.largest_size(Space::Judge);
    let spaces = match (&request.solution, request.beyond_judge) {
        (Some(_), false) => vec![Space::Judge],
        _ => vec![Space::Judge, Space::Beyond],
    };
    let largest = spaces
        .iter()
        .map(|&s| problem.largest_size(s))
        .max()
        .unwrap_or(1);
    if let Some(size) = request.size {
        if size > largest as u64 {
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
                info.name
            ));
        }
    }
    // From the clock in microseconds: runs a second apart start a million
    // seeds apart, so back-to-back runs do not test the same inputs again.
    let first_seed = request.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_micros() as u64)
    });
    let save_dir = match &request.save {
        Some(dir) if dir.as_os_str().is_empty() => {
            return Err("--save needs a folder, not an empty name".to_string())
        }
        Some(dir) => match cli::files::not_a_folder(dir) {
            // A file, or a link to nothing, where the folder would go: said
            // now, not after the search.
            Some(why) => {
                return Err(format!(
                    "--save {why}; it names the folder a failure is saved in"
                ))
            }
            None => dir.clone(),
        },
        // A folder of the user's own in the shared temporary folder.
        None => tools::private_folder(
            &std::env::temp_dir().join(format!("grid-games-stress-{}", tools::user_id())),
        )?
        .join(info.name),
    };
    let scratch =
        Scratch::new("stress").map_err(|e| format!("cannot make a scratch folder: {e}"))?;
    let language = request
        .lang
        .or_else(|| request.solution.as_ref().and_then(Solution::language));
    let (time, memory, rule) = judge_limits(info, language);
    let limits = Limits {
        time: request.time_ms.map_or(time, Duration::from_millis),
        memory: request.memory_mib.map_or(memory, |m| m << 20),
        output: 16 << 20,
        address_space: None,
        file_size: None,
    };
    // A file the solution writes may be as large as its memory limit.
    let limits = Limits {
        file_size: Some(limits.memory),
        ..limits
    };
    let prepared = match &request.solution {
        None => None,
        Some(solution) => match prepare(solution, info) {
            Ok(prepared) => Some(prepared),
            Err(PrepareError::Compile { command, message }) => {
                let _ = writeln!(
                    out,
                    "CE   {} does not compile ({command}):",
                    solution.shown()
                );
                let _ = tools::write_compile_message(out, &message);
                return Ok(false);
            }
            Err(PrepareError::Other(message)) => return Err(message),
        },
    };
    let subject = match &prepared {
        Some(prepared) => Subject::Solution {
            prepared,
            limits,
            scratch: scratch.path(),
        },
        None => Subject::Reference,
    };
    let against = match (&request.solution, &prepared) {
        (Some(solution), Some(prepared)) => format!(
            "{} ({}{}), against the workspace's solver; limits {} ms, {} MiB{}",
            solution.shown(),
            language.map_or(String::new(), |l| format!("{}, ", l.name())),
            prepared.how,
            limits.time.as_millis(),
            limits.memory >> 20,
            rule.map_or(String::new(), |r| format!(" ({r})"))
        ),
        _ => "the workspace's fast solver, against its reference".to_string(),
    };
    let settings = Settings {
        problem,
        subject,
        first_seed,
        largest_size: request.size.map_or(largest, |s| s as usize),
        spaces,
        time: Duration::from_secs(request.seconds),
    };
    let _ = writeln!(out, "{}: {against}", info.heading());
    let _ = writeln!(
        out,
        "seeds from {first_seed}, {} inputs, for up to {} s",
        if settings.spaces.len() == 1 {
            "judge-valid"
        } else {
            "judge-valid and beyond-judge"
        },
        request.seconds
    );
    let _ = out.flush();
    let report = search(&settings);
    if let Some(why) = report.broken {
        return Err(format!(
            "{why} (after {} inputs passed); nothing was found wrong with the solution",
            report.passed
        ));
    }
    if tools::interrupt::requested() && report.failure.is_none() {
        let _ = writeln!(out, "interrupted after {} inputs passed", report.passed);
        return Ok(true);
    }
    let not_comparable = if report.not_comparable > 0 {
        format!(
            " ({} more could not be compared: an answer was refused as too large)",
            report.not_comparable
        )
    } else {
        String::new()
    };
    let Some(failure) = report.failure else {
        let _ = writeln!(
            out,
            "no failure in {} inputs{not_comparable}",
            report.passed
        );
        let _ = writeln!(out, "{} passed, 0 failed", report.passed);
        return Ok(true);
    };
    let _ = writeln!(
        out,
        "seed {} (size {}, {}) fails{}; shrinking...",
        failure.seed,
        failure.size,
        failure.space.label(),
        failure
            .verdict()
            .map_or(String::new(), |v| format!(": {}", v.code()))
    );
    // The same input again, for the user's own runs: the search's sizes
    // depend on how many inputs came before, so `--seed` alone does not
    // bring it back.
    let _ = writeln!(
        out,
        "the input before shrinking: cargo gen {} --seed {} --size {}{}",
        info.name,
        failure.seed,
        failure.size,
        if failure.space == Space::Beyond {
            " --beyond-judge"
        } else {
            ""
        }
    );
    let _ = out.flush();
    let budget = Duration::from_secs(request.shrink_seconds);
    let (small, shrunk) = shrink(&settings, failure, budget);
    let _ = writeln!(
        out,
        "shrunk in {} ({} run) to {}",
        tools::counted(shrunk.steps as u64, "step"),
        tools::counted(shrunk.tried as u64, "candidate"),
        if shrunk.minimal {
            "a locally minimal input: no single simplification of it still fails"
        } else if tools::interrupt::requested() {
            "a smaller input (interrupted before it was minimal)"
        } else {
            "a smaller input (the time for shrinking ran out before it was minimal)"
        }
    );
    report_failure(out, info, &small, &save_dir).map_err(|e| e.to_string())?;
    let _ = writeln!(out, "{} passed, 1 failed{not_comparable}", report.passed);
    Ok(false)
}

/// Prints the failing input, both answers and their diff, saves the case,
/// and names the command that explains it.
fn report_failure(
    out: &mut dyn Write,
    info: &cli::Info,
    failure: &Failure,
    save_dir: &Path,
) -> std::io::Result<()> {
    let text = String::from_utf8_lossy(&failure.input);
    writeln!(out, "input:")?;
    for line in text.lines() {
        writeln!(out, "  {}", tools::printable_ascii(line))?;
    }
    let shown = |r: &Result<String, String>| match r {
        Ok(text) => text.clone(),
        Err(message) => format!("error: {message}\n"),
    };
    let expected = shown(&failure.expected);
    let (label, got) = match &failure.got {
        Got::Answer(answer) => ("the reference's", shown(answer)),
        Got::Run(_, outcome) => (
            "the workspace's",
            String::from_utf8_lossy(&outcome.stdout).into_owned(),
        ),
    };
    writeln!(out, "expected ({label} answer):")?;
    for line in expected.lines() {
        writeln!(out, "  {}", tools::printable_ascii(line))?;
    }
    match &failure.got {
        Got::Answer(_) => writeln!(out, "the fast solver's answer:")?,
        Got::Run(verdict, outcome) => {
            writeln!(out, "got ({}):", verdict.code())?;
            if *verdict != Verdict::WrongAnswer {
                let how = match outcome.ending {
                    tools::sandbox::Ending::Signalled(s) => {
                        format!("killed by {}", tools::sandbox::signal_name(s))
                    }
                    tools::sandbox::Ending::Exited(s) => format!("exited with status {s}"),
                };
                writeln!(
                    out,
                    "  ({how} after {:.1} ms, {:.1} MiB)",
                    outcome.wall.as_secs_f64() * 1000.0,
                    outcome.peak_memory as f64 / (1 << 20) as f64
                )?;
            }
        }
    }
    for line in got.lines().take(40) {
        writeln!(out, "  {}", tools::printable_ascii(line))?;
    }
    if let Some(diff) = golden::line_diff(&expected, &got) {
        writeln!(out, "diff (- expected, + got):")?;
        for line in diff.lines() {
            writeln!(out, "{}", tools::printable_ascii(line))?;
        }
    }
    if let Got::Run(_, outcome) = &failure.got {
        if !outcome.stderr.is_empty() {
            tools::judge::write_stderr_tail(out, outcome)?;
        }
    }
    match save(
        save_dir,
        &format!("seed-{}", failure.seed),
        &failure.input,
        expected.as_bytes(),
    ) {
        Ok((input, answer)) => {
            writeln!(out, "saved: {} with {}", input.display(), answer.display())?;
            writeln!(
                out,
                "the workspace explains it: cargo run --release --manifest-path {} --bin {} -- --explain {}",
                tools::shell_quote(
                    &tools::workspace_root()
                        .canonicalize()
                        .unwrap_or_else(|_| tools::workspace_root())
                        .join("Cargo.toml")
                        .to_string_lossy()
                ),
                info.name,
                tools::shell_quote(&input.to_string_lossy())
            )?;
        }
        Err(e) => writeln!(
            out,
            "could not save the case in {}: {e}",
            save_dir.display()
        )?,
    }
    Ok(())
}

/// Writes `NAME.in` and `NAME.out` into `dir`, as new files: when either
/// name is taken, `NAME-2`, `NAME-3`, ... instead. Returns their paths.
fn save(
    dir: &Path,
    name: &str,
    input: &[u8],
    expected: &[u8],
) -> std::io::Result<(PathBuf, PathBuf)> {
    std::fs::create_dir_all(dir)?;
    for k in 1..1000 {
        let stem = if k == 1 {
            name.to_string()
        } else {
            format!("{name}-{k}")
        };
        let (input_path, expected_path) = (
            dir.join(format!("{stem}.in")),
            dir.join(format!("{stem}.out")),
        );
        // symlink_metadata: a dangling link takes its name too.
        if input_path.symlink_metadata().is_ok() || expected_path.symlink_metadata().is_ok() {
            continue;
        }
        match cli::files::write_new(&input_path, input) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
        match cli::files::write_new(&expected_path, expected) {
            Ok(()) => return Ok((input_path, expected_path)),
            // The pair or nothing: the input just written goes.
            Err(e) => {
                let _ = std::fs::remove_file(&input_path);
                if e.kind() == std::io::ErrorKind::AlreadyExists {
                    continue;
                }
                return Err(e);
            }
        }
    }
    Err(std::io::Error::new(
        std::io::ErrorKind::AlreadyExists,
        format!("{name}.in and 998 more names are taken"),
    ))
}
