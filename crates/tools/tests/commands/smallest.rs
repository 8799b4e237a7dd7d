//! The smallest failing input of each planted bug in `tests/solutions/`,
//! found by exhaustive search: the yardstick the shrinker is held to.
//!
//! Each bug is modelled here in Rust, line for line with its solution (so
//! that millions of inputs cost seconds, not the hours a process apiece
//! would), and the inputs of a restricted but honest space are tried in
//! increasing measure (the measure `cargo stress` reports, the contract's
//! `measure`) until one fails. The spaces:
//!
//! - puyo: settled fields within the bottom four rows, in two colours (a
//!   group needs four puyos of one colour, so a third colour adds nothing a
//!   smaller field lacks);
//! - 2048: every board of side 1 and 2 with tiles up to 16, every board of
//!   side 3 with tiles up to 8, and boards of side 4 with tiles up to 4;
//! - othello: one case on a board of side 4 or 6, every sequence of legal
//!   moves in either colour (the judge does not promise that colours
//!   alternate);
//! - footholds: every board of at most 3 × 3 cells with every placing of
//!   both players.
//!
//! A model is trusted only where it matches its solution: the witness each
//! search returns is judged with the real solution and must fail (see
//! `solutions.rs`).

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex, OnceLock};

/// A failing input and its measure.
#[derive(Clone, Debug)]
pub struct Smallest {
    pub measure: u64,
    pub input: String,
}

/// The smallest failing input of the planted bug in
/// `tests/solutions/PROBLEM/buggy.EXTENSION`, or `None` when the space
/// holds none. Each is searched once in this test process: the test below
/// and each of `solutions.rs`'s tests ask for the same ones, side by side,
/// and the searches are seconds of work apiece.
pub fn smallest(problem: &str, extension: &str) -> Option<Smallest> {
    type Searched = Arc<OnceLock<Option<Smallest>>>;
    static SEARCHED: LazyLock<Mutex<HashMap<(String, String), Searched>>> =
        LazyLock::new(Mutex::default);
    let once = Arc::clone(
        SEARCHED
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .entry((problem.to_string(), extension.to_string()))
            .or_default(),
    );
    // The map's lock is let go before the search: another bug's search
    // goes on beside this one, and a second asker of this one waits.
    once.get_or_init(|| search(problem, extension)).clone()
}

fn search(problem: &str, extension: &str) -> Option<Smallest> {
    let contract = problems::find(problem).expect("a registered problem");
    let fails = |input: &str, buggy: String| {
        contract.validate(input.as_bytes()).is_ok()
            && contract.judge_output(input.as_bytes()).ok() != Some(buggy)
    };
    match (problem, extension) {
        ("puyo", "py") => puyo(|input| fails(input, puyo_model(input, true, false))),
        ("puyo", "cpp") => puyo(|input| fails(input, puyo_model(input, false, true))),
        ("game2048", "py") => {
            game2048(|n, b| fails(&board_text(n, b), slid(n, b, 5, Slide::Twice)))
        }
        ("game2048", "cpp") => {
            game2048(|n, b| fails(&board_text(n, b), slid(n, b, 4, Slide::Once)))
        }
        ("game2048-hard", "py") => {
            game2048(|n, b| fails(&board_text(n, b), slid(n, b, 9, Slide::Once)))
        }
        ("game2048-hard", "cpp") => {
            game2048(|n, b| fails(&board_text(n, b), slid(n, b, 10, Slide::GapBreaks)))
        }
        ("othello", "py") => {
            othello(|input, moves| fails(input, othello_model(moves, false, true)))
        }
        ("othello", "cpp" | "java") => {
            othello(|input, moves| fails(input, othello_model(moves, true, false)))
        }
        ("footholds", "py" | "js") => {
            footholds(|input, game| fails(input, footholds_model(game, true, false)))
        }
        ("footholds", "cpp" | "java") => {
            footholds(|input, game| fails(input, footholds_model(game, false, true)))
        }
        _ => panic!("no planted bug for {problem} {extension}"),
    }
}

// Puyo: 12 rows of 6, as the solutions read them.
const ROWS: usize = 12;
const COLS: usize = 6;
/// The rows of the bottom that the puyo search fills.
const PUYO_ROWS: usize = 4;

/// The first failing field, puyos counted, within the bottom
/// [`PUYO_ROWS`] rows in the colours R and G.
fn puyo(fails: impl Fn(&str) -> bool) -> Option<Smallest> {
    for puyos in 0..=PUYO_ROWS * COLS {
        let mut heights = [0usize; COLS];
        let mut found = None;
        each_heights(&mut heights, 0, puyos, &mut |heights| {
            for colours in 0u32..1 << puyos {
                let text = puyo_field(heights, colours);
                if found.is_none() && fails(&text) {
                    found = Some(text);
                }
            }
        });
        if let Some(input) = found {
            return Some(Smallest {
                measure: puyos as u64,
                input,
            });
        }
    }
    None
}

