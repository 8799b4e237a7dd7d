//! `--explain`: one best move sequence and the board after each move.

use crate::board::{board_to_string, Board};

/// One best move sequence and the board after each move, for `--explain`.
pub fn explain(board: &Board, moves: u32) -> String {
    let Ok(found) = crate::search::search(board, moves, crate::search::Options::default()) else {
        return String::from("no explanation: the search did not finish\n");
    };
    let letters: Vec<String> = found.moves.iter().map(|m| m.letter().to_string()).collect();
    let sequence = if letters.is_empty() {
        "(no move needed)".to_string()
    } else {
        letters.join(" ")
    };
    let mut out = format!(
        "best sequence: {sequence} (largest tile {} in at most {moves} moves)\nstart:\n",
        found.largest
    );
    out.push_str(&board_to_string(board));
    let mut current = board.clone();
    for (step, &direction) in found.moves.iter().enumerate() {
        current = crate::naive::apply_move(&current, direction);
        out.push_str(&format!(
            "after move {} ({}):\n",
            step + 1,
            direction.letter()
        ));
        out.push_str(&board_to_string(&current));
    }
    out
}
