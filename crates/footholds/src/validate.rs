//! Programmers 92345's published constraints as code, for the workspace's
//! text form of one call, `board aloc bloc` on one line as Programmers
//! prints its examples: `[[1, 1, 1], [1, 0, 1]] [1, 0] [1, 2]`.
//!
//! The board has 1 to 5 rows of 1 to 5 cells, each 0 or 1; `aloc` and `bloc`
//! are `[row, column]` cells of the board, both on a foothold (1), possibly
//! the same one. The separators are Programmers': `, ` inside an array, one
//! space between the arguments, and `\n` at the end.

use grid::InputError;
use problem_kit::Strict;

/// The judge's largest side.
pub const JUDGE_MAX_SIDE: usize = 5;

/// `Ok` when `input` is a call the judge could make, else the first rule
/// it breaks, and where.
pub fn validate(input: &[u8]) -> Result<(), InputError> {
    // What is beyond the judge for its size or its number of calls is told
    // as such, before any detail of its text (a 6x6 board written without
    // spaces is beyond the judge for its size).
    if let Ok(games) = crate::parse::parse(input) {
        if games.len() > 1 {
            return Err(InputError::at(
                1,
                1,
                format!("the input holds {} calls; the judge makes one", games.len()),
            ));
        }
        if let Some(game) = games.first() {
            if game.height > JUDGE_MAX_SIDE || game.width > JUDGE_MAX_SIDE {
                return Err(InputError::at(
                    1,
                    1,
                    format!(
                        "the board is {}x{}; the judge's boards have 1 to {JUDGE_MAX_SIDE} rows \
                         of 1 to {JUDGE_MAX_SIDE} cells",
                        game.height, game.width
                    ),
                ));
            }
        }
    }
    let mut reader = Strict::new(input);
    reader.literal("[")?;
    let mut board: Vec<Vec<i64>> = Vec::new();
    loop {
        if !board.is_empty() {
            reader.literal(", ")?;
        }
        let column = reader.column();
        let row = list(&mut reader, "a cell", 0, 1)?;
        if row.len() > JUDGE_MAX_SIDE {
            return Err(reader.error_at(
                column,
                format!(
                    "this row has {} cells; the judge's rows have 1 to {JUDGE_MAX_SIDE}",
                    row.len()
                ),
            ));
        }
        if let Some(first) = board.first() {
            if first.len() != row.len() {
                return Err(reader.error_at(
                    column,
                    format!(
                        "this row has {} cells and the first has {}",
                        row.len(),
                        first.len()
                    ),
                ));
            }
        }
        board.push(row);
        if reader.peek() != Some(b',') {
            break;
        }
    }
    reader.literal("]")?;
    if board.len() > JUDGE_MAX_SIDE {
        return Err(InputError::at(
            1,
            1,
            format!(
                "the board has {} rows; the judge's boards have 1 to {JUDGE_MAX_SIDE}",
                board.len()
            ),
        ));
    }
    for name in ["aloc", "bloc"] {
        reader.space()?;
        let column = reader.column();
        let (rows, cols) = (board.len() as i64 - 1, board[0].len() as i64 - 1);
        reader.literal("[")?;
        let row = reader.number(&format!("{name}'s row"), 0, rows)?;
        reader.literal(", ")?;
        let col = reader.number(&format!("{name}'s column"), 0, cols)?;
        reader.literal("]")?;
        if board[row as usize][col as usize] != 1 {
            return Err(reader.error_at(
                column,
                format!(
                    "{name} [{row}, {col}] is not on a foothold; the judge's players always are"
                ),
            ));
        }
    }
    reader.end_of_line()?;
    reader.end_of_input()
}

/// `[a, b, ...]`: one to [`JUDGE_MAX_SIDE`] + 1 numbers (one past the
/// judge's, so that the caller can say the row is too long), each from
/// `low` to `high`.
fn list(reader: &mut Strict, name: &str, low: i64, high: i64) -> Result<Vec<i64>, InputError> {
    reader.literal("[")?;
    let mut values = vec![reader.number(name, low, high)?];
    while reader.peek() == Some(b',') && values.len() <= JUDGE_MAX_SIDE {
        reader.literal(", ")?;
        values.push(reader.number(name, low, high)?);
    }
    if values.len() <= JUDGE_MAX_SIDE {
        reader.literal("]")?;
    }
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_samples_are_valid_and_each_rule_is_named() {
        for sample in [
            "[[1, 1, 1], [1, 1, 1], [1, 1, 1]] [1, 0] [1, 2]\n",
            "[[1, 1, 1], [1, 0, 1], [1, 1, 1]] [1, 0] [1, 2]\n",
            "[[1, 1, 1, 1, 1]] [0, 0] [0, 4]\n",
            "[[1]] [0, 0] [0, 0]\n",
        ] {
            assert_eq!(validate(sample.as_bytes()), Ok(()), "{sample}");
        }
        for (input, said) in [
            (
                "[[1, 1, 1, 1, 1, 1]] [0, 0] [0, 1]\n",
                "the board is 1x6",
            ),
            (
                "[[1], [1], [1], [1], [1], [1]] [0, 0] [1, 0]\n",
                "the board is 6x1",
            ),
            (
                "[[1,1,1,1,1,1],[1,1,1,1,1,1],[1,1,1,1,1,1],[1,1,1,1,1,1],[1,1,1,1,1,1],[1,1,1,1,1,1]] [2,2] [2,3]\n",
                "the board is 6x6; the judge's boards have 1 to 5 rows",
            ),
            (
                "[[1, 1], [1]] [0, 0] [0, 1]\n",
                "column 10: this row has 1 cells and the first has 2",
            ),
            (
                "[[1, 2]] [0, 0] [0, 1]\n",
                "column 6: a cell is 2, outside the judge's 0..=1",
            ),
            (
                "[[1, 0]] [0, 0] [0, 1]\n",
                "column 17: bloc [0, 1] is not on a foothold",
            ),
            (
                "[[1, 1]] [0, 0] [1, 0]\n",
                "bloc's row is 1, outside the judge's 0..=0",
            ),
            ("[[1,1]] [0, 0] [0, 1]\n", "expected `, `, found `1`"),
            ("[[1, 1]] [0, 0] [0, 1]", "found the end of the input"),
            (
                "[[1, 1]], [0, 0], [0, 1]\n",
                "expected one space, found `,`",
            ),
            (
                "solution([[1]], [0, 0], [0, 0])\n",
                "expected `[`, found `s`",
            ),
            (
                "[[1]] [0, 0] [0, 0]\n[[1]] [0, 0] [0, 0]\n",
                "the input holds 2 calls; the judge makes one",
            ),
        ] {
            let error = validate(input.as_bytes()).unwrap_err().to_string();
            assert!(error.contains(said), "{input}: {error}");
        }
    }
}
