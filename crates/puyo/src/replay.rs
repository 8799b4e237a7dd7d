//! `--replay`: the chains as a page to step through (see `problem_kit::replay`):
//! the field at the start, then for each chain the field with the popping
//! puyos outlined (and in lower case), and the field after falling.

use problem_kit::{Cell, Frame, Replay, Section};

use crate::explain::{DRAW_MAX_CELLS, EXPLAIN_MAX_WORK};
use crate::field::{Field, EMPTY, GARBAGE};
use crate::naive::pop;
use crate::rules::fall;

/// A puyo's colour; the letter is always shown too.
fn fill(cell: u8) -> &'static str {
    match cell.to_ascii_uppercase() {
        EMPTY => "#ffffff",
        GARBAGE => "#9e9e9e",
        b'R' => "#e53935",
        b'G' => "#43a047",
        b'B' => "#1e88e5",
        b'Y' => "#fdd835",
        b'P' => "#8e24aa",
        _ => "#90a4ae",
    }
}

fn frame(field: &Field, popping: &[(usize, usize)], caption: String) -> Frame {
    let mut cells = Vec::with_capacity(field.rows() * field.cols());
    for row in 0..field.rows() {
        for col in 0..field.cols() {
            let cell = field[(row, col)];
            let pops = popping.contains(&(row, col));
            let text = if cell == EMPTY {
                String::new()
            } else if pops {
                (cell.to_ascii_lowercase() as char).to_string()
            } else {
                (cell as char).to_string()
            };
            cells.push(Cell::new(text, fill(cell), pops));
        }
    }
    Frame { caption, cells }
}

/// The replay of the chains of `field`, titled `title`.
pub fn replay(field: &Field, title: &str) -> Replay {
    let cells = field.rows() * field.cols();
    let mut replay = Replay {
        title: title.to_string(),
        legend: "Each puyo shows its letter (R red, G green, B blue, Y yellow, P purple, O \
                 garbage). Before each pop, the puyos that pop are outlined in red and written in \
                 lower case; then the field after falling."
            .to_string(),
        ..Replay::default()
    };
    if cells > DRAW_MAX_CELLS {
        replay.note = Some(format!(
            "This field has {cells} cells; --replay draws fields of at most {DRAW_MAX_CELLS}."
        ));
        return replay;
    }
    let mut field = field.clone();
    let mut frames = vec![frame(&field, &[], "start".to_string())];
    let mut chain = 0;
    let mut work = 0;
    loop {
        work += cells;
        if work > EXPLAIN_MAX_WORK {
            replay.note = Some(format!("Only the first {chain} chains are replayed."));
            break;
        }
        // The page's bound, kept while building, not after.
        if (frames.len() + 2) * cells > problem_kit::replay::MAX_PAGE_CELLS {
            replay.note = Some(format!(
                "Only the first {chain} chains are replayed: a page holds {} cells.",
                problem_kit::replay::MAX_PAGE_CELLS
            ));
            break;
        }
        let before = field.clone();
        let Some(round) = pop(&mut field) else { break };
        chain += 1;
        let mut popping: Vec<(usize, usize)> = round
            .groups
            .iter()
            .flat_map(|(_, g)| g.iter().copied())
            .collect();
        popping.extend(&round.garbage);
        let groups: Vec<String> = round
            .groups
            .iter()
            .map(|(colour, g)| format!("{} x{}", *colour as char, g.len()))
            .collect();
        frames.push(frame(
            &before,
            &popping,
            format!("chain {chain}: {} pop", groups.join(", ")),
        ));
        fall(&mut field);
        frames.push(frame(&field, &[], format!("chain {chain}: after falling")));
    }
    if let Some(last) = frames.last_mut() {
        last.caption.push_str(&format!(
            " \u{2014} {chain} chain{} (the answer)",
            if chain == 1 { "" } else { "s" }
        ));
    }
    replay.sections = vec![Section {
        name: "field".to_string(),
        rows: field.rows(),
        cols: field.cols(),
        frames,
    }];
    replay
}
