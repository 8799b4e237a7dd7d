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

mod footholds;
mod game2048;
mod othello;
mod puyo;

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex, OnceLock};

use footholds::{footholds, footholds_model};
use game2048::{board_text, game2048, slid, Slide};
use othello::{othello, othello_model};
use puyo::{puyo, puyo_model, PuyoBug};

/// A failing input and its measure.
#[derive(Clone, Debug)]
pub struct Smallest {
    pub measure: u64,
    pub input: String,
}

/// The smallest failing input of the planted bug in
/// `tests/solutions/PROBLEM/buggy.EXTENSION` (or, for a `planted` that
/// names a file, such as `reused_loop.py`, of that file beside it), or
/// `None` when the space holds none. Each is searched once in this test
/// process: the test below
/// and each of `solutions.rs`'s tests ask for the same ones, side by side,
/// and the searches are seconds of work apiece.
pub fn smallest(problem: &str, planted: &str) -> Option<Smallest> {
    type Searched = Arc<OnceLock<Option<Smallest>>>;
    static SEARCHED: LazyLock<Mutex<HashMap<(String, String), Searched>>> =
        LazyLock::new(Mutex::default);
    let once = Arc::clone(
        SEARCHED
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .entry((problem.to_string(), planted.to_string()))
            .or_default(),
    );
    // The map's lock is let go before the search: another bug's search
    // goes on beside this one, and a second asker of this one waits.
    once.get_or_init(|| search(problem, planted)).clone()
}

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

/// Prints each bug's smallest failing input (`cargo test -p tools --test
/// commands smallest -- --nocapture`): the figures the shrinker is held
/// to, and a check that the searches end.
#[test]
fn every_planted_bug_has_a_smallest_failure() {
    let found = |problem: &str, planted: &str| {
        let found = smallest(problem, planted);
        println!("{problem} {planted}: {found:?}");
        assert!(found.is_some(), "{problem} {planted}");
    };
    for problem in ["puyo", "game2048", "game2048-hard", "othello", "footholds"] {
        for extension in ["py", "cpp"] {
            found(problem, extension);
        }
    }
    // The bugs planted in files of their own, beside `buggy.*`.
    for (problem, file) in PLANTED_BESIDE {
        found(problem, file);
    }
}
