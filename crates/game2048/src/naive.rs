//! The reference solver: try every sequence of moves, copying the board.
//!
//! This is the usual judge solution and is kept, unchanged in spirit, as the
//! yardstick the fast search is tested against: 4^K move sequences, each move
//! reading every line out of the board, sliding it, and writing it back.

use crate::board::{largest_tile, line_cells, Board, Move};
use crate::slide::slide_line;

/// The board after one move: every line is read from the wall the tiles move
/// toward, slid, and written back.
pub fn apply_move(board: &Board, direction: Move) -> Board {
    let n = board.rows();
    let mut next = board.clone();
    for fixed in 0..n {
        let cells = line_cells(n, direction, fixed);
        let mut line: Vec<u64> = cells.iter().map(|&cell| board[cell]).collect();
        slide_line(&mut line);
        for (&cell, &value) in cells.iter().zip(&line) {
            next[cell] = value;
        }
    }
    next
}

/// The largest tile reachable in at most `moves` moves. A move never makes
/// the largest tile smaller, so trying exactly `moves` moves is enough.
pub fn solve(board: &Board, moves: u32) -> u64 {
    if moves == 0 {
        return largest_tile(board);
    }
    Move::ALL
        .iter()
        .map(|&direction| solve(&apply_move(board, direction), moves - 1))
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use grid::Grid;

    fn board(n: usize, cells: &[u64]) -> Board {
        Grid::from_vec(n, n, cells.to_vec()).unwrap()
    }

    #[test]
    fn the_sample_gives_16() {
        assert_eq!(solve(&board(3, &[2, 2, 2, 4, 4, 4, 8, 8, 8]), 5), 16);
    }

    #[test]
    fn moves_go_the_right_way() {
        let b = board(2, &[2, 0, 2, 4]);
        assert_eq!(apply_move(&b, Move::Left).cells(), &[2, 0, 2, 4]);
        assert_eq!(apply_move(&b, Move::Right).cells(), &[0, 2, 2, 4]);
        assert_eq!(apply_move(&b, Move::Up).cells(), &[4, 4, 0, 0]);
        assert_eq!(apply_move(&b, Move::Down).cells(), &[0, 0, 4, 4]);
    }

    #[test]
    fn zero_moves_is_the_largest_tile() {
        assert_eq!(solve(&board(1, &[8]), 0), 8);
        assert_eq!(solve(&board(1, &[8]), 5), 8);
    }
}
