//! Golden-file tests: run a real binary on every case under
//! `inputs/<binary>/` and compare what it prints with what is expected.
//!
//! Each problem crate has a `tests/golden.rs` test target with
//! `harness = false` whose `main` calls [`main`] with the path cargo gives in
//! `CARGO_BIN_EXE_<name>` (that variable exists only in the binary's own
//! package, hence one small target per crate). Every case shows up in
//! `cargo test` as its own named test, through [`harness`].
//!
//! # Case files
//!
//! - `inputs/<binary>/<name>.in` with `<name>.out`: the binary must exit 0
//!   and print the expected output, compared as judges compare (line by line,
//!   CRLF as LF, trailing spaces and trailing blank lines ignored).
//! - `inputs/<binary>/flags/<name>.in` with `<name>.out` and `<name>.args`:
//!   answers under command-line flags. They live apart so that the folder
//!   above holds only judge-mode cases, as online-judge-tools expects
//!   (`oj t -d inputs/<binary>`).
//! - `inputs/<binary>/errors/<name>.in` with `<name>.err`: the binary must
//!   print nothing on stdout, exactly the expected stderr, and exit with
//!   status 1 (or the number in `<name>.status`).
//! - An optional `<name>.args` holds command-line arguments, one per line.
//!
//! # Bless mode
//!
//! With `GOLDEN_BLESS=1` in the environment, the expected `.out` and `.err`
//! files are rewritten from what the binary prints, after a deliberate change.
//! Review the diff before committing it.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

pub mod harness;
mod sides;

// Outputs are compared, and differences shown, as the engine's verdicts do.
use engine::cases::case_args;
use engine::verdict::line_diff;

pub use crate::harness::{Arguments, Failed, Trial};

/// How long one case may run before it counts as a hang.
const CASE_TIMEOUT: Duration = Duration::from_secs(120);

/// The `inputs/` folder at the top of the workspace.
pub fn inputs_dir() -> PathBuf {
    problem_kit::files::workspace_root().join("inputs")
}

/// Runs every golden case of `binary_name` against the executable at
/// `binary`, as a libtest-style test program, and exits.
pub fn main(binary: &str, binary_name: &str) {
    let binary_path = binary;
    let args = Arguments::from_args();
    let mut trials = trials(Path::new(binary), binary_name, "", true);
    let (binary, name) = (PathBuf::from(binary), binary_name.to_string());
    let (full_binary, full_name) = (binary.clone(), name.clone());
    let (closed_binary, closed_name) = (binary.clone(), name.clone());
    trials.push(Trial::test(
        format!("{binary_name}::closed-pipe-is-quiet"),
        move || closed_pipe_is_quiet(&binary, &name),
    ));
    trials.push(Trial::test(
        format!("{binary_name}::closed-stdout-is-status-3"),
        move || closed_stdout_is_an_error(&closed_binary, &closed_name),
    ));
    trials.push(Trial::test(
        format!("{binary_name}::full-disk-is-status-3"),
        move || full_disk_is_an_error(&full_binary, &full_name),
    ));
    let endless_binary = binary_path.to_string();
    trials.push(Trial::test(
        format!("{binary_name}::endless-input-is-refused-at-once"),
        move || endless_input_is_refused(Path::new(&endless_binary)),
    ));
    trials.extend(sides::trials(Path::new(binary_path), binary_name));
    harness::run(&args, trials).exit();
}

/// Runs the binary on `/dev/zero`, an endless input, as stdin and as a file
/// named: it must refuse it at its first byte, at once, with one error line
/// and status 1 (not read it until memory runs out).
fn endless_input_is_refused(binary: &Path) -> Result<(), Failed> {
    if !Path::new("/dev/zero").exists() {
        return Ok(());
    }
    for by_name in [false, true] {
        let mut command = Command::new(binary);
        if by_name {
            command.arg("/dev/zero").stdin(Stdio::null());
        } else {
            command.stdin(fs::File::open("/dev/zero").map_err(|e| e.to_string())?);
        }
        let started = std::time::Instant::now();
        let output = command.output().map_err(|e| e.to_string())?;
        let stderr = String::from_utf8_lossy(&output.stderr);
        if output.status.code() != Some(1)
            || !output.stdout.is_empty()
            || stderr.lines().count() != 1
            || !stderr.contains("control character (0x00)")
            || started.elapsed() > Duration::from_secs(5)
        {
            return Err(format!(
                "/dev/zero (named: {by_name}): status {:?} after {:?}, stderr {stderr:?}",
                output.status.code(),
                started.elapsed()
            )
            .into());
        }
    }
    Ok(())
}

