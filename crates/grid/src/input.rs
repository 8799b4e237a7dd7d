//! Judge-input reading that reports every error with its line and column.
//!
//! Judge inputs are ASCII text made of lines of whitespace-separated tokens.
//! The helpers here accept CRLF line endings, trailing spaces and a missing
//! final newline, and turn everything else that is wrong into one
//! [`InputError`] that says what is wrong and where.

use std::fmt;

/// What is wrong with an input, and where: the test case, line and column
/// (each 1-based) when they are known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    pub case: Option<usize>,
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub message: String,
}

impl InputError {
    /// An error that belongs to no particular place (for example, empty input).
    pub fn new(message: impl Into<String>) -> Self {
        InputError {
            case: None,
            line: None,
            column: None,
            message: message.into(),
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
    let (mut line, mut column) = (1, 1);
    for &byte in bytes {
        let allowed = matches!(byte, b'\t' | b'\n' | b'\r' | b' '..=b'~');
        if !allowed {
            let what = if byte >= 0x80 {
                "a non-ASCII byte"
            } else {
                "a control character"
            };
            return Err(InputError::at(
                line,
                column,
                format!("the input holds {what} (0x{byte:02X}); judge input is plain ASCII text"),
            ));
        }
        if byte == b'\n' {
            line += 1;
            column = 1;
        } else {
            column += 1;
        }
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

/// One line of the input: its 1-based number and its text without the line
/// ending and trailing spaces or tabs.
#[derive(Clone, Copy, Debug)]
pub struct Line<'a> {
    pub number: usize,
    pub text: &'a str,
}

impl<'a> Line<'a> {
    /// Whether the line holds nothing but white space.
    pub fn is_blank(&self) -> bool {
        self.text.trim().is_empty()
    }

    /// The whitespace-separated tokens of the line, with their columns.
    pub fn tokens(&self) -> impl Iterator<Item = Token<'a>> + 'a {
        let (text, line) = (self.text, self.number);
        let bytes = text.as_bytes();
        let mut start = 0;
        std::iter::from_fn(move || {
            while start < bytes.len() && bytes[start].is_ascii_whitespace() {
                start += 1;
            }
            if start >= bytes.len() {
                return None;
            }
            let mut end = start;
            while end < bytes.len() && !bytes[end].is_ascii_whitespace() {
                end += 1;
            }
            let token = Token {
                text: &text[start..end],
                line,
                column: start + 1,
            };
            start = end;
            Some(token)
        })
    }

    /// Exactly `count` tokens, or an error that says how many were expected.
    pub fn exact_tokens(&self, count: usize, what: &str) -> Result<Vec<Token<'a>>, InputError> {
        // Take one more than needed, so a line of a million tokens costs no more
        // than a line of `count + 1`.
        let tokens: Vec<Token<'a>> = self.tokens().take(count + 1).collect();
        if tokens.len() == count {
            return Ok(tokens);
        }
        if tokens.len() > count {
            let extra = tokens[count];
            return Err(extra.error(format!(
                "expected {count} {what} on this line, found more: {}",
                quote(extra.text)
            )));
        }
        let found = tokens.len();
        Err(InputError::at(
            self.number,
            self.text.len() + 1,
            format!("expected {count} {what} on this line, found {found}"),
        ))
    }
}

/// A whitespace-separated token and where it starts.
#[derive(Clone, Copy, Debug)]
pub struct Token<'a> {
    pub text: &'a str,
    pub line: usize,
    pub column: usize,
}

impl Token<'_> {
    /// An error at this token.
    pub fn error(&self, message: impl Into<String>) -> InputError {
        InputError::at(self.line, self.column, message)
    }

    /// The token as a non-negative decimal number; `what` names it in errors.
    pub fn parse_u64(&self, what: &str) -> Result<u64, InputError> {
        let text = self.text;
        let digits = text.strip_prefix('+').unwrap_or(text);
        if text.starts_with('-') && text.len() > 1 && text[1..].bytes().all(|b| b.is_ascii_digit())
        {
            return Err(self.error(format!(
                "{what} must not be negative, found {}",
                quote(text)
            )));
        }
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(self.error(format!("expected {what}, found {}", quote(text))));
        }
        digits
            .parse::<u64>()
            .map_err(|_| self.error(format!("{what} {} is too large", quote(text))))
    }

    /// The token as a number in `low..=high`; `what` names it in errors.
    pub fn parse_in(&self, what: &str, low: u64, high: u64) -> Result<u64, InputError> {
        let value = self.parse_u64(what).map_err(|e| {
            if e.message.ends_with("too large") {
                self.error(format!(
                    "{what} must be from {low} to {high}, found {}",
                    quote(self.text)
                ))
            } else {
                e
            }
        })?;
        if value < low || value > high {
            return Err(self.error(format!(
                "{what} must be from {low} to {high}, found {value}"
            )));
        }
        Ok(value)
    }
}

