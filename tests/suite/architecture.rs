//! The workspace's shape, checked: what `docs/architecture.md` promises of
//! every crate and module that no compiler checks.

use std::path::{Path, PathBuf};

// The workspace's Rust lexer, the bundler's: comments and literals blanked
// out, line breaks kept, so that braces and paths are read from code alone.
use bundle::lex::code_only;

mod tables;

/// The workspace root.
pub fn root() -> PathBuf {
    problem_kit::files::workspace_root()
}

/// Every `.rs` file under `dir`.
pub fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|x| x == "rs") {
            found.push(path);
        }
    }
}

/// Modules stay under about 650 lines, split at their seams.
#[test]
fn every_module_is_under_650_lines() {
    let mut files = Vec::new();
    for dir in ["crates", "src", "tests", "benches", "examples"] {
        rust_files(&root().join(dir), &mut files);
    }
    let long: Vec<String> = files
        .iter()
        .filter_map(|path| {
            let lines = std::fs::read_to_string(path).ok()?.lines().count();
            (lines > 650).then(|| format!("{} ({lines} lines)", path.display()))
        })
        .collect();
    assert!(long.is_empty(), "split these at their seams: {long:?}");
}

/// Every problem crate's `lib.rs` opens with its problem, its judge's link,
/// its approach and its complexity; its `main.rs` is the two-line entry
/// point; its golden folder has the judge's sample.
#[test]
fn every_problem_crate_has_its_doc_entry_point_and_sample() {
    for problem in registry::ALL {
        let info = problem.info();
        let krate = root().join("crates").join(info.name);
        let lib = std::fs::read_to_string(krate.join("src/lib.rs")).unwrap();
        assert!(lib.starts_with("//! "), "{}: no `//!` doc", info.name);
        let doc: String = lib.lines().take_while(|l| l.starts_with("//!")).collect();
        for part in ["Judge: <", "Approach", "O("] {
            assert!(
                doc.contains(part),
                "{}'s lib.rs doc lacks {part:?}",
                info.name
            );
        }
        assert!(
            doc.contains(info.link),
            "{}'s lib.rs doc lacks its link",
            info.name
        );
        let main = std::fs::read_to_string(krate.join("src/main.rs")).unwrap();
        assert!(
            main.contains("#![cfg_attr(not(test), no_main)]")
                && main.contains("problem_kit::c_main!(")
        );
        let sample = root().join("inputs").join(info.name).join("sample-1.in");
        assert!(sample.is_file(), "{} has no sample", info.name);
    }
}

/// The code of a file without its unit tests (`#[cfg(test)] mod tests`,
/// always at a file's end here).
pub fn without_unit_tests(code: &str) -> &str {
    match code.find("#[cfg(test)]\nmod tests") {
        Some(at) => &code[..at],
        None => code,
    }
}

