//! Robustness in the normal test suite: every binary's parse-and-solve path
//! answers arbitrary bytes, and mutated valid inputs, with an answer or one
//! clear error line, never a panic. (The fuzz targets in `fuzz/` search the
//! same property far longer; this keeps CI checking it cheaply.)

use proptest::prelude::*;

use crate::util::config;
use std::path::Path;

/// The golden inputs of a binary (answers and errors), as seeds to mutate.
fn golden_inputs(binary: &str) -> Vec<Vec<u8>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("inputs")
        .join(binary);
    let mut inputs = Vec::new();
    for folder in [root.clone(), root.join("flags"), root.join("errors")] {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "in") {
                // Keep the seeds small so each case stays quick.
                if let Ok(bytes) = std::fs::read(&path) {
                    if bytes.len() <= 4096 {
                        inputs.push(bytes);
                    }
                }
            }
        }
    }
    inputs.sort();
    inputs
}

/// An edit of a byte string: overwrite, insert, delete or truncate.
#[derive(Clone, Debug)]
enum Edit {
    Set(usize, u8),
    Insert(usize, u8),
    Delete(usize),
    Truncate(usize),
}

fn edits() -> impl Strategy<Value = Vec<Edit>> {
    // Bytes that matter to these formats, and some that never should appear.
    let byte = prop_oneof![
        4 => prop::sample::select(b"0123456789 \n\r\t[],-+.ROGBYPQ".to_vec()),
        1 => any::<u8>(),
    ];
    let edit = prop_oneof![
        (any::<usize>(), byte.clone()).prop_map(|(at, b)| Edit::Set(at, b)),
        (any::<usize>(), byte).prop_map(|(at, b)| Edit::Insert(at, b)),
        any::<usize>().prop_map(Edit::Delete),
        any::<usize>().prop_map(Edit::Truncate),
    ];
    prop::collection::vec(edit, 1..6)
}

fn mutate(mut bytes: Vec<u8>, edits: &[Edit]) -> Vec<u8> {
    for edit in edits {
        let len = bytes.len();
        match *edit {
            Edit::Set(at, b) if len > 0 => bytes[at % len] = b,
            Edit::Insert(at, b) => bytes.insert(at % (len + 1), b),
            Edit::Delete(at) if len > 0 => {
                bytes.remove(at % len);
            }
            Edit::Truncate(at) => bytes.truncate(at % (len + 1)),
            _ => {}
        }
    }
    bytes
}

/// Runs every binary's judge path (and the flag paths) on `input`; any
/// error must be one non-empty line.
fn check_all(input: &[u8]) -> Result<(), TestCaseError> {
    let mut errors = Vec::new();
    // Every registered problem, through its contract: judge mode is the
    // answer with default flags, and an error is one line.
    for problem in registry::ALL {
        // Solving a large footholds board is slow, not unsafe; keep the cases quick.
        if problem.info().name == "footholds" {
            continue;
        }
        let judged = problem.judge_output(input);
        prop_assert_eq!(&judged, &problem.answer(input, &problem.defaults()));
        if let Err(e) = judged {
            errors.push(e);
        }
    }
    for moves in [0, 1, 5] {
        if let Err(e) = game2048::answer(input, moves) {
            errors.push(e);
        }
    }
    match footholds::parse(input) {
        // Solving a large board is slow, not unsafe; keep the cases quick.
        Ok(games)
            if games
                .iter()
                .all(|g| g.cells.iter().filter(|&&f| f).count() <= 30) =>
        {
            let answers = footholds::judge(input).expect("parsed input answers");
            prop_assert_eq!(answers.lines().count(), games.len());
        }
        Ok(_) => {}
        Err(e) => errors.push(e),
    }
    match (othello::run(input), othello::parse(input)) {
        (Ok(out), Ok(cases)) => {
            let reference = othello::solve(&cases).expect("the replays agree");
            prop_assert_eq!(
                String::from_utf8(out).unwrap(),
                othello::format_answers(&reference)
            );
        }
        (Ok(_), Err(e)) => prop_assert!(false, "only the one-pass replay accepted it: {}", e),
        (Err(e), _) => errors.push(e),
    }
    for floating in [puyo::Floating::Reject, puyo::Floating::Settle] {
        match puyo::parse(input, floating) {
            Ok(field) => {
                prop_assert_eq!(puyo::chain_count(&field), puyo::naive::chain_count(&field))
            }
            Err(e) => errors.push(e),
        }
    }
    for error in errors {
        let line = error.to_string();
        prop_assert!(
            !line.is_empty() && !line.contains('\n'),
            "a bad error line: {:?}",
            line
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(1500))]

    #[test]
    fn arbitrary_bytes_get_an_answer_or_one_error_line(input in prop::collection::vec(any::<u8>(), 0..300)) {
        check_all(&input)?;
    }

    #[test]
    fn arbitrary_text_gets_an_answer_or_one_error_line(
        input in prop::collection::vec(prop::sample::select(b"0123456789 \n[],.ROGBY\r\t-".to_vec()), 0..200)
    ) {
        check_all(&input)?;
    }

    #[test]
    fn mutated_game2048_inputs(seed in prop::sample::select(golden_inputs("game2048")), edits in edits()) {
        check_all(&mutate(seed, &edits))?;
    }

    #[test]
    fn mutated_footholds_inputs(seed in prop::sample::select(golden_inputs("footholds")), edits in edits()) {
        check_all(&mutate(seed, &edits))?;
    }

    #[test]
    fn mutated_othello_inputs(seed in prop::sample::select(golden_inputs("othello")), edits in edits()) {
        check_all(&mutate(seed, &edits))?;
    }

    #[test]
    fn mutated_puyo_inputs(seed in prop::sample::select(golden_inputs("puyo")), edits in edits()) {
        check_all(&mutate(seed, &edits))?;
    }
}
