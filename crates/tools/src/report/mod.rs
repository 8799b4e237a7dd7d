//! Rendering the commands' reports: the engine decides, these modules only
//! write what it decided, as text for a person. [`judge`] renders a
//! judging and [`case`] each of its cases, [`stress`] a stress search and
//! its failure, [`status`] the line a terminal shows while they run; the
//! helpers here are theirs to share.

pub mod case;
pub mod judge;
pub mod status;
pub mod stress;

use std::io::Write;

use engine::solution::{Prepared, Solution};
use engine::text::printable;
use engine::toolchain::Language;
use engine::verdict::Verdict;

/// `count` and the noun, in the plural unless the count is one: `1 case`,
/// `2 cases` (nouns that take an `s`).
pub fn counted(count: impl Into<u64>, noun: &str) -> String {
    let count = count.into();
    format!("{count} {noun}{}", if count == 1 { "" } else { "s" })
}

/// A word as a POSIX shell reads it back: as it is when it holds only
/// characters a shell leaves alone, else in single quotes.
pub fn shell_quote(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_-./+:,@%=".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// A solution as headings name it: `a.py (Python 3, run with python3)`.
pub fn solution_heading(solution: &Solution, language: Option<Language>, how: &str) -> String {
    format!(
        "{} ({}{how})",
        printable(&solution.shown()),
        language.map_or(String::new(), |l| format!("{}, ", l.name())),
    )
}

/// What the preparation of a solution has to say, a line each.
pub fn write_notes(out: &mut dyn Write, prepared: Option<&Prepared>) -> std::io::Result<()> {
    for note in prepared.iter().flat_map(|p| &p.notes) {
        writeln!(out, "note: {note}")?;
    }
    // What of a user's run this machine cannot contain, in one line.
    if let Some(gaps) = prepared.and(engine::runner::contain::containment().gaps()) {
        writeln!(out, "note: {gaps}")?;
    }
    Ok(())
}

/// The line of a solution that does not compile, and the compiler's
/// message: `CE   a.cpp does not compile (g++ ...):`.
pub fn write_compile_error(
    out: &mut dyn Write,
    solution: &Solution,
    command: &str,
    message: &str,
) -> std::io::Result<()> {
    writeln!(
        out,
        "{:<3}  {} does not compile ({command}):",
        Verdict::CompileError.code(),
        printable(&solution.shown())
    )?;
    write_compile_message(out, message)
}

/// A compile error's message in a report: 40 lines of it, from before its
/// first error (see `compile_message_lines`), with what was left out.
fn write_compile_message(out: &mut dyn Write, message: &str) -> std::io::Result<()> {
    let (before, lines, left) = compile_message_lines(message, 40);
    if before > 0 {
        writeln!(out, "     ({before} lines before the first error left out)")?;
    }
    for line in lines {
        writeln!(out, "     {}", printable(line))?;
    }
    if left > 0 {
        writeln!(out, "     ... and {left} more lines")?;
    }
    Ok(())
}

/// The lines of a compiler's message worth showing, at most `most`: from
/// the line before its first error (the compiler's context line, `In
/// function ...`) when warnings before it would fill them, so that they do
/// not hide it. Returns the lines left out before them, the lines, and the
/// lines left out after them.
fn compile_message_lines(message: &str, most: usize) -> (usize, Vec<&str>, usize) {
    let lines: Vec<&str> = message.lines().collect();
    // A diagnostic (`mine.c:3:5: error:`, `error[E0425]:`, `SyntaxError:`),
    // not any line with the word: a file or a variable may be named so.
    let is_error = |line: &str| {
        let line = line.trim_start();
        line.contains(": error")
            || line.contains(": fatal error")
            || line.starts_with("error")
            || line.starts_with("SyntaxError")
    };
    let first_error = lines.iter().position(|line| is_error(line)).unwrap_or(0);
    let start = if first_error >= most {
        first_error - 1
    } else {
        0
    };
    let shown: Vec<&str> = lines[start..].iter().take(most).copied().collect();
    let after = lines.len() - start - shown.len();
    (start, shown, after)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_compile_message_is_shown_from_before_its_first_error() {
        // Warnings naming a file and a variable with "error" in them.
        let mut message = String::new();
        for k in 0..50 {
            message += &format!("terror.cpp:{k}:5: warning: unused variable 'errors{k}'\n");
        }
        message += "terror.cpp: In function 'int main()':\n";
        message += "terror.cpp:51:14: error: 'x' was not declared in this scope\n";
        message += "   51 | int main(){ return x; }\n";
        let (before, lines, after) = compile_message_lines(&message, 40);
        assert_eq!(before, 50);
        assert_eq!(lines[0], "terror.cpp: In function 'int main()':");
        assert!(lines[1].contains(": error: 'x'"));
        assert_eq!(after, 0);
        // A short message is shown whole.
        let (before, lines, after) = compile_message_lines("a\nb: error: c\n", 40);
        assert_eq!((before, lines.len(), after), (0, 2, 0));
    }
}
