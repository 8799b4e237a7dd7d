//! Comparing outputs as judges do, and showing how they differ, in time
//! linear in their size.
//!
//! Lines are compared with CRLF read as LF, trailing spaces ignored and
//! trailing blank lines ignored. A difference is shown as a line diff:
//! the common head and tail are set aside (a linear scan), and what is left
//! between them is diffed line by line (insertions and deletions found as
//! such, so one missing line is one `-`) when it is small enough; past
//! [`DIFF_LINES`] lines on either side, the first lines that differ are
//! shown, each beside its counterpart.

/// The most lines on either side of the differing middle that get a real
/// line diff (which may cost the product of the two); larger middles are
/// shown line against line.
pub const DIFF_LINES: usize = 2000;

/// The most diff lines shown; the rest are counted.
const MAX_DIFF_LINES: usize = 40;

/// The lines of an output as a judge compares them: CRLF as LF, trailing
/// white space dropped, trailing blank lines dropped. The bytes need not be
/// UTF-8.
fn judge_byte_lines(bytes: &[u8]) -> Vec<&[u8]> {
    let mut lines: Vec<&[u8]> = bytes
        .split(|&b| b == b'\n')
        .map(|line| {
            let end = line
                .iter()
                .rposition(|b| !b.is_ascii_whitespace())
                .map_or(0, |i| i + 1);
            &line[..end]
        })
        .collect();
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
}

/// Whether two outputs are the same as a judge compares them.
pub fn same_output(expected: &[u8], actual: &[u8]) -> bool {
    judge_byte_lines(expected) == judge_byte_lines(actual)
}

/// `None` when the outputs are the same as a judge compares them (see
/// [`same_output`]); else a line diff, each change with its line number and
/// two lines of context:
///
/// ```text
///   - 2 | #2 12 4
///   + 2 | #2 12 5
/// ```
pub fn line_diff(expected: &str, actual: &str) -> Option<String> {
    line_diff_bytes(expected.as_bytes(), actual.as_bytes())
}

