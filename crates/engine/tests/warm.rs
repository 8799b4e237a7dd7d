//! Warm starts are indistinguishable from fresh ones: each program here is
//! run both ways on the same input, and what it shows of itself (its
//! names, its input, its exits, its stack, its randomness, its modules,
//! its descriptors, its reach, its verdicts) must be the same.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::Duration;

use engine::runner::{run_fresh, warm, Ending, Limits, Outcome, Program, Stop};

mod support;

use support::{assert_none_left, have, scratch};

/// The tests' limits, with every file held to the memory limit, as the
/// commands hold a solution's.
fn limits(time_ms: u64, memory_mib: u64) -> Limits {
    Limits {
        file_size: Some(memory_mib << 20),
        ..support::limits(time_ms, memory_mib)
    }
}

/// The interpreter itself (not a version manager's shim), as the
/// workspace runs it; `None` when there is none.
fn python() -> Option<PathBuf> {
    if !have("python3") {
        return None;
    }
    let out = std::process::Command::new("python3")
        .args(["-c", "import sys; print(sys.executable)"])
        .output()
        .ok()?;
    Some(PathBuf::from(String::from_utf8(out.stdout).ok()?.trim()))
}

/// A solution written as `Main.py` in a build folder of its own, and the
/// scratch folder its runs' folders go in.
struct Solution {
    argv: Vec<OsString>,
    runs: PathBuf,
}

impl Solution {
    fn new(name: &str, source: &str) -> Option<Solution> {
        Solution::with_flags(name, source, &["-B", "-W", "ignore"])
    }

    /// The same, run with the interpreter's flags `flags`.
    fn with_flags(name: &str, source: &str, flags: &[&str]) -> Option<Solution> {
        let python = python()?;
        let dir = scratch(&format!("warm-{name}"));
        let build = dir.join("build");
        let runs = dir.join("runs");
        std::fs::create_dir_all(&build).unwrap();
        std::fs::create_dir_all(&runs).unwrap();
        let script = build.join("Main.py");
        std::fs::write(&script, source).unwrap();
        let argv = std::iter::once(python.into_os_string())
            .chain(flags.iter().map(OsString::from))
            .chain([script.into_os_string()])
            .collect();
        Some(Solution { argv, runs })
    }

    fn program(&self, folder: &Path, warm: bool) -> Program<'static> {
        Program::solution_in(&self.argv, folder, warm)
    }

    /// `count` warm runs on `input`, on a thread dedicated to runs, as the
    /// commands' jobs are; each checked to have started warm where the
    /// machine can.
    fn warm(&self, input: &str, limits: &Limits, count: usize) -> Vec<Outcome> {
        std::thread::scope(|scope| {
            scope
                .spawn(|| {
                    engine::runner::dedicate_thread();
                    (0..count)
                        .map(|_| {
                            let before = warm::runs_started();
                            let outcome = run_fresh(
                                |folder| self.program(folder, true),
                                input.as_bytes(),
                                &self.runs,
                                limits,
                            )
                            .expect("the run starts");
                            if warm::available() {
                                assert!(warm::runs_started() > before, "not warm: {outcome:?}");
                            }
                            outcome
                        })
                        .collect()
                })
                .join()
                .unwrap()
        })
    }

    fn cold(&self, input: &str, limits: &Limits) -> Outcome {
        run_fresh(
            |folder| self.program(folder, false),
            input.as_bytes(),
            &self.runs,
            limits,
        )
        .expect("the run starts")
    }

    /// One warm run and one cold, which must show the same.
    fn same(&self, input: &str, limits: &Limits) -> Outcome {
        let warm = self.warm(input, limits, 1).remove(0);
        let cold = self.cold(input, limits);
        assert_eq!(
            (
                text(&warm.stdout),
                text(&warm.stderr),
                warm.ending,
                warm.stopped
            ),
            (
                text(&cold.stdout),
                text(&cold.stderr),
                cold.ending,
                cold.stopped
            ),
            "warm, then cold"
        );
        warm
    }
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_warm_run_has_the_names_and_arguments_of_a_fresh_start() {
    let Some(solution) = Solution::new(
        "names",
        "import sys, os\n\
         print(__name__, __file__ == sys.argv[0], len(sys.argv))\n\
         print(sys.orig_argv[1:4], sys.orig_argv[-1] == __file__)\n\
         print(sys.path[0] == os.path.dirname(__file__), os.getcwd() == os.environ['TMPDIR'])\n\
         print(__spec__, __package__, __doc__, type(__loader__).__name__, __cached__)\n\
         print(sorted(k for k in globals()))\n\
         print(sys.flags.dont_write_bytecode, sys.warnoptions)\n",
    ) else {
        return;
    };
    let outcome = solution.same("", &limits(10_000, 256));
    let out = text(&outcome.stdout);
    assert!(
        out.starts_with("__main__ True 1\n['-B', '-W', 'ignore'] True\nTrue True\n"),
        "{out}"
    );
}

