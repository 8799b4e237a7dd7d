//! The commands' standard output, and the one shape of every command's
//! `main` ([`main`]).

use std::io::Write;
use std::process::ExitCode;

use engine::runner::interrupt;

use crate::exit;

/// The `main` of every command: the file size signal ignored (a write past
/// `ulimit -f` is an error to report), interrupts noted, the command's
/// children its own, `run` given the report's output, and its result made
/// the exit status; a scratch folder left behind is named on stderr. A report cut short gets one line on stderr, and the
/// status still tells how the run went.
pub fn main(run: impl FnOnce(&mut ReportOutput) -> Result<bool, String>) -> ExitCode {
    problem_kit::run::ignore_file_size_signal();
    interrupt::install();
    let mut out = ReportOutput { lost: None };
    if stdout_was_closed() {
        out.lost = Some(std::io::Error::other("standard output is closed"));
    }
    let result = run(&mut out);
    // A scratch folder that could not be removed gets a line: what a run
    // left on disk is not to fill the temporary folder unseen.
    for left in engine::folders::take_left_behind() {
        let _ = writeln!(std::io::stderr(), "warning: {left}");
    }
    // A report lost is worth a line only when there was one to give (not
    // when the command was refused before any work).
    if let (Some(e), Ok(_)) = (out.lost(), &result) {
        let _ = writeln!(
            std::io::stderr(),
            "error: the report could not be written to stdout: {e} (the exit status still \
             tells the verdicts)"
        );
    }
    finish(result)
}

/// A command's exit: `Ok(true)` succeeded, `Ok(false)` found something
/// wrong that it reported, `Err` could not run (with the message). An
/// interrupted command exits with [`exit::INTERRUPTED`], whatever it was
/// doing.
pub fn finish(result: Result<bool, String>) -> ExitCode {
    if interrupt::requested() {
        let message = match result {
            Err(message) if message.contains("interrupted") => message,
            _ => "interrupted; every run it started was stopped".to_string(),
        };
        let _ = writeln!(std::io::stderr(), "error: {message}");
        return ExitCode::from(exit::INTERRUPTED);
    }
    match result {
        Ok(true) => ExitCode::from(exit::SUCCESS),
        Ok(false) => ExitCode::from(exit::FOUND),
        Err(message) => {
            let _ = writeln!(std::io::stderr(), "error: {message}");
            ExitCode::from(exit::ERROR)
        }
    }
}

/// Whether this command was started with its stdout closed, as in
/// `cargo judge >&-`. The Rust runtime opens `/dev/null` for reading and
/// writing on a closed standard descriptor before `main`; a shell's
/// `> /dev/null` opens it for writing only, so the two are told apart
/// (only `1<> /dev/null` looks the same, and it loses nothing).
fn stdout_was_closed() -> bool {
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
}

/// Standard output for a command's report, which a closed reader (`cargo
/// judge | head`) or a full disk does not stop: once stdout cannot be
/// written, the rest of the report is dropped, the work goes on, and the
/// exit status still tells how it went ([`ReportOutput::lost`] says why
/// the report was cut, for one line on stderr).
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

    /// Whether standard output was closed when the command started.
    pub fn was_closed(&self) -> bool {
        self.lost.is_some()
    }

    fn note(&mut self, result: std::io::Result<()>) {
        if let Err(e) = result {
            self.lost = Some(e);
        }
    }
}

impl Write for ReportOutput {
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
