//! A binary's `main`: the command line, the input, the answer, the output
//! and the exit status, for any [`crate::AnyProblem`].
//!
//! The answer is written first; the explanation (`--explain`, on stderr) and
//! the page (`--replay FILE`) follow it, so that a side output that fails
//! never costs the answer. The exit statuses are [`EXIT_STATUSES`], which
//! every binary's `--help` lists and `docs/usage.md` explains (a test holds
//! the page to the table).
//!
//! A reader that went away (`othello < big | head -c1`) is not an error: the
//! binary ends quietly with 0, as `cat` would without its signal.

use std::ffi::OsString;
use std::io::{BufWriter, Read, Write};
use std::path::Path;

use grid::input::Refusal;
use grid::InputError;

use crate::args::{Command, Request};
use crate::contract::AnyProblem;
use crate::mapped::InputBytes;

pub const EXIT_OK: u8 = 0;
pub const EXIT_BAD_INPUT: u8 = 1;
pub const EXIT_BAD_USAGE: u8 = 2;
pub const EXIT_OUTPUT_FAILED: u8 = 3;
pub const EXIT_WORK_LIMIT: u8 = 4;
pub const EXIT_SIDE_OUTPUT_FAILED: u8 = 5;

/// Every exit status of a binary, with its meaning as `--help` says it.
pub const EXIT_STATUSES: &[(u8, &str)] = &[
    (EXIT_OK, "answered"),
    (EXIT_BAD_INPUT, "bad input"),
    (EXIT_BAD_USAGE, "bad usage"),
    (EXIT_OUTPUT_FAILED, "the answer could not be written"),
    (EXIT_WORK_LIMIT, "a valid input past the work limit"),
    (
        EXIT_SIDE_OUTPUT_FAILED,
        "answered, but --replay or --explain not written",
    ),
];

/// The whole binary, as a C `main`: every problem's `main.rs` is
///
/// ```ignore
/// #![no_main]
/// #[no_mangle]
/// pub extern "C" fn main(_: std::os::raw::c_int, _: *const *const std::os::raw::c_char) -> std::os::raw::c_int {
///     problem_kit::run::c_main(&Contract)
/// }
/// ```
///
/// A C `main` skips the Rust runtime's start-up, which opens `/dev/null`
/// on a closed standard descriptor: here a closed stdout (`binary >&-`) is
/// still closed, so it is told apart from any stdout a caller opened, even
/// `/dev/null` opened for reading and writing, and the run ends with status
/// 3 before doing any work. The runtime's other start-up work is done here:
/// SIGPIPE ignored (so a reader that went away is an error to handle, not a
/// signal), and closed stdin or stderr opened on `/dev/null`.
pub fn c_main(problem: &dyn AnyProblem) -> i32 {
    ignore_file_size_signal();
    // SAFETY: signal and fcntl on the standard descriptors, and open of
    // /dev/null, before anything else runs.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
        let closed = |fd: libc::c_int| libc::fcntl(fd, libc::F_GETFD) == -1;
        // Whether stdout is closed is known before anything is opened
        // (an `open` takes the lowest free descriptor, which may be 1).
        let stdout_closed = closed(1);
        for fd in [0, 2] {
            if closed(fd) {
                let null = libc::open(c"/dev/null".as_ptr(), libc::O_RDWR);
                if null >= 0 && null != fd {
                    libc::dup2(null, fd);
                    libc::close(null);
                }
            }
        }
        if stdout_closed {
            report(
                &mut std::io::stderr(),
                "standard output is closed, so the answer would be lost",
            );
            return i32::from(EXIT_OUTPUT_FAILED);
        }
    }
    let status = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        run_with(
            problem,
            std::env::args_os().skip(1),
            Streams {
                stdin: &mut std::io::stdin().lock(),
                stdin_fd: Some(0),
                stdin_size: stdin_size(),
                stdout: &mut std::io::stdout().lock(),
                stderr: &mut std::io::stderr(),
            },
        )
    }));
    i32::from(status.unwrap_or(101))
}

/// Makes a write past the file size limit (`ulimit -f`) fail with an
/// error (`EFBIG`), which the caller reports with its exit status and
/// cleans up after, rather than kill the process without a word and with
/// its temporary files left behind (the default action of `SIGXFSZ`). The
/// binaries and every command call it first.
pub fn ignore_file_size_signal() {
    // SAFETY: signal with a valid signal number and SIG_IGN.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

/// The standard streams a run reads and writes.
pub struct Streams<'a> {
    pub stdin: &'a mut dyn Read,
    /// Stdin's descriptor, when `stdin` reads it directly: a regular file
    /// there is mapped into memory instead of read.
    pub stdin_fd: Option<i32>,
    /// The input's size when it is known (a file), else 0.
    pub stdin_size: u64,
    pub stdout: &'a mut dyn Write,
    pub stderr: &'a mut dyn Write,
}

