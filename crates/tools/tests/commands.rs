//! The judge-loop commands as a user runs them: `judge` on a folder with
//! one wrong answer made on purpose, `gen`, and `stress`.

use std::path::Path;
use std::process::Command;

fn run(binary: &str, args: &[&str]) -> (Option<i32>, String) {
    let output = Command::new(binary)
        .args(args)
        .output()
        .expect("the command runs");
    let text = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    (output.status.code(), text)
}

/// A scratch copy of a problem's golden folder.
fn scratch_copy(problem: &str, name: &str) -> std::path::PathBuf {
    let from = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../inputs")
        .join(problem);
    let to = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&to);
    std::fs::create_dir_all(&to).unwrap();
    for entry in std::fs::read_dir(&from).unwrap().flatten() {
        if entry.path().is_file() {
            std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
        }
    }
    to
}

#[test]
fn judge_gives_verdicts_and_shows_a_deleted_line_as_one_deletion() {
    let folder = scratch_copy("othello", "judge-wa");
    let expected = folder.join("random-legal-8x8-games.out");
    let text = std::fs::read_to_string(&expected).unwrap();
    let without_second: Vec<&str> = text
        .lines()
        .enumerate()
        .filter(|&(i, _)| i != 1)
        .map(|(_, l)| l)
        .collect();
    std::fs::write(&expected, without_second.join("\n") + "\n").unwrap();
    let (status, out) = run(
        env!("CARGO_BIN_EXE_judge"),
        &["othello", folder.to_str().unwrap()],
    );
    assert_eq!(status, Some(1), "{out}");
    assert!(out.contains("WA   random-legal-8x8-games"), "{out}");
    assert!(out.contains("AC   sample-1"), "{out}");
    // The extra line the binary printed is one `+`, not every later line.
    assert_eq!(out.matches("\n       +").count(), 1, "{out}");
    assert!(out.contains("input ("), "{out}");
    assert!(out.contains("slowest: "), "{out}");
    assert!(out.trim_end().ends_with("6 passed, 1 failed"), "{out}");
}

#[test]
fn judge_passes_a_clean_folder_and_reads_online_judge_tools_names() {
    // `oj d` writes test/sample-1.in and test/sample-1.out.
    let folder = Path::new(env!("CARGO_TARGET_TMPDIR")).join("oj-test");
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("sample-1.in"), "3\n2 2 2\n4 4 4\n8 8 8\n").unwrap();
    std::fs::write(folder.join("sample-1.out"), "16\n").unwrap();
    let (status, out) = run(
        env!("CARGO_BIN_EXE_judge"),
        &["game2048", folder.to_str().unwrap()],
    );
    assert_eq!(status, Some(0), "{out}");
    assert!(out.trim_end().ends_with("1 passed, 0 failed"), "{out}");
    // A time limit of zero makes the same case a TLE.
    let (status, out) = run(
        env!("CARGO_BIN_EXE_judge"),
        &["game2048", folder.to_str().unwrap(), "--time-limit", "0"],
    );
    assert_eq!(status, Some(1), "{out}");
    assert!(out.contains("TLE  sample-1"), "{out}");
}

#[test]
fn gen_is_reproducible_and_stress_passes_the_real_solvers() {
    let (status, first) = run(
        env!("CARGO_BIN_EXE_gen"),
        &["footholds", "--seed", "5", "--size", "2"],
    );
    assert_eq!(status, Some(0));
    assert_eq!(
        run(
            env!("CARGO_BIN_EXE_gen"),
            &["footholds", "--seed", "5", "--size", "2"]
        )
        .1,
        first
    );
    assert!(footholds::parse(first.as_bytes()).is_ok(), "{first}");
    let (status, out) = run(
        env!("CARGO_BIN_EXE_stress"),
        &["puyo", "--seconds", "1", "--seed", "1"],
    );
    assert_eq!(status, Some(0), "{out}");
    assert!(out.trim_end().ends_with("passed, 0 failed"), "{out}");
    let (status, out) = run(env!("CARGO_BIN_EXE_gen"), &["chess"]);
    assert_eq!(status, Some(2));
    assert!(out.contains("no problem named \"chess\""), "{out}");
}
