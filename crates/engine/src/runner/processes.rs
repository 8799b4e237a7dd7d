//! Finding every process of a run, to measure them and to end them all.
//!
//! A run starts in a process group of its own (its main process leads it)
//! and carries a marker in its environment (`GRID_GAMES_RUN=<token>`). The
//! runner is a child subreaper, so every process of a run is a descendant
//! of its main process or, once its parent has ended, reparented to the
//! runner: the run's processes are the main process, the runner's children
//! that are in the run's process group or whose environment holds the
//! marker (a child that started a session of its own still has it), and
//! the descendants of both. They are found by
//! walking down the kernel's lists of children (`/proc/PID/task/*/children`)
//! from the runner, which costs a few reads for a run of one process
//! however many processes the machine has. Where the kernel keeps no such
//! lists, every process of the system is read instead, by the same rule.
//!
//! A command that runs one run at a time and starts nothing else meanwhile
//! (`cargo judge`, `cargo stress`) declares itself [`exclusive`]: then every
//! child of the runner belongs to the run in progress too, so a process that
//! left the process group, dropped the marker and lost its parent (`setsid env -u
//! GRID_GAMES_RUN ...` from a double fork) is still found, measured and
//! killed.
//!
//! The run's memory is the sum of its processes' proportional set sizes
//! (PSS: a page shared by three processes counts a third in each), so
//! memory a fork shares with its parent is counted once.
//!
//! Linux only: everything here reads `/proc`. Elsewhere a run is its main
//! process and its process group.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};

static EXCLUSIVE: AtomicBool = AtomicBool::new(false);

/// Declares that this process runs one run at a time and starts no other
/// process while one runs: every child of this process, and its
/// descendants, then belong to the run in progress.
pub fn exclusive() {
    EXCLUSIVE.store(true, Ordering::SeqCst);
}

/// Declares that this process runs several runs at a time (`--jobs`): a
/// child of this process is then a run's only by its session, its marker
/// or its parent, and one that left all three is not found until the
/// command ends.
pub fn shared() {
    EXCLUSIVE.store(false, Ordering::SeqCst);
}

/// The environment variable that marks a run's processes.
pub const MARKER: &str = "GRID_GAMES_RUN";

/// The summed memory of `pids`: their proportional set sizes.
pub fn proportional_total(pids: &[i32]) -> u64 {
    pids.iter().map(|&pid| proportional_bytes(pid)).sum()
}

/// The processes of the run whose main process is `leader` (the leader of
/// its process group), and whose environment holds `MARKER=token`, sorted: by the kernel's lists of
/// children where it keeps them, else by reading every process of the
/// system.
#[cfg(target_os = "linux")]
pub fn members(leader: i32, token: &str) -> Vec<i32> {
    let mut pids = if children_listed() {
        walk_down(leader, token)
    } else {
        whole_system(leader, token)
    };
    pids.sort_unstable();
    pids
}

/// Whether the kernel lists each task's children (`CONFIG_PROC_CHILDREN`).
#[cfg(target_os = "linux")]
fn children_listed() -> bool {
    use std::sync::OnceLock;
    static LISTED: OnceLock<bool> = OnceLock::new();
    *LISTED.get_or_init(|| {
        // SAFETY: gettid has no arguments and cannot fail.
        let thread = unsafe { libc::syscall(libc::SYS_gettid) };
        std::path::Path::new(&format!("/proc/self/task/{thread}/children")).exists()
    })
}

/// The children of every thread of `pid` (a thread's own children are
/// listed under it alone).
#[cfg(target_os = "linux")]
fn children_of(pid: &str, into: &mut Vec<i32>) {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return;
    };
    for task in tasks.flatten() {
        if let Ok(list) = std::fs::read_to_string(task.path().join("children")) {
            into.extend(
                list.split_whitespace()
                    .filter_map(|p| p.parse::<i32>().ok()),
            );
        }
    }
}

/// The run's processes, found from the runner's children down.
#[cfg(target_os = "linux")]
fn walk_down(leader: i32, token: &str) -> Vec<i32> {
    let exclusive = EXCLUSIVE.load(Ordering::SeqCst);
    let needle = format!("{MARKER}={token}");
    let mut roots = Vec::new();
    children_of("self", &mut roots);
    let mut found: Vec<i32> = roots
        .into_iter()
        .filter(|&pid| {
            pid == leader
                || exclusive
                || parent_and_group(pid).is_some_and(|(_, group)| group == leader)
                || marked(pid, &needle)
        })
        .collect();
    let mut seen: HashSet<i32> = found.iter().copied().collect();
    let mut next = 0;
    while next < found.len() {
        let mut children = Vec::new();
        children_of(&found[next].to_string(), &mut children);
        for child in children {
            if seen.insert(child) {
                found.push(child);
            }
        }
        next += 1;
    }
    found
}

