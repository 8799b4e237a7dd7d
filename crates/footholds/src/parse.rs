//! Reading the input: one or more `board aloc bloc` triples written as JSON
//! arrays of integers, separated by white space.

use grid::input::{ascii_text, quote};
use grid::InputError;

use crate::game::{Game, MAX_CELLS};

/// A JSON value of the small kind this input uses: an integer or an array.
enum Value {
    Number(u64),
    Array(Vec<Spanned>),
}

/// A value and the line and column where it starts.
struct Spanned {
    value: Value,
    line: usize,
    column: usize,
}

impl Spanned {
    fn error(&self, message: impl Into<String>) -> InputError {
        InputError::at(self.line, self.column, message)
    }
}

/// The deepest nesting the input needs is two (the board); a little slack
/// gives better messages, and the cap keeps the recursive reader's depth fixed.
const MAX_DEPTH: usize = 4;

/// The most values (numbers and arrays) one argument may hold: a board of
/// [`MAX_CELLS`] cells in at most [`MAX_CELLS`] rows, and the board itself.
/// Counting them while reading bounds the memory of the parsed tree before
/// it is built, whatever the input's size.
const MAX_VALUES: usize = 2 * MAX_CELLS + 1;

/// A cursor over the input text that tracks line and column.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    line: usize,
    column: usize,
    /// Values read so far in the current argument.
    values: usize,
}

