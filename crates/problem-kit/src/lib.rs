//! The problem contract and the command line every binary shares.
//!
//! A problem crate describes itself once, by implementing [`Problem`] in its
//! `contract` module: its name, origin, link and limits ([`Info`]), its own
//! flags as a type ([`FlagSet`]), its judge-mode answer, its answer under
//! flags, its reference (`naive`) answer, its explanation, its replay (a web
//! page to step through), its judge's constraints as a validator
//! ([`validate`]), and generators of random inputs with the simplifications
//! that shrink them. Everything else reads that description: [`c_main!`]
//! turns it into a binary ([`run`]: flags, stdin or a file, stdout, exit
//! statuses), and the `registry` crate lists every problem, as an
//! [`AnyProblem`], for the bundler, the tests, the fuzz target and the tools.
//!
//! This crate is never bundled for a judge: a bundle holds only the problem's
//! judge path and the `grid` modules it reaches, which compile without this
//! crate (see `docs/architecture.md`). Flags are read with `lexopt`, a small,
//! dependency-free parser that leaves the help text and the error messages
//! to us.

// The binaries' guarantees (a closed stdout told apart from /dev/null, a
// --replay page never written over a standard stream, mapped input files)
// rest on unix descriptors and libc, so this crate builds on unix only, as
// the workspace does; elsewhere the build stops here, saying why, rather
// than at the first libc call.
#[cfg(not(unix))]
compile_error!("the problem-kit crate, like the whole workspace, builds on unix only");

pub mod args;
pub mod contract;
pub mod files;
pub mod flags;
pub mod info;
pub mod mapped;
pub mod random;
pub mod replay;
pub mod run;
pub mod validate;

pub use crate::contract::{AnyProblem, Problem};
pub use crate::flags::{Flag, FlagInfo, FlagKind, FlagSet, NoFlags, Options};
pub use crate::info::{Call, Info, Parameter, ProblemLimits, Value};
pub use crate::random::SplitMix64;
pub use crate::replay::{Cell, Frame, Replay, Section};
pub use crate::validate::{Space, Strict};

/// A problem binary's entry point: with `#![cfg_attr(not(test), no_main)]`
/// at the top of `main.rs`, `problem_kit::c_main!(Contract);` is the whole binary
/// (see [`run::c_main`] for why it is a C `main`). A test build of the
/// binary keeps the test harness's own `main`.
#[macro_export]
macro_rules! c_main {
    ($contract:expr) => {
        /// The C entry point (see `problem_kit::run::c_main`).
        #[cfg(not(test))]
        #[no_mangle]
        pub extern "C" fn main(
            _argc: ::std::os::raw::c_int,
            _argv: *const *const ::std::os::raw::c_char,
        ) -> ::std::os::raw::c_int {
            $crate::run::c_main(&$contract)
        }
    };
}
