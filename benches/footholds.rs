//! The minimax: the naive solver beside the fast one on full boards from
//! 5 × 5 to 8 × 8 (players at opposite corners and side by side in the
//! centre), on ten fixed-seed random 8 × 8 boards with 20% holes, and on
//! the hardest full-board starts known.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use footholds::{naive, search};
use grid_games::footholds_games::{full_board, full_centre, full_corners, random_8x8};
use std::hint::black_box;
use std::time::Duration;

fn full_boards(c: &mut Criterion) {
    let mut group = c.benchmark_group("footholds/full");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(4));
    for side in 5..=8 {
        for (start, game) in [
            ("corners", full_corners(side)),
            ("centre", full_centre(side)),
        ] {
            let id = format!("{side}x{side}/{start}");
            // The naive minimax finishes in a few seconds up to 6 × 6 only.
            if side <= 6 {
                group.bench_with_input(BenchmarkId::new("naive", &id), &game, |b, g| {
                    b.iter(|| naive::solve(black_box(g)))
                });
            }
            group.bench_with_input(BenchmarkId::new("fast", &id), &game, |b, g| {
                b.iter(|| search::solve(black_box(g)))
            });
        }
    }
    group.finish();
}

fn random_boards(c: &mut Criterion) {
    let mut group = c.benchmark_group("footholds/random-8x8-20pct-holes");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(2));
    for seed in 0..10 {
        let game = random_8x8(seed);
        group.bench_with_input(BenchmarkId::new("fast", seed), &game, |b, g| {
            b.iter(|| search::solve(black_box(g)))
        });
    }
    group.finish();
}

/// A cell as `(row, col)`.
type Cell = (usize, usize);

/// The hardest full-board starts known, kept together so that a change to
/// the search that speeds up one start at the cost of another shows here:
/// the 8 × 8 centre, (0,1)/(5,6) and
/// (1,4)/(7,7) (a fuzzer's time-out); the 7 × 9 centre and its transpose;
/// and the slowest pairs of the sweeps (`cargo run --release
/// --example sweep -- 8 8`, and `-- 7 9`, `-- 9 7`): on 8 × 8 (1,3)/(6,3),
/// (2,3)/(4,4), (1,2)/(7,7), (1,1)/(6,6), (1,1)/(5,6) and (1,3)/(6,5), on
/// 7 × 9 (1,1)/(5,7), and on 9 × 7 (4,2)/(4,3). `(rows, cols, a, b)` with
/// cells as `(row, col)`.
const HARDEST_STARTS: [(usize, usize, Cell, Cell); 13] = [
    (8, 8, (3, 3), (3, 4)),
    (8, 8, (1, 3), (6, 3)),
    (8, 8, (0, 1), (5, 6)),
    (8, 8, (1, 4), (7, 7)),
    (8, 8, (1, 1), (6, 6)),
    (8, 8, (2, 3), (4, 4)),
    (8, 8, (1, 2), (7, 7)),
    (8, 8, (1, 1), (5, 6)),
    (8, 8, (1, 3), (6, 5)),
    (7, 9, (3, 3), (3, 4)),
    (7, 9, (1, 1), (5, 7)),
    (9, 7, (3, 3), (3, 4)),
    (9, 7, (4, 2), (4, 3)),
];

fn hardest_starts(c: &mut Criterion) {
    let mut group = c.benchmark_group("footholds/hardest-starts");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(8));
    for (rows, cols, a, b) in HARDEST_STARTS {
        let game = full_board(rows, cols, a, b);
        let id = format!("{rows}x{cols}/{},{}-{},{}", a.0, a.1, b.0, b.1);
        group.bench_with_input(BenchmarkId::new("fast", id), &game, |bench, g| {
            bench.iter(|| search::solve(black_box(g)))
        });
    }
    group.finish();
}

/// Full boards from the centre start, side 3 to 8: the naive minimax up to
/// 6 × 6, the fast solver throughout. The parameter is the side, a number,
/// so that criterion draws both as lines over it (lines.svg).
fn centre_by_side(c: &mut Criterion) {
    let mut group = c.benchmark_group("footholds/full-centre-by-side");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(3));
    for side in 3..=8 {
        let game = full_centre(side);
        if side <= 6 {
            group.bench_with_input(BenchmarkId::new("naive", side), &game, |b, g| {
                b.iter(|| naive::solve(black_box(g)))
            });
        }
        group.bench_with_input(BenchmarkId::new("fast", side), &game, |b, g| {
            b.iter(|| search::solve(black_box(g)))
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    full_boards,
    random_boards,
    hardest_starts,
    centre_by_side
);
criterion_main!(benches);
