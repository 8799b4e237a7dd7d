//! `--replay`: one optimal line of play as a page to step through (see
//! `cli::replay`), a section per game: the board before the first move and
//! after each, the cell just left outlined.

use cli::{Cell, Frame, Replay, Section};

use crate::game::Game;
use crate::search::principal_line_within;

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

/// The section of one game, its line found within `budget` positions, and
/// the work that took.
pub fn section(game: &Game, name: String, budget: u64) -> (Section, u64) {
    let mut footholds = game.cells.clone();
    let (mut a, mut b) = (game.a, game.b);
    let mut frames = vec![frame(game, &footholds, a, b, None, "start".to_string())];
    let width = game.width;
    let at = |cell: usize| format!("({},{})", cell / width, cell % width);
    let mut work = budget;
    match principal_line_within(game, budget) {
        Ok((line, a_wins, used)) => {
            work = used;
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
        Err(_) => frames[0]
            .caption
            .push_str(" (not replayed: the line takes more than the work budget)"),
    }
    let section = Section {
        name,
        rows: game.height,
        cols: game.width,
        frames,
    };
    (section, work)
}

/// The replay of the games, titled `title`.
pub fn replay(games: &[Game], title: &str) -> Replay {
    // One budget for all the games, as for the answer.
    let mut left = crate::search::WORK_LIMIT;
    let sections = games
        .iter()
        .take(REPLAY_MAX_GAMES)
        .enumerate()
        .map(|(index, game)| {
            let (section, work) = section(game, format!("game {}", index + 1), left);
            left -= work.min(left);
            section
        })
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
