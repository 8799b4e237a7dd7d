//! Property tests for `othello`: the bitboard replay agrees with the naive
//! array replay (answers and errors alike), and moves keep the invariants.

use grid_games::othello_games::{random_game, to_input};
use grid_games::SplitMix64;
use othello::bitboard::{self, Board};
use othello::game::{Case, Move, Stone};
use othello::naive;
use proptest::prelude::*;

use crate::util::config;

/// A random legal game: board side 4, 6 or 8, any length up to the end.
fn games() -> impl Strategy<Value = Case> {
    (
        prop_oneof![Just(4usize), Just(6), Just(8)],
        any::<u64>(),
        0usize..=64,
    )
        .prop_map(|(side, seed, max_moves)| {
            random_game(side, max_moves, &mut SplitMix64::new(seed))
        })
}

/// A random sequence of moves, legal or not.
fn scribbles() -> impl Strategy<Value = Case> {
    prop_oneof![Just(4usize), Just(6), Just(8)].prop_flat_map(|side| {
        prop::collection::vec((0..side, 0..side, any::<bool>()), 0..40).prop_map(move |moves| {
            Case {
                side,
                moves: moves
                    .into_iter()
                    .enumerate()
                    .map(|(i, (row, col, black))| Move {
                        row,
                        col,
                        stone: if black { Stone::Black } else { Stone::White },
                        line: i + 3,
                    })
                    .collect(),
            }
        })
    })
}

/// The bitboard's stones as a naive board, for comparison.
fn as_cells(board: &Board, side: usize) -> Vec<Option<Stone>> {
    let mut cells = Vec::with_capacity(side * side);
    for row in 0..side {
        for col in 0..side {
            let b = bitboard::bit(row, col);
            cells.push(if board.stones(Stone::Black) & b != 0 {
                Some(Stone::Black)
            } else if board.stones(Stone::White) & b != 0 {
                Some(Stone::White)
            } else {
                None
            });
        }
    }
    cells
}

fn bitboard_replay(case: &Case) -> Result<othello::Counts, grid::InputError> {
    let mut board = Board::start(case.side);
    for &mv in &case.moves {
        board.play(mv)?;
    }
    Ok(board.count())
}

