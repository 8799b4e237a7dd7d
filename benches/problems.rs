//! Every problem in the registry, the fast answer beside the reference's,
//! on the contract's own judge-valid generated inputs of sizes 1 to 3 (the same inputs
//! for both). A problem added with `cargo new-problem` is measured here
//! from its first build; its own detailed benchmarks can follow in a file
//! beside this one.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use problem_kit::Space;
use std::hint::black_box;
use std::time::Duration;

fn every_problem(c: &mut Criterion) {
    for problem in registry::ALL {
        let info = problem.info();
        let options = problem.defaults();
        let mut group = c.benchmark_group(format!("registry/{}", info.name));
        group
            .sample_size(10)
            .measurement_time(Duration::from_secs(2));
        for size in 1..=3 {
            // Eight inputs per size, so one lucky input does not decide.
            let inputs: Vec<String> = (0..8)
                .map(|seed| problem.generate(seed, size, Space::Judge))
                .collect();
            group.bench_with_input(BenchmarkId::new("naive", size), &inputs, |b, inputs| {
                b.iter(|| {
                    for input in inputs {
                        let _ = black_box(problem.naive(black_box(input.as_bytes()), &options));
                    }
                })
            });
            group.bench_with_input(BenchmarkId::new("fast", size), &inputs, |b, inputs| {
                b.iter(|| {
                    for input in inputs {
                        let _ = black_box(problem.answer(black_box(input.as_bytes()), &options));
                    }
                })
            });
        }
        group.finish();
    }
}

criterion_group!(benches, every_problem);
criterion_main!(benches);
