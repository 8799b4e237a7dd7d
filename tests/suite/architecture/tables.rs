//! The language and judge tables are the only source of a language's
//! facts: no code or string of the engine or the commands names one
//! outside them, and the lists of languages elsewhere (the README, the
//! commands' page, CI's toolchains) are checked against them.

use bundle::lex::{code_only, string_literals};

use super::{root, rust_files, without_unit_tests};

/// The files of the engine and the commands that are the language and
/// judge tables: the only ones whose code names a language.
const TABLES: [&str; 3] = [
    "toolchain/language.rs",
    "toolchain/judges.rs",
    "toolchain/driver.rs",
];

/// The files of the engine and the commands outside the tables, with their
/// code (unit tests left out), as paths from the workspace root.
fn code_outside_the_tables() -> Vec<(String, String)> {
    let mut files = Vec::new();
    for krate in ["engine", "tools"] {
        rust_files(&root().join("crates").join(krate).join("src"), &mut files);
    }
    assert!(files.len() > 20, "{files:?}");
    files
        .into_iter()
        .filter(|file| !TABLES.iter().any(|table| file.ends_with(table)))
        .filter(|file| !file.ends_with("tests.rs"))
        .map(|file| {
            let source = std::fs::read_to_string(&file).unwrap();
            let shown = file.strip_prefix(root()).unwrap_or(&file).display();
            (shown.to_string(), without_unit_tests(&source).to_string())
        })
        .collect()
}

/// A language's facts are its rows: outside the language and judge
/// tables (and unit tests), no code of the engine or the commands names
/// one language (`Language::Java`); it asks the language's row.
#[test]
fn only_the_tables_name_a_language() {
    let named: Vec<String> = code_outside_the_tables()
        .into_iter()
        .filter(|(_, source)| names_a_language(&code_only(source)))
        .map(|(file, _)| file)
        .collect();
    assert!(named.is_empty(), "these name a language: {named:?}");
}

/// Whether `code` names a variant of `Language` (`Language::Cpp`), not one
/// of its functions (`Language::of_file`).
fn names_a_language(code: &str) -> bool {
    code.match_indices("Language::").any(|(at, found)| {
        code[at + found.len()..]
            .chars()
            .next()
            .is_some_and(char::is_uppercase)
    })
}

/// Nor does a string: outside the tables, no string literal of the engine
/// or the commands names a language, a toolchain's program or a judge (a
/// message, a file name, a class name, a note); each is a field of its row.
#[test]
fn no_string_outside_the_tables_names_a_language_or_a_toolchain() {
    let names = language_names();
    let mut named = Vec::new();
    for (file, source) in code_outside_the_tables() {
        for literal in string_literals(&source) {
            if let Some(name) = names.iter().find(|name| names_word(literal, name)) {
                named.push(format!("{file}: {literal} names {name}"));
            }
        }
    }
    assert!(named.is_empty(), "make these fields of a row: {named:#?}");
}

/// What names a language: each row's name and its first word (`Python 3`,
/// `Python`, `node.js`, `node`), the programs its lines start (`g++`,
/// `javac`), each judge's name, and languages the table may yet gain.
fn language_names() -> Vec<String> {
    use engine::toolchain::{JUDGES, LANGUAGES};
    let mut names: Vec<String> = ["Python", "PyPy", "C++", "Java", "JavaScript", "Kotlin"]
        .map(String::from)
        .to_vec();
    for row in LANGUAGES {
        names.push(row.name.to_string());
        names.extend(row.name.split([' ', '.']).next().map(String::from));
        names.extend(row.programs().into_iter().map(String::from));
    }
    names.extend(JUDGES.iter().map(|judge| judge.name.to_string()));
    names.sort();
    names.dedup();
    names
}

