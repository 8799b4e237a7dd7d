//! Random games for `cargo gen`, `cargo stress` and the property tests, and
//! the one-step simplifications `cargo stress` shrinks a failing game with.
//! Never bundled (it uses the `problem-kit` crate).
//!
//! The judge-valid games cover the judge's space (every board from 1 × 1 to
//! 5 × 5, full boards and sparse ones, both players on one cell) and lean
//! toward where solutions go wrong: a player with no move at the start,
//! players next to each other, players walled off from each other, and
//! one-row strips where the loser's stalling decides the length.

use problem_kit::SplitMix64;

use crate::game::Game;
use crate::validate::JUDGE_MAX_SIDE;

/// A judge-valid game of at most `size + 1` rows and columns (5 × 5 from
/// size 4).
pub fn judge_game(seed: u64, size: usize) -> Game {
    let mut rng = SplitMix64::new(seed);
    let most = (size + 1).clamp(1, JUDGE_MAX_SIDE) as u64;
    let (mut height, mut width) = (rng.between(1, most), rng.between(1, most));
    let style = rng.below(7);
    if style == 0 {
        // A one-row (or one-column) strip.
        if rng.chance(1, 2) {
            height = 1;
        } else {
            width = 1;
        }
    }
    let (height, width) = (height as usize, width as usize);
    let area = height * width;
    let holes = match style {
        // Full boards.
        1 | 2 => 0,
        // Sparse boards: many players start cut off.
        3 => 50,
        _ => 20,
    };
    let mut cells: Vec<bool> = (0..area).map(|_| !rng.chance(holes, 100)).collect();
    let a = rng.below(area as u64) as usize;
    let b = match style {
        // Both on one cell.
        4 => a,
        // Side by side, when the board allows.
        5 => {
            let next: Vec<usize> = Game::new(height, width, cells.clone(), a, a)
                .neighbours(a)
                .collect();
            if next.is_empty() {
                a
            } else {
                next[rng.below(next.len() as u64) as usize]
            }
        }
        _ => rng.below(area as u64) as usize,
    };
    if style == 6 {
        // A player boxed in: every neighbour of A a hole.
        let game = Game::new(height, width, cells.clone(), a, b);
        for n in game.neighbours(a) {
            if n != b {
                cells[n] = false;
            }
        }
    }
    cells[a] = true;
    cells[b] = true;
    Game::new(height, width, cells, a, b)
}

/// A game beyond the judge's limits: at most `size + 2` rows and columns
/// (at most 8 × 8), about a fifth of the cells holes, the players on
/// footholds (possibly the same one).
pub fn random_game(seed: u64, size: usize) -> Game {
    let mut rng = SplitMix64::new(seed);
    let most = (size + 2).clamp(1, 8) as u64;
    let (height, width) = (rng.between(1, most) as usize, rng.between(1, most) as usize);
    let area = height * width;
    let mut cells: Vec<bool> = (0..area).map(|_| !rng.chance(1, 5)).collect();
    let a = rng.below(area as u64) as usize;
    let b = if rng.chance(1, 10) {
        a
    } else {
        rng.below(area as u64) as usize
    };
    cells[a] = true;
    cells[b] = true;
    Game::new(height, width, cells, a, b)
}

/// An input beyond the judge's limits: one to three games of
/// [`random_game`], written in any of the forms the binary accepts (compact
/// arrays, commas between the arguments, the Programmers call form, one
/// argument a line).
pub fn beyond_input(seed: u64, size: usize) -> String {
    let mut rng = SplitMix64::new(seed ^ 0xF007_4071);
    let games = rng.between(1, 3);
    let mut out = String::new();
    for k in 0..games {
        let game = random_game(seed.wrapping_add(k), size);
        let text = game_input(&game);
        let at = |i: usize| format!("[{}, {}]", i / game.width, i % game.width);
        let board = text[..text.find("]] ").map_or(text.len(), |i| i + 2)].to_string();
        let (aloc, bloc) = (at(game.a), at(game.b));
        out.push_str(&match rng.below(4) {
            0 => text.replace(", ", ","),
            1 => format!("{board}, {aloc}, {bloc}\n"),
            2 => format!("solution({board}, {aloc}, {bloc})\n"),
            _ => format!("{board}\n{aloc}\n{bloc}\n"),
        });
    }
    out
}

