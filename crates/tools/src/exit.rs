//! The commands' exit statuses, one meaning each.

/// Everything that ran passed (or, for `cargo gen`, the input was written).
pub const SUCCESS: u8 = 0;
/// Something was found wrong, and reported: a case failed, stress found a
/// failure, a compile error, a toolchain that does not work.
pub const FOUND: u8 = 1;
/// Nothing could be tested: a bad argument, no case, a missing compiler,
/// a scratch folder that cannot be written.
pub const ERROR: u8 = 2;
/// An interrupt (Ctrl-C, SIGQUIT, SIGTERM, SIGHUP and the other signals
/// `engine::runner::interrupt` notes) ended the command: 128 + SIGINT, as
/// shells give for Ctrl-C, whichever it was.
pub const INTERRUPTED: u8 = 130;
