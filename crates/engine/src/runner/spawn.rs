//! Starting a command as `posix_spawn` does: a child that shares this
//! process's memory until it calls `exec` (`clone` with `CLONE_VM` and
//! `CLONE_VFORK`), so that starting a run costs the same whatever this
//! process's size. A `fork` copies the page tables of every mapping first:
//! in a stress search, which holds the problem's tables and runs jobs
//! side by side, that copy was most of a short run's cost.
//!
//! The child does only what is safe in a process that shares its parent's
//! memory: system calls on values prepared beforehand, no allocation, no
//! lock. It puts itself in a group of its own without a terminal, sets
//! the run's limits, resets the signal handlers this process installed,
//! moves its descriptors into place, changes folder and calls `execve`;
//! the error of any step on the way goes back through a pipe that `exec`
//! closes.

use std::ffi::{CString, OsStr, OsString};
use std::fs::File;
use std::io::Read;
use std::os::fd::{AsRawFd, FromRawFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

/// What the child needs, prepared before it starts: every pointer stays
/// valid until `exec`, since the parent waits for it meanwhile.
pub(super) struct ChildPlan {
    pub(super) path: CString,
    pub(super) argv: Vec<*const libc::c_char>,
    /// The same arguments after `/bin/sh`, for a file `execve` cannot run
    /// (a script without a `#!` line), as `execvp` runs it.
    pub(super) shell_argv: Vec<*const libc::c_char>,
    pub(super) envp: Vec<*const libc::c_char>,
    pub(super) dir: CString,
    pub(super) input: RawFd,
    pub(super) stdout: RawFd,
    pub(super) stderr: RawFd,
    /// The write end of the pipe that carries an error back.
    pub(super) report: RawFd,
    /// The limits: each `(resource, value)`.
    pub(super) limits: Vec<(libc::__rlimit_resource_t, libc::rlim_t)>,
    /// The stack limit wanted: the memory limit, within the hard one. A
    /// judge limits a solution's memory, not its stack apart, and a
    /// verdict must not depend on the caller's `ulimit -s` (often 8 MiB);
    /// only a hard limit below it (`ulimit -H -s`) holds it lower.
    pub(super) stack: libc::rlim_t,
    /// An empty signal mask, the program's.
    pub(super) empty_mask: libc::sigset_t,
    /// The Landlock ruleset to enter before `exec`, or -1.
    pub(super) landlock: RawFd,
    /// The system call filter to enter last before `exec`, or null.
    pub(super) seccomp: *const libc::sock_fprog,
    /// Where no first process of the runner's holds the run: the control
    /// group files it writes itself into before `exec`, so that no child
    /// it starts is born outside its group (-1 for none).
    pub(super) cgroup_procs: [RawFd; 3],
}

/// A started command: its pid (in namespaces of its own, the pid of their
/// first process, whose end ends every process of the run), the reading
/// ends of its stdout and stderr pipes, and, in namespaces, the pipe that
/// tells how the program ended and what the first process needs kept.
pub struct Spawned {
    pub pid: i32,
    pub stdout: File,
    pub stderr: File,
    pub ended: Option<(File, super::first::Keep)>,
}

/// A pipe: (read end, write end), both close-on-exec.
pub fn pipe() -> std::io::Result<(File, File)> {
    let mut fds = [0 as RawFd; 2];
    // SAFETY: pipe2 fills the two-element array.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: both descriptors are new and ours.
    Ok(unsafe { (File::from_raw_fd(fds[0]), File::from_raw_fd(fds[1])) })
}

pub(super) fn c_string(bytes: &[u8]) -> std::io::Result<CString> {
    CString::new(bytes).map_err(|_| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "an argument holds a NUL byte",
        )
    })
}

/// The file `program` names: itself when it holds a `/` (relative to the
/// run's folder, as `execvp` takes it after the change of folder), else
/// the first executable file of that name on this process's `PATH`.
fn program_path(program: &OsStr) -> std::io::Result<CString> {
    let path = if program.as_bytes().contains(&b'/') {
        Path::new(program).to_path_buf()
    } else {
        // As `execvp` says it.
        find_on_path(program).ok_or_else(|| std::io::Error::from_raw_os_error(libc::ENOENT))?
    };
    c_string(path.as_os_str().as_bytes())
}

