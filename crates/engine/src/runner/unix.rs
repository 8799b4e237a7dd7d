//! The runner on Unix: fork and exec (or fork and call) in a process group
//! of the run's own with no controlling terminal, its limits set before it
//! starts; [`super::watch`] then watches it to its end.

use std::ffi::OsString;
use std::fs::File;
use std::io::Write;
use std::mem::ManuallyDrop;
use std::os::fd::{AsRawFd, FromRawFd, IntoRawFd, RawFd};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

use super::processes::{self, MARKER};
use super::watch::{self, Started};
use super::{Function, Limits, Outcome, Program};

pub fn run(program: &Program, input: &Path, limits: &Limits) -> std::io::Result<Outcome> {
    processes::become_subreaper();
    let input = File::open(input)?;
    let token = run_token();
    let began = Instant::now();
    let started = match program {
        Program::Command { argv, dir } => spawn_command(argv, dir, input, &token, limits)?,
        Program::Function(function) => spawn_function(*function, input, &token, limits)?,
    };
    Ok(watch::watch(started, began, limits))
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

/// Puts the calling process in a process group of its own and gives up
/// its controlling terminal, if it has one: the terminal's Ctrl-C and
/// hang-up then reach the command only, and the run cannot open
/// `/dev/tty`. A new session would do the same, but where the kernel
/// groups each session's processes for scheduling (`autogroup`), a new
/// session is a new scheduling group, whose first turn on a busy machine
/// can cost more than a short run.
fn own_group_without_terminal() {
    // SAFETY: setpgid, open, ioctl and close are async-signal-safe, and
    // the path is a valid C string.
    unsafe {
        libc::setpgid(0, 0);
        let tty = libc::open(
            c"/dev/tty".as_ptr(),
            libc::O_RDWR | libc::O_NOCTTY | libc::O_CLOEXEC,
        );
        if tty >= 0 {
            libc::ioctl(tty, libc::TIOCNOTTY);
            libc::close(tty);
        }
    }
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
    // made: setpgid, open, ioctl, close, prctl, signal, getrlimit and
    // setrlimit.
    unsafe {
        command.pre_exec(move || {
            own_group_without_terminal();
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
        // The child: its own group, its descriptors, the function, and
        // _exit.
        own_group_without_terminal();
        // SAFETY: dup2 on descriptors this process holds.
        unsafe {
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
