//! The hostile-input suite: every input once found to break the bounded
//! cost the README promises, and every documented limit at its edge, run as
//! the binaries themselves under a memory cap and a time limit.
//!
//! Each case runs the problem's binary code (`problem_kit::run::run_with`, what
//! every `main.rs` runs) in the sandbox `cargo judge` uses, in a forked copy
//! of this test program: its address space may grow by at most twice the
//! input plus 64 MB (`ulimit -v`), the bound the README promises, and it
//! may use [`TIMEOUT`] of processor time (a busy machine, which slows its
//! wall clock, does not count against it). A case
//! passes when the run ends by itself, in time, with either an answer
//! (status 0, something on stdout, and the expected text when one is given)
//! or one `error:` line on stderr, status 1 and nothing on stdout, as the
//! case expects. The cases run one at a time, so they do not slow each
//! other down.
//!
//! Plain `cargo test` runs the quick cases (each well under a second).
//! `HOSTILE_SLOW=1` adds those that run into a work limit (five to ten
//! seconds each; CI sets it), and `HOSTILE_LONG=1` adds those too and the
//! inputs of 64 MB and more.

use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use engine::runner::{self, Ending, Limits, Program, Stop};
use golden::harness::{self, Arguments, Failed, Trial};

#[path = "hostile/puyo.rs"]
mod puyo;

/// No case may take longer than this, in any build the suite runs in; a
/// case with `--explain` or `--replay` may take twice as long (the README's
/// bound: they search again, once, under the same work limit).
const TIMEOUT: Duration = Duration::from_secs(20);
/// In a case's arguments, the path of a replay page in the case's own
/// folder.
const PAGE: &str = "@PAGE@";
/// The memory a binary may use beyond twice its input.
const BASE_MEMORY: u64 = 64 << 20;

/// What a case must end with.
#[derive(Clone)]
enum Expect {
    /// Status 0 and exactly this output.
    Answer(&'static str),
    /// Status 0 and some output.
    AnyAnswer,
    /// Status 1, nothing on stdout, and one error line containing this.
    Error(&'static str),
    /// Status 4 (a valid input past the work limit), nothing on stdout, and
    /// one error line containing this.
    WorkLimit(&'static str),
}

/// One hostile run.
struct Case {
    name: &'static str,
    problem: &'static str,
    args: &'static [&'static str],
    input: fn() -> Vec<u8>,
    expect: Expect,
    /// How much memory it may take beyond what the test process has.
    memory: Memory,
    tier: Tier,
}

/// The memory a case may take.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Memory {
    /// Twice its input plus [`BASE_MEMORY`]: every binary's promise.
    Twice,
    /// Three times its input plus [`BASE_MEMORY`]: a puyo field of more than
    /// about 60 million cells, full of puyos, copied column by column while
    /// the parsed field is still held (see `docs/limits.md`).
    Thrice,
}

/// When a case runs.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Tier {
    /// Always.
    Quick,
    /// With `HOSTILE_SLOW=1` (or `HOSTILE_LONG=1`).
    Slow,
    /// With `HOSTILE_LONG=1`.
    Long,
}

fn main() -> ExitCode {
    let mut args = Arguments::from_args();
    // One at a time: the time bounds are for a machine that is not also
    // running the other cases.
    args.test_threads = Some(1);
    let set = |name: &str| std::env::var_os(name).is_some_and(|v| v != "0" && !v.is_empty());
    let most = if set("HOSTILE_LONG") {
        Tier::Long
    } else if set("HOSTILE_SLOW") {
        Tier::Slow
    } else {
        Tier::Quick
    };
    let trials = cases()
        .into_iter()
        .map(|case| {
            let ignored = case.tier > most;
            Trial::test(format!("hostile::{}", case.name), move || run(&case))
                .with_ignored_flag(ignored)
        })
        .collect();
    harness::run(&args, trials).exit_code()
}

