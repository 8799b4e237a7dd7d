//! `--replay`: each case's moves as a page to step through (see
//! `problem_kit::replay`), a section per case: the board before the first move and
//! after each, the stone placed and the stones it flipped outlined.

use problem_kit::{Cell, Frame, Replay, Section};

use crate::game::Stone;
use crate::naive::{self, Board};
use crate::parse::Reader;

/// The most cases one page replays.
pub const REPLAY_MAX_CASES: usize = 100;

fn frame(
    board: &Board,
    placed: Option<(usize, usize)>,
    flipped: &[(usize, usize)],
    caption: String,
) -> Frame {
    let mut cells = Vec::with_capacity(board.rows() * board.cols());
    for row in 0..board.rows() {
        for col in 0..board.cols() {
            let changed = placed == Some((row, col)) || flipped.contains(&(row, col));
            cells.push(match board[(row, col)] {
                None => Cell::new("", "#2e7d32", false),
                // Letters back the colours: B black, W white; the stone
                // placed and the flipped ones are outlined.
                Some(Stone::Black) => Cell::new("B", "#212121", changed),
                Some(Stone::White) => Cell::new("W", "#f5f5f5", changed),
            });
        }
    }
    Frame { caption, cells }
}

/// The replay of an input's cases (the first [`REPLAY_MAX_CASES`]),
/// titled `title`.
pub fn replay(input: &[u8], title: &str) -> Replay {
    let mut sections = Vec::new();
    let mut note = None;
    // The page's bound, kept while building, not after.
    let mut cells = 0;
    if let Ok(mut reader) = Reader::new(input) {
        for case in 1..=reader.cases() {
            if case > REPLAY_MAX_CASES {
                note = Some(format!(
                    "Only the first {REPLAY_MAX_CASES} of {} cases are replayed.",
                    reader.cases()
                ));
                break;
            }
            let Ok((side, count)) = reader.header() else {
                break;
            };
            cells += (count + 1) * side * side;
            if cells > problem_kit::replay::MAX_PAGE_CELLS {
                note = Some(format!(
                    "Only the first {} cases are replayed: a page holds {} cells.",
                    case - 1,
                    problem_kit::replay::MAX_PAGE_CELLS
                ));
                break;
            }
            let mut board = naive::start(side);
            let mut frames = vec![frame(&board, None, &[], "start".to_string())];
            for index in 0..count {
                let Ok(mv) = reader.next_move(side, index, count) else {
                    break;
                };
                let Ok(flipped) = naive::play(&mut board, mv) else {
                    break;
                };
                let colour = if mv.stone == Stone::Black {
                    "black"
                } else {
                    "white"
                };
                let caption = format!(
                    "move {}: {colour} at x={} y={} flips {}",
                    index + 1,
                    mv.col + 1,
                    mv.row + 1,
                    flipped.len()
                );
                frames.push(frame(&board, Some((mv.row, mv.col)), &flipped, caption));
            }
            let counts = naive::count(&board);
            if let Some(last) = frames.last_mut() {
                last.caption.push_str(&format!(
                    " \u{2014} #{case} {} {} (the answer)",
                    counts.black, counts.white
                ));
            }
            sections.push(Section {
                name: format!("case {case}"),
                rows: side,
                cols: side,
                frames,
            });
        }
    }
    Replay {
        title: title.to_string(),
        legend: "B: a black stone, W: a white one, green: an empty cell. The stone just placed \
                 and the stones it flipped are outlined in red."
            .to_string(),
        sections,
        note,
    }
}
