//! The side outputs of every binary, `--replay FILE` and `--explain`, tried
//! as an adversary would: a page never overwrites the input or mixes into
//! the answer, a target that cannot take a page is refused before any work,
//! and a page or explanation that fails to be written never costs the
//! answer (status 5, the answer complete on stdout, the old page intact).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::harness::{Failed, Trial};

/// A check: the binary, a scratch folder, and the sample copied into it.
type Check = fn(&Path, &Path, &Path) -> Result<(), Failed>;

/// The side-output trials of the binary at `binary`, for its sample.
pub fn trials(binary: &Path, binary_name: &str) -> Vec<Trial> {
    let checks: [(&str, Check); 6] = [
        (
            "replay-never-overwrites-the-input",
            never_overwrites_the_input,
        ),
        ("replay-never-mixes-into-stdout", never_mixes_into_stdout),
        (
            "replay-refuses-what-cannot-take-a-page",
            refuses_what_cannot_take_a_page,
        ),
        (
            "replay-failure-keeps-the-answer-and-the-old-page",
            failure_keeps_the_answer,
        ),
        (
            "explain-failure-keeps-the-answer",
            explain_failure_keeps_the_answer,
        ),
        (
            "answer-past-the-file-size-limit-is-status-3",
            answer_past_the_file_size_limit,
        ),
    ];
    checks
        .into_iter()
        .map(|(name, check)| {
            let binary = binary.to_path_buf();
            let binary_name = binary_name.to_string();
            let trial_name = format!("{binary_name}::{name}");
            Trial::test(trial_name, move || {
                let dir = scratch(&binary_name, name)?;
                let sample = dir.join("case.in");
                fs::copy(
                    crate::inputs_dir().join(&binary_name).join("sample-1.in"),
                    &sample,
                )
                .map_err(|e| e.to_string())?;
                let result = check(&binary, &dir, &sample);
                // A failed trial keeps its folder, to be looked at.
                if result.is_ok() {
                    let _ = fs::remove_dir_all(&dir);
                }
                result
            })
        })
        .collect()
}

/// An empty folder for one trial.
fn scratch(binary_name: &str, trial: &str) -> Result<PathBuf, Failed> {
    let dir = std::env::temp_dir().join(format!(
        "golden-sides-{}-{binary_name}-{trial}",
        std::process::id()
    ));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    Ok(dir)
}

/// What a run left: status, stdout, stderr.
fn run(command: &mut Command) -> Result<(Option<i32>, String, String), Failed> {
    let output = command.output().map_err(|e| e.to_string())?;
    Ok((
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    ))
}

/// The names in a folder, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

fn never_overwrites_the_input(binary: &Path, _dir: &Path, sample: &Path) -> Result<(), Failed> {
    let before = fs::read(sample).map_err(|e| e.to_string())?;
    // Named as the input file, and as the file behind stdin.
    let by_name = run(Command::new(binary).arg(sample).arg("--replay").arg(sample))?;
    let by_stdin = run(Command::new(binary)
        .arg("--replay")
        .arg(sample)
        .stdin(fs::File::open(sample).map_err(|e| e.to_string())?))?;
    for (how, (status, stdout, stderr)) in [("a file", by_name), ("stdin", by_stdin)] {
        if status != Some(2) || !stdout.is_empty() || !stderr.contains("--replay") {
            return Err(format!("the input as {how}: status {status:?}, stderr {stderr:?}").into());
        }
    }
    if fs::read(sample).map_err(|e| e.to_string())? != before {
        return Err("the input was changed".into());
    }
    Ok(())
}

fn never_mixes_into_stdout(binary: &Path, dir: &Path, sample: &Path) -> Result<(), Failed> {
    let out = dir.join("out.txt");
    let file = fs::File::create(&out).map_err(|e| e.to_string())?;
    let (status, _, stderr) = run(Command::new(binary)
        .arg(sample)
        .args(["--replay", "/dev/stdout"])
        .stdout(Stdio::from(file)))?;
    let written = fs::read_to_string(&out).map_err(|e| e.to_string())?;
    if status != Some(2) || !written.is_empty() || !stderr.contains("standard output") {
        return Err(
            format!("status {status:?}, stdout file {written:?}, stderr {stderr:?}").into(),
        );
    }
    Ok(())
}

