//! What `cargo new-problem` accepts as a problem's name, judge, title and
//! link, and how each is written into Rust, TOML and Markdown.
//!
//! A problem's name becomes a crate, a binary, a folder under `crates/` and
//! `inputs/`, and (with `_` for `-`) a Rust identifier in the registry. So
//! it must be none of: a Rust keyword, reserved or weak, in any edition; a
//! crate the compiler or its prelude provides, or a primitive type; a name
//! cargo reserves (its target folders, Windows' device names); any package,
//! target or file-named target of the workspace; any crate in
//! `Cargo.lock`. A name that is any of these would stop the whole
//! workspace building.

use std::collections::BTreeSet;
use std::path::Path;

/// The longest name accepted.
pub const MAX_NAME: usize = 40;

/// Rust's keywords: strict, reserved and weak, of every edition.
const KEYWORDS: &[&str] = &[
    "as",
    "break",
    "const",
    "continue",
    "crate",
    "else",
    "enum",
    "extern",
    "false",
    "fn",
    "for",
    "if",
    "impl",
    "in",
    "let",
    "loop",
    "match",
    "mod",
    "move",
    "mut",
    "pub",
    "ref",
    "return",
    "self",
    "static",
    "struct",
    "super",
    "trait",
    "true",
    "type",
    "unsafe",
    "use",
    "where",
    "while",
    "async",
    "await",
    "dyn",
    "abstract",
    "become",
    "box",
    "do",
    "final",
    "macro",
    "override",
    "priv",
    "typeof",
    "unsized",
    "virtual",
    "yield",
    "try",
    "gen",
    "union",
    "macro_rules",
    "raw",
    "safe",
];

/// Crates the compiler and its prelude provide, and primitive types, which a
/// path `name::contract` would be read as.
const BUILT_IN: &[&str] = &[
    "std",
    "core",
    "alloc",
    "proc_macro",
    "test",
    "meta",
    "bool",
    "char",
    "str",
    "u8",
    "u16",
    "u32",
    "u64",
    "u128",
    "usize",
    "i8",
    "i16",
    "i32",
    "i64",
    "i128",
    "isize",
    "f16",
    "f32",
    "f64",
    "f128",
];

/// Names cargo keeps for its own folders in `target/`, and names Windows
/// keeps for devices.
const RESERVED: &[&str] = &[
    "deps",
    "build",
    "examples",
    "incremental",
    "debug",
    "release",
    "doc",
    "package",
    "tmp",
    "criterion",
    "con",
    "prn",
    "aux",
    "nul",
    "com1",
    "com2",
    "com3",
    "com4",
    "com5",
    "com6",
    "com7",
    "com8",
    "com9",
    "lpt1",
    "lpt2",
    "lpt3",
    "lpt4",
    "lpt5",
    "lpt6",
    "lpt7",
    "lpt8",
    "lpt9",
];

/// Checks a problem name against the rules above, with the workspace at
/// `root` giving the names already taken.
pub fn check_name(name: &str, root: &Path) -> Result<(), String> {
    let well_formed = name.starts_with(|c: char| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        && !name.ends_with('-')
        && !name.contains("--");
    if !well_formed {
        return Err(format!(
            "{name:?} is not a problem name: use lower-case letters, digits and single dashes, \
             starting with a letter (e.g. game2048-hard)"
        ));
    }
    if name.len() > MAX_NAME {
        return Err(format!(
            "{name:?} is {} characters long; a problem name has at most {MAX_NAME}",
            name.len()
        ));
    }
    let ident = name.replace('-', "_");
    if KEYWORDS.contains(&ident.as_str()) {
        return Err(format!(
            "{name:?} is a Rust keyword, so it cannot name a crate"
        ));
    }
    if BUILT_IN.contains(&ident.as_str()) {
        return Err(format!(
            "{name:?} is the name of a crate or type Rust provides, so the registry could not \
             name the new crate"
        ));
    }
    if RESERVED.contains(&name) {
        return Err(format!(
            "{name:?} is reserved by cargo (a folder of target/) or by Windows"
        ));
    }
    let taken = taken_names(root);
    let clashes = |taken: &str| taken == name || taken.replace('-', "_") == ident;
    if let Some(clash) = taken.iter().find(|t| clashes(t)) {
        return Err(format!(
            "{name:?} is taken: {clash:?} is already a package, a target or a dependency of \
             the workspace (binaries of one name would overwrite each other in target/, and \
             `-p {name}` would be ambiguous)"
        ));
    }
    Ok(())
}

/// Every name the workspace at `root` uses: its packages and targets
/// (`name = "..."` in any manifest, and the files that name targets in
/// `src/bin/`, `examples/`, `benches/` and `tests/`), and the crates of
/// `Cargo.lock`.
pub fn taken_names(root: &Path) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let mut manifests = vec![root.join("Cargo.toml"), root.join("benches/Cargo.toml")];
    let mut folders = vec![
        root.join("src/bin"),
        root.join("examples"),
        root.join("benches"),
        root.join("tests"),
    ];
    if let Ok(crates) = std::fs::read_dir(root.join("crates")) {
        for krate in crates.flatten() {
            let path = krate.path();
            manifests.push(path.join("Cargo.toml"));
            for sub in ["src/bin", "examples", "benches", "tests"] {
                folders.push(path.join(sub));
            }
        }
    }
    for file in manifests.iter().chain([&root.join("Cargo.lock")]) {
        let Ok(text) = std::fs::read_to_string(file) else {
            continue;
        };
        for line in text.lines() {
            if let Some(value) = line.trim().strip_prefix("name = ") {
                names.insert(value.trim().trim_matches('"').to_string());
            }
        }
    }
    for folder in folders {
        for entry in std::fs::read_dir(folder).into_iter().flatten().flatten() {
            let path = entry.path();
            if let Some(stem) = path.file_stem().and_then(|s| s.to_str()) {
                names.insert(stem.to_string());
            }
        }
    }
    names
}

