//! The judges, one row each of [`JUDGES`]: for every language a judge
//! takes, its limit rule, its compile and run flags and its conventions.
//! A problem's judge is the first word of its origin (`Baekjoon 12100`).
//!
//! Baekjoon publishes its lines and rules (help.acmicpc.net/language/info).
//! SWEA and Programmers publish their languages, their compilers' language
//! versions and their limit rules, but not their command lines: their rows
//! use GCC's, javac's and the interpreters' plain lines at those versions,
//! without Baekjoon's own macros (see `docs/commands.md`).

use std::time::Duration;

use super::language::Language;

/// How a judge's limits for a language follow from the problem's: time
/// times `time_factor` plus `time_extra_ms`, memory times `memory_factor`
/// plus `memory_extra_mib`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LimitRule {
    pub time_factor: u32,
    pub time_extra_ms: u64,
    pub memory_factor: u64,
    pub memory_extra_mib: u64,
}

impl LimitRule {
    /// The problem's own limits, unchanged.
    pub const BASE: LimitRule = LimitRule {
        time_factor: 1,
        time_extra_ms: 0,
        memory_factor: 1,
        memory_extra_mib: 0,
    };

    /// The limits for a problem's `time` and `memory` (bytes).
    pub fn apply(&self, time: Duration, memory: u64) -> (Duration, u64) {
        (
            time * self.time_factor + Duration::from_millis(self.time_extra_ms),
            memory * self.memory_factor + (self.memory_extra_mib << 20),
        )
    }

    /// The rule in words: `time x3 + 2 s, memory x2 + 32 MB`.
    pub fn describe(&self) -> String {
        let mut text = format!("time x{}", self.time_factor);
        if self.time_extra_ms > 0 {
            text += &format!(" + {} s", self.time_extra_ms / 1000);
        }
        text += &format!(", memory x{}", self.memory_factor);
        if self.memory_extra_mib > 0 {
            text += &format!(" + {} MB", self.memory_extra_mib);
        }
        text
    }
}

/// What one judge does with one language.
#[derive(Clone, Copy, Debug)]
pub struct JudgeLanguage {
    pub language: Language,
    pub limits: LimitRule,
    /// The compile flags (`{flags}` in the language's compile line).
    pub flags: &'static [&'static str],
    /// The run flags (`{run_flags}` in the language's run line).
    pub run_flags: &'static [&'static str],
    /// The class a Java program's `main` is in, and so its file's name
    /// (`{class}`): Baekjoon's `Main`, SWEA's `Solution`.
    pub class: &'static str,
}

/// One judge.
#[derive(Clone, Copy, Debug)]
pub struct JudgeRow {
    /// The judge's name, as a problem's origin starts.
    pub name: &'static str,
    pub languages: &'static [JudgeLanguage],
}

/// Every judge. A language a judge's row does not list runs as Baekjoon
/// runs it, with the problem's own limits.
pub const JUDGES: &[JudgeRow] = &[BAEKJOON, SWEA, PROGRAMMERS];

/// The row a language falls back to where its judge's row says nothing.
pub const REFERENCE: JudgeRow = BAEKJOON;

/// An origin on the reference judge, for a problem of the workspace's own
/// (a toolchain's self-test): no problem there has the number 0.
pub const REFERENCE_ORIGIN: &str = "Baekjoon 0";

const CPP_FLAGS: &[&str] = &[
    "-O2",
    "-Wall",
    "-lm",
    "-static",
    "-std=gnu++17",
    "-DONLINE_JUDGE",
    "-DBOJ",
];
const C_FLAGS: &[&str] = &[
    "-O2",
    "-Wall",
    "-lm",
    "-static",
    "-std=gnu11",
    "-DONLINE_JUDGE",
    "-DBOJ",
];
const RUST_FLAGS: &[&str] = &["--edition", "2021", "-O"];
const JAVA_FLAGS: &[&str] = &["--release", "11", "-encoding", "UTF-8"];
/// Baekjoon's node.js line: recursion as deep as its memory allows.
const JS_RUN_FLAGS: &[&str] = &["--stack-size=65536"];
const JAVA_RUN_FLAGS: &[&str] = &[
    "-Xss512m",
    "-XX:+UseSerialGC",
    "-Dfile.encoding=UTF-8",
    "-DONLINE_JUDGE=1",
    "-DBOJ=1",
];

/// A row entry: the language, its limit rule, its compile flags and its
/// run flags, with the class `Main` (Java).
const fn entry(
    language: Language,
    limits: LimitRule,
    flags: &'static [&'static str],
    run_flags: &'static [&'static str],
) -> JudgeLanguage {
    JudgeLanguage {
        language,
        limits,
        flags,
        run_flags,
        class: "Main",
    }
}

const fn rule(
    time_factor: u32,
    time_extra_ms: u64,
    memory_factor: u64,
    memory_extra_mib: u64,
) -> LimitRule {
    LimitRule {
        time_factor,
        time_extra_ms,
        memory_factor,
        memory_extra_mib,
    }
}

