//! What a Python or JavaScript file binds the judge's function name to at
//! its top level, in any of the ways the language has: a definition (`def`
//! with any white space, `function`), a function value assigned to it
//! (`solution = lambda ...`, `const solution = (...) => ...`, `let
//! solution = function (...)`), another function assigned (`solution =
//! _impl`), or an export (`module.exports = ...`, `exports.solution =
//! ...`). The rule is the name's binding, not the text of one form: a
//! form this module does not list is still a binding, read as a value of
//! unknown kind, which the judge may call. Only a parameter list that
//! cannot take the call, or a literal, says the name is not the judge's
//! function.

/// What a top-level binding makes of the function's name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Binding {
    /// A function whose parameter list the file shows, from its `(`:
    /// `(board, aloc, bloc)`.
    Parameters(String),
    /// A value whose kind the file does not show: another function
    /// (`solution = _impl`), a call's result, an exports object. The
    /// driver finds out, and says so when it is not a function.
    Unknown,
    /// A literal (a number, a string, a list), which is never a function.
    Literal,
}

impl Binding {
    /// Whether the binding may be a function that takes a call of `arity`
    /// arguments.
    pub fn may_take(&self, arity: usize) -> bool {
        match self {
            Binding::Parameters(parameters) => takes(parameters, arity),
            Binding::Unknown => true,
            Binding::Literal => false,
        }
    }

    /// The binding, with a literal read as a value of unknown kind: an
    /// exports object holds the function as a member.
    fn or_unknown(self) -> Binding {
        match self {
            Binding::Literal => Binding::Unknown,
            other => other,
        }
    }
}

/// The binding a top-level Python statement makes of `function`, if it
/// binds it: `def function(...)` or `async def function(...)` (any white
/// space between the words), or an assignment whose targets include it
/// (`function = lambda ...:`, `function = _impl`, `a = function = ...`,
/// `function: Callable = ...`).
pub fn python_binding(statement: &str, function: &str) -> Option<Binding> {
    if let Some(rest) = python_def(statement) {
        let rest = rest.strip_prefix(function)?.trim_start();
        return rest
            .starts_with('(')
            .then(|| Binding::Parameters(rest.to_string()));
    }
    let mut rest = statement;
    let mut bound = false;
    while let Some(at) = assignment_sign(rest) {
        bound |= rest[..at].split(',').any(|target| {
            let name = target.split(':').next().unwrap_or_default();
            name.trim().trim_matches(['(', ')', '[', ']']).trim() == function
        });
        rest = rest[at + 1..].trim_start();
        // A lambda's defaults are not assignments.
        if word_at(rest, "lambda") {
            break;
        }
    }
    bound.then(|| python_value(rest))
}

/// What follows `def` (or `async def`) and white space at the start of a
/// Python statement, if it is a definition.
pub fn python_def(statement: &str) -> Option<&str> {
    let statement = after_word(statement, "async").unwrap_or(statement);
    after_word(statement, "def")
}

/// The bindings a JavaScript file makes of `function` at its top level
/// (outside any bracket or block): `function function(...)`, an
/// assignment to it, declared (`const`, `let`, `var`) or not, and the
/// exports a module has (`exports.function = ...`, `module.exports =
/// ...`).
pub fn javascript_bindings(code: &str, function: &str) -> Vec<Binding> {
    let mut bindings = Vec::new();
    for at in super::names_at(code, function).filter(|&at| depth_at(code, at) == 0) {
        let before = code[..at].trim_end().trim_end_matches('*').trim_end();
        let after = code[at + function.len()..].trim_start();
        if before.ends_with("function") && !ends_in_a_longer_name(before, "function") {
            // A named function expression (`const f = function solution`)
            // binds the name only inside itself.
            let expression = before[..before.len() - "function".len()]
                .trim_end()
                .trim_end_matches("async")
                .trim_end()
                .ends_with('=');
            if after.starts_with('(') && !expression {
                bindings.push(Binding::Parameters(after.to_string()));
            }
        } else if let Some(value) = assigned(after) {
            bindings.push(javascript_value(value));
        }
    }
    let exported = format!("exports.{function}");
    for (at, _) in code.match_indices(&exported) {
        let rest = &code[at + exported.len()..];
        let whole = !rest.starts_with(|c: char| c.is_alphanumeric() || c == '_')
            && !ends_in_a_longer_name(&code[..at + "exports".len()], "exports")
            && depth_at(code, at) == 0;
        if let Some(value) = assigned(rest.trim_start()).filter(|_| whole) {
            bindings.push(javascript_value(value));
        }
    }
    for (at, _) in code.match_indices("module.exports") {
        let rest = code[at + "module.exports".len()..].trim_start();
        if let Some(value) = assigned(rest).filter(|_| depth_at(code, at) == 0) {
            // An object literal exports the function as a member.
            bindings.push(javascript_value(value).or_unknown());
        }
    }
    bindings
}

