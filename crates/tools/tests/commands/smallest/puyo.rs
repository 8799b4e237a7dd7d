//! Puyo's search and the model of its planted bugs.

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

/// How a puyo solution goes wrong.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum PuyoBug {
    /// Pops only the first group found each round (buggy.py).
    OneGroup,
    /// Lets each puyo fall one cell a round (buggy.cpp).
    OneCell,
    /// Pops each group as it is found, in a loop that reuses the scan's
    /// row, so the rest of the row is scanned on the row of the group's
    /// last puyo (reused_loop.py).
    ReusedLoop,
}

/// The chains a puyo solution with `bug` counts.
// The loops index rows and columns as the solutions do, to stay line for
// line with them.
#[allow(clippy::needless_range_loop)]
pub(crate) fn puyo_model(input: &str, bug: PuyoBug) -> String {
    let mut field: Vec<Vec<u8>> = input.lines().map(|l| l.as_bytes().to_vec()).collect();
    let mut chains = 0;
    loop {
        let popped = match bug {
            PuyoBug::ReusedLoop => popped_as_found(&mut field),
            _ => popping(&mut field, bug == PuyoBug::OneGroup),
        };
        if !popped {
            return format!("{chains}\n");
        }
        chains += 1;
        for c in 0..COLS {
            if bug == PuyoBug::OneCell {
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

/// Takes out the groups of four or more (only the first one found, with
/// `one_group`): whether any popped.
// The loops index rows and columns as the solutions do, to stay line for
// line with them.
#[allow(clippy::needless_range_loop)]
fn popping(field: &mut [Vec<u8>], one_group: bool) -> bool {
    let mut seen = vec![vec![false; COLS]; ROWS];
    let mut popping = Vec::new();
    for r in 0..ROWS {
        for c in 0..COLS {
            if field[r][c] == b'.' || seen[r][c] {
                continue;
            }
            let group = flood(field, &mut seen, r, c);
            if group.len() >= 4 && (popping.is_empty() || !one_group) {
                popping.extend(group);
            }
        }
    }
    for &(r, c) in &popping {
        field[r][c] = b'.';
    }
    !popping.is_empty()
}

/// Takes out each group of four or more as the scan finds it, the scan
/// going on along the row of the group's last puyo in the order the flood
/// reached them, as reused_loop.py's `for i, j in group` leaves its `i`:
/// whether any popped.
fn popped_as_found(field: &mut [Vec<u8>]) -> bool {
    let mut seen = vec![vec![false; COLS]; ROWS];
    let mut popped = false;
    for first_row in 0..ROWS {
        let mut r = first_row;
        for c in 0..COLS {
            if field[r][c] == b'.' || seen[r][c] {
                continue;
            }
            let group = flood(field, &mut seen, r, c);
            if group.len() >= 4 {
                popped = true;
                for &(y, x) in &group {
                    field[y][x] = b'.';
                }
                r = group[group.len() - 1].0;
            }
        }
    }
    popped
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
