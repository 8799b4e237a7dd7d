//! Runs the real `game2048-hard` binary on every case under `inputs/game2048-hard/`.

fn main() {
    golden::main(env!("CARGO_BIN_EXE_game2048-hard"), "game2048-hard");
}
