//! Each judge as it really judges: its own lines and conventions, a
//! function file told from a program by its structure, a solution that sees
//! only its own file, a hand-written case read as the judge would send it,
//! and the arguments a judge would refuse.

use std::path::{Path, PathBuf};

use crate::{have, run, scratch, workspace, ERROR, FOUND, SUCCESS};

/// A folder with one file of `text` named `name`, and its path.
fn file(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

fn solution(relative: &str) -> PathBuf {
    workspace().join("tests/solutions").join(relative)
}

#[test]
fn swea_and_programmers_use_their_own_lines_not_baekjoons() {
    if !have("g++") {
        return;
    }
    // The golden cases: the flags are the heading's, and the judge suite
    // of these files is solutions.rs's.
    let cpp = solution("othello/correct.cpp");
    let (status, out) = run("judge", &["othello", cpp.to_str().unwrap(), "--quick"]);
    assert_eq!(status, SUCCESS, "{out}");
    assert!(
        out.contains("compiled with g++ -O2 -std=gnu++17 -lm -o Main Main.cc"),
        "{out}"
    );
    assert!(!out.contains("-DBOJ"), "{out}");
    let cpp = solution("footholds/correct.cpp");
    let (status, out) = run("judge", &["footholds", cpp.to_str().unwrap(), "--quick"]);
    assert_eq!(status, SUCCESS, "{out}");
    assert!(!out.contains("-DBOJ") && !out.contains("-static"), "{out}");
    // Node's stack flag is Baekjoon's, not Programmers'.
    if have("node") {
        let js = solution("footholds/correct.js");
        let (status, out) = run("judge", &["footholds", js.to_str().unwrap(), "--quick"]);
        assert_eq!(status, SUCCESS, "{out}");
        assert!(out.contains("run with node)"), "{out}");
        assert!(!out.contains("stack-size"), "{out}");
    }
}

#[test]
fn swea_java_is_class_solution() {
    if !have("javac") {
        return;
    }
    let java = solution("othello/correct.java");
    // The golden cases: the judge suite of this file is solutions.rs's.
    let (status, out) = run("judge", &["othello", java.to_str().unwrap(), "--quick"]);
    assert_eq!(status, SUCCESS, "{out}");
    assert!(
        out.contains("javac -encoding UTF-8 -d . Solution.java"),
        "{out}"
    );
    // SWEA's class is Solution: a public class Main is the judge's CE.
    let dir = scratch("judges-swea-main");
    let text = std::fs::read_to_string(&java)
        .unwrap()
        .replace("class Solution", "class Main");
    let main = file(&dir, "Main.java", &text);
    let (status, out) = run("judge", &["othello", &main]);
    assert_eq!(status, FOUND, "{out}");
    assert!(out.contains("its class must be Solution"), "{out}");
    // A Programmers function in a rightly named class, under a package:
    // the package is what the compile error is about.
    let function = std::fs::read_to_string(solution("footholds/correct.java")).unwrap();
    let packaged = file(
        &dir,
        "Packaged.java",
        &format!("package foo.bar;\n{function}"),
    );
    let (status, out) = run("judge", &["footholds", &packaged, "--quick"]);
    assert_eq!(status, FOUND, "{out}");
    assert!(
        out.contains("its package line puts the class Solution"),
        "{out}"
    );
    assert!(!out.contains("its class must be"), "{out}");
}

#[test]
fn a_programmers_function_is_called_whatever_else_its_file_holds() {
    // The solutions of tests/solutions/footholds/ hold a local main or
    // top-level calls and print debug lines by every route (see
    // solutions.rs); here, the one-line note that says what is left out,
    // and a C++ file whose main is a test harness.
    if !have("g++") {
        return;
    }
    // The golden cases: the note is the heading's, and the judge suite of
    // this file is solutions.rs's.
    let cpp = solution("footholds/correct.cpp");
    let (status, out) = run("judge", &["footholds", cpp.to_str().unwrap(), "--quick"]);
    assert_eq!(status, SUCCESS, "{out}");
    assert!(
        out.contains("note: its own main() is left out, as Programmers ignores it"),
        "{out}"
    );
    // Forced to be a program, the same file prints its own test: WA.
    let (status, out) = run(
        "judge",
        &["footholds", cpp.to_str().unwrap(), "--form", "program"],
    );
    assert_eq!(status, FOUND, "{out}");
    assert!(out.contains("\nWA "), "{out}");
    // A Python file's top level runs, but for its test calls and reads:
    // a recursion limit raised and a table built in a loop are there when
    // the function is called.
    if have("python3") {
        let dir = scratch("judges-python-top-level");
        let text = std::fs::read_to_string(solution("footholds/correct.py")).unwrap()
            + "\nimport sys\nsys.setrecursionlimit(20000)\nTABLE = []\n\
               for k in range(3):\n    TABLE.append(k)\n_inner = solution\n\n\n\
               def _deep(n):\n    return 0 if n == 0 else _deep(n - 1)\n\n\n\
               def solution(board, aloc, bloc):\n    \
               return _inner(board, aloc, bloc) + _deep(5000) + len(TABLE) - 3\n\n\n\
               print(solution([[1]], [0, 0], [0, 0]))\nx = input()\n";
        let top = file(&dir, "top.py", &text);
        let (status, out) = run("judge", &["footholds", &top, "--quick"]);
        assert_eq!(status, SUCCESS, "{out}");
        assert!(out.contains("note: its top-level test calls and input reading are left out"));
    }
    // A Java function in a class of another name is still the judge's
    // function, and the compile says which class to use.
    if have("javac") {
        let dir = scratch("judges-java-class-name");
        let text = std::fs::read_to_string(solution("footholds/correct.java"))
            .unwrap()
            .replace("class Solution", "class PGS_92345");
        let renamed = file(&dir, "PGS_92345.java", &text);
        let (status, out) = run("judge", &["footholds", &renamed, "--quick"]);
        assert_eq!(status, FOUND, "{out}");
        assert!(out.contains("its class must be Solution"), "{out}");
        // A local test class Main beside Solution is the file's own: the
        // driver's class has another name.
        let text = std::fs::read_to_string(solution("footholds/correct.java"))
            .unwrap()
            .replacen(
                "\nclass Solution",
                "\nclass Main {\n    public static void main(String[] args) {\n        \
                 System.out.println(new Solution().solution(new int[][] {{1}}, new int[] {0, 0}, \
                 new int[] {0, 0}));\n    }\n}\n\nclass Solution",
                1,
            );
        let with_main = file(&dir, "WithMain.java", &text);
        let (status, out) = run("judge", &["footholds", &with_main, "--quick"]);
        assert_eq!(status, SUCCESS, "{out}");
    }
    // A global named like a name of the standard library, in a file that
    // compiles on its own: the driver's headers must not clash with it.
    let dir = scratch("judges-std-names");
    let clash = file(
        &dir,
        "clash.cpp",
        "#include <vector>\nusing namespace std;\nint visit[5][5];\nint count;\n\
         int solution(vector<vector<int>> board, vector<int> aloc, vector<int> bloc) {\n\
         visit[0][0] = 1; return count + 1; }\nint main() { return 0; }\n",
    );
    let (status, out) = run("judge", &["footholds", &clash, "--quick"]);
    assert_eq!(status, FOUND, "{out}");
    assert!(!out.contains("CE ") && out.contains("\nAC "), "{out}");
}

#[test]
fn a_file_without_the_function_is_a_program_however_it_reads() {
    if !have("python3") {
        return;
    }
    let dir = scratch("judges-programs");
    let function = std::fs::read_to_string(solution("footholds/correct.py"))
        .unwrap()
        .replace("def solution(", "def solve(")
        .replace("print(solution(", "print(solve(");
    // The function under another name, and the input read two other ways.
    // Without its debug lines, which a program would print as answers.
    let body: String = function
        .lines()
        .take_while(|line| !line.starts_with("# Local tests"))
        .filter(|line| !line.contains("debug") && !line.contains("__stdout__.flush"))
        .map(|line| format!("{line}\n"))
        .collect();
    for (name, read) in [
        (
            "os_read.py",
            "import json\nline = os.read(0, 1 << 16).decode()\n",
        ),
        (
            "file_input.py",
            "import fileinput\nline = ''.join(fileinput.input())\n",
        ),
    ] {
        let text = format!(
            "{body}{read}values = json.loads('[' + line.replace('] [', '], [') + ']')\nprint(solve(*values))\n"
        )
        .replace("import fileinput", "import fileinput\nimport json");
        let path = file(&dir, name, &text);
        let (status, out) = run("judge", &["footholds", &path, "--quick"]);
        assert_eq!(status, SUCCESS, "{name}: {out}");
        assert!(out.contains("(Python 3, run with python3, "), "{out}");
        assert!(!out.contains("note: it defines solution"), "{out}");
    }
    // A `def solution` of another arity is not the judge's function: the
    // file is a program, and the report says why.
    let path = file(&dir, "two.py", "def solution(board, aloc):\n    return 0\n");
    let (status, out) = run("judge", &["footholds", &path, "--quick"]);
    assert_eq!(status, FOUND, "{out}");
    assert!(
        out.contains(
            "note: it defines solution, but not for the judge's call of 3 arguments: it is \
             judged as a program (--form function calls it)"
        ),
        "{out}"
    );
}

#[test]
fn a_solution_sees_only_its_own_file() {
    if !have("python3") || !have("node") {
        return;
    }
    let dir = scratch("judges-isolated");
    // A module beside the solution is not on the judge.
    file(&dir, "mylib.py", "def answer():\n    return 16\n");
    let imports = file(&dir, "imports.py", "import mylib\nprint(mylib.answer())\n");
    let (status, out) = run("judge", &["game2048", &imports, "--quick"]);
    assert_eq!(status, FOUND, "{out}");
    assert!(out.contains("No module named 'mylib'"), "{out}");
    // Nor can a file beside it shadow the standard library.
    file(
        &dir,
        "heapq.py",
        "raise SystemExit('the heapq beside the solution')\n",
    );
    let correct = std::fs::read_to_string(solution("game2048/correct.py")).unwrap();
    let uses_heapq = file(&dir, "uses_heapq.py", &format!("import heapq\n{correct}"));
    let (status, out) = run("judge", &["game2048", &uses_heapq, "--quick"]);
    assert_eq!(status, SUCCESS, "{out}");
    // JavaScript likewise.
    file(&dir, "helper.js", "module.exports = 16;\n");
    let requires = file(&dir, "requires.js", "console.log(require('./helper'));\n");
    let (status, out) = run("judge", &["game2048", &requires, "--quick"]);
    assert_eq!(status, FOUND, "{out}");
    assert!(out.contains("code: 'MODULE_NOT_FOUND'"), "{out}");
}

#[test]
fn a_hand_written_case_is_read_as_the_judge_would_send_it() {
    let dir = scratch("judges-formatting");
    // A trailing space, no final newline, a blank line after, CRLF: the
    // same board each time, whose answer is 16.
    for (name, text) in [
        ("trailing-space", "2\n8 8 \n0 0\n"),
        ("no-final-newline", "2\n8 8\n0 0"),
        ("blank-line-after", "2\n8 8\n0 0\n\n"),
        ("crlf", "2\r\n8 8\r\n0 0\r\n"),
    ] {
        file(&dir, &format!("{name}.in"), text);
        file(&dir, &format!("{name}.out"), "16\n");
    }
    // A case beyond a constraint is still skipped.
    file(
        &dir,
        "too-large.in",
        &format!("21\n{}", "2 ".repeat(21 * 21)),
    );
    let echo = crate::script(&dir, "echo16", "cat > /dev/null; echo 16");
    let (status, out) = run("judge", &["game2048", dir.to_str().unwrap(), &echo]);
    assert_eq!(status, SUCCESS, "{out}");
    assert!(out.contains("4 passed, 0 failed"), "{out}");
    assert!(
        out.contains("(read as the judge sends it: CRLF line endings)"),
        "{out}"
    );
    assert!(
        out.contains("(read as the judge sends it: no final line break)"),
        "{out}"
    );
    assert!(
        out.contains("skipped 1 case: 1 beyond the judge's constraints"),
        "{out}"
    );
    // Programmers' arrays without their spaces.
    let calls = scratch("judges-formatting-calls");
    file(&calls, "tight.in", "[[1,1]] [0,0] [0,1]\n");
    file(&calls, "tight.out", "1\n");
    let answer = crate::script(&calls, "echo1", "cat > /dev/null; echo 1");
    let (status, out) = run("judge", &["footholds", calls.to_str().unwrap(), &answer]);
    assert_eq!(status, SUCCESS, "{out}");
    assert!(out.contains("spacing inside lines"), "{out}");
}

#[test]
fn a_folder_is_never_taken_for_a_solution() {
    let dir = scratch("judges-folder-solution");
    let project = dir.join("my-solution");
    std::fs::create_dir_all(&project).unwrap();
    file(&project, "Main.java", "public class Main {}\n");
    let cases = workspace().join("inputs/game2048");
    let (status, out) = run(
        "judge",
        &[
            "game2048",
            cases.to_str().unwrap(),
            project.to_str().unwrap(),
        ],
    );
    assert_eq!(status, ERROR, "{out}");
    assert!(out.contains("my-solution holds no case"), "{out}");
}

#[test]
fn names_are_escaped_in_headings() {
    let dir = scratch("judges-names");
    let odd = crate::script(&dir, "odd\nname\x1b[2J", "cat > /dev/null; echo 16");
    let cases = scratch("judges-names-cases");
    file(&cases, "a.in", "1\n16\n");
    file(&cases, "a.out", "16\n");
    let (status, out) = run("judge", &["game2048", cases.to_str().unwrap(), &odd]);
    assert_eq!(status, SUCCESS, "{out}");
    assert!(out.contains("odd\\x0aname\\x1b[2J (run as it is)"), "{out}");
}
