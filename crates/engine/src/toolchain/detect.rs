//! Whether a solution file is a program or only defines the judge's
//! function (a Programmers solution), told from its code: comments and
//! string literals blanked out, and for C and C++ the parts the judge's
//! compile leaves out (a `main` under `#ifdef LOCAL`) left out too.

use cli::Call;

use super::language::Language;
/// Whether `source`, a file in `language`, defines the judge's function and
/// is meant to be called rather than run: it defines `call.function` and
/// neither reads its input (Python) nor has a `main` (C++).
pub fn is_function_only(language: Language, source: &str, call: &Call) -> bool {
    // Comments and string literals say nothing of what the code does (`#
    // reads input()` in a comment, a `main` in a string).
    let source = &code_only(language, source);
    match language {
        Language::Python | Language::PyPy => {
            source.lines().any(|line| {
                line.trim_start()
                    .strip_prefix("def ")
                    .is_some_and(|rest| is_call_of(rest.trim_start(), call.function))
            }) && !reads_input(source)
        }
        Language::Cpp => {
            let compiled = compiled_part(source);
            has_call_of(&compiled, call.function) && !has_call_of(&compiled, "main")
        }
        _ => false,
    }
}

/// Whether Python code reads its input: calls `input`, names `stdin` at
/// all (`sys.stdin`, or `stdin` imported from `sys`), or opens descriptor
/// 0.
fn reads_input(source: &str) -> bool {
    let opens_zero = source.match_indices("open").any(|(at, _)| {
        let rest = source[at + 4..].trim_start();
        rest.strip_prefix('(')
            .is_some_and(|args| args.trim_start().starts_with('0'))
    });
    let names_stdin = name_at(source, "stdin").next().is_some() || source.contains(".stdin");
    has_call_of(source, "input") || names_stdin || opens_zero
}

/// Where `name` stands in `source` as a name of its own: not the end of a
/// longer one (`check_input`, `domain`), nor a member of something else
/// (`parser.input`).
fn name_at<'a>(source: &'a str, name: &'a str) -> impl Iterator<Item = usize> + 'a {
    source.match_indices(name).map(|(at, _)| at).filter(|&at| {
        let before = source[..at].chars().next_back();
        !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.')
    })
}

/// Whether `text` starts with `name` and then, after any spaces, `(`.
fn is_call_of(text: &str, name: &str) -> bool {
    text.strip_prefix(name)
        .is_some_and(|rest| rest.trim_start().starts_with('('))
}

/// Whether `name (` is in `source`, `name` a name of its own.
fn has_call_of(source: &str, name: &str) -> bool {
    name_at(source, name).any(|at| is_call_of(&source[at..], name))
}

