//! The floors an Othello engine is measured against (the benchmarks in
//! `benches/othello.rs`, and `docs/benchmarks.md`): how fast a canonical
//! input can be read with no game logic at all, and how fast its moves can
//! be applied with no check that they are legal. Never on the judge path.

use crate::bitboard::{flips_from, Board};
use crate::canonical::{line_end, move_line, number};

/// Reads every number of a canonical input and sums the cells of the moves:
/// the input read, and nothing done with it.
pub fn read_only(bytes: &[u8]) -> Option<u64> {
    let mut at = 0;
    let cases = number(bytes, &mut at)?;
    line_end(bytes, &mut at)?;
    let mut sum = 0u64;
    for _ in 0..cases {
        let side = number(bytes, &mut at)?;
        at += 1;
        let moves = number(bytes, &mut at)?;
        line_end(bytes, &mut at)?;
        for _ in 0..moves {
            let (cell, white) = move_line(bytes, &mut at, side as u8)?;
            sum += cell as u64 + u64::from(white);
        }
    }
    Some(sum)
}

/// Replays a canonical input with no check: a move's cell may be taken and
/// may flip nothing. The stones counted, summed over the cases.
pub fn replay_unchecked(bytes: &[u8]) -> Option<u64> {
    let mut at = 0;
    let cases = number(bytes, &mut at)?;
    line_end(bytes, &mut at)?;
    let mut sum = 0u64;
    for _ in 0..cases {
        let side = number(bytes, &mut at)?;
        at += 1;
        let moves = number(bytes, &mut at)?;
        line_end(bytes, &mut at)?;
        let [mut black, mut white] = Board::start(side as usize).stones;
        for _ in 0..moves {
            let (cell, white_moves) = move_line(bytes, &mut at, side as u8)?;
            let mask = u64::from(white_moves).wrapping_neg();
            let own = (black & !mask) | (white & mask);
            let opponent = (white & !mask) | (black & mask);
            let flipped = flips_from(cell, own, opponent);
            let (own, opponent) = (own | flipped | 1 << cell, opponent ^ flipped);
            black = (own & !mask) | (opponent & mask);
            white = (opponent & !mask) | (own & mask);
        }
        sum += u64::from(black.count_ones() + white.count_ones());
    }
    Some(sum)
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
