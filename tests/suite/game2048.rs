//! Property tests for `game2048`: the search engine agrees with the naive
//! solver, and moves keep the game's invariants.

use game2048::generate::board_input;
use game2048::naive::apply_move;
use game2048::search::{self, apply_move_exponents, Options};
use game2048::slide::slide_line;
use game2048::{Board, Move};
use grid::Grid;
use proptest::prelude::*;

use crate::util::config;

/// Boards of side 1..=8 drawn from several value distributions.
fn boards() -> impl Strategy<Value = Board> {
    (1usize..=8).prop_flat_map(|side| {
        let area = side * side;
        let uniform = prop::collection::vec(
            prop_oneof![Just(0u64), (1u32..=10).prop_map(|e| 1u64 << e)],
            area,
        )
        .boxed();
        let dense =
            prop::collection::vec(prop_oneof![Just(2u64), Just(4u64), Just(0u64)], area).boxed();
        let small = prop::collection::vec(
            prop_oneof![3 => Just(0u64), 1 => Just(2u64), 1 => Just(4u64), 1 => Just(8u64)],
            area,
        )
        .boxed();
        let all_equal = (1u32..=10).prop_map(move |e| vec![1u64 << e; area]).boxed();
        let equal_lines = prop::collection::vec(
            (0u32..=4).prop_map(|e| if e == 0 { 0 } else { 1u64 << e }),
            side,
        )
        .prop_map(move |rows| {
            rows.iter()
                .flat_map(|&v| std::iter::repeat_n(v, side))
                .collect()
        })
        .boxed();
        let huge = prop::collection::vec(
            prop_oneof![Just(0u64), (25u32..=30).prop_map(|e| 1u64 << e)],
            area,
        )
        .boxed();
        // Small tiles with a few large equal ones anywhere, like the
        // benchmarks' `pinned` boards: the bounds cannot cut these, so the
        // positional two-move test does the work.
        let pinned = (
            prop::collection::vec(
                prop_oneof![Just(0u64), Just(2), Just(4), Just(8), Just(16)],
                area,
            ),
            prop::collection::vec(0..area, 2..=4),
        )
            .prop_map(|(mut cells, big)| {
                for at in big {
                    cells[at] = 1024;
                }
                cells
            })
            .boxed();
        prop_oneof![uniform, dense, small, all_equal, equal_lines, huge, pinned]
            .prop_map(move |cells| Grid::from_vec(side, side, cells).unwrap())
    })
}

/// Sparse boards with two or three 1024s among a few small tiles: where the
/// positional two-move test decides, and each of its four first moves counts.
fn sparse_pinned() -> impl Strategy<Value = Board> {
    (3usize..=6).prop_flat_map(|side| {
        let area = side * side;
        (
            prop::collection::vec(
                prop_oneof![6 => Just(0u64), 1 => Just(2), 1 => Just(4), 1 => Just(8)],
                area,
            ),
            prop::collection::vec(0..area, 2..=3),
        )
            .prop_map(move |(mut cells, big)| {
                for at in big {
                    cells[at] = 1024;
                }
                Grid::from_vec(side, side, cells).unwrap()
            })
    })
}

/// Full boards of small tiles with two or three 1024s: where the
/// three-move test cuts most (the 1024s can move only as far as merges
/// make room).
fn full_pinned() -> impl Strategy<Value = Board> {
    (3usize..=8).prop_flat_map(|side| {
        let area = side * side;
        (
            prop::collection::vec(prop_oneof![Just(2u64), Just(4), Just(8), Just(16)], area),
            prop::collection::vec(0..area, 2..=3),
        )
            .prop_map(move |(mut cells, big)| {
                for at in big {
                    cells[at] = 1024;
                }
                Grid::from_vec(side, side, cells).unwrap()
            })
    })
}

/// A board's exponents, its tile counts per exponent, and its largest
/// exponent.
fn exponents_and_counts(board: &Board) -> (Vec<u8>, [u32; 64], u8) {
    let cells = to_exponents(board);
    let mut counts = [0u32; 64];
    for &e in &cells {
        counts[e as usize] += 1;
    }
    let largest = cells.iter().copied().max().unwrap_or(0);
    (cells, counts, largest)
}

fn sum(board: &Board) -> u64 {
    board.cells().iter().sum()
}

fn tiles(board: &Board) -> usize {
    board.cells().iter().filter(|&&v| v != 0).count()
}

/// Turns the board a quarter turn clockwise `times` times.
fn turned(board: &Board, times: usize) -> Board {
    (0..times).fold(board.clone(), |b, _| b.rotate_cw())
}

fn to_exponents(board: &Board) -> Vec<u8> {
    board
        .cells()
        .iter()
        .map(|&v| if v == 0 { 0 } else { v.trailing_zeros() as u8 })
        .collect()
}