#[test]
fn a_warm_run_reads_its_input_by_every_route() {
    let routes = [
        "print(input()); print(input())",
        "import sys; print(sys.stdin.readline(), end=''); print(sys.stdin.readline(), end='')",
        "import sys; print(sys.stdin.buffer.read().decode(), end='')",
        "print(open(0).read(), end='')",
        "import os; print(os.read(0, 100).decode(), end='')",
        "import sys; print(sys.stdin.read(), sys.stdin.seekable(), sys.stdin.tell())",
        "import sys; print([line.split() for line in sys.stdin])",
    ];
    for (k, route) in routes.iter().enumerate() {
        let Some(solution) = Solution::new(&format!("input-{k}"), route) else {
            return;
        };
        let outcome = solution.same("3 4\nfive\n", &limits(10_000, 256));
        assert!(
            text(&outcome.stdout).contains("five"),
            "{route}: {outcome:?}"
        );
    }
}

#[test]
fn a_warm_run_flushes_its_output_and_gives_its_status_at_every_kind_of_exit() {
    let exits = [
        ("end", "print('a', end='')", Ending::Exited(0)),
        (
            "sys-exit",
            "import sys; print('a', end=''); sys.exit(3)",
            Ending::Exited(3),
        ),
        ("exit", "print('a', end=''); exit()", Ending::Exited(0)),
        (
            "message",
            "import sys; print('a'); sys.exit('bad')",
            Ending::Exited(1),
        ),
        (
            "atexit",
            "import atexit; atexit.register(lambda: print('bye')); print('a', end='')",
            Ending::Exited(0),
        ),
        (
            "raise",
            "def f():\n    raise ValueError('x')\nprint('a', end='')\nf()\n",
            Ending::Exited(1),
        ),
        (
            "thread",
            "import threading, time\n\
             def later():\n    time.sleep(0.05); print('late')\n\
             threading.Thread(target=later).start(); print('a')\n",
            Ending::Exited(0),
        ),
        (
            "closed",
            "import sys; print('a'); sys.stdout.close()",
            Ending::Exited(0),
        ),
        // A writer of its own, flushed only when the interpreter ends.
        (
            "own-writer",
            "w = open(1, 'w').write\nw('a')\n",
            Ending::Exited(0),
        ),
        (
            "os-open",
            "import os, sys\nos.open('x', os.O_WRONLY | os.O_CREAT)\nprint('a')\nsys.exit(4)\n",
            Ending::Exited(4),
        ),
    ];
    for (name, source, ending) in exits {
        let Some(solution) = Solution::new(&format!("exit-{name}"), source) else {
            return;
        };
        let outcome = solution.same("", &limits(10_000, 256));
        assert_eq!(outcome.ending, ending, "{name}: {outcome:?}");
        assert!(
            text(&outcome.stdout).starts_with('a'),
            "{name}: {outcome:?}"
        );
    }
}

#[test]
fn a_warm_run_writes_its_output_in_the_order_and_buffering_of_a_fresh_start() {
    let sources = [
        // Unbuffered (`-u`, as PYTHONUNBUFFERED), its writes interleave.
        ("unbuffered", "print('a', end='')\nimport os\nos.write(1, b'B')\nprint('c')\n", true),
        ("buffered", "print('a', end='')\nimport os\nos.write(1, b'B')\nprint('c')\n", false),
        ("unbuffered-exit", "print(3)\nimport os\nos._exit(0)\n", true),
        // What the first stdout holds is written when it is replaced.
        ("replaced", "print(3)\nimport sys, io\nsys.stdout = io.StringIO()\n", false),
        ("none", "print(3)\nimport sys\nsys.stdout = None\n", false),
        // A generator's `finally` runs when the ending tears it down.
        (
            "torn-down",
            "def g():\n    try:\n        yield 1\n    finally:\n        print('fin')\nx = g()\nnext(x)\nprint(1)\n",
            false,
        ),
    ];
    for (name, source, unbuffered) in sources {
        let flags: &[&str] = match unbuffered {
            true => &["-u", "-B", "-W", "ignore"],
            false => &["-B", "-W", "ignore"],
        };
        let Some(solution) = Solution::with_flags(&format!("order-{name}"), source, flags) else {
            return;
        };
        let outcome = solution.same("", &limits(10_000, 256));
        assert!(!outcome.stdout.is_empty(), "{name}: {outcome:?}");
    }
}

