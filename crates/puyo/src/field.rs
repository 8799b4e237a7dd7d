//! The field: rows of cells, top row first.

use grid::Grid;

/// An empty cell.
pub const EMPTY: u8 = b'.';
/// A garbage (nuisance) puyo: it never joins a group, and it is cleared when
/// an orthogonal neighbour pops.
pub const GARBAGE: u8 = b'O';

/// A field of cells: `.` empty, `O` garbage, any other uppercase letter a
/// colour. Row 0 is the top.
pub type Field = Grid<u8>;

/// Whether a cell holds a coloured puyo (one that can form a group).
pub fn is_colour(cell: u8) -> bool {
    cell.is_ascii_uppercase() && cell != GARBAGE
}

/// Formats a field as input rows.
pub fn field_to_string(field: &Field) -> String {
    let mut out = String::with_capacity(field.rows() * (field.cols() + 1));
    for r in 0..field.rows() {
        out.extend(field.row(r).iter().map(|&c| c as char));
        out.push('\n');
    }
    out
}
