//! `cargo new-problem NAME`: writes a new problem crate from the template
//! in `crates/tools/templates/` and registers it.
//!
//! It writes `crates/NAME/` (a library doing parse → solve → format, with
//! `naive`, a fast engine `fast`, `explain`, `replay` and the `contract`; a thin
//! `main`; golden and property tests) and `inputs/NAME/sample-1.in` and
//! `.out`, all for a small stand-in problem so that everything builds,
//! bundles and passes from the start. It edits two existing files: the
//! registry (`crates/problems/Cargo.toml`) and the README's problem table.

use std::path::{Path, PathBuf};

/// What the new problem is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    /// The binary's, crate's and folder's name: lower-case letters, digits
    /// and `-`, starting with a letter.
    pub name: String,
    /// The judge and number, e.g. `Baekjoon 12094`.
    pub judge: String,
    /// The judge's title, e.g. `2048 (Hard)`.
    pub title: String,
    /// The problem's page.
    pub link: String,
}

/// The template files: where each goes (with `NAME` for the problem's
/// name) and its text.
const TEMPLATE: &[(&str, &str)] = &[
    (
        "crates/NAME/Cargo.toml",
        include_str!("../templates/Cargo.toml.tmpl"),
    ),
    (
        "crates/NAME/src/lib.rs",
        include_str!("../templates/src/lib.rs.tmpl"),
    ),
    (
        "crates/NAME/src/main.rs",
        include_str!("../templates/src/main.rs.tmpl"),
    ),
    (
        "crates/NAME/src/parse.rs",
        include_str!("../templates/src/parse.rs.tmpl"),
    ),
    (
        "crates/NAME/src/naive.rs",
        include_str!("../templates/src/naive.rs.tmpl"),
    ),
    (
        "crates/NAME/src/fast.rs",
        include_str!("../templates/src/fast.rs.tmpl"),
    ),
    (
        "crates/NAME/src/explain.rs",
        include_str!("../templates/src/explain.rs.tmpl"),
    ),
    (
        "crates/NAME/src/contract.rs",
        include_str!("../templates/src/contract.rs.tmpl"),
    ),
    (
        "crates/NAME/src/replay.rs",
        include_str!("../templates/src/replay.rs.tmpl"),
    ),
    (
        "crates/NAME/tests/golden.rs",
        include_str!("../templates/tests/golden.rs.tmpl"),
    ),
    (
        "crates/NAME/tests/properties.rs",
        include_str!("../templates/tests/properties.rs.tmpl"),
    ),
    (
        "inputs/NAME/sample-1.in",
        include_str!("../templates/sample-1.in.tmpl"),
    ),
    (
        "inputs/NAME/sample-1.out",
        include_str!("../templates/sample-1.out.tmpl"),
    ),
];

/// The registry file, relative to the workspace root.
pub const REGISTRY: &str = "crates/problems/Cargo.toml";
/// The file holding the README's problem table.
pub const README: &str = "README.md";
/// The header of the README's problem table.
pub const README_TABLE_HEADER: &str = "| binary | judge | problem | link |";

/// Names that belong to the workspace's own crates.
const TAKEN: &[&str] = &[
    "grid",
    "cli",
    "problems",
    "bundle",
    "golden",
    "tools",
    "grid-games",
];

