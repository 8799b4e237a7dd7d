//! The cache of built solutions: a folder of the user's own in the
//! system's temporary folder (checked to be theirs, and closed to others,
//! before anything in it is run; see [`crate::folders::private_folder`]),
//! holding a folder a build, named by the hash of what made it. Nothing is
//! ever written beside the user's source.

use std::path::{Path, PathBuf};

use super::PrepareError;

/// The cache's folder, in the system's temporary folder (not the
/// workspace's root, `problem_kit::files::workspace_root`).
pub fn folder() -> PathBuf {
    std::env::temp_dir().join(format!("grid-games-build-{}", crate::folders::user_id()))
}

/// A hash of the parts, as a build's name.
pub fn key(parts: &[&[u8]]) -> String {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    for part in parts {
        part.hash(&mut hasher);
    }
    format!("{:016x}", hasher.finish())
}

/// The folder `built`, made by `make` in a fresh folder beside it and then
/// renamed into place, unless it is already there with its `artifact` (a
/// finished build: the rename is atomic, so a half-made folder never has
/// the final name). A folder whose artifact is gone (a cleaner of the
/// temporary folder) is made again.
pub fn build_once(
    built: &Path,
    artifact: &str,
    make: impl FnOnce(&Path) -> Result<(), PrepareError>,
) -> Result<PathBuf, PrepareError> {
    if built.join(artifact).is_file() {
        return Ok(built.to_path_buf());
    }
    let _ = crate::folders::remove_tree(built);
    let partial = built.with_extension(format!("partial-{}", std::process::id()));
    let _ = crate::folders::remove_tree(&partial);
    std::fs::create_dir_all(&partial)
        .map_err(|e| PrepareError::Other(format!("{}: {e}", partial.display())))?;
    let made = make(&partial);
    if made.is_err() {
        let _ = crate::folders::remove_tree(&partial);
        made?;
    }
    if std::fs::rename(&partial, built).is_err() {
        // Another run finished the same build first: use it.
        let _ = crate::folders::remove_tree(&partial);
    }
    Ok(built.to_path_buf())
}

/// Writes a file of a build folder; failing, the error names the folder (a
/// full disk, say).
pub fn write(dir: &Path, name: &str, bytes: &[u8]) -> Result<PathBuf, PrepareError> {
    let path = dir.join(name);
    std::fs::write(&path, bytes).map_err(|e| {
        PrepareError::Other(format!(
            "cannot write the build folder {}: {e}",
            dir.display()
        ))
    })?;
    Ok(path)
}
