//! Upper bounds on the largest tile a board can still make, from its tile
//! counts per exponent.

use crate::exponents::EXPONENTS;

/// The largest exponent a tile can reach within `moves_left` moves, given the
/// tile counts and the largest exponent now present.
///
/// A tile can merge at most once per move, so a tile of exponent `e` made in
/// `d` moves is a merge tree of depth at most `d` whose leaves are tiles of
/// exponent at least `e − d`, summing to `2^e`. So `e` is reachable only if
/// the tiles of exponents `e − d ..= e − 1` sum to at least `2^e`. This
/// subsumes both "the largest tile at most doubles per move" and "the answer
/// is at most the sum".
pub fn upper_bound(counts: &[u32; EXPONENTS], largest: u8, moves_left: u32) -> u8 {
    let d = moves_left.min(40);
    let mut target = largest as u32 + d;
    while target > largest as u32 {
        let lowest = target.saturating_sub(d).max(1);
        // Sum the tiles in units of 2^lowest; compare with 2^(target − lowest).
        let mut sum: u64 = 0;
        for e in lowest..target {
            sum += u64::from(counts[e as usize]) << (e - lowest);
        }
        if sum >= 1u64 << (target - lowest) {
            return target as u8;
        }
        target -= 1;
    }
    largest
}

/// The largest exponent not above the sum of all tiles: no sequence of any
/// length can make a larger tile.
pub(crate) fn sum_cap(counts: &[u32; EXPONENTS]) -> u8 {
    let mut sum: u128 = 0;
    for (e, &count) in counts.iter().enumerate().skip(1) {
        sum += u128::from(count) << e;
    }
    if sum == 0 {
        0
    } else {
        (127 - sum.leading_zeros()) as u8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bound_uses_counts() {
        let mut counts = [0; EXPONENTS];
        // Two 4s and one 2: 8 is reachable in one move (4 + 4), 16 never.
        counts[2] = 2;
        counts[1] = 1;
        assert_eq!(upper_bound(&counts, 2, 1), 3);
        assert_eq!(upper_bound(&counts, 2, 5), 3);
        assert_eq!(sum_cap(&counts), 3);
        // Four 2s need two moves for an 8.
        let mut twos = [0; EXPONENTS];
        twos[1] = 4;
        assert_eq!(upper_bound(&twos, 1, 1), 2);
        assert_eq!(upper_bound(&twos, 1, 2), 3);
    }
}
