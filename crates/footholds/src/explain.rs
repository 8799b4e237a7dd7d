//! `--explain`: one optimal line of play, with the board after every move.
//!
//! The board is drawn with `#` for a foothold, `.` for a cell that never had
//! one, `x` for a foothold that vanished during play, `A` and `B` for the
//! players and `*` for both on one cell.

use std::io::Write;

use crate::game::Game;
use crate::search::Line;

/// The legend printed once, before the first game.
pub const LEGEND: &str =
    "(# foothold, . no foothold, x vanished in play, A and B the players, * both on one cell)\n";

/// Writes `line`, one optimal line of play for `game` (see
/// [`crate::lines`]), with the board after every move; `None` is a line the
/// work budget could not pay for, and is said so.
pub fn explain(game: &Game, line: Option<&Line>, out: &mut dyn Write) -> std::io::Result<()> {
    let Some((line, a_wins)) = line else {
        return writeln!(
            out,
            "(not explained: finding the line of play takes more than the work budget)"
        );
    };
    let a_wins = *a_wins;
    let width = game.width;
    let at = |cell: usize| format!("({},{})", cell / width, cell % width);
    let mut footholds = game.cells.clone();
    let (mut a, mut b) = (game.a, game.b);
    writeln!(out, "start: A on {}, B on {}", at(a), at(b))?;
    draw(game, &footholds, a, b, out)?;
    for (number, (player, from, to)) in line.iter().enumerate() {
        let name = if *player == 0 { 'A' } else { 'B' };
        footholds[*from] = false;
        if *player == 0 {
            a = *to;
        } else {
            b = *to;
        }
        writeln!(
            out,
            "move {}: {name} {} \u{2192} {}",
            number + 1,
            at(*from),
            at(*to)
        )?;
        draw(game, &footholds, a, b, out)?;
    }
    let (winner, loser, loser_cell) = if a_wins { ("A", "B", b) } else { ("B", "A", a) };
    let why = if footholds[loser_cell] {
        "has no foothold to step to"
    } else {
        "stands where the foothold vanished"
    };
    writeln!(
        out,
        "{winner} wins after {} moves: on its turn {loser} {why}",
        line.len()
    )
}

/// Draws the board: see the module's legend.
fn draw(
    game: &Game,
    footholds: &[bool],
    a: usize,
    b: usize,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let mut text = String::with_capacity((game.width + 1) * game.height);
    for r in 0..game.height {
        for c in 0..game.width {
            let cell = r * game.width + c;
            text.push(match (cell == a, cell == b) {
                (true, true) => '*',
                (true, false) => 'A',
                (false, true) => 'B',
                _ if footholds[cell] => '#',
                _ if game.cells[cell] => 'x',
                _ => '.',
            });
        }
        text.push('\n');
    }
    out.write_all(text.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::game;

    #[test]
    fn every_move_has_its_board() {
        let mut out = Vec::new();
        let sample = game("[[1, 1, 1], [1, 1, 1], [1, 1, 1]] [1, 0] [1, 2]");
        let line = crate::search::principal_line(&sample, u64::MAX).unwrap();
        explain(&sample, Some(&line), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        // The sample takes 5 moves: the start and 5 boards of 3 rows.
        assert_eq!(text.matches("move ").count(), 5, "{text}");
        assert!(
            text.starts_with("start: A on (1,0), B on (1,2)\n###\nA#B\n###\n"),
            "{text}"
        );
        assert!(text.contains('x'), "{text}");
        assert!(
            text.ends_with("after 5 moves: on its turn A has no foothold to step to\n")
                || text.contains("wins after 5 moves"),
            "{text}"
        );
    }

    #[test]
    fn a_spent_budget_is_said() {
        let mut out = Vec::new();
        explain(&game("[[1, 1, 1, 1]] [0, 0] [0, 3]"), None, &mut out).unwrap();
        assert!(String::from_utf8(out).unwrap().contains("work budget"));
    }
}
