//! What holds a run on this machine: the kernel's mechanisms the runner
//! found, once per process, and what each one gives.
//!
//! | mechanism | what it gives a run | without it |
//! |---|---|---|
//! | user and PID namespaces | every process of the run ends when it ends (a double fork, a new session, an emptied environment change nothing), and none is left a zombie | a run's processes are ended through its control group |
//! | a control group | the processor time and memory of every process the run had, children the kernel reaped included; a cap on its tasks, threads counted | its main process's own counts, and a run that starts a second process is refused (it could hide time) |
//! | Landlock | the run reads only the system's files and its program's, and writes only its own folder | the run can read every file its user can |
//!
//! `GRID_GAMES_DISABLE` (a comma-separated list of `namespaces`, `cgroup`,
//! `landlock`) turns mechanisms off, to see and test what a machine without
//! them gets.

use std::sync::OnceLock;

use super::cgroup::Layout;

/// The mechanisms in force for this process's runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Containment {
    pub namespaces: bool,
    pub cgroup: Option<Layout>,
    /// Landlock's version, 0 for none.
    pub landlock: u32,
}

/// The environment variable that turns mechanisms off.
pub const DISABLE: &str = "GRID_GAMES_DISABLE";

fn disabled(mechanism: &str) -> bool {
    std::env::var(DISABLE).is_ok_and(|list| list.split(',').any(|m| m.trim() == mechanism))
}

/// The mechanisms this machine gives, found on the first call.
pub fn containment() -> &'static Containment {
    static FOUND: OnceLock<Containment> = OnceLock::new();
    FOUND.get_or_init(|| Containment {
        namespaces: !disabled("namespaces") && namespaces_work(),
        cgroup: if disabled("cgroup") {
            None
        } else {
            Layout::find()
        },
        landlock: if disabled("landlock") {
            0
        } else {
            super::landlock::version()
        },
    })
}

/// Whether a process can be started in new user and PID namespaces: one
/// that exits at once is tried.
fn namespaces_work() -> bool {
    extern "C" fn exit_at_once(_: *mut libc::c_void) -> libc::c_int {
        // SAFETY: _exit ends the child.
        unsafe { libc::_exit(0) }
    }
    let mut stack = vec![0u8; 16 << 10];
    // SAFETY: a child on its own stack that only exits; it is reaped
    // below.
    unsafe {
        let top = stack.as_mut_ptr().add(stack.len());
        let top = top.sub(top as usize % 16);
        let pid = libc::clone(
            exit_at_once,
            top.cast(),
            libc::CLONE_VM
                | libc::CLONE_VFORK
                | libc::CLONE_NEWUSER
                | libc::CLONE_NEWPID
                | libc::CLONE_NEWIPC
                | libc::SIGCHLD,
            std::ptr::null_mut(),
        );
        if pid <= 0 {
            return false;
        }
        let mut status = 0;
        libc::waitpid(pid, &mut status, 0) == pid && libc::WIFEXITED(status)
    }
}

/// The most tasks (processes and threads) a run may have at once, where a
/// control group counts them: room for a virtual machine's own threads
/// (a JVM starts some for each processor).
pub fn max_tasks() -> u64 {
    let processors = std::thread::available_parallelism().map_or(1, |n| n.get());
    128 + 4 * processors as u64
}

impl Containment {
    /// What a run is not held by here, in one line for a report's
    /// heading; `None` when every mechanism is in force.
    pub fn gaps(&self) -> Option<String> {
        let mut gaps = Vec::new();
        if !self.namespaces {
            gaps.push("no user and PID namespaces: a run's processes are ended through its group");
        }
        if self.cgroup.is_none() {
            gaps.push("no control group: only a run's main process is measured, and a run that starts another is refused");
        }
        if self.landlock == 0 {
            gaps.push(
                "no Landlock: a run can read every file you can, the expected answers included",
            );
        }
        (!gaps.is_empty()).then(|| format!("not contained: {}", gaps.join("; ")))
    }

    /// One line for each mechanism, for `cargo judge --check-toolchains`.
    pub fn report(&self) -> Vec<String> {
        let yes_no = |on: bool| if on { "yes" } else { "no " };
        vec![
            format!(
                "{} user and PID namespaces: every process of a run ends with it",
                yes_no(self.namespaces)
            ),
            match &self.cgroup {
                Some(layout) => format!(
                    "yes control group ({}): the time and memory of every process of a run, at most {} tasks",
                    layout.name(),
                    max_tasks()
                ),
                None => "no  control group: the main process alone is measured; a second process is refused".to_string(),
            },
            if self.landlock > 0 {
                format!(
                    "yes Landlock (version {}): a run reads the system's files and its program's, writes its folder",
                    self.landlock
                )
            } else {
                "no  Landlock: a run can read any file you can".to_string()
            },
        ]
    }
}
