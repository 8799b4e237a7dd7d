//! Any bytes through the Othello one-pass replay, the reference replay, and
//! `--explain`: both replays must agree, answer or error.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let fast = othello::judge(data);
    let reference = othello::parse(data).and_then(|cases| {
        let counts = othello::solve(&cases)?;
        Ok((cases, counts))
    });
    match (&fast, reference) {
        (Ok(output), Ok((cases, counts))) => {
            assert_eq!(*output, othello::format_answers(&counts));
            let _ = cases;
            othello::explain::explain(data, &mut std::io::sink()).expect("a sink takes anything");
        }
        // Both fail; the one-pass replay reports the first error in input
        // order, which may come before a later parse error the reference
        // reads first, so only the failure itself must agree.
        (Err(error), Err(_)) => assert!(!error.to_string().contains('\n')),
        (fast, reference) => panic!("the replays disagree: {fast:?} vs {:?}", reference.map(|r| r.1)),
    }
});