const BAEKJOON: JudgeRow = JudgeRow {
    name: "Baekjoon",
    languages: &[
        entry(Language::Cpp, LimitRule::BASE, CPP_FLAGS, &[]),
        entry(Language::C, LimitRule::BASE, C_FLAGS, &[]),
        entry(Language::Rust, LimitRule::BASE, RUST_FLAGS, &[]),
        entry(Language::Python, rule(3, 2_000, 2, 32), &[], &[]),
        entry(Language::PyPy, rule(3, 2_000, 2, 128), &[], &[]),
        entry(
            Language::Java,
            rule(2, 1_000, 2, 16),
            JAVA_FLAGS,
            JAVA_RUN_FLAGS,
        ),
        entry(
            Language::JavaScript,
            rule(3, 2_000, 2, 0),
            &[],
            JS_RUN_FLAGS,
        ),
    ],
};

/// SWEA: C, C++, Java (its class `Solution`) and Python; Java gets twice
/// C++'s time and Python three times.
const SWEA: JudgeRow = JudgeRow {
    name: "SWEA",
    languages: &[
        plain_lines(Language::Cpp, GCC_CPP_FLAGS, LimitRule::BASE),
        plain_lines(Language::C, GCC_C_FLAGS, LimitRule::BASE),
        JudgeLanguage {
            class: "Solution",
            ..plain_lines(Language::Java, JAVAC_FLAGS, rule(2, 0, 1, 0))
        },
        plain_lines(Language::Python, &[], rule(3, 0, 1, 0)),
    ],
};

/// Programmers: C++, Java, JavaScript and Python, each calling the
/// problem's function where it has one, with the problem's own limits.
const PROGRAMMERS: JudgeRow = JudgeRow {
    name: "Programmers",
    languages: &[
        plain_lines(Language::Cpp, GCC_CPP_FLAGS, LimitRule::BASE),
        plain_lines(Language::Java, JAVAC_FLAGS, LimitRule::BASE),
        plain_lines(Language::JavaScript, &[], LimitRule::BASE),
        plain_lines(Language::Python, &[], LimitRule::BASE),
    ],
};

/// GCC's plain optimised lines at the language versions SWEA and
/// Programmers name.
const GCC_CPP_FLAGS: &[&str] = &["-O2", "-std=gnu++17", "-lm"];
const GCC_C_FLAGS: &[&str] = &["-O2", "-std=gnu11", "-lm"];
const JAVAC_FLAGS: &[&str] = &["-encoding", "UTF-8"];

/// A row entry with the given compile flags and no run flags.
const fn plain_lines(
    language: Language,
    flags: &'static [&'static str],
    limits: LimitRule,
) -> JudgeLanguage {
    entry(language, limits, flags, &[])
}

/// What the judge named by a problem's `origin` does with `language`:
/// its row's entry, and whether the row holds one (else the reference
/// judge's lines with the problem's own limits).
pub fn rules_for(origin: &str, language: Language) -> (JudgeLanguage, bool) {
    let judge = origin.split_whitespace().next().unwrap_or("");
    let own = JUDGES
        .iter()
        .find(|row| row.name == judge)
        .and_then(|row| row.languages.iter().find(|l| l.language == language));
    match own {
        Some(entry) => (*entry, true),
        None => {
            let reference = REFERENCE
                .languages
                .iter()
                .find(|l| l.language == language)
                .copied()
                .unwrap_or(plain_lines(language, &[], LimitRule::BASE));
            (
                JudgeLanguage {
                    limits: LimitRule::BASE,
                    ..reference
                },
                false,
            )
        }
    }
}

/// The judge's name in a problem's origin.
pub fn judge_name(origin: &str) -> &str {
    origin.split_whitespace().next().unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limit_rules_scale_the_problems_limits() {
        let (entry, own) = rules_for("Baekjoon 11559", Language::Python);
        assert!(own);
        let (time, memory) = entry.limits.apply(Duration::from_secs(2), 256 << 20);
        assert_eq!((time, memory >> 20), (Duration::from_secs(8), 544));
        assert_eq!(entry.limits.describe(), "time x3 + 2 s, memory x2 + 32 MB");
        // A language the judge's row does not list: the problem's limits,
        // with the reference judge's lines.
        let (entry, own) = rules_for("Programmers 92345", Language::Rust);
        assert!(!own);
        assert_eq!(entry.limits, LimitRule::BASE);
        assert_eq!(entry.flags, RUST_FLAGS);
        // SWEA's Java program is its class Solution.
        let (entry, own) = rules_for("SWEA 4615", Language::Java);
        assert!(own);
        assert_eq!(entry.class, "Solution");
        assert_eq!(rules_for("Baekjoon 1", Language::Java).0.class, "Main");
        assert_eq!(judge_name(REFERENCE_ORIGIN), REFERENCE.name);
    }
}
