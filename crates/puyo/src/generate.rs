//! Random fields for `cargo gen`, `cargo stress` and the property tests,
//! and the one-step simplifications `cargo stress` shrinks a failing field
//! with. Never bundled (it uses the `problem-kit` crate).
//!
//! The judge-valid fields cover the judge's whole space (every colour, an
//! empty field, a single puyo, a full field) and lean toward where Puyo
//! solutions go wrong: several groups popping in the same round (side by
//! side or stacked), groups of exactly four, long chains, and tall columns
//! that fall far.

use grid::Grid;
use problem_kit::SplitMix64;

use crate::field::{Field, EMPTY, GARBAGE};
use crate::rules::fall;
use crate::validate::{JUDGE_COLOURS, JUDGE_COLS, JUDGE_ROWS};

/// The colours the beyond-judge fields use: the judge's five, then others
/// the binaries accept.
pub const COLOURS: [u8; 8] = *b"RGBYPACZ";

/// A judge-valid 12 × 6 field whose columns are at most `tallest` puyos
/// high (1 to 12).
pub fn judge_field(seed: u64, tallest: usize) -> Field {
    let mut rng = SplitMix64::new(seed);
    let tallest = tallest.clamp(1, JUDGE_ROWS);
    // A palette of one to five of the judge's colours, in a random order,
    // so that every colour appears across seeds.
    let mut palette = JUDGE_COLOURS.to_vec();
    for i in (1..palette.len()).rev() {
        palette.swap(i, rng.below(i as u64 + 1) as usize);
    }
    palette.truncate(rng.between(1, 5) as usize);
    // Columns as stacks, bottom first.
    let mut stacks: Vec<Vec<u8>> = vec![Vec::new(); JUDGE_COLS];
    match rng.below(7) {
        // A few puyos: none, a single one, a pair, a near group.
        0 => {
            for _ in 0..rng.between(0, 6) {
                let col = rng.below(JUDGE_COLS as u64) as usize;
                if stacks[col].len() < tallest {
                    stacks[col].push(pick(&palette, &mut rng));
                }
            }
        }
        // Independent colours on random heights.
        1 => {
            for stack in stacks.iter_mut() {
                for _ in 0..rng.between(0, tallest as u64) {
                    stack.push(pick(&palette, &mut rng));
                }
            }
        }
        // Groups of exactly four, stacked or side by side, on a low floor.
        2 => {
            for stack in stacks.iter_mut() {
                for _ in 0..rng.below(3).min(tallest as u64) {
                    stack.push(pick(&palette, &mut rng));
                }
            }
            for _ in 0..rng.between(1, 3) {
                place_group_of_four(&mut stacks, tallest, &palette, &mut rng);
            }
        }
        // The chain-richest of a dozen sticky fields.
        3 => {
            let mut best = (0, sticky(tallest, false, &palette, &mut rng));
            for _ in 0..12 {
                let candidate = sticky(tallest, false, &palette, &mut rng);
                let chains = crate::chain_count(&to_field(&candidate));
                if chains > best.0 {
                    best = (chains, candidate);
                }
            }
            stacks = best.1;
        }
        // Tall columns: every one at the tallest height or nearly.
        4 => stacks = sticky(tallest, true, &palette, &mut rng),
        // A full field.
        5 => {
            stacks = sticky(tallest, true, &palette, &mut rng);
            for stack in stacks.iter_mut() {
                while stack.len() < tallest {
                    stack.push(pick(&palette, &mut rng));
                }
            }
        }
        // Sticky fields of random heights: groups form, and some chain.
        _ => stacks = sticky(tallest, false, &palette, &mut rng),
    }
    to_field(&stacks)
}

/// A colour of `palette`.
fn pick(palette: &[u8], rng: &mut SplitMix64) -> u8 {
    palette[rng.below(palette.len() as u64) as usize]
}

