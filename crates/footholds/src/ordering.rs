//! Move ordering for the footholds search: the territory each move leaves
//! the mover (cells it reaches before the other player, who moves next),
//! with what that count finds out on the way: whether the players are still
//! connected, the cells they share, and how many moves the other player can
//! surely make.

use crate::bitboard::{pop_lowest, Geometry};
use crate::territory::territories;

/// A move to search, with what the territory count found out after it.
#[derive(Clone, Copy, Default)]
pub(crate) struct Candidate {
    /// Most promising first.
    pub(crate) rank: i32,
    pub(crate) cell: usize,
    /// The cells the players reach after it, when they are known to be
    /// connected (0: not known).
    pub(crate) region: u64,
    /// Moves the other player can surely make after it (0: not counted).
    pub(crate) other_walk: u32,
}

/// Orders the moves, most promising first: the move after which the
/// mover reaches the most cells before the other player does.
pub(crate) fn order_moves(
    geometry: &Geometry,
    after: u64,
    moves: u64,
    other: usize,
    hint: Option<usize>,
    ordered: &mut [Candidate; 4],
) -> usize {
    let mut cells = [0usize; 4];
    let mut count = 0;
    let mut rest = moves;
    while rest != 0 {
        let (next, remaining) = pop_lowest(rest);
        rest = remaining;
        cells[count] = next;
        count += 1;
    }
    let unknown = |rank, cell| Candidate {
        rank,
        cell,
        region: 0,
        other_walk: 0,
    };
    if let Some(hint) = hint {
        for (slot, &next) in ordered.iter_mut().zip(&cells[..count]) {
            *slot = if hint == next {
                // The table's best move goes first.
                unknown(i32::MAX, next)
            } else {
                // With the table's move first, the rest matter less: rank
                // them by mobility, which is much cheaper than territory.
                unknown((geometry.adjacent[next] & after).count_ones() as i32, next)
            };
        }
    } else if count > 1 {
        let found = territories(geometry, after, &cells[..count], other);
        for ((slot, &next), territory) in ordered.iter_mut().zip(&cells[..count]).zip(found) {
            *slot = Candidate {
                rank: territory.score,
                cell: next,
                region: territory.region,
                other_walk: territory.their_walk,
            };
        }
    } else if count == 1 {
        ordered[0] = unknown(0, cells[0]);
    }
    ordered[..count].sort_unstable_by_key(|candidate| std::cmp::Reverse(candidate.rank));
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hint_goes_first_and_lone_moves_skip_the_count() {
        let square = Geometry::new(2, 2);
        let mut ordered = [Candidate::default(); 4];
        // The mover left cell 0 for cell 1 or 2; the other is on cell 3.
        let count = order_moves(&square, 0b1110, 0b0110, 3, Some(2), &mut ordered);
        assert_eq!(count, 2);
        assert_eq!(ordered[0].cell, 2);
        let count = order_moves(&square, 0b1110, 0b0010, 3, None, &mut ordered);
        assert_eq!((count, ordered[0].cell, ordered[0].region), (1, 1, 0));
    }
}
