//! Othello's search and the model of its planted bugs.

use super::Smallest;

/// An Othello move: row and column from 1, and the colour (1 or 2).
type Placed = (usize, usize, u8);

/// An Othello case: its side and its moves.
type OthelloCase = (usize, Vec<Placed>);

/// Whether an Othello case fails, given its input too.
type OthelloFails<'a> = &'a dyn Fn(&str, &OthelloCase) -> bool;

/// The board sides the Othello search tries.
const OTHELLO_SIDES: [usize; 2] = [4, 6];

/// The first failing case, moves counted: one case on a board of side 4
/// or 6, every sequence of legal moves.
pub(super) fn othello(fails: impl Fn(&str, &OthelloCase) -> bool) -> Option<Smallest> {
    for length in 0..=8usize {
        for side in OTHELLO_SIDES {
            let mut moves = Vec::new();
            if let Some(input) = othello_sequences(side, length, &mut moves, &fails) {
                return Some(Smallest {
                    measure: length as u64,
                    input,
                });
            }
        }
    }
    None
}

/// Extends `moves` by legal moves to `length` in every way, and returns
/// the first failing case's input.
fn othello_sequences(
    side: usize,
    length: usize,
    moves: &mut Vec<Placed>,
    fails: OthelloFails,
) -> Option<String> {
    if moves.len() == length {
        let case = (side, moves.clone());
        let mut input = format!("1\n{side} {length}\n");
        for (x, y, colour) in moves.iter() {
            input.push_str(&format!("{x} {y} {colour}\n"));
        }
        return fails(&input, &case).then_some(input);
    }
    let board = othello_board(side, moves, false, false);
    for x in 1..=side {
        for y in 1..=side {
            for colour in [1, 2] {
                if board[x][y] == 0 && flips(&board, side, (x, y, colour), false, false) > 0 {
                    moves.push((x, y, colour));
                    let found = othello_sequences(side, length, moves, fails);
                    moves.pop();
                    if found.is_some() {
                        return found;
                    }
                }
            }
        }
    }
    None
}

/// The board after `moves`, flipping as the solutions do: `edge_closes`
/// takes a run that reaches the edge as closed (buggy.cpp), `no_diagonals`
/// flips along rows and columns only (buggy.py).
fn othello_board(
    side: usize,
    moves: &[Placed],
    edge_closes: bool,
    no_diagonals: bool,
) -> Vec<Vec<u8>> {
    let mut board = vec![vec![0u8; side + 2]; side + 2];
    let h = side / 2;
    board[h][h] = 2;
    board[h + 1][h + 1] = 2;
    board[h][h + 1] = 1;
    board[h + 1][h] = 1;
    for &placed in moves {
        let runs = flip_runs(&board, side, placed, edge_closes, no_diagonals);
        let (x, y, colour) = placed;
        board[x][y] = colour;
        for (cx, cy) in runs {
            board[cx][cy] = colour;
        }
    }
    board
}

/// How many stones `placed` flips.
fn flips(
    board: &[Vec<u8>],
    side: usize,
    placed: Placed,
    edge_closes: bool,
    no_diagonals: bool,
) -> usize {
    flip_runs(board, side, placed, edge_closes, no_diagonals).len()
}

/// The stones `placed` flips.
fn flip_runs(
    board: &[Vec<u8>],
    side: usize,
    placed: Placed,
    edge_closes: bool,
    no_diagonals: bool,
) -> Vec<(usize, usize)> {
    let (x, y, colour) = placed;
    let inside = |cx: i64, cy: i64| cx >= 1 && cx <= side as i64 && cy >= 1 && cy <= side as i64;
    let mut out = Vec::new();
    for dx in -1i64..=1 {
        for dy in -1i64..=1 {
            if (dx, dy) == (0, 0) || no_diagonals && dx != 0 && dy != 0 {
                continue;
            }
            let (mut cx, mut cy) = (x as i64 + dx, y as i64 + dy);
            let mut run = Vec::new();
            while inside(cx, cy) && board[cx as usize][cy as usize] == 3 - colour {
                run.push((cx as usize, cy as usize));
                cx += dx;
                cy += dy;
            }
            let closed = if inside(cx, cy) {
                board[cx as usize][cy as usize] == colour
            } else {
                edge_closes
            };
            if closed {
                out.extend(run);
            }
        }
    }
    out
}

/// What an Othello solution prints for one case.
pub(super) fn othello_model(case: &OthelloCase, edge_closes: bool, no_diagonals: bool) -> String {
    let (side, moves) = case;
    let board = othello_board(*side, moves, edge_closes, no_diagonals);
    let count = |stone: u8| board.iter().flatten().filter(|&&s| s == stone).count();
    format!("#1 {} {}\n", count(1), count(2))
}
