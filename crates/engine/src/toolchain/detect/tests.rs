use super::*;
use crate::toolchain::Syntax;

fn call() -> &'static Call {
    footholds::contract::INFO.call.as_ref().unwrap()
}

fn form(language: Language, source: &str) -> Form {
    form_of(language, source, call())
}

fn is_function(language: Language, source: &str) -> bool {
    matches!(form(language, source), Form::Function { .. })
}

const PYTHON: &str = "def solution(board, aloc, bloc):\n    return 0\n";
const CPP: &str = "#include <vector>\nint solution(std::vector<std::vector<int>> b, std::vector<int> a, std::vector<int> c) { return 0; }\n";

#[test]
fn a_file_that_defines_the_function_is_a_function_file_whatever_else_it_holds() {
    assert_eq!(
        form(Language::Python, PYTHON),
        Form::Function { left_out: None }
    );
    // The usual preamble reads nothing, and is kept.
    let preamble = format!("import sys\ninput = sys.stdin.readline\n{PYTHON}");
    assert_eq!(
        form(Language::Python, &preamble),
        Form::Function { left_out: None }
    );
    // A lambda bound to the function's name is called as a `def` is; one
    // of another arity, or bound to another name, is not the function.
    // Another name assigned (`lambdas`) may be a function: the driver
    // finds out.
    for (source, function) in [
        ("solution = lambda board, aloc, bloc: 0\n", true),
        ("solution=lambda board,aloc,bloc:0\n", true),
        ("solution = lambda *game: 0\n", true),
        ("solution = lambda board, aloc: 0\n", false),
        ("solutions = lambda board, aloc, bloc: 0\nprint(0)\n", false),
        ("solution = lambdas\nprint(0)\n", true),
    ] {
        assert_eq!(is_function(Language::Python, source), function, "{source}");
    }
    // Top-level test calls and a main block are left out, and said so.
    for extra in [
        "print(solution([[1]], [0, 0], [0, 0]))\n",
        "if __name__ == '__main__':\n    print(solution([[1]], [0, 0], [0, 0]))\n",
        "import sys\nprint(solution(*eval(sys.stdin.read())))\n",
        "for line in open(0):\n    pass\n",
    ] {
        let source = format!("{PYTHON}{extra}");
        assert!(
            matches!(
                form(Language::Python, &source),
                Form::Function { left_out: Some(_) }
            ),
            "{extra}"
        );
    }
    // A C++ file's local main is left out.
    assert_eq!(form(Language::Cpp, CPP), Form::Function { left_out: None });
    let with_main = format!("{CPP}int main() {{ return solution({{}}, {{}}, {{}}); }}\n");
    assert!(matches!(
        form(Language::Cpp, &with_main),
        Form::Function { left_out: Some(_) }
    ));
    // Spaces before the parenthesis, and a signature over lines.
    assert!(is_function(
        Language::Cpp,
        &CPP.replace("solution(", "solution (")
    ));
    assert!(is_function(
        Language::Python,
        "def solution (board,\n        aloc, bloc):\n    return 0\n"
    ));
}

#[test]
fn a_file_without_the_function_is_a_program() {
    for (language, program) in [
        (Language::Python, "import sys\nprint(sum(map(int, sys.stdin.read().split())))\n"),
        (Language::Python, "import os\ndata = os.read(0, 1 << 20)\nprint(len(data))\n"),
        (Language::Python, "import fileinput\nfor line in fileinput.input():\n    print(line)\n"),
        // The function in a comment or a string defines nothing.
        (Language::Python, "# def solution(board, aloc, bloc):\nprint(0)\n"),
        (Language::Python, "s = 'def solution(board, aloc, bloc):'\nprint(s)\n"),
        (Language::Cpp, "int main() { const char* s = \"int solution(int a, int b, int c) {\"; }\n"),
        (Language::Java, "public class Main { public static void main(String[] a) { new java.util.Scanner(System.in); } }\n"),
        (Language::JavaScript, "const lines = require('fs').readFileSync(0, 'utf8');\nconsole.log(lines);\n"),
    ] {
        assert_eq!(form(language, program), Form::Program, "{program}");
    }
    // A call of the function is not a definition, nor is a declaration.
    assert!(!is_function(Language::Cpp, "int solution(std::vector<std::vector<int>>, std::vector<int>, std::vector<int>);\nint main() { return solution({}, {}, {}); }\n"));
    // A function of another arity is not the judge's.
    assert!(!is_function(
        Language::Python,
        "def solution(board):\n    return 0\nprint(solution(input()))\n"
    ));
    assert!(!is_function(Language::Rust, CPP));
}

