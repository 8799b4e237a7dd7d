//! The cases of a judging: `NAME.in` files in folders, each with its
//! expected output, its flags, and its place in the judge's space.
//!
//! A folder holds `NAME.in` with `NAME.out`: the workspace's
//! `inputs/PROBLEM/`, or a folder written by online-judge-tools (`oj d`
//! writes `test/sample-1.in` and `sample-1.out`), so a user's own cases run
//! unchanged. An `.in` without an `.out` is judged against the workspace's
//! own answer. In the workspace's folders, the cases in `flags/` run with
//! the flags in their `.args` files (only ever given to the workspace's own
//! solver).

use std::path::{Path, PathBuf};

use cli::{AnyProblem, Space};

/// One case, as found: nothing is read until it is judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// `sample-1`, or `flags/moves-3` for a case of a `flags/` folder.
    pub name: String,
    pub input: PathBuf,
    /// `NAME.out`, when there is one.
    pub expected: Option<PathBuf>,
    /// The flags of a `flags/` case, from its `.args` file.
    pub args: Vec<String>,
}

impl Case {
    /// Whether the case needs the workspace's own flags.
    pub fn needs_flags(&self) -> bool {
        !self.args.is_empty() || self.name.starts_with("flags/")
    }
}

/// The cases of the folders, in order: each folder's `*.in` (sorted by
/// name), then those of its `flags/` subfolder. A folder that does not
/// exist is an error naming it.
pub fn discover(folders: &[PathBuf]) -> Result<Vec<Case>, String> {
    let mut found = Vec::new();
    for folder in folders {
        if !folder.is_dir() {
            return Err(format!("no folder {}", folder.display()));
        }
        for (dir, prefix) in [(folder.clone(), ""), (folder.join("flags"), "flags/")] {
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            let mut inputs: Vec<PathBuf> = entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "in"))
                .collect();
            inputs.sort();
            for input in inputs {
                let stem = input
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default();
                let expected = input.with_extension("out");
                // symlink_metadata: a dangling link is an `.out` that cannot
                // be read (an error), not a missing one.
                let has_expected = expected.symlink_metadata().is_ok();
                found.push(Case {
                    name: format!("{prefix}{stem}"),
                    expected: has_expected.then_some(expected),
                    args: golden::case_args(&input),
                    input,
                });
            }
        }
    }
    Ok(found)
}

/// The bytes of a case's file. Only a regular file (or a link to one) is
/// read: a pipe would hang the judging, and a device (`/dev/zero`) would
/// never end.
pub fn read_case_file(path: &Path) -> Result<Vec<u8>, String> {
    let shown = path.display();
    let meta = std::fs::metadata(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    if !meta.is_file() {
        return Err(format!(
            "cannot read {shown}: not a regular file (a pipe, a device or a folder)"
        ));
    }
    std::fs::read(path).map_err(|e| format!("cannot read {shown}: {e}"))
}

/// Where an input lies: in the judge's space, or beyond it (and why).
pub fn classify(problem: &dyn AnyProblem, input: &[u8]) -> Result<(), String> {
    problem.validate(input).map_err(|e| e.to_string())
}

/// The counts of judge-valid and beyond-judge cases among a folder's
/// (flag cases apart), as the golden-folder test reports them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Census {
    pub judge: usize,
    pub beyond: usize,
    pub flags: usize,
}

/// Counts the cases of `folder` by their validator's verdict.
pub fn census(problem: &dyn AnyProblem, folder: &Path) -> Result<Census, String> {
    let mut census = Census::default();
    for case in discover(&[folder.to_path_buf()])? {
        if case.needs_flags() {
            census.flags += 1;
            continue;
        }
        let input = read_case_file(&case.input)?;
        match classify(problem, &input) {
            Ok(()) => census.judge += 1,
            Err(_) => census.beyond += 1,
        }
    }
    Ok(census)
}

/// The space a label names, for messages.
pub fn space_of(valid: &Result<(), String>) -> Space {
    if valid.is_ok() {
        Space::Judge
    } else {
        Space::Beyond
    }
}
