//! Direction steps on a grid, with bounds checks.

/// The four orthogonal steps `(d_row, d_col)`: up, right, down, left.
pub const DIRS4: [(isize, isize); 4] = [(-1, 0), (0, 1), (1, 0), (0, -1)];

/// The eight king steps `(d_row, d_col)`, clockwise from up.
pub const DIRS8: [(isize, isize); 8] = [
    (-1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
];

/// The cell one `step` away from `(row, col)` on a `rows × cols` grid, or
/// `None` when that step leaves the grid.
pub fn step(
    (row, col): (usize, usize),
    (d_row, d_col): (isize, isize),
    rows: usize,
    cols: usize,
) -> Option<(usize, usize)> {
    let r = row.checked_add_signed(d_row)?;
    let c = col.checked_add_signed(d_col)?;
    if r < rows && c < cols {
        Some((r, c))
    } else {
        None
    }
}

/// The in-grid orthogonal neighbours of `(row, col)`.
pub fn neighbours4(
    cell: (usize, usize),
    rows: usize,
    cols: usize,
) -> impl Iterator<Item = (usize, usize)> {
    DIRS4
        .into_iter()
        .filter_map(move |d| step(cell, d, rows, cols))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_stay_inside() {
        assert_eq!(step((0, 0), (-1, 0), 3, 3), None);
        assert_eq!(step((0, 0), (0, -1), 3, 3), None);
        assert_eq!(step((2, 2), (1, 1), 3, 3), None);
        assert_eq!(step((1, 1), (1, -1), 3, 3), Some((2, 0)));
    }

    #[test]
    fn corner_has_two_neighbours() {
        let n: Vec<_> = neighbours4((0, 0), 2, 2).collect();
        assert_eq!(n, vec![(0, 1), (1, 0)]);
        assert_eq!(neighbours4((0, 0), 1, 1).count(), 0);
    }
}
