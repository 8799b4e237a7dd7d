//! Writes an input of N random legal 8 × 8 games (default 100,000) to stdout.
fn main() {
    let count: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000);
    let mut rng = grid_games::SplitMix64::new(4616);
    let games: Vec<_> = (0..count)
        .map(|_| grid_games::othello_games::random_game(8, 60, &mut rng))
        .collect();
    print!("{}", grid_games::othello_games::to_input(&games));
}
