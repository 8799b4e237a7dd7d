//! The judge's input as judges write it, replayed in one pass: `T`, then
//! per case `N M` and `M` lines `x y c`, single spaces, `\n` (or `\r\n`)
//! line endings, boards of 4, 6 or 8. The bytes are read in place, each
//! move line as six bytes, with no tokenizer and no separate text check
//! (every byte read is checked as it is read), and the two colours stay in
//! registers through a case.
//!
//! Anything else (another spacing, a blank line, a larger board, an
//! illegal move, an error of any kind) is not this module's to judge:
//! [`replay`] then answers `None`, and the general reader
//! ([`crate::parse::Reader`]) reads the input again from the start, with its
//! exact errors. So the two agree on every input this one accepts, and
//! every other input gets the general reader's answer or error.

use crate::bitboard::Board;
use crate::flips::{with_fastest_flips, Flips, WithFlips};
use crate::parse::MAX_CASES;

/// How many cases are replayed side by side. One case's moves form a chain
/// (each waits for the board the last one left), so a case alone keeps the
/// processor waiting; the moves of four cases are independent, and the
/// processor overlaps them.
const LANES: usize = 4;

/// The answers to a canonical input, or `None` for any input that is not
/// canonical or not answered (the general reader decides those). Flips are
/// computed with AVX2 where the processor has it ([`crate::flips`]).
pub fn replay(bytes: &[u8]) -> Option<Vec<u8>> {
    replay_fastest::<true>(bytes)
}

/// [`replay_with`] with the fastest flips this processor has; with
/// `CHECKED` false, the floor [`crate::floor::replay_unchecked`].
pub(crate) fn replay_fastest<const CHECKED: bool>(bytes: &[u8]) -> Option<Vec<u8>> {
    struct Replay<'a, const CHECKED: bool>(&'a [u8]);
    impl<const CHECKED: bool> WithFlips for Replay<'_, CHECKED> {
        type Output = Option<Vec<u8>>;
        #[inline(always)]
        fn run(self, flips: impl Flips) -> Self::Output {
            replay_with::<CHECKED>(self.0, flips)
        }
    }
    with_fastest_flips(Replay::<CHECKED>(bytes))
}

