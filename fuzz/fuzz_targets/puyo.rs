//! Any bytes through the Puyo parse-and-chain path, with and without
//! `--settle`, and `--explain`; the engine must agree with the naive solver.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puyo::Floating;

fuzz_target!(|data: &[u8]| {
    for floating in [Floating::Reject, Floating::Settle] {
        match puyo::parse(data, floating) {
            Ok(field) => {
                assert_eq!(puyo::chain_count(&field), puyo::naive::chain_count(&field));
                assert_eq!(puyo::columns::chain_count(&field), puyo::naive::chain_count(&field));
                puyo::explain::explain(&field, &mut std::io::sink()).expect("a sink takes anything");
            }
            Err(error) => assert!(!error.to_string().contains('\n')),
        }
        let _ = puyo::answer(data, floating);
    }
});
