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

use problem_kit::AnyProblem;

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
    /// Whether it is a case of a `flags/` folder.
    pub in_flags: bool,
    /// Where it comes from; not its name, which a folder of the user's
    /// can give any form.
    pub origin: Origin,
}

/// Where a case comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// A folder's file: the workspace's golden cases, or the user's own.
    Folder,
    /// The judge suite's (see [`crate::suite`]), made by the generator
    /// with this size and seed.
    Suite { size: usize, seed: u64 },
}

impl Case {
    /// Whether the case needs the workspace's own flags.
    pub fn needs_flags(&self) -> bool {
        !self.args.is_empty() || self.in_flags
    }
}

/// The cases of the folders, in order: each folder's `*.in` (sorted by
/// name), then those of its `flags/` subfolder. A folder that does not
/// exist is an error naming it.
pub fn discover(folders: &[PathBuf]) -> Result<Vec<Case>, String> {
    let mut found = Vec::new();
    // A folder named twice is judged once; with several folders, each case
    // is named with its folder, so that equal names stay apart.
    let mut distinct: Vec<(PathBuf, &PathBuf)> = Vec::new();
    for folder in folders {
        if !folder.is_dir() {
            return Err(format!("no folder {}", folder.display()));
        }
        let real = folder.canonicalize().unwrap_or_else(|_| folder.clone());
        if !distinct.iter().any(|(seen, _)| *seen == real) {
            distinct.push((real, folder));
        }
    }
    let labelled = distinct.len() > 1;
    for (_, folder) in distinct {
        let label = if labelled {
            format!(
                "{}/",
                crate::text::printable(&folder.display().to_string()).trim_end_matches('/')
            )
        } else {
            String::new()
        };
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
                    // Shown in the report: no control character of a
                    // file's name reaches the terminal.
                    name: format!("{label}{prefix}{}", crate::text::printable(&stem)),
                    expected: has_expected.then_some(expected),
                    args: case_args(&input),
                    in_flags: !prefix.is_empty(),
                    origin: Origin::Folder,
                    input,
                });
            }
        }
    }
    Ok(found)
}

/// The command-line arguments of the case whose input is `input`: its
/// `.args` file, one argument a line (none when there is no such file, or
/// it is not a regular file: a named pipe would hang the reader).
pub fn case_args(input: &Path) -> Vec<String> {
    let path = input.with_extension("args");
    if !std::fs::metadata(&path).is_ok_and(|m| m.is_file()) {
        return Vec::new();
    }
    std::fs::read_to_string(&path)
        .map(|text| {
            text.lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .map(String::from)
                .collect()
        })
        .unwrap_or_default()
}

/// A case's file, opened for reading if it is a regular file (or a link to
/// one): a pipe would hang the judging, and a device (`/dev/zero`) would
/// never end. The file is opened without waiting for a writer, and its type
/// is checked on the open file itself.
pub fn open_case_file(path: &Path) -> Result<std::fs::File, String> {
    let shown = path.display();
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    use std::os::unix::fs::OpenOptionsExt;
    options.custom_flags(libc::O_NONBLOCK);
    let file = options
        .open(path)
        .map_err(|e| format!("cannot read {shown}: {e}"))?;
    let meta = file
        .metadata()
        .map_err(|e| format!("cannot read {shown}: {e}"))?;
    if !meta.is_file() {
        return Err(format!(
            "cannot read {shown}: not a regular file (a pipe, a device or a folder)"
        ));
    }
    Ok(file)
}

/// The bytes of a case's file (see [`open_case_file`]).
pub fn read_case_file(path: &Path) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let mut bytes = Vec::new();
    open_case_file(path)?
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Ok(bytes)
}

/// The cases' files as they are before any program runs, copied into
/// `folder` (read-only), so that no run can change what a later case reads
/// or is held to: each case with its input and expected output in the
/// copy, or why its own files cannot be read. An error is the copy's own
/// (a full disk): nothing can be judged.
pub fn snapshot(cases: &[Case], folder: &Path) -> std::io::Result<Vec<Result<Case, String>>> {
    std::fs::create_dir(folder)?;
    let mut copies = Vec::with_capacity(cases.len());
    for (k, case) in cases.iter().enumerate() {
        let input = folder.join(format!("{k}.in"));
        let expected = folder.join(format!("{k}.out"));
        let copied = match copy_case_file(&case.input, &input)? {
            Err(why) => Err(why),
            Ok(()) => match &case.expected {
                None => Ok(None),
                Some(path) => copy_case_file(path, &expected)?.map(|()| Some(expected.clone())),
            },
        };
        copies.push(copied.map(|expected| Case {
            input,
            expected,
            ..case.clone()
        }));
    }
    Ok(copies)
}

/// Copies a case's file to `to`, read-only: `Ok(Err(why))` when the case's
/// file cannot be read, `Err` when the copy cannot be written.
fn copy_case_file(from: &Path, to: &Path) -> std::io::Result<Result<(), String>> {
    let bytes = match read_case_file(from) {
        Ok(bytes) => bytes,
        Err(why) => return Ok(Err(why)),
    };
    std::fs::write(to, bytes)?;
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(to, std::fs::Permissions::from_mode(0o444))?;
    Ok(Ok(()))
}

/// Writes `NAME.in` and `NAME.out` into `dir`, as new files: when either
/// name is taken, `NAME-2`, `NAME-3`, ... instead. Returns their paths.
pub fn save_new(
    dir: &Path,
    name: &str,
    input: &[u8],
    expected: &[u8],
) -> std::io::Result<(PathBuf, PathBuf)> {
    std::fs::create_dir_all(dir)?;
    for k in 1..1000 {
        let stem = if k == 1 {
            name.to_string()
        } else {
            format!("{name}-{k}")
        };
        let (input_path, expected_path) = (
            dir.join(format!("{stem}.in")),
            dir.join(format!("{stem}.out")),
        );
        // symlink_metadata: a dangling link takes its name too.
        if input_path.symlink_metadata().is_ok() || expected_path.symlink_metadata().is_ok() {
            continue;
        }
        match problem_kit::files::write_new(&input_path, input) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
        match problem_kit::files::write_new(&expected_path, expected) {
            Ok(()) => return Ok((input_path, expected_path)),
            // The pair or nothing: the input just written goes.
            Err(e) => {
                let _ = std::fs::remove_file(&input_path);
                if e.kind() == std::io::ErrorKind::AlreadyExists {
                    continue;
                }
                return Err(e);
            }
        }
    }
    Err(std::io::Error::new(
        std::io::ErrorKind::AlreadyExists,
        format!("{name}.in and 998 more names are taken"),
    ))
}

/// Where an input lies: in the judge's space, or beyond it (and why).
pub fn classify(problem: &dyn AnyProblem, input: &[u8]) -> Result<(), String> {
    problem.validate(input).map_err(|e| e.to_string())
}

/// The counts of judge-valid and beyond-judge cases among a judging's
/// (flag cases apart).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Census {
    pub judge: usize,
    pub beyond: usize,
    pub flags: usize,
}
