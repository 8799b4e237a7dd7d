//! The commands' exit statuses, one meaning each: [`STATUSES`] is the one
//! table, from which every command's `--help` says them and against which
//! a test checks the user's page (`docs/commands.md`).

pub const SUCCESS: u8 = 0;
pub const FOUND: u8 = 1;
pub const ERROR: u8 = 2;
/// 128 + SIGINT, as shells give for Ctrl-C, whichever signal of those
/// `engine::runner::interrupt` notes it was.
pub const INTERRUPTED: u8 = 130;

const ALL: &[&str] = &["judge", "stress", "gen"];
const TESTING: &[&str] = &["judge", "stress"];

/// Every status with the commands that give it and its meaning, as the
/// help and the docs say it.
#[rustfmt::skip]
pub const STATUSES: &[(u8, &[&str], &str)] = &[
    (SUCCESS, TESTING, "everything that ran passed"),
    (SUCCESS, &["gen"], "the input was written"),
    (FOUND, TESTING, "something was found wrong and reported: a failed case or input, a compile error"),
    (ERROR, ALL, "nothing could be tested: a bad argument, no case, a missing compiler, a full disk"),
    (INTERRUPTED, ALL, "interrupted: Ctrl-C, or another signal that ends a program"),
];

/// The statuses `command` gives, as a paragraph, for its `--help`.
pub fn help(command: &str) -> String {
    let each: Vec<String> = (STATUSES.iter())
        .filter(|(_, commands, _)| commands.contains(&command))
        .map(|(status, _, meaning)| format!("{status} {meaning}"))
        .collect();
    format!("Exit status: {}.", each.join("; "))
}
