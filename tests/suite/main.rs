//! The workspace's tests that need no binary of their own, in one test
//! binary (one link, not one per file), a module each, with the helpers
//! they share in [`util`]:
//!
//! - property tests of each problem (proptest): the fast solver against its
//!   plain reference, and the game's invariants: [`footholds`],
//!   [`game2048`], [`game2048_hard`], [`othello`], [`puyo`];
//! - [`registry`]: every registered problem through its contract, its
//!   generators and its golden folder's classification;
//! - [`regressions`]: every failure a property test ever found, by name;
//! - [`robustness`]: arbitrary and mutated bytes through every library path;
//! - [`replays`]: the replay pages, without a browser and in one.
//!
//! `tests/hostile.rs` is a binary of its own: it runs its cases one at a
//! time, as the binaries, under memory and time caps.

mod architecture;
mod footholds;
mod game2048;
mod game2048_hard;
mod othello;
mod puyo;
mod registry;
mod regressions;
mod replays;
mod robustness;
mod util;
