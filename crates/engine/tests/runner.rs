//! The runner with hostile programs (spinning children, floods, memory
//! hogs, sleepers, signals, forks): each run ends in time, is judged by what
//! it did, and leaves no process behind.

use std::ffi::OsString;
use std::time::{Duration, Instant};

use engine::runner::{run, Access, Ending, Limits, Outcome, Program, Stop};

mod support;

use support::{assert_none_left, have, limits, scratch, token};

/// Runs `sh -c script` on an empty input, in a folder of this run's own:
/// the tests run side by side, and a folder shared between them would be
/// made afresh under another's run.
fn shell(script: &str, limits: &Limits) -> Outcome {
    static RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let run_number = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = scratch(&format!("runner-{run_number}"));
    let input = dir.join("in");
    std::fs::write(&input, "").unwrap();
    let program = Program::Command {
        argv: vec![
            OsString::from("sh"),
            OsString::from("-c"),
            OsString::from(script),
        ],
        dir: dir.clone(),
        access: Access::Tool,
    };
    run(&program, &input, limits).expect("the shell runs")
}

#[test]
fn a_wrapper_whose_child_spins_is_stopped_and_its_child_killed() {
    let mark = token("spin");
    let started = Instant::now();
    let outcome = shell(
        &format!("sh -c 'while :; do :; done; : {mark}'; echo never"),
        &limits(1000, 256),
    );
    assert_eq!(outcome.stopped, Some(Stop::Time));
    // Stopped once its processor time passed the limit: soon on an idle
    // machine, later on a busy one, which gives the spinner less of a
    // processor (the hang guard then waits too, at most ten times).
    assert!(outcome.cpu > Duration::from_millis(1000), "{outcome:?}");
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
    assert_none_left(&mark);
}

#[test]
fn a_child_that_keeps_stdout_open_does_not_hold_the_run() {
    let mark = token("open");
    let started = Instant::now();
    let outcome = shell(
        &format!("(sleep 30; : {mark}) & echo 16"),
        &limits(5000, 256),
    );
    assert_eq!(outcome.ending, Ending::Exited(0));
    assert_eq!(outcome.stdout, b"16\n");
    // Not held by the child's 30 s, whatever the machine's load.
    assert!(
        started.elapsed() < Duration::from_secs(15),
        "{:?}",
        started.elapsed()
    );
    assert!(outcome.stragglers >= 1, "{outcome:?}");
    assert_none_left(&mark);
}

#[test]
fn a_detached_child_in_a_session_of_its_own_is_killed_too() {
    let mark = token("detached");
    // setsid: a new session and process group; the output redirected so
    // that nothing holds the pipes.
    let outcome = shell(
        &format!("setsid sh -c 'sleep 30; : {mark}' > /dev/null 2>&1 < /dev/null & echo 16"),
        &limits(5000, 256),
    );
    assert_eq!(outcome.stdout, b"16\n");
    assert_none_left(&mark);
}

#[test]
fn a_flood_of_output_is_stopped_at_the_limit() {
    let outcome = shell("exec yes 16", &limits(5000, 256));
    assert_eq!(outcome.stopped, Some(Stop::Output));
    assert_eq!(outcome.stdout.len(), 1 << 20);
}