#[test]
fn the_compiles_conditionals_decide_what_of_a_c_file_counts() {
    // A `main` for local tests, left out unless LOCAL is defined: no main
    // to leave out.
    let local =
        format!("{CPP}#ifdef LOCAL\nint main() {{ return solution({{}}, {{}}, {{}}); }}\n#endif\n");
    assert_eq!(
        form(Language::Cpp, &local),
        Form::Function { left_out: None }
    );
    // A solution defined only under LOCAL is not the judge's.
    let hidden = format!("#ifdef LOCAL\n{CPP}#endif\nint main() {{}}\n");
    assert_eq!(form(Language::Cpp, &hidden), Form::Program);
    // Conditions on names the compile does not define are false.
    for condition in [
        "LOCAL",
        "!defined(ONLINE_JUDGE) && !defined(BOJ)",
        "0 || DEBUG",
    ] {
        let source = format!("{CPP}#if {condition}\nint main() {{}}\n#endif\n");
        assert_eq!(
            form(Language::Cpp, &source),
            Form::Function { left_out: None },
            "{condition}"
        );
    }
    let judged = format!("{CPP}#if defined(ONLINE_JUDGE) || LOCAL\nint main() {{}}\n#endif\n");
    assert!(matches!(
        form(Language::Cpp, &judged),
        Form::Function { left_out: Some(_) }
    ));
}

#[test]
fn java_and_javascript_functions_are_found_by_their_definitions() {
    let java = "class Solution {\n    public int solution(int[][] board, int[] aloc, int[] bloc) {\n        return 0;\n    }\n}\n";
    assert_eq!(
        form(Language::Java, java),
        Form::Function { left_out: None }
    );
    let with_main = java.replace("    }\n}\n", "    }\n    public static void main(String[] args) { System.out.println(new Solution().solution(new int[][]{{1}}, new int[]{0, 0}, new int[]{0, 0})); }\n}\n");
    assert!(matches!(
        form(Language::Java, &with_main),
        Form::Function { left_out: Some(_) }
    ));
    // In a class of another name, with a main, it is still the judge's
    // function: the compile then names the class to use.
    let renamed = with_main.replace("class Solution", "public class PGS_92345");
    assert!(matches!(
        form(Language::Java, &renamed),
        Form::Function { left_out: Some(_) }
    ));
    // SWEA's program is class Solution with a main, and no solution method.
    let swea = "import java.util.Scanner;\npublic class Solution {\n    public static void main(String[] args) { Scanner in = new Scanner(System.in); }\n}\n";
    assert_eq!(form(Language::Java, swea), Form::Program);
    let js = "function solution(board, aloc, bloc) {\n    return 0;\n}\n";
    assert_eq!(
        form(Language::JavaScript, js),
        Form::Function { left_out: None }
    );
    let arrow = "const solution = (board, aloc, bloc) => 0;\nconsole.log(solution([[1]], [0, 0], [0, 0]));\n";
    assert!(matches!(
        form(Language::JavaScript, arrow),
        Form::Function { left_out: Some(_) }
    ));
}

#[test]
fn a_java_package_line_is_seen_in_code_only() {
    let java = Language::Java.row();
    assert!(super::declares_a_package(
        java,
        "package boj;\nimport java.util.*;\npublic class Main {}\n"
    ));
    assert!(!super::declares_a_package(
        java,
        "// package boj;\n/* package x; */\npublic class Main { String s = \"package y;\"; }\n"
    ));
    // A language whose program is no class has no package to hide it.
    assert!(!super::declares_a_package(
        Language::Python.row(),
        "package boj;\n"
    ));
}

#[test]
fn a_python_function_takes_the_call_with_defaults_stars_and_markers() {
    for signature in [
        "(board, aloc, bloc)",
        "(board, aloc, bloc, memo=None)",
        "(*args)",
        "(board, *rest)",
        "(board, aloc, bloc, /)",
        "(board: list[list[int]], aloc: list[int], bloc: list[int]) -> int",
        "(board, aloc, bloc, *, depth=0)",
    ] {
        let code = format!("def solution{signature}:\n    return 0\n");
        assert!(
            matches!(form(Language::Python, &code), Form::Function { .. }),
            "{signature}"
        );
    }
    for signature in ["(board, aloc)", "(board, aloc, bloc, memo)", "()"] {
        let code = format!("def solution{signature}:\n    return 0\n");
        assert_eq!(form(Language::Python, &code), Form::Program, "{signature}");
    }
}

