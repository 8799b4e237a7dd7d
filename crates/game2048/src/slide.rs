//! Sliding one line of tiles toward its start, with the judge's merge rule.

use grid::compact::compact_toward_start;

/// Slides the tiles of `line` toward index 0: tiles move as far as they go,
/// two equal tiles that meet merge into one of double value, a merged tile
/// does not merge again in the same move, and of three equal tiles the two
/// nearest the wall (index 0) merge first. Returns whether anything changed.
pub fn slide_line(line: &mut [u64]) -> bool {
    slide_line_noting(line, &mut |_| {})
}

/// [`slide_line`], calling `merged(i)` for each index `i` of the slid line
/// that holds a tile made by a merge (for `--explain` to mark it).
pub fn slide_line_noting(line: &mut [u64], merged: &mut dyn FnMut(usize)) -> bool {
    let before = line.to_vec();
    let filled = compact_toward_start(line, 0, |v| v == 0);
    let mut i = 0;
    let mut merges = 0;
    while i + 1 < filled {
        if line[i] == line[i + 1] {
            line[i] *= 2;
            line[i + 1] = 0;
            // Each earlier merge emptied one cell before this tile, so the
            // final compaction moves it back by that many.
            merged(i - merges);
            merges += 1;
            // The merged tile is final for this move: skip its partner.
            i += 2;
        } else {
            i += 1;
        }
    }
    compact_toward_start(line, 0, |v| v == 0);
    before != line
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slid(mut line: Vec<u64>) -> Vec<u64> {
        slide_line(&mut line);
        line
    }

    #[test]
    fn merges_pairs_once() {
        assert_eq!(slid(vec![2, 2, 2]), vec![4, 2, 0]);
        assert_eq!(slid(vec![2, 2, 2, 2]), vec![4, 4, 0, 0]);
        assert_eq!(slid(vec![4, 2, 2]), vec![4, 4, 0]);
        assert_eq!(slid(vec![2, 0, 0, 2]), vec![4, 0, 0, 0]);
        assert_eq!(slid(vec![0, 4, 4, 8]), vec![8, 8, 0, 0]);
        assert_eq!(slid(vec![2, 4, 2, 4]), vec![2, 4, 2, 4]);
    }

    #[test]
    fn notes_where_the_merged_tiles_end() {
        let mut line = vec![2, 2, 4, 4, 8, 0, 8];
        let mut merged = Vec::new();
        slide_line_noting(&mut line, &mut |i| merged.push(i));
        assert_eq!(line, vec![4, 8, 16, 0, 0, 0, 0]);
        assert_eq!(merged, vec![0, 1, 2]);
    }

    #[test]
    fn reports_change() {
        assert!(!slide_line(&mut [2, 4, 0]));
        assert!(slide_line(&mut [0, 2]));
        assert!(!slide_line(&mut []));
    }
}
