//! A shrink's candidates run on job threads dedicated to runs, which live
//! as long as the shrink: a Python solution's candidates start warm. (A
//! test binary of its own: it counts the process's warm runs.)

use std::ffi::OsString;
use std::time::Duration;

use engine::runner::{run_fresh, warm, Program};
use engine::shrink::{shrink, Judged};

mod support;

use support::{have, scratch};

#[test]
fn a_python_solutions_candidates_start_warm() {
    if !have("python3") || !warm::available() {
        eprintln!("python3, or a control group for warm runs, is missing: skipped");
        return;
    }
    let dir = scratch("shrink-warm");
    let (build, runs) = (dir.join("build"), dir.join("runs"));
    std::fs::create_dir_all(&build).unwrap();
    std::fs::create_dir_all(&runs).unwrap();
    // Says whether the board holds a 32.
    let script = build.join("Main.py");
    std::fs::write(
        &script,
        "import sys\nprint('yes' if '32' in sys.stdin.read().split()[1:] else 'no')\n",
    )
    .unwrap();
    let argv: Vec<OsString> = vec!["python3".into(), "-B".into(), script.into()];
    let limits = support::limits(10_000, 256);
    let judge = |candidate: &[u8]| {
        let program = |folder: &std::path::Path| Program::solution_in(&argv, folder, true);
        let outcome = run_fresh(program, candidate, &runs, &limits).expect("the run starts");
        (Judged::from(outcome.stdout == b"yes\n"), outcome.cpu)
    };
    let problem = registry::find("game2048").unwrap();
    let valid = |input: &[u8]| problem.validate(input).is_ok();
    for jobs in [1, 2] {
        let before = warm::runs_started();
        let input = b"3\n2 4 8\n16 32 2\n4 4 4\n".to_vec();
        let shrunk = shrink(
            problem,
            input,
            &valid,
            &judge,
            Duration::from_secs(600),
            None,
            jobs,
        );
        assert_eq!(shrunk.input, b"1\n32\n");
        let warm_runs = warm::runs_started() - before;
        // With two jobs, a candidate run ahead of its turn may never be
        // counted as tried: one before it failed.
        assert!(
            warm_runs >= shrunk.tried as u64,
            "{warm_runs} warm runs of {} candidates, with {jobs} jobs",
            shrunk.tried
        );
    }
}
