//! Everything the engine knows of languages and judges, as tables, and the
//! steps that use them: [`language`] (one row a language), [`judges`] (one
//! row a judge, with its rules for each language it takes), [`compile`]
//! (compiling as a judge does, or checking an interpreted file's syntax),
//! [`cache`] (builds kept by the hash of what made them), [`detect`]
//! (whether a file is a program or only defines the judge's function),
//! [`driver`] (the generated programs that call such a function, from the
//! template files in `drivers/`), [`shim`] (an interpreter behind a
//! version manager's shim, started directly) and [`names`] (a run's
//! messages naming the user's file, not the build folder's copy).

pub mod cache;
pub mod compile;
pub mod detect;
pub mod driver;
pub mod judges;
pub mod language;
pub mod names;
pub mod shim;

use std::ffi::{OsStr, OsString};
use std::time::Duration;

pub use judges::{JudgeLanguage, JudgeRow, LimitRule, JUDGES};
pub use language::{Build, Language, LanguageRow, Syntax, LANGUAGES};

/// Why a solution could not be prepared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PrepareError {
    /// The compiler refused it: the command and what it said (a CE).
    Compile { command: String, message: String },
    /// Something else: a missing compiler, an unreadable file.
    Other(String),
}

/// What fills a line's placeholders (see [`language`]).
#[derive(Clone, Copy, Debug)]
pub struct Words<'a> {
    /// The source files, each a word.
    pub sources: &'a [&'a OsStr],
    pub output: &'a OsStr,
    pub dir: &'a OsStr,
    pub class: &'a str,
    pub flags: &'a [&'a str],
    pub run_flags: &'a [&'a str],
}

/// A line with its placeholders filled: `{flags}`, `{run_flags}` and
/// `{source}` stand for any number of words, the others for a part of one
/// word (`{dir}/Main`, `{class}.java`).
pub fn fill(line: &[&str], words: &Words) -> Vec<OsString> {
    let mut filled = Vec::with_capacity(line.len() + words.flags.len());
    for &word in line {
        match word {
            "{flags}" => filled.extend(words.flags.iter().map(OsString::from)),
            "{run_flags}" => filled.extend(words.run_flags.iter().map(OsString::from)),
            "{source}" => filled.extend(words.sources.iter().map(|s| s.to_os_string())),
            "{output}" => filled.push(words.output.to_owned()),
            _ => filled.push(fill_word(word, words)),
        }
    }
    filled
}

/// One word with `{dir}` (at its start) and `{class}` filled.
pub fn fill_word(word: &str, words: &Words) -> OsString {
    let word = word.replace("{class}", words.class);
    match word.strip_prefix("{dir}") {
        Some(rest) => {
            let mut path = words.dir.to_owned();
            path.push(rest);
            path
        }
        None => word.into(),
    }
}

/// A line as shown to the user, its words joined by spaces.
pub fn shown(line: &[OsString]) -> String {
    let words: Vec<String> = line
        .iter()
        .map(|word| word.to_string_lossy().into_owned())
        .collect();
    words.join(" ")
}

/// The limits a problem's judge gives a solution in `language` (its time,
/// and its memory in bytes), and the rule that made them (`None` when they
/// are the problem's own).
pub fn limits(
    info: &problem_kit::Info,
    language: Option<Language>,
) -> (Duration, u64, Option<String>) {
    let time = Duration::from_millis(info.limits.time_ms);
    let memory = info.limits.memory_mib << 20;
    let Some(language) = language else {
        return (time, memory, None);
    };
    let (entry, _) = judges::rules_for(info.origin, language);
    if entry.limits == LimitRule::BASE {
        return (time, memory, None);
    }
    let (time, memory) = entry.limits.apply(time, memory);
    let rule = format!(
        "{}'s rule for {}: {}",
        judges::judge_name(info.origin),
        language.name(),
        entry.limits.describe()
    );
    (time, memory, Some(rule))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_filled() {
        let words = Words {
            sources: &[OsStr::new("Main.cc")],
            output: OsStr::new("Main"),
            dir: OsStr::new("/b"),
            class: "Solution",
            flags: &["-O2", "-DX"],
            run_flags: &[],
        };
        let line = fill(&["g++", "{flags}", "-o", "{output}", "{source}"], &words);
        assert_eq!(shown(&line), "g++ -O2 -DX -o Main Main.cc");
        assert_eq!(
            shown(&fill(&["{dir}/Main", "{run_flags}"], &words)),
            "/b/Main"
        );
    }
}
