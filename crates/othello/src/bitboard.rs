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

/// A position: the stones of each colour, and the cells of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    pub black: u64,
    pub white: u64,
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
        let mut cells = 0;
        for row in 0..side {
            for col in 0..side {
                cells |= bit(row, col);
            }
        }
        let mut board = Board {
            black: 0,
            white: 0,
            cells,
        };
        for (row, col, stone) in starting_stones(side) {
            *board.stones_mut(stone) |= bit(row, col);
        }
        board
    }

    fn stones(&self, stone: Stone) -> u64 {
        match stone {
            Stone::Black => self.black,
            Stone::White => self.white,
        }
    }

    fn stones_mut(&mut self, stone: Stone) -> &mut u64 {
        match stone {
            Stone::Black => &mut self.black,
            Stone::White => &mut self.white,
        }
    }

    /// The stones a stone of `stone` placed on the cell `placed` would flip:
    /// in each direction, the run of the opponent's stones next to it, if a
    /// stone of the mover closes the run.
    pub fn flips(&self, placed: u64, stone: Stone) -> u64 {
        let own = self.stones(stone);
        let opponent = self.stones(stone.opponent()) & self.cells;
        let mut flipped = 0;
        for k in 0..4 {
            let (shift, up, down) = (SHIFTS[k], UP_MASKS[k], DOWN_MASKS[k]);
            let (run, past) = ray(placed, opponent & up, |x| x << shift);
            if past & up & own != 0 {
                flipped |= run;
            }
            let (run, past) = ray(placed, opponent & down, |x| x >> shift);
            if past & down & own != 0 {
                flipped |= run;
            }
        }
        flipped
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

    /// Plays a move, checking it like [`crate::naive::play`] does; returns
    /// the flipped stones.
    pub fn play(&mut self, mv: Move) -> Result<u64, InputError> {
        let placed = bit(mv.row, mv.col);
        if (self.black | self.white) & placed != 0 {
            let holder = if self.black & placed != 0 {
                Stone::Black
            } else {
                Stone::White
            };
            return Err(crate::naive::occupied_error(mv, holder));
        }
        let flipped = self.flips(placed, mv.stone);
        if flipped == 0 {
            return Err(crate::naive::no_flip_error(mv));
        }
        *self.stones_mut(mv.stone) |= placed | flipped;
        *self.stones_mut(mv.stone.opponent()) &= !flipped;
        Ok(flipped)
    }

    /// The stone counts.
    pub fn count(&self) -> Counts {
        Counts {
            black: self.black.count_ones(),
            white: self.white.count_ones(),
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
        assert_eq!(b.white, bit(1, 1) | bit(2, 2));
        assert_eq!(b.legal_moves(Stone::Black).count_ones(), 4);
    }

    #[test]
    fn flips_do_not_wrap_around_rows() {
        // On an 8 × 8 board, a run ending at the east edge must not continue
        // on the next row's west edge.
        let mut b = Board {
            black: bit(1, 0),
            white: bit(0, 6) | bit(0, 7),
            cells: u64::MAX,
        };
        assert_eq!(b.flips(bit(0, 5), Stone::Black), 0);
        b.black |= bit(0, 4);
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
