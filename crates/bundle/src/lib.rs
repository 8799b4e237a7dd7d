//! The bundler: one self-contained `.rs` file per problem, for judges that
//! compile a single file with plain `rustc` and no crates.
//!
//! It relies on the workspace's simple structure instead of a general Rust
//! parser: each crate is a `lib.rs` whose modules are `mod name;` lines with
//! the code in `src/name.rs`. The rules a crate follows for that are written
//! in [`rules`] and checked before anything is written. The bundle is
//!
//! ```text
//! //! header
//! fn main() { judge mode: stdin → <problem>::judge → stdout }
//! mod grid { <grid's lib.rs, the modules the problems reach inlined> }
//! mod <dependency> { <a problem crate this one builds on, if any> }
//! mod <problem> { <the problem's lib.rs, the modules it reaches inlined> }
//! ```
//!
//! Which problems exist, and so which crates are problem crates, comes from
//! the registry (the `registry` crate). A problem may build on another
//! problem's crate (`game2048-hard` on `game2048`): that crate is inlined
//! beside it, with only the modules the two reach.
//!
//! Paths are rewritten so that they still resolve: inside a module,
//! `crate::x` becomes `crate::<crate>::x`, and a path that starts with a
//! dependency (`grid::x`, `game2048::x`) becomes `crate::<dependency>::x`.
//! `#[cfg(test)]` items are dropped, and so are those the crate builds only
//! with its `contract` feature (the contract, validator, generators and
//! replay page, everything that uses `problem-kit`: Cargo proves the rest compiles
//! without it, see `docs/architecture.md`). Comments and strings are left
//! alone (a small lexer, the `lex` module, tells them from code). Only the
//! modules that the library's own code reaches go in, so the explanation
//! and the reference solvers stay out unless the judge path uses them. Comments are kept while the bundle fits in
//! [`MAX_BUNDLE_BYTES`]; past that, the bundle is indented with tabs, then
//! plain comments are dropped, then the documentation. The result is passed
//! through `rustfmt` when it is installed.
//!
//! Why not cargo-equip: it bundles library crates well, but its last release
//! is from 2023, it panics on edition-2024 binary crates and warns on
//! resolver 2; this workspace's structure is simple enough that about 700
//! lines of our own (with their tests) do the job and stay easy to check.

pub mod lex;
pub mod rules;

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use crate::lex::{code_only, names_after, rewrite_paths, strip_comments, strip_unbundled};

/// The problems that can be bundled: every problem in the registry.
pub fn problems() -> Vec<&'static str> {
    registry::names()
}

/// The bundle's `main`: judge mode, through the problem's `judge` function,
/// with the binaries' exit statuses, put in from their table
/// (`problem_kit::run`) for `BAD_INPUT` and `OUTPUT_FAILED`.
const JUDGE_MAIN: &str = "\
use std::io::{Read, Write};

