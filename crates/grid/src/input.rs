//! Judge-input errors and the text check every parser starts with.
//!
//! Judge inputs are ASCII text. Everything wrong with one becomes an
//! [`InputError`] that says what is wrong and where (case, line, column);
//! [`crate::lines`] and [`crate::scanner`] read the text itself.

use std::fmt;

/// Why an input is refused, and where: the test case, line and column
/// (each 1-based) when they are known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    pub case: Option<usize>,
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub message: String,
    pub kind: Refusal,
}

/// Why an input is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The input is not one the problem takes.
    BadInput,
    /// The input is fine, but answering it needs more work than the
    /// solver's limit (see [`crate::budget`]).
    WorkLimit,
}

impl InputError {
    /// An error that belongs to no particular place (for example, empty input).
    pub fn new(message: impl Into<String>) -> Self {
        InputError {
            case: None,
            line: None,
            column: None,
            message: message.into(),
            kind: Refusal::BadInput,
        }
    }

    /// A valid input that needs more work than a limit allows.
    pub fn work_limit(message: impl Into<String>) -> Self {
        InputError {
            kind: Refusal::WorkLimit,
            ..InputError::new(message)
        }
    }

    /// An error at a line and column.
    pub fn at(line: usize, column: usize, message: impl Into<String>) -> Self {
        InputError {
            line: Some(line),
            column: Some(column),
            ..InputError::new(message)
        }
    }

    /// An error about a whole line.
    pub fn at_line(line: usize, message: impl Into<String>) -> Self {
        InputError {
            line: Some(line),
            ..InputError::new(message)
        }
    }

    /// The same error, said to be in test case `case` (1-based).
    pub fn in_case(mut self, case: usize) -> Self {
        self.case = Some(case);
        self
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut places = Vec::new();
        if let Some(case) = self.case {
            places.push(format!("case {case}"));
        }
        if let Some(line) = self.line {
            places.push(format!("line {line}"));
        }
        if let Some(column) = self.column {
            places.push(format!("column {column}"));
        }
        if places.is_empty() {
            write!(f, "{}", self.message)
        } else {
            write!(f, "{}: {}", places.join(", "), self.message)
        }
    }
}

impl std::error::Error for InputError {}

/// Checks that `bytes` is judge text: ASCII, with no control characters but
/// tab, line feed and carriage return.
pub fn ascii_text(bytes: &[u8]) -> Result<&str, InputError> {
    let allowed = |byte: u8| matches!(byte, b'\t' | b'\n' | b'\r' | b' '..=b'~');
    // A UTF-8 byte-order mark, which some editors put at the start of a
    // file, is not part of the input.
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    // The common case is one tight pass, in blocks with no early exit so
    // that the compiler checks many bytes an instruction (about five times
    // faster than stopping at the first bad byte); the position is worked
    // out only when something is wrong.
    const BLOCK: usize = 64;
    let clean_blocks = bytes
        .chunks_exact(BLOCK)
        .take_while(|block| block.iter().fold(true, |ok, &b| ok & allowed(b)))
        .count();
    let from = clean_blocks * BLOCK;
    if let Some(at) = bytes[from..]
        .iter()
        .position(|&b| !allowed(b))
        .map(|at| from + at)
    {
        let byte = bytes[at];
        let line = 1 + bytes[..at].iter().filter(|&&b| b == b'\n').count();
        let line_start = bytes[..at]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |p| p + 1);
        let what = if byte >= 0x80 {
            "a non-ASCII byte"
        } else {
            "a control character"
        };
        return Err(InputError::at(
            line,
            at - line_start + 1,
            format!("the input holds {what} (0x{byte:02X}); judge input is plain ASCII text"),
        ));
    }
    // Every byte is ASCII, so this cannot fail; the fallback keeps it panic-free.
    std::str::from_utf8(bytes).map_err(|_| InputError::new("the input is not valid text"))
}

/// Shortens `text` for an error message, so that a megabyte-long token does
/// not become a megabyte-long error line.
pub fn quote(text: &str) -> String {
    const LIMIT: usize = 24;
    if text.len() <= LIMIT {
        format!("\"{text}\"")
    } else {
        // The input is ASCII (see `ascii_text`), so any byte index is a char boundary;
        // `get` keeps this safe for other text too.
        let head = text.get(..LIMIT).unwrap_or("");
        format!("\"{head}...\"")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_their_place() {
        let e = InputError::at(3, 5, "bad").in_case(2);
        assert_eq!(e.to_string(), "case 2, line 3, column 5: bad");
        assert_eq!(InputError::new("empty").to_string(), "empty");
        assert_eq!(InputError::at_line(4, "short").to_string(), "line 4: short");
    }

    #[test]
    fn rejects_non_ascii_with_position() {
        let e = ascii_text("1 2\n3 \u{e9}".as_bytes()).unwrap_err();
        assert_eq!((e.line, e.column), (Some(2), Some(3)));
        assert!(ascii_text(b"a\x00").is_err());
        assert_eq!(ascii_text(b"1\r\n2\t3").unwrap(), "1\r\n2\t3");
    }

    #[test]
    fn the_first_bad_byte_is_found_wherever_it_is() {
        // Lines of seven characters and a line feed, so that a bad byte
        // falls in every place of the checker's blocks and after them.
        let text = "abc def\n".repeat(40);
        assert!(ascii_text(text.as_bytes()).is_ok());
        for at in 0..text.len() {
            for bad in [0x00u8, 0x7F, 0x80, 0xFF] {
                let mut bytes = text.clone().into_bytes();
                bytes[at] = bad;
                // A second bad byte later must not be the one reported.
                let last = bytes.len() - 1;
                if last > at {
                    bytes[last] = 0x01;
                }
                let e = ascii_text(&bytes).unwrap_err();
                assert_eq!(
                    (e.line, e.column),
                    (Some(1 + at / 8), Some(1 + at % 8)),
                    "byte 0x{bad:02X} at {at}"
                );
            }
        }
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        assert_eq!(ascii_text(b"\xEF\xBB\xBF3\n").unwrap(), "3\n");
        // Only at the start.
        assert!(ascii_text(b"3\xEF\xBB\xBF\n").is_err());
    }

    #[test]
    fn quote_shortens() {
        assert_eq!(quote("abc"), "\"abc\"");
        assert_eq!(quote(&"x".repeat(100)).len(), 24 + 5);
    }
}
