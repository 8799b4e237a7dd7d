//! `--replay`: one best move sequence as a page to step through (see
//! `problem_kit::replay`): the board before the first move and after each, the
//! tiles each move merged outlined.

use problem_kit::{Cell, Frame, Replay, Section};

use crate::board::Board;
use crate::explain::{apply_move_marking, arrow};
use crate::search::Found;

/// The colour of a tile, by value (the game's own palette); every tile
/// also shows its number.
fn fill(value: u64) -> &'static str {
    match value {
        0 => "#cdc1b4",
        2 => "#eee4da",
        4 => "#ede0c8",
        8 => "#f2b179",
        16 => "#f59563",
        32 => "#f67c5f",
        64 => "#f65e3b",
        128 => "#edcf72",
        256 => "#edcc61",
        512 => "#edc850",
        1024 => "#edc53f",
        2048 => "#edc22e",
        _ => "#3c3a32",
    }
}

fn frame(board: &Board, merged: &[bool], caption: String) -> Frame {
    let cells = board
        .cells()
        .iter()
        .zip(merged)
        .map(|(&value, &mark)| {
            let text = if value == 0 {
                String::new()
            } else {
                value.to_string()
            };
            Cell::new(text, fill(value), mark)
        })
        .collect();
    Frame { caption, cells }
}

/// The replay of a search of `moves` moves on `board`, titled `title`.
pub fn replay(board: &Board, moves: u32, title: &str) -> Replay {
    replay_found(
        board,
        moves,
        crate::search::best_line(board, moves).ok().as_ref(),
        title,
    )
}

/// [`replay`] with the search's result given (`None`: it passed the work
/// limit).
pub fn replay_found(board: &Board, moves: u32, found: Option<&Found>, title: &str) -> Replay {
    let side = board.rows();
    let none = vec![false; side * side];
    let mut frames = vec![frame(board, &none, "start".to_string())];
    let mut note = None;
    match found {
        Some(found) => {
            let mut current = board.clone();
            for (step, &direction) in found.moves.iter().enumerate() {
                let (next, merged) = apply_move_marking(&current, direction);
                frames.push(frame(
                    &next,
                    &merged,
                    format!("{}. {}", step + 1, arrow(direction)),
                ));
                current = next;
            }
            if let Some(last) = frames.last_mut() {
                last.caption.push_str(&format!(
                    " \u{2014} largest tile {} (the answer)",
                    found.largest
                ));
            }
        }
        None => note = Some("The search passed its work limit: no line to show.".to_string()),
    }
    Replay {
        title: title.to_string(),
        legend: format!(
            "One best sequence of at most {moves} moves. Each tile shows its value; the tiles \
             a move made by merging are outlined in red and in bold."
        ),
        sections: vec![Section {
            name: "board".to_string(),
            rows: side,
            cols: side,
            frames,
        }],
        note,
    }
}
