#!/usr/bin/env bash
# Proves `cargo new-problem`: in a scratch copy of the workspace (its
# tracked files, with git), it adds a problem, then checks that the new
# crate builds, is clippy-clean, passes its tests (golden and property),
# bundles, and that the bundle compiled with plain rustc answers the
# sample. It also counts the existing files the command edited (at most 2:
# the registry and the README's problem table). Cargo adds the crate to
# Cargo.lock when the command checks that the workspace compiles with it,
# as for any new crate: that file is cargo's, not the command's.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
name=scratch-problem
cd "$root"
git ls-files -z | xargs -0 cp --parents -t "$scratch"
cd "$scratch"
git init -q && git add -A && git -c user.name=ci -c user.email=ci@localhost commit -qm base
# A target folder of its own, kept between runs, so crates.io crates are
# built once. Never the workspace's own: the scratch copy's crates have
# the same names, and their builds would be taken for the workspace's.
export CARGO_TARGET_DIR="$root/target/new-problem-check"
cargo new-problem "$name" --judge "Baekjoon 1" --title "Scratch" --link "https://www.acmicpc.net/problem/1"
edited=$(git diff --name-only -- . ':!Cargo.lock' | wc -l)
echo "existing files edited: $edited ($(git diff --name-only -- . ':!Cargo.lock' | tr '\n' ' '))"
[ "$edited" -le 2 ] || { echo "error: cargo new-problem edited $edited existing files, more than 2" >&2; exit 1; }
cargo fmt --all --check
cargo clippy -p "$name" --all-targets -- -D warnings 2>&1 | tail -n 2
cargo test -p "$name" 2>&1 | grep -E '^test result|FAILED|panicked'
# The registry-driven property test covers the new problem too.
cargo test --test suite registry 2>&1 | grep -E '^test result|FAILED|panicked'
cargo bundle "$name" --out "$scratch/bundle"
rustc --edition 2021 -O -o "$scratch/bundle/$name" "$scratch/bundle/$name.rs"
got=$("$scratch/bundle/$name" < "inputs/$name/sample-1.in")
want=$(cat "inputs/$name/sample-1.out")
[ "$got" = "$want" ] || { echo "error: the bundle printed $got, expected $want" >&2; exit 1; }
echo "new-problem: 1 passed, 0 failed"
