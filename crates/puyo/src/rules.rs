//! The rules every engine shares: the size of a group that pops, and how
//! puyos fall (which `--settle` also uses before the chain starts).

use grid::compact::compact_toward_start;

use crate::field::{Field, EMPTY};

/// The smallest group that pops.
pub const POP_SIZE: usize = 4;

/// Lets every puyo fall as far as it goes in its column.
pub fn fall(field: &mut Field) {
    let rows = field.rows();
    let mut column = Vec::with_capacity(rows);
    for col in 0..field.cols() {
        // Read the column bottom-up, compact it toward the bottom, write it back.
        column.clear();
        column.extend((0..rows).rev().map(|row| field[(row, col)]));
        compact_toward_start(&mut column, EMPTY, |c| c == EMPTY);
        for (k, &cell) in column.iter().enumerate() {
            field[(rows - 1 - k, col)] = cell;
        }
    }
}