/// Runs the binary on its largest golden input with stdout already closed
/// by the reader (as in `puyo < big | head -c0`): it must end quietly, with
/// status 0 and nothing on stderr (no panic message).
fn closed_pipe_is_quiet(binary: &Path, binary_name: &str) -> Result<(), Failed> {
    let largest = case_inputs(&inputs_dir().join(binary_name))
        .into_iter()
        .filter(|p| !p.with_extension("args").exists())
        .max_by_key(|p| fs::metadata(p).map(|m| m.len()).unwrap_or(0))
        .ok_or("no golden input")?;
    let stdin = fs::read(&largest).map_err(|e| e.to_string())?;
    let mut child = Command::new(binary)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
    // Close the reading end of stdout before the binary writes anything.
    drop(child.stdout.take());
    let mut pipe = child.stdin.take().ok_or("no stdin pipe")?;
    let _ = pipe.write_all(&stdin);
    drop(pipe);
    let output = child.wait_with_output().map_err(|e| e.to_string())?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    if output.status.code() != Some(0) || !stderr.is_empty() {
        return Err(format!(
            "{} with stdout closed: status {:?}, stderr:\n{stderr}",
            largest.display(),
            output.status.code()
        )
        .into());
    }
    Ok(())
}

/// Runs the binary on its sample with stdout closed (`>&-`, through `sh`):
/// it must say that the answer cannot be written and exit with status 3.
fn closed_stdout_is_an_error(binary: &Path, binary_name: &str) -> Result<(), Failed> {
    let sample = inputs_dir().join(binary_name).join("sample-1.in");
    let output = Command::new("sh")
        .args(["-c", "exec \"$0\" \"$1\" >&-"])
        .arg(binary)
        .arg(&sample)
        .stdin(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| format!("cannot run sh: {e}"))?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    if output.status.code() != Some(3)
        || stderr != "error: standard output is closed, so the answer would be lost\n"
    {
        return Err(format!(
            "with stdout closed: status {:?}, stderr:\n{stderr}",
            output.status.code()
        )
        .into());
    }
    // With stderr closed too there is nowhere to say so, but the status
    // still tells: 3, never an answer "written" to a descriptor reopened on
    // /dev/null in stdout's place.
    for closing in [">&- 2>&-", ">&- <&-", ">&- 2>&- <&-"] {
        let status = Command::new("sh")
            .args(["-c", &format!("exec \"$0\" \"$1\" {closing}")])
            .arg(binary)
            .arg(&sample)
            .stdin(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .map_err(|e| format!("cannot run sh: {e}"))?;
        if status.code() != Some(3) {
            return Err(format!("with `{closing}`: status {:?}, not 3", status.code()).into());
        }
    }
    // And `> /dev/null` is a choice, not a mistake: it answers, whether
    // /dev/null was opened for writing (a shell's `>`) or for reading and
    // writing (Python's subprocess.DEVNULL, `1<>/dev/null`).
    for read_write in [false, true] {
        let null = fs::OpenOptions::new()
            .read(read_write)
            .write(true)
            .open("/dev/null")
            .map_err(|e| e.to_string())?;
        let quiet = Command::new(binary)
            .arg(&sample)
            .stdin(Stdio::null())
            .stdout(Stdio::from(null))
            .stderr(Stdio::piped())
            .output()
            .map_err(|e| e.to_string())?;
        if quiet.status.code() != Some(0) || !quiet.stderr.is_empty() {
            return Err(format!(
                "with stdout on /dev/null (read-write: {read_write}): status {:?}, stderr:\n{}",
                quiet.status.code(),
                String::from_utf8_lossy(&quiet.stderr)
            )
            .into());
        }
    }
    Ok(())
}

/// Runs the binary on its sample with stdout on `/dev/full` (every write
/// fails with "no space left"): it must say so and exit with status 3, never
/// report success with the answer lost. Passes where there is no `/dev/full`.
fn full_disk_is_an_error(binary: &Path, binary_name: &str) -> Result<(), Failed> {
    let Ok(full) = fs::OpenOptions::new().write(true).open("/dev/full") else {
        return Ok(());
    };
    let sample = inputs_dir().join(binary_name).join("sample-1.in");
    let output = Command::new(binary)
        .arg(&sample)
        .stdin(Stdio::null())
        .stdout(Stdio::from(full))
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| format!("cannot start {}: {e}", binary.display()))?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    if output.status.code() != Some(3) || !stderr.starts_with("error: cannot write standard output")
    {
        return Err(format!(
            "with stdout on /dev/full: status {:?}, stderr:\n{stderr}",
            output.status.code()
        )
        .into());
    }
    Ok(())
}

/// One test per case file of `binary_name`, run against the executable at
/// `binary`; each test's name starts with `prefix`. Cases that need
/// command-line arguments are left out unless `with_args` (a judge-mode
/// build takes none).
pub fn trials(binary: &Path, binary_name: &str, prefix: &str, with_args: bool) -> Vec<Trial> {
    let root = inputs_dir().join(binary_name);
    let mut trials = Vec::new();
    for (folder, kind, group) in [
        (root.clone(), Kind::Answer, ""),
        (root.join("flags"), Kind::Answer, "flags::"),
        (root.join("errors"), Kind::Error, "errors::"),
    ] {
        for input in case_inputs(&folder) {
            if !with_args && input.with_extension("args").exists() {
                continue;
            }
            let stem = input
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let name = format!("{prefix}{binary_name}::{group}{stem}");
            let binary = binary.to_path_buf();
            trials.push(Trial::test(name, move || run_case(&binary, &input, kind)));
        }
    }
    assert!(
        !trials.is_empty(),
        "no golden cases found under {}",
        root.display()
    );
    trials
}