fn refuses_what_cannot_take_a_page(binary: &Path, dir: &Path, sample: &Path) -> Result<(), Failed> {
    let missing = dir.join("no-such-folder/page.html");
    for target in [
        Path::new("/dev/full"),
        dir,
        missing.as_path(),
        Path::new(""),
    ] {
        let (status, stdout, stderr) =
            run(Command::new(binary).arg(sample).arg("--replay").arg(target))?;
        if status != Some(2) || !stdout.is_empty() || stderr.lines().count() != 1 {
            return Err(format!(
                "--replay {}: status {status:?}, stdout {stdout:?}, stderr {stderr:?}",
                target.display()
            )
            .into());
        }
    }
    if names(dir) != ["case.in"] {
        return Err(format!("left behind: {:?}", names(dir)).into());
    }
    Ok(())
}

fn failure_keeps_the_answer(binary: &Path, dir: &Path, sample: &Path) -> Result<(), Failed> {
    let page = dir.join("page.html");
    fs::write(&page, "the old page").map_err(|e| e.to_string())?;
    // A file size limit of 1 KiB: every file write past it fails (the
    // binary ignores SIGXFSZ, which would otherwise kill it unheard).
    let (status, stdout, stderr) = run(Command::new("sh")
        .args(["-c", "ulimit -f 1; exec \"$0\" \"$1\" --replay \"$2\""])
        .arg(binary)
        .arg(sample)
        .arg(&page))?;
    let answer = fs::read_to_string(
        crate::inputs_dir()
            .join(binary_name_of(binary))
            .join("sample-1.out"),
    )
    .map_err(|e| e.to_string())?;
    if status != Some(5)
        || crate::line_diff(&answer, &stdout).is_some()
        || stderr.lines().count() != 1
    {
        return Err(format!("status {status:?}, stdout {stdout:?}, stderr {stderr:?}").into());
    }
    if fs::read_to_string(&page).map_err(|e| e.to_string())? != "the old page" {
        return Err("the old page was changed".into());
    }
    if names(dir) != ["case.in", "page.html"] {
        return Err(format!("left behind: {:?}", names(dir)).into());
    }
    // With room, the page replaces the old one whole.
    let (status, _, _) = run(Command::new(binary).arg(sample).arg("--replay").arg(&page))?;
    let text = fs::read_to_string(&page).map_err(|e| e.to_string())?;
    if status != Some(0)
        || !text.starts_with("<!doctype html>")
        || names(dir) != ["case.in", "page.html"]
    {
        return Err(format!(
            "status {status:?}, page starts {:?}",
            &text[..text.len().min(40)]
        )
        .into());
    }
    Ok(())
}

/// An answer that cannot be written (past `ulimit -f`) is status 3 and one
/// line, not a death by SIGXFSZ.
fn answer_past_the_file_size_limit(binary: &Path, dir: &Path, sample: &Path) -> Result<(), Failed> {
    let out = dir.join("out.txt");
    let (status, _, stderr) = run(Command::new("sh")
        .args(["-c", "ulimit -f 0; exec \"$0\" \"$1\" > \"$2\""])
        .arg(binary)
        .arg(sample)
        .arg(&out))?;
    if status != Some(3) || stderr.lines().count() != 1 {
        return Err(format!("status {status:?}, stderr {stderr:?}").into());
    }
    Ok(())
}

fn explain_failure_keeps_the_answer(
    binary: &Path,
    _dir: &Path,
    sample: &Path,
) -> Result<(), Failed> {
    let Ok(full) = fs::OpenOptions::new().write(true).open("/dev/full") else {
        return Ok(());
    };
    let (status, stdout, _) = run(Command::new(binary)
        .arg(sample)
        .arg("--explain")
        .stderr(Stdio::from(full)))?;
    let answer = fs::read_to_string(
        crate::inputs_dir()
            .join(binary_name_of(binary))
            .join("sample-1.out"),
    )
    .map_err(|e| e.to_string())?;
    if status != Some(5) || crate::line_diff(&answer, &stdout).is_some() {
        return Err(format!("status {status:?}, stdout {stdout:?}").into());
    }
    Ok(())
}

/// The problem's name: the binary's file name.
fn binary_name_of(binary: &Path) -> String {
    binary
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}
