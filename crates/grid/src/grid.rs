//! A rectangular grid stored row by row in one flat vector.

use std::ops::{Index, IndexMut};

/// A `rows × cols` grid of `T`, stored row-major in one `Vec`.
///
/// Indexing takes `(row, col)` and panics out of bounds, like a slice;
/// [`Grid::get`] is the checked form.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid<T> {
    rows: usize,
    cols: usize,
    cells: Vec<T>,
}

impl<T: Clone> Grid<T> {
    /// A grid with every cell set to `fill`.
    pub fn new(rows: usize, cols: usize, fill: T) -> Self {
        Grid {
            rows,
            cols,
            cells: vec![fill; rows * cols],
        }
    }

    /// The grid transposed: cell `(r, c)` moves to `(c, r)`.
    pub fn transpose(&self) -> Self {
        self.remap(self.cols, self.rows, |r, c| (c, r))
    }

    /// The grid turned a quarter turn clockwise: the first column, read
    /// bottom to top, becomes the first row.
    pub fn rotate_cw(&self) -> Self {
        self.remap(self.cols, self.rows, |r, c| (self.rows - 1 - c, r))
    }

    /// The grid mirrored left to right.
    pub fn mirror_cols(&self) -> Self {
        self.remap(self.rows, self.cols, |r, c| (r, self.cols - 1 - c))
    }

    /// Builds a `rows × cols` grid whose cell `(r, c)` is this grid's cell
    /// `source(r, c)`.
    fn remap(
        &self,
        rows: usize,
        cols: usize,
        source: impl Fn(usize, usize) -> (usize, usize),
    ) -> Self {
        let mut cells = Vec::with_capacity(rows * cols);
        for r in 0..rows {
            for c in 0..cols {
                cells.push(self[source(r, c)].clone());
            }
        }
        Grid { rows, cols, cells }
    }
}

impl<T> Grid<T> {
    /// Wraps row-major `cells`; `None` unless `cells.len() == rows * cols`.
    pub fn from_vec(rows: usize, cols: usize, cells: Vec<T>) -> Option<Self> {
        if rows.checked_mul(cols) == Some(cells.len()) {
            Some(Grid { rows, cols, cells })
        } else {
            None
        }
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The cell at `(row, col)`, or `None` outside the grid.
    pub fn get(&self, row: usize, col: usize) -> Option<&T> {
        if row < self.rows && col < self.cols {
            self.cells.get(row * self.cols + col)
        } else {
            None
        }
    }

    /// One row as a slice.
    pub fn row(&self, row: usize) -> &[T] {
        &self.cells[row * self.cols..(row + 1) * self.cols]
    }

    /// One row as a mutable slice.
    pub fn row_mut(&mut self, row: usize) -> &mut [T] {
        &mut self.cells[row * self.cols..(row + 1) * self.cols]
    }

    /// All cells, row-major.
    pub fn cells(&self) -> &[T] {
        &self.cells
    }

    /// The flat index of `(row, col)`.
    pub fn index_of(&self, row: usize, col: usize) -> usize {
        row * self.cols + col
    }

    /// The `(row, col)` of a flat index.
    pub fn position_of(&self, index: usize) -> (usize, usize) {
        (index / self.cols, index % self.cols)
    }
}

impl<T> Index<(usize, usize)> for Grid<T> {
    type Output = T;
    fn index(&self, (row, col): (usize, usize)) -> &T {
        assert!(
            row < self.rows && col < self.cols,
            "({row}, {col}) is outside the grid"
        );
        &self.cells[row * self.cols + col]
    }
}

impl<T> IndexMut<(usize, usize)> for Grid<T> {
    fn index_mut(&mut self, (row, col): (usize, usize)) -> &mut T {
        assert!(
            row < self.rows && col < self.cols,
            "({row}, {col}) is outside the grid"
        );
        &mut self.cells[row * self.cols + col]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Grid<u8> {
        // 1 2 3
        // 4 5 6
        Grid::from_vec(2, 3, vec![1, 2, 3, 4, 5, 6]).unwrap()
    }

    #[test]
    fn rotate_cw_turns_a_quarter() {
        let turned = sample().rotate_cw();
        assert_eq!((turned.rows(), turned.cols()), (3, 2));
        assert_eq!(turned.cells(), &[4, 1, 5, 2, 6, 3]);
    }

    #[test]
    fn four_rotations_are_the_identity() {
        let g = sample();
        assert_eq!(g.rotate_cw().rotate_cw().rotate_cw().rotate_cw(), g);
    }

    #[test]
    fn transpose_and_mirror() {
        assert_eq!(sample().transpose().cells(), &[1, 4, 2, 5, 3, 6]);
        assert_eq!(sample().mirror_cols().cells(), &[3, 2, 1, 6, 5, 4]);
    }

    #[test]
    fn checked_access() {
        let g = sample();
        assert_eq!(g.get(1, 2), Some(&6));
        assert_eq!(g.get(2, 0), None);
        assert_eq!(g.get(0, 3), None);
        assert!(Grid::from_vec(2, 2, vec![0u8; 3]).is_none());
    }
}
