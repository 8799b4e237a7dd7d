//! The languages a solution may be written in, one row each of
//! [`LANGUAGES`]: everything the engine knows of a language that does not
//! depend on the judge (a judge's own rules for it are rows of
//! [`super::judges`]).
//!
//! Lines are argument vectors with placeholders, filled in by
//! [`fill`](super::fill): `{source}` the source files as the judge names
//! them, `{output}` the compiled program, `{dir}` the build folder,
//! `{class}` the judge's class for a Java program, `{flags}` the judge's
//! compile flags and `{run_flags}` its run flags.

use std::path::Path;

use super::driver::{self, Driver};

/// A language, named by its row of [`LANGUAGES`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Language {
    Python,
    PyPy,
    Cpp,
    C,
    Rust,
    Java,
    JavaScript,
}

/// The grammar a language's files are read in, to blank out their
/// comments and strings and to tell a function a judge calls from a
/// program ([`super::detect`]). Languages of one grammar share it: PyPy3
/// reads as Python 3 does, C as C++ does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Syntax {
    /// `#` comments, triple-quoted strings, a `def` at the top level.
    Python,
    /// `//` and `/* */` comments, a preprocessor, a `main` function.
    C,
    /// C's comments, a class, and a `package` line that can hide it.
    Java,
    /// C's comments, a `function` or a function assigned to a name.
    JavaScript,
    /// Read as a program only: no judge that calls a function takes Rust.
    Rust,
}

/// How a language's source becomes a program.
#[derive(Clone, Copy, Debug)]
pub enum Build {
    /// A compiler writes `artifact` into the build folder.
    Compiled {
        compile: &'static [&'static str],
        artifact: &'static str,
    },
    /// An interpreter runs the source; `check` reads its syntax without
    /// running it, standing for a compile (a syntax error is a CE).
    Interpreted { check: &'static [&'static str] },
}

/// One language: what its files are called, how it builds and runs, and a
/// program that must be accepted where the language works.
#[derive(Clone, Copy, Debug)]
pub struct LanguageRow {
    pub language: Language,
    /// Its name in reports (Baekjoon's name for it).
    pub name: &'static str,
    /// `--lang`'s word for it.
    pub flag: &'static str,
    /// The endings of its files, in lower case, without the dot; the first
    /// is the usual one.
    pub extensions: &'static [&'static str],
    /// The interpreter a `#!` line names to choose this language over the
    /// one its ending says (`#!/usr/bin/env pypy3` on a `.py` file).
    pub shebang: Option<&'static str>,
    /// The source file's name, as the judges name it (`{class}` is the
    /// judge's class).
    pub source: &'static str,
    pub build: Build,
    /// The grammar its files are read in.
    pub syntax: Syntax,
    /// The line that runs the program, in the build folder's terms.
    pub run: &'static [&'static str],
    /// How reports name its run line: the words of it that a judge's page
    /// names (`python3`; `java`, before the class).
    pub run_shown: &'static str,
    /// A program that copies its input's first line to its output: the
    /// language's self-test (`cargo judge --check-toolchains`).
    pub echo: &'static str,
    /// The driver that calls a judge's function in this language, for the
    /// judges that call one (see [`super::driver`]).
    pub driver: Option<&'static Driver>,
    /// For an interpreter: the arguments that make it print the path of
    /// its own executable, so that one behind a version manager's shim is
    /// started directly (see [`super::shim`]).
    pub path_query: Option<&'static [&'static str]>,
    /// Whether its program runs are forked from a warm interpreter (see
    /// `runner::warm`): a fork of a started interpreter gives what a
    /// fresh start gives, at a fraction of its cost.
    pub warm: bool,
    /// For a language whose program is a class the judge names (`{class}`),
    /// how a file whose class has another name shows (see [`Classes`]).
    pub classes: Option<&'static Classes>,
}

