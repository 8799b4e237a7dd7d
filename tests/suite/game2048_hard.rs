//! Property tests for `game2048-hard`: at the judge's depth of ten moves the
//! game2048 engine agrees with the plain search over all 4^10 sequences,
//! and ten moves never do worse than five.

use game2048::{naive, search, Board};
use grid::Grid;
use proptest::prelude::*;

use game2048_hard::JUDGE_MOVES;

/// Boards of side 1 to 3 (the plain search at depth 10 visits 1.4 million
/// boards), tiles 2 to 32 on about two cells in three.
fn boards() -> impl Strategy<Value = Board> {
    (1usize..=3).prop_flat_map(|side| {
        prop::collection::vec(
            prop_oneof![1 => Just(0u64), 2 => (1u32..=5).prop_map(|e| 1u64 << e)],
            side * side,
        )
        .prop_map(move |cells| Grid::from_vec(side, side, cells).expect("side * side"))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn ten_moves_fast_equals_naive(board in boards()) {
        prop_assert_eq!(game2048_hard::solve(&board), naive::solve(&board, JUDGE_MOVES));
    }

    #[test]
    fn ten_moves_never_do_worse_than_five(board in boards()) {
        prop_assert!(game2048_hard::solve(&board) >= search::solve(&board, 5));
    }
}
