//! A hand-written case read as the judge would send it: the judges'
//! inputs are plain lines, so a case that breaks only their formatting (CRLF
//! line endings, trailing spaces, a missing final newline, trailing blank
//! lines, doubled spaces, `[1,1]` for `[1, 1]`) is what every solution
//! reads the same way, and is judged in its judge's form with a note. Only
//! a case that breaks a constraint is beyond the judge. The validators stay
//! strict, so generated inputs are the judge's byte for byte.

/// `input` in the judges' formatting, with what was changed, when it
/// differs from `input`.
pub fn judge_formatted(input: &[u8]) -> Option<(Vec<u8>, Vec<&'static str>)> {
    let mut changes = Vec::new();
    let mut text = input;
    if let Some(rest) = text.strip_prefix(b"\xEF\xBB\xBF") {
        text = rest;
        changes.push("a byte-order mark");
    }
    let text = String::from_utf8_lossy(text);
    if text.contains("\r\n") {
        changes.push("CRLF line endings");
    }
    let mut lines: Vec<String> = Vec::new();
    let note = |change: &'static str, changes: &mut Vec<&'static str>| {
        if !changes.contains(&change) {
            changes.push(change);
        }
    };
    for line in text.split('\n') {
        let line = line.strip_suffix('\r').unwrap_or(line);
        let trimmed = line.trim_end_matches([' ', '\t']);
        if trimmed.len() != line.len() {
            note("trailing spaces", &mut changes);
        }
        let spaced = one_space(trimmed);
        if spaced != trimmed {
            note("spacing inside lines", &mut changes);
        }
        lines.push(spaced);
    }
    // `text` ends with a line break when its last part is empty.
    match lines.last() {
        Some(last) if last.is_empty() => {
            lines.pop();
        }
        _ => note("no final line break", &mut changes),
    }
    while lines.last().is_some_and(String::is_empty) {
        lines.pop();
        note("trailing blank lines", &mut changes);
    }
    if changes.is_empty() || lines.is_empty() {
        return None;
    }
    let mut formatted = lines.join("\n");
    formatted.push('\n');
    Some((formatted.into_bytes(), changes))
}

/// A line with its words one space apart, and the judges' spacing of
/// arrays: `[1, 1]`, never `[ 1,1 ]`.
fn one_space(line: &str) -> String {
    let leading = &line[..line.len() - line.trim_start().len()];
    let mut out = String::from(leading);
    let words: Vec<&str> = line.split_whitespace().collect();
    let joined = words.join(" ");
    let mut chars = joined.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            ',' => {
                out.push_str(", ");
                while chars.peek() == Some(&' ') {
                    chars.next();
                }
            }
            '[' => {
                out.push('[');
                while chars.peek() == Some(&' ') {
                    chars.next();
                }
            }
            ' ' if chars.peek() == Some(&']') => {}
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formatting_is_read_as_the_judge_writes_it() {
        let (formatted, changes) = judge_formatted(b"3\r\n2 2  2 \r\n4 4 4\r\n\r\n").unwrap();
        assert_eq!(formatted, b"3\n2 2 2\n4 4 4\n");
        assert_eq!(
            changes,
            [
                "CRLF line endings",
                "trailing spaces",
                "spacing inside lines",
                "trailing blank lines"
            ]
        );
        let (formatted, changes) = judge_formatted(b"[[1,1]] [0,0] [0,1]").unwrap();
        assert_eq!(formatted, b"[[1, 1]] [0, 0] [0, 1]\n");
        assert_eq!(changes, ["spacing inside lines", "no final line break"]);
        // The judge's own formatting needs nothing.
        assert_eq!(judge_formatted(b"[[1, 1]] [0, 0] [0, 1]\n"), None);
        assert_eq!(judge_formatted(b"1\n2 4\n"), None);
        assert_eq!(judge_formatted(b""), None);
        let (formatted, _) = judge_formatted(b"\xEF\xBB\xBF1\n").unwrap();
        assert_eq!(formatted, b"1\n");
    }
}
