//! A source file built into a program as its judge builds it: compiled
//! once into the cache with the judge's line (or its syntax checked and a
//! copy kept), with the driver that calls a function file.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use super::{FunctionFile, PrepareError, Prepared};
use crate::runner::WarmLine;
use crate::toolchain::driver::Joining;
use crate::toolchain::judges::JudgeLanguage;
use crate::toolchain::names::UsersNames;
use crate::toolchain::{self, cache, compile, Build, LanguageRow, Words};

/// A source file on its way to a program.
pub(super) struct SourceBuild<'a> {
    pub(super) path: &'a Path,
    pub(super) bytes: &'a [u8],
    pub(super) row: &'static LanguageRow,
    pub(super) rules: JudgeLanguage,
    pub(super) call: Option<FunctionFile<'a>>,
}

impl SourceBuild<'_> {
    /// The build folder this source, its driver and its lines make.
    fn build_folder(&self, lines: &[&str]) -> Result<PathBuf, PrepareError> {
        let cache =
            crate::folders::private_folder(&cache::folder()).map_err(PrepareError::Other)?;
        let driver = self.call.map(|f| f.driver.generate(f.call));
        let lines = format!(
            "{lines:?} {:?} {:?} {}",
            self.rules.flags, self.rules.run_flags, self.rules.class
        );
        Ok(cache.join(cache::key(&[
            self.row.name.as_bytes(),
            self.bytes,
            driver.as_deref().unwrap_or("").as_bytes(),
            lines.as_bytes(),
            env!("CARGO_PKG_VERSION").as_bytes(),
        ])))
    }

    /// The class that is the program, where a language's program is a
    /// class (`{class}`): the driver's for a function file, else the
    /// judge's.
    fn class(&self) -> &'static str {
        self.call
            .and_then(|f| f.driver.class)
            .unwrap_or(self.rules.class)
    }

    /// The source's name in the build folder, as the judge names it.
    fn source_name(&self) -> String {
        toolchain::fill_word(self.row.source, &self.words(&[], Path::new(".")))
            .to_string_lossy()
            .into_owned()
    }

    /// An interpreted language: the syntax checked, then a copy of the file
    /// run alone in its build folder (through the driver when it defines
    /// the function), so that nothing beside the user's file can be
    /// imported or shadow a library, as on a judge that holds only the one
    /// file.
    pub(super) fn interpreted(&self, check: &[&str]) -> Result<Prepared, PrepareError> {
        compile::check_syntax(self.row, check, self.path)?;
        let run = self.row.run;
        let built = self.build_folder(run)?;
        let name = self.source_name();
        let driver = self
            .call
            .map(|f| (f.driver.file, f.driver.generate(f.call)));
        let folder = cache::build_once(&built, &name, |dir| {
            if let Some((file, text)) = &driver {
                cache::write(dir, file, text.as_bytes())?;
            }
            cache::write(dir, &name, self.bytes).map(|_| ())
        })?;
        let copy = folder.join(&name);
        let mut argv = self.fill(run, &[copy.as_os_str()], &folder);
        argv[0] = toolchain::shim::resolved(&argv[0], self.row);
        let mut warm = WarmLine::program(&argv);
        if let Some((file, _)) = &driver {
            // The driver runs, and loads the user's file: its path follows.
            let at = argv.len() - 1;
            argv.insert(at, folder.join(file).into_os_string());
            warm.script.insert(0, folder.join(file).into_os_string());
            warm.answers_on_3 = true;
            argv = toolchain::driver::answers_apart(argv);
        }
        let shown = std::iter::once(self.row.run_shown)
            .chain(self.rules.run_flags.iter().copied())
            .collect::<Vec<_>>()
            .join(" ");
        let how = match self.call {
            Some(f) => format!(
                "defines {}(...): called through a generated driver, run with {shown}",
                f.call.function
            ),
            None => format!("run with {shown}"),
        };
        Ok(Prepared {
            argv,
            dir: None,
            how,
            notes: Vec::new(),
            own_program: None,
            names: UsersNames::new(&folder, &name, self.path),
            warm: match crate::runner::warm::unfaithful(self.bytes) {
                Some(_) => None,
                None => self.row.warm.then_some(warm),
            },
        })
    }

    /// A compiled language: compiled once into the cache with the judge's
    /// line, then the build run.
    pub(super) fn compiled(&self, line: &[&str], artifact: &str) -> Result<Prepared, PrepareError> {
        let built = self.build_folder(line)?;
        let artifact = toolchain::fill_word(artifact, &self.words(&[], Path::new(".")));
        let artifact = artifact.to_string_lossy();
        let folder = cache::build_once(&built, &artifact, |dir| self.compile_into(dir, line))?;
        let mut argv = self.fill(self.row.run, &[], &folder);
        let shown_sources: Vec<String> = match self.call {
            Some(f) => match f.driver.joining {
                Joining::Beside(copy) => vec![f.driver.file.to_string(), copy.to_string()],
                _ => vec![f.driver.file.to_string()],
            },
            None => vec![self.source_name()],
        };
        let shown_sources: Vec<&std::ffi::OsStr> =
            shown_sources.iter().map(std::ffi::OsStr::new).collect();
        let shown = toolchain::shown(&self.fill(line, &shown_sources, Path::new(".")));
        let how = match self.call {
            Some(f) => {
                argv = toolchain::driver::answers_apart(argv);
                format!(
                    "defines {}(...): called through a generated driver, compiled with {shown}",
                    f.call.function
                )
            }
            None => format!("compiled with {shown}"),
        };
        Ok(Prepared {
            argv,
            dir: None,
            how,
            notes: Vec::new(),
            own_program: None,
            names: UsersNames::new(&folder, &self.copy_name(), self.path),
            warm: None,
        })
    }

    /// The name of the user's file in the build folder of a compiled
    /// language: the judge's, or the one the driver includes.
    fn copy_name(&self) -> String {
        match self.call.map(|f| f.driver.joining) {
            Some(Joining::Includes(copy) | Joining::Beside(copy)) => copy.to_string(),
            _ => self.source_name(),
        }
    }

    /// Writes the source (with its driver) into the build folder `dir` and
    /// compiles it there.
    fn compile_into(&self, dir: &Path, line: &[&str]) -> Result<(), PrepareError> {
        let (sources, renamed) = match self.call {
            Some(f) => {
                let text = f.driver.generate(f.call);
                let driver = cache::write(dir, f.driver.file, text.as_bytes())?;
                match f.driver.joining {
                    Joining::Includes(copy) => {
                        cache::write(dir, copy, self.bytes)?;
                        (vec![driver], copy.to_string())
                    }
                    Joining::Beside(copy) => {
                        let user = cache::write(dir, copy, self.bytes)?;
                        (vec![driver, user], copy.to_string())
                    }
                    Joining::Loads => unreachable!("a compiled language's driver is compiled"),
                }
            }
            None => {
                let name = self.source_name();
                (vec![cache::write(dir, &name, self.bytes)?], name)
            }
        };
        let sources: Vec<&std::ffi::OsStr> = sources.iter().map(|p| p.as_os_str()).collect();
        let argv = self.fill(line, &sources, dir);
        compile::compile(&argv, dir, self.row, self.path, &renamed)?;
        if self.call.is_none() {
            compile::judges_class_is_there(&argv, dir, self.row, self.rules.class)?;
        }
        Ok(())
    }

    /// The program a compile writes (`{output}`): the build's artifact.
    fn output(&self) -> &'static str {
        match self.row.build {
            Build::Compiled { artifact, .. } => artifact,
            Build::Interpreted { .. } => "",
        }
    }

    /// What fills this language's lines, with the judge's flags, for
    /// `sources` in the build folder `dir`.
    fn words<'w>(&'w self, sources: &'w [&'w std::ffi::OsStr], dir: &'w Path) -> Words<'w> {
        Words {
            sources,
            output: std::ffi::OsStr::new(self.output()),
            dir: dir.as_os_str(),
            class: self.class(),
            flags: self.rules.flags,
            run_flags: self.rules.run_flags,
        }
    }

    /// A line of this language with the judge's flags, for `sources` in
    /// the build folder `dir`.
    fn fill(&self, line: &[&str], sources: &[&std::ffi::OsStr], dir: &Path) -> Vec<OsString> {
        let output = dir.join(self.output());
        let mut words = self.words(sources, dir);
        if dir != Path::new(".") {
            words.output = output.as_os_str();
        }
        toolchain::fill(line, &words)
    }
}
