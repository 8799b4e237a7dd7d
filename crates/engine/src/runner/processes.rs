//! Finding every process of a run, to measure them and to end them all.
//!
//! A run starts in a session of its own and carries a marker in its
//! environment (`GRID_GAMES_RUN=<token>`). Its processes are those in that
//! session, those whose environment holds the marker (a child that started a
//! session of its own still has it), and the descendants of either. The
//! runner is a child subreaper, so a process of the run that loses its
//! parent is reparented to the runner, which reaps it once it is killed.
//!
//! A command that runs one run at a time and starts nothing else meanwhile
//! (`cargo judge`, `cargo stress`) declares itself [`exclusive`]: then every
//! child of the runner belongs to the run in progress too, so a process that
//! left the session, dropped the marker and lost its parent (`setsid env -u
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

/// What a scan found: the run's processes and their summed resident memory.
#[derive(Clone, Debug, Default)]
pub struct Scan {
    pub pids: Vec<i32>,
    pub resident: u64,
}

/// The processes of the run whose session leader is `leader`, and whose
/// environment holds `MARKER=token`.
#[cfg(target_os = "linux")]
pub fn scan(leader: i32, token: &str) -> Scan {
    let needle = format!("{MARKER}={token}");
    let exclusive = EXCLUSIVE.load(Ordering::SeqCst);
    let runner = std::process::id() as i32;
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Scan::default();
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
        let Some((parent, session)) = parent_and_session(pid) else {
            continue;
        };
        let marked = session == leader
            || (exclusive && parent == runner)
            || std::fs::read(format!("/proc/{pid}/environ"))
                .is_ok_and(|env| env.split(|&b| b == 0).any(|var| var == needle.as_bytes()));
        table.push((pid, parent, marked));
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
    let mut pids: Vec<i32> = members.into_iter().collect();
    pids.sort_unstable();
    let resident = pids.iter().map(|&pid| proportional_bytes(pid)).sum();
    Scan { pids, resident }
}

#[cfg(not(target_os = "linux"))]
pub fn scan(leader: i32, _token: &str) -> Scan {
    Scan {
        pids: vec![leader],
        resident: 0,
    }
}

/// The parent and the session of `pid`, from `/proc/PID/stat`.
#[cfg(target_os = "linux")]
fn parent_and_session(pid: i32) -> Option<(i32, i32)> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name may hold spaces and parentheses: the fields start
    // after the last `)`. Then: state, ppid, pgrp, session.
    let rest = &stat[stat.rfind(')')? + 1..];
    let mut fields = rest.split_whitespace();
    let _state = fields.next()?;
    let parent = fields.next()?.parse().ok()?;
    let _group = fields.next()?;
    let session = fields.next()?.parse().ok()?;
    Some((parent, session))
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
#[cfg(target_os = "linux")]
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

/// Kills every process of the run (its session, its marked processes and
/// their descendants) and reaps those that are this process's children,
/// but `leader`, the run's main process, whose ending its watcher reaps.
/// Returns how many processes besides `leader` were killed.
pub fn kill_all(leader: i32, token: &str) -> usize {
    let alive = |scan: &Scan| -> Vec<i32> {
        scan.pids
            .iter()
            .copied()
            .filter(|&pid| !is_zombie(pid))
            .collect()
    };
    // Those alive now are the ones the run left behind.
    let left = alive(&scan(leader, token))
        .into_iter()
        .filter(|&pid| pid != leader)
        .count();
    // A process may fork while it is being killed: scan until none is left.
    for _ in 0..200 {
        // SAFETY: kill on a process group and on pids; harmless if gone.
        unsafe {
            libc::kill(-leader, libc::SIGKILL);
        }
        let found = scan(leader, token);
        for &pid in found.pids.iter().filter(|&&pid| pid != leader) {
            reap(pid);
        }
        let alive = alive(&found);
        if alive.is_empty() {
            break;
        }
        for &pid in &alive {
            // SAFETY: see above.
            unsafe {
                libc::kill(pid, libc::SIGKILL);
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    left
}

/// Kills every descendant of this process that is still alive, and reaps
/// it: called when runs side by side have all ended, it ends any process
/// of theirs that escaped each run's own search (left its session, dropped
/// the marker and lost its parent, so that it became this subreaper's
/// child). Returns how many it killed.
#[cfg(target_os = "linux")]
pub fn kill_strays() -> usize {
    let runner = std::process::id() as i32;
    let mut killed = 0;
    for _ in 0..200 {
        let table: Vec<(i32, i32)> = std::fs::read_dir("/proc")
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|entry| entry.file_name().to_str()?.parse::<i32>().ok())
            .filter_map(|pid| Some((pid, parent_and_session(pid)?.0)))
            .collect();
        let mut descendants: HashSet<i32> = HashSet::new();
        loop {
            let before = descendants.len();
            for &(pid, parent) in &table {
                if parent == runner || descendants.contains(&parent) {
                    descendants.insert(pid);
                }
            }
            if descendants.len() == before {
                break;
            }
        }
        let alive: Vec<i32> = descendants
            .into_iter()
            .filter(|&pid| !is_zombie(pid))
            .collect();
        for &pid in &table {
            if pid.1 == runner {
                reap(pid.0);
            }
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
