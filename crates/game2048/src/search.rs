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
//! - stops outright once the best tile equals the largest power of two not
//!   above the sum of all tiles (the sum never changes, so nothing beats it);
//! - tries the children with the largest new tile and fewest tiles first, so
//!   good answers come early and the bounds cut more;
//! - remembers boards already searched with at least as many moves left in a
//!   transposition table and does not search them again.
//!
//! The table stores whole boards and compares them byte for byte, so a hash
//! collision can never change an answer. It only holds nodes with at least
//! [`TABLE_MIN_DEPTH`] moves left (below that, searching is cheaper than
//! hashing) and stops taking entries at [`TABLE_MAX_BYTES`].

use grid::hash::{fold, mix64};

use crate::board::{Board, Move};

/// Nodes with fewer moves left than this are not stored in the table: near
/// the leaves, searching is cheaper than hashing a board (measured: with 2,
/// the judge-sized searches were slower and the deep ones no faster).
pub const TABLE_MIN_DEPTH: u32 = 3;
/// The most board bytes the transposition table keeps.
pub const TABLE_MAX_BYTES: usize = 256 << 20;

/// Exponents go up to 30 in the input and grow by at most one per move, so
/// 64 counters cover every reachable tile with room to spare.
const EXPONENTS: usize = 64;

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

/// The work limit the binary uses: 2^32 cell slides, some ten seconds on
/// this project's machine. The judge's searches (N ≤ 20, five moves) need
/// at most 1,365 nodes × 4 × 400 cells, over a million times less.
pub const WORK_LIMIT: u64 = 1 << 32;

/// A search that reached its work limit before it could finish.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLarge {
    pub side: usize,
    pub moves: u32,
}

impl std::fmt::Display for TooLarge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "searching {} moves on this {} x {} board takes more than the work limit \
             (2^32 cell slides, about ten seconds); try fewer moves",
            self.moves, self.side, self.side
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
    let largest = if searcher.best == 0 {
        0
    } else {
        1u64 << searcher.best
    };
    Ok(Found {
        largest,
        moves: searcher.best_line,
    })
}

/// Slides one line of exponents from `source` into `target`: the line is
/// the cells `start, start + step, …` (`side` of them) in both. Tiles pack
/// toward the line's first cell, and merges follow the judge's rule: equal
/// neighbours merge once, nearest the wall first. Returns whether anything
/// moved or merged. Reading one board and writing another saves the copy a
/// slide in place would need.
pub fn slide_into(
    source: &[u8],
    target: &mut [u8],
    start: usize,
    step: isize,
    side: usize,
) -> bool {
    slide::<false>(source, target, start, step, side, &mut [0; EXPONENTS]).0
}

/// [`slide_into`], and with `COUNT` also the tile counts per exponent kept
/// up to date: each merge of two tiles of exponent `e` takes two from
/// `counts[e]` and adds one to `counts[e + 1]`. A child's counts are then
/// its parent's plus a few changes, not a pass over the board. Returns
/// whether the line changed and, with `COUNT`, how many merges it made (each
/// empties a cell).
#[inline(always)]
fn slide<const COUNT: bool>(
    source: &[u8],
    target: &mut [u8],
    start: usize,
    step: isize,
    side: usize,
    counts: &mut [u32; EXPONENTS],
) -> (bool, u32) {
    let mut changed = false;
    let mut merges = 0;
    // `write` is where the next tile lands; `open` is the exponent of the
    // tile just before it while that tile may still merge (0 otherwise).
    let (mut read, mut write, mut previous) = (start, start, start);
    let mut placed = 0;
    let mut open = 0u8;
    for _ in 0..side {
        let value = source[read];
        if value != 0 {
            if value == open {
                target[previous] = value + 1;
                open = 0;
                changed = true;
                if COUNT {
                    let e = usize::from(value).min(EXPONENTS - 2);
                    counts[e] -= 2;
                    counts[e + 1] += 1;
                    merges += 1;
                }
            } else {
                target[write] = value;
                changed |= read != write;
                previous = write;
                write = write.wrapping_add_signed(step);
                placed += 1;
                open = value;
            }
        }
        read = read.wrapping_add_signed(step);
    }
    for _ in placed..side {
        target[write] = 0;
        write = write.wrapping_add_signed(step);
    }
    (changed, merges)
}

