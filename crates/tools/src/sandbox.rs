//! Running a solution on one input as a judge's sandbox does: in a session
//! of its own, its time, memory and output watched, and every process of it
//! ended when it ends.
//!
//! - **Time** is the wall clock, from start to the end of the main process;
//!   a run is stopped a little past its limit (see [`grace`]). Processor
//!   time is reported beside it.
//! - **Memory** is the peak resident memory of the run: its main process's
//!   resident memory, read every few milliseconds, and every 20 ms the sum
//!   of all its processes' proportional set sizes (memory shared between
//!   them counted once), and the kernel's own peak for the main process at
//!   its end. A run past its limit is stopped there, before it can take the
//!   machine. Being polled, a peak shorter than the polling interval may be
//!   missed, as under judges that sample.
//! - **Output** past its limit stops the run; the runner keeps at most the
//!   limit, and the last 16 KiB of stderr, whatever the program prints.
//! - **Processes**: a run may have at most [`MAX_PROCESSES`] at a time,
//!   counted every 20 ms (a burst of forks between two counts is seen at
//!   the next; the memory limit bounds what it can do meanwhile).
//!   When its main process ends, for any reason, every other process of the
//!   run is killed (see [`crate::processes`]): none outlives the runner.
//!
//! A program is a command to execute, or a function of this program run in
//! a forked copy of the process (the workspace's own solvers run so: no
//! binary to build and no second program to start, yet the same limits
//! and measures as any solution).

use std::ffi::OsString;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A run's limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock time.
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
}

/// The most processes a run may have at once.
pub const MAX_PROCESSES: usize = 64;

/// How far past its time limit a run may go before it is stopped: a tenth of
/// the limit, between 50 ms and half a second. (A judge stops a program at
/// its limit; the margin shows that a run was over, not by how much.)
pub fn grace(time: Duration) -> Duration {
    (time / 10).clamp(Duration::from_millis(50), Duration::from_millis(500))
}

/// A function run as a program: it gets the input, stdout and stderr, and
/// returns the exit status.
pub type Function<'a> = &'a (dyn Fn(&mut dyn Read, &mut dyn Write, &mut dyn Write) -> u8 + Sync);

/// What to run.
pub enum Program<'a> {
    /// `argv[0]` (a path, or a name looked up on `PATH`) with the rest of
    /// `argv` as its arguments, in the folder `dir`.
    Command { argv: Vec<OsString>, dir: PathBuf },
    /// A function of this program, in a forked copy of this process.
    Function(Function<'a>),
}

/// How the main process ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Exited(i32),
    Signalled(i32),
}

/// Why the runner stopped a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    Time,
    Memory,
    Output,
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
    /// Processor time of the main process (user and system).
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
        libc_signals::SIGSEGV => (
            "SIGSEGV",
            "segmentation fault: a bad memory access, often an index out of range or a stack overflow",
        ),
        libc_signals::SIGABRT => ("SIGABRT", "aborted, often by a failed assertion or allocation"),
        libc_signals::SIGFPE => ("SIGFPE", "arithmetic error, often a division by zero"),
        libc_signals::SIGBUS => ("SIGBUS", "bus error: a bad memory access"),
        libc_signals::SIGILL => ("SIGILL", "illegal instruction"),
        libc_signals::SIGKILL => ("SIGKILL", "killed"),
        libc_signals::SIGTERM => ("SIGTERM", "terminated"),
        libc_signals::SIGPIPE => ("SIGPIPE", "broken pipe"),
        libc_signals::SIGXCPU => ("SIGXCPU", "processor time limit"),
        libc_signals::SIGXFSZ => ("SIGXFSZ", "file size limit"),
        _ => return format!("signal {signal}"),
    };
    format!("{name} ({meaning})")
}

/// Signal numbers, named where `libc` is not a dependency.
mod libc_signals {
    pub const SIGILL: i32 = 4;
    pub const SIGABRT: i32 = 6;
    pub const SIGBUS: i32 = 7;
    pub const SIGFPE: i32 = 8;
    pub const SIGKILL: i32 = 9;
    pub const SIGSEGV: i32 = 11;
    pub const SIGPIPE: i32 = 13;
    pub const SIGTERM: i32 = 15;
    pub const SIGXCPU: i32 = 24;
    pub const SIGXFSZ: i32 = 25;
}

