//! The judging engine under `cargo judge` and `cargo stress`: everything
//! they do but reading arguments and printing. In layers, each using only
//! those above it in this list:
//!
//! - [`text`] and [`folders`]: escaping text for a terminal, the private
//!   and scratch folders the engine writes in;
//! - [`runner`]: running one program on one input as a judge's sandbox does
//!   (limits, outcome, every process of a run, interrupts);
//! - [`toolchain`]: the languages and the judges as tables, compiling, the
//!   build cache, telling a function from a program, and the drivers that
//!   call a function;
//! - [`solution`]: a user's solution, prepared to run as its judge would;
//! - [`verdict`]: a run's verdict, outputs compared as judges compare them;
//! - [`normalize`], [`jobs`], [`cases`], [`suite`], [`judging`],
//!   [`self_test`], [`stress`] and [`shrink`]: a hand-written case read as
//!   the judge sends it; one input run and judged, and the job threads that
//!   run many in order; the cases of folders, the judge suite, and a
//!   judging over them; a language's self-test; generated inputs until one
//!   fails, and a failure made smaller.
//!
//! Nothing here prints or parses a command line: results are values, and
//! errors are messages for the command to show.

pub mod cases;
pub mod folders;
pub mod jobs;
pub mod judging;
pub mod normalize;
pub mod runner;
pub mod self_test;
pub mod shrink;
pub mod solution;
pub mod stress;
pub mod suite;
pub mod text;
pub mod toolchain;
pub mod verdict;
