//! Validators: an input held to a judge's published constraints, as
//! testlib's validators hold a Polygon problem's tests.
//!
//! The binaries accept far more than a judge ever sends (CRLF line endings,
//! blank lines, larger boards, a byte-order mark). A user's own solution is
//! only promised the judge's inputs, so each problem's contract says, through
//! [`crate::Problem::validate`], whether an input is one of them, and if not
//! which rule it breaks and where. [`Strict`] reads such an input the way a
//! judge writes it: single spaces between tokens, `\n` line endings, a final
//! newline, nothing else.

use grid::InputError;

/// Whether an input is within the judge's published constraints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Space {
    /// Within the judge's constraints: what a judge solution is promised.
    Judge,
    /// Anything the workspace's solvers accept, beyond the judge's limits
    /// too (larger boards, other characters, looser formatting).
    Beyond,
}

impl Space {
    /// `judge-valid` or `beyond-judge`, as the tools print it.
    pub fn label(self) -> &'static str {
        match self {
            Space::Judge => "judge-valid",
            Space::Beyond => "beyond-judge",
        }
    }
}

/// A strict reader of judge input: every byte must be where the judge's
/// format puts it, and every error says where it is (line and column,
/// 1-based).
#[derive(Clone, Debug)]
pub struct Strict<'a> {
    bytes: &'a [u8],
    position: usize,
    line: usize,
    line_start: usize,
}

impl<'a> Strict<'a> {
    /// A reader at the start of `bytes`.
    pub fn new(bytes: &'a [u8]) -> Self {
        Strict {
            bytes,
            position: 0,
            line: 1,
            line_start: 0,
        }
    }

    /// The line being read (1-based).
    pub fn line(&self) -> usize {
        self.line
    }

    /// The column of the next byte (1-based).
    pub fn column(&self) -> usize {
        self.position - self.line_start + 1
    }

    /// An error at the next byte.
    pub fn error(&self, message: impl Into<String>) -> InputError {
        InputError::at(self.line, self.column(), message)
    }

    /// An error at a column of the current line.
    pub fn error_at(&self, column: usize, message: impl Into<String>) -> InputError {
        InputError::at(self.line, column, message)
    }

    /// The next byte, not consumed.
    pub fn peek(&self) -> Option<u8> {
        self.bytes.get(self.position).copied()
    }

    /// What the next byte is, in words, for an error message.
    fn found(&self) -> String {
        match self.peek() {
            None => "the end of the input".to_string(),
            Some(b'\n') => "the end of the line".to_string(),
            Some(b'\r') => "a carriage return (a CRLF line ending)".to_string(),
            Some(b' ') if self.position > 0 && self.bytes[self.position - 1] == b' ' => {
                "a second space".to_string()
            }
            Some(b' ') => "a space".to_string(),
            Some(b'\t') => "a tab".to_string(),
            Some(0xEF) if self.position == 0 => "a byte-order mark".to_string(),
            Some(byte) if byte.is_ascii_graphic() => format!("`{}`", byte as char),
            Some(byte) => format!("the byte 0x{byte:02X}"),
        }
    }

    /// Consumes `byte`, or says what was there instead.
    fn expect(&mut self, byte: u8, what: &str) -> Result<(), InputError> {
        if self.peek() != Some(byte) {
            return Err(self.error(format!("expected {what}, found {}", self.found())));
        }
        self.position += 1;
        if byte == b'\n' {
            self.line += 1;
            self.line_start = self.position;
        }
        Ok(())
    }

    /// Exactly one space.
    pub fn space(&mut self) -> Result<(), InputError> {
        self.expect(b' ', "one space")
    }

    /// The end of a line: exactly `\n`.
    pub fn end_of_line(&mut self) -> Result<(), InputError> {
        self.expect(b'\n', "the end of the line")
    }

    /// The end of the input: nothing after the last line's `\n`.
    pub fn end_of_input(&mut self) -> Result<(), InputError> {
        if self.position == self.bytes.len() {
            return Ok(());
        }
        Err(self.error(format!(
            "expected the end of the input, found {}",
            self.found()
        )))
    }

    /// Exactly the text `literal`.
    pub fn literal(&mut self, literal: &str) -> Result<(), InputError> {
        for &byte in literal.as_bytes() {
            self.expect(byte, &format!("`{literal}`"))?;
        }
        Ok(())
    }

    /// Consumes `byte` when it is next; says whether it was.
    pub fn accept(&mut self, byte: u8) -> bool {
        if self.peek() == Some(byte) && byte != b'\n' {
            self.position += 1;
            true
        } else {
            false
        }
    }

