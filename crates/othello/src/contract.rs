//! The problem contract: how the command line, the registry and the tools
//! see this problem. Never bundled (it uses the `cli` crate).

use std::io::Write;

use cli::{Info, Limits, Options, Problem, SplitMix64};
use grid::InputError;

use crate::bitboard::Board;
use crate::game::{Case, Move, Stone};

/// SWEA 4615, as the registry lists it.
pub struct Contract;

/// What SWEA 4615 looks like to the command line.
pub static INFO: Info = Info {
    name: "othello",
    title: "재미있는 오셀로 게임 (a fun game of Othello)",
    judge: "SWEA 4615",
    link: "https://swexpertacademy.com/main/code/problem/problemDetail.do?contestProbId=AWQmA4uK8ygDFAXj",
    summary: "Reads T test cases of Othello moves (a line `N M`, then M lines `x y color`,\n\
              color 1 black and 2 white) and prints `#t black white` for each: the stone\n\
              counts after replaying the moves.",
    flags: &[],
    // SWEA shows no limits for 4615 without an account; its usual ones are
    // 10 s (C++) for all of a file's cases and 256 MB. Our documented
    // default: a tenth of that time per input file, and 256 MB.
    limits: Limits {
        time_ms: 1000,
        memory_mib: 256,
    },
    accepts_rust: false,
};

/// A random legal game on a `side × side` board (`side <= 8`), played
/// until neither player can move or `max_moves` moves are made. A player
/// with no legal move passes, so one colour may move twice in a row.
pub fn random_game(side: usize, max_moves: usize, rng: &mut SplitMix64) -> Case {
    let mut board = Board::start(side);
    let mut stone = Stone::Black;
    let mut moves = Vec::new();
    while moves.len() < max_moves {
        let mut legal = board.legal_moves(stone);
        if legal == 0 {
            stone = stone.opponent();
            legal = board.legal_moves(stone);
            if legal == 0 {
                break;
            }
        }
        let pick = rng.below(u64::from(legal.count_ones())) as u32;
        let mut cell = legal;
        for _ in 0..pick {
            cell &= cell - 1;
        }
        let index = cell.trailing_zeros() as usize;
        let mv = Move {
            row: index / 8,
            col: index % 8,
            stone,
            line: 0,
        };
        board.play(mv).expect("a legal move");
        moves.push(mv);
        stone = stone.opponent();
    }
    Case { side, moves }
}

/// Cases in the judge's input format.
pub fn to_input(cases: &[Case]) -> String {
    let mut out = format!("{}\n", cases.len());
    for case in cases {
        out.push_str(&format!("{} {}\n", case.side, case.moves.len()));
        for mv in &case.moves {
            let colour = if mv.stone == Stone::Black { 1 } else { 2 };
            out.push_str(&format!("{} {} {colour}\n", mv.col + 1, mv.row + 1));
        }
    }
    out
}

impl Problem for Contract {
    fn info(&self) -> &'static Info {
        &INFO
    }

    fn judge(&self, input: &[u8]) -> Result<String, InputError> {
        crate::judge(input)
    }

    fn naive(&self, input: &[u8], _options: &Options) -> Result<String, InputError> {
        let cases = crate::parse(input)?;
        Ok(crate::format_answers(&crate::solve(&cases)?))
    }

    fn explain(
        &self,
        input: &[u8],
        _options: &Options,
        out: &mut dyn Write,
    ) -> std::io::Result<()> {
        crate::explain::explain(input, out)
    }

    fn replay(&self, input: &[u8], _options: &Options) -> cli::Replay {
        let title = INFO.heading();
        crate::replay::replay(input, &title)
    }

    /// `size` cases (at least one) of random legal games on boards of side
    /// 4, 6 or 8, each up to 60 moves long.
    fn generate(&self, seed: u64, size: usize) -> String {
        let mut rng = SplitMix64::new(seed);
        let cases: Vec<Case> = (0..size.max(1))
            .map(|_| {
                let side = [4, 6, 8][rng.below(3) as usize];
                let moves = rng.below(61) as usize;
                random_game(side, moves, &mut rng)
            })
            .collect();
        to_input(&cases)
    }
}
