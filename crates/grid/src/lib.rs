//! Small, dependency-free utilities shared by the grid-game solvers.
//!
//! Everything here is generic: nothing knows about 2048, Othello, Puyo or the
//! footholds game. Each module is small and named after what it holds, in the
//! spirit of ac-library-rs, so that a solver and the parts of this crate it
//! uses can be pasted into a single file for a judge.
//!
//! - [`grid`]: a rectangular [`Grid`] with flat storage and `(row, col)` indexing.
//! - [`dir`]: the 4 and 8 direction steps with bounds checks.
//! - [`compact`]: compaction of a line toward its start (2048's slide and
//!   Puyo's gravity are both that).
//! - [`components`]: connected components of equal cells, without recursion.
//! - [`hash`]: hashing for transposition tables (fold and avalanche).
//! - [`budget`]: work limits, each written once with its figure.
//! - [`input`]: input errors that name their place, and the ASCII text check.
//! - [`lines`]: reading input line by line and token by token.
//! - [`scanner`]: a byte-level reader for large numeric inputs.

pub mod budget;
pub mod compact;
pub mod components;
pub mod dir;
pub mod grid;
pub mod hash;
pub mod input;
pub mod lines;
pub mod scanner;

pub use crate::grid::Grid;
pub use crate::input::InputError;
