//! The fast replay for N ≤ 8: a board is two `u64`s (black, white), cell
//! `(row, col)` at bit `row * 8 + col`, and a move's flips in all eight
//! directions come from shifts and masks.

use grid::InputError;

use crate::game::{starting_stones, Counts, Move, Stone};

/// The largest side the bitboard holds.
pub const MAX_SIDE: usize = 8;

const NOT_FIRST_COLUMN: u64 = 0xFEFE_FEFE_FEFE_FEFE;
const NOT_LAST_COLUMN: u64 = 0x7F7F_7F7F_7F7F_7F7F;

/// The eight directions as a shift and the cells a shifted stone may land
/// on: a step that changes the column masks out the cells that wrapped
/// around a row end. Shifts toward higher bits (east, south, south-east,
/// south-west) come first, then their opposites.
const SHIFTS: [u32; 4] = [1, 8, 9, 7];
const UP_MASKS: [u64; 4] = [
    NOT_FIRST_COLUMN,
    u64::MAX,
    NOT_FIRST_COLUMN,
    NOT_LAST_COLUMN,
];
const DOWN_MASKS: [u64; 4] = [NOT_LAST_COLUMN, u64::MAX, NOT_LAST_COLUMN, NOT_FIRST_COLUMN];

/// The run of `opponent` stones (already masked for the direction) next to
/// `from` in one direction, extended up to six times (the longest run on an
/// 8 × 8 board), and the cells just past its end.
#[inline(always)]
fn ray(from: u64, opponent: u64, step: impl Fn(u64) -> u64) -> (u64, u64) {
    let mut run = step(from) & opponent;
    run |= step(run) & opponent;
    run |= step(run) & opponent;
    run |= step(run) & opponent;
    run |= step(run) & opponent;
    run |= step(run) & opponent;
    (run, step(run))
}

/// For each cell, the cells of the 8 × 8 board along each of the eight
/// directions, nearest first, up to the edge: east, south, south-east and
/// south-west (bit indices growing), then west, north, north-west and
/// north-east (shrinking). Built at compile time.
pub(crate) static RAYS: [[u64; 8]; 64] = build_rays();

const fn build_rays() -> [[u64; 8]; 64] {
    let directions: [(i32, i32); 8] = [
        (0, 1),
        (1, 0),
        (1, 1),
        (1, -1),
        (0, -1),
        (-1, 0),
        (-1, -1),
        (-1, 1),
    ];
    let mut rays = [[0u64; 8]; 64];
    let mut cell = 0;
    while cell < 64 {
        let mut d = 0;
        while d < 8 {
            let (dr, dc) = directions[d];
            let (mut r, mut c) = ((cell / 8) as i32 + dr, (cell % 8) as i32 + dc);
            let mut ray = 0u64;
            while r >= 0 && r < 8 && c >= 0 && c < 8 {
                ray |= 1 << (r * 8 + c);
                r += dr;
                c += dc;
            }
            rays[cell][d] = ray;
            d += 1;
        }
        cell += 1;
    }
    rays
}

/// The stones a stone placed on cell `cell` (`row * 8 + col`) flips, with
/// the mover's stones `own` and the opponent's `opponent`: in each
/// direction, the run of the opponent's stones next to it, if a stone of the
/// mover closes the run.
#[inline(always)]
pub(crate) fn flips_from(cell: usize, own: u64, opponent: u64) -> u64 {
    // Off-board cells of a smaller board are never occupied, so they block
    // every ray without a mask.
    let rays = &RAYS[cell];
    let mut flipped = 0;
    // Along each ray, the first cell that is not the opponent's closes the
    // run if it is the mover's; the run is everything before it. No
    // branches: a run that is not closed is masked away (branches on the
    // board's contents mispredict too often to pay).
    for &ray in &rays[..4] {
        // Bit indices grow along these rays: the nearest blocker is the lowest.
        let blockers = ray & !opponent;
        let first = blockers & blockers.wrapping_neg();
        let closed = u64::from(first & own != 0).wrapping_neg();
        flipped |= first.wrapping_sub(1) & ray & closed;
    }
    for &ray in &rays[4..] {
        // Bit indices shrink along these rays: the nearest blocker is the
        // highest. (With no blocker, `| 1` picks bit 0, which is then either
        // off the ray or the opponent's, so nothing is closed.)
        let blockers = ray & !opponent;
        let first = (1u64 << 63) >> (blockers | 1).leading_zeros();
        let closed = u64::from(first & own & ray != 0).wrapping_neg();
        flipped |= ray & !(first | first.wrapping_sub(1)) & closed;
    }
    flipped
}

/// Why a move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The cell already holds a stone of this colour.
    Occupied(Stone),
    /// No run of the opponent's stones is closed by the move.
    FlipsNothing,
}

/// A position: the stones of each colour, and the cells of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    /// The stones of each colour, indexed by [`Stone::index`] (an array,
    /// so that picking the mover's stones needs no branch).
    pub stones: [u64; 2],
    /// The `side × side` cells in use.
    pub cells: u64,
}

/// The bit of a cell.
pub fn bit(row: usize, col: usize) -> u64 {
    1 << (row * 8 + col)
}

impl Board {
    /// The starting position of a `side × side` board (`side <= 8`).
    pub fn start(side: usize) -> Self {
        // `side` ones in each of the first `side` rows of eight.
        let row = (1u64 << side) - 1;
        let cells = (0..side).fold(0, |cells, r| cells | row << (8 * r));
        let mut board = Board {
            stones: [0; 2],
            cells,
        };
        for (row, col, stone) in starting_stones(side) {
            *board.stones_mut(stone) |= bit(row, col);
        }
        board
    }