/// A language whose program is a class that the judge names (Baekjoon's
/// `Main`, SWEA's `Solution`): a file whose class has another name, or sits
/// in a package, compiles but cannot be run, which a judge reports as a
/// compile error. What the compiler says then, to tell it; the build's
/// artifact (`{class}.class`) is the file each class leaves, and the
/// judge's is missing when the file declares another.
#[derive(Clone, Copy, Debug)]
pub struct Classes {
    /// What marks a nested or anonymous class's file (`Main$1`), which is
    /// not a class the file declares.
    pub nested: char,
    /// What the compiler says of a class in a file of another name
    /// (`{class}` the class the file must hold).
    pub misnamed: &'static [&'static str],
    /// The word that starts a package declaration, which puts the class
    /// where a judge, which runs it by its plain name, does not look.
    pub package: &'static str,
}

/// Every language, in the order reports list them.
pub const LANGUAGES: &[LanguageRow] = &[
    LanguageRow {
        language: Language::Python,
        name: "Python 3",
        flag: "py",
        extensions: &["py"],
        shebang: None,
        source: "Main.py",
        build: Build::Interpreted {
            check: PYTHON_CHECK,
        },
        syntax: Syntax::Python,
        // -B: no `__pycache__` beside the user's file (the driver imports
        // it as a module); -W ignore as on Baekjoon.
        run: &["python3", "-B", "-W", "ignore", "{source}"],
        run_shown: "python3",
        echo: "print(input())\n",
        driver: Some(&driver::PYTHON),
        path_query: Some(PYTHON_PATH_QUERY),
        warm: true,
        classes: None,
    },
    LanguageRow {
        language: Language::PyPy,
        name: "PyPy3",
        flag: "pypy3",
        extensions: &["py"],
        shebang: Some("pypy3"),
        source: "Main.py",
        build: Build::Interpreted {
            check: PYPY_CHECK,
        },
        syntax: Syntax::Python,
        run: &["pypy3", "-B", "-W", "ignore", "{source}"],
        run_shown: "pypy3",
        echo: "print(input())\n",
        driver: Some(&driver::PYTHON),
        path_query: Some(PYTHON_PATH_QUERY),
        warm: true,
        classes: None,
    },
    LanguageRow {
        language: Language::Cpp,
        name: "C++17",
        flag: "cpp",
        extensions: &["cpp", "cc", "cxx", "c++"],
        shebang: None,
        source: "Main.cc",
        build: Build::Compiled {
            compile: &["g++", "{flags}", "-o", "{output}", "{source}"],
            artifact: "Main",
        },
        syntax: Syntax::C,
        run: &["{dir}/Main"],
        run_shown: "",
        echo: "#include <iostream>\n#include <string>\nint main() { std::string s; std::getline(std::cin, s); std::cout << s << '\\n'; }\n",
        driver: Some(&driver::CPP),
        path_query: None,
        warm: false,
        classes: None,
    },
    LanguageRow {
        language: Language::C,
        name: "C11",
        flag: "c",
        extensions: &["c"],
        shebang: None,
        source: "Main.c",
        build: Build::Compiled {
            compile: &["gcc", "{flags}", "-o", "{output}", "{source}"],
            artifact: "Main",
        },
        syntax: Syntax::C,
        run: &["{dir}/Main"],
        run_shown: "",
        echo: "#include <stdio.h>\nint main(void) { char s[256]; if (fgets(s, sizeof s, stdin)) fputs(s, stdout); return 0; }\n",
        driver: None,
        path_query: None,
        warm: false,
        classes: None,
    },
    LanguageRow {
        language: Language::Rust,
        name: "Rust 2021",
        flag: "rs",
        extensions: &["rs"],
        shebang: None,
        source: "Main.rs",
        build: Build::Compiled {
            compile: &["rustc", "{flags}", "-o", "{output}", "{source}"],
            artifact: "Main",
        },
        syntax: Syntax::Rust,
        run: &["{dir}/Main"],
        run_shown: "",
        echo: "fn main() { let mut s = String::new(); std::io::stdin().read_line(&mut s).unwrap(); print!(\"{s}\"); }\n",
        driver: None,
        path_query: None,
        warm: false,
        classes: None,
    },
    LanguageRow {
        language: Language::Java,
        name: "Java 11",
        flag: "java",
        extensions: &["java"],
        shebang: None,
        source: "{class}.java",
        build: Build::Compiled {
            compile: &["javac", "{flags}", "-d", "{dir}", "{source}"],
            artifact: "{class}.class",
        },
        syntax: Syntax::Java,
        run: &["java", "{run_flags}", "-cp", "{dir}", "{class}"],
        run_shown: "java",
        echo: "public class Main { public static void main(String[] a) throws Exception { System.out.println(new java.io.BufferedReader(new java.io.InputStreamReader(System.in)).readLine()); } }\n",
        driver: Some(&driver::JAVA),
        path_query: None,
        warm: false,
        classes: Some(&JAVA_CLASSES),
    },
    LanguageRow {
        language: Language::JavaScript,
        name: "node.js",
        flag: "js",
        extensions: &["js"],
        shebang: None,
        source: "Main.js",
        build: Build::Interpreted {
            check: &["node", "--check", "{source}"],
        },
        syntax: Syntax::JavaScript,
        // The judge's run flags: Baekjoon's give the engine a 64 MiB
        // stack (the process's own is the memory limit, see the runner).
        run: &["node", "{run_flags}", "{source}"],
        run_shown: "node",
        echo: "console.log(require('fs').readFileSync(0, 'utf8').split('\\n')[0]);\n",
        driver: Some(&driver::JAVASCRIPT),
        path_query: Some(&["-p", "process.execPath"]),
        warm: false,
        classes: None,
    },
];

