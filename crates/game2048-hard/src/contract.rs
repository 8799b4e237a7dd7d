//! The problem contract: how the command line, the registry and the tools
//! see this problem. Never bundled (it uses the `problem-kit` crate). It is
//! game2048's contract ([`game2048::impl_problem!`]) with this problem's
//! name and depth.

use problem_kit::{Info, ProblemLimits};

/// Baekjoon 12094, as the registry lists it.
pub struct Contract;

game2048::impl_problem!(Contract, INFO, crate::JUDGE_MOVES);

/// What Baekjoon 12094 looks like to the command line.
pub static INFO: Info = Info {
    name: "game2048-hard",
    title: "2048 (Hard)",
    origin: "Baekjoon 12094",
    link: "https://www.acmicpc.net/problem/12094",
    summary: "Reads N and an N x N board of tiles (0 empty, else a power of two) and\n\
              prints the largest tile reachable in at most 10 moves.",
    limits: ProblemLimits {
        time_ms: 1000,
        memory_mib: 512,
    },
    accepts_rust: true,
    suite_cases: 60,
    // Measured by the commands' ignored test `suite_strength`: dear cases
    // (boards of 9 x 9 to 20 x 20) that reject no mutant the others let
    // through.
    left_out: &[
        5, 8, 10, 11, 13, 17, 20, 22, 23, 24, 26, 27, 29, 35, 38, 41, 43, 45, 47, 48, 49, 53, 54,
        56, 59,
    ],
    quick_cases: &[16, 14, 32],
    call: None,
};
