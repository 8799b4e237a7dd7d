//! A status line on a terminal: one line on stderr, redrawn in place as a
//! long run goes on, and cleared before the report goes on. It is drawn
//! only when stderr is a terminal, so a log or a pipe gets nothing extra.

use std::io::{IsTerminal, Write};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How often the line is redrawn at most: a run of a thousand inputs a
/// second would otherwise spend its time writing to the terminal.
const REDRAW_EVERY: Duration = Duration::from_millis(100);

/// A line on stderr when it is a terminal, and nothing otherwise.
pub struct StatusLine {
    terminal: bool,
    /// When the line was last drawn; `None` before the first time.
    drawn: Mutex<Option<Instant>>,
}

impl StatusLine {
    /// A line on stderr, drawn when stderr is a terminal.
    pub fn on_stderr() -> StatusLine {
        StatusLine::new(std::io::stderr().is_terminal())
    }

    /// A line drawn only when `terminal` says so.
    pub fn new(terminal: bool) -> StatusLine {
        StatusLine {
            terminal,
            drawn: Mutex::new(None),
        }
    }

    /// Draws `text` (made by `text` only when it will be drawn), unless the
    /// line was drawn less than a tenth of a second ago.
    pub fn draw(&self, text: impl FnOnce() -> String) {
        if !self.terminal {
            return;
        }
        let mut drawn = self.drawn.lock().unwrap_or_else(|e| e.into_inner());
        if drawn.is_some_and(|at| at.elapsed() < REDRAW_EVERY) {
            return;
        }
        *drawn = Some(Instant::now());
        let mut err = std::io::stderr();
        let _ = write!(err, "\r\x1b[K{}", text());
        let _ = err.flush();
    }

    /// Clears the line, so that the report's next line starts clean; the
    /// next `draw` draws at once.
    pub fn clear(&self) {
        if !self.terminal {
            return;
        }
        let mut drawn = self.drawn.lock().unwrap_or_else(|e| e.into_inner());
        *drawn = None;
        let mut err = std::io::stderr();
        let _ = write!(err, "\r\x1b[K");
        let _ = err.flush();
    }
}