#[derive(Clone, Copy)]
enum Kind {
    Answer,
    Error,
}

/// The `.in` files of a folder, sorted by name.
fn case_inputs(folder: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut inputs: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "in"))
        .collect();
    inputs.sort();
    inputs
}

/// What a run of the binary produced.
struct BinaryRun {
    status: Option<i32>,
    stdout: String,
    stderr: String,
}

fn run_case(binary: &Path, input: &Path, kind: Kind) -> Result<(), Failed> {
    let stdin = fs::read(input).map_err(|e| format!("cannot read {}: {e}", input.display()))?;
    let args = case_args(input);
    let outcome = run_binary(binary, &args, stdin)?;
    let bless = std::env::var_os("GOLDEN_BLESS").is_some_and(|v| v != "0" && !v.is_empty());
    let shown = input.display();
    match kind {
        Kind::Answer => {
            let expected_path = input.with_extension("out");
            if bless && outcome.status == Some(0) {
                fs::write(&expected_path, &outcome.stdout).map_err(|e| e.to_string())?;
            }
            let expected = read_optional(&expected_path)
                .ok_or_else(|| format!("{shown}: missing {}", expected_path.display()))?;
            if outcome.status != Some(0) {
                return Err(format!(
                    "{shown}: expected exit status 0, got {:?}; stderr:\n{}",
                    outcome.status, outcome.stderr
                )
                .into());
            }
            compare(&shown.to_string(), &expected, &outcome.stdout)
        }
        Kind::Error => {
            let expected_path = input.with_extension("err");
            let status_path = input.with_extension("status");
            if bless {
                fs::write(&expected_path, &outcome.stderr).map_err(|e| e.to_string())?;
            }
            let expected = read_optional(&expected_path)
                .ok_or_else(|| format!("{shown}: missing {}", expected_path.display()))?;
            let expected_status = match read_optional(&status_path) {
                Some(text) => text
                    .trim()
                    .parse::<i32>()
                    .map_err(|_| format!("{}: not a number", status_path.display()))?,
                None => 1,
            };
            if !outcome.stdout.is_empty() {
                return Err(format!(
                    "{shown}: expected nothing on stdout, got:\n{}",
                    outcome.stdout
                )
                .into());
            }
            if outcome.status != Some(expected_status) {
                return Err(format!(
                    "{shown}: expected exit status {expected_status}, got {:?}; stderr:\n{}",
                    outcome.status, outcome.stderr
                )
                .into());
            }
            compare(&format!("{shown} (stderr)"), &expected, &outcome.stderr)
        }
    }
}

/// A file's text, if it is there and a regular file (a named pipe would
/// hang the reader).
fn read_optional(path: &Path) -> Option<String> {
    if !fs::metadata(path).is_ok_and(|m| m.is_file()) {
        return None;
    }
    fs::read_to_string(path).ok()
}

/// Runs the binary with `stdin` as its input, with a time limit.
fn run_binary(binary: &Path, args: &[String], stdin: Vec<u8>) -> Result<BinaryRun, Failed> {
    let mut child = Command::new(binary)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", binary.display()))?;
    // Feed stdin from a thread so a binary that writes before it has read
    // everything cannot deadlock against us.
    let mut pipe = child.stdin.take().ok_or("no stdin pipe")?;
    let feeder = std::thread::spawn(move || {
        let _ = pipe.write_all(&stdin);
    });
    let stdout = child.stdout.take().ok_or("no stdout pipe")?;
    let stderr = child.stderr.take().ok_or("no stderr pipe")?;
    let out_reader = std::thread::spawn(move || read_all(stdout));
    let err_reader = std::thread::spawn(move || read_all(stderr));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        if started.elapsed() > CASE_TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!(
                "{} did not finish within {CASE_TIMEOUT:?}",
                binary.display()
            )
            .into());
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let _ = feeder.join();
    let stdout = out_reader.join().map_err(|_| "stdout reader panicked")?;
    let stderr = err_reader.join().map_err(|_| "stderr reader panicked")?;
    Ok(BinaryRun {
        status: status.code(),
        stdout,
        stderr,
    })
}

fn read_all(mut source: impl std::io::Read) -> String {
    let mut bytes = Vec::new();
    let _ = source.read_to_end(&mut bytes);
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Compares expected and actual output as a judge does; on a difference,
/// the error shows the case and the line diff (see [`line_diff`]).
fn compare(case: &str, expected: &str, actual: &str) -> Result<(), Failed> {
    match line_diff(expected, actual) {
        None => Ok(()),
        Some(diff) => Err(format!("{case}: output differs (- expected, + actual)\n{diff}").into()),
    }
}
