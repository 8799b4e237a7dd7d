//! Warm starts: a Python solution's interpreter started once per job, then
//! forked for each run (a fork server, as Python's own `multiprocessing`
//! `forkserver` is).
//!
//! A fresh start of CPython costs tens of milliseconds of processor time,
//! far more than a solution's own work on a judge-size input; a fork of a
//! started interpreter costs about a millisecond. The server
//! (`warm.py`, given to the interpreter with `-c`) is started with the
//! solution's own run line (the executable, its flags, the environment),
//! compiles the solution and waits on a socket. For each run the runner
//! makes the run's control group, pipes and Landlock ruleset as for a
//! fresh start, and sends them with the run's folder and limits; the
//! server forks a child that writes itself into the group (so that all it
//! does is counted), takes the run's descriptors, limits and folder,
//! enters the ruleset, and only then executes the solution as `__main__`.
//! The server waits for the child and tells how it ended, its processor
//! time and its peak.
//!
//! What a run is held by, each as a fresh start's:
//! - its control group (a warm start needs one: on a machine without, every
//!   run starts fresh), which ends every process of the run;
//! - user and IPC namespaces of its own, which the child makes (the user
//!   mapped to itself, the run's IPC objects gone with it); no PID
//!   namespace, so that the child's pid is one the runner can watch;
//! - its Landlock ruleset, with no signal to a process outside it (the
//!   server, the runner); the server itself is the runner's own code until
//!   the child has entered it;
//! - its limits, its descriptors 0, 1 and 2 alone, and a solution's system
//!   call filter, the server's.
//!
//! Its time is its group's, and the fresh start's cost that the server
//! measured in itself (the interpreter's start and the solution's
//! compilation) is added, so that a limit holds as for a fresh start.

use std::ffi::OsString;
use std::fs::File;
use std::io::{Seek, SeekFrom};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::cgroup::{self, RunGroup};
use super::child::pipe;
use super::spawn::{self, Hold};
use super::{contain, landlock, seccomp, Access, Ending, Limits, WarmLine};

/// The server's code.
const SERVER_CODE: &str = include_str!("warm.py");

/// How many runs a server answers before a fresh one takes over. A
/// server's children share its hash seed (`PYTHONHASHSEED`), which a fresh
/// start draws anew: a new server draws a new one.
const RUNS_PER_SERVER: u32 = 64;

/// How long a server may take to start, or to answer a request, before
/// its runs start fresh instead.
const ANSWER_WITHIN: Duration = Duration::from_secs(30);

/// What a server serves: runs of one command line, in one scratch folder,
/// under one memory limit (its stack's), reaching one set of files.
#[derive(Clone, PartialEq, Eq)]
struct Key {
    argv: Vec<OsString>,
    line: WarmLine,
    scratch: PathBuf,
    memory: u64,
    reach: landlock::Reach,
}

/// A started server.
struct Server {
    key: Key,
    pid: i32,
    control: OwnedFd,
    /// The server's own pipes, kept open (a run's are its own).
    _stdout: File,
    _stderr: File,
    /// Its group, apart from its runs'.
    _group: Option<RunGroup>,
    /// The processor time of a fresh start, as the server measured it.
    start_cost: Duration,
    runs: u32,
}

impl Drop for Server {
    fn drop(&mut self) {
        // SAFETY: kill and waitpid on our own child.
        unsafe {
            libc::kill(self.pid, libc::SIGKILL);
            libc::waitpid(self.pid, std::ptr::null_mut(), 0);
        }
    }
}

thread_local! {
    /// The server of the thread's runs, and the keys whose server could
    /// not be started (their runs start fresh).
    static THREAD_SERVER: std::cell::RefCell<(Option<Server>, Vec<Key>)> =
        const { std::cell::RefCell::new((None, Vec::new())) };
}

/// A warm run's child, forked: its pid, the reading ends of its pipes, its
/// control group, and how its end will be told.
pub(super) struct Forked {
    pub(super) pid: i32,
    pub(super) stdout: File,
    pub(super) stderr: File,
    pub(super) group: RunGroup,
    pub(super) run: WarmRun,
}

/// A warm run in progress: the socket on which its end is told, and the
/// start cost to count into its time.
pub(super) struct WarmRun {
    pub(super) control: OwnedFd,
    pub(super) start_cost: Duration,
}

/// How many runs this process has started warm, for tests and benchmarks
/// (a run that fell back to a fresh start is not counted).
pub fn runs_started() -> u64 {
    STARTED.load(std::sync::atomic::Ordering::Relaxed)
}

