//! Connected components of a grid, found without recursion.

use crate::dir::neighbours4;
use crate::grid::Grid;

/// The orthogonally connected components of the cells for which `include`
/// holds, where two neighbouring cells join when `joins(a, b)` holds.
///
/// Each component is a list of `(row, col)` cells in the order they were
/// reached. An explicit stack replaces recursion, so a component as large as
/// the grid cannot overflow the call stack.
pub fn components<T>(
    grid: &Grid<T>,
    include: impl Fn(&T) -> bool,
    joins: impl Fn(&T, &T) -> bool,
) -> Vec<Vec<(usize, usize)>> {
    let (rows, cols) = (grid.rows(), grid.cols());
    let mut seen = vec![false; rows * cols];
    let mut found = Vec::new();
    let mut stack = Vec::new();
    for start in 0..rows * cols {
        let start_cell = grid.position_of(start);
        if seen[start] || !include(&grid[start_cell]) {
            continue;
        }
        seen[start] = true;
        stack.push(start_cell);
        let mut component = Vec::new();
        while let Some(cell) = stack.pop() {
            component.push(cell);
            for next in neighbours4(cell, rows, cols) {
                let index = grid.index_of(next.0, next.1);
                if !seen[index] && include(&grid[next]) && joins(&grid[cell], &grid[next]) {
                    seen[index] = true;
                    stack.push(next);
                }
            }
        }
        found.push(component);
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn separates_by_value_and_skips_excluded() {
        // a a .
        // b a .
        // b . a
        let g = Grid::from_vec(3, 3, "aa.ba.b.a".bytes().collect()).unwrap();
        let mut sizes: Vec<usize> = components(&g, |&c| c != b'.', |a, b| a == b)
            .iter()
            .map(Vec::len)
            .collect();
        sizes.sort();
        assert_eq!(sizes, vec![1, 2, 3]);
    }

    #[test]
    fn a_huge_component_does_not_recurse() {
        let g = Grid::new(2000, 500, 1u8);
        let found = components(&g, |_| true, |a, b| a == b);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].len(), 1_000_000);
    }
}