/// Columns where a puyo often takes the colour below it or to its left,
/// so that groups form; `tall` makes every column nearly `tallest` high.
fn sticky(tallest: usize, tall: bool, palette: &[u8], rng: &mut SplitMix64) -> Vec<Vec<u8>> {
    let mut stacks: Vec<Vec<u8>> = vec![Vec::new(); JUDGE_COLS];
    for col in 0..JUDGE_COLS {
        let low = if tall { tallest.saturating_sub(2) } else { 0 };
        let height = rng.between(low as u64, tallest as u64) as usize;
        for level in 0..height {
            let below = level.checked_sub(1).map(|l| stacks[col][l]);
            let left = col
                .checked_sub(1)
                .and_then(|c| stacks[c].get(level).copied());
            let colour = match rng.below(5) {
                0 | 1 if below.is_some() => below.unwrap_or(EMPTY),
                2 if left.is_some() => left.unwrap_or(EMPTY),
                _ => pick(palette, rng),
            };
            stacks[col].push(colour);
        }
    }
    stacks
}

/// Adds a group of four puyos of one colour: a column of four, a row of
/// four or a square, levelled with filler first where it spans columns.
fn place_group_of_four(
    stacks: &mut [Vec<u8>],
    tallest: usize,
    palette: &[u8],
    rng: &mut SplitMix64,
) {
    let colour = pick(palette, rng);
    let (width, height) = match rng.below(3) {
        0 => (1, 4),
        1 => (4, 1),
        _ => (2, 2),
    };
    let first = rng.below((JUDGE_COLS - width + 1) as u64) as usize;
    let columns = first..first + width;
    let level = columns.clone().map(|c| stacks[c].len()).max().unwrap_or(0);
    if level + height > tallest {
        return;
    }
    for col in columns {
        while stacks[col].len() < level {
            let filler = pick(palette, rng);
            stacks[col].push(filler);
        }
        stacks[col].extend(std::iter::repeat(colour).take(height));
    }
}

/// The 12 × 6 field of columns given bottom first.
fn to_field(stacks: &[Vec<u8>]) -> Field {
    let mut field = Grid::new(JUDGE_ROWS, JUDGE_COLS, EMPTY);
    for (col, stack) in stacks.iter().enumerate() {
        for (level, &cell) in stack.iter().enumerate().take(JUDGE_ROWS) {
            field[(JUDGE_ROWS - 1 - level, col)] = cell;
        }
    }
    field
}

/// A random settled `height × width` field: each column gets a random
/// height, and each puyo a colour from the first `palette` of [`COLOURS`],
/// or garbage with probability `garbage_percent`%.
pub fn random_settled(
    height: usize,
    width: usize,
    palette: usize,
    garbage_percent: u64,
    rng: &mut SplitMix64,
) -> Field {
    let mut field = Grid::new(height, width, EMPTY);
    for col in 0..width {
        let filled = rng.below(height as u64 + 1) as usize;
        for k in 0..filled {
            let cell = if rng.chance(garbage_percent, 100) {
                GARBAGE
            } else {
                COLOURS[rng.below(palette as u64) as usize]
            };
            field[(height - 1 - k, col)] = cell;
        }
    }
    field
}

/// A field beyond the judge's limits: 12 × 6 for sizes up to 3, then
/// `4·size` rows of `2·size` cells; four colours (some beyond the judge's
/// five), a tenth of the puyos garbage.
pub fn beyond_field(seed: u64, size: usize) -> Field {
    let mut rng = SplitMix64::new(seed);
    let (height, width) = if size <= 3 {
        (JUDGE_ROWS, JUDGE_COLS)
    } else {
        (4 * size, 2 * size)
    };
    let palette = if rng.chance(1, 2) { 4 } else { COLOURS.len() };
    random_settled(height, width, palette, 10, &mut rng)
}

