//! SWEA 4615 "재미있는 오셀로 게임" (a fun game of Othello): replay a record
//! of moves on an N × N Othello board, where a stone flips every straight run
//! of the opponent's stones it closes off, and count the stones of each colour.
//!
//! Judge: <https://swexpertacademy.com/main/code/problem/problemDetail.do?contestProbId=AWQmA4uK8ygDFAXj>
//!
//! Approach: for the judge's N ≤ 8, [`bitboard`] keeps each colour in a
//! `u64` and finds a move's flips in all eight directions with shifts and
//! masks: O(1) word operations per move, O(M) per case. On processors with
//! AVX2 (asked at run time), [`flips`] does four directions at once in one
//! vector register, which halves the replay of a large input. Larger even boards
//! (up to 16) use [`naive`], the reference: an array board walked cell by
//! cell in the eight directions, O(N) per move. The input is read in one
//! pass, moves are replayed as they are read, and the output is buffered.
//! Moves are checked: a move on an occupied cell or one that flips nothing
//! is an error naming the case and line.
//!
//! The judge path, [`judge`], is [`run`]: one pass that reads, replays and
//! writes as it goes. [`parse()`] → [`solve`] → [`format_answers`], each a
//! pure function, is the reference's pipeline (`--naive`). What only the
//! tools and the binary use (the contract, the validator, the generators,
//! the replay page) is built with the `contract` feature, and never bundled.

pub mod bitboard;
pub mod canonical;
#[cfg(feature = "contract")]
pub mod contract;
pub mod explain;
pub mod flips;
pub mod floor;
pub mod game;
#[cfg(feature = "contract")]
pub mod generate;
pub mod naive;
pub mod parse;
#[cfg(feature = "contract")]
pub mod replay;
#[cfg(feature = "contract")]
pub mod validate;

pub use crate::game::{Case, Counts, Stone};
pub use crate::parse::parse;

/// Replays every case with the reference solver; the first illegal move is
/// an error with its case.
pub fn solve(cases: &[Case]) -> Result<Vec<Counts>, grid::InputError> {
    cases
        .iter()
        .enumerate()
        .map(|(index, case)| naive::replay(case).map_err(|e| e.in_case(index + 1)))
        .collect()
}

/// The judge's output: `#t black white` per case.
pub fn format_answers(counts: &[Counts]) -> String {
    let mut out = Vec::with_capacity(counts.len() * 12);
    for (index, c) in counts.iter().enumerate() {
        write_answer(&mut out, index + 1, *c);
    }
    String::from_utf8(out).unwrap_or_default()
}

/// Appends `#case black white` and a newline.
pub(crate) fn write_answer(out: &mut Vec<u8>, case: usize, counts: Counts) {
    out.push(b'#');
    write_number(out, case as u64);
    out.push(b' ');
    write_number(out, u64::from(counts.black));
    out.push(b' ');
    write_number(out, u64::from(counts.white));
    out.push(b'\n');
}

/// Appends a number in decimal (faster than `format!` in the hot loop).
fn write_number(out: &mut Vec<u8>, mut value: u64) {
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (value % 10) as u8;
        value /= 10;
        if value == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[start..]);
}

/// Judge mode: the judge's input in, the judge's output out (see [`run`]).
pub fn judge(input: &[u8]) -> Result<String, grid::InputError> {
    run(input).map(|bytes| String::from_utf8(bytes).unwrap_or_default())
}

/// Reads, replays and answers a whole input in one pass: each move is
/// applied as it is read (on a bitboard for N ≤ 8), so the first error in
/// input order is the one reported, and nothing is printed unless every case
/// is answered.
pub fn run(bytes: &[u8]) -> Result<Vec<u8>, grid::InputError> {
    // Judges write their input one way: that way is read fastest, and any
    // other goes to the general reader below, with its errors.
    if let Some(out) = canonical::replay(bytes) {
        return Ok(out);
    }
    let mut reader = parse::Reader::new(bytes)?;
    // Sized by what the input can hold (a case takes at least four bytes),
    // not by the T it promises.
    let mut out = Vec::with_capacity(reader.cases().min(bytes.len() / 4 + 1) * 16);
    for case in 1..=reader.cases() {
        let in_case = |e: grid::InputError| e.in_case(case);
        let (side, count) = reader.header().map_err(in_case)?;
        let counts = if side <= bitboard::MAX_SIDE {
            let mut board = bitboard::Board::start(side);
            for index in 0..count {
                let mv = reader.next_move(side, index, count).map_err(in_case)?;
                board.play(mv).map_err(in_case)?;
            }
            board.count()
        } else {
            let mut board = naive::start(side);
            for index in 0..count {
                let mv = reader.next_move(side, index, count).map_err(in_case)?;
                naive::play(&mut board, mv).map_err(in_case)?;
            }
            naive::count(&board)
        };
        write_answer(&mut out, case, counts);
    }
    reader.finish()?;
    Ok(out)
}
