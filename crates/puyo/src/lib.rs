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
//! Approach: fields whose stacks (the rows from the bottom up to the highest
//! puyo) have at most 128 cells, the judge's 12 × 6 among them, use
//! [`bitboard`]: a word per colour (`u64` when the stacks fit in 64 cells,
//! else `u128`), groups by flood fill with shifts, falling by deleting the
//! emptied cells from each column's bits; O(1) word operations per flood
//! step. Larger fields use [`columns`]: the field column by column, and
//! the puyos that pop found without any flood fill, by a rule on each
//! cell's neighbourhood up to three steps away (a group of at most three
//! puyos is a shape small enough to be seen there); each round looks only
//! within three steps of what changed, in a few passes that run as vector
//! instructions, so each chain costs time in proportion to the cells it
//! changed, not to H·W. [`naive`] flood-fills the whole field each round,
//! O(H·W) per chain, and is the reference.
//!
//! The pipeline is [`parse()`] → [`chain_count`] → [`format_answer`], each a
//! pure function, in [`judge`]. What only the tools and the binary use (the
//! contract, the validator, the generators, the replay page) is built with
//! the `contract` feature, and never bundled.

pub mod bitboard;
pub mod columns;
#[cfg(feature = "contract")]
pub mod contract;
pub mod explain;
pub mod field;
#[cfg(feature = "contract")]
pub mod generate;
pub mod naive;
pub mod parse;
#[cfg(feature = "contract")]
pub mod replay;
pub mod rules;
#[cfg(feature = "contract")]
pub mod validate;

pub use crate::field::Field;
pub use crate::parse::{parse, Floating};

/// The number of chains the field sets off.
pub fn chain_count(field: &Field) -> usize {
    bitboard::chain_count(field).unwrap_or_else(|| columns::chain_count(field))
}

/// Judge mode: the judge's input in, the judge's output out.
pub fn judge(input: &[u8]) -> Result<String, grid::InputError> {
    answer(input, Floating::Reject)
}

/// The output for `input`, with floating puyos treated as `floating` says.
///
/// A large field's chain runs under [`columns::WORK_LIMIT`]: one that
/// needs more (about five seconds) is an error, never a guess.
pub fn answer(input: &[u8], floating: Floating) -> Result<String, grid::InputError> {
    let field = parse(input, floating)?;
    let chains = match bitboard::chain_count(&field) {
        Some(chains) => chains,
        None => columns::chain_count_within(field, columns::WORK_LIMIT.amount).map_err(|stop| {
            columns::WORK_LIMIT.exceeded(
                "this field's chain",
                &format!(
                    "{} chains were counted before it stopped",
                    stop.chains_so_far
                ),
            )
        })?,
    };
    Ok(format_answer(chains))
}

/// The judge's output: the number of chains on one line.
pub fn format_answer(chains: usize) -> String {
    format!("{chains}\n")
}

/// What the unit tests of the three solvers share.
#[cfg(test)]
mod testing {
    use crate::{parse, Field, Floating};

    /// A settled field from its rows.
    pub fn field(text: &str) -> Field {
        parse(text.as_bytes(), Floating::Reject).unwrap()
    }

    /// The judge's sample field: three chains.
    pub fn sample() -> Field {
        field(&("......\n".repeat(8) + ".Y....\n.YG...\nRRYG..\nRRYGG.\n"))
    }
}