/// Applies a move to the exponent board `source`, writing the result to
/// `target`; returns whether the board changed.
pub fn apply_move_into(source: &[u8], target: &mut [u8], side: usize, direction: Move) -> bool {
    apply_move::<false>(source, target, side, direction, &mut [0; EXPONENTS])
}

/// [`apply_move_into`], and with `COUNT` also `counts` (the source's tile
/// counts on entry) kept up to date as [`slide`] does.
#[inline]
fn apply_move<const COUNT: bool>(
    source: &[u8],
    target: &mut [u8],
    side: usize,
    direction: Move,
    counts: &mut [u32; EXPONENTS],
) -> bool {
    let mut changed = false;
    let mut merges = 0;
    let row_step = side as isize;
    for k in 0..side {
        let (start, step) = match direction {
            Move::Left => (k * side, 1),
            Move::Right => (k * side + side - 1, -1),
            Move::Up => (k, row_step),
            Move::Down => ((side - 1) * side + k, -row_step),
        };
        let (line_changed, line_merges) = slide::<COUNT>(source, target, start, step, side, counts);
        changed |= line_changed;
        merges += line_merges;
    }
    if COUNT {
        counts[0] += merges;
    }
    changed
}

/// Applies a move to a flat exponent board in place; returns whether the
/// board changed.
pub fn apply_move_exponents(cells: &mut [u8], side: usize, direction: Move) -> bool {
    let source = cells.to_vec();
    apply_move_into(&source, cells, side, direction)
}

/// The largest tile one move can make, and a move that makes it; `None` when
/// no move merges anything.
///
/// In a move, the tiles of each line pack toward the wall and, of each run of
/// equal neighbours (empty cells ignored), the first two merge. So a move
/// along rows makes a tile of exponent `e + 1` exactly when some row has two
/// tiles of exponent `e` with only empty cells between them, and likewise for
/// columns. Left and right make the same largest tile, as do up and down.
pub fn best_single_move(cells: &[u8], side: usize) -> Option<(u8, Move)> {
    scan_last_move(cells, side).1
}

/// The largest tile on the board, and [`best_single_move`], in one pass.
fn scan_last_move(cells: &[u8], side: usize) -> (u8, Option<(u8, Move)>) {
    // The largest exponent with an equal neighbour along a row, and along a
    // column (0 for none). Rows are read in order; for the columns, the last
    // tile seen in each column is kept while the rows go by.
    let (mut along_rows, mut along_columns, mut largest) = (0u8, 0u8, 0u8);
    let mut above = [0u8; crate::board::MAX_SIDE];
    for row in cells.chunks_exact(side) {
        let mut left = 0;
        for (c, &e) in row.iter().enumerate() {
            if e != 0 {
                if e == left {
                    along_rows = along_rows.max(e);
                }
                if e == above[c] {
                    along_columns = along_columns.max(e);
                }
                largest = largest.max(e);
                left = e;
                above[c] = e;
            }
        }
    }
    let best = match (along_rows, along_columns) {
        (0, 0) => None,
        (r, c) if r >= c => Some((r + 1, Move::Left)),
        (_, c) => Some((c + 1, Move::Up)),
    };
    (largest, best)
}

