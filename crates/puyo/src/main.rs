//! `puyo`: the judge's input in, the judge's output out (see `puyo --help`).
//! A C `main`, so that a closed stdout is seen as closed (see
//! `problem_kit::run::c_main`).
#![cfg_attr(not(test), no_main)]

problem_kit::c_main!(puyo::contract::Contract);
