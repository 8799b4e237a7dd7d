//! Compiling a solution as its judge does: the judge's command line, run in
//! a build folder of the cache under the runner's limits for a compile,
//! with the compiler's messages shown as naming the user's file; and the
//! syntax check that stands for a compile for interpreted languages.

use std::ffi::OsString;
use std::path::Path;
use std::time::Duration;

use super::{Build, LanguageRow, PrepareError};
use crate::runner::{self, Ending, Limits, Outcome, Program, Stop};

/// A compile's time limit: a judge's compile takes seconds; this stops one
/// that never ends (an `#include "/dev/zero"`, say).
const COMPILE_TIME: Duration = Duration::from_secs(120);
/// The most a compile may write: a judge keeps compiling past many
/// warnings, so this only stops one that never ends.
const COMPILE_MESSAGES: u64 = 64 << 20;
/// A compile's memory limit, for the same reason: 4 GiB, more than any
/// solution of a judge's source limit needs.
const COMPILE_MEMORY: u64 = 4 << 30;

/// Runs a compiler of `row`'s language in `dir`; its complaint, with the
/// build folder's paths shown as the user's file (`renamed` there), is a
/// compile error.
pub fn compile(
    argv: &[OsString],
    dir: &Path,
    row: &LanguageRow,
    user_file: &Path,
    renamed: &str,
) -> Result<(), PrepareError> {
    let folder = dir.display().to_string();
    let argv = in_the_folder(argv, dir);
    let outcome = run_compiler(&argv, dir)?;
    if outcome.ending == Ending::Exited(0) && outcome.stopped.is_none() {
        return Ok(());
    }
    // The compiler's messages are on stdout (see `run_compiler`); the
    // runner's own, if it could not start the program, on stderr.
    let mut message = String::from_utf8_lossy(&outcome.stderr).into_owned();
    message.push_str(&String::from_utf8_lossy(&outcome.stdout));
    let compiler = argv[0].to_string_lossy();
    if outcome.ending == Ending::Exited(127) && outcome.stopped.is_none() {
        // `env` could not find the compiler.
        return Err(PrepareError::Other(format!(
            "cannot run {compiler}: {} (is it installed?)",
            message.trim()
        )));
    }
    // The user's own text: words it holds are not the system's.
    let source = std::fs::read(user_file)
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
        .unwrap_or_default();
    if let Some(cause) = out_of_room(dir, &source, &outcome, &message) {
        // Not the solution's fault: no verdict, the command stops.
        return Err(PrepareError::Other(format!(
            "cannot compile {}: the folder {folder} ran out of room ({cause}); free some space \
             or set TMPDIR to another folder",
            user_file.display()
        )));
    }
    Err(PrepareError::Compile {
        command: crate::toolchain::shown(&argv),
        message: why_stopped(
            &outcome,
            &(as_the_users(&message, &folder, user_file, renamed)
                + &class_note(row, &message, renamed, &source)),
        ),
    })
}

/// A compiler's line in the build folder `dir`'s terms: the compiler runs
/// there and is given its files by their names there (`Main.rs`, not the
/// cache's path), so that what it writes into the program, a Rust panic's
/// location say, is what the judge's would be.
fn in_the_folder(argv: &[OsString], dir: &Path) -> Vec<OsString> {
    let folder = dir.display().to_string();
    argv.iter()
        .map(|a| match a.to_string_lossy().strip_prefix(&folder) {
            None => a.clone(),
            Some("") => ".".into(),
            Some(rest) => rest.trim_start_matches('/').into(),
        })
        .collect()
}

/// After a program whose language's program is a class compiled (see
/// [`Classes`](super::language::Classes)), the class the judge runs (`java
/// Main`, SWEA's `java Solution`) must be there: a file whose class is not
/// public compiles under another name, and would then fail on every case
/// (`Could not find or load main class`). A judge compiles and runs the
/// class in one step and calls that a compile error, once; so is it here,
/// with the class the file must hold.
pub fn judges_class_is_there(
    argv: &[OsString],
    dir: &Path,
    row: &LanguageRow,
    class: &str,
) -> Result<(), PrepareError> {
    let (Some(classes), Build::Compiled { artifact, .. }) = (row.classes, row.build) else {
        return Ok(());
    };
    let named = |class: &str| artifact.replace("{class}", class);
    if dir.join(named(class)).is_file() {
        return Ok(());
    }
    let (before, after) = artifact.split_once("{class}").unwrap_or((artifact, ""));
    let mut declared: Vec<String> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter_map(|name| Some(name.strip_prefix(before)?.strip_suffix(after)?.to_string()))
        // Nested and anonymous classes (`Main$1`) are not a file's own.
        .filter(|name| !name.contains(classes.nested))
        .collect();
    declared.sort();
    let declared = match declared.as_slice() {
        [] => "no class".to_string(),
        [one] => format!("the class {one}"),
        many => format!("the classes {}", many.join(", ")),
    };
    let source = row.source.replace("{class}", class);
    let run = row.run_shown;
    Err(PrepareError::Compile {
        command: crate::toolchain::shown(&in_the_folder(argv, dir)),
        message: format!(
            "the judge runs the class {class} ({run} {class}), and the file declares {declared}\n\
             (the judge compiles the file as {source} and runs {class}: its class must be \
             {class})\n"
        ),
    })
}

