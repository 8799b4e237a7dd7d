//! The reference solver: plain minimax over every line of play.
//!
//! This is the usual judge solution. From a position, the player to move
//! wins if some move leads to a position the opponent loses; a winner picks
//! the quickest such win, a loser the longest defeat. The running time is
//! exponential (every path through the footholds), which is fine for the
//! judge's 5 × 5 boards and is kept as the yardstick for the fast solver.

use crate::game::Game;

/// The outcome for the player to move: whether it wins, and the total number
/// of moves both players make from here under optimal play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub mover_wins: bool,
    pub moves: u32,
}

/// The total number of moves under optimal play, A moving first.
pub fn solve(game: &Game) -> u32 {
    let mut footholds = game.cells.clone();
    play(game, &mut footholds, game.a, game.b).moves
}

/// The outcome with the mover on `mover` and the other player on `other`.
pub fn play(game: &Game, footholds: &mut [bool], mover: usize, other: usize) -> Outcome {
    // The other player stood on our cell and left: it vanished under us.
    if !footholds[mover] {
        return Outcome {
            mover_wins: false,
            moves: 0,
        };
    }
    let mut quickest_win: Option<u32> = None;
    let mut longest_loss = 0;
    for next in game.neighbours(mover) {
        if !footholds[next] {
            continue;
        }
        footholds[mover] = false;
        let reply = play(game, footholds, other, next);
        footholds[mover] = true;
        let total = reply.moves + 1;
        if reply.mover_wins {
            longest_loss = longest_loss.max(total);
        } else {
            quickest_win = Some(quickest_win.map_or(total, |t| t.min(total)));
        }
    }
    match quickest_win {
        Some(moves) => Outcome {
            mover_wins: true,
            moves,
        },
        // With no move at all this is a loss after 0 moves.
        None => Outcome {
            mover_wins: false,
            moves: longest_loss,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{assert_official_samples, game};

    fn answer(text: &str) -> u32 {
        solve(&game(text))
    }

    #[test]
    fn official_samples() {
        assert_official_samples(solve);
    }

    #[test]
    fn same_cell_start_the_first_mover_wins_by_leaving() {
        // A steps off; the cell vanishes under B, who loses at once.
        assert_eq!(answer("[[1, 1]] [0, 0] [0, 0]"), 1);
    }
}
