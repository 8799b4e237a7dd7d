//! A footholds position as read from the input.

/// The most cells a board may have: the fast solver keeps a board in a `u64`.
pub const MAX_CELLS: usize = 64;

/// A board and the two players' starting cells (flat indices, row-major).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub height: usize,
    pub width: usize,
    /// `true` where there is a foothold, row-major.
    pub cells: Vec<bool>,
    /// Player A's cell (A moves first).
    pub a: usize,
    /// Player B's cell.
    pub b: usize,
}

impl Game {
    /// A game; `cells.len()` must be `height * width`.
    pub fn new(height: usize, width: usize, cells: Vec<bool>, a: usize, b: usize) -> Self {
        Game {
            height,
            width,
            cells,
            a,
            b,
        }
    }

    /// The in-board orthogonal neighbours of cell `index`.
    pub fn neighbours(&self, index: usize) -> impl Iterator<Item = usize> {
        let (height, width) = (self.height, self.width);
        grid::dir::neighbours4((index / width, index % width), height, width)
            .map(move |(r, c)| r * width + c)
    }
}
