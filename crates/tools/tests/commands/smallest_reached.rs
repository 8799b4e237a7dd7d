//! Shrinking reaches the smallest failing input, not a local minimum: a
//! planted bug whose failures stopped at a field no single step of the
//! old shrinker could leave is shrunk, from a seed that found such a
//! field, to the size of the smallest failure the exhaustive search over
//! small inputs finds (`smallest.rs`).
//!
//! The search and the shrink are the engine's, as `cargo stress` runs
//! them, with the bug's model (`smallest/puyo.rs`) answering in place of
//! the Python file: the file's runs cost minutes of processor time, and
//! the model's answers are the file's (its smallest failure fails the
//! file, below; the C++ and Python bugs are shrunk as commands in
//! `solutions.rs`).

use std::time::Duration;

use engine::shrink::{measure, shrink, Fresh, Judged};
use engine::stress::search_size;
use problem_kit::Space;

use crate::smallest::{puyo_model, PuyoBug};
use crate::{have, run, scratch, workspace, FOUND};

/// The time limit here, as in `solutions.rs`: these tests are of answers
/// and sizes, and a busy machine must not turn a run into a TLE.
const TIME_LIMIT_MS: &str = "60000";

/// The first seed of the search: its first failure (seed 677, 41 puyos)
/// used to shrink to a field of 16 puyos, `B.BBBB` over `B.GGGG` over
/// `BBBGGB`, which only a column taken out with its neighbours closing up
/// leads down from.
const REUSED_LOOP_SEED: u64 = 642;

/// The scan that resumes on the wrong row (`tests/solutions/puyo/
/// reused_loop.py`): the search finds it at seed 677, and the shrink takes
/// the failure to exactly the smallest failing field, 10 puyos, which the
/// solution fails too.
#[test]
fn puyo_reused_loop_shrinks_to_the_smallest_failure() {
    let contract = registry::find("puyo").unwrap();
    let smallest = crate::smallest::smallest("puyo", "reused_loop.py").expect("a smallest failure");
    assert_eq!(smallest.measure, 10, "{}", smallest.input);
    // The model is trusted only where the solution agrees: its witness
    // fails the real file.
    if have("python3") {
        let solution = workspace().join("tests/solutions/puyo/reused_loop.py");
        let folder = scratch("smallest-reached-puyo");
        std::fs::write(folder.join("smallest.in"), &smallest.input).unwrap();
        let answer = contract.judge_output(smallest.input.as_bytes()).unwrap();
        std::fs::write(folder.join("smallest.out"), answer).unwrap();
        let (status, judged) = run(
            "judge",
            &[
                "puyo",
                folder.to_str().unwrap(),
                solution.to_str().unwrap(),
                "--time-limit",
                TIME_LIMIT_MS,
            ],
        );
        assert_eq!(status, FOUND, "the model's witness passes:\n{judged}");
    }
    let valid = |input: &[u8]| contract.validate(input).is_ok();
    let fails = |input: &[u8]| {
        valid(input)
            && contract.judge_output(input).ok()
                != Some(puyo_model(
                    &String::from_utf8_lossy(input),
                    PuyoBug::ReusedLoop,
                ))
    };
    // The search's inputs, in its order (judge-valid ones only, as
    // `cargo stress` without --beyond-judge makes them): the first to fail.
    let largest = contract.largest_size(Space::Judge);
    let (seed, size, input) = (0..)
        .map(|k| {
            let size = search_size(k, largest);
            let seed = REUSED_LOOP_SEED + k;
            (seed, size, contract.generate(seed, size, Space::Judge))
        })
        .find(|(_, _, input)| fails(input.as_bytes()))
        .unwrap();
    assert_eq!(seed, 677);
    assert_eq!(measure(contract, input.as_bytes()).value, 41, "{input}");
    let shrunk = shrink(
        contract,
        input.into_bytes(),
        &valid,
        // A run of the model costs nothing: the count of fresh inputs is
        // given below, so that cost decides nothing.
        &|candidate: &[u8]| (Judged::from(fails(candidate)), Duration::ZERO),
        // The shrink ends when the input is minimal, never later: the
        // budget only keeps a slow machine from cutting it short.
        Duration::from_secs(600),
        Some(Fresh {
            seed,
            size,
            space: Space::Judge,
            // What `cargo stress` gives a Python solution, and any
            // solution with --shrink-fresh 50.
            runs: Some(50),
        }),
        1,
    );
    assert!(shrunk.minimal, "{shrunk:?}");
    assert_eq!(
        shrunk.after.value,
        smallest.measure,
        "{}",
        String::from_utf8_lossy(&shrunk.input)
    );
}