/// The fields one step simpler than `field`: a colour, a group or a row
/// of puyos taken out, a column emptied, an empty column closed up (the
/// columns to its left move right), a column taken out with the columns on
/// one side closing up, one puyo taken out, then a group or a puyo
/// recoloured to a colour earlier in byte order. Whatever is taken out
/// lets the puyos above it fall.
pub fn simplifications(field: &Field) -> Vec<Field> {
    let mut out = Vec::new();
    let colours: std::collections::BTreeSet<u8> = field
        .cells()
        .iter()
        .copied()
        .filter(|&c| c != EMPTY)
        .collect();
    for &colour in &colours {
        out.push(cleared(field, |_, _, cell| cell == colour));
    }
    let groups = groups(field);
    for group in &groups {
        out.push(cleared(field, |r, c, _| group.contains(&(r, c))));
    }
    for row in 0..field.rows() {
        if field.row(row).iter().any(|&c| c != EMPTY) {
            out.push(cleared(field, |r, _, _| r == row));
        }
    }
    for col in 0..field.cols() {
        if (0..field.rows()).any(|row| field[(row, col)] != EMPTY) {
            out.push(cleared(field, |_, c, _| c == col));
        } else if col > 0 {
            out.push(closed_up(field, col));
        }
    }
    out.extend(columns_taken_out(field));
    for row in 0..field.rows() {
        for col in 0..field.cols() {
            if field[(row, col)] != EMPTY {
                out.push(cleared(field, |r, c, _| (r, c) == (row, col)));
            }
        }
    }
    for group in &groups {
        let (r, c) = group[0];
        for &colour in colours.iter().filter(|&&colour| colour < field[(r, c)]) {
            let mut simpler = field.clone();
            for &cell in group {
                simpler[cell] = colour;
            }
            out.push(simpler);
            if group.len() > 1 {
                let mut simpler = field.clone();
                simpler[(r, c)] = colour;
                out.push(simpler);
            }
        }
    }
    // Closing up an empty column with nothing on its left changes nothing.
    out.retain(|simpler| simpler != field);
    out
}

/// `field` without the puyos `gone` picks (by row, column and cell), the
/// puyos above them fallen.
fn cleared(field: &Field, gone: impl Fn(usize, usize, u8) -> bool) -> Field {
    let mut simpler = field.clone();
    for row in 0..field.rows() {
        for col in 0..field.cols() {
            if field[(row, col)] != EMPTY && gone(row, col, field[(row, col)]) {
                simpler[(row, col)] = EMPTY;
            }
        }
    }
    fall(&mut simpler);
    simpler
}

/// `field` with its empty column `gone` closed up: the columns left of it
/// move one to the right, and the first column is empty.
fn closed_up(field: &Field, gone: usize) -> Field {
    let mut simpler = field.clone();
    for row in 0..field.rows() {
        for col in (1..=gone).rev() {
            simpler[(row, col)] = field[(row, col - 1)];
        }
        simpler[(row, 0)] = EMPTY;
    }
    simpler
}

/// `field` with each column that holds puyos taken out, the columns on
/// its right moving one left or those on its left moving one right, where
/// there are puyos to move. The rest of the field keeps its shape: a bug
/// that needs one puyo beside a line of others (a scan that resumes on the
/// wrong row, say) keeps failing once a column of filler between them is
/// gone, where emptying the column alone breaks the pattern and closing it
/// up is a second step that no failing field leads to.
fn columns_taken_out(field: &Field) -> Vec<Field> {
    let (rows, cols) = (field.rows(), field.cols());
    let holds = |col: usize| (0..rows).any(|row| field[(row, col)] != EMPTY);
    let mut out = Vec::new();
    for gone in (0..cols).filter(|&col| holds(col)) {
        if (gone + 1..cols).any(holds) {
            let mut simpler = field.clone();
            for row in 0..rows {
                for col in gone..cols - 1 {
                    simpler[(row, col)] = field[(row, col + 1)];
                }
                simpler[(row, cols - 1)] = EMPTY;
            }
            out.push(simpler);
        }
        if (0..gone).any(holds) {
            let emptied = cleared(field, |_, c, _| c == gone);
            out.push(closed_up(&emptied, gone));
        }
    }
    out
}