/// [`line_diff`] for bytes that need not be UTF-8 (shown with U+FFFD for
/// what is not).
pub fn line_diff_bytes(expected: &[u8], actual: &[u8]) -> Option<String> {
    let (want, got) = (judge_byte_lines(expected), judge_byte_lines(actual));
    if want == got {
        return None;
    }
    let head = want.iter().zip(&got).take_while(|(a, b)| a == b).count();
    let tail = want[head..]
        .iter()
        .rev()
        .zip(got[head..].iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    let (want_middle, got_middle) = (&want[head..want.len() - tail], &got[head..got.len() - tail]);
    let lines = if want_middle.len() <= DIFF_LINES && got_middle.len() <= DIFF_LINES {
        myers(&want, &got, head, want_middle.len(), got_middle.len())
    } else {
        side_by_side(&want, &got, head)
    };
    let shown = lines.len().min(MAX_DIFF_LINES);
    let mut text = lines[..shown].join("\n");
    text.push('\n');
    if lines.len() > shown {
        text.push_str(&format!(
            "  ... and {} more diff lines\n",
            lines.len() - shown
        ));
    }
    Some(text)
}

/// A line as shown in a diff.
fn shown(line: &[u8]) -> String {
    const LONGEST: usize = 200;
    let text = String::from_utf8_lossy(&line[..line.len().min(LONGEST)]).into_owned();
    if line.len() > LONGEST {
        format!("{text}... ({} bytes in all)", line.len())
    } else {
        text
    }
}

/// A real line diff of the middles (`want[head..head + want_len]` and
/// `got[head..head + got_len]`), with two lines of context either side.
fn myers(
    want: &[&[u8]],
    got: &[&[u8]],
    head: usize,
    want_len: usize,
    got_len: usize,
) -> Vec<String> {
    use similar::{capture_diff_slices, Algorithm, DiffTag};
    // Two lines of context from the common head and tail.
    let from = head.saturating_sub(2);
    let want_to = (head + want_len + 2).min(want.len());
    let got_to = (head + got_len + 2).min(got.len());
    let ops = capture_diff_slices(Algorithm::Myers, &want[from..want_to], &got[from..got_to]);
    let mut lines = Vec::new();
    for op in ops {
        let (tag, old, new) = op.as_tag_tuple();
        match tag {
            DiffTag::Equal => {
                for (k, line) in want[from + old.start..from + old.end].iter().enumerate() {
                    lines.push(format!(
                        "    {:>4} | {}",
                        from + new.start + k + 1,
                        shown(line)
                    ));
                }
            }
            DiffTag::Delete | DiffTag::Insert | DiffTag::Replace => {
                for (k, line) in want[from + old.start..from + old.end].iter().enumerate() {
                    lines.push(format!(
                        "  - {:>4} | {}",
                        from + old.start + k + 1,
                        shown(line)
                    ));
                }
                for (k, line) in got[from + new.start..from + new.end].iter().enumerate() {
                    lines.push(format!(
                        "  + {:>4} | {}",
                        from + new.start + k + 1,
                        shown(line)
                    ));
                }
            }
        }
    }
    lines
}

/// The first lines that differ from `head` on, each expected line beside
/// the actual one at the same place, and the line counts.
fn side_by_side(want: &[&[u8]], got: &[&[u8]], head: usize) -> Vec<String> {
    let mut lines = vec![format!(
        "  (too many lines differ for a line diff: expected {} lines, got {}; the first differences, line against line)",
        want.len(),
        got.len()
    )];
    let mut line = head;
    while lines.len() < MAX_DIFF_LINES && (line < want.len() || line < got.len()) {
        let (a, b) = (want.get(line), got.get(line));
        if a != b {
            if let Some(a) = a {
                lines.push(format!("  - {:>4} | {}", line + 1, shown(a)));
            }
            if let Some(b) = b {
                lines.push(format!("  + {:>4} | {}", line + 1, shown(b)));
            }
        }
        line += 1;
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn judge_comparison_ignores_line_endings_and_trailing_space() {
        assert!(same_output(b"16\n", b"16"));
        assert!(same_output(b"#1 0 16\r\n", b"#1 0 16  \n\n"));
        assert!(!same_output(b"16\n", b"8\n"));
        assert!(!same_output(b"1\n2\n", b"1\n"));
        assert!(!same_output(b"1 2\n", b"1  2\n"));
        assert!(same_output(b"\xff\n", b"\xff"));
    }

    #[test]
    fn a_deleted_line_is_one_deletion() {
        let expected = "#1 4 5\n#2 12 4\n#3 30 34\n#4 8 9\n#5 1 2\n";
        let actual = "#1 4 5\n#3 30 34\n#4 8 9\n#5 1 2\n";
        let diff = line_diff(expected, actual).unwrap();
        assert_eq!(diff.matches("  - ").count(), 1, "{diff}");
        assert!(!diff.contains("  + "), "{diff}");
        assert!(diff.contains("  -    2 | #2 12 4"), "{diff}");
        assert!(line_diff("16\r\n", "16").is_none());
    }

    /// Past [`DIFF_LINES`] differing lines the diff is line against line,
    /// the linear path (no timing here: a test's verdict must not depend on
    /// the machine's speed), and shows at most [`MAX_DIFF_LINES`] of them.
    #[test]
    fn large_differences_are_linear_and_show_the_first_lines() {
        let lines = 10 * DIFF_LINES;
        let expected: String = (0..lines).map(|i| format!("{i}\n")).collect();
        let actual: String = (0..lines).map(|i| format!("{}\n", i + 1)).collect();
        let diff = line_diff(&expected, &actual).unwrap();
        assert!(diff.contains("too many lines differ"), "{diff}");
        assert!(diff.contains("  -    1 | 0\n  +    1 | 1"), "{diff}");
        assert_eq!(diff.lines().count(), MAX_DIFF_LINES + 1, "{diff}");
        assert!(diff.ends_with("more diff lines\n"), "{diff}");
    }
}
