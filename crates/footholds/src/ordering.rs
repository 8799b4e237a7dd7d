//! Move ordering for the footholds search: the territory each move leaves
//! the mover (cells it reaches before the other player, who moves next),
//! with what that count finds out on the way: whether the players are still
//! connected, the cells they share, and how many moves the other player can
//! surely make.

use crate::bitboard::{pop_lowest, Geometry};

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

/// What [`territory`] finds.
struct Territory {
    score: i32,
    /// The cells the two reach, when they are connected (0 when not).
    region: u64,
    their_walk: u32,
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
    let mut count = 0;
    let mut rest = moves;
    while rest != 0 {
        let (next, remaining) = pop_lowest(rest);
        rest = remaining;
        let unknown = |rank| Candidate {
            rank,
            cell: next,
            region: 0,
            other_walk: 0,
        };
        ordered[count] = if hint == Some(next) {
            // The table's best move goes first.
            unknown(i32::MAX)
        } else if hint.is_some() {
            // With the table's move first, the rest matter less: rank
            // them by mobility, which is much cheaper than territory.
            unknown((geometry.adjacent[next] & after).count_ones() as i32)
        } else if moves.count_ones() > 1 {
            let territory = territory(geometry, after, next, other);
            Candidate {
                rank: territory.score,
                cell: next,
                region: territory.region,
                other_walk: territory.their_walk,
            }
        } else {
            unknown(0)
        };
        count += 1;
    }
    ordered[..count].sort_unstable_by_key(|candidate| std::cmp::Reverse(candidate.rank));
    count
}

/// Cells the player on `me` reaches strictly before the player on `them`
/// (who moves next), minus the cells `them` reaches first; whether the
/// two are connected; and how many moves `them` can surely make.
fn territory(geometry: &Geometry, board: u64, me: usize, them: usize) -> Territory {
    let (mut mine, mut theirs) = (1u64 << me, 1u64 << them);
    let mut free = board & !mine & !theirs;
    let mut their_walk = 0;
    loop {
        // The other player moves first, so it claims its next ring first.
        let their_ring = geometry.neighbours_unmasked(theirs) & free;
        free &= !their_ring;
        let my_reach = geometry.neighbours_unmasked(mine);
        let my_ring = my_reach & free;
        free &= !my_ring;
        if their_ring == 0 && my_ring == 0 {
            // Both have claimed all they can reach. Connected players
            // split one region between them, so the two parts touch;
            // separated ones never do.
            return Territory {
                score: mine.count_ones() as i32 - theirs.count_ones() as i32,
                region: if my_reach & theirs != 0 {
                    mine | theirs
                } else {
                    0
                },
                their_walk,
            };
        }
        if their_ring != 0 {
            their_walk += 1;
        }
        theirs |= their_ring;
        mine |= my_ring;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn territory_gives_ties_to_the_player_who_moves_next() {
        // A row of five, me on cell 0, them on cell 4: cell 2 is as far
        // from both, and goes to them, who move first.
        let row = Geometry::new(1, 5);
        let found = territory(&row, 0b11111, 0, 4);
        assert_eq!(found.score, 2 - 3);
        assert_eq!(found.region, 0b11111);
        // Their rings: cell 3, then cell 2.
        assert_eq!(found.their_walk, 2);
    }

    #[test]
    fn territory_tells_separated_players() {
        // A hole at cell 2 splits the row.
        let row = Geometry::new(1, 5);
        let found = territory(&row, 0b11011, 0, 4);
        assert_eq!((found.score, found.region, found.their_walk), (0, 0, 1));
    }

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
