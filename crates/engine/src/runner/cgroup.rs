//! A control group for each run: the kernel's own count of the processor
//! time and the memory of every process the run ever had (children reaped
//! by the kernel, never waited for, included), and its cap on the run's
//! tasks (threads count, as they do for a judge).
//!
//! Two layouts are known. Where the machine mounts the version 1
//! controllers apart (`/sys/fs/cgroup/{cpuacct,memory,pids}`), a run gets a
//! group in each, made under this process's own group there (so that a
//! limit set on the command, a container's, still holds). Where it mounts
//! the unified hierarchy at `/sys/fs/cgroup` and this process may write
//! there (root, or a delegated subtree with the controllers on), a run gets
//! one group beside this process's. Anything else is no cgroup: the runner
//! then forbids what would hide time (see `contain`).

use std::path::{Path, PathBuf};
use std::time::Duration;

/// How the machine lays its control groups out, found once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Version 1: the folders, in this process's own groups, of the
    /// processor accounting, memory and task controllers.
    V1 {
        cpuacct: PathBuf,
        memory: PathBuf,
        pids: PathBuf,
    },
    /// Version 2: the folder runs' groups are made in.
    V2 { parent: PathBuf },
}

impl Layout {
    /// The layout this process may make runs' groups in, if any: a test
    /// group is made and removed to prove it.
    pub fn find() -> Option<Layout> {
        let own = std::fs::read_to_string("/proc/self/cgroup").ok()?;
        let layout = v1(&own).or_else(|| v2(&own))?;
        let probe = RunGroup::make(&layout, "probe", 1 << 30, 16).ok()?;
        drop(probe);
        layout.remove_stale();
        Some(layout)
    }

    /// Removes the groups that commands killed outright left behind
    /// (`grid-games-LABEL-PID-K`, of a process that is gone): a group
    /// with no process in it is removed by `rmdir`, and one still in use
    /// is not.
    fn remove_stale(&self) {
        let bases: Vec<&Path> = match self {
            Layout::V1 {
                cpuacct,
                memory,
                pids,
            } => vec![cpuacct, memory, pids],
            Layout::V2 { parent } => vec![parent],
        };
        for base in bases {
            for entry in std::fs::read_dir(base).into_iter().flatten().flatten() {
                let name = entry.file_name().to_string_lossy().into_owned();
                let Some(rest) = name.strip_prefix("grid-games-") else {
                    continue;
                };
                let mut fields = rest.rsplitn(3, '-');
                let (_, pid) = (fields.next(), fields.next());
                let gone = pid
                    .and_then(|p| p.parse::<u32>().ok())
                    .is_some_and(|p| !Path::new(&format!("/proc/{p}")).exists());
                if gone {
                    let _ = std::fs::remove_dir(entry.path());
                }
            }
        }
    }

    /// A word for the heading and `cargo judge --check-toolchains`.
    pub fn name(&self) -> &'static str {
        match self {
            Layout::V1 { .. } => "cgroup v1",
            Layout::V2 { .. } => "cgroup v2",
        }
    }
}

/// The folder of this process's group in the version 1 hierarchy that
/// holds `controller`, from `/proc/self/cgroup` (`4:memory:/a/b`).
fn v1_folder(own: &str, controller: &str) -> Option<PathBuf> {
    own.lines().find_map(|line| {
        let mut fields = line.splitn(3, ':');
        let (_, controllers, path) = (fields.next()?, fields.next()?, fields.next()?);
        controllers
            .split(',')
            .any(|c| c == controller)
            .then(|| {
                Path::new("/sys/fs/cgroup")
                    .join(controllers)
                    .join(path.trim_start_matches('/'))
            })
            .filter(|folder| folder.is_dir())
    })
}

fn v1(own: &str) -> Option<Layout> {
    Some(Layout::V1 {
        cpuacct: v1_folder(own, "cpuacct")?,
        memory: v1_folder(own, "memory")?,
        pids: v1_folder(own, "pids")?,
    })
}