/// A binary's whole run on the streams given, returning its exit status:
/// what [`c_main`] does, for callers that give it other streams (the tools
/// run the workspace's solvers so, in a forked copy of themselves).
pub fn run_with(
    problem: &dyn AnyProblem,
    arguments: impl IntoIterator<Item = OsString>,
    streams: Streams,
) -> u8 {
    let Streams {
        stdin,
        stdin_fd,
        stdin_size,
        stdout,
        stderr,
    } = streams;
    let command = match problem.parse(arguments.into_iter().collect()) {
        Ok(Request::Run(command)) => command,
        Ok(Request::Help(mut text)) => {
            text.push_str("\nExit status:\n");
            for (status, meaning) in EXIT_STATUSES {
                text.push_str(&format!("  {status}  {meaning}\n"));
            }
            return finish_output(stderr, write_all(stdout, &text));
        }
        Err(message) => {
            report(stderr, &message);
            return EXIT_BAD_USAGE;
        }
    };
    if let Some(page) = &command.replay {
        if let Err(message) = check_replay_target(page, command.input.as_deref()) {
            report(stderr, &message);
            return EXIT_BAD_USAGE;
        }
    }
    let input = match read_input(&command, stdin, stdin_fd, stdin_size) {
        Ok(input) => input,
        Err(e) => return refuse(stderr, &e),
    };
    let answered = if command.naive {
        problem.naive(&input, &command.options)
    } else {
        problem.answer(&input, &command.options)
    };
    let output = match answered {
        Ok(output) => output,
        Err(e) => return refuse(stderr, &e),
    };
    // The answer first: whatever happens to the side outputs, it is out.
    let status = finish_output(stderr, write_all(stdout, &output));
    if status != EXIT_OK {
        return status;
    }
    side_outputs(problem, &command, &input, stderr)
}

/// Writes the explanation and the page a run asked for, after its answer;
/// the status is [`EXIT_SIDE_OUTPUT_FAILED`] when one could not be written.
fn side_outputs(
    problem: &dyn AnyProblem,
    command: &Command,
    input: &[u8],
    stderr: &mut dyn Write,
) -> u8 {
    let mut explained = Ok(());
    let replay = match (command.explain, &command.replay) {
        (false, None) => return EXIT_OK,
        (true, Some(_)) => {
            let mut err = BufWriter::new(&mut *stderr);
            let (written, replay) = problem.explain_and_replay(input, &command.options, &mut err);
            explained = written.and_then(|()| err.flush());
            Some(replay)
        }
        (true, None) => {
            // Streamed: the explanation goes out as it is made.
            let mut err = BufWriter::new(&mut *stderr);
            explained = problem
                .explain(input, &command.options, &mut err)
                .and_then(|()| err.flush());
            None
        }
        (false, Some(_)) => Some(problem.replay(input, &command.options)),
    };
    let mut status = EXIT_OK;
    match explained {
        Ok(()) => {}
        // A reader that went away, as for the answer.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        Err(e) => {
            report(
                stderr,
                &format!("cannot write the explanation to stderr: {e}"),
            );
            status = EXIT_SIDE_OUTPUT_FAILED;
        }
    }
    if let (Some(replay), Some(path)) = (replay, &command.replay) {
        let page = crate::replay::page(&replay.bounded());
        if let Err(e) = crate::files::write_atomically(path, page.as_bytes()) {
            report(
                stderr,
                &format!(
                    "cannot write the replay {} ({e}); the answer above is complete",
                    path.display()
                ),
            );
            status = EXIT_SIDE_OUTPUT_FAILED;
        }
    }
    status
}

/// Refuses a `--replay` target that would lose data or mix outputs, before
/// anything runs: it must be a regular file or a new name in an existing
/// folder, and not the input, nor the file behind stdin, stdout or stderr.
pub fn check_replay_target(page: &Path, input: Option<&Path>) -> Result<(), String> {
    if page.as_os_str().is_empty() || page.file_name().is_none() {
        return Err(format!(
            "--replay {:?} names no file; give the page a file name, such as page.html",
            page.display().to_string()
        ));
    }
    let shown = page.display();
    match std::fs::metadata(page) {
        Ok(meta) if !meta.is_file() => {
            let kind = if meta.is_dir() {
                "a folder"
            } else {
                "not a regular file (a device, a pipe or a socket)"
            };
            return Err(format!(
                "--replay {shown} is {kind}; the page goes to a regular file, new or old"
            ));
        }
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let folder = match page.parent() {
                Some(folder) if !folder.as_os_str().is_empty() => folder,
                _ => Path::new("."),
            };
            if !folder.is_dir() {
                return Err(format!(
                    "--replay {shown}: the folder {} does not exist",
                    folder.display()
                ));
            }
            return Ok(());
        }
        Err(e) => return Err(format!("--replay {shown}: {e}")),
    }
    if let Some(input) = input {
        if same_file(page, input) {
            return Err(format!(
                "--replay {shown} is the input file; the page would overwrite it"
            ));
        }
    }
    for (fd, name) in [
        (0, "standard input"),
        (1, "standard output"),
        (2, "standard error"),
    ] {
        if is_descriptor_of(fd, page) {
            return Err(format!(
                "--replay {shown} is the file behind {name}; the page would overwrite or mix into it"
            ));
        }
    }
    Ok(())
}

