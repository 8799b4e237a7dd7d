//! What of a source file is code: its comments and string literals blanked
//! out, and for C and C++ the lines the judge's compile leaves out by its
//! preprocessor conditionals.
//!
//! This lexer reads the grammars of users' solutions (Python's `#` and
//! triple quotes, JavaScript's template literals, C's and Java's comments);
//! the workspace's own Rust is read by the bundler's (`bundle::lex`), which
//! knows Rust's raw strings, lifetimes and nested comments. The engine
//! cannot use that one: the bundler sits above every problem crate.

use crate::toolchain::Syntax;

/// `source` with its comments and the insides of its string literals
/// (JavaScript's template literals too) blanked out (line breaks kept):
/// they say nothing of what the code does (`# reads input()` in a comment,
/// a `main` in a string). A leading byte-order mark, which editors on
/// Windows write and the interpreters skip, goes too.
pub fn code_only(syntax: Syntax, source: &str) -> String {
    let source = source.strip_prefix('\u{feff}').unwrap_or(source);
    let mut scan = Scan {
        chars: source.chars().collect(),
        k: 0,
        out: String::with_capacity(source.len()),
    };
    let python = syntax == Syntax::Python;
    while let Some(&c) = scan.chars.get(scan.k) {
        if python && (scan.at("\"\"\"") || scan.at("'''")) {
            let quote: String = scan.chars[scan.k..scan.k + 3].iter().collect();
            scan.k += 3;
            scan.skip_until(&quote, true);
            scan.out.push_str("\"\"");
        } else if syntax == Syntax::JavaScript && c == '`' {
            scan.k += 1;
            scan.skip_until("`", true);
            scan.out.push_str("\"\"");
        } else if (python && c == '#') || (!python && scan.at("//")) {
            scan.skip_until("\n", false);
            scan.out.push('\n');
        } else if !python && scan.at("/*") {
            scan.k += 2;
            scan.skip_until("*/", false);
            scan.out.push(' ');
        } else if c == '"' || c == '\'' {
            scan.k += 1;
            scan.skip_string(c);
            scan.out.push_str("\"\"");
        } else {
            scan.out.push(c);
            scan.k += 1;
        }
    }
    scan.out
}

/// A scan of a source file's characters, at `k`, writing what is code to
/// `out`.
struct Scan {
    chars: Vec<char>,
    k: usize,
    out: String,
}

impl Scan {
    /// Whether `text` starts at the scan's place.
    fn at(&self, text: &str) -> bool {
        text.chars()
            .enumerate()
            .all(|(i, c)| self.chars.get(self.k + i) == Some(&c))
    }

    /// Skips to past `end` (or the end of the source), copying line
    /// breaks only; with `escapes`, a backslash escapes what follows.
    fn skip_until(&mut self, end: &str, escapes: bool) {
        while self.k < self.chars.len() && !self.at(end) {
            if escapes && self.chars[self.k] == '\\' {
                self.k += 1;
            }
            if self.chars.get(self.k) == Some(&'\n') {
                self.out.push('\n');
            }
            self.k += 1;
        }
        self.k = (self.k + end.chars().count()).min(self.chars.len());
    }

    /// Skips a one-line string's inside and its closing `quote`: it ends
    /// there, or (unclosed) at the line's end.
    fn skip_string(&mut self, quote: char) {
        while let Some(&c) = self.chars.get(self.k) {
            if c == quote || c == '\n' {
                break;
            }
            self.k += if c == '\\' { 2 } else { 1 };
        }
        if self.chars.get(self.k) == Some(&quote) {
            self.k += 1;
        }
    }
}

/// The lines of C or C++ source the judge's compile sees, as far as its
/// preprocessor conditionals can be told without compiling, with the names
/// the compile defines (`ONLINE_JUDGE`, `BOJ`): `#ifdef` and `#ifndef`,
/// and `#if` with a simple condition (a number, `defined`, `!`, `&&`, `||`), taken as
/// the compiler would, `#else` the other way; any other condition is taken
/// as true in every branch, so that a `main` under it still counts. So a
/// `main` between `#ifdef LOCAL` and `#endif` (a local test harness) is
/// left out, and one after its `#else` is kept.
pub fn compiled_part(source: &str) -> String {
    const DEFINED: [&str; 2] = ["ONLINE_JUDGE", "BOJ"];
    let defined = |name: &str| DEFINED.contains(&name.trim());
    // Per open conditional: whether its branch now is taken, and whether
    // it could tell (an unknown condition is taken in every branch).
    let mut open: Vec<(bool, bool)> = Vec::new();
    let mut kept = Vec::new();
    for line in source.lines() {
        let directive = line.trim_start().strip_prefix('#').map(str::trim_start);
        match directive {
            Some(d) if d.starts_with("ifdef") => open.push((defined(&d[5..]), true)),
            Some(d) if d.starts_with("ifndef") => open.push((!defined(&d[6..]), true)),
            Some(d) if d.starts_with("if") => open.push(match condition_value(&d[2..], &defined) {
                Some(taken) => (taken, true),
                None => (true, false),
            }),
            Some(d) if d.starts_with("el") => {
                if let Some(top) = open.last_mut() {
                    // `#else` and `#elif`: the other branch, when known.
                    *top = if top.1 {
                        (!top.0, d.starts_with("else"))
                    } else {
                        (true, false)
                    };
                }
            }
            Some(d) if d.starts_with("endif") => {
                open.pop();
            }
            _ => {}
        }
        let taken = open.iter().all(|&(taken, _)| taken);
        kept.push(if taken && directive.is_none() {
            line
        } else {
            ""
        });
    }
    kept.join("\n")
}

/// The value of a simple `#if` condition: terms joined by `||` or `&&`
/// (not both), each a number, a name (0 when not defined, as the
/// preprocessor takes it), or `defined(NAME)`, any of them after `!`.
/// `None` for anything else.
fn condition_value(condition: &str, defined: &dyn Fn(&str) -> bool) -> Option<bool> {
    let condition: String = condition.chars().filter(|c| !c.is_whitespace()).collect();
    let term = |term: &str| -> Option<bool> {
        let (negated, term) = match term.strip_prefix('!') {
            Some(rest) => (true, rest),
            None => (false, term),
        };
        let value = if let Ok(number) = term.parse::<i64>() {
            number != 0
        } else if let Some(name) = term
            .strip_prefix("defined(")
            .and_then(|rest| rest.strip_suffix(')'))
            .or_else(|| term.strip_prefix("defined"))
        {
            defined(name)
        } else if !term.is_empty() && term.chars().all(|c| c.is_alphanumeric() || c == '_') {
            // A defined name's value is not known here; an undefined one
            // is 0.
            if defined(term) {
                return None;
            }
            false
        } else {
            return None;
        };
        Some(value != negated)
    };
    match (condition.contains("||"), condition.contains("&&")) {
        (true, true) => None,
        (true, false) => {
            let values: Option<Vec<bool>> = condition.split("||").map(term).collect();
            values.map(|values| values.into_iter().any(|value| value))
        }
        (false, true) => {
            let values: Option<Vec<bool>> = condition.split("&&").map(term).collect();
            values.map(|values| values.into_iter().all(|value| value))
        }
        (false, false) => term(&condition),
    }
}
