//! `--explain`: one best move sequence, with the board after each move,
//! written as it goes. Boards are right-aligned in columns, each headed by
//! its move (`← left`), and a tile made by a merge in that move is marked
//! with `*`.

use std::io::Write;

use crate::board::{line_cells, Board, Move};
use crate::search::Found;
use crate::slide::slide_line_noting;

/// The move as the explanation names it: an arrow and a word.
pub fn arrow(direction: Move) -> &'static str {
    match direction {
        Move::Left => "\u{2190} left",
        Move::Right => "\u{2192} right",
        Move::Up => "\u{2191} up",
        Move::Down => "\u{2193} down",
    }
}

/// The board after `direction`, and which of its cells hold a merged tile.
pub fn apply_move_marking(board: &Board, direction: Move) -> (Board, Vec<bool>) {
    let n = board.rows();
    let mut next = board.clone();
    let mut merged = vec![false; n * n];
    for fixed in 0..n {
        let cells = line_cells(n, direction, fixed);
        let mut line: Vec<u64> = cells.iter().map(|&cell| board[cell]).collect();
        slide_line_noting(&mut line, &mut |i| {
            let (r, c) = cells[i];
            merged[r * n + c] = true;
        });
        for (&cell, &value) in cells.iter().zip(&line) {
            next[cell] = value;
        }
    }
    (next, merged)
}

/// Writes one best sequence of at most `moves` moves and the board after
/// each; the search runs under the binary's work limit.
pub fn explain(board: &Board, moves: u32, out: &mut dyn Write) -> std::io::Result<()> {
    explain_found(
        board,
        moves,
        crate::search::best_line(board, moves).ok().as_ref(),
        out,
    )
}

/// [`explain`] with the search's result given (`None`: it passed the work
/// limit).
pub fn explain_found(
    board: &Board,
    moves: u32,
    found: Option<&Found>,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let Some(found) = found else {
        return writeln!(out, "(not explained: the search passes the work limit)");
    };
    let names: Vec<&str> = found.moves.iter().map(|&m| arrow(m)).collect();
    writeln!(
        out,
        "largest tile {} in at most {moves} moves, by {} (* a tile merged by that move)",
        found.largest,
        if names.is_empty() {
            "no move at all".to_string()
        } else {
            names.join(", ")
        }
    )?;
    // One column width for every board: the widest tile reached, and its mark.
    let width = found
        .largest
        .max(board.cells().iter().copied().max().unwrap_or(0));
    let width = width.to_string().len().max(1);
    writeln!(out, "start:")?;
    draw(board, &vec![false; board.cells().len()], width, out)?;
    let mut current = board.clone();
    for (step, &direction) in found.moves.iter().enumerate() {
        let (next, merged) = apply_move_marking(&current, direction);
        writeln!(out, "{}. {}", step + 1, arrow(direction))?;
        draw(&next, &merged, width, out)?;
        current = next;
    }
    Ok(())
}

/// A board with its tiles right-aligned in columns `width` wide, `.` for
/// an empty cell, and `*` after a merged tile.
fn draw(board: &Board, merged: &[bool], width: usize, out: &mut dyn Write) -> std::io::Result<()> {
    let n = board.cols();
    let mut text = String::new();
    for row in 0..board.rows() {
        for col in 0..n {
            let value = board[(row, col)];
            let shown = if value == 0 {
                ".".to_string()
            } else {
                value.to_string()
            };
            let mark = if merged[row * n + col] { '*' } else { ' ' };
            text.push_str(&format!(" {shown:>width$}{mark}"));
        }
        text.truncate(text.trim_end().len());
        text.push('\n');
    }
    out.write_all(text.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use grid::Grid;

    #[test]
    fn the_sample_is_drawn_with_its_merges() {
        let board = Grid::from_vec(3, 3, vec![2, 2, 2, 4, 4, 4, 8, 8, 8]).unwrap();
        let mut out = Vec::new();
        explain(&board, 5, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.starts_with("largest tile 16 in at most 5 moves, by "),
            "{text}"
        );
        assert!(
            text.contains("start:\n  2   2   2\n  4   4   4\n  8   8   8\n"),
            "{text}"
        );
        assert!(
            text.ends_with("1. \u{2190} left\n  4*  2   .\n  8*  4   .\n 16*  8   .\n"),
            "{text}"
        );
    }

    #[test]
    fn marks_follow_the_tiles() {
        let board = Grid::from_vec(2, 2, vec![2, 2, 4, 0]).unwrap();
        let (after, merged) = apply_move_marking(&board, Move::Right);
        assert_eq!(after.cells(), &[0, 4, 0, 4]);
        assert_eq!(merged, vec![false, true, false, false]);
    }
}
