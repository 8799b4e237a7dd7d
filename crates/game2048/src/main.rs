//! `game2048`: the judge's input in, the judge's output out (see `game2048 --help`).

fn main() -> std::process::ExitCode {
    cli::run::main(&game2048::contract::Contract)
}