/// Checks a judge, title or link given on the command line: one line of
/// printable text, not too long.
pub fn check_text(what: &str, text: &str) -> Result<(), String> {
    if text.trim().is_empty() {
        return Err(format!("the {what} is empty"));
    }
    if text.chars().count() > 200 {
        return Err(format!("the {what} is longer than 200 characters"));
    }
    if let Some(c) = text.chars().find(|c| c.is_control()) {
        return Err(format!(
            "the {what} holds a control character ({:?}); give it on one line",
            c
        ));
    }
    Ok(())
}

/// Checks a link: an `http://` or `https://` address without spaces or the
/// characters that would end a Markdown autolink.
pub fn check_link(link: &str) -> Result<(), String> {
    check_text("link", link)?;
    let scheme = link.starts_with("https://") || link.starts_with("http://");
    if !scheme || link.contains(|c: char| c.is_whitespace() || "<>\"`|\\".contains(c)) {
        return Err(format!(
            "the link {link:?} is not a web address (http:// or https://, without spaces, \
             quotes, <, >, |, ` or \\)"
        ));
    }
    Ok(())
}

/// Text inside a Rust or TOML `"..."` string: both escape `\` and `"` the
/// same way.
pub fn in_string(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Text inside Markdown (a doc comment, a README table cell), shown as it
/// is: every ASCII punctuation character that Markdown or rustdoc could read
/// as markup (`[x]` a link, `<b>` an HTML tag, `*`, `_`, `` ` ``, and `|`,
/// which would end a table cell) is escaped with a backslash.
pub fn in_markdown(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (k, c) in text.chars().enumerate() {
        // `-` and `+` only begin a list at the start of a line, where the
        // text may be put.
        if "\\`*_[]<>#|!&~".contains(c) || (k == 0 && "-+".contains(c)) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Text inside a Markdown table cell: see [`in_markdown`].
pub fn in_table_cell(text: &str) -> String {
    in_markdown(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_that_would_break_the_workspace_are_refused() {
        let root = problem_kit::files::workspace_root();
        for good in ["no-such-problem", "zz9", "q", "game2048-hardest-ever"] {
            assert_eq!(check_name(good, &root), Ok(()), "{good}");
        }
        for (bad, said) in [
            ("", "not a problem name"),
            ("2048", "not a problem name"),
            ("Game", "not a problem name"),
            ("a_b", "not a problem name"),
            ("a--b", "not a problem name"),
            ("a-", "not a problem name"),
            ("a b", "not a problem name"),
            ("fn", "keyword"),
            ("self", "keyword"),
            ("async", "keyword"),
            ("macro-rules", "keyword"),
            ("std", "Rust provides"),
            ("core", "Rust provides"),
            ("u8", "Rust provides"),
            ("deps", "reserved"),
            ("build", "reserved"),
            ("examples", "reserved"),
            ("incremental", "reserved"),
            ("con", "reserved"),
            ("grid", "taken"),
            ("problem-kit", "taken"),
            ("registry", "taken"),
            ("puyo", "taken"),
            ("game2048-hard", "taken"),
            ("cargo-judge", "taken"),
            ("new-problem", "taken"),
            ("libc", "taken"),
            ("proptest", "taken"),
            ("hostile", "taken"),
            ("sweep", "taken"),
            ("grid-games", "taken"),
            (&"a".repeat(41), "at most 40"),
        ] {
            let error = check_name(bad, &root).unwrap_err();
            assert!(error.contains(said), "{bad}: {error}");
        }
    }

    #[test]
    fn text_is_checked_and_escaped() {
        assert_eq!(in_string(r#"The "Best" \ Game"#), r#"The \"Best\" \\ Game"#);
        assert_eq!(in_table_cell("a | b"), r"a \| b");
        assert_eq!(
            in_markdown("[x] <b>*y*</b> 2048 (Hard)"),
            r"\[x\] \<b\>\*y\*\</b\> 2048 (Hard)"
        );
        assert_eq!(in_markdown("- a-b"), r"\- a-b");
        assert!(check_text("title", "two\nlines").is_err());
        assert!(check_text("title", "  ").is_err());
        assert!(check_link("https://www.acmicpc.net/problem/1").is_ok());
        for bad in [
            "ftp://x",
            "https://a b",
            "https://a>b",
            "javascript:alert(1)",
        ] {
            assert!(check_link(bad).is_err(), "{bad}");
        }
    }
}
