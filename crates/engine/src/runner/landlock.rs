//! Landlock: the files a solution's run may reach, as the kernel enforces
//! them on it and on every process it starts. A run reads the system's
//! files (the interpreters, the libraries, `/etc`, `/proc`, `/sys`), the
//! folders its program was built in, and writes only its own folder and
//! `/dev/null`; the cases, the expected answers, the build cache beside
//! its own build, other runs' folders and the user's home are out of its
//! reach. A sandboxed process also cannot trace, or read the memory and
//! descriptors of, a process outside its sandbox (the runner's).
//!
//! The ruleset is made in the runner (it opens files and allocates); the
//! child only hands its descriptor to `landlock_restrict_self` before
//! `exec`.

use std::ffi::CString;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::rc::Rc;

const CREATE_RULESET: libc::c_long = 444;
const ADD_RULE: libc::c_long = 445;
pub(super) const RESTRICT_SELF: libc::c_long = 446;
const RULESET_VERSION: u32 = 1;
const RULE_PATH_BENEATH: libc::c_int = 1;

const EXECUTE: u64 = 1 << 0;
const WRITE_FILE: u64 = 1 << 1;
const READ_FILE: u64 = 1 << 2;
const READ_DIR: u64 = 1 << 3;
/// Every right of version 1: the above, then removing and making each kind
/// of file (bits 4 to 12).
const ALL_V1: u64 = (1 << 13) - 1;
const REFER: u64 = 1 << 13;
const TRUNCATE: u64 = 1 << 14;
/// The rights that apply to a file (not a folder) in a rule.
const FILE_RIGHTS: u64 = EXECUTE | WRITE_FILE | READ_FILE | TRUNCATE;

/// The system's folders every run may read and execute from, where they
/// exist.
const SYSTEM: [&str; 12] = [
    "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt", "/sys", "/nix",
    "/gnu",
];

#[repr(C)]
struct RulesetAttr {
    handled_access_fs: u64,
    /// The network rights handled (version 4): none, for a run has no
    /// socket to use them on (see `seccomp`).
    handled_access_net: u64,
    /// What a sandboxed process may not do beyond its sandbox (version 6).
    scoped: u64,
}

/// The scope bits (version 6): no abstract Unix socket, and no signal, to
/// a process outside the run's sandbox. In a PID namespace a run cannot
/// name such a process anyway; without one (a warm start's child, a
/// machine without namespaces) this keeps it from the runner, the warm
/// server and every other process of the user's.
const SCOPE_ABSTRACT_UNIX_SOCKET: u64 = 1 << 0;
const SCOPE_SIGNAL: u64 = 1 << 1;

#[repr(C, packed)]
struct PathBeneath {
    allowed_access: u64,
    parent_fd: i32,
}

/// The version of Landlock this kernel has, 0 for none.
pub fn version() -> u32 {
    // SAFETY: landlock_create_ruleset with a null attribute and the version
    // flag only returns a number.
    let v = unsafe {
        libc::syscall(
            CREATE_RULESET,
            std::ptr::null::<RulesetAttr>(),
            0usize,
            RULESET_VERSION,
        )
    };
    u32::try_from(v).unwrap_or(0)
}

/// What a run may reach besides the system's folders.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reach {
    /// Files and folders it may read (and execute from).
    pub reads: Vec<PathBuf>,
    /// Files it may read that are reached as themselves alone, never
    /// through the installation around them (a user's own executable,
    /// whose `bin` folder's parent may hold the cases).
    pub exact: Vec<PathBuf>,
    /// The folder it may write in (its own), if any.
    pub writes: Option<PathBuf>,
}

/// A ruleset for `reach` on a kernel of Landlock `version` (at least 1).
pub fn ruleset(version: u32, reach: &Reach) -> std::io::Result<OwnedFd> {
    let mut handled = ALL_V1;
    if version >= 2 {
        handled |= REFER;
    }
    if version >= 3 {
        handled |= TRUNCATE;
    }
    let attr = RulesetAttr {
        handled_access_fs: handled,
        handled_access_net: 0,
        scoped: SCOPE_ABSTRACT_UNIX_SOCKET | SCOPE_SIGNAL,
    };
    // A kernel before version 6 reads the first field alone (it refuses
    // fields it does not know that are not zero).
    let size = match version {
        6.. => std::mem::size_of::<RulesetAttr>(),
        _ => std::mem::size_of::<u64>(),
    };
    // SAFETY: landlock_create_ruleset with a live attribute at least
    // `size` bytes long.
    let fd = unsafe { libc::syscall(CREATE_RULESET, &attr as *const RulesetAttr, size, 0u32) };
    if fd < 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: the descriptor is new and ours.
    let ruleset = unsafe { OwnedFd::from_raw_fd(fd as i32) };
    let read = EXECUTE | READ_FILE | READ_DIR;
    for folder in SYSTEM {
        allow(&ruleset, Path::new(folder), read & handled);
    }
    allow(
        &ruleset,
        Path::new("/proc"),
        (READ_FILE | READ_DIR) & handled,
    );
    // The devices read (`/dev/urandom`, `/dev/stdin`) and the few
    // written (`/dev/null`); nothing is made in `/dev/shm`, where a file
    // would outlive its run.
    allow(
        &ruleset,
        Path::new("/dev"),
        (READ_FILE | READ_DIR) & handled,
    );
    for device in ["/dev/null", "/dev/zero", "/dev/full"] {
        allow(
            &ruleset,
            Path::new(device),
            (WRITE_FILE | TRUNCATE) & handled,
        );
    }
    for path in &reach.reads {
        allow(&ruleset, path, read & handled);
    }
    if let Some(folder) = &reach.writes {
        allow(&ruleset, folder, handled);
    }
    Ok(ruleset)
}

