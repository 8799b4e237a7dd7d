//! `--explain`: each chain as the game shows it: the field before the pop
//! with the popping puyos in lower case (garbage cleared as `o`), then the
//! field after falling, under a chain counter. Written as it goes.
//!
//! Huge fields are explained in part, and the text says so: fields up to
//! [`DRAW_MAX_CELLS`] cells are drawn, larger ones (up to
//! [`EXPLAIN_MAX_CELLS`]) get each chain's groups as text, and the reference
//! rounds stop once they have read [`EXPLAIN_MAX_WORK`] cells in all.

use std::io::Write;

use crate::field::Field;
use crate::naive::{pop, Round};
use crate::rules::fall;

/// The largest field drawn chain by chain (64 × 64).
pub const DRAW_MAX_CELLS: usize = 1 << 12;
/// The largest field explained at all (the reference's flood fill keeps a
/// list of every group, several times the field's size).
pub const EXPLAIN_MAX_CELLS: usize = 1 << 18;
/// The most cells the explanation's rounds read in all (each round reads
/// the whole field): well under a second.
pub const EXPLAIN_MAX_WORK: usize = 1 << 26;

/// Writes the chains of `field`; see the module's description.
pub fn explain(field: &Field, out: &mut dyn Write) -> std::io::Result<()> {
    let cells = field.rows() * field.cols();
    if cells > EXPLAIN_MAX_CELLS {
        return writeln!(
            out,
            "(this field has {cells} cells; --explain explains fields of at most \
             {EXPLAIN_MAX_CELLS} cells: the answer counts its chains)"
        );
    }
    let draw = cells <= DRAW_MAX_CELLS;
    if draw {
        writeln!(
            out,
            "(each chain: the field before it pops, popping puyos in lower case and \
             cleared garbage as o, then the field after falling)"
        )?;
    } else {
        writeln!(
            out,
            "(the field has {cells} cells, too many to draw: each chain's groups are \
             listed as colour x size at (row,col) of their top-left puyo, 0-based)"
        )?;
    }
    let mut field = field.clone();
    let mut chain = 0;
    let mut work = 0;
    loop {
        if work + cells > EXPLAIN_MAX_WORK {
            return writeln!(
                out,
                "(the explanation stops after chain {chain}: explaining reads the whole \
                 field every chain; the answer counts every chain)"
            );
        }
        work += cells;
        let before = field.clone();
        let Some(round) = pop(&mut field) else {
            break;
        };
        chain += 1;
        writeln!(out, "chain {chain}: {}", summary(&round))?;
        if draw {
            writeln!(out, "before:")?;
            out.write_all(marked(&before, &round).as_bytes())?;
        } else {
            for (colour, group) in &round.groups {
                let (r, c) = group[0];
                writeln!(out, "  {} x{} at ({r},{c})", *colour as char, group.len())?;
            }
        }
        fall(&mut field);
        if draw {
            writeln!(out, "after falling:")?;
            out.write_all(crate::field::field_to_string(&field).as_bytes())?;
        }
    }
    writeln!(out, "{chain} chain{}", if chain == 1 { "" } else { "s" })
}

/// One line: the groups that pop (colour and size) and the garbage cleared.
fn summary(round: &Round) -> String {
    let groups: Vec<String> = round
        .groups
        .iter()
        .map(|(colour, cells)| format!("{} x{}", *colour as char, cells.len()))
        .collect();
    let popped: usize = round.groups.iter().map(|(_, cells)| cells.len()).sum();
    let mut text = format!("{} ({popped} puyos pop", groups.join(", "));
    if !round.garbage.is_empty() {
        text.push_str(&format!(", {} garbage cleared", round.garbage.len()));
    }
    text.push(')');
    text
}

/// The field before a pop, the popping puyos and the cleared garbage in
/// lower case.
fn marked(before: &Field, round: &Round) -> String {
    let mut shown = before.clone();
    for (_, cells) in &round.groups {
        for &cell in cells {
            shown[cell] = shown[cell].to_ascii_lowercase();
        }
    }
    for &cell in &round.garbage {
        shown[cell] = shown[cell].to_ascii_lowercase();
    }
    crate::field::field_to_string(&shown)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::sample;

    #[test]
    fn the_sample_has_three_frames_with_the_pops_marked() {
        let mut out = Vec::new();
        explain(&sample(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.matches("before:").count(), 3, "{text}");
        assert!(
            text.contains("chain 1: R x4 (4 puyos pop)\nbefore:\n"),
            "{text}"
        );
        assert!(text.contains("rrYG..\nrrYGG.\nafter falling:\n"), "{text}");
        assert!(text.ends_with("3 chains\n"), "{text}");
    }

    #[test]
    fn large_fields_are_summarised_and_say_so() {
        let wide = Field::new(1, EXPLAIN_MAX_CELLS + 1, b'.');
        let mut out = Vec::new();
        explain(&wide, &mut out).unwrap();
        assert!(String::from_utf8(out)
            .unwrap()
            .contains("explains fields of at most"));
        let big = Field::new(1, DRAW_MAX_CELLS + 1, b'.');
        let mut out = Vec::new();
        explain(&big, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.contains("too many to draw") && text.ends_with("0 chains\n"),
            "{text}"
        );
    }
}