/// Whether the environment of `pid` holds `needle` (`MARKER=token`).
#[cfg(target_os = "linux")]
fn marked(pid: i32, needle: &str) -> bool {
    std::fs::read(format!("/proc/{pid}/environ"))
        .is_ok_and(|env| env.split(|&b| b == 0).any(|var| var == needle.as_bytes()))
}

/// The run's processes, found among every process of the system.
#[cfg(target_os = "linux")]
fn whole_system(leader: i32, token: &str) -> Vec<i32> {
    let needle = format!("{MARKER}={token}");
    let exclusive = EXCLUSIVE.load(Ordering::SeqCst);
    let runner = std::process::id() as i32;
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    // pid -> (parent, in the run by its own marks)
    let mut table: Vec<(i32, i32, bool)> = Vec::new();
    for entry in entries.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|s| s.parse::<i32>().ok())
        else {
            continue;
        };
        let Some((parent, group)) = parent_and_group(pid) else {
            continue;
        };
        let in_run = group == leader || (exclusive && parent == runner) || marked(pid, &needle);
        table.push((pid, parent, in_run));
    }
    // Descendants of marked processes are in the run too.
    let mut members: HashSet<i32> = table.iter().filter(|t| t.2).map(|t| t.0).collect();
    loop {
        let before = members.len();
        for &(pid, parent, _) in &table {
            if members.contains(&parent) {
                members.insert(pid);
            }
        }
        if members.len() == before {
            break;
        }
    }
    members.into_iter().collect()
}

#[cfg(not(target_os = "linux"))]
pub fn members(leader: i32, _token: &str) -> Vec<i32> {
    vec![leader]
}

/// The processor time `pids` have used, together: each one's own (all its
/// threads) and that of the children it has waited for, from
/// `/proc/PID/stat`. A child still running counts once, as itself.
#[cfg(target_os = "linux")]
pub fn processor_time(pids: &[i32]) -> std::time::Duration {
    // SAFETY: sysconf has no preconditions.
    let ticks = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
    let mut total = 0u64;
    for pid in pids {
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        // After the command name's last `)`: state is the 3rd field of
        // the line, utime, stime, cutime and cstime the 14th to 17th.
        let Some(rest) = stat.rfind(')').map(|at| &stat[at + 1..]) else {
            continue;
        };
        total += rest
            .split_whitespace()
            .skip(11)
            .take(4)
            .filter_map(|field| field.parse::<u64>().ok())
            .sum::<u64>();
    }
    std::time::Duration::from_nanos(total.saturating_mul(1_000_000_000 / ticks))
}

#[cfg(not(target_os = "linux"))]
pub fn processor_time(_pids: &[i32]) -> std::time::Duration {
    std::time::Duration::ZERO
}

/// The longest time any thread of `pids` has waited to run, ready but
/// without a processor (the second field of the kernel's
/// `/proc/PID/task/TID/schedstat`): what a busy machine adds to a run's
/// wall clock. Zero where the kernel keeps no such count.
#[cfg(target_os = "linux")]
pub fn longest_wait_to_run(pids: &[i32]) -> std::time::Duration {
    let mut longest = 0u64;
    for pid in pids {
        let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
            continue;
        };
        for task in tasks.flatten() {
            let Ok(stat) = std::fs::read_to_string(task.path().join("schedstat")) else {
                continue;
            };
            if let Some(waited) = stat.split_whitespace().nth(1).and_then(|w| w.parse().ok()) {
                longest = longest.max(waited);
            }
        }
    }
    std::time::Duration::from_nanos(longest)
}

#[cfg(not(target_os = "linux"))]
pub fn longest_wait_to_run(_pids: &[i32]) -> std::time::Duration {
    std::time::Duration::ZERO
}

/// The parent and the process group of `pid`, from `/proc/PID/stat`.
#[cfg(target_os = "linux")]
fn parent_and_group(pid: i32) -> Option<(i32, i32)> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name may hold spaces and parentheses: the fields start
    // after the last `)`. Then: state, ppid, pgrp.
    let rest = &stat[stat.rfind(')')? + 1..];
    let mut fields = rest.split_whitespace();
    let _state = fields.next()?;
    let parent = fields.next()?.parse().ok()?;
    let group = fields.next()?.parse().ok()?;
    Some((parent, group))
}

/// The resident memory of `pid` in bytes (0 when it is gone).
pub fn resident_bytes(pid: i32) -> u64 {
    #[cfg(target_os = "linux")]
    {
        // statm: size resident shared ... in pages.
        if let Ok(statm) = std::fs::read_to_string(format!("/proc/{pid}/statm")) {
            if let Some(pages) = statm
                .split_whitespace()
                .nth(1)
                .and_then(|p| p.parse::<u64>().ok())
            {
                return pages * page_size();
            }
        }
    }
    let _ = pid;
    0
}

