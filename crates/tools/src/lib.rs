//! The workspace's own commands, each a thin binary over a module here,
//! and each reading the registry:
//!
//! - `cargo judge PROBLEM [DIR...] [SOLUTION]` ([`judge`]): verdicts for
//!   every case, with times, memory and diffs, as a judge gives them, for
//!   the workspace's solver or a user's solution in any common language.
//! - `cargo stress PROBLEM [SOLUTION]` ([`stress`]): generated inputs, small
//!   first, until an answer is wrong; the failure shrunk ([`shrink`]) and
//!   saved.
//! - `cargo gen PROBLEM`: one generated input (the contract's generator).
//! - `cargo new-problem NAME` ([`scaffold`]): a new problem crate from the
//!   house template, registered.
//!
//! Underneath: [`language`] (a solution's language and limits), `compile`
//! (compiling it as its judge does),
//! [`driver`] (calling a Programmers function), [`cases`] (the cases of a
//! folder, classified by the problem's validator), [`sandbox`] (running a
//! program as a judge does) and [`processes`] (every process of a run).

pub mod cases;
mod compile;
pub mod driver;
pub mod interrupt;
pub mod judge;
pub mod language;
pub mod naming;
pub mod processes;
pub mod sandbox;
pub mod scaffold;
pub mod shrink;
pub mod stress;

use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// The workspace root (two levels above this crate), where the installed
/// commands still find the golden cases.
pub fn workspace_root() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    // Shown in reports: `/path/to/grid-games/inputs`, not `.../crates/tools/../../inputs`.
    root.canonicalize().unwrap_or(root)
}

/// The registered problem called `name`, or an error listing them.
pub fn problem(name: &str) -> Result<&'static dyn cli::AnyProblem, String> {
    problems::find(name).ok_or_else(|| {
        format!(
            "no problem named {name:?}; the problems are {} (a problem added since the commands \
             were installed needs them installed again: cargo install --path crates/tools \
             --locked --bin cargo-judge --bin cargo-stress --bin cargo-gen)",
            problems::names().join(", ")
        )
    })
}

/// The command's arguments, without the program name and without the
/// subcommand's name that cargo passes first (`cargo judge x` runs
/// `cargo-judge judge x`).
pub fn arguments(subcommand: &str) -> Vec<OsString> {
    let mut args: Vec<OsString> = std::env::args_os().skip(1).collect();
    if args.first().is_some_and(|a| a == subcommand) {
        args.remove(0);
    }
    args
}

/// A command's exit: `Ok(true)` succeeded (0), `Ok(false)` found something
/// wrong that it reported (1), `Err` could not run (2, with the message).
/// An interrupted command exits with 130, whatever it was doing.
pub fn finish(result: Result<bool, String>) -> std::process::ExitCode {
    if interrupt::requested() {
        use std::io::Write;
        let message = match result {
            Err(message) if message.contains("interrupted") => message,
            _ => "interrupted; every run it started was stopped".to_string(),
        };
        let _ = writeln!(std::io::stderr(), "error: {message}");
        return std::process::ExitCode::from(interrupt::EXIT_STATUS);
    }
    match result {
        Ok(true) => std::process::ExitCode::SUCCESS,
        Ok(false) => std::process::ExitCode::from(1),
        Err(message) => {
            use std::io::Write;
            let _ = writeln!(std::io::stderr(), "error: {message}");
            std::process::ExitCode::from(2)
        }
    }
}

/// The value of the flag just read, as a whole number from `low` to `high`
/// (checked, never wrapped), or an error naming the flag and the range.
pub fn flag_number(
    parser: &mut lexopt::Parser,
    flag: &str,
    low: u64,
    high: u64,
) -> Result<u64, String> {
    let text = parser
        .value()
        .map_err(|_| format!("--{flag} needs a value from {low} to {high}"))?;
    match text.to_string_lossy().trim().parse::<u64>() {
        Ok(value) if (low..=high).contains(&value) => Ok(value),
        _ => Err(format!(
            "--{flag} takes a whole number from {low} to {high}, not {}",
            grid::input::quote(&text.to_string_lossy())
        )),
    }
}

