//! `cargo new-problem NAME`: writes a new problem crate from the template
//! in `crates/new-problem/templates/` and registers it.
//!
//! It writes `crates/NAME/` (a library doing parse → solve → format, with
//! `naive`, a fast engine named after what it holds (`flood`), `explain`,
//! and, with the `contract` feature, `validate`, `generate`, `replay` and
//! the `contract`; a two-line `main`; golden and property tests) and `inputs/NAME/sample-1.in` and
//! `.out`, all for a small stand-in problem so that everything builds,
//! bundles and passes from the start. It edits two existing files: the
//! registry (`crates/registry/Cargo.toml`) and the README's problem table.
//!
//! It is all or nothing: the name and texts are checked first (see
//! [`crate::check`]), nothing is written over an existing path (a dangling
//! link counts), and when writing or the check that the workspace still
//! compiles fails, every file written is removed and every file edited put
//! back as it was.

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
        "crates/NAME/src/flood.rs",
        include_str!("../templates/src/flood.rs.tmpl"),
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
        "crates/NAME/src/validate.rs",
        include_str!("../templates/src/validate.rs.tmpl"),
    ),
    (
        "crates/NAME/src/generate.rs",
        include_str!("../templates/src/generate.rs.tmpl"),
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
pub const REGISTRY: &str = "crates/registry/Cargo.toml";
/// The file holding the README's problem table.
pub const README: &str = "README.md";
/// The header of the README's problem table.
pub const README_TABLE_HEADER: &str = "| binary | judge | problem | link |";

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

/// A template's text with the placeholders filled in: `__TITLE__` and the
/// like as they are (in comments), `__TITLE_STRING__` and the like escaped
/// for a Rust or TOML string.
fn fill(text: &str, spec: &Spec) -> String {
    use crate::check::{in_markdown, in_string};
    text.replace("__IDENT__", &spec.name.replace('-', "_"))
        .replace("__NAME__", &spec.name)
        .replace("__JUDGE_STRING__", &in_string(&spec.judge))
        .replace("__TITLE_STRING__", &in_string(&spec.title))
        .replace("__LINK_STRING__", &in_string(&spec.link))
        .replace("__JUDGE__", &in_markdown(&spec.judge))
        .replace("__TITLE__", &in_markdown(&spec.title))
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
    use crate::check::in_table_cell;
    let row = format!(
        "| `{}` | {} | {} | <{}> |",
        spec.name,
        in_table_cell(&spec.judge),
        in_table_cell(&spec.title),
        spec.link
    );
    let mut out: Vec<&str> = lines[..end].to_vec();
    out.push(&row);
    out.extend(&lines[end..]);
    Ok(out.join("\n") + "\n")
}

/// Checks a spec: its name and its texts (see [`crate::check`]).
pub fn check_spec(root: &Path, spec: &Spec) -> Result<(), String> {
    crate::check::check_name(&spec.name, root)?;
    crate::check::check_text("judge", &spec.judge)?;
    crate::check::check_text("title", &spec.title)?;
    crate::check::check_link(&spec.link)
}

/// What a scaffold changed, to undo it.
#[derive(Default)]
struct Changes {
    /// Folders created, outermost first.
    folders: Vec<PathBuf>,
    files: Vec<PathBuf>,
    /// Existing files edited, with their text before.
    edited: Vec<(PathBuf, String)>,
}

impl Changes {
    /// Puts the workspace back as it was.
    fn undo(self) {
        for (path, before) in self.edited.iter().rev() {
            let _ = problem_kit::files::write_atomically(path, before.as_bytes());
        }
        for file in self.files.iter().rev() {
            let _ = std::fs::remove_file(file);
        }
        for folder in self.folders.iter().rev() {
            let _ = std::fs::remove_dir(folder);
        }
    }
}

/// Creates `path`'s missing folders, noting each.
fn create_folders(path: &Path, changes: &mut Changes) -> std::io::Result<()> {
    let mut missing = Vec::new();
    let mut folder = path.parent();
    while let Some(f) = folder {
        if f.symlink_metadata().is_ok() {
            break;
        }
        missing.push(f.to_path_buf());
        folder = f.parent();
    }
    for f in missing.into_iter().rev() {
        std::fs::create_dir(&f)?;
        changes.folders.push(f);
    }
    Ok(())
}

/// Writes the new problem into the workspace at `root`, all or nothing;
/// returns the files written and the existing files edited, relative to
/// `root`. With `verify`, the workspace is then checked to compile with the
/// new crate (`cargo check` of it and of the registry), and a failure undoes
/// everything.
pub fn scaffold(
    root: &Path,
    spec: &Spec,
    verify: bool,
) -> Result<(Vec<PathBuf>, Vec<PathBuf>), String> {
    check_spec(root, spec)?;
    for dir in [
        format!("crates/{}", spec.name),
        format!("inputs/{}", spec.name),
    ] {
        // symlink_metadata: a dangling link is there too.
        if root.join(&dir).symlink_metadata().is_ok() {
            return Err(format!("{dir} exists already"));
        }
    }
    let read = |path: &str| {
        std::fs::read_to_string(root.join(path)).map_err(|e| format!("cannot read {path}: {e}"))
    };
    // Work out both edits before writing anything.
    let (registry_before, readme_before) = (read(REGISTRY)?, read(README)?);
    let registry = register(&registry_before, &spec.name)?;
    let readme = add_readme_row(&readme_before, spec)?;
    let mut changes = Changes::default();
    let written = write_all(
        root,
        spec,
        &mut changes,
        [
            (REGISTRY, registry_before, registry),
            (README, readme_before, readme),
        ],
    );
    let written = match written {
        Ok(_) if engine::runner::interrupt::requested() => {
            changes.undo();
            return Err("interrupted; nothing was changed".to_string());
        }
        Ok(written) => written,
        Err(e) => {
            changes.undo();
            return Err(format!("{e}; nothing was changed"));
        }
    };
    if verify {
        // Cargo adds the new crate to Cargo.lock while checking; a failed
        // check puts it back too.
        let lock = root.join("Cargo.lock");
        if let Ok(before) = std::fs::read_to_string(&lock) {
            changes.edited.push((lock, before));
        }
        match check_compiles(root, &spec.name) {
            Ok(()) if engine::runner::interrupt::requested() => {
                changes.undo();
                return Err("interrupted; nothing was changed".to_string());
            }
            Ok(()) => {}
            Err(e) if engine::runner::interrupt::requested() => {
                changes.undo();
                return Err(format!("{e}; nothing was changed"));
            }
            Err(e) => {
                changes.undo();
                return Err(format!(
                    "{e}\nthe new crate does not compile, so nothing was changed"
                ));
            }
        }
    }
    Ok((
        written,
        vec![PathBuf::from(REGISTRY), PathBuf::from(README)],
    ))
}

/// Writes the template's files, then the edits, noting every change.
fn write_all(
    root: &Path,
    spec: &Spec,
    changes: &mut Changes,
    edits: [(&str, String, String); 2],
) -> Result<Vec<PathBuf>, String> {
    let mut written = Vec::new();
    for (path, text) in files(spec) {
        let full = root.join(&path);
        create_folders(&full, changes)
            .map_err(|e| format!("cannot create the folders of {}: {e}", path.display()))?;
        problem_kit::files::write_new(&full, text.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        changes.files.push(full);
        written.push(path);
    }
    for (path, before, after) in edits {
        problem_kit::files::write_atomically(&root.join(path), after.as_bytes())
            .map_err(|e| format!("cannot write {path}: {e}"))?;
        changes.edited.push((root.join(path), before));
    }
    Ok(written)
}

/// Checks that the workspace still reads and the new crate and the
/// registry compile, in a target folder of their own (the command itself
/// may be running from the workspace's).
fn check_compiles(root: &Path, name: &str) -> Result<(), String> {
    use std::io::Read;
    use std::os::unix::process::CommandExt;
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    // A process group of its own, so that an interrupt ends cargo and every
    // compiler it started, and the command then undoes its changes.
    let mut child = std::process::Command::new(cargo)
        .args([
            "check",
            "--quiet",
            "--package",
            name,
            "--package",
            "registry",
        ])
        .current_dir(root)
        // A target folder of its own, inside the one the user chose.
        .env(
            "CARGO_TARGET_DIR",
            std::env::var_os("CARGO_TARGET_DIR")
                .map_or_else(|| root.join("target"), std::path::PathBuf::from)
                .join("new-problem-check"),
        )
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .process_group(0)
        .spawn()
        .map_err(|e| format!("cannot run cargo to check the new crate: {e}"))?;
    let mut stderr = child.stderr.take().expect("piped stderr");
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    let status = loop {
        if engine::runner::interrupt::requested() {
            // SAFETY: kill of the check's own process group.
            unsafe { libc::kill(-(child.id() as i32), libc::SIGKILL) };
            let _ = child.wait();
            let _ = reader.join();
            return Err("interrupted while checking the new crate".to_string());
        }
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) => std::thread::sleep(std::time::Duration::from_millis(20)),
            Err(e) => return Err(format!("cannot wait for cargo: {e}")),
        }
    };
    let text = reader.join().unwrap_or_default();
    if status.success() {
        Ok(())
    } else {
        Err(text.trim_end().to_string())
    }
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
        assert!(main.contains("problem_kit::c_main!(demo_problem::contract::Contract);"));
        let quoted = Spec {
            title: r#"The "Best" Game | 2"#.into(),
            ..spec()
        };
        let manifest = files(&quoted)
            .into_iter()
            .find(|(p, _)| p.ends_with("Cargo.toml"))
            .unwrap()
            .1;
        assert!(
            manifest.contains(r#"description = "Baekjoon 1 \"The \"Best\" Game | 2\".""#),
            "{manifest}"
        );
    }

    #[test]
    fn registers_after_the_last_problem() {
        let registry = "[dependencies]\nproblem-kit.workspace = true\na = { path = \"../a\" }\nb = { path = \"../b\" }\n\n[features]\n";
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
        let piped = Spec {
            title: "A | B".into(),
            ..spec()
        };
        assert!(add_readme_row(&readme, &piped)
            .unwrap()
            .contains(r"| A \| B |"));
        assert!(out.contains("| `a` | J | A | <l> |\n| `demo-problem` | Baekjoon 1 | Demo | <https://www.acmicpc.net/problem/1> |\n\nMore."), "{out}");
    }
}
