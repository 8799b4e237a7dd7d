//! Whether a solution file is a program or defines the judge's function (a
//! Programmers solution), told from its structure: a file that defines the
//! function, with as many parameters as the judge passes, is a function
//! file, whatever else it holds (a local `main`, top-level test calls,
//! reads of stdin), and is called through a driver; any other file is a
//! program. In Python and JavaScript, where a function is a value, that is
//! any top-level binding of the name that may be a function taking the
//! call (see [`bindings`]). Comments and string literals are not code, and
//! for C and C++ the parts the judge's compile leaves out (under `#ifdef
//! LOCAL`) are not either (see [`preprocess`]).

pub mod bindings;
pub mod preprocess;

use problem_kit::Call;

use super::language::{Language, LanguageRow, Syntax};
use bindings::{javascript_bindings, python_binding, python_def, Binding};
use preprocess::{code_only, compiled_part};

/// What a file is, for a judge that calls a function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// A program: it reads the input and writes the answer.
    Program,
    /// It defines the function; `left_out` says, for the report, what of
    /// it the driver leaves out or ignores, as the judge does (`{judge}`
    /// the judge's name).
    Function { left_out: Option<&'static str> },
}

/// The form of `source`, a file in `language`, for a judge that calls
/// `call`.
pub fn form_of(language: Language, source: &str, call: &Call) -> Form {
    let code = code_only(language.row().syntax, source);
    let arity = call.parameters.len();
    match language.row().syntax {
        Syntax::Python => python_form(&code, call.function, arity),
        Syntax::C => {
            let compiled = compiled_part(&code);
            if !defines(&compiled, call.function, arity) {
                Form::Program
            } else if defines(&compiled, "main", usize::MAX) {
                Form::Function {
                    left_out: Some("its own main() is left out, as {judge} ignores it"),
                }
            } else {
                Form::Function { left_out: None }
            }
        }
        Syntax::Java => {
            // The function in a class of another name is still meant for
            // the judge's call: the compile then says the class must be
            // Solution.
            if !defines(&code, call.function, arity) {
                Form::Program
            } else if defines(&code, "main", usize::MAX) {
                Form::Function {
                    left_out: Some("its own main is never called, as {judge} ignores it"),
                }
            } else {
                Form::Function { left_out: None }
            }
        }
        Syntax::JavaScript => {
            let bindings = javascript_bindings(&code, call.function);
            if bindings.iter().any(|binding| binding.may_take(arity)) {
                Form::Function {
                    left_out: Some(
                        "its top-level statements run first, their output on stderr, as \
                         {judge} ignores it",
                    )
                    .filter(|_| top_level_calls(&code, call.function)),
                }
            } else {
                Form::Program
            }
        }
        Syntax::Rust => Form::Program,
    }
}

/// Whether `source` defines a function of `call`'s name, whatever its
/// parameters: said of a file judged as a program, which may have been
/// meant for the call.
pub fn defines_the_name(language: Language, source: &str, call: &Call) -> bool {
    let code = code_only(language.row().syntax, source);
    let function = call.function;
    match language.row().syntax {
        Syntax::Python => top_level_statements(&code).iter().any(|statement| {
            matches!(
                python_binding(statement, function),
                Some(Binding::Parameters(_))
            )
        }),
        Syntax::JavaScript => javascript_bindings(&code, function)
            .iter()
            .any(|binding| matches!(binding, Binding::Parameters(_))),
        Syntax::C => defines(&compiled_part(&code), function, usize::MAX),
        Syntax::Java => defines(&code, function, usize::MAX),
        Syntax::Rust => false,
    }
}

/// Whether a file of a language whose program is a class declares a
/// package (`package boj;`): its class is then compiled into that
/// package's folder, where a judge, which runs the class by its plain
/// name, does not look.
pub fn declares_a_package(row: &LanguageRow, source: &str) -> bool {
    row.classes.is_some_and(|classes| {
        code_only(row.syntax, source)
            .lines()
            .any(|line| line.trim_start().starts_with(classes.package))
    })
}

/// A Python file's form: a top-level binding of the function's name that
/// may take `arity` arguments (see [`bindings`]); the top-level statements the driver leaves out are
/// those that call the function (test calls) or read standard input (a
/// local main): anything but imports, definitions, decorators and
/// assignments that names the function's call, `input(`, `stdin`,
/// `fileinput`, `open(0` or `read(0`.
fn python_form(code: &str, function: &str, arity: usize) -> Form {
    let mut defined = false;
    let mut left_out = false;
    let call = format!("{function}(");
    for statement in top_level_statements(code) {
        let first = statement.lines().next().unwrap_or_default();
        let whole = statement.as_str();
        if let Some(binding) = python_binding(whole, function) {
            defined |= binding.may_take(arity);
        } else if python_def(whole).is_some() {
            // Another function's definition: nothing in it runs now.
        } else if !(first.starts_with("class ")
            || first.starts_with("import ")
            || first.starts_with("from ")
            || first.starts_with('@')
            || is_assignment(&statement))
        {
            let compact: String = whole.chars().filter(|c| !c.is_whitespace()).collect();
            left_out |= [
                call.as_str(),
                "input(",
                "stdin",
                "fileinput",
                "open(0",
                "read(0",
            ]
            .iter()
            .any(|word| compact.contains(word));
        }
    }
    match (defined, left_out) {
        (false, _) => Form::Program,
        (true, false) => Form::Function { left_out: None },
        (true, true) => Form::Function {
            left_out: Some(
                "its top-level test calls and input reading are left out (they do not change \
                 {judge}'s verdict); the rest of its top level runs first",
            ),
        },
    }
}

