//! Any bytes through the footholds parse-and-solve path, and `--explain`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    match footholds::judge(data) {
        Ok(output) => {
            let games = footholds::parse(data).expect("answered input parses");
            assert_eq!(output.lines().count(), games.len());
            for game in &games {
                let _ = footholds::explain::explain(game, footholds::search::WORK_LIMIT, &mut std::io::sink());
            }
        }
        Err(error) => assert!(!error.to_string().contains('\n')),
    }
});
