//! `cargo bundle PROBLEM... [--out DIR]`: writes `DIR/PROBLEM.rs` (default
//! `bundle/` in cargo's target folder: `$CARGO_TARGET_DIR`, else the
//! workspace's `target/`), one self-contained source file per problem.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

fn main() -> ExitCode {
    problem_kit::run::ignore_file_size_signal();
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err((status, message)) => {
            let _ = writeln!(std::io::stderr(), "{message}");
            ExitCode::from(status)
        }
    }
}

/// Where bundles go when `--out` is not given.
fn default_out_dir() -> PathBuf {
    let target = match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => problem_kit::files::workspace_root().join("target"),
    };
    target.join("bundle")
}

/// `path` without `..` and `.` steps and links, even when its last parts
/// do not exist yet: its nearest existing folder, resolved, and the rest.
fn shown(path: &Path) -> PathBuf {
    let absolute = std::env::current_dir()
        .map(|here| here.join(path))
        .unwrap_or_else(|_| path.to_path_buf());
    let mut rest = Vec::new();
    let mut existing = absolute.as_path();
    loop {
        if let Ok(resolved) = existing.canonicalize() {
            return rest.iter().rev().fold(resolved, |p, part| p.join(part));
        }
        match (existing.parent(), existing.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name.to_owned());
                existing = parent;
            }
            _ => return absolute,
        }
    }
}

/// Whether a bundle may be written at `path`: nothing is there, or an
/// earlier bundle (a file that begins as every bundle does). Anything else
/// there is the user's, and is never replaced.
fn replaceable(path: &Path) -> bool {
    use std::io::Read;
    let Ok(meta) = std::fs::symlink_metadata(path) else {
        return true;
    };
    if !meta.is_file() {
        return false;
    }
    let mut head = [0u8; 128];
    let read = std::fs::File::open(path)
        .and_then(|mut file| file.read(&mut head))
        .unwrap_or(0);
    head[..read].starts_with(b"//! `")
        && head[..read]
            .windows(24)
            .any(|w| w == b"a self-contained submiss")
}

/// Why the command stops: its exit status (2 bad usage, 1 a failure) and
/// the message to print.
type Failure = (u8, String);

/// The usage line, with every problem the bundler knows.
fn usage() -> String {
    format!(
        "usage: cargo bundle PROBLEM... [--out DIR]   (problems: {}, or all; or by the \
         judge's number: {})",
        bundle::problems().join(", "),
        registry::ALL
            .iter()
            .map(|p| p.info().aliases()[1].clone())
            .collect::<Vec<_>>()
            .join(", ")
    )
}

/// Checks the arguments, then writes each problem's bundle in turn.
fn run() -> Result<(), Failure> {
    let Some((problems, out_dir)) = read_args(std::env::args().skip(1).collect())? else {
        return Ok(());
    };
    let out_dir = outside_the_sources(&out_dir)?;
    // A problem may be named by its judge's number too (`boj12100`).
    let mut named = Vec::with_capacity(problems.len());
    for problem in &problems {
        match registry::find(problem) {
            Some(found) => named.push(found.info().name.to_string()),
            None => {
                return Err((
                    2,
                    format!("error: no problem named {problem:?}\n{}", usage()),
                ))
            }
        }
    }
    let problems = named;
    if let Some(why) = problem_kit::files::not_a_folder(&out_dir) {
        return Err((
            2,
            format!("error: --out {why}; it names the folder the bundles go in"),
        ));
    }
    std::fs::create_dir_all(&out_dir).map_err(|e| {
        (
            1,
            format!("error: cannot create {}: {e}", out_dir.display()),
        )
    })?;
    for problem in &problems {
        write_bundle(&out_dir, problem)?;
    }
    Ok(())
}

/// The problems asked for (`all` for every one) and the output folder, or
/// `None` when `--help` was asked for (and printed).
fn read_args(mut args: Vec<String>) -> Result<Option<(Vec<String>, PathBuf)>, Failure> {
    let mut out_dir = default_out_dir();
    if let Some(at) = args.iter().position(|a| a == "--out") {
        if at + 1 >= args.len() {
            return Err((2, "error: --out needs a folder".to_string()));
        }
        out_dir = PathBuf::from(args.remove(at + 1));
        args.remove(at);
        if out_dir.as_os_str().is_empty() {
            return Err((
                2,
                "error: --out needs a folder, not an empty name".to_string(),
            ));
        }
    }
    if args.iter().any(|a| a == "--help" || a == "-h") {
        let _ = writeln!(std::io::stdout(), "{}", usage());
        return Ok(None);
    }
    if args.is_empty() {
        return Err((2, usage()));
    }
    if let Some(flag) = args.iter().find(|a| a.starts_with('-')) {
        return Err((2, format!("error: unknown flag {flag}\n{}", usage())));
    }
    if args.iter().any(|a| a == "all") {
        args = bundle::problems().iter().map(|p| p.to_string()).collect();
    }
    Ok(Some((args, out_dir)))
}

/// `out_dir` as [`shown`] resolves it, refused when it is inside the crates'
/// sources: the bundler never writes where it reads.
fn outside_the_sources(out_dir: &Path) -> Result<PathBuf, Failure> {
    let sources = shown(&problem_kit::files::workspace_root().join("crates"));
    let out_dir = shown(out_dir);
    if out_dir.starts_with(&sources) {
        return Err((
            2,
            format!(
                "error: --out {} is inside the workspace's sources ({}), which the bundler reads",
                out_dir.display(),
                sources.display()
            ),
        ));
    }
    Ok(out_dir)
}

/// Writes `problem`'s bundle to `out_dir/problem.rs`, unless something
/// other than an earlier bundle is there, and prints its path and size.
fn write_bundle(out_dir: &Path, problem: &str) -> Result<(), Failure> {
    let source = bundle::bundle(&problem_kit::files::workspace_root(), problem)
        .map_err(|e| (1, format!("error: {e}")))?;
    let path = out_dir.join(format!("{problem}.rs"));
    if !replaceable(&path) {
        return Err((
            1,
            format!(
                "error: {} exists and is not a bundle (it does not begin as one); move it, \
                 or give another --out",
                path.display()
            ),
        ));
    }
    problem_kit::files::write_atomically(&path, source.as_bytes())
        .map_err(|e| (1, format!("error: cannot write {}: {e}", path.display())))?;
    let _ = writeln!(
        std::io::stdout(),
        "{} ({} bytes, {} lines)",
        path.display(),
        source.len(),
        source.lines().count()
    );
    Ok(())
}
