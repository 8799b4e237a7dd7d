//! A binary's `main`: the command line, the input, the answer, the output
//! and the exit status, for any [`Problem`].
//!
//! Exit statuses: 0 answered; 1 bad input (one `error:` line on stderr, and
//! nothing on stdout); 2 bad usage; 3 the answer could not be written (a
//! full disk, say, or a stdout closed before the program started: see
//! [`stdout_was_closed`]). A
//! reader that went away (`othello < big | head -c1`) is not an error: the
//! binary ends quietly with 0, as `cat` would without its signal.

use std::ffi::OsString;
use std::io::{BufWriter, Read, Write};
use std::process::ExitCode;

use grid::InputError;

use crate::args::{self, Command, Request};
use crate::contract::Problem;

/// Exit status for an answered input.
pub const EXIT_OK: u8 = 0;
/// Exit status for input that is not valid for the problem.
pub const EXIT_BAD_INPUT: u8 = 1;
/// Exit status for an unknown flag or a bad flag value.
pub const EXIT_BAD_USAGE: u8 = 2;
/// Exit status for an answer that could not be written to stdout.
pub const EXIT_OUTPUT_FAILED: u8 = 3;

/// The whole binary: `fn main() -> ExitCode { cli::run::main(&Contract) }`.
pub fn main(problem: &dyn Problem) -> ExitCode {
    run(problem, std::env::args_os().skip(1))
}

/// [`main`] with the arguments given (without the program name).
pub fn run(problem: &dyn Problem, arguments: impl IntoIterator<Item = OsString>) -> ExitCode {
    if stdout_was_closed() {
        report(
            &mut std::io::stderr(),
            "standard output is closed, so the answer would be lost",
        );
        return ExitCode::from(EXIT_OUTPUT_FAILED);
    }
    let status = run_with(
        problem,
        arguments,
        Streams {
            stdin: &mut std::io::stdin().lock(),
            stdin_size: stdin_size(),
            stdout: &mut std::io::stdout().lock(),
            stderr: &mut std::io::stderr(),
        },
    );
    ExitCode::from(status)
}

/// The standard streams a run reads and writes.
pub struct Streams<'a> {
    pub stdin: &'a mut dyn Read,
    /// The input's size when it is known (a file), else 0.
    pub stdin_size: u64,
    pub stdout: &'a mut dyn Write,
    pub stderr: &'a mut dyn Write,
}

/// A binary's whole run on the streams given, returning its exit status:
/// what [`main`] does, for callers that give it other streams (the tools
/// run the workspace's solvers so, in a forked copy of themselves).
pub fn run_with(
    problem: &dyn Problem,
    arguments: impl IntoIterator<Item = OsString>,
    streams: Streams,
) -> u8 {
    let Streams {
        stdin,
        stdin_size,
        stdout,
        stderr,
    } = streams;
    let command = match args::parse(problem.info(), arguments) {
        Ok(Request::Run(command)) => command,
        Ok(Request::Help(text)) => return finish_output(stderr, write_all(stdout, &text)),
        Err(message) => {
            report(stderr, &message);
            return EXIT_BAD_USAGE;
        }
    };
    let input = match read_input(&command, stdin, stdin_size) {
        Ok(input) => input,
        Err(e) => return fail_input(stderr, &e),
    };
    let answered = if command.naive {
        problem.naive(&input, &command.options)
    } else {
        problem.answer(&input, &command.options)
    };
    let output = match answered {
        Ok(output) => output,
        Err(e) => return fail_input(stderr, &e),
    };
    if let Some(path) = &command.replay {
        let replay = problem.replay(&input, &command.options).bounded();
        if let Err(e) = std::fs::write(path, crate::replay::page(&replay)) {
            report(
                stderr,
                &format!("cannot write the replay {}: {e}", path.display()),
            );
            return EXIT_OUTPUT_FAILED;
        }
    }
    if command.explain {
        // Streamed: the explanation goes out as it is made. A closed stderr
        // loses it, but never the answer.
        let mut err = BufWriter::new(&mut *stderr);
        let _ = problem
            .explain(&input, &command.options, &mut err)
            .and_then(|()| err.flush());
    }
    finish_output(stderr, write_all(stdout, &output))
}

