//! Footholds' search and the model of its planted bugs.

use super::Smallest;

/// A footholds game: the board's rows, and both players' cells.
type Footholds = (Vec<Vec<bool>>, (usize, usize), (usize, usize));

/// The first failing game, footholds counted: every board of at most
/// 3 × 3 cells, every placing of both players on footholds.
pub(super) fn footholds(fails: impl Fn(&str, &Footholds) -> bool) -> Option<Smallest> {
    for count in 1..=9u32 {
        for height in 1..=3usize {
            for width in 1..=3usize {
                let cells = height * width;
                for bits in 0u32..1 << cells {
                    if bits.count_ones() != count {
                        continue;
                    }
                    let board: Vec<Vec<bool>> = (0..height)
                        .map(|r| {
                            (0..width)
                                .map(|c| bits >> (r * width + c) & 1 == 1)
                                .collect()
                        })
                        .collect();
                    for a in 0..cells {
                        for b in 0..cells {
                            let game = (
                                board.clone(),
                                (a / width, a % width),
                                (b / width, b % width),
                            );
                            let input = footholds_text(&game);
                            if fails(&input, &game) {
                                return Some(Smallest {
                                    measure: count as u64,
                                    input,
                                });
                            }
                        }
                    }
                }
            }
        }
    }
    None
}

/// A game in the judge's input form.
fn footholds_text((board, a, b): &Footholds) -> String {
    let rows: Vec<String> = board
        .iter()
        .map(|row| {
            let cells: Vec<&str> = row.iter().map(|&f| if f { "1" } else { "0" }).collect();
            format!("[{}]", cells.join(", "))
        })
        .collect();
    format!(
        "[{}] [{}, {}] [{}, {}]\n",
        rows.join(", "),
        a.0,
        a.1,
        b.0,
        b.1
    )
}

/// What a footholds solution returns: `loser_hurries` (buggy.py), or
/// `moves_from_vanished` lets a player whose cell has vanished move
/// (buggy.cpp).
pub(super) fn footholds_model(
    game: &Footholds,
    loser_hurries: bool,
    moves_from_vanished: bool,
) -> String {
    let (mut board, a, b) = game.clone();
    let rules = (loser_hurries, moves_from_vanished);
    format!("{}\n", play(&mut board, a, b, rules).1)
}

/// Whether the player to move (at `mover`) wins, and the moves left.
fn play(
    board: &mut Vec<Vec<bool>>,
    mover: (usize, usize),
    other: (usize, usize),
    rules: (bool, bool),
) -> (bool, u32) {
    let (loser_hurries, moves_from_vanished) = rules;
    let (r, c) = mover;
    if !moves_from_vanished && !board[r][c] {
        return (false, 0);
    }
    let (mut wins, mut losses) = (Vec::new(), Vec::new());
    let near = [
        (r + 1, c),
        (r.wrapping_sub(1), c),
        (r, c + 1),
        (r, c.wrapping_sub(1)),
    ];
    for (nr, nc) in near {
        if nr < board.len() && nc < board[0].len() && board[nr][nc] {
            board[r][c] = false;
            let (they_win, moves) = play(board, other, (nr, nc), rules);
            board[r][c] = true;
            if they_win { &mut losses } else { &mut wins }.push(moves + 1);
        }
    }
    match (wins.iter().min(), losses.iter().max(), losses.iter().min()) {
        (Some(&w), _, _) => (true, w),
        (None, Some(&most), Some(&fewest)) => (false, if loser_hurries { fewest } else { most }),
        _ => (false, 0),
    }
}
