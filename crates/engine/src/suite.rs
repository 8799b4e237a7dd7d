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
//!
//! Where cases cost a solution much (2048's search on a 20 x 20 board
//! takes a Python solution tens of milliseconds, 2048 (Hard)'s seconds),
//! the suite leaves out those its contract names (`left_out`): measured on
//! mutants of real solutions, they reject none that the other cases let
//! through, and they would cost seconds. The few the time limits need
//! stay, as the strongest cases (`quick_cases`) do.

use std::path::{Path, PathBuf};

use problem_kit::{AnyProblem, Space};

use crate::cases::{Case, Origin};

/// The seed the suite's cases count from: its own, apart from the seeds
/// `cargo stress` starts from by default (the clock).
const FIRST_SEED: u64 = 0x5eed_0000;

/// One case of the suite, before it is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteCase {
    /// `suite/size-12-seed-3`.
    pub name: String,
    /// The generator's size and seed that made it.
    pub size: usize,
    pub seed: u64,
    pub input: Vec<u8>,
    pub expected: Vec<u8>,
}

impl SuiteCase {
    /// The case the generator made with `size` and `seed`, named by them.
    fn new(size: usize, seed: u64, input: Vec<u8>, expected: Vec<u8>) -> SuiteCase {
        SuiteCase {
            name: format!("suite/size-{size}-seed-{seed}"),
            size,
            seed,
            input,
            expected,
        }
    }
}

/// The size of the suite's case `k` for a generator whose largest size is
/// `largest`: every size in turn, and every third case the largest.
pub fn size_of(k: u64, largest: usize) -> usize {
    let largest = largest.max(1);
    if k % 3 == 2 {
        largest
    } else {
        1 + (k / 3 * 2 + k % 3) as usize % largest
    }
}

/// The places of `problem`'s strongest cases in its suite (its contract's
/// `quick_cases`: the few cases that reject the most wrong solutions, and
/// last one of the judge's largest size). They are chosen by measurement,
/// not by guess: the ignored test `mutants` of the commands' tests judges
/// every planted bug of `tests/solutions/` on the whole suite and prints
/// them (the fewest cases, chosen greedily, that reject each bug twice,
/// then the case of the largest size); run it again when the generators,
/// the suite or the planted bugs change.
pub fn quick_places(problem: &dyn AnyProblem) -> &'static [u64] {
    problem.info().quick_cases
}

/// The suite's case `k` (counted from 0, as it is made): the generator's
/// input for its seed and size, with the fast solver's answer, or `None`
/// when the solver refuses the input (none should be) or `k` is past the
/// suite's end.
pub fn case_at(problem: &dyn AnyProblem, k: u64) -> Option<SuiteCase> {
    if k >= problem.info().suite_cases {
        return None;
    }
    let seed = FIRST_SEED + k;
    let size = size_of(k, problem.largest_size(Space::Judge));
    let input = problem.generate(seed, size, Space::Judge).into_bytes();
    let expected = problem.judge_output(&input).ok()?.into_bytes();
    Some(SuiteCase::new(size, seed, input, expected))
}

/// Whether the suite of `problem` keeps its case `k` (of the
/// `suite_cases` it is made from): every one but those its contract's
/// `left_out` names.
pub fn keeps(problem: &dyn AnyProblem, k: u64) -> bool {
    let info = problem.info();
    k < info.suite_cases && !info.left_out.contains(&k)
}

/// The places of the suite's cases of `problem`, in the order they run:
/// its strongest (its contract's `quick_cases`) first, so that a wrong
/// solution fails early, then the others it keeps as they are made.
pub fn places(problem: &dyn AnyProblem) -> Vec<u64> {
    let quick = quick_places(problem);
    let rest =
        (0..problem.info().suite_cases).filter(|&k| !quick.contains(&k) && keeps(problem, k));
    quick.iter().copied().chain(rest).collect()
}

/// The suite of `problem`: the judge-valid inputs of [`places`] with the
/// fast solver's answers, in that order. An input the solver refuses
/// (none should be) is left out.
pub fn judge_suite(problem: &dyn AnyProblem) -> Vec<SuiteCase> {
    places(problem)
        .into_iter()
        .filter_map(|k| case_at(problem, k))
        .collect()
}

