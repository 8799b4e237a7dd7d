//! Watching a started run to its end: one `poll` over its pipes and its
//! first process's exit (a pidfd), woken only by output, by the exit, or
//! when a check is due; then every other process of the run is ended.
//!
//! The checks are spaced in the run's own time, so that a run of a
//! millisecond pays for none of them: the run's memory (its control
//! group's, or its main process's) every [`SAMPLE_EVERY`], its processor
//! time (which stops the run once past its limit) and its task cap every
//! [`SCAN_EVERY`], and the hang guard at its deadline. The kernel's own
//! peak for the main process comes with its exit status. Where the kernel
//! has no pidfds, the exit is looked for every [`SAMPLE_EVERY`] instead.

use std::fs::File;
use std::io::Read;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::time::{Duration, Instant};

use super::cgroup::RunGroup;
use super::first::{Ended, Keep};
use super::interrupt;
use super::processes;
use super::warm::{self, WarmRun};
use super::{ending_of, grace, Ending, Limits, Outcome, Stop, STDERR_TAIL};

/// A started run: its first process, its main process, the reading ends
/// of its pipes, and what holds it.
pub(super) struct Started {
    /// The process whose end ends the run: the first process of its
    /// namespaces, or the main process where there are none.
    pub(super) pid: i32,
    /// The program's process.
    pub(super) main: i32,
    pub(super) stdout: File,
    pub(super) stderr: File,
    /// In namespaces: the pipe on which the first process tells how the
    /// program ended, and the memory it runs on.
    pub(super) ended: Option<(File, Keep)>,
    pub(super) group: Option<RunGroup>,
    /// The runner's own peak resident memory when the run started, which
    /// the kernel counts into the run's peak (see `processes::own_peak`).
    pub(super) inherited_peak: u64,
    /// A warm start's socket to its server, which tells its end.
    pub(super) warm: Option<WarmRun>,
}

impl Started {
    /// Kills the run: its namespaces' first process (whose end ends the
    /// rest), or its process group, and its control group.
    fn kill(&self) {
        // SAFETY: SIGKILL to our own child, or to the run's process group.
        unsafe {
            if self.ended.is_some() {
                libc::kill(self.pid, libc::SIGKILL);
            } else {
                libc::kill(-self.pid, libc::SIGKILL);
                // A warm start's child may not have made its own group
                // yet.
                libc::kill(self.pid, libc::SIGKILL);
            }
        }
        if let Some(group) = &self.group {
            group.kill_all();
        }
    }

    /// The run's memory now: its group's, and its main process's
    /// resident memory (which counts the pages of its libraries that other
    /// groups' runs brought in first, as a judge's figure does).
    fn memory_now(&self) -> u64 {
        let group = self.group.as_ref().map_or(0, RunGroup::memory_now);
        group.max(processes::resident_bytes(self.main))
    }
}

/// How often the main process's resident memory is read while it runs.
const SAMPLE_EVERY: Duration = Duration::from_millis(2);

/// How often the run's processes are counted and their memory summed.
const SCAN_EVERY: Duration = Duration::from_millis(20);

/// How long a wait lasts once the run has been killed: the exit is near,
/// and an interrupt must still be seen.
const KILLED_WAIT: Duration = Duration::from_millis(10);

/// The main process's exit as a descriptor that `poll` sees (Linux 5.3
/// and later); `None` where the kernel has none.
fn exit_descriptor(pid: i32) -> Option<OwnedFd> {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: pidfd_open takes a pid and flags, and returns a new
        // descriptor or -1.
        let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) };
        if fd >= 0 {
            // SAFETY: the descriptor is new and ours.
            return Some(unsafe { OwnedFd::from_raw_fd(fd as i32) });
        }
    }
    let _ = pid;
    None
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

/// Waits until one of the open pipes can be read, the exit descriptor is
/// ready, a signal comes, or `timeout` passes. Returns whether the exit
/// descriptor is ready.
fn wait_for(pipes: &[(&File, bool)], exit: Option<&OwnedFd>, timeout: Duration) -> bool {
    let mut fds: Vec<libc::pollfd> = pipes
        .iter()
        .filter(|(_, open)| *open)
        .map(|(file, _)| file.as_raw_fd())
        .chain(exit.map(AsRawFd::as_raw_fd))
        .map(|fd| libc::pollfd {
            fd,
            events: libc::POLLIN,
            revents: 0,
        })
        .collect();
    if fds.is_empty() {
        std::thread::sleep(timeout);
        return false;
    }
    // Rounded up, so that a check is never woken for before it is due.
    let millis = timeout.as_micros().div_ceil(1000).min(i32::MAX as u128) as i32;
    // SAFETY: poll on a live array of pollfd.
    let ready = unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, millis) };
    ready > 0 && exit.is_some() && fds.last().is_some_and(|fd| fd.revents != 0)
}

