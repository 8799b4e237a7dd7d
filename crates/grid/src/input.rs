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
    let allowed = |byte: u8| matches!(byte, b'\t' | b'\n' | b'\r' | b' '..=b'~');
    // The common case is one tight pass; the position is worked out only
    // when something is wrong.
    if let Some(at) = bytes.iter().position(|&b| !allowed(b)) {
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

/// A byte-level reader of line-structured numeric input, for inputs large
/// enough that per-token allocation would show: it reads numbers in place
/// and tracks the line and column for errors. Lines hold whitespace-separated
/// non-negative numbers; blank lines between records are skipped.
pub struct Scanner<'a> {
    bytes: &'a [u8],
    at: usize,
    line: usize,
    line_start: usize,
}

impl<'a> Scanner<'a> {
    /// A scanner over checked text (see [`ascii_text`]).
    pub fn new(text: &'a str) -> Self {
        Scanner {
            bytes: text.as_bytes(),
            at: 0,
            line: 1,
            line_start: 0,
        }
    }

    /// The current line number.
    pub fn line(&self) -> usize {
        self.line
    }

    fn column(&self) -> usize {
        self.at - self.line_start + 1
    }

    /// The column where the next token on this line starts.
    pub fn next_column(&mut self) -> usize {
        self.skip_spaces();
        self.column()
    }

    fn skip_spaces(&mut self) {
        while let Some(&b) = self.bytes.get(self.at) {
            if b == b' ' || b == b'\t' || b == b'\r' {
                self.at += 1;
            } else {
                break;
            }
        }
    }

    /// Moves to the start of the next line with something on it. Returns
    /// `false` at the end of the input.
    pub fn next_record(&mut self) -> bool {
        loop {
            self.skip_spaces();
            match self.bytes.get(self.at) {
                None => return false,
                Some(b'\n') => {
                    self.at += 1;
                    self.line += 1;
                    self.line_start = self.at;
                }
                Some(_) => return true,
            }
        }
    }

    /// Like [`Scanner::next_record`], but at the end of the input an error
    /// saying that `what` was expected.
    pub fn expect_record(&mut self, what: &str) -> Result<(), InputError> {
        self.expect_record_with(|| what.to_string())
    }

    /// Like [`Scanner::expect_record`], with the description made only when
    /// it is needed (so a hot loop does not format it for every record).
    pub fn expect_record_with(&mut self, what: impl FnOnce() -> String) -> Result<(), InputError> {
        if self.next_record() {
            Ok(())
        } else {
            // The last line with something on it, for the message.
            let text = std::str::from_utf8(self.bytes).unwrap_or("").trim_end();
            let last_line = 1 + text.bytes().filter(|&b| b == b'\n').count();
            Err(InputError::at_line(
                last_line,
                format!("the input ends where {} was expected", what()),
            ))
        }
    }

    /// The next number on the current line, in `low..=high`. `position` says
    /// which of the line's `count` numbers (`what_line`) it is, for errors.
    pub fn number(
        &mut self,
        what: &str,
        low: u64,
        high: u64,
        count: usize,
        what_line: &str,
    ) -> Result<u64, InputError> {
        self.skip_spaces();
        let (start, column) = (self.at, self.column());
        // The fast path: a run of at most 18 digits (no overflow possible)
        // followed by white space or the end, and in range.
        let mut value: u64 = 0;
        let mut digits = 0;
        while let Some(&b) = self.bytes.get(self.at) {
            if !b.is_ascii_digit() || digits == 18 {
                break;
            }
            value = value * 10 + u64::from(b - b'0');
            digits += 1;
            self.at += 1;
        }
        let ends = self
            .bytes
            .get(self.at)
            .map_or(true, |b| b.is_ascii_whitespace());
        if digits > 0 && ends && (low..=high).contains(&value) {
            return Ok(value);
        }
        // Anything else is read as a whole token and judged by `Token`, which
        // gives the error message.
        while self
            .bytes
            .get(self.at)
            .is_some_and(|b| !b.is_ascii_whitespace())
        {
            self.at += 1;
        }
        if start == self.at {
            let found = self.count_on_line();
            return Err(InputError::at(
                self.line,
                column,
                format!("expected {count} {what_line} on this line, found {found}"),
            ));
        }
        // The bytes are ASCII, so this slice is valid text.
        let text = std::str::from_utf8(&self.bytes[start..self.at]).unwrap_or("");
        Token {
            text,
            line: self.line,
            column,
        }
        .parse_in(what, low, high)
    }