/// Whether two moves could make a tile of exponent `target`, on a board
/// whose largest tile is below `target`. Exact when it says no: it never
/// cuts a board that could reach the target.
///
/// The second move must merge two tiles of exponent `target − 1`, so after
/// the first move two of them must be in line with only empty cells between.
///
/// - With fewer than two such tiles, the first move must make the rest from
///   pairs of `target − 2`: a move is along rows or along columns, and along
///   one line a run of `k` equal neighbours makes `k / 2` merges, so the best
///   axis must make enough.
/// - With two or more (and no pairs of `target − 2` to make more, and none
///   of them in line already), it checks where each first move takes them:
///   see [`aligned_after_one_move`]. Otherwise it answers yes.
pub fn two_moves_can_reach(
    cells: &[u8],
    side: usize,
    counts: &[u32; EXPONENTS],
    target: u8,
) -> bool {
    let top = target - 1;
    let have = counts[top as usize];
    // Tiles of `target − 2` (0 when there are none to pair) for the first
    // move to merge.
    let source = match target.checked_sub(2) {
        Some(source) if source > 0 && counts[source as usize] >= 2 => source,
        _ => 0,
    };
    if have < 2 && source == 0 {
        return false;
    }
    if source == 0 {
        // Nothing makes more tiles of `top`: only the ones there can merge,
        // and where they are decides (no pass over the whole board needed).
        return have as usize > MAX_ALIGNED_TILES
            || aligned_now_or_after_one_move(cells, side, top);
    }
    let lines = scan_lines(cells, side, source, top);
    if have < 2 {
        return lines.row_merges.max(lines.column_merges) >= 2 - have;
    }
    if lines.row_merges + lines.column_merges > 0
        || lines.top_in_line
        || have as usize > MAX_ALIGNED_TILES
    {
        return true;
    }
    aligned_after_one_move(cells, side, top)
}

/// What one pass over the rows and columns tells [`two_moves_can_reach`].
struct Lines {
    /// Merges of `source` tiles a move along rows, or along columns, makes.
    row_merges: u32,
    column_merges: u32,
    /// Whether two `top` tiles are in line already (a move merges them).
    top_in_line: bool,
}

/// One pass over the board: see [`Lines`]. `source` 0 counts no merges.
fn scan_lines(cells: &[u8], side: usize, source: u8, top: u8) -> Lines {
    // For rows, keep the run of equal tiles in the current row; for columns,
    // one run per column.
    let mut lines = Lines {
        row_merges: 0,
        column_merges: 0,
        top_in_line: false,
    };
    let mut above = [0u8; crate::board::MAX_SIDE];
    let mut column_run = [0u32; crate::board::MAX_SIDE];
    for row in cells.chunks_exact(side) {
        let (mut left, mut row_run) = (0u8, 0u32);
        for (c, &e) in row.iter().enumerate() {
            if e == 0 {
                continue;
            }
            if e == source {
                row_run = if left == source { row_run + 1 } else { 1 };
                column_run[c] = if above[c] == source {
                    column_run[c] + 1
                } else {
                    1
                };
                // Every second tile of a run completes a merge.
                lines.row_merges += u32::from(row_run % 2 == 0);
                lines.column_merges += u32::from(column_run[c] % 2 == 0);
            } else if e == top && (left == top || above[c] == top) {
                lines.top_in_line = true;
            }
            left = e;
            above[c] = e;
        }
    }
    lines
}

/// The most tiles [`aligned_after_one_move`] looks at (it checks every pair).
const MAX_ALIGNED_TILES: usize = 6;

/// How many tiles a line of exponents packs into: each run of `k` equal
/// neighbours (empty cells ignored) becomes `⌈k / 2⌉` tiles, whichever way
/// the line is slid.
fn packed_length(line: impl Iterator<Item = u8>) -> usize {
    let (mut count, mut open) = (0, 0u8);
    for e in line.filter(|&e| e != 0) {
        if e == open {
            // Merges with the open tile; the result cannot merge again.
            open = 0;
        } else {
            count += 1;
            open = e;
        }
    }
    count
}

