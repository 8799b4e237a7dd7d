//! Property tests for `footholds`: the fast solver agrees with the naive
//! minimax, the answer is unchanged by the board's symmetries, and its parity
//! names the winner.

use footholds::game::Game;
use footholds::generate::game_input;
use footholds::search::Tuning;
use footholds::{naive, search};
use grid_games::footholds_games::full_board;
use proptest::prelude::*;

use crate::util::config;

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

/// A game on a board with even sides (up to 4 × 6 or 6 × 4) that the half
/// turn maps onto itself, holes and starts alike: B's start is the image of
/// A's.
fn half_turn_games() -> impl Strategy<Value = Game> {
    (1..=2usize, 1..=3usize, any::<bool>()).prop_flat_map(|(half_height, half_width, turn)| {
        let (height, width) = if turn {
            (2 * half_width, 2 * half_height)
        } else {
            (2 * half_height, 2 * half_width)
        };
        let area = height * width;
        (
            prop::collection::vec((0u32..100).prop_map(|x| x >= 25), area / 2),
            0..area,
        )
            .prop_map(move |(half, a)| {
                // Cell i and cell area − 1 − i are each other's image.
                let mut cells: Vec<bool> = (0..area).map(|i| half[i.min(area - 1 - i)]).collect();
                cells[a] = true;
                cells[area - 1 - a] = true;
                Game::new(height, width, cells, a, area - 1 - a)
            })
    })
}

/// Checks that every setting of the search's switches the tests force
/// finds `expected`: each root driver, with the table used for every
/// position or, as usual, only for the large ones.
fn every_tuning_finds(game: &Game, expected: u32) -> Result<(), TestCaseError> {
    for costly_after in [0, u64::MAX] {
        for table_from_footholds in [0, search::TABLE_FROM_FOOTHOLDS] {
            let tuning = Tuning {
                costly_after,
                table_from_footholds,
            };
            let (moves, _) = search::solve_tuned(game, u64::MAX, tuning).unwrap();
            prop_assert_eq!(
                moves,
                expected,
                "{:?} on this input:\n{}",
                tuning,
                game_input(game)
            );
        }
    }
    Ok(())
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

    /// The root's two drivers (plain null-window passes, and the ones for
    /// costly roots: a lost root climbs from below, a won one skips a
    /// score), with and without the table on small positions. Judge-sized
    /// boards never reach the usual switches, so all are forced here.
    #[test]
    fn every_tuning_equals_naive(game in games(5, 25)) {
        let expected = naive::solve(&game);
        every_tuning_finds(&game, expected)?;
    }

    /// Starts that are each other's image under the half turn, on boards
    /// with even sides: B wins by copying A's moves, and the search, told so
    /// at every such position, still finds the exact length.
    #[test]
    fn half_turn_starts_are_won_by_b_and_equal_naive(game in half_turn_games()) {
        let expected = naive::solve(&game);
        prop_assert_eq!(expected % 2, 0, "A should lose on this input:\n{}", game_input(&game));
        every_tuning_finds(&game, expected)?;
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
        every_tuning_finds(&game, expected)?;
    }
}

/// The README's Limits section says the hardest full boards known take
/// under 5 million positions: the slowest starts of the sweeps of every full
/// board of up to 64 cells (8 × 8, 7 × 9, 9 × 7) and the 7 × 9 centre finish
/// within that budget, with their answers.
#[test]
fn hardest_full_starts_stay_within_the_documented_work() {
    for (game, expected) in [
        (full_board(8, 8, (1, 1), (5, 6)), 62),
        (full_board(8, 8, (1, 1), (6, 6)), 56),
        (full_board(8, 8, (1, 3), (6, 3)), 52),
        (full_board(8, 8, (1, 2), (7, 7)), 57),
        (full_board(8, 8, (1, 3), (6, 5)), 60),
        (full_board(7, 9, (3, 3), (3, 4)), 50),
        (full_board(7, 9, (1, 1), (6, 8)), 55),
        (full_board(9, 7, (3, 3), (3, 4)), 47),
        (full_board(9, 7, (4, 2), (4, 3)), 44),
    ] {
        let result = search::solve_within(&game, 5_000_000);
        assert_eq!(
            result.map(|(moves, _)| moves),
            Ok(expected),
            "on this input:\n{}",
            game_input(&game)
        );
    }
}
