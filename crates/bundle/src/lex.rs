//! The workspace's Rust lexer: it tells code from comments, strings and
//! character literals, so that rewriting paths, counting braces and
//! dropping comments touch code only. The bundler works with it, and the
//! architecture checks of `tests/suite` read the workspace's source with
//! it.
//!
//! The engine blanks the comments and strings of a user's solution with a
//! lexer of its own (`engine::toolchain::detect::preprocess`): it reads the
//! judges' other grammars (Python's `#` and triple quotes, JavaScript's
//! template literals, C's and Java's), and the engine, which the bundler
//! does not need, cannot depend on the bundler, which sits above every
//! problem crate. What the two share is only the shape of a scan.

/// The source without its `//` comments, or only its plain ones when
/// `keep_docs` (`///` and `//!` stay). A line that held only a comment goes
/// with it.
pub(crate) fn strip_comments(source: &str, keep_docs: bool) -> String {
    // Dropped comments become a marker first, so that the lines they leave
    // empty can be told from blank lines that were there.
    const MARK: char = '\u{0}';
    let mut marked = String::with_capacity(source.len());
    for piece in pieces(source) {
        match piece {
            Piece::Other(text)
                if text.starts_with("//")
                    && !(keep_docs && (text.starts_with("///") || text.starts_with("//!"))) =>
            {
                marked.push(MARK)
            }
            Piece::Code(text) | Piece::Other(text) => marked.push_str(text),
        }
    }
    let mut out = String::with_capacity(marked.len());
    for line in marked.split_inclusive('\n') {
        if line.trim() == MARK.to_string() {
            continue;
        }
        if line.contains(MARK) {
            out.push_str(line.replace(MARK, "").trim_end());
            out.push('\n');
        } else {
            out.push_str(line);
        }
    }
    out
}

/// The identifiers that follow `prefix` in the code: `prefix name`, or each
/// first name of a group `prefix{a, b::c}`.
pub(crate) fn names_after(code: &str, prefix: &str) -> Vec<String> {
    let identifier = |text: &str| -> String {
        text.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let mut names = Vec::new();
    for (at, _) in code.match_indices(prefix) {
        let rest = &code[at + prefix.len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let (mut depth, mut start) = (0, 0);
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => {
                        names.push(identifier(group[start..i].trim_start()));
                        break;
                    }
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        names.push(identifier(group[start..i].trim_start()));
                        start = i + 1;
                    }
                    _ => {}
                }
            }
        } else {
            names.push(identifier(rest));
        }
    }
    names.retain(|name| !name.is_empty());
    names
}

