//! The runner against the machine's floor for running a program: the same
//! compiled C++ Puyo solution (and the same Python one) on the judge's
//! sample, started by a bare loop that forks, execs, pipes and waits, and by
//! the runner as `cargo judge` and `cargo stress` call it (a fresh folder, a
//! copy of the input, every limit watched, the run contained: namespaces, a
//! control group, Landlock). The ratio of the two is the runner's cost.
//! The Python groups (CPython, and PyPy where it is installed) also run
//! the runner's warm starts (`runner-warm`: forked from an interpreter
//! started once, see `runner::warm`), against the same bare loop.

use criterion::{criterion_group, criterion_main, Criterion};
use engine::runner::{self, Limits, Program};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

/// The judge's limits for a small problem: 1 s, 128 MiB, and the memory
/// limit on every file written, as solutions get them.
const LIMITS: Limits = Limits {
    time: Duration::from_secs(1),
    memory: 128 << 20,
    output: 64 << 20,
    address_space: None,
    file_size: Some(128 << 20),
};

/// The C++ solution, compiled once with the judges' optimisation.
fn compiled(dir: &Path) -> Option<PathBuf> {
    let binary = dir.join("puyo-correct");
    let source = problem_kit::files::workspace_root().join("tests/solutions/puyo/correct.cpp");
    let built = Command::new("g++")
        .args(["-O2", "-std=c++17", "-o"])
        .arg(&binary)
        .arg(source)
        .status()
        .is_ok_and(|status| status.success());
    built.then_some(binary)
}

/// Forks, execs, pipes and waits: what starting the program costs at least.
fn bare(argv: &[OsString], input: &Path) -> usize {
    let output = Command::new(&argv[0])
        .args(&argv[1..])
        .stdin(std::fs::File::open(input).unwrap())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    output.stdout.len()
}

/// The runner as the commands call it, in a fresh folder of `scratch`:
/// started warm or fresh.
fn judged(argv: &[OsString], input: &[u8], scratch: &Path, warm: bool) -> usize {
    let make = |dir: &Path| Program::solution_in(argv, dir, warm);
    let outcome = runner::run_fresh(make, input, scratch, &LIMITS).unwrap();
    assert!(outcome.stopped.is_none(), "{outcome:?}");
    outcome.stdout.len()
}

fn group(c: &mut Criterion, name: &str, argv: Vec<OsString>, scratch: &Path, warm: bool) {
    let input_path = problem_kit::files::workspace_root().join("inputs/puyo/sample-1.in");
    let input = std::fs::read(&input_path).unwrap();
    assert_eq!(bare(&argv, &input_path), 2, "the solution answers 1");
    let mut group = c.benchmark_group(format!("runner/{name}"));
    group.bench_function("bare-fork-exec-wait", |b| {
        b.iter(|| bare(&argv, &input_path))
    });
    // The runs are made on a thread dedicated to them, as the commands'
    // jobs make them (other threads' runs each get a control group made
    // for them: see `runner::dedicate_thread`); a channel's round trip,
    // some microseconds, is the cost of the handing over.
    let (ask, asked) = std::sync::mpsc::channel::<bool>();
    let (tell, told) = std::sync::mpsc::channel::<usize>();
    std::thread::scope(|threads| {
        threads.spawn(|| {
            engine::runner::dedicate_thread();
            for warm in asked {
                tell.send(judged(&argv, &input, scratch, warm)).unwrap();
            }
        });
        group.bench_function("runner", |b| {
            b.iter(|| {
                ask.send(false).unwrap();
                told.recv().unwrap()
            })
        });
        if warm && runner::warm::available() {
            let before = runner::warm::runs_started();
            let mut asked = false;
            group.bench_function("runner-warm", |b| {
                b.iter(|| {
                    asked = true;
                    ask.send(true).unwrap();
                    told.recv().unwrap()
                })
            });
            // Unless a filter left the benchmark out, its runs were warm.
            assert!(
                !asked || runner::warm::runs_started() > before,
                "no run started warm"
            );
        }
        drop(ask);
    });
    group.finish();
}

fn runs(c: &mut Criterion) {
    // Each run is held as the machine allows (`runner::contain`): the
    // figures are those of the containment `cargo judge --check-toolchains`
    // reports.
    eprintln!("{:?}", runner::contain::containment());
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("runner-bench");
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(&scratch).unwrap();
    match compiled(&scratch) {
        Some(binary) => group(c, "cpp", vec![binary.into_os_string()], &scratch, false),
        None => eprintln!("g++ is not installed: the C++ group is skipped"),
    }
    let python = problem_kit::files::workspace_root().join("tests/solutions/puyo/correct.py");
    // The interpreter the commands start: the real one, where `python3` on
    // the PATH is a version manager's shim.
    let python3 = engine::toolchain::shim::resolved(
        "python3".as_ref(),
        engine::toolchain::Language::Python.row(),
    );
    // The run line the commands use (see `toolchain::language`).
    let line = |interpreter: OsString| {
        let flags = ["-B", "-W", "ignore"].map(OsString::from);
        let mut argv = vec![interpreter];
        argv.extend(flags);
        argv.push(python.clone().into_os_string());
        argv
    };
    group(c, "python", line(python3), &scratch, true);
    if Command::new("pypy3").arg("--version").output().is_ok() {
        let pypy3 = engine::toolchain::shim::resolved(
            "pypy3".as_ref(),
            engine::toolchain::Language::PyPy.row(),
        );
        group(c, "pypy3", line(pypy3), &scratch, true);
    } else {
        eprintln!("pypy3 is not installed: the PyPy group is skipped");
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(Duration::from_secs(8));
    targets = runs
}
criterion_main!(benches);
