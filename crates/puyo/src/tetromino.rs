//! The first round of a large field by bit masks: which puyos pop, found
//! for all of the field at once, 64 cells a word, without a flood fill.
//!
//! A puyo is in a group of four or more exactly when some four connected
//! cells of its colour contain it: from a group of four or more, the first
//! four cells a breadth-first search from the puyo reaches are connected and
//! hold it; and four connected cells of one colour are part of one group.
//! The connected sets of four cells are the 19 fixed tetrominoes. So, per
//! colour, each tetromino's placements are the cells where its four shifted
//! copies of the colour's mask all hold, and the popping puyos are the union
//! of every placement's cells: about 300 word operations per 64 cells and
//! colour, against a flood fill's hundreds of instructions per cell.
//!
//! Later rounds stay with [`crate::incremental`], which looks only where
//! puyos fell.

use crate::field::{is_colour, Field};

/// The most colours worth a mask each: a field of more is left to the flood
/// fill (each colour costs a pass over the field and a mask the field's
/// size in bits).
pub const MAX_COLOURS: usize = 8;

/// The 19 fixed tetrominoes, as `(row, column)` offsets from their top-left
/// corner.
fn tetrominoes() -> Vec<[(usize, usize); 4]> {
    let mut shapes = Vec::new();
    // Every set of four cells of a 4 × 4 box that is connected and touches
    // the box's top row and left column.
    for set in 0u32..1 << 16 {
        if set.count_ones() != 4 {
            continue;
        }
        let cells: Vec<(usize, usize)> = (0..16)
            .filter(|&i| set & (1 << i) != 0)
            .map(|i| (i as usize / 4, i as usize % 4))
            .collect();
        if cells.iter().all(|c| c.0 > 0) || cells.iter().all(|c| c.1 > 0) {
            continue;
        }
        let mut reached = vec![cells[0]];
        let mut k = 0;
        while k < reached.len() {
            let (r, c) = reached[k];
            for &next in &cells {
                let adjacent = r.abs_diff(next.0) + c.abs_diff(next.1) == 1;
                if adjacent && !reached.contains(&next) {
                    reached.push(next);
                }
            }
            k += 1;
        }
        if reached.len() == 4 {
            shapes.push([cells[0], cells[1], cells[2], cells[3]]);
        }
    }
    shapes
}

/// A field's cells of one colour as row bit masks: `words` words per row.
struct Mask {
    words: usize,
    bits: Vec<u64>,
}

impl Mask {
    fn row(&self, row: usize) -> &[u64] {
        &self.bits[row * self.words..(row + 1) * self.words]
    }
}

/// `out[w]` gets the row's bits moved `shift` columns toward column 0 (bit
/// `c` of the result is bit `c + shift` of the row), for `shift` under 64.
#[inline]
fn toward_start(row: &[u64], shift: usize, out: &mut [u64]) {
    if shift == 0 {
        out.copy_from_slice(row);
        return;
    }
    for w in 0..row.len() {
        let next = row.get(w + 1).copied().unwrap_or(0);
        out[w] = row[w] >> shift | next << (64 - shift);
    }
}

/// ORs into `out` the row's bits moved `shift` columns away from column 0
/// (bit `c + shift` of the result from bit `c`), for `shift` under 64.
#[inline]
fn or_toward_end(row: &[u64], shift: usize, out: &mut [u64]) {
    if shift == 0 {
        for (o, r) in out.iter_mut().zip(row) {
            *o |= r;
        }
        return;
    }
    for w in 0..row.len() {
        let previous = if w > 0 { row[w - 1] } else { 0 };
        out[w] |= row[w] << shift | previous >> (64 - shift);
    }
}

