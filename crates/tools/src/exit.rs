//! The commands' exit statuses, one meaning each: [`STATUSES`] is the one
//! table, from which every command's `--help` says them and against which
//! a test checks the user's page (`docs/commands.md`).

pub const SUCCESS: u8 = 0;
pub const FOUND: u8 = 1;
pub const ERROR: u8 = 2;
/// 128 + SIGINT, as shells give for Ctrl-C, whichever signal of those
/// `engine::runner::interrupt` notes it was.
pub const INTERRUPTED: u8 = 130;

/// Every status with its meaning, as the help and the docs say it.
#[rustfmt::skip]
pub const STATUSES: &[(u8, &str)] = &[
    (SUCCESS, "everything that ran passed, or cargo gen wrote its input"),
    (FOUND, "something was found wrong and reported: a failed case or input, a compile error"),
    (ERROR, "nothing could be tested: a bad argument, no case, a missing compiler, a full disk"),
    (INTERRUPTED, "interrupted: Ctrl-C, or another signal that ends a program"),
];

/// The statuses as a paragraph, for `--help`.
pub fn help() -> String {
    let each: Vec<String> = STATUSES.iter().map(|(s, m)| format!("{s} {m}")).collect();
    format!("Exit status: {}.", each.join("; "))
}
