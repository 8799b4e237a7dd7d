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

/// How long the interpreter may take to say where it is.
const QUERY_TIME: Duration = Duration::from_secs(10);

/// The interpreter that `program`, the first word of one of `row`'s
/// lines, starts: the executable behind a shim, else `program` itself.
pub fn resolved(program: &OsStr, row: &LanguageRow) -> OsString {
    let Some(query) = row.path_query else {
        return program.to_owned();
    };
    if program.as_bytes().contains(&b'/') {
        return program.to_owned();
    }
    static KNOWN: Mutex<Option<HashMap<OsString, Option<PathBuf>>>> = Mutex::new(None);
    let mut known = KNOWN.lock().unwrap_or_else(|e| e.into_inner());
    let known = known.get_or_insert_with(HashMap::new);
    let real = known
        .entry(program.to_owned())
        .or_insert_with(|| behind_shim(program, query));
    match real {
        Some(path) => path.clone().into_os_string(),
        None => program.to_owned(),
    }
}

/// The executable the script named `program` on the `PATH` starts, when
/// it is a script and says so; `None` otherwise.
fn behind_shim(program: &OsStr, query: &[&str]) -> Option<PathBuf> {
    let found = runner::find_on_path(program)?;
    if !is_script(&found) {
        return None;
    }
    let mut argv = vec![found.into_os_string()];
    argv.extend(query.iter().map(OsString::from));
    let outcome = runner::run(
        &Program::Command {
            argv,
            dir: std::env::current_dir().ok()?,
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
    let usable = real.is_absolute() && executable(&real) && !is_script(&real);
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

/// Whether `path` is a file this process may execute.
fn executable(path: &Path) -> bool {
    let Ok(c) = std::ffi::CString::new(path.as_os_str().as_bytes()) else {
        return false;
    };
    // SAFETY: access with a valid C string.
    path.is_file() && unsafe { libc::access(c.as_ptr(), libc::X_OK) } == 0
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