/// The main process's ending and usage, once it has ended: a warm start's
/// as its server tells it.
fn try_reap(run: &Started) -> Option<(Ending, Duration, u64)> {
    if let Some(warm) = &run.warm {
        return warm::try_end(warm);
    }
    let pid = run.pid;
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
    let ending = ending_of(status);
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

    /// Waits until a pipe can be read, the exit descriptor is ready, or
    /// `timeout` passes; returns whether the exit descriptor is ready.
    fn wait(&self, run: &Started, exit: Option<&OwnedFd>, timeout: Duration) -> bool {
        wait_for(
            &[(&run.stdout, self.out_open), (&run.stderr, self.err_open)],
            exit,
            timeout,
        )
    }

    /// Whatever the pipes hold once the run's processes are gone, and
    /// nothing written after: a writer still holding them escaped the run,
    /// and what it writes later is not the run's answer, however many runs
    /// go side by side (with one at a time, it is found and killed first).
    fn drain(&mut self, run: &mut Started, room: u64) {
        self.read(run, room);
        if self.stderr.len() > STDERR_TAIL {
            self.stderr.drain(..self.stderr.len() - STDERR_TAIL);
            self.stderr_cut = true;
        }
    }
}

/// How far the hang guard may be put off for a busy machine: its
/// deadline times this, at most.
const BUSY_GUARD_FACTOR: u32 = 10;

/// The checks of a run in progress: the peak memory seen, and when, in the
/// run's time, each check is due next.
struct Checks {
    peak: u64,
    /// The most processor time the run was seen to have used.
    cpu_seen: Duration,
    sample_at: Duration,
    scan_at: Duration,
    deadline: Duration,
    /// The hang guard's deadline on an idle machine.
    guard: Duration,
}

impl Checks {
    fn new(limits: &Limits) -> Checks {
        Checks {
            peak: 0,
            cpu_seen: Duration::ZERO,
            sample_at: SAMPLE_EVERY,
            scan_at: SCAN_EVERY,
            deadline: limits.time + grace(limits.time),
            guard: limits.time + grace(limits.time),
        }
    }

    /// Whether the hang guard's deadline has really come at `now`: the
    /// time the run's threads waited for a processor on a busy machine
    /// does not count (a run that sleeps or blocks waits for none), so a
    /// correct solution is never stopped as a hang because other work
    /// held the processors. When it has not come, it is put off by that
    /// wait, up to [`BUSY_GUARD_FACTOR`] times the guard.
    fn hang_deadline_passed(&mut self, run: &Started, now: Duration) -> bool {
        let members = match &run.group {
            Some(group) => group.members(),
            None => vec![run.main],
        };
        let waited = processes::longest_wait_to_run(&members);
        let deadline = (self.guard + waited).min(self.guard * BUSY_GUARD_FACTOR);
        if now > deadline {
            return true;
        }
        self.deadline = deadline.max(now + SAMPLE_EVERY);
        false
    }

    /// How long from `now` until the next check is due.
    fn until_due(&self, now: Duration) -> Duration {
        let due = self.sample_at.min(self.scan_at).min(self.deadline);
        due.saturating_sub(now)
    }

    /// Runs the checks that are due; returns why the run must stop now,
    /// if it must: its memory, its processes, its time, or an interrupt.
    fn stop_needed(&mut self, run: &Started, now: Duration, limits: &Limits) -> Option<Stop> {
        if now >= self.sample_at {
            self.sample_at = now + SAMPLE_EVERY;
            self.peak = self.peak.max(run.memory_now());
        }
        if now >= self.scan_at {
            self.scan_at = now + SCAN_EVERY;
            if run.group.as_ref().is_some_and(RunGroup::tasks_capped) {
                return Some(Stop::Processes);
            }
            let cpu = match &run.group {
                Some(group) => group.processor_time(),
                None => processes::processor_time(&[run.main]),
            };
            let start_cost = run.warm.as_ref().map_or(Duration::ZERO, |w| w.start_cost);
            self.cpu_seen = self.cpu_seen.max(cpu + start_cost);
        }
        if self.peak > limits.memory {
            Some(Stop::Memory)
        } else if self.cpu_seen > limits.time
            || (now > self.deadline && self.hang_deadline_passed(run, now))
        {
            // Past its processor time (it can only be a TLE), or a hang.
            Some(Stop::Time)
        } else if interrupt::requested() {
            Some(Stop::Interrupted)
        } else {
            None
        }
    }
}