static STARTED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Why some runs started fresh although they were to start warm, if
/// they did: what the commands' reports say in one line.
pub fn fell_back_why() -> Option<String> {
    FELL_BACK.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

static FELL_BACK: std::sync::Mutex<Option<String>> = std::sync::Mutex::new(None);

fn fell_back(why: &str) {
    let mut first = FELL_BACK.lock().unwrap_or_else(|e| e.into_inner());
    first.get_or_insert_with(|| why.to_string());
}

/// What a warm start cannot make faithful (see the doc of
/// `docs/commands.md`, "Warm starts"), as a source shows it: the words
/// that read it, and why such a source starts fresh.
const UNFAITHFUL: &[(&str, &str)] = &[
    (
        "getppid",
        "it reads its parent's pid, which a warm start would give as its server's",
    ),
    (
        "/proc/self",
        "it reads its own /proc entry, where a warm start would show its server's command line",
    ),
];

/// Why a Python source must start fresh, if it must: it reads what a warm
/// start cannot show as a fresh one does.
pub fn unfaithful(source: &[u8]) -> Option<&'static str> {
    let text = String::from_utf8_lossy(source);
    UNFAITHFUL
        .iter()
        .find(|(word, _)| text.contains(word))
        .map(|(_, why)| *why)
}

/// Whether this machine can hold a warm run: it needs a control group.
pub fn available() -> bool {
    contain::containment().cgroup.is_some()
}

/// Readies the thread's server for runs of `argv` (a Python run line, its
/// script last) in `dir`, if this thread and machine can hold them:
/// whether they can [`start`] warm. A server's own start is not the run's:
/// it comes before the run's clock.
pub(super) fn ready(
    argv: &[OsString],
    line: &WarmLine,
    dir: &Path,
    access: &Access,
    limits: &Limits,
) -> bool {
    let Some(key) = key_of(argv, line, dir, access, limits) else {
        return false;
    };
    let layout = contain::containment().cgroup.as_ref();
    THREAD_SERVER.with(|cell| {
        let (server, failed) = &mut *cell.borrow_mut();
        if failed.contains(&key) {
            return false;
        }
        let stale = server
            .as_ref()
            .is_some_and(|s| s.key != key || s.runs >= RUNS_PER_SERVER);
        if stale {
            *server = None;
        }
        if server.is_none() {
            match layout.map(|layout| Server::start(key.clone(), layout)) {
                Some(Ok(started)) => *server = Some(started),
                Some(Err(error)) => {
                    fell_back(&format!(
                        "its interpreter could not be started warm ({error})"
                    ));
                    failed.push(key);
                    return false;
                }
                None => return false,
            }
        }
        true
    })
}

/// What serves runs of `argv` in `dir`, where this thread and machine can
/// hold a warm run.
fn key_of(
    argv: &[OsString],
    line: &WarmLine,
    dir: &Path,
    access: &Access,
    limits: &Limits,
) -> Option<Key> {
    contain::containment().cgroup.as_ref()?;
    let Access::Solution(reach) = access else {
        return None;
    };
    // Only a thread that starts runs alone keeps a server: one that starts
    // other processes meanwhile would give them the server's socket.
    if !cgroup::dedicated() || line.interpreter.is_empty() || line.script.is_empty() {
        return None;
    }
    Some(Key {
        argv: argv.to_vec(),
        line: line.clone(),
        scratch: dir.parent()?.to_path_buf(),
        memory: limits.memory,
        reach: landlock::Reach {
            writes: None,
            ..reach.clone()
        },
    })
}

/// Starts a run through the thread's server, made [`ready`] for it:
/// `None` when the run must start fresh instead (`input` is then as it
/// was).
pub(super) fn start(
    argv: &[OsString],
    line: &WarmLine,
    dir: &Path,
    access: &Access,
    input: &File,
    limits: &Limits,
) -> Option<Forked> {
    let held = contain::containment();
    let layout = held.cgroup.as_ref()?;
    let key = key_of(argv, line, dir, access, limits)?;
    THREAD_SERVER.with(|cell| {
        let (server, failed) = &mut *cell.borrow_mut();
        server.as_ref().filter(|s| s.key == key)?;
        let running = server.as_mut()?;
        match running.run(argv, dir, access, input, limits, layout, held.landlock) {
            Ok(started) => {
                STARTED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                Some(started)
            }
            Err(error) => {
                // A server that fails a run is dropped, and the job's runs
                // start fresh from here, this one from the start of its
                // input.
                fell_back(&format!("a warm start failed ({error})"));
                *server = None;
                failed.push(key);
                let mut input = input;
                input.seek(SeekFrom::Start(0)).ok()?;
                None
            }
        }
    })
}