#[test]
fn a_warm_run_recurses_as_deep_as_a_fresh_start() {
    let Some(solution) = Solution::new(
        "recursion",
        "import sys, threading\n\
         sys.setrecursionlimit(10**6)\n\
         def depth(n):\n    return 0 if n == 0 else 1 + depth(n - 1)\n\
         print(depth(100000))\n\
         threading.stack_size(512 << 20)\n\
         t = threading.Thread(target=lambda: print(depth(200000)))\n\
         t.start(); t.join()\n",
    ) else {
        return;
    };
    let outcome = solution.same("", &limits(20_000, 1024));
    assert_eq!(text(&outcome.stdout), "100000\n200000\n", "{outcome:?}");
}

#[test]
fn each_warm_run_draws_its_own_randomness() {
    let Some(solution) = Solution::new(
        "random",
        "import random, os\nprint(random.random(), os.urandom(8).hex())\n",
    ) else {
        return;
    };
    let outcomes = solution.warm("", &limits(10_000, 256), 4);
    let mut seen: Vec<String> = outcomes.iter().map(|o| text(&o.stdout)).collect();
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), 4, "{seen:?}");
}

#[test]
fn a_warm_run_holds_the_modules_of_a_fresh_start_and_imports_its_own() {
    let Some(solution) = Solution::new(
        "modules",
        "import sys\n\
         print(sorted(m for m in sys.modules if m != 'time'))\n\
         import json, heapq, itertools\n\
         print(json.dumps([1]), heapq.nsmallest(1, [2, 1]))\n",
    ) else {
        return;
    };
    let outcome = solution.same("", &limits(10_000, 256));
    for module in ["ctypes", "_socket", "resource"] {
        assert!(
            !text(&outcome.stdout).contains(&format!("'{module}'")),
            "{outcome:?}"
        );
    }
}

#[test]
fn a_warm_run_has_descriptors_0_1_and_2_alone() {
    let Some(solution) = Solution::new(
        "descriptors",
        "import os\nprint(sorted(int(fd) for fd in os.listdir('/proc/self/fd'))[:3], len(os.listdir('/proc/self/fd')))\n",
    ) else {
        return;
    };
    let outcome = solution.same("", &limits(10_000, 256));
    assert_eq!(text(&outcome.stdout), "[0, 1, 2] 4\n", "{outcome:?}");
}

#[test]
fn a_warm_run_gets_the_verdicts_of_a_fresh_start() {
    let cases = [
        (
            "memory",
            "x = bytearray(300 << 20)\nx[::4096] = b'1' * len(x[::4096])\n",
            Stop::Memory,
        ),
        ("time", "while True:\n    pass\n", Stop::Time),
        (
            "output",
            "import sys\nsys.stdout.write('x' * (4 << 20))\n",
            Stop::Output,
        ),
    ];
    for (name, source, stop) in cases {
        let Some(solution) = Solution::new(&format!("verdict-{name}"), source) else {
            return;
        };
        let limits = limits(1000, 128);
        let warm = solution.warm("", &limits, 1).remove(0);
        let cold = solution.cold("", &limits);
        assert_eq!(warm.stopped, Some(stop), "{name} warm: {warm:?}");
        assert_eq!(cold.stopped, Some(stop), "{name} cold: {cold:?}");
    }
}

