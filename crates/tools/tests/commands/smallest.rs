//! The smallest failing input of each planted bug in `tests/solutions/`,
//! found by exhaustive search: the yardstick the shrinker is held to.
//!
//! Each bug is modelled here in Rust, line for line with its solution (so
//! that millions of inputs cost seconds, not the hours a process apiece
//! would), and the inputs of a restricted but honest space are tried in
//! increasing measure (the measure `cargo stress` reports, the contract's
//! `measure`) until one fails. The spaces:
//!
//! - puyo: settled fields within the bottom four rows, in two colours (a
//!   group needs four puyos of one colour, so a third colour adds nothing a
//!   smaller field lacks);
//! - 2048: every board of side 1 and 2 with tiles up to 16, every board of
//!   side 3 with tiles up to 8, and boards of side 4 with tiles up to 4;
//! - othello: one case on a board of side 4 or 6, every sequence of legal
//!   moves in either colour (the judge does not promise that colours
//!   alternate);
//! - footholds: every board of at most 3 × 3 cells with every placing of
//!   both players.
//!
//! A model is trusted only where it matches its solution: the witness each
//! search returns is judged with the real solution and must fail (see
//! `solutions.rs`).
//!
//! The searches take minutes unoptimised: the daily tests read their
//! answers from [`SMALLEST`], and the one test that searches again, and
//! holds the table to what it finds, is ignored there and run by CI.

mod footholds;
mod game2048;
mod othello;
mod puyo;

use footholds::{footholds, footholds_model};
use game2048::{board_text, game2048, slid, Slide};
use othello::{othello, othello_model};
use puyo::puyo;
pub(crate) use puyo::{puyo_model, PuyoBug};

/// A failing input and its measure.
#[derive(Clone, Debug)]
pub struct Smallest {
    pub measure: u64,
    pub input: String,
}

/// The smallest failing input of the planted bug in
/// `tests/solutions/PROBLEM/buggy.EXTENSION` (or, for a `planted` that
/// names a file, such as `reused_loop.py`, of that file beside it), as the
/// exhaustive search finds it: [`SMALLEST`], which the ignored test below
/// (CI runs it) holds to the search. The search costs minutes unoptimised,
/// and the daily tests only need its answers.
pub fn smallest(problem: &str, planted: &str) -> Option<Smallest> {
    SMALLEST
        .iter()
        .find(|&&(p, file, _, _)| (p, file) == (problem, planted))
        .map(|&(_, _, measure, input)| Smallest {
            measure,
            input: input.to_string(),
        })
}

/// Each planted bug's smallest failing input, by problem and the buggy
/// file's extension (or name): its measure and the input. A bug planted in
/// several languages alike is listed under each.
pub const SMALLEST: [(&str, &str, u64, &str); 14] = [
    ("puyo", "py", 8, "......\n......\n......\n......\n......\n......\n......\n......\n....GR\n....GR\n....GR\n....GR\n"),
    ("puyo", "cpp", 8, "......\n......\n......\n......\n......\n......\n......\n......\n....RR\n....GR\n....GG\n....RG\n"),
    ("puyo", "reused_loop.py", 10, REUSED_LOOP),
    ("game2048", "py", 3, "3\n2 4 2\n4 4 0\n0 0 0\n"),
    ("game2048", "cpp", 3, "3\n2 4 2\n8 0 0\n0 0 0\n"),
    ("game2048-hard", "py", 3, "3\n4 8 4\n4 8 2\n2 0 0\n"),
    ("game2048-hard", "cpp", 3, "3\n2 8 2\n2 0 2\n0 0 0\n"),
    ("othello", "py", 2, "1\n4 2\n1 2 1\n1 1 2\n"),
    ("othello", "cpp", 3, "1\n4 3\n1 2 1\n1 1 2\n2 1 1\n"),
    ("othello", "java", 3, "1\n4 3\n1 2 1\n1 1 2\n2 1 1\n"),
    ("footholds", "py", 5, "[[1, 1, 1], [1, 1, 0]] [1, 0] [0, 0]\n"),
    ("footholds", "js", 5, "[[1, 1, 1], [1, 1, 0]] [1, 0] [0, 0]\n"),
    ("footholds", "cpp", 2, "[[1, 1]] [0, 0] [0, 0]\n"),
    ("footholds", "java", 2, "[[1, 1]] [0, 0] [0, 0]\n"),
];

