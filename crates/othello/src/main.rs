//! `othello`: the judge's input in, the judge's output out (see `othello --help`).
//! A C `main`, so that a closed stdout is seen as closed (see
//! `cli::run::c_main`).
#![cfg_attr(not(test), no_main)]

cli::c_main!(othello::contract::Contract);