/// The cells (`row * width + col`) of every group of four or more in
/// `field`, or `None` when the field has more than [`MAX_COLOURS`] colours.
pub fn popping_cells(field: &Field) -> Option<Vec<u32>> {
    let (height, width) = (field.rows(), field.cols());
    let mut colours: Vec<u8> = Vec::new();
    for &cell in field.cells() {
        if is_colour(cell) && !colours.contains(&cell) {
            if colours.len() == MAX_COLOURS {
                return None;
            }
            colours.push(cell);
        }
    }
    let words = (width + 63) / 64;
    let shapes = tetrominoes();
    // Every colour's mask, made in one pass over the field.
    let mut slot_of = [usize::MAX; 256];
    for (slot, &colour) in colours.iter().enumerate() {
        slot_of[usize::from(colour)] = slot;
    }
    let mut masks: Vec<Mask> = colours
        .iter()
        .map(|_| Mask {
            words,
            bits: vec![0u64; height * words],
        })
        .collect();
    for (row, cells) in field.cells().chunks(width.max(1)).enumerate() {
        for (col, &cell) in cells.iter().enumerate() {
            let slot = slot_of[usize::from(cell)];
            if slot != usize::MAX {
                masks[slot].bits[row * words + col / 64] |= 1 << (col % 64);
            }
        }
    }
    let mut popping = vec![0u64; height * words];
    let mut anchors = vec![0u64; words];
    let mut shifted = vec![0u64; words];
    for mask in &masks {
        for shape in &shapes {
            let tall = shape.iter().map(|c| c.0).max().unwrap_or(0) + 1;
            for row in 0..height.saturating_sub(tall - 1) {
                // The placements with their top-left corner on this row.
                anchors.fill(!0);
                for &(dr, dc) in shape {
                    toward_start(mask.row(row + dr), dc, &mut shifted);
                    for (a, s) in anchors.iter_mut().zip(&shifted) {
                        *a &= s;
                    }
                }
                if anchors.iter().all(|&a| a == 0) {
                    continue;
                }
                for &(dr, dc) in shape {
                    let target = &mut popping[(row + dr) * words..(row + dr + 1) * words];
                    or_toward_end(&anchors, dc, target);
                }
            }
        }
    }
    let mut cells = Vec::new();
    for row in 0..height {
        for (w, &word) in popping[row * words..(row + 1) * words].iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let col = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                cells.push((row * width + col) as u32);
            }
        }
    }
    Some(cells)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::field;

    #[test]
    fn there_are_nineteen_fixed_tetrominoes() {
        assert_eq!(tetrominoes().len(), 19);
    }

    /// The popping cells by flood fill: each group, kept when it has four
    /// or more.
    fn by_flood_fill(f: &Field) -> Vec<u32> {
        let groups = grid::components::components(f, |&c| is_colour(c), |a, b| a == b);
        let mut cells: Vec<u32> = groups
            .iter()
            .filter(|g| g.len() >= 4)
            .flatten()
            .map(|&(r, c)| (r * f.cols() + c) as u32)
            .collect();
        cells.sort_unstable();
        cells
    }

    #[test]
    fn the_popping_cells_are_the_groups_of_four_or_more() {
        // An R square, a G snake of four, a B group of five; a lone G and
        // a garbage puyo stay.
        let f = field("RRG.\nRRGG\nBGBG\nBBBO\n");
        let mut cells = popping_cells(&f).unwrap();
        cells.sort_unstable();
        assert_eq!(cells.len(), 13);
        assert_eq!(cells, by_flood_fill(&f));
        // Random fields, wider than a word, of two to five colours.
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = |bound: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % bound
        };
        for _ in 0..200 {
            let (height, width) = (1 + next(20) as usize, 1 + next(150) as usize);
            let colours = 2 + next(4) as usize;
            let cells = (0..height * width)
                .map(|_| match next(colours as u64 + 1) as usize {
                    0 => b'.',
                    k => b"RGBYP"[k - 1],
                })
                .collect();
            let f = Field::from_vec(height, width, cells).unwrap();
            let mut fast = popping_cells(&f).unwrap();
            fast.sort_unstable();
            assert_eq!(fast, by_flood_fill(&f), "{height} x {width}");
        }
    }
}
