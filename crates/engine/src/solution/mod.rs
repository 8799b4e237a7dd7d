//! A user's solution: what it is (a source file in a known language, an
//! executable, or a shell command), and how it is made ready to run as its
//! judge would run it ([`prepare`]): compiled with its judge's line (or its
//! syntax checked), cached by the hash of what made it, and wrapped in a
//! driver when it only defines the judge's function (the module `build`).

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use problem_kit::{Call, Info};

use crate::runner::landlock::Reach;
use crate::runner::{Access, Program, WarmLine};
use crate::toolchain::detect::{self, Form};
use crate::toolchain::driver::Driver;
use crate::toolchain::judges;
use crate::toolchain::names::UsersNames;
pub use crate::toolchain::PrepareError;
use crate::toolchain::{self, Build, Language, LanguageRow};

mod build;
use build::SourceBuild;

/// A solution as the user named it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solution {
    /// A source file in a known language.
    Source { path: PathBuf, language: Language },
    /// An executable file, run as it is.
    Executable(PathBuf),
    /// A shell command (`-c "python3 a.py"`), run in the current folder.
    Shell(String),
}

impl Solution {
    /// The solution at `path`: a source file by its ending (and its `#!`
    /// line), else an executable file; an error says what is wrong with it.
    pub fn from_path(path: &Path) -> Result<Solution, String> {
        let shown = path.display();
        let meta = std::fs::metadata(path).map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => {
                format!(
                    "{shown}: no such file or folder (neither a solution nor a folder of cases)"
                )
            }
            _ => format!("cannot read the solution {shown}: {e}"),
        })?;
        if meta.is_dir() {
            return Err(format!("the solution {shown} is a folder"));
        }
        if !meta.is_file() {
            return Err(format!(
                "the solution {shown} is not a regular file (a pipe or a device)"
            ));
        }
        let absolute = std::fs::canonicalize(path).map_err(|e| format!("{shown}: {e}"))?;
        let head = first_line(path);
        if let Some(language) = Language::of_file(path, &head) {
            return Ok(Solution::Source {
                path: absolute,
                language,
            });
        }
        use std::os::unix::fs::PermissionsExt;
        if meta.permissions().mode() & 0o111 != 0 {
            return Ok(Solution::Executable(absolute));
        }
        Err(format!(
            "{shown} is not executable, and its name does not end in one of {}; to run it \
             another way, give a command: -c \"COMMAND\"",
            toolchain::language::extension_words()
        ))
    }

    /// The solution's language, when it is known.
    pub fn language(&self) -> Option<Language> {
        match self {
            Solution::Source { language, .. } => Some(*language),
            _ => None,
        }
    }

    /// The solution with `--lang` (`lang`) applied: it sets the limits of a
    /// command or an executable, and chooses among the languages of a
    /// source file's ending (`--lang pypy3` for a `.py` file); a source
    /// file is otherwise compiled and limited as the language its name
    /// says.
    pub fn with_lang(self, lang: Language) -> Result<Solution, String> {
        let Solution::Source { path, language } = self else {
            return Ok(self);
        };
        let ending = path
            .extension()
            .map(|e| e.to_string_lossy().to_ascii_lowercase())
            .unwrap_or_default();
        if lang == language || lang.row().extensions.contains(&ending.as_str()) {
            return Ok(Solution::Source {
                path,
                language: lang,
            });
        }
        let source = Solution::Source { path, language };
        let mut choices: Vec<&str> = toolchain::LANGUAGES
            .iter()
            .filter(|row| row.extensions.contains(&ending.as_str()))
            .map(|row| row.flag)
            .collect();
        if choices.is_empty() {
            choices.push(language.flag_name());
        }
        Err(format!(
            "--lang {} does not apply to {}: a source file is compiled, run and limited as its \
             own language ({}); for this file --lang takes {} (any language, for the limits of \
             -c COMMAND and of executables)",
            lang.flag_name(),
            source.shown(),
            language.name(),
            choices.join(" or ")
        ))
    }

    /// How the solution is shown: its file name, or its command.
    pub fn shown(&self) -> String {
        match self {
            Solution::Source { path, .. } | Solution::Executable(path) => {
                path.file_name().map_or_else(
                    || path.display().to_string(),
                    |n| n.to_string_lossy().into_owned(),
                )
            }
            Solution::Shell(command) => format!("-c {command:?}"),
        }
    }
}

