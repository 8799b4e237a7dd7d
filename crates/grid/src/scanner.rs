//! A byte-level reader for large line-structured numeric inputs.

use crate::input::{quote, InputError};
use crate::lines::Token;

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
    /// A scanner over checked text (see [`crate::input::ascii_text`]).
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
        if let Some(comma) = text.find(',') {
            return Err(InputError::at(
                self.line,
                column + comma,
                format!(
                    "expected {count} {what_line} separated by spaces, found a comma \
                     (write `1 2 3`, not `1,2,3`)"
                ),
            ));
        }
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
}
