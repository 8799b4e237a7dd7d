//! Text from programs and files made safe to show: a solution's output, a
//! case's name or a path may hold anything, and a report on a terminal
//! must not be redrawn by it.

use std::borrow::Cow;

/// Text from a program or a file name, made safe to print to a terminal:
/// every control character but the tab is shown as an escape (`\x1b`), so
/// that a solution's output cannot clear the screen, retitle the window or
/// break the report's lines.
pub fn printable(text: &str) -> Cow<'_, str> {
    // Invisible characters that still change what a line is or how it
    // shows: a byte-order mark, zero-width ones, and the controls of the
    // text's direction (which would reorder a diff line on the terminal).
    let invisible = |c: char| matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{FEFF}');
    escaped_unless(text, |c| c == '\t' || !(c.is_control() || invisible(c)))
}

/// An input's or an answer's text, made plain to read in a diff: the
/// judges' inputs and answers are printable ASCII, so anything else (a
/// non-breaking space, a word joiner, a direction mark, a byte that was
/// not UTF-8 and reads as U+FFFD) is shown as its escape, and two lines
/// that differ never look the same.
pub fn printable_ascii(text: &str) -> Cow<'_, str> {
    escaped_unless(text, |c| c == '\t' || (' '..='~').contains(&c))
}

/// `text` with every character that `shown` says no to written as its
/// escape: `\x1b` below 128, `\u{202e}` above.
fn escaped_unless(text: &str, shown: impl Fn(char) -> bool) -> Cow<'_, str> {
    if text.chars().all(&shown) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match u32::from(c) {
            _ if shown(c) => out.push(c),
            code if code < 0x80 => out.push_str(&format!("\\x{code:02x}")),
            code => out.push_str(&format!("\\u{{{code:04x}}}")),
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invisible_and_control_characters_are_shown_escaped() {
        assert_eq!(printable("3\t4"), "3\t4");
        assert_eq!(printable("\u{feff}3"), "\\u{feff}3");
        assert_eq!(printable("a\u{202e}b\x1b"), "a\\u{202e}b\\x1b");
        // In a diff, anything but printable ASCII.
        assert_eq!(printable_ascii("4\u{2060}1\u{a0}"), "4\\u{2060}1\\u{00a0}");
        assert_eq!(printable_ascii("16\t\r"), "16\t\\x0d");
    }
}