/// The first line of a file (for its `#!`), or nothing when it cannot be
/// read now (reading it whole comes later, with its own error).
fn first_line(path: &Path) -> Vec<u8> {
    use std::io::Read;
    let mut head = vec![0u8; 256];
    let read = std::fs::File::open(path)
        .and_then(|mut file| file.read(&mut head))
        .unwrap_or(0);
    head.truncate(read);
    head
}

/// Who answers a case, in a judging, a stress search and a shrink alike.
#[derive(Clone, Copy)]
pub enum Contestant<'a> {
    /// The workspace's own solver: in a judging, its answer in a forked
    /// copy of this process; in a stress search, its fast solver held to
    /// its reference.
    Workspace,
    /// A user's solution, prepared to run, held to the workspace's answer.
    Solution(&'a Prepared),
}

impl<'a> From<Option<&'a Prepared>> for Contestant<'a> {
    /// A user's solution when there is one, else the workspace's.
    fn from(prepared: Option<&'a Prepared>) -> Self {
        prepared.map_or(Contestant::Workspace, Contestant::Solution)
    }
}

/// A solution ready to run.
#[derive(Clone, Debug)]
pub struct Prepared {
    pub argv: Vec<OsString>,
    /// The folder to run in: the current one for a shell command (whose
    /// paths are the user's), else `None` for the session's scratch folder.
    pub dir: Option<PathBuf>,
    /// How it was prepared, for the heading: `compiled with g++ ...`.
    pub how: String,
    /// What the report should say of the preparation, on a line of its
    /// own: what of a function file the driver leaves out, a language its
    /// judge does not take.
    pub notes: Vec<String>,
    /// A user's executable run as it is: its run reads it alone, never the
    /// folders around it (where the cases may be).
    pub own_program: Option<PathBuf>,
    /// How a run's messages name the user's file, not the build folder's
    /// copy of it (a traceback's, a stack trace's).
    pub names: UsersNames,
    /// How its runs start warm, if they do: forked from an interpreter
    /// started once per job (see `runner::warm`). The commands' `--cold`
    /// clears it.
    pub warm: Option<WarmLine>,
}

impl Prepared {
    /// The program to give the runner, running in `scratch` unless it has
    /// a folder of its own. It may write in `scratch` (the run's own
    /// folder, its TMPDIR) and nowhere else. A shell command, whose paths
    /// are the user's, runs in its folder, the user's current one, and
    /// reads the files there (not the folders below) and those its words
    /// name, but no case file (`.in`, `.out`, `.ans`) among them.
    pub fn program(&self, scratch: &Path) -> Program<'static> {
        let access = match &self.dir {
            Some(dir) => Access::Shell(Reach {
                reads: Vec::new(),
                exact: shell_reach(dir, &self.argv),
                writes: Some(scratch.to_path_buf()),
            }),
            None => {
                let reach = Reach {
                    reads: Vec::new(),
                    exact: self.own_program.iter().cloned().collect(),
                    writes: Some(scratch.to_path_buf()),
                };
                // A shell script starts processes as a shell command does.
                match &self.own_program {
                    Some(path) if is_shell_script(path) => Access::Shell(reach),
                    _ => Access::Solution(reach),
                }
            }
        };
        let argv = self.argv.clone();
        let dir = self.dir.clone().unwrap_or_else(|| scratch.to_path_buf());
        match (&self.warm, &self.dir) {
            (Some(line), None) => Program::Warm {
                argv,
                dir,
                access,
                line: line.clone(),
            },
            _ => Program::Command { argv, dir, access },
        }
    }
}

