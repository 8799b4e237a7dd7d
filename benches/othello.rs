//! Othello replay: 10,000 fixed-seed random legal 8 × 8 games replayed by
//! the bitboard and by the naive array board, and a whole input of 100,000
//! games parsed, replayed and answered in one pass, beside its floors: the
//! input read with no game logic, and its moves applied unchecked.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use grid_games::othello_games::{random_game, to_input};
use grid_games::SplitMix64;
use othello::bitboard::Board;
use othello::game::Case;
use othello::naive;
use std::hint::black_box;
use std::time::Duration;

fn games(count: usize, seed: u64) -> Vec<Case> {
    let mut rng = SplitMix64::new(seed);
    (0..count).map(|_| random_game(8, 60, &mut rng)).collect()
}

fn replay(c: &mut Criterion) {
    let games = games(10_000, 4615);
    let mut group = c.benchmark_group("othello/replay-10000-games");
    group.throughput(Throughput::Elements(games.len() as u64));
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    group.bench_function("naive", |b| {
        b.iter(|| {
            for game in black_box(&games) {
                black_box(naive::replay(game).unwrap());
            }
        })
    });
    group.bench_function("bitboard", |b| {
        b.iter(|| {
            for game in black_box(&games) {
                let mut board = Board::start(game.side);
                for &mv in &game.moves {
                    board.play(mv).unwrap();
                }
                black_box(board.count());
            }
        })
    });
    group.finish();
}

fn whole_input(c: &mut Criterion) {
    let input = to_input(&games(100_000, 4616));
    let mut group = c.benchmark_group("othello/whole-input-100000-games");
    group.throughput(Throughput::Bytes(input.len() as u64));
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    group.bench_function("run", |b| {
        b.iter(|| othello::run(black_box(input.as_bytes())).unwrap())
    });
    group.bench_function("ascii-check-only", |b| {
        b.iter(|| {
            grid::input::ascii_text(black_box(input.as_bytes()))
                .unwrap()
                .len()
        })
    });
    // The floors (docs/benchmarks.md): the input read with no game logic,
    // and its moves applied with no check.
    group.bench_function("floor/read-only", |b| {
        b.iter(|| othello::floor::read_only(black_box(input.as_bytes())).unwrap())
    });
    group.bench_function("floor/replay-unchecked", |b| {
        b.iter(|| othello::floor::replay_unchecked(black_box(input.as_bytes())).unwrap())
    });
    group.finish();
}

criterion_group!(benches, replay, whole_input);
criterion_main!(benches);
