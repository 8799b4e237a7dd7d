//! Any bytes through one registered problem's contract (the problem named
//! by `FUZZ_PROBLEM`, or by the first byte): judge mode answers or gives
//! one error line, equals the answer with default flags, agrees with the
//! reference on small inputs, and the explanation never panics. Every
//! problem in the registry is covered without a target of its own.
#![no_main]

use cli::Options;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (problem, input) = match std::env::var("FUZZ_PROBLEM") {
        Ok(name) => (problems::find(&name).expect("FUZZ_PROBLEM names a registered problem"), data),
        Err(_) => {
            let Some((&pick, rest)) = data.split_first() else {
                return;
            };
            (problems::ALL[usize::from(pick) % problems::ALL.len()], rest)
        }
    };
    let options = Options::defaults(problem.info());
    let judged = problem.judge(input);
    assert_eq!(judged, problem.answer(input, &options));
    match judged {
        Ok(output) => {
            // Small inputs are cheap for every reference solver.
            if input.len() <= 64 {
                if let Ok(reference) = problem.naive(input, &options) {
                    assert_eq!(output, reference);
                }
            }
            problem.explain(input, &options, &mut std::io::sink()).expect("a sink takes anything");
        }
        Err(error) => assert!(!error.to_string().contains('\n')),
    }
});