/// Java's classes: `javac` writes one `.class` file a class, a nested
/// one's name after a `$`, and says where a public class is not in its
/// file's name, or a driver finds no class of the name it calls.
const JAVA_CLASSES: Classes = Classes {
    nested: '$',
    misnamed: &[
        "should be declared in a file named",
        "does not contain class {class}",
    ],
    package: "package ",
};

/// Makes Python, or PyPy, print the path of its executable.
const PYTHON_PATH_QUERY: &[&str] = &["-c", "import sys; print(sys.executable)"];

/// Reads a Python file's syntax without running it or writing anything.
const PYTHON_CHECK: &[&str] = &[
    "python3",
    "-c",
    "import sys; compile(open(sys.argv[1], 'rb').read(), sys.argv[1], 'exec')",
    "{source}",
];

/// The same under PyPy3, whose grammar is its own version's.
const PYPY_CHECK: &[&str] = &[
    "pypy3",
    "-c",
    "import sys; compile(open(sys.argv[1], 'rb').read(), sys.argv[1], 'exec')",
    "{source}",
];

impl LanguageRow {
    /// The programs its build and its runs start (`javac` and `java`; the
    /// compiled program itself aside): what its toolchain must hold.
    pub fn programs(&self) -> Vec<&'static str> {
        let build = match self.build {
            Build::Compiled { compile, .. } => compile,
            Build::Interpreted { check } => check,
        };
        let mut programs: Vec<&'static str> = Vec::new();
        for line in [build, self.run] {
            if let Some(&program) = line.first().filter(|word| !word.starts_with('{')) {
                if !programs.contains(&program) {
                    programs.push(program);
                }
            }
        }
        programs
    }
}

impl Language {
    /// The language's row.
    pub fn row(self) -> &'static LanguageRow {
        LANGUAGES
            .iter()
            .find(|row| row.language == self)
            .expect("every language has a row")
    }

    /// The language `--lang` names: by its word, or by an ending of its
    /// files (`cc` for C++).
    pub fn from_flag(word: &str) -> Option<Language> {
        let word = word.to_ascii_lowercase();
        LANGUAGES
            .iter()
            .find(|row| row.flag == word)
            .or_else(|| {
                LANGUAGES
                    .iter()
                    .find(|row| row.shebang.is_none() && row.extensions.contains(&word.as_str()))
            })
            .map(|row| row.language)
    }

    /// The language of a source file: its `#!` line's interpreter where a
    /// row names it for the file's ending, else the first row for the
    /// ending.
    pub fn of_file(path: &Path, source: &[u8]) -> Option<Language> {
        let ending = path.extension()?.to_str()?.to_ascii_lowercase();
        let rows = || {
            LANGUAGES
                .iter()
                .filter(|row| row.extensions.contains(&ending.as_str()))
        };
        let interpreter = shebang_interpreter(source);
        rows()
            .find(|row| row.shebang.is_some() && row.shebang == interpreter)
            .or_else(|| rows().find(|row| row.shebang.is_none()))
            .map(|row| row.language)
    }

    /// The language's name in reports.
    pub fn name(self) -> &'static str {
        self.row().name
    }

    /// `--lang`'s word for it.
    pub fn flag_name(self) -> &'static str {
        self.row().flag
    }
}