/// Runs one case and checks how it ended.
fn run(case: &Case) -> Result<(), Failed> {
    let input = (case.input)();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("hostile");
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let path = dir.join(format!("{}.in", case.name));
    std::fs::write(&path, &input).map_err(|e| e.to_string())?;
    let times = match case.memory {
        Memory::Twice => 2,
        Memory::Thrice => 3,
    };
    let cap = times * input.len() as u64 + BASE_MEMORY;
    drop(input);
    let problem = registry::find(case.problem).ok_or("no such problem")?;
    let page = dir.join(format!("{}.html", case.name));
    let args: Vec<std::ffi::OsString> = case
        .args
        .iter()
        .map(|&a| {
            if a == PAGE {
                page.clone().into()
            } else {
                a.into()
            }
        })
        .collect();
    let binary = engine::judging::workspace_binary(problem, args);
    let side_outputs = case
        .args
        .iter()
        .any(|&a| a == "--explain" || a == "--replay");
    let timeout = if side_outputs { 2 * TIMEOUT } else { TIMEOUT };
    let limits = Limits {
        time: timeout,
        // The address space is the bound; resident memory is not held to
        // anything more.
        memory: u64::MAX,
        output: 1 << 30,
        address_space: Some(cap),
        file_size: None,
    };
    let outcome = runner::run(&Program::Function(&binary), &path, &limits);
    let _ = std::fs::remove_file(&path);
    let ran = outcome.map_err(|e| format!("cannot run the case: {e}"))?;
    if ran.stopped == Some(Stop::Time) {
        return Err(format!("still running after {timeout:?}: killed").into());
    }
    let (stdout, stderr, elapsed) = (ran.stdout, ran.stderr, ran.wall);
    let shown_err = String::from_utf8_lossy(&stderr[..stderr.len().min(2000)]).into_owned();
    let status = match ran.ending {
        Ending::Exited(status) => status,
        Ending::Signalled(signal) => {
            return Err(format!(
                "killed by {} after {elapsed:?} (address space cap {} MiB past the start);                  stderr:\n{shown_err}",
                runner::signal_name(signal),
                cap >> 20
            )
            .into())
        }
    };
    if ran.cpu > timeout {
        return Err(format!(
            "took {:?} of processor time, more than {timeout:?}",
            ran.cpu
        )
        .into());
    }
    let stdout = String::from_utf8_lossy(&stdout);
    let explained = case.args.contains(&"--explain");
    let _ = std::fs::remove_file(&page);
    match &case.expect {
        Expect::Answer(_) | Expect::AnyAnswer => {
            if status != 0 || stdout.is_empty() {
                return Err(format!(
                    "expected an answer, got status {status}; stderr:\n{shown_err}"
                )
                .into());
            }
            if let Expect::Answer(expected) = case.expect {
                if stdout != expected {
                    return Err(format!("expected {expected:?}, got {stdout:?}").into());
                }
            }
            if !explained && !stderr.is_empty() {
                return Err(format!("an answer with something on stderr:\n{shown_err}").into());
            }
        }
        Expect::Error(part) | Expect::WorkLimit(part) => {
            let wanted = if matches!(case.expect, Expect::Error(_)) {
                1
            } else {
                4
            };
            let text = String::from_utf8_lossy(&stderr);
            let one_line =
                !ran.stderr_cut && text.ends_with('\n') && text.matches('\n').count() == 1;
            if status != wanted
                || !stdout.is_empty()
                || !one_line
                || !text.starts_with("error: ")
                || !text.contains(part)
            {
                return Err(format!(
                    "expected status {wanted}, no output and one error line containing {part:?}; \
                     got status {status}, stdout {:?}, stderr:\n{shown_err}",
                    &stdout[..stdout.len().min(200)]
                )
                .into());
            }
        }
    }
    Ok(())
}

// ---- Generators ----

/// A full 8 × 8 footholds board with the players on `a` and `b`.
fn full_8x8(a: (u8, u8), b: (u8, u8)) -> String {
    let row = "[1, 1, 1, 1, 1, 1, 1, 1]";
    let rows = [row; 8].join(", ");
    format!("[{rows}] [{}, {}] [{}, {}]\n", a.0, a.1, b.0, b.1)
}

/// 100,000 random 8 × 8 Othello games of 60 moves (36 MB), fixed seed.
fn hundred_thousand_othello_games() -> Vec<u8> {
    let mut rng = problem_kit::SplitMix64::new(4615);
    let cases: Vec<_> = (0..100_000)
        .map(|_| othello::generate::random_game(8, 60, &mut rng))
        .collect();
    othello::generate::to_input(&cases).into_bytes()
}

/// A random 2048 board of side `side`, tiles 2 to 1024, a third empty.
fn board_2048(side: usize, seed: u64) -> Vec<u8> {
    let mut rng = problem_kit::SplitMix64::new(seed);
    let mut text = format!("{side}\n");
    for _ in 0..side {
        let row: Vec<String> = (0..side)
            .map(|_| match rng.below(3) {
                0 => "0".to_string(),
                _ => (1u64 << rng.between(1, 10)).to_string(),
            })
            .collect();
        text.push_str(&row.join(" "));
        text.push('\n');
    }
    text.into_bytes()
}

