//! The commands with programs that fooled the runner when it watched
//! processes from outside: one that reads the expected answers beside its
//! run, or rewrites the judge suite's cache; one whose children, reaped by
//! the kernel, take their time with them; a helper that escapes with the
//! memory; and a machine without the mechanisms, whose report says what is
//! not contained.

use std::path::{Path, PathBuf};

use engine::runner::contain;

use crate::{binary, command_in, have, scratch, script, workspace, FOUND, SUCCESS};

/// Runs a command with its temporary folder (and so its build cache and
/// judge suite) in `tmp`: its status and its output.
fn run_in(tmp: &Path, command: &str, args: &[&str], env: &[(&str, &str)]) -> (Option<i32>, String) {
    let outcome = crate::run_with(command, args, |test| {
        test.env("TMPDIR", tmp);
        for (key, value) in env {
            test.env(key, value);
        }
    });
    (outcome.status, outcome.text())
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
    // Contained, it answers 0 everywhere: right only where 0 is (not on
    // the suite's first case, one of its strongest).
    assert!(out.contains("WA   sample-1"), "{out}");
    assert!(out.contains("0 passed, 1 failed, 239 not run"), "{out}");
    // The suite still holds the right answers.
    let (status, out) = run_in(&tmp, "judge", &["puyo"], &[]);
    assert_eq!(status, SUCCESS, "{out}");
}