/// The Landlock ruleset of a run of `argv` in `dir` that reaches what
/// `access` says, on a kernel of Landlock `version` (0 for none): the
/// system's files, its program's folders (found from its command line),
/// the toolchains' homes and the reach's own; `None` where Landlock does
/// not hold it.
///
/// A ruleset is made once and kept for the thread's next runs of the same
/// command in the same folder: making one opens every folder of the reach
/// (a third of a short run's cost), and a ruleset can be entered by any
/// number of processes. Its rules hold the folders and files as they were
/// opened, so it is kept only while the run's folder and the reach's own
/// files are those same files (their device and inode).
pub(super) fn ruleset_for(
    argv: &[std::ffi::OsString],
    dir: &Path,
    access: &super::Access,
    version: u32,
) -> std::io::Result<Option<Rc<OwnedFd>>> {
    let Some(reach) = access.reach().filter(|_| version > 0) else {
        return Ok(None);
    };
    let key = RulesetKey {
        argv: argv.to_vec(),
        dir: dir.to_path_buf(),
        access: access.clone(),
        version,
        files: std::iter::once(dir)
            .chain(reach.writes.as_deref())
            .chain(reach.exact.iter().map(PathBuf::as_path))
            .map(file_identity)
            .collect(),
    };
    let kept = KEPT.with(|kept| {
        kept.borrow()
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, ruleset)| Rc::clone(ruleset))
    });
    if let Some(ruleset) = kept {
        return Ok(Some(ruleset));
    }
    let made = Rc::new(make_ruleset_for(argv, dir, access, reach, version)?);
    KEPT.with(|kept| {
        let mut kept = kept.borrow_mut();
        if kept.len() >= KEPT_RULESETS {
            kept.remove(0);
        }
        kept.push((key, Rc::clone(&made)));
    });
    Ok(Some(made))
}

/// How many rulesets a thread keeps: one for each folder its runs take
/// turns in, and a few more.
const KEPT_RULESETS: usize = 8;

/// What a kept ruleset was made for.
#[derive(PartialEq)]
struct RulesetKey {
    argv: Vec<std::ffi::OsString>,
    dir: PathBuf,
    access: super::Access,
    version: u32,
    /// The device and inode of the run's folder and of the reach's own
    /// files, `None` for one that is not there.
    files: Vec<Option<(u64, u64)>>,
}