/// The parts of a source text: code, or a comment or literal left as it is.
#[derive(Debug, PartialEq)]
pub enum Piece<'a> {
    Code(&'a str),
    Other(&'a str),
}

/// Splits source into code and the comments, strings and character literals
/// between it (so rewriting and brace counting look at code only).
pub fn pieces(source: &str) -> Vec<Piece<'_>> {
    let bytes = source.as_bytes();
    let mut out = Vec::new();
    let (mut start, mut i) = (0, 0);
    while i < bytes.len() {
        let rest = &bytes[i..];
        let literal_end = if rest.starts_with(b"//") {
            Some(i + rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len()))
        } else if rest.starts_with(b"/*") {
            let mut depth = 0;
            let mut j = i;
            loop {
                if j >= bytes.len() {
                    break Some(bytes.len());
                }
                if bytes[j..].starts_with(b"/*") {
                    depth += 1;
                    j += 2;
                } else if bytes[j..].starts_with(b"*/") {
                    depth -= 1;
                    j += 2;
                    if depth == 0 {
                        break Some(j);
                    }
                } else {
                    j += 1;
                }
            }
        } else if rest[0] == b'"' || rest.starts_with(b"b\"") && !prev_is_ident(bytes, i) {
            let mut j = i + if rest[0] == b'"' { 1 } else { 2 };
            while j < bytes.len() && bytes[j] != b'"' {
                j += if bytes[j] == b'\\' { 2 } else { 1 };
            }
            Some((j + 1).min(bytes.len()))
        } else if (rest.starts_with(b"r#")
            || rest.starts_with(b"r\"")
            || rest.starts_with(b"br#")
            || rest.starts_with(b"br\""))
            && !prev_is_ident(bytes, i)
        {
            let open = i + if rest[0] == b'b' { 2 } else { 1 };
            let hashes = bytes[open..].iter().take_while(|&&b| b == b'#').count();
            let closing: Vec<u8> = std::iter::once(b'"')
                .chain(std::iter::repeat_n(b'#', hashes))
                .collect();
            let body = open + hashes + 1;
            let end = bytes[body.min(bytes.len())..]
                .windows(closing.len())
                .position(|w| w == closing.as_slice())
                .map_or(bytes.len(), |p| body + p + closing.len());
            Some(end)
        } else if rest[0] == b'\'' || rest.starts_with(b"b'") && !prev_is_ident(bytes, i) {
            let q = i + if rest[0] == b'\'' { 0 } else { 1 };
            // A character literal is 'x' or an escape; otherwise a lifetime.
            if bytes.get(q + 1) == Some(&b'\\') {
                let mut j = q + 2;
                while j < bytes.len() && bytes[j] != b'\'' {
                    j += 1;
                }
                Some((j + 1).min(bytes.len()))
            } else {
                let width = source[q + 1..].chars().next().map_or(1, char::len_utf8);
                if bytes.get(q + 1 + width) == Some(&b'\'') {
                    Some(q + 2 + width)
                } else {
                    None
                }
            }
        } else {
            None
        };
        match literal_end {
            Some(end) => {
                if start < i {
                    out.push(Piece::Code(&source[start..i]));
                }
                out.push(Piece::Other(&source[i..end]));
                start = end;
                i = end;
            }
            None => i += source[i..].chars().next().map_or(1, char::len_utf8),
        }
    }
    if start < bytes.len() {
        out.push(Piece::Code(&source[start..]));
    }
    out
}

/// The code of a source text, with comments and literals blanked out (so
/// that a path named in a comment does not count as a use), each to a
/// space, or to the line breaks it holds (so that lines keep their
/// numbers).
pub fn code_only(source: &str) -> String {
    let mut code = String::with_capacity(source.len());
    for piece in pieces(source) {
        match piece {
            Piece::Code(text) => code.push_str(text),
            Piece::Other(text) if text.contains('\n') => {
                code.extend(text.chars().filter(|&c| c == '\n'))
            }
            Piece::Other(_) => code.push(' '),
        }
    }
    code
}

/// The string literals of a source text (`"..."`, `b"..."`, `r#"..."#`),
/// as written, quotes and escapes included.
pub fn string_literals(source: &str) -> Vec<&str> {
    pieces(source)
        .into_iter()
        .filter_map(|piece| match piece {
            Piece::Other(text) if !text.starts_with("//") && !text.starts_with("/*") => {
                Some(text).filter(|text| text.contains('"'))
            }
            _ => None,
        })
        .collect()
}

pub(crate) fn prev_is_ident(bytes: &[u8], i: usize) -> bool {
    i > 0 && (bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_')
}

/// Rewrites paths for a crate inlined as the module `module`: `crate::`
/// becomes `crate::<module>::`, and a path that starts with one of the
/// crates in `dependencies` (`grid::`, `game2048::`) becomes
/// `crate::<dependency>::`. Code only; comments and strings stay as they are.
pub(crate) fn rewrite_paths(source: &str, module: &str, dependencies: &[String]) -> String {
    let mut out = String::with_capacity(source.len() + 64);
    for piece in pieces(source) {
        let code = match piece {
            Piece::Other(text) => {
                out.push_str(text);
                continue;
            }
            Piece::Code(code) => code,
        };
        let bytes = code.as_bytes();
        let mut i = 0;
        'scan: while i < bytes.len() {
            let starts_word = !prev_is_ident(bytes, i) && (i < 2 || &bytes[i - 2..i] != b"::");
            if starts_word {
                if code[i..].starts_with("crate::") {
                    out.push_str(&format!("crate::{module}::"));
                    i += "crate::".len();
                    continue;
                }
                for dependency in dependencies {
                    let path = format!("{dependency}::");
                    if code[i..].starts_with(&path) {
                        out.push_str(&format!("crate::{path}"));
                        i += path.len();
                        continue 'scan;
                    }
                }
            }
            let width = code[i..].chars().next().map_or(1, char::len_utf8);
            out.push_str(&code[i..i + width]);
            i += width;
        }
    }
    out
}

