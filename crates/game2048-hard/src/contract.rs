//! The problem contract: how the command line, the registry and the tools
//! see this problem. Never bundled (it uses the `cli` crate). It is
//! game2048's contract ([`Game2048`]) with this problem's name and depth.

use cli::{Info, ProblemLimits};
use game2048::contract::Game2048;

/// Baekjoon 12094, as the registry lists it.
#[allow(non_upper_case_globals)]
pub static Contract: Game2048<{ crate::JUDGE_MOVES }> = Game2048 { info: &INFO };

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
    call: None,
};
