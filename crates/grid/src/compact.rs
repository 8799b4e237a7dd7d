//! Compaction of a line toward its start.
//!
//! 2048's slide and Puyo's gravity both move every non-empty cell of a line
//! as far as it goes toward one end, keeping their order.

/// Moves every cell for which `is_empty` is false to the front of `line`,
/// keeping their order, and fills the rest with `empty`. Returns how many
/// cells are non-empty.
pub fn compact_toward_start<T: Copy>(
    line: &mut [T],
    empty: T,
    is_empty: impl Fn(T) -> bool,
) -> usize {
    let mut filled = 0;
    for i in 0..line.len() {
        let cell = line[i];
        if !is_empty(cell) {
            line[filled] = cell;
            filled += 1;
        }
    }
    for cell in &mut line[filled..] {
        *cell = empty;
    }
    filled
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_order_and_fills_the_tail() {
        let mut line = [0, 3, 0, 0, 5, 3];
        assert_eq!(compact_toward_start(&mut line, 0, |v| v == 0), 3);
        assert_eq!(line, [3, 5, 3, 0, 0, 0]);
    }

    #[test]
    fn empty_and_full_lines() {
        let mut empty: [u8; 0] = [];
        assert_eq!(compact_toward_start(&mut empty, 0, |v| v == 0), 0);
        let mut full = [1, 2];
        assert_eq!(compact_toward_start(&mut full, 0, |v| v == 0), 2);
        assert_eq!(full, [1, 2]);
    }
}