/// Calls `visit` with every column height vector from `col` on that
/// holds `left` more puyos.
fn each_heights(
    heights: &mut [usize; COLS],
    col: usize,
    left: usize,
    visit: &mut dyn FnMut(&[usize; COLS]),
) {
    if col == COLS {
        if left == 0 {
            visit(heights);
        }
        return;
    }
    for h in 0..=left.min(PUYO_ROWS) {
        heights[col] = h;
        each_heights(heights, col + 1, left - h, visit);
    }
    heights[col] = 0;
}

/// The field of columns `heights` high, the k-th puyo (column by column,
/// bottom up) R or G by bit k of `colours`.
fn puyo_field(heights: &[usize; COLS], colours: u32) -> String {
    let mut field = [[b'.'; COLS]; ROWS];
    let mut k = 0;
    for (col, &height) in heights.iter().enumerate() {
        for level in 0..height {
            field[ROWS - 1 - level][col] = if colours >> k & 1 == 1 { b'G' } else { b'R' };
            k += 1;
        }
    }
    field
        .iter()
        .map(|row| String::from_utf8_lossy(row).into_owned() + "\n")
        .collect()
}

/// The chains the puyo solutions count: `one_group` pops only the first
/// group found each round (buggy.py), `one_cell` lets each puyo fall one
/// cell a round (buggy.cpp).
// The loops index rows and columns as the solutions do, to stay line for
// line with them.
#[allow(clippy::needless_range_loop)]
fn puyo_model(input: &str, one_group: bool, one_cell: bool) -> String {
    let mut field: Vec<Vec<u8>> = input.lines().map(|l| l.as_bytes().to_vec()).collect();
    let mut chains = 0;
    loop {
        let mut seen = vec![vec![false; COLS]; ROWS];
        let mut popping = Vec::new();
        for r in 0..ROWS {
            for c in 0..COLS {
                if field[r][c] == b'.' || seen[r][c] {
                    continue;
                }
                let group = flood(&field, &mut seen, r, c);
                if group.len() >= 4 && (popping.is_empty() || !one_group) {
                    popping.extend(group);
                }
            }
        }
        if popping.is_empty() {
            return format!("{chains}\n");
        }
        chains += 1;
        for &(r, c) in &popping {
            field[r][c] = b'.';
        }
        for c in 0..COLS {
            if one_cell {
                for r in (0..ROWS - 1).rev() {
                    if field[r][c] != b'.' && field[r + 1][c] == b'.' {
                        field[r + 1][c] = field[r][c];
                        field[r][c] = b'.';
                    }
                }
            } else {
                let stack: Vec<u8> = (0..ROWS)
                    .map(|r| field[r][c])
                    .filter(|&x| x != b'.')
                    .collect();
                for r in 0..ROWS {
                    let from_bottom = ROWS - 1 - r;
                    field[r][c] = if from_bottom < stack.len() {
                        stack[stack.len() - 1 - from_bottom]
                    } else {
                        b'.'
                    };
                }
            }
        }
    }
}

/// The group of `(r, c)`'s colour that holds it, marked seen.
fn flood(field: &[Vec<u8>], seen: &mut [Vec<bool>], r: usize, c: usize) -> Vec<(usize, usize)> {
    let colour = field[r][c];
    seen[r][c] = true;
    let mut group = vec![(r, c)];
    let mut k = 0;
    while k < group.len() {
        let (y, x) = group[k];
        k += 1;
        let near = [
            (y + 1, x),
            (y.wrapping_sub(1), x),
            (y, x + 1),
            (y, x.wrapping_sub(1)),
        ];
        for (ny, nx) in near {
            if ny < ROWS && nx < COLS && !seen[ny][nx] && field[ny][nx] == colour {
                seen[ny][nx] = true;
                group.push((ny, nx));
            }
        }
    }
    group
}

/// How a 2048 solution slides a line.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Slide {
    /// As the judge does: each tile merges at most once a move.
    Once,
    /// A merged tile may merge again in the same move (game2048 buggy.py).
    Twice,
    /// A gap between two equal tiles keeps them apart (game2048-hard
    /// buggy.cpp).
    GapBreaks,
}

/// The tiles the 2048 search tries on a board of side `n`.
fn tiles_for(n: usize) -> &'static [u64] {
    match n {
        1 | 2 => &[0, 2, 4, 8, 16],
        3 => &[0, 2, 4, 8],
        _ => &[0, 2, 4],
    }
}