/// Runs `program` on the file `input` under `limits`.
pub fn run(program: &Program, input: &Path, limits: &Limits) -> std::io::Result<Outcome> {
    imp::run(program, input, limits)
}

/// Runs a program on `input` as a judge would: in a new, empty folder of
/// `scratch` (`make` gives the program to run there), fed a copy of the
/// input from that folder, so that nothing of the user's files (the case's
/// own path, its `.out` beside it) is in its reach through its input, and
/// nothing one run writes is seen by the next. The folder is removed after.
pub fn run_fresh<'a>(
    make: impl FnOnce(&Path) -> Program<'a>,
    input: &[u8],
    scratch: &Path,
    limits: &Limits,
) -> std::io::Result<Outcome> {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNT: AtomicU64 = AtomicU64::new(0);
    let k = COUNT.fetch_add(1, Ordering::Relaxed);
    let folder = scratch.join(format!("run-{k}"));
    let copy = scratch.join(format!("run-{k}.in"));
    std::fs::create_dir(&folder)?;
    let outcome =
        cli::files::write_new(&copy, input).and_then(|()| run(&make(&folder), &copy, limits));
    let _ = std::fs::remove_file(&copy);
    let _ = std::fs::remove_dir_all(&folder);
    outcome
}

/// A folder for one judging or stress session's runs and files, removed
/// when dropped: programs run there, so whatever they write lands there.
#[derive(Debug)]
pub struct Scratch {
    path: PathBuf,
}

