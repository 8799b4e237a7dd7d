//! A move's flips, computed two ways: [`Scalar`], the eight rays one after
//! another in plain `u64` words (`bitboard::flips_from`), and on
//! x86-64 processors that have AVX2, `Avx2`, four rays at once in one
//! 256-bit register. The replay of a canonical input ([`crate::canonical`])
//! is written once over [`Flips`] and compiled for each.
//!
//! Why a second way: a replay is bound by its flips (reading the input is
//! an eighth of it; see `docs/benchmarks.md`), and the scalar flips are
//! about eighty instructions a move. With four rays to a register, the
//! same work is about thirty. The processor is asked at run time, so one
//! binary (and a bundle compiled with plain `rustc -O`) runs everywhere,
//! and takes the vector path where there is one.

use crate::bitboard::flips_from;

/// How a replay computes the stones a move flips.
pub trait Flips: Copy {
    /// The stones that a stone placed on `cell` (`row * 8 + col`) flips,
    /// with the mover's stones `own` and the opponent's `opponent`: exactly
    /// `bitboard::flips_from`'s answer.
    fn flips(self, cell: usize, own: u64, opponent: u64) -> u64;
}

/// The eight rays one after another: any processor.
#[derive(Clone, Copy)]
pub struct Scalar;

impl Flips for Scalar {
    #[inline(always)]
    fn flips(self, cell: usize, own: u64, opponent: u64) -> u64 {
        flips_from(cell, own, opponent)
    }
}

/// Work written once over [`Flips`], to be run with the fastest flips this
/// processor has ([`with_fastest_flips`]).
pub trait WithFlips {
    /// What the work gives.
    type Output;
    /// Does the work with `flips`. Mark it `#[inline(always)]`: the vector
    /// flips are inlined only into code compiled for AVX2, and this is how
    /// the work gets there.
    fn run(self, flips: impl Flips) -> Self::Output;
}

/// Runs `work` with `Avx2` where the processor has AVX2, and with [`Scalar`]
/// elsewhere.
pub fn with_fastest_flips<W: WithFlips>(work: W) -> W::Output {
    #[cfg(target_arch = "x86_64")]
    if let Some(avx2) = Avx2::detect() {
        // SAFETY: `detect` found AVX2 on this processor.
        return unsafe { run_with_avx2(work, avx2) };
    }
    work.run(Scalar)
}

/// `work` compiled for processors with AVX2.
///
/// # Safety
/// The processor must have AVX2 (which an `Avx2` proves).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn run_with_avx2<W: WithFlips>(work: W, avx2: Avx2) -> W::Output {
    work.run(avx2)
}

