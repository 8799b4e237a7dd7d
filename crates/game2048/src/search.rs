//! The fast engine: branch-and-bound over exponent boards, allocation-free
//! inside the search.
//!
//! A board is a flat array of bytes, one per cell, holding the tile's
//! exponent (0 = empty, 1 = 2, 2 = 4, …). Lines are slid in place. The search
//! is a depth-first walk over move sequences that
//!
//! - skips a move that leaves the board unchanged (its subtree repeats the
//!   parent's with one move fewer, so it can never do better);
//! - cuts a node whose upper bound cannot beat the best tile found (see
//!   [`upper_bound`]); the bound uses the tile counts per exponent, which is
//!   tighter than "the largest tile doubles each move". A child's counts are
//!   its parent's, changed by the merges of the slide that makes it;
//! - with two or three moves left, cuts a node where the tiles that would
//!   have to merge cannot meet in time ([`two_moves_can_reach`], and with
//!   three moves the chain down to it, [`chain_can_reach`], or, where the
//!   tiles are there, whether two of them can meet,
//!   [`crate::three_moves`]);
//! - stops outright once the best tile equals the largest power of two not
//!   above the sum of all tiles (the sum never changes, so nothing beats it);
//! - tries the children with the largest new tile and fewest tiles first, so
//!   good answers come early and the bounds cut more;
//! - remembers boards already searched with at least as many moves left in a
//!   transposition table and does not search them again.
//!
//! The table stores whole boards and compares them byte for byte, so a hash
//! collision can never change an answer. It only holds nodes with at least
//! [`crate::table::TABLE_MIN_DEPTH`] moves left (below that, searching is cheaper than
//! hashing) and, once at [`crate::table::TABLE_MAX_BYTES`], replaces its
//! shallowest entries.

use crate::board::{Board, Move};
use crate::bound::{sum_cap, upper_bound};
use crate::exponents::{apply_move, apply_move_into, count_tiles, EXPONENTS};
use crate::shortcuts::{best_single_move, chain_can_reach, scan_last_move, two_moves_can_reach};
use crate::table::{Table, TABLE_MIN_DEPTH};
use crate::three_moves;
use grid::budget::WorkLimit;

// Where callers have always found the exponent-board move.
pub use crate::exponents::apply_move_exponents;

/// Options of a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Use the transposition table.
    pub table: bool,
    /// Give up once this many cells have been slid (`None`: never). The
    /// binary sets [`WORK_LIMIT`], so that no input makes it run for long.
    pub work_limit: Option<u64>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            table: true,
            work_limit: None,
        }
    }
}

/// The work limit the binary uses: 2^32 cells read or slid (each node's
/// board read once, each expanded node's four children slid, and the
/// three-move test's passes where it looks at a board), about
/// four seconds on this project's machine. The judge's searches (N ≤ 20,
/// five moves) need at most 1,365 nodes × 5 × 400 cells, over a thousand
/// times less, and ten moves on such boards take milliseconds.
pub const WORK_LIMIT: WorkLimit = WorkLimit {
    amount: 1 << 32,
    unit: "cells read or slid",
    about: "about four seconds",
};

/// One best line of at most `moves` moves, searched under [`WORK_LIMIT`]:
/// what the binary, its explanation and its replay use.
pub fn best_line(board: &Board, moves: u32) -> Result<Found, TooLarge> {
    let options = Options {
        work_limit: Some(WORK_LIMIT.amount),
        ..Options::default()
    };
    search(board, moves, options)
}

/// A search that reached its work limit before it could finish.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLarge {
    pub side: usize,
    pub moves: u32,
}

impl TooLarge {
    /// The error for this search: the board and depth are fine, the work
    /// is too much.
    pub fn error(&self) -> grid::InputError {
        WORK_LIMIT.exceeded(
            &format!(
                "searching {} moves on this {} x {} board",
                self.moves, self.side, self.side
            ),
            "try fewer moves",
        )
    }
}

