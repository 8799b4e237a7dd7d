//! Property tests for `game2048-hard`: the fast solver agrees with the reference
//! on random inputs, and the answer keeps the problem's invariants. (The
//! registry's own test, `tests/registry.rs` at the top, checks the same
//! agreement through the contract's generator.) TODO: the real invariants.

use proptest::prelude::*;

use game2048_hard::{fast, naive, Input};

/// Random inputs: TODO the problem's own shapes (the stand-in: grids up to
/// 8 × 8 with about half the cells `#`).
fn inputs() -> impl Strategy<Value = Input> {
    (1usize..=8, 1usize..=8).prop_flat_map(|(rows, cols)| {
        prop::collection::vec(any::<bool>(), rows * cols)
            .prop_map(move |cells| grid::Grid::from_vec(rows, cols, cells).expect("rows * cols"))
    })
}

proptest! {
    #[test]
    fn fast_equals_naive(input in inputs()) {
        prop_assert_eq!(fast::solve(&input), naive::solve(&input));
    }

    #[test]
    fn the_answer_is_at_most_the_cells_set(input in inputs()) {
        let set = input.cells().iter().filter(|&&c| c).count();
        prop_assert!(fast::solve(&input) <= set);
    }
}