#[cfg(target_arch = "x86_64")]
pub use avx2::Avx2;

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use std::arch::x86_64::{
        __m256i, _mm256_add_epi64, _mm256_and_si256, _mm256_andnot_si256, _mm256_castsi256_si128,
        _mm256_cmpeq_epi64, _mm256_extracti128_si256, _mm256_loadu_si256, _mm256_or_si256,
        _mm256_set1_epi64x, _mm256_setr_epi64x, _mm256_setzero_si256, _mm256_srlv_epi64,
        _mm256_sub_epi64, _mm_cvtsi128_si64, _mm_or_si128, _mm_unpackhi_epi64,
    };

    use super::Flips;
    use crate::bitboard::RAYS;

    /// Proof that the processor has AVX2: only [`Avx2::detect`] makes one,
    /// so a replay handed one may use the AVX2 instructions.
    #[derive(Clone, Copy)]
    pub struct Avx2 {
        _detected: (),
    }

    impl Avx2 {
        /// An `Avx2` if this processor has AVX2 (asked once, then cached by
        /// the standard library).
        pub fn detect() -> Option<Avx2> {
            is_x86_feature_detected!("avx2").then_some(Avx2 { _detected: () })
        }
    }

    impl Flips for Avx2 {
        #[inline(always)]
        fn flips(self, cell: usize, own: u64, opponent: u64) -> u64 {
            // SAFETY: an `Avx2` exists only where `detect` found AVX2.
            unsafe { flips(cell, own, opponent) }
        }
    }

    /// The flips of a stone on `cell`, as [`crate::bitboard::flips_from`]
    /// finds them, with the four rays of growing bit index (east, south,
    /// south-east, south-west) in one register and the four of shrinking
    /// index (west, north, north-west, north-east) in another.
    ///
    /// # Safety
    /// The processor must have AVX2.
    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn flips(cell: usize, own: u64, opponent: u64) -> u64 {
        // The rays of a cell are eight words in a row: the four growing,
        // then the four shrinking, in the order of the shifts below.
        let rays = RAYS[cell & 63].as_ptr() as *const __m256i;
        // SAFETY: the eight words of a cell's rays, read as two registers.
        let (up, down) = unsafe { (_mm256_loadu_si256(rays), _mm256_loadu_si256(rays.add(1))) };
        let own = _mm256_set1_epi64x(own as i64);
        let opponent = _mm256_set1_epi64x(opponent as i64);
        let zero = _mm256_setzero_si256();

        // Growing rays: the nearest cell that is not the opponent's is the
        // lowest one; if it is the mover's, the cells below it on the ray
        // (all the opponent's) flip.
        let blockers = _mm256_andnot_si256(opponent, up);
        let first = _mm256_and_si256(blockers, _mm256_sub_epi64(zero, blockers));
        let closing = _mm256_and_si256(first, own);
        let open = _mm256_cmpeq_epi64(closing, zero);
        let below = _mm256_add_epi64(closing, _mm256_set1_epi64x(-1));
        let up_flips = _mm256_andnot_si256(open, _mm256_and_si256(below, up));

        // Shrinking rays have no vector instruction for their nearest
        // blocker (the highest bit), so the run of the opponent's stones is
        // grown from the placed stone instead: one step, one more, then
        // two steps at a time through pairs of the opponent's stones (a
        // run is at most six long on an 8 × 8 board).
        let step = _mm256_setr_epi64x(1, 8, 9, 7);
        let two_steps = _mm256_add_epi64(step, step);
        let on_ray = _mm256_and_si256(opponent, down);
        let pairs = _mm256_and_si256(on_ray, _mm256_srlv_epi64(on_ray, step));
        let placed = _mm256_set1_epi64x((1u64 << (cell & 63)) as i64);
        let mut run = _mm256_and_si256(_mm256_srlv_epi64(placed, step), on_ray);
        run = _mm256_or_si256(run, _mm256_and_si256(_mm256_srlv_epi64(run, step), on_ray));
        run = _mm256_or_si256(
            run,
            _mm256_and_si256(_mm256_srlv_epi64(run, two_steps), pairs),
        );
        run = _mm256_or_si256(
            run,
            _mm256_and_si256(_mm256_srlv_epi64(run, two_steps), pairs),
        );
        // The cell past the run closes it if it is the mover's and on the
        // ray (a step past the board's edge wraps to another row).
        let past = _mm256_and_si256(_mm256_srlv_epi64(run, step), down);
        let closed = _mm256_and_si256(past, own);
        let down_flips = _mm256_andnot_si256(_mm256_cmpeq_epi64(closed, zero), run);

        let both = _mm256_or_si256(up_flips, down_flips);
        let half = _mm_or_si128(
            _mm256_castsi256_si128(both),
            _mm256_extracti128_si256(both, 1),
        );
        _mm_cvtsi128_si64(_mm_or_si128(half, _mm_unpackhi_epi64(half, half))) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator, so the test needs no crate.
    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn the_vector_flips_are_the_scalar_flips() {
        #[cfg(target_arch = "x86_64")]
        {
            let Some(avx2) = Avx2::detect() else {
                eprintln!("no AVX2 on this processor: only the scalar flips are used here");
                return;
            };
            let mut state = 0x9E37_79B9_7F4A_7C15;
            let mut flipped_some = 0;
            for round in 0..200_000 {
                // Boards from sparse to full, the placed cell empty.
                let density = round % 4;
                let mut occupied = next(&mut state);
                for _ in 0..density {
                    occupied |= next(&mut state);
                }
                // The mover's share from a half to an eighth, so that long
                // runs of the opponent's stones are common too.
                let mut own = occupied & next(&mut state);
                for _ in 0..round % 3 {
                    own &= next(&mut state);
                }
                let opponent = occupied & !own;
                let cell = (next(&mut state) % 64) as usize;
                let (own, opponent) = (own & !(1 << cell), opponent & !(1 << cell));
                let expected = flips_from(cell, own, opponent);
                assert_eq!(
                    avx2.flips(cell, own, opponent),
                    expected,
                    "cell {cell}, own {own:#018x}, opponent {opponent:#018x}"
                );
                flipped_some += usize::from(expected != 0);
            }
            // The boards are varied enough to flip in most rounds.
            assert!(flipped_some > 100_000, "{flipped_some}");
        }
        assert_eq!(Scalar.flips(0, 1 << 2, 1 << 1), 1 << 1);
    }
}