impl<'a> Reader<'a> {
    fn skip_space(&mut self) {
        while let Some(&b) = self.bytes.get(self.at) {
            match b {
                b'\n' => {
                    self.line += 1;
                    self.column = 1;
                }
                b' ' | b'\t' | b'\r' => self.column += 1,
                _ => return,
            }
            self.at += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn bump(&mut self) {
        self.at += 1;
        self.column += 1;
    }

    fn here(&self, message: impl Into<String>) -> InputError {
        InputError::at(self.line, self.column, message)
    }

    fn found(&self) -> String {
        match self.peek() {
            None => "the end of the input".to_string(),
            Some(b) => quote(&(b as char).to_string()),
        }
    }

    /// Reads one value (a number or an array).
    fn value(&mut self, depth: usize) -> Result<Spanned, InputError> {
        self.skip_space();
        let (line, column) = (self.line, self.column);
        self.values += 1;
        if self.values > MAX_VALUES {
            return Err(self.here(format!(
                "this argument holds more than {MAX_VALUES} numbers and arrays: \
                 a board has at most {MAX_CELLS} cells"
            )));
        }
        match self.peek() {
            Some(b'[') => {
                if depth >= MAX_DEPTH {
                    return Err(self.here("arrays are nested too deeply"));
                }
                self.bump();
                let mut items = Vec::new();
                self.skip_space();
                if self.peek() == Some(b']') {
                    self.bump();
                } else {
                    loop {
                        items.push(self.value(depth + 1)?);
                        self.skip_space();
                        match self.peek() {
                            Some(b',') => self.bump(),
                            Some(b']') => {
                                self.bump();
                                break;
                            }
                            _ => {
                                return Err(self.here(format!(
                                    "expected \",\" or \"]\", found {}",
                                    self.found()
                                )))
                            }
                        }
                    }
                }
                Ok(Spanned {
                    value: Value::Array(items),
                    line,
                    column,
                })
            }
            // A leading `+` is accepted, as the other binaries accept it.
            Some(b'+') if matches!(self.bytes.get(self.at + 1), Some(b'0'..=b'9')) => {
                self.bump();
                self.values -= 1;
                self.value(depth)
            }
            Some(b'0'..=b'9') => {
                let start = self.at;
                while matches!(self.peek(), Some(b'0'..=b'9')) {
                    self.bump();
                }
                let digits = std::str::from_utf8(&self.bytes[start..self.at]).unwrap_or("");
                let number = digits.parse::<u64>().map_err(|_| {
                    InputError::at(
                        line,
                        column,
                        format!("the number {} is too large", quote(digits)),
                    )
                })?;
                Ok(Spanned {
                    value: Value::Number(number),
                    line,
                    column,
                })
            }
            Some(b'-') => Err(self.here("negative numbers are not allowed here")),
            _ => Err(self.here(format!(
                "expected a number or \"[\", found {}",
                self.found()
            ))),
        }
    }

    /// Reads `name(` if the input has a call there, as in the Programmers
    /// form `solution([[1, 1]], [0, 0], [0, 1])`; returns whether it did.
    fn call_open(&mut self) -> Result<bool, InputError> {
        self.skip_space();
        if !matches!(self.peek(), Some(b) if b.is_ascii_alphabetic() || b == b'_') {
            return Ok(false);
        }
        let start = (self.at, self.line, self.column);
        while matches!(self.peek(), Some(b) if b.is_ascii_alphanumeric() || b == b'_') {
            self.bump();
        }
        self.skip_space();
        if self.peek() != Some(b'(') {
            // Not a call: the board's own error will name the word.
            (self.at, self.line, self.column) = start;
            return Ok(false);
        }
        self.bump();
        Ok(true)
    }

    /// Reads the `)` (and an optional `;`) that closes a call.
    fn call_close(&mut self) -> Result<(), InputError> {
        self.skip_space();
        if self.peek() != Some(b')') {
            return Err(self.here(format!("expected `)` after bloc, found {}", self.found())));
        }
        self.bump();
        self.skip_space();
        if self.peek() == Some(b';') {
            self.bump();
        }
        Ok(())
    }

    /// Skips white space and one comma between arguments.
    fn separator(&mut self) {
        self.skip_space();
        if self.peek() == Some(b',') {
            self.bump();
        }
    }

    /// Reads one top-level argument, which must be an array.
    fn argument(&mut self, what: &str) -> Result<Spanned, InputError> {
        self.skip_space();
        if self.peek() != Some(b'[') {
            return Err(self.here(format!(
                "expected {what} (a JSON array, as in `[[1, 1]] [0, 0] [0, 1]` or \
                 `solution([[1, 1]], [0, 0], [0, 1])`), found {}",
                self.found()
            )));
        }
        self.values = 0;
        self.value(0)
    }
}

/// Parses every `board aloc bloc` triple of the input.
pub fn parse(bytes: &[u8]) -> Result<Vec<Game>, InputError> {
    let text = ascii_text(bytes)?;
    let mut reader = Reader {
        bytes: text.as_bytes(),
        at: 0,
        line: 1,
        column: 1,
        values: 0,
    };
    let mut games = Vec::new();
    loop {
        reader.skip_space();
        if reader.peek().is_none() {
            break;
        }
        // Errors name the game (the triple) they are in, from 1.
        let case = games.len() + 1;
        let in_case = |e: InputError| e.in_case(case);
        // The Programmers call form, `solution(board, aloc, bloc)`, and
        // commas between the arguments are accepted as pasted.
        let call = reader.call_open().map_err(in_case)?;
        let board = reader.argument("the board").map_err(in_case)?;
        reader.separator();
        let aloc = reader.argument("aloc").map_err(in_case)?;
        reader.separator();
        let bloc = reader.argument("bloc").map_err(in_case)?;
        if call {
            reader.call_close().map_err(in_case)?;
        }
        games.push(build_game(&board, &aloc, &bloc).map_err(in_case)?);
    }
    if games.is_empty() {
        return Err(InputError::new(
            "the input is empty: expected `board aloc bloc`",
        ));
    }
    Ok(games)
}

fn build_game(board: &Spanned, aloc: &Spanned, bloc: &Spanned) -> Result<Game, InputError> {
    let Value::Array(rows) = &board.value else {
        return Err(board.error("the board must be an array of rows"));
    };
    if rows.is_empty() {
        return Err(board.error("the board has no rows"));
    }
    let mut cells = Vec::new();
    let mut width = None;
    for row in rows {
        let Value::Array(items) = &row.value else {
            return Err(row.error("each board row must be an array of 0 and 1"));
        };
        match width {
            None if items.is_empty() => return Err(row.error("the board's rows are empty")),
            None => width = Some(items.len()),
            Some(w) if w != items.len() => {
                return Err(row.error(format!(
                    "every board row must have the same length: the first has {w}, this one {}",
                    items.len()
                )))
            }
            Some(_) => {}
        }
        for item in items {
            match item.value {
                Value::Number(0) => cells.push(false),
                Value::Number(1) => cells.push(true),
                _ => return Err(item.error("a board cell must be 0 or 1")),
            }
        }
        if cells.len() > MAX_CELLS {
            return Err(board.error(format!("the board has more than {MAX_CELLS} cells")));
        }
    }
    let (height, width) = (rows.len(), width.unwrap_or(0));
    let a = position(aloc, "aloc", height, width, &cells)?;
    let b = position(bloc, "bloc", height, width, &cells)?;
    Ok(Game::new(height, width, cells, a, b))
}

/// Reads `[row, col]` and checks that it is a foothold on the board.
fn position(
    arg: &Spanned,
    name: &str,
    height: usize,
    width: usize,
    cells: &[bool],
) -> Result<usize, InputError> {
    let numbers: Option<Vec<u64>> = match &arg.value {
        Value::Array(items) => items
            .iter()
            .map(|i| match i.value {
                Value::Number(n) => Some(n),
                Value::Array(_) => None,
            })
            .collect(),
        Value::Number(_) => None,
    };
    let Some([row, col]) = numbers
        .as_deref()
        .map(|n| <[u64; 2]>::try_from(n).ok())
        .unwrap_or(None)
    else {
        return Err(arg.error(format!("{name} must be [row, col]")));
    };
    if row >= height as u64 || col >= width as u64 {
        return Err(arg.error(format!(
            "{name} [{row}, {col}] is off the {height} x {width} board"
        )));
    }
    let index = row as usize * width + col as usize;
    if !cells[index] {
        return Err(arg.error(format!("{name} [{row}, {col}] is not on a foothold")));
    }
    Ok(index)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_several_triples() {
        let games = parse(b"[[1, 1, 1], [1, 0, 1]] [1, 0] [1, 2]\n[[1]]\t[0,0]\n[0,0]").unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!((games[0].height, games[0].width), (2, 3));
        assert_eq!((games[0].a, games[0].b), (3, 5));
        assert_eq!((games[1].a, games[1].b), (0, 0));
    }

    #[test]
    fn errors_have_positions() {
        let e = parse(b"[[1, 1], [1]] [0, 0] [0, 1]").unwrap_err();
        assert_eq!((e.line, e.column), (Some(1), Some(10)));
        let e = parse(b"[[1, 2]] [0, 0] [0, 1]").unwrap_err();
        assert_eq!(e.column, Some(6));
        let e = parse(b"[[1, 0]] [0, 0] [0, 1]").unwrap_err();
        assert!(e.message.contains("not on a foothold"), "{e}");
        let e = parse(b"[[1, 1]] [0, 0]").unwrap_err();
        assert!(e.message.contains("bloc"), "{e}");
        assert!(parse(b"").is_err());
        assert!(parse(b"[[1, 1]] [0, 0] [0, 2]").is_err());
        assert!(parse(b"[[1, 1]] [0] [0, 1]").is_err());
        assert!(parse(b"[[1, 1]] [0, 0] [0, 1] x").is_err());
        assert!(parse(b"[[[[[[1]]]]]] [0, 0] [0, 1]").is_err());
        assert!(parse(b"[[1, 1]] [0, -1] [0, 1]").is_err());
        // The Programmers call form, and commas between the arguments.
        let call = parse(b"solution([[1, 1, 1], [1, 1, 1], [1, 1, 1]], [1, 0], [1, 2])\n").unwrap();
        let plain = parse(b"[[1, 1, 1], [1, 1, 1], [1, 1, 1]] [1, 0] [1, 2]").unwrap();
        assert_eq!(call, plain);
        assert_eq!(
            parse(b"[[1, 1, 1], [1, 1, 1], [1, 1, 1]], [1, 0], [1, 2]").unwrap(),
            plain
        );
        assert_eq!(
            parse(b"solution([[1]],[0,0],[0,0]);\nsolution([[1]],[0,0],[0,0])")
                .unwrap()
                .len(),
            2
        );
        let e = parse(b"solution([[1]], [0, 0], [0, 0]").unwrap_err();
        assert!(e.message.contains("expected `)`"), "{e}");
        let e = parse(b"solution [[1]]").unwrap_err();
        assert!(e.message.contains("found \"s\""), "{e}");
        // A leading `+`, as in the other binaries' numbers.
        assert_eq!(parse(b"[[+1, 1]] [0, +0] [0, 1]").unwrap()[0].a, 0);
        assert!(parse(b"[[+, 1]] [0, 0] [0, 1]").is_err());
        // A board of a million one-cell rows is refused while it is read.
        let huge = format!("[{}[1]] [0, 0] [0, 0]", "[1],".repeat(1_000_000));
        let e = parse(huge.as_bytes()).unwrap_err();
        assert!(e.message.contains("at most 64 cells"), "{e}");
        assert_eq!((e.line, e.column), (Some(1), Some(2 + 4 * 64)));
    }
}
