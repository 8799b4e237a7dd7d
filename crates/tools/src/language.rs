//! A user's solution, in any common language: what it is, how its judge
//! compiles it, the limits its judge gives that language, and the command
//! that runs it.
//!
//! - `.py` runs with `python3 -B -W ignore` (Baekjoon's `python3 -W
//!   ignore`, writing no `__pycache__`); a syntax error is a compile error,
//!   as on Baekjoon.
//! - `.cpp`, `.cc`, `.cxx` compile with Baekjoon's C++17 line, `g++ -O2
//!   -Wall -lm -static -std=gnu++17 -DONLINE_JUDGE -DBOJ`; `.c` with its
//!   C11 line (`gcc ... -std=gnu11`).
//! - `.rs` compiles with `rustc --edition 2021 -O`, Baekjoon's Rust 2021.
//! - `.java` compiles with `javac --release 11` as `Main.java` and runs as
//!   `java -Xss512m -XX:+UseSerialGC Main`; `.js` runs with `node
//!   --stack-size=65536`, as on Baekjoon.
//! - Any other file runs as it is, if it is executable; `-c "COMMAND"`
//!   runs a shell command (online-judge-tools' convention).
//!
//! Compiled programs are cached by the hash of their source and command,
//! in the system's temporary folder, never beside the source.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::Duration;

use cli::Info;

use crate::compile::{build_once, cannot_write, check_syntax, compile, compile_command};
use crate::sandbox::Program;

/// The languages a solution file may be in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Language {
    Python,
    Cpp,
    C,
    Rust,
    Java,
    JavaScript,
}

impl Language {
    /// The language of a file, from its extension.
    pub fn of(path: &Path) -> Option<Language> {
        let extension = path.extension()?.to_str()?.to_ascii_lowercase();
        Some(match extension.as_str() {
            "py" => Language::Python,
            "cpp" | "cc" | "cxx" | "c++" => Language::Cpp,
            "c" => Language::C,
            "rs" => Language::Rust,
            "java" => Language::Java,
            "js" => Language::JavaScript,
            _ => return None,
        })
    }

    /// The language as `--lang` names it (its files' usual extension).
    pub fn flag_name(self) -> &'static str {
        match self {
            Language::Python => "py",
            Language::Cpp => "cpp",
            Language::C => "c",
            Language::Rust => "rs",
            Language::Java => "java",
            Language::JavaScript => "js",
        }
    }

    /// The language's name on Baekjoon.
    pub fn name(self) -> &'static str {
        match self {
            Language::Python => "Python 3",
            Language::Cpp => "C++17",
            Language::C => "C11",
            Language::Rust => "Rust 2021",
            Language::Java => "Java 11",
            Language::JavaScript => "node.js",
        }
    }
}

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
    /// The solution at `path`: a source file by its extension, else an
    /// executable file; an error says what is wrong with it.
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
        if let Some(language) = Language::of(path) {
            return Ok(Solution::Source {
                path: absolute,
                language,
            });
        }
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            if meta.permissions().mode() & 0o111 != 0 {
                return Ok(Solution::Executable(absolute));
            }
        }
        Err(format!(
            "{shown} is not executable, and its name does not end in one of .py .cpp .cc .cxx \
             .c .rs .java .js; to run it another way, give a command: -c \"COMMAND\""
        ))
    }

    /// The solution's language, when it is known.
    pub fn language(&self) -> Option<Language> {
        match self {
            Solution::Source { language, .. } => Some(*language),
            _ => None,
        }
    }

    /// Whether `--lang` (`lang`) may be given with this solution: it sets
    /// the limits of a command or an executable, and a source file is
    /// already compiled and limited as the language its name says.
    pub fn check_lang(solution: Option<&Solution>, lang: Option<Language>) -> Result<(), String> {
        match (solution, lang) {
            (None, Some(_)) => Err("--lang sets the limits of a SOLUTION or a -c COMMAND; the \
                                    workspace's solver has the judge's"
                .to_string()),
            (Some(source @ Solution::Source { language, .. }), Some(lang)) if lang != *language => {
                Err(format!(
                    "--lang {} does not apply to {}: a source file is compiled, run and limited \
                     as its own language ({}); --lang is for -c COMMAND and executables",
                    lang.flag_name(),
                    source.shown(),
                    language.name()
                ))
            }
            _ => Ok(()),
        }
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

/// A solution ready to run.
#[derive(Clone, Debug)]
pub struct Prepared {
    pub argv: Vec<OsString>,
    /// The folder to run in: the current one for a shell command (whose
    /// paths are the user's), else `None` for the session's scratch folder.
    pub dir: Option<PathBuf>,
    /// How it was prepared, for the heading: `compiled with g++ ...`.
    pub how: String,
    /// Whether it runs through a generated driver (a Programmers function).
    pub driver: bool,
}

impl Prepared {
    /// The program to give the sandbox, running in `scratch` unless it has
    /// a folder of its own.
    pub fn program(&self, scratch: &Path) -> Program<'static> {
        Program::Command {
            argv: self.argv.clone(),
            dir: self.dir.clone().unwrap_or_else(|| scratch.to_path_buf()),
        }
    }
}