/// The field's groups: the cells of one colour joined side by side, each
/// group's first cell the first in reading order.
pub fn groups(field: &Field) -> Vec<Vec<(usize, usize)>> {
    let (rows, cols) = (field.rows(), field.cols());
    let mut seen = vec![false; rows * cols];
    let mut out = Vec::new();
    for start in 0..rows * cols {
        let colour = field[(start / cols, start % cols)];
        if colour == EMPTY || seen[start] {
            continue;
        }
        seen[start] = true;
        let mut group = vec![(start / cols, start % cols)];
        let mut next = 0;
        while let Some(&(r, c)) = group.get(next) {
            next += 1;
            let near = [
                (r + 1, c),
                (r.wrapping_sub(1), c),
                (r, c + 1),
                (r, c.wrapping_sub(1)),
            ];
            for (nr, nc) in near {
                if nr < rows && nc < cols && !seen[nr * cols + nc] && field[(nr, nc)] == colour {
                    seen[nr * cols + nc] = true;
                    group.push((nr, nc));
                }
            }
        }
        out.push(group);
    }
    out
}

/// `field` with only the rows `keep` marks (the others' puyos taken out,
/// the puyos above them fallen).
pub fn keep_rows(field: &Field, keep: &[bool]) -> Field {
    cleared(field, |r, _, _| !keep.get(r).copied().unwrap_or(true))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::field_to_string;

    #[test]
    fn judge_fields_are_valid_and_cover_the_judge_space() {
        let mut colours = std::collections::BTreeSet::new();
        let (mut empty, mut single, mut full, mut chains) = (false, false, false, [0usize; 8]);
        for seed in 0..3000 {
            let field = judge_field(seed, 12);
            let text = field_to_string(&field);
            assert_eq!(crate::validate::validate(text.as_bytes()), Ok(()), "{text}");
            let puyos = field.cells().iter().filter(|&&c| c != EMPTY).count();
            colours.extend(field.cells().iter().copied().filter(|&c| c != EMPTY));
            empty |= puyos == 0;
            single |= puyos == 1;
            full |= puyos == JUDGE_ROWS * JUDGE_COLS;
            chains[crate::chain_count(&field).min(7)] += 1;
        }
        assert_eq!(colours.len(), 5, "{colours:?}");
        assert!(single && full, "single {single}, full {full}");
        // Chains of every length up to four, and some longer.
        assert!(chains[..5].iter().all(|&n| n > 0), "{chains:?}");
        assert!(chains[5..].iter().sum::<usize>() > 0, "{chains:?}");
        // Small sizes stay small, and an empty field comes up among them.
        for seed in 0..500 {
            let field = judge_field(seed, 2);
            assert!((0..JUDGE_ROWS - 2).all(|r| field.row(r).iter().all(|&c| c == EMPTY)));
            empty |= field.cells().iter().all(|&c| c == EMPTY);
        }
        assert!(empty);
    }

    #[test]
    fn simplifications_take_out_and_recolour() {
        let field = crate::parse(
            ("......\n".repeat(10) + "R.....\nRG....\n").as_bytes(),
            crate::Floating::Reject,
        )
        .unwrap();
        let simpler: Vec<String> = simplifications(&field)
            .iter()
            .map(field_to_string)
            .collect();
        // Two colours, two groups and two rows to take out, two columns to
        // empty, four empty columns to close up, the R column taken out with
        // the G one moving left and the G column with the R one moving
        // right, three puyos to drop, and the R group (or its first puyo) to
        // make G, the earlier colour.
        assert_eq!(simpler.len(), 2 + 2 + 2 + 2 + 4 + 2 + 3 + 2, "{simpler:?}");
        assert!(simpler.iter().any(|f| f.ends_with("......\nG.....\n")));
        assert!(simpler.iter().any(|f| f.ends_with(".R....\n.R....\n")));
        // Dropping the lower R lets the upper one fall into its place.
        assert!(simpler.iter().any(|f| f.ends_with("......\nRG....\n")));
        assert!(simpler.iter().any(|f| f.ends_with("G.....\nGG....\n")));
        assert!(simpler.iter().any(|f| f.ends_with(".R....\n.RG...\n")));
    }
}