/// The suite's strongest cases of `problem` alone (see its contract's `quick_cases`), for
/// `cargo judge --quick`.
pub fn quick_suite(problem: &dyn AnyProblem) -> Vec<SuiteCase> {
    quick_places(problem)
        .iter()
        .filter_map(|&k| case_at(problem, k))
        .collect()
}

/// The suite of `problem`, from the build cache when this same program made
/// it before (the fast solver's answers for the largest sizes take a
/// while) and it is whole there, else made and kept there; written into
/// `folder` for the run.
///
/// The cache is checked, not trusted: the programs the commands run are
/// the user's, and can write in it, and a cleaner of the temporary folder
/// can take files from it. A digest of its files, kept beside its folder,
/// is made when the folder is written and checked against the bytes read,
/// which are the bytes the run gets; a file missing, added or changed
/// makes the suite again, and the cache with it.
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
    let cache = crate::folders::private_folder(&crate::toolchain::cache::folder())
        .map_err(std::io::Error::other)?;
    let stored = Stored {
        folder: cache.join(format!("suite-{key}")),
        digest: cache.join(format!("suite-{key}.digest")),
    };
    let suite = match stored.read() {
        Some(suite) => suite,
        None => {
            let suite = judge_suite(problem);
            // A cache that cannot be written costs the next command the
            // time to make the suite again, not this one its judging.
            let _ = stored.write(&suite);
            suite
        }
    };
    write_suite(&suite, folder)
}

/// The files of a suite in the cache, by name: `K.in` and `K.out` for its
/// case `K`, and `made`, each case's size and seed a line each.
type Files = std::collections::BTreeMap<String, Vec<u8>>;

/// Where a suite is kept in the cache: its folder, and the digest of the
/// folder's files in a file beside it (out of the folder, so that a
/// folder's own files cannot vouch for it).
struct Stored {
    folder: PathBuf,
    digest: PathBuf,
}

impl Stored {
    /// The suite kept, when its folder holds exactly the files its digest
    /// was made of; `None` when anything is missing, added or changed.
    fn read(&self) -> Option<Vec<SuiteCase>> {
        let digest = std::fs::read_to_string(&self.digest).ok()?;
        let files = read_files(&self.folder).ok()?;
        if digest_of(&files) != digest.trim() {
            return None;
        }
        suite_of(files)
    }

    /// Keeps `suite`: written in a fresh folder beside the kept one, put in
    /// its place by a rename (a reader never sees half of it), then its
    /// digest beside it.
    fn write(&self, suite: &[SuiteCase]) -> std::io::Result<()> {
        let files = files_of(suite);
        let partial = self
            .folder
            .with_extension(format!("partial-{}", std::process::id()));
        let _ = crate::folders::remove_tree(&partial);
        std::fs::create_dir(&partial)?;
        let written = files.iter().try_for_each(|(name, bytes)| {
            problem_kit::files::write_new(&partial.join(name), bytes)
        });
        if let Err(e) = written {
            let _ = crate::folders::remove_tree(&partial);
            return Err(e);
        }
        // A damaged folder goes; another command may put its own in place
        // first, which holds the same suite (it is made the same every
        // time), so this digest is its digest too, and it is checked as
        // any.
        let _ = crate::folders::remove_tree(&self.folder);
        if std::fs::rename(&partial, &self.folder).is_err() {
            let _ = crate::folders::remove_tree(&partial);
        }
        problem_kit::files::write_atomically(&self.digest, digest_of(&files).as_bytes())
    }
}

/// The files that keep `suite`.
fn files_of(suite: &[SuiteCase]) -> Files {
    let mut files = Files::new();
    for (k, case) in suite.iter().enumerate() {
        files.insert(format!("{k}.in"), case.input.clone());
        files.insert(format!("{k}.out"), case.expected.clone());
    }
    let made: Vec<String> = suite
        .iter()
        .map(|case| format!("{} {}", case.size, case.seed))
        .collect();
    files.insert("made".to_string(), made.join("\n").into_bytes());
    files
}

