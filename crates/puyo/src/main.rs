//! `puyo`: the judge's input in, the judge's output out (see `puyo --help`).

fn main() -> std::process::ExitCode {
    cli::run::main(&puyo::contract::Contract)
}
