//! `--explain`: the board after each move, with the move and its flips
//! marked, streamed case by case as the input is read.
//!
//! The first [`EXPLAIN_MAX_BOARDS`] moves get a board each; after that each
//! case gets its result line only, and the explanation says so. So a
//! million-case input is explained in bounded memory and time.

use std::io::Write;

use crate::game::Stone;
use crate::naive::{self, Board};
use crate::parse::Reader;

/// The most moves drawn as boards; later cases get their result line only.
pub const EXPLAIN_MAX_BOARDS: usize = 2_000;

/// The board as text: `B` and `W` stones, `.` empty; the stone just placed
/// is shown as `*`, and the stones it flipped in lower case.
fn draw(board: &Board, placed: (usize, usize), flipped: &[(usize, usize)]) -> String {
    let mut out = String::new();
    for row in 0..board.rows() {
        let cells: Vec<String> = (0..board.cols())
            .map(|col| {
                let cell = board[(row, col)];
                let mark = match cell {
                    None => '.',
                    Some(_) if (row, col) == placed => '*',
                    Some(stone) if flipped.contains(&(row, col)) => {
                        stone.letter().to_ascii_lowercase()
                    }
                    Some(stone) => stone.letter(),
                };
                mark.to_string()
            })
            .collect();
        out.push_str(&cells.join(" "));
        out.push('\n');
    }
    out
}

/// Writes every case's moves, each with the board after it (up to
/// [`EXPLAIN_MAX_BOARDS`] boards), and each case's result. The input is read
/// as it is explained; it stops quietly at the first error (the answer
/// already reported it).
pub fn explain(input: &[u8], out: &mut dyn Write) -> std::io::Result<()> {
    let Ok(mut reader) = Reader::new(input) else {
        return Ok(());
    };
    writeln!(out, "(* the stone just placed, b/w the stones it flipped)")?;
    let mut boards = 0;
    for case in 1..=reader.cases() {
        let Ok((side, count)) = reader.header() else {
            return Ok(());
        };
        writeln!(out, "case {case}: {side} x {side} board, {count} moves")?;
        let mut board = naive::start(side);
        for index in 0..count {
            let Ok(mv) = reader.next_move(side, index, count) else {
                return Ok(());
            };
            let Ok(flipped) = naive::play(&mut board, mv) else {
                return writeln!(out, "(an illegal move; see the error)");
            };
            if boards == EXPLAIN_MAX_BOARDS {
                continue;
            }
            boards += 1;
            let colour = if mv.stone == Stone::Black {
                "black"
            } else {
                "white"
            };
            writeln!(
                out,
                "move {}: {colour} at x={} y={} flips {}",
                index + 1,
                mv.col + 1,
                mv.row + 1,
                flipped.len()
            )?;
            out.write_all(draw(&board, (mv.row, mv.col), &flipped).as_bytes())?;
            if boards == EXPLAIN_MAX_BOARDS {
                writeln!(
                    out,
                    "(boards are drawn for the first {EXPLAIN_MAX_BOARDS} moves only; \
                     from here on each case gets its result line)"
                )?;
            }
        }
        let counts = naive::count(&board);
        writeln!(
            out,
            "result: black {}, white {}",
            counts.black, counts.white
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn explained(input: &str) -> String {
        let mut out = Vec::new();
        explain(input.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn marks_the_move_and_its_flips() {
        let text = explained("1\n4 1\n1 2 1\n");
        assert!(
            text.contains("move 1: black at x=1 y=2 flips 1\n. . . .\n* b B .\n. B W .\n. . . .\n"),
            "{text}"
        );
        assert!(text.ends_with("result: black 4, white 1\n"), "{text}");
    }

    #[test]
    fn many_moves_are_summarised() {
        let case = "4 1\n1 2 1\n";
        let input = format!(
            "{0}\n{1}",
            EXPLAIN_MAX_BOARDS + 5,
            case.repeat(EXPLAIN_MAX_BOARDS + 5)
        );
        let text = explained(&input);
        assert_eq!(text.matches("move 1:").count(), EXPLAIN_MAX_BOARDS);
        assert_eq!(text.matches("result:").count(), EXPLAIN_MAX_BOARDS + 5);
        assert!(text.contains("drawn for the first"));
    }
}