/// The result of a search: the largest tile and one sequence reaching it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub largest: u64,
    pub moves: Vec<Move>,
}

/// The largest tile reachable in at most `moves` moves.
pub fn solve(board: &Board, moves: u32) -> u64 {
    search(board, moves, Options::default()).map_or(0, |found| found.largest)
}

/// Searches `moves` moves from `board` and returns the largest tile and one
/// move sequence that reaches it (the shortest found first).
///
/// Without a work limit the search always completes; with one, it returns
/// [`TooLarge`] rather than an answer it could not prove.
pub fn search(board: &Board, moves: u32, options: Options) -> Result<Found, TooLarge> {
    let side = board.rows();
    let cells: Vec<u8> = board
        .cells()
        .iter()
        .map(|&v| if v == 0 { 0 } else { v.trailing_zeros() as u8 })
        .collect();
    let mut searcher = Searcher::new(side, moves as usize, options);
    searcher.run(&cells, moves);
    if searcher.gave_up {
        return Err(TooLarge { side, moves });
    }
    let largest = if searcher.best.exponent == 0 {
        0
    } else {
        1u64 << searcher.best.exponent
    };
    Ok(Found {
        largest,
        moves: searcher.best.line,
    })
}

/// The largest tile found so far (its exponent) and one move sequence
/// that makes it.
struct Best {
    exponent: u8,
    line: Vec<Move>,
}

impl Best {
    /// Records `exponent` as the best, made by `line` then `tail`, when it
    /// beats the best so far; returns whether it did.
    fn offer(&mut self, exponent: u8, line: &[Move], tail: &[Move]) -> bool {
        if exponent <= self.exponent {
            return false;
        }
        self.exponent = exponent;
        self.line.clear();
        self.line.extend_from_slice(line);
        self.line.extend_from_slice(tail);
        true
    }
}

/// The search state, allocated once.
struct Searcher {
    side: usize,
    area: usize,
    /// Four child boards per level: level `l` holds the children of the node
    /// at level `l − 1`.
    boards: Vec<u8>,
    /// The largest tile found so far, and a line that makes it.
    best: Best,
    cap: u8,
    line: Vec<Move>,
    table: Option<Table>,
    /// Cells slid so far, the limit, and whether the limit stopped the search.
    work: u64,
    work_limit: u64,
    gave_up: bool,
}

impl Searcher {
    fn new(side: usize, moves: usize, options: Options) -> Self {
        let area = side * side;
        Searcher {
            side,
            area,
            boards: vec![0; (moves + 1) * 4 * area],
            best: Best {
                exponent: 0,
                line: Vec::new(),
            },
            cap: 0,
            line: Vec::with_capacity(moves),
            work: 0,
            work_limit: options.work_limit.unwrap_or(u64::MAX),
            gave_up: false,
            table: if options.table && moves as u32 >= TABLE_MIN_DEPTH {
                Some(Table::new(area, moves as u32))
            } else {
                None
            },
        }
    }

    fn run(&mut self, start: &[u8], moves: u32) {
        let mut counts = [0; EXPONENTS];
        let largest = count_tiles(start, &mut counts);
        self.best.exponent = largest;
        self.cap = sum_cap(&counts);
        if moves == 0 || self.best.exponent >= self.cap {
            return;
        }
        // The root's board sits in slot 0 of level 0; children go to level 1.
        self.boards[..self.area].copy_from_slice(start);
        self.visit(0, 0, moves, &counts, largest);
    }

