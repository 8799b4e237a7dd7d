//! The child that becomes a run's program: what it needs, prepared before
//! it starts ([`ChildPlan`]), and everything it does up to `execve`, on its
//! parent's memory: no allocation, no lock, system calls on values prepared
//! beforehand. It puts itself in a group of its own without a terminal,
//! sets the run's limits, resets the signal handlers this process
//! installed, moves its descriptors into place, joins its control group
//! where it must, changes folder, enters its Landlock ruleset and its
//! system call filter, and calls `execve`; the error of any step on the
//! way goes back through a pipe that `exec` closes.

use std::ffi::CString;
use std::fs::File;
use std::os::fd::{FromRawFd, RawFd};

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
