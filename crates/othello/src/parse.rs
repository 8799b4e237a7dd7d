//! Reading the judge's input: T, then per case `N M` and M lines `x y color`.
//!
//! The [`Reader`] reads in one pass over the bytes without allocating per
//! token, so that the replay can consume moves as they are read; [`parse`]
//! collects everything, for tests and the reference solver.

use grid::input::ascii_text;
use grid::scanner::Scanner;
use grid::InputError;

use crate::game::{Case, Move, Stone, MAX_SIDE, MIN_SIDE};

/// The most test cases one input may hold.
pub const MAX_CASES: u64 = 1_000_000;

/// Reads cases and moves one at a time. Coordinates are 1-based; `x` is read
/// as the column and `y` as the row (the counts do not depend on that choice,
/// since the starting position and the rules are symmetric under
/// transposition).
pub struct Reader<'a> {
    scanner: Scanner<'a>,
    cases: usize,
}

impl<'a> Reader<'a> {
    /// Checks the text and reads T.
    pub fn new(bytes: &'a [u8]) -> Result<Self, InputError> {
        let text = ascii_text(bytes)?;
        let mut scanner = Scanner::new(text);
        scanner.expect_record("the number of test cases T")?;
        let what = "number (the number of test cases T)";
        let cases = scanner.number("the number of test cases T", 0, MAX_CASES, 1, what)? as usize;
        scanner.end_line(1, what)?;
        Ok(Reader { scanner, cases })
    }

    /// The number of cases, T.
    pub fn cases(&self) -> usize {
        self.cases
    }

    /// Reads a case's line `N M`; returns the side and the number of moves.
    pub fn header(&mut self) -> Result<(usize, usize), InputError> {
        let s = &mut self.scanner;
        s.expect_record("the line `N M`")?;
        let what = "numbers (N and M)";
        let (line, column) = (s.line(), s.next_column());
        let side = s.number(
            "the board size N",
            MIN_SIDE as u64,
            MAX_SIDE as u64,
            2,
            what,
        )? as usize;
        if side % 2 != 0 {
            return Err(InputError::at(
                line,
                column,
                format!("the board size N must be even, found {side}"),
            ));
        }
        let empty_cells = (side * side - 4) as u64;
        let moves = s.number("the number of moves M", 0, empty_cells, 2, what)? as usize;
        s.end_line(2, what)?;
        Ok((side, moves))
    }

    /// Reads move `index` (0-based) of `count` on a `side × side` board.
    pub fn next_move(
        &mut self,
        side: usize,
        index: usize,
        count: usize,
    ) -> Result<Move, InputError> {
        let s = &mut self.scanner;
        s.expect_record_with(|| format!("move {} of {count} (`x y color`)", index + 1))?;
        let line = s.line();
        // Most move lines are `x y c` with one-digit numbers: read those in
        // place; anything else (or out of range) goes the general way, which
        // also words the errors.
        let in_range = |&[x, y, colour]: &[u8; 3]| {
            let on_board = |v: u8| (1..=side).contains(&usize::from(v));
            on_board(x) && on_board(y) && (colour == 1 || colour == 2)
        };
        if let Some([x, y, colour]) = s.small_numbers(in_range) {
            return Ok(Move {
                row: usize::from(y) - 1,
                col: usize::from(x) - 1,
                stone: if colour == 1 {
                    Stone::Black
                } else {
                    Stone::White
                },
                line,
            });
        }
        let what = "numbers (`x y color`)";
        let x = s.number("the coordinate x", 1, side as u64, 3, what)? as usize;
        let y = s.number("the coordinate y", 1, side as u64, 3, what)? as usize;
        let stone = match s.number("the colour (1 black, 2 white)", 1, 2, 3, what)? {
            1 => Stone::Black,
            _ => Stone::White,
        };
        s.end_line(3, what)?;
        Ok(Move {
            row: y - 1,
            col: x - 1,
            stone,
            line,
        })
    }

    /// Succeeds when nothing but white space follows the last case.
    pub fn finish(mut self) -> Result<(), InputError> {
        self.scanner.expect_end()
    }
}

/// Parses every case.
pub fn parse(bytes: &[u8]) -> Result<Vec<Case>, InputError> {
    let mut reader = Reader::new(bytes)?;
    let mut cases = Vec::new();
    for case_number in 1..=reader.cases() {
        let in_case = |e: InputError| e.in_case(case_number);
        let (side, count) = reader.header().map_err(in_case)?;
        // No allocation sized by M: a header that promises more moves than the
        // input holds must end in an error, not in a large reservation.
        let mut moves = Vec::new();
        for index in 0..count {
            moves.push(reader.next_move(side, index, count).map_err(in_case)?);
        }
        cases.push(Case { side, moves });
    }
    reader.finish()?;
    Ok(cases)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_cases() {
        let cases = parse(b"2\n4 1\n1 2 1\n6 0\n").unwrap();
        assert_eq!(cases.len(), 2);
        assert_eq!(cases[0].moves[0].row, 1);
        assert_eq!(cases[0].moves[0].col, 0);
        assert_eq!(cases[0].moves[0].line, 3);
        assert_eq!(cases[1].side, 6);
    }

    #[test]
    fn errors_name_case_line_and_column() {
        let e = parse(b"2\n4 0\n4 1\n5 1 1\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "case 2, line 4, column 1: the coordinate x must be from 1 to 4, found 5"
        );
        let e = parse(b"1\n4 2\n1 2 1\n").unwrap_err();
        assert!(e.to_string().starts_with("case 1, line 3:"), "{e}");
        assert!(parse(b"1\n5 0\n").is_err());
        assert!(parse(b"1\n4 13\n").is_err());
        assert!(parse(b"1\n4 1\n1 2 3\n").is_err());
        assert!(parse(b"1\n4 0\nextra\n").is_err());
        assert!(parse(b"").is_err());
        assert!(parse(b"1\n4 1\n1 2 1 1\n").is_err());
    }
}
