//! The workspace's own commands, each a thin binary over a module here:
//!
//! - [`scaffold`]: `cargo new-problem NAME`, a new problem crate from the
//!   house template, registered.

pub mod scaffold;

use std::path::{Path, PathBuf};

/// The workspace root (two levels above this crate).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}
