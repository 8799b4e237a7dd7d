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
    let source = bundle::bundle(&bundle::workspace_root(), problem)?;
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
    harness::run(&args, trials).exit();
}
