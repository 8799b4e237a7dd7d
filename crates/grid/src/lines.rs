//! Reading judge input line by line and token by token, with positions.
//!
//! CRLF line endings, trailing spaces and a missing final newline are
//! accepted; blank lines between records are skipped.

use crate::input::{quote, InputError};

/// One line of the input: its 1-based number and its text without the line
/// ending and trailing spaces or tabs.
#[derive(Clone, Copy, Debug)]
pub struct Line<'a> {
    pub number: usize,
    pub text: &'a str,
}

impl<'a> Line<'a> {
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

    /// Exactly `count` tokens, or an error that says how many were expected
    /// (and, when the line holds a comma, that tokens are separated by
    /// spaces: pasted rows often come as `2,2,2`).
    pub fn exact_tokens(&self, count: usize, what: &str) -> Result<Vec<Token<'a>>, InputError> {
        if let Some(at) = self.text.find(',') {
            let tokens = self.tokens().take(count + 1).count();
            if tokens != count {
                return Err(InputError::at(
                    self.number,
                    at + 1,
                    format!(
                        "expected {count} {what} separated by spaces, found a comma \
                         (write `1 2 3`, not `1,2,3`)"
                    ),
                ));
            }
        }
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
///
/// Blank lines are skipped in one tight pass over their bytes, counting the
/// line breaks, not line by line: a billion blank lines (a valid input of
/// 1 GB) take a fraction of a second, where splitting them into lines
/// takes seconds.
pub struct LineReader<'a> {
    text: &'a str,
    /// Where the next line starts.
    at: usize,
    /// The number of the line that starts at `at`.
    line: usize,
}

impl<'a> LineReader<'a> {
    /// A reader over `text`.
    pub fn new(text: &'a str) -> Self {
        LineReader {
            text,
            at: 0,
            line: 1,
        }
    }

    /// The number of the input's last line with something on it (1 when
    /// none has), for "ended early" errors: blank lines after it are
    /// skipped, as everywhere else.
    fn last_line(&self) -> usize {
        let bytes = self.text.as_bytes();
        bytes
            .iter()
            .rposition(|&b| !b.is_ascii_whitespace())
            .map_or(1, |last| {
                1 + bytes[..last].iter().filter(|&&b| b == b'\n').count()
            })
    }

    /// The next line with something on it, or `None` at the end of input.
    pub fn next_nonblank(&mut self) -> Option<Line<'a>> {
        let bytes = self.text.as_bytes();
        let rest = &bytes[self.at..];
        let Some(skip) = rest.iter().position(|&b| !b.is_ascii_whitespace()) else {
            self.line += rest.iter().filter(|&&b| b == b'\n').count();
            self.at = bytes.len();
            return None;
        };
        let skipped = &rest[..skip];
        let number = self.line + skipped.iter().filter(|&&b| b == b'\n').count();
        // The line holding the first byte that is not white space starts
        // after the last line break skipped (its leading spaces are kept:
        // they count in the columns).
        let start = self.at
            + skipped
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |p| p + 1);
        let end = bytes[start..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(bytes.len(), |p| start + p);
        self.at = (end + 1).min(bytes.len());
        self.line = number + 1;
        Some(Line {
            number,
            text: self.text[start..end].trim_end(),
        })
    }

    /// The next line with something on it; at the end of input, an error
    /// saying that `what` was expected.
    pub fn expect_line(&mut self, what: &str) -> Result<Line<'a>, InputError> {
        self.next_nonblank().ok_or_else(|| {
            InputError::at_line(
                self.last_line(),
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

    /// A plain line-by-line reader: the reference for the one that skips
    /// blank runs in one pass.
    fn split_lines(text: &str) -> (Vec<(usize, &str)>, usize) {
        let lines: Vec<(usize, &str)> = text
            .split('\n')
            .enumerate()
            .map(|(index, raw)| (index + 1, raw.trim_end()))
            .filter(|(_, line)| !line.trim().is_empty())
            .collect();
        let last = lines.last().map_or(1, |&(number, _)| number);
        (lines, last)
    }

    #[test]
    fn skipping_blank_runs_reads_what_splitting_lines_reads() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let alphabet = [b' ', b'\t', b'\r', b'\n', b'\n', b'a', b'1'];
        for _ in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let length = (state % 24) as usize;
            let text: String = (0..length)
                .map(|k| alphabet[((state >> (2 * k % 60)) % 7) as usize] as char)
                .collect();
            let (expected, last) = split_lines(&text);
            let mut reader = LineReader::new(&text);
            let mut read = Vec::new();
            while let Some(line) = reader.next_nonblank() {
                read.push((line.number, line.text));
            }
            assert_eq!(read, expected, "{text:?}");
            assert_eq!(LineReader::new(&text).last_line(), last, "{text:?}");
        }
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
    fn commas_get_a_hint() {
        let mut r = LineReader::new("2,2,2\n");
        let e = r
            .expect_line("a row")
            .unwrap()
            .exact_tokens(3, "tile values")
            .unwrap_err();
        assert_eq!((e.line, e.column), (Some(1), Some(2)));
        assert!(e.message.contains("not `1,2,3`"), "{e}");
        // A comma in a line of the right count is the token's own problem.
        let mut r = LineReader::new("1, 2 3\n");
        assert_eq!(
            r.expect_line("a row")
                .unwrap()
                .exact_tokens(3, "x")
                .unwrap()
                .len(),
            3
        );
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
}