/// The words of `--lang`, for messages: `py, pypy3, cpp, ...`.
pub fn flag_words() -> String {
    let words: Vec<&str> = LANGUAGES.iter().map(|row| row.flag).collect();
    words.join(", ")
}

/// The endings of every language's files, for messages: `.py .cpp ...`.
pub fn extension_words() -> String {
    let mut words: Vec<String> = Vec::new();
    for row in LANGUAGES {
        for ending in row.extensions {
            let word = format!(".{ending}");
            if !words.contains(&word) {
                words.push(word);
            }
        }
    }
    words.join(" ")
}

/// The interpreter a `#!` line names: `pypy3` for `#!/usr/bin/env pypy3`
/// and for `#!/usr/bin/pypy3`.
fn shebang_interpreter(source: &[u8]) -> Option<&str> {
    let line = source.strip_prefix(b"#!")?;
    let line = &line[..line.iter().position(|&b| b == b'\n').unwrap_or(line.len())];
    let line = std::str::from_utf8(line).ok()?;
    let mut words = line.split_whitespace();
    let program = words.next()?;
    let program = program.rsplit('/').next()?;
    if program == "env" {
        words.find(|word| !word.starts_with('-'))
    } else {
        Some(program)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_in_the_language_its_ending_and_its_shebang_say() {
        let of = |name: &str, source: &str| Language::of_file(Path::new(name), source.as_bytes());
        assert_eq!(of("a.py", "print(1)\n"), Some(Language::Python));
        assert_eq!(
            of("a.py", "#!/usr/bin/env python3\n"),
            Some(Language::Python)
        );
        assert_eq!(of("a.py", "#!/usr/bin/env pypy3\n"), Some(Language::PyPy));
        assert_eq!(of("a.PY", "#!/usr/bin/pypy3 -O\n"), Some(Language::PyPy));
        assert_eq!(of("a.cc", ""), Some(Language::Cpp));
        assert_eq!(of("a.C++", ""), Some(Language::Cpp));
        assert_eq!(
            of("a.js", "#!/usr/bin/env pypy3\n"),
            Some(Language::JavaScript)
        );
        assert_eq!(of("a.txt", ""), None);
        assert_eq!(of("Makefile", ""), None);
    }

    #[test]
    fn every_language_has_one_flag_and_its_own_row() {
        for row in LANGUAGES {
            assert_eq!(Language::from_flag(row.flag), Some(row.language));
            assert_eq!(row.language.row().flag, row.flag);
            assert!(!row.extensions.is_empty() && !row.echo.is_empty());
        }
        assert_eq!(Language::from_flag("PyPy3"), Some(Language::PyPy));
        assert_eq!(Language::from_flag("python"), None);
        assert_eq!(Language::from_flag("cc"), Some(Language::Cpp));
        assert_eq!(extension_words(), ".py .cpp .cc .cxx .c++ .c .rs .java .js");
    }

    #[test]
    fn a_toolchain_is_the_programs_of_its_build_and_run_lines() {
        assert_eq!(Language::Java.row().programs(), ["javac", "java"]);
        assert_eq!(Language::Cpp.row().programs(), ["g++"]);
        assert_eq!(Language::PyPy.row().programs(), ["pypy3"]);
        assert!(LANGUAGES.iter().all(|row| !row.programs().is_empty()));
    }
}
