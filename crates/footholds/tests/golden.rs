//! Runs the real `footholds` binary on every case under `inputs/footholds/`.

fn main() {
    golden::main(env!("CARGO_BIN_EXE_footholds"), "footholds");
}
