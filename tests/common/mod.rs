//! Helpers shared by the property tests (each test file includes this
//! module with `mod common;`, the usual pattern for integration tests).

use proptest::test_runner::{Config, FileFailurePersistence};

/// `cases` cases per property; failures are saved beside the test file in
/// `<name>.proptest-regressions` and replayed first on later runs.
pub fn config(cases: u32) -> Config {
    Config {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("regressions"))),
        ..Config::default()
    }
}
