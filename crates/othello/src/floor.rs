//! The floors an Othello engine is measured against (the benchmarks in
//! `benches/othello.rs`, and `docs/benchmarks.md`): how fast a canonical
//! input can be read with no game logic at all, and how fast its moves can
//! be applied with no check that they are legal. Never on the judge path.

use crate::canonical::{header, line_end, move_line, number, replay_fastest};

/// Reads a canonical input case by case: `case` gets the side, the move
/// count and the place of the first move line, reads the moves, and returns
/// what to add to the sum.
#[inline(always)]
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

/// Replays a canonical input as the engine does ([`crate::canonical`]),
/// four cases side by side and with its flips, but with no check that a
/// move is legal: a move's cell may be taken and may flip nothing. The
/// answers, as the engine writes them (after a move onto a taken cell they
/// mean nothing, and the scalar and vector flips may differ there: this is
/// a floor to time, not a reference).
pub fn replay_unchecked(bytes: &[u8]) -> Option<Vec<u8>> {
    replay_fastest::<false>(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_floors_read_and_replay_the_sample() {
        let input = b"1\n4 1\n2 1 1\n";
        assert_eq!(read_only(input), Some(1));
        assert_eq!(replay_unchecked(input).unwrap(), b"#1 4 1\n");
        // A move that flips nothing is applied all the same.
        let illegal = b"1\n4 1\n1 1 1\n";
        assert_eq!(crate::canonical::replay(illegal), None);
        assert_eq!(replay_unchecked(illegal).unwrap(), b"#1 3 2\n");
    }
}