/// Runs the compiler's line in `dir`, under the limits for a compile.
fn run_compiler(argv: &[OsString], dir: &Path) -> Result<Outcome, PrepareError> {
    // The compiler's own temporary files go into the build folder, and so
    // are removed with it, whatever ends the compile (an interrupt, say).
    // Its messages all go to stdout, whose first part the runner keeps
    // (of stderr it keeps the last): a long complaint is shown from its
    // first error.
    let mut with_temporary: Vec<OsString> = vec![
        "sh".into(),
        "-c".into(),
        "exec 2>&1; exec \"$@\"".into(),
        "sh".into(),
        "env".into(),
    ];
    let mut setting = OsString::from("TMPDIR=");
    setting.push(dir.as_os_str());
    with_temporary.push(setting);
    with_temporary.extend(argv.iter().cloned());
    let outcome = runner::run(
        &Program::Command {
            argv: with_temporary,
            dir: dir.to_path_buf(),
            access: runner::Access::Compile(runner::landlock::Reach {
                reads: Vec::new(),
                exact: Vec::new(),
                writes: Some(dir.to_path_buf()),
            }),
        },
        Path::new("/dev/null"),
        &Limits {
            time: COMPILE_TIME,
            memory: COMPILE_MEMORY,
            output: COMPILE_MESSAGES,
            address_space: None,
            file_size: None,
        },
    )
    .map_err(|e| {
        PrepareError::Other(format!(
            "cannot run {}: {e} (is it installed?)",
            argv[0].to_string_lossy()
        ))
    })?;
    if outcome.stopped == Some(Stop::Interrupted) {
        return Err(PrepareError::Other(
            "interrupted while compiling".to_string(),
        ));
    }
    Ok(outcome)
}

/// A compiler's message with the build folder's names as the user's: the
/// compiler names the build folder's copy (`/tmp/.../Main.cc`, or
/// `Main.cc` alone), and the user reads their own file's name.
fn as_the_users(message: &str, folder: &str, user_file: &Path, renamed: &str) -> String {
    let user_name = user_file
        .file_name()
        .map_or(String::new(), |n| n.to_string_lossy().into_owned());
    let user_folder = user_file
        .parent()
        .map_or(folder.to_string(), |p| p.display().to_string());
    let message = message
        .replace(&format!("{folder}/"), &format!("{user_folder}/"))
        .replace(folder, &user_folder)
        // Only where it names the file (`Main.java:3: error`), not in the
        // compiler's words.
        .replace(&format!("{renamed}:"), &format!("{user_name}:"));
    message
        .replace(&format!("{folder}/"), &format!("{user_folder}/"))
        .replace(folder, &user_folder)
        // Only where it names the file (`Main.java:3: error`), not in the
        // compiler's words.
        .replace(&format!("{renamed}:"), &format!("{user_name}:"))
}

/// For a language whose program is a class (see
/// [`Classes`](super::language::Classes)): what the compiler's `message`
/// means when it says the file's class is not the one its name needs, the
/// public class in the wrong file or a file the driver finds no class in.
fn class_note(row: &LanguageRow, message: &str, renamed: &str, source: &str) -> String {
    let Some(classes) = row.classes else {
        return String::new();
    };
    // The class the file must hold: its name in the build folder, as the
    // language's source name makes it from a class (`{class}.java`).
    let (before, after) = row.source.split_once("{class}").unwrap_or(("", ""));
    let class = renamed.strip_prefix(before).unwrap_or(renamed);
    let class = class.strip_suffix(after).unwrap_or(class);
    let misplaced = classes
        .misnamed
        .iter()
        .any(|words| message.contains(&words.replace("{class}", class)));
    if misplaced && super::detect::declares_a_package(row, source) {
        // The class may be rightly named: the package puts it elsewhere.
        format!(
            "\n(its package line puts the class {class} where the judge, which looks for it by \
             its plain name, does not look: remove the line)"
        )
    } else if misplaced {
        format!("\n(the judge compiles the file as {renamed}: its class must be {class})")
    } else {
        String::new()
    }
}

