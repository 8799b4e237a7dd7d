//! Ctrl-C, and a request to terminate, as a command's own event: the
//! commands note the signal, stop the run in progress (killing every process
//! of it), put back what they changed, and exit with status 130.
//!
//! A run lives in a process group of its own with no controlling terminal,
//! so the terminal's Ctrl-C reaches the command only; without this, the
//! command would die and leave the run going. The handler only sets a flag:
//! the watch loop of [`crate::runner`] and the commands' own loops look at
//! it.

use std::sync::atomic::{AtomicBool, Ordering};

static REQUESTED: AtomicBool = AtomicBool::new(false);

/// The exit status of an interrupted command (128 + SIGINT, as shells give).
pub const EXIT_STATUS: u8 = 130;

extern "C" fn note(_signal: libc::c_int) {
    REQUESTED.store(true, Ordering::SeqCst);
}

/// Notes SIGINT, SIGTERM and SIGHUP from now on, instead of dying of them.
/// System calls they interrupt return early (no `SA_RESTART`), so a wait
/// notices at once.
pub fn install() {
    for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
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