/// The statements at a Python file's top level: each starts at the first
/// column, outside any bracket, and runs to the next.
fn top_level_statements(code: &str) -> Vec<String> {
    let mut statements: Vec<String> = Vec::new();
    let mut depth = 0i32;
    for line in code.lines() {
        let starts = depth == 0
            && line.chars().next().is_some_and(|c| !c.is_whitespace())
            && !line.starts_with(')')
            && !line.starts_with(']')
            && !line.starts_with('}');
        if starts {
            statements.push(String::new());
        }
        if let Some(last) = statements.last_mut() {
            last.push_str(line);
            last.push('\n');
        }
        for c in line.chars() {
            match c {
                '(' | '[' | '{' => depth += 1,
                ')' | ']' | '}' => depth -= 1,
                _ => {}
            }
        }
    }
    // Blocks (`if ...:` with its body) are one statement with their first
    // line; bodies are indented, so they never start one.
    statements
}

/// Whether a top-level Python statement is an assignment (`a = ...`,
/// `a, b = ...`, `a: T = ...`, `a += ...`): a `=` outside brackets that is
/// not a comparison, before any bracket or call.
fn is_assignment(statement: &str) -> bool {
    let line = statement.lines().next().unwrap_or_default();
    let bytes = line.as_bytes();
    let mut depth = 0;
    for (at, &b) in bytes.iter().enumerate() {
        match b {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth -= 1,
            b'=' if depth == 0 => {
                let before = if at > 0 { bytes[at - 1] } else { b' ' };
                let after = bytes.get(at + 1).copied().unwrap_or(b' ');
                return after != b'=' && !matches!(before, b'=' | b'!' | b'<' | b'>');
            }
            b':' if depth == 0 && line.trim_end().ends_with(':') => return false,
            _ => {}
        }
    }
    false
}

/// The number of parameters of a parameter list that `text` starts with
/// (`(board, aloc, bloc)`), not counting `self`; `None` when `text` does
/// not start with one.
fn parameters_of(text: &str) -> Option<usize> {
    let text = text.trim_start().strip_prefix('(')?;
    let mut depth = 0i32;
    let mut count = 0;
    let mut current = String::new();
    for c in text.chars() {
        match c {
            '(' | '[' | '{' | '<' => depth += 1,
            ')' if depth == 0 => {
                let last = current.trim();
                if !last.is_empty() && last != "self" && last != "void" {
                    count += 1;
                }
                return Some(count);
            }
            ')' | ']' | '}' | '>' => depth -= 1,
            ',' if depth == 0 => {
                if current.trim() != "self" {
                    count += 1;
                }
                current.clear();
                continue;
            }
            _ => {}
        }
        current.push(c);
    }
    None
}

/// Whether C-like code (C, C++, Java) defines `name` with
/// `arity` parameters (any number for `usize::MAX`): `name (...)` followed,
/// after any qualifiers (`const`, `throws X`), by a body `{`. A call or a
/// declaration is followed by something else.
fn defines(code: &str, name: &str, arity: usize) -> bool {
    names_at(code, name).any(|at| {
        let rest = &code[at + name.len()..];
        let Some(count) = parameters_of(rest) else {
            return false;
        };
        let Some(close) = closing_paren(rest) else {
            return false;
        };
        let after = rest[close + 1..].trim_start();
        let body = after
            .find(['{', ';', '='])
            .is_some_and(|at| after.as_bytes()[at] == b'{' && !after[..at].contains('('));
        body && (arity == usize::MAX || count == arity)
    })
}

/// Where the parameter list that `text` starts with closes.
fn closing_paren(text: &str) -> Option<usize> {
    let mut depth = 0i32;
    for (at, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(at);
                }
            }
            _ => {}
        }
    }
    None
}

/// Whether a JavaScript file calls `function` (or anything) at its top
/// level: a line at the first column that is not a declaration, an
/// export, or an assignment of the function.
fn top_level_calls(code: &str, function: &str) -> bool {
    const DECLARING: [&str; 8] = [
        "function",
        "const",
        "let",
        "var",
        "class",
        "}",
        "module.exports",
        "exports.",
    ];
    code.lines().any(|line| {
        let starts = line.chars().next().is_some_and(|c| c.is_alphabetic());
        let assigns = line
            .strip_prefix(function)
            .map(str::trim_start)
            .is_some_and(|rest| rest.starts_with('=') && !rest.starts_with("=="));
        starts
            && line.contains('(')
            && !assigns
            && !DECLARING.iter().any(|word| line.starts_with(word))
            || line.starts_with(&format!("{function}("))
    })
}

/// Where `name` stands in `code` as a name of its own: not the end or the
/// start of a longer one (`check_input`, `domain`, `mainly`), nor a member
/// of something else (`parser.solution`).
fn names_at<'a>(code: &'a str, name: &'a str) -> impl Iterator<Item = usize> + 'a {
    code.match_indices(name)
        .map(|(at, _)| at)
        .filter(move |&at| {
            let before = code[..at].chars().next_back();
            let after = code[at + name.len()..].chars().next();
            !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.')
                && !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
        })
}

#[cfg(test)]
mod tests;
