//! `cargo judge PROBLEM [DIR...] [--bin PATH] [--time-limit MS] [--memory-limit MIB]`:
//! verdicts for every case, as a judge gives them (see `tools::judge`).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use tools::judge::{cases, judge, Limits};
use tools::run::Solution;

const USAGE: &str = "\
usage: cargo judge PROBLEM [DIR...] [--bin PATH] [--time-limit MS] [--memory-limit MIB]

Runs every case NAME.in / NAME.out of each DIR (default inputs/PROBLEM, with
its flags/ cases) and gives each a verdict: AC, WA (with a line diff and the
head of the input), RE, TLE or MLE, with its time and peak memory, against
the judge's published limits (or the ones given). A DIR may be a folder
written by online-judge-tools (`oj d` writes test/sample-1.in and .out).

  --bin PATH          run this program (a compiled bundle, say) instead of
                      the workspace's solver
  --time-limit MS     the time limit, instead of the judge's
  --memory-limit MIB  the memory limit, instead of the judge's

Ends with `N passed, M failed`; the exit status is 0 when every case passed.
";

fn main() -> ExitCode {
    if let Some(status) = tools::run::as_problem() {
        return status;
    }
    tools::finish(run())
}

fn run() -> Result<bool, String> {
    use lexopt::Arg::{Long, Short, Value};
    let mut parser = lexopt::Parser::from_env();
    let (mut name, mut dirs, mut program) = (None, Vec::new(), None);
    let (mut time, mut memory) = (None, None);
    let number = |parser: &mut lexopt::Parser, flag: &str| -> Result<u64, String> {
        let text = parser.value().map_err(|e| e.to_string())?;
        text.to_string_lossy()
            .parse::<u64>()
            .map_err(|_| format!("--{flag} takes a whole number"))
    };
    while let Some(arg) = parser.next().map_err(|e| e.to_string())? {
        match arg {
            Short('h') | Long("help") => {
                print!("{USAGE}");
                return Ok(true);
            }
            Long("bin") => {
                program = Some(PathBuf::from(parser.value().map_err(|e| e.to_string())?))
            }
            Long("time-limit") => time = Some(number(&mut parser, "time-limit")?),
            Long("memory-limit") => memory = Some(number(&mut parser, "memory-limit")?),
            Value(v) if name.is_none() => name = Some(v.to_string_lossy().into_owned()),
            Value(v) => dirs.push(PathBuf::from(v)),
            other => return Err(format!("{} (see `cargo judge --help`)", other.unexpected())),
        }
    }
    let name = name.ok_or("a PROBLEM is needed (see `cargo judge --help`)")?;
    let problem = tools::problem(&name)?;
    let info = problem.info();
    if dirs.is_empty() {
        dirs.push(tools::workspace_root().join("inputs").join(info.name));
    }
    let cases = cases(&dirs).map_err(|e| e.to_string())?;
    if cases.is_empty() {
        return Err("no cases (NAME.in with NAME.out) in the folders given".to_string());
    }
    let limits = Limits {
        time: Duration::from_millis(time.unwrap_or(info.limits.time_ms)),
        memory: memory.unwrap_or(info.limits.memory_mib) << 20,
    };
    let solution = match program {
        Some(path) => Solution::Program(path),
        None => Solution::Itself {
            problem: info.name.to_string(),
        },
    };
    println!(
        "{} ({} \"{}\"): {} cases, limits {} ms and {} MiB",
        info.name,
        info.judge,
        info.title,
        cases.len(),
        limits.time.as_millis(),
        limits.memory >> 20
    );
    let tally = judge(&solution, &cases, limits, &mut std::io::stdout().lock())
        .map_err(|e| e.to_string())?;
    Ok(tally.failed == 0)
}
