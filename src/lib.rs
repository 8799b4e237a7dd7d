//! Support shared by the top-level property tests and benchmarks: seeded
//! generators (on `problem-kit`'s SplitMix64), so that every benchmark input is the
//! same on every run and machine. The generators each problem's contract
//! already has (`cargo gen` uses those) are re-exported, not repeated.

pub use problem_kit::SplitMix64;

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

    /// A full `rows × cols` board with A on `a` and B on `b`, each a
    /// `(row, col)`.
    pub fn full_board(rows: usize, cols: usize, a: (usize, usize), b: (usize, usize)) -> Game {
        let cell = |(row, col): (usize, usize)| row * cols + col;
        Game::new(rows, cols, vec![true; rows * cols], cell(a), cell(b))
    }

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

    pub use othello::generate::{random_game, to_input};
}

/// Random and constructed Puyo fields, for property tests and benchmarks.
pub mod puyo_fields {
    use super::SplitMix64;
    use grid::Grid;
    use puyo::Field;

    pub use puyo::generate::{random_settled, COLOURS};

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
