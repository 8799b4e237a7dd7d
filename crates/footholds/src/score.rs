//! Scores: who wins a position, and when.
//!
//! Every move removes exactly one foothold (the one left behind), so the
//! number of moves made since the start, the ply, follows from the board.
//! The search scores a position by the ply at which the game ends, counted
//! from the start: a position whose mover loses when the game ends at ply
//! `p` scores `−(K − p)`; one whose mover wins at ply `p` scores `K − p`,
//! with `K` above any ply. Both players then simply maximise their score:
//! the winner wants the smallest `p`, the loser the largest.
//!
//! The transposition table meets one position at different plies, so it
//! keeps scores counted from the position instead ([`relative`]), and the
//! search turns them back ([`absolute`]).

/// A score larger than any ply (boards have at most 64 cells).
pub const K: i32 = 100;

/// Beyond any score: the search's open window.
pub const INFINITY: i32 = 1_000;

/// The least size of a real score: a game ends by ply 63 (boards have at
/// most 64 cells). Bounds between `-REAL` and `REAL` say only who wins.
pub const REAL: i32 = K - 64;

/// The score of a mover who loses at ply `ply`.
#[inline]
pub fn loss_at(ply: i32) -> i32 {
    -(K - ply)
}

/// The score of a mover who wins at ply `ply`.
#[inline]
pub fn win_at(ply: i32) -> i32 {
    K - ply
}

/// A score at `ply` as the table keeps it, counted from the position rather
/// than from the start (`K − r` for a win `r` plies on, `−(K − r)` for a
/// loss), so that a position reached at another ply can use it. A bound
/// that says only who wins becomes 0, which says the same at every ply.
#[inline]
pub fn relative(score: i32, ply: i32) -> i32 {
    if score >= REAL {
        score + ply
    } else if score <= -REAL {
        score - ply
    } else {
        0
    }
}

/// The score at `ply` of a score the table keeps (see [`relative`]).
#[inline]
pub fn absolute(kept: i32, ply: i32) -> i32 {
    match kept.signum() {
        1 => kept - ply,
        -1 => kept + ply,
        _ => 0,
    }
}

/// The ply at which a game with this (root) score ends.
pub fn plies_of(score: i32) -> u32 {
    if score > 0 {
        (K - score) as u32
    } else {
        (K + score) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_scores_move_with_the_ply() {
        // A win at ply 10 seen from ply 4 is a win 6 plies on, and seen
        // again from ply 7 it is a win at ply 13.
        let kept = relative(win_at(10), 4);
        assert_eq!(kept, win_at(6));
        assert_eq!(absolute(kept, 7), win_at(13));
        let kept = relative(loss_at(20), 5);
        assert_eq!(absolute(kept, 5), loss_at(20));
        // Bounds that say only who wins stay so at every ply.
        assert_eq!(relative(1, 30), 0);
        assert_eq!(absolute(0, 30), 0);
        assert_eq!(plies_of(win_at(7)), 7);
        assert_eq!(plies_of(loss_at(12)), 12);
    }

    #[test]
    fn every_real_score_round_trips() {
        // A win 5 plies on, kept at ply 10 and read at ply 14.
        assert_eq!(absolute(relative(K - 15, 10), 14), K - 19);
        // A loss 6 plies on, likewise.
        assert_eq!(absolute(relative(-(K - 16), 10), 14), -(K - 20));
        // Scores never come between -REAL and REAL, but bounds can: those
        // say only who wins, and stay on their side of 0 at every ply.
        for bound in [-REAL + 1, -1, 1, REAL - 1] {
            assert_eq!(absolute(relative(bound, 10), 50), 0);
        }
        // Every real score round-trips at the same ply.
        for ply in 0..64 {
            for score in (REAL..=K - ply).chain(-(K - ply)..=-REAL) {
                assert_eq!(absolute(relative(score, ply), ply), score);
            }
        }
    }
}
