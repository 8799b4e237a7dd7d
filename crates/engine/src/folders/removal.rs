//! Removing a folder a program may have filled as it liked: a tree deeper
//! than the descriptors the command may open (`std::fs::remove_dir_all`
//! keeps one open a level, and gives up past `ulimit -n`), folders made
//! read-only or closed, and links, which are removed and never followed.
//!
//! The walk holds at most four descriptors at once, whatever the depth:
//! the folder it is in, a copy of it while its names are read, the child
//! it goes down to or the parent it goes back up to (by `..`, checked to be
//! the folder it came down from), and the C library's own while it opens up
//! a closed folder. What it keeps of each level above
//! is in memory: the level's names still to remove and its identity.

use std::ffi::{CStr, CString, OsStr};
use std::io::{Error, ErrorKind, Result};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

/// Removes `path` and everything under it, not following links (a link at
/// `path` itself is removed, not what it points to). Folders that deny
/// their owner reading or writing are opened up first. Failing, the error
/// names the entry that could not be removed, and as much else as could be
/// is removed.
pub fn remove_tree(path: &Path) -> Result<()> {
    let meta = match std::fs::symlink_metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(named(path, e)),
    };
    if !meta.is_dir() {
        return std::fs::remove_file(path).map_err(|e| named(path, e));
    }
    let c_path = CString::new(path.as_os_str().as_bytes())
        .map_err(|_| Error::new(ErrorKind::InvalidInput, "a path with a NUL byte"))?;
    let top = Descriptor::open_folder(libc::AT_FDCWD, &c_path).map_err(|e| named(path, e))?;
    let mut first_error = empty_tree(top, path);
    if let Err(e) = std::fs::remove_dir(path) {
        first_error.get_or_insert(named(path, e));
    }
    first_error.map_or(Ok(()), Err)
}

/// One folder on the way down: its identity, its name in its parent, and
/// the names in it not yet removed.
struct Level {
    identity: (u64, u64),
    name: CString,
    names: Vec<CString>,
}

/// Removes everything in the folder `top` (at `path`, for the messages),
/// going down and back up one descriptor at a time. Gives the first error.
fn empty_tree(top: Descriptor, path: &Path) -> Option<Error> {
    let mut first_error: Option<Error> = None;
    let note = |first: &mut Option<Error>, error: Error, name: &CStr, levels: &[Level]| {
        first.get_or_insert_with(|| named(&entry_path(path, levels, name), error));
    };
    let mut current = top;
    let mut levels = match Level::read(&current, CString::default()) {
        Ok(level) => vec![level],
        Err(e) => return Some(named(path, e)),
    };
    loop {
        let Some(level) = levels.last_mut() else {
            return first_error;
        };
        if let Some(name) = level.names.pop() {
            match current.remove_or_open(&name) {
                Ok(None) => {}
                Ok(Some(child)) => match Level::read(&child, name.clone()) {
                    Ok(level) => {
                        levels.push(level);
                        current = child;
                    }
                    Err(e) => note(&mut first_error, e, &name, &levels),
                },
                Err(e) => note(&mut first_error, e, &name, &levels),
            }
            continue;
        }
        // This level is empty: back up to its parent, and remove it there.
        let done = levels.pop().expect("a level was looked at");
        let Some(parent) = levels.last() else {
            return first_error;
        };
        match current.parent(parent.identity) {
            Ok(up) => current = up,
            // The tree moved under the walk: going on could remove what is
            // not in it.
            Err(e) => {
                note(&mut first_error, e, &done.name, &levels);
                return first_error;
            }
        }
        if let Err(e) = current.unlink(&done.name, libc::AT_REMOVEDIR) {
            note(&mut first_error, e, &done.name, &levels);
        }
    }
}

impl Level {
    /// The level of the open folder `folder`, named `name` in its parent.
    fn read(folder: &Descriptor, name: CString) -> Result<Level> {
        Ok(Level {
            identity: folder.identity()?,
            name,
            names: folder.names()?,
        })
    }
}

