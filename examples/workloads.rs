//! Writes the inputs of the whole-process workloads `docs/benchmarks.md`
//! measures into a folder (default `target/workloads`), each the same on
//! every run:
//!
//! - `othello-100000.in`: 100,000 random legal 8 × 8 games (36.5 MB);
//! - `puyo-1000x1000.in`: a full 1,000 × 1,000 field of 4 colours;
//! - `game2048-pinned-20.in`: the pinned N = 20 board of the benchmarks
//!   (run it with `--moves 12`);
//! - `footholds-8x8-centre.in`: the full 8 × 8 board from the centre.
//!
//! `cargo run --release --example workloads [-- DIR]`

use grid_games::game2048_boards::{board, Kind};
use grid_games::puyo_fields::random_full;
use grid_games::SplitMix64;

fn main() -> std::io::Result<()> {
    let dir = std::path::PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "target/workloads".to_string()),
    );
    std::fs::create_dir_all(&dir)?;
    let mut rng = SplitMix64::new(4616);
    let games: Vec<_> = (0..100_000)
        .map(|_| grid_games::othello_games::random_game(8, 60, &mut rng))
        .collect();
    std::fs::write(
        dir.join("othello-100000.in"),
        grid_games::othello_games::to_input(&games),
    )?;
    let field = random_full(1000, 1000, 4, &mut SplitMix64::new(1000));
    std::fs::write(
        dir.join("puyo-1000x1000.in"),
        puyo::field::field_to_string(&field),
    )?;
    std::fs::write(
        dir.join("game2048-pinned-20.in"),
        game2048::generate::board_input(&board(Kind::Pinned, 20, 12100)),
    )?;
    let row = "[1, 1, 1, 1, 1, 1, 1, 1]";
    std::fs::write(
        dir.join("footholds-8x8-centre.in"),
        format!("[{}] [3, 3] [3, 4]\n", [row; 8].join(", ")),
    )?;
    println!("wrote the workloads to {}", dir.display());
    Ok(())
}
