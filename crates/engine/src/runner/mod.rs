//! Running a solution on one input as a judge's sandbox does, held by the
//! kernel's own mechanisms where the machine has them ([`contain`]): user
//! and PID namespaces, so that every process of a run ends when it ends; a
//! control group, which counts the time and memory of every process the
//! run ever had and caps its tasks; Landlock, which keeps it to the
//! system's files, its program's and its own folder; and descriptors 0, 1
//! and 2 alone. The runner sleeps in one `poll` over the run's pipes and
//! its first process's exit (a pidfd; where the kernel has none, the exit
//! is looked for every 2 ms), woken by output, by the exit, or when a
//! check below is due, so that a run of a millisecond costs about what
//! starting the program costs.
//!
//! - **Time** is the processor time of every process of the run: the
//!   control group's count, or without one the main process's and the
//!   children it and the namespace's first process waited for (from
//!   `wait4`), held to the limit by the verdict: a busy machine (other jobs
//!   beside the run, a build) slows the wall clock, not the work, so a
//!   correct solution does not become a TLE because of it. The wall clock
//!   is the guard against a run that sleeps or waits: it is stopped at
//!   twice its limit, or its limit and a second when that is longer (see
//!   [`grace`]).
//! - **Memory** is the peak of the run: the control group's peak (every
//!   process, the memory it holds in files of a memory-backed file system
//!   included), and the kernel's own peak for the main process
//!   (`ru_maxrss`); while it runs, the group's memory (or the main
//!   process's resident memory) is read every 2 ms of run time, and a run
//!   past its limit is stopped there. The group's cap, a little above the
//!   limit, stops a run that would take the machine between two reads.
//! - **Output** past its limit stops the run; the runner keeps at most the
//!   limit, and the last 16 KiB of stderr, whatever the program prints.
//! - **Tasks**: a run may have at most [`contain::max_tasks`] processes and
//!   threads at once, where a control group counts them; one refused for
//!   that stops the run.
//!
//! A program is a command to execute, or a function of this program run in
//! a forked copy of the process (the workspace's own solvers run so: no
//! binary to build and no second program to start, yet the same limits
//! and measures as any solution).

use std::ffi::OsString;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

mod cgroup;
pub use cgroup::dedicate_thread;
pub mod contain;
pub mod interrupt;
pub mod landlock;
mod processes;
pub mod seccomp;

/// A run's limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Processor time (the wall clock only stops a hang, at about twice
    /// it: see `watch`).
    pub time: Duration,
    /// Peak resident memory, in bytes.
    pub memory: u64,
    /// Bytes written to stdout.
    pub output: u64,
    /// When given, the address space the run may add to what it starts with
    /// (`ulimit -v`): past it an allocation fails, as under a judge that
    /// limits virtual memory. The hostile-input suite holds the binaries to
    /// this.
    pub address_space: Option<u64>,
    /// When given, the largest file the run may write (`ulimit -f`): past
    /// it a write fails with SIGXFSZ. Solutions get their memory limit
    /// here, so that a file on a memory-backed file system (`/dev/shm`, a
    /// `memfd`) cannot hold more than the limit unseen.
    pub file_size: Option<u64>,
}

/// How far past its time limit, by the wall clock, a run may go before it
/// is stopped as a hang: its limit again, and at least a second. The
/// verdict holds the processor time to the limit (see the module's doc);
/// this only ends a run that would not end.
pub fn grace(time: Duration) -> Duration {
    time.max(Duration::from_secs(1))
}

/// A function run as a program: it gets the input, stdout and stderr, and
/// returns the exit status.
pub type Function<'a> = &'a (dyn Fn(&mut dyn Read, &mut dyn Write, &mut dyn Write) -> u8 + Sync);