/// The path of the entry `name` in the deepest of `levels`, for a message.
fn entry_path(top: &Path, levels: &[Level], name: &CStr) -> std::path::PathBuf {
    let mut path = top.to_path_buf();
    for level in levels.iter().skip(1) {
        path.push(OsStr::from_bytes(level.name.to_bytes()));
    }
    path.push(OsStr::from_bytes(name.to_bytes()));
    path
}

/// The error `error` with the path it is about.
fn named(path: &Path, error: Error) -> Error {
    Error::new(error.kind(), format!("{}: {error}", path.display()))
}

/// An open folder, closed when dropped.
struct Descriptor(libc::c_int);

impl Drop for Descriptor {
    fn drop(&mut self) {
        // SAFETY: the descriptor is this value's own, closed once.
        unsafe { libc::close(self.0) };
    }
}

/// The result of a system call that gives -1 on failure.
fn checked(result: libc::c_int) -> Result<libc::c_int> {
    if result < 0 {
        Err(Error::last_os_error())
    } else {
        Ok(result)
    }
}

impl Descriptor {
    /// Opens the folder `name` of the folder `at` (or `AT_FDCWD`), never
    /// through a link. A folder its owner may not read or enter is opened
    /// up (`chmod 700`, not following a link) and opened again; one it may
    /// not write in is opened up once open, so its entries can go.
    fn open_folder(at: libc::c_int, name: &CStr) -> Result<Descriptor> {
        let flags = libc::O_RDONLY | libc::O_DIRECTORY | libc::O_NOFOLLOW | libc::O_CLOEXEC;
        // SAFETY: openat and fchmodat with a C string of ours.
        let open = || checked(unsafe { libc::openat(at, name.as_ptr(), flags) });
        let folder = match open() {
            Err(e) if e.kind() == ErrorKind::PermissionDenied => {
                // SAFETY: as above; AT_SYMLINK_NOFOLLOW refuses a link.
                checked(unsafe {
                    libc::fchmodat(at, name.as_ptr(), 0o700, libc::AT_SYMLINK_NOFOLLOW)
                })?;
                Descriptor(open()?)
            }
            opened => Descriptor(opened?),
        };
        let mut meta: libc::stat = unsafe { std::mem::zeroed() };
        // SAFETY: fstat and fchmod on a descriptor of ours.
        checked(unsafe { libc::fstat(folder.0, &mut meta) })?;
        if meta.st_mode & 0o700 != 0o700 {
            checked(unsafe { libc::fchmod(folder.0, 0o700) })?;
        }
        Ok(folder)
    }

    /// The device and inode of the folder.
    fn identity(&self) -> Result<(u64, u64)> {
        let mut meta: libc::stat = unsafe { std::mem::zeroed() };
        // SAFETY: fstat on a descriptor of ours, into a local.
        checked(unsafe { libc::fstat(self.0, &mut meta) })?;
        Ok((meta.st_dev, meta.st_ino))
    }

    /// The names in the folder, but `.` and `..`, read through a copy of
    /// the descriptor (`closedir` closes what it reads).
    fn names(&self) -> Result<Vec<CString>> {
        // SAFETY: fcntl, fdopendir, readdir and closedir on a copy of our
        // descriptor, the copy owned by the stream; a name is copied out
        // before the next readdir.
        unsafe {
            let copy = checked(libc::fcntl(self.0, libc::F_DUPFD_CLOEXEC, 0))?;
            let stream = libc::fdopendir(copy);
            if stream.is_null() {
                let e = Error::last_os_error();
                libc::close(copy);
                return Err(e);
            }
            let mut names = Vec::new();
            loop {
                *libc::__errno_location() = 0;
                let entry = libc::readdir(stream);
                if entry.is_null() {
                    let errno = *libc::__errno_location();
                    libc::closedir(stream);
                    if errno != 0 {
                        return Err(Error::from_raw_os_error(errno));
                    }
                    return Ok(names);
                }
                let name = CStr::from_ptr((*entry).d_name.as_ptr());
                if name != c"." && name != c".." {
                    names.push(name.to_owned());
                }
            }
        }
    }