/// Whether `path` is a script its `#!` line gives to a shell.
fn is_shell_script(path: &Path) -> bool {
    let mut head = [0u8; 128];
    let read = std::fs::File::open(path)
        .and_then(|mut file| std::io::Read::read(&mut file, &mut head))
        .unwrap_or(0);
    let Some(line) = head[..read].strip_prefix(b"#!") else {
        return false;
    };
    let line = String::from_utf8_lossy(line);
    let mut words = line.lines().next().unwrap_or("").split_whitespace();
    let program = match words.next() {
        Some(env) if env.ends_with("/env") => words.next(),
        other => other,
    };
    let name = program.map(|p| p.rsplit('/').next().unwrap_or(p));
    matches!(name, Some("sh" | "bash" | "dash" | "zsh" | "ksh"))
}

/// The most files of the user's folder a shell command reads.
const SHELL_FILES: usize = 1000;

/// The files a shell command in `dir` reads: those of `dir` itself, and
/// those its words name, but no case file.
fn shell_reach(dir: &Path, argv: &[OsString]) -> Vec<PathBuf> {
    let is_case = |path: &Path| {
        path.extension()
            .is_some_and(|e| e == "in" || e == "out" || e == "ans")
    };
    let in_folder = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.is_file())
        .take(SHELL_FILES);
    let named = argv
        .iter()
        .flat_map(|arg| {
            arg.to_string_lossy()
                .split(|c: char| c.is_whitespace() || "'\";|&<>()".contains(c))
                .filter(|word| !word.is_empty())
                .map(|word| dir.join(word))
                .collect::<Vec<_>>()
        })
        .filter(|path| path.is_file());
    // A link is judged by what it names, and a file with another name
    // (a hard link) is left out: either could be a case by another name.
    let single = |path: &PathBuf| {
        use std::os::unix::fs::MetadataExt;
        let plain = std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file() && m.nlink() == 1);
        plain && !is_case(path)
    };
    in_folder.chain(named).filter(single).collect()
}

/// A form forced on a source file, for the odd file whose structure says
/// otherwise (`--form`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forced {
    Function,
    Program,
}

/// Prepares `solution` to run for `info`'s judge: compiles it when its
/// language is compiled (or reuses the cached build), checks an
/// interpreted one's syntax, and wraps a file that defines the judge's
/// function (`info.call`) in a driver, unless `forced` says otherwise.
pub fn prepare(
    solution: &Solution,
    info: &Info,
    forced: Option<Forced>,
) -> Result<Prepared, PrepareError> {
    match solution {
        Solution::Shell(command) => {
            let dir = std::env::current_dir().map_err(|e| PrepareError::Other(e.to_string()))?;
            let argv = vec!["sh".into(), "-c".into(), command.into()];
            Ok(Prepared::as_given(argv, Some(dir), "run with sh -c", None))
        }
        Solution::Executable(path) => Ok(Prepared::as_given(
            vec![path.clone().into_os_string()],
            None,
            "run as it is",
            Some(path.clone()),
        )),
        Solution::Source { path, language } => prepare_source(path, language.row(), info, forced),
    }
}

impl Prepared {
    /// A solution run as the user gave it: no build, no notes, its runs'
    /// messages as they are, started cold.
    fn as_given(
        argv: Vec<OsString>,
        dir: Option<PathBuf>,
        how: &str,
        own_program: Option<PathBuf>,
    ) -> Prepared {
        Prepared {
            argv,
            dir,
            how: how.to_string(),
            notes: Vec::new(),
            own_program,
            names: UsersNames::default(),
            warm: None,
        }
    }
}