fn main() {
    let mut input = Vec::new();
    if let Err(e) = std::io::stdin().read_to_end(&mut input) {
        let _ = writeln!(std::io::stderr(), \"error: cannot read standard input: {e}\");
        std::process::exit(BAD_INPUT);
    }
    match PROBLEM::judge(&input) {
        Ok(output) => {
            let mut stdout = std::io::stdout().lock();
            if let Err(e) = stdout.write_all(output.as_bytes()).and_then(|()| stdout.flush()) {
                let _ = writeln!(std::io::stderr(), \"error: cannot write standard output: {e}\");
                std::process::exit(OUTPUT_FAILED);
            }
        }
        Err(e) => {
            let _ = writeln!(std::io::stderr(), \"error: {e}\");
            std::process::exit(BAD_INPUT);
        }
    }
}
";

/// The bundle's `main` for the problem module `ident`, with the binaries'
/// exit statuses.
fn judge_main(ident: &str) -> String {
    use problem_kit::run::{EXIT_BAD_INPUT, EXIT_OUTPUT_FAILED};
    (JUDGE_MAIN.replace("PROBLEM", ident))
        .replace("BAD_INPUT", &EXIT_BAD_INPUT.to_string())
        .replace("OUTPUT_FAILED", &EXIT_OUTPUT_FAILED.to_string())
}

fn read(path: &Path) -> Result<String, String> {
    fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// The largest bundle a judge is sure to take with its comments (the 64 KiB
/// source limit of Codeforces and many other judges); a larger one loses
/// its comments first.
pub const MAX_BUNDLE_BYTES: usize = 64 * 1024;

/// The largest source Baekjoon accepts: a bundle that is still larger
/// without its comments is an error.
pub const MAX_SOURCE_BYTES: usize = 512 * 1024;

/// A problem crate, read and checked.
struct ProblemCrate {
    /// The crate's folder and package name (`game2048-hard`).
    name: String,
    /// Its name in Rust paths (`game2048_hard`).
    ident: String,
    dir: PathBuf,
    /// `lib.rs` without its tests.
    lib: String,
    /// The modules `lib.rs` declares.
    declared: Vec<String>,
    /// The problem crates it builds on (their names).
    dependencies: Vec<String>,
}

impl ProblemCrate {
    fn read(root: &Path, name: &str, registered: &[&str]) -> Result<Self, String> {
        let dir = root.join("crates").join(name);
        let manifest_path = dir.join("Cargo.toml");
        let dependencies = rules::dependencies(&read(&manifest_path)?, &manifest_path, registered)?;
        let lib_path = dir.join("src/lib.rs");
        let lib = strip_unbundled(&read(&lib_path)?);
        rules::no_path_attribute(&lib, &lib_path)?;
        let declared = lib
            .lines()
            .filter_map(declared_module)
            .map(String::from)
            .collect();
        Ok(ProblemCrate {
            name: name.to_string(),
            ident: name.replace('-', "_"),
            dir,
            lib,
            declared,
            dependencies,
        })
    }

    /// The code of one of its modules, without tests, checked.
    fn module(&self, module: &str) -> Result<String, String> {
        Ok(strip_unbundled(&rules::module_file(
            &self.dir.join("src"),
            &self.name,
            module,
        )?))
    }

    /// The modules the crate's `lib.rs` code reaches, with `also` (modules a
    /// dependent names), and those they reach in turn.
    fn reached(&self, also: &[String]) -> Result<BTreeSet<String>, String> {
        let body: String = self
            .lib
            .lines()
            .filter(|line| declared_module(line).is_none())
            .map(|line| format!("{line}\n"))
            .collect();
        let body = code_only(&body);
        let mut wanted: Vec<String> = self
            .declared
            .iter()
            .filter(|m| names_module(&body, m))
            .chain(also.iter().filter(|m| self.declared.contains(m)))
            .cloned()
            .collect();
        let mut reached = BTreeSet::new();
        while let Some(module) = wanted.pop() {
            if !reached.insert(module.clone()) {
                continue;
            }
            let code = self.module(&module)?;
            wanted.extend(
                names_after(&code_only(&code), "crate::")
                    .into_iter()
                    .filter(|m| self.declared.contains(m)),
            );
        }
        Ok(reached)
    }

    /// The crate as one module's body: `lib.rs` with the `reached` modules
    /// inlined and paths rewritten.
    fn inline(&self, reached: &BTreeSet<String>) -> Result<String, String> {
        let mut dependencies = vec!["grid".to_string()];
        dependencies.extend(self.dependencies.iter().map(|d| d.replace('-', "_")));
        let mut modules = Vec::new();
        for module in reached {
            modules.push((module.clone(), self.module(module)?));
        }
        Ok(inline_lib(&self.lib, &self.ident, &dependencies, &modules))
    }
}

/// The module a line of `lib.rs` declares (`pub mod name;` or `mod name;`).
fn declared_module(line: &str) -> Option<&str> {
    let trimmed = line.trim();
    trimmed
        .strip_prefix("pub mod ")
        .or_else(|| trimmed.strip_prefix("mod "))
        .and_then(|rest| rest.strip_suffix(';'))
}

/// Whether `lib.rs` code names the module: bare (`search::solve`) or
/// through `crate::`.
fn names_module(code: &str, module: &str) -> bool {
    let path = format!("{module}::");
    code.match_indices(&path).any(|(at, _)| {
        let before = &code[..at];
        !before.ends_with(|c: char| c.is_alphanumeric() || c == '_')
            && (!before.ends_with("::") || before.ends_with("crate::"))
    })
}

/// `lib` with each declared module of `modules` inlined (the others, and
/// their re-exports, dropped) and paths rewritten for the module `ident`.
fn inline_lib(
    lib: &str,
    ident: &str,
    dependencies: &[String],
    modules: &[(String, String)],
) -> String {
    let kept = |name: &str| modules.iter().any(|(m, _)| m == name);
    let mut out = String::new();
    for line in lib.lines() {
        if let Some(module) = declared_module(line) {
            if let Some((_, code)) = modules.iter().find(|(m, _)| m == module) {
                out.push_str(&format!(
                    "pub mod {module} {{\n{}}}\n",
                    rewrite_paths(code, ident, dependencies)
                ));
            }
            continue;
        }
        // A re-export of a module left out is left out too.
        if let Some(path) = line.trim().strip_prefix("pub use crate::") {
            if !kept(path.split("::").next().unwrap_or("")) {
                continue;
            }
        }
        out.push_str(&rewrite_paths(&format!("{line}\n"), ident, dependencies));
    }
    out
}

/// The bundle of `problem`, as source text.
pub fn bundle(root: &Path, problem: &str) -> Result<String, String> {
    let registered = problems();
    if !registered.contains(&problem) {
        return Err(format!(
            "unknown problem {problem:?}; the problems are {}",
            registered.join(", ")
        ));
    }
    // The problem and the problem crates it builds on, each after every
    // crate that uses it (so a crate's users have named what they need).
    let mut order: Vec<ProblemCrate> = Vec::new();
    let mut pending = vec![problem.to_string()];
    while let Some(name) = pending.pop() {
        if let Some(at) = order.iter().position(|c| c.name == name) {
            // Needed again, by a later crate: it moves after that one.
            let again = order.remove(at);
            pending.extend(again.dependencies.iter().cloned());
            order.push(again);
            continue;
        }
        let read = ProblemCrate::read(root, &name, &registered)?;
        pending.extend(read.dependencies.iter().cloned());
        order.push(read);
        if order.len() > registered.len() {
            return Err(format!(
                "the problem crates that {problem} builds on depend on each other in a cycle"
            ));
        }
    }
    let top = &order[0];
    rules::judge_entry_point(&top.lib, &top.dir.join("src/lib.rs"))?;
    let mut inlined: Vec<(String, String)> = Vec::new();
    for krate in &order {
        let prefix = format!("crate::{}::", krate.ident);
        let named_by_users: Vec<String> = inlined
            .iter()
            .flat_map(|(_, code)| names_after(&code_only(code), &prefix))
            .collect();
        let reached = krate.reached(&named_by_users)?;
        inlined.push((krate.ident.clone(), krate.inline(&reached)?));
    }
    let grid_dir = root.join("crates/grid");
    let grid_lib = strip_unbundled(&read(&grid_dir.join("src/lib.rs"))?);
    let grid_modules = used_grid_modules(&grid_dir, &grid_lib, &inlined)?;
    let grid_code: Vec<(String, String)> = grid_modules
        .iter()
        .map(|m| {
            Ok((
                m.clone(),
                strip_unbundled(&read(&grid_dir.join("src").join(format!("{m}.rs")))?),
            ))
        })
        .collect::<Result<_, String>>()?;
    let grid_module = inline_lib(&grid_lib, "grid", &[], &grid_code);
    // Dependencies first, the problem last: the order a reader wants.
    inlined.reverse();
    let main = judge_main(&top.ident);
    let compose = |modules: &[(String, String)], tabs: bool| {
        let mut text = format!(
            "//! `{problem}`: a self-contained submission generated by `cargo bundle {problem}`\n\
             //! from the grid-games workspace (do not edit: regenerate). It compiles\n\
             //! with plain `rustc --edition 2021 -O` and reads the judge's input on stdin.\n\
             #![allow(dead_code, unused_imports)]\n\n{main}\n"
        );
        for (ident, code) in modules {
            text.push_str(&format!("mod {ident} {{\n{code}}}\n\n"));
        }
        format_source(&text, tabs)
    };
    let mut all = vec![("grid".to_string(), grid_module)];
    all.extend(inlined);
    // Everything is kept while the bundle fits a judge's limit; past it,
    // the indentation is made of tabs first (a level is then one byte, not
    // four, and nested modules indent every line), then the plain comments
    // go, then the documentation.
    let mut source = compose(&all, false);
    // Each later stage: tabs, and the comments `strip` says dropped
    // (`None`: none; `Some(keep_docs)`: the plain ones, or all of them).
    for strip in [None, Some(true), Some(false)] {
        if source.len() <= MAX_BUNDLE_BYTES {
            break;
        }
        let modules: Vec<(String, String)> = match strip {
            None => all.clone(),
            Some(keep_docs) => all
                .iter()
                .map(|(ident, code)| (ident.clone(), strip_comments(code, keep_docs)))
                .collect(),
        };
        source = compose(&modules, true);
    }
    if source.len() > MAX_SOURCE_BYTES {
        return Err(format!(
            "the {problem} bundle is {} bytes without comments, over Baekjoon's {MAX_SOURCE_BYTES}-byte source limit",
            source.len()
        ));
    }
    Ok(source)
}

/// The grid modules the inlined problem crates reach: those they name
/// (directly, or through one of grid's re-exports), and those they name in
/// turn.
fn used_grid_modules(
    grid_dir: &Path,
    grid_lib: &str,
    inlined: &[(String, String)],
) -> Result<BTreeSet<String>, String> {
    // The grid crate's re-exports at its root (`pub use crate::grid::Grid;`),
    // by the module they come from.
    let reexports: Vec<(String, String)> = grid_lib
        .lines()
        .filter_map(|line| line.trim().strip_prefix("pub use crate::"))
        .flat_map(|path| {
            let (module, items) = path.split_once("::").unwrap_or((path, ""));
            names_after(&format!("x::{items}"), "x::")
                .into_iter()
                .map(move |item| (item, module.to_string()))
        })
        .collect();
    let mut wanted: Vec<String> = Vec::new();
    for (_, code) in inlined {
        for name in names_after(&code_only(code), "crate::grid::") {
            let module = reexports
                .iter()
                .find(|(item, _)| *item == name)
                .map_or(name, |(_, m)| m.clone());
            wanted.push(module);
        }
    }
    let mut used = BTreeSet::new();
    while let Some(module) = wanted.pop() {
        if !used.insert(module.clone()) {
            continue;
        }
        let code = read(&grid_dir.join("src").join(format!("{module}.rs")))?;
        wanted.extend(names_after(&code_only(&strip_unbundled(&code)), "crate::"));
    }
    Ok(used)
}

/// The source formatted by `rustfmt`, or as it is when `rustfmt` is missing
/// or fails.
fn format_source(source: &str, tabs: bool) -> String {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let child = Command::new("rustfmt")
        .args(["--edition", "2021", "--emit", "stdout", "--quiet"])
        .args(if tabs {
            &["--config", "hard_tabs=true"][..]
        } else {
            &[]
        })
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn();
    let Ok(mut child) = child else {
        return source.to_string();
    };
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(source.as_bytes());
    }
    match child.wait_with_output() {
        Ok(output) if output.status.success() && !output.stdout.is_empty() => {
            String::from_utf8(output.stdout).unwrap_or_else(|_| source.to_string())
        }
        _ => source.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_problems_are_refused() {
        assert!(bundle(&problem_kit::files::workspace_root(), "no-such-problem").is_err());
    }

    #[test]
    fn only_reached_modules_are_inlined() {
        let lib = "pub mod a;\npub mod b;\npub use crate::b::B;\npub fn judge() { a::f() }\n";
        let out = inline_lib(
            lib,
            "p",
            &["grid".into()],
            &[("a".into(), "use grid::X;\n".into())],
        );
        assert!(out.contains("pub mod a {\nuse crate::grid::X;\n}"), "{out}");
        assert!(!out.contains("mod b") && !out.contains("B;"), "{out}");
        assert!(names_module("fn judge() { search::solve() }", "search"));
        assert!(!names_module("fn judge() { my_search::solve() }", "search"));
    }
}
