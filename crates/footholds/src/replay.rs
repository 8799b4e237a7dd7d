//! `--replay`: one optimal line of play as a page to step through (see
//! `problem_kit::replay`), a section per game: the board before the first move and
//! after each, the cell just left outlined.

use problem_kit::{Cell, Frame, Replay, Section};

use crate::game::Game;
use crate::search::Line;

/// The most games one page replays.
pub const REPLAY_MAX_GAMES: usize = 100;

fn frame(
    game: &Game,
    footholds: &[bool],
    a: usize,
    b: usize,
    left: Option<usize>,
    caption: String,
) -> Frame {
    let cells = (0..game.height * game.width)
        .map(|cell| {
            let mark = left == Some(cell);
            match (cell == a, cell == b) {
                (true, true) => Cell::new("AB", "#7e57c2", mark),
                (true, false) => Cell::new("A", "#1565c0", mark),
                (false, true) => Cell::new("B", "#e65100", mark),
                _ if footholds[cell] => Cell::new("", "#a5d6a7", mark),
                _ if game.cells[cell] => Cell::new("x", "#ffcdd2", mark),
                _ => Cell::new("", "#616161", mark),
            }
        })
        .collect();
    Frame { caption, cells }
}

/// The section of one game, drawn from `line` (see [`crate::lines`]);
/// `None` is a line the work budget could not pay for.
pub fn section(game: &Game, name: String, line: Option<&Line>) -> Section {
    let mut footholds = game.cells.clone();
    let (mut a, mut b) = (game.a, game.b);
    let mut frames = vec![frame(game, &footholds, a, b, None, "start".to_string())];
    let width = game.width;
    let at = |cell: usize| format!("({},{})", cell / width, cell % width);
    match line {
        Some((line, a_wins)) => {
            let a_wins = *a_wins;
            for (number, &(player, from, to)) in line.iter().enumerate() {
                footholds[from] = false;
                if player == 0 {
                    a = to;
                } else {
                    b = to;
                }
                let name = if player == 0 { 'A' } else { 'B' };
                let caption = format!(
                    "move {}: {name} {} \u{2192} {}",
                    number + 1,
                    at(from),
                    at(to)
                );
                frames.push(frame(game, &footholds, a, b, Some(from), caption));
            }
            let (winner, loser, loser_cell) = if a_wins { ("A", "B", b) } else { ("B", "A", a) };
            let why = if footholds[loser_cell] {
                "has no foothold to step to"
            } else {
                "stands where its foothold vanished"
            };
            if let Some(last) = frames.last_mut() {
                last.caption.push_str(&format!(
                    " \u{2014} {winner} wins after {} moves: on its turn {loser} {why} (the answer: {})",
                    line.len(),
                    line.len()
                ));
            }
        }
        None => frames[0]
            .caption
            .push_str(" (not replayed: the line takes more than the work budget)"),
    }
    Section {
        name,
        rows: game.height,
        cols: game.width,
        frames,
    }
}

/// The replay of the games, drawn from their `lines` (see
/// [`crate::lines`]; at most [`REPLAY_MAX_GAMES`] are drawn), titled
/// `title`.
pub fn replay(games: &[Game], lines: &[Option<Line>], title: &str) -> Replay {
    let sections = games
        .iter()
        .zip(lines)
        .take(REPLAY_MAX_GAMES)
        .enumerate()
        .map(|(index, (game, line))| section(game, format!("game {}", index + 1), line.as_ref()))
        .collect();
    Replay {
        title: title.to_string(),
        legend:
            "Green: a foothold. Grey: no foothold. Pink x: a foothold that vanished when a player \
                 left it. A and B: the players (AB: both on one cell). The cell just left is \
                 outlined in red."
                .to_string(),
        sections,
        note: (games.len() > REPLAY_MAX_GAMES).then(|| {
            format!(
                "Only the first {REPLAY_MAX_GAMES} of {} games are replayed.",
                games.len()
            )
        }),
    }
}
