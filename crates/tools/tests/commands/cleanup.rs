//! What the commands leave behind and what they trust: a judge suite's
//! cache damaged by a program or a cleaner is made again, not believed; a
//! command stopped by any signal short of SIGKILL leaves no process and no
//! scratch folder; a tree a run leaves (deeper than the descriptors the
//! command may open, or read-only) is removed. Each test runs the command
//! with a temporary folder (`TMPDIR`) of its own, to see what is left
//! there and to damage a cache no other test uses.

use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::{assert_none_left, binary, have, scratch, script, token, workspace};
use crate::{INTERRUPTED, SUCCESS};

/// A test's folder, with an empty temporary folder for the command in it.
fn folder_with_tmpdir(name: &str) -> (PathBuf, PathBuf) {
    let folder = scratch(name);
    let tmpdir = folder.join("tmp");
    std::fs::create_dir(&tmpdir).unwrap();
    (folder, tmpdir)
}

/// Removes a test's folder, whatever a failed run left in it (folders
/// closed, a tree deeper than a descriptor a level allows).
fn remove(folder: &Path) {
    let removed = Command::new("sh")
        .args(["-c", "chmod -R u+rwx \"$0\" && rm -rf \"$0\""])
        .arg(folder)
        .status()
        .unwrap();
    assert!(removed.success(), "{}", folder.display());
}

fn text_of(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned() + &String::from_utf8_lossy(&output.stderr)
}

/// A folder with one game2048 case whose answer is 16.
fn one_case(folder: &Path) -> PathBuf {
    let cases = folder.join("cases");
    std::fs::create_dir(&cases).unwrap();
    std::fs::write(cases.join("a.in"), "3\n2 2 2\n4 4 4\n8 8 8\n").unwrap();
    std::fs::write(cases.join("a.out"), "16\n").unwrap();
    cases
}

/// What is left in the command's temporary folder but the build cache.
fn left_in(tmpdir: &Path) -> Vec<String> {
    std::fs::read_dir(tmpdir)
        .unwrap()
        .flatten()
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| !name.starts_with("grid-games-build-"))
        .collect()
}

/// Judges, with `TMPDIR` set to a folder of the test's own, a program that
/// leaves the tree `make_tree` (shell commands) in its run's folder and
/// answers the case, in a shell that first runs `limit`. Gives what is
/// left in the temporary folder.
fn judge_a_tree_maker(name: &str, make_tree: &str, limit: &str) -> Vec<String> {
    let (folder, tmpdir) = folder_with_tmpdir(name);
    let cases = one_case(&folder);
    // A shell command runs in the current folder, which it may not write:
    // the tree goes into its run's folder, its TMPDIR.
    let maker = script(
        &folder,
        "maker",
        &format!("cd \"$TMPDIR\"\n{make_tree}\necho 16"),
    );
    let mut command = Command::new("sh");
    command
        .current_dir(&folder)
        .arg("-c")
        .arg(format!("{limit}; exec \"$0\" \"$@\""))
        // A shell command (`-c`) may start processes (`mkdir`) whether or
        // not a control group counts them: the permissions taken away
        // below may leave the command without one.
        .args([
            binary("judge"),
            "game2048",
            cases.to_str().unwrap(),
            "-c",
            &maker,
        ])
        .env("TMPDIR", &tmpdir);
    // SAFETY: prctl is async-signal-safe.
    unsafe { command.pre_exec(without_permission_override) };
    let output = command.output().unwrap();
    let out = text_of(&output);
    assert_eq!(output.status.code(), SUCCESS, "{out}");
    assert!(!out.contains("warning:"), "{out}");
    let left = left_in(&tmpdir);
    remove(&folder);
    left
}

/// Takes from this process, and the programs it starts, the power to pass
/// over a file's permissions that root has (a test run as root would
/// otherwise remove a read-only folder as any): each is taken from the
/// bounding set, which is what a program root starts has. Where it cannot
/// be taken (no right to), nothing is.
fn without_permission_override() -> std::io::Result<()> {
    // CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH.
    for capability in [1, 2] {
        // SAFETY: prctl with integer arguments.
        unsafe { libc::prctl(libc::PR_CAPBSET_DROP, capability, 0, 0, 0) };
    }
    Ok(())
}

#[test]
fn a_tree_deeper_than_the_commands_descriptors_is_removed() {
    // 1,100 folders deep, made 100 at a time (a path of 200 bytes), more
    // than the 256 descriptors the command may open.
    let make_tree = "p=d; i=1; while [ $i -lt 100 ]; do p=$p/d; i=$((i+1)); done\n\
                     n=0; while [ $n -lt 11 ]; do mkdir -p $p && cd $p || exit 1; \
                     n=$((n+1)); done";
    let left = judge_a_tree_maker("cleanup-deep-tree", make_tree, "ulimit -n 256");
    assert_eq!(left, Vec::<String>::new());
}

#[test]
fn read_only_and_closed_folders_left_by_a_run_are_removed() {
    let make_tree = "mkdir -p ro/inner closed/inner && touch ro/inner/f closed/inner/f && \
                     chmod 555 ro/inner ro && chmod 0 closed/inner closed";
    let left = judge_a_tree_maker("cleanup-read-only-tree", make_tree, "true");
    assert_eq!(left, Vec::<String>::new());
}