/// A Python program that first has `children` children, one after
/// another, burn `each` seconds of processor time apiece with SIGCHLD
/// ignored (the kernel reaps them, and their time is lost to `wait`; no
/// two are ever seen together), then prints 16.
fn burning(dir: &Path, children: u32, each: f64) -> PathBuf {
    let path = dir.join("burn.py");
    std::fs::write(
        &path,
        format!(
            "import os, signal, time\n\
             signal.signal(signal.SIGCHLD, signal.SIG_IGN)\n\
             for _ in range({children}):\n    \
                 pid = os.fork()\n    \
                 if pid == 0:\n        \
                     t = time.process_time()\n        \
                     while time.process_time() - t < {each}:\n            pass\n        \
                     os._exit(0)\n    \
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
    let burn = burning(&folder, 4, 0.1);
    // A limit far above what the run uses: how soon a busy machine gives
    // it the processor changes nothing, and its processor time is all
    // counted.
    let (status, out) = crate::run(
        "judge",
        &[
            "game2048",
            folder.to_str().unwrap(),
            burn.to_str().unwrap(),
            "-j",
            "1",
            "--time-limit",
            "20000",
        ],
    );
    assert_eq!(status, SUCCESS, "{out}");
    // The children's 400 ms are the run's, beside its own few.
    let line = out
        .lines()
        .find(|l| l.starts_with("AC   a"))
        .expect("the case's line");
    let cpu: f64 = line
        .split("(cpu")
        .nth(1)
        .and_then(|rest| rest.trim_start().split(' ').next())
        .and_then(|ms| ms.parse().ok())
        .unwrap_or_else(|| panic!("no processor time in {line:?}"));
    assert!(cpu >= 400.0, "{out}");
}

#[test]
fn an_escaped_helper_s_memory_is_counted_at_the_default_jobs() {
    if contain::containment().cgroup.is_none() || !have("python3") {
        return;
    }
    // Four cases: the default jobs run two side by side.
    let folder = one_case("contained-memory");
    for copy in ["b", "c", "d"] {
        std::fs::copy(folder.join("a.in"), folder.join(format!("{copy}.in"))).unwrap();
        std::fs::copy(folder.join("a.out"), folder.join(format!("{copy}.out"))).unwrap();
    }
    // A double fork and a new session; the helper touches 300 MiB and
    // sends the answer back through a pipe.
    // A double fork, a new session and an emptied environment: nothing
    // outside the kernel ties the helper to the run. It touches 300 MiB and
    // sends the answer back through a pipe.
    let program = folder.join("hog.py");
    std::fs::write(
        &program,
        "import os, sys\n\
         r, w = os.pipe()\n\
         os.set_inheritable(w, True)\n\
         if os.fork() == 0:\n    \
             os.setsid()\n    \
             if os.fork() == 0:\n        \
                 helper = ('import os\\nblock = bytearray(300 << 20)\\n'\n                  \
                 'for i in range(0, len(block), 4096):\\n    block[i] = 1\\n'\n                  \
                 'os.write(%d, b\"16\\\\n\")\\n' % w)\n        \
                 os.execve(sys.executable, [sys.executable, '-c', helper], {})\n    \
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
    // Without namespaces, the control group ends the run's processes: an
    // escaped helper is born in it, however soon it escapes.
    if contain::containment().cgroup.is_some() {
        let mark = format!("37.{}", std::process::id());
        let escape = format!("(setsid env -i sleep {mark} &); echo 16");
        let args = ["game2048", folder.to_str().unwrap(), "-c", &escape];
        let (status, out) = run_in(
            &tmp,
            "judge",
            &args,
            &[("GRID_GAMES_DISABLE", "namespaces")],
        );
        assert_eq!(status, SUCCESS, "{out}");
        crate::assert_none_left(&format!("sleep {mark}"));
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

#[test]
fn a_source_cannot_include_an_answer_when_it_is_compiled() {
    if contain::containment().landlock == 0 || !have("g++") {
        return;
    }
    let folder = one_case("contained-include");
    let cheat = folder.join("cheat.cpp");
    std::fs::write(
        &cheat,
        format!(
            "#include <cstdio>\n\
             asm(\".section .rodata\\n.global answer\\nanswer:\\n.incbin \\\"{}\\\"\\n.byte 0\\n.text\\n\");\n\
             extern \"C\" const char answer[];\n\
             int main() {{ std::printf(\"%s\", answer); }}\n",
            folder.join("a.out").display()
        ),
    )
    .unwrap();
    let (status, out) = crate::run(
        "judge",
        &[
            "game2048",
            folder.to_str().unwrap(),
            cheat.to_str().unwrap(),
        ],
    );
    assert_eq!(status, FOUND, "{out}");
    assert!(out.contains("CE ") && !out.contains("AC   a"), "{out}");
}

#[test]
fn a_shell_command_or_an_executable_reads_no_case_beside_it() {
    if contain::containment().landlock == 0 {
        return;
    }
    let folder = one_case("contained-beside");
    let cases = folder.to_str().unwrap();
    // `-c` runs in the current folder: the case files there and below it
    // are out of reach, whatever the command names.
    for cheat in ["cat a.out", "cat cases/a.out", "cat $(pwd)/a.out"] {
        let output = command_in(&folder, "judge")
            .args(["game2048", cases, "-c", cheat])
            .output();
        let out = output.stdout;
        assert_eq!(output.status, FOUND, "{cheat}: {out}");
        assert!(!out.contains("AC   a"), "{cheat}: {out}");
    }
    // An executable in a `bin` folder reads itself, not the folder around.
    let bin = folder.join("bin");
    std::fs::create_dir(&bin).unwrap();
    let program = script(&bin, "a", "cat \"$(dirname \"$0\")/../a.out\"");
    let (status, out) = crate::run("judge", &["game2048", cases, &program]);
    assert_eq!(status, FOUND, "{out}");
    assert!(!out.contains("AC   a"), "{out}");
}

#[test]
fn a_run_changes_no_file_s_mode_keeps_no_ipc_and_has_no_network() {
    if !contain::containment().namespaces || !have("python3") {
        return;
    }
    let folder = one_case("contained-metadata");
    let victim = folder.join("victim");
    std::fs::write(&victim, "").unwrap();
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let segments = || std::fs::read_to_string("/proc/sysvipc/shm").map_or(0, |t| t.lines().count());
    let before = segments();
    // Each attempt that works prints a word beside the answer: WA.
    let program = folder.join("probe.py");
    std::fs::write(
        &program,
        format!(
            "import ctypes, os, socket\n\
             out = []\n\
             try:\n    os.chmod({victim:?}, 0o4777); out.append('chmod')\nexcept OSError:\n    pass\n\
             try:\n    os.utime({victim:?}, (0, 0)); out.append('utime')\nexcept OSError:\n    pass\n\
             try:\n    socket.create_connection(('127.0.0.1', {port}), timeout=2); out.append('network')\n\
             except OSError:\n    pass\n\
             if ctypes.CDLL(None).shmget(0, 1 << 20, 0o1600) < 0:\n    out.append('no-shm')\n\
             print(16, *out)\n",
            victim = victim.to_str().unwrap(),
        ),
    )
    .unwrap();
    let (status, out) = crate::run(
        "judge",
        &[
            "game2048",
            folder.to_str().unwrap(),
            program.to_str().unwrap(),
        ],
    );
    assert_eq!(status, SUCCESS, "{out}");
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(&victim).unwrap().permissions().mode() & 0o7777;
    assert_eq!(mode & 0o4000, 0, "{mode:o}");
    // The segment the run made went with its IPC namespace.
    assert_eq!(segments(), before);
}

#[test]
fn another_architecture_s_calls_are_refused() {
    if !have("gcc") || !cfg!(target_arch = "x86_64") {
        return;
    }
    let folder = one_case("contained-int80");
    // `int 0x80` with eax 2: the 32-bit fork, which a filter reading the
    // 64-bit numbers would let by.
    let program = folder.join("f.c");
    std::fs::write(
        &program,
        "#include <stdio.h>\nint main(void) { long r; __asm__ volatile(\"int $0x80\" : \"=a\"(r) : \"a\"(2) : \"memory\");\n\
         printf(\"16\\n\"); return 0; }\n",
    )
    .unwrap();
    let tmp = scratch("contained-int80-tmp");
    let (status, out) = run_in(
        &tmp,
        "judge",
        &[
            "game2048",
            folder.to_str().unwrap(),
            program.to_str().unwrap(),
        ],
        &[],
    );
    assert_eq!(status, FOUND, "{out}");
    assert!(out.contains("SIGSYS"), "{out}");
}

#[test]
fn a_java_solution_gets_the_heap_its_limit_allows() {
    if !have("javac") {
        return;
    }
    let folder = one_case("contained-java");
    let program = folder.join("Main.java");
    std::fs::write(
        &program,
        "public class Main { public static void main(String[] a) { int[] x = new int[50_000_000]; \
         x[7] = 16; System.out.println(x[7]); } }\n",
    )
    .unwrap();
    let (status, out) = crate::run(
        "judge",
        &[
            "game2048",
            folder.to_str().unwrap(),
            program.to_str().unwrap(),
        ],
    );
    assert_eq!(status, SUCCESS, "{out}");
}

#[test]
fn a_run_cannot_start_the_installed_commands_or_reach_a_unix_socket() {
    if contain::containment().landlock == 0 || !have("python3") {
        return;
    }
    let folder = one_case("contained-oracles");
    // `cargo install` puts the commands in ~/.cargo/bin: a run that could
    // start one would be answered by the workspace's own solver.
    let home = scratch("contained-oracles-home");
    let bin = home.join(".cargo/bin");
    std::fs::create_dir_all(&bin).unwrap();
    std::fs::copy(binary("judge"), bin.join("cargo-judge")).unwrap();
    let listener = std::os::unix::net::UnixListener::bind(folder.join("oracle.sock")).unwrap();
    let program = folder.join("ask.py");
    std::fs::write(
        &program,
        format!(
            "import os, socket, subprocess\n\
             out = []\n\
             try:\n    subprocess.run([{judge:?}, '--help'], capture_output=True); out.append('judge')\n\
             except OSError:\n    pass\n\
             try:\n    socket.socket(socket.AF_UNIX).connect({sock:?}); out.append('socket')\n\
             except OSError:\n    pass\n\
             print(16, *out)\n",
            judge = bin.join("cargo-judge").to_str().unwrap(),
            sock = folder.join("oracle.sock").to_str().unwrap(),
        ),
    )
    .unwrap();
    let output = command_in(&home, "judge")
        .args([
            "game2048",
            folder.to_str().unwrap(),
            program.to_str().unwrap(),
        ])
        .env("HOME", &home)
        .output();
    drop(listener);
    let out = output.stdout;
    assert_eq!(output.status, SUCCESS, "{out}");
}

#[test]
fn a_shell_command_reaches_no_case_by_a_link_or_a_name_on_path() {
    if contain::containment().landlock == 0 {
        return;
    }
    let folder = one_case("contained-links");
    let cases = folder.join("cases");
    std::fs::create_dir(&cases).unwrap();
    std::fs::rename(folder.join("a.in"), cases.join("a.in")).unwrap();
    std::fs::rename(folder.join("a.out"), cases.join("a.out")).unwrap();
    std::os::unix::fs::symlink("cases/a.out", folder.join("soft.txt")).unwrap();
    std::fs::hard_link(cases.join("a.out"), folder.join("hard.txt")).unwrap();
    // A command found on PATH in a `bin` folder: not an installation.
    let bin = folder.join("bin");
    std::fs::create_dir(&bin).unwrap();
    script(&bin, "peek", "cat \"$(dirname \"$0\")/../cases/a.out\"");
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    for cheat in ["cat soft.txt", "cat hard.txt", "cat cases/a.out", "peek"] {
        let output = command_in(&folder, "judge")
            .args(["game2048", cases.to_str().unwrap(), "-c", cheat])
            .env("PATH", &path)
            .output();
        let out = output.stdout;
        assert_eq!(output.status, FOUND, "{cheat}: {out}");
    }
}
