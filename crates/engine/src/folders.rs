//! The folders the engine writes in: private ones of this user's own under
//! the system's temporary folder (the build cache, saved stress cases), and
//! the scratch folder of one judging or stress session, and removing what
//! a program left in them ([`remove_tree`]).

use std::path::{Path, PathBuf};

mod removal;
pub use removal::remove_tree;

/// The user running this process.
pub fn user_id() -> u32 {
    // SAFETY: getuid has no preconditions.
    unsafe { libc::getuid() }
}

/// Makes `folder` if missing (its parent must exist), and checks that it is
/// this user's own and closed to others (mode 0700 is set on it when it is
/// ours): what the commands keep in a folder of a shared place (the build
/// cache, saved stress cases) cannot be planted or read by another user.
pub fn private_folder(folder: &Path) -> Result<PathBuf, String> {
    // Only the folder itself is made: a temporary folder (TMPDIR) that
    // does not exist is the user's to fix, not to be made here.
    if let Some(parent) = folder.parent().filter(|p| !p.as_os_str().is_empty()) {
        if !parent.is_dir() {
            return Err(format!(
                "cannot make {}: the folder {} does not exist (is TMPDIR a folder?)",
                folder.display(),
                parent.display()
            ));
        }
    }
    match std::fs::create_dir(folder) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
        Err(e) => return Err(format!("cannot make {}: {e}", folder.display())),
    }
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    // symlink_metadata: a link planted in the folder's place is not
    // followed.
    let meta = std::fs::symlink_metadata(folder)
        .map_err(|e| format!("cannot read {}: {e}", folder.display()))?;
    if !meta.is_dir() || meta.uid() != user_id() {
        return Err(format!(
            "{} is not a folder of this user's own (another user's, or a link): \
             remove it, or set TMPDIR to a folder of your own",
            folder.display()
        ));
    }
    if meta.mode() & 0o077 != 0 {
        std::fs::set_permissions(folder, std::fs::Permissions::from_mode(0o700))
            .map_err(|e| format!("cannot close {} to others: {e}", folder.display()))?;
    }
    Ok(folder.to_path_buf())
}

/// A folder for one judging or stress session's runs and files, removed
/// when dropped: programs run there, so whatever they write lands there.
#[derive(Debug)]
pub struct Scratch {
    path: PathBuf,
}

impl Scratch {
    /// A new, empty folder under the system's temporary folder.
    pub fn new(purpose: &str) -> std::io::Result<Scratch> {
        use std::sync::atomic::{AtomicU64, Ordering};
        static COUNT: AtomicU64 = AtomicU64::new(0);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let path = std::env::temp_dir().join(format!(
            "grid-games-{purpose}-{}-{}-{nanos}",
            std::process::id(),
            COUNT.fetch_add(1, Ordering::Relaxed)
        ));
        // The error names the folder: a TMPDIR that does not exist or is
        // full is then plain to see.
        std::fs::create_dir(&path)
            .map_err(|e| std::io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
        Ok(Scratch { path })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if let Err(e) = remove_tree(&self.path) {
            note_left_behind(format!(
                "the scratch folder {} could not be removed: {e}",
                self.path.display()
            ));
        }
    }
}

/// What could not be removed, for the command to say (the engine does not
/// print): a folder left on disk unsaid is a disk filled unseen.
static LEFT_BEHIND: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());

/// Notes a folder that could not be removed, with why.
pub fn note_left_behind(message: String) {
    LEFT_BEHIND
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push(message);
}

/// The folders noted as left behind since the last call, one message each.
pub fn take_left_behind() -> Vec<String> {
    std::mem::take(&mut *LEFT_BEHIND.lock().unwrap_or_else(|e| e.into_inner()))
}
