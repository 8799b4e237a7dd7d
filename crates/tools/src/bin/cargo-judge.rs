//! `cargo judge PROBLEM [DIR...] [SOLUTION | -c COMMAND]`: verdicts for
//! every case, as a judge gives them (see `tools::judge`).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use tools::judge::{judge, Runner, Settings};
use tools::language::{judge_limits, prepare, PrepareError, Solution};
use tools::sandbox::{Limits, Scratch};

const USAGE: &str = "\
usage: cargo judge PROBLEM [DIR...] [SOLUTION | -c COMMAND] [OPTIONS]

Runs every case NAME.in of each DIR (default: the workspace's inputs/PROBLEM,
with its flags/ cases) and gives each a verdict with its time and memory
against the judge's limits: AC, WA (with a line diff), RE (the signal and the
end of stderr), TLE, MLE, OLE, or CE for a compile error. An .in without an
.out is judged against the workspace's own answer. A DIR may be a folder
written by online-judge-tools (`oj d` writes test/sample-1.in and .out).

  SOLUTION            your solution instead of the workspace's: a .py, .cpp,
                      .cc, .c, .rs, .java or .js file, compiled as the judge
                      compiles it, or an executable; a Python or C++ file that
                      only defines a Programmers function (footholds'
                      `solution(board, aloc, bloc)`) is called through a
                      generated driver
  -c COMMAND          run a shell command as your solution
  --beyond-judge      also run your solution on the cases beyond the judge's
                      constraints (by default it gets only what the judge
                      could send; the cases with flags never run for it)
  --lang LANG         the language whose judge limits apply (py, cpp, c, rs,
                      java, js): a -c command or an executable otherwise gets
                      the problem's base limits (-c 'pypy3 a.py' --lang py)
  --time-limit MS     the time limit (wall clock), instead of the judge's
  --memory-limit MIB  the memory limit (peak resident), instead of the judge's
  --output-limit MIB  the output limit (default: twice the expected output,
                      and at least 16 MiB)

Ends with `N passed, M failed`. Exit status: 0 every case that ran passed,
1 a case failed, 2 nothing could be judged (a bad argument, no case).
";

fn main() -> ExitCode {
    cli::run::ignore_file_size_signal();
    tools::main_reporting(run)
}

/// What the command line asked for.
struct Request {
    problem: String,
    dirs: Vec<PathBuf>,
    solution: Option<Solution>,
    beyond_judge: bool,
    /// The language whose limits apply, as `--lang` named it.
    lang: Option<tools::language::Language>,
    time_ms: Option<u64>,
    memory_mib: Option<u64>,
    output_mib: Option<u64>,
}

fn read_arguments() -> Result<Option<Request>, String> {
    use lexopt::Arg::{Long, Short, Value};
    let mut parser = lexopt::Parser::from_args(tools::arguments("judge"));
    let mut request = Request {
        problem: String::new(),
        dirs: Vec::new(),
        solution: None,
        beyond_judge: false,
        lang: None,
        time_ms: None,
        memory_mib: None,
        output_mib: None,
    };
    let mut problem = None;
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
    let see_help = |message: String| format!("{message} (see `cargo judge --help`)");
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
            Long("bin") => {
                let path = PathBuf::from(tools::flag_text(&mut parser, "bin")?);
                set_solution(&mut request, Solution::from_path(&path)?)?;
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
            Long("output-limit") => {
                request.output_mib =
                    Some(tools::flag_number(&mut parser, "output-limit", 1, 1 << 12)?)
            }
            Value(value) if problem.is_none() => {
                problem = Some(value.to_string_lossy().into_owned())
            }
            Value(value) => {
                let path = PathBuf::from(value);
                if path.is_dir() {
                    request.dirs.push(path);
                } else if value_names_a_folder(&path) {
                    return Err(format!("no folder {}", path.display()));
                } else {
                    set_solution(&mut request, Solution::from_path(&path)?)?;
                }
            }
            other => return Err(see_help(other.unexpected().to_string())),
        }
    }
    request.problem = problem.ok_or_else(|| see_help("a PROBLEM is needed".to_string()))?;
    Ok(Some(request))
}