/// When the compiler was stopped, not refused the file, the message says
/// so first: its own words are then cut short or empty.
fn why_stopped(outcome: &Outcome, message: &str) -> String {
    match outcome.stopped {
        Some(Stop::Time) => format!(
            "the compiler was stopped after {} s, the limit for a compile\n{message}",
            COMPILE_TIME.as_secs()
        ),
        Some(Stop::Memory) => format!(
            "the compiler was stopped at {} GiB of memory, the limit for a compile\n{message}",
            COMPILE_MEMORY >> 30
        ),
        Some(Stop::Output) => format!(
            "the compiler wrote more than {} MiB of messages; the first part:\n{message}",
            COMPILE_MESSAGES >> 20
        ),
        Some(Stop::Processes) => {
            format!("the compiler started too many processes\n{message}")
        }
        _ => message.to_string(),
    }
}

/// Why a compile failed for want of room to write its files (a full disk,
/// a quota, no file entries left, or a file size limit, `ulimit -f`), if
/// that is why: then it says nothing of the solution. The compiler says so
/// in the system's words; words the source holds itself (an `#error No
/// space left on device`) say nothing, so such a source gets its compile
/// error. A linker that dies of SIGBUS has run out of room in a full
/// memory-backed folder, when the folder is still short of room after.
fn out_of_room(dir: &Path, source: &str, outcome: &Outcome, message: &str) -> Option<String> {
    if outcome.ending == Ending::Signalled(libc::SIGXFSZ) {
        return Some("the file size limit, ulimit -f".to_string());
    }
    const CAUSES: [&str; 5] = [
        "No space left on device",
        "Disk quota exceeded",
        "File too large",
        "File size limit exceeded",
        "signal 25",
    ];
    if let Some(cause) = CAUSES
        .iter()
        .find(|cause| message.contains(*cause) && !source.contains(*cause))
    {
        return Some(cause.to_string());
    }
    let bus = ["Bus error", "signal 7"]
        .iter()
        .any(|cause| message.contains(cause) && !source.contains(cause))
        || outcome.ending == Ending::Signalled(libc::SIGBUS);
    (bus && short_of_room(dir)).then(|| "the linker died of SIGBUS in a full folder".to_string())
}

/// Whether the file system of `dir` has under 64 MiB, or no file entries,
/// free for this user.
fn short_of_room(dir: &Path) -> bool {
    use std::os::unix::ffi::OsStrExt;
    let Ok(path) = std::ffi::CString::new(dir.as_os_str().as_bytes()) else {
        return false;
    };
    // SAFETY: statvfs with a valid C string and a pointer to a local.
    let mut stat: libc::statvfs = unsafe { std::mem::zeroed() };
    if unsafe { libc::statvfs(path.as_ptr(), &mut stat) } != 0 {
        return false;
    }
    let free = (stat.f_bavail as u64).saturating_mul(stat.f_frsize as u64);
    free < 64 << 20 || (stat.f_files > 0 && stat.f_favail == 0)
}

/// Checks an interpreted file's syntax with its language's `check` line,
/// without writing anything (no `__pycache__` beside it): a syntax error is
/// a compile error. The line's interpreter is the one the runs start (see
/// [`super::shim`]).
pub fn check_syntax(row: &LanguageRow, check: &[&str], path: &Path) -> Result<(), PrepareError> {
    let scratch =
        crate::folders::Scratch::new("check").map_err(|e| PrepareError::Other(e.to_string()))?;
    let mut argv = super::fill(
        check,
        &super::Words {
            sources: &[path.as_os_str()],
            output: path.as_os_str(),
            dir: scratch.path().as_os_str(),
            // No interpreted language's line names a class.
            class: "",
            flags: &[],
            run_flags: &[],
        },
    );
    argv[0] = super::shim::resolved(&argv[0], row);
    let name = path
        .file_name()
        .map_or(String::new(), |n| n.to_string_lossy().into_owned());
    compile(&argv, scratch.path(), row, path, &name)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A compile that exited with status 1.
    fn failed() -> Outcome {
        Outcome {
            ending: Ending::Exited(1),
            ..Outcome::not_started(&std::io::Error::other("unused"))
        }
    }

    #[test]
    fn only_the_systems_words_say_a_compile_ran_out_of_room() {
        let here = Path::new(".");
        let full = "as: Main.o: No space left on device\n";
        // The system's words, which the source does not hold: out of room.
        assert!(out_of_room(here, "int main() {}", &failed(), full).is_some());
        // The same words quoted by the source: its own compile error.
        let quoted = "Main.c:1:2: error: #error No space left on device\n";
        assert_eq!(
            out_of_room(here, "#error No space left on device\n", &failed(), quoted),
            None
        );
        // A compiler killed by SIGXFSZ ran past a file size limit.
        let killed = Outcome {
            ending: Ending::Signalled(libc::SIGXFSZ),
            ..failed()
        };
        assert!(out_of_room(here, "", &killed, "").is_some());
        // A plain compile error is a compile error.
        assert_eq!(
            out_of_room(here, "int main() { x }", &failed(), "error: x"),
            None
        );
    }
}