/// The first executable file named `program` on this process's `PATH`
/// (an empty entry is the current folder, as for `execvp`), as an
/// absolute path: a relative entry is this process's folder's, not that
/// of the run, which starts in a folder of its own.
pub fn find_on_path(program: &OsStr) -> Option<std::path::PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_else(|| "/usr/bin:/bin".into());
    let here = std::env::current_dir().ok();
    std::env::split_paths(&path).find_map(|dir| {
        let candidate = if dir.as_os_str().is_empty() {
            here.as_ref()?.join(program)
        } else if dir.is_relative() {
            here.as_ref()?.join(dir).join(program)
        } else {
            dir.join(program)
        };
        is_executable(&candidate).then_some(candidate)
    })
}

/// Whether `path` is a file this process may execute.
pub fn is_executable(path: &Path) -> bool {
    let Ok(c) = c_string(path.as_os_str().as_bytes()) else {
        return false;
    };
    // SAFETY: access with a valid C string.
    path.is_file() && unsafe { libc::access(c.as_ptr(), libc::X_OK) } == 0
}

/// Puts the calling process in a process group of its own and gives up
/// its controlling terminal, if it has one: the terminal's Ctrl-C and
/// hang-up then reach the command only, and the run cannot open
/// `/dev/tty`. A new session would do the same, but where the kernel
/// groups each session's processes for scheduling (`autogroup`), a new
/// session is a new scheduling group, whose first turn on a busy machine
/// can cost more than a short run.
pub(super) fn own_group_without_terminal() {
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
pub(super) fn die_with_the_runner() {
    #[cfg(target_os = "linux")]
    // SAFETY: prctl with PR_SET_PDEATHSIG takes a signal number.
    unsafe {
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
    }
}

/// A list of C strings as `execve` takes it: the pointers, then a null.
fn pointers(strings: &[CString]) -> Vec<*const libc::c_char> {
    strings
        .iter()
        .map(|s| s.as_ptr())
        .chain(std::iter::once(std::ptr::null()))
        .collect()
}

/// The environment a run gets: this process's, without `remove`, with
/// `set` set.
fn environment(remove: &[&str], set: &[(&str, &OsStr)]) -> std::io::Result<Vec<CString>> {
    let mut env = Vec::new();
    for (name, value) in std::env::vars_os() {
        let kept = !remove
            .iter()
            .chain(set.iter().map(|(n, _)| n))
            .any(|r| name == *r);
        if kept {
            let mut entry: OsString = name;
            entry.push("=");
            entry.push(&value);
            env.push(c_string(entry.as_bytes())?);
        }
    }
    for (name, value) in set {
        let mut entry = OsString::from(name);
        entry.push("=");
        entry.push(value);
        env.push(c_string(entry.as_bytes())?);
    }
    Ok(env)
}

/// The child's side: everything up to `execve`, with no allocation.
pub(super) extern "C" fn child(plan: *mut libc::c_void) -> libc::c_int {
    // SAFETY: the parent passes a pointer to its ChildPlan and waits,
    // unchanged, until this child calls exec or exits.
    let plan = unsafe { &*(plan as *const ChildPlan) };
    let fail = |step: i32| -> ! {
        // SAFETY: __errno_location, write and _exit are async-signal-safe.
        unsafe {
            let report = [step, *libc::__errno_location()];
            libc::write(plan.report, report.as_ptr().cast(), 8);
            libc::_exit(127)
        }
    };
    default_signal_actions();
    own_group_without_terminal();
    die_with_the_runner();
    set_limits(plan);
    // SAFETY: only system calls on values prepared by the parent.
    unsafe {
        if libc::dup2(plan.input, 0) < 0
            || libc::dup2(plan.stdout, 1) < 0
            || libc::dup2(plan.stderr, 2) < 0
        {
            fail(1);
        }
        if libc::chdir(plan.dir.as_ptr()) != 0 {
            fail(2);
        }
        for &procs in &plan.cgroup_procs {
            if procs >= 0 && libc::write(procs, c"0".as_ptr().cast(), 1) != 1 {
                fail(6);
            }
        }
        // A run gets descriptors 0, 1 and 2 alone, as under a judge: every
        // other one inherited from the command's caller closes at `exec`.
        libc::syscall(
            libc::SYS_close_range,
            3u32,
            u32::MAX,
            libc::CLOSE_RANGE_CLOEXEC,
        );
        if let Err(step) = enter_sandbox(plan) {
            fail(step);
        }
        libc::pthread_sigmask(libc::SIG_SETMASK, &plan.empty_mask, std::ptr::null_mut());
        libc::execve(plan.path.as_ptr(), plan.argv.as_ptr(), plan.envp.as_ptr());
        if *libc::__errno_location() == libc::ENOEXEC {
            libc::execve(
                c"/bin/sh".as_ptr(),
                plan.shell_argv.as_ptr(),
                plan.envp.as_ptr(),
            );
        }
        fail(3)
    }
}

/// Every signal is blocked until the exec: a handler of this process run
/// in the child would run on its memory. They go back to the default
/// actions first (as an exec would set them), and so do the pipe and file
/// size signals, which the tools ignore for themselves; the program then
/// gets an empty mask.
fn default_signal_actions() {
    // SAFETY: sigaction and signal on zeroed, then filled, structs.
    unsafe {
        for signal in 1..=libc::SIGRTMAX() {
            let mut action: libc::sigaction = std::mem::zeroed();
            if libc::sigaction(signal, std::ptr::null(), &mut action) == 0
                && action.sa_sigaction != libc::SIG_DFL
                && action.sa_sigaction != libc::SIG_IGN
            {
                let mut default: libc::sigaction = std::mem::zeroed();
                default.sa_sigaction = libc::SIG_DFL;
                libc::sigaction(signal, &default, std::ptr::null_mut());
            }
        }
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        libc::signal(libc::SIGXFSZ, libc::SIG_DFL);
    }
}

/// Sets the run's limits, and its stack's: the memory limit, within the
/// hard limit.
fn set_limits(plan: &ChildPlan) {
    // SAFETY: setrlimit and getrlimit with pointers to live locals.
    unsafe {
        for &(resource, value) in &plan.limits {
            let limit = libc::rlimit {
                rlim_cur: value,
                rlim_max: value,
            };
            libc::setrlimit(resource, &limit);
        }
        let mut stack = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        if libc::getrlimit(libc::RLIMIT_STACK, &mut stack) == 0 {
            stack.rlim_cur = if stack.rlim_max == libc::RLIM_INFINITY {
                plan.stack
            } else {
                plan.stack.min(stack.rlim_max)
            };
            libc::setrlimit(libc::RLIMIT_STACK, &stack);
        }
    }
}

/// Enters the run's Landlock ruleset and its system call filter, the
/// filter last; the failing step's number otherwise.
fn enter_sandbox(plan: &ChildPlan) -> Result<(), i32> {
    // SAFETY: prctl and the Landlock call on values prepared by the parent.
    unsafe {
        if plan.landlock >= 0 {
            libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
            if libc::syscall(super::landlock::RESTRICT_SELF, plan.landlock, 0u32) != 0 {
                return Err(4);
            }
        }
        if !plan.seccomp.is_null() {
            libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
            let mode = libc::SECCOMP_MODE_FILTER;
            if libc::prctl(libc::PR_SET_SECCOMP, mode, plan.seccomp) != 0 {
                return Err(5);
            }
        }
    }
    Ok(())
}

/// How a run is held, beyond its limits.
pub struct Hold<'a> {
    /// In user and PID namespaces of its own, under a first process of the
    /// runner's (see [`init`]).
    pub namespaces: bool,
    /// The Landlock ruleset it enters before `exec`.
    pub landlock: Option<&'a std::os::fd::OwnedFd>,
    /// The system call filter it enters last (see `seccomp`).
    pub filter: Option<super::seccomp::Kind>,
    /// The control group it starts in.
    pub group: Option<&'a super::cgroup::RunGroup>,
}

