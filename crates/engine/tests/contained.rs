//! What the kernel's containment of a run guarantees, each shown by a
//! hostile program that got past the runner when it watched processes from
//! outside: a helper that escapes with an emptied environment, a zombie
//! left to the runner, threads past the task cap, and descriptors the
//! command inherited.

use std::ffi::OsString;
use std::os::fd::AsRawFd;
use std::time::Duration;

use engine::runner::{contain, run, Access, Limits, Outcome, Program, Stop};

mod support;

use support::{assert_none_left, have, limits, scratch};

/// Runs `argv` on an empty input in a folder of its own.
fn command(name: &str, argv: &[&str], limits: &Limits) -> Outcome {
    let dir = scratch(&format!("contained-{name}"));
    let input = dir.join("in");
    std::fs::write(&input, "").unwrap();
    let program = Program::Command {
        argv: argv.iter().map(OsString::from).collect(),
        dir: dir.clone(),
        access: Access::Tool,
    };
    run(&program, &input, limits).expect("the program runs")
}

#[test]
fn a_helper_with_an_emptied_environment_ends_with_its_run() {
    if !contain::containment().namespaces {
        return;
    }
    // A new session, no environment, the parent gone: nothing outside the
    // kernel ties it to the run, and it must be gone when `run` returns,
    // not when the command ends.
    let mark = format!("31.{}", std::process::id());
    let outcome = command(
        "escape",
        &[
            "sh",
            "-c",
            &format!("(setsid env -i sleep {mark} &); sleep 0.2; echo 16"),
        ],
        &limits(5000, 256),
    );
    assert_eq!(outcome.stdout, b"16\n", "{outcome:?}");
    assert!(support::processes_with(&format!("sleep {mark}")).is_empty());
    assert_none_left(&format!("sleep {mark}"));
}

/// The children of this process that are zombies named `name`.
fn zombie_children_named(name: &str) -> usize {
    let me = std::process::id();
    let mut found = 0;
    for task in std::fs::read_dir(format!("/proc/{me}/task"))
        .unwrap()
        .flatten()
    {
        let children = std::fs::read_to_string(task.path().join("children")).unwrap_or_default();
        for child in children.split_whitespace() {
            let stat = std::fs::read_to_string(format!("/proc/{child}/stat")).unwrap_or_default();
            if stat.contains(&format!("({name}) Z")) {
                found += 1;
            }
        }
    }
    found
}

#[test]
fn an_orphan_of_the_run_is_never_left_a_zombie_of_the_runner() {
    if !contain::containment().namespaces {
        return;
    }
    // A helper in a session of its own, with an emptied environment, that
    // ends at once after its parent: an orphan, reaped by no one the
    // runner knows of. A name of this test's own finds it.
    let dir = scratch("contained-zombie-program");
    let name = format!("zmb{}", std::process::id() % 100_000);
    let helper = dir.join(&name);
    std::fs::copy("/bin/true", &helper).unwrap();
    let script = format!("(setsid env -i {} &); sleep 0.2", helper.display());
    for _ in 0..3 {
        command("zombie", &["sh", "-c", &script], &limits(5000, 256));
    }
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(zombie_children_named(&name), 0);
}

#[test]
fn threads_count_against_the_task_cap() {
    if contain::containment().cgroup.is_none() || !have("python3") {
        return;
    }
    let program = "import threading, time\n\
                   for _ in range(3000):\n    \
                   threading.Thread(target=time.sleep, args=(5,), daemon=True).start()\n\
                   print('started')\n";
    let outcome = command(
        "threads",
        &["python3", "-c", program],
        &limits(20_000, 1024),
    );
    assert_eq!(outcome.stopped, Some(Stop::Processes), "{outcome:?}");
}

#[test]
fn a_run_gets_descriptors_0_1_and_2_alone() {
    // A descriptor this process holds without close-on-exec, as a shell
    // hands its children: the run must not get it.
    let file = std::fs::File::open("/dev/null").unwrap();
    let inherited = 777;
    // SAFETY: dup2 onto a number no other test uses; dup2 leaves the copy
    // without close-on-exec.
    assert_eq!(
        unsafe { libc::dup2(file.as_raw_fd(), inherited) },
        inherited
    );
    let outcome = command(
        "descriptors",
        &[
            "sh",
            "-c",
            &format!("if [ -e /proc/self/fd/{inherited} ]; then echo open; else echo closed; fi"),
        ],
        &limits(5000, 256),
    );
    // SAFETY: closes the copy made above.
    unsafe { libc::close(inherited) };
    assert_eq!(outcome.stdout, b"closed\n", "{outcome:?}");
}

#[test]
fn runs_on_a_thread_dedicated_to_them_are_counted_each_on_its_own() {
    if contain::containment().cgroup.is_none() {
        return;
    }
    // A dedicated thread's runs share the control group the thread joined:
    // each must still be counted alone, and leave nothing to the next.
    let mark = format!("39.{}", std::process::id());
    let (heavy, light) = std::thread::spawn(move || {
        engine::runner::dedicate_thread();
        let heavy = command(
            "dedicated-heavy",
            &[
                "sh",
                "-c",
                &format!(
                    "(setsid sleep {mark} &); head -c 100000000 /dev/zero | tail -c 100000000 >/dev/null; \
                     i=0; while [ $i -lt 100000 ]; do i=$((i+1)); done; echo 1"
                ),
            ],
            &limits(20_000, 512),
        );
        assert_none_left(&format!("sleep {mark}"));
        let light = command("dedicated-light", &["sh", "-c", "echo 2"], &limits(20_000, 512));
        (heavy, light)
    })
    .join()
    .unwrap();
    assert_eq!(heavy.stdout, b"1\n", "{heavy:?}");
    assert_eq!(light.stdout, b"2\n", "{light:?}");
    assert!(heavy.peak_memory > 90 << 20, "{heavy:?}");
    assert!(light.peak_memory < 40 << 20, "{light:?}");
    assert!(light.cpu * 4 < heavy.cpu, "{heavy:?} {light:?}");
}