/// The attribute of items a bundle leaves out: tests.
const TEST_ONLY: &str = "#[cfg(test)]";
/// The attribute of what a problem crate builds only with its `contract`
/// feature (the contract, the validator, the generators, the replay page:
/// everything that uses `problem-kit`), written on a line of its own.
const CONTRACT_ONLY: &str = "#[cfg(feature = \"contract\")]";

/// Drops every item marked `#[cfg(test)]` or, on a line of its own,
/// `#[cfg(feature = "contract")]`: the attribute, and the item up to its
/// closing brace (or semicolon).
pub(crate) fn strip_unbundled(source: &str) -> String {
    // The contract attribute holds a string, which the lexer sets apart
    // from code: on a line of its own it is the attribute, and it is read
    // as the test one.
    let source: String = source
        .split_inclusive('\n')
        .map(|line| {
            if line.trim() == CONTRACT_ONLY {
                line.replacen(CONTRACT_ONLY, TEST_ONLY, 1)
            } else {
                line.to_string()
            }
        })
        .collect();
    strip_test_items(&source)
}

/// Drops every item marked `#[cfg(test)]`.
fn strip_test_items(source: &str) -> String {
    const UNBUNDLED: [&str; 1] = [TEST_ONLY];
    let mut out = String::new();
    let mut depth: i64 = 0;
    // Open `(` and `[`: a semicolon inside them (an array type such as
    // `[u32; 64]` in a signature) does not end an item.
    let mut nesting: i64 = 0;
    let mut skipping: Option<i64> = None;
    for piece in pieces(source) {
        let code = match piece {
            Piece::Other(text) => {
                if skipping.is_none() {
                    out.push_str(text);
                }
                continue;
            }
            Piece::Code(code) => code,
        };
        let mut i = 0;
        while i < code.len() {
            if let Some(mark) = UNBUNDLED.iter().find(|m| code[i..].starts_with(*m)) {
                if skipping.is_none() {
                    drop_trailing_doc_comment(&mut out);
                    skipping = Some(depth);
                }
                i += mark.len();
                continue;
            }
            let c = code.as_bytes()[i];
            match c {
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    if skipping == Some(depth) {
                        skipping = None;
                        i += 1;
                        continue;
                    }
                }
                b'(' | b'[' => nesting += 1,
                b')' | b']' => nesting -= 1,
                b';' if skipping == Some(depth) && nesting == 0 => {
                    skipping = None;
                    i += 1;
                    continue;
                }
                _ => {}
            }
            let width = code[i..].chars().next().map_or(1, char::len_utf8);
            if skipping.is_none() {
                out.push_str(&code[i..i + width]);
            }
            i += width;
        }
    }
    out
}