    /// One byte of `allowed`; `what` names them in an error (`a cell: \`.\`
    /// or one of R G B P Y`).
    pub fn one_of(&mut self, allowed: &[u8], what: &str) -> Result<u8, InputError> {
        match self.peek() {
            Some(byte) if allowed.contains(&byte) && byte != b'\n' => {
                self.position += 1;
                Ok(byte)
            }
            _ => Err(self.error(format!("expected {what}, found {}", self.found()))),
        }
    }

    /// A whole number from `low` to `high`, written as judges write it: an
    /// optional `-`, then digits without leading zeros. `name` says what the
    /// number is in an error (`the board size N`).
    pub fn number(&mut self, name: &str, low: i64, high: i64) -> Result<i64, InputError> {
        let column = self.column();
        let start = self.position;
        let negative = self.peek() == Some(b'-');
        if negative {
            self.position += 1;
        }
        let digits_start = self.position;
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.position += 1;
        }
        let digits = &self.bytes[digits_start..self.position];
        if digits.is_empty() {
            self.position = start;
            return Err(self.error(format!("expected {name}, found {}", self.found())));
        }
        let text = std::str::from_utf8(&self.bytes[start..self.position]).unwrap_or("?");
        if digits.len() > 1 && digits[0] == b'0' || negative && digits == b"0" {
            return Err(self.error_at(
                column,
                format!("{name} is written `{text}`; judges write numbers without leading zeros or `-0`"),
            ));
        }
        match text.parse::<i64>() {
            Ok(value) if (low..=high).contains(&value) => Ok(value),
            // A bound of 2^31 or more stands for "no bound": say only the low one.
            _ if high >= 1 << 31 => Err(self.error_at(
                column,
                format!("{name} is {text}; the judge's is at least {low}"),
            )),
            _ => Err(self.error_at(
                column,
                format!("{name} is {text}, outside the judge's {low}..={high}"),
            )),
        }
    }

    /// The rest of the line, without its `\n` (which is consumed); an error
    /// when the input ends without one.
    pub fn rest_of_line(&mut self) -> Result<&'a [u8], InputError> {
        let start = self.position;
        while let Some(byte) = self.peek() {
            if byte == b'\n' {
                let text = &self.bytes[start..self.position];
                self.end_of_line()?;
                return Ok(text);
            }
            self.position += 1;
        }
        Err(self.error("expected the end of the line, found the end of the input"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_judge_input_and_names_each_departure() {
        let mut reader = Strict::new(b"3 7\n-2\n");
        assert_eq!(reader.number("N", 1, 20), Ok(3));
        reader.space().unwrap();
        assert_eq!(reader.number("M", 0, 10), Ok(7));
        reader.end_of_line().unwrap();
        assert_eq!(reader.number("x", -5, 5), Ok(-2));
        reader.end_of_line().unwrap();
        reader.end_of_input().unwrap();

        let said = |input: &[u8], low: i64| {
            let mut reader = Strict::new(input);
            reader
                .number("N", low, 20)
                .and_then(|_| reader.end_of_line())
                .and_then(|()| reader.end_of_input())
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            said(b"21\n", 1),
            "line 1, column 1: N is 21, outside the judge's 1..=20"
        );
        assert!(said(b"07\n", 1).contains("leading zeros"));
        assert!(said(b"-0\n", -1).contains("`-0`"));
        assert!(said(b"3\r\n", 1)
            .contains("column 2: expected the end of the line, found a carriage return"));
        assert!(said(b"3", 1).contains("found the end of the input"));
        assert!(said(b"3\n\n", 1).contains("line 2, column 1: expected the end of the input"));
        assert!(said(b"\xEF\xBB\xBF3\n", 1).contains("found a byte-order mark"));
        assert!(said(b"x\n", 1).contains("expected N, found `x`"));
        assert!(said(b"99999999999999999999\n", 1).contains("outside"));
        let mut reader = Strict::new(b"1  2\n");
        reader.number("a", 0, 9).unwrap();
        reader.space().unwrap();
        assert_eq!(
            reader.number("b", 0, 9).unwrap_err().to_string(),
            "line 1, column 3: expected b, found a second space"
        );
    }

    #[test]
    fn lines_and_literals() {
        let mut reader = Strict::new(b"[ab]\nxy\n");
        reader.literal("[").unwrap();
        assert_eq!(reader.rest_of_line().unwrap(), b"ab]");
        assert_eq!(reader.line(), 2);
        assert!(reader.accept(b'x'));
        assert!(!reader.accept(b'x'));
        assert_eq!(reader.rest_of_line().unwrap(), b"y");
        reader.end_of_input().unwrap();
        assert!(Strict::new(b"abc").rest_of_line().is_err());
    }
}
