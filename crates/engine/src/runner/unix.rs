//! The runner on Unix: fork and exec (or fork and call), a session of
//! the run's own, the watch loop over its pipes, time, memory and
//! processes, and the ending that kills every process of it.

use std::ffi::OsString;
use std::fs::File;
use std::io::{Read, Write};
use std::mem::ManuallyDrop;
use std::os::fd::{AsRawFd, FromRawFd, IntoRawFd, RawFd};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::interrupt;
use super::processes::{self, MARKER};
use super::{grace, Ending, Function, Limits, Outcome, Program, Stop, MAX_PROCESSES, STDERR_TAIL};

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

/// Asks the kernel to kill the run's main process if the runner dies
/// first (killed by the program itself, say), so that it does not run
/// on unwatched (Linux).
fn die_with_the_runner() {
    #[cfg(target_os = "linux")]
    // SAFETY: prctl with PR_SET_PDEATHSIG takes a signal number.
    unsafe {
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
    }
}

/// The limits every run's processes get before they start: no core
/// files, the size of any file they write (so that memory cannot be
/// hidden in a file on a memory-backed file system), and the address
/// space when asked. The file size signal gets its default action back
/// (the tools ignore it for themselves, see
/// `cli::run::ignore_file_size_signal`, and an ignored signal stays
/// ignored across `exec`): a run that writes past its file size dies of
/// it, as under a judge.
fn set_process_limits(address_space: Option<u64>, file_size: Option<u64>) {
    // SAFETY: signal is async-signal-safe.
    unsafe { libc::signal(libc::SIGXFSZ, libc::SIG_DFL) };
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
    if let Some(bytes) = file_size {
        set(libc::RLIMIT_FSIZE, bytes);
    }
}

/// A run's stack may grow to its memory limit, whatever the stack limit
/// of the shell the tool was started from (often 8 MiB): the judges limit
/// a solution's memory, not its stack apart, and a verdict must not depend
/// on the caller's `ulimit -s`. Only a hard limit below it (`ulimit -H -s`)
/// holds it lower: the stack then gets that much.
fn set_stack_limit(bytes: u64) {
    // SAFETY: getrlimit and setrlimit with pointers to live locals.
    unsafe {
        let mut current = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        if libc::getrlimit(libc::RLIMIT_STACK, &mut current) != 0 {
            return;
        }
        let wanted = bytes as libc::rlim_t;
        let most = if current.rlim_max == libc::RLIM_INFINITY {
            wanted
        } else {
            wanted.min(current.rlim_max)
        };
        let limit = libc::rlimit {
            rlim_cur: most,
            rlim_max: current.rlim_max,
        };
        libc::setrlimit(libc::RLIMIT_STACK, &limit);
    }
}