fn v2(own: &str) -> Option<Layout> {
    let root = Path::new("/sys/fs/cgroup");
    let enabled = std::fs::read_to_string(root.join("cgroup.controllers")).ok()?;
    if !["memory", "pids"].iter().all(|c| enabled.contains(c)) {
        return None;
    }
    // `0::/user.slice/...`: this process's group. A run's group cannot sit
    // below a group that holds processes and hands its controllers down, so
    // it is made beside it, in its parent, where that parent hands down
    // the memory and task controllers (the root group always may).
    let path = own.lines().find_map(|line| line.strip_prefix("0::"))?;
    let own_folder = root.join(path.trim_start_matches('/'));
    let parent = own_folder.parent().filter(|p| p.starts_with(root))?;
    let handed = std::fs::read_to_string(parent.join("cgroup.subtree_control")).ok()?;
    ["memory", "pids"]
        .iter()
        .all(|c| handed.contains(c))
        .then(|| Layout::V2 {
            parent: parent.to_path_buf(),
        })
}

/// One run's group: made before the run starts, removed (every process in
/// it killed first) when dropped.
#[derive(Debug)]
pub struct RunGroup {
    folders: Vec<PathBuf>,
    layout: Layout,
    /// Whether the runner's thread that makes the runs is in the group
    /// itself (see [`RunGroup::for_run`]).
    joined: bool,
    /// The task cap's refusals before this run (a count never reset).
    refused_before: u64,
    /// The processor time of the runner's thread when the run started:
    /// what it uses meanwhile is not the run's.
    thread_time_before: Duration,
}

