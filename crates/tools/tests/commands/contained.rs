//! The commands with programs that fooled the runner when it watched
//! processes from outside: one that reads the expected answers beside its
//! run, or rewrites the judge suite's cache; one whose children, reaped by
//! the kernel, take their time with them; a helper that escapes with the
//! memory; and a machine without the mechanisms, whose report says what is
//! not contained.

use std::path::{Path, PathBuf};
use std::process::Command;

use engine::runner::contain;

use crate::{binary, have, scratch, script, workspace, FOUND, SUCCESS};

/// Runs a command with its temporary folder (and so its build cache and
/// judge suite) in `tmp`: its status and its output.
fn run_in(tmp: &Path, command: &str, args: &[&str], env: &[(&str, &str)]) -> (Option<i32>, String) {
    let output = Command::new(binary(command))
        .args(args)
        .env("TMPDIR", tmp)
        .envs(env.iter().copied())
        .output()
        .expect("the command runs");
    let text = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    (output.status.code(), text)
}

/// A folder with one game2048 case whose answer is 16.
fn one_case(name: &str) -> PathBuf {
    let folder = scratch(name);
    std::fs::write(folder.join("a.in"), "3\n2 2 2\n4 4 4\n8 8 8\n").unwrap();
    std::fs::write(folder.join("a.out"), "16\n").unwrap();
    folder
}

#[test]
fn a_program_cannot_read_the_answers_or_rewrite_the_suite() {
    if contain::containment().landlock == 0 {
        return;
    }
    let dir = scratch("contained-cheat");
    let tmp = dir.join("tmp");
    std::fs::create_dir(&tmp).unwrap();
    // It looks for its own input among every case file in reach (the
    // cases beside its run, the workspace's, the build cache's suite) and
    // prints the answer beside it; it also rewrites every answer of the
    // suite's cache it can reach. Contained, it finds nothing.
    let cheat = script(
        &dir,
        "cheat.sh",
        &format!(
            "input=$(cat)\n\
             for f in ../cases/*.in ../cases/*/*.in ../cases/*/*/*.in {ws}/inputs/puyo/*.in \
             {tmp}/*/*/*.in {tmp}/*/*/*/*.in; do\n  \
               [ -f \"$f\" ] || continue\n  \
               if [ \"$(cat \"$f\")\" = \"$input\" ]; then cat \"${{f%.in}}.out\"; exit 0; fi\n\
             done\n\
             for f in {tmp}/*/*/*.out {tmp}/*/*/*/*.out; do echo 0 > \"$f\" 2>/dev/null; done\n\
             echo 0",
            ws = workspace().display(),
            tmp = tmp.display(),
        ),
    );
    // The workspace's own solver makes the suite's cache first.
    let (status, out) = run_in(&tmp, "judge", &["puyo"], &[]);
    assert_eq!(status, SUCCESS, "{out}");
    let (status, out) = run_in(&tmp, "judge", &["puyo", &cheat], &[]);
    assert_eq!(status, FOUND, "{out}");
    // Contained, it answers 0 everywhere: right only where 0 is.
    assert!(out.contains("WA   sample-1"), "{out}");
    assert!(out.contains("1 failed, 238 not run"), "{out}");
    // The suite still holds the right answers.
    let (status, out) = run_in(&tmp, "judge", &["puyo"], &[]);
    assert_eq!(status, SUCCESS, "{out}");
}

/// A Python program that first has `children` children burn `each`
/// seconds of processor time apiece with SIGCHLD ignored (the kernel reaps
/// them, and their time is lost to `wait`), then prints 16.
fn burning(dir: &Path, children: u32, each: f64) -> PathBuf {
    let path = dir.join("burn.py");
    std::fs::write(
        &path,
        format!(
            "import os, signal, time\n\
             signal.signal(signal.SIGCHLD, signal.SIG_IGN)\n\
             kids = []\n\
             for _ in range({children}):\n    \
                 pid = os.fork()\n    \
                 if pid == 0:\n        \
                     t = time.process_time()\n        \
                     while time.process_time() - t < {each}:\n            pass\n        \
                     os._exit(0)\n    \
                 kids.append(pid)\n\
             for pid in kids:\n    \
                 while True:\n        \
                     try:\n            os.kill(pid, 0)\n            time.sleep(0.01)\n        \
                     except ProcessLookupError:\n            break\n\
             print(16)\n"
        ),
    )
    .unwrap();
    path
}