/// Whether two paths name the same file.
fn same_file(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    if let (Ok(a), Ok(b)) = (std::fs::metadata(a), std::fs::metadata(b)) {
        return a.dev() == b.dev() && a.ino() == b.ino();
    }
    false
}

/// Whether descriptor `fd` of this process is open on the file at `path`.
fn is_descriptor_of(fd: i32, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    let Ok(target) = std::fs::metadata(path) else {
        return false;
    };
    // SAFETY: fstat on a descriptor number with a pointer to a local; a
    // closed descriptor only makes it fail.
    let mut stat: libc::stat = unsafe { std::mem::zeroed() };
    if unsafe { libc::fstat(fd, &mut stat) } != 0 {
        return false;
    }
    stat.st_dev as u64 == target.dev() && stat.st_ino as u64 == target.ino()
}

/// Writes all of `text` to `out` and flushes it.
fn write_all(out: &mut dyn Write, text: &str) -> std::io::Result<()> {
    out.write_all(text.as_bytes()).and_then(|()| out.flush())
}

/// The input bytes: the file named on the command line, or stdin.
///
/// A regular file is mapped into memory (see [`crate::mapped`]). Anything
/// else is read into a buffer sized from the file's length when it has one,
/// and otherwise grown by a quarter at a time, not by doubling, so that
/// holding the input costs little more than the input: the binaries promise
/// at most twice the input and 64 MB.
pub fn read_input(
    command: &Command,
    stdin: &mut dyn Read,
    stdin_fd: Option<i32>,
    stdin_size: u64,
) -> Result<InputBytes, InputError> {
    match &command.input {
        Some(path) => std::fs::File::open(path)
            .and_then(|file| {
                use std::os::fd::AsRawFd;
                if let Some(mapping) = crate::mapped::map_descriptor(file.as_raw_fd()) {
                    return Ok(InputBytes::Mapped(mapping));
                }
                let size = file.metadata().map_or(0, |m| m.len());
                read_all(file, size, MAX_STREAM_INPUT).map(InputBytes::Read)
            })
            .map_err(|e| InputError::new(format!("cannot read {}: {e}", path.display()))),
        None => {
            if let Some(mapping) = stdin_fd.and_then(crate::mapped::map_descriptor) {
                return Ok(InputBytes::Mapped(mapping));
            }
            read_all(stdin, stdin_size, MAX_STREAM_INPUT)
                .map(InputBytes::Read)
                .map_err(|e| InputError::new(format!("cannot read standard input: {e}")))
        }
    }
}

/// The size of stdin when it is a regular file (`binary < case.in`), else 0.
fn stdin_size() -> u64 {
    use std::os::fd::AsFd;
    if let Ok(fd) = std::io::stdin().as_fd().try_clone_to_owned() {
        if let Ok(meta) = std::fs::File::from(fd).metadata() {
            if meta.is_file() {
                return meta.len();
            }
        }
    }
    0
}

/// The most bytes read from a stream (a pipe, a device, a socket): past it
/// the input is refused. A regular file has a size of its own, and is
/// mapped instead.
pub const MAX_STREAM_INPUT: usize = 1 << 30;

/// Reads everything from `source`, whose size is about `size` bytes (0 for
/// unknown), at most `limit` bytes of it, and stops early where the input cannot be valid: at its first
/// byte that is not text (every problem reads plain ASCII text, so the
/// parser's error for that byte is the answer, and an endless `/dev/zero`
/// is refused at once), or past `limit` bytes. Memory that
/// cannot be had is an error, never an abort.
fn read_all(mut source: impl Read, size: u64, limit: usize) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    let wanted = usize::try_from(size)
        .unwrap_or(0)
        .min(limit)
        .saturating_add(1);
    bytes
        .try_reserve_exact(wanted)
        .map_err(|_| too_large_for_memory(0))?;
    let mut chunk = vec![0u8; 1 << 16];
    loop {
        let n = match source.read(&mut chunk) {
            Ok(0) => return Ok(bytes),
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if bytes.len() + n > limit {
            return Err(std::io::Error::other(format!(
                "the input is longer than {} MiB, the most a binary reads from a stream \
                 (a regular file, named or redirected, has no such limit)",
                limit >> 20
            )));
        }
        if bytes.len() + n > bytes.capacity() {
            bytes
                .try_reserve_exact((bytes.len() / 4).max(n))
                .map_err(|_| too_large_for_memory(bytes.len()))?;
        }
        let from = bytes.len();
        bytes.extend_from_slice(&chunk[..n]);
        if let Some(at) = first_non_text(&bytes, from) {
            bytes.truncate(at + 1);
            return Ok(bytes);
        }
    }
}

