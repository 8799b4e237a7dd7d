//! What the kernel tells of one process of a run, from `/proc`: its
//! resident memory, its processor time, how long it waited for a
//! processor, its first child. A run's processes as a whole are counted
//! and ended by its namespaces and its control group (see `contain`), not
//! found here.

use std::time::Duration;

/// The resident memory of `pid` in bytes (0 when it is gone).
pub fn resident_bytes(pid: i32) -> u64 {
    // statm: size resident shared ... in pages.
    std::fs::read_to_string(format!("/proc/{pid}/statm"))
        .ok()
        .and_then(|statm| statm.split_whitespace().nth(1)?.parse::<u64>().ok())
        .map_or(0, |pages| pages * page_size())
}

/// The processor time `pids` have used, together: each one's own (all its
/// threads) and that of the children it has waited for, from
/// `/proc/PID/stat`.
pub fn processor_time(pids: &[i32]) -> Duration {
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
    Duration::from_nanos(total.saturating_mul(1_000_000_000 / ticks))
}

/// The longest time any thread of `pids` has waited to run, ready but
/// without a processor (the second field of the kernel's
/// `/proc/PID/task/TID/schedstat`): what a busy machine adds to a run's
/// wall clock. Zero where the kernel keeps no such count.
pub fn longest_wait_to_run(pids: &[i32]) -> Duration {
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
    Duration::from_nanos(longest)
}

/// The first child of `pid` (its main thread's), as this process's PID
/// namespace numbers it.
pub fn first_child(pid: i32) -> Option<i32> {
    std::fs::read_to_string(format!("/proc/{pid}/task/{pid}/children"))
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// The size of a memory page.
fn page_size() -> u64 {
    // SAFETY: sysconf has no preconditions.
    let size = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    u64::try_from(size).unwrap_or(4096)
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
