//! The rules a problem crate follows so that it can be bundled, checked
//! before anything is written. Each failure names the file and the fix; the
//! README's "Adding a problem" states the same rules.
//!
//! 1. `lib.rs` has `pub fn judge(input: &[u8]) -> Result<String, grid::InputError>`:
//!    the bundle's `main` calls it.
//! 2. A module is one file: `mod name;` in `lib.rs` with its code in
//!    `src/name.rs`, no module of its own in another file, no `#[path]`.
//! 3. A crate depends only on `grid`, on other registered problem crates
//!    (inlined beside it), and on `problem-kit`, optionally, for its `contract`
//!    feature.
//!
//! That the judge path never uses `problem-kit` is not a rule checked here: Cargo
//! keeps it. Everything that uses `problem-kit` is built only with the crate's
//! `contract` feature (and left out of bundles), and CI builds each problem
//! library without it (`.ci/run`, "the judge path builds alone").

use std::path::Path;

use crate::lex::code_only;

/// The crates a bundle may hold besides problem crates, and the one it
/// never holds.
const GRID: &str = "grid";
const CLI: &str = "problem-kit";

/// Rule 1: the judge entry point, with whitespace and the parameter's name
/// free.
pub fn judge_entry_point(lib: &str, lib_path: &Path) -> Result<(), String> {
    let code: String = code_only(lib)
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    // rustfmt may leave a trailing comma after the parameter.
    let code = code.replace(",)", ")");
    let found = code.match_indices("pubfnjudge(").any(|(at, _)| {
        let rest = &code[at + "pubfnjudge(".len()..];
        let Some((parameter, signature)) = rest.split_once(':') else {
            return false;
        };
        let returns = signature.split('{').next().unwrap_or("");
        parameter.chars().all(|c| c.is_alphanumeric() || c == '_')
            && [
                "&[u8])->Result<String,grid::InputError>",
                "&[u8])->Result<String,InputError>",
            ]
            .contains(&returns)
    });
    if found {
        Ok(())
    } else {
        Err(format!(
            "{} has no `pub fn judge(input: &[u8]) -> Result<String, grid::InputError>`; \
             the bundle's main calls it (see the README, \"Adding a problem\")",
            lib_path.display()
        ))
    }
}

/// Rule 2 for one declared module: its file, read.
pub fn module_file(src: &Path, crate_name: &str, module: &str) -> Result<String, String> {
    let file = src.join(format!("{module}.rs"));
    match std::fs::read_to_string(&file) {
        Ok(code) => {
            if code.lines().any(|l| {
                let t = l.trim();
                (t.starts_with("mod ") || t.starts_with("pub mod ")) && t.ends_with(';')
            }) {
                return Err(format!(
                    "{} declares a module in another file; a module is one file \
                     (src/NAME.rs), so move that code into it or up to lib.rs",
                    file.display()
                ));
            }
            no_path_attribute(&code, &file)?;
            Ok(code)
        }
        Err(_) if src.join(module).join("mod.rs").exists() => Err(format!(
            "crates/{crate_name}/src/{module}/mod.rs: a module is one file, src/{module}.rs"
        )),
        Err(e) => Err(format!("cannot read {}: {e}", file.display())),
    }
}

/// Rule 2: no `#[path = ...]`, which would point the bundler elsewhere.
pub fn no_path_attribute(code: &str, file: &Path) -> Result<(), String> {
    let compact: String = code_only(code)
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    if compact.contains("#[path") {
        return Err(format!(
            "{} uses #[path]; a module is one file, src/NAME.rs",
            file.display()
        ));
    }
    Ok(())
}

/// Rule 3: the crate's dependencies, from its `Cargo.toml`: the problem
/// crates among them (to inline), after checking that every other one is
/// `grid` or `problem-kit`.
pub fn dependencies(
    manifest: &str,
    manifest_path: &Path,
    registered: &[&str],
) -> Result<Vec<String>, String> {
    let mut problems = Vec::new();
    let mut section = String::new();
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line.trim_matches(['[', ']']).to_string();
            if let Some(name) = section.strip_prefix("dependencies.") {
                check_dependency(name, manifest_path, registered, &mut problems)?;
            }
            continue;
        }
        if section != "dependencies" || line.starts_with('#') {
            continue;
        }
        let Some((key, _)) = line.split_once('=') else {
            continue;
        };
        let name = key.trim().trim_end_matches(".workspace").trim_matches('"');
        check_dependency(name, manifest_path, registered, &mut problems)?;
    }
    Ok(problems)
}

fn check_dependency(
    name: &str,
    manifest_path: &Path,
    registered: &[&str],
    problems: &mut Vec<String>,
) -> Result<(), String> {
    if registered.contains(&name) {
        problems.push(name.to_string());
        Ok(())
    } else if name == GRID || name == CLI {
        Ok(())
    } else {
        Err(format!(
            "{} depends on `{name}`, which a judge does not have: a problem crate may \
             depend only on grid, on registered problem crates, and on problem-kit for its contract",
            manifest_path.display()
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn judge_signatures() {
        let path = Path::new("lib.rs");
        for good in [
            "pub fn judge(input: &[u8]) -> Result<String, grid::InputError> {",
            "pub fn judge(\n    bytes: &[u8],\n) -> Result<String, InputError>\n{",
        ] {
            assert!(judge_entry_point(good, path).is_ok(), "{good}");
        }
        for bad in [
            "fn judge(input: &[u8]) -> Result<String, grid::InputError> {",
            "pub fn judge(input: &str) -> Result<String, grid::InputError> {",
            "pub fn judge(input: &[u8]) -> String {",
            "// pub fn judge(input: &[u8]) -> Result<String, grid::InputError> {",
        ] {
            let error = judge_entry_point(bad, path).unwrap_err();
            assert!(error.contains("Adding a problem"), "{error}");
        }
    }

    #[test]
    fn dependencies_are_checked() {
        let path = Path::new("Cargo.toml");
        let manifest = "[package]\nname = \"x\"\n[dependencies]\ngrid.workspace = true\nproblem-kit.workspace = true\ngame2048 = { path = \"../game2048\" }\n# serde = \"1\"\n[dev-dependencies]\nproptest.workspace = true\n";
        assert_eq!(
            dependencies(manifest, path, &["game2048", "puyo"]).unwrap(),
            vec!["game2048"]
        );
        let error = dependencies("[dependencies]\nserde = \"1\"\n", path, &[]).unwrap_err();
        assert!(error.contains("`serde`"), "{error}");
        let error =
            dependencies("[dependencies.rand]\nversion = \"0.8\"\n", path, &[]).unwrap_err();
        assert!(error.contains("`rand`"), "{error}");
    }

    #[test]
    fn a_module_path_attribute_is_refused() {
        assert!(no_path_attribute("#[path = \"x.rs\"]\nmod y;", Path::new("a.rs")).is_err());
    }
}
