//! Reading the judge's input: N, then N lines of N tile values.

use grid::input::{ascii_text, quote};
use grid::lines::{LineReader, Token};
use grid::{Grid, InputError};

use crate::board::{Board, MAX_EXPONENT, MAX_SIDE};

/// Parses `N` and the `N × N` board. Tiles are 0 or a power of two from 2 to
/// 2^30. Blank lines are skipped; CRLF and trailing spaces are fine.
pub fn parse(bytes: &[u8]) -> Result<Board, InputError> {
    let text = ascii_text(bytes)?;
    let mut lines = LineReader::new(text);
    let header = lines.expect_line("the board size N")?;
    let side_token = header.exact_tokens(1, "number (the board size N)")?[0];
    let side = side_token.parse_in("the board size N", 1, MAX_SIDE as u64)? as usize;

    let mut cells = Vec::with_capacity(side * side);
    for row in 0..side {
        let line = lines.expect_line(&format!("row {} of {side}", row + 1))?;
        for token in line.exact_tokens(side, "tile values")? {
            cells.push(parse_tile(&token)?);
        }
    }
    lines.expect_end()?;
    Grid::from_vec(side, side, cells)
        .ok_or_else(|| InputError::new("internal error: board size mismatch"))
}

/// One tile: 0, or a power of two from 2 to 2^MAX_EXPONENT.
fn parse_tile(token: &Token<'_>) -> Result<u64, InputError> {
    let not_a_tile = || {
        token.error(format!(
            "a tile must be 0 or a power of two from 2 to 2^{MAX_EXPONENT}, found {}",
            quote(token.text)
        ))
    };
    // A number too large for u64 is simply not a valid tile; other errors
    // (a negative number, not a number) keep their own message.
    let value = token.parse_u64("a tile value").map_err(|e| {
        if e.message.ends_with("too large") {
            not_a_tile()
        } else {
            e
        }
    })?;
    let is_tile = value >= 2 && value.is_power_of_two() && value.trailing_zeros() <= MAX_EXPONENT;
    if value == 0 || is_tile {
        Ok(value)
    } else {
        Err(not_a_tile())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_sample() {
        let board = parse(b"3\n2 2 2\n4 4 4\n8 8 8\n").unwrap();
        assert_eq!(board.rows(), 3);
        assert_eq!(board[(2, 1)], 8);
    }

    #[test]
    fn accepts_crlf_and_no_final_newline() {
        assert!(parse(b"2\r\n2 0 \r\n0 4").is_ok());
    }

    #[test]
    fn rejects_bad_boards_with_positions() {
        let e = parse(b"2\n2 3\n0 0\n").unwrap_err();
        assert_eq!((e.line, e.column), (Some(2), Some(3)));
        let e = parse(b"2\n2 2 2\n0 0\n").unwrap_err();
        assert_eq!(e.line, Some(2));
        let e = parse(b"2\n2 2\n").unwrap_err();
        assert!(e.message.contains("row 2 of 2"), "{e}");
        assert!(parse(b"").is_err());
        assert!(parse(b"0\n").is_err());
        assert!(parse(b"65\n").is_err());
        assert!(parse(b"1\n1\n").is_err());
        assert!(parse(b"1\n2147483648\n").is_err());
        assert!(parse(b"1\n1073741824\n").is_ok());
        assert!(parse(b"1\n2\n5\n").is_err());
    }
}
