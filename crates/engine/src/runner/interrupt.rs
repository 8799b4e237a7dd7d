//! Ctrl-C, `Ctrl-\`, and a request to terminate, as a command's own event:
//! the commands note the signal, stop the run in progress (killing every
//! process of it), remove their scratch folder, and exit with status 130,
//! whichever signal it was.
//!
//! A run lives in a process group of its own with no controlling terminal,
//! so the terminal's Ctrl-C reaches the command only; without this, the
//! command would die and leave the run going. The handler only sets a flag:
//! the watch loop of [`crate::runner`] and the commands' own loops look at
//! it.

use std::sync::atomic::{AtomicBool, Ordering};

static REQUESTED: AtomicBool = AtomicBool::new(false);

extern "C" fn note(_signal: libc::c_int) {
    REQUESTED.store(true, Ordering::SeqCst);
}

/// The signals noted: every one that ends a process by default and comes
/// from outside it (a terminal's Ctrl-C and `Ctrl-\`, a closed terminal, a
/// `kill` or `timeout`, `ulimit -t`), so that only SIGKILL can leave a run
/// going or a scratch folder on disk. Left as they are: the faults of the
/// command's own (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP,
/// SIGSYS), where a handler that returns runs the faulting instruction
/// again; SIGPIPE and SIGXFSZ, ignored (a closed reader or a full file is
/// an error of the write, reported); SIGPROF, a profiler's; and the
/// real-time signals, some the C library's own.
pub const NOTED: [libc::c_int; 10] = [
    libc::SIGINT,
    libc::SIGTERM,
    libc::SIGHUP,
    libc::SIGQUIT,
    libc::SIGUSR1,
    libc::SIGUSR2,
    libc::SIGALRM,
    libc::SIGVTALRM,
    libc::SIGXCPU,
    libc::SIGPWR,
];

/// Notes the signals of [`NOTED`] from now on, instead of dying of them.
/// System calls they interrupt return early (no `SA_RESTART`), so a wait
/// notices at once.
pub fn install() {
    for signal in NOTED {
        // SAFETY: sigaction with a zeroed, then filled, struct; the handler
        // only stores to an atomic, which is async-signal-safe.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            let handler: extern "C" fn(libc::c_int) = note;
            action.sa_sigaction = handler as usize;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(signal, &action, std::ptr::null_mut());
        }
    }
}

/// Whether an interrupt has come.
pub fn requested() -> bool {
    REQUESTED.load(Ordering::SeqCst)
}