/// Why a solution could not be prepared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PrepareError {
    /// The compiler refused it: the command and what it said (a CE).
    Compile { command: String, message: String },
    /// Something else: a missing compiler, an unreadable file.
    Other(String),
}

/// The name the judge gives the source file.
fn source_name(language: Language) -> &'static str {
    match language {
        Language::Python => "Main.py",
        Language::Cpp => "Main.cc",
        Language::C => "Main.c",
        Language::Rust => "Main.rs",
        Language::Java => "Main.java",
        Language::JavaScript => "Main.js",
    }
}

/// The cache of compiled solutions: a folder of the user's own in the
/// system's temporary folder (checked to be theirs, and closed to others,
/// before anything in it is run; see [`crate::private_folder`]).
pub fn cache_root() -> PathBuf {
    std::env::temp_dir().join(format!("grid-games-build-{}", crate::user_id()))
}

/// A hash of the parts, as a cache key.
fn key(parts: &[&[u8]]) -> String {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    for part in parts {
        part.hash(&mut hasher);
    }
    format!("{:016x}", hasher.finish())
}

/// Prepares `solution` to run: compiles it when its language is compiled
/// (or reuses the cached build), checks an interpreted one's syntax, and
/// wraps a file that only defines the judge's function (`info.call`) in a
/// driver.
pub fn prepare(solution: &Solution, info: &Info) -> Result<Prepared, PrepareError> {
    let (path, language) = match solution {
        Solution::Shell(command) => {
            let dir = std::env::current_dir().map_err(|e| PrepareError::Other(e.to_string()))?;
            return Ok(Prepared {
                argv: vec!["sh".into(), "-c".into(), command.into()],
                dir: Some(dir),
                how: "run with sh -c".to_string(),
                driver: false,
            });
        }
        Solution::Executable(path) => {
            return Ok(Prepared {
                argv: vec![path.clone().into_os_string()],
                dir: None,
                how: "run as it is".to_string(),
                driver: false,
            })
        }
        Solution::Source { path, language } => (path, *language),
    };
    let source = std::fs::read(path)
        .map_err(|e| PrepareError::Other(format!("cannot read {}: {e}", path.display())))?;
    let text = String::from_utf8_lossy(&source);
    let call = info
        .call
        .as_ref()
        .filter(|call| crate::driver::is_function_only(language, &text, call));
    let driver = call.map(|call| match language {
        Language::Python => crate::driver::python(call),
        _ => crate::driver::cpp(call),
    });
    let cache = crate::private_folder(&cache_root()).map_err(PrepareError::Other)?;
    let built = cache.join(key(&[
        language.name().as_bytes(),
        &source,
        driver.as_deref().unwrap_or("").as_bytes(),
        env!("CARGO_PKG_VERSION").as_bytes(),
    ]));
    match language {
        Language::Python | Language::JavaScript => {
            check_syntax(language, path)?;
            let interpreter: Vec<OsString> = match language {
                // -B: no `__pycache__` beside the user's file (the driver
                // imports it as a module).
                Language::Python => {
                    vec!["python3".into(), "-B".into(), "-W".into(), "ignore".into()]
                }
                // Baekjoon's line: a 64 MiB stack for the engine (the
                // process's own is the memory limit, see the runner).
                _ => vec!["node".into(), "--stack-size=65536".into()],
            };
            let mut argv = interpreter;
            if let Some(driver) = &driver {
                let driver_path = build_once(&built, "driver.py", |dir| {
                    std::fs::write(dir.join("driver.py"), driver).map_err(|e| cannot_write(dir, e))
                })?
                .join("driver.py");
                argv.push(driver_path.into_os_string());
            }
            argv.push(path.clone().into_os_string());
            Ok(Prepared {
                argv,
                dir: None,
                how: match (language, call) {
                    (Language::Python, Some(call)) => format!(
                        "defines {}(...) and reads no input: called through a generated driver, run with python3",
                        call.function
                    ),
                    (Language::Python, None) => "run with python3".to_string(),
                    _ => "run with node --stack-size=65536".to_string(),
                },
                driver: call.is_some(),
            })
        }
        _ => {
            let artifact = if language == Language::Java {
                "Main.class"
            } else {
                "Main"
            };
            let dir = build_once(&built, artifact, |dir| {
                let main = dir.join(source_name(language));
                let compiled_source = match &driver {
                    Some(driver) => {
                        std::fs::write(dir.join("solution.cpp"), &source)
                            .map_err(|e| cannot_write(dir, e))?;
                        let file = dir.join("driver.cpp");
                        std::fs::write(&file, driver).map_err(|e| cannot_write(dir, e))?;
                        file
                    }
                    None => {
                        std::fs::write(&main, &source).map_err(|e| cannot_write(dir, e))?;
                        main
                    }
                };
                let output = if language == Language::Java {
                    dir.to_path_buf()
                } else {
                    dir.join("Main")
                };
                let argv = compile_command(language, &compiled_source, &output)
                    .expect("a compiled language");
                let renamed = if driver.is_some() {
                    "solution.cpp"
                } else {
                    source_name(language)
                };
                compile(&argv, dir, path, renamed)
            })?;
            let argv: Vec<OsString> = if language == Language::Java {
                vec![
                    "java".into(),
                    "-Xss512m".into(),
                    "-XX:+UseSerialGC".into(),
                    "-Dfile.encoding=UTF-8".into(),
                    "-DONLINE_JUDGE=1".into(),
                    "-DBOJ=1".into(),
                    "-cp".into(),
                    dir.clone().into_os_string(),
                    "Main".into(),
                ]
            } else {
                vec![dir.join("Main").into_os_string()]
            };
            let shown = compile_command(
                language,
                Path::new(source_name(language)),
                Path::new("Main"),
            )
            .unwrap_or_default()
            .iter()
            .map(|a| a.to_string_lossy().into_owned())
            .collect::<Vec<_>>()
            .join(" ");
            Ok(Prepared {
                argv,
                dir: None,
                how: match call {
                    Some(call) => format!(
                        "defines {}(...) and has no main: called through a generated driver, compiled with {shown}",
                        call.function
                    ),
                    None => format!("compiled with {shown}"),
                },
                driver: call.is_some(),
            })
        }
    }
}

