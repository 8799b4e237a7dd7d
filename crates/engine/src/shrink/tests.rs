use super::*;

/// A judge that finds what `fails` says, at no cost (see [`CHEAP_RUN`]).
fn free(fails: impl Fn(&[u8]) -> bool + Sync) -> impl Fn(&[u8]) -> (Judged, Duration) + Sync {
    move |input: &[u8]| (fails(input).into(), Duration::ZERO)
}

fn judge_valid(problem: &'static dyn AnyProblem) -> impl Fn(&[u8]) -> bool {
    move |input: &[u8]| problem.validate(input).is_ok()
}

#[test]
fn a_board_with_a_32_shrinks_to_the_32_alone() {
    let problem = registry::find("game2048").unwrap();
    let input = b"3\n2 4 8\n16 32 2\n4 4 4\n".to_vec();
    let has_32 = |input: &[u8]| {
        String::from_utf8_lossy(input)
            .split_whitespace()
            .skip(1)
            .any(|t| t == "32")
    };
    let shrunk = shrink(
        problem,
        input,
        &judge_valid(problem),
        &free(has_32),
        Duration::from_secs(10),
        None,
        2,
    );
    assert!(shrunk.minimal && shrunk.pairs_tried);
    // A 1 x 1 board cannot shrink further, and 32 cannot be lowered.
    assert_eq!(shrunk.input, b"1\n32\n");
    assert_eq!(
        shrunk.before,
        Measure {
            value: 3,
            unit: "cells a side"
        }
    );
    assert_eq!(shrunk.after.value, 1);
}

#[test]
fn an_unsteady_candidate_ends_the_shrink_short_of_minimal() {
    // Fails with a 32 on the board, but a 1 x 1 board's runs disagree:
    // the shrink stops at the first one, with the whole count of jobs.
    let problem = registry::find("game2048").unwrap();
    let input = b"3\n2 4 8\n16 32 2\n4 4 4\n".to_vec();
    let judge = |input: &[u8]| {
        let text = String::from_utf8_lossy(input);
        match (
            text.starts_with("1\n"),
            text.split_whitespace().skip(1).any(|t| t == "32"),
        ) {
            (_, false) => Judged::Passes,
            (true, true) => Judged::Unsteady,
            (false, true) => Judged::Fails,
        }
    };
    let judge = |input: &[u8]| (judge(input), Duration::ZERO);
    for jobs in [1, 3] {
        let shrunk = shrink(
            problem,
            input.clone(),
            &judge_valid(problem),
            &judge,
            Duration::from_secs(10),
            None,
            jobs,
        );
        assert_eq!(shrunk.unsteady.as_deref(), Some(&b"1\n32\n"[..]));
        assert_eq!(
            shrunk.after.value,
            2,
            "{}",
            String::from_utf8_lossy(&shrunk.input)
        );
        assert!(!shrunk.minimal && !shrunk.pairs_tried);
    }
}

#[test]
fn a_failure_no_single_step_keeps_is_found_by_a_pair() {
    // Fails with an odd number of puyos: each single step takes out one
    // of the three (or all), and only two together leave one.
    let problem = registry::find("puyo").unwrap();
    let input = ("......\n".repeat(11) + "R.R.R.\n").into_bytes();
    let odd = |input: &[u8]| measure(problem, input).value % 2 == 1;
    let shrunk = shrink(
        problem,
        input,
        &judge_valid(problem),
        &free(odd),
        Duration::from_secs(10),
        None,
        2,
    );
    assert_eq!(
        shrunk.after.value,
        1,
        "{}",
        String::from_utf8_lossy(&shrunk.input)
    );
    assert!(shrunk.minimal && shrunk.pairs_tried);
}

#[test]
fn fresh_inputs_find_a_smaller_failure_and_are_the_same_each_time() {
    // Fails with six moves or more, or with one to three on a board of
    // side 6: no step leads from a long game on a board of side 4 to
    // a board of side 6, but fresh inputs do.
    let problem = registry::find("othello").unwrap();
    let fails = |input: &[u8]| {
        let cases = othello_cases(input);
        let moves: usize = cases.iter().map(|c| c.1).sum();
        moves >= 6
            || cases
                .iter()
                .any(|&(side, m)| side == 6 && (1..=3).contains(&m))
    };
    let input = (1..)
        .map(|seed| problem.generate(seed, 1, Space::Judge).into_bytes())
        .find(|input| fails(input) && measure(problem, input).value < 20)
        .unwrap();
    let run = |jobs: usize| {
        shrink(
            problem,
            input.clone(),
            &judge_valid(problem),
            &free(fails),
            Duration::from_secs(60),
            Some(Fresh {
                seed: 3,
                size: 4,
                space: Space::Judge,
                // Whatever the machine's speed.
                runs: Some(FRESH_RUNS_MOST),
            }),
            jobs,
        )
    };
    // The same with one job as with three, candidates tried included.
    let (first, second) = (run(1), run(3));
    assert_eq!(
        first.after.value,
        1,
        "{}",
        String::from_utf8_lossy(&first.input)
    );
    assert_eq!(first.input, second.input);
    assert_eq!(first.tried, second.tried);
}