/// What a command may reach.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Access {
    /// The workspace's own tools (a compiler, a toolchain's query): every
    /// file its user can reach.
    Tool,
    /// A solution: the system's files, its program's folders (found from
    /// its command line) and `Reach`'s, where Landlock holds it; one
    /// process only where no control group counts them (see `seccomp`).
    Solution(landlock::Reach),
    /// A user's shell command: held as a solution, but its shell starts
    /// processes, so it may start them even where no control group counts
    /// them (their time is then counted as its waits give it).
    Shell(landlock::Reach),
    /// A compiler on a user's source: it reads the system's files, the
    /// toolchains' and `Reach`'s (its build folder, where it writes), and
    /// starts processes of its own; no system call is filtered (a linker
    /// sets its output's mode). A source cannot include an answer file.
    Compile(landlock::Reach),
}

impl Access {
    /// What a contained command may reach, if it is contained.
    pub fn reach(&self) -> Option<&landlock::Reach> {
        match self {
            Access::Tool => None,
            Access::Solution(reach) | Access::Shell(reach) | Access::Compile(reach) => Some(reach),
        }
    }
}

/// What to run.
pub enum Program<'a> {
    /// `argv[0]` (a path, or a name looked up on `PATH`) with the rest of
    /// `argv` as its arguments, in the folder `dir`, reaching what `access`
    /// says.
    Command {
        argv: Vec<OsString>,
        dir: PathBuf,
        access: Access,
    },
    /// A Python program, run as `Command` runs `argv`, but forked from a
    /// warm interpreter as `line` says where the thread and the machine
    /// allow (see [`warm`]), else started fresh.
    Warm {
        argv: Vec<OsString>,
        dir: PathBuf,
        access: Access,
        line: WarmLine,
    },
    /// A function of this program, in a forked copy of this process.
    Function(Function<'a>),
}

impl Program<'static> {
    /// A solution's program `argv` (an interpreter's run line, its script
    /// last, when `warm`), run in `dir`, which it may write in and nothing
    /// else: what the benchmarks and tests run as the commands run a
    /// solution.
    pub fn solution_in(argv: &[OsString], dir: &Path, warm: bool) -> Program<'static> {
        let (argv, dir) = (argv.to_vec(), dir.to_path_buf());
        let access = Access::Solution(landlock::Reach {
            reads: Vec::new(),
            exact: Vec::new(),
            writes: Some(dir.clone()),
        });
        match warm {
            true => Program::Warm {
                line: WarmLine::program(&argv),
                argv,
                dir,
                access,
            },
            false => Program::Command { argv, dir, access },
        }
    }
}

/// How a warm server runs what a fresh start's command line runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WarmLine {
    /// The interpreter and its flags (`python3 -B -W ignore`).
    pub interpreter: Vec<OsString>,
    /// The script and its arguments.
    pub script: Vec<OsString>,
    /// Whether descriptor 3 is the run's stdout and descriptor 1 its
    /// stderr, as a function's driver has them (its answers apart from
    /// what the function prints).
    pub answers_on_3: bool,
}

impl WarmLine {
    /// A program's line: `argv` is the interpreter, its flags and the
    /// script, last.
    pub fn program(argv: &[OsString]) -> WarmLine {
        let (script, interpreter) = argv
            .split_last()
            .map_or((&[][..], argv), |(s, i)| (std::slice::from_ref(s), i));
        WarmLine {
            interpreter: interpreter.to_vec(),
            script: script.to_vec(),
            answers_on_3: false,
        }
    }
}

/// How the main process ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Exited(i32),
    Signalled(i32),
}

/// The ending a wait status tells.
fn ending_of(status: libc::c_int) -> Ending {
    if libc::WIFSIGNALED(status) {
        Ending::Signalled(libc::WTERMSIG(status))
    } else {
        Ending::Exited(libc::WEXITSTATUS(status))
    }
}

/// Why the runner stopped a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    Time,
    Memory,
    Output,
    /// It reached its cap on tasks (processes and threads).
    Processes,
    /// The command was interrupted (Ctrl-C): the run was stopped, and has
    /// no verdict.
    Interrupted,
}