/// The proportional set size of `pid` in bytes (its resident memory, each
/// shared page divided among the processes sharing it), or its resident
/// memory where the kernel does not tell it; 0 when it is gone.
fn proportional_bytes(pid: i32) -> u64 {
    let Ok(rollup) = std::fs::read_to_string(format!("/proc/{pid}/smaps_rollup")) else {
        return resident_bytes(pid);
    };
    rollup
        .lines()
        .find_map(|line| {
            let kib = line.strip_prefix("Pss:")?.trim().strip_suffix("kB")?;
            kib.trim().parse::<u64>().ok()
        })
        .map_or_else(|| resident_bytes(pid), |kib| kib * 1024)
}

/// The size of a memory page.
fn page_size() -> u64 {
    // SAFETY: sysconf has no preconditions.
    let size = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    u64::try_from(size).unwrap_or(4096)
}

/// Makes this process a child subreaper (Linux), so that a run's orphaned
/// processes are reparented to it and can be reaped after they are killed.
pub fn become_subreaper() {
    #[cfg(target_os = "linux")]
    // SAFETY: prctl with PR_SET_CHILD_SUBREAPER takes a plain integer.
    unsafe {
        libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    }
}

/// Kills every process of the run (its process group, its marked
/// processes and their descendants) and reaps those that are this process's children,
/// but `leader`, the run's main process, whose ending its watcher reaps.
/// Returns how many processes besides `leader` were alive to be killed.
pub fn kill_all(leader: i32, token: &str) -> usize {
    let mut left = None;
    let mut quiet_passes = 0;
    // A process may fork while it is being killed: look again until none
    // is left.
    for _ in 0..200 {
        let found = members(leader, token);
        let alive: Vec<i32> = found
            .iter()
            .copied()
            .filter(|&pid| !is_zombie(pid))
            .collect();
        left.get_or_insert(alive.iter().filter(|&&pid| pid != leader).count());
        // SAFETY: kill on a process group and on pids; harmless if gone.
        unsafe {
            libc::kill(-leader, libc::SIGKILL);
        }
        for &pid in &alive {
            // SAFETY: see above.
            unsafe {
                libc::kill(pid, libc::SIGKILL);
            }
        }
        for &pid in found.iter().filter(|&&pid| pid != leader) {
            reap(pid);
        }
        if alive.is_empty() {
            // An orphan being handed to this subreaper while one of its
            // threads ends can be missing from one pass's lists: two
            // passes in a row must find none alive.
            quiet_passes += 1;
            if quiet_passes == 2 {
                break;
            }
            continue;
        }
        quiet_passes = 0;
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    left.unwrap_or(0)
}

/// Kills every descendant of this process that is still alive, and reaps
/// it: called when runs side by side have all ended, it ends any process
/// of theirs that escaped each run's own search (left its session, dropped
/// the marker and lost its parent, so that it became this subreaper's
/// child). Returns how many it killed.
#[cfg(target_os = "linux")]
pub fn kill_strays() -> usize {
    let runner = std::process::id().to_string();
    let mut killed = 0;
    for _ in 0..200 {
        // Every descendant, from the runner down the kernel's lists.
        let mut found = Vec::new();
        children_of(&runner, &mut found);
        let mut at = 0;
        while at < found.len() {
            let pid = found[at].to_string();
            children_of(&pid, &mut found);
            at += 1;
        }
        let alive: Vec<i32> = found
            .iter()
            .copied()
            .filter(|&pid| !is_zombie(pid))
            .collect();
        for &pid in &found {
            reap(pid);
        }
        if alive.is_empty() {
            break;
        }
        for &pid in &alive {
            // SAFETY: kill on a descendant's pid.
            unsafe {
                libc::kill(pid, libc::SIGKILL);
            }
        }
        killed += alive.len();
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    killed
}

/// Whether `pid` has ended and waits to be reaped.
fn is_zombie(pid: i32) -> bool {
    #[cfg(target_os = "linux")]
    {
        std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .map(|stat| {
                stat.rfind(')')
                    .and_then(|i| stat[i + 1..].split_whitespace().next())
                    .is_some_and(|state| state == "Z" || state == "X")
            })
            .unwrap_or(true)
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = pid;
        false
    }
}

/// Reaps `pid` if it is an ended child of this process.
fn reap(pid: i32) {
    let mut status = 0;
    // SAFETY: waitpid on one pid, without blocking.
    unsafe {
        libc::waitpid(pid, &mut status, libc::WNOHANG);
    }
}

/// This process's peak resident memory so far, in bytes. The kernel counts
/// it into a run's own peak: at `exec` it keeps the peak of the memory the
/// process had before (this process's, shared by a `clone(CLONE_VM)` or
/// copied by a `fork`), so a run's kernel peak says nothing of the program
/// unless it is above this: above its value when the run ends, since other
/// threads of this process may grow it between the spawn and the `exec`.
pub(super) fn own_peak() -> u64 {
    // SAFETY: rusage is plain data; all-zero is a valid value, and
    // getrusage fills it.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) } != 0 {
        return u64::MAX;
    }
    // Linux reports ru_maxrss in KiB.
    u64::try_from(usage.ru_maxrss).unwrap_or(0) * 1024
}
