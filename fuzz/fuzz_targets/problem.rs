//! Any bytes through one registered problem's contract (the problem named
//! by `FUZZ_PROBLEM`, or by the first byte): judge mode answers or gives
//! one error line, equals the answer with default flags, agrees with the
//! reference on small inputs, and the explanation never panics. Every
//! problem in the registry is covered without a target of its own.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (problem, input) = match std::env::var("FUZZ_PROBLEM") {
        Ok(name) => (
            registry::find(&name).expect("FUZZ_PROBLEM names a registered problem"),
            data,
        ),
        Err(_) => {
            let Some((&pick, rest)) = data.split_first() else {
                return;
            };
            (registry::ALL[usize::from(pick) % registry::ALL.len()], rest)
        }
    };
    let options = problem.defaults();
    let judged = problem.judge_output(input);
    assert_eq!(judged, problem.answer(input, &options));
    match judged {
        Ok(_) => {
            // Small inputs, with every number flag (a search depth) at most
            // 5, keep every reference solver cheap under the sanitizer: the
            // plain 4^10 search of game2048-hard makes a million boards.
            if input.len() <= 64 {
                // The flags as a user would give them: every number flag at
                // its default, but at most 5.
                let mut args: Vec<std::ffi::OsString> = Vec::new();
                for flag in problem.flags() {
                    if let problem_kit::FlagKind::Number { low, .. } = flag.kind {
                        args.push(format!("--{}", flag.name).into());
                        args.push(flag.default.min(5).max(low).to_string().into());
                    }
                }
                let Ok(problem_kit::args::Request::Run(command)) = problem.parse(args) else {
                    panic!("the problem's own flags are refused");
                };
                let shallow = command.options;
                let fast = problem.answer(input, &shallow);
                if let (Ok(fast), Ok(reference)) = (fast, problem.naive(input, &shallow)) {
                    assert_eq!(fast, reference);
                }
            }
            problem
                .explain(input, &options, &mut std::io::sink())
                .expect("a sink takes anything");
        }
        Err(error) => assert!(!error.to_string().contains('\n')),
    }
});
