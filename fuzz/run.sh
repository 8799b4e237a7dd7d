#!/usr/bin/env bash
# fuzz/run.sh [PROBLEM] [SECONDS]
#
# Fuzzes each registered problem (or only PROBLEM) for SECONDS per target
# (default 60), seeded with its golden inputs: its own target when it has
# one (fuzz_targets/PROBLEM.rs, deeper checks), and always the `problem`
# target, which runs any registered problem through its contract. Needs a
# nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz`). Inputs
# that crash land in fuzz/artifacts/<target>/; turn each into a golden case
# under inputs/.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
if [[ "${1:-}" =~ ^[0-9]+$ ]]; then
  only="" seconds="$1"
else
  only="${1:-}" seconds="${2:-60}"
fi
# The registry is the list of problems.
mapfile -t registered < <(cargo run --quiet --manifest-path ../Cargo.toml -p registry --bin registry)
if [ -n "$only" ]; then
  printf '%s\n' "${registered[@]}" | grep -qx "$only" || { echo "error: no problem named $only" >&2; exit 2; }
  registered=("$only")
fi
seed_corpus() { # target problem prefix-byte
  local corpus="corpus/$1-$2"
  mkdir -p "$corpus"
  for case in ../inputs/"$2"/*.in ../inputs/"$2"/errors/*.in ../inputs/"$2"/flags/*.in; do
    [ -e "$case" ] || continue
    if [ -n "$3" ]; then
      { printf "$3"; cat "$case"; } > "$corpus/seed-$(basename "$case")"
    else
      cp "$case" "$corpus/seed-$(basename "$case")"
    fi
  done
  echo "$corpus"
}
fuzz() { # target corpus
  echo "== fuzzing $1 ($2) for ${seconds}s"
  cargo +nightly fuzz run "$1" "$2" -- \
    -max_total_time="$seconds" -timeout=20 -max_len=4096 -print_final_stats=1
}
for problem in "${registered[@]}"; do
  if [ -f "fuzz_targets/$problem.rs" ]; then
    # game2048's first byte picks the flags: seed with 5 moves.
    prefix=""; [ "$problem" = game2048 ] && prefix='\x05'
    fuzz "$problem" "$(seed_corpus "$problem" "$problem" "$prefix")"
  fi
  FUZZ_PROBLEM="$problem" fuzz problem "$(seed_corpus problem "$problem" "")"
done