proptest! {
    #![proptest_config(config(400))]

    #[test]
    fn search_equals_naive(board in prop_oneof![boards(), sparse_pinned(), full_pinned()], moves in 0u32..=5) {
        prop_assert_eq!(
            search::solve(&board, moves),
            game2048::naive::solve(&board, moves),
            "with --moves {} on this input:\n{}", moves, board_input(&board)
        );
    }

    #[test]
    fn search_without_table_equals_with_table(board in boards(), moves in 0u32..=6) {
        let with = search::search(&board, moves, Options::default()).unwrap().largest;
        let no_table = Options { table: false, ..Options::default() };
        let without = search::search(&board, moves, no_table).unwrap().largest;
        prop_assert_eq!(with, without);
    }

    #[test]
    fn the_best_line_reaches_the_answer(board in boards(), moves in 0u32..=6) {
        let found = search::search(&board, moves, Options::default()).unwrap();
        prop_assert!(found.moves.len() <= moves as usize);
        let end = found.moves.iter().fold(board.clone(), |b, &m| apply_move(&b, m));
        prop_assert_eq!(game2048::board::largest_tile(&end), found.largest);
    }

    #[test]
    fn the_two_move_test_never_cuts_a_reachable_tile(board in prop_oneof![boards(), sparse_pinned(), sparse_pinned()]) {
        // Whenever it says a tile above the largest cannot be made in two
        // moves, no pair of moves makes one.
        let (cells, counts, largest) = exponents_and_counts(&board);
        if largest == 0 {
            return Ok(());
        }
        let target = largest + 1;
        if !game2048::shortcuts::two_moves_can_reach(&cells, board.rows(), &counts, target) {
            for first in Move::ALL {
                for second in Move::ALL {
                    let end = apply_move(&apply_move(&board, first), second);
                    prop_assert!(game2048::board::largest_tile(&end) < 1 << target, "{:?} then {:?}", first, second);
                }
            }
        }
    }

    #[test]
    fn the_chain_test_never_cuts_a_reachable_tile(board in prop_oneof![boards(), sparse_pinned(), full_pinned()], moves in 3u32..=4, above in 1u8..=3) {
        // Whenever it says a tile of `above` doublings over the largest
        // cannot be made in three or four moves, no sequence makes one.
        let (cells, counts, largest) = exponents_and_counts(&board);
        if largest == 0 {
            return Ok(());
        }
        let target = largest + above;
        if !game2048::shortcuts::chain_can_reach(&cells, board.rows(), &counts, target, moves) {
            let mut boards = vec![board.clone()];
            for _ in 0..moves {
                boards = boards.iter().flat_map(|b| Move::ALL.map(|m| apply_move(b, m))).collect();
                for end in &boards {
                    prop_assert!(game2048::board::largest_tile(end) < 1 << target);
                }
            }
        }
    }

    #[test]
    fn the_three_move_test_never_cuts_a_reachable_tile(board in prop_oneof![boards(), sparse_pinned(), full_pinned()]) {
        // Whenever it says the two or more largest tiles cannot make a
        // tile twice their size in three moves, no sequence makes one.
        let (cells, counts, largest) = exponents_and_counts(&board);
        if largest == 0 || counts[largest as usize] < 2 {
            return Ok(());
        }
        let target = largest + 1;
        if !game2048::three_moves::three_moves_can_reach(&cells, board.rows(), &counts, target) {
            let mut boards = vec![board.clone()];
            for _ in 0..3 {
                boards = boards.iter().flat_map(|b| Move::ALL.map(|m| apply_move(b, m))).collect();
                for end in &boards {
                    prop_assert!(game2048::board::largest_tile(end) < 1 << target);
                }
            }
        }
    }

    #[test]
    fn a_move_keeps_the_sum_and_never_adds_tiles(board in boards(), direction in 0usize..4) {
        let after = apply_move(&board, Move::ALL[direction]);
        prop_assert_eq!(sum(&after), sum(&board));
        prop_assert!(tiles(&after) <= tiles(&board));
    }

    #[test]
    fn every_move_is_a_turned_left_slide(board in boards(), direction in 0usize..4) {
        // Quarter turns clockwise that bring each side to the left wall.
        let direction = Move::ALL[direction];
        let turns = match direction {
            Move::Left => 0,
            Move::Down => 1,
            Move::Right => 2,
            Move::Up => 3,
        };
        let mut rotated = turned(&board, turns);
        for r in 0..rotated.rows() {
            slide_line(rotated.row_mut(r));
        }
        let back = turned(&rotated, (4 - turns) % 4);
        prop_assert_eq!(back, apply_move(&board, direction));
    }

    #[test]
    fn exponent_moves_equal_value_moves(board in boards(), direction in 0usize..4) {
        let direction = Move::ALL[direction];
        let mut cells = to_exponents(&board);
        let after = apply_move(&board, direction);
        let changed = apply_move_exponents(&mut cells, board.rows(), direction);
        prop_assert_eq!(&cells, &to_exponents(&after));
        prop_assert_eq!(changed, after != board);
    }

    #[test]
    fn sliding_again_changes_nothing_when_no_merge_is_possible(board in boards(), direction in 0usize..4) {
        let direction = Move::ALL[direction];
        let once = apply_move(&board, direction);
        let twice = apply_move(&once, direction);
        if tiles(&once) == tiles(&board) {
            // No merge: after packing, no two neighbours along the move are
            // equal (they would have merged), so the same move does nothing.
            prop_assert_eq!(&twice, &once);
        }
        // In general a second identical move moves no tile, it can only merge:
        // the board changes exactly when the tile count falls.
        prop_assert_eq!(twice != once, tiles(&twice) < tiles(&once));
    }
}