    /// Searches the board at `level`, `slot` with `moves_left` moves left.
    /// Returns `true` once the search is over: the answer proven (the cap
    /// reached), or the work limit passed.
    ///
    /// A node, in order: offer its own largest tile; the bound; the last
    /// move ([`Searcher::last_move`]) or the two-move test; the table; then
    /// the last two moves ([`Searcher::last_two_moves`]) or the children,
    /// most promising first ([`Searcher::expand`]).
    fn visit(
        &mut self,
        level: usize,
        slot: usize,
        moves_left: u32,
        counts: &[u32; EXPONENTS],
        largest: u8,
    ) -> bool {
        if self.best.offer(largest, &self.line, &[]) && self.best.exponent >= self.cap {
            return true;
        }
        if moves_left == 0 || upper_bound(counts, largest, moves_left) <= self.best.exponent {
            return false;
        }
        // Every node past the bound reads its board at least once (the last
        // move's scan, the two-move test, the table's hash): that is work too.
        if self.spend(self.area as u64) {
            return true;
        }
        let node = (level * 4 + slot) * self.area;
        let board = node..node + self.area;
        if moves_left == 1 {
            return self.last_move(board);
        }
        if moves_left == 2
            && !two_moves_can_reach(
                &self.boards[board.clone()],
                self.side,
                counts,
                self.best.exponent + 1,
            )
        {
            return false;
        }
        // Three moves left: the chain test (and, where the tiles it needs
        // are there, the three-move test) cuts here, where it pays; with
        // more moves left it cuts less and its pass over the board costs
        // more than it saves (2048 boards of 2s and 4s, 10% slower at
        // K = 12).
        if moves_left == 3 {
            let target = self.best.exponent + 1;
            if !chain_can_reach(&self.boards[board.clone()], self.side, counts, target, 3) {
                return false;
            }
            if self.side >= three_moves::MIN_SIDE && three_moves::looks_at_the_board(counts, target)
            {
                // Its passes over the board are work too: uncounted, they
                // let a search at the work limit run 1.8 times as long.
                if self.spend(three_moves::BOARD_READS * self.area as u64) {
                    return true;
                }
                let cells = &self.boards[board.clone()];
                if !three_moves::three_moves_can_reach(cells, self.side, counts, target) {
                    return false;
                }
            }
        }
        if self.searched_before(board, moves_left) {
            return false;
        }
        // Making the children slides every cell four times.
        if self.spend(4 * self.area as u64) {
            return true;
        }
        if moves_left == 2 {
            self.last_two_moves(level, node)
        } else {
            self.expand(level, node, moves_left, counts, largest)
        }
    }

    /// Counts `work` cells read or slid; `true` once past the work limit
    /// (the search then gives up).
    #[inline]
    fn spend(&mut self, work: u64) -> bool {
        self.work += work;
        if self.work > self.work_limit {
            self.gave_up = true;
        }
        self.gave_up
    }

    /// The last move needs no children: its best tile follows from the equal
    /// neighbours along rows and columns.
    #[inline]
    fn last_move(&mut self, board: std::ops::Range<usize>) -> bool {
        if let Some((exponent, direction)) = best_single_move(&self.boards[board], self.side) {
            if self.best.offer(exponent, &self.line, &[direction]) {
                return self.best.exponent >= self.cap;
            }
        }
        false
    }

    /// Whether the table has seen the board with as many moves left (and
    /// records it if not); boards this close to the leaves skip the table.
    #[inline]
    fn searched_before(&mut self, board: std::ops::Range<usize>, moves_left: u32) -> bool {
        if moves_left < TABLE_MIN_DEPTH {
            return false;
        }
        match &mut self.table {
            Some(table) => !table.insert(&self.boards[board], moves_left as u8),
            None => false,
        }
    }

    /// Two moves left: the children are last-move boards, and one pass over
    /// each gives its largest tile and the best its last move can make.
    fn last_two_moves(&mut self, level: usize, node: usize) -> bool {
        let children = (level + 1) * 4 * self.area;
        let (parents, next_level) = self.boards.split_at_mut(children);
        let parent = &parents[node..node + self.area];
        let child = &mut next_level[..self.area];
        for direction in Move::ALL {
            if !apply_move_into(parent, child, self.side, direction) {
                continue;
            }
            let (child_largest, last) = scan_last_move(child, self.side);
            let mut improved = self.best.offer(child_largest, &self.line, &[direction]);
            if let Some((exponent, second)) = last {
                improved |= self.best.offer(exponent, &self.line, &[direction, second]);
            }
            if improved && self.best.exponent >= self.cap {
                return true;
            }
        }
        false
    }

