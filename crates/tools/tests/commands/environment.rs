//! The commands in the environment a user's shell gives them: a file size
//! limit or a full disk during a compile is the command's error, never a
//! verdict; a run's stack is its memory limit, whatever `ulimit -s` says;
//! and `--lang` cannot change a source file's language.

use crate::{binary, have, run, scratch, ERROR, FOUND, SUCCESS};

/// A folder with one game2048 case whose answer is 16, and a C solution of
/// its own (its own text, so that no cached build of it exists).
fn case_and_solution(name: &str, body: &str) -> (std::path::PathBuf, std::path::PathBuf) {
    let folder = scratch(name);
    std::fs::write(folder.join("a.in"), "3\n2 2 2\n4 4 4\n8 8 8\n").unwrap();
    std::fs::write(folder.join("a.out"), "16\n").unwrap();
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    let source = folder.join("mine.c");
    std::fs::write(&source, format!("/* {name} {nanos} */\n{body}")).unwrap();
    (folder, source)
}

/// `cargo judge game2048 FOLDER SOURCE` run from `sh -c SETUP; exec ...`,
/// with a build cache of its own (in `tmp`): status and everything it
/// wrote.
fn judge_under(
    setup: &str,
    folder: &std::path::Path,
    source: &std::path::Path,
    tmp: &std::path::Path,
) -> (Option<i32>, String) {
    let output = crate::TestCommand::new("sh", folder)
        .arg("-c")
        .arg(format!("{setup}; exec \"$0\" \"$@\""))
        .arg(binary("judge"))
        .arg("game2048")
        .arg(folder)
        .arg(source)
        .env("TMPDIR", tmp)
        .output();
    (output.status, output.text())
}

#[test]
fn a_compile_without_room_is_the_commands_error_not_a_compile_error() {
    if !have("gcc") {
        return;
    }
    let body = "#include <stdio.h>\nint main(void) { puts(\"16\"); return 0; }\n";
    let (folder, source) = case_and_solution("compile-no-room", body);
    let tmp = scratch("compile-no-room-tmp");
    // 64 KiB of file: the static program the linker writes is larger.
    let (status, out) = judge_under("ulimit -f 64", &folder, &source, &tmp);
    assert_eq!(status, ERROR, "{out}");
    assert!(out.contains("ran out of room"), "{out}");
    assert!(!out.contains("CE "), "{out}");
    // With room, the same file is accepted.
    let (status, out) = judge_under("true", &folder, &source, &tmp);
    assert_eq!(status, SUCCESS, "{out}");
}

#[test]
fn a_runs_stack_is_its_memory_limit_whatever_the_shell_says() {
    if !have("gcc") {
        return;
    }
    // About 64 MiB of stack, far past the usual 8 MiB `ulimit -s`, well
    // within the judge's 512 MiB.
    // Each frame hands its buffer to the next, so none can be folded away.
    let body = "#include <stdio.h>\n#include <string.h>\n\
                int deep(int n, const char *prev) {\n\
                    char pad[1024];\n\
                    memset(pad, n & 0x7f, sizeof pad);\n\
                    pad[1] ^= prev[1];\n\
                    if (n == 0) return pad[1] & 1;\n\
                    return deep(n - 1, pad) + (pad[n % 1024] & 0);\n\
                }\n\
                int main(void) { char top[2] = {0, 0}; \
                printf(\"%d\\n\", 16 + 0 * deep(64000, top)); return 0; }\n";
    let (folder, source) = case_and_solution("deep-stack", body);
    let tmp = scratch("deep-stack-tmp");
    let (status, out) = judge_under(
        // The soft limit, as a login shell sets it.
        "ulimit -S -s 8192",
        &folder,
        &source,
        &tmp,
    );
    assert_eq!(status, SUCCESS, "{out}");
    assert!(out.contains("AC "), "{out}");
}

#[test]
fn lang_cannot_change_a_source_files_language() {
    let (folder, source) = case_and_solution("lang-source", "int main(void) { return 0; }\n");
    let (status, out) = run(
        "judge",
        &[
            "game2048",
            folder.to_str().unwrap(),
            source.to_str().unwrap(),
            "--lang",
            "py",
        ],
    );
    assert_eq!(status, ERROR, "{out}");
    assert!(out.contains("--lang py does not apply to mine.c"), "{out}");
}

#[test]
fn a_quoted_out_of_room_phrase_is_a_compile_error() {
    if !have("gcc") {
        return;
    }
    let (folder, source) = case_and_solution("quoted-no-room", "#error No space left on device\n");
    let (status, out) = judge_under("true", &folder, &source, &scratch("quoted-no-room-tmp"));
    assert_eq!(status, FOUND, "{out}");
    assert!(out.contains("CE ") && out.contains("#error"), "{out}");
}

