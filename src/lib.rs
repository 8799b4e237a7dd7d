//! Support shared by the top-level property tests and benchmarks: a small
//! seeded random generator, so that every benchmark input is the same on
//! every run and machine.

/// SplitMix64: a tiny, well-mixed, seedable generator (Steele, Lea and Flood,
/// 2014). Benchmarks need fixed inputs, not cryptographic quality.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator with the given seed.
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (`bound > 0`).
    pub fn below(&mut self, bound: u64) -> u64 {
        // Multiply-shift maps 64 random bits onto the range with negligible bias.
        ((u128::from(self.next_u64()) * u128::from(bound)) >> 64) as u64
    }

    /// True with probability `numerator / denominator`.
    pub fn chance(&mut self, numerator: u64, denominator: u64) -> bool {
        self.below(denominator) < numerator
    }
}

/// Fixed-seed 2048 boards for benchmarks.
pub mod game2048_boards {
    use super::SplitMix64;
    use game2048::Board;
    use grid::Grid;

    /// The kinds of benchmark board.
    #[derive(Clone, Copy, Debug)]
    pub enum Kind {
        /// Each cell 0 or 2^1 ..= 2^10, with equal chance.
        Uniform,
        /// Every cell 2 or 4.
        Dense,
        /// Cells from 2, 4, 8, 16, with 1024 in two opposite corners, so the
        /// bounds always allow a 2048 that the search must disprove or find.
        Pinned,
    }

    impl Kind {
        /// All kinds, with their names.
        pub const ALL: [(Kind, &'static str); 3] = [
            (Kind::Uniform, "uniform"),
            (Kind::Dense, "dense"),
            (Kind::Pinned, "pinned"),
        ];
    }

    /// A `side × side` board of the given kind.
    pub fn board(kind: Kind, side: usize, seed: u64) -> Board {
        let mut rng = SplitMix64::new(seed);
        let mut cells: Vec<u64> = (0..side * side)
            .map(|_| match kind {
                Kind::Uniform => match rng.below(11) {
                    0 => 0,
                    e => 1 << e,
                },
                Kind::Dense => 2 << rng.below(2),
                Kind::Pinned => 2 << rng.below(4),
            })
            .collect();
        if let Kind::Pinned = kind {
            cells[0] = 1024;
            cells[side * side - 1] = 1024;
        }
        Grid::from_vec(side, side, cells).expect("side * side cells")
    }
}

/// Benchmark positions for the footholds game.
pub mod footholds_games {
    use super::SplitMix64;
    use footholds::game::Game;

    /// A full `side × side` board with the players at opposite corners.
    pub fn full_corners(side: usize) -> Game {
        Game::new(side, side, vec![true; side * side], 0, side * side - 1)
    }

    /// A full `side × side` board with the players side by side in the centre,
    /// at `[side/2 − 1, side/2 − 1]` and `[side/2 − 1, side/2]`.
    pub fn full_centre(side: usize) -> Game {
        let row = side / 2 - 1;
        Game::new(
            side,
            side,
            vec![true; side * side],
            row * side + side / 2 - 1,
            row * side + side / 2,
        )
    }

    /// An 8 × 8 board with about 20% holes and random distinct starts.
    pub fn random_8x8(seed: u64) -> Game {
        let mut rng = SplitMix64::new(seed);
        let mut cells: Vec<bool> = (0..64).map(|_| !rng.chance(1, 5)).collect();
        let a = rng.below(64) as usize;
        let mut b = rng.below(64) as usize;
        while b == a {
            b = rng.below(64) as usize;
        }
        cells[a] = true;
        cells[b] = true;
        Game::new(8, 8, cells, a, b)
    }
}

/// Random legal Othello games, for property tests and benchmarks.
pub mod othello_games {
    use super::SplitMix64;
    use othello::bitboard::Board;
    use othello::game::{Case, Move, Stone};

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

    /// Writes cases in the judge's input format.
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
}

/// Random and constructed Puyo fields, for property tests and benchmarks.
pub mod puyo_fields {
    use super::SplitMix64;
    use grid::Grid;
    use puyo::Field;

    /// The colours used, in order; a palette of `k` colours is the first `k`.
    pub const COLOURS: [u8; 6] = *b"RGBYPA";

    /// A random settled `height × width` field: each column gets a random
    /// height, and each puyo a colour from the first `palette` colours, or
    /// garbage with probability `garbage_percent`%.
    pub fn random_settled(
        height: usize,
        width: usize,
        palette: usize,
        garbage_percent: u64,
        rng: &mut SplitMix64,
    ) -> Field {
        let mut field = Grid::new(height, width, b'.');
        for col in 0..width {
            let filled = rng.below(height as u64 + 1) as usize;
            for k in 0..filled {
                let cell = if rng.chance(garbage_percent, 100) {
                    b'O'
                } else {
                    COLOURS[rng.below(palette as u64) as usize]
                };
                field[(height - 1 - k, col)] = cell;
            }
        }
        field
    }

    /// A full `height × width` field of random colours from the first
    /// `palette` colours.
    pub fn random_full(height: usize, width: usize, palette: usize, rng: &mut SplitMix64) -> Field {
        let cells = (0..height * width)
            .map(|_| COLOURS[rng.below(palette as u64) as usize])
            .collect();
        Grid::from_vec(height, width, cells).expect("height * width cells")
    }

    /// A one-column chain of `links + 1` chains, beside `filler` columns that
    /// never pop (a checkerboard of two colours the chain does not use).
    ///
    /// The chain column, bottom up: singles `c_L … c_1`, then four `c_0`,
    /// then triples `c_1 … c_L`. The four pop; each triple then lands on its
    /// single and pops in turn. Consecutive colours differ, so nothing else
    /// ever groups. Height `4·links + 4`.
    pub fn column_chain(links: usize, filler: usize) -> Field {
        let colour = |k: usize| b"RGBY"[k % 4];
        let mut column = Vec::new();
        for k in (1..=links).rev() {
            column.push(colour(k));
        }
        column.extend([colour(0); 4]);
        for k in 1..=links {
            column.extend([colour(k); 3]);
        }
        let height = column.len();
        let width = 1 + filler;
        let mut field = Grid::new(height, width, b'.');
        for (k, &cell) in column.iter().enumerate() {
            field[(height - 1 - k, 0)] = cell;
        }
        for col in 1..width {
            for row in 0..height {
                field[(row, col)] = if (row + col) % 2 == 0 { b'P' } else { b'A' };
            }
        }
        field
    }
}
