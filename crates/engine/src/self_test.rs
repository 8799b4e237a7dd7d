//! A language's self-test: its echo program (see
//! [`crate::toolchain::LanguageRow::echo`]) prepared as a solution is, run on
//! one line through the one path every input takes ([`crate::jobs`]), and
//! accepted. `cargo judge --check-toolchains` runs it for every language, to
//! say which work on this machine.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::jobs::{judge_run, JudgedRun};
use crate::runner::{self, Limits};
use crate::toolchain::{Build, Language, LanguageRow};
use crate::verdict::Verdict;

/// The problem a toolchain's self-test stands for: its judge is the
/// reference judge, and its limits are generous for a compiler's first run.
static SELF_TEST: problem_kit::Info = problem_kit::Info {
    name: "self-test",
    title: "echo a line",
    origin: crate::toolchain::judges::REFERENCE_ORIGIN,
    link: "",
    summary: "",
    limits: problem_kit::ProblemLimits {
        time_ms: 10_000,
        memory_mib: 1024,
    },
    accepts_rust: true,
    suite_cases: 0,
    left_out: &[],
    quick_cases: &[],
    call: None,
};

/// Whether the programs a language's row starts are installed: its compiler
/// or checker first, since a compiled self-test in the build cache would
/// otherwise pass where the compiler is gone.
fn installed(row: &LanguageRow) -> Result<(), String> {
    let first_words = match row.build {
        Build::Compiled { compile, .. } => [compile[0], row.run[0]],
        Build::Interpreted { check } => [check[0], row.run[0]],
    };
    for program in first_words.into_iter().filter(|p| !p.starts_with('{')) {
        if runner::find_on_path(program.as_ref()).is_none() {
            return Err(format!("{program} is not installed (not on the PATH)"));
        }
    }
    Ok(())
}

/// Writes the row's echo program in a folder of its own under `scratch`.
fn write_echo(row: &LanguageRow, scratch: &Path) -> Result<PathBuf, String> {
    let folder = scratch.join(format!("self-test-{}", row.flag));
    std::fs::create_dir_all(&folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    let file = folder.join(format!("echo.{}", row.extensions[0]));
    let shebang = row.shebang.map_or(String::new(), |program| {
        format!("#!/usr/bin/env {program}\n")
    });
    std::fs::write(&file, format!("{shebang}{}", row.echo))
        .map_err(|e| format!("{}: {e}", file.display()))?;
    Ok(file)
}

/// Runs `language`'s self-test. Returns what ran it (`compiled with ...`)
/// and how long the run took, or why the language does not work here.
pub fn check_toolchain(language: Language, scratch: &Path) -> Result<(String, Duration), String> {
    let row = language.row();
    installed(row)?;
    let path = write_echo(row, scratch)?;
    let solution = crate::solution::Solution::Source { path, language };
    let prepared = crate::solution::prepare(&solution, &SELF_TEST, None).map_err(|e| match e {
        crate::solution::PrepareError::Compile { command, message } => {
            format!("{command} refused the self-test: {}", message.trim())
        }
        crate::solution::PrepareError::Other(message) => message,
    })?;
    let limits = Limits {
        time: Duration::from_millis(SELF_TEST.limits.time_ms),
        memory: SELF_TEST.limits.memory_mib << 20,
        output: 1 << 20,
        address_space: None,
        file_size: Some(1 << 20),
    };
    let echo = b"hello\n";
    let output = Some(limits.output);
    let run = judge_run(
        |dir| prepared.program(dir),
        echo,
        echo,
        limits,
        output,
        scratch,
    )?;
    match run {
        Some(JudgedRun {
            verdict: Verdict::Accepted,
            outcome,
            ..
        }) => Ok((prepared.how, outcome.wall)),
        None => Err("the self-test was interrupted".to_string()),
        Some(JudgedRun {
            verdict, outcome, ..
        }) => Err(format!(
            "the self-test got {}: {}",
            verdict.code(),
            String::from_utf8_lossy(&outcome.stderr).trim()
        )),
    }
}