thread_local! {
    /// The group a runner's thread is in, kept from one run to the next.
    static JOINED: std::cell::RefCell<Option<RunGroup>> = const { std::cell::RefCell::new(None) };
    /// Whether the thread starts runs and nothing else (see
    /// [`dedicate_thread`]).
    static DEDICATED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Declares that the calling thread starts runs, one at a time, and no
/// other process: its runs may then share a control group the thread
/// joins once (see `RunGroup::for_run`). A thread that starts other
/// processes meanwhile must not call it, for they would be born in the
/// group, counted in the run and ended with it.
pub fn dedicate_thread() {
    DEDICATED.with(|dedicated| dedicated.set(true));
}

/// The memory cap of a run's control group. It stops a run that would
/// take the machine between two checks; the verdict holds its peak to the
/// limit itself. It is well above the limit: a JVM sizes its heap by the
/// cap it sees (a quarter of it), where a judge gives it its own `-Xmx`.
pub(super) fn memory_cap(limits: &super::Limits) -> u64 {
    limits.memory.saturating_mul(2).saturating_add(1 << 30)
}

/// Whether the calling thread was dedicated to runs (see
/// [`dedicate_thread`]), and is not the process's main one.
pub(super) fn dedicated() -> bool {
    DEDICATED.with(|dedicated| dedicated.get()) && !on_main_thread()
}

/// The processor time of the calling thread.
fn thread_time() -> Duration {
    // SAFETY: clock_gettime fills a live timespec.
    let mut now: libc::timespec = unsafe { std::mem::zeroed() };
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    Duration::new(now.tv_sec as u64, now.tv_nsec as u32)
}

/// Whether the calling thread is the process's main one.
fn on_main_thread() -> bool {
    // SAFETY: gettid and getpid have no preconditions.
    unsafe { libc::gettid() == libc::getpid() }
}

/// Writes `value` into the control file `name` of `folder`.
fn set(folder: &Path, name: &str, value: &str) -> std::io::Result<()> {
    std::fs::write(folder.join(name), value)
}

/// Reads the control file `name` of `folder` as a number.
fn number(folder: &Path, name: &str) -> Option<u64> {
    std::fs::read_to_string(folder.join(name))
        .ok()?
        .trim()
        .parse()
        .ok()
}

/// The value of `key` in a control file of lines `key value`.
fn keyed(folder: &Path, name: &str, key: &str) -> Option<u64> {
    let text = std::fs::read_to_string(folder.join(name)).ok()?;
    text.lines().find_map(|line| {
        let (k, v) = line.split_once(' ')?;
        (k == key).then(|| v.trim().parse().ok()).flatten()
    })
}

impl RunGroup {
    /// A new group named after `label`, this process and a count, whose
    /// memory is held to `memory` bytes and its tasks to `tasks`.
    pub fn make(
        layout: &Layout,
        label: &str,
        memory: u64,
        tasks: u64,
    ) -> std::io::Result<RunGroup> {
        use std::sync::atomic::{AtomicU64, Ordering};
        static COUNT: AtomicU64 = AtomicU64::new(0);
        let name = format!(
            "grid-games-{label}-{}-{}",
            std::process::id(),
            COUNT.fetch_add(1, Ordering::Relaxed)
        );
        let bases: Vec<&Path> = match layout {
            Layout::V1 {
                cpuacct,
                memory,
                pids,
            } => vec![cpuacct, memory, pids],
            Layout::V2 { parent } => vec![parent],
        };
        let mut group = RunGroup {
            folders: Vec::new(),
            layout: layout.clone(),
            joined: false,
            refused_before: 0,
            thread_time_before: Duration::ZERO,
        };
        for base in bases {
            let folder = base.join(&name);
            std::fs::create_dir(&folder)?;
            group.folders.push(folder);
        }
        group.limit(memory, tasks)?;
        Ok(group)
    }

    /// A group for one run. Moving a process into a group costs about a
    /// millisecond on a version 1 hierarchy (the kernel waits for a grace
    /// period), three a run: a thread dedicated to runs (the jobs' threads,
    /// see [`dedicate_thread`]) instead joins a group of its own once, and
    /// every run it starts is born in it; the group's counters are reset
    /// for each run, and what the thread itself uses is taken out. The main
    /// thread never joins (it owns the process's memory, which would then
    /// be charged to the group), nor does any other: their runs get a group
    /// each, and are moved in.
    pub fn for_run(layout: &Layout, memory: u64, tasks: u64) -> std::io::Result<RunGroup> {
        let dedicated = DEDICATED.with(|dedicated| dedicated.get());
        if !matches!(layout, Layout::V1 { .. }) || !dedicated || on_main_thread() {
            return RunGroup::make(layout, "run", memory, tasks);
        }
        let kept = JOINED.with(|joined| joined.borrow_mut().take());
        let mut group = match kept.filter(|g| &g.layout == layout) {
            Some(group) => group,
            None => {
                let mut group = RunGroup::make(layout, "job", memory, tasks + 1)?;
                // SAFETY: gettid has no preconditions.
                let tid = unsafe { libc::gettid() }.to_string();
                for folder in &group.folders {
                    set(folder, "tasks", &tid)?;
                }
                group.joined = true;
                group
            }
        };
        set(&group.folders[0], "cpuacct.usage", "0")?;
        set(&group.folders[1], "memory.max_usage_in_bytes", "0")?;
        set(
            &group.folders[1],
            "memory.limit_in_bytes",
            &memory.to_string(),
        )?;
        group.refused_before = keyed(&group.folders[2], "pids.events", "max").unwrap_or(0);
        group.thread_time_before = thread_time();
        Ok(group)
    }

    /// Whether the run's processes are born in the group (its thread is
    /// in it), or must be moved in.
    pub fn joined(&self) -> bool {
        self.joined
    }

    /// Ends the run's processes; a group the thread is in is kept for its
    /// next run, any other removed.
    pub fn give_back(self) {
        self.kill_all();
        if self.joined {
            JOINED.with(|joined| *joined.borrow_mut() = Some(self));
        }
    }

    fn limit(&self, memory: u64, tasks: u64) -> std::io::Result<()> {
        let memory = memory.to_string();
        let tasks = tasks.to_string();
        match self.layout {
            Layout::V1 { .. } => {
                set(&self.folders[1], "memory.limit_in_bytes", &memory)?;
                // Swap would hide memory from the count: none, where the
                // kernel lets a group's swap be set.
                let _ = set(&self.folders[1], "memory.swappiness", "0");
                let _ = set(&self.folders[1], "memory.memsw.limit_in_bytes", &memory);
                set(&self.folders[2], "pids.max", &tasks)
            }
            Layout::V2 { .. } => {
                set(&self.folders[0], "memory.max", &memory)?;
                let _ = set(&self.folders[0], "memory.swap.max", "0");
                set(&self.folders[0], "pids.max", &tasks)
            }
        }
    }

    /// Puts the process `pid` in the group: its children are born there.
    pub fn add(&self, pid: i32) -> std::io::Result<()> {
        let pid = pid.to_string();
        self.folders
            .iter()
            .try_for_each(|folder| set(folder, "cgroup.procs", &pid))
    }

    /// The files that put a process in the group, one per hierarchy.
    pub fn procs_files(&self) -> Vec<PathBuf> {
        self.folders
            .iter()
            .map(|f| f.join("cgroup.procs"))
            .collect()
    }

    /// The processor time every process of the group has used, the ended
    /// ones included.
    pub fn processor_time(&self) -> Duration {
        match self.layout {
            Layout::V1 { .. } => {
                let all =
                    Duration::from_nanos(number(&self.folders[0], "cpuacct.usage").unwrap_or(0));
                match self.joined {
                    true => {
                        all.saturating_sub(thread_time().saturating_sub(self.thread_time_before))
                    }
                    false => all,
                }
            }
            Layout::V2 { .. } => Duration::from_micros(
                keyed(&self.folders[0], "cpu.stat", "usage_usec").unwrap_or(0),
            ),
        }
    }

    /// The memory the group holds now, in bytes.
    pub fn memory_now(&self) -> u64 {
        match self.layout {
            Layout::V1 { .. } => number(&self.folders[1], "memory.usage_in_bytes"),
            Layout::V2 { .. } => number(&self.folders[0], "memory.current"),
        }
        .unwrap_or(0)
    }

    /// The most memory the group has held, in bytes.
    pub fn memory_peak(&self) -> u64 {
        match self.layout {
            Layout::V1 { .. } => number(&self.folders[1], "memory.max_usage_in_bytes"),
            Layout::V2 { .. } => number(&self.folders[0], "memory.peak"),
        }
        .unwrap_or(0)
    }

    /// Whether a task (a process or a thread) was refused for the cap.
    pub fn tasks_capped(&self) -> bool {
        let folder = match self.layout {
            Layout::V1 { .. } => &self.folders[2],
            Layout::V2 { .. } => &self.folders[0],
        };
        keyed(folder, "pids.events", "max").unwrap_or(0) > self.refused_before
    }

    /// The processes in the group now.
    pub fn members(&self) -> Vec<i32> {
        let Some(folder) = self.folders.last() else {
            return Vec::new();
        };
        std::fs::read_to_string(folder.join("cgroup.procs"))
            .unwrap_or_default()
            .lines()
            .filter_map(|line| line.trim().parse().ok())
            // A group the runner's thread is in lists the runner too.
            .filter(|&pid| pid != std::process::id() as i32)
            .collect()
    }

    /// Kills every process of the group, until none is left: the task cap
    /// bounds how many a fork bomb can add meanwhile.
    pub fn kill_all(&self) {
        if let Layout::V2 { .. } = self.layout {
            if set(&self.folders[0], "cgroup.kill", "1").is_ok() {
                return;
            }
        }
        for _ in 0..1000 {
            let members = self.members();
            if members.is_empty() {
                return;
            }
            for pid in members {
                // SAFETY: kill with a pid and a signal.
                unsafe { libc::kill(pid, libc::SIGKILL) };
            }
            std::thread::sleep(Duration::from_micros(200));
        }
    }
}

impl Drop for RunGroup {
    fn drop(&mut self) {
        self.kill_all();
        if self.joined {
            // The thread leaves for its parent groups, or the group could
            // not be removed.
            // SAFETY: gettid has no preconditions.
            let tid = unsafe { libc::gettid() }.to_string();
            for folder in &self.folders {
                if let Some(parent) = folder.parent() {
                    let _ = set(parent, "tasks", &tid);
                }
            }
        }
        for folder in &self.folders {
            // A killed process leaves its group only once the kernel has
            // done with it: a few tries.
            for _ in 0..500 {
                match std::fs::remove_dir(folder) {
                    Err(e) if e.raw_os_error() == Some(libc::EBUSY) => {
                        std::thread::sleep(Duration::from_micros(200));
                    }
                    _ => break,
                }
            }
        }
    }
}