/// Writes all of `text` to `out` and flushes it.
fn write_all(out: &mut dyn Write, text: &str) -> std::io::Result<()> {
    out.write_all(text.as_bytes()).and_then(|()| out.flush())
}

/// The input bytes: the file named on the command line, or stdin.
///
/// The buffer is sized from the file's length when the input is a file,
/// and otherwise grows by a quarter at a time, not by doubling, so that
/// holding the input costs little more than the input: the binaries promise
/// at most twice the input and 64 MB.
pub fn read_input(
    command: &Command,
    stdin: &mut dyn Read,
    stdin_size: u64,
) -> Result<Vec<u8>, InputError> {
    match &command.input {
        Some(path) => std::fs::File::open(path)
            .and_then(|file| {
                let size = file.metadata().map_or(0, |m| m.len());
                read_all(file, size)
            })
            .map_err(|e| InputError::new(format!("cannot read {}: {e}", path.display()))),
        None => read_all(stdin, stdin_size)
            .map_err(|e| InputError::new(format!("cannot read standard input: {e}"))),
    }
}

/// The size of stdin when it is a regular file (`binary < case.in`), else 0.
fn stdin_size() -> u64 {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        if let Ok(fd) = std::io::stdin().as_fd().try_clone_to_owned() {
            if let Ok(meta) = std::fs::File::from(fd).metadata() {
                if meta.is_file() {
                    return meta.len();
                }
            }
        }
    }
    0
}

/// Reads everything from `source`, whose size is about `size` bytes (0 for
/// unknown).
fn read_all(mut source: impl Read, size: u64) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::with_capacity(usize::try_from(size).unwrap_or(0).saturating_add(1));
    let mut chunk = vec![0u8; 1 << 16];
    loop {
        let n = match source.read(&mut chunk) {
            Ok(0) => return Ok(bytes),
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if bytes.len() + n > bytes.capacity() {
            bytes.reserve_exact((bytes.len() / 4).max(n));
        }
        bytes.extend_from_slice(&chunk[..n]);
    }
}

/// The exit status for the result of writing the answer.
fn finish_output(stderr: &mut dyn Write, written: std::io::Result<()>) -> u8 {
    match written {
        Ok(()) => EXIT_OK,
        // The reader went away: nobody is left to tell.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => EXIT_OK,
        Err(e) => {
            report(stderr, &format!("cannot write standard output: {e}"));
            EXIT_OUTPUT_FAILED
        }
    }
}

/// Writes one `error: ...` line to `stderr`, ignoring a closed stderr
/// (`eprintln!` would panic).
pub fn report(stderr: &mut dyn Write, message: &str) {
    let _ = writeln!(stderr, "error: {message}");
}

/// Reports bad input and returns its exit status.
pub fn fail_input(stderr: &mut dyn Write, error: &InputError) -> u8 {
    report(stderr, &error.to_string());
    EXIT_BAD_INPUT
}

/// Whether stdout was closed when the program started (`binary >&-`).
///
/// Rust's runtime opens `/dev/null` on a closed standard descriptor before
/// `main`, so writes would then succeed and the answer vanish. It opens it
/// read-write, which a shell redirection to `/dev/null` never does (`>`
/// opens it write-only); so stdout on `/dev/null`, read-write, means it was
/// closed. (Only `1<>/dev/null` looks the same, and nobody writes that.)
/// Linux only, through `/proc`; elsewhere this answers `false`.
pub fn stdout_was_closed() -> bool {
    if !cfg!(target_os = "linux") {
        return false;
    }
    let on_null = std::fs::read_link("/proc/self/fd/1")
        .is_ok_and(|target| target == std::path::Path::new("/dev/null"));
    if !on_null {
        return false;
    }
    // `flags:` in fdinfo is octal; the access mode is its low two bits
    // (O_RDWR = 2).
    std::fs::read_to_string("/proc/self/fdinfo/1").is_ok_and(|info| {
        info.lines()
            .find_map(|line| line.strip_prefix("flags:"))
            .and_then(|flags| u32::from_str_radix(flags.trim(), 8).ok())
            .is_some_and(|flags| flags & 3 == 2)
    })
}