/// The functions of `code` longer than `most` lines, by brace counting:
/// `name (N lines)`.
fn long_functions(code: &str, most: usize) -> Vec<String> {
    let lines: Vec<&str> = code.lines().collect();
    let mut long = Vec::new();
    for (start, line) in lines.iter().enumerate() {
        let Some(at) = line.find("fn ") else { continue };
        let before = &line[..at];
        let is_item = before.split_whitespace().all(|word| {
            matches!(
                word,
                "pub" | "const" | "unsafe" | "async" | "extern" | "\"\""
            ) || word.starts_with("pub(")
        });
        if !is_item || line[at..].contains(';') && !line.contains('{') {
            continue;
        }
        let name: String = line[at + 3..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        // From the line of `fn` to the line that closes its body.
        let mut depth = 0i64;
        let mut opened = false;
        for (end, body) in lines.iter().enumerate().skip(start) {
            for c in body.chars() {
                match c {
                    '{' => {
                        depth += 1;
                        opened = true;
                    }
                    '}' => depth -= 1,
                    ';' if !opened && depth == 0 => break,
                    _ => {}
                }
            }
            if !opened && body.trim_end().ends_with(';') {
                break;
            }
            if opened && depth == 0 {
                let length = end - start + 1;
                if length > most {
                    long.push(format!("{name} ({length} lines)"));
                }
                break;
            }
        }
    }
    long
}

/// No function is over 100 lines outside tests, none over 80 in the kit
/// every binary shares (`problem-kit`), and none over 60 in the engine and
/// the commands (`engine`, `tools`), where most of the workspace's changes
/// land.
#[test]
fn functions_are_short() {
    let mut files = Vec::new();
    for dir in ["crates", "src", "benches", "examples"] {
        rust_files(&root().join(dir), &mut files);
    }
    let mut long = Vec::new();
    for path in files {
        let relative = path
            .strip_prefix(root())
            .unwrap()
            .to_string_lossy()
            .into_owned();
        if relative.contains("/tests/") || relative.contains("/templates/") {
            continue;
        }
        let most =
            if relative.starts_with("crates/tools/") || relative.starts_with("crates/engine/") {
                60
            } else if relative.starts_with("crates/problem-kit/") {
                80
            } else {
                100
            };
        let code = code_only(&std::fs::read_to_string(&path).unwrap());
        for function in long_functions(without_unit_tests(&code), most) {
            long.push(format!("{relative}: {function}, over {most}"));
        }
    }
    assert!(long.is_empty(), "split these: {long:#?}");
}

/// The modules of one crate: the module path of each file under `src/`
/// (`toolchain::compile` for `src/toolchain/compile.rs`; the crate root is
/// the empty path), with its code.
fn modules_of(krate: &Path) -> Vec<(String, String)> {
    let src = krate.join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut modules = Vec::new();
    for path in files {
        let relative = path.strip_prefix(&src).unwrap().with_extension("");
        let mut parts: Vec<String> = relative
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        if parts.first().is_some_and(|p| p == "bin") {
            continue;
        }
        if matches!(
            parts.last().map(String::as_str),
            Some("mod" | "lib" | "main")
        ) {
            parts.pop();
        }
        let code = code_only(&std::fs::read_to_string(&path).unwrap());
        modules.push((parts.join("::"), without_unit_tests(&code).to_string()));
    }
    modules
}

/// The paths `code` names through `crate::` or `super::` (braces of a
/// `use` expanded), as module paths of the crate, from module `here`.
fn named_paths(code: &str, here: &str) -> Vec<String> {
    let words: Vec<char> = code.chars().collect();
    let mut found = Vec::new();
    let mut k = 0;
    while k < words.len() {
        let rest: String = words[k..words.len().min(k + 7)].iter().collect();
        let before = if k == 0 { ' ' } else { words[k - 1] };
        let starts = (rest.starts_with("crate::") || rest.starts_with("super::"))
            && !(before.is_alphanumeric() || before == '_' || before == ':');
        if !starts {
            k += 1;
            continue;
        }
        // The whole path, with any braces of a `use`.
        let mut end = k;
        let mut depth = 0;
        while end < words.len() {
            let c = words[end];
            if c == '{' {
                depth += 1;
            } else if c == '}' {
                if depth == 0 {
                    break;
                }
                depth -= 1;
            } else if depth == 0 && !(c.is_alphanumeric() || c == '_' || c == ':') {
                break;
            }
            end += 1;
        }
        let path: String = words[k..end].iter().collect();
        for expanded in expand(&path) {
            found.push(absolute(&expanded, here));
        }
        k = end.max(k + 1);
    }
    found
}

/// A `use` path with its braces expanded: `a::{b, c::d}` is `a::b` and
/// `a::c::d`.
fn expand(path: &str) -> Vec<String> {
    let Some(open) = path.find('{') else {
        return vec![path.trim_end_matches("::").to_string()];
    };
    let head = &path[..open];
    let inner = &path[open + 1..path.rfind('}').unwrap_or(path.len())];
    let mut parts = Vec::new();
    let (mut depth, mut from) = (0, 0);
    for (at, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[from..at]);
                from = at + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[from..]);
    parts
        .into_iter()
        .map(str::trim)
        .filter(|part| !part.is_empty())
        .flat_map(|part| {
            let part = part.split(" as ").next().unwrap_or(part).trim();
            if part == "self" {
                vec![head.trim_end_matches("::").to_string()]
            } else {
                expand(&format!("{head}{part}"))
            }
        })
        .collect()
}

/// A `crate::` or `super::` path as a path from the crate root.
fn absolute(path: &str, here: &str) -> String {
    let mut module: Vec<&str> = here.split("::").filter(|p| !p.is_empty()).collect();
    let mut rest = path;
    if let Some(after) = rest.strip_prefix("crate::") {
        module.clear();
        rest = after;
    }
    while let Some(after) = rest.strip_prefix("super::") {
        module.pop();
        rest = after;
    }
    module.extend(rest.split("::").filter(|p| !p.is_empty()));
    module.join("::")
}

