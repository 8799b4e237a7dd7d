//! `--explain`: one optimal line of play, the winner, and the final board.

use crate::game::Game;
use crate::search::principal_line;

/// A description of one optimal line of play for `game`.
pub fn explain(game: &Game) -> String {
    let (line, a_wins) = principal_line(game);
    let width = game.width;
    let at = |cell: usize| format!("({},{})", cell / width, cell % width);
    let mut out = String::new();
    let mut footholds = game.cells.clone();
    let (mut a, mut b) = (game.a, game.b);
    for (player, from, to) in &line {
        let name = if *player == 0 { 'A' } else { 'B' };
        out.push_str(&format!("{name}: {} \u{2192} {}\n", at(*from), at(*to)));
        footholds[*from] = false;
        if *player == 0 {
            a = *to;
        } else {
            b = *to;
        }
    }
    let (winner, loser, loser_cell) = if a_wins { ("A", "B", b) } else { ("B", "A", a) };
    let why = if footholds[loser_cell] {
        "has no foothold to step to"
    } else {
        "stands where the foothold vanished"
    };
    out.push_str(&format!(
        "{winner} wins after {} moves: on its turn {loser} {why}\n",
        line.len()
    ));
    out.push_str("final board (# foothold, . gone, A and B the players, * both):\n");
    for r in 0..game.height {
        for c in 0..width {
            let cell = r * width + c;
            let mark = match (cell == a, cell == b) {
                (true, true) => '*',
                (true, false) => 'A',
                (false, true) => 'B',
                _ if footholds[cell] => '#',
                _ => '.',
            };
            out.push(mark);
        }
        out.push('\n');
    }
    out
}
