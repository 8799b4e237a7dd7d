//! The first process of a run's namespaces: the runner's own, PID 1 of
//! the run's PID namespace, started on the runner's memory. It starts the
//! program as [`child`] does, reaps every process handed to it, ends the
//! rest when the program ends, and tells the runner how the program ended.

use std::ffi::CString;
use std::fs::File;
use std::os::fd::{AsRawFd, RawFd};

use super::child::{c_string, child, clone_blocked, pipe, stack_top, ChildPlan};

/// What the first process of a run's namespaces needs, prepared before it
/// starts (see [`init`]).
struct InitPlan {
    child: *const ChildPlan,
    /// The top of the child's stack.
    child_stack: *mut libc::c_void,
    /// The read end of the pipe on which the runner says "go", once the
    /// process is in its control group and its user namespace is mapped.
    go: RawFd,
    /// The write end of the pipe that carries the program's wait status
    /// and usage back.
    status: RawFd,
    /// What it writes into its own `/proc/self/` files (a path and
    /// contents, each a C string) to map its user and group to themselves
    /// in its user namespace.
    maps: [(CString, CString); 3],
}

/// What [`init`] writes back when the program ends: its wait status, its
/// user and system time in microseconds, its peak resident memory in KiB,
/// and how many other processes of the run were still running then.
pub(super) type Ended = [i64; 5];

/// How the runner holds a run in namespaces of its own: the memory the
/// first process uses (its plan and stacks) lives until it has been reaped.
pub(super) struct Keep {
    _init: Box<InitPlan>,
    _plan: Box<ChildPlan>,
    _stacks: (Vec<u8>, Vec<u8>),
}

// SAFETY: the raw pointers in the plans point into the boxes and vectors
// kept beside them, which move with them.
unsafe impl Send for Keep {}

/// Starts the run's first process in new user and PID namespaces (see
/// [`init`]), maps its user, puts it in `group`, and lets it go.
pub(super) fn start(
    plan: Box<ChildPlan>,
    child_stack: Vec<u8>,
    group: Option<&super::cgroup::RunGroup>,
) -> std::io::Result<(i32, (File, Keep))> {
    let (go_read, mut go_write) = pipe()?;
    let (status_read, status_write) = pipe()?;
    let mut child_stack = child_stack;
    let mut init_stack = vec![0u8; 64 << 10];
    let init_plan = Box::new(InitPlan {
        child: &*plan,
        child_stack: stack_top(&mut child_stack),
        go: go_read.as_raw_fd(),
        status: status_write.as_raw_fd(),
        maps: user_maps()?,
    });
    let pid = clone_blocked(
        init,
        &mut init_stack,
        libc::CLONE_VM | libc::CLONE_NEWUSER | libc::CLONE_NEWPID | libc::CLONE_NEWIPC,
        &*init_plan as *const InitPlan as *mut libc::c_void,
    )?;
    let keep = Keep {
        _init: init_plan,
        _plan: plan,
        _stacks: (child_stack, init_stack),
    };
    if let Err(e) = group.filter(|g| !g.joined()).map_or(Ok(()), |g| g.add(pid)) {
        // SAFETY: kill and waitpid on our own child.
        unsafe {
            libc::kill(pid, libc::SIGKILL);
            libc::waitpid(pid, std::ptr::null_mut(), 0);
        }
        return Err(e);
    }
    use std::io::Write;
    go_write.write_all(b"g")?;
    drop((go_read, status_write));
    Ok((pid, (status_read, keep)))
}

/// What maps the user and group of this process to themselves in a run's
/// user namespace: files keep their owners, and the run has no power
/// outside its namespaces, even when the command runs as root. The run's
/// first process writes them into its own `/proc/self/` files (the
/// runner's `/proc` may number processes in another PID namespace than
/// its own, when it runs in one).
fn user_maps() -> std::io::Result<[(CString, CString); 3]> {
    // SAFETY: getuid and getgid have no preconditions.
    let (uid, gid) = unsafe { (libc::getuid(), libc::getgid()) };
    let entry = |path: &str, text: String| -> std::io::Result<(CString, CString)> {
        Ok((c_string(path.as_bytes())?, c_string(text.as_bytes())?))
    };
    Ok([
        entry("/proc/self/uid_map", format!("{uid} {uid} 1"))?,
        entry("/proc/self/setgroups", "deny".to_string())?,
        entry("/proc/self/gid_map", format!("{gid} {gid} 1"))?,
    ])
}

