//! The engine's test binaries' helpers: the workspace's shared ones (the
//! `test-support` crate), and a scratch folder under this package's
//! temporary folder.

pub use test_support::*;

/// An empty folder of this test's own under the target folder.
pub fn scratch(name: &str) -> std::path::PathBuf {
    test_support::scratch_in(std::path::Path::new(env!("CARGO_TARGET_TMPDIR")), name)
}
