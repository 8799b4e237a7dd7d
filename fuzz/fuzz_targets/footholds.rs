//! Any bytes through the footholds parse-and-solve path, and `--explain`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    match footholds::judge(data) {
        Ok(output) => {
            let games = footholds::parse(data).expect("answered input parses");
            assert_eq!(output.lines().count(), games.len());
            // As `--explain` draws them: one line each under a shared budget.
            let lines = footholds::lines(&games, games.len());
            for (game, line) in games.iter().zip(&lines) {
                footholds::explain::explain(game, line.as_ref(), &mut std::io::sink())
                    .expect("a sink takes anything");
            }
        }
        Err(error) => assert!(!error.to_string().contains('\n')),
    }
});