/// Removes the `///` lines that end `out`: the documentation of an item
/// that is being dropped, which would otherwise document nothing.
fn drop_trailing_doc_comment(out: &mut String) {
    loop {
        let kept = out.trim_end_matches([' ', '\t']).len();
        out.truncate(kept);
        let line_start = out
            .trim_end_matches('\n')
            .rfind('\n')
            .map_or(0, |at| at + 1);
        if out[line_start..].trim_start().starts_with("///") {
            out.truncate(line_start);
        } else {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strips_plain_comments_then_documentation() {
        let code = "//! Module.\n/// Item.\nfn a() {\n    // Why.\n    let s = \"// not a comment\"; // Trailing.\n\n    b();\n}\n";
        assert_eq!(
            strip_comments(code, true),
            "//! Module.\n/// Item.\nfn a() {\n    let s = \"// not a comment\";\n\n    b();\n}\n"
        );
        assert_eq!(
            strip_comments(code, false),
            "fn a() {\n    let s = \"// not a comment\";\n\n    b();\n}\n"
        );
    }

    #[test]
    fn rewrites_paths_in_code_only() {
        let code = "use crate::board::Move; // crate::x\nlet s = \"grid::y\"; grid::dir::step(a); foo::grid::z; my_grid::w;";
        let out = rewrite_paths(code, "game2048", &["grid".to_string()]);
        assert_eq!(
            out,
            "use crate::game2048::board::Move; // crate::x\nlet s = \"grid::y\"; crate::grid::dir::step(a); foo::grid::z; my_grid::w;"
        );
        assert_eq!(
            rewrite_paths("crate::grid::Grid", "grid", &[]),
            "crate::grid::grid::Grid"
        );
        // A problem built on another problem's crate.
        assert_eq!(
            rewrite_paths(
                "game2048::answer(i, 10); my_game2048::x",
                "game2048_hard",
                &["grid".into(), "game2048".into()]
            ),
            "crate::game2048::answer(i, 10); my_game2048::x"
        );
    }

    #[test]
    fn strips_test_modules_whatever_their_braces() {
        let code = "fn a() {}\n#[cfg(test)]\nmod tests {\n    fn b() { let c = '{'; let s = \"}}\"; }\n}\nfn d<'x>(v: &'x str) {}\n";
        assert_eq!(
            strip_unbundled(code),
            "fn a() {}\n\nfn d<'x>(v: &'x str) {}\n"
        );
        assert_eq!(
            strip_unbundled("#[cfg(test)]\nuse x;\nfn e() {}"),
            "\nfn e() {}"
        ); // The documentation of a dropped item goes with it.
        assert_eq!(
            strip_unbundled(
                "fn a() {}\n/// Helpers.\n/// More.\n#[cfg(test)]\nmod t {}\nfn b() {}"
            ),
            "fn a() {}\n\nfn b() {}"
        );
        // A semicolon in an array type is not the item's end.
        assert_eq!(
            strip_unbundled("#[cfg(test)]\nfn c(x: [u8; 2]) -> [u32; 64] { [0; 64] }\nfn f() {}"),
            "\nfn f() {}"
        );
        // What only the contract feature builds goes too.
        assert_eq!(
            strip_unbundled("pub mod search;\n#[cfg(feature = \"contract\")]\npub mod contract;\npub mod table;\n"),
            "pub mod search;\n\npub mod table;\n"
        );
    }

    #[test]
    fn blanks_comments_and_literals_keeping_lines_and_finds_strings() {
        let code = "let a = \"x\\\"y\"; // c\n/* d\n e */ let b = r#\"z\"#; 'q'; f::<'a>()";
        assert_eq!(code_only(code), "let a =  ;  \n\n let b =  ;  ; f::<'a>()");
        assert_eq!(string_literals(code), ["\"x\\\"y\"", "r#\"z\"#"]);
    }

    #[test]
    fn lexes_literals() {
        let p = pieces("a '\\n' b'c' r#\"x\"# \"q\\\"\" 'lt");
        assert!(p.contains(&Piece::Other("'\\n'")));
        assert!(p.contains(&Piece::Other("b'c'")));
        assert!(p.contains(&Piece::Other("r#\"x\"#")));
        assert!(p.contains(&Piece::Other("\"q\\\"\"")));
    }

    #[test]
    fn finds_names_in_paths_and_groups() {
        let code = "use crate::grid::{Grid, InputError};\ncrate::grid::dir::step(); use crate::grid::{input::{quote, Token}, cli};";
        assert_eq!(
            names_after(code, "crate::grid::"),
            vec!["Grid", "InputError", "dir", "input", "cli"]
        );
    }
}