fn search(problem: &str, planted: &str) -> Option<Smallest> {
    let contract = registry::find(problem).expect("a registered problem");
    let fails = |input: &str, buggy: String| {
        contract.validate(input.as_bytes()).is_ok()
            && contract.judge_output(input.as_bytes()).ok() != Some(buggy)
    };
    match (problem, planted) {
        ("puyo", "py") => puyo(|input| fails(input, puyo_model(input, PuyoBug::OneGroup))),
        ("puyo", "cpp") => puyo(|input| fails(input, puyo_model(input, PuyoBug::OneCell))),
        ("puyo", "reused_loop.py") => {
            puyo(|input| fails(input, puyo_model(input, PuyoBug::ReusedLoop)))
        }
        ("game2048", "py") => {
            game2048(|n, b| fails(&board_text(n, b), slid(n, b, 5, Slide::Twice)))
        }
        ("game2048", "cpp") => {
            game2048(|n, b| fails(&board_text(n, b), slid(n, b, 4, Slide::Once)))
        }
        ("game2048-hard", "py") => {
            game2048(|n, b| fails(&board_text(n, b), slid(n, b, 9, Slide::Once)))
        }
        ("game2048-hard", "cpp") => {
            game2048(|n, b| fails(&board_text(n, b), slid(n, b, 10, Slide::GapBreaks)))
        }
        ("othello", "py") => {
            othello(|input, moves| fails(input, othello_model(moves, false, true)))
        }
        ("othello", "cpp" | "java") => {
            othello(|input, moves| fails(input, othello_model(moves, true, false)))
        }
        ("footholds", "py" | "js") => {
            footholds(|input, game| fails(input, footholds_model(game, true, false)))
        }
        ("footholds", "cpp" | "java") => {
            footholds(|input, game| fails(input, footholds_model(game, false, true)))
        }
        _ => panic!("no planted bug for {problem} {planted}"),
    }
}

/// The bugs planted in `tests/solutions/PROBLEM/` in files other than
/// `buggy.*`: each problem and file name.
pub const PLANTED_BESIDE: [(&str, &str); 1] = [("puyo", "reused_loop.py")];

/// The smallest failure of the scan that resumes on the wrong row
/// (`tests/solutions/puyo/reused_loop.py`): 10 puyos.
const REUSED_LOOP: &str =
    "......\n......\n......\n......\n......\n......\n......\n......\n......\n......\n.GRRRR\n.GGGGG\n";

/// The exhaustive search finds each planted bug's smallest failure of
/// [`SMALLEST`], the figures the shrinker is held to (minutes unoptimised:
/// CI runs it, `cargo test -p tools --test commands -- --ignored
/// smallest::`), and each search ends.
#[test]
#[ignore = "minutes: the exhaustive searches; CI runs it"]
fn every_planted_bug_has_the_smallest_failure_listed() {
    let searches: Vec<_> = SMALLEST
        .iter()
        .map(|&(problem, planted, _, _)| {
            std::thread::spawn(move || (problem, planted, search(problem, planted)))
        })
        .collect();
    for search in searches {
        let (problem, planted, found) = search.join().unwrap();
        println!("{problem} {planted}: {found:?}");
        let found = found.unwrap_or_else(|| panic!("{problem} {planted}: no failure found"));
        let listed = smallest(problem, planted).unwrap();
        assert_eq!(
            (found.measure, found.input.as_str()),
            (listed.measure, listed.input.as_str()),
            "{problem} {planted}"
        );
    }
    // Every planted bug is listed: each buggy file and each beside it.
    for problem in ["puyo", "game2048", "game2048-hard", "othello", "footholds"] {
        for extension in ["py", "cpp"] {
            assert!(
                smallest(problem, extension).is_some(),
                "{problem} {extension}"
            );
        }
    }
    for (problem, file) in PLANTED_BESIDE {
        assert!(smallest(problem, file).is_some(), "{problem} {file}");
    }
}