/// The value of the flag just read, as text.
pub fn flag_text(parser: &mut lexopt::Parser, flag: &str) -> Result<OsString, String> {
    parser
        .value()
        .map_err(|_| format!("--{flag} needs a value"))
}

/// A word as a POSIX shell reads it back: as it is when it holds only
/// characters a shell leaves alone, else in single quotes.
pub fn shell_quote(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_-./+:,@%=".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// Standard output for a command's report, which a closed reader (`cargo
/// judge | head`) or a full disk does not stop: once stdout cannot be
/// written, the rest of the report is dropped, the work goes on, and the
/// exit status still tells how it went ([`ReportOutput::lost`] says why
/// the report was cut, for one line on stderr).
pub fn report_output() -> ReportOutput {
    ReportOutput { lost: None }
}

/// The `main` of a command that reports on stdout (`cargo judge`, `cargo
/// stress`): interrupts handled, the command's children its own, the report
/// written by `run`; a report cut short gets one line on stderr, and the
/// status still tells how the run went.
pub fn main_reporting(
    run: impl FnOnce(&mut ReportOutput) -> Result<bool, String>,
) -> std::process::ExitCode {
    interrupt::install();
    processes::exclusive();
    let mut out = report_output();
    if stdout_was_closed() {
        out.lost = Some(std::io::Error::other("standard output is closed"));
    }
    let result = run(&mut out);
    // A report lost is worth a line only when there was one to give (not
    // when the command was refused before any work).
    if let (Some(e), Ok(_)) = (out.lost(), &result) {
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "error: the report could not be written to stdout: {e} (the exit status still \
             tells the verdicts)"
        );
    }
    finish(result)
}

/// Whether this command was started with its stdout closed, as in
/// `cargo judge >&-`. The Rust runtime opens `/dev/null` for reading and
/// writing on a closed standard descriptor before `main`; a shell's
/// `> /dev/null` opens it for writing only, so the two are told apart
/// (only `1<> /dev/null` looks the same, and it loses nothing).
pub fn stdout_was_closed() -> bool {
    #[cfg(unix)]
    // SAFETY: fcntl and fstat on descriptor 1, stat on a C string literal,
    // with pointers to locals.
    unsafe {
        let flags = libc::fcntl(1, libc::F_GETFL);
        if flags < 0 || flags & libc::O_ACCMODE != libc::O_RDWR {
            return false;
        }
        let (mut out, mut null): (libc::stat, libc::stat) =
            (std::mem::zeroed(), std::mem::zeroed());
        libc::fstat(1, &mut out) == 0
            && libc::stat(c"/dev/null".as_ptr(), &mut null) == 0
            && out.st_mode & libc::S_IFMT == libc::S_IFCHR
            && out.st_rdev == null.st_rdev
    }
    #[cfg(not(unix))]
    false
}

/// See [`report_output`].
pub struct ReportOutput {
    lost: Option<std::io::Error>,
}

impl ReportOutput {
    /// Why the report could not be written in full, unless the reader
    /// simply went away (a closed pipe is not an error).
    pub fn lost(&self) -> Option<&std::io::Error> {
        self.lost
            .as_ref()
            .filter(|e| e.kind() != std::io::ErrorKind::BrokenPipe)
    }

    fn note(&mut self, result: std::io::Result<()>) {
        if let Err(e) = result {
            self.lost = Some(e);
        }
    }
}

impl std::io::Write for ReportOutput {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        if self.lost.is_none() {
            let written = std::io::stdout().write_all(bytes);
            self.note(written);
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if self.lost.is_none() {
            let flushed = std::io::stdout().flush();
            self.note(flushed);
        }
        Ok(())
    }
}

/// `print!` that a closed reader does not panic: see [`report_output`].
#[macro_export]
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = write!($crate::report_output(), $($arg)*);
    }};
}