#[test]
fn a_javascript_arrow_or_function_expression_bound_to_the_name_is_the_function() {
    for source in [
        "const solution=(board, aloc, bloc)=>{\n    return 0;\n};\n",
        "let solution=function(board, aloc, bloc){\n    return 0;\n};\n",
        "var solution = function play(board, aloc, bloc) { return 0; };\n",
        "const solution = async (board, aloc, bloc) => 0;\n",
        "const solution = (...game) => 0;\n",
        "let helper = 1, solution = (board, aloc, bloc, memo = new Map()) => 0;\n",
        "solution = (board, aloc, bloc) => 0;\n",
        // Another function assigned, or one a call makes: the driver finds
        // out.
        "function play(board, aloc, bloc) { return 0; }\nconst solution = play;\n",
        "const solution = memoize((board, aloc, bloc) => 0);\n",
        "const\tsolution\n  =\n  (board, aloc, bloc) => 0;\n",
        // A template literal's braces are not a block.
        "const greeting = `${'{'}`;\nconst solution = (board, aloc, bloc) => 0;\n",
    ] {
        assert_eq!(
            form(Language::JavaScript, source),
            Form::Function { left_out: None },
            "{source}"
        );
    }
}

#[test]
fn a_javascript_arrow_without_parentheses_has_one_parameter() {
    let one = "const solution = board => 0;\n";
    assert_eq!(
        bindings::javascript_bindings(&code_only(Syntax::JavaScript, one), "solution"),
        vec![Binding::Parameters("(board)".to_string())]
    );
    // Footholds' call has three arguments: a helper of one is not its
    // function, and a note says the name is defined.
    assert_eq!(form(Language::JavaScript, one), Form::Program);
    assert!(defines_the_name(Language::JavaScript, one, call()));
}

#[test]
fn a_javascript_export_is_the_function() {
    for source in [
        "module.exports = function (board, aloc, bloc) { return 0; };\n",
        "module.exports = (board, aloc, bloc) => 0;\n",
        "function play(board, aloc, bloc) { return 0; }\nmodule.exports = { solution: play };\n",
        "exports.solution = (board, aloc, bloc) => 0;\n",
        "module.exports.solution = function (board, aloc, bloc) { return 0; };\n",
    ] {
        assert_eq!(
            form(Language::JavaScript, source),
            Form::Function { left_out: None },
            "{source}"
        );
    }
}

#[test]
fn a_javascript_name_not_bound_at_the_top_level_to_a_function_is_not_the_function() {
    for source in [
        // Inside a block, a comparison, a member, a literal, a string.
        "function main() {\n    const solution = (board, aloc, bloc) => 0;\n}\nmain();\n",
        "if (solution === 3) console.log(1);\n",
        "const result = {};\nresult.solution = (board, aloc, bloc) => 0;\n",
        "let solution = 0;\nconsole.log(solution);\n",
        "const text = 'const solution = (board, aloc, bloc) => 0';\n",
        "const text = `\nconst solution = (board, aloc, bloc) => 0\n`;\n",
        // A named function expression binds its name inside itself only.
        "const play = function solution(board, aloc, bloc) { return 0; };\n",
        "const solution = (line) => line.length;\nconsole.log(solution(require('fs').readFileSync(0, 'utf8')));\n",
    ] {
        assert_eq!(form(Language::JavaScript, source), Form::Program, "{source}");
    }
}

#[test]
fn a_python_def_with_any_white_space_or_after_a_byte_order_mark_is_the_function() {
    for source in [
        "def\tsolution(board, aloc, bloc):\n    return 0\n",
        "def  solution\t(board, aloc, bloc):\n    return 0\n",
        "async\tdef solution(board, aloc, bloc):\n    return 0\n",
        "\u{feff}def solution(board, aloc, bloc):\n    return 0\n",
        "\u{feff}import sys\ndef solution(board, aloc, bloc):\n    return 0\n",
    ] {
        assert_eq!(
            form(Language::Python, source),
            Form::Function { left_out: None },
            "{source:?}"
        );
    }
    // The mark is not code for the other languages either.
    assert!(is_function(
        Language::JavaScript,
        "\u{feff}function solution(board, aloc, bloc) { return 0; }\n"
    ));
    assert!(is_function(Language::Cpp, &format!("\u{feff}{CPP}")));
}

#[test]
fn a_python_name_assigned_another_function_is_the_function() {
    for source in [
        "def _impl(board, aloc, bloc):\n    return 0\n\n\nsolution = _impl\n",
        "import functools\nsolution = functools.lru_cache(None)(len)\n",
        "solution: object = _impl\n",
        "play = solution = _impl\n",
        "solution = (\n    lambda board, aloc, bloc: 0\n)\n",
        "solution = lambda board, aloc, bloc=None, *, depth=0: 0\n",
    ] {
        assert_eq!(
            form(Language::Python, source),
            Form::Function { left_out: None },
            "{source}"
        );
    }
    // A literal is never a function, nor is a comparison or an augmented
    // assignment a binding.
    for source in [
        "solution = 0\nprint(solution)\n",
        "solution = [0] * 3\nprint(solution)\n",
        "solution = 'x'\nprint(solution)\n",
        "solution = None\nprint(solution)\n",
        "if solution == 3:\n    print(solution)\n",
        "solution += 1\n",
    ] {
        assert_eq!(form(Language::Python, source), Form::Program, "{source}");
    }
}
