//! The hostile suite's puyo cases: huge fields, floods of newlines, chain
//! columns, a full field at the size limit, and the explanation and page
//! of fields too large to draw.

use crate::{Case, Expect, Memory, Tier, PAGE};

/// The puyo: huge fields, floods of newlines, chain columns, and the explanation and page of fields too large to draw.
pub(crate) fn puyo_cases() -> Vec<Case> {
    use Expect::*;
    vec![
        // 10^8 newlines, then one puyo.
        Case {
            name: "puyo-100m-blank-lines",
            problem: "puyo",
            args: &[],
            input: || {
                let mut text = vec![b'\n'; 100_000_000];
                text.extend_from_slice(b"R\n");
                text
            },
            expect: Answer("0\n"),
            memory: Memory::Twice,
            tier: Tier::Quick,
        },
        Case {
            name: "puyo-explain-3163x3163",
            problem: "puyo",
            args: &["--explain"],
            input: || {
                let mut rng = problem_kit::SplitMix64::new(11559);
                let field = puyo::generate::random_settled(3163, 3163, 4, 0, &mut rng);
                puyo::field::field_to_string(&field).into_bytes()
            },
            expect: AnyAnswer,
            memory: Memory::Twice,
            tier: Tier::Quick,
        },
        Case {
            name: "puyo-replay-64x64-chain-columns",
            problem: "puyo",
            args: &["--replay", PAGE],
            input: || chain_columns(15, 64),
            expect: AnyAnswer,
            memory: Memory::Twice,
            tier: Tier::Quick,
        },
        // Tall chain columns: 278 KB answers; 1.1 MB and 64 MB stop at
        // the work limit.
        Case {
            name: "puyo-chain-columns-4095",
            problem: "puyo",
            args: &[],
            input: || chain_columns(4095, 16),
            expect: Answer("4096\n"),
            memory: Memory::Twice,
            tier: Tier::Slow,
        },
        Case {
            name: "puyo-chain-columns-16383",
            problem: "puyo",
            args: &[],
            input: || chain_columns(16383, 16),
            expect: WorkLimit("work limit"),
            memory: Memory::Twice,
            tier: Tier::Slow,
        },
        Case {
            name: "puyo-chain-columns-64mb",
            problem: "puyo",
            args: &[],
            input: || chain_columns(16383, 1023),
            expect: WorkLimit("work limit"),
            memory: Memory::Twice,
            tier: Tier::Long,
        },
        Case {
            name: "limit-puyo-65536-rows",
            problem: "puyo",
            args: &[],
            input: || empty_field(65_536, 1),
            expect: Answer("0\n"),
            memory: Memory::Twice,
            tier: Tier::Quick,
        },
        Case {
            name: "limit-puyo-65537-rows",
            problem: "puyo",
            args: &[],
            input: || empty_field(65_537, 1),
            expect: Error("at most 65536 rows"),
            memory: Memory::Twice,
            tier: Tier::Quick,
        },
        Case {
            name: "limit-puyo-65537-columns",
            problem: "puyo",
            args: &[],
            input: || empty_field(1, 65_537),
            expect: Error("at most 65536 columns"),
            memory: Memory::Twice,
            tier: Tier::Quick,
        },
        Case {
            name: "limit-puyo-2-to-the-26-cells",
            problem: "puyo",
            args: &[],
            input: || empty_field(65_536, 1024),
            expect: Answer("0\n"),
            memory: Memory::Twice,
            tier: Tier::Quick,
        },
        // A full field at the size limit, and wide chain columns that run
        // long without reaching the work limit.
        Case {
            name: "limit-puyo-2-to-the-26-cells-full",
            problem: "puyo",
            args: &[],
            input: || {
                let mut rng = problem_kit::SplitMix64::new(11559);
                let mut text = Vec::with_capacity(8192 * 8193);
                for _ in 0..8192 {
                    text.extend((0..8192).map(|_| b"RGBY"[rng.below(4) as usize]));
                    text.push(b'\n');
                }
                text
            },
            expect: AnyAnswer,
            memory: Memory::Thrice,
            tier: Tier::Slow,
        },
        Case {
            name: "puyo-wide-chain-columns-500x65536",
            problem: "puyo",
            args: &[],
            input: || chain_columns(124, 65_536),
            expect: Answer("125\n"),
            memory: Memory::Twice,
            tier: Tier::Slow,
        },
        Case {
            name: "limit-puyo-past-2-to-the-26-cells",
            problem: "puyo",
            args: &[],
            input: || empty_field(65_537, 1024),
            expect: Error("cells are accepted"),
            memory: Memory::Twice,
            tier: Tier::Quick,
        },
    ]
}

/// Tall chain columns: `width` columns, every other one a
/// column of `links + 1` chains (4·links + 4 high), between filler columns
/// of two colours that never pop.
fn chain_columns(links: usize, width: usize) -> Vec<u8> {
    let colour = |k: usize| b"RGBY"[k % 4];
    let mut column: Vec<u8> = (1..=links).rev().map(colour).collect();
    column.extend([colour(0); 4]);
    for k in 1..=links {
        column.extend([colour(k); 3]);
    }
    let height = column.len();
    let mut text = Vec::with_capacity(height * (width + 1));
    for r in 0..height {
        for x in 0..width {
            text.push(if x % 2 == 0 {
                column[height - 1 - r]
            } else {
                b"PA"[(r + x) % 2]
            });
        }
        text.push(b'\n');
    }
    text
}

/// An empty puyo field of `height` rows of `width`.
fn empty_field(height: usize, width: usize) -> Vec<u8> {
    let mut row = vec![b'.'; width];
    row.push(b'\n');
    row.repeat(height)
}
