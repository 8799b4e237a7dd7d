//! Runs the real `game2048` binary on every case under `inputs/game2048/`.

fn main() {
    golden::main(env!("CARGO_BIN_EXE_game2048"), "game2048");
}
