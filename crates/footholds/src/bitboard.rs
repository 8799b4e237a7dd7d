//! Boards of up to 64 cells as `u64` bitboards: cell `r * width + c` is bit
//! `r * width + c`. Neighbour sets and flood fills are a handful of shifts.

/// The geometry of a board: its size and the masks that stop shifts from
/// wrapping around the row ends.
#[derive(Clone, Debug)]
pub struct Geometry {
    pub height: usize,
    pub width: usize,
    /// Every cell of the board.
    pub all: u64,
    /// Every cell but those of the first column.
    pub(crate) not_first_column: u64,
    /// Every cell but those of the last column.
    pub(crate) not_last_column: u64,
    /// The orthogonal neighbours of each cell.
    pub adjacent: Vec<u64>,
    /// For each cell, its corners: two orthogonal neighbours at a right
    /// angle and the diagonal cell between them, as one mask (zero where the
    /// corner leaves the board).
    corners: Vec<[u64; 4]>,
    /// The cells of the same colour as cell 0 on a checkerboard.
    pub even: u64,
    /// The shift from a cell to the one below it (the width), reduced to
    /// stay valid for a 1 × 64 board, whose rows have no cell below: there
    /// `vertical` is zero and masks the shifted cells away. So `spread` needs
    /// no branch.
    pub(crate) row_shift: u32,
    pub(crate) vertical: u64,
}

impl Geometry {
    /// The geometry of a `height × width` board (`height * width <= 64`).
    pub fn new(height: usize, width: usize) -> Self {
        let cells = height * width;
        let all = if cells >= 64 {
            u64::MAX
        } else {
            (1u64 << cells) - 1
        };
        let mut first_column = 0;
        let mut last_column = 0;
        let mut even = 0;
        for r in 0..height {
            first_column |= 1 << (r * width);
            last_column |= 1 << (r * width + width - 1);
            for c in 0..width {
                if (r + c) % 2 == 0 {
                    even |= 1 << (r * width + c);
                }
            }
        }
        let mut geometry = Geometry {
            height,
            width,
            all,
            not_first_column: all & !first_column,
            not_last_column: all & !last_column,
            adjacent: Vec::with_capacity(cells),
            corners: Vec::with_capacity(cells),
            even,
            row_shift: (width % 64) as u32,
            vertical: if width >= 64 { 0 } else { u64::MAX },
        };
        geometry.adjacent = (0..cells)
            .map(|i| geometry.spread(1 << i) & !(1 << i))
            .collect();
        // Each corner is a vertical neighbour, a horizontal one, and the
        // cell next to both; a corner off the board is left zero.
        let (shift, vertical) = (geometry.row_shift, geometry.vertical);
        let (left_ok, right_ok) = (geometry.not_last_column, geometry.not_first_column);
        let corner = |up_or_down: u64, sideways: u64, diagonal: u64| {
            if up_or_down != 0 && sideways != 0 && diagonal != 0 {
                up_or_down | sideways | diagonal
            } else {
                0
            }
        };
        geometry.corners = (0..cells)
            .map(|i| {
                let cell = 1u64 << i;
                let up = (cell >> shift) & vertical;
                let down = (cell << shift) & vertical & all;
                let left = (cell >> 1) & left_ok;
                let right = (cell << 1) & right_ok & all;
                [
                    corner(up, right, (up << 1) & right_ok),
                    corner(down, right, (down << 1) & right_ok & all),
                    corner(down, left, (down >> 1) & left_ok),
                    corner(up, left, (up >> 1) & left_ok),
                ]
            })
            .collect();
        geometry
    }

    /// Whether taking `cell` out of a connected set of cells (`rest` is the
    /// set without it) leaves its neighbours in `rest` joined around it:
    /// each pair of them at a right angle with the diagonal cell between
    /// them present joins two, and if the joins leave one group, what was
    /// connected stays connected. (`false` says only that it might not.)
    #[inline]
    pub fn keeps_connected(&self, cell: usize, rest: u64) -> bool {
        let neighbours = (self.adjacent[cell] & rest).count_ones();
        if neighbours <= 1 {
            return true;
        }
        let joined = |corner: u64| u32::from(corner != 0 && rest & corner == corner);
        let [first, second, third, fourth] = self.corners[cell];
        let joins = joined(first) + joined(second) + joined(third) + joined(fourth);
        // Four neighbours joined all round make a ring of four joins for
        // three links; otherwise the joins form a path.
        joins + 1 >= neighbours
    }

    /// `set` and every cell orthogonally next to it.
    #[inline]
    pub fn spread(&self, set: u64) -> u64 {
        let w = self.row_shift;
        (set | ((set << 1) & self.not_first_column)
            | ((set >> 1) & self.not_last_column)
            | (((set << w) | (set >> w)) & self.vertical))
            & self.all
    }

    /// The cells orthogonally next to `set`, and maybe cells off the board
    /// or in `set` itself: for callers that mask the result with cells of
    /// the board outside `set`, and save the masking here.
    #[inline]
    pub fn neighbours_unmasked(&self, set: u64) -> u64 {
        let w = self.row_shift;
        ((set << 1) & self.not_first_column)
            | ((set >> 1) & self.not_last_column)
            | (((set << w) | (set >> w)) & self.vertical)
    }

