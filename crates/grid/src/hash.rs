//! Hashing for transposition tables: fold words in, then avalanche.
//!
//! A multiply-only hash of board masks collides badly (the low bits of a
//! product depend only on the low bits of its inputs), so every table key
//! ends with [`mix64`], the finaliser of SplitMix64 (Steele, Lea and Flood,
//! 2014), which makes every output bit depend on every input bit.

/// Folds one 64-bit word into a running hash (rotate, xor, multiply by the
/// golden-ratio constant). Finish with [`mix64`].
pub fn fold(hash: u64, word: u64) -> u64 {
    (hash.rotate_left(23) ^ word).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The SplitMix64 finaliser: a bijection on `u64` with full avalanche.
pub fn mix64(mut h: u64) -> u64 {
    h ^= h >> 30;
    h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    h ^= h >> 27;
    h = h.wrapping_mul(0x94D0_49BB_1331_11EB);
    h ^ (h >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearby_keys_spread_over_the_low_bits() {
        // Boards that differ in one high bit must not share low bits, or a
        // power-of-two table would put them all in one slot.
        let slots: std::collections::HashSet<u64> =
            (0..64).map(|bit| mix64(1u64 << bit) & 0xFFF).collect();
        assert!(slots.len() > 60);
        assert_ne!(fold(0, 1), fold(0, 2));
        assert_eq!(mix64(0), 0);
    }
}