/// A finished run.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub ending: Ending,
    /// Set when the runner stopped the run, and why.
    pub stopped: Option<Stop>,
    /// What it wrote to stdout, at most the output limit.
    pub stdout: Vec<u8>,
    /// The last [`STDERR_TAIL`] bytes it wrote to stderr.
    pub stderr: Vec<u8>,
    /// Whether stderr held more than [`STDERR_TAIL`] bytes.
    pub stderr_cut: bool,
    pub wall: Duration,
    /// Processor time (user and system) of every process of the run (see
    /// the module's doc for what is counted without a control group).
    pub cpu: Duration,
    /// Peak resident memory of the run's processes together, in bytes.
    pub peak_memory: u64,
    /// Peak resident memory of the main process alone, as the kernel
    /// counted it.
    pub main_peak_memory: u64,
    /// Processes of the run still alive when its main process ended (and
    /// killed then).
    pub stragglers: usize,
}

impl Outcome {
    /// The outcome of a program that could not be started (a missing
    /// interpreter on its `#!` line, a file that is no program): status 127,
    /// as a shell gives, with why on its stderr.
    pub fn not_started(why: &std::io::Error) -> Outcome {
        Outcome {
            ending: Ending::Exited(127),
            stopped: None,
            stdout: Vec::new(),
            stderr: format!("cannot start the program: {why}").into_bytes(),
            stderr_cut: false,
            wall: Duration::ZERO,
            cpu: Duration::ZERO,
            peak_memory: 0,
            main_peak_memory: 0,
            stragglers: 0,
        }
    }
}

/// How much of stderr a run keeps: its end, where the error is.
pub const STDERR_TAIL: usize = 16 << 10;

/// A signal's name and what it usually means: `SIGSEGV (segmentation fault:
/// a bad memory access, often an index out of range or a stack overflow)`.
pub fn signal_name(signal: i32) -> String {
    let (name, meaning) = match signal {
        libc::SIGSEGV => (
            "SIGSEGV",
            "segmentation fault: a bad memory access, often an index out of range or a stack overflow",
        ),
        libc::SIGABRT => ("SIGABRT", "aborted, often by a failed assertion or allocation"),
        libc::SIGFPE => ("SIGFPE", "arithmetic error, often a division by zero"),
        libc::SIGBUS => ("SIGBUS", "bus error: a bad memory access"),
        libc::SIGILL => ("SIGILL", "illegal instruction"),
        libc::SIGKILL => ("SIGKILL", "killed"),
        libc::SIGTERM => ("SIGTERM", "terminated"),
        libc::SIGPIPE => ("SIGPIPE", "broken pipe"),
        libc::SIGXCPU => ("SIGXCPU", "processor time limit"),
        libc::SIGXFSZ => ("SIGXFSZ", "file size limit"),
        libc::SIGSYS => (
            "SIGSYS",
            "a forbidden system call: a second process, where no control group can count \
             it, or a call of another architecture",
        ),
        _ => return format!("signal {signal}"),
    };
    format!("{name} ({meaning})")
}

/// Runs `program` on the file `input` under `limits`.
pub fn run(program: &Program, input: &Path, limits: &Limits) -> std::io::Result<Outcome> {
    start::run(program, input, limits)
}

/// Why [`run_fresh`] gave no outcome.
#[derive(Debug)]
pub enum RunError {
    /// The run's folder or its copy of the input could not be made (a full
    /// temporary folder): the command's trouble, not the program's.
    Setup(std::io::Error),
    /// The program could not be started (a missing `#!` interpreter, a
    /// file that is no program): the program's trouble, a run-time error.
    Start(std::io::Error),
}