#[test]
fn warnings_before_the_first_error_do_not_hide_it() {
    if !have("g++") {
        return;
    }
    let folder = scratch("warnings-first");
    std::fs::write(folder.join("a.in"), "3\n2 2 2\n4 4 4\n8 8 8\n").unwrap();
    std::fs::write(folder.join("a.out"), "16\n").unwrap();
    let mut body = String::new();
    for k in 0..60 {
        body += &format!("int f{k}() {{ int unused{k}; return 0; }}\n");
    }
    body += "int main() { undefined_thing(); }\n";
    let source = folder.join("warned.cpp");
    std::fs::write(&source, body).unwrap();
    let (status, out) = judge_under("true", &folder, &source, &scratch("warnings-first-tmp"));
    assert_eq!(status, FOUND, "{out}");
    assert!(
        out.contains("lines before the first error left out"),
        "{out}"
    );
    assert!(
        out.contains("error: ‘undefined_thing’") || out.contains("error: 'undefined_thing'"),
        "{out}"
    );
}

#[test]
fn a_missing_temporary_folder_is_named_never_made() {
    let missing = scratch("missing-tmp").join("not/there");
    let output = crate::run_with(
        "stress",
        &["puyo", "-c", "cat > /dev/null; echo 0", "--seconds", "1"],
        |test| {
            test.env("TMPDIR", &missing);
        },
    );
    let text = output.stderr;
    assert_eq!(output.status, ERROR, "{text}");
    assert!(text.contains("does not exist"), "{text}");
    assert!(!missing.exists());
}

#[test]
fn save_and_out_must_be_folders_even_through_links() {
    let folder = scratch("dangling-save");
    let link = folder.join("dangling");
    std::os::unix::fs::symlink(folder.join("nowhere/at/all"), &link).unwrap();
    let started = std::time::Instant::now();
    let (status, out) = run(
        "stress",
        &[
            "puyo",
            "-c",
            "cat > /dev/null; echo 0",
            "--save",
            link.to_str().unwrap(),
        ],
    );
    assert_eq!(status, ERROR, "{out}");
    assert!(out.contains("not a folder"), "{out}");
    assert!(
        started.elapsed() < std::time::Duration::from_secs(5),
        "refused only after the search"
    );
    let (status, out) = run("judge", &["puyo", "-c", ""]);
    assert_eq!(status, ERROR, "{out}");
    assert!(out.contains("-c needs a COMMAND"), "{out}");
}

#[test]
fn what_a_programmers_function_prints_stays_out_of_its_answers() {
    if !have("g++") {
        return;
    }
    // The workspace's correct footholds function, renamed, behind one that
    // prints by every means C++ has before it answers.
    let folder = scratch("function-prints");
    let correct =
        std::fs::read_to_string(crate::workspace().join("tests/solutions/footholds/correct.cpp"))
            .unwrap();
    let noisy = format!(
        "#include <cstdio>\n{}\nstatic struct Noisy {{ Noisy() {{ printf(\"static\\n\"); }} }} noisy_;\n\
         int solution(vector<vector<int>> b, vector<int> a, vector<int> c) {{\n\
         puts(\"puts\"); printf(\"printf\\n\"); cout << \"cout\" << endl; fflush(stdout);\n\
         return solution_inner(b, a, c);\n}}\n",
        correct
            .split("// A local test harness")
            .next()
            .unwrap()
            .replacen("int solution(", "int solution_inner(", 1)
    );
    let source = folder.join("noisy.cpp");
    std::fs::write(&source, noisy).unwrap();
    let (status, out) = run("judge", &["footholds", source.to_str().unwrap()]);
    assert_eq!(status, SUCCESS, "{out}");
    assert!(out.contains("defines solution(...)"), "{out}");
}

#[test]
fn a_missing_compiler_is_named_not_a_compile_error() {
    // A PATH with the shell and `env` the compile runs through, and no
    // compiler.
    let bin = scratch("no-compiler-bin");
    for tool in ["sh", "env"] {
        let found = ["/bin", "/usr/bin"]
            .iter()
            .map(|dir| std::path::Path::new(dir).join(tool))
            .find(|path| path.exists());
        let Some(found) = found else { return };
        std::os::unix::fs::symlink(found, bin.join(tool)).unwrap();
    }
    let (folder, source) = case_and_solution("no-compiler", "int main(void) { return 0; }\n");
    let output = crate::command_in(&folder, "judge")
        .args([
            "game2048",
            folder.to_str().unwrap(),
            source.to_str().unwrap(),
        ])
        .env("PATH", &bin)
        .env("TMPDIR", scratch("no-compiler-tmp"))
        .output();
    let stderr = output.stderr;
    assert_eq!(output.status, ERROR, "{stderr}");
    assert!(
        stderr.contains("cannot run gcc: ") && stderr.contains("is it installed"),
        "{stderr}"
    );
    assert!(
        stderr.contains("gcc") && stderr.matches("gcc").count() >= 2,
        "{stderr}"
    );
}