/// Whether `text` holds `name` as a word of its own, in any case: not a
/// part of a longer word (`java` in `javascript`, `python` in `python3`).
fn names_word(text: &str, name: &str) -> bool {
    let lower = text.to_lowercase();
    let name = name.to_lowercase();
    let part_of_word = |c: char| c.is_alphanumeric() || c == '_' || c == '+';
    lower.match_indices(&name).any(|(at, _)| {
        let before = lower[..at].chars().next_back();
        let after = lower[at + name.len()..].chars().next();
        !before.is_some_and(part_of_word) && !after.is_some_and(part_of_word)
    })
}

/// The lists of languages outside the code are the table's: the README's
/// endings, the table of languages in `docs/commands.md` (each ending, and
/// the line Baekjoon builds or runs it with), and the toolchains CI
/// installs (`.ci/run`).
#[test]
fn the_lists_of_languages_are_the_tables() {
    use engine::toolchain::{judges, Build, LANGUAGES};
    let read = |path: &str| std::fs::read_to_string(root().join(path)).unwrap();
    let readme = read("README.md");
    let sentence = readme
        .split("\n\n")
        .find_map(|paragraph| paragraph.split_once(" file is compiled and run as"))
        .expect("the README's sentence on the languages")
        .0;
    let listed: Vec<&str> = sentence.split('`').skip(1).step_by(2).collect();
    let mut usual: Vec<String> = LANGUAGES
        .iter()
        .map(|row| format!(".{}", row.extensions[0]))
        .collect();
    usual.dedup();
    assert_eq!(listed, usual, "README.md: {sentence}");
    let commands = read("docs/commands.md");
    let table: Vec<&str> = commands
        .lines()
        .filter(|line| line.starts_with("| `."))
        .collect();
    for row in LANGUAGES {
        let (rules, _) = judges::rules_for(judges::REFERENCE_ORIGIN, row.language);
        let line: Vec<&str> = match row.build {
            Build::Compiled { compile, .. } => {
                compile[..1].iter().chain(rules.flags).copied().collect()
            }
            Build::Interpreted { .. } => row
                .run
                .iter()
                .flat_map(|word| match *word {
                    "{run_flags}" => rules.run_flags,
                    "{source}" => &[],
                    _ => std::slice::from_ref(word),
                })
                .copied()
                .collect(),
        };
        let line = format!("`{}", line.join(" "));
        for ending in row.extensions {
            assert!(
                table.iter().any(|l| l.contains(&format!("`.{ending}`"))),
                "docs/commands.md's table of languages lacks .{ending}"
            );
        }
        let ending = format!("`.{}`", row.extensions[0]);
        assert!(
            table
                .iter()
                .any(|l| l.contains(&ending) && l.contains(&line)),
            "docs/commands.md's table of languages lacks {line}` for {ending}"
        );
    }
    // CI installs what a row's lines start, but the Rust compiler, which
    // comes with the cargo that runs the tests.
    let ci = read(".ci/run");
    let pairs = ci
        .lines()
        .find_map(|line| line.trim().strip_prefix("for pair in "))
        .expect(".ci/run's list of toolchains");
    let installed: Vec<&str> = pairs
        .split_whitespace()
        .take_while(|word| *word != "do")
        .filter_map(|pair| pair.split(':').next())
        .collect();
    for row in LANGUAGES {
        for program in row.programs() {
            assert!(
                program == "rustc" || installed.contains(&program),
                ".ci/run does not install {program} ({}): {pairs}",
                row.name
            );
        }
    }
}

/// The checks above find what they look for.
#[test]
fn the_language_checks_find_what_they_look_for() {
    assert!(names_a_language("if language == Language::Java {"));
    assert!(!names_a_language("Language::of_file(path, &head)"));
    let names = language_names();
    for planted in ["let x = \"a Main.java file\";", "f(\"compiled with g++\")"] {
        let literal = string_literals(planted)[0];
        assert!(
            names.iter().any(|name| names_word(literal, name)),
            "{planted}"
        );
    }
    for fine in ["\"a javabean\"", "\"python3x\"", "\"a job\""] {
        assert!(!names.iter().any(|name| names_word(fine, name)), "{fine}");
    }
}
