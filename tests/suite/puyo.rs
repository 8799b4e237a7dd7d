//! Property tests for `puyo`: both fast engines agree with the naive solver
//! on random settled fields, and chains keep the game's invariants.

use grid_games::puyo_fields::{column_chain, random_settled};
use grid_games::SplitMix64;
use proptest::prelude::*;

use crate::util::config;
use puyo::field::{field_to_string, is_colour, EMPTY, GARBAGE};
use puyo::naive;
use puyo::rules::{fall, POP_SIZE};
use puyo::{bitboard, columns, Field};

/// A random settled field: the judge's 12 × 6 half the time, else any size
/// up to 20 × 20; 2 to 5 colours; with or without garbage.
fn fields() -> impl Strategy<Value = Field> {
    (
        prop_oneof![Just((12usize, 6usize)), (1usize..=20, 1usize..=20)],
        2usize..=5,
        prop_oneof![Just(0u64), 1u64..=20],
        any::<u64>(),
    )
        .prop_map(|((height, width), palette, garbage, seed)| {
            random_settled(height, width, palette, garbage, &mut SplitMix64::new(seed))
        })
}

fn is_settled(field: &Field) -> bool {
    (0..field.cols()).all(|col| {
        // Top to bottom, once a puyo is seen no empty cell may follow.
        let mut seen = false;
        (0..field.rows()).all(|row| {
            let empty = field[(row, col)] == EMPTY;
            seen |= !empty;
            !(seen && empty)
        })
    })
}

fn count_of(field: &Field, cell: u8) -> usize {
    field.cells().iter().filter(|&&c| c == cell).count()
}

proptest! {
    #![proptest_config(config(800))]

    #[test]
    fn bitboard_equals_naive(field in fields()) {
        if let Some(chains) = bitboard::chain_count(&field) {
            prop_assert_eq!(chains, naive::chain_count(&field), "on this input:\n{}", field_to_string(&field));
        }
    }

    #[test]
    fn columns_equals_naive(field in fields()) {
        prop_assert_eq!(
            columns::chain_count(&field),
            naive::chain_count(&field),
            "on this input:\n{}", field_to_string(&field)
        );
    }

    #[test]
    fn the_engines_keep_the_same_field_round_by_round(field in fields()) {
        let mut engine = columns::Engine::new(field.clone());
        // Both word sizes, where the stacks fit.
        let mut board = bitboard::Bitboard::new(&field);
        let mut small_board = bitboard::Bitboard::<u64>::build(&field);
        let mut reference = field.clone();
        loop {
            let popped = naive::pop(&mut reference).is_some();
            fall(&mut reference);
            prop_assert_eq!(engine.play_round(), popped);
            prop_assert_eq!(&engine.to_field(), &reference);
            if let Some(b) = board.as_mut() {
                prop_assert_eq!(b.pop(), popped);
                b.fall();
                prop_assert_eq!(&b.to_field(), &reference);
            }
            if let Some(b) = small_board.as_mut() {
                prop_assert_eq!(b.pop(), popped);
                b.fall();
                prop_assert_eq!(&b.to_field(), &reference);
            }
            if !popped {
                break;
            }
        }
    }

    #[test]
    fn chains_keep_the_invariants(field in fields()) {
        let mut current = field.clone();
        loop {
            let before = current.clone();
            let Some(round) = naive::pop(&mut current) else { break };
            for (colour, group) in &round.groups {
                // Each popped group has at least four puyos of one colour.
                prop_assert!(group.len() >= POP_SIZE);
                prop_assert!(is_colour(*colour));
                for &cell in group {
                    prop_assert_eq!(before[cell], *colour);
                    prop_assert_eq!(current[cell], EMPTY);
                }
            }
            for &cell in &round.garbage {
                prop_assert_eq!(before[cell], GARBAGE);
                prop_assert_eq!(current[cell], EMPTY);
            }
            fall(&mut current);
        }
        // The final field is settled, has no group to pop, and only lost puyos.
        prop_assert!(is_settled(&current));
        prop_assert!(naive::pop(&mut current.clone()).is_none());
        for cell in b"RGBYPAO" {
            prop_assert!(count_of(&current, *cell) <= count_of(&field, *cell));
        }
    }
}

#[test]
fn the_constructed_column_chain_has_one_chain_per_link() {
    for links in [1, 2, 5, 40] {
        for filler in [0, 3] {
            let field = column_chain(links, filler);
            assert_eq!(naive::chain_count(&field), links + 1);
            assert_eq!(columns::chain_count(&field), links + 1);
            assert_eq!(puyo::chain_count(&field), links + 1);
        }
    }
}