fn spawn_command(
    argv: &[OsString],
    dir: &Path,
    input: File,
    token: &str,
    limits: &Limits,
) -> std::io::Result<Started> {
    let (program, args) = argv
        .split_first()
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::InvalidInput, "an empty command"))?;
    let address_space = limits.address_space;
    let file_size = limits.file_size;
    let stack = limits.memory;
    let mut command = Command::new(program);
    command
        .args(args)
        .current_dir(dir)
        .env(MARKER, token)
        // A judge sets no backtrace: a Rust solution's panic reads as there.
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE")
        .stdin(Stdio::from(input))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: between fork and exec only async-signal-safe calls are
    // made: setsid, prctl, signal, getrlimit and setrlimit.
    unsafe {
        command.pre_exec(move || {
            libc::setsid();
            die_with_the_runner();
            set_process_limits(address_space, file_size);
            set_stack_limit(stack);
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
    let file_size = limits.file_size;
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
        die_with_the_runner();
        set_process_limits(address_space, file_size);
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

/// What a run has written so far: stdout up to the output limit, and the
/// end of stderr.
struct Captured {
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    stderr_cut: bool,
    out_open: bool,
    err_open: bool,
    buffer: Vec<u8>,
}

impl Captured {
    fn new() -> Captured {
        Captured {
            stdout: Vec::new(),
            stderr: Vec::new(),
            stderr_cut: false,
            out_open: true,
            err_open: true,
            buffer: vec![0u8; 1 << 16],
        }
    }

    /// Reads what the pipes hold now; returns whether stdout went past
    /// `room` bytes (what is past it is dropped).
    fn read(&mut self, run: &mut Started, room: u64) -> bool {
        let mut over = false;
        if self.out_open {
            let stdout = &mut self.stdout;
            let read = read_available(&mut run.stdout, &mut self.buffer, &mut |bytes| {
                let left = room.saturating_sub(stdout.len() as u64) as usize;
                stdout.extend_from_slice(&bytes[..bytes.len().min(left)]);
                over |= bytes.len() > left;
            });
            self.out_open = matches!(read, Pipe::Open);
        }
        if self.err_open {
            let (stderr, cut) = (&mut self.stderr, &mut self.stderr_cut);
            let read = read_available(&mut run.stderr, &mut self.buffer, &mut |bytes| {
                stderr.extend_from_slice(bytes);
                // Kept to its end, with room to spare so that it is cut
                // seldom.
                if stderr.len() > 2 * STDERR_TAIL {
                    stderr.drain(..stderr.len() - STDERR_TAIL);
                    *cut = true;
                }
            });
            self.err_open = matches!(read, Pipe::Open);
        }
        over
    }

    /// Waits until a pipe can be read, or `timeout` passes.
    fn wait(&self, run: &Started, timeout: Duration) {
        wait_for_pipes(
            &[(&run.stdout, self.out_open), (&run.stderr, self.err_open)],
            timeout,
        );
    }

    /// Whatever is left in the pipes, once every writer is gone; a writer
    /// that escaped the run cannot hold the runner up past a moment.
    fn drain(&mut self, run: &mut Started, room: u64) {
        let until = Instant::now() + Duration::from_millis(200);
        while (self.out_open || self.err_open) && Instant::now() < until {
            self.wait(run, Duration::from_millis(5));
            self.read(run, room);
        }
        if self.stderr.len() > STDERR_TAIL {
            self.stderr.drain(..self.stderr.len() - STDERR_TAIL);
            self.stderr_cut = true;
        }
    }
}

/// Why a run should be stopped now, if it should: its memory, its
/// processes, its time, or an interrupt. Updates the run's peak memory.
fn stop_needed(run: &Started, began: Instant, limits: &Limits, watch: &mut Watch) -> Option<Stop> {
    watch.peak = watch.peak.max(processes::resident_bytes(run.pid));
    if watch.last_scan.elapsed() >= SCAN_EVERY {
        watch.last_scan = Instant::now();
        let scan = processes::scan(run.pid, &run.token);
        watch.peak = watch.peak.max(scan.resident);
        if scan.pids.len() > MAX_PROCESSES {
            processes::kill_all(run.pid, &run.token);
            return Some(Stop::Processes);
        }
    }
    if watch.peak > limits.memory {
        Some(Stop::Memory)
    } else if began.elapsed() > limits.time + grace(limits.time) {
        Some(Stop::Time)
    } else if interrupt::requested() {
        Some(Stop::Interrupted)
    } else {
        None
    }
}

/// What the watch loop keeps between its turns.
struct Watch {
    peak: u64,
    last_scan: Instant,
}

/// Watches a started run to its end, then ends the rest of it.
fn watch(mut run: Started, began: Instant, limits: &Limits) -> Outcome {
    set_nonblocking(&run.stdout);
    set_nonblocking(&run.stderr);
    let mut captured = Captured::new();
    let mut stopped = None;
    let mut watch = Watch {
        peak: 0,
        last_scan: began,
    };
    let kill = |pid: i32| {
        // SAFETY: SIGKILL to the run's process group.
        unsafe { libc::kill(-pid, libc::SIGKILL) };
    };
    let (ending, cpu, kernel_peak) = loop {
        captured.wait(&run, Duration::from_millis(2));
        if captured.read(&mut run, limits.output) && stopped.is_none() {
            stopped = Some(Stop::Output);
            kill(run.pid);
        }
        if let Some(done) = try_reap(run.pid) {
            break done;
        }
        if stopped.is_none() {
            stopped = stop_needed(&run, began, limits, &mut watch);
            if stopped.is_some() {
                kill(run.pid);
            }
        }
    };
    let wall = began.elapsed();
    let stragglers = processes::kill_all(run.pid, &run.token);
    captured.drain(&mut run, limits.output);
    Outcome {
        ending,
        stopped,
        stdout: captured.stdout,
        stderr: captured.stderr,
        stderr_cut: captured.stderr_cut,
        wall,
        cpu,
        peak_memory: watch.peak.max(kernel_peak),
        main_peak_memory: kernel_peak,
        stragglers,
    }
}