/// Whether one move brings two of the tiles of exponent `exponent` in line
/// with only empty cells between, so that a second move merges them. It
/// assumes that none of them are in line now, and that the move makes no
/// new tile of that exponent (see [`two_moves_can_reach`]).
///
/// A move along rows keeps each tile in its row and puts it in the column
/// given by how many tiles the part of the row before it packs into. Two
/// tiles in one row stay apart (what lay between them still does), so only
/// tiles in different rows can meet: they must land in the same column, and
/// every row between must pack short of that column. Moves along columns
/// are the same with rows and columns exchanged.
pub fn aligned_after_one_move(cells: &[u8], side: usize, exponent: u8) -> bool {
    match find_tiles(cells, side, exponent) {
        Some((tiles, count)) => meet_after_one_move(cells, side, &tiles[..count]),
        None => true,
    }
}

/// Whether two of the tiles of exponent `exponent` are in line now (a move
/// merges them) or after one move (see [`aligned_after_one_move`]); `true`
/// as well when there are more than [`MAX_ALIGNED_TILES`] of them.
fn aligned_now_or_after_one_move(cells: &[u8], side: usize, exponent: u8) -> bool {
    let Some((tiles, count)) = find_tiles(cells, side, exponent) else {
        return true;
    };
    let tiles = &tiles[..count];
    let at = |r: usize, c: usize| cells[r * side + c];
    for (i, &(ri, ci)) in tiles.iter().enumerate() {
        for &(rj, cj) in &tiles[i + 1..] {
            let in_line = if ri == rj {
                (ci.min(cj) + 1..ci.max(cj)).all(|c| at(ri, c) == 0)
            } else if ci == cj {
                (ri.min(rj) + 1..ri.max(rj)).all(|r| at(r, ci) == 0)
            } else {
                false
            };
            if in_line {
                return true;
            }
        }
    }
    meet_after_one_move(cells, side, tiles)
}

/// The cells (row, column) of the tiles of exponent `exponent`, and how many
/// there are; `None` when there are more than [`MAX_ALIGNED_TILES`].
fn find_tiles(
    cells: &[u8],
    side: usize,
    exponent: u8,
) -> Option<([(usize, usize); MAX_ALIGNED_TILES], usize)> {
    let mut tiles = [(0usize, 0usize); MAX_ALIGNED_TILES];
    let mut count = 0;
    // The tiles are few: test 16 cells at a time (a test the compiler does
    // with vector instructions), and look closer only where one matches.
    const CHUNK: usize = 16;
    for (chunk_index, chunk) in cells.chunks(CHUNK).enumerate() {
        if !chunk.iter().fold(false, |any, &e| any | (e == exponent)) {
            continue;
        }
        for (offset, &e) in chunk.iter().enumerate() {
            if e == exponent {
                if count == MAX_ALIGNED_TILES {
                    return None;
                }
                let index = chunk_index * CHUNK + offset;
                tiles[count] = (index / side, index % side);
                count += 1;
            }
        }
    }
    Some((tiles, count))
}

/// [`aligned_after_one_move`] for the given tiles, none of them in line.
fn meet_after_one_move(cells: &[u8], side: usize, tiles: &[(usize, usize)]) -> bool {
    let at = |r: usize, c: usize| cells[r * side + c];
    // For each tile: where a move left, right, up or down puts it, counted
    // from that wall.
    let mut ranks = [[0usize; 4]; MAX_ALIGNED_TILES];
    for (rank, &(r, c)) in ranks.iter_mut().zip(tiles) {
        *rank = [
            packed_length((0..c).map(|k| at(r, k))),
            packed_length((c + 1..side).map(|k| at(r, k))),
            packed_length((0..r).map(|k| at(k, c))),
            packed_length((r + 1..side).map(|k| at(k, c))),
        ];
    }
    // Whether every row (`rows`) or column strictly between `a` and `b`
    // packs into at most `reach` tiles, leaving the cell at `reach` from the
    // wall empty. Only the lines between a pair are packed.
    let clear_between = |rows: bool, a: usize, b: usize, reach: usize| {
        (a.min(b) + 1..a.max(b)).all(|k| {
            let length = if rows {
                packed_length((0..side).map(|c| at(k, c)))
            } else {
                packed_length((0..side).map(|r| at(r, k)))
            };
            length <= reach
        })
    };
    // Two tiles meet when one move gives them the same rank from its wall
    // and clears every line between them: a move along rows (left, right:
    // ranks 0 and 1) lines up tiles in different rows, then the second move
    // goes up or down; a move along columns (ranks 2 and 3) the other way.
    let meet = |i: usize, j: usize, rows: bool, a: usize, b: usize| {
        let ways = if rows { 0..2 } else { 2..4 };
        a != b
            && ways.into_iter().any(|way| {
                ranks[i][way] == ranks[j][way] && clear_between(rows, a, b, ranks[i][way])
            })
    };
    for i in 0..tiles.len() {
        for j in i + 1..tiles.len() {
            let ((ri, ci), (rj, cj)) = (tiles[i], tiles[j]);
            if meet(i, j, true, ri, rj) || meet(i, j, false, ci, cj) {
                return true;
            }
        }
    }
    false
}

