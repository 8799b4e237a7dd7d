//! Baekjoon 12100's (and 12094's) published constraints as code: `N`
//! (1 ≤ N ≤ 20) on the first line, then N lines of N numbers, each 0 or a
//! power of two from 2 to 1024, at least one of them a block; single spaces,
//! `\n` line endings, nothing else.

use grid::InputError;
use problem_kit::Strict;

/// The judge's largest board side.
pub const JUDGE_MAX_SIDE: i64 = 20;
/// The judge's largest tile.
pub const JUDGE_MAX_TILE: i64 = 1024;

/// `Ok` when `input` is a board the judge could send, else the first rule
/// it breaks, and where.
pub fn validate(input: &[u8]) -> Result<(), InputError> {
    let mut reader = Strict::new(input);
    let side = reader.number("the board size N", 1, JUDGE_MAX_SIDE)?;
    reader.end_of_line()?;
    let mut blocks = 0;
    for _ in 0..side {
        for col in 0..side {
            if col > 0 {
                reader.space()?;
            }
            let column = reader.column();
            let tile = reader.number("a tile", 0, JUDGE_MAX_TILE)?;
            if tile == 1 || tile & (tile - 1) != 0 {
                return Err(reader.error_at(
                    column,
                    format!("the tile {tile} is neither 0 (empty) nor a power of two from 2 to {JUDGE_MAX_TILE}"),
                ));
            }
            blocks += usize::from(tile != 0);
        }
        reader.end_of_line()?;
    }
    reader.end_of_input()?;
    if blocks == 0 {
        return Err(InputError::new(
            "the board has no block; the judge's boards hold at least one",
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sample_is_valid_and_each_rule_is_named() {
        assert_eq!(validate(b"3\n2 2 2\n4 4 4\n8 8 8\n"), Ok(()));
        assert_eq!(validate(b"1\n1024\n"), Ok(()));
        for (input, said) in [
            (&b"21\n"[..], "line 1, column 1: the board size N is 21"),
            (b"0\n", "the board size N is 0"),
            (b"1\n2048\n", "a tile is 2048, outside the judge's 0..=1024"),
            (b"2\n2 3\n0 0\n", "line 2, column 3: the tile 3 is neither"),
            (b"2\n2 1\n0 0\n", "the tile 1 is neither"),
            (b"2\n0 0\n0 0\n", "the board has no block"),
            (
                b"1\n2",
                "expected the end of the line, found the end of the input",
            ),
            (b"1\n2\r\n", "carriage return"),
            (b"2\n2  2\n2 2\n", "expected a tile, found a second space"),
            (b"1\n2 \n", "expected the end of the line, found a space"),
            (b"1\n2\n\n", "expected the end of the input"),
        ] {
            let error = validate(input).unwrap_err().to_string();
            assert!(error.contains(said), "{input:?}: {error}");
        }
    }
}