/// The suite the files keep, when they are exactly a suite's files.
fn suite_of(mut files: Files) -> Option<Vec<SuiteCase>> {
    let made = String::from_utf8(files.remove("made")?).ok()?;
    let mut suite = Vec::new();
    for (k, line) in made.lines().enumerate() {
        let (size, seed) = line.split_once(' ')?;
        suite.push(SuiteCase::new(
            size.parse().ok()?,
            seed.parse().ok()?,
            files.remove(&format!("{k}.in"))?,
            files.remove(&format!("{k}.out"))?,
        ));
    }
    files.is_empty().then_some(suite)
}

/// Every file of `folder`, by name; an entry that is no plain file (a link,
/// a folder) is an error, as a name that is not UTF-8 is.
fn read_files(folder: &Path) -> std::io::Result<Files> {
    let mut files = Files::new();
    for entry in std::fs::read_dir(folder)? {
        let entry = entry?;
        let name = entry.file_name().into_string().map_err(|_| {
            std::io::Error::new(std::io::ErrorKind::InvalidData, "a name not in UTF-8")
        })?;
        if !entry.file_type()?.is_file() {
            return Err(std::io::Error::other(format!("{name} is no plain file")));
        }
        files.insert(name, std::fs::read(entry.path())?);
    }
    Ok(files)
}

/// The digest of the files: a hash of every name and every byte, in order
/// of the names. The hash is the standard library's SipHash with fixed
/// keys, 64 bits: what it guards against is damage (a program writing
/// where it should not, a file taken away), which it tells with a chance
/// of 2^-64 to miss, not a forgery, which a program of the same user could
/// make by rewriting the digest file itself (keeping runs from writing in
/// the cache at all is the sandbox's part).
fn digest_of(files: &Files) -> String {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    files.hash(&mut hasher);
    format!("{:016x}", hasher.finish())
}

/// Writes the suite into `folder` (`NAME.in` and `NAME.out`, read-only)
/// and returns its cases, in order.
pub fn write_suite(suite: &[SuiteCase], folder: &Path) -> std::io::Result<Vec<Case>> {
    std::fs::create_dir_all(folder)?;
    let mut cases = Vec::with_capacity(suite.len());
    for (k, case) in suite.iter().enumerate() {
        let input = folder.join(format!("{k}.in"));
        let expected = folder.join(format!("{k}.out"));
        problem_kit::files::write_new(&input, &case.input)?;
        problem_kit::files::write_new(&expected, &case.expected)?;
        cases.push(Case {
            name: case.name.clone(),
            input,
            expected: Some(expected),
            args: Vec::new(),
            in_flags: false,
            origin: Origin::Suite {
                size: case.size,
                seed: case.seed,
            },
        });
    }
    Ok(cases)
}

/// Whether a case is one of the suite's (by its origin: a folder of the
/// user's named `suite` is the user's).
pub fn is_suite_case(case: &Case) -> bool {
    matches!(case.origin, Origin::Suite { .. })
}

