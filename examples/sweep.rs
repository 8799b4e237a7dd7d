//! `cargo run --release --example sweep -- [--threads T] [ROWS COLS | BOARD | all N]`: solves the
//! footholds game from every pair of starting cells of a board (a full
//! ROWS × COLS board, default 6 × 6, or a board given as a JSON array of
//! rows) and shows where the game is hard: for each cell of A, the answer
//! and the slowest solve over every cell of B, as two text heat maps, then
//! the ten slowest pairs. `all N` sweeps every full board of at most N
//! cells, every shape R × C with R·C ≤ N, and prints each shape's slowest
//! pair. `SWEEP_TOP=N` in the environment lists the N slowest pairs
//! rather than ten. `--threads T` solves T pairs at once (default 1); each
//! solve stays single-threaded, as the binary is for judges.
//!
//! Pairs that a symmetry of the board maps onto one already solved are not
//! solved again. A full 8 × 8 board has 4,032 pairs (518 after
//! symmetry) and takes about 13.5 s on this project's machine with one
//! thread.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use footholds::{search, Game};

/// What a heat map shows of all the solves from one cell of A.
type Summary = dyn Fn(&[(u32, Duration)]) -> String;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let threads = match args.iter().position(|arg| arg == "--threads") {
        Some(at) if at + 1 < args.len() => {
            let count: usize = args[at + 1].parse().expect("--threads T: a number");
            args.drain(at..at + 2);
            count.max(1)
        }
        Some(_) => panic!("--threads needs a number"),
        None => 1,
    };
    let (rows, cols, cells) = match args.as_slice() {
        [all, most] if all == "all" => {
            return sweep_every_shape(most.parse().expect("MAX_CELLS"), threads);
        }
        [board] => board_from_json(board),
        [rows, cols] => {
            let (r, c) = (rows.parse().expect("ROWS"), cols.parse().expect("COLS"));
            (r, c, vec![true; r * c])
        }
        _ => (6, 6, vec![true; 36]),
    };
    assert!(rows * cols <= 64, "a board has at most 64 cells");
    let started = Instant::now();
    let (solved, solves) = solve_every_pair(rows, cols, &cells, threads);
    let area = rows * cols;
    println!(
        "{rows} x {cols} board, {} start pairs, {solves} solved (the rest by symmetry) in {:.1} s \
         ({threads} thread{})\n",
        solved.iter().filter(|s| s.is_some()).count(),
        started.elapsed().as_secs_f64(),
        if threads == 1 { "" } else { "s" }
    );
    let per_a = |pick: &Summary| {
        for r in 0..rows {
            let line: Vec<String> = (0..cols)
                .map(|c| {
                    let a = r * cols + c;
                    let all: Vec<(u32, Duration)> =
                        (0..area).filter_map(|b| solved[a * area + b]).collect();
                    if all.is_empty() {
                        format!("{:>7}", ".")
                    } else {
                        format!("{:>7}", pick(&all))
                    }
                })
                .collect();
            println!("{}", line.join(""));
        }
        println!();
    };
    println!("the longest game, over every start of B, by A's start:");
    per_a(&|all| all.iter().map(|s| s.0).max().unwrap_or(0).to_string());
    println!("the slowest solve in ms, over every start of B, by A's start:");
    per_a(&|all| {
        format!(
            "{:.1}",
            all.iter()
                .map(|s| s.1)
                .max()
                .unwrap_or_default()
                .as_secs_f64()
                * 1e3
        )
    });
    println!("the slowest pairs:");
    let top = std::env::var("SWEEP_TOP")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(10);
    for (time, a, b, answer) in slowest_pairs(&solved, area).iter().take(top) {
        println!(
            "  A {} B {}: {answer} moves, {:.1} ms",
            at(*a, cols),
            at(*b, cols),
            time.as_secs_f64() * 1e3
        );
    }
}

/// Solves every start pair of the board, each pair that a symmetry maps
/// onto one already solved only once, `threads` pairs at a time. Returns,
/// per pair `a * area + b`, the answer and the time, and how many pairs
/// were solved.
fn solve_every_pair(
    rows: usize,
    cols: usize,
    cells: &[bool],
    threads: usize,
) -> (Vec<Option<(u32, Duration)>>, usize) {
    let symmetries = symmetries(rows, cols, cells);
    let area = rows * cols;
    // One pair of each set that the symmetries map onto each other.
    let mut covered = vec![false; area * area];
    let mut pairs = Vec::new();
    for a in (0..area).filter(|&a| cells[a]) {
        for b in (0..area).filter(|&b| cells[b] && b != a) {
            if !covered[a * area + b] {
                pairs.push((a, b));
                for map in &symmetries {
                    covered[map[a] * area + map[b]] = true;
                }
            }
        }
    }
    // Each thread takes the next unsolved pair until none is left.
    let next = AtomicUsize::new(0);
    let answers: Vec<(usize, u32, Duration)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    while let Some(&(a, b)) = pairs.get(next.fetch_add(1, Ordering::Relaxed)) {
                        let game = Game::new(rows, cols, cells.to_vec(), a, b);
                        let clock = Instant::now();
                        let answer = search::solve(&game);
                        mine.push((a * area + b, answer, clock.elapsed()));
                    }
                    mine
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| worker.join().expect("a solve panicked"))
            .collect()
    });
    let mut solved: Vec<Option<(u32, Duration)>> = vec![None; area * area];
    for (pair, answer, time) in answers {
        let (a, b) = (pair / area, pair % area);
        for map in &symmetries {
            solved[map[a] * area + map[b]] = Some((answer, time));
        }
    }
    (solved, pairs.len())
}