/// Watches a started run to its end, then ends the rest of it.
pub(super) fn watch(mut run: Started, began: Instant, limits: &Limits) -> Outcome {
    set_nonblocking(&run.stdout);
    set_nonblocking(&run.stderr);
    let start_cost = run.warm.as_ref().map_or(Duration::ZERO, |w| w.start_cost);
    let mut captured = Captured::new();
    let mut stopped = None;
    let mut checks = Checks::new(limits);
    // One sample at the start, of the program itself: a run over before
    // the first due sample still has a figure of its own.
    checks.peak = run.memory_now();
    let (ending, cpu, kernel_peak) = wait_for_the_end(
        &mut run,
        &mut captured,
        &mut checks,
        &mut stopped,
        began,
        limits,
    );
    let wall = began.elapsed();
    let (told, main_peak, stragglers) = program_ending(&mut run, kernel_peak);
    let (group_cpu, group_peak) = group_figures(&mut run, &mut stopped);
    let ending = match told {
        Some(ending) => ending,
        None => {
            run.kill();
            ending
        }
    };
    captured.drain(&mut run, limits.output);
    Outcome {
        ending,
        stopped,
        stdout: captured.stdout,
        stderr: captured.stderr,
        stderr_cut: captured.stderr_cut,
        wall,
        cpu: (cpu.max(group_cpu) + start_cost).max(checks.cpu_seen),
        peak_memory: checks.peak.max(main_peak).max(group_peak),
        main_peak_memory: main_peak,
        stragglers,
    }
}

/// How the program itself ended (in namespaces, what its first process
/// told; nothing when the run was killed), its own peak memory, and how
/// many other processes its first process found left.
fn program_ending(run: &mut Started, kernel_peak: u64) -> (Option<Ending>, u64, usize) {
    let told = run.ended.take().and_then(|(mut pipe, keep)| {
        let told = read_ended(&mut pipe);
        drop(keep);
        told
    });
    // The first process's own usage holds every process it reaped.
    let (told, main_peak, stragglers) = match told {
        Some([status, _, _, maxrss, others]) => (
            Some(ending_of(status as libc::c_int)),
            u64::try_from(maxrss).unwrap_or(0) * 1024,
            usize::try_from(others).unwrap_or(0),
        ),
        None => (None, kernel_peak, 0),
    };
    // The kernel's peak is the program's only when it is above the
    // runner's own, which the kernel counted into it: its peak now, as
    // the command's other threads (other jobs, a large case read) may have
    // raised it after the spawn and before the `exec`. Else the samples
    // are the figure. A warm start's child holds nothing of the runner's.
    let inherited_peak = match run.warm {
        Some(_) => 0,
        None => run.inherited_peak.max(processes::own_peak()),
    };
    let main_peak = if main_peak > inherited_peak {
        main_peak
    } else {
        0
    };
    (told, main_peak, stragglers)
}

/// The processor time and peak memory of the run's control group, which
/// it then gives back; a task the group refused for its cap is a verdict
/// even when the program then ended by itself (a shell that cannot fork).
fn group_figures(run: &mut Started, stopped: &mut Option<Stop>) -> (Duration, u64) {
    let Some(group) = run.group.take() else {
        return (Duration::ZERO, 0);
    };
    if stopped.is_none() && group.tasks_capped() {
        *stopped = Some(Stop::Processes);
    }
    let counted = (group.processor_time(), group.memory_peak());
    group.give_back();
    counted
}

/// Waits for the run's main process to end, reading its output and
/// running the checks that fall due (a run they stop is killed, and why is
/// put in `stopped`): its ending, processor time and the kernel's peak.
fn wait_for_the_end(
    run: &mut Started,
    captured: &mut Captured,
    checks: &mut Checks,
    stopped: &mut Option<Stop>,
    began: Instant,
    limits: &Limits,
) -> (Ending, Duration, u64) {
    // A warm start ends when its server tells it: its socket is the exit
    // to wait for.
    let mut exit = match &run.warm {
        Some(warm) => warm.control.try_clone().ok(),
        None => exit_descriptor(run.pid),
    };
    loop {
        let mut timeout = match stopped {
            Some(_) => KILLED_WAIT,
            None => checks.until_due(began.elapsed()),
        };
        if exit.is_none() {
            timeout = timeout.min(SAMPLE_EVERY);
        }
        let exited = captured.wait(run, exit.as_ref(), timeout);
        if captured.read(run, limits.output) && stopped.is_none() {
            *stopped = Some(Stop::Output);
            run.kill();
        }
        if exited || exit.is_none() {
            if let Some(done) = try_reap(run) {
                return done;
            }
            // A ready descriptor with no exit behind it is not to be
            // trusted: the exit is looked for on every turn from here.
            exit = None;
        }
        if stopped.is_none() {
            *stopped = checks.stop_needed(run, began.elapsed(), limits);
            if stopped.is_some() {
                run.kill();
            }
        }
    }
}

/// What the first process told of the program's end, if it told it.
fn read_ended(pipe: &mut File) -> Option<Ended> {
    let mut bytes = [0u8; std::mem::size_of::<Ended>()];
    pipe.read_exact(&mut bytes).ok()?;
    let mut ended: Ended = [0; 5];
    for (value, chunk) in ended.iter_mut().zip(bytes.chunks_exact(8)) {
        *value = i64::from_ne_bytes(chunk.try_into().ok()?);
    }
    Some(ended)
}
