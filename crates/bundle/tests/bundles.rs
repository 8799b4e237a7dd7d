//! Proves that what is submitted is what was tested: every problem's bundle
//! is generated, compiled with plain `rustc --edition 2021 -O` (no cargo, no
//! crates), and run on every golden case of its problem with the same
//! comparison as the golden tests.

use std::path::{Path, PathBuf};
use std::process::Command;

use golden::harness::{self, Arguments, Failed, Trial};

use bundle::MAX_BUNDLE_BYTES;

/// A compiled bundle and what rustc said, or why there is none.
type Built = Result<(PathBuf, String), String>;

/// Generates and compiles one bundle; returns the executable, or why not.
fn build(problem: &str, dir: &Path) -> Built {
    let source = bundle::bundle(&problem_kit::files::workspace_root(), problem)?;
    // Judges cap a submission's size; 64 KiB is the common limit.
    if source.len() > MAX_BUNDLE_BYTES {
        return Err(format!(
            "the {problem} bundle is {} bytes, over the {MAX_BUNDLE_BYTES} a judge takes",
            source.len()
        ));
    }
    let source_path = dir.join(format!("{problem}.rs"));
    std::fs::write(&source_path, &source).map_err(|e| e.to_string())?;
    let binary = dir.join(problem);
    let output = Command::new("rustc")
        .current_dir(dir)
        .args(["--edition", "2021", "-O", "-o"])
        .arg(&binary)
        .arg(&source_path)
        .output()
        .map_err(|e| format!("cannot run rustc: {e}"))?;
    let messages = String::from_utf8_lossy(&output.stderr).into_owned();
    if !output.status.success() {
        return Err(format!(
            "{} does not compile:\n{messages}",
            source_path.display()
        ));
    }
    Ok((binary, messages))
}

fn main() {
    let args = Arguments::from_args();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("bundles");
    std::fs::create_dir_all(&dir).expect("a folder for the bundles");
    // Compile the four bundles side by side: rustc -O takes a few seconds each.
    let built: Vec<(&str, Built)> = std::thread::scope(|scope| {
        let handles: Vec<_> = bundle::problems()
            .into_iter()
            .map(|problem| {
                let dir = &dir;
                (problem, scope.spawn(move || build(problem, dir)))
            })
            .collect();
        handles
            .into_iter()
            .map(|(problem, handle)| {
                (
                    problem,
                    handle
                        .join()
                        .unwrap_or_else(|_| Err("the build panicked".into())),
                )
            })
            .collect()
    });
    let mut trials = Vec::new();
    for (problem, result) in built {
        match result {
            Ok((binary, messages)) => {
                trials.push(Trial::test(
                    format!("bundle::{problem}::compiles-without-warnings"),
                    move || {
                        if messages.trim().is_empty() {
                            Ok(())
                        } else {
                            Err(Failed::from(format!("rustc warned:\n{messages}")))
                        }
                    },
                ));
                // Judge mode only: cases that need flags are left out.
                trials.extend(golden::trials(&binary, problem, "bundle::", false));
            }
            Err(why) => trials.push(Trial::test(
                format!("bundle::{problem}::compiles"),
                move || Err(why.into()),
            )),
        }
    }
    trials.push(Trial::test(
        "bundle::command::replaces-only-bundles",
        || the_command_replaces_only_bundles(Path::new(env!("CARGO_TARGET_TMPDIR"))),
    ));
    harness::run(&args, trials).exit();
}

/// `cargo bundle --out DIR`: a user's own file of the bundle's name is left
/// alone (status 1, an error naming it), an earlier bundle is replaced, a
/// folder under `crates/` is refused, an unknown problem is status 2.
fn the_command_replaces_only_bundles(tmp: &Path) -> Result<(), Failed> {
    let dir = tmp.join("bundle-command");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_bundle"))
            .args(args)
            // A folder of the test's own, should the command write where
            // it stands.
            .current_dir(&dir)
            .output()
            .map_err(|e| e.to_string())
    };
    let out = dir.to_str().ok_or("a UTF-8 path")?;
    let mine = dir.join("puyo.rs");
    std::fs::write(&mine, "// mine\n").map_err(|e| e.to_string())?;
    let refused = run(&["puyo", "--out", out])?;
    if refused.status.code() != Some(1)
        || std::fs::read_to_string(&mine).map_err(|e| e.to_string())? != "// mine\n"
    {
        return Err(format!("a user's puyo.rs: {refused:?}").into());
    }
    std::fs::remove_file(&mine).map_err(|e| e.to_string())?;
    for round in 0..2 {
        let written = run(&["puyo", "--out", out])?;
        if !written.status.success() {
            return Err(format!("round {round}: {written:?}").into());
        }
    }
    let inside = problem_kit::files::workspace_root().join("crates/puyo/src");
    let refused = run(&["puyo", "--out", inside.to_str().ok_or("a UTF-8 path")?])?;
    if refused.status.code() != Some(2) || inside.join("puyo.rs").exists() {
        return Err(format!("--out crates/puyo/src: {refused:?}").into());
    }
    let unknown = run(&["no-such-problem", "--out", out])?;
    if unknown.status.code() != Some(2) {
        return Err(format!("an unknown problem: {unknown:?}").into());
    }
    Ok(())
}
