//! Shrinking reaches the smallest failing input, not a local minimum: a
//! planted bug whose failures stopped at a field no single step of the
//! old shrinker could leave is shrunk, from a seed that found such a
//! field, to the size of the smallest failure the exhaustive search over
//! small inputs finds (`smallest.rs`).

use crate::{have, run, scratch, workspace, FOUND};

/// The time limit here, as in `solutions.rs`: these tests are of answers
/// and sizes, and a busy machine must not turn a run into a TLE.
const TIME_LIMIT_MS: &str = "60000";

/// The first seed of the stress run: its first failure (seed 677, 41
/// puyos) used to shrink to a field of 16 puyos, `B.BBBB` over `B.GGGG`
/// over `BBBGGB`, which only a column taken out with its neighbours
/// closing up leads down from.
const REUSED_LOOP_SEED: &str = "642";

/// The scan that resumes on the wrong row (`tests/solutions/puyo/
/// reused_loop.py`): stress finds it, and shrinks the failure to exactly
/// the smallest failing field, 10 puyos, which the solution fails too.
#[test]
fn puyo_reused_loop_shrinks_to_the_smallest_failure() {
    if !have("python3") {
        eprintln!("python3 is not installed: skipped");
        return;
    }
    let solution = workspace().join("tests/solutions/puyo/reused_loop.py");
    let solution = solution.to_str().unwrap();
    let contract = registry::find("puyo").unwrap();
    let smallest = crate::smallest::smallest("puyo", "reused_loop.py").expect("a smallest failure");
    assert_eq!(smallest.measure, 10, "{}", smallest.input);
    // The model is trusted only where the solution agrees: its witness
    // fails the real file.
    let folder = scratch("smallest-reached-puyo");
    std::fs::write(folder.join("smallest.in"), &smallest.input).unwrap();
    let answer = contract.judge_output(smallest.input.as_bytes()).unwrap();
    std::fs::write(folder.join("smallest.out"), answer).unwrap();
    let (status, judged) = run(
        "judge",
        &[
            "puyo",
            folder.to_str().unwrap(),
            solution,
            "--time-limit",
            TIME_LIMIT_MS,
        ],
    );
    assert_eq!(status, FOUND, "the model's witness passes:\n{judged}");
    let save = scratch("smallest-reached-puyo-save");
    let (status, out) = run(
        "stress",
        &[
            "puyo",
            solution,
            "--seed",
            REUSED_LOOP_SEED,
            "--seconds",
            "60",
            // The shrink ends when the input is minimal, never later: the
            // budget only keeps a slow machine from cutting it short.
            "--shrink-seconds",
            "600",
            // What a Python solution gets on a busy machine, and now on any.
            "--shrink-fresh",
            "50",
            "--time-limit",
            TIME_LIMIT_MS,
            "--save",
            save.to_str().unwrap(),
        ],
    );
    assert_eq!(status, FOUND, "{out}");
    assert!(out.contains("seed 677 "), "{out}");
    assert!(out.contains("a locally minimal input"), "{out}");
    let shrunk = std::fs::read_dir(&save)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|x| x == "in"))
        .expect("the failure is saved");
    let input = std::fs::read(&shrunk).unwrap();
    assert_eq!(contract.validate(&input), Ok(()), "{out}");
    let (puyos, _) = contract.measure(&input).expect("a measure");
    assert_eq!(puyos, smallest.measure, "{out}");
}