/// `source` with its comments and the insides of its string literals
/// blanked out (line breaks kept), for the checks above.
fn code_only(language: Language, source: &str) -> String {
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
        let python = matches!(language, Language::Python | Language::PyPy);
        if python && (at(k, "\"\"\"") || at(k, "'''")) {
            let quote: String = chars[k..k + 3].iter().collect();
            k += 3;
            skip_until(&mut k, &mut out, &quote, true);
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
/// and `#if` with a simple condition (see [`condition_value`]), taken as
/// the compiler would, `#else` the other way; any other condition is taken
/// as true in every branch, so that a `main` under it still counts. So a
/// `main` between `#ifdef LOCAL` and `#endif` (a local test harness) is
/// left out, and one after its `#else` is kept.
fn compiled_part(source: &str) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tells_a_function_from_a_program() {
        let call = footholds::contract::INFO.call.as_ref().unwrap();
        let function = "def solution(board, aloc, bloc):\n    return 0\n";
        let program = "import sys\ndef solution(board, aloc, bloc):\n    return 0\nprint(solution(*eval(sys.stdin.read())))\n";
        assert!(is_function_only(Language::Python, function, call));
        assert!(!is_function_only(Language::Python, program, call));
        let cpp = "#include <vector>\nint solution(std::vector<std::vector<int>> b, std::vector<int> a, std::vector<int> c) { return 0; }\n";
        assert!(is_function_only(Language::Cpp, cpp, call));
        assert!(!is_function_only(
            Language::Cpp,
            &format!("{cpp}int main() {{}}\n"),
            call
        ));
        // `domain(` is not `main(`.
        assert!(is_function_only(
            Language::Cpp,
            &format!("{cpp}int domain (int x);\n"),
            call
        ));
        assert!(!is_function_only(Language::Rust, cpp, call));
    }

    #[test]
    fn helpers_and_local_harnesses_do_not_make_a_program() {
        let call = footholds::contract::INFO.call.as_ref().unwrap();
        // A helper whose name ends in `input`, and a method of that name.
        let helper = "def check_input(b):\n    return b\ndef solution(board, aloc, bloc):\n    return parser.input(check_input(0))\n";
        assert!(is_function_only(Language::Python, helper, call));
        // A `main` for local tests, left out unless LOCAL is defined.
        let cpp = "#include <vector>\nint solution(std::vector<std::vector<int>> b, std::vector<int> a, std::vector<int> c) { return 0; }\n";
        let local = format!(
            "{cpp}#ifdef LOCAL\nint main() {{ return solution({{}}, {{}}, {{}}); }}\n#endif\n"
        );
        assert!(is_function_only(Language::Cpp, &local, call));
        // After the conditional, a `main` counts again.
        let after = format!("#if 1\n#endif\n{cpp}int main() {{}}\n");
        assert!(!is_function_only(Language::Cpp, &after, call));
        // A `main` after `#else` of a name the judge does not define is
        // compiled; one under `#ifndef ONLINE_JUDGE` is not.
        let other = format!("{cpp}#ifdef LOCAL\nvoid t() {{}}\n#else\nint main() {{}}\n#endif\n");
        assert!(!is_function_only(Language::Cpp, &other, call));
        let not_judged = format!("{cpp}#ifndef ONLINE_JUDGE\nint main() {{}}\n#endif\n");
        assert!(is_function_only(Language::Cpp, &not_judged, call));
        // Spaces before the parenthesis.
        let spaced = cpp.replace("solution(", "solution (");
        assert!(is_function_only(Language::Cpp, &spaced, call));
        let python = "def solution (board, aloc, bloc):\n    return 0\n";
        assert!(is_function_only(Language::Python, python, call));
        // Reading input, however it is spelled, makes a program.
        for reads in [
            "line = input ()",
            "from sys import stdin\nfor line in stdin: pass",
            "data = open (0).read()",
        ] {
            let program = format!("{python}{reads}\n");
            assert!(
                !is_function_only(Language::Python, &program, call),
                "{reads}"
            );
        }
        // Conditions on names the compile does not define are false.
        for condition in [
            "LOCAL",
            "!defined(ONLINE_JUDGE) && !defined(BOJ)",
            "0 || DEBUG",
        ] {
            let local = format!("{cpp}#if {condition}\nint main() {{}}\n#endif\n");
            assert!(is_function_only(Language::Cpp, &local, call), "{condition}");
        }
        let judged = format!("{cpp}#if defined(ONLINE_JUDGE) || LOCAL\nint main() {{}}\n#endif\n");
        assert!(!is_function_only(Language::Cpp, &judged, call));
        assert!(!is_function_only(
            Language::Cpp,
            &format!("{spaced}int main (void) {{}}\n"),
            call
        ));
    }

    #[test]
    fn comments_and_strings_do_not_count() {
        let call = footholds::contract::INFO.call.as_ref().unwrap();
        // A function whose comments speak of input() and main(): still a
        // function to call.
        let python = "# no input() here\ndef solution(board, aloc, bloc):\n    \"\"\"sys.stdin is not read\"\"\"\n    s = 'input('\n    return 0\n";
        assert!(is_function_only(Language::Python, python, call));
        let cpp = "// int main() is not needed\n/* main() */\nint solution(std::vector<std::vector<int>> b, std::vector<int> a, std::vector<int> c) { const char* s = \"main()\"; return 0; }\n";
        assert!(is_function_only(Language::Cpp, cpp, call));
        // A program whose `def solution(` sits in a comment defines nothing.
        let commented = "# def solution(board, aloc, bloc):\nprint(0)\n";
        assert!(!is_function_only(Language::Python, commented, call));
        // Code after a comment still counts.
        let reads = "def solution(board, aloc, bloc):\n    return 0 # done\nprint(solution(*eval(input())))\n";
        assert!(!is_function_only(Language::Python, reads, call));
        let with_main = "/* c */ int solution(std::vector<std::vector<int>> b, std::vector<int> a, std::vector<int> c) { return 0; }\nint main() { char q = '\"'; }\n";
        assert!(!is_function_only(Language::Cpp, with_main, call));
    }
}