/// `println!` that a closed reader does not panic: see [`report_output`].
#[macro_export]
macro_rules! sayln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!($crate::report_output(), $($arg)*);
    }};
}

/// The value of `--lang`: a language named as its files end (`py`, `cpp`,
/// ...), whose judge limits a command or an executable gets.
pub fn flag_language(parser: &mut lexopt::Parser) -> Result<language::Language, String> {
    let text = flag_text(parser, "lang")?;
    let name = text.to_string_lossy();
    language::Language::of(Path::new(&format!("solution.{name}"))).ok_or_else(|| {
        format!(
            "--lang takes one of py, cpp, c, rs, java, js, not {}",
            grid::input::quote(&name)
        )
    })
}

/// The value of `-c`: a shell command that runs the solution (not empty).
pub fn flag_command(parser: &mut lexopt::Parser) -> Result<String, String> {
    parser
        .value()
        .ok()
        .filter(|command| !command.to_string_lossy().trim().is_empty())
        .ok_or_else(|| "-c needs a COMMAND that runs the solution".to_string())?
        .into_string()
        .map_err(|_| "the command is not UTF-8 text".to_string())
}

/// A compile error's message in a report: 40 lines of it, from before its
/// first error (see `compile_message_lines`), with what was left out.
pub fn write_compile_message(out: &mut dyn std::io::Write, message: &str) -> std::io::Result<()> {
    let (before, lines, left) = compile_message_lines(message, 40);
    if before > 0 {
        writeln!(out, "     ({before} lines before the first error left out)")?;
    }
    for line in lines {
        writeln!(out, "     {}", printable(line))?;
    }
    if left > 0 {
        writeln!(out, "     ... and {left} more lines")?;
    }
    Ok(())
}

/// The lines of a compiler's message worth showing, at most `most`: from
/// the line before its first error (the compiler's context line, `In
/// function ...`) when warnings before it would fill them, so that they do
/// not hide it. Returns the lines left out before them, the lines, and the
/// lines left out after them.
fn compile_message_lines(message: &str, most: usize) -> (usize, Vec<&str>, usize) {
    let lines: Vec<&str> = message.lines().collect();
    // A diagnostic (`mine.c:3:5: error:`, `error[E0425]:`, `SyntaxError:`),
    // not any line with the word: a file or a variable may be named so.
    let is_error = |line: &str| {
        let line = line.trim_start();
        line.contains(": error")
            || line.contains(": fatal error")
            || line.starts_with("error")
            || line.starts_with("SyntaxError")
    };
    let first_error = lines.iter().position(|line| is_error(line)).unwrap_or(0);
    let start = if first_error >= most {
        first_error - 1
    } else {
        0
    };
    let shown: Vec<&str> = lines[start..].iter().take(most).copied().collect();
    let after = lines.len() - start - shown.len();
    (start, shown, after)
}

/// `count` and the noun, in the plural unless the count is one: `1 case`,
/// `2 cases` (nouns that take an `s`).
pub fn counted(count: impl Into<u64>, noun: &str) -> String {
    let count = count.into();
    format!("{count} {noun}{}", if count == 1 { "" } else { "s" })
}

/// The user running this command (0 where there are no users).
pub fn user_id() -> u32 {
    // SAFETY: getuid has no preconditions.
    #[cfg(unix)]
    return unsafe { libc::getuid() };
    #[cfg(not(unix))]
    0
}