impl Server {
    fn start(key: Key, layout: &cgroup::Layout) -> std::io::Result<Server> {
        let (ours, theirs) = socket_pair()?;
        let mut argv = key.line.interpreter.clone();
        argv.extend([OsString::from("-c"), OsString::from(SERVER_CODE)]);
        argv.extend(key.line.script.iter().cloned());
        let limits = Limits {
            time: Duration::ZERO,
            memory: key.memory,
            output: 0,
            address_space: None,
            file_size: None,
        };
        let group = RunGroup::make(
            layout,
            "warm",
            cgroup::memory_cap(&limits),
            contain::max_tasks(),
        )?;
        let spawned = spawn::spawn(
            &argv,
            &key.scratch,
            &File::from(theirs),
            &["RUST_BACKTRACE", "RUST_LIB_BACKTRACE"],
            &[("TMPDIR", key.scratch.as_os_str())],
            vec![(libc::RLIMIT_CORE, 0)],
            key.memory,
            &Hold {
                namespaces: false,
                // The server is the runner's own code until a child has
                // entered its run's ruleset; a ruleset of its own would
                // keep the child from making its namespaces.
                landlock: None,
                filter: Some(seccomp::Kind::Solution),
                group: Some(&group),
            },
        )?;
        let mut server = Server {
            key,
            pid: spawned.pid,
            control: ours,
            _stdout: spawned.stdout,
            _stderr: spawned.stderr,
            _group: Some(group),
            start_cost: Duration::ZERO,
            runs: 0,
        };
        let ready = server.answer()?;
        let micros = ready
            .strip_prefix("READY ")
            .and_then(|m| m.trim().parse::<u64>().ok())
            .ok_or_else(|| std::io::Error::other(format!("the warm server said {ready:?}")))?;
        server.start_cost = Duration::from_micros(micros);
        Ok(server)
    }

    /// The server's next message, waited for at most [`ANSWER_WITHIN`].
    fn answer(&self) -> std::io::Result<String> {
        let mut poll = libc::pollfd {
            fd: self.control.as_raw_fd(),
            events: libc::POLLIN,
            revents: 0,
        };
        // SAFETY: poll on one live pollfd.
        let ready = unsafe { libc::poll(&mut poll, 1, ANSWER_WITHIN.as_millis() as i32) };
        if ready <= 0 {
            return Err(std::io::Error::other("the warm server did not answer"));
        }
        receive(self.control.as_raw_fd(), 0)?
            .ok_or_else(|| std::io::Error::other("the warm server ended"))
    }

    /// What the server is told of a run beside its descriptors: its
    /// folder, its address-space and file-size limits (`-` for none),
    /// whether a ruleset and how many control-group files come with it,
    /// whether it has namespaces, and whether it answers on descriptor 3.
    fn words(&self, dir: &Path, limits: &Limits, ruleset: bool, procs: usize) -> Vec<Vec<u8>> {
        let number = |n: Option<u64>| n.map_or("-".to_string(), |n| n.to_string());
        let flag = |on: bool| if on { b"1".to_vec() } else { b"0".to_vec() };
        vec![
            dir.as_os_str().as_bytes().to_vec(),
            number(limits.address_space).into_bytes(),
            number(limits.file_size).into_bytes(),
            flag(ruleset),
            procs.to_string().into_bytes(),
            flag(contain::containment().namespaces),
            flag(self.key.line.answers_on_3),
        ]
    }

    /// Has the server fork a run: its group, pipes and ruleset are made
    /// here, as for a fresh start, and sent with its folder and limits.
    #[allow(clippy::too_many_arguments)]
    fn run(
        &mut self,
        argv: &[OsString],
        dir: &Path,
        access: &Access,
        input: &File,
        limits: &Limits,
        layout: &cgroup::Layout,
        landlock_version: u32,
    ) -> std::io::Result<Forked> {
        self.runs += 1;
        let group = RunGroup::make(
            layout,
            "run",
            cgroup::memory_cap(limits),
            contain::max_tasks(),
        )?;
        let procs = group
            .procs_files()
            .iter()
            .map(|path| std::fs::OpenOptions::new().write(true).open(path))
            .collect::<std::io::Result<Vec<File>>>()?;
        let ruleset = landlock::ruleset_for(argv, dir, access, landlock_version)?;
        let (out_read, out_write) = pipe()?;
        let (err_read, err_write) = pipe()?;
        let words = self.words(dir, limits, ruleset.is_some(), procs.len());
        let mut fds: Vec<RawFd> = vec![
            input.as_raw_fd(),
            out_write.as_raw_fd(),
            err_write.as_raw_fd(),
        ];
        fds.extend(procs.iter().map(AsRawFd::as_raw_fd));
        fds.extend(ruleset.as_ref().map(AsRawFd::as_raw_fd));
        send(self.control.as_raw_fd(), &words.join(&0u8), &fds)?;
        drop((out_write, err_write, procs, ruleset));
        let answer = self.answer()?;
        let pid = answer
            .strip_prefix("PID ")
            .and_then(|p| p.trim().parse::<i32>().ok());
        let pid =
            pid.ok_or_else(|| std::io::Error::other(format!("the warm server said {answer:?}")))?;
        Ok(Forked {
            pid,
            stdout: out_read,
            stderr: err_read,
            group,
            run: WarmRun {
                control: self.control.try_clone()?,
                start_cost: self.start_cost,
            },
        })
    }
}

