//! Random boards for `cargo gen`, `cargo stress` and the property tests,
//! and the one-step simplifications `cargo stress` shrinks a failing board
//! with. Never bundled (it uses the `problem-kit` crate).
//!
//! The judge-valid boards cover the judge's whole space (every side from 1
//! to 20, every tile from 2 to 1024, a single block and full boards) and
//! lean toward where 2048 solutions go wrong: tiles that could merge twice
//! in one move (`2 2 4`), full lines of equal tiles (which pair first),
//! cascades that need several moves, boards where nothing merges, and
//! small boards whose best line needs every move the judge allows.

use grid::Grid;
use problem_kit::SplitMix64;

use crate::Board;

/// A judge-valid board of side at most `largest_side` (1 to 20), for a
/// judge that searches `moves` moves.
pub fn judge_board(seed: u64, largest_side: usize, moves: u32) -> Board {
    let mut rng = SplitMix64::new(seed);
    let largest = largest_side.clamp(1, 20) as u64;
    // Half the boards take the largest side: full-size boards find the most.
    let side = if rng.chance(1, 2) {
        largest
    } else {
        rng.between(1, largest)
    } as usize;
    if TIGHT_SIDES.contains(&side) && rng.chance(1, 4) {
        return tight_board(&mut rng, side, moves);
    }
    let mut board = Grid::new(side, side, 0u64);
    let power = |rng: &mut SplitMix64, low: u64, high: u64| 1u64 << rng.between(low, high);
    match rng.below(8) {
        // Sparse small tiles.
        0 => fill(&mut board, |_, _| {
            if rng.chance(1, 2) {
                0
            } else {
                power(&mut rng, 1, 4)
            }
        }),
        // A full board of 2s and 4s: `2 2 4` merges once, never twice.
        1 => fill(&mut board, |_, _| power(&mut rng, 1, 2)),
        // Lines of one tile each, some with a gap: three or four equal tiles
        // in a line pair from the side they move toward.
        2 => {
            for row in 0..side {
                let tile = power(&mut rng, 1, 3);
                let gap = rng.chance(1, 3).then(|| rng.below(side as u64) as usize);
                for col in 0..side {
                    board[(row, col)] = if Some(col) == gap { 0 } else { tile };
                }
            }
        }
        // Cascades: `2 2 4 8 16 ...`, each merge making the next possible.
        3 => {
            for row in 0..side {
                let start = rng.between(1, 3);
                let reversed = rng.chance(1, 2);
                for col in 0..side {
                    let k = if reversed { side - 1 - col } else { col };
                    let exponent = (start + k.saturating_sub(1) as u64).min(10);
                    board[(row, col)] = if rng.chance(1, 8) { 0 } else { 1 << exponent };
                }
            }
        }
        // A single block anywhere.
        4 => {
            let cell = rng.below((side * side) as u64) as usize;
            board[(cell / side, cell % side)] = power(&mut rng, 1, 10);
        }
        // Large tiles, the judge's 1024 among them (two make 2048).
        5 => fill(&mut board, |_, _| {
            if rng.chance(1, 3) {
                0
            } else {
                power(&mut rng, 1, 10)
            }
        }),
        // A checkerboard where nothing merges, with a few cells changed.
        6 => {
            let (low, high) = (power(&mut rng, 1, 5), power(&mut rng, 6, 10));
            fill(&mut board, |r, c| if (r + c) % 2 == 0 { low } else { high });
            for _ in 0..rng.between(0, 3) {
                let cell = rng.below((side * side) as u64) as usize;
                board[(cell / side, cell % side)] = if rng.chance(1, 2) { 0 } else { low };
            }
        }
        // Tiles 2 to 32 on about two cells in three.
        _ => fill(&mut board, |_, _| {
            if rng.chance(1, 3) {
                0
            } else {
                power(&mut rng, 1, 5)
            }
        }),
    }
    if rng.chance(1, 2) {
        board = board.transpose();
    }
    if board.cells().iter().all(|&t| t == 0) {
        let cell = rng.below((side * side) as u64) as usize;
        board[(cell / side, cell % side)] = 2;
    }
    board
}

/// The sides of the boards that may be tight (see [`tight_board`]): above
/// them, finding one costs more than a generated board should.
const TIGHT_SIDES: std::ops::RangeInclusive<usize> = 2..=5;

/// How many boards [`tight_board`] tries.
const TIGHT_TRIES: usize = 16;

/// A small board whose tiles add up to one tile, and whose best line needs
/// every one of the judge's `moves` moves, or as many as the best of a few
/// tries does: the boards where a solution that searches one move too
/// few, or wastes one, goes wrong, and they are rare among random boards
/// (one in a few hundred of side 3).
fn tight_board(rng: &mut SplitMix64, side: usize, moves: u32) -> Board {
    let mut best: Option<(u32, Board)> = None;
    for _ in 0..TIGHT_TRIES {
        let board = summing_board(rng, side);
        let needed = moves_needed(&board, moves);
        if best.as_ref().map_or(true, |(most, _)| needed > *most) {
            best = Some((needed, board));
        }
        if needed == moves {
            break;
        }
    }
    best.map(|(_, board)| board).expect("at least one try")
}

/// A board of side `side` whose tiles add up to one tile of 16 to 128:
/// that tile split in halves, again and again, the pieces in random cells.
fn summing_board(rng: &mut SplitMix64, side: usize) -> Board {
    let cells = side * side;
    let mut pieces = vec![1u64 << rng.between(4, 7)];
    let wanted = rng.between(2, cells as u64) as usize;
    while pieces.len() < wanted {
        let splittable: Vec<usize> = (0..pieces.len()).filter(|&i| pieces[i] > 2).collect();
        if splittable.is_empty() {
            break;
        }
        let at = splittable[rng.below(splittable.len() as u64) as usize];
        pieces[at] /= 2;
        pieces.push(pieces[at]);
    }
    let mut board = Grid::new(side, side, 0u64);
    let mut free: Vec<usize> = (0..cells).collect();
    for piece in pieces {
        let cell = free.swap_remove(rng.below(free.len() as u64) as usize);
        board[(cell / side, cell % side)] = piece;
    }
    board
}

