//! A user's solution: what it is (a source file in a known language, an
//! executable, or a shell command), and how it is made ready to run as its
//! judge would run it ([`prepare`]): compiled with its judge's line (or its
//! syntax checked), cached by the hash of what made it, and wrapped in a
//! driver when it only defines the judge's function.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use cli::{Call, Info};

use crate::runner::Program;
use crate::toolchain::driver::{Driver, Joining};
use crate::toolchain::judges::{self, JudgeLanguage};
pub use crate::toolchain::PrepareError;
use crate::toolchain::{self, cache, compile, detect, Build, Language, LanguageRow, Words};

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
        Err(format!(
            "--lang {} does not apply to {}: a source file is compiled, run and limited as its \
             own language ({}); --lang is for -c COMMAND and executables",
            lang.flag_name(),
            source.shown(),
            language.name()
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

/// A solution ready to run.
#[derive(Clone, Debug)]
pub struct Prepared {
    pub argv: Vec<OsString>,
    /// The folder to run in: the current one for a shell command (whose
    /// paths are the user's), else `None` for the session's scratch folder.
    pub dir: Option<PathBuf>,
    /// How it was prepared, for the heading: `compiled with g++ ...`.
    pub how: String,
}

impl Prepared {
    /// The program to give the runner, running in `scratch` unless it has
    /// a folder of its own.
    pub fn program(&self, scratch: &Path) -> Program<'static> {
        Program::Command {
            argv: self.argv.clone(),
            dir: self.dir.clone().unwrap_or_else(|| scratch.to_path_buf()),
        }
    }
}

/// Prepares `solution` to run for `info`'s judge: compiles it when its
/// language is compiled (or reuses the cached build), checks an
/// interpreted one's syntax, and wraps a file that only defines the judge's
/// function (`info.call`) in a driver.
pub fn prepare(solution: &Solution, info: &Info) -> Result<Prepared, PrepareError> {
    match solution {
        Solution::Shell(command) => {
            let dir = std::env::current_dir().map_err(|e| PrepareError::Other(e.to_string()))?;
            Ok(Prepared {
                argv: vec!["sh".into(), "-c".into(), command.into()],
                dir: Some(dir),
                how: "run with sh -c".to_string(),
            })
        }
        Solution::Executable(path) => Ok(Prepared {
            argv: vec![path.clone().into_os_string()],
            dir: None,
            how: "run as it is".to_string(),
        }),
        Solution::Source { path, language } => {
            let source = std::fs::read(path)
                .map_err(|e| PrepareError::Other(format!("cannot read {}: {e}", path.display())))?;
            let (rules, _) = judges::rules_for(info.origin, *language);
            let work = Source {
                path,
                bytes: &source,
                row: language.row(),
                rules,
                call: function_call(*language, &source, info),
            };
            match work.row.build {
                Build::Interpreted { check } => work.interpreted(check),
                Build::Compiled { compile, artifact } => work.compiled(compile, artifact),
            }
        }
    }
}

/// The judge's function and its language's driver, when `source` only
/// defines that function (and the language has a driver).
fn function_call<'a>(
    language: Language,
    source: &[u8],
    info: &'a Info,
) -> Option<(&'a Call, &'static Driver)> {
    let call = info.call.as_ref()?;
    let driver = language.row().driver?;
    let text = String::from_utf8_lossy(source);
    detect::is_function_only(language, &text, call).then_some((call, driver))
}

/// A source file on its way to a program.
struct Source<'a> {
    path: &'a Path,
    bytes: &'a [u8],
    row: &'static LanguageRow,
    rules: JudgeLanguage,
    call: Option<(&'a Call, &'static Driver)>,
}

