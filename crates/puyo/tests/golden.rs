//! Runs the real `puyo` binary on every case under `inputs/puyo/`.

fn main() {
    golden::main(env!("CARGO_BIN_EXE_puyo"), "puyo");
}
