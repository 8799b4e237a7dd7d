//! What a problem says about itself: its name, origin, link and limits
//! ([`Info`]), and for a judge that calls a function, the function
//! ([`Call`]).
//!
//! Plain data, kept apart so that both the contract
//! ([`crate::contract`]) and the command line ([`crate::args`]) read it
//! without either importing the other.

/// What a problem says about itself.
#[derive(Debug)]
pub struct Info {
    /// The binary's name, which is also the crate's folder under `crates/`,
    /// the golden folder under `inputs/` and the bundle's file name.
    pub name: &'static str,
    /// The judge's title, e.g. `2048 (Easy)`.
    pub title: &'static str,
    /// Where the problem comes from: its judge and number there, e.g.
    /// `Baekjoon 12100`.
    pub origin: &'static str,
    /// The problem's page.
    pub link: &'static str,
    /// What the binary reads and prints, for `--help` (full sentences).
    pub summary: &'static str,
    /// The judge's published time and memory limits.
    pub limits: ProblemLimits,
    /// Whether the judge accepts Rust submissions (else a bundle is a study
    /// copy).
    pub accepts_rust: bool,
    /// How many cases the judge suite that `cargo judge` gives a solution
    /// is made from: a few hundred, fewer where each case costs a solution
    /// much (2048 (Hard)'s ten moves on a 20 x 20 board), so that a correct
    /// solution's default run stays within seconds.
    pub suite_cases: u64,
    /// The places of those cases (counted from 0, as they are made) that
    /// the suite leaves out: cases that cost a solution much (2048's
    /// search on a 20 x 20 board, in Python) and reject no mutant of a
    /// real solution that the others let through. Chosen by measurement
    /// (the commands' ignored test `suite_strength` prints them); never
    /// one of `quick_cases`, which hold the case the time limits need.
    pub left_out: &'static [u64],
    /// The places in that suite (counted from 0, as it is made) of its
    /// strongest cases: the few that reject the most wrong solutions, and
    /// last one of the judge's largest size, so that a slow solution is
    /// told. `cargo judge --quick` runs them after the golden cases, and the
    /// whole suite runs them first. They are chosen by measurement (the
    /// commands' ignored test `mutants` prints them); a problem just added
    /// has none until it is run.
    pub quick_cases: &'static [u64],
    /// For a judge that calls a function instead of running a program
    /// (Programmers): the function. A user's file that only defines it is
    /// run through a generated driver; each input line holds one call's
    /// arguments as JSON values, and each output line its return value.
    pub call: Option<Call>,
}

/// A function a judge calls (Programmers' `solution`).
#[derive(Debug)]
pub struct Call {
    /// The function's name: `solution`.
    pub function: &'static str,
    pub parameters: &'static [Parameter],
    pub returns: Value,
}

/// One parameter of a [`Call`].
#[derive(Debug)]
pub struct Parameter {
    pub name: &'static str,
    pub kind: Value,
}

/// The kinds of value a [`Call`] passes and returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// A whole number: C++ `int`, Python `int`.
    Int,
    /// A list of whole numbers: C++ `vector<int>`, Python `list`.
    IntList,
    /// A list of lists of whole numbers: C++ `vector<vector<int>>`.
    IntGrid,
}

/// Each judge's short name, which prefixes its problem numbers in a
/// problem's other names (`boj12100`): Baekjoon's is the one its users
/// write (its old domain, `boj.kr/12100`), the others' their own names.
pub const JUDGE_PREFIXES: &[(&str, &str)] = &[
    ("Baekjoon", "boj"),
    ("SWEA", "swea"),
    ("Programmers", "programmers"),
];

impl Info {
    /// The problem as a heading: `puyo: Baekjoon 11559 "Puyo Puyo"`.
    pub fn heading(&self) -> String {
        format!("{}: {} \"{}\"", self.name, self.origin, self.title)
    }

    /// The problem's number on its judge, the last word of its origin:
    /// `12100` for `Baekjoon 12100`.
    pub fn number(&self) -> &'static str {
        self.origin.rsplit(' ').next().unwrap_or_default()
    }

    /// The problem's other names, by which users know it: its judge's
    /// number, and the number with the judge's prefix (see
    /// [`JUDGE_PREFIXES`]; a judge without one is prefixed by its name in
    /// lower case): `12100` and `boj12100`.
    pub fn aliases(&self) -> [String; 2] {
        let judge = self.origin.split(' ').next().unwrap_or_default();
        let prefix = JUDGE_PREFIXES
            .iter()
            .find(|(name, _)| *name == judge)
            .map_or_else(
                || judge.to_ascii_lowercase(),
                |(_, prefix)| prefix.to_string(),
            );
        [
            self.number().to_string(),
            format!("{prefix}{}", self.number()),
        ]
    }

    /// Whether `name` names the problem: its own name, or one of its
    /// [`aliases`](Info::aliases) (the prefix in any case: `BOJ12100`).
    pub fn is_named(&self, name: &str) -> bool {
        name == self.name
            || self
                .aliases()
                .iter()
                .any(|alias| alias.eq_ignore_ascii_case(name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info(origin: &'static str) -> Info {
        Info {
            name: "game",
            title: "A game",
            origin,
            link: "",
            summary: "",
            limits: ProblemLimits {
                time_ms: 1000,
                memory_mib: 256,
            },
            accepts_rust: true,
            suite_cases: 0,
            left_out: &[],
            quick_cases: &[],
            call: None,
        }
    }

    #[test]
    fn a_problem_is_named_by_its_judges_number_too() {
        let boj = info("Baekjoon 12100");
        assert_eq!(boj.aliases(), ["12100".to_string(), "boj12100".to_string()]);
        for name in ["game", "12100", "boj12100", "BOJ12100"] {
            assert!(boj.is_named(name), "{name}");
        }
        for name in ["Game", "1210", "boj", "swea12100", "boj 12100"] {
            assert!(!boj.is_named(name), "{name}");
        }
        assert_eq!(info("SWEA 4615").aliases()[1], "swea4615");
        assert_eq!(info("Programmers 92345").aliases()[1], "programmers92345");
        assert_eq!(info("Codeforces 1A").aliases()[1], "codeforces1A");
    }
}

/// A judge's published time and memory limits for a problem (the run
/// limits of one sandboxed process are another thing: `tools::sandbox::Limits`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProblemLimits {
    pub time_ms: u64,
    pub memory_mib: u64,
}
