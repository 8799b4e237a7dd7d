//! Baekjoon 11559's published constraints as code: 12 lines of 6 cells,
//! each `.` or one of the colours `R`, `G`, `B`, `P`, `Y`, with every puyo
//! resting on the floor or on another puyo (the judge's fields have settled);
//! `\n` line endings and nothing else.

use grid::InputError;
use problem_kit::Strict;

use crate::field::EMPTY;

/// The judge's field: 12 rows of 6 cells.
pub const JUDGE_ROWS: usize = 12;
pub const JUDGE_COLS: usize = 6;
/// The judge's colours.
pub const JUDGE_COLOURS: [u8; 5] = *b"RGBPY";

/// `Ok` when `input` is a field the judge could send, else the first rule
/// it breaks, and where.
pub fn validate(input: &[u8]) -> Result<(), InputError> {
    // A field of another shape is told as such, before any detail of its
    // text (a 24-row field is beyond the judge for its size, not for what
    // its first line ends with).
    if let Ok(field) = crate::parse::parse(input, crate::parse::Floating::Settle) {
        if (field.rows(), field.cols()) != (JUDGE_ROWS, JUDGE_COLS) {
            return Err(InputError::at(
                1,
                1,
                format!(
                    "the field is {} row{} of {} cell{}; the judge's is {JUDGE_ROWS} rows of \
                     {JUDGE_COLS}",
                    field.rows(),
                    if field.rows() == 1 { "" } else { "s" },
                    field.cols(),
                    if field.cols() == 1 { "" } else { "s" }
                ),
            ));
        }
    }
    let mut reader = Strict::new(input);
    let allowed = b".RGBPY";
    let mut field = [[EMPTY; JUDGE_COLS]; JUDGE_ROWS];
    for row in field.iter_mut() {
        for cell in row.iter_mut() {
            *cell = reader.one_of(allowed, "a cell: `.` or one of R G B P Y")?;
        }
        reader.end_of_line()?;
    }
    reader.end_of_input()?;
    for (row, pair) in field.windows(2).enumerate() {
        let [above, below] = pair else { continue };
        if let Some(col) = (0..JUDGE_COLS).find(|&c| above[c] != EMPTY && below[c] == EMPTY) {
            return Err(InputError::at(
                row + 1,
                col + 1,
                "this puyo floats above an empty cell; the judge's fields have settled",
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sample_is_valid_and_each_rule_is_named() {
        let sample = "......\n".repeat(8) + ".Y....\n.YG...\nRRYG..\nRRYGG.\n";
        assert_eq!(validate(sample.as_bytes()), Ok(()));
        assert_eq!(validate("......\n".repeat(12).as_bytes()), Ok(()));
        let full = "RGBPYR\n".repeat(12);
        assert_eq!(validate(full.as_bytes()), Ok(()));
        let floating = "......\n".repeat(10) + "R.....\n......\n";
        let garbage = "......\n".repeat(11) + "O.....\n";
        let short = "......\n".repeat(11);
        let wide = "......\n".repeat(11) + ".......\n";
        let crlf = "......\r\n".repeat(12);
        for (input, said) in [
            (&floating, "line 11, column 1: this puyo floats"),
            (
                &garbage,
                "line 12, column 1: expected a cell: `.` or one of R G B P Y, found `O`",
            ),
            (&short, "the field is 11 rows of 6 cells"),
            (
                &wide,
                "line 12, column 7: expected the end of the line, found `.`",
            ),
            (&"G\n".repeat(24), "the field is 24 rows of 1 cell;"),
            (&"G\n".to_string(), "the field is 1 row of 1 cell;"),
            (
                &crlf,
                "line 1, column 7: expected the end of the line, found a carriage return",
            ),
        ] {
            let error = validate(input.as_bytes()).unwrap_err().to_string();
            assert!(error.contains(said), "{input:?}: {error}");
        }
    }
}