/// Reads an input line by line, skipping blank lines between records.
pub struct LineReader<'a> {
    lines: std::iter::Enumerate<std::str::Split<'a, char>>,
    /// The number of the last line (for "ended early" errors).
    last_line: usize,
}

impl<'a> LineReader<'a> {
    /// A reader over `text`.
    pub fn new(text: &'a str) -> Self {
        // A final newline ends the last line; it does not start another.
        let last_line = text.trim_end_matches(['\n', '\r']).split('\n').count();
        LineReader {
            lines: text.split('\n').enumerate(),
            last_line,
        }
    }

    /// The next line with something on it, or `None` at the end of input.
    pub fn next_nonblank(&mut self) -> Option<Line<'a>> {
        for (index, raw) in self.lines.by_ref() {
            let line = Line {
                number: index + 1,
                text: raw.trim_end(),
            };
            if !line.is_blank() {
                return Some(line);
            }
        }
        None
    }

    /// The next line with something on it; at the end of input, an error
    /// saying that `what` was expected.
    pub fn expect_line(&mut self, what: &str) -> Result<Line<'a>, InputError> {
        let last_line = self.last_line;
        self.next_nonblank().ok_or_else(|| {
            InputError::at_line(
                last_line,
                format!("the input ends where {what} was expected"),
            )
        })
    }

    /// Succeeds when nothing but blank lines is left.
    pub fn expect_end(&mut self) -> Result<(), InputError> {
        match self.next_nonblank() {
            None => Ok(()),
            Some(line) => {
                let first = line.tokens().next().map_or(1, |t| t.column);
                Err(InputError::at(
                    line.number,
                    first,
                    format!(
                        "unexpected input after the end: {}",
                        quote(line.text.trim())
                    ),
                ))
            }
        }
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
    fn lines_trim_crlf_and_skip_blanks() {
        let mut r = LineReader::new("\r\n 1 2 \r\n\r\n3\n");
        let first = r.next_nonblank().unwrap();
        assert_eq!((first.number, first.text), (2, " 1 2"));
        let cols: Vec<_> = first.tokens().map(|t| (t.text, t.column)).collect();
        assert_eq!(cols, vec![("1", 2), ("2", 4)]);
        assert_eq!(r.expect_line("x").unwrap().text, "3");
        assert!(r.expect_end().is_ok());
        assert!(r.expect_line("a row").is_err());
    }

    #[test]
    fn numbers_are_checked() {
        let tok = |text| Token {
            text,
            line: 1,
            column: 1,
        };
        assert_eq!(tok("42").parse_u64("N").unwrap(), 42);
        assert_eq!(tok("+7").parse_u64("N").unwrap(), 7);
        assert!(tok("-1")
            .parse_u64("N")
            .unwrap_err()
            .message
            .contains("negative"));
        assert!(tok("1x")
            .parse_u64("N")
            .unwrap_err()
            .message
            .contains("expected N"));
        assert!(tok("99999999999999999999")
            .parse_u64("N")
            .unwrap_err()
            .message
            .contains("too large"));
        assert!(tok("99999999999999999999")
            .parse_in("N", 1, 20)
            .unwrap_err()
            .message
            .contains("from 1 to 20"));
        assert!(tok("0").parse_in("N", 1, 20).is_err());
        assert_eq!(tok("20").parse_in("N", 1, 20).unwrap(), 20);
    }

    #[test]
    fn exact_token_counts() {
        let line = Line {
            number: 2,
            text: "1 2 3",
        };
        assert_eq!(line.exact_tokens(3, "numbers").unwrap().len(), 3);
        let short = line.exact_tokens(4, "numbers").unwrap_err();
        assert_eq!(
            short.to_string(),
            "line 2, column 6: expected 4 numbers on this line, found 3"
        );
        let long = line.exact_tokens(2, "numbers").unwrap_err();
        assert_eq!(long.column, Some(5));
    }

    #[test]
    fn quote_shortens() {
        assert_eq!(quote("abc"), "\"abc\"");
        assert_eq!(quote(&"x".repeat(100)).len(), 24 + 5);
    }
}
