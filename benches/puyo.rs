//! Puyo chains: the judge's 12 × 6 (the sample and 1,000 fixed-seed random
//! settled fields) by the bitboard beside the naive solver; a 1,000 × 1,000
//! random field; and a 201-chain column whose field grows 2×, 4×, 8× wider
//! while the chain stays the same, where the time should stay flat.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use grid_games::puyo_fields::{column_chain, random_full, random_settled};
use grid_games::SplitMix64;
use puyo::{bitboard, columns, naive, Field, Floating};
use std::hint::black_box;
use std::time::Duration;

fn judge(c: &mut Criterion) {
    let sample = puyo::parse(
        (String::from("......\n").repeat(8) + ".Y....\n.YG...\nRRYG..\nRRYGG.\n").as_bytes(),
        Floating::Reject,
    )
    .unwrap();
    let mut rng = SplitMix64::new(11559);
    let fields: Vec<Field> = (0..1000)
        .map(|i| random_settled(12, 6, 2 + i % 3, 0, &mut rng))
        .collect();
    let mut group = c.benchmark_group("puyo/judge-12x6");
    group.bench_function("sample/naive", |b| {
        b.iter(|| naive::chain_count(black_box(&sample)))
    });
    group.bench_function("sample/bitboard", |b| {
        b.iter(|| bitboard::chain_count(black_box(&sample)))
    });
    group.throughput(Throughput::Elements(fields.len() as u64));
    group.bench_function("random-1000/naive", |b| {
        b.iter(|| {
            fields
                .iter()
                .map(|f| naive::chain_count(black_box(f)))
                .sum::<usize>()
        })
    });
    group.bench_function("random-1000/bitboard", |b| {
        b.iter(|| {
            fields
                .iter()
                .map(|f| bitboard::chain_count(black_box(f)).unwrap_or(0))
                .sum::<usize>()
        })
    });
    group.bench_function("random-1000/columns", |b| {
        b.iter(|| {
            fields
                .iter()
                .map(|f| columns::chain_count(black_box(f)))
                .sum::<usize>()
        })
    });
    group.finish();
}

fn large(c: &mut Criterion) {
    let field = random_full(1000, 1000, 4, &mut SplitMix64::new(1000));
    let mut group = c.benchmark_group("puyo/large");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    group.bench_function("random-1000x1000/columns", |b| {
        b.iter(|| columns::chain_count(black_box(&field)))
    });
    group.bench_function("random-1000x1000/naive", |b| {
        b.iter(|| naive::chain_count(black_box(&field)))
    });
    // The floor (docs/benchmarks.md): the input read into a field with no
    // game logic; and the whole answer from the same bytes.
    let text = puyo::field::field_to_string(&field);
    group.bench_function("random-1000x1000/floor-parse", |b| {
        b.iter(|| puyo::parse(black_box(text.as_bytes()), Floating::Reject).unwrap())
    });
    group.bench_function("random-1000x1000/answer", |b| {
        b.iter(|| puyo::judge(black_box(text.as_bytes())).unwrap())
    });
    group.finish();

    // The parameter is the field's width in columns, a number, so that
    // criterion draws the two engines as lines over it (lines.svg).
    let mut group = c.benchmark_group("puyo/growing-field-201-chains");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(3));
    for scale in [1usize, 2, 4, 8] {
        // 8 columns at scale 1: the chain column and 7 filler columns.
        let field = column_chain(200, 8 * scale - 1);
        group.bench_with_input(BenchmarkId::new("columns", 8 * scale), &field, |b, f| {
            b.iter(|| columns::chain_count(black_box(f)))
        });
        group.bench_with_input(BenchmarkId::new("naive", 8 * scale), &field, |b, f| {
            b.iter(|| naive::chain_count(black_box(f)))
        });
    }
    group.finish();
}

criterion_group!(benches, judge, large);
criterion_main!(benches);
