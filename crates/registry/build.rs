//! Turns the registry (the problem lines of this crate's `Cargo.toml`) into
//! `registry::ALL`, so that adding a problem edits one file here.
//!
//! The registry is read strictly: in `[dependencies]`, every line must be a
//! comment, blank, `problem-kit.workspace = true`, or exactly
//! `NAME = { path = "../NAME" }`. Any other line stops the build with an
//! error naming it, so no problem is ever dropped from the list unnoticed.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let manifest = Path::new(&std::env::var("CARGO_MANIFEST_DIR").unwrap()).join("Cargo.toml");
    println!("cargo:rerun-if-changed={}", manifest.display());
    let text = std::fs::read_to_string(&manifest).expect("this crate's Cargo.toml");
    let names = match registry_names(&text) {
        Ok(names) => names,
        Err(message) => panic!("{}: {message}", manifest.display()),
    };
    let mut code = String::from(
        "/// Every problem, in registry order.\npub static ALL: &[&dyn problem_kit::AnyProblem] = &[\n",
    );
    for name in &names {
        // `::name`: the crate, even when this crate has a module of that
        // name (`tests`).
        let _ = writeln!(
            code,
            "    &::{}::contract::Contract,",
            name.replace('-', "_")
        );
    }
    code.push_str("];\n");
    let out = Path::new(&std::env::var("OUT_DIR").unwrap()).join("registry.rs");
    std::fs::write(out, code).expect("the generated registry");
}

include!("src/registry_lines.rs");
