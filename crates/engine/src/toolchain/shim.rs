//! Interpreters behind a version manager's shim. pyenv, asdf and nodenv
//! put on the `PATH` a script named `python3` or `node` that finds the
//! version to use and then starts the real interpreter: about 0.2 s of
//! shell for every start, counted against each run's time, and ten times
//! what the interpreter itself takes to start. An interpreter found on
//! the `PATH` as a script is therefore asked, once a command, for the path
//! of its own executable ([`LanguageRow::path_query`]), asked in the
//! user's folder so that the version the shim picks there is the one that
//! runs, and the runs start that executable directly.
//!
//! Anything unexpected (no answer, an answer that is not an executable
//! file, or one that is itself a script) leaves the name as it was: the
//! shim then runs every time, slowly but as the user's shell would.

use std::collections::HashMap;
use std::ffi::{OsStr, OsString};
use std::io::Read;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

use super::LanguageRow;
use crate::runner::{self, Ending, Limits, Program};

/// The processor time the interpreter may take to say where it is; by the
/// wall clock, the runner stops it at twice that (see
/// [`runner::grace`]).
const QUERY_TIME: Duration = Duration::from_secs(5);

/// What a program on the `PATH` turned out to be.
#[derive(Clone, Debug)]
enum Found {
    /// Not a script, or not on the `PATH`: started by its name.
    AsItIs,
    /// A script that named the interpreter it starts.
    Behind(PathBuf),
    /// A script that would not say: started as it is, every run.
    Unanswered(PathBuf),
}

/// The interpreter that `program`, the first word of one of `row`'s
/// lines, starts: the executable behind a shim, else `program` itself.
pub fn resolved(program: &OsStr, row: &LanguageRow) -> OsString {
    match found(program, row) {
        Found::Behind(path) => path.into_os_string(),
        Found::AsItIs | Found::Unanswered(_) => program.to_owned(),
    }
}

/// A note for the report when `program` is a script that would not say
/// which interpreter it starts: its own start is then in every run's time.
pub fn note(program: &OsStr, row: &LanguageRow) -> Option<String> {
    match found(program, row) {
        Found::Unanswered(path) => Some(format!(
            "{} is a script that did not say which interpreter it starts \
             (`{} {}`): it is started for every run, and its own start counts \
             in each run's time",
            path.display(),
            program.to_string_lossy(),
            row.path_query.unwrap_or_default().join(" ")
        )),
        _ => None,
    }
}

/// What `program` is, asked once a command.
fn found(program: &OsStr, row: &LanguageRow) -> Found {
    let Some(query) = row.path_query else {
        return Found::AsItIs;
    };
    if program.as_bytes().contains(&b'/') {
        return Found::AsItIs;
    }
    static KNOWN: Mutex<Option<HashMap<OsString, Found>>> = Mutex::new(None);
    let mut known = KNOWN.lock().unwrap_or_else(|e| e.into_inner());
    let known = known.get_or_insert_with(HashMap::new);
    known
        .entry(program.to_owned())
        .or_insert_with(|| behind_shim(program, query))
        .clone()
}

/// What the program named `program` on the `PATH` is, asking it where
/// its interpreter is when it is a script.
fn behind_shim(program: &OsStr, query: &[&str]) -> Found {
    let Some(found) = runner::find_on_path(program) else {
        return Found::AsItIs;
    };
    if !is_script(&found) {
        return Found::AsItIs;
    }
    match ask(&found, query) {
        Some(real) => Found::Behind(real),
        None => Found::Unanswered(found),
    }
}

/// The absolute path of an executable, not a script, that the script
/// `found` prints when run with `query`.
fn ask(found: &Path, query: &[&str]) -> Option<PathBuf> {
    let mut argv = vec![found.as_os_str().to_owned()];
    argv.extend(query.iter().map(OsString::from));
    let outcome = runner::run(
        &Program::Command {
            argv,
            dir: std::env::current_dir().ok()?,
            access: runner::Access::Tool,
        },
        Path::new("/dev/null"),
        &Limits {
            time: QUERY_TIME,
            memory: 1 << 30,
            output: 4096,
            address_space: None,
            file_size: None,
        },
    )
    .ok()?;
    if outcome.ending != Ending::Exited(0) || outcome.stopped.is_some() {
        return None;
    }
    let text = std::str::from_utf8(&outcome.stdout).ok()?;
    let real = PathBuf::from(text.trim_end_matches(['\n', '\r']));
    let usable = real.is_absolute() && runner::is_executable(&real) && !is_script(&real);
    usable.then_some(real)
}

/// Whether the file at `path` starts with `#!`.
fn is_script(path: &Path) -> bool {
    let mut start = [0u8; 2];
    std::fs::File::open(path)
        .and_then(|mut file| file.read_exact(&mut start))
        .is_ok()
        && &start == b"#!"
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toolchain::Language;

    #[test]
    fn a_program_that_is_no_script_or_has_a_path_is_left_as_it_is() {
        let row = Language::Python.row();
        assert_eq!(
            resolved(OsStr::new("/usr/bin/python3"), row),
            "/usr/bin/python3"
        );
        assert_eq!(resolved(OsStr::new("./python3"), row), "./python3");
        // A compiled language's rows ask nothing.
        assert_eq!(resolved(OsStr::new("g++"), Language::Cpp.row()), "g++");
        // No such program: the name stays, and the run reports it.
        assert_eq!(
            resolved(OsStr::new("no-such-interpreter-here"), row),
            "no-such-interpreter-here"
        );
    }
}
