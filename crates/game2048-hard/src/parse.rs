//! Reading the judge's input. TODO: the stand-in reads `H W`, then `H` rows
//! of `W` cells, each `.` or `#`.

use grid::input::{ascii_text, quote};
use grid::lines::LineReader;
use grid::{Grid, InputError};

/// The largest accepted height and width.
pub const MAX_SIDE: u64 = 1000;

/// A parsed input: `true` where a cell is `#`.
pub type Input = Grid<bool>;

/// Parses the input. Blank lines are skipped; CRLF and trailing spaces are
/// fine. Sizes are checked before anything is allocated for them.
pub fn parse(bytes: &[u8]) -> Result<Input, InputError> {
    let text = ascii_text(bytes)?;
    let mut lines = LineReader::new(text);
    let header = lines.expect_line("the sizes H W")?;
    let sizes = header.exact_tokens(2, "numbers (the sizes H W)")?;
    let height = sizes[0].parse_in("the height H", 1, MAX_SIDE)? as usize;
    let width = sizes[1].parse_in("the width W", 1, MAX_SIDE)? as usize;
    let mut cells = Vec::with_capacity(height * width);
    for row in 0..height {
        let line = lines.expect_line(&format!("row {} of {height}", row + 1))?;
        let text = line.text.trim_start();
        let indent = line.text.len() - text.len();
        if text.len() != width {
            return Err(InputError::at_line(
                line.number,
                format!("expected {width} cells, found {}", text.len()),
            ));
        }
        for (column, byte) in text.bytes().enumerate() {
            match byte {
                b'#' => cells.push(true),
                b'.' => cells.push(false),
                _ => {
                    return Err(InputError::at(
                        line.number,
                        indent + column + 1,
                        format!(
                            "a cell is `.` or `#`, not {}",
                            quote(&(byte as char).to_string())
                        ),
                    ))
                }
            }
        }
    }
    lines.expect_end()?;
    Grid::from_vec(height, width, cells)
        .ok_or_else(|| InputError::new("internal error: grid size mismatch"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_grid_and_names_bad_cells() {
        let grid = parse(b"2 3\n#.#\n..#\n").unwrap();
        assert_eq!((grid.rows(), grid.cols()), (2, 3));
        assert!(grid[(0, 0)] && !grid[(0, 1)]);
        let error = parse(b"1 2\n#x\n").unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 2, column 2: a cell is `.` or `#`, not \"x\""
        );
        assert!(parse(b"0 2\n").is_err());
        assert!(parse(b"1 2\n#\n").is_err());
    }
}