/// Each case's side and number of moves.
fn othello_cases(input: &[u8]) -> Vec<(usize, usize)> {
    let text = String::from_utf8_lossy(input);
    let mut lines = text.lines().skip(1);
    let mut cases = Vec::new();
    while let Some(line) = lines.next() {
        let mut words = line.split(' ').map(|w| w.parse::<usize>().unwrap());
        let (side, moves) = (words.next().unwrap(), words.next().unwrap());
        lines.by_ref().take(moves).for_each(drop);
        cases.push((side, moves));
    }
    cases
}

#[test]
fn whether_a_solution_is_cheap_is_its_processor_time_never_the_wall_clock() {
    // Fails only as it is: every candidate passes, and the fresh inputs
    // run to their count, which is larger for a cheap solution.
    let problem = registry::find("game2048").unwrap();
    let input = b"3\n2 4 8\n16 32 2\n4 4 4\n".to_vec();
    let calls = std::sync::atomic::AtomicUsize::new(0);
    // The candidates tried when each run costs `cost` of processor time,
    // the first `waiting` of them waiting for a processor besides.
    let tried = |cost: Duration, waiting: usize| {
        calls.store(0, std::sync::atomic::Ordering::SeqCst);
        let judge = |candidate: &[u8]| {
            if calls.fetch_add(1, std::sync::atomic::Ordering::SeqCst) < waiting {
                std::thread::sleep(2 * CHEAP_RUN);
            }
            (Judged::from(candidate == input), cost)
        };
        let fresh = Fresh {
            seed: 5,
            size: 3,
            space: Space::Judge,
            runs: None,
        };
        let budget = Duration::from_secs(600);
        shrink(
            problem,
            input.clone(),
            &judge_valid(problem),
            &judge,
            budget,
            Some(fresh),
            1,
        )
        .tried
    };
    let cheap = tried(Duration::from_millis(1), 0);
    let dear = tried(2 * CHEAP_RUN, 0);
    assert!(dear < cheap, "{dear} candidates, and {cheap} when cheap");
    // Every run until the count is chosen waits, as on a busy machine:
    // the count is the cheap one still.
    assert_eq!(tried(Duration::from_millis(1), dear), cheap);
}

#[test]
fn a_bug_small_boards_show_is_reached_by_a_probe_not_by_every_step() {
    // Fails on the 5 x 5 board it starts from and on a board of 3 cells a
    // side or fewer whose tiles sum under 64, never on another: no single
    // step (a board of 4 cells a side, or the same one with a tile
    // changed) fails, nor any pair (the 3 x 3 boards left of it sum to 98
    // or more). A probe of fresh inputs below 5 finds a small board at
    // once, where the steps that keep the measure, and the pairs, would
    // come first without it.
    let problem = registry::find("game2048").unwrap();
    let input = FIVE_BY_FIVE.to_vec();
    let start = input.clone();
    let fails = move |candidate: &[u8]| {
        let side = measure(problem, candidate).value;
        let sum: u64 = String::from_utf8_lossy(candidate)
            .split_whitespace()
            .skip(1)
            .map(|tile| tile.parse::<u64>().unwrap())
            .sum();
        candidate == start.as_slice() || (side <= 3 && sum < 64)
    };
    let fresh = Fresh {
        seed: 11,
        size: 5,
        space: Space::Judge,
        runs: Some(FRESH_RUNS),
    };
    let shrunk = shrink(
        problem,
        input,
        &judge_valid(problem),
        &free(fails),
        Duration::from_secs(600),
        Some(fresh),
        1,
    );
    assert!(shrunk.after.value <= 3, "{shrunk:?}");
    // The 5 x 5 board's steps that lower its measure, and a probe: not
    // its dozens of steps that keep it.
    let lowering = problem
        .simplifications(FIVE_BY_FIVE)
        .iter()
        .filter(|c| measure(problem, c).value < 5)
        .count();
    assert!(
        shrunk.tried <= lowering + PROBE_RUNS + 60,
        "{} candidates, {lowering} of them lower the measure",
        shrunk.tried
    );
}

const FIVE_BY_FIVE: &[u8] =
    b"5\n2 4 8 16 32\n4 8 16 32 64\n8 16 32 64 128\n16 32 64 128 256\n32 64 128 256 512\n";

#[test]
fn a_candidate_that_cannot_be_judged_ends_the_shrink_short_of_minimal() {
    // Fails with a 32 on the board, but a 1 x 1 board cannot be run (as
    // with a full disk): the shrink stops at the first, never calling what
    // it has minimal.
    let problem = registry::find("game2048").unwrap();
    let input = b"3\n2 4 8\n16 32 2\n4 4 4\n".to_vec();
    let judge = |input: &[u8]| {
        let text = String::from_utf8_lossy(input);
        let judged = match (
            text.starts_with("1\n"),
            text.split_whitespace().skip(1).any(|t| t == "32"),
        ) {
            (_, false) => Judged::Passes,
            (true, true) => Judged::Cut,
            (false, true) => Judged::Fails,
        };
        (judged, Duration::ZERO)
    };
    let shrunk = shrink(
        problem,
        input,
        &judge_valid(problem),
        &judge,
        Duration::from_secs(60),
        None,
        1,
    );
    assert!(
        shrunk.cut && !shrunk.minimal && !shrunk.pairs_tried,
        "{shrunk:?}"
    );
    assert!(shrunk.unsteady.is_none());
    assert_eq!(shrunk.after.value, 2, "{shrunk:?}");
}