/// Every case, by problem.
fn cases() -> Vec<Case> {
    [
        footholds_cases(),
        puyo::puyo_cases(),
        othello_cases(),
        game2048_cases(),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// The footholds: huge boards, hard full boards, and the shared budget with and without --explain and --replay.
fn footholds_cases() -> Vec<Case> {
    use Expect::*;
    vec![
        // A 20 MB footholds board of one-cell rows (100 MB with HOSTILE_LONG).
        Case {
            name: "footholds-20mb-board",
            problem: "footholds",
            args: &[],
            input: || format!("[{}[1]] [0,0] [0,0]\n", "[1],".repeat(5_000_000)).into_bytes(),
            expect: Error("at most 64 cells"),
            memory: Memory::Twice,
            tier: Tier::Quick,
        },
        Case {
            name: "footholds-100mb-board",
            problem: "footholds",
            args: &[],
            input: || format!("[{}[1]] [0,0] [0,0]\n", "[1],".repeat(25_000_000)).into_bytes(),
            expect: Error("at most 64 cells"),
            memory: Memory::Twice,
            tier: Tier::Long,
        },
        // Slow full 8 x 8 starts (the slowest known to the search), and
        // 1 MB of them.
        Case {
            name: "footholds-8x8-from-1-3-and-6-3",
            problem: "footholds",
            args: &[],
            input: || full_8x8((1, 3), (6, 3)).into_bytes(),
            expect: Answer("52\n"),
            memory: Memory::Twice,
            tier: Tier::Slow,
        },
        Case {
            name: "footholds-8x8-from-1-4-and-7-7",
            problem: "footholds",
            args: &[],
            input: || full_8x8((1, 4), (7, 7)).into_bytes(),
            expect: Answer("57\n"),
            memory: Memory::Twice,
            tier: Tier::Quick,
        },
        Case {
            name: "footholds-8x8-from-2-3-and-4-4",
            problem: "footholds",
            args: &[],
            input: || full_8x8((2, 3), (4, 4)).into_bytes(),
            expect: Answer("60\n"),
            memory: Memory::Twice,
            tier: Tier::Slow,
        },
        // --explain and --replay together draw one line per game, found
        // once under one budget: the run stays within twice the limit.
        Case {
            name: "footholds-20-hard-games-explained-and-replayed",
            problem: "footholds",
            args: &["--explain", "--replay", PAGE],
            input: || full_8x8((1, 3), (6, 3)).repeat(20).into_bytes(),
            expect: AnyAnswer,
            memory: Memory::Twice,
            tier: Tier::Slow,
        },
        Case {
            name: "footholds-1mb-of-hard-games",
            problem: "footholds",
            args: &[],
            input: || full_8x8((1, 3), (6, 3)).repeat(1 << 20 >> 8).into_bytes(),
            expect: WorkLimit("work limit of 100,000,000 positions searched"),
            memory: Memory::Twice,
            tier: Tier::Slow,
        },
        Case {
            name: "footholds-leading-plus",
            problem: "footholds",
            args: &[],
            input: || b"[[+1, 1, 1]] [0, +0] [0, 2]\n".to_vec(),
            expect: Answer("2\n"),
            memory: Memory::Twice,
            tier: Tier::Quick,
        },
        Case {
            name: "limit-footholds-64-cells",
            problem: "footholds",
            args: &[],
            input: || format!("[[{}]] [0, 0] [0, 63]\n", ["1"; 64].join(", ")).into_bytes(),
            expect: Answer("63\n"),
            memory: Memory::Twice,
            tier: Tier::Quick,
        },
        Case {
            name: "limit-footholds-65-cells",
            problem: "footholds",
            args: &[],
            input: || format!("[[{}]] [0, 0] [0, 1]\n", ["1"; 65].join(", ")).into_bytes(),
            expect: Error("64 cells"),
            memory: Memory::Twice,
            tier: Tier::Quick,
        },
    ]
}

/// The othello: many games, large boards, and the explanation of long inputs.
fn othello_cases() -> Vec<Case> {
    use Expect::*;
    vec![
        // --explain on 100,000 Othello games (36 MB) and on a random
        // 3163 x 3163 puyo field.
        Case {
            name: "othello-explain-100000-games",
            problem: "othello",
            args: &["--explain"],
            input: hundred_thousand_othello_games,
            expect: AnyAnswer,
            memory: Memory::Twice,
            tier: Tier::Quick,
        },
        // --replay on the same inputs: a bounded page, written as it must be.
        Case {
            name: "othello-replay-100000-games",
            problem: "othello",
            args: &["--replay", PAGE],
            input: hundred_thousand_othello_games,
            expect: AnyAnswer,
            memory: Memory::Twice,
            tier: Tier::Slow,
        },
        Case {
            name: "limit-othello-a-million-cases",
            problem: "othello",
            args: &[],
            input: || format!("1000000\n{}", "4 0\n".repeat(1_000_000)).into_bytes(),
            expect: AnyAnswer,
            memory: Memory::Twice,
            tier: Tier::Quick,
        },
        Case {
            name: "limit-othello-a-million-and-one-cases",
            problem: "othello",
            args: &[],
            input: || format!("1000001\n{}", "4 0\n".repeat(1_000_001)).into_bytes(),
            expect: Error("number of test cases T"),
            memory: Memory::Twice,
            tier: Tier::Quick,
        },
        Case {
            name: "limit-othello-side-16-and-18",
            problem: "othello",
            args: &[],
            input: || b"2\n16 0\n18 0\n".to_vec(),
            expect: Error("the board size N must be from 4 to 16"),
            memory: Memory::Twice,
            tier: Tier::Quick,
        },
    ]
}

/// The game2048 and game2048-hard: boards and depths at the work limit, from every kind of work.
fn game2048_cases() -> Vec<Case> {
    use Expect::*;
    vec![
        // game2048's work limit, reached from every kind of work.
        Case {
            name: "game2048-64x64-14-moves",
            problem: "game2048",
            args: &["--moves", "14"],
            input: || board_2048(64, 1),
            expect: WorkLimit("work limit"),
            memory: Memory::Twice,
            tier: Tier::Slow,
        },
        // The same limit where the three-move test looks at every board
        // with three moves left (its passes are counted as work).
        Case {
            name: "game2048-pinned-64x64-14-moves",
            problem: "game2048",
            args: &["--moves", "14"],
            input: || {
                use grid_games::game2048_boards::{board, Kind};
                game2048::generate::board_input(&board(Kind::Pinned, 64, 5)).into_bytes()
            },
            expect: WorkLimit("work limit"),
            memory: Memory::Twice,
            tier: Tier::Slow,
        },
        Case {
            name: "game2048-hard-20x20",
            problem: "game2048-hard",
            args: &[],
            input: || board_2048(20, 12094),
            expect: AnyAnswer,
            memory: Memory::Twice,
            tier: Tier::Quick,
        },
        // A billion blank lines between the size and the row (1 GB, a
        // valid input): skipped in one pass, not line by line (which took
        // 15 s).
        Case {
            name: "game2048-a-billion-blank-lines",
            problem: "game2048",
            args: &[],
            input: || {
                let mut input = b"1\n".to_vec();
                input.resize(1_000_000_000, b'\n');
                input.extend_from_slice(b"2\n");
                input
            },
            expect: Answer("2\n"),
            memory: Memory::Twice,
            tier: Tier::Long,
        },
        // The smaller findings: a repeated flag, a leading `+`.
        Case {
            name: "game2048-moves-given-twice",
            problem: "game2048",
            args: &["--moves", "3", "--moves", "4"],
            input: || b"2\n2 2\n2 2\n".to_vec(),
            expect: Answer("8\n"),
            memory: Memory::Twice,
            tier: Tier::Quick,
        },
        // Every documented limit at its edge: just inside, and just past.
        Case {
            name: "limit-game2048-side-64",
            problem: "game2048",
            args: &[],
            input: || board_2048(64, 2),
            expect: AnyAnswer,
            memory: Memory::Twice,
            tier: Tier::Quick,
        },
        Case {
            name: "limit-game2048-side-65",
            problem: "game2048",
            args: &[],
            input: || board_2048(65, 3),
            expect: Error("the board size N must be from 1 to 64"),
            memory: Memory::Twice,
            tier: Tier::Quick,
        },
        Case {
            name: "limit-game2048-tile-2-to-the-31",
            problem: "game2048",
            args: &[],
            input: || b"1\n2147483648\n".to_vec(),
            expect: Error("power of two from 2 to 2^30"),
            memory: Memory::Twice,
            tier: Tier::Quick,
        },
    ]
}
