//! Exact shortcuts near the leaves: the best a last move can make, read
//! from equal neighbours without making the children, and whether two moves
//! can make a given tile at all (a test that never cuts a board that could).

use crate::board::Move;
use crate::exponents::EXPONENTS;

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
pub(crate) fn scan_last_move(cells: &[u8], side: usize) -> (u8, Option<(u8, Move)>) {
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
    if have as usize > MAX_ALIGNED_TILES {
        // Too many to check each pair: yes, without reading the board.
        return true;
    }
    let lines = scan_lines(cells, side, source, top);
    if have < 2 {
        return lines.row_merges.max(lines.column_merges) >= 2 - have;
    }
    if lines.row_merges + lines.column_merges > 0 || lines.top_in_line {
        return true;
    }
    aligned_after_one_move(cells, side, top)
}

/// Whether `moves` moves (three or more) could make a tile of exponent
/// `target` on this board, whose largest tile is below `target`. Exact when
/// it says no.
///
/// Tiles merge only in equal pairs, so a tile of `target` is made from two
/// of `target − 1`, present one move before it. With fewer than two of
/// them on the board, at least one must be new, made within `moves − 1`
/// moves (the one already there merges with nothing until a second comes,
/// so until then it is only a tile in the way); the same holds for that
/// one, a step down. Following the chain while the board has fewer than two
/// tiles of the exponent below, down to two moves, leaves a question the
/// two-move test answers ([`two_moves_can_reach`], for which tiles at or
/// above its target are only in the way). Where the chain stops at tiles
/// that are there, with three moves left, whether two of them can meet in
/// time is the three-move test's question
/// ([`crate::three_moves::three_moves_can_reach`]).
pub fn chain_can_reach(
    cells: &[u8],
    side: usize,
    counts: &[u32; EXPONENTS],
    target: u8,
    moves: u32,
) -> bool {
    let (mut target, mut moves) = (target, moves);
    while moves > 2 {
        if target < 2 || counts[target as usize - 1] >= 2 {
            return true;
        }
        target -= 1;
        moves -= 1;
    }
    target >= 2 && two_moves_can_reach(cells, side, counts, target)
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
pub(crate) const MAX_ALIGNED_TILES: usize = 6;

/// How many tiles a line of exponents packs into: each run of `k` equal
/// neighbours (empty cells ignored) becomes `⌈k / 2⌉` tiles, whichever way
/// the line is slid.
pub(crate) fn packed_length(line: impl Iterator<Item = u8>) -> usize {
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
    tiles_in_line(cells, side, tiles) || meet_after_one_move(cells, side, tiles)
}

/// Whether two of `tiles` are in line now: in one row or column with only
/// empty cells between, so that a move merges them.
pub(crate) fn tiles_in_line(cells: &[u8], side: usize, tiles: &[(usize, usize)]) -> bool {
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
    false
}

/// The cells (row, column) of the tiles of exponent `exponent`, and how many
/// there are; `None` when there are more than [`MAX_ALIGNED_TILES`].
pub(crate) fn find_tiles(
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exponents::counts_of;

    #[test]
    fn the_chain_follows_a_single_tile_down_to_two_moves() {
        // 2s and 4s that never merge, and one 8: a 16 needs a second 8
        // within two moves, which the two-move test rules out.
        let cells = [3, 1, 2, 1, 2, 1, 2, 1, 2];
        assert!(!chain_can_reach(&cells, 3, &counts_of(&cells), 4, 3));
        // With four moves the chain stops at the 4s, which are many: it
        // cannot say no (though nothing merges).
        assert!(chain_can_reach(&cells, 3, &counts_of(&cells), 4, 4));
        // Two 2s side by side: a move makes another 4, and the chain
        // cannot say no.
        let merging = [3, 1, 1, 1, 2, 1, 2, 1, 2];
        assert!(chain_can_reach(&merging, 3, &counts_of(&merging), 4, 3));
    }
}