/// A system call made without the C library, for [`init`]: the library's
/// wrappers set `errno`, which that process shares with the runner's
/// thread that started it (same memory, same thread pointer). Returns the
/// call's result, a negative error number on failure.
///
/// # Safety
/// As for the system call `number` with these arguments.
#[cfg(target_arch = "x86_64")]
unsafe fn raw_syscall(number: libc::c_long, args: [usize; 4]) -> isize {
    let result: isize;
    // SAFETY: the Linux x86-64 system call convention; the kernel clobbers
    // rcx and r11.
    unsafe {
        std::arch::asm!(
            "syscall",
            inlateout("rax") number as isize => result,
            in("rdi") args[0],
            in("rsi") args[1],
            in("rdx") args[2],
            in("r10") args[3],
            lateout("rcx") _,
            lateout("r11") _,
            options(nostack)
        );
    }
    result
}

/// As above, on 64-bit Arm.
///
/// # Safety
/// As for the system call `number` with these arguments.
#[cfg(target_arch = "aarch64")]
unsafe fn raw_syscall(number: libc::c_long, args: [usize; 4]) -> isize {
    let result: isize;
    // SAFETY: the Linux AArch64 system call convention.
    unsafe {
        std::arch::asm!(
            "svc 0",
            in("x8") number,
            inlateout("x0") args[0] as isize => result,
            in("x1") args[1],
            in("x2") args[2],
            in("x3") args[3],
            options(nostack)
        );
    }
    result
}

#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
compile_error!("the runner's first process needs raw system calls for this architecture");

/// Closes every descriptor from 3 up but those in `keep` (sorted here, in
/// place: no allocation).
fn close_all_but(keep: &mut [RawFd]) {
    keep.sort_unstable();
    let mut from: usize = 3;
    for &fd in keep.iter() {
        let Ok(fd) = usize::try_from(fd) else {
            continue;
        };
        if fd > from {
            // SAFETY: close_range on this process's own descriptors.
            unsafe { raw_syscall(libc::SYS_close_range, [from, fd - 1, 0, 0]) };
        }
        from = from.max(fd + 1);
    }
    // SAFETY: as above.
    unsafe { raw_syscall(libc::SYS_close_range, [from, u32::MAX as usize, 0, 0]) };
}

/// The first process of a run's PID namespace: it waits for the runner's
/// "go", starts the program as [`child`] does, reaps every process handed
/// to it until the program ends, kills and reaps the rest, sends back how
/// the program ended and how many others were still running, and exits.
/// Its exit ends every process of the namespace (the kernel kills and
/// reaps them), so nothing of the run outlives it: a double fork, a new
/// session, an emptied environment or an ignored SIGCHLD change nothing.
///
/// It shares the runner's memory (no page tables are copied, whatever the
/// runner's size), so it does only what is safe there: system calls on
/// values prepared beforehand, made without the C library once the runner
/// goes on (see [`raw_syscall`]), every signal blocked, no allocation, no
/// lock.
extern "C" fn init(plan: *mut libc::c_void) -> libc::c_int {
    // SAFETY: the runner keeps the plan, the child's plan and both stacks
    // until this process has been reaped.
    let plan = unsafe { &*(plan as *const InitPlan) };
    // SAFETY: the child's plan lives as long as this one.
    let child_plan = unsafe { &*plan.child };
    if let Err(status) = settle(plan, child_plan) {
        exit(status);
    }
    // The runner waits on the report pipe meanwhile, so the library's
    // clone (which sets `errno` only when it fails) is safe here.
    // SAFETY: the child's stack and plan are the runner's, kept alive.
    let pid = unsafe {
        libc::clone(
            child,
            plan.child_stack,
            libc::CLONE_VM | libc::CLONE_VFORK | libc::SIGCHLD,
            plan.child as *mut libc::c_void,
        )
    };
    // Its copies of the run's pipes: the program holds its own.
    for fd in [child_plan.stdout, child_plan.stderr, child_plan.report] {
        call(libc::SYS_close, [fd as usize, 0, 0, 0]);
    }
    if pid < 0 {
        exit(127);
    }
    let (status, usage) = reap_until(pid);
    let others = end_the_rest();
    tell_the_end(plan, status, &usage, others);
    exit(0)
}