#[test]
fn the_time_of_children_the_kernel_reaped_is_counted() {
    if contain::containment().cgroup.is_none() || !have("python3") {
        return;
    }
    let folder = one_case("contained-reaped");
    let burn = burning(&folder, 4, 0.4);
    let (status, out) = crate::run(
        "judge",
        &[
            "game2048",
            folder.to_str().unwrap(),
            burn.to_str().unwrap(),
            "-j",
            "1",
            "--time-limit",
            "1000",
        ],
    );
    assert_eq!(status, FOUND, "{out}");
    assert!(out.contains("TLE  a"), "{out}");
}

#[test]
fn an_escaped_helper_s_memory_is_counted_at_the_default_jobs() {
    if contain::containment().cgroup.is_none() || !have("python3") {
        return;
    }
    let folder = one_case("contained-memory");
    // A double fork and a new session; the helper touches 300 MiB and
    // sends the answer back through a pipe.
    let program = folder.join("hog.py");
    std::fs::write(
        &program,
        "import os\n\
         r, w = os.pipe()\n\
         if os.fork() == 0:\n    \
             os.setsid()\n    \
             if os.fork() == 0:\n        \
                 block = bytearray(300 << 20)\n        \
                 for i in range(0, len(block), 4096):\n            block[i] = 1\n        \
                 os.write(w, b'16\\n')\n    \
             os._exit(0)\n\
         os.close(w)\n\
         print(os.read(r, 100).decode().strip())\n",
    )
    .unwrap();
    let (status, out) = crate::run(
        "judge",
        &[
            "game2048",
            folder.to_str().unwrap(),
            program.to_str().unwrap(),
            "--memory-limit",
            "100",
        ],
    );
    assert_eq!(status, FOUND, "{out}");
    assert!(out.contains("MLE  a"), "{out}");
}

#[test]
fn without_the_mechanisms_a_run_still_happens_and_the_report_says_so() {
    let folder = one_case("contained-fallback");
    let tmp = scratch("contained-fallback-tmp");
    let off = [("GRID_GAMES_DISABLE", "namespaces,cgroup,landlock")];
    let (status, out) = run_in(
        &tmp,
        "judge",
        &["game2048", folder.to_str().unwrap(), "-c", "echo 16"],
        &off,
    );
    assert_eq!(status, SUCCESS, "{out}");
    assert!(
        out.contains("note: not contained: no user and PID namespaces")
            && out.contains("no control group")
            && out.contains("no Landlock"),
        "{out}"
    );
    // With no control group, a solution that starts a process is refused:
    // its children's time could not be counted.
    if have("python3") {
        let burn = burning(&folder, 1, 0.01);
        let args = ["game2048", folder.to_str().unwrap(), burn.to_str().unwrap()];
        let (status, out) = run_in(&tmp, "judge", &args, &off);
        assert_eq!(status, FOUND, "{out}");
        assert!(out.contains("RE   a") && out.contains("SIGSYS"), "{out}");
    }
    // Where every mechanism is in force, the heading has no such line.
    let full = contain::containment();
    if full.namespaces && full.cgroup.is_some() && full.landlock > 0 {
        let (status, out) = run_in(
            &tmp,
            "judge",
            &["game2048", folder.to_str().unwrap(), "-c", "echo 16"],
            &[],
        );
        assert_eq!(status, SUCCESS, "{out}");
        assert!(!out.contains("not contained"), "{out}");
    }
}