/// The solved pairs as (time, a, b, answer), slowest first, one of each
/// set of pairs that symmetries map onto each other.
fn slowest_pairs(
    solved: &[Option<(u32, Duration)>],
    area: usize,
) -> Vec<(Duration, usize, usize, u32)> {
    let mut pairs: Vec<(Duration, usize, usize, u32)> = (0..solved.len())
        .filter_map(|k| solved[k].map(|(answer, time)| (time, k / area, k % area, answer)))
        .collect();
    pairs.sort_by_key(|pair| std::cmp::Reverse(pair.0));
    // Pairs that a symmetry maps onto each other share one solve: list one.
    pairs.dedup_by_key(|pair| (pair.0, pair.3));
    pairs
}

/// A cell as `(row,col)`.
fn at(cell: usize, cols: usize) -> String {
    format!("({},{})", cell / cols, cell % cols)
}

/// Sweeps every full board of at most `most` cells (and at least two) and
/// prints, per shape, its slowest pair; then the shapes by their slowest
/// pair, slowest first.
fn sweep_every_shape(most: usize, threads: usize) {
    assert!(most <= 64, "a board has at most 64 cells");
    let started = Instant::now();
    let mut worst = Vec::new();
    for rows in 1..=most {
        for cols in (1..=most / rows).filter(|&cols| rows * cols >= 2) {
            let area = rows * cols;
            let clock = Instant::now();
            let (solved, solves) = solve_every_pair(rows, cols, &vec![true; area], threads);
            let (time, a, b, answer) = slowest_pairs(&solved, area)[0];
            println!(
                "{rows:>2} x {cols:<2} {solves:>5} solves in {:>6.2} s; slowest A {} B {}: {answer} moves, {:.1} ms",
                clock.elapsed().as_secs_f64(),
                at(a, cols),
                at(b, cols),
                time.as_secs_f64() * 1e3
            );
            worst.push((time, rows, cols, a, b, answer));
        }
    }
    worst.sort_by_key(|shape| std::cmp::Reverse(shape.0));
    println!(
        "\n{} shapes in {:.1} s; the slowest shapes by their slowest pair:",
        worst.len(),
        started.elapsed().as_secs_f64()
    );
    for (time, rows, cols, a, b, answer) in worst.iter().take(15) {
        println!(
            "  {rows} x {cols}, A {} B {}: {answer} moves, {:.1} ms",
            at(*a, *cols),
            at(*b, *cols),
            time.as_secs_f64() * 1e3
        );
    }
}

/// The board of a JSON array of rows of 0 and 1, e.g. `[[1, 1], [1, 0]]`.
fn board_from_json(text: &str) -> (usize, usize, Vec<bool>) {
    let rows: Vec<Vec<bool>> = text
        .trim()
        .trim_start_matches('[')
        .trim_end_matches(']')
        .split("],")
        .map(|row| {
            row.split(',')
                .map(|cell| cell.trim().trim_matches(['[', ']', ' ']))
                .filter(|cell| !cell.is_empty())
                .map(|cell| cell == "1")
                .collect()
        })
        .collect();
    let cols = rows.first().map_or(0, Vec::len);
    assert!(
        rows.iter().all(|r| r.len() == cols && cols > 0),
        "a board: a JSON array of equal rows of 0 and 1"
    );
    (rows.len(), cols, rows.concat())
}

/// The cell maps of the board's symmetries (the identity first): those of
/// the rectangle's eight that map the board's footholds onto themselves.
fn symmetries(rows: usize, cols: usize, cells: &[bool]) -> Vec<Vec<usize>> {
    let mut maps = Vec::new();
    for transform in 0..8 {
        let (flip_r, flip_c, swap) = (transform & 1 != 0, transform & 2 != 0, transform & 4 != 0);
        if swap && rows != cols {
            continue;
        }
        let map: Vec<usize> = (0..rows * cols)
            .map(|i| {
                let (mut r, mut c) = (i / cols, i % cols);
                if flip_r {
                    r = rows - 1 - r;
                }
                if flip_c {
                    c = cols - 1 - c;
                }
                if swap {
                    std::mem::swap(&mut r, &mut c);
                }
                r * cols + c
            })
            .collect();
        if (0..rows * cols).all(|i| cells[i] == cells[map[i]]) {
            maps.push(map);
        }
    }
    maps
}
