//! `game2048-hard`: the judge's input in, the judge's output out (see `game2048-hard --help`).

fn main() -> std::process::ExitCode {
    cli::run::main(&game2048_hard::contract::Contract)
}
