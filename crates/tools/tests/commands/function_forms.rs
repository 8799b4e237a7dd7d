//! Every form a JavaScript or Python file takes to define Programmers'
//! `solution`, judged end to end: each is the correct footholds solution
//! of `tests/solutions/footholds/` rewritten into one form in a scratch
//! folder, and must be called as the function (AC on every case), not
//! judged as a program that prints nothing (WA on every case).

use crate::{have, run, scratch, workspace, FOUND, SUCCESS};

/// The first line of the correct files' function.
const JS_HEADER: &str = "function solution(board, aloc, bloc) {";
const PYTHON_HEADER: &str = "def solution(board, aloc, bloc):";

/// The correct footholds solution in `extension`'s language.
fn correct(extension: &str) -> String {
    let path = workspace().join(format!("tests/solutions/footholds/correct.{extension}"));
    std::fs::read_to_string(path).unwrap()
}

/// The correct JavaScript file with its function's first line `header`;
/// without its top-level test call when `keep_test_call` is false (an
/// export binds no global the call could use).
fn javascript(header: &str, keep_test_call: bool) -> String {
    let text = correct("js");
    assert!(text.contains(JS_HEADER), "the correct file has changed");
    let text = text.replacen(JS_HEADER, header, 1);
    match keep_test_call {
        true => text,
        false => text
            .lines()
            .filter(|line| !line.starts_with("console.log(solution("))
            .map(|line| format!("{line}\n"))
            .collect(),
    }
}

/// Judges `text` as the file `name` on footholds, and checks it is called
/// as the function and passes every case.
fn passes_as_a_function(name: &str, text: &str) {
    let dir = scratch(&format!("function-forms-{name}"));
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    let (status, out) = run("judge", &["footholds", path.to_str().unwrap(), "--quick"]);
    assert_eq!(status, SUCCESS, "{out}");
    assert!(
        out.contains("defines solution(...): called through a generated driver"),
        "{out}"
    );
    assert!(out.contains(" passed, 0 failed"), "{out}");
}

#[test]
fn a_javascript_arrow_function_bound_by_const_is_called() {
    if have("node") {
        let text = javascript("const solution=(board, aloc, bloc)=>{", true);
        passes_as_a_function("arrow.js", &text);
    }
}

#[test]
fn a_javascript_function_expression_bound_by_let_is_called() {
    if have("node") {
        let text = javascript("let solution=function(board, aloc, bloc){", true);
        passes_as_a_function("expression.js", &text);
    }
}

#[test]
fn a_javascript_function_exported_by_module_exports_is_called() {
    if have("node") {
        let text = javascript("module.exports = function (board, aloc, bloc) {", false);
        passes_as_a_function("module-exports.js", &text);
    }
}

#[test]
fn a_javascript_function_exported_as_exports_solution_is_called() {
    if have("node") {
        let text = javascript("exports.solution = (board, aloc, bloc) => {", false);
        passes_as_a_function("exports-solution.js", &text);
    }
}

#[test]
fn a_python_def_with_a_tab_is_called() {
    if have("python3") {
        let text = correct("py").replacen(PYTHON_HEADER, "def\tsolution(board, aloc, bloc):", 1);
        passes_as_a_function("tab.py", &text);
    }
}

#[test]
fn a_python_file_with_a_byte_order_mark_before_its_def_is_called() {
    if have("python3") {
        // The function first, its imports after it (they run before any
        // call), and the mark before the `def`.
        let text = correct("py");
        let (imports, function) = text.split_at(text.find(PYTHON_HEADER).unwrap());
        let text = format!("\u{feff}{function}\n{imports}");
        passes_as_a_function("bom.py", &text);
    }
}

#[test]
fn a_python_name_assigned_another_function_or_a_lambda_is_called() {
    if !have("python3") {
        return;
    }
    let implementation = correct("py").replacen(PYTHON_HEADER, "def _impl(board, aloc, bloc):", 1);
    for (name, binding) in [
        ("assigned.py", "solution = _impl"),
        (
            "lambda.py",
            "solution = lambda board, aloc, bloc: _impl(board, aloc, bloc)",
        ),
    ] {
        let text = implementation.replacen(
            "\n\n# Local tests",
            &format!("\n\n{binding}\n\n\n# Local tests"),
            1,
        );
        assert!(text.contains(binding), "the correct file has changed");
        passes_as_a_function(name, &text);
    }
}

#[test]
fn a_name_bound_to_no_function_is_a_runtime_error_that_says_so() {
    // A program whose top level assigns the name: read as a function file
    // (the binding may be a function), the driver finds none, and says how
    // to judge the file as a program.
    let dir = scratch("function-forms-not-a-function");
    for (name, text, tool) in [
        (
            "program.py",
            "import sys\nsolution = len(sys.stdin.read())\nprint(solution)\n",
            "python3",
        ),
        (
            "program.js",
            "const solution = require('fs').readFileSync(0, 'utf8').length;\nconsole.log(solution);\n",
            "node",
        ),
    ] {
        if !have(tool) {
            continue;
        }
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let (status, out) = run("judge", &["footholds", path.to_str().unwrap(), "--quick"]);
        assert_eq!(status, FOUND, "{out}");
        assert!(out.contains("\nRE "), "{out}");
        assert!(
            out.contains("the file binds solution to no function; if it is a program, --form program judges it as one"),
            "{out}"
        );
    }
}
