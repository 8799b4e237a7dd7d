#!/usr/bin/env bash
# Fuzzes every binary's parse-and-solve path for SECONDS each (default 60),
# seeded with the golden inputs. Needs a nightly toolchain and cargo-fuzz
# (`cargo install cargo-fuzz`). Inputs that crash land in
# fuzz/artifacts/<target>/; turn each into a golden case under inputs/.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
seconds="${1:-60}"
targets=(game2048 footholds othello puyo)
for target in "${targets[@]}"; do
  corpus="corpus/$target"
  mkdir -p "$corpus"
  # Seed with every golden input (answers and errors) of this binary.
  for case in ../inputs/"$target"/*.in ../inputs/"$target"/errors/*.in; do
    [ -e "$case" ] || continue
    if [ "$target" = game2048 ]; then
      # The target's first byte picks the flags: seed with 5 moves.
      { printf '\x05'; cat "$case"; } > "$corpus/seed-$(basename "$case")"
    else
      cp "$case" "$corpus/seed-$(basename "$case")"
    fi
  done
  echo "== fuzzing $target for ${seconds}s"
  cargo +nightly fuzz run "$target" "$corpus" -- \
    -max_total_time="$seconds" -timeout=20 -max_len=4096 -print_final_stats=1
done