/// The first failing board, by side, from 1 to 4 (see [`tiles_for`]).
fn game2048(fails: impl Fn(usize, &[u64]) -> bool) -> Option<Smallest> {
    for n in 1..=4usize {
        let tiles = tiles_for(n);
        let count = (tiles.len() as u64).pow((n * n) as u32);
        for code in 0..count {
            let mut rest = code;
            let board: Vec<u64> = (0..n * n)
                .map(|_| {
                    let t = tiles[(rest % tiles.len() as u64) as usize];
                    rest /= tiles.len() as u64;
                    t
                })
                .collect();
            if fails(n, &board) {
                return Some(Smallest {
                    measure: n as u64,
                    input: board_text(n, &board),
                });
            }
        }
    }
    None
}

/// A board in the judge's format.
fn board_text(n: usize, board: &[u64]) -> String {
    let mut text = format!("{n}\n");
    for row in board.chunks(n) {
        let cells: Vec<String> = row.iter().map(u64::to_string).collect();
        text.push_str(&cells.join(" "));
        text.push('\n');
    }
    text
}

/// The largest tile a 2048 solution finds in `depth` moves, sliding as
/// `slide` says.
fn slid(n: usize, board: &[u64], depth: u32, slide: Slide) -> String {
    let mut memo = HashMap::new();
    format!(
        "{}\n",
        best_2048(n, board.to_vec(), depth, slide, &mut memo)
    )
}

fn best_2048(
    n: usize,
    board: Vec<u64>,
    depth: u32,
    slide: Slide,
    memo: &mut HashMap<(Vec<u64>, u32), u64>,
) -> u64 {
    let top = board.iter().copied().max().unwrap_or(0);
    if depth == 0 {
        return top;
    }
    if let Some(&known) = memo.get(&(board.clone(), depth)) {
        return known;
    }
    let mut best = top;
    for direction in 0..4 {
        let next = move_2048(n, &board, direction, slide);
        best = best.max(best_2048(n, next, depth - 1, slide, memo));
    }
    memo.insert((board, depth), best);
    best
}

/// `board` moved left, right, up or down (0 to 3).
fn move_2048(n: usize, board: &[u64], direction: usize, slide: Slide) -> Vec<u64> {
    let at = |k: usize, i: usize| match direction {
        0 => k * n + i,
        1 => k * n + n - 1 - i,
        2 => i * n + k,
        _ => (n - 1 - i) * n + k,
    };
    let mut out = board.to_vec();
    for k in 0..n {
        let line: Vec<u64> = (0..n).map(|i| board[at(k, i)]).collect();
        for (i, tile) in slide_line(&line, slide).into_iter().enumerate() {
            out[at(k, i)] = tile;
        }
    }
    out
}

/// One line slid toward its start.
fn slide_line(line: &[u64], slide: Slide) -> Vec<u64> {
    let mut out: Vec<u64> = Vec::new();
    // Whether the last tile out may still take a merge.
    let mut open = false;
    for &tile in line {
        if tile == 0 {
            if slide == Slide::GapBreaks {
                open = false;
            }
            continue;
        }
        if open && out.last() == Some(&tile) {
            *out.last_mut().unwrap() *= 2;
            while slide == Slide::Twice && out.len() > 1 && out[out.len() - 1] == out[out.len() - 2]
            {
                let last = out.pop().unwrap();
                *out.last_mut().unwrap() += last;
            }
            // Only a solution that merges twice lets the merged tile take
            // another.
            open = slide == Slide::Twice;
        } else {
            out.push(tile);
            open = true;
        }
    }
    out.resize(line.len(), 0);
    out
}

/// An Othello move: row and column from 1, and the colour (1 or 2).
type Placed = (usize, usize, u8);

/// An Othello case: its side and its moves.
type OthelloCase = (usize, Vec<Placed>);

/// Whether an Othello case fails, given its input too.
type OthelloFails<'a> = &'a dyn Fn(&str, &OthelloCase) -> bool;

/// The board sides the Othello search tries.
const OTHELLO_SIDES: [usize; 2] = [4, 6];

/// The first failing case, moves counted: one case on a board of side 4
/// or 6, every sequence of legal moves.
fn othello(fails: impl Fn(&str, &OthelloCase) -> bool) -> Option<Smallest> {
    for length in 0..=8usize {
        for side in OTHELLO_SIDES {
            let mut moves = Vec::new();
            if let Some(input) = othello_sequences(side, length, &mut moves, &fails) {
                return Some(Smallest {
                    measure: length as u64,
                    input,
                });
            }
        }
    }
    None
}