/// What [`init`] does before it starts the program: it dies with the
/// runner, closes every descriptor but the run's, maps its user, and waits
/// for the runner's word. The exit status to give when a step fails.
fn settle(plan: &InitPlan, child_plan: &ChildPlan) -> Result<(), usize> {
    let signal = [
        libc::PR_SET_PDEATHSIG as usize,
        libc::SIGKILL as usize,
        0,
        0,
    ];
    call(libc::SYS_prctl, signal);
    // It holds a copy of every descriptor the runner had (other runs'
    // pipes among them) and never calls `exec`: all but its own go.
    let mut keep = [
        plan.go,
        plan.status,
        child_plan.input,
        child_plan.stdout,
        child_plan.stderr,
        child_plan.report,
        child_plan.landlock,
    ];
    close_all_but(&mut keep);
    if !map_own_user(plan) {
        return Err(126);
    }
    let mut go = 0u8;
    let read = [plan.go as usize, &mut go as *mut u8 as usize, 1, 0];
    if call(libc::SYS_read, read) != 1 {
        return Err(127);
    }
    Ok(())
}

/// Writes to the runner how the program ended, with its usage and the
/// count of other processes that were left.
fn tell_the_end(plan: &InitPlan, status: libc::c_int, usage: &libc::rusage, others: i64) {
    let micros = |t: libc::timeval| t.tv_sec * 1_000_000 + t.tv_usec;
    let ended: Ended = [
        i64::from(status),
        micros(usage.ru_utime),
        micros(usage.ru_stime),
        usage.ru_maxrss,
        others,
    ];
    let size = std::mem::size_of::<Ended>();
    call(
        libc::SYS_write,
        [plan.status as usize, ended.as_ptr() as usize, size, 0],
    );
}

/// A raw system call, for [`init`].
fn call(number: libc::c_long, args: [usize; 4]) -> isize {
    // SAFETY: every call [`init`] makes passes live pointers, or none.
    unsafe { raw_syscall(number, args) }
}

/// Ends [`init`], and so every process of the run.
fn exit(status: usize) -> ! {
    call(libc::SYS_exit_group, [status, 0, 0, 0]);
    unreachable!("exit_group does not return")
}

/// Writes the user and group maps into this process's own files; whether
/// every write went through.
fn map_own_user(plan: &InitPlan) -> bool {
    plan.maps.iter().all(|(path, text)| {
        let flags = (libc::O_WRONLY | libc::O_CLOEXEC) as usize;
        let at = libc::AT_FDCWD as usize;
        let fd = call(libc::SYS_openat, [at, path.as_ptr() as usize, flags, 0]);
        if fd < 0 {
            return false;
        }
        let length = text.as_bytes().len();
        let written = call(
            libc::SYS_write,
            [fd as usize, text.as_ptr() as usize, length, 0],
        );
        call(libc::SYS_close, [fd as usize, 0, 0, 0]);
        written >= 0
    })
}

/// Waits for one process of the namespace to end: its pid, its wait
/// status and usage; a negative pid when none is left.
fn wait_any() -> (isize, libc::c_int, libc::rusage) {
    let mut status: libc::c_int = 0;
    // SAFETY: rusage is plain data.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let args = [
        usize::MAX,
        &mut status as *mut _ as usize,
        libc::__WALL as usize,
        &mut usage as *mut _ as usize,
    ];
    (call(libc::SYS_wait4, args), status, usage)
}

/// Reaps every process handed to this one until `pid`, the program, ends:
/// its wait status and usage.
fn reap_until(pid: i32) -> (libc::c_int, libc::rusage) {
    loop {
        let (reaped, status, usage) = wait_any();
        if reaped == pid as isize {
            return (status, usage);
        }
        if reaped < 0 {
            exit(127);
        }
    }
}

/// Kills every other process of the namespace still running, and reaps
/// them (their times add to this process's, which the runner reads): how
/// many there were.
fn end_the_rest() -> i64 {
    call(libc::SYS_kill, [usize::MAX, libc::SIGKILL as usize, 0, 0]);
    let mut others = 0;
    while wait_any().0 > 0 {
        others += 1;
    }
    others
}