/// The error for an input whose buffer could not be allocated.
fn too_large_for_memory(read: usize) -> std::io::Error {
    std::io::Error::other(format!(
        "there is not memory enough to hold the input (after {read} bytes)"
    ))
}

/// The first byte at or after `from` that no problem's input may hold (see
/// [`grid::input::ascii_text`]): not printable ASCII, a tab or a line
/// break, and not part of a byte-order mark at the very start.
fn first_non_text(bytes: &[u8], from: usize) -> Option<usize> {
    const MARK: &[u8] = b"\xEF\xBB\xBF";
    (from..bytes.len()).find(|&at| {
        let byte = bytes[at];
        let text = matches!(byte, b'\t' | b'\n' | b'\r' | b' '..=b'~');
        let in_mark = at < MARK.len() && bytes[..=at] == MARK[..=at];
        !text && !in_mark
    })
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

/// Reports a refused input and returns its exit status: bad input, or a
/// valid one past the work limit.
pub fn refuse(stderr: &mut dyn Write, error: &InputError) -> u8 {
    report(stderr, &error.to_string());
    match error.kind {
        Refusal::BadInput => EXIT_BAD_INPUT,
        Refusal::WorkLimit => EXIT_WORK_LIMIT,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The user's page explains every exit status, in the order and the
    /// words of the table that `--help` lists.
    #[test]
    fn the_user_page_has_every_exit_status_in_the_tables_words() {
        let page = crate::files::workspace_root().join("docs/usage.md");
        let page = std::fs::read_to_string(page).unwrap();
        let section = page.split("\n## Exit statuses\n").nth(1).unwrap();
        let section = section.split("\n## ").next().unwrap().replace('`', "");
        let rows: Vec<&str> = (section.lines())
            .filter(|line| {
                line.starts_with("| ") && line[2..].starts_with(|c: char| c.is_ascii_digit())
            })
            .collect();
        assert_eq!(rows.len(), EXIT_STATUSES.len(), "{section}");
        for ((status, meaning), row) in EXIT_STATUSES.iter().zip(rows) {
            assert!(row.starts_with(&format!("| {status} | {meaning}")), "{row}");
        }
    }

    /// An endless stream of one pattern.
    struct Endless(&'static [u8], usize);

    impl Read for Endless {
        fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
            for byte in buffer.iter_mut() {
                *byte = self.0[self.1 % self.0.len()];
                self.1 += 1;
            }
            Ok(buffer.len())
        }
    }

    #[test]
    fn a_replay_target_must_name_a_file() {
        for empty in ["", "..", "/"] {
            let refused = check_replay_target(Path::new(empty), None).unwrap_err();
            assert!(refused.contains("names no file"), "{empty:?}: {refused}");
        }
        assert!(check_replay_target(Path::new("a-new-page.html"), None).is_ok());
    }

    #[test]
    fn an_endless_stream_is_refused_at_its_first_bad_byte_or_at_the_limit() {
        // /dev/zero: at once, with the byte the parser then names.
        let zeros = read_all(Endless(b"\0", 0), 0, 1 << 20).unwrap();
        assert_eq!(zeros, b"\0");
        let late = read_all(Endless(b"1 2 3\n", 0), 0, 1 << 20).unwrap_err();
        assert!(late.to_string().contains("longer than 1 MiB"), "{late}");
        // Text, then a bad byte: read up to it.
        let mixed = read_all(&b"12\n6 6\n\x01more"[..], 0, 1 << 20).unwrap();
        assert_eq!(mixed, b"12\n6 6\n\x01");
        // A byte-order mark is text at the start, and only there.
        let marked = read_all(&b"\xEF\xBB\xBF2\n"[..], 0, 1 << 20).unwrap();
        assert_eq!(marked, b"\xEF\xBB\xBF2\n");
        let inner = read_all(&b"2\n\xEF\xBB\xBF"[..], 0, 1 << 20).unwrap();
        assert_eq!(inner, b"2\n\xEF");
    }
}
