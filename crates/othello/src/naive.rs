//! The reference replay: a plain array board, walking each of the eight
//! directions cell by cell. O(N) work per direction, so O(N) per move.

use grid::dir::{step, DIRS8};
use grid::{Grid, InputError};

use crate::game::{starting_stones, Case, Counts, Move, Stone};

/// A board: `None` for an empty cell.
pub type Board = Grid<Option<Stone>>;

/// The starting board of a side.
pub fn start(side: usize) -> Board {
    let mut board = Grid::new(side, side, None);
    for (row, col, stone) in starting_stones(side) {
        board[(row, col)] = Some(stone);
    }
    board
}

/// The cells a move would flip: every straight run of the opponent's stones
/// that ends at one of the mover's stones. Empty when the move flips nothing.
pub fn flips(board: &Board, row: usize, col: usize, stone: Stone) -> Vec<(usize, usize)> {
    let side = board.rows();
    let mut flipped = Vec::new();
    for direction in DIRS8 {
        let mut run = Vec::new();
        let mut cell = step((row, col), direction, side, side);
        while let Some(at) = cell {
            if board[at] == Some(stone.opponent()) {
                run.push(at);
                cell = step(at, direction, side, side);
            } else {
                break;
            }
        }
        // The run counts only if it is closed by one of the mover's stones.
        if cell.is_some_and(|at| board[at] == Some(stone)) {
            flipped.extend(run);
        }
    }
    flipped
}

/// Plays one move, checking it: the cell must be empty and the move must
/// flip something. Returns the flipped cells.
pub fn play(board: &mut Board, mv: Move) -> Result<Vec<(usize, usize)>, InputError> {
    let (row, col) = (mv.row, mv.col);
    if let Some(holder) = board[(row, col)] {
        return Err(crate::game::occupied_error(mv, holder));
    }
    let flipped = flips(board, row, col, mv.stone);
    if flipped.is_empty() {
        return Err(crate::game::no_flip_error(mv));
    }
    board[(row, col)] = Some(mv.stone);
    for &cell in &flipped {
        board[cell] = Some(mv.stone);
    }
    Ok(flipped)
}

/// The stone counts of a board.
pub fn count(board: &Board) -> Counts {
    let black = board
        .cells()
        .iter()
        .filter(|c| **c == Some(Stone::Black))
        .count() as u32;
    let white = board
        .cells()
        .iter()
        .filter(|c| **c == Some(Stone::White))
        .count() as u32;
    Counts { black, white }
}

/// Replays a case and counts the stones.
pub fn replay(case: &Case) -> Result<Counts, InputError> {
    let mut board = start(case.side);
    for &mv in &case.moves {
        play(&mut board, mv)?;
    }
    Ok(count(&board))
}
