//! Baekjoon 11559 "Puyo Puyo": in a settled field, every group of four or
//! more same-coloured puyos connected up, down, left or right pops at once,
//! the rest fall, and this repeats; count the rounds (chains).
//!
//! Judge: <https://www.acmicpc.net/problem/11559>
//!
//! Beyond the judge: fields of any height and width, colours `A`–`Z` but
//! `O`, and garbage puyos `O` as in the real game (they never group, and are
//! cleared when a neighbour pops).
//!
//! Approach: [`naive`] flood-fills the whole field each round, pops, and lets
//! every column fall: O(H·W) per chain.
//!
//! The pipeline is [`parse`] → [`chain_count`] → [`format_answer`], each a
//! pure function; `main.rs` only wires stdin, stdout, flags and exit codes.

pub mod field;
pub mod naive;
pub mod parse;

pub use crate::field::Field;
pub use crate::parse::{parse, Floating};

/// The number of chains the field sets off.
pub fn chain_count(field: &Field) -> usize {
    naive::chain_count(field)
}

/// The judge's output: the number of chains on one line.
pub fn format_answer(chains: usize) -> String {
    format!("{chains}\n")
}