/// Whether a path that is not a folder was written as one (`tests/`).
fn value_names_a_folder(path: &std::path::Path) -> bool {
    let text = path.as_os_str().to_string_lossy();
    text.ends_with('/') || text.ends_with(std::path::MAIN_SEPARATOR)
}

fn run(out: &mut tools::ReportOutput) -> Result<bool, String> {
    let Some(request) = read_arguments()? else {
        return Ok(true);
    };
    Solution::check_lang(request.solution.as_ref(), request.lang)?;
    let problem = tools::problem(&request.problem)?;
    let info = problem.info();
    let mut dirs = request.dirs;
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
    let cases = tools::cases::discover(&dirs)?;
    if cases.is_empty() {
        return Err("no cases (NAME.in files) in the folders given".to_string());
    }
    let language = request
        .lang
        .or_else(|| request.solution.as_ref().and_then(Solution::language));
    let (time, memory, rule) = judge_limits(info, language);
    let limits = Limits {
        time: request.time_ms.map_or(time, Duration::from_millis),
        memory: request.memory_mib.map_or(memory, |m| m << 20),
        output: request.output_mib.map_or(0, |m| m << 20),
        address_space: None,
        file_size: None,
    };
    // A file the solution writes may be as large as its memory limit.
    let limits = Limits {
        file_size: Some(limits.memory),
        ..limits
    };
    let scratch =
        Scratch::new("judge").map_err(|e| format!("cannot make a scratch folder: {e}"))?;
    let prepared = match &request.solution {
        None => None,
        Some(solution) => match prepare(solution, info) {
            Ok(prepared) => Some(prepared),
            Err(PrepareError::Compile { command, message }) => {
                use std::io::Write;
                let _ = writeln!(out, "{}: {}", info.heading(), solution.shown());
                let _ = writeln!(
                    out,
                    "CE   {} does not compile ({command}):",
                    solution.shown()
                );
                let _ = tools::write_compile_message(out, &message);
                let _ = writeln!(out, "0 passed, 1 failed");
                return Ok(false);
            }
            Err(PrepareError::Other(message)) => return Err(message),
        },
    };
    {
        use std::io::Write;
        let who = match (&request.solution, &prepared) {
            (Some(solution), Some(prepared)) => format!(
                "{} ({}{})",
                solution.shown(),
                language.map_or(String::new(), |l| format!("{}, ", l.name())),
                prepared.how
            ),
            _ => "the workspace's solver".to_string(),
        };
        let _ = writeln!(
            out,
            "{}: {}, {who}",
            info.heading(),
            tools::counted(cases.len() as u64, "case")
        );
        let _ = writeln!(
            out,
            "limits: {} ms, {} MiB{}",
            limits.time.as_millis(),
            limits.memory >> 20,
            match (
                &rule,
                request.time_ms.is_some() || request.memory_mib.is_some()
            ) {
                (_, true) => " (as given)".to_string(),
                (Some(rule), false) => format!(" ({rule})"),
                (None, false) => format!(" ({}'s)", info.judge),
            }
        );
        if language.is_none() && request.solution.is_some() {
            let _ = writeln!(
                out,
                "note: the problem's base limits, which a judge gives C++; for another \
                 language's, add --lang (py, java, js, ...)"
            );
        }
    }
    let settings = Settings {
        problem,
        runner: match &prepared {
            Some(prepared) => Runner::Solution(prepared),
            None => Runner::Workspace,
        },
        limits,
        output_limit_given: request.output_mib.is_some(),
        beyond_judge: request.beyond_judge,
        scratch: scratch.path(),
    };
    let tally = judge(&settings, &cases, out).map_err(|e| e.to_string())?;
    if tally.passed + tally.failed == 0 {
        return Err("no case ran: every case was skipped (see above)".to_string());
    }
    Ok(tally.failed == 0)
}
