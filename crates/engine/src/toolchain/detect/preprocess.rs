//! What of a source file is code: its comments and string literals blanked
//! out, and for C and C++ the lines the judge's compile leaves out by its
//! preprocessor conditionals.

use crate::toolchain::Syntax;

/// `source` with its comments and the insides of its string literals
/// (JavaScript's template literals too) blanked out (line breaks kept):
/// they say nothing of what the code does (`# reads input()` in a comment,
/// a `main` in a string). A leading byte-order mark, which editors on
/// Windows write and the interpreters skip, goes too.
pub fn code_only(syntax: Syntax, source: &str) -> String {
    let source = source.strip_prefix('\u{feff}').unwrap_or(source);
    let chars: Vec<char> = source.chars().collect();
    let mut out = String::with_capacity(source.len());
    let mut k = 0;
    let at = |k: usize, text: &str| {
        text.chars()
            .enumerate()
            .all(|(i, c)| chars.get(k + i) == Some(&c))
    };
    // Copies line breaks only, until `end` (or the end of the source).
    let skip_until = |k: &mut usize, out: &mut String, end: &str, escapes: bool| {
        while *k < chars.len() && !at(*k, end) {
            if escapes && chars[*k] == '\\' {
                *k += 1;
            }
            if chars.get(*k) == Some(&'\n') {
                out.push('\n');
            }
            *k += 1;
        }
        *k = (*k + end.chars().count()).min(chars.len());
    };
    while k < chars.len() {
        let python = syntax == Syntax::Python;
        if python && (at(k, "\"\"\"") || at(k, "'''")) {
            let quote: String = chars[k..k + 3].iter().collect();
            k += 3;
            skip_until(&mut k, &mut out, &quote, true);
            out.push_str("\"\"");
        } else if syntax == Syntax::JavaScript && chars[k] == '`' {
            k += 1;
            skip_until(&mut k, &mut out, "`", true);
            out.push_str("\"\"");
        } else if (python && chars[k] == '#') || (!python && at(k, "//")) {
            skip_until(&mut k, &mut out, "\n", false);
            out.push('\n');
        } else if !python && at(k, "/*") {
            k += 2;
            skip_until(&mut k, &mut out, "*/", false);
            out.push(' ');
        } else if chars[k] == '"' || chars[k] == '\'' {
            let quote = chars[k].to_string();
            k += 1;
            // A string ends at its quote, or (unclosed) at the line's end.
            while k < chars.len() && !at(k, &quote) && chars[k] != '\n' {
                if chars[k] == '\\' {
                    k += 1;
                }
                k += 1;
            }
            if at(k, &quote) {
                k += 1;
            }
            out.push_str("\"\"");
        } else {
            out.push(chars[k]);
            k += 1;
        }
    }
    out
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