#[test]
fn any_signal_short_of_sigkill_stops_the_run_and_leaves_nothing() {
    for (signal, signal_name) in [
        (libc::SIGQUIT, "SIGQUIT"),
        (libc::SIGHUP, "SIGHUP"),
        (libc::SIGUSR1, "SIGUSR1"),
    ] {
        let mark = token(&format!("cleanup-signal-{signal}"));
        let (folder, tmpdir) = folder_with_tmpdir(&format!("cleanup-signal-{signal}"));
        let cases = one_case(&folder);
        let sleeper = script(
            &folder,
            "sleeper",
            &format!("sh -c 'sleep 30; : {mark}'\necho 16"),
        );
        let mut command = Command::new(binary("judge"));
        command
            .args(["game2048", cases.to_str().unwrap(), &sleeper])
            .env("TMPDIR", &tmpdir)
            // A command that dies of SIGQUIT dumps its core there, if
            // anywhere, and never in the source tree.
            .current_dir(&folder)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        // SAFETY: setrlimit is async-signal-safe: no core is dumped.
        unsafe {
            command.pre_exec(|| {
                let none = libc::rlimit {
                    rlim_cur: 0,
                    rlim_max: 0,
                };
                libc::setrlimit(libc::RLIMIT_CORE, &none);
                Ok(())
            });
        }
        let mut judge = command.spawn().unwrap();
        let started = Instant::now();
        while crate::processes_with(&mark).is_empty() {
            assert!(started.elapsed() < Duration::from_secs(10), "never started");
            std::thread::sleep(Duration::from_millis(10));
        }
        // SAFETY: a signal to the child just started.
        unsafe { libc::kill(judge.id() as i32, signal) };
        let sent = Instant::now();
        while judge.try_wait().unwrap().is_none() {
            assert!(sent.elapsed() < Duration::from_secs(5), "{signal_name}");
            std::thread::sleep(Duration::from_millis(10));
        }
        let output = judge.wait_with_output().unwrap();
        assert_eq!(
            output.status.code(),
            INTERRUPTED,
            "{signal_name}: {output:?}"
        );
        assert!(text_of(&output).contains("interrupted"), "{output:?}");
        assert_none_left(&mark);
        assert_eq!(left_in(&tmpdir), Vec::<String>::new(), "{signal_name}");
        remove(&folder);
    }
}

/// Runs `cargo judge` with `args` and `TMPDIR` set to `tmpdir`.
fn judge(tmpdir: &Path, args: &[&str]) -> (Option<i32>, String) {
    let output = crate::run_with("judge", args, |test| {
        test.env("TMPDIR", tmpdir);
    });
    (output.status, output.text())
}

/// Judges the correct C++ footholds solution with the judge suite; `None`
/// when there is no C++ compiler.
fn judge_correct_with_suite(tmpdir: &Path) -> Option<(Option<i32>, String)> {
    if !have("g++") {
        return None;
    }
    let correct = workspace().join("tests/solutions/footholds/correct.cpp");
    Some(judge(
        tmpdir,
        &[
            "footholds",
            correct.to_str().unwrap(),
            // Answers are tested here, not speed (see `solutions`).
            "--time-limit",
            "60000",
        ],
    ))
}

/// The folder the judge suite is kept in, in the cache under `tmpdir`.
fn suite_cache(tmpdir: &Path) -> PathBuf {
    let cache = tmpdir.join(format!("grid-games-build-{}", engine::folders::user_id()));
    std::fs::read_dir(&cache)
        .unwrap()
        .flatten()
        .map(|entry| entry.path())
        .find(|path| {
            path.is_dir()
                && path
                    .file_name()
                    .is_some_and(|name| name.to_string_lossy().starts_with("suite-"))
        })
        .expect("the judge suite is kept in the cache")
}

/// The answer files of the suite kept at `suite`.
fn answer_files(suite: &Path) -> Vec<PathBuf> {
    let answers: Vec<PathBuf> = std::fs::read_dir(suite)
        .unwrap()
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "out"))
        .collect();
    assert!(answers.len() > 100, "{answers:?}");
    answers
}

#[test]
fn answers_rewritten_in_the_suite_cache_do_not_fail_a_correct_solution() {
    let (folder, tmpdir) = folder_with_tmpdir("cleanup-poisoned-cache");
    let Some((status, out)) = judge_correct_with_suite(&tmpdir) else {
        return;
    };
    assert_eq!(status, SUCCESS, "{out}");
    // What a program that found the cache could do to it.
    for answer in answer_files(&suite_cache(&tmpdir)) {
        std::fs::set_permissions(&answer, std::fs::Permissions::from_mode(0o644)).unwrap();
        std::fs::write(&answer, "0\n").unwrap();
    }
    let (status, out) = judge_correct_with_suite(&tmpdir).unwrap();
    assert_eq!(status, SUCCESS, "{out}");
    assert!(out.contains("judge suite:") && !out.contains("WA"), "{out}");
    let answers = answer_files(&suite_cache(&tmpdir));
    let rewritten = answers
        .iter()
        .filter(|answer| std::fs::read(answer).unwrap() == b"0\n")
        .count();
    assert!(
        rewritten < answers.len() / 2,
        "the cache was not made again"
    );
    remove(&folder);
}

#[test]
fn a_file_taken_from_the_suite_cache_is_made_again() {
    let (folder, tmpdir) = folder_with_tmpdir("cleanup-damaged-cache");
    let Some((status, out)) = judge_correct_with_suite(&tmpdir) else {
        return;
    };
    assert_eq!(status, SUCCESS, "{out}");
    let taken = answer_files(&suite_cache(&tmpdir)).remove(0);
    std::fs::remove_file(&taken).unwrap();
    let (status, out) = judge_correct_with_suite(&tmpdir).unwrap();
    assert_eq!(status, SUCCESS, "{out}");
    assert!(out.contains("judge suite:"), "{out}");
    assert!(taken.is_file(), "{} was not made again", taken.display());
    remove(&folder);
}