/// Tile counts per exponent, and the largest exponent present.
fn count_tiles(cells: &[u8], counts: &mut [u32; EXPONENTS]) -> u8 {
    counts.fill(0);
    let mut largest = 0;
    for &e in cells {
        counts[e as usize] += 1;
        largest = largest.max(e);
    }
    largest
}

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
fn sum_cap(counts: &[u32; EXPONENTS]) -> u8 {
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

/// The search state, allocated once.
struct Searcher {
    side: usize,
    area: usize,
    /// Four child boards per level: level `l` holds the children of the node
    /// at level `l − 1`.
    boards: Vec<u8>,
    best: u8,
    cap: u8,
    best_line: Vec<Move>,
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
            best: 0,
            cap: 0,
            best_line: Vec::new(),
            line: Vec::with_capacity(moves),
            work: 0,
            work_limit: options.work_limit.unwrap_or(u64::MAX),
            gave_up: false,
            table: if options.table && moves as u32 >= TABLE_MIN_DEPTH {
                Some(Table::new(area))
            } else {
                None
            },
        }
    }

    fn run(&mut self, start: &[u8], moves: u32) {
        let mut counts = [0; EXPONENTS];
        let largest = count_tiles(start, &mut counts);
        self.best = largest;
        self.cap = sum_cap(&counts);
        if moves == 0 || self.best >= self.cap {
            return;
        }
        // The root's board sits in slot 0 of level 0; children go to level 1.
        self.boards[..self.area].copy_from_slice(start);
        self.visit(0, 0, moves, &counts, largest);
    }

    /// Searches the board at `level`, `slot` with `moves_left` moves left.
    /// Returns `true` once the answer is proven (the cap is reached).
    fn visit(
        &mut self,
        level: usize,
        slot: usize,
        moves_left: u32,
        counts: &[u32; EXPONENTS],
        largest: u8,
    ) -> bool {
        if largest > self.best {
            self.best = largest;
            self.best_line.clone_from(&self.line);
            if self.best >= self.cap {
                return true;
            }
        }
        if moves_left == 0 || upper_bound(counts, largest, moves_left) <= self.best {
            return false;
        }
        let node = (level * 4 + slot) * self.area;
        if moves_left == 1 {
            // The last move needs no children: its best tile follows from the
            // equal neighbours along rows and columns.
            if let Some((exponent, direction)) =
                best_single_move(&self.boards[node..node + self.area], self.side)
            {
                if exponent > self.best {
                    self.best = exponent;
                    self.best_line.clone_from(&self.line);
                    self.best_line.push(direction);
                    return self.best >= self.cap;
                }
            }
            return false;
        }
        if moves_left == 2
            && !two_moves_can_reach(
                &self.boards[node..node + self.area],
                self.side,
                counts,
                self.best + 1,
            )
        {
            return false;
        }
        if moves_left >= TABLE_MIN_DEPTH {
            if let Some(table) = &mut self.table {
                if !table.insert(&self.boards[node..node + self.area], moves_left as u8) {
                    return false;
                }
            }
        }

        self.work += 4 * self.area as u64;
        if self.work > self.work_limit {
            self.gave_up = true;
            return true;
        }
        let children = (level + 1) * 4 * self.area;
        let (parents, next_level) = self.boards.split_at_mut(children);
        let parent = &parents[node..node + self.area];
        if moves_left == 2 {
            // The children are last-move boards: one pass over each gives
            // its largest tile and the best its last move can make.
            let child = &mut next_level[..self.area];
            for direction in Move::ALL {
                if !apply_move_into(parent, child, self.side, direction) {
                    continue;
                }
                let (child_largest, last) = scan_last_move(child, self.side);
                let mut improved = false;
                if child_largest > self.best {
                    self.best = child_largest;
                    self.best_line.clone_from(&self.line);
                    self.best_line.push(direction);
                    improved = true;
                }
                if let Some((exponent, second)) = last {
                    if exponent > self.best {
                        self.best = exponent;
                        self.best_line.clone_from(&self.line);
                        self.best_line.extend([direction, second]);
                        improved = true;
                    }
                }
                if improved && self.best >= self.cap {
                    return true;
                }
            }
            return false;
        }
        // Make the four children and order them, most promising first.
        let mut order: [(u8, u32, usize); 4] = [(0, 0, 0); 4];
        let mut child_counts = [[0u32; EXPONENTS]; 4];
        let mut live = 0;
        for (k, direction) in Move::ALL.into_iter().enumerate() {
            let child = &mut next_level[k * self.area..(k + 1) * self.area];
            child_counts[k] = *counts;
            if !apply_move::<true>(parent, child, self.side, direction, &mut child_counts[k]) {
                continue;
            }
            // A move keeps or merges the largest tiles: the largest grows by
            // one or stays.
            let child_largest = largest + u8::from(child_counts[k][largest as usize + 1] > 0);
            let tiles = self.area as u32 - child_counts[k][0];
            order[live] = (child_largest, tiles, k);
            live += 1;
        }
        let order = &mut order[..live];
        // Larger new tile first, then fewer tiles (more merging) first.
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

/// Boards already searched, with the most moves left they were searched with.
///
/// Open addressing over a power-of-two array of slots; each slot holds a
/// hash, the moves left, and the offset of the board's bytes in one arena.
/// Boards are compared in full, so the table never confuses two boards.
struct Table {
    area: usize,
    slots: Vec<Slot>,
    arena: Vec<u8>,
    used: usize,
}

#[derive(Clone, Copy)]
struct Slot {
    hash: u64,
    /// Offset of the board in `arena`, plus one; 0 marks an empty slot.
    offset_plus_one: u32,
    moves_left: u8,
}

const EMPTY_SLOT: Slot = Slot {
    hash: 0,
    offset_plus_one: 0,
    moves_left: 0,
};

impl Table {
    fn new(area: usize) -> Self {
        Table {
            area,
            slots: vec![EMPTY_SLOT; 1 << 10],
            arena: Vec::new(),
            used: 0,
        }
    }

    /// Records that `board` is being searched with `moves_left` moves left.
    /// Returns `false` when it was already searched with at least as many
    /// moves left (the caller then skips it: every tile it could reach has
    /// been seen, or was cut by a bound that only tightens).
    fn insert(&mut self, board: &[u8], moves_left: u8) -> bool {
        let hash = hash_board(board);
        let mask = self.slots.len() - 1;
        let mut index = (hash as usize) & mask;
        loop {
            let slot = self.slots[index];
            if slot.offset_plus_one == 0 {
                break;
            }
            if slot.hash == hash {
                let offset = slot.offset_plus_one as usize - 1;
                if &self.arena[offset..offset + self.area] == board {
                    if slot.moves_left >= moves_left {
                        return false;
                    }
                    self.slots[index].moves_left = moves_left;
                    return true;
                }
            }
            index = (index + 1) & mask;
        }
        // A new board: store it unless the table is full, in which case the
        // search simply goes on without remembering it.
        if self.arena.len() + self.area > TABLE_MAX_BYTES
            || self.arena.len() + self.area >= u32::MAX as usize
        {
            return true;
        }
        let offset = self.arena.len();
        self.arena.extend_from_slice(board);
        self.slots[index] = Slot {
            hash,
            offset_plus_one: offset as u32 + 1,
            moves_left,
        };
        self.used += 1;
        if self.used * 2 > self.slots.len() {
            self.grow();
        }
        true
    }

    fn grow(&mut self) {
        let doubled = vec![EMPTY_SLOT; self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, doubled);
        let mask = self.slots.len() - 1;
        for slot in old.into_iter().filter(|s| s.offset_plus_one != 0) {
            let mut index = (slot.hash as usize) & mask;
            while self.slots[index].offset_plus_one != 0 {
                index = (index + 1) & mask;
            }
            self.slots[index] = slot;
        }
    }
}

/// A well-mixed 64-bit hash of a board: eight bytes at a time, each word
/// multiplied and folded, then a final avalanche (SplitMix64's finaliser).
fn hash_board(board: &[u8]) -> u64 {
    let mut h: u64 = board.len() as u64;
    let mut chunks = board.chunks_exact(8);
    for chunk in &mut chunks {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        h = fold(h, u64::from_le_bytes(word));
    }
    for &b in chunks.remainder() {
        h = fold(h, u64::from(b));
    }
    mix64(h)
}

#[cfg(test)]
mod tests {
    use super::*;
    use grid::Grid;

    fn slid(line: Vec<u8>) -> Vec<u8> {
        let mut target = vec![9; line.len()];
        slide_into(&line, &mut target, 0, 1, line.len());
        target
    }

    #[test]
    fn slides_like_the_judge() {
        assert_eq!(slid(vec![1, 1, 1]), vec![2, 1, 0]);
        assert_eq!(slid(vec![1, 1, 1, 1]), vec![2, 2, 0, 0]);
        assert_eq!(slid(vec![2, 1, 1]), vec![2, 2, 0]);
        assert_eq!(slid(vec![1, 0, 0, 1]), vec![2, 0, 0, 0]);
        assert_eq!(slid(vec![0, 2, 2, 3]), vec![3, 3, 0, 0]);
        assert_eq!(slid(vec![1, 2, 1, 2]), vec![1, 2, 1, 2]);
    }

    #[test]
    fn reverse_and_strided_lines() {
        // Right on the row [1, 1, 0]: the tiles merge at the right wall.
        let mut cells = vec![9; 3];
        assert!(slide_into(&[1, 1, 0], &mut cells, 2, -1, 3));
        assert_eq!(cells, vec![0, 0, 2]);
        // Nothing moves: unchanged, and the target is still written in full.
        let mut same = vec![9; 3];
        assert!(!slide_into(&[3, 1, 0], &mut same, 0, 1, 3));
        assert_eq!(same, vec![3, 1, 0]);
        let mut board = vec![1, 0, 1, 0];
        assert!(apply_move_exponents(&mut board, 2, Move::Up));
        assert_eq!(board, vec![2, 0, 0, 0]);
    }

    #[test]
    fn a_counted_move_keeps_the_counts_of_a_fresh_count() {
        // Boards of small exponents (many merges) on sides 1 to 9, from a
        // fixed-seed generator; every move of each.
        let mut state = 0x2048_u64;
        let mut next = |bound: u64| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) % bound
        };
        for _ in 0..500 {
            let side = 1 + next(9) as usize;
            let spread = 1 + next(8);
            let cells: Vec<u8> = (0..side * side).map(|_| next(spread + 1) as u8).collect();
            let mut counts = [0; EXPONENTS];
            count_tiles(&cells, &mut counts);
            for direction in Move::ALL {
                let mut child = vec![0; side * side];
                let mut child_counts = counts;
                let changed =
                    apply_move::<true>(&cells, &mut child, side, direction, &mut child_counts);
                let mut fresh = [0; EXPONENTS];
                count_tiles(&child, &mut fresh);
                assert_eq!(child_counts, fresh, "{cells:?} {direction:?}");
                assert_eq!(changed, child != cells);
            }
        }
    }

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
