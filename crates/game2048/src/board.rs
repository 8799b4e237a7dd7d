//! The board: an N × N grid of tile values, 0 for an empty cell.

use grid::Grid;

/// The largest board side accepted (the judge's is 20).
pub const MAX_SIDE: usize = 64;
/// The largest tile exponent accepted: tiles go up to 2^30 (the judge's
/// largest is 2^10 = 1024). Five merges per move past that could still
/// double a tile, so answers are computed in `u64`.
pub const MAX_EXPONENT: u32 = 30;

/// One of the four moves; every block slides toward that side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Left,
    Right,
    Up,
    Down,
}

impl Move {
    /// All four moves.
    pub const ALL: [Move; 4] = [Move::Left, Move::Right, Move::Up, Move::Down];

    /// The one-letter name used by `--explain` (`L`, `R`, `U`, `D`).
    pub fn letter(self) -> char {
        match self {
            Move::Left => 'L',
            Move::Right => 'R',
            Move::Up => 'U',
            Move::Down => 'D',
        }
    }
}

/// The cells of line `fixed` (a row for left and right, a column for up
/// and down) of an `n × n` board, ordered from the wall the tiles move
/// toward inward: the order a move slides them in.
pub fn line_cells(n: usize, direction: Move, fixed: usize) -> Vec<(usize, usize)> {
    (0..n)
        .map(|k| match direction {
            Move::Left => (fixed, k),
            Move::Right => (fixed, n - 1 - k),
            Move::Up => (k, fixed),
            Move::Down => (n - 1 - k, fixed),
        })
        .collect()
}

/// A square board of tile values (0 = empty).
pub type Board = Grid<u64>;

/// The largest tile on the board (0 for an empty board).
pub fn largest_tile(board: &Board) -> u64 {
    board.cells().iter().copied().max().unwrap_or(0)
}

/// Formats a board as the judge's input rows, one line per row.
pub fn board_to_string(board: &Board) -> String {
    let mut out = String::new();
    for r in 0..board.rows() {
        let row: Vec<String> = board.row(r).iter().map(u64::to_string).collect();
        out.push_str(&row.join(" "));
        out.push('\n');
    }
    out
}
