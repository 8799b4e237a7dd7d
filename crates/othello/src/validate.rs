//! SWEA 4615's published constraints as code: `T` cases; each a line `N M`
//! with the board side N one of 4, 6 and 8, then M lines `x y color` (1 ≤ x,
//! y ≤ N, color 1 black or 2 white), every move legal: on an empty cell,
//! flipping at least one stone (the statement promises that no move is
//! given where a stone cannot be placed). Single spaces, `\n` line endings.
//!
//! SWEA publishes no bound on T or M; M is at most N² − 4, since every move
//! fills a cell. The order of colours is not checked: the statement does not
//! promise that the players alternate, and the counts do not depend on it.

use grid::InputError;
use problem_kit::Strict;

use crate::game::{Move, Stone};

/// The board sides the judge uses.
pub const JUDGE_SIDES: [usize; 3] = [4, 6, 8];

/// `Ok` when `input` is a test file the judge could send, else the first
/// rule it breaks, and where.
pub fn validate(input: &[u8]) -> Result<(), InputError> {
    let mut reader = Strict::new(input);
    let cases = reader.number("the number of cases T", 1, i64::from(u32::MAX))?;
    reader.end_of_line()?;
    for case in 1..=cases as usize {
        case_moves(&mut reader).map_err(|e| e.in_case(case))?;
    }
    reader.end_of_input()
}

/// Reads and checks one case.
fn case_moves(reader: &mut Strict) -> Result<(), InputError> {
    let column = reader.column();
    let side = reader.number("the board side N", 4, 8)? as usize;
    if !JUDGE_SIDES.contains(&side) {
        return Err(reader.error_at(
            column,
            format!("the board side N is {side}; the judge's boards are 4, 6 or 8"),
        ));
    }
    reader.space()?;
    let most = (side * side - 4) as i64;
    let moves = reader.number("the number of moves M", 0, most)?;
    reader.end_of_line()?;
    let mut board = crate::naive::start(side);
    for _ in 0..moves {
        let line = reader.line();
        let x = reader.number("x", 1, side as i64)? as usize;
        reader.space()?;
        let y = reader.number("y", 1, side as i64)? as usize;
        reader.space()?;
        let stone = match reader.number("the colour", 1, 2)? {
            1 => Stone::Black,
            _ => Stone::White,
        };
        reader.end_of_line()?;
        let mv = Move {
            row: y - 1,
            col: x - 1,
            stone,
            line,
        };
        crate::naive::play(&mut board, mv).map_err(|e| {
            InputError::at_line(
                line,
                format!("{}; the judge's moves are all legal", e.message),
            )
        })?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sample_is_valid_and_each_rule_is_named() {
        let sample = std::fs::read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../inputs/othello/sample-1.in"
        ))
        .unwrap();
        assert_eq!(validate(&sample), Ok(()));
        assert_eq!(validate(b"1\n4 0\n"), Ok(()));
        for (input, said) in [
            (
                &b"0\n"[..],
                "the number of cases T is 0; the judge's is at least 1",
            ),
            (
                b"1\n5 0\n",
                "case 1, line 2, column 1: the board side N is 5; the judge's boards are 4, 6 or 8",
            ),
            (b"1\n10 0\n", "the board side N is 10, outside"),
            (
                b"1\n4 13\n",
                "the number of moves M is 13, outside the judge's 0..=12",
            ),
            (b"1\n4 1\n1 1 1\n", "case 1, line 3: "),
            (b"1\n4 1\n2 2 1\n", "line 3: "),
            (b"1\n4 1\n5 1 1\n", "x is 5, outside"),
            (b"1\n4 1\n3 2 3\n", "the colour is 3, outside"),
            (
                b"2\n4 0\n",
                "case 2, line 3, column 1: expected the board side N, found the end of the input",
            ),
            (b"1\n4 0\n\n", "expected the end of the input"),
        ] {
            let error = validate(input).unwrap_err().to_string();
            assert!(
                error.contains(said),
                "{:?}: {error}",
                String::from_utf8_lossy(input)
            );
        }
        // Black at x 2, y 1 closes the white stone at x 2, y 2.
        assert_eq!(validate(b"1\n4 1\n2 1 1\n"), Ok(()));
    }
}
