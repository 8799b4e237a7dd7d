//! The commands in the environment a user's shell gives them: a file size
//! limit or a full disk during a compile is the command's error, never a
//! verdict; a run's stack is its memory limit, whatever `ulimit -s` says;
//! and `--lang` cannot change a source file's language.

use std::process::Command;

use crate::{binary, have, run, scratch};

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

/// The judge run from `sh -c SETUP; exec judge ARGS`, with a build cache
/// of its own: status and everything it wrote.
fn judge_under(setup: &str, args: &[&str], tmp: &std::path::Path) -> (Option<i32>, String) {
    let output = Command::new("sh")
        .arg("-c")
        .arg(format!("{setup}; exec \"$0\" \"$@\""))
        .arg(binary("judge"))
        .args(args)
        .env("TMPDIR", tmp)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    (output.status.code(), text)
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
    let (status, out) = judge_under(
        "ulimit -f 64",
        &[
            "game2048",
            folder.to_str().unwrap(),
            source.to_str().unwrap(),
        ],
        &tmp,
    );
    assert_eq!(status, Some(2), "{out}");
    assert!(out.contains("ran out of room"), "{out}");
    assert!(!out.contains("CE "), "{out}");
    // With room, the same file is accepted.
    let (status, out) = judge_under(
        "true",
        &[
            "game2048",
            folder.to_str().unwrap(),
            source.to_str().unwrap(),
        ],
        &tmp,
    );
    assert_eq!(status, Some(0), "{out}");
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
        &[
            "game2048",
            folder.to_str().unwrap(),
            source.to_str().unwrap(),
        ],
        &tmp,
    );
    assert_eq!(status, Some(0), "{out}");
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
    assert_eq!(status, Some(2), "{out}");
    assert!(out.contains("--lang py does not apply to mine.c"), "{out}");
}
