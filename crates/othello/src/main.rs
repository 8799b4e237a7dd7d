//! `othello`: the judge's input in, the judge's output out (see `othello --help`).

fn main() -> std::process::ExitCode {
    cli::run::main(&othello::contract::Contract)
}