/// A game in the judge's input form.
pub fn game_input(game: &Game) -> String {
    let rows: Vec<String> = (0..game.height)
        .map(|r| {
            let cells: Vec<&str> = (0..game.width)
                .map(|c| {
                    if game.cells[r * game.width + c] {
                        "1"
                    } else {
                        "0"
                    }
                })
                .collect();
            format!("[{}]", cells.join(", "))
        })
        .collect();
    let at = |i: usize| format!("[{}, {}]", i / game.width, i % game.width);
    format!("[{}] {} {}\n", rows.join(", "), at(game.a), at(game.b))
}

/// The games one step simpler than `game`: a row or a column without a
/// player removed, one foothold without a player removed, then a player
/// moved to another foothold (the shrinker keeps a move only when it makes
/// the input earlier in byte order, so moves never go round in a circle).
pub fn simplifications(game: &Game) -> Vec<Game> {
    let (height, width) = (game.height, game.width);
    let row_of = |i: usize| i / width;
    let col_of = |i: usize| i % width;
    let mut out = Vec::new();
    for gone in 0..height {
        if height > 1 && row_of(game.a) != gone && row_of(game.b) != gone {
            let cells: Vec<bool> = (0..height * width)
                .filter(|&i| row_of(i) != gone)
                .map(|i| game.cells[i])
                .collect();
            let moved = |i: usize| if row_of(i) > gone { i - width } else { i };
            out.push(Game::new(
                height - 1,
                width,
                cells,
                moved(game.a),
                moved(game.b),
            ));
        }
    }
    for gone in 0..width {
        if width > 1 && col_of(game.a) != gone && col_of(game.b) != gone {
            let cells: Vec<bool> = (0..height * width)
                .filter(|&i| col_of(i) != gone)
                .map(|i| game.cells[i])
                .collect();
            let moved = |i: usize| {
                let (r, c) = (row_of(i), col_of(i));
                r * (width - 1) + if c > gone { c - 1 } else { c }
            };
            out.push(Game::new(
                height,
                width - 1,
                cells,
                moved(game.a),
                moved(game.b),
            ));
        }
    }
    for cell in 0..height * width {
        if game.cells[cell] && cell != game.a && cell != game.b {
            let mut simpler = game.clone();
            simpler.cells[cell] = false;
            out.push(simpler);
        }
    }
    for cell in (0..height * width).filter(|&cell| game.cells[cell]) {
        for player in [0, 1] {
            let mut moved = game.clone();
            let at = if player == 0 {
                &mut moved.a
            } else {
                &mut moved.b
            };
            if *at != cell {
                *at = cell;
                out.push(moved);
            }
        }
    }
    out
}

/// `game` without the footholds free of a player that `keep` does not
/// mark, counted in reading order.
pub fn keep_footholds(game: &Game, keep: &[bool]) -> Game {
    let mut simpler = game.clone();
    let free = (0..game.cells.len()).filter(|&i| game.cells[i] && i != game.a && i != game.b);
    for (k, cell) in free.enumerate() {
        simpler.cells[cell] = keep.get(k).copied().unwrap_or(true);
    }
    simpler
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn judge_games_are_valid_and_cover_the_judge_space() {
        let mut shapes = [[false; 6]; 6];
        let (mut same, mut stuck, mut full) = (false, false, false);
        for seed in 0..3000 {
            let game = judge_game(seed, 4);
            let input = game_input(&game);
            assert_eq!(
                crate::validate::validate(input.as_bytes()),
                Ok(()),
                "{input}"
            );
            shapes[game.height][game.width] = true;
            same |= game.a == game.b;
            stuck |= game.neighbours(game.a).all(|n| !game.cells[n]);
            full |= game.cells.iter().all(|&c| c);
        }
        for row in &shapes[1..] {
            assert!(row[1..].iter().all(|&s| s), "{shapes:?}");
        }
        assert!(same && stuck && full);
    }

    #[test]
    fn beyond_inputs_parse_and_simplifications_keep_the_players() {
        for seed in 0..200 {
            for size in [1, 3, 6] {
                let input = beyond_input(seed, size);
                assert!(crate::parse(input.as_bytes()).is_ok(), "{input}");
            }
        }
        let game = crate::parse(b"[[1, 1, 0], [1, 1, 1]] [0, 0] [1, 2]")
            .unwrap()
            .remove(0);
        let simpler = simplifications(&game);
        // Column 1 is the only line without a player; three footholds are
        // free; each player may move to four other footholds.
        assert_eq!(simpler.len(), 1 + 3 + 2 * 4);
        assert_eq!(game_input(&simpler[0]), "[[1, 0], [1, 1]] [0, 0] [1, 1]\n");
    }
}
