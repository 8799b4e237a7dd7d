//! The floors an Othello engine is measured against (the benchmarks in
//! `benches/othello.rs`, and `docs/benchmarks.md`): how fast a canonical
//! input can be read with no game logic at all, and how fast its moves can
//! be applied with no check that they are legal. Never on the judge path.

use crate::bitboard::{flips_from, Board};
use crate::canonical::{header, line_end, move_line, number};

/// Reads a canonical input case by case: `case` gets the side, the move
/// count and the place of the first move line, reads the moves, and returns
/// what to add to the sum.
fn sum_over_cases(
    bytes: &[u8],
    mut case: impl FnMut(u64, u64, &mut usize) -> Option<u64>,
) -> Option<u64> {
    let mut at = 0;
    let cases = number(bytes, &mut at)?;
    line_end(bytes, &mut at)?;
    let mut sum = 0u64;
    for _ in 0..cases {
        let (side, moves) = header(bytes, &mut at)?;
        sum += case(side, moves, &mut at)?;
    }
    Some(sum)
}

/// Reads every number of a canonical input and sums the cells of the moves:
/// the input read, and nothing done with it.
pub fn read_only(bytes: &[u8]) -> Option<u64> {
    sum_over_cases(bytes, |side, moves, at| {
        let mut sum = 0u64;
        for _ in 0..moves {
            let (cell, white) = move_line(bytes, at, side as u8)?;
            sum += cell as u64 + u64::from(white);
        }
        Some(sum)
    })
}

/// Replays a canonical input with no check: a move's cell may be taken and
/// may flip nothing. The stones counted, summed over the cases.
pub fn replay_unchecked(bytes: &[u8]) -> Option<u64> {
    sum_over_cases(bytes, |side, moves, at| {
        let [mut black, mut white] = Board::start(side as usize).stones;
        for _ in 0..moves {
            let (cell, white_moves) = move_line(bytes, at, side as u8)?;
            let mask = u64::from(white_moves).wrapping_neg();
            let own = (black & !mask) | (white & mask);
            let opponent = (white & !mask) | (black & mask);
            let flipped = flips_from(cell, own, opponent);
            let (own, opponent) = (own | flipped | 1 << cell, opponent ^ flipped);
            black = (own & !mask) | (opponent & mask);
            white = (opponent & !mask) | (own & mask);
        }
        Some(u64::from(black.count_ones() + white.count_ones()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_floors_read_and_replay_the_sample() {
        let input = b"1\n4 1\n2 1 1\n";
        assert_eq!(read_only(input), Some(1));
        assert_eq!(replay_unchecked(input), Some(5));
    }
}