#[test]
fn a_warm_run_reaches_only_its_own_folder_and_cannot_signal_its_server() {
    let Some(solution) = Solution::new(
        "reach",
        "import os\n\
         for path in ['../beside', '../../build/Main.py.out']:\n\
         \x20   try:\n        open(path, 'w').write('x'); print('wrote', path)\n\
         \x20   except OSError as e:\n        print('refused', type(e).__name__)\n\
         open('mine', 'w').write('x'); print('own folder')\n\
         try:\n    os.kill(os.getppid(), 9); print('signalled')\n\
         except OSError as e:\n    print('refused', type(e).__name__)\n",
    ) else {
        return;
    };
    let outcomes = solution.warm("", &limits(10_000, 256), 2);
    for outcome in &outcomes {
        let out = text(&outcome.stdout);
        assert!(
            !out.contains("wrote") && out.contains("own folder"),
            "{outcome:?}"
        );
        if engine::runner::landlock::version() >= 6 {
            assert!(!out.contains("signalled"), "{outcome:?}");
        }
    }
    assert!(!solution.runs.join("beside").exists());
}

#[test]
fn every_process_of_a_warm_run_ends_with_it() {
    let mark = format!("40.{}", std::process::id());
    let Some(solution) = Solution::new(
        "processes",
        &format!(
            "import subprocess\n\
             subprocess.Popen(['sleep', '{mark}'], start_new_session=True)\n\
             subprocess.Popen(['sh', '-c', '(sleep {mark} &)'])\n\
             print('started')\n"
        ),
    ) else {
        return;
    };
    let outcomes = solution.warm("", &limits(10_000, 256), 2);
    assert!(
        outcomes.iter().all(|o| o.stdout == b"started\n"),
        "{outcomes:?}"
    );
    assert_none_left(&format!("sleep {mark}"));
}

#[test]
fn a_spinning_child_ends_with_its_warm_run() {
    let mark = format!("40.spin.{}", std::process::id());
    let Some(solution) = Solution::new(
        "spinning",
        &format!(
            "import os, sys\n\
             if os.fork() == 0:\n    os.execvp('sh', ['sh', '-c', 'while :; do :; done # {mark}'])\n\
             print('parent done')\n"
        ),
    ) else {
        return;
    };
    let outcomes = solution.warm("", &limits(5000, 256), 2);
    assert!(
        outcomes.iter().all(|o| o.stdout == b"parent done\n"),
        "{outcomes:?}"
    );
    assert_none_left(&mark);
}

#[test]
fn the_time_of_children_the_kernel_reaped_is_counted_in_a_warm_run() {
    // Three children, each burning 0.3 s of its own processor time, reaped
    // by the kernel (SIGCHLD ignored): at least 0.9 s whatever the
    // machine's speed.
    let Some(solution) = Solution::new(
        "reaped",
        "import os, signal, time\n\
         signal.signal(signal.SIGCHLD, signal.SIG_IGN)\n\
         for _ in range(3):\n\
         \x20   if os.fork() == 0:\n\
         \x20       while time.process_time() < 0.3:\n            pass\n\
         \x20       os._exit(0)\n\
         while True:\n\
         \x20   try:\n        os.wait()\n\
         \x20   except ChildProcessError:\n        break\n\
         print('done')\n",
    ) else {
        return;
    };
    let warm = solution.warm("", &limits(20_000, 256), 1).remove(0);
    assert_eq!(warm.stdout, b"done\n", "{warm:?}");
    assert!(warm.cpu >= Duration::from_millis(900), "{warm:?}");
}

#[test]
fn a_server_that_cannot_start_leaves_its_runs_to_fresh_starts_and_says_why() {
    // A file that does not compile: the server cannot make its code, so
    // the run starts fresh, and says what a fresh start says.
    let Some(solution) = Solution::new("unstartable", "def broken(:\n    pass\n") else {
        return;
    };
    if !warm::available() {
        return;
    }
    let limits = limits(10_000, 256);
    let warm_outcome = std::thread::scope(|scope| {
        scope
            .spawn(|| {
                engine::runner::dedicate_thread();
                run_fresh(
                    |folder| solution.program(folder, true),
                    b"",
                    &solution.runs,
                    &limits,
                )
                .unwrap()
            })
            .join()
            .unwrap()
    });
    let cold = solution.cold("", &limits);
    assert_eq!(warm_outcome.ending, Ending::Exited(1), "{warm_outcome:?}");
    assert_eq!(text(&warm_outcome.stderr), text(&cold.stderr));
    assert!(
        text(&warm_outcome.stderr).contains("SyntaxError"),
        "{warm_outcome:?}"
    );
    let why = warm::fell_back_why().expect("the fallback is told");
    assert!(why.contains("could not be started warm"), "{why}");
}