/// Runs a program on `input` as a judge would: in an empty folder of
/// `scratch` (`make` gives the program to run there), fed a copy of the
/// input from beside that folder, so that nothing of the user's files (the
/// case's own path, its `.out` beside it) is in its reach through its
/// input, and nothing one run writes is seen by the next. A folder the run
/// leaves empty is kept for the next run; any other is
/// removed after it.
pub fn run_fresh<'a>(
    make: impl FnOnce(&Path) -> Program<'a>,
    input: &[u8],
    scratch: &Path,
    limits: &Limits,
) -> Result<Outcome, RunError> {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNT: AtomicU64 = AtomicU64::new(0);
    let k = COUNT.fetch_add(1, Ordering::Relaxed);
    let copy = scratch.join(format!("run-{k}.in"));
    let folder = Folder::take(scratch, k).map_err(RunError::Setup)?;
    let outcome = write_copy(&copy, input)
        .map_err(RunError::Setup)
        .and_then(|()| run(&make(&folder.path), &copy, limits).map_err(RunError::Start));
    let _ = std::fs::remove_file(&copy);
    folder.give_back();
    outcome
}

/// A run's folder. Making a folder and removing it costs more than a short
/// run on a journalled file system (about 0.4 ms on the project's
/// machine), so a folder its run left empty is kept for the next run, which
/// takes it only if it is still that folder (no link or other folder put
/// in its place), still empty, and still as it was made (its owner and
/// permissions).
struct Folder {
    path: PathBuf,
    made: Identity,
}

/// What tells a folder from one put in its place: device, inode, owner,
/// group and mode.
type Identity = (u64, u64, u32, u32, u32);

/// The folder kept by the last run, for the next.
static SPARE: std::sync::Mutex<Option<Folder>> = std::sync::Mutex::new(None);

impl Folder {
    /// The kept folder, if it is in `scratch` and still fit, else a new
    /// one named by the run's number `k`.
    fn take(scratch: &Path, k: u64) -> std::io::Result<Folder> {
        let spare = SPARE.lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some(spare) = spare.filter(|spare| spare.path.parent() == Some(scratch)) {
            if identity(&spare.path) == Some(spare.made) && is_empty(&spare.path) {
                return Ok(spare);
            }
            let _ = crate::folders::remove_tree(&spare.path);
        }
        let path = scratch.join(format!("run-{k}"));
        std::fs::create_dir(&path)?;
        let made =
            identity(&path).ok_or_else(|| std::io::Error::other("the run's folder is gone"))?;
        Ok(Folder { path, made })
    }

    /// Keeps the folder for the next run if its run left it empty, else
    /// removes it, however deep, wide or closed the tree the run left (see
    /// [`crate::folders::remove_tree`]). A folder that cannot be removed
    /// here is removed with the session's scratch folder, which the
    /// command names when that fails too.
    fn give_back(self) {
        if !is_empty(&self.path) {
            let _ = crate::folders::remove_tree(&self.path);
            return;
        }
        let displaced = SPARE
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .replace(self);
        if let Some(other) = displaced {
            let _ = crate::folders::remove_tree(&other.path);
        }
    }
}

/// The identity of the folder at `path`, not following a link; `None`
/// when it is no folder.
fn identity(path: &Path) -> Option<Identity> {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::symlink_metadata(path).ok()?;
    meta.is_dir()
        .then(|| (meta.dev(), meta.ino(), meta.uid(), meta.gid(), meta.mode()))
}

/// Whether the folder at `path` can be read and holds nothing.
fn is_empty(path: &Path) -> bool {
    std::fs::read_dir(path).is_ok_and(|mut entries| entries.next().is_none())
}

/// Writes a run's copy of its input as a new file (never through a link
/// planted at its name). Nothing reads it but the run, and it is removed
/// after, so it is not flushed to the disk: a flush would cost more than
/// a short run.
fn write_copy(path: &Path, input: &[u8]) -> std::io::Result<()> {
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)?
        .write_all(input)
}

mod child;
mod first;
mod spawn;
pub use spawn::{find_on_path, is_executable};
mod start;
pub mod warm;
mod watch;