    /// Removes the entry `name` when it is no folder (a link included),
    /// else opens it to be emptied.
    fn remove_or_open(&self, name: &CStr) -> Result<Option<Descriptor>> {
        let mut meta: libc::stat = unsafe { std::mem::zeroed() };
        // SAFETY: fstatat with a C string of ours, not following a link.
        let stat =
            unsafe { libc::fstatat(self.0, name.as_ptr(), &mut meta, libc::AT_SYMLINK_NOFOLLOW) };
        match checked(stat) {
            Err(e) if e.kind() == ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e),
            Ok(_) if meta.st_mode & libc::S_IFMT == libc::S_IFDIR => {
                Descriptor::open_folder(self.0, name).map(Some)
            }
            Ok(_) => self.unlink(name, 0).map(|()| None),
        }
    }

    /// The parent folder, checked to be the one with `identity`.
    fn parent(&self, identity: (u64, u64)) -> Result<Descriptor> {
        let flags = libc::O_RDONLY | libc::O_DIRECTORY | libc::O_CLOEXEC;
        // SAFETY: openat with a C string literal.
        let parent = Descriptor(checked(unsafe {
            libc::openat(self.0, c"..".as_ptr(), flags)
        })?);
        if parent.identity()? != identity {
            return Err(Error::other("the folder was moved while it was removed"));
        }
        Ok(parent)
    }

    /// `unlinkat` of the entry `name`; one already gone is no error.
    fn unlink(&self, name: &CStr, flags: libc::c_int) -> Result<()> {
        // SAFETY: unlinkat with a C string of ours.
        match checked(unsafe { libc::unlinkat(self.0, name.as_ptr(), flags) }) {
            Err(e) if e.kind() != ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn folder(name: &str) -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("engine-removal-{name}-{}", std::process::id()));
        let _ = remove_tree(&dir);
        std::fs::create_dir(&dir).unwrap();
        dir
    }

    #[test]
    fn a_tree_deeper_than_the_descriptors_allowed_is_removed() {
        let top = folder("deep");
        let mut walk = top.clone();
        for k in 0..1100 {
            walk.push("d");
            std::fs::create_dir(&walk).unwrap();
            if k % 100 == 0 {
                std::fs::write(walk.join("file"), "x").unwrap();
                std::os::unix::fs::symlink("..", walk.join("up")).unwrap();
            }
        }
        remove_tree(&top).unwrap();
        assert!(!top.exists());
    }

    #[test]
    fn read_only_and_closed_folders_are_removed() {
        let top = folder("modes");
        for (sub, mode) in [("ro", 0o555), ("closed", 0o000), ("enter-only", 0o100)] {
            let dir = top.join(sub).join("inner");
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(dir.join("file"), "x").unwrap();
            std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(mode)).unwrap();
            std::fs::set_permissions(top.join(sub), std::fs::Permissions::from_mode(mode)).unwrap();
        }
        std::fs::set_permissions(&top, std::fs::Permissions::from_mode(0o500)).unwrap();
        remove_tree(&top).unwrap();
        assert!(!top.exists());
    }

    #[test]
    fn links_are_removed_not_followed() {
        let top = folder("links");
        let outside = folder("links-outside");
        std::fs::write(outside.join("kept"), "x").unwrap();
        std::fs::set_permissions(&outside, std::fs::Permissions::from_mode(0o500)).unwrap();
        std::os::unix::fs::symlink(&outside, top.join("to-folder")).unwrap();
        std::os::unix::fs::symlink(outside.join("kept"), top.join("to-file")).unwrap();
        let link = folder("links-link").with_extension("link");
        std::os::unix::fs::symlink(&outside, &link).unwrap();
        remove_tree(&top).unwrap();
        remove_tree(&link).unwrap();
        assert!(!top.exists() && std::fs::symlink_metadata(&link).is_err());
        assert!(outside.join("kept").is_file());
        let mode = std::fs::metadata(&outside).unwrap().permissions().mode();
        assert_eq!(
            mode & 0o777,
            0o500,
            "the folder a link names is left as it was"
        );
        remove_tree(&outside).unwrap();
    }
}
