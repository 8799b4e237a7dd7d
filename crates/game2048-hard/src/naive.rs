//! The reference solver: plain and obviously correct, never clever. TODO:
//! the stand-in flood-fills from every cell afresh and keeps the largest.

use crate::parse::Input;

/// The answer, the plain way.
pub fn solve(input: &Input) -> usize {
    let (rows, cols) = (input.rows(), input.cols());
    let mut largest = 0;
    for start in 0..rows * cols {
        if !input[(start / cols, start % cols)] {
            continue;
        }
        let mut seen = vec![false; rows * cols];
        let mut stack = vec![start];
        seen[start] = true;
        let mut size = 0;
        while let Some(cell) = stack.pop() {
            size += 1;
            let (r, c) = (cell / cols, cell % cols);
            for (nr, nc) in grid::dir::neighbours4((r, c), rows, cols) {
                let next = nr * cols + nc;
                if input[(nr, nc)] && !seen[next] {
                    seen[next] = true;
                    stack.push(next);
                }
            }
        }
        largest = largest.max(size);
    }
    largest
}
