//! Runs the real `othello` binary on every case under `inputs/othello/`.

fn main() {
    golden::main(env!("CARGO_BIN_EXE_othello"), "othello");
}