    /// The fast path for the commonest record: `K` one-digit numbers
    /// separated by single spaces and ending the line, which `accept` finds
    /// in range. Returns them and moves to the next line, or returns `None`
    /// and moves nothing, so the caller reads the line the general way.
    pub fn small_numbers<const K: usize>(
        &mut self,
        accept: impl Fn(&[u8; K]) -> bool,
    ) -> Option<[u8; K]> {
        let rest = &self.bytes[self.at..];
        let mut numbers = [0u8; K];
        for (k, number) in numbers.iter_mut().enumerate() {
            let digit = *rest.get(2 * k)?;
            if !digit.is_ascii_digit() {
                return None;
            }
            *number = digit - b'0';
            if k + 1 < K && rest.get(2 * k + 1) != Some(&b' ') {
                return None;
            }
        }
        let end = 2 * K - 1;
        let consumed = match (rest.get(end), rest.get(end + 1)) {
            (None, _) => end,
            (Some(b'\n'), _) => end + 1,
            (Some(b'\r'), Some(b'\n')) => end + 2,
            _ => return None,
        };
        if !accept(&numbers) {
            return None;
        }
        self.at += consumed;
        if consumed > end {
            self.line += 1;
            self.line_start = self.at;
        }
        Some(numbers)
    }

    /// How many tokens the current line holds (for an error message).
    fn count_on_line(&self) -> usize {
        let end = self.bytes[self.line_start..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(self.bytes.len(), |p| self.line_start + p);
        let line = std::str::from_utf8(&self.bytes[self.line_start..end]).unwrap_or("");
        line.split_ascii_whitespace().count()
    }

    /// Ends the current line: only spaces may remain on it.
    pub fn end_line(&mut self, count: usize, what_line: &str) -> Result<(), InputError> {
        self.skip_spaces();
        match self.bytes.get(self.at) {
            None => Ok(()),
            Some(b'\n') => {
                self.at += 1;
                self.line += 1;
                self.line_start = self.at;
                Ok(())
            }
            Some(_) => {
                let start = self.at;
                let end = self.bytes[start..]
                    .iter()
                    .position(|b| b.is_ascii_whitespace())
                    .map_or(self.bytes.len(), |p| start + p);
                let extra = std::str::from_utf8(&self.bytes[start..end]).unwrap_or("");
                Err(InputError::at(
                    self.line,
                    self.column(),
                    format!(
                        "expected {count} {what_line} on this line, found more: {}",
                        quote(extra)
                    ),
                ))
            }
        }
    }

    /// Succeeds when nothing but white space is left.
    pub fn expect_end(&mut self) -> Result<(), InputError> {
        if !self.next_record() {
            return Ok(());
        }
        let start = self.at;
        let end = self.bytes[start..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(self.bytes.len(), |p| start + p);
        let rest = std::str::from_utf8(&self.bytes[start..end])
            .unwrap_or("")
            .trim_end();
        Err(InputError::at(
            self.line,
            self.column(),
            format!("unexpected input after the end: {}", quote(rest)),
        ))
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
    fn scanner_reads_lines_of_numbers() {
        let mut s = Scanner::new("2\r\n\n 1 2 \n3 4 5\n");
        assert!(s.next_record());
        assert_eq!(s.number("T", 1, 9, 1, "number").unwrap(), 2);
        s.end_line(1, "number").unwrap();
        s.expect_record("a pair").unwrap();
        assert_eq!(s.line(), 3);
        assert_eq!(s.number("a", 0, 9, 2, "numbers").unwrap(), 1);
        assert_eq!(s.number("b", 0, 9, 2, "numbers").unwrap(), 2);
        s.end_line(2, "numbers").unwrap();
        s.expect_record("a pair").unwrap();
        s.number("a", 0, 9, 2, "numbers").unwrap();
        s.number("b", 0, 9, 2, "numbers").unwrap();
        let e = s.end_line(2, "numbers").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 4, column 5: expected 2 numbers on this line, found more: \"5\""
        );
        assert!(!s.next_record() || s.expect_end().is_err());
    }

    #[test]
    fn scanner_reports_short_lines_and_the_end() {
        let mut s = Scanner::new("1 2\n");
        s.expect_record("x").unwrap();
        s.number("a", 0, 9, 3, "numbers").unwrap();
        s.number("b", 0, 9, 3, "numbers").unwrap();
        let e = s.number("c", 0, 9, 3, "numbers").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1, column 4: expected 3 numbers on this line, found 2"
        );
        let mut t = Scanner::new("1\n");
        t.expect_record("x").unwrap();
        t.number("a", 0, 9, 1, "number").unwrap();
        t.end_line(1, "number").unwrap();
        let e = t.expect_record("a move").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1: the input ends where a move was expected"
        );
    }

    #[test]
    fn quote_shortens() {
        assert_eq!(quote("abc"), "\"abc\"");
        assert_eq!(quote(&"x".repeat(100)).len(), 24 + 5);
    }
}
