//! Turns the registry (the problem lines of this crate's `Cargo.toml`) into
//! `problems::ALL`, so that adding a problem edits one file here.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let manifest = Path::new(&std::env::var("CARGO_MANIFEST_DIR").unwrap()).join("Cargo.toml");
    println!("cargo:rerun-if-changed={}", manifest.display());
    let text = std::fs::read_to_string(&manifest).expect("this crate's Cargo.toml");
    let names = registry_names(&text);
    assert!(
        !names.is_empty(),
        "the registry in {} lists no problem",
        manifest.display()
    );
    let mut code = String::from(
        "/// Every problem, in registry order.\npub static ALL: &[&dyn cli::Problem] = &[\n",
    );
    for name in &names {
        let _ = writeln!(code, "    &{}::contract::Contract,", name.replace('-', "_"));
    }
    code.push_str("];\n");
    let out = Path::new(&std::env::var("OUT_DIR").unwrap()).join("registry.rs");
    std::fs::write(out, code).expect("the generated registry");
}

/// The names on the lines `NAME = { path = "../NAME" }` of the
/// `[dependencies]` table.
fn registry_names(manifest: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut in_dependencies = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_dependencies = line == "[dependencies]";
            continue;
        }
        if !in_dependencies {
            continue;
        }
        let Some((name, spec)) = line.split_once('=') else {
            continue;
        };
        let name = name.trim();
        if spec.replace(' ', "") == format!("{{path=\"../{name}\"}}") {
            names.push(name.to_string());
        }
    }
    names
}
