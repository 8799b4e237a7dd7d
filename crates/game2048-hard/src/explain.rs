//! `--explain`: the answer told the way a person follows it. TODO: the
//! stand-in draws the grid with the largest group's cells as `@`.

use std::io::Write;

use crate::parse::Input;

/// Writes the explanation of `input`'s answer to `out`, as it goes.
pub fn explain(input: &Input, out: &mut dyn Write) -> std::io::Result<()> {
    let groups = grid::components::components(input, |&cell| cell, |_, _| true);
    let largest = groups.iter().max_by_key(|g| g.len());
    writeln!(
        out,
        "{} groups; the largest has {} cells (`@`):",
        groups.len(),
        largest.map_or(0, Vec::len)
    )?;
    for row in 0..input.rows() {
        let line: String = (0..input.cols())
            .map(|col| match (input[(row, col)], largest) {
                (true, Some(group)) if group.contains(&(row, col)) => '@',
                (true, _) => '#',
                (false, _) => '.',
            })
            .collect();
        writeln!(out, "{line}")?;
    }
    Ok(())
}
