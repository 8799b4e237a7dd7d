//! The reference solver: flood-fill the whole field each round, pop, fall.
//!
//! Each round finds every group with a plain flood fill, pops those of four
//! or more (with the garbage next to them), and lets every column fall:
//! O(H·W) per round, O(H·W·chains) in all. It is the usual judge solution.

use grid::components::components;
use grid::dir::neighbours4;

use crate::field::{is_colour, Field, EMPTY, GARBAGE};
use crate::rules::{fall, POP_SIZE};

/// What popped in one round of a chain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    /// Each popped group: its colour and its cells `(row, col)`, sorted.
    pub groups: Vec<(u8, Vec<(usize, usize)>)>,
    /// The garbage puyos cleared, sorted.
    pub garbage: Vec<(usize, usize)>,
}

/// Pops every group of [`POP_SIZE`] or more and the garbage next to them.
/// Returns `None` (and leaves the field alone) when nothing pops.
pub fn pop(field: &mut Field) -> Option<Round> {
    let mut groups: Vec<(u8, Vec<(usize, usize)>)> =
        components(field, |&c| is_colour(c), |a, b| a == b)
            .into_iter()
            .filter(|group| group.len() >= POP_SIZE)
            .map(|mut group| {
                group.sort_unstable();
                (field[group[0]], group)
            })
            .collect();
    if groups.is_empty() {
        return None;
    }
    groups.sort_by(|a, b| a.1[0].cmp(&b.1[0]));
    let (rows, cols) = (field.rows(), field.cols());
    let mut garbage = Vec::new();
    for (_, group) in &groups {
        for &cell in group {
            for next in neighbours4(cell, rows, cols) {
                if field[next] == GARBAGE {
                    garbage.push(next);
                }
            }
        }
    }
    garbage.sort_unstable();
    garbage.dedup();
    for (_, group) in &groups {
        for &cell in group {
            field[cell] = EMPTY;
        }
    }
    for &cell in &garbage {
        field[cell] = EMPTY;
    }
    Some(Round { groups, garbage })
}

/// The rounds of the chain, in order, and the settled field at the end.
pub fn chain(field: &Field) -> (Vec<Round>, Field) {
    let mut field = field.clone();
    let mut rounds = Vec::new();
    while let Some(round) = pop(&mut field) {
        fall(&mut field);
        rounds.push(round);
    }
    (rounds, field)
}

/// The number of chains.
pub fn chain_count(field: &Field) -> usize {
    chain(field).0.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{field, sample};

    #[test]
    fn the_sample_chains_three_times() {
        assert_eq!(chain_count(&sample()), 3);
    }

    #[test]
    fn garbage_next_to_a_pop_is_cleared() {
        // The four R pop and take the three O touching them; the O at the
        // bottom right touches only G and stays.
        let (rounds, end) = chain(&field("O....\nRRRRO\nOGGGO\n"));
        assert_eq!(rounds.len(), 1);
        assert_eq!(rounds[0].garbage, vec![(0, 0), (1, 4), (2, 0)]);
        assert_eq!(end.cells(), b"...........GGGO");
    }

    #[test]
    fn garbage_never_groups() {
        assert_eq!(chain_count(&field("OOOO\nOOOO\n")), 0);
    }
}
