//! `footholds`: the judge's input in, the judge's output out (see `footholds --help`).

fn main() -> std::process::ExitCode {
    cli::run::main(&footholds::contract::Contract)
}