proptest! {
    #![proptest_config(config(500))]

    #[test]
    fn bitboard_equals_naive_move_by_move(case in games()) {
        let mut fast = Board::start(case.side);
        let mut slow = naive::start(case.side);
        for &mv in &case.moves {
            let flipped = fast.play(mv).unwrap();
            let slow_flipped = naive::play(&mut slow, mv).unwrap();
            prop_assert_eq!(flipped.count_ones() as usize, slow_flipped.len());
            for (row, col) in slow_flipped {
                prop_assert!(flipped & bitboard::bit(row, col) != 0);
            }
            prop_assert_eq!(as_cells(&fast, case.side), slow.cells().to_vec());
        }
        prop_assert_eq!(fast.count(), naive::count(&slow));
    }

    #[test]
    fn bitboard_equals_naive_on_any_moves_including_errors(case in scribbles()) {
        prop_assert_eq!(
            bitboard_replay(&case),
            naive::replay(&case),
            "on this input:\n{}", to_input(std::slice::from_ref(&case))
        );
    }

    #[test]
    fn stones_on_the_board_are_four_plus_moves(case in games()) {
        let counts = naive::replay(&case).unwrap();
        prop_assert_eq!((counts.black + counts.white) as usize, 4 + case.moves.len());
    }

    #[test]
    fn a_move_changes_only_its_cell_and_bracketed_runs(case in games()) {
        let mut board = naive::start(case.side);
        for &mv in &case.moves {
            let before = board.clone();
            let flipped = naive::play(&mut board, mv).unwrap();
            for row in 0..case.side {
                for col in 0..case.side {
                    let (was, now) = (before[(row, col)], board[(row, col)]);
                    if (row, col) == (mv.row, mv.col) {
                        prop_assert_eq!(was, None);
                        prop_assert_eq!(now, Some(mv.stone));
                    } else if was.is_none() {
                        prop_assert_eq!(now, None);
                    } else if flipped.contains(&(row, col)) {
                        prop_assert_eq!(was, Some(mv.stone.opponent()));
                        prop_assert_eq!(now, Some(mv.stone));
                    } else {
                        prop_assert_eq!(now, was);
                    }
                }
            }
            // Every flipped stone lies on a straight line from the move, with
            // only opponent stones between it and the move before the change
            // and one of the mover's stones closing the line further on.
            for &(row, col) in &flipped {
                let (dr, dc) = ((row as isize - mv.row as isize).signum(), (col as isize - mv.col as isize).signum());
                let (r0, c0) = (mv.row as isize, mv.col as isize);
                let distance = (row as isize - r0).abs().max((col as isize - c0).abs());
                prop_assert!(row as isize == r0 + dr * distance && col as isize == c0 + dc * distance);
                let mut k = 1;
                loop {
                    let (r, c) = (r0 + dr * k, c0 + dc * k);
                    prop_assert!(r >= 0 && c >= 0 && (r as usize) < case.side && (c as usize) < case.side);
                    match before[(r as usize, c as usize)] {
                        Some(s) if s == mv.stone => break,
                        Some(_) => k += 1,
                        None => prop_assert!(false, "a run with a gap was flipped"),
                    }
                }
                prop_assert!(k > distance);
            }
        }
    }

    #[test]
    fn the_one_pass_run_equals_parse_then_naive(cases in prop::collection::vec(games(), 1..5)) {
        let input = to_input(&cases);
        let expected = othello::format_answers(&othello::solve(&othello::parse(input.as_bytes()).unwrap()).unwrap());
        prop_assert_eq!(String::from_utf8(othello::run(input.as_bytes()).unwrap()).unwrap(), expected);
    }

    /// Many cases, some with illegal moves, with `\n` or `\r\n` lines: the
    /// one-pass reader replays four cases side by side where it can, and
    /// must answer (or refuse, naming the same place) exactly as the plain
    /// pipeline does.
    #[test]
    fn the_one_pass_run_equals_parse_then_naive_on_many_cases(
        cases in prop::collection::vec(prop_oneof![3 => games(), 1 => scribbles()], 1..14),
        crlf in any::<bool>(),
    ) {
        // Within each board's move count, so that every refusal is a move's
        // (the plain pipeline parses every case before it plays any, so a
        // count refused in a later case would be named first there).
        let cases: Vec<Case> = cases
            .into_iter()
            .map(|mut case| {
                case.moves.truncate(case.side * case.side - 4);
                case
            })
            .collect();
        let mut input = to_input(&cases);
        if crlf {
            input = input.replace('\n', "\r\n");
        }
        let expected = othello::parse(input.as_bytes())
            .and_then(|parsed| othello::solve(&parsed))
            .map(|counts| othello::format_answers(&counts))
            .map_err(|e| e.to_string());
        let got = othello::run(input.as_bytes())
            .map(|bytes| String::from_utf8(bytes).unwrap())
            .map_err(|e| e.to_string());
        prop_assert_eq!(got, expected);
    }
}

proptest! {
    #![proptest_config(config(60))]

    /// Boards beyond the judge's, 10 to 16, go through the array replay.
    #[test]
    fn large_boards_replay_by_array(side in prop_oneof![Just(10usize), Just(12), Just(16)], seed in any::<u64>()) {
        // A legal game on a large board: replay random legal moves found by
        // the naive flips, passing when a player has none.
        let mut rng = SplitMix64::new(seed);
        let mut board = naive::start(side);
        let mut stone = Stone::Black;
        let mut moves = Vec::new();
        for _ in 0..60 {
            let mut legal = Vec::new();
            for s in [stone, stone.opponent()] {
                for row in 0..side {
                    for col in 0..side {
                        if board[(row, col)].is_none() && !naive::flips(&board, row, col, s).is_empty() {
                            legal.push(Move { row, col, stone: s, line: 0 });
                        }
                    }
                }
                if !legal.is_empty() {
                    break;
                }
            }
            if legal.is_empty() {
                break;
            }
            let mv = legal[rng.below(legal.len() as u64) as usize];
            naive::play(&mut board, mv).unwrap();
            moves.push(mv);
            stone = mv.stone.opponent();
        }
        let case = Case { side, moves };
        let input = to_input(std::slice::from_ref(&case));
        let counts = naive::count(&board);
        prop_assert_eq!(String::from_utf8(othello::run(input.as_bytes()).unwrap()).unwrap(), format!("#1 {} {}\n", counts.black, counts.white));
        prop_assert_eq!((counts.black + counts.white) as usize, 4 + case.moves.len());
    }
}
