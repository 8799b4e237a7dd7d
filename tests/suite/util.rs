//! Helpers the test modules share.

use proptest::test_runner::{Config, FileFailurePersistence};

/// `cases` cases per property; failures are saved beside the test module
/// in `<name>.regressions` and replayed first on later runs.
pub fn config(cases: u32) -> Config {
    Config {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("regressions"))),
        ..Config::default()
    }
}
