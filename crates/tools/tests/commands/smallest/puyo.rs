//! Puyo's search and the model of its two planted bugs.

use super::Smallest;

// Puyo: 12 rows of 6, as the solutions read them.
const ROWS: usize = 12;
const COLS: usize = 6;
/// The rows of the bottom that the puyo search fills.
const PUYO_ROWS: usize = 4;

/// The first failing field, puyos counted, within the bottom
/// [`PUYO_ROWS`] rows in the colours R and G.
pub(super) fn puyo(fails: impl Fn(&str) -> bool) -> Option<Smallest> {
    for puyos in 0..=PUYO_ROWS * COLS {
        let mut heights = [0usize; COLS];
        let mut found = None;
        each_heights(&mut heights, 0, puyos, &mut |heights| {
            for colours in 0u32..1 << puyos {
                let text = puyo_field(heights, colours);
                if found.is_none() && fails(&text) {
                    found = Some(text);
                }
            }
        });
        if let Some(input) = found {
            return Some(Smallest {
                measure: puyos as u64,
                input,
            });
        }
    }
    None
}

/// Calls `visit` with every column height vector from `col` on that
/// holds `left` more puyos.
fn each_heights(
    heights: &mut [usize; COLS],
    col: usize,
    left: usize,
    visit: &mut dyn FnMut(&[usize; COLS]),
) {
    if col == COLS {
        if left == 0 {
            visit(heights);
        }
        return;
    }
    for h in 0..=left.min(PUYO_ROWS) {
        heights[col] = h;
        each_heights(heights, col + 1, left - h, visit);
    }
    heights[col] = 0;
}

/// The field of columns `heights` high, the k-th puyo (column by column,
/// bottom up) R or G by bit k of `colours`.
fn puyo_field(heights: &[usize; COLS], colours: u32) -> String {
    let mut field = [[b'.'; COLS]; ROWS];
    let mut k = 0;
    for (col, &height) in heights.iter().enumerate() {
        for level in 0..height {
            field[ROWS - 1 - level][col] = if colours >> k & 1 == 1 { b'G' } else { b'R' };
            k += 1;
        }
    }
    field
        .iter()
        .map(|row| String::from_utf8_lossy(row).into_owned() + "\n")
        .collect()
}

/// The chains the puyo solutions count: `one_group` pops only the first
/// group found each round (buggy.py), `one_cell` lets each puyo fall one
/// cell a round (buggy.cpp).
// The loops index rows and columns as the solutions do, to stay line for
// line with them.
#[allow(clippy::needless_range_loop)]
pub(super) fn puyo_model(input: &str, one_group: bool, one_cell: bool) -> String {
    let mut field: Vec<Vec<u8>> = input.lines().map(|l| l.as_bytes().to_vec()).collect();
    let mut chains = 0;
    loop {
        let mut seen = vec![vec![false; COLS]; ROWS];
        let mut popping = Vec::new();
        for r in 0..ROWS {
            for c in 0..COLS {
                if field[r][c] == b'.' || seen[r][c] {
                    continue;
                }
                let group = flood(&field, &mut seen, r, c);
                if group.len() >= 4 && (popping.is_empty() || !one_group) {
                    popping.extend(group);
                }
            }
        }
        if popping.is_empty() {
            return format!("{chains}\n");
        }
        chains += 1;
        for &(r, c) in &popping {
            field[r][c] = b'.';
        }
        for c in 0..COLS {
            if one_cell {
                for r in (0..ROWS - 1).rev() {
                    if field[r][c] != b'.' && field[r + 1][c] == b'.' {
                        field[r + 1][c] = field[r][c];
                        field[r][c] = b'.';
                    }
                }
            } else {
                let stack: Vec<u8> = (0..ROWS)
                    .map(|r| field[r][c])
                    .filter(|&x| x != b'.')
                    .collect();
                for r in 0..ROWS {
                    let from_bottom = ROWS - 1 - r;
                    field[r][c] = if from_bottom < stack.len() {
                        stack[stack.len() - 1 - from_bottom]
                    } else {
                        b'.'
                    };
                }
            }
        }
    }
}

/// The group of `(r, c)`'s colour that holds it, marked seen.
fn flood(field: &[Vec<u8>], seen: &mut [Vec<bool>], r: usize, c: usize) -> Vec<(usize, usize)> {
    let colour = field[r][c];
    seen[r][c] = true;
    let mut group = vec![(r, c)];
    let mut k = 0;
    while k < group.len() {
        let (y, x) = group[k];
        k += 1;
        let near = [
            (y + 1, x),
            (y.wrapping_sub(1), x),
            (y, x + 1),
            (y, x.wrapping_sub(1)),
        ];
        for (ny, nx) in near {
            if ny < ROWS && nx < COLS && !seen[ny][nx] && field[ny][nx] == colour {
                seen[ny][nx] = true;
                group.push((ny, nx));
            }
        }
    }
    group
}
