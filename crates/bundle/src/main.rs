//! `cargo bundle PROBLEM... [--out DIR]`: writes `DIR/PROBLEM.rs` (default
//! `target/bundle/`), one self-contained source file per problem.

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut out_dir = bundle::workspace_root().join("target/bundle");
    if let Some(at) = args.iter().position(|a| a == "--out") {
        if at + 1 >= args.len() {
            eprintln!("error: --out needs a folder");
            return ExitCode::from(2);
        }
        out_dir = PathBuf::from(args.remove(at + 1));
        args.remove(at);
    }
    if args.is_empty() || args.iter().any(|a| a == "--help" || a == "-h") {
        eprintln!(
            "usage: cargo bundle PROBLEM... [--out DIR]   (problems: {}, or all)",
            bundle::problems().join(", ")
        );
        return ExitCode::from(if args.is_empty() { 2 } else { 0 });
    }
    if args.iter().any(|a| a == "all") {
        args = bundle::problems().iter().map(|p| p.to_string()).collect();
    }
    if let Err(e) = std::fs::create_dir_all(&out_dir) {
        eprintln!("error: cannot create {}: {e}", out_dir.display());
        return ExitCode::from(1);
    }
    for problem in &args {
        let source = match bundle::bundle(&bundle::workspace_root(), problem) {
            Ok(source) => source,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(1);
            }
        };
        let path = out_dir.join(format!("{problem}.rs"));
        if let Err(e) = std::fs::write(&path, &source) {
            eprintln!("error: cannot write {}: {e}", path.display());
            return ExitCode::from(1);
        }
        println!(
            "{} ({} bytes, {} lines)",
            path.display(),
            source.len(),
            source.lines().count()
        );
    }
    ExitCode::SUCCESS
}
