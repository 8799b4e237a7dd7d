//! Property tests for `footholds`: the fast solver agrees with the naive
//! minimax, the answer is unchanged by the board's symmetries, and its parity
//! names the winner.

use footholds::contract::game_input;
use footholds::game::Game;
use footholds::{naive, search};
use proptest::prelude::*;

mod common;
use common::config;

/// A game on a `height × width` board with about `holes_percent` holes;
/// the starting cells are footholds (and may be the same cell).
fn games(max_side: usize, holes_percent: u32) -> impl Strategy<Value = Game> {
    (1..=max_side, 1..=max_side).prop_flat_map(move |(height, width)| {
        let area = height * width;
        (
            prop::collection::vec((0u32..100).prop_map(move |x| x >= holes_percent), area),
            0..area,
            0..area,
            any::<bool>(),
        )
            .prop_map(move |(mut cells, a, b, same)| {
                let b = if same { a } else { b };
                cells[a] = true;
                cells[b] = true;
                Game::new(height, width, cells, a, b)
            })
    })
}

/// The same game with the board mirrored left to right.
fn mirrored(game: &Game) -> Game {
    let (h, w) = (game.height, game.width);
    let flip = |i: usize| (i / w) * w + (w - 1 - i % w);
    let cells = (0..h * w).map(|i| game.cells[flip(i)]).collect();
    Game::new(h, w, cells, flip(game.a), flip(game.b))
}

/// The same game with the board transposed.
fn transposed(game: &Game) -> Game {
    let (h, w) = (game.height, game.width);
    // Cell (r, c) of the new w × h board is cell (c, r) of the old one.
    let old = |i: usize| (i % h) * w + i / h;
    let new = |i: usize| (i % w) * h + i / w;
    let cells = (0..h * w).map(|i| game.cells[old(i)]).collect();
    Game::new(w, h, cells, new(game.a), new(game.b))
}

proptest! {
    #![proptest_config(config(600))]

    #[test]
    fn fast_equals_naive(game in games(5, 25)) {
        prop_assert_eq!(search::solve(&game), naive::solve(&game), "on this input:\n{}", game_input(&game));
    }

    /// The root's two drivers: null-window passes only, and one wide search
    /// once the root is found lost. Judge-sized boards never reach the usual
    /// switch, so both are forced here.
    #[test]
    fn both_root_drivers_equal_naive(game in games(5, 25)) {
        let expected = naive::solve(&game);
        for wide_after in [0, u64::MAX] {
            let (moves, _) = search::solve_switching_at(&game, u64::MAX, wide_after).unwrap();
            prop_assert_eq!(moves, expected, "wide_after {} on this input:\n{}", wide_after, game_input(&game));
        }
    }

    #[test]
    fn fast_equals_naive_on_full_and_sparse_boards(game in games(4, 0)) {
        prop_assert_eq!(search::solve(&game), naive::solve(&game), "on this input:\n{}", game_input(&game));
    }

    #[test]
    fn symmetries_keep_the_answer(game in games(5, 20)) {
        let answer = search::solve(&game);
        let m = mirrored(&game);
        prop_assert_eq!(search::solve(&m), answer);
        let t = transposed(&game);
        prop_assert_eq!(search::solve(&t), answer);
        // Rotation is a transpose after a mirror.
        prop_assert_eq!(search::solve(&transposed(&m)), answer);
    }

    #[test]
    fn parity_names_the_winner(game in games(5, 25)) {
        let mut footholds = game.cells.clone();
        let outcome = naive::play(&game, &mut footholds, game.a, game.b);
        let total = search::solve(&game);
        prop_assert_eq!(outcome.moves, total);
        prop_assert_eq!(outcome.mover_wins, total % 2 == 1);
    }

    #[test]
    fn the_principal_line_is_legal_and_as_long_as_the_answer(game in games(5, 25)) {
        let (line, a_wins) = search::principal_line(&game, u64::MAX).unwrap();
        let total = search::solve(&game);
        prop_assert_eq!(line.len() as u32, total);
        prop_assert_eq!(a_wins, total % 2 == 1);
        let mut footholds = game.cells.clone();
        let mut at = [game.a, game.b];
        for (i, &(player, from, to)) in line.iter().enumerate() {
            prop_assert_eq!(player, i % 2);
            prop_assert_eq!(at[player], from);
            prop_assert!(footholds[from] && footholds[to]);
            prop_assert!(game.neighbours(from).any(|n| n == to));
            footholds[from] = false;
            at[player] = to;
        }
    }
}

proptest! {
    #![proptest_config(config(60))]

    /// Just past the judge's limits, where the naive minimax still finishes.
    #[test]
    fn fast_equals_naive_on_six_by_six_with_holes(game in games(6, 40)) {
        let expected = naive::solve(&game);
        prop_assert_eq!(search::solve(&game), expected, "on this input:\n{}", game_input(&game));
        let (wide, _) = search::solve_switching_at(&game, u64::MAX, 0).unwrap();
        prop_assert_eq!(wide, expected, "wide root on this input:\n{}", game_input(&game));
    }
}

/// The README's Limits section says the hardest full boards known take
/// under 15 million positions: the slowest starts of the 8 × 8 sweep and
/// the 7 × 9 centre finish within that budget, with their answers.
#[test]
fn hardest_full_starts_stay_within_the_documented_work() {
    let full = |rows: usize, cols: usize, a: (usize, usize), b: (usize, usize)| {
        Game::new(
            rows,
            cols,
            vec![true; rows * cols],
            a.0 * cols + a.1,
            b.0 * cols + b.1,
        )
    };
    for (game, expected) in [
        (full(8, 8, (1, 1), (6, 6)), 56),
        (full(8, 8, (1, 3), (6, 3)), 52),
        (full(8, 8, (1, 2), (7, 7)), 57),
        (full(7, 9, (3, 3), (3, 4)), 50),
    ] {
        let result = search::solve_within(&game, 15_000_000);
        assert_eq!(
            result.map(|(moves, _)| moves),
            Ok(expected),
            "on this input:\n{}",
            game_input(&game)
        );
    }
}
