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
use puyo::{puyo, puyo_model};

/// A failing input and its measure.
#[derive(Clone, Debug)]
pub struct Smallest {
    pub measure: u64,
    pub input: String,
}

/// The smallest failing input of the planted bug in
/// `tests/solutions/PROBLEM/buggy.EXTENSION`, or `None` when the space
/// holds none. Each is searched once in this test process: the test below
/// and each of `solutions.rs`'s tests ask for the same ones, side by side,
/// and the searches are seconds of work apiece.
pub fn smallest(problem: &str, extension: &str) -> Option<Smallest> {
    type Searched = Arc<OnceLock<Option<Smallest>>>;
    static SEARCHED: LazyLock<Mutex<HashMap<(String, String), Searched>>> =
        LazyLock::new(Mutex::default);
    let once = Arc::clone(
        SEARCHED
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .entry((problem.to_string(), extension.to_string()))
            .or_default(),
    );
    // The map's lock is let go before the search: another bug's search
    // goes on beside this one, and a second asker of this one waits.
    once.get_or_init(|| search(problem, extension)).clone()
}

fn search(problem: &str, extension: &str) -> Option<Smallest> {
    let contract = problems::find(problem).expect("a registered problem");
    let fails = |input: &str, buggy: String| {
        contract.validate(input.as_bytes()).is_ok()
            && contract.judge_output(input.as_bytes()).ok() != Some(buggy)
    };
    match (problem, extension) {
        ("puyo", "py") => puyo(|input| fails(input, puyo_model(input, true, false))),
        ("puyo", "cpp") => puyo(|input| fails(input, puyo_model(input, false, true))),
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
        _ => panic!("no planted bug for {problem} {extension}"),
    }
}

/// Prints each bug's smallest failing input (`cargo test -p tools --test
/// commands smallest -- --nocapture`): the figures the shrinker is held
/// to, and a check that the searches end.
#[test]
fn every_planted_bug_has_a_smallest_failure() {
    for problem in ["puyo", "game2048", "game2048-hard", "othello", "footholds"] {
        for extension in ["py", "cpp"] {
            let found = smallest(problem, extension);
            println!("{problem} {extension}: {found:?}");
            assert!(found.is_some(), "{problem} {extension}");
        }
    }
}