/// The limits `info`'s judge gives a solution in `language`, and the rule
/// that made them (`None` when they are the problem's own).
pub fn judge_limits(info: &Info, language: Option<Language>) -> (Duration, u64, Option<String>) {
    let time = Duration::from_millis(info.limits.time_ms);
    let memory = info.limits.memory_mib << 20;
    let platform = info.judge.split_whitespace().next().unwrap_or("");
    let (time_factor, time_extra, memory_factor, memory_extra) = match (platform, language) {
        // Baekjoon's language rules (help.acmicpc.net/language/info).
        ("Baekjoon", Some(Language::Python)) => (3, 2_000, 2, 32),
        ("Baekjoon", Some(Language::Java)) => (2, 1_000, 2, 16),
        ("Baekjoon", Some(Language::JavaScript)) => (3, 2_000, 2, 0),
        // SWEA gives Java twice C++'s time and Python three times.
        ("SWEA", Some(Language::Java)) => (2, 0, 1, 0),
        ("SWEA", Some(Language::Python)) => (3, 0, 1, 0),
        _ => return (time, memory, None),
    };
    let rule = format!(
        "{platform}'s rule for {}: time x{time_factor}{}, memory x{memory_factor}{}",
        language.map_or("", |l| l.name()),
        if time_extra > 0 {
            format!(" + {} s", time_extra / 1000)
        } else {
            String::new()
        },
        if memory_extra > 0 {
            format!(" + {memory_extra} MB")
        } else {
            String::new()
        },
    );
    (
        time * time_factor + Duration::from_millis(time_extra),
        memory * memory_factor + (memory_extra << 20),
        Some(rule),
    )
}
