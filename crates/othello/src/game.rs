//! A game record as read from the input.

use grid::InputError;

/// The colour of a stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stone {
    Black,
    White,
}

impl Stone {
    /// The other colour.
    pub fn opponent(self) -> Stone {
        match self {
            Stone::Black => Stone::White,
            Stone::White => Stone::Black,
        }
    }

    /// 0 for black, 1 for white: an index into per-colour arrays.
    pub fn index(self) -> usize {
        match self {
            Stone::Black => 0,
            Stone::White => 1,
        }
    }

    /// `B` or `W`, as `--explain` draws it.
    pub fn letter(self) -> char {
        match self {
            Stone::Black => 'B',
            Stone::White => 'W',
        }
    }
}

/// One move: a stone placed at `(row, col)` (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    pub row: usize,
    pub col: usize,
    pub stone: Stone,
    /// The input line the move was read from, for error messages.
    pub line: usize,
}

/// One test case: the board side and its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    pub side: usize,
    pub moves: Vec<Move>,
}

/// Stone counts after a replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counts {
    pub black: u32,
    pub white: u32,
}

/// The smallest and largest board sides accepted (the judge's are 4, 6, 8).
pub const MIN_SIDE: usize = 4;
pub const MAX_SIDE: usize = 16;

/// The four starting stones: white on the two central cells of the main
/// diagonal, black on the other two.
pub fn starting_stones(side: usize) -> [(usize, usize, Stone); 4] {
    let (low, high) = (side / 2 - 1, side / 2);
    [
        (low, low, Stone::White),
        (high, high, Stone::White),
        (low, high, Stone::Black),
        (high, low, Stone::Black),
    ]
}

/// The error for a move on an occupied cell.
pub fn occupied_error(mv: Move, holder: Stone) -> InputError {
    let colour = match holder {
        Stone::Black => "black",
        Stone::White => "white",
    };
    InputError::at_line(
        mv.line,
        format!(
            "the cell x={} y={} already holds a {colour} stone",
            mv.col + 1,
            mv.row + 1
        ),
    )
}

/// The error for a move that flips nothing.
pub fn no_flip_error(mv: Move) -> InputError {
    InputError::at_line(
        mv.line,
        format!(
            "the move x={} y={} flips no stone, so it cannot be played",
            mv.col + 1,
            mv.row + 1
        ),
    )
}