/// Prepares a source file in `row`'s language (see [`prepare`]).
fn prepare_source(
    path: &Path,
    row: &'static LanguageRow,
    info: &Info,
    forced: Option<Forced>,
) -> Result<Prepared, PrepareError> {
    let source = std::fs::read(path)
        .map_err(|e| PrepareError::Other(format!("cannot read {}: {e}", path.display())))?;
    let (rules, own) = judges::rules_for(info.origin, row.language);
    let call = function_call(row, &source, info, forced)?;
    let mut notes = source_notes(row, &source, info, own, forced, call.as_ref());
    let work = SourceBuild {
        path,
        bytes: &source,
        row,
        rules,
        call,
    };
    let mut prepared = match row.build {
        Build::Interpreted { check } => work.interpreted(check),
        Build::Compiled { compile, artifact } => work.compiled(compile, artifact),
    }?;
    notes.extend(toolchain::shim::note(std::ffi::OsStr::new(row.run[0]), row));
    if row.warm {
        notes.extend(
            crate::runner::warm::unfaithful(&source)
                .map(|why| format!("runs cold, a fresh start for every run: {why}")),
        );
    }
    prepared.notes = notes;
    Ok(prepared)
}

/// What the report says of a source file before it is built: a language
/// its judge does not take, a package that hides its class, a function
/// defined for another call than the judge's, and what of a function file
/// the driver leaves out.
fn source_notes(
    row: &LanguageRow,
    source: &[u8],
    info: &Info,
    own: bool,
    forced: Option<Forced>,
    call: Option<&FunctionFile>,
) -> Vec<String> {
    let judge = judges::judge_name(info.origin);
    let text = String::from_utf8_lossy(source);
    let mut notes = Vec::new();
    if !own {
        notes.push(format!(
            "{judge} does not take {}: it runs with {}'s line and the problem's own limits",
            row.name,
            judges::REFERENCE.name
        ));
    }
    if detect::declares_a_package(row, &text) {
        notes.push(
            "its package line puts the class where the judge, which runs it by its plain name, \
             does not look: remove the line"
                .to_string(),
        );
    }
    // Neither a function file nor forced: the detector read a program.
    if let (None, None, Some(judged)) = (call, forced, &info.call) {
        if detect::defines_the_name(row.language, &text, judged) {
            notes.push(format!(
                "it defines {}, but not for the judge's call of {} arguments: it is judged as a \
                 program (--form function calls it)",
                judged.function,
                judged.parameters.len()
            ));
        }
    }
    if let Some(why) = call.and_then(|f| f.left_out) {
        notes.push(why.replace("{judge}", judge));
    }
    notes
}

/// A function file: the judge's function, its language's driver, and what
/// of the file the driver leaves out.
#[derive(Clone, Copy)]
struct FunctionFile<'a> {
    call: &'a Call,
    driver: &'static Driver,
    left_out: Option<&'static str>,
}

/// The function file `source` is, if it is one: it defines the judge's
/// function (or `forced` says it is one), and its language has a driver.
fn function_call<'a>(
    row: &LanguageRow,
    source: &[u8],
    info: &'a Info,
    forced: Option<Forced>,
) -> Result<Option<FunctionFile<'a>>, PrepareError> {
    let Some(call) = info.call.as_ref() else {
        return match forced {
            Some(Forced::Function) => Err(PrepareError::Other(format!(
                "--form function: {}'s judge calls no function; its solutions are programs",
                info.name
            ))),
            _ => Ok(None),
        };
    };
    let form = match forced {
        Some(Forced::Program) => return Ok(None),
        Some(Forced::Function) => Form::Function { left_out: None },
        None => detect::form_of(row.language, &String::from_utf8_lossy(source), call),
    };
    let Form::Function { left_out } = form else {
        return Ok(None);
    };
    match row.driver {
        Some(driver) => Ok(Some(FunctionFile {
            call,
            driver,
            left_out,
        })),
        None => Err(PrepareError::Other(format!(
            "the file defines {}(...), but the workspace has no driver to call it in {}; write \
             it as a program, or force that with --form program",
            call.function, row.name
        ))),
    }
}
