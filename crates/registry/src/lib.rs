//! The registry: every problem of the workspace, as [`problem_kit::Problem`]s.
//!
//! The list itself is written once, as the problem lines of this crate's
//! `Cargo.toml` (which a crate must name anyway to use the problem crates);
//! the build script turns them into [`ALL`]. Everything that lists problems
//! reads it: the bundler, the robustness and hostile-input tests, the fuzz
//! target, the benchmarks of every problem, and the tools (`cargo
//! new-problem`, which adds to it).

use problem_kit::AnyProblem;

include!(concat!(env!("OUT_DIR"), "/registry.rs"));

#[cfg(test)]
mod registry_lines;

/// The problem called `name`: its binary's name, its judge's number
/// (`12100`) or the number with the judge's prefix (`boj12100`; see
/// [`problem_kit::Info::aliases`]).
pub fn find(name: &str) -> Option<&'static dyn AnyProblem> {
    ALL.iter().copied().find(|p| p.info().is_named(name))
}

/// Every problem's names, a line each, for a command's `--help`: the
/// binary's name, the judge's number with and without its prefix, and the
/// problem's origin and title.
pub fn listing() -> String {
    let mut text = String::new();
    for problem in ALL {
        let info = problem.info();
        let [number, prefixed] = info.aliases();
        text += &format!(
            "  {:<14} {:<6} {:<17} {} \"{}\"\n",
            info.name, number, prefixed, info.origin, info.title
        );
    }
    text
}

/// Every problem's name, in registry order.
pub fn names() -> Vec<&'static str> {
    ALL.iter().map(|p| p.info().name).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use problem_kit::Space;

    #[test]
    fn names_are_unique_and_found() {
        let names = names();
        for (i, name) in names.iter().enumerate() {
            assert!(!names[..i].contains(name), "{name} twice");
            assert_eq!(find(name).map(|p| p.info().name), Some(*name));
        }
        assert!(find("no-such-problem").is_none());
    }

    #[test]
    fn every_problems_numbers_find_it_alone() {
        for problem in ALL {
            let info = problem.info();
            for alias in info.aliases() {
                let named: Vec<&str> = ALL
                    .iter()
                    .filter(|p| p.info().is_named(&alias))
                    .map(|p| p.info().name)
                    .collect();
                assert_eq!(named, [info.name], "{alias}");
            }
        }
        assert_eq!(find("12100").map(|p| p.info().name), Some("game2048"));
        assert_eq!(
            find("boj12094").map(|p| p.info().name),
            Some("game2048-hard")
        );
        assert_eq!(find("swea4615").map(|p| p.info().name), Some("othello"));
        assert_eq!(find("92345").map(|p| p.info().name), Some("footholds"));
        assert_eq!(find("boj11559").map(|p| p.info().name), Some("puyo"));
    }

    #[test]
    fn judge_mode_is_the_answer_with_default_flags() {
        for problem in ALL {
            let options = problem.defaults();
            for seed in 0..20 {
                let input = problem.generate(seed, 2, Space::Judge);
                assert_eq!(
                    problem.judge_output(input.as_bytes()),
                    problem.answer(input.as_bytes(), &options),
                    "{} on\n{input}",
                    problem.info().name
                );
            }
        }
    }
}