impl Source<'_> {
    /// The build folder this source, its driver and its lines make.
    fn build_folder(&self, lines: &[&str]) -> Result<PathBuf, PrepareError> {
        let cache = crate::folders::private_folder(&cache::root()).map_err(PrepareError::Other)?;
        let driver = self.call.map(|(call, driver)| driver.generate(call));
        let lines = format!(
            "{lines:?} {:?} {:?}",
            self.rules.flags, self.rules.run_flags
        );
        Ok(cache.join(cache::key(&[
            self.row.name.as_bytes(),
            self.bytes,
            driver.as_deref().unwrap_or("").as_bytes(),
            lines.as_bytes(),
            env!("CARGO_PKG_VERSION").as_bytes(),
        ])))
    }

    /// An interpreted language: the syntax checked, then the file run where
    /// it is (through the driver when it only defines the function).
    fn interpreted(&self, check: &[&str]) -> Result<Prepared, PrepareError> {
        compile::check_syntax(check, self.path)?;
        let run = self.row.run;
        let mut argv = self.fill(run, self.path.as_os_str(), Path::new("."));
        if let Some((call, driver)) = self.call {
            let built = self.build_folder(run)?;
            let text = driver.generate(call);
            let folder = cache::build_once(&built, driver.file, |dir| {
                cache::write(dir, driver.file, text.as_bytes()).map(|_| ())
            })?;
            // The driver runs, and loads the user's file: its path follows.
            let at = argv.len() - 1;
            argv.insert(at, folder.join(driver.file).into_os_string());
        }
        let how = match self.call {
            Some((call, _)) => format!(
                "defines {}(...) and reads no input: called through a generated driver, run \
                 with {}",
                call.function, self.row.run_shown
            ),
            None => format!("run with {}", self.row.run_shown),
        };
        Ok(Prepared {
            argv,
            dir: None,
            how,
        })
    }

    /// A compiled language: compiled once into the cache with the judge's
    /// line, then the build run.
    fn compiled(&self, line: &[&str], artifact: &str) -> Result<Prepared, PrepareError> {
        let built = self.build_folder(line)?;
        let folder = cache::build_once(&built, artifact, |dir| self.compile_into(dir, line))?;
        let argv = self.fill(self.row.run, std::ffi::OsStr::new(""), &folder);
        let shown = toolchain::shown(&self.fill(
            line,
            Path::new(self.row.source).as_os_str(),
            Path::new("."),
        ));
        let how = match self.call {
            Some((call, _)) => format!(
                "defines {}(...) and has no main: called through a generated driver, compiled \
                 with {shown}",
                call.function
            ),
            None => format!("compiled with {shown}"),
        };
        Ok(Prepared {
            argv,
            dir: None,
            how,
        })
    }

    /// Writes the source (with its driver) into the build folder `dir` and
    /// compiles it there.
    fn compile_into(&self, dir: &Path, line: &[&str]) -> Result<(), PrepareError> {
        let (compiled, renamed) = match self.call {
            Some((call, driver)) => {
                let Joining::Includes(copy) = driver.joining else {
                    unreachable!("a compiled language's driver includes the solution");
                };
                cache::write(dir, copy, self.bytes)?;
                let text = driver.generate(call);
                (cache::write(dir, driver.file, text.as_bytes())?, copy)
            }
            None => (
                cache::write(dir, self.row.source, self.bytes)?,
                self.row.source,
            ),
        };
        let argv = self.fill(line, compiled.as_os_str(), dir);
        compile::compile(&argv, dir, self.path, renamed)
    }

    /// A line of this language with the judge's flags, for `source` in the
    /// build folder `dir`.
    fn fill(&self, line: &[&str], source: &std::ffi::OsStr, dir: &Path) -> Vec<OsString> {
        let output = dir.join("Main");
        let output = if dir == Path::new(".") {
            Path::new("Main")
        } else {
            &output
        };
        toolchain::fill(
            line,
            &Words {
                source,
                output: output.as_os_str(),
                dir: dir.as_os_str(),
                flags: self.rules.flags,
                run_flags: self.rules.run_flags,
            },
        )
    }
}
