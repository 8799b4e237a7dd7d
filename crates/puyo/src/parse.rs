//! Reading the field: rows of `.` and colour letters, all the same width.

use grid::input::ascii_text;
use grid::{Grid, InputError};

use crate::field::{Field, EMPTY, GARBAGE};

/// The largest accepted height and width (the judge's field is 12 × 6).
pub const MAX_SIDE: usize = 1 << 16;
/// The largest accepted number of cells.
pub const MAX_CELLS: usize = 1 << 26;

/// How to treat a puyo above an empty cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Floating {
    /// An error: the judge guarantees a settled field.
    Reject,
    /// Let everything fall first (`--settle`).
    Settle,
}

/// Parses a field. Blank lines are skipped (anywhere: a pasted field often
/// has one), as are CRLF and trailing spaces. The rows are read one by one
/// and the size limits checked as they go, so no input makes the parser
/// hold more than the field's own cells.
pub fn parse(bytes: &[u8], floating: Floating) -> Result<Field, InputError> {
    let text = ascii_text(bytes)?;
    // The field has fewer cells than the input has bytes: one allocation,
    // never a doubling past what the input needs.
    let mut cells = Vec::with_capacity(text.len().min(MAX_CELLS));
    let mut width = 0;
    let mut height = 0;
    for (index, raw) in text.split('\n').enumerate() {
        let row = raw.trim_end();
        if row.is_empty() {
            continue;
        }
        let line = index + 1;
        if let Some(column) = row
            .bytes()
            .position(|b| !(b == EMPTY || b.is_ascii_uppercase()))
        {
            let found = row.as_bytes()[column];
            let hint = if found == b',' {
                " (cells are written side by side, without commas)"
            } else {
                ""
            };
            // A tab or a carriage return shown as itself would move the
            // terminal's cursor: control characters are named by code.
            let shown = if found.is_ascii_control() {
                format!("control character 0x{found:02X}")
            } else {
                format!("character '{}'", found as char)
            };
            return Err(InputError::at(
                line,
                column + 1,
                format!("unexpected {shown}: a cell is '.', a colour letter A-Z, or 'O' for garbage{hint}"),
            ));
        }
        if height == 0 {
            width = row.len();
            if width > MAX_SIDE {
                return Err(InputError::at_line(
                    line,
                    format!("the first row is {width} cells wide; at most {MAX_SIDE} columns are accepted"),
                ));
            }
        } else if row.len() != width {
            return Err(InputError::at(
                line,
                row.len().min(width) + 1,
                format!(
                    "every row must be {width} cells wide like the first, this one is {}",
                    row.len()
                ),
            ));
        }
        height += 1;
        if height > MAX_SIDE || height * width > MAX_CELLS {
            return Err(InputError::at_line(
                line,
                format!(
                    "the field has more than {} rows of {width}; at most {MAX_SIDE} rows, {MAX_SIDE} columns and {MAX_CELLS} cells are accepted",
                    height - 1
                ),
            ));
        }
        cells.extend_from_slice(row.as_bytes());
    }
    if height == 0 {
        return Err(InputError::new(
            "the input is empty: expected the rows of the field",
        ));
    }
    let mut field = Grid::from_vec(height, width, cells)
        .ok_or_else(|| InputError::new("internal error: field size"))?;
    match floating {
        Floating::Reject => check_settled(&field)?,
        Floating::Settle => crate::rules::fall(&mut field),
    }
    Ok(field)
}

/// An error naming the first puyo (top to bottom, left to right) that has an
/// empty cell somewhere below it.
fn check_settled(field: &Field) -> Result<(), InputError> {
    for col in 0..field.cols() {
        // Scanning bottom-up, a puyo after an empty cell floats.
        let mut empty_below = None;
        let mut floating = None;
        for row in (0..field.rows()).rev() {
            let cell = field[(row, col)];
            if cell == EMPTY {
                empty_below = Some(row);
            } else if let Some(gap) = empty_below {
                floating = Some((row, gap, cell));
            }
        }
        if let Some((row, gap, cell)) = floating {
            let what = if cell == GARBAGE {
                "garbage puyo"
            } else {
                "puyo"
            };
            return Err(InputError::at(
                row + 1,
                col + 1,
                format!(
                    "the {what} '{}' floats above the empty cell on line {} (the field must be settled; --settle lets it fall)",
                    cell as char,
                    gap + 1
                ),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_field() {
        let f = parse(b"..\r\nRG\n\n", Floating::Reject).unwrap();
        assert_eq!((f.rows(), f.cols()), (2, 2));
        assert_eq!(f[(1, 1)], b'G');
    }

    #[test]
    fn rejects_bad_fields() {
        let e = parse(b"..\nR.x\n", Floating::Reject).unwrap_err();
        assert_eq!((e.line, e.column), (Some(2), Some(3)));
        let e = parse(b"...\nR.\n", Floating::Reject).unwrap_err();
        assert_eq!(e.line, Some(2));
        let e = parse(b"R.\n..\n", Floating::Reject).unwrap_err();
        assert_eq!((e.line, e.column), (Some(1), Some(1)));
        assert!(parse(b"", Floating::Reject).is_err());
        let e = parse(b"R,G\n", Floating::Reject).unwrap_err();
        assert!(e.message.contains("without commas"), "{e}");
        assert!(parse(b"\n\n", Floating::Reject).is_err());
        assert!(parse(b"r\n", Floating::Reject).is_err());
    }

    #[test]
    fn blank_lines_are_skipped_anywhere() {
        let f = parse(b"\n..\n\n  \nRG\n", Floating::Reject).unwrap();
        assert_eq!(f.cells(), b"..RG");
        // Line numbers still count the blank lines.
        let e = parse(b"..\n\nR.x\n", Floating::Reject).unwrap_err();
        assert_eq!((e.line, e.column), (Some(3), Some(3)));
    }

    #[test]
    fn settle_lets_puyos_fall() {
        let f = parse(b"R.\n.G\n..\n", Floating::Settle).unwrap();
        assert_eq!(f.cells(), b"....RG");
    }
}