/// Starts `argv` in `dir`, reading `input`, with this process's
/// environment without the names in `remove` and with `set` set, under
/// `limits` (each a resource and a value), a stack of `stack` bytes at
/// most, and held as `hold` says.
#[allow(clippy::too_many_arguments)]
pub fn spawn(
    argv: &[OsString],
    dir: &Path,
    input: &File,
    remove: &[&str],
    set: &[(&str, &OsStr)],
    limits: Vec<(libc::__rlimit_resource_t, libc::rlim_t)>,
    stack: u64,
    hold: &Hold,
) -> std::io::Result<Spawned> {
    let (program, _) = argv
        .split_first()
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::InvalidInput, "an empty command"))?;
    let path = program_path(program)?;
    let args: Vec<CString> = argv
        .iter()
        .map(|a| c_string(a.as_bytes()))
        .collect::<Result<_, _>>()?;
    let shell_args: Vec<CString> = [c_string(b"sh")?, path.clone()]
        .into_iter()
        .chain(args[1..].iter().cloned())
        .collect();
    let env = environment(remove, set)?;
    let (out_read, out_write) = pipe()?;
    let (err_read, err_write) = pipe()?;
    let (mut report_read, report_write) = pipe()?;
    let plan = Box::new(ChildPlan {
        path,
        argv: pointers(&args),
        shell_argv: pointers(&shell_args),
        envp: pointers(&env),
        dir: c_string(dir.as_os_str().as_bytes())?,
        input: input.as_raw_fd(),
        stdout: out_write.as_raw_fd(),
        stderr: err_write.as_raw_fd(),
        report: report_write.as_raw_fd(),
        limits,
        stack: stack as libc::rlim_t,
        // SAFETY: sigemptyset fills a zeroed set.
        empty_mask: unsafe {
            let mut set: libc::sigset_t = std::mem::zeroed();
            libc::sigemptyset(&mut set);
            set
        },
        landlock: hold.landlock.map_or(-1, |fd| fd.as_raw_fd()),
        seccomp: hold.filter.map_or(std::ptr::null(), |kind| {
            &super::seccomp::filter(kind).program
        }),
        cgroup_procs: [-1; 3],
    });
    // The child's stack: it needs little (no allocation, a few frames).
    let mut stack = vec![0u8; 64 << 10];
    // Without namespaces, the child joins its group itself (see
    // `ChildPlan::cgroup_procs`); the files stay open until it has exec'd.
    let mut procs_files = Vec::new();
    if let (false, Some(group)) = (hold.namespaces, hold.group) {
        for path in group.procs_files() {
            procs_files.push(std::fs::OpenOptions::new().write(true).open(path)?);
        }
    }
    let mut plan = plan;
    for (slot, file) in plan.cgroup_procs.iter_mut().zip(&procs_files) {
        *slot = file.as_raw_fd();
    }
    let (pid, ended) = if hold.namespaces {
        let (pid, ended) = super::first::start(plan, stack, hold.group)?;
        (pid, Some(ended))
    } else {
        let pid = clone_blocked(
            child,
            &mut stack,
            libc::CLONE_VM | libc::CLONE_VFORK,
            &*plan as *const ChildPlan as *mut libc::c_void,
        )?;
        (pid, None)
    };
    drop((out_write, err_write, report_write));
    if let Some(errno) = read_report(&mut report_read) {
        // The child did not reach the program: end and reap it, and say
        // why.
        // SAFETY: kill and waitpid on our own child.
        unsafe {
            libc::kill(pid, libc::SIGKILL);
            libc::waitpid(pid, std::ptr::null_mut(), 0);
        }
        return Err(std::io::Error::from_raw_os_error(errno));
    }
    Ok(Spawned {
        pid,
        stdout: out_read,
        stderr: err_read,
        ended,
    })
}

