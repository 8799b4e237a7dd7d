use grid_games::game2048_boards::{board, Kind};
use std::time::Instant;
fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap())
        .collect();
    let (n, k) = (args[0], args[1] as u32);
    for (kind, name) in Kind::ALL {
        let b = board(kind, n, 12100);
        let t = Instant::now();
        let r = game2048::search::solve(&b, k);
        println!("n{n} k{k} {name}: {r} in {:?}", t.elapsed());
    }
}