/// The fewest moves, of at most `moves`, that reach the largest tile
/// `moves` moves can.
fn moves_needed(board: &Board, moves: u32) -> u32 {
    let best = crate::search::solve(board, moves);
    (0..moves)
        .find(|&fewer| crate::search::solve(board, fewer) == best)
        .unwrap_or(moves)
}

/// An input beyond the judge's limits: a board of side up to
/// `largest_side` (at most 64), tiles up to 2^30, possibly without any
/// block, sometimes written with CRLF line endings, trailing spaces, blank
/// lines or a byte-order mark (all of which the binaries accept).
pub fn beyond_input(seed: u64, largest_side: usize) -> String {
    let mut rng = SplitMix64::new(seed ^ 0xB10C_5EED);
    let side = rng.between(1, largest_side.clamp(1, 64) as u64) as usize;
    let empty = rng.chance(1, 10);
    let mut board = Grid::new(side, side, 0u64);
    fill(&mut board, |_, _| match rng.below(4) {
        _ if empty => 0,
        0 => 0,
        1 => 1 << rng.between(11, 30),
        _ => 1 << rng.between(1, 4),
    });
    let text = board_input(&board);
    let mut out = String::new();
    if rng.chance(1, 10) {
        out.push('\u{feff}');
    }
    let (crlf, spaces, blank) = (rng.chance(1, 4), rng.chance(1, 4), rng.chance(1, 4));
    for (index, line) in text.lines().enumerate() {
        out.push_str(line);
        if spaces {
            out.push_str("  ");
        }
        out.push_str(if crlf { "\r\n" } else { "\n" });
        if blank && index == 0 {
            out.push('\n');
        }
    }
    out
}

/// Sets every cell from `cell(row, col)`.
fn fill(board: &mut Board, mut cell: impl FnMut(usize, usize) -> u64) {
    for row in 0..board.rows() {
        for col in 0..board.cols() {
            board[(row, col)] = cell(row, col);
        }
    }
}

/// A board in the judge's format.
pub fn board_input(board: &Board) -> String {
    let mut text = format!("{}\n", board.rows());
    for row in 0..board.rows() {
        let cells: Vec<String> = (0..board.cols())
            .map(|c| board[(row, c)].to_string())
            .collect();
        text.push_str(&cells.join(" "));
        text.push('\n');
    }
    text
}

/// The boards one step simpler than `board`: one row and one column
/// removed, at any two positions (the board one smaller), every tile
/// halved, one tile cleared, halved or lowered to 2.
pub fn simplifications(board: &Board) -> Vec<Board> {
    let side = board.rows();
    let mut out = Vec::new();
    if side > 1 {
        for gone_row in 0..side {
            for gone_col in 0..side {
                let mut smaller = Grid::new(side - 1, side - 1, 0);
                let keep = |i: usize, gone: usize| if i < gone { i } else { i + 1 };
                fill(&mut smaller, |r, c| {
                    board[(keep(r, gone_row), keep(c, gone_col))]
                });
                out.push(smaller);
            }
        }
    }
    // Halving every tile plays the same game at half the scale, when no
    // tile is a 2.
    if board.cells().iter().all(|&t| t == 0 || t >= 4) && board.cells().iter().any(|&t| t > 0) {
        let mut halved = board.clone();
        fill(&mut halved, |r, c| board[(r, c)] / 2);
        out.push(halved);
    }
    let lowerings: [fn(u64) -> u64; 3] = [|_| 0, |t| t / 2, |_| 2];
    for lowered in lowerings {
        for row in 0..side {
            for col in 0..side {
                let tile = board[(row, col)];
                let to = lowered(tile);
                if tile == 0 || to == tile || to == 1 {
                    continue;
                }
                let mut simpler = board.clone();
                simpler[(row, col)] = to;
                out.push(simpler);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn judge_boards_are_valid_and_cover_every_side_and_tile() {
        let mut sides = [false; 21];
        let mut tiles = [false; 11];
        for seed in 0..4000 {
            let board = judge_board(seed, 20, crate::JUDGE_MOVES);
            let input = board_input(&board);
            assert_eq!(
                crate::validate::validate(input.as_bytes()),
                Ok(()),
                "{input}"
            );
            sides[board.rows()] = true;
            for &tile in board.cells() {
                if tile != 0 {
                    tiles[tile.trailing_zeros() as usize] = true;
                }
            }
        }
        assert!(sides[1..].iter().all(|&s| s), "{sides:?}");
        assert!(tiles[1..].iter().all(|&t| t), "{tiles:?}");
    }

    #[test]
    fn simplifications_are_one_step_smaller() {
        let board = crate::parse(b"2\n2 4\n0 8\n").unwrap();
        let simpler = simplifications(&board);
        // Four 1 x 1 boards, three cleared tiles, two halved ones, and two
        // lowered to 2 (the 4 the same as halved: the shrinker runs a
        // board once).
        assert_eq!(simpler.len(), 4 + 3 + 2 + 2);
        assert!(simpler[..4].iter().all(|b| b.rows() == 1));
        assert_eq!(board_input(&simpler[0]), "1\n8\n");
        assert!(simpler.iter().any(|b| board_input(b) == "2\n2 2\n0 8\n"));
    }
}