/// The generator's size and seed a suite case was made with: `cargo gen`
/// makes it again from them.
pub fn size_and_seed(case: &Case) -> Option<(usize, u64)> {
    match case.origin {
        Origin::Suite { size, seed } => Some((size, seed)),
        Origin::Folder => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_suite_is_judge_valid_answered_and_the_same_every_time() {
        for problem in registry::ALL {
            let suite = judge_suite(*problem);
            assert_eq!(
                suite.len(),
                places(*problem).len(),
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
    fn a_kept_suite_with_a_file_changed_missing_or_added_is_not_read() {
        let cache = std::env::temp_dir().join(format!("engine-suite-cache-{}", std::process::id()));
        let _ = crate::folders::remove_tree(&cache);
        std::fs::create_dir(&cache).unwrap();
        let stored = Stored {
            folder: cache.join("suite"),
            digest: cache.join("suite.digest"),
        };
        let suite = judge_suite(registry::ALL[0]);
        assert_eq!(stored.read(), None, "nothing kept yet");
        stored.write(&suite).unwrap();
        assert_eq!(stored.read().as_ref(), Some(&suite));
        let out = stored.folder.join("3.out");
        let damages: [&dyn Fn(); 4] = [
            &|| problem_kit::files::write_atomically(&out, b"0\n").unwrap(),
            &|| std::fs::remove_file(&out).unwrap(),
            &|| std::fs::write(stored.folder.join("extra"), "").unwrap(),
            &|| std::fs::remove_file(&stored.digest).unwrap(),
        ];
        for (k, damage) in damages.iter().enumerate() {
            damage();
            assert_eq!(stored.read(), None, "damage {k}");
            stored.write(&suite).unwrap();
            assert_eq!(stored.read().as_ref(), Some(&suite), "made again after {k}");
        }
        crate::folders::remove_tree(&cache).unwrap();
    }

    #[test]
    fn each_problems_strongest_cases_end_at_its_largest_size_and_run_first() {
        for problem in registry::ALL {
            let info = problem.info();
            let places = quick_places(*problem);
            // A problem just added has none until the ignored test
            // `mutants` measures them (`--quick` then runs its golden cases
            // alone); a planted bug that `--quick` misses fails the
            // commands' test `quick_rejects_every_planted_bug`.
            if places.is_empty() {
                continue;
            }
            // The last is one of the judge's largest size.
            let largest = problem.largest_size(Space::Judge);
            let last = case_at(*problem, *places.last().unwrap()).unwrap();
            assert!(
                last.name.starts_with(&format!("suite/size-{largest}-")),
                "{}",
                last.name
            );
            let quick = quick_suite(*problem);
            assert_eq!(quick.len(), places.len(), "{}", info.name);
            let suite = judge_suite(*problem);
            assert_eq!(suite[..quick.len()], quick[..], "{}", info.name);
            let mut names: Vec<&str> = suite.iter().map(|case| case.name.as_str()).collect();
            names.sort_unstable();
            names.dedup();
            assert_eq!(names.len(), suite.len(), "{}", info.name);
            for &k in places {
                assert!(keeps(*problem, k), "{} keeps its quick case {k}", info.name);
            }
        }
    }

    #[test]
    fn a_suite_keeps_each_case_once_but_those_its_contract_leaves_out() {
        for problem in registry::ALL {
            let info = problem.info();
            let kept = places(*problem);
            let mut sorted = kept.clone();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(sorted.len(), kept.len(), "{}: each case once", info.name);
            for k in 0..info.suite_cases {
                let expected = !info.left_out.contains(&k);
                assert_eq!(kept.contains(&k), expected, "{} case {k}", info.name);
            }
            for &k in info.left_out {
                assert!(k < info.suite_cases, "{} case {k}", info.name);
                assert!(!info.quick_cases.contains(&k), "{} case {k}", info.name);
            }
        }
    }

    #[test]
    fn a_suite_keeps_its_pools_largest_answer() {
        // The largest answers are where a value overflows its type (a 2048
        // tile kept in 16 bits fails at 32768, and so on any board whose
        // answer is past the limit): a suite that leaves out every case of
        // its pool's largest answer lets such a solution through, however
        // many one-change mutants it rejects.
        for problem in registry::ALL {
            let info = problem.info();
            if info.left_out.is_empty() {
                continue;
            }
            let answer = |k: u64| -> Option<u64> {
                let case = case_at(*problem, k).unwrap();
                String::from_utf8_lossy(&case.expected).trim().parse().ok()
            };
            let largest = (0..info.suite_cases).filter_map(answer).max();
            let kept = places(*problem).into_iter().filter_map(answer).max();
            assert_eq!(kept, largest, "{}: the pool's largest answer", info.name);
        }
    }

    #[test]
    fn the_2048_suites_leave_out_most_of_their_dearest_cases() {
        // 2048's 4^5 and 4^10 searches on a 20 x 20 board are the suite's
        // dearest cases by far for a Python solution; those that reject
        // nothing the others do not, measured by the commands' ignored
        // test `suite_strength`, are left out, and every size stays.
        for name in ["game2048", "game2048-hard"] {
            let problem = registry::find(name).unwrap();
            let largest = problem.largest_size(Space::Judge);
            let of_largest = |places: &mut dyn Iterator<Item = u64>| {
                places.filter(|&k| size_of(k, largest) == largest).count()
            };
            let made = of_largest(&mut (0..problem.info().suite_cases));
            let kept = of_largest(&mut places(problem).into_iter());
            assert!(
                2 * kept <= made,
                "{name}: {kept} of {made} of the largest size"
            );
            let sizes: std::collections::BTreeSet<usize> = places(problem)
                .into_iter()
                .map(|k| size_of(k, largest))
                .collect();
            assert_eq!(sizes.len(), largest, "{name}: every size");
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
