//! The 4^K search: the naive solver beside the engine on the same boards.
//!
//! Boards come from `grid_games::game2048_boards` with fixed seeds: `uniform`
//! (0 or 2..1024 with equal chance), `dense` (2 and 4) and `pinned` (2..16
//! with 1024 in two opposite corners, which the bounds can never cut).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use game2048::search::{self, Options};
use grid_games::game2048_boards::{board, Kind};
use std::hint::black_box;
use std::time::Duration;

const SEED: u64 = 12100;

/// The engine without its transposition table, to show what the table buys.
const NO_TABLE: Options = Options {
    table: false,
    work_limit: None,
};

/// Judge work: K = 5 at N = 4, 8, 20, naive and fast side by side.
fn judge(c: &mut Criterion) {
    let mut group = c.benchmark_group("game2048/judge-k5");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(3));
    for side in [4, 8, 20] {
        for (kind, name) in Kind::ALL {
            let b = board(kind, side, SEED);
            let id = format!("{name}/n{side}");
            group.bench_with_input(BenchmarkId::new("naive", &id), &b, |bench, b| {
                bench.iter(|| game2048::naive::solve(black_box(b), 5))
            });
            group.bench_with_input(BenchmarkId::new("fast", &id), &b, |bench, b| {
                bench.iter(|| search::solve(black_box(b), 5))
            });
            group.bench_with_input(BenchmarkId::new("fast-no-table", &id), &b, |bench, b| {
                bench.iter(|| search::search(black_box(b), 5, NO_TABLE).map(|f| f.largest))
            });
        }
    }
    group.finish();
}

/// Depth: N = 20 at K = 8, 10, 12 (naive only at K = 8, where it still
/// finishes in about a second).
fn depth(c: &mut Criterion) {
    let mut group = c.benchmark_group("game2048/depth-n20");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    for moves in [8u32, 10, 12] {
        for (kind, name) in Kind::ALL {
            let b = board(kind, 20, SEED);
            let id = format!("{name}/k{moves}");
            if moves == 8 {
                group.bench_with_input(BenchmarkId::new("naive", &id), &b, |bench, b| {
                    bench.iter(|| game2048::naive::solve(black_box(b), moves))
                });
            }
            group.bench_with_input(BenchmarkId::new("fast", &id), &b, |bench, b| {
                bench.iter(|| search::solve(black_box(b), moves))
            });
            group.bench_with_input(BenchmarkId::new("fast-no-table", &id), &b, |bench, b| {
                bench.iter(|| search::search(black_box(b), moves, NO_TABLE).map(|f| f.largest))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, judge, depth);
criterion_main!(benches);