/// How a warm run ended, once the server told it: its ending, processor
/// time and peak; `Some` of a kill when the server itself ended.
pub(super) fn try_end(run: &WarmRun) -> Option<(Ending, Duration, u64)> {
    let killed = Some((Ending::Signalled(libc::SIGKILL), Duration::ZERO, 0));
    let told = match receive(run.control.as_raw_fd(), libc::MSG_DONTWAIT) {
        Ok(Some(told)) => told,
        Ok(None) => return killed,
        Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => return None,
        Err(_) => return killed,
    };
    let numbers: Vec<i64> = told
        .strip_prefix("END ")?
        .split_whitespace()
        .filter_map(|n| n.parse().ok())
        .collect();
    let [status, user, system, maxrss] = numbers[..] else {
        return killed;
    };
    let cpu = Duration::from_micros((user + system).max(0) as u64);
    let ending = super::ending_of(status as libc::c_int);
    Some((ending, cpu, maxrss.max(0) as u64 * 1024))
}

/// A pair of connected sequenced-packet sockets, both close-on-exec.
fn socket_pair() -> std::io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0; 2];
    // SAFETY: socketpair fills a live array of two descriptors.
    let made = unsafe {
        libc::socketpair(
            libc::AF_UNIX,
            libc::SOCK_SEQPACKET | libc::SOCK_CLOEXEC,
            0,
            fds.as_mut_ptr(),
        )
    };
    if made != 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: both descriptors are new and ours.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

/// Sends one message with descriptors.
fn send(socket: RawFd, data: &[u8], fds: &[RawFd]) -> std::io::Result<()> {
    let payload = std::mem::size_of_val(fds);
    // SAFETY: CMSG_SPACE only computes a size.
    let space = unsafe { libc::CMSG_SPACE(payload as u32) } as usize;
    let mut control = vec![0u64; space.div_ceil(8)];
    let mut iov = libc::iovec {
        iov_base: data.as_ptr() as *mut libc::c_void,
        iov_len: data.len(),
    };
    // SAFETY: msghdr is plain data; all-zero is a valid value.
    let mut message: libc::msghdr = unsafe { std::mem::zeroed() };
    message.msg_iov = &mut iov;
    message.msg_iovlen = 1;
    message.msg_control = control.as_mut_ptr().cast();
    message.msg_controllen = space as _;
    // SAFETY: the header's buffer holds one control message of `payload`
    // bytes, filled here; sendmsg reads live buffers.
    let sent = unsafe {
        let header = libc::CMSG_FIRSTHDR(&message);
        (*header).cmsg_level = libc::SOL_SOCKET;
        (*header).cmsg_type = libc::SCM_RIGHTS;
        (*header).cmsg_len = libc::CMSG_LEN(payload as u32) as _;
        std::ptr::copy_nonoverlapping(fds.as_ptr().cast::<u8>(), libc::CMSG_DATA(header), payload);
        libc::sendmsg(socket, &message, libc::MSG_NOSIGNAL)
    };
    if sent < 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(())
}

/// Receives one message: `None` at the end (the server is gone).
fn receive(socket: RawFd, flags: libc::c_int) -> std::io::Result<Option<String>> {
    let mut buffer = [0u8; 256];
    loop {
        // SAFETY: recv into a live buffer of its length.
        let n = unsafe { libc::recv(socket, buffer.as_mut_ptr().cast(), buffer.len(), flags) };
        if n > 0 {
            return Ok(Some(
                String::from_utf8_lossy(&buffer[..n as usize]).into_owned(),
            ));
        }
        if n == 0 {
            return Ok(None);
        }
        let error = std::io::Error::last_os_error();
        if error.kind() != std::io::ErrorKind::Interrupted {
            return Err(error);
        }
    }
}
