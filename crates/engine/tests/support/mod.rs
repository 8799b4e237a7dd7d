//! The engine's test binaries' helpers: the workspace's shared ones (the
//! `test-support` crate), and a scratch folder under this package's
//! temporary folder.

pub use test_support::*;

/// An empty folder of this test's own under the target folder.
pub fn scratch(name: &str) -> std::path::PathBuf {
    test_support::scratch_in(std::path::Path::new(env!("CARGO_TARGET_TMPDIR")), name)
}

/// A run's limits for these tests: `time_ms` of time, `memory_mib` of
/// memory, 1 MiB of output, nothing else limited.
pub fn limits(time_ms: u64, memory_mib: u64) -> engine::runner::Limits {
    engine::runner::Limits {
        time: std::time::Duration::from_millis(time_ms),
        memory: memory_mib << 20,
        output: 1 << 20,
        address_space: None,
        file_size: None,
    }
}
