//! Starting a command as `posix_spawn` does: a child that shares this
//! process's memory until it calls `exec` (`clone` with `CLONE_VM` and
//! `CLONE_VFORK`), so that starting a run costs the same whatever this
//! process's size. A `fork` copies the page tables of every mapping first:
//! in a stress search, which holds the problem's tables and runs jobs
//! side by side, that copy was most of a short run's cost.
//!
//! What the child does up to `execve` is in [`super::child`]; where the
//! machine has namespaces, the run's first process ([`super::first`])
//! starts it.

use std::ffi::{CString, OsStr, OsString};
use std::fs::File;
use std::io::Read;
use std::os::fd::AsRawFd;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

use super::child::{c_string, child, clone_blocked, pipe, ChildPlan};

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

/// The strings a child's plan points into: the program's path, its
/// arguments (and the same for `sh` when `execve` refuses a script without
/// a `#!` line, as `execvp` does) and its environment. They must outlive
/// the child's `exec`, so [`spawn`] keeps them until the child has reported.
struct Strings {
    path: CString,
    args: Vec<CString>,
    shell_args: Vec<CString>,
    env: Vec<CString>,
}

impl Strings {
    fn new(argv: &[OsString], remove: &[&str], set: &[(&str, &OsStr)]) -> std::io::Result<Self> {
        let (program, _) = argv.split_first().ok_or_else(|| {
            std::io::Error::new(std::io::ErrorKind::InvalidInput, "an empty command")
        })?;
        let path = program_path(program)?;
        let args: Vec<CString> = argv
            .iter()
            .map(|a| c_string(a.as_bytes()))
            .collect::<Result<_, _>>()?;
        let shell_args = [c_string(b"sh")?, path.clone()]
            .into_iter()
            .chain(args[1..].iter().cloned())
            .collect();
        let env = environment(remove, set)?;
        Ok(Strings {
            path,
            args,
            shell_args,
            env,
        })
    }
}

/// The write ends a child takes: its stdout, its stderr, and the pipe on
/// which it reports an error before `exec`.
struct WriteEnds {
    stdout: File,
    stderr: File,
    report: File,
}

/// A signal mask with no signal in it, which the child sets before `exec`.
fn empty_signal_mask() -> libc::sigset_t {
    // SAFETY: sigemptyset fills a zeroed set.
    unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        set
    }
}

/// The files a child without namespaces writes its pid to, to join its
/// control group itself (see `ChildPlan::cgroup_procs`): they stay open
/// until it has exec'd.
fn procs_files(hold: &Hold) -> std::io::Result<Vec<File>> {
    let mut files = Vec::new();
    if let (false, Some(group)) = (hold.namespaces, hold.group.filter(|g| !g.joined())) {
        for path in group.procs_files() {
            files.push(std::fs::OpenOptions::new().write(true).open(path)?);
        }
    }
    Ok(files)
}

/// Starts the child `plan` describes: under a first process of the
/// runner's in namespaces of their own, or as a `CLONE_VFORK` child of
/// this process. Its pid, and in namespaces the first process's pipe.
#[allow(clippy::type_complexity)]
fn launch(
    plan: Box<ChildPlan>,
    hold: &Hold,
) -> std::io::Result<(i32, Option<(File, super::first::Keep)>)> {
    // The child's stack: it needs little (no allocation, a few frames).
    let mut stack = vec![0u8; 64 << 10];
    if hold.namespaces {
        let (pid, ended) = super::first::start(plan, stack, hold.group)?;
        Ok((pid, Some(ended)))
    } else {
        let pid = clone_blocked(
            child,
            &mut stack,
            libc::CLONE_VM | libc::CLONE_VFORK,
            &*plan as *const ChildPlan as *mut libc::c_void,
        )?;
        Ok((pid, None))
    }
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
    let strings = Strings::new(argv, remove, set)?;
    let (out_read, stdout) = pipe()?;
    let (err_read, stderr) = pipe()?;
    let (mut report_read, report) = pipe()?;
    let ends = WriteEnds {
        stdout,
        stderr,
        report,
    };
    let procs_files = procs_files(hold)?;
    let mut plan = Box::new(ChildPlan {
        path: strings.path.clone(),
        argv: pointers(&strings.args),
        shell_argv: pointers(&strings.shell_args),
        envp: pointers(&strings.env),
        dir: c_string(dir.as_os_str().as_bytes())?,
        input: input.as_raw_fd(),
        stdout: ends.stdout.as_raw_fd(),
        stderr: ends.stderr.as_raw_fd(),
        report: ends.report.as_raw_fd(),
        limits,
        stack: stack as libc::rlim_t,
        empty_mask: empty_signal_mask(),
        landlock: hold.landlock.map_or(-1, |fd| fd.as_raw_fd()),
        seccomp: hold.filter.map_or(std::ptr::null(), |kind| {
            &super::seccomp::filter(kind).program
        }),
        cgroup_procs: [-1; 3],
    });
    for (slot, file) in plan.cgroup_procs.iter_mut().zip(&procs_files) {
        *slot = file.as_raw_fd();
    }
    let (pid, ended) = launch(plan, hold)?;
    drop(ends);
    if let Some(errno) = read_report(&mut report_read) {
        // The child did not reach the program: end and reap it, and say
        // why.
        kill_and_reap(pid);
        return Err(std::io::Error::from_raw_os_error(errno));
    }
    drop((strings, procs_files));
    Ok(Spawned {
        pid,
        stdout: out_read,
        stderr: err_read,
        ended,
    })
}

/// Ends and reaps a child of this process.
fn kill_and_reap(pid: i32) {
    // SAFETY: kill and waitpid on our own child.
    unsafe {
        libc::kill(pid, libc::SIGKILL);
        libc::waitpid(pid, std::ptr::null_mut(), 0);
    }
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