/// No two modules of a crate import each other, however indirectly: the
/// crate's modules are layers, data at the bottom. A module may name its
/// own parent (its `super`); a parent's `mod` declarations of its children
/// are not imports.
#[test]
fn no_crate_has_an_import_circle_between_its_modules() {
    let mut circles = Vec::new();
    for entry in std::fs::read_dir(root().join("crates")).unwrap().flatten() {
        let modules = modules_of(&entry.path());
        let names: Vec<&str> = modules.iter().map(|(name, _)| name.as_str()).collect();
        // The module a path names: the longest module path it starts with.
        let owner = |path: &str| -> Option<usize> {
            names
                .iter()
                .enumerate()
                .filter(|(_, name)| {
                    !name.is_empty() && (path == **name || path.starts_with(&format!("{name}::")))
                })
                .max_by_key(|(_, name)| name.len())
                .map(|(index, _)| index)
        };
        let edges: Vec<Vec<usize>> = modules
            .iter()
            .enumerate()
            .map(|(from, (here, code))| {
                let mut to: Vec<usize> = named_paths(code, here)
                    .iter()
                    .filter_map(|path| owner(path))
                    .filter(|&to| to != from)
                    .collect();
                to.sort_unstable();
                to.dedup();
                to
            })
            .collect();
        if let Some(circle) = find_circle(&edges) {
            let shown: Vec<&str> = circle.iter().map(|&m| names[m]).collect();
            circles.push(format!(
                "{}: {}",
                entry.file_name().to_string_lossy(),
                shown.join(" -> ")
            ));
        }
    }
    assert!(circles.is_empty(), "import circles: {circles:#?}");
}

/// A circle of the graph `edges`, as the modules on it, if it has one.
fn find_circle(edges: &[Vec<usize>]) -> Option<Vec<usize>> {
    // 0 unseen, 1 on the path, 2 done.
    fn visit(
        at: usize,
        edges: &[Vec<usize>],
        state: &mut [u8],
        path: &mut Vec<usize>,
    ) -> Option<Vec<usize>> {
        state[at] = 1;
        path.push(at);
        for &next in &edges[at] {
            if state[next] == 1 {
                let from = path.iter().position(|&m| m == next).unwrap();
                let mut circle = path[from..].to_vec();
                circle.push(next);
                return Some(circle);
            }
            if state[next] == 0 {
                if let Some(circle) = visit(next, edges, state, path) {
                    return Some(circle);
                }
            }
        }
        path.pop();
        state[at] = 2;
        None
    }
    let mut state = vec![0u8; edges.len()];
    (0..edges.len()).find_map(|start| {
        (state[start] == 0)
            .then(|| visit(start, edges, &mut state, &mut Vec::new()))
            .flatten()
    })
}

/// The dependencies a crate's users get (its `[dependencies]`, not its
/// dev-dependencies).
fn dependencies_of(krate: &str) -> Vec<String> {
    let manifest =
        std::fs::read_to_string(root().join("crates").join(krate).join("Cargo.toml")).unwrap();
    let mut in_dependencies = false;
    let mut found = Vec::new();
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_dependencies = line == "[dependencies]"
                || line.ends_with(".dependencies]") && !line.contains("dev-");
            continue;
        }
        if in_dependencies && !line.starts_with('#') {
            if let Some(name) = line.split(['=', '.', ' ']).next().filter(|n| !n.is_empty()) {
                found.push(name.to_string());
            }
        }
    }
    found
}

/// The commands and the engine under them ship without the golden-case
/// test harness: they compare outputs with the engine's own comparison,
/// which the harness uses too.
#[test]
fn the_commands_do_not_depend_on_the_test_harness() {
    for krate in ["tools", "engine", "new-problem"] {
        let dependencies = dependencies_of(krate);
        assert!(!dependencies.is_empty(), "{krate} has no dependencies read");
        assert!(
            !dependencies.iter().any(|d| d == "golden"),
            "{krate} depends on golden: {dependencies:?}"
        );
    }
    assert!(dependencies_of("golden").iter().any(|d| d == "engine"));
}