/// Extends `moves` by legal moves to `length` in every way, and returns
/// the first failing case's input.
fn othello_sequences(
    side: usize,
    length: usize,
    moves: &mut Vec<Placed>,
    fails: OthelloFails,
) -> Option<String> {
    if moves.len() == length {
        let case = (side, moves.clone());
        let mut input = format!("1\n{side} {length}\n");
        for (x, y, colour) in moves.iter() {
            input.push_str(&format!("{x} {y} {colour}\n"));
        }
        return fails(&input, &case).then_some(input);
    }
    let board = othello_board(side, moves, false, false);
    for x in 1..=side {
        for y in 1..=side {
            for colour in [1, 2] {
                if board[x][y] == 0 && flips(&board, side, (x, y, colour), false, false) > 0 {
                    moves.push((x, y, colour));
                    let found = othello_sequences(side, length, moves, fails);
                    moves.pop();
                    if found.is_some() {
                        return found;
                    }
                }
            }
        }
    }
    None
}

/// The board after `moves`, flipping as the solutions do: `edge_closes`
/// takes a run that reaches the edge as closed (buggy.cpp), `no_diagonals`
/// flips along rows and columns only (buggy.py).
fn othello_board(
    side: usize,
    moves: &[Placed],
    edge_closes: bool,
    no_diagonals: bool,
) -> Vec<Vec<u8>> {
    let mut board = vec![vec![0u8; side + 2]; side + 2];
    let h = side / 2;
    board[h][h] = 2;
    board[h + 1][h + 1] = 2;
    board[h][h + 1] = 1;
    board[h + 1][h] = 1;
    for &placed in moves {
        let runs = flip_runs(&board, side, placed, edge_closes, no_diagonals);
        let (x, y, colour) = placed;
        board[x][y] = colour;
        for (cx, cy) in runs {
            board[cx][cy] = colour;
        }
    }
    board
}

/// How many stones `placed` flips.
fn flips(
    board: &[Vec<u8>],
    side: usize,
    placed: Placed,
    edge_closes: bool,
    no_diagonals: bool,
) -> usize {
    flip_runs(board, side, placed, edge_closes, no_diagonals).len()
}

/// The stones `placed` flips.
fn flip_runs(
    board: &[Vec<u8>],
    side: usize,
    placed: Placed,
    edge_closes: bool,
    no_diagonals: bool,
) -> Vec<(usize, usize)> {
    let (x, y, colour) = placed;
    let inside = |cx: i64, cy: i64| cx >= 1 && cx <= side as i64 && cy >= 1 && cy <= side as i64;
    let mut out = Vec::new();
    for dx in -1i64..=1 {
        for dy in -1i64..=1 {
            if (dx, dy) == (0, 0) || no_diagonals && dx != 0 && dy != 0 {
                continue;
            }
            let (mut cx, mut cy) = (x as i64 + dx, y as i64 + dy);
            let mut run = Vec::new();
            while inside(cx, cy) && board[cx as usize][cy as usize] == 3 - colour {
                run.push((cx as usize, cy as usize));
                cx += dx;
                cy += dy;
            }
            let closed = if inside(cx, cy) {
                board[cx as usize][cy as usize] == colour
            } else {
                edge_closes
            };
            if closed {
                out.extend(run);
            }
        }
    }
    out
}

/// What an Othello solution prints for one case.
fn othello_model(case: &OthelloCase, edge_closes: bool, no_diagonals: bool) -> String {
    let (side, moves) = case;
    let board = othello_board(*side, moves, edge_closes, no_diagonals);
    let count = |stone: u8| board.iter().flatten().filter(|&&s| s == stone).count();
    format!("#1 {} {}\n", count(1), count(2))
}

/// A footholds game: the board's rows, and both players' cells.
type Footholds = (Vec<Vec<bool>>, (usize, usize), (usize, usize));

/// The first failing game, footholds counted: every board of at most
/// 3 × 3 cells, every placing of both players on footholds.
fn footholds(fails: impl Fn(&str, &Footholds) -> bool) -> Option<Smallest> {
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
fn footholds_model(game: &Footholds, loser_hurries: bool, moves_from_vanished: bool) -> String {
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

/// Prints each bug's smallest failing input (`cargo test -p tools --test
/// commands smallest -- --nocapture`): the figures the shrinker is held
/// to, and a check that the searches end.
#[test]
fn every_planted_bug_has_a_smallest_failure() {
    for problem in ["puyo", "game2048", "game2048-hard", "othello", "footholds"] {
        for extension in ["py", "cpp"] {
            let found = smallest(problem, extension);
            println!("{problem} {extension}: {found:?}");
            assert!(found.is_some(), "{problem} {extension}");
        }
    }
}
