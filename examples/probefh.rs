use grid_games::footholds_games::*;
use std::time::Instant;
fn main() {
    for side in 5..=8 {
        for (name, g) in [
            ("corners", full_corners(side)),
            ("centre", full_centre(side)),
        ] {
            let t = Instant::now();
            let r = footholds::search::solve(&g);
            println!("{side}x{side} {name}: fast {r} in {:?}", t.elapsed());
            if side <= 6 {
                let t = Instant::now();
                let r = footholds::naive::solve(&g);
                println!("{side}x{side} {name}: naive {r} in {:?}", t.elapsed());
            }
        }
    }
    for seed in 0..10 {
        let g = random_8x8(seed);
        let t = Instant::now();
        let r = footholds::search::solve(&g);
        println!("random {seed}: fast {r} in {:?}", t.elapsed());
    }
}