thread_local! {
    static KEPT: std::cell::RefCell<Vec<(RulesetKey, Rc<OwnedFd>)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// The device and inode of `path`, not following a link.
fn file_identity(path: &Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::symlink_metadata(path).ok()?;
    Some((meta.dev(), meta.ino()))
}

/// Makes the ruleset of [`ruleset_for`].
fn make_ruleset_for(
    argv: &[std::ffi::OsString],
    dir: &Path,
    access: &super::Access,
    reach: &Reach,
    version: u32,
) -> std::io::Result<OwnedFd> {
    let mut reach = reach.clone();
    let executable = argv.first().map(|a| Path::new(a).to_path_buf());
    let executable = executable.and_then(|e| {
        if e.as_os_str().as_encoded_bytes().contains(&b'/') {
            Some(dir.join(e))
        } else {
            super::find_on_path(e.as_os_str())
        }
    });
    reach.reads.extend(program_folders(
        argv,
        executable.as_deref(),
        &reach.exact,
        matches!(access, super::Access::Compile(_)),
    ));
    reach.reads.extend(reach.exact.clone());
    reach.reads.extend(toolchain_homes());
    ruleset(version, &reach)
}

/// Adds the rule that `path` and what is beneath it may be reached with
/// `rights` (those of a file alone when it is a file); a path that does not
/// exist is passed over.
fn allow(ruleset: &OwnedFd, path: &Path, rights: u64) {
    let Ok(name) = CString::new(path.as_os_str().as_bytes()) else {
        return;
    };
    // SAFETY: open with a valid C string; O_PATH reads nothing.
    let fd = unsafe { libc::open(name.as_ptr(), libc::O_PATH | libc::O_CLOEXEC) };
    if fd < 0 {
        return;
    }
    // SAFETY: the descriptor is new and ours.
    let fd = unsafe { OwnedFd::from_raw_fd(fd) };
    let rights = if path.is_dir() {
        rights
    } else {
        rights & FILE_RIGHTS
    };
    let rule = PathBeneath {
        allowed_access: rights,
        parent_fd: fd.as_raw_fd(),
    };
    // SAFETY: landlock_add_rule with a live, packed rule.
    unsafe {
        libc::syscall(
            ADD_RULE,
            ruleset.as_raw_fd(),
            RULE_PATH_BENEATH,
            &rule as *const PathBeneath,
            0u32,
        )
    };
}

/// The folders, relative to the home folder, where toolchains install
/// themselves (rustup, pyenv, SDKMAN!, nvm): a compiler or an interpreter
/// found there reads its own installation. None of them holds a user's
/// cases, nor the workspace's own commands (`~/.cargo/bin`, where `cargo
/// install` puts them, is not among them: a run that could start
/// `cargo-judge` would have the workspace's answers).
const TOOLCHAIN_HOMES: [&str; 4] = [".rustup", ".pyenv", ".sdkman", ".nvm"];

/// The toolchain folders of this user's home, and the one `RUSTUP_HOME`
/// names.
pub fn toolchain_homes() -> Vec<PathBuf> {
    let mut homes: Vec<PathBuf> = ["RUSTUP_HOME"]
        .iter()
        .filter_map(std::env::var_os)
        .map(PathBuf::from)
        .collect();
    if let Some(home) = std::env::var_os("HOME").map(PathBuf::from) {
        homes.extend(TOOLCHAIN_HOMES.iter().map(|folder| home.join(folder)));
    }
    homes.retain(|folder| folder.is_dir());
    homes
}

/// The files and folders a program needs, for its reach: each absolute
/// path among its arguments (its build, a class path, a driver), and the
/// installation each executable among them comes from (`/x/bin/python3`
/// gives `/x`; the program's own, `executable`, one a wrapper runs, and,
/// with `names_on_path`, a bare name on `PATH`, such as a compiler's: never
/// a shell command's words) where that is outside the
/// system's folders (a toolchain in the user's home), but never the home
/// itself. An executable outside a `bin` folder (a build's), or in `exact`
/// (a user's), gives itself alone: never the build cache or the user's
/// folder around it.
pub fn program_folders(
    argv: &[std::ffi::OsString],
    executable: Option<&Path>,
    exact: &[PathBuf],
    names_on_path: bool,
) -> Vec<PathBuf> {
    let mut folders = Vec::new();
    let absolute = argv
        .iter()
        .map(Path::new)
        .filter(|path| path.is_absolute() && path.exists());
    // A file alone, not its folder: an executable run as it is may sit
    // beside the user's cases.
    folders.extend(absolute.clone().map(Path::to_path_buf));
    let on_path = argv
        .iter()
        .filter(|_| names_on_path)
        .filter(|word| !word.as_encoded_bytes().contains(&b'/') && !word.is_empty())
        .filter_map(|word| super::find_on_path(word));
    let home = std::env::var_os("HOME").map(PathBuf::from);
    let executables = executable
        .map(Path::to_path_buf)
        .into_iter()
        .chain(absolute.filter(|p| p.is_file()).map(Path::to_path_buf))
        .chain(on_path)
        .filter(|e| !exact.contains(e));
    for real in executables.filter_map(|e| e.canonicalize().ok()) {
        if SYSTEM.iter().any(|s| real.starts_with(s)) || exact.contains(&real) {
            continue;
        }
        // An installation's executables are in its `bin`; any other
        // executable (a build's) is reached through itself alone.
        let bin = real
            .parent()
            .filter(|b| b.file_name().is_some_and(|n| n == "bin"));
        match bin.and_then(Path::parent) {
            Some(prefix) if Some(prefix) != home.as_deref() && prefix != Path::new("/") => {
                folders.push(prefix.to_path_buf())
            }
            _ => folders.push(real.clone()),
        }
    }
    folders
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_ruleset_serves_the_same_folder_and_never_one_made_in_its_place() {
        if version() == 0 {
            return;
        }
        let base = std::env::temp_dir().join(format!("grid-games-landlock-{}", std::process::id()));
        let dir = base.join("run-0");
        std::fs::create_dir_all(&dir).unwrap();
        let argv = vec![std::ffi::OsString::from("/bin/true")];
        let access = super::super::Access::Solution(Reach {
            reads: Vec::new(),
            exact: Vec::new(),
            writes: Some(dir.clone()),
        });
        let first = ruleset_for(&argv, &dir, &access, version())
            .unwrap()
            .unwrap();
        let again = ruleset_for(&argv, &dir, &access, version())
            .unwrap()
            .unwrap();
        assert!(
            Rc::ptr_eq(&first, &again),
            "the same folder's ruleset is kept"
        );
        // A folder of the same name made anew is another folder: its rule
        // would not hold it.
        std::fs::remove_dir(&dir).unwrap();
        let stand_in = base.join("stand-in");
        std::fs::create_dir(&stand_in).unwrap();
        std::fs::create_dir(&dir).unwrap();
        let remade = ruleset_for(&argv, &dir, &access, version())
            .unwrap()
            .unwrap();
        assert!(
            !Rc::ptr_eq(&first, &remade),
            "a folder made anew gets a new ruleset"
        );
        let _ = std::fs::remove_dir_all(&base);
    }
}