/// Checks a problem name: what a binary, a crate and a folder can all be.
pub fn check_name(name: &str) -> Result<(), String> {
    let good = name.starts_with(|c: char| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        && !name.ends_with('-')
        && !name.contains("--");
    if !good {
        return Err(format!(
            "{name:?} is not a problem name: use lower-case letters, digits and single dashes, \
             starting with a letter (e.g. game2048-hard)"
        ));
    }
    if TAKEN.contains(&name) {
        return Err(format!(
            "{name:?} is the name of one of the workspace's own crates"
        ));
    }
    Ok(())
}

/// The files to write, with their paths under the workspace root.
pub fn files(spec: &Spec) -> Vec<(PathBuf, String)> {
    TEMPLATE
        .iter()
        .map(|(path, text)| {
            (
                PathBuf::from(path.replace("NAME", &spec.name)),
                fill(text, spec),
            )
        })
        .collect()
}

/// A template's text with the placeholders filled in.
fn fill(text: &str, spec: &Spec) -> String {
    text.replace("__IDENT__", &spec.name.replace('-', "_"))
        .replace("__NAME__", &spec.name)
        .replace("__JUDGE__", &spec.judge)
        .replace("__TITLE__", &spec.title)
        .replace("__LINK__", &spec.link)
}

/// The registry with the new problem's line added at the end of its list.
pub fn register(registry: &str, name: &str) -> Result<String, String> {
    let line = format!("{name} = {{ path = \"../{name}\" }}");
    if registry.lines().any(|l| l.trim() == line) {
        return Err(format!("{name} is registered already"));
    }
    // The list is the run of `X = { path = "../X" }` lines; the new line
    // goes after its last.
    let lines: Vec<&str> = registry.lines().collect();
    let last = lines
        .iter()
        .rposition(|l| l.contains("= { path = \"../"))
        .ok_or("the registry lists no problem to add after")?;
    let mut out: Vec<&str> = lines[..=last].to_vec();
    out.push(&line);
    out.extend(&lines[last + 1..]);
    Ok(out.join("\n") + "\n")
}

/// The README with a row for the new problem at the end of its problem table.
pub fn add_readme_row(readme: &str, spec: &Spec) -> Result<String, String> {
    let lines: Vec<&str> = readme.lines().collect();
    let header = lines
        .iter()
        .position(|l| l.trim() == README_TABLE_HEADER)
        .ok_or_else(|| {
            format!("the README has no problem table (a line {README_TABLE_HEADER:?})")
        })?;
    let end = lines[header..]
        .iter()
        .position(|l| !l.trim_start().starts_with('|'))
        .map_or(lines.len(), |k| header + k);
    let row = format!(
        "| `{}` | {} | {} | <{}> |",
        spec.name, spec.judge, spec.title, spec.link
    );
    let mut out: Vec<&str> = lines[..end].to_vec();
    out.push(&row);
    out.extend(&lines[end..]);
    Ok(out.join("\n") + "\n")
}

/// Writes the new problem into the workspace at `root`; returns the files
/// written and the existing files edited, relative to `root`.
pub fn scaffold(root: &Path, spec: &Spec) -> Result<(Vec<PathBuf>, Vec<PathBuf>), String> {
    check_name(&spec.name)?;
    for dir in [
        format!("crates/{}", spec.name),
        format!("inputs/{}", spec.name),
    ] {
        if root.join(&dir).exists() {
            return Err(format!("{dir} exists already"));
        }
    }
    let read = |path: &str| {
        std::fs::read_to_string(root.join(path)).map_err(|e| format!("cannot read {path}: {e}"))
    };
    // Work out both edits before writing anything, so a failure leaves
    // the workspace as it was.
    let registry = register(&read(REGISTRY)?, &spec.name)?;
    let readme = add_readme_row(&read(README)?, spec)?;
    let mut written = Vec::new();
    for (path, text) in files(spec) {
        let full = root.join(&path);
        if let Some(parent) = full.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
        }
        std::fs::write(&full, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        written.push(path);
    }
    for (path, text) in [(REGISTRY, registry), (README, readme)] {
        std::fs::write(root.join(path), text).map_err(|e| format!("cannot write {path}: {e}"))?;
    }
    Ok((
        written,
        vec![PathBuf::from(REGISTRY), PathBuf::from(README)],
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec() -> Spec {
        Spec {
            name: "demo-problem".into(),
            judge: "Baekjoon 1".into(),
            title: "Demo".into(),
            link: "https://www.acmicpc.net/problem/1".into(),
        }
    }

    #[test]
    fn names() {
        for good in ["game2048-hard", "puyo2", "a"] {
            assert!(check_name(good).is_ok(), "{good}");
        }
        for bad in [
            "", "2048", "Game", "a_b", "a--b", "a-", "grid", "cli", "a b",
        ] {
            assert!(check_name(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn every_template_file_is_written() {
        // A template file left out of TEMPLATE would never be written.
        fn walk(dir: &Path, found: &mut Vec<String>) {
            for entry in std::fs::read_dir(dir).unwrap().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    walk(&path, found);
                } else {
                    found.push(path.to_string_lossy().into_owned());
                }
            }
        }
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("templates");
        let mut found = Vec::new();
        walk(&root, &mut found);
        let written: Vec<String> = files(&spec())
            .into_iter()
            .map(|(p, _)| p.to_string_lossy().into_owned())
            .collect();
        for file in found {
            let relative = file
                .trim_start_matches(&*root.to_string_lossy())
                .trim_start_matches('/')
                .trim_end_matches(".tmpl");
            let name = Path::new(relative)
                .file_name()
                .unwrap()
                .to_string_lossy()
                .into_owned();
            assert!(
                written.iter().any(|w| w.ends_with(&name)),
                "templates/{relative}.tmpl is not in TEMPLATE"
            );
        }
        assert_eq!(written.len(), TEMPLATE.len());
    }

    #[test]
    fn templates_are_filled() {
        for (path, text) in files(&spec()) {
            assert!(
                !text.contains("__"),
                "{} keeps a placeholder",
                path.display()
            );
        }
        let main = files(&spec())
            .into_iter()
            .find(|(p, _)| p.ends_with("main.rs"))
            .unwrap()
            .1;
        assert!(main.contains("cli::run::main(&demo_problem::contract::Contract)"));
    }

    #[test]
    fn registers_after_the_last_problem() {
        let registry = "[dependencies]\ncli.workspace = true\na = { path = \"../a\" }\nb = { path = \"../b\" }\n\n[features]\n";
        let out = register(registry, "c").unwrap();
        assert!(
            out.contains("b = { path = \"../b\" }\nc = { path = \"../c\" }\n\n[features]"),
            "{out}"
        );
        assert!(register(&out, "c").is_err());
    }

    #[test]
    fn adds_a_readme_row() {
        let readme = format!(
            "# x\n\n{README_TABLE_HEADER}\n|---|---|---|---|\n| `a` | J | A | <l> |\n\nMore.\n"
        );
        let out = add_readme_row(&readme, &spec()).unwrap();
        assert!(out.contains("| `a` | J | A | <l> |\n| `demo-problem` | Baekjoon 1 | Demo | <https://www.acmicpc.net/problem/1> |\n\nMore."), "{out}");
    }
}