/// The value a JavaScript assignment binds: a function expression, an
/// arrow function (with or without parentheses, `async` or not), a
/// literal, or anything else.
fn javascript_value(value: &str) -> Binding {
    let value = after_word(value, "async").unwrap_or(value);
    if word_at(value, "function") {
        let rest = value["function".len()..].trim_start();
        let rest = rest.trim_start_matches('*').trim_start();
        let rest = rest.trim_start_matches(|c: char| c.is_alphanumeric() || c == '_' || c == '$');
        let rest = rest.trim_start();
        return match rest.starts_with('(') {
            true => Binding::Parameters(rest.to_string()),
            false => Binding::Unknown,
        };
    }
    if value.starts_with('(') {
        let arrow = super::closing_paren(value)
            .filter(|&close| value[close + 1..].trim_start().starts_with("=>"));
        return match arrow {
            Some(close) => Binding::Parameters(value[..=close].to_string()),
            None => Binding::Unknown,
        };
    }
    let name_end = value
        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$'))
        .unwrap_or(value.len());
    if name_end > 0 && value[name_end..].trim_start().starts_with("=>") {
        return Binding::Parameters(format!("({})", &value[..name_end]));
    }
    let literal = value.starts_with(|c: char| c.is_ascii_digit() || "\"'`[{-".contains(c))
        || ["null", "true", "false", "undefined"]
            .iter()
            .any(|word| word_at(value, word));
    match literal {
        true => Binding::Literal,
        false => Binding::Unknown,
    }
}

/// The value of a Python assignment: a lambda, a literal, or anything
/// else.
fn python_value(value: &str) -> Binding {
    if let Some(rest) = value
        .strip_prefix("lambda")
        .filter(|_| word_at(value, "lambda"))
    {
        return match rest.find(':') {
            Some(colon) => Binding::Parameters(format!("({})", rest[..colon].trim())),
            None => Binding::Unknown,
        };
    }
    // A string's prefix (`f""`, `rb""`): the blanker keeps it.
    let unprefixed = value.trim_start_matches(['r', 'b', 'f', 'u', 'R', 'B', 'F', 'U']);
    let literal = value.starts_with(|c: char| c.is_ascii_digit() || "[{-".contains(c))
        || unprefixed.starts_with(['"', '\''])
        || ["None", "True", "False"]
            .iter()
            .any(|word| word_at(value, word));
    match literal {
        true => Binding::Literal,
        false => Binding::Unknown,
    }
}

/// The value after an assignment's `=` that `text` starts with: not a
/// comparison (`==`, `===`) nor an arrow (`=>`).
fn assigned(text: &str) -> Option<&str> {
    let rest = text.strip_prefix('=')?;
    (!rest.starts_with(['=', '>'])).then(|| rest.trim_start())
}

/// Where the first assignment `=` of a Python statement stands, outside
/// brackets: not part of a comparison (`==`, `!=`, `<=`, `>=`), an
/// augmented assignment (`+=`) or a walrus (`:=`).
fn assignment_sign(statement: &str) -> Option<usize> {
    let bytes = statement.as_bytes();
    let mut depth = 0i32;
    let mut at = 0;
    while at < bytes.len() {
        match bytes[at] {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth -= 1,
            b'=' if depth == 0 => {
                if bytes.get(at + 1) == Some(&b'=') {
                    at += 2;
                    continue;
                }
                let before = if at > 0 { bytes[at - 1] } else { b' ' };
                if !b"=!<>:+-*/%&|^@".contains(&before) {
                    return Some(at);
                }
            }
            _ => {}
        }
        at += 1;
    }
    None
}

/// The number of brackets open at `at` in `code`.
fn depth_at(code: &str, at: usize) -> i32 {
    code[..at].bytes().fold(0, |depth, b| match b {
        b'(' | b'[' | b'{' => depth + 1,
        b')' | b']' | b'}' => depth - 1,
        _ => depth,
    })
}

/// Whether `text` starts with `word` as a word of its own.
fn word_at(text: &str, word: &str) -> bool {
    text.strip_prefix(word).is_some_and(|rest| {
        !rest.starts_with(|c: char| c.is_alphanumeric() || c == '_' || c == '$')
    })
}

/// What follows `word` and white space at the start of `text`, if `text`
/// starts with the word followed by white space.
fn after_word<'a>(text: &'a str, word: &str) -> Option<&'a str> {
    let rest = text.strip_prefix(word)?;
    rest.starts_with(char::is_whitespace)
        .then(|| rest.trim_start())
}

/// Whether `text`, which ends with `word`, ends with a longer name that
/// `word` is the tail of (`myfunction`, `$exports`).
fn ends_in_a_longer_name(text: &str, word: &str) -> bool {
    text[..text.len() - word.len()]
        .chars()
        .next_back()
        .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$')
}

/// Whether a parameter list that `text` starts with takes a call of
/// `arity` positional arguments: its parameters without a default are at
/// most that many, and its positional ones, or a rest parameter, at least
/// (`(board, aloc, bloc)`, `(board, aloc, bloc, memo=None)`, `(*args)`,
/// `(...args)`, `(board, aloc, bloc, /)`).
pub fn takes(text: &str, arity: usize) -> bool {
    let text = text.trim_start();
    let Some(close) = text
        .starts_with('(')
        .then(|| super::closing_paren(text))
        .flatten()
    else {
        return false;
    };
    let mut depth = 0i32;
    let mut parameters = vec![String::new()];
    for c in text[1..close].chars() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            ',' if depth == 0 => {
                parameters.push(String::new());
                continue;
            }
            _ => {}
        }
        parameters.last_mut().expect("one at least").push(c);
    }
    let (mut required, mut positional, mut rest) = (0, 0, false);
    for parameter in parameters.iter().map(|p| p.trim()) {
        if parameter.starts_with("**") || parameter == "self" {
            continue;
        }
        if parameter == "*" {
            break;
        }
        if parameter.starts_with('*') || parameter.starts_with("...") {
            rest = true;
            break;
        }
        if parameter.is_empty() || parameter == "/" {
            continue;
        }
        positional += 1;
        if !parameter.contains('=') {
            required += 1;
        }
    }
    required <= arity && (arity <= positional || rest)
}
