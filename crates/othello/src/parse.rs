//! Reading the judge's input: T, then per case `N M` and M lines `x y color`.

use grid::input::{ascii_text, LineReader};
use grid::InputError;

use crate::game::{Case, Move, Stone, MAX_SIDE, MIN_SIDE};

/// The most test cases one input may hold.
pub const MAX_CASES: u64 = 1_000_000;

/// Parses every case. Coordinates are 1-based; `x` is read as the column and
/// `y` as the row (the counts do not depend on that choice, since the
/// starting position and the rules are symmetric under transposition).
pub fn parse(bytes: &[u8]) -> Result<Vec<Case>, InputError> {
    let text = ascii_text(bytes)?;
    let mut lines = LineReader::new(text);
    let header = lines.expect_line("the number of test cases T")?;
    let count = header.exact_tokens(1, "number (the number of test cases T)")?[0].parse_in(
        "the number of test cases T",
        1,
        MAX_CASES,
    )?;
    let mut cases = Vec::new();
    for case_number in 1..=count as usize {
        let case = parse_case(&mut lines).map_err(|e| e.in_case(case_number))?;
        cases.push(case);
    }
    lines.expect_end()?;
    Ok(cases)
}

fn parse_case(lines: &mut LineReader<'_>) -> Result<Case, InputError> {
    let header = lines.expect_line("the line `N M`")?;
    let tokens = header.exact_tokens(2, "numbers (N and M)")?;
    let side = tokens[0].parse_in("the board size N", MIN_SIDE as u64, MAX_SIDE as u64)? as usize;
    if side % 2 != 0 {
        return Err(tokens[0].error(format!("the board size N must be even, found {side}")));
    }
    let empty_cells = (side * side - 4) as u64;
    let move_count = tokens[1].parse_in("the number of moves M", 0, empty_cells)? as usize;
    // No allocation sized by M: a header that promises more moves than the
    // input holds must end in an error, not in a large reservation.
    let mut moves = Vec::new();
    for index in 0..move_count {
        let line =
            lines.expect_line(&format!("move {} of {move_count} (`x y color`)", index + 1))?;
        let tokens = line.exact_tokens(3, "numbers (`x y color`)")?;
        let x = tokens[0].parse_in("the coordinate x", 1, side as u64)? as usize;
        let y = tokens[1].parse_in("the coordinate y", 1, side as u64)? as usize;
        let stone = match tokens[2].parse_in("the colour (1 black, 2 white)", 1, 2)? {
            1 => Stone::Black,
            _ => Stone::White,
        };
        moves.push(Move {
            row: y - 1,
            col: x - 1,
            stone,
            line: line.number,
        });
    }
    Ok(Case { side, moves })
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
    }
}
