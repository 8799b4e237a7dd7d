//! `--explain`: each chain's popped groups, the garbage cleared, and the
//! field after falling.

use crate::field::{field_to_string, Field};
use crate::naive::pop;
use crate::rules::fall;

/// Cells as `(row,col)` pairs, 0-based from the top left.
fn cells_text(cells: &[(usize, usize)]) -> String {
    let parts: Vec<String> = cells.iter().map(|(r, c)| format!("({r},{c})")).collect();
    parts.join(" ")
}

/// A description of every chain of `field`.
pub fn explain(field: &Field) -> String {
    let mut field = field.clone();
    let mut out = String::from("(cells are (row,col), 0-based from the top left)\n");
    let mut chain = 0;
    while let Some(round) = pop(&mut field) {
        fall(&mut field);
        chain += 1;
        out.push_str(&format!("chain {chain}:\n"));
        for (colour, cells) in &round.groups {
            out.push_str(&format!(
                "  {} x{}: {}\n",
                *colour as char,
                cells.len(),
                cells_text(cells)
            ));
        }
        if !round.garbage.is_empty() {
            out.push_str(&format!(
                "  garbage cleared x{}: {}\n",
                round.garbage.len(),
                cells_text(&round.garbage)
            ));
        }
        out.push_str("  field after falling:\n");
        for line in field_to_string(&field).lines() {
            out.push_str("  ");
            out.push_str(line);
            out.push('\n');
        }
    }
    out.push_str(&format!("{chain} chains\n"));
    out
}
