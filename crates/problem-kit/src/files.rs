//! Writing files so that no reader ever sees half of one, and no command
//! replaces a file it was not asked to replace.
//!
//! Both functions write to a temporary file beside the target (same folder,
//! so the same file system), flush it to disk, and then put it in place in
//! one step: [`write_atomically`] renames it over the target,
//! [`write_new`] links it to the target's name, which fails when that name
//! is taken. A failure (a full disk, say) removes the temporary file and
//! leaves the target as it was.
//!
//! And where the workspace's files are: [`workspace_root`], the one place
//! the commands, the bundler and the tests find it.

use std::io::Write;
use std::path::{Path, PathBuf};

/// The workspace's root folder, two above this crate's as above every
/// crate's: where the commands (installed ones too, by this path compiled
/// in), the bundler and the tests find the problems' crates, golden cases
/// and solutions. Canonical where it exists, so that a report shows
/// `/path/to/grid-games/inputs`, not `.../crates/problem-kit/../../inputs`.
pub fn workspace_root() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    root.canonicalize().unwrap_or(root)
}

/// A temporary name beside `path` that no other writer uses.
fn temporary_beside(path: &Path) -> PathBuf {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNT: AtomicU64 = AtomicU64::new(0);
    let name = path
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(
        ".{name}.tmp-{}-{}",
        std::process::id(),
        COUNT.fetch_add(1, Ordering::Relaxed)
    ))
}

/// Writes `bytes` to a new temporary file beside `path` and returns it.
fn write_temporary(path: &Path, bytes: &[u8]) -> std::io::Result<PathBuf> {
    let temporary = temporary_beside(path);
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&temporary)
        .and_then(|mut file| {
            file.write_all(bytes)?;
            file.sync_all()
        });
    match written {
        Ok(()) => Ok(temporary),
        Err(e) => {
            let _ = std::fs::remove_file(&temporary);
            Err(e)
        }
    }
}

/// Why `path` cannot be a folder to write into, if it cannot: it, or the
/// nearest part of it that exists, is a file or a link to nothing (a
/// trailing `/` changes nothing). Said before any work, so that a command
/// never finds it out only when it comes to save.
pub fn not_a_folder(path: &Path) -> Option<String> {
    let whole: std::path::PathBuf = path.components().collect();
    for part in whole
        .ancestors()
        .filter(|part| !part.as_os_str().is_empty())
    {
        match std::fs::symlink_metadata(part) {
            Ok(_) if part.is_dir() => return None,
            Ok(_) => {
                return Some(if part == whole {
                    format!(
                        "{} is not a folder (a file, or a link to nothing)",
                        path.display()
                    )
                } else {
                    format!(
                        "{} cannot be made: {} is not a folder (a file, or a link to nothing)",
                        path.display(),
                        part.display()
                    )
                })
            }
            Err(_) => continue,
        }
    }
    None
}

/// Replaces (or creates) `path` with `bytes`, all at once: a reader sees the
/// old file or the new one, never part of one.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let temporary = write_temporary(path, bytes)?;
    std::fs::rename(&temporary, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&temporary);
    })
}

/// Creates `path` with `bytes`, all at once, and fails with
/// [`std::io::ErrorKind::AlreadyExists`] when something is already there
/// (never replacing it).
pub fn write_new(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let temporary = write_temporary(path, bytes)?;
    let linked = std::fs::hard_link(&temporary, path);
    let _ = std::fs::remove_file(&temporary);
    linked
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_target_through_a_file_or_a_dangling_link_is_refused() {
        let dir = std::env::temp_dir().join(format!("problem-kit-folders-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("file"), "").unwrap();
        std::os::unix::fs::symlink(dir.join("nowhere"), dir.join("dangling")).unwrap();
        for bad in [
            "file",
            "file/",
            "file/sub",
            "dangling",
            "dangling/",
            "dangling/sub",
        ] {
            assert!(not_a_folder(&dir.join(bad)).is_some(), "{bad}");
        }
        for good in ["", "new", "new/deeper"] {
            assert_eq!(not_a_folder(&dir.join(good)), None, "{good}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn atomic_and_new_writes() {
        let dir = std::env::temp_dir().join(format!("problem-kit-files-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("page.html");
        write_atomically(&path, b"one").unwrap();
        write_atomically(&path, b"two").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"two");
        let error = write_new(&path, b"three").unwrap_err();
        assert_eq!(error.kind(), std::io::ErrorKind::AlreadyExists);
        assert_eq!(std::fs::read(&path).unwrap(), b"two");
        write_new(&dir.join("fresh"), b"four").unwrap();
        // Nothing temporary is left behind.
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, ["fresh", "page.html"]);
        // A folder that does not exist: an error, and nothing written.
        assert!(write_atomically(&dir.join("missing/page.html"), b"x").is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