impl Scratch {
    /// A new, empty folder under the system's temporary folder.
    pub fn new(purpose: &str) -> std::io::Result<Scratch> {
        use std::sync::atomic::{AtomicU64, Ordering};
        static COUNT: AtomicU64 = AtomicU64::new(0);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let path = std::env::temp_dir().join(format!(
            "grid-games-{purpose}-{}-{}-{nanos}",
            std::process::id(),
            COUNT.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir(&path)?;
        Ok(Scratch { path })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

#[cfg(unix)]
mod imp {
    use std::ffi::OsString;
    use std::fs::File;
    use std::io::{Read, Write};
    use std::mem::ManuallyDrop;
    use std::os::fd::{AsRawFd, FromRawFd, IntoRawFd, RawFd};
    use std::os::unix::process::CommandExt;
    use std::path::Path;
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};

    use super::{
        grace, Ending, Function, Limits, Outcome, Program, Stop, MAX_PROCESSES, STDERR_TAIL,
    };
    use crate::processes::{self, MARKER};

    /// How often the whole run is scanned (the main process's memory is read
    /// on every turn of the loop, every few milliseconds).
    const SCAN_EVERY: Duration = Duration::from_millis(20);

    /// A started run: its main process and the reading ends of its pipes.
    struct Started {
        pid: i32,
        stdout: File,
        stderr: File,
        token: String,
    }

    pub fn run(program: &Program, input: &Path, limits: &Limits) -> std::io::Result<Outcome> {
        processes::become_subreaper();
        let input = File::open(input)?;
        let token = run_token();
        let began = Instant::now();
        let started = match program {
            Program::Command { argv, dir } => spawn_command(argv, dir, input, &token, limits)?,
            Program::Function(function) => spawn_function(*function, input, &token, limits)?,
        };
        Ok(watch(started, began, limits))
    }

    /// A marker no other run shares.
    fn run_token() -> String {
        use std::sync::atomic::{AtomicU64, Ordering};
        static COUNT: AtomicU64 = AtomicU64::new(0);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        format!(
            "{}-{}-{nanos}",
            std::process::id(),
            COUNT.fetch_add(1, Ordering::Relaxed)
        )
    }

    /// The limits every run's processes get before they start: no core
    /// files, and the address space when asked.
    fn set_process_limits(address_space: Option<u64>) {
        let set = |resource, value: u64| {
            let limit = libc::rlimit {
                rlim_cur: value as libc::rlim_t,
                rlim_max: value as libc::rlim_t,
            };
            // SAFETY: setrlimit with a pointer to a live local.
            unsafe { libc::setrlimit(resource, &limit) };
        };
        set(libc::RLIMIT_CORE, 0);
        if let Some(bytes) = address_space {
            set(libc::RLIMIT_AS, bytes);
        }
    }

    fn spawn_command(
        argv: &[OsString],
        dir: &Path,
        input: File,
        token: &str,
        limits: &Limits,
    ) -> std::io::Result<Started> {
        let (program, args) = argv.split_first().ok_or_else(|| {
            std::io::Error::new(std::io::ErrorKind::InvalidInput, "an empty command")
        })?;
        let address_space = limits.address_space;
        let mut command = Command::new(program);
        command
            .args(args)
            .current_dir(dir)
            .env(MARKER, token)
            .stdin(Stdio::from(input))
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        // SAFETY: between fork and exec only async-signal-safe calls are
        // made: setsid and setrlimit.
        unsafe {
            command.pre_exec(move || {
                libc::setsid();
                set_process_limits(address_space);
                Ok(())
            });
        }
        let mut child = command.spawn()?;
        let stdout = child.stdout.take().expect("piped stdout").into_raw_fd();
        let stderr = child.stderr.take().expect("piped stderr").into_raw_fd();
        // SAFETY: the descriptors were just taken from the child's pipes.
        Ok(Started {
            pid: child.id() as i32,
            stdout: unsafe { File::from_raw_fd(stdout) },
            stderr: unsafe { File::from_raw_fd(stderr) },
            token: token.to_string(),
        })
    }

    /// A pipe: (read end, write end), both close-on-exec.
    fn pipe() -> std::io::Result<(File, File)> {
        let mut fds = [0 as RawFd; 2];
        // SAFETY: pipe2 fills the two-element array.
        if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
            return Err(std::io::Error::last_os_error());
        }
        // SAFETY: both descriptors are new and ours.
        Ok(unsafe { (File::from_raw_fd(fds[0]), File::from_raw_fd(fds[1])) })
    }

    /// The address space this process uses now, in bytes.
    fn address_space_in_use() -> u64 {
        std::fs::read_to_string("/proc/self/statm")
            .ok()
            .and_then(|s| s.split_whitespace().next()?.parse::<u64>().ok())
            // SAFETY: sysconf has no preconditions.
            .map_or(0, |pages| {
                pages * unsafe { libc::sysconf(libc::_SC_PAGESIZE) } as u64
            })
    }

    fn spawn_function(
        function: Function,
        input: File,
        token: &str,
        limits: &Limits,
    ) -> std::io::Result<Started> {
        let (out_read, out_write) = pipe()?;
        let (err_read, err_write) = pipe()?;
        // The fork starts with this process's mappings: the limit is on
        // what the run adds to them.
        let address_space = limits
            .address_space
            .map(|extra| address_space_in_use().saturating_add(extra));
        // Nothing buffered here may be written twice by the copy.
        let _ = std::io::stdout().flush();
        // SAFETY: fork; the child only calls the function on its own
        // descriptors and ends with _exit, never returning into the caller.
        let pid = unsafe { libc::fork() };
        if pid < 0 {
            return Err(std::io::Error::last_os_error());
        }
        if pid == 0 {
            // SAFETY: the child: set up descriptors, run, and _exit.
            unsafe {
                libc::setsid();
                libc::dup2(input.as_raw_fd(), 0);
                libc::dup2(out_write.as_raw_fd(), 1);
                libc::dup2(err_write.as_raw_fd(), 2);
            }
            set_process_limits(address_space);
            // A panic's message goes to this run's stderr, written directly
            // (the standard library's stderr lock may be held by a thread of
            // the parent that does not exist here).
            std::panic::set_hook(Box::new(|info| {
                let mut err = ManuallyDrop::new(unsafe { File::from_raw_fd(2) });
                let _ = writeln!(err, "{info}");
            }));
            // SAFETY: descriptors 0, 1 and 2 were just set up above, and
            // ManuallyDrop keeps them open.
            let (mut stdin, mut stdout, mut stderr) = unsafe {
                (
                    ManuallyDrop::new(File::from_raw_fd(0)),
                    ManuallyDrop::new(File::from_raw_fd(1)),
                    ManuallyDrop::new(File::from_raw_fd(2)),
                )
            };
            let status = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                function(&mut *stdin, &mut *stdout, &mut *stderr)
            }))
            .unwrap_or(101);
            // SAFETY: _exit ends the child without running the parent's
            // destructors or atexit handlers.
            unsafe { libc::_exit(i32::from(status)) };
        }
        drop((out_write, err_write, input));
        Ok(Started {
            pid,
            stdout: out_read,
            stderr: err_read,
            token: token.to_string(),
        })
    }

    /// Switches a descriptor to non-blocking reads.
    fn set_nonblocking(file: &File) {
        let fd = file.as_raw_fd();
        // SAFETY: fcntl on a descriptor we own.
        unsafe {
            let flags = libc::fcntl(fd, libc::F_GETFL);
            libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK);
        }
    }

    /// What reading a pipe gave.
    enum Pipe {
        /// Still open (more may come).
        Open,
        /// The end: every writer has closed it.
        End,
    }

    /// Reads what a non-blocking pipe holds now into `sink`.
    fn read_available(file: &mut File, buffer: &mut [u8], sink: &mut dyn FnMut(&[u8])) -> Pipe {
        loop {
            match file.read(buffer) {
                Ok(0) => return Pipe::End,
                Ok(n) => sink(&buffer[..n]),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => return Pipe::Open,
                Err(_) => return Pipe::End,
            }
        }
    }

    /// Waits until one of the pipes can be read, or `timeout` passes.
    fn wait_for_pipes(pipes: &[(&File, bool)], timeout: Duration) {
        let mut fds: Vec<libc::pollfd> = pipes
            .iter()
            .filter(|(_, open)| *open)
            .map(|(file, _)| libc::pollfd {
                fd: file.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            })
            .collect();
        if fds.is_empty() {
            std::thread::sleep(timeout);
            return;
        }
        // SAFETY: poll on a live array of pollfd.
        unsafe {
            libc::poll(
                fds.as_mut_ptr(),
                fds.len() as libc::nfds_t,
                timeout.as_millis() as i32,
            );
        }
    }

    /// The main process's ending and usage, once it has ended.
    fn try_reap(pid: i32) -> Option<(Ending, Duration, u64)> {
        let mut status: libc::c_int = 0;
        // SAFETY: rusage is plain data; all-zero is a valid value.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: wait4 on our own child, with pointers to live locals.
        let reaped = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if reaped < 0 && std::io::Error::last_os_error().raw_os_error() == Some(libc::ECHILD) {
            // Reaped already, by no one who should have: it has ended, and
            // how is lost.
            return Some((Ending::Signalled(libc::SIGKILL), Duration::ZERO, 0));
        }
        if reaped != pid {
            return None;
        }
        let ending = if libc::WIFSIGNALED(status) {
            Ending::Signalled(libc::WTERMSIG(status))
        } else {
            Ending::Exited(libc::WEXITSTATUS(status))
        };
        let seconds = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
        let cpu = seconds(usage.ru_utime) + seconds(usage.ru_stime);
        // Linux reports ru_maxrss in KiB.
        let peak = u64::try_from(usage.ru_maxrss).unwrap_or(0) * 1024;
        Some((ending, cpu, peak))
    }

    /// Watches a started run to its end, then ends the rest of it.
    fn watch(mut run: Started, began: Instant, limits: &Limits) -> Outcome {
        set_nonblocking(&run.stdout);
        set_nonblocking(&run.stderr);
        let mut buffer = vec![0u8; 1 << 16];
        let mut stdout = Vec::new();
        let mut stderr = Vec::new();
        let mut stderr_cut = false;
        let (mut out_open, mut err_open) = (true, true);
        let mut stopped = None;
        let mut peak = 0u64;
        let mut last_scan = began;
        let deadline = limits.time + grace(limits.time);
        let kill = |pid: i32| {
            // SAFETY: SIGKILL to the run's process group.
            unsafe { libc::kill(-pid, libc::SIGKILL) };
        };
        let (ending, cpu, kernel_peak) = loop {
            wait_for_pipes(
                &[(&run.stdout, out_open), (&run.stderr, err_open)],
                Duration::from_millis(2),
            );
            if out_open {
                let room = limits.output;
                let mut over = false;
                let read = read_available(&mut run.stdout, &mut buffer, &mut |bytes| {
                    let left = room.saturating_sub(stdout.len() as u64) as usize;
                    stdout.extend_from_slice(&bytes[..bytes.len().min(left)]);
                    over |= bytes.len() > left;
                });
                out_open = matches!(read, Pipe::Open);
                if over && stopped.is_none() {
                    stopped = Some(Stop::Output);
                    kill(run.pid);
                }
            }
            if err_open {
                let read = read_available(&mut run.stderr, &mut buffer, &mut |bytes| {
                    stderr.extend_from_slice(bytes);
                    if stderr.len() > 2 * STDERR_TAIL {
                        stderr.drain(..stderr.len() - STDERR_TAIL);
                        stderr_cut = true;
                    }
                });
                err_open = matches!(read, Pipe::Open);
            }
            if let Some(done) = try_reap(run.pid) {
                break done;
            }
            let now = began.elapsed();
            peak = peak.max(processes::resident_bytes(run.pid));
            if last_scan.elapsed() >= SCAN_EVERY {
                last_scan = Instant::now();
                let scan = processes::scan(run.pid, &run.token);
                peak = peak.max(scan.resident);
                if scan.pids.len() > MAX_PROCESSES && stopped.is_none() {
                    stopped = Some(Stop::Processes);
                    processes::kill_all(run.pid, &run.token);
                }
            }
            if peak > limits.memory && stopped.is_none() {
                stopped = Some(Stop::Memory);
                kill(run.pid);
            }
            if now > deadline && stopped.is_none() {
                stopped = Some(Stop::Time);
                kill(run.pid);
            }
            if crate::interrupt::requested() && stopped.is_none() {
                stopped = Some(Stop::Interrupted);
                kill(run.pid);
            }
        };
        let wall = began.elapsed();
        let stragglers = processes::kill_all(run.pid, &run.token);
        // Whatever is left in the pipes, now that every writer is gone (a
        // writer that escaped the run cannot hold the runner up).
        let drain_until = Instant::now() + Duration::from_millis(200);
        while (out_open || err_open) && Instant::now() < drain_until {
            wait_for_pipes(
                &[(&run.stdout, out_open), (&run.stderr, err_open)],
                Duration::from_millis(5),
            );
            if out_open {
                let room = limits.output;
                let read = read_available(&mut run.stdout, &mut buffer, &mut |bytes| {
                    let left = room.saturating_sub(stdout.len() as u64) as usize;
                    stdout.extend_from_slice(&bytes[..bytes.len().min(left)]);
                });
                out_open = matches!(read, Pipe::Open);
            }
            if err_open {
                let read = read_available(&mut run.stderr, &mut buffer, &mut |bytes| {
                    stderr.extend_from_slice(bytes);
                });
                err_open = matches!(read, Pipe::Open);
            }
        }
        if stderr.len() > STDERR_TAIL {
            stderr.drain(..stderr.len() - STDERR_TAIL);
            stderr_cut = true;
        }
        Outcome {
            ending,
            stopped,
            stdout,
            stderr,
            stderr_cut,
            wall,
            cpu,
            peak_memory: peak.max(kernel_peak),
            main_peak_memory: kernel_peak,
            stragglers,
        }
    }
}

#[cfg(not(unix))]
mod imp {
    use super::{Limits, Outcome, Program};
    use std::path::Path;

    pub fn run(_: &Program, _: &Path, _: &Limits) -> std::io::Result<Outcome> {
        Err(std::io::Error::new(
            std::io::ErrorKind::Unsupported,
            "running a solution needs a Unix system (Linux for the full sandbox)",
        ))
    }
}