    /// Makes the four children, each with its tile counts kept up to date
    /// by its slide's merges, and searches them most promising first: a
    /// larger new tile first, then fewer tiles (more merging).
    fn expand(
        &mut self,
        level: usize,
        node: usize,
        moves_left: u32,
        counts: &[u32; EXPONENTS],
        largest: u8,
    ) -> bool {
        let mut order: [(u8, u32, usize); 4] = [(0, 0, 0); 4];
        let mut child_counts = [[0u32; EXPONENTS]; 4];
        let mut live = 0;
        {
            let children = (level + 1) * 4 * self.area;
            let (parents, next_level) = self.boards.split_at_mut(children);
            let parent = &parents[node..node + self.area];
            for (k, direction) in Move::ALL.into_iter().enumerate() {
                let child = &mut next_level[k * self.area..(k + 1) * self.area];
                child_counts[k] = *counts;
                if !apply_move::<true>(parent, child, self.side, direction, &mut child_counts[k]) {
                    continue;
                }
                // A move keeps or merges the largest tiles: the largest grows
                // by one or stays.
                let child_largest = largest + u8::from(child_counts[k][largest as usize + 1] > 0);
                let tiles = self.area as u32 - child_counts[k][0];
                order[live] = (child_largest, tiles, k);
                live += 1;
            }
        }
        let order = &mut order[..live];
        order.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
        for &(child_largest, _, k) in order.iter() {
            self.line.push(Move::ALL[k]);
            let done = self.visit(
                level + 1,
                k,
                moves_left - 1,
                &child_counts[k],
                child_largest,
            );
            self.line.pop();
            if done {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exponents::apply_move_exponents;
    use grid::Grid;

    #[test]
    fn the_sample_and_its_line() {
        let board = Grid::from_vec(3, 3, vec![2, 2, 2, 4, 4, 4, 8, 8, 8]).unwrap();
        let found = search(&board, 5, Options::default()).unwrap();
        assert_eq!(found.largest, 16);
        let mut cells: Vec<u8> = board
            .cells()
            .iter()
            .map(|&v| v.trailing_zeros() as u8)
            .collect();
        for &m in &found.moves {
            apply_move_exponents(&mut cells, 3, m);
        }
        assert_eq!(cells.iter().max(), Some(&4));
    }

    #[test]
    fn the_work_limit_gives_up_instead_of_guessing() {
        let tight = Options {
            table: true,
            work_limit: Some(1),
        };
        // A 16 might be made, so the root must be expanded: that alone
        // passes the limit.
        let board = Grid::from_vec(2, 2, vec![2, 2, 4, 8]).unwrap();
        assert_eq!(
            search(&board, 3, tight),
            Err(TooLarge { side: 2, moves: 3 })
        );
        // With room to work, the same search finishes.
        assert_eq!(search(&board, 3, Options::default()).unwrap().largest, 16);
        // Nothing can merge here: the bounds answer without any work.
        let stuck = Grid::from_vec(2, 2, vec![2, 4, 8, 16]).unwrap();
        assert_eq!(search(&stuck, 3, tight).unwrap().largest, 16);
        // A board already at its cap (the sum) needs no search at all.
        let capped = Grid::from_vec(2, 2, vec![4, 0, 0, 0]).unwrap();
        assert_eq!(search(&capped, 3, tight).unwrap().largest, 4);
    }

    #[test]
    fn empty_board_and_zero_moves() {
        assert_eq!(solve(&Grid::new(2, 2, 0), 5), 0);
        assert_eq!(
            solve(&Grid::from_vec(1, 1, vec![1 << 30]).unwrap(), 20),
            1 << 30
        );
        assert_eq!(
            solve(&Grid::from_vec(2, 2, vec![2, 2, 0, 0]).unwrap(), 0),
            2
        );
    }
}