/// The workspace's root is found in one place,
/// `problem_kit::files::workspace_root`: no other code of the workspace's
/// own crates (the problems' aside, whose tests read their own samples),
/// its tests or its benchmarks climbs from its crate's folder.
#[test]
fn the_workspace_root_is_found_in_one_place() {
    let mut files = Vec::new();
    for dir in ["src", "tests", "benches"] {
        rust_files(&root().join(dir), &mut files);
    }
    let problems: Vec<&str> = registry::ALL.iter().map(|p| p.info().name).collect();
    for entry in std::fs::read_dir(root().join("crates")).unwrap().flatten() {
        if !problems.contains(&entry.file_name().to_string_lossy().as_ref()) {
            rust_files(&entry.path(), &mut files);
        }
    }
    // The one, and this file, whose checks hold examples.
    let the_one = root().join("crates/problem-kit/src/files.rs");
    let this = root().join("tests/suite/architecture.rs");
    let climbing: Vec<String> = files
        .iter()
        .filter(|file| **file != the_one && **file != this)
        .filter(|file| climbs_from_its_crate(&std::fs::read_to_string(file).unwrap()))
        .map(|file| file.display().to_string())
        .collect();
    assert!(
        climbing.is_empty(),
        "call problem_kit::files::workspace_root: {climbing:#?}"
    );
}

/// Whether `source` finds a folder above its crate's: `CARGO_MANIFEST_DIR`
/// followed, within its statement, by `..` or `parent()`.
fn climbs_from_its_crate(source: &str) -> bool {
    source.match_indices("CARGO_MANIFEST_DIR").any(|(at, _)| {
        let statement = source[at..].split(';').next().unwrap_or("");
        statement.contains("..") || statement.contains("parent()")
    })
}

/// The checks above find what they look for.
#[test]
fn the_shape_checks_find_what_they_look_for() {
    let code = code_only("fn a() {\n    let s = \"}\";\n    let c = '{';\n}\n// fn b() {\n");
    assert!(long_functions(&code, 4).is_empty());
    assert_eq!(long_functions(&code, 3), ["a (4 lines)"]);
    assert_eq!(
        expand("crate::toolchain::{self, cache, judges::{rules_for, LimitRule as R}}"),
        [
            "crate::toolchain",
            "crate::toolchain::cache",
            "crate::toolchain::judges::rules_for",
            "crate::toolchain::judges::LimitRule"
        ]
    );
    assert_eq!(
        absolute("super::driver::Driver", "toolchain::language"),
        "toolchain::driver::Driver"
    );
    assert_eq!(
        find_circle(&[vec![1], vec![2], vec![0]]),
        Some(vec![0, 1, 2, 0])
    );
    assert_eq!(find_circle(&[vec![1, 2], vec![2], vec![]]), None);
    assert!(climbs_from_its_crate(
        "Path::new(env!(\"CARGO_MANIFEST_DIR\")).join(\"../..\");"
    ));
    assert!(climbs_from_its_crate(
        "Path::new(env!(\"CARGO_MANIFEST_DIR\"))\n    .parent()\n    .unwrap();"
    ));
    assert!(!climbs_from_its_crate(
        "Path::new(env!(\"CARGO_MANIFEST_DIR\")).join(\"templates\");"
    ));
    let paths = named_paths("use crate::{a, b::c};\nlet x = super::d::e();", "f::g");
    assert_eq!(paths, ["a", "b::c", "f::d::e"]);
}

/// The engine's layer table in `docs/architecture.md` names every module
/// of the engine, so that the map a newcomer reads is the whole map.
#[test]
fn the_layer_table_lists_every_engine_module() {
    let doc = std::fs::read_to_string(root().join("docs/architecture.md")).unwrap();
    let table: String = doc
        .split("| layer | modules | holds |")
        .nth(1)
        .expect("the engine's layer table")
        .lines()
        .skip(1)
        .take_while(|line| line.starts_with('|'))
        .map(|line| line.split('|').nth(2).unwrap_or("").to_string() + " ")
        .collect();
    let mut files = Vec::new();
    rust_files(&root().join("crates/engine/src"), &mut files);
    let mut missing = Vec::new();
    for path in files {
        let name = match path.file_stem().unwrap().to_str().unwrap() {
            "lib" | "tests" => continue,
            "mod" => path
                .parent()
                .unwrap()
                .file_name()
                .unwrap()
                .to_str()
                .unwrap(),
            stem => stem,
        }
        .to_string();
        if !table.contains(&format!("`{name}`")) {
            missing.push(name);
        }
    }
    assert!(
        missing.is_empty(),
        "docs/architecture.md's layer table names no {missing:?}"
    );
}
