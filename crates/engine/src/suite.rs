//! The judge suite: a fixed set of judge-valid cases for each problem,
//! made deterministically from its generators and answered by its fast
//! solver, that `cargo judge` runs beside the golden cases. A judge's own
//! test data lets wrong solutions through (accepted wrong solutions are
//! common), and a handful of golden cases more so; a few hundred generated
//! cases, from the smallest size to the judge's largest and over every kind
//! of input the generators know, catch what they miss.
//!
//! The generators lean toward where solutions go wrong, each size drawing
//! on all of a problem's kinds (full and sparse, every colour and
//! direction, passes, edges, same-cell starts, the worst cases for time),
//! so the suite takes every size in turn, the judge's largest more often,
//! with seeds of its own.

use std::path::Path;

use cli::{AnyProblem, Space};

use crate::cases::Case;

/// The seed the suite's cases count from: its own, apart from the seeds
/// `cargo stress` starts from by default (the clock).
const FIRST_SEED: u64 = 0x5eed_0000;

/// One case of the suite, before it is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteCase {
    /// `suite/size-12-seed-3`.
    pub name: String,
    pub input: Vec<u8>,
    pub expected: Vec<u8>,
}

/// The size of the suite's case `k` for a generator whose largest size is
/// `largest`: every size in turn, and every third case the largest.
fn size_of(k: u64, largest: usize) -> usize {
    let largest = largest.max(1);
    if k % 3 == 2 {
        largest
    } else {
        1 + (k / 3 * 2 + k % 3) as usize % largest
    }
}

/// The suite of `problem`: its `suite_cases` judge-valid inputs with the
/// fast solver's answers. An input the solver refuses (none should be) is
/// left out.
pub fn judge_suite(problem: &dyn AnyProblem) -> Vec<SuiteCase> {
    let largest = problem.largest_size(Space::Judge);
    (0..problem.info().suite_cases)
        .filter_map(|k| {
            let seed = FIRST_SEED + k;
            let size = size_of(k, largest);
            let input = problem.generate(seed, size, Space::Judge).into_bytes();
            let expected = problem.judge_output(&input).ok()?.into_bytes();
            Some(SuiteCase {
                name: format!("suite/size-{size}-seed-{seed}"),
                input,
                expected,
            })
        })
        .collect()
}

/// The suite of `problem`, from the build cache when this same program made
/// it before (the fast solver's answers for the largest sizes take a
/// while), else made and kept there; written into `folder` for the run.
pub fn cached_suite(problem: &dyn AnyProblem, folder: &Path) -> std::io::Result<Vec<Case>> {
    let program = std::env::current_exe()
        .and_then(std::fs::metadata)
        .map(|meta| format!("{:?} {}", meta.modified().ok(), meta.len()))
        .unwrap_or_default();
    let key = crate::toolchain::cache::key(&[
        problem.info().name.as_bytes(),
        program.as_bytes(),
        env!("CARGO_PKG_VERSION").as_bytes(),
    ]);
    let cache = crate::folders::private_folder(&crate::toolchain::cache::root())
        .map_err(std::io::Error::other)?;
    let built = cache.join(format!("suite-{key}"));
    let made = crate::toolchain::cache::build_once(&built, "done", |dir| {
        let suite = judge_suite(problem);
        let other = |e: std::io::Error| crate::toolchain::PrepareError::Other(e.to_string());
        write_suite(&suite, dir).map_err(other)?;
        let names: Vec<&str> = suite.iter().map(|case| case.name.as_str()).collect();
        // Written last: a build folder with its names is whole.
        std::fs::write(dir.join("done"), names.join("\n")).map_err(other)
    })
    .map_err(|e| match e {
        crate::toolchain::PrepareError::Other(message)
        | crate::toolchain::PrepareError::Compile { message, .. } => std::io::Error::other(message),
    })?;
    let names = std::fs::read_to_string(made.join("done"))?;
    let mut cases = Vec::new();
    std::fs::create_dir_all(folder)?;
    for (k, name) in names.lines().enumerate() {
        let (input, expected) = (
            folder.join(format!("{k}.in")),
            folder.join(format!("{k}.out")),
        );
        std::fs::copy(made.join(format!("{k}.in")), &input)?;
        std::fs::copy(made.join(format!("{k}.out")), &expected)?;
        cases.push(Case {
            name: name.to_string(),
            input,
            expected: Some(expected),
            args: Vec::new(),
            in_flags: false,
        });
    }
    Ok(cases)
}

/// Writes the suite into `folder` (`NAME.in` and `NAME.out`, read-only)
/// and returns its cases, in order.
pub fn write_suite(suite: &[SuiteCase], folder: &Path) -> std::io::Result<Vec<Case>> {
    std::fs::create_dir_all(folder)?;
    let mut cases = Vec::with_capacity(suite.len());
    for (k, case) in suite.iter().enumerate() {
        let input = folder.join(format!("{k}.in"));
        let expected = folder.join(format!("{k}.out"));
        cli::files::write_new(&input, &case.input)?;
        cli::files::write_new(&expected, &case.expected)?;
        cases.push(Case {
            name: case.name.clone(),
            input,
            expected: Some(expected),
            args: Vec::new(),
            in_flags: false,
        });
    }
    Ok(cases)
}

/// Whether a case is one of the suite's.
pub fn is_suite_case(case: &Case) -> bool {
    case.name.starts_with("suite/")
}

/// The generator's size and seed a suite case was made with, from its
/// name (`suite/size-12-seed-3`): `cargo gen` makes it again from them.
pub fn size_and_seed(case: &Case) -> Option<(usize, u64)> {
    let rest = case.name.strip_prefix("suite/size-")?;
    let (size, seed) = rest.split_once("-seed-")?;
    Some((size.parse().ok()?, seed.parse().ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_suite_is_judge_valid_answered_and_the_same_every_time() {
        for problem in problems::ALL {
            let suite = judge_suite(*problem);
            assert_eq!(
                suite.len() as u64,
                problem.info().suite_cases,
                "{}",
                problem.info().name
            );
            for case in &suite {
                assert_eq!(problem.validate(&case.input), Ok(()), "{}", case.name);
            }
            assert_eq!(suite, judge_suite(*problem));
        }
    }

    #[test]
    fn every_size_is_taken_and_the_largest_most() {
        let sizes: Vec<usize> = (0..12).map(|k| size_of(k, 12)).collect();
        assert!(sizes.iter().filter(|&&s| s == 12).count() >= 4, "{sizes:?}");
        let all: std::collections::BTreeSet<usize> = (0..60).map(|k| size_of(k, 12)).collect();
        assert_eq!(all.len(), 12);
        assert_eq!(size_of(7, 1), 1);
    }
}