#[test]
fn an_allocation_loop_is_stopped_near_the_memory_limit() {
    if !have("python3") {
        return;
    }
    let started = Instant::now();
    let outcome = shell(
        "exec python3 -c 'a = []\nwhile True: a.append(bytearray(1 << 20))'",
        &limits(20_000, 64),
    );
    assert_eq!(outcome.stopped, Some(Stop::Memory), "{outcome:?}");
    // Stopped near the limit, not after taking the machine.
    assert!(outcome.peak_memory < 400 << 20, "{}", outcome.peak_memory);
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[test]
fn a_sleeper_is_stopped_by_the_wall_clocks_guard() {
    let started = Instant::now();
    let outcome = shell("sleep 30", &limits(300, 256));
    assert_eq!(outcome.stopped, Some(Stop::Time));
    assert!(outcome.wall >= Duration::from_millis(300));
    assert!(
        outcome.cpu < Duration::from_millis(100),
        "{:?}",
        outcome.cpu
    );
    // The guard: the limit and a second, put off only by the time the
    // run waited for a processor; never the sleep's 30 s.
    assert!(outcome.wall >= Duration::from_millis(1300));
    assert!(
        started.elapsed() < Duration::from_secs(15),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn a_signal_and_the_end_of_stderr_are_kept() {
    let outcome = shell(
        "i=0; while [ $i -lt 3000 ]; do echo \"line $i\" >&2; i=$((i+1)); done; echo 'the real error' >&2; kill -SEGV $$",
        &limits(5000, 256),
    );
    assert_eq!(outcome.ending, Ending::Signalled(11));
    assert!(engine::runner::signal_name(11).starts_with("SIGSEGV"));
    let stderr = String::from_utf8_lossy(&outcome.stderr);
    assert!(stderr.ends_with("the real error\n"), "{stderr}");
    assert!(outcome.stderr_cut);
    assert!(outcome.stderr.len() <= engine::runner::STDERR_TAIL);
}

#[test]
fn a_fork_bomb_is_stopped_and_cleaned_up() {
    // Sleepers of a length no other test uses, to find them by.
    let mark = format!("29.{}", std::process::id());
    let outcome = shell(
        &format!("for i in $(seq 1 200); do sleep {mark} & done; wait"),
        &limits(10_000, 4096),
    );
    assert_eq!(outcome.stopped, Some(Stop::Processes), "{outcome:?}");
    assert_none_left(&format!("sleep {mark}"));
}

#[test]
fn a_function_runs_forked_with_the_same_limits() {
    let dir = scratch("function");
    let input = dir.join("in");
    std::fs::write(&input, "21\n").unwrap();
    let double = |stdin: &mut dyn std::io::Read,
                  stdout: &mut dyn std::io::Write,
                  _: &mut dyn std::io::Write| {
        let mut text = String::new();
        stdin.read_to_string(&mut text).unwrap();
        let n: u64 = text.trim().parse().unwrap();
        writeln!(stdout, "{}", 2 * n).unwrap();
        0
    };
    let outcome = run(&Program::Function(&double), &input, &limits(1000, 256)).unwrap();
    assert_eq!(outcome.ending, Ending::Exited(0));
    assert_eq!(outcome.stdout, b"42\n");
    let spin =
        |_: &mut dyn std::io::Read, _: &mut dyn std::io::Write, _: &mut dyn std::io::Write| loop {
            std::hint::spin_loop();
        };
    let outcome = run(&Program::Function(&spin), &input, &limits(200, 256)).unwrap();
    assert_eq!(outcome.stopped, Some(Stop::Time));
    let panics = |_: &mut dyn std::io::Read,
                  _: &mut dyn std::io::Write,
                  _: &mut dyn std::io::Write|
     -> u8 { panic!("planted") };
    let outcome = run(&Program::Function(&panics), &input, &limits(1000, 256)).unwrap();
    assert_eq!(outcome.ending, Ending::Exited(101));
    assert!(String::from_utf8_lossy(&outcome.stderr).contains("planted"));
    // An address-space cap makes a large allocation fail in the fork.
    let hog =
        |_: &mut dyn std::io::Read, stdout: &mut dyn std::io::Write, _: &mut dyn std::io::Write| {
            let mut big: Vec<u8> = Vec::new();
            let ok = big.try_reserve_exact(1 << 30).is_ok();
            writeln!(stdout, "{ok}").unwrap();
            0
        };
    let mut capped = limits(1000, 4096);
    capped.address_space = Some(256 << 20);
    let outcome = run(&Program::Function(&hog), &input, &capped).unwrap();
    assert_eq!(outcome.stdout, b"false\n");
}

/// Processes that spin on processor 0 until dropped: a busy machine.
struct Hogs(Vec<std::process::Child>);

impl Drop for Hogs {
    fn drop(&mut self) {
        for hog in &mut self.0 {
            let _ = hog.kill();
            let _ = hog.wait();
        }
    }
}

#[test]
fn a_busy_machine_does_not_make_a_correct_run_a_hang() {
    if !std::process::Command::new("taskset")
        .args(["-c", "0", "true"])
        .status()
        .is_ok_and(|s| s.success())
    {
        assert!(
            std::env::var_os("GRID_GAMES_REQUIRE_TOOLCHAINS").is_none(),
            "taskset (util-linux) is required (GRID_GAMES_REQUIRE_TOOLCHAINS is set)"
        );
        eprintln!("note: taskset (util-linux) is missing; skipping the busy-machine test");
        return;
    }
    // A loop of some hundreds of milliseconds of processor time, on
    // processor 0.
    let script =
        "exec taskset -c 0 sh -c 'i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done; echo done'";
    let alone = shell(script, &limits(20_000, 256));
    assert_eq!(alone.stdout, b"done\n", "{alone:?}");
    // A limit of twice that: the hang guard is at the limit plus a second
    // or the limit again, whichever is more.
    let limit = (alone.cpu * 2).max(Duration::from_millis(200));
    let guard = limit + limit.max(Duration::from_secs(1));
    // Enough spinners on the same processor that the loop's wall clock
    // runs past the guard: it gets a share of the processor each.
    let share = guard.as_secs_f64() / alone.cpu.as_secs_f64();
    let hogs = Hogs(
        (0..(share.ceil() as usize + 2).min(40))
            .map(|_| {
                std::process::Command::new("taskset")
                    .args(["-c", "0", "sh", "-c", "while :; do :; done"])
                    .spawn()
                    .unwrap()
            })
            .collect(),
    );
    let busy = shell(script, &limits(limit.as_millis() as u64, 256));
    // A sleeper on the same busy machine waits for no processor: it is
    // still stopped at the guard.
    let started = Instant::now();
    let sleeper = shell("exec taskset -c 0 sleep 30", &limits(300, 256));
    drop(hogs);
    assert_eq!(sleeper.stopped, Some(Stop::Time));
    assert!(started.elapsed() < Duration::from_secs(5));
    assert_eq!(busy.stopped, None, "{busy:?}");
    assert_eq!(busy.stdout, b"done\n", "{busy:?}");
    assert!(
        busy.wall > guard,
        "the machine was not busy enough: {busy:?}"
    );
    assert!(busy.cpu < limit, "{busy:?}");
}

#[test]
fn processor_time_is_counted_across_the_run_and_stops_it() {
    // Children it never waits for spin while the main process sleeps: the
    // time they use is the run's, and the run is stopped once past its
    // limit, long before the hang guard.
    let mark = token("spinners");
    let started = Instant::now();
    let outcome = shell(
        &format!("(while :; do :; done; : {mark}) & (while :; do :; done; : {mark}) & sleep 30"),
        &limits(300, 256),
    );
    assert_eq!(outcome.stopped, Some(Stop::Time), "{outcome:?}");
    // Stopped for its processor time: the guard, which leaves out the
    // wait for a processor, would have stopped it short of its limit.
    assert!(outcome.cpu > Duration::from_millis(300), "{outcome:?}");
    // Long before its sleep ends, however busy the machine: a bound in
    // milliseconds failed when other builds kept the watch waiting.
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "the run was waited out: {outcome:?}"
    );
    assert_none_left(&mark);
}