    /// The stones of one colour.
    pub fn stones(&self, stone: Stone) -> u64 {
        self.stones[stone.index()]
    }

    fn stones_mut(&mut self, stone: Stone) -> &mut u64 {
        &mut self.stones[stone.index()]
    }

    /// The mover's stones and the opponent's. A select rather than an index
    /// by colour: indexing the array with a colour known only at run time
    /// keeps the board in memory, and each move would then wait for the last
    /// one's stores to be read back.
    #[inline(always)]
    fn mover_and_opponent(&self, stone: Stone) -> (u64, u64) {
        let [black, white] = self.stones;
        match stone {
            Stone::Black => (black, white),
            Stone::White => (white, black),
        }
    }

    /// The stones a stone of `stone` placed on the cell `placed` would flip:
    /// in each direction, the run of the opponent's stones next to it, if a
    /// stone of the mover closes the run.
    #[inline]
    pub fn flips(&self, placed: u64, stone: Stone) -> u64 {
        let (own, opponent) = self.mover_and_opponent(stone);
        flips_from(placed.trailing_zeros() as usize & 63, own, opponent)
    }

    /// The empty cells where `stone` would flip something.
    pub fn legal_moves(&self, stone: Stone) -> u64 {
        let own = self.stones(stone);
        let opponent = self.stones(stone.opponent());
        let empty = self.cells & !own & !opponent;
        let mut moves = 0;
        for k in 0..4 {
            let (shift, up, down) = (SHIFTS[k], UP_MASKS[k], DOWN_MASKS[k]);
            let (_, past) = ray(own, opponent & up, |x| x << shift);
            moves |= past & up & empty;
            let (_, past) = ray(own, opponent & down, |x| x >> shift);
            moves |= past & down & empty;
        }
        moves
    }

    /// Places a stone of `stone` at `(row, col)`, checking the move: the
    /// cell must be empty and the move must flip something. Returns the
    /// flipped stones. The error is a small value (the hot loop returns it in
    /// registers); [`Board::play`] words it.
    #[inline]
    pub fn place(&mut self, row: usize, col: usize, stone: Stone) -> Result<u64, Illegal> {
        let cell = row * 8 + col;
        let placed = 1u64 << (cell & 63);
        if (self.stones[0] | self.stones[1]) & placed != 0 {
            let holder = if self.stones(Stone::Black) & placed != 0 {
                Stone::Black
            } else {
                Stone::White
            };
            return Err(Illegal::Occupied(holder));
        }
        let (own, opponent) = self.mover_and_opponent(stone);
        let flipped = flips_from(cell & 63, own, opponent);
        if flipped == 0 {
            return Err(Illegal::FlipsNothing);
        }
        // Every flipped stone changes colour, and the new stone is added.
        let (own, opponent) = (own | flipped | placed, opponent ^ flipped);
        self.stones = match stone {
            Stone::Black => [own, opponent],
            Stone::White => [opponent, own],
        };
        Ok(flipped)
    }

    /// Plays a move, checking it like [`crate::naive::play`] does (with the
    /// same error messages); returns the flipped stones.
    #[inline]
    pub fn play(&mut self, mv: Move) -> Result<u64, InputError> {
        self.place(mv.row, mv.col, mv.stone)
            .map_err(|illegal| match illegal {
                Illegal::Occupied(holder) => crate::game::occupied_error(mv, holder),
                Illegal::FlipsNothing => crate::game::no_flip_error(mv),
            })
    }

    /// The stone counts.
    pub fn count(&self) -> Counts {
        Counts {
            black: self.stones(Stone::Black).count_ones(),
            white: self.stones(Stone::White).count_ones(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(x: usize, y: usize, stone: Stone) -> Move {
        Move {
            row: y - 1,
            col: x - 1,
            stone,
            line: 1,
        }
    }

    #[test]
    fn starting_position() {
        let b = Board::start(4);
        assert_eq!(b.count(), Counts { black: 2, white: 2 });
        assert_eq!(b.stones(Stone::White), bit(1, 1) | bit(2, 2));
        assert_eq!(b.legal_moves(Stone::Black).count_ones(), 4);
    }

    #[test]
    fn flips_do_not_wrap_around_rows() {
        // On an 8 × 8 board, a run ending at the east edge must not continue
        // on the next row's west edge.
        let mut b = Board {
            stones: [bit(1, 0), bit(0, 6) | bit(0, 7)],
            cells: u64::MAX,
        };
        assert_eq!(b.flips(bit(0, 5), Stone::Black), 0);
        b.stones[Stone::Black.index()] |= bit(0, 4);
        assert_eq!(b.flips(bit(0, 5), Stone::Black), 0);
    }

    #[test]
    fn the_sample_game() {
        let moves = [
            (1, 2, 1),
            (1, 1, 2),
            (4, 3, 1),
            (4, 4, 2),
            (2, 1, 1),
            (4, 2, 2),
            (3, 4, 1),
            (1, 3, 2),
            (2, 4, 1),
            (1, 4, 2),
            (4, 1, 2),
            (3, 1, 2),
        ];
        let mut b = Board::start(4);
        for (x, y, c) in moves {
            b.play(mv(x, y, if c == 1 { Stone::Black } else { Stone::White }))
                .unwrap();
        }
        assert_eq!(
            b.count(),
            Counts {
                black: 0,
                white: 16
            }
        );
    }

    #[test]
    fn illegal_moves_are_errors() {
        let mut b = Board::start(4);
        assert!(b.play(mv(2, 2, Stone::Black)).is_err());
        assert!(b.play(mv(1, 1, Stone::Black)).is_err());
    }
}
