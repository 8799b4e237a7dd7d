//! Any bytes through game2048's parse-and-solve path, with and without
//! `--moves` and `--explain`: an answer or one clear error, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The first byte picks the flags: moves 0..=7 (deeper searches only make
    // each run slower, not different in kind) and whether to explain.
    let Some((&flags, input)) = data.split_first() else {
        return;
    };
    let moves = u32::from(flags & 7);
    if let Ok(output) = game2048::answer(input, moves) {
        assert!(output.ends_with('\n') && output.lines().count() == 1);
        if flags & 0x80 != 0 {
            let board = game2048::parse(input).expect("answered input parses");
            game2048::explain::explain(&board, moves, &mut std::io::sink()).expect("a sink takes anything");
        }
    }
    if let Err(error) = game2048::judge(input) {
        assert!(!error.to_string().contains('\n'));
    }
});