/// The error number the child sent back, if it sent one: `None` once it
/// reached `exec` (which closed the pipe).
fn read_report(report_read: &mut File) -> Option<i32> {
    let mut report = [0u8; 8];
    let mut got = 0;
    while got < report.len() {
        match report_read.read(&mut report[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => break,
        }
    }
    (got > 0).then(|| i32::from_ne_bytes([report[4], report[5], report[6], report[7]]))
}

/// Clones `entry(argument)` on `stack` with `flags` and SIGCHLD, every
/// signal blocked for the clone (a handler of this process must not run
/// in the child, which shares its memory) and restored after in this
/// thread.
pub(super) fn clone_blocked(
    entry: extern "C" fn(*mut libc::c_void) -> libc::c_int,
    stack: &mut [u8],
    flags: libc::c_int,
    argument: *mut libc::c_void,
) -> std::io::Result<i32> {
    // SAFETY: the mask is blocked for the clone alone and restored after;
    // the stack outlives the child (the caller keeps it until the child
    // has exec'd or been reaped); the stack pointer is its 16-aligned top.
    unsafe {
        let mut all: libc::sigset_t = std::mem::zeroed();
        libc::sigfillset(&mut all);
        let mut before: libc::sigset_t = std::mem::zeroed();
        libc::pthread_sigmask(libc::SIG_SETMASK, &all, &mut before);
        let top = stack_top(stack);
        let pid = libc::clone(entry, top, flags | libc::SIGCHLD, argument);
        let error = std::io::Error::last_os_error();
        libc::pthread_sigmask(libc::SIG_SETMASK, &before, std::ptr::null_mut());
        if pid < 0 {
            return Err(error);
        }
        Ok(pid)
    }
}

/// The 16-aligned top of a stack.
pub(super) fn stack_top(stack: &mut [u8]) -> *mut libc::c_void {
    // SAFETY: one past the end of the slice, then rounded down into it.
    unsafe {
        let top = stack.as_mut_ptr().add(stack.len());
        top.sub(top as usize % 16).cast()
    }
}
