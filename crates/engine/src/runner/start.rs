//! Starting a run: a command started by [`super::spawn`], held as
//! [`super::contain`] found this machine able to (namespaces, a control
//! group, Landlock), or a function of this program called in a fork (the
//! workspace's own solvers, whose code is trusted), in a process group of
//! the run's own with no controlling terminal, its limits set before it
//! starts; [`super::watch`] then watches it to its end.

use std::ffi::OsString;
use std::fs::File;
use std::io::Write;
use std::mem::ManuallyDrop;
use std::os::fd::{AsRawFd, FromRawFd, RawFd};
use std::path::Path;
use std::time::Instant;

use super::cgroup::{self, RunGroup};
use super::child::{die_with_the_runner, own_group_without_terminal, pipe};
use super::spawn::{self, Hold};
use super::watch::{self, Started};
use super::{contain, landlock, processes, seccomp};
use super::{Access, Function, Limits, Outcome, Program};

pub fn run(program: &Program, input: &Path, limits: &Limits) -> std::io::Result<Outcome> {
    let input = File::open(input)?;
    // A warm server's start is the job's, not the run's: before its clock.
    let warm = match program {
        Program::Warm {
            argv,
            dir,
            access,
            line,
        } => super::warm::ready(argv, line, dir, access, limits),
        _ => false,
    };
    let began = Instant::now();
    let started = match program {
        Program::Command { argv, dir, access } => spawn_command(argv, dir, access, input, limits)?,
        Program::Warm {
            argv,
            dir,
            access,
            line,
        } => {
            match warm
                .then(|| super::warm::start(argv, line, dir, access, &input, limits))
                .flatten()
            {
                Some(forked) => Started {
                    pid: forked.pid,
                    main: forked.pid,
                    stdout: forked.stdout,
                    stderr: forked.stderr,
                    ended: None,
                    group: Some(forked.group),
                    // The child's peak starts at the server's, an
                    // interpreter's as a fresh start's is: nothing of the
                    // runner's is in it.
                    inherited_peak: 0,
                    warm: Some(forked.run),
                },
                None => spawn_command(argv, dir, access, input, limits)?,
            }
        }
        Program::Function(function) => spawn_function(*function, input, limits)?,
    };
    Ok(watch::watch(started, began, limits))
}

/// The limits every run's processes get before they start: no core
/// files, the size of any file they write (so that memory cannot be
/// hidden in a file on a memory-backed file system), and the address
/// space when asked. The file size signal gets its default action back
/// (the tools ignore it for themselves, see
/// `problem_kit::run::ignore_file_size_signal`, and an ignored signal stays
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

/// The resource limits a started command gets: no core file, and its
/// address space and file size when they are limited.
fn resource_limits(limits: &Limits) -> Vec<(libc::__rlimit_resource_t, libc::rlim_t)> {
    let mut rlimits = vec![(libc::RLIMIT_CORE, 0)];
    if let Some(bytes) = limits.address_space {
        rlimits.push((libc::RLIMIT_AS, bytes as libc::rlim_t));
    }
    if let Some(bytes) = limits.file_size {
        rlimits.push((libc::RLIMIT_FSIZE, bytes as libc::rlim_t));
    }
    rlimits
}

fn spawn_command(
    argv: &[OsString],
    dir: &Path,
    access: &Access,
    input: File,
    limits: &Limits,
) -> std::io::Result<Started> {
    let held = contain::containment();
    let inherited_peak = processes::own_peak();
    let cap = cgroup::memory_cap(limits);
    // A group that cannot be made now (a full hierarchy, a permission
    // taken away) leaves the run held as on a machine without one.
    let group = held
        .cgroup
        .as_ref()
        .and_then(|layout| RunGroup::for_run(layout, cap, contain::max_tasks()).ok());
    let landlock = landlock::ruleset_for(argv, dir, access, held.landlock)?;
    let filter = match access {
        Access::Solution(_) if group.is_none() => Some(seccomp::Kind::OneProcess),
        Access::Solution(_) | Access::Shell(_) => Some(seccomp::Kind::Solution),
        Access::Compile(_) | Access::Tool => None,
    };
    let spawned = spawn::spawn(
        argv,
        dir,
        &input,
        // A judge sets no backtrace: a Rust solution's panic reads as there.
        &["RUST_BACKTRACE", "RUST_LIB_BACKTRACE"],
        // A solution's temporary files go to its own folder, the one
        // place it may write.
        &access
            .reach()
            .and_then(|reach| reach.writes.as_ref())
            .map(|folder| ("TMPDIR", folder.as_os_str()))
            .into_iter()
            .collect::<Vec<_>>(),
        resource_limits(limits),
        limits.memory,
        &Hold {
            namespaces: held.namespaces,
            landlock: landlock.as_deref(),
            filter,
            group: group.as_ref(),
        },
    )?;
    let main = match spawned.ended {
        Some(_) => processes::first_child(spawned.pid).unwrap_or(spawned.pid),
        None => spawned.pid,
    };
    Ok(Started {
        pid: spawned.pid,
        main,
        stdout: spawned.stdout,
        stderr: spawned.stderr,
        ended: spawned.ended,
        group,
        inherited_peak,
        warm: None,
    })
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

/// In a forked child: takes `fds` as descriptors 0, 1 and 2, sets its
/// limits, calls `function` and ends with its status (101 for a panic),
/// never returning into the caller.
fn run_function_here(
    function: Function,
    fds: [RawFd; 3],
    address_space: Option<u64>,
    file_size: Option<u64>,
) -> ! {
    own_group_without_terminal();
    for (to, fd) in fds.into_iter().enumerate() {
        // SAFETY: dup2 on descriptors this process holds.
        unsafe { libc::dup2(fd, to as RawFd) };
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
    unsafe { libc::_exit(i32::from(status)) }
}

fn spawn_function(function: Function, input: File, limits: &Limits) -> std::io::Result<Started> {
    let (out_read, out_write) = pipe()?;
    let (err_read, err_write) = pipe()?;
    // The fork starts with this process's mappings: the limit is on
    // what the run adds to them.
    let address_space = limits
        .address_space
        .map(|extra| address_space_in_use().saturating_add(extra));
    let file_size = limits.file_size;
    let inherited_peak = processes::own_peak();
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
        let fds = [
            input.as_raw_fd(),
            out_write.as_raw_fd(),
            err_write.as_raw_fd(),
        ];
        run_function_here(function, fds, address_space, file_size);
    }
    drop((out_write, err_write, input));
    Ok(Started {
        pid,
        main: pid,
        stdout: out_read,
        stderr: err_read,
        ended: None,
        group: None,
        inherited_peak,
        warm: None,
    })
}
