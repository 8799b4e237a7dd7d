//! `cargo new-problem NAME`: a new problem crate from the house template
//! (`templates/`), registered. [`check`] refuses the names and texts that
//! would break the workspace; [`scaffold`] writes the crate, registers it
//! and checks that the workspace still compiles, all or nothing.

pub mod check;
pub mod scaffold;
