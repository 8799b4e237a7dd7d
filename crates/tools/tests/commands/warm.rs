//! Warm starts as the commands give them: a Python file starts warm unless
//! `--cold` asks otherwise, the heading says which, and a file that reads
//! what a warm start cannot show as a fresh one does starts cold, with a
//! note that says why.

use crate::{have, run, scratch, SUCCESS};

/// A folder of one 2048 case whose answer is 16.
fn one_case(name: &str) -> std::path::PathBuf {
    let folder = scratch(name);
    std::fs::write(folder.join("a.in"), "3\n2 2 2\n4 4 4\n8 8 8\n").unwrap();
    std::fs::write(folder.join("a.out"), "16\n").unwrap();
    folder
}

/// A program that answers 16 when its parent is the warm server, and 0
/// when it is not (the server's command line holds its code).
const WARM_ONLY: &str = "import os\n\
    line = open('/proc/%d/cmdline' % os.getppid(), 'rb').read()\n\
    print(16 if b'The warm server' in line else 0)\n";

/// A program that answers 16 when it is not the second process of a PID
/// namespace, as a fresh start is where the machine has namespaces, and 0
/// when it is.
const NOT_SECOND: &str = "import os\nprint(16 if os.getpid() > 2 else 0)\n";

#[test]
fn a_python_file_starts_warm_unless_cold_is_asked() {
    let held = engine::runner::contain::containment();
    if !have("python3") || !engine::runner::warm::available() || !held.namespaces {
        return;
    }
    let folder = one_case("warm-mode");
    let program = folder.join("warm_only.py");
    std::fs::write(&program, NOT_SECOND).unwrap();
    let (folder, program) = (folder.to_str().unwrap(), program.to_str().unwrap());
    let (status, out) = run("judge", &["game2048", folder, program]);
    assert_eq!(status, SUCCESS, "{out}");
    assert!(out.contains("(Python 3, run with python3, warm)"), "{out}");
    let (status, out) = run("judge", &["game2048", folder, program, "--cold"]);
    assert_ne!(status, SUCCESS, "{out}");
    assert!(out.contains("run with python3, cold (--cold)"), "{out}");
}

#[test]
fn a_file_that_reads_its_parent_starts_cold_and_says_so() {
    if !have("python3") || !engine::runner::warm::available() {
        return;
    }
    // The same program, which names `getppid`: it runs cold, so it
    // answers 0 (WA), and the report says why it ran cold.
    let folder = one_case("warm-unfaithful");
    let program = folder.join("parent.py");
    std::fs::write(&program, WARM_ONLY).unwrap();
    let (status, out) = run(
        "judge",
        &[
            "game2048",
            folder.to_str().unwrap(),
            program.to_str().unwrap(),
        ],
    );
    assert_ne!(status, SUCCESS, "{out}");
    assert!(
        out.contains("runs cold, a fresh start for every run: it reads its parent's pid"),
        "{out}"
    );
    assert!(!out.contains(", warm)"), "{out}");
}
