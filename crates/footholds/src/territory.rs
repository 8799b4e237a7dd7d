//! Territory: the cells each player reaches before the other, found by
//! growing both players' reach one ring at a time over a bitboard. The
//! search ranks a node's moves by it ([`crate::ordering`]), and counts it
//! once per move: up to four counts a node, among the costliest steps of
//! the search. So on x86-64 processors with AVX2 the counts of all a
//! node's moves run side by side, one move to each 64-bit lane of a
//! 256-bit register; the processor is asked at run time, and elsewhere
//! they run one after another.

use crate::bitboard::Geometry;

/// What [`territory`] finds.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub(crate) struct Territory {
    /// Cells the mover reaches first, less those the other player does.
    pub(crate) score: i32,
    /// The cells the two reach, when they are connected (0 when not).
    pub(crate) region: u64,
    /// How many rings the other player claims: moves it can surely make.
    pub(crate) their_walk: u32,
}

/// Cells the player on `me` reaches strictly before the player on `them`
/// (who moves next), minus the cells `them` reaches first; whether the
/// two are connected; and how many moves `them` can surely make.
pub(crate) fn territory(geometry: &Geometry, board: u64, me: usize, them: usize) -> Territory {
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

/// [`territory`] for each of `moves` (at most four cells), the same order.
pub(crate) fn territories(
    geometry: &Geometry,
    board: u64,
    moves: &[usize],
    them: usize,
) -> [Territory; 4] {
    debug_assert!(moves.len() <= 4, "a cell has at most four moves");
    #[cfg(target_arch = "x86_64")]
    if moves.len() > 1
        && std::arch::is_x86_feature_detected!("avx2")
        && std::arch::is_x86_feature_detected!("popcnt")
    {
        // SAFETY: the processor has AVX2 and POPCNT, just asked.
        return unsafe { vector::territories(geometry, board, moves, them) };
    }
    let mut found = [Territory::default(); 4];
    for (slot, &me) in found.iter_mut().zip(moves) {
        *slot = territory(geometry, board, me, them);
    }
    found
}

#[cfg(target_arch = "x86_64")]
mod vector {
    use super::Territory;
    use crate::bitboard::Geometry;
    use std::arch::x86_64::*;

    /// `Geometry::neighbours_unmasked` in each lane: the masks that stop
    /// shifts from wrapping round the row ends, and the row's shift.
    struct Shifts {
        not_first: __m256i,
        not_last: __m256i,
        vertical: __m256i,
        row: __m128i,
    }

    impl Shifts {
        /// The cells next to each lane's `set` (and maybe cells of `set`
        /// or off the board, which the caller masks away). A function of
        /// its own with the feature, not a closure, so that compilers
        /// before 1.86 (closures without their caller's features) still
        /// inline the vector instructions.
        ///
        /// # Safety
        ///
        /// The processor must have AVX2.
        #[inline]
        #[target_feature(enable = "avx2")]
        unsafe fn neighbours(&self, set: __m256i) -> __m256i {
            let sideways = _mm256_or_si256(
                _mm256_and_si256(_mm256_slli_epi64::<1>(set), self.not_first),
                _mm256_and_si256(_mm256_srli_epi64::<1>(set), self.not_last),
            );
            let up_down = _mm256_or_si256(
                _mm256_sll_epi64(set, self.row),
                _mm256_srl_epi64(set, self.row),
            );
            _mm256_or_si256(sideways, _mm256_and_si256(up_down, self.vertical))
        }
    }

    /// [`super::territory`] for up to four moves, one to a lane. A lane
    /// whose rings are both empty stays so (nothing it grows from
    /// changes), so the lanes run in step until every one is done, and
    /// lanes with no move (no cells) are done from the start.
    ///
    /// # Safety
    ///
    /// The processor must have AVX2 and POPCNT.
    #[target_feature(enable = "avx2,popcnt")]
    pub(super) unsafe fn territories(
        geometry: &Geometry,
        board: u64,
        moves: &[usize],
        them: usize,
    ) -> [Territory; 4] {
        let cell = |i: usize| moves.get(i).map_or(0, |&c| 1i64 << c);
        let them_in = |i: usize| if i < moves.len() { 1i64 << them } else { 0 };
        let mut mine = _mm256_set_epi64x(cell(3), cell(2), cell(1), cell(0));
        let mut theirs = _mm256_set_epi64x(them_in(3), them_in(2), them_in(1), them_in(0));
        let board = _mm256_set1_epi64x(board as i64);
        let mut free = _mm256_andnot_si256(_mm256_or_si256(mine, theirs), board);
        let shifts = Shifts {
            not_first: _mm256_set1_epi64x(geometry.not_first_column as i64),
            not_last: _mm256_set1_epi64x(geometry.not_last_column as i64),
            vertical: _mm256_set1_epi64x(geometry.vertical as i64),
            row: _mm_cvtsi32_si128(geometry.row_shift as i32),
        };
        // SAFETY (each call): this function runs only where AVX2 is.
        let neighbours = |set: __m256i| unsafe { shifts.neighbours(set) };
        let zero = _mm256_setzero_si256();
        let mut walk = zero;
        loop {
            let their_ring = _mm256_and_si256(neighbours(theirs), free);
            free = _mm256_andnot_si256(their_ring, free);
            let my_ring = _mm256_and_si256(neighbours(mine), free);
            free = _mm256_andnot_si256(my_ring, free);
            let grown = _mm256_or_si256(their_ring, my_ring);
            if _mm256_testz_si256(grown, grown) != 0 {
                break;
            }
            // Minus −1 in each lane whose other player grew.
            let still = _mm256_cmpeq_epi64(their_ring, zero);
            walk = _mm256_sub_epi64(walk, _mm256_xor_si256(still, _mm256_set1_epi64x(-1)));
            theirs = _mm256_or_si256(theirs, their_ring);
            mine = _mm256_or_si256(mine, my_ring);
        }
        let touching = _mm256_and_si256(neighbours(mine), theirs);
        let (mut mine_lanes, mut theirs_lanes, mut touch_lanes, mut walk_lanes) =
            ([0u64; 4], [0u64; 4], [0u64; 4], [0u64; 4]);
        // SAFETY: each array is 32 bytes, and unaligned stores are allowed.
        unsafe {
            _mm256_storeu_si256(mine_lanes.as_mut_ptr().cast(), mine);
            _mm256_storeu_si256(theirs_lanes.as_mut_ptr().cast(), theirs);
            _mm256_storeu_si256(touch_lanes.as_mut_ptr().cast(), touching);
            _mm256_storeu_si256(walk_lanes.as_mut_ptr().cast(), walk);
        }
        let mut found = [Territory::default(); 4];
        for lane in 0..moves.len() {
            found[lane] = Territory {
                score: mine_lanes[lane].count_ones() as i32
                    - theirs_lanes[lane].count_ones() as i32,
                region: if touch_lanes[lane] != 0 {
                    mine_lanes[lane] | theirs_lanes[lane]
                } else {
                    0
                },
                their_walk: walk_lanes[lane] as u32,
            };
        }
        found
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

    /// The counts side by side give what each gives alone, on random
    /// boards of several shapes, for one to four moves.
    #[test]
    fn territories_side_by_side_match_one_at_a_time() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for (height, width) in [(8, 8), (5, 5), (3, 7), (1, 64), (64, 1), (4, 16)] {
            let geometry = Geometry::new(height, width);
            let cells = height * width;
            for _ in 0..20_000 {
                // Dense boards, as in a search: most cells still footholds.
                let board = (next() | next() | next()) & geometry.all;
                let them = next() as usize % cells;
                let count = 1 + next() as usize % 4;
                let moves: Vec<usize> = (0..count)
                    .map(|_| next() as usize % cells)
                    .filter(|&cell| cell != them && board & (1 << cell) != 0)
                    .collect();
                let board = board | (1 << them);
                let found = territories(&geometry, board, &moves, them);
                for (lane, &me) in moves.iter().enumerate() {
                    let alone = territory(&geometry, board, me, them);
                    assert_eq!(
                        found[lane], alone,
                        "{height} x {width}, {board:#x}, {me} {them}"
                    );
                }
            }
        }
    }
}