/// Makes `folder` (and its parents) if missing, and checks that it is this
/// user's own and closed to others (mode 0700 is set on it when it is
/// ours): what the commands keep in a folder of a shared place (the build
/// cache, saved stress cases) cannot be planted or read by another user.
pub fn private_folder(folder: &Path) -> Result<PathBuf, String> {
    // Only the folder itself is made: a temporary folder (TMPDIR) that
    // does not exist is the user's to fix, not to be made here.
    if let Some(parent) = folder.parent().filter(|p| !p.as_os_str().is_empty()) {
        if !parent.is_dir() {
            return Err(format!(
                "cannot make {}: the folder {} does not exist (is TMPDIR a folder?)",
                folder.display(),
                parent.display()
            ));
        }
    }
    match std::fs::create_dir(folder) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
        Err(e) => return Err(format!("cannot make {}: {e}", folder.display())),
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        // symlink_metadata: a link planted in the folder's place is not
        // followed.
        let meta = std::fs::symlink_metadata(folder)
            .map_err(|e| format!("cannot read {}: {e}", folder.display()))?;
        if !meta.is_dir() || meta.uid() != user_id() {
            return Err(format!(
                "{} is not a folder of this user's own (another user's, or a link): \
                 remove it, or set TMPDIR to a folder of your own",
                folder.display()
            ));
        }
        if meta.mode() & 0o077 != 0 {
            std::fs::set_permissions(folder, std::fs::Permissions::from_mode(0o700))
                .map_err(|e| format!("cannot close {} to others: {e}", folder.display()))?;
        }
    }
    Ok(folder.to_path_buf())
}

/// Text from a program or a file name, made safe to print to a terminal:
/// every control character but the tab is shown as an escape (`\x1b`), so
/// that a solution's output cannot clear the screen, retitle the window or
/// break the report's lines.
pub fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    // Invisible characters that still change what a line is or how it
    // shows: a byte-order mark, zero-width ones, and the controls of the
    // text's direction (which would reorder a diff line on the terminal).
    let invisible = |c: char| matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{FEFF}');
    escaped_unless(text, |c| c == '\t' || !(c.is_control() || invisible(c)))
}

/// An input's or an answer's text, made plain to read in a diff: the
/// judges' inputs and answers are printable ASCII, so anything else (a
/// non-breaking space, a word joiner, a direction mark, a byte that was
/// not UTF-8 and reads as U+FFFD) is shown as its escape, and two lines
/// that differ never look the same.
pub fn printable_ascii(text: &str) -> std::borrow::Cow<'_, str> {
    escaped_unless(text, |c| c == '\t' || (' '..='~').contains(&c))
}

/// `text` with every character that `shown` says no to written as its
/// escape: `\x1b` below 128, `\u{202e}` above.
fn escaped_unless(text: &str, shown: impl Fn(char) -> bool) -> std::borrow::Cow<'_, str> {
    if text.chars().all(&shown) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match u32::from(c) {
            _ if shown(c) => out.push(c),
            code if code < 0x80 => out.push_str(&format!("\\x{code:02x}")),
            code => out.push_str(&format!("\\u{{{code:04x}}}")),
        }
    }
    std::borrow::Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invisible_and_control_characters_are_shown_escaped() {
        assert_eq!(printable("3\t4"), "3\t4");
        assert_eq!(printable("\u{feff}3"), "\\u{feff}3");
        assert_eq!(printable("a\u{202e}b\x1b"), "a\\u{202e}b\\x1b");
        // In a diff, anything but printable ASCII.
        assert_eq!(printable_ascii("4\u{2060}1\u{a0}"), "4\\u{2060}1\\u{00a0}");
        assert_eq!(printable_ascii("16\t\r"), "16\t\\x0d");
    }

    #[test]
    fn a_compile_message_is_shown_from_before_its_first_error() {
        // Warnings naming a file and a variable with "error" in them.
        let mut message = String::new();
        for k in 0..50 {
            message += &format!("terror.cpp:{k}:5: warning: unused variable 'errors{k}'\n");
        }
        message += "terror.cpp: In function 'int main()':\n";
        message += "terror.cpp:51:14: error: 'x' was not declared in this scope\n";
        message += "   51 | int main(){ return x; }\n";
        let (before, lines, after) = compile_message_lines(&message, 40);
        assert_eq!(before, 50);
        assert_eq!(lines[0], "terror.cpp: In function 'int main()':");
        assert!(lines[1].contains(": error: 'x'"));
        assert_eq!(after, 0);
        // A short message is shown whole.
        let (before, lines, after) = compile_message_lines("a\nb: error: c\n", 40);
        assert_eq!((before, lines.len(), after), (0, 2, 0));
    }
}
