//! Running a solution on one input as its own process, as a judge does:
//! the output, the exit status, the time and the peak memory.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The environment variable that makes a tool binary act as a problem's
/// binary (see [`as_problem`]).
pub const ACT_AS: &str = "GRID_GAMES_ACT_AS";

/// What to run: a program (a bundle compiled with rustc, a binary from
/// `target/release`), or this very program acting as the problem's binary
/// (the same `cli::run` every `main.rs` calls), which needs no build.
#[derive(Clone, Debug)]
pub enum Solution {
    Program(PathBuf),
    Itself { problem: String },
}

/// When the environment asks for it, runs this process as a problem's
/// binary and returns its exit status; `None` otherwise. Call it first
/// thing in `main`.
pub fn as_problem() -> Option<std::process::ExitCode> {
    let name = std::env::var(ACT_AS).ok()?;
    let problem = problems::find(&name)?;
    Some(cli::run::run(problem, std::env::args_os().skip(1)))
}

/// How one run ended.
#[derive(Clone, Debug)]
pub struct Run {
    /// The exit status; `None` when a signal ended it (or it was killed).
    pub status: Option<i32>,
    pub stdout: Vec<u8>,
    /// The first 64 KiB of stderr.
    pub stderr: Vec<u8>,
    pub elapsed: Duration,
    /// Peak resident memory in bytes, when the system tells it.
    pub peak_memory: Option<u64>,
    /// Processor time (user and system), when the system tells it: what
    /// judges hold to their time limits.
    pub cpu_time: Option<Duration>,
    /// Whether it was killed for running past the wall-clock cap.
    pub killed: bool,
}

/// Runs `solution` with `args` on the input file, killing it after `cap`,
/// and with `memory_kib` as its address-space limit (`ulimit -v`, through
/// `sh`) when given: past it an allocation fails, as under a judge.
pub fn run(
    solution: &Solution,
    args: &[String],
    input: &Path,
    cap: Duration,
    memory_kib: Option<u64>,
) -> std::io::Result<Run> {
    let (program, act_as) = match solution {
        Solution::Program(path) => (path.clone(), None),
        Solution::Itself { problem } => (std::env::current_exe()?, Some(problem)),
    };
    let mut command = match memory_kib {
        // `exec` keeps the process id, so wait4 still reports the program.
        Some(kib) => {
            let mut command = Command::new("sh");
            command
                .arg("-c")
                .arg(format!("ulimit -v {kib} && exec \"$0\" \"$@\""))
                .arg(&program);
            command
        }
        None => Command::new(&program),
    };
    if let Some(problem) = act_as {
        command.env(ACT_AS, problem);
    }
    let mut child = command
        .args(args)
        .stdin(std::fs::File::open(input)?)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    let started = Instant::now();
    let mut out = child.stdout.take().expect("piped stdout");
    let mut err = child.stderr.take().expect("piped stderr");
    let out_reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = out.read_to_end(&mut bytes);
        bytes
    });
    let err_reader = std::thread::spawn(move || {
        let mut kept = Vec::new();
        let mut buffer = [0u8; 1 << 14];
        while let Ok(n) = err.read(&mut buffer) {
            if n == 0 {
                break;
            }
            let room = (1usize << 16).saturating_sub(kept.len());
            kept.extend_from_slice(&buffer[..n.min(room)]);
        }
        kept
    });
    let mut killed = false;
    let (status, peak_memory, cpu_time) = loop {
        if let Some(done) = try_reap(&mut child)? {
            break done;
        }
        if !killed && started.elapsed() > cap {
            let _ = child.kill();
            killed = true;
        }
        std::thread::sleep(Duration::from_millis(1));
    };
    let elapsed = started.elapsed();
    let stdout = out_reader.join().unwrap_or_default();
    let stderr = err_reader.join().unwrap_or_default();
    Ok(Run {
        status,
        stdout,
        stderr,
        elapsed,
        peak_memory,
        cpu_time,
        killed,
    })
}

/// The exit status, peak memory and processor time of a child that ended.
type Reaped = (Option<i32>, Option<u64>, Option<Duration>);

/// What a child that has ended left, reaping it; `None` while it runs.
#[cfg(unix)]
fn try_reap(child: &mut std::process::Child) -> std::io::Result<Option<Reaped>> {
    let mut status: libc::c_int = 0;
    // SAFETY: `rusage` is plain data that wait4 fills in; all-zero is a
    // valid value of it.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: wait4 on our own child's pid, with pointers to live locals.
    let pid = unsafe {
        libc::wait4(
            child.id() as libc::pid_t,
            &mut status,
            libc::WNOHANG,
            &mut usage,
        )
    };
    match pid {
        0 => Ok(None),
        p if p < 0 => Err(std::io::Error::last_os_error()),
        _ => {
            let code = libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status));
            // Linux reports ru_maxrss in KiB.
            let peak = u64::try_from(usage.ru_maxrss).ok().map(|kib| kib * 1024);
            let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
            let cpu = Duration::from_secs_f64(seconds(usage.ru_utime) + seconds(usage.ru_stime));
            Ok(Some((code, peak, Some(cpu))))
        }
    }
}

#[cfg(not(unix))]
fn try_reap(child: &mut std::process::Child) -> std::io::Result<Option<Reaped>> {
    Ok(child.try_wait()?.map(|status| (status.code(), None, None)))
}

/// Writes `bytes` to a new file under the system's temporary folder and
/// returns its path (for inputs that exist only in memory).
pub fn temporary_input(name: &str, bytes: &[u8]) -> std::io::Result<PathBuf> {
    let path = std::env::temp_dir().join(format!("grid-games-{}-{name}", std::process::id()));
    std::fs::File::create(&path)?.write_all(bytes)?;
    Ok(path)
}