/// [`replay`] with the flips of `flips`; with `CHECKED` false, moves are
/// applied with no check that they are legal (the floor the engine is
/// measured against, [`crate::floor`]).
#[inline(always)]
pub(crate) fn replay_with<const CHECKED: bool>(bytes: &[u8], flips: impl Flips) -> Option<Vec<u8>> {
    let mut at = 0;
    let cases = number(bytes, &mut at)?;
    line_end(bytes, &mut at)?;
    if cases > MAX_CASES {
        return None;
    }
    // Each case takes at least four bytes (`N M` and its line end).
    let mut out = Vec::with_capacity((cases as usize).min(bytes.len() / 4 + 1) * 16);
    let mut case = 1;
    while case <= cases {
        // Four cases at once where their lines end in `\n` alone (then
        // each case's place follows from the last one's move count); any
        // other group is replayed a case at a time, from the same place.
        if cases - case + 1 >= LANES as u64 {
            if let Some((counts, next)) = replay_lanes::<CHECKED>(bytes, at, flips) {
                for (lane, counts) in counts.into_iter().enumerate() {
                    crate::write_answer(&mut out, (case as usize) + lane, counts);
                }
                at = next;
                case += LANES as u64;
                continue;
            }
        }
        let counts = replay_case::<CHECKED>(bytes, &mut at, flips)?;
        crate::write_answer(&mut out, case as usize, counts);
        case += 1;
    }
    // Only white space may follow the last case.
    bytes[at..]
        .iter()
        .all(|&b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
        .then_some(out)
}

/// A case's header `N M` and its line end: the side and the move count.
#[inline(always)]
pub(crate) fn header(bytes: &[u8], at: &mut usize) -> Option<(u64, u64)> {
    let side = number(bytes, at)?;
    (bytes.get(*at) == Some(&b' ')).then_some(())?;
    *at += 1;
    let moves = number(bytes, at)?;
    line_end(bytes, at)?;
    (matches!(side, 4 | 6 | 8) && moves <= side * side - 4).then_some((side, moves))
}

/// Plays one move on `black` and `white`: `None` when the cell is taken or
/// the move flips nothing.
#[inline(always)]
fn play<const CHECKED: bool>(
    black: u64,
    white: u64,
    cell: usize,
    white_moves: bool,
    flips: impl Flips,
) -> Option<(u64, u64)> {
    let placed = 1u64 << cell;
    if CHECKED && (black | white) & placed != 0 {
        return None;
    }
    // The mover's stones and the opponent's, chosen without a branch (the
    // colours alternate, and a branch on them mispredicts).
    let white_mask = u64::from(white_moves).wrapping_neg();
    let own = (black & !white_mask) | (white & white_mask);
    let opponent = (white & !white_mask) | (black & white_mask);
    let flipped = flips.flips(cell, own, opponent);
    if CHECKED && flipped == 0 {
        return None;
    }
    let (own, opponent) = (own | flipped | placed, opponent ^ flipped);
    Some((
        (own & !white_mask) | (opponent & white_mask),
        (opponent & !white_mask) | (own & white_mask),
    ))
}

/// One case from `at`, a move at a time.
#[inline(always)]
fn replay_case<const CHECKED: bool>(
    bytes: &[u8],
    at: &mut usize,
    flips: impl Flips,
) -> Option<crate::Counts> {
    let (side, moves) = header(bytes, at)?;
    let [mut black, mut white] = Board::start(side as usize).stones;
    for _ in 0..moves {
        let (cell, white_moves) = move_line(bytes, at, side as u8)?;
        (black, white) = play::<CHECKED>(black, white, cell, white_moves, flips)?;
    }
    Some(crate::Counts {
        black: black.count_ones(),
        white: white.count_ones(),
    })
}

/// [`LANES`] cases from `at`, their moves interleaved: the counts, and the
/// place after them. `None` when a line of theirs is not `x y c\n` (a
/// `\r\n`, say), or anything else is wrong: the caller then replays them
/// one at a time, which decides.
#[inline(always)]
fn replay_lanes<const CHECKED: bool>(
    bytes: &[u8],
    mut at: usize,
    flips: impl Flips,
) -> Option<([crate::Counts; LANES], usize)> {
    let mut sides = [0u8; LANES];
    let mut moves = [0usize; LANES];
    let mut starts = [0usize; LANES];
    for lane in 0..LANES {
        let (side, count) = header(bytes, &mut at)?;
        sides[lane] = side as u8;
        moves[lane] = count as usize;
        starts[lane] = at;
        at = at.checked_add(6 * count as usize)?;
    }
    if at > bytes.len() {
        return None;
    }
    let mut black = [0u64; LANES];
    let mut white = [0u64; LANES];
    for lane in 0..LANES {
        [black[lane], white[lane]] = Board::start(usize::from(sides[lane])).stones;
    }
    let common = *moves.iter().min()?;
    for k in 0..common {
        for lane in 0..LANES {
            let (cell, white_moves) = lf_move(bytes, starts[lane] + 6 * k, sides[lane])?;
            (black[lane], white[lane]) =
                play::<CHECKED>(black[lane], white[lane], cell, white_moves, flips)?;
        }
    }
    for lane in 0..LANES {
        for k in common..moves[lane] {
            let (cell, white_moves) = lf_move(bytes, starts[lane] + 6 * k, sides[lane])?;
            (black[lane], white[lane]) =
                play::<CHECKED>(black[lane], white[lane], cell, white_moves, flips)?;
        }
    }
    let counts = std::array::from_fn(|lane| crate::Counts {
        black: black[lane].count_ones(),
        white: white[lane].count_ones(),
    });
    Some((counts, at))
}

/// The move line `x y c\n` at `at` (its six bytes, read as one word where
/// eight are left), on a board of `side`: the cell and whether white moves.
#[inline(always)]
fn lf_move(bytes: &[u8], at: usize, side: u8) -> Option<(usize, bool)> {
    const SHAPE: u64 = 0xFF << 8 | 0xFF << 24 | 0xFF << 40;
    const LF_LINE: u64 = (b' ' as u64) << 8 | (b' ' as u64) << 24 | (b'\n' as u64) << 40;
    let word = match bytes.get(at..at + 8) {
        Some(word) => u64::from_le_bytes(word.try_into().ok()?),
        None => {
            let mut padded = [0u8; 8];
            let line = bytes.get(at..at + 6)?;
            padded[..6].copy_from_slice(line);
            u64::from_le_bytes(padded)
        }
    };
    if word & SHAPE != LF_LINE {
        return None;
    }
    let x = (word as u8).wrapping_sub(b'1');
    let y = ((word >> 16) as u8).wrapping_sub(b'1');
    let colour = ((word >> 32) as u8).wrapping_sub(b'1');
    ((x < side) & (y < side) & (colour < 2))
        .then_some((usize::from(y) * 8 + usize::from(x), colour == 1))
}

/// A number written as judges write it: digits, no sign, no leading zero,
/// at most nine of them.
#[inline(always)]
pub(crate) fn number(bytes: &[u8], at: &mut usize) -> Option<u64> {
    let start = *at;
    let mut value = 0u64;
    while let Some(&byte) = bytes.get(*at) {
        let digit = byte.wrapping_sub(b'0');
        if digit > 9 {
            break;
        }
        // Wrapping: a number past nine digits is refused below anyway.
        value = value.wrapping_mul(10).wrapping_add(u64::from(digit));
        *at += 1;
    }
    let length = *at - start;
    let leading_zero = length > 1 && bytes[start] == b'0';
    (length > 0 && length <= 9 && !leading_zero).then_some(value)
}

/// `\n` or `\r\n`.
#[inline(always)]
pub(crate) fn line_end(bytes: &[u8], at: &mut usize) -> Option<()> {
    match bytes.get(*at) {
        Some(b'\n') => *at += 1,
        Some(b'\r') if bytes.get(*at + 1) == Some(&b'\n') => *at += 2,
        _ => return None,
    }
    Some(())
}

/// A move line `x y c` and its line end, on a board of `side`: the cell
/// (`row * 8 + col`, `x` the column and `y` the row) and whether white
/// moves. Where eight bytes are left, the line is read as one word: its
/// spaces and line end checked with one mask, its digits taken from their
/// bytes.
#[inline(always)]
pub(crate) fn move_line(bytes: &[u8], at: &mut usize, side: u8) -> Option<(usize, bool)> {
    const SHAPE: u64 = 0xFF << 8 | 0xFF << 24 | 0xFF << 40;
    const LF_LINE: u64 = (b' ' as u64) << 8 | (b' ' as u64) << 24 | (b'\n' as u64) << 40;
    if let Some(word) = bytes.get(*at..*at + 8) {
        let word = u64::from_le_bytes(word.try_into().ok()?);
        if word & SHAPE == LF_LINE {
            let x = (word as u8).wrapping_sub(b'1');
            let y = ((word >> 16) as u8).wrapping_sub(b'1');
            let colour = ((word >> 32) as u8).wrapping_sub(b'1');
            if (x < side) & (y < side) & (colour < 2) {
                *at += 6;
                return Some((usize::from(y) * 8 + usize::from(x), colour == 1));
            }
            return None;
        }
    }
    let line = bytes.get(*at..*at + 6)?;
    let (x, y, colour) = (
        line[0].wrapping_sub(b'1'),
        line[2].wrapping_sub(b'1'),
        line[4],
    );
    let shape = line[1] == b' ' && line[3] == b' ';
    if x >= side || y >= side || !shape || !(colour == b'1' || colour == b'2') {
        return None;
    }
    *at += match line[5] {
        b'\n' => 6,
        b'\r' if bytes.get(*at + 6) == Some(&b'\n') => 7,
        _ => return None,
    };
    Some((usize::from(y) * 8 + usize::from(x), colour == b'2'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_input_is_answered_as_the_general_reader_answers_it() {
        let sample = std::fs::read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../inputs/othello/sample-1.in"
        ))
        .unwrap();
        let fast = replay(&sample).expect("the sample is canonical");
        let mut general = Vec::new();
        for (index, counts) in crate::solve(&crate::parse(&sample).unwrap())
            .unwrap()
            .iter()
            .enumerate()
        {
            crate::write_answer(&mut general, index + 1, *counts);
        }
        assert_eq!(fast, general);
        assert_eq!(replay(b"1\n4 1\r\n2 1 1\r\n\n").unwrap(), b"#1 4 1\n");
        assert_eq!(replay(b"0\n").unwrap(), b"");
    }

    #[test]
    fn cases_side_by_side_answer_as_one_at_a_time() {
        // Six cases: a first group of four (one of them with `\r\n` lines,
        // so the group is replayed a case at a time), then two alone; and
        // the same with every line ending in `\n`, replayed four at once.
        let case = |moves: &[&str], crlf: bool| {
            let end = if crlf { "\r\n" } else { "\n" };
            let mut text = format!("4 {}{end}", moves.len());
            for line in moves {
                text.push_str(line);
                text.push_str(end);
            }
            text
        };
        // Prefixes of the sample's game, each legal.
        let sample = [
            "1 2 1", "1 1 2", "4 3 1", "4 4 2", "2 1 1", "4 2 2", "3 4 1", "1 3 2", "2 4 1",
            "1 4 2", "4 1 2", "3 1 2",
        ];
        let games: [&[&str]; 6] = [
            &sample[..2],
            &sample[..1],
            &[],
            &sample[..3],
            &sample[..12],
            &sample[..5],
        ];
        for crlf_case in [None, Some(1)] {
            let mut input = String::from("6\n");
            for (k, moves) in games.iter().enumerate() {
                input.push_str(&case(moves, crlf_case == Some(k)));
            }
            let fast = replay(input.as_bytes()).expect("canonical");
            // The scalar flips answer as the fastest this processor has.
            assert_eq!(
                replay_with::<true>(input.as_bytes(), crate::flips::Scalar),
                Some(fast.clone())
            );
            let mut general = Vec::new();
            for (index, counts) in crate::solve(&crate::parse(input.as_bytes()).unwrap())
                .unwrap()
                .iter()
                .enumerate()
            {
                crate::write_answer(&mut general, index + 1, *counts);
            }
            assert_eq!(fast, general, "{input:?}");
        }
        // An illegal move in the third of four: the whole input goes to the
        // general reader.
        let mut input = String::from("4\n");
        for moves in [&sample[..1], &sample[..2], &["1 1 1"][..], &sample[..1]] {
            input.push_str(&case(moves, false));
        }
        assert_eq!(replay(input.as_bytes()), None);
    }

    #[test]
    fn anything_else_is_left_to_the_general_reader() {
        for input in [
            &b"1\n4 1\n2 1 1"[..],
            b"1\n4 1\n2  1 1\n",
            b"1\n4 1\n\n2 1 1\n",
            b"1\n4 1\n1 1 1\n",
            b"1\n4 1\n2 2 1\n",
            b"1\n10 0\n",
            b"1\n4 13\n",
            b"2\n4 0\n",
            b"1\n4 0\nx\n",
            b"01\n4 0\n",
            b"\xEF\xBB\xBF1\n4 0\n",
            b"1\n4 1\n2 1 3\n",
            b"1\n4 1\n5 1 1\n",
            b"99999999999999999999999\n",
        ] {
            assert_eq!(replay(input), None, "{:?}", String::from_utf8_lossy(input));
        }
    }
}
