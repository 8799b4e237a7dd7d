//! `--explain`: the board after each move, with the move and its flips marked.

use crate::game::{Case, Stone};
use crate::naive::{self, Board};

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

/// Every case's moves, each with the board after it. Cases must be legal
/// (replay them first).
pub fn explain(cases: &[Case]) -> String {
    let mut out = String::from("(* the stone just placed, b/w the stones it flipped)\n");
    for (index, case) in cases.iter().enumerate() {
        out.push_str(&format!(
            "case {}: {} x {} board, {} moves\n",
            index + 1,
            case.side,
            case.side,
            case.moves.len()
        ));
        let mut board = naive::start(case.side);
        for (number, &mv) in case.moves.iter().enumerate() {
            let Ok(flipped) = naive::play(&mut board, mv) else {
                out.push_str("(an illegal move; see the error)\n");
                break;
            };
            let colour = if mv.stone == Stone::Black {
                "black"
            } else {
                "white"
            };
            out.push_str(&format!(
                "move {}: {colour} at x={} y={} flips {}\n",
                number + 1,
                mv.col + 1,
                mv.row + 1,
                flipped.len()
            ));
            out.push_str(&draw(&board, (mv.row, mv.col), &flipped));
        }
        let counts = naive::count(&board);
        out.push_str(&format!(
            "result: black {}, white {}\n",
            counts.black, counts.white
        ));
    }
    out
}