    /// The cells of `within` connected to `start` (which must be in `within`).
    pub fn flood(&self, start: u64, within: u64) -> u64 {
        let mut region = start & within;
        loop {
            let grown = self.spread(region) & within;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// Whether `target` (a single cell) is connected to `start` within
    /// `within`: a flood fill that stops as soon as it reaches the target,
    /// which for players close to each other is after a few steps.
    pub fn connected(&self, start: u64, target: u64, within: u64) -> bool {
        let mut region = start & within;
        loop {
            let grown = self.spread(region) & within;
            if grown & target != 0 {
                return true;
            }
            if grown == region {
                return false;
            }
            region = grown;
        }
    }
}

/// The lowest set bit's index, and the set without it.
pub fn pop_lowest(set: u64) -> (usize, u64) {
    (set.trailing_zeros() as usize, set & (set - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unmasked_neighbours_are_the_spread_once_masked() {
        for (height, width) in [(3, 3), (2, 5), (1, 7), (4, 2)] {
            let geometry = Geometry::new(height, width);
            for set in 0..=geometry.all {
                let neighbours = geometry.neighbours_unmasked(set);
                assert_eq!((neighbours | set) & geometry.all, geometry.spread(set));
            }
        }
        // Full-width boards, on pseudo-random sets.
        for (height, width) in [(8, 8), (1, 64), (64, 1)] {
            let geometry = Geometry::new(height, width);
            let mut set = 0x9E37_79B9_7F4A_7C15u64;
            for _ in 0..1000 {
                set ^= set << 13;
                set ^= set >> 7;
                set ^= set << 17;
                let neighbours = geometry.neighbours_unmasked(set);
                assert_eq!((neighbours | set) & geometry.all, geometry.spread(set));
            }
        }
    }

    #[test]
    fn neighbours_do_not_wrap() {
        let g = Geometry::new(2, 3);
        // Cell 2 is (0, 2): its neighbours are (0, 1) and (1, 2).
        assert_eq!(g.adjacent[2], (1 << 1) | (1 << 5));
        // Cell 3 is (1, 0): its neighbours are (0, 0) and (1, 1).
        assert_eq!(g.adjacent[3], (1 << 0) | (1 << 4));
    }

    #[test]
    fn full_and_thin_boards() {
        let g = Geometry::new(8, 8);
        assert_eq!(g.all, u64::MAX);
        assert_eq!(g.adjacent[63], (1 << 62) | (1 << 55));
        let line = Geometry::new(1, 64);
        assert_eq!(line.adjacent[0], 1 << 1);
        assert_eq!(line.flood(1, u64::MAX), u64::MAX);
        let column = Geometry::new(64, 1);
        assert_eq!(column.adjacent[5], (1 << 4) | (1 << 6));
    }

    /// Every board of up to 12 cells in several shapes, and every cell on
    /// it: where `keeps_connected` says taking the cell out of its region
    /// keeps the rest in one piece, a flood fill agrees.
    #[test]
    fn keeps_connected_never_hides_a_cut() {
        let (mut claimed, mut cuts) = (0, 0);
        for (height, width) in [(3, 4), (4, 3), (2, 6), (1, 7), (7, 1), (3, 3)] {
            let g = Geometry::new(height, width);
            let cells = height * width;
            for board in 0u64..1 << cells {
                for cell in (0..cells).filter(|&cell| board & (1 << cell) != 0) {
                    let region = g.flood(1 << cell, board);
                    let rest = region & !(1 << cell);
                    let whole = rest == 0 || g.flood(1 << rest.trailing_zeros(), rest) == rest;
                    if g.keeps_connected(cell, rest) {
                        claimed += 1;
                        assert!(whole, "{height} x {width}, board {board:#b}, cell {cell}");
                    } else if !whole {
                        cuts += 1;
                    }
                }
            }
        }
        // The test sees both answers many times.
        assert!(claimed > 10_000 && cuts > 1_000, "{claimed} {cuts}");
    }

    #[test]
    fn corners_stay_on_the_board() {
        let g = Geometry::new(2, 3);
        // Cell 0 is (0, 0): only its corner below and to the right exists.
        assert_eq!(g.corners[0], [0, (1 << 3) | (1 << 4) | (1 << 1), 0, 0]);
        // A 1 × 64 board has no corners at all.
        let line = Geometry::new(1, 64);
        assert!(line.corners.iter().all(|c| *c == [0; 4]));
    }

    #[test]
    fn flood_stops_at_holes() {
        let g = Geometry::new(1, 5);
        // 1 1 0 1 1
        let board = 0b11011;
        assert_eq!(g.flood(1, board), 0b00011);
        assert_eq!(g.flood(1 << 4, board), 0b11000);
        assert!(g.connected(1, 1 << 1, board));
        assert!(!g.connected(1, 1 << 4, board));
        assert!(g.connected(1, 1 << 4, 0b11111));
        // A target outside `within` is never reached.
        assert!(!g.connected(1, 1 << 2, board));
    }
}
