//! `--replay FILE.html`: a game as a self-contained web page to step
//! through, for every problem alike.
//!
//! A problem describes its game as a [`Replay`]: sections (an Othello input
//! has one per case), each a grid and its frames, each frame a caption and
//! every cell's text, fill colour and mark. [`page`] turns that into one
//! HTML file with inline CSS, SVG drawn by inline JS, and the data as
//! JSON: no network, no other file. The page steps with previous and next
//! buttons, a slider and the arrow keys; its frame counter reads `k / n`.
//! Colours always come with text (numbers, letters), so the page reads
//! without them.
//!
//! Opened as `page.html#frame=K`, the page starts at frame K. Opened as
//! `page.html#selftest` (or in a frame named `selftest`), the page drives
//! its own controls (clicks next until the end, presses the left arrow,
//! moves the slider) and writes what it saw into `<pre id="selftest">`:
//! the browser test reads that from headless Chromium's `--dump-dom`.

use std::fmt::Write as _;

/// The most cells one page holds, over all its frames; a longer game is cut,
/// and the page says so.
pub const MAX_PAGE_CELLS: usize = 1 << 20;

/// A game to step through.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Replay {
    /// The page's heading, e.g. `puyo: Baekjoon 11559 "Puyo Puyo"`.
    pub title: String,
    /// What the colours and letters mean.
    pub legend: String,
    pub sections: Vec<Section>,
    /// Shown above the board: what was left out, if anything.
    pub note: Option<String>,
}

/// One grid and its frames.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Section {
    /// Its name in the section list (e.g. `case 2`).
    pub name: String,
    pub rows: usize,
    pub cols: usize,
    pub frames: Vec<Frame>,
}

/// One step of the game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Frame {
    pub caption: String,
    /// Row by row, `rows * cols` of them.
    pub cells: Vec<Cell>,
}

/// One cell of a frame.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Cell {
    /// What it shows: a number, a letter, or nothing.
    pub text: String,
    /// Its fill, a CSS colour written `#rrggbb` (the page picks light or
    /// dark text from it).
    pub fill: &'static str,
    /// Drawn with a heavy outline: what the step changed.
    pub mark: bool,
}

impl Cell {
    /// A cell.
    pub fn new(text: impl Into<String>, fill: &'static str, mark: bool) -> Self {
        Cell {
            text: text.into(),
            fill,
            mark,
        }
    }
}

impl Replay {
    /// A page with no game: only its title and why (an input the problem
    /// refuses, which `--replay` is never given after a successful answer).
    pub fn refused(title: String, why: impl std::fmt::Display) -> Self {
        Replay {
            title,
            note: Some(why.to_string()),
            ..Replay::default()
        }
    }

    /// Cuts the replay to at most [`MAX_PAGE_CELLS`] cells, noting what was
    /// left out.
    pub fn bounded(mut self) -> Self {
        let mut budget = MAX_PAGE_CELLS;
        let mut cut = false;
        for section in &mut self.sections {
            let size = (section.rows * section.cols).max(1);
            let room = budget / size;
            if section.frames.len() > room {
                section.frames.truncate(room.max(1));
                cut = true;
            }
            budget = budget.saturating_sub(section.frames.len() * size);
        }
        if cut {
            let note = format!(
                "This game is longer than one page holds ({MAX_PAGE_CELLS} cells in all): \
                 only its first frames are shown."
            );
            self.note = Some(match self.note.take() {
                Some(before) => format!("{before} {note}"),
                None => note,
            });
        }
        self
    }
}

/// A JSON string literal.
fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            // `<` is escaped so that no `</script>` can end the data early.
            '<' => out.push_str("\\u003c"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The replay as JSON: fills are listed once and cells refer to them.
fn data_json(replay: &Replay) -> String {
    let mut fills: Vec<&'static str> = Vec::new();
    let mut out = String::new();
    let _ = write!(
        out,
        "{{\"title\":{},\"sections\":[",
        json_string(&replay.title)
    );
    for (s, section) in replay.sections.iter().enumerate() {
        if s > 0 {
            out.push(',');
        }
        let _ = write!(
            out,
            "{{\"name\":{},\"rows\":{},\"cols\":{},\"frames\":[",
            json_string(&section.name),
            section.rows,
            section.cols
        );
        for (f, frame) in section.frames.iter().enumerate() {
            if f > 0 {
                out.push(',');
            }
            let _ = write!(
                out,
                "{{\"caption\":{},\"cells\":[",
                json_string(&frame.caption)
            );
            for (c, cell) in frame.cells.iter().enumerate() {
                let fill = match fills.iter().position(|&f| f == cell.fill) {
                    Some(at) => at,
                    None => {
                        fills.push(cell.fill);
                        fills.len() - 1
                    }
                };
                if c > 0 {
                    out.push(',');
                }
                let _ = write!(
                    out,
                    "[{},{fill},{}]",
                    json_string(&cell.text),
                    u8::from(cell.mark)
                );
            }
            out.push_str("]}");
        }
        out.push_str("]}");
    }
    out.push_str("],\"fills\":[");
    for (i, fill) in fills.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&json_string(fill));
    }
    out.push_str("]}");
    out
}

/// HTML text.
fn escape_html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The page: one self-contained HTML file.
pub fn page(replay: &Replay) -> String {
    let note = replay
        .note
        .as_deref()
        .map(|n| format!("<p id=\"note\">{}</p>", escape_html(n)))
        .unwrap_or_default();
    PAGE.replace("{{TITLE}}", &escape_html(&replay.title))
        .replace("{{NOTE}}", &note)
        .replace("{{LEGEND}}", &escape_html(&replay.legend))
        .replace("{{DATA}}", &data_json(replay))
}

/// The page template: `{{TITLE}}`, `{{NOTE}}`, `{{LEGEND}}`, `{{DATA}}`.
const PAGE: &str = r##"<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{TITLE}}</title>
<style>
  body { font: 15px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; background: #fafafa; }
  h1 { font-size: 1.2em; margin: 0 0 .6em; }
  #controls { display: flex; gap: .6em; align-items: center; flex-wrap: wrap; }
  button { font: inherit; padding: .3em .8em; }
  #slider { width: 18em; }
  #caption { font-weight: 600; min-height: 1.4em; margin: .7em 0; }
  #note { color: #8a4b00; }
  #legend { color: #555; max-width: 48em; }
  svg text { font-family: ui-monospace, monospace; dominant-baseline: central; text-anchor: middle; }
</style>
</head>
<body>
<h1>{{TITLE}}</h1>
{{NOTE}}
<div id="controls">
  <select id="section" aria-label="section"></select>
  <button id="prev" title="previous (left arrow)">&#9664; previous</button>
  <input id="slider" type="range" min="0" value="0" aria-label="frame">
  <button id="next" title="next (right arrow)">next &#9654;</button>
  <output id="counter"></output>
</div>
<p id="caption"></p>
<svg id="board" xmlns="http://www.w3.org/2000/svg"></svg>
<p id="legend">{{LEGEND}}</p>
<script type="application/json" id="data">{{DATA}}</script>
<script>
"use strict";
const data = JSON.parse(document.getElementById("data").textContent);
const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
let section = 0, index = 0;
data.sections.forEach((s, k) => {
  const option = document.createElement("option");
  option.value = k; option.textContent = s.name;
  $("section").appendChild(option);
});
if (data.sections.length < 2) $("section").style.display = "none";
// Light text on dark fills: every fill is a `#rrggbb` colour.
function dark(fill) {
  const n = parseInt(fill.slice(1), 16);
  return 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255) < 128;
}
function draw() {
  const s = data.sections[section];
  const frame = s.frames[index];
  if (!frame) {
    // A section with nothing to show: say so, and leave the controls still.
    $("board").replaceChildren();
    $("caption").textContent = "Nothing to step through in " + s.name + ".";
    $("counter").textContent = "0 / 0";
    $("slider").max = 0;
    $("prev").disabled = $("next").disabled = true;
    return;
  }
  const size = Math.max(14, Math.min(56, Math.floor(640 / Math.max(s.cols, 1)), Math.floor(440 / Math.max(s.rows, 1))));
  const board = $("board");
  board.setAttribute("width", s.cols * size + 4);
  board.setAttribute("height", s.rows * size + 4);
  board.replaceChildren();
  frame.cells.forEach(([text, fill, mark], k) => {
    const x = 2 + (k % s.cols) * size, y = 2 + Math.floor(k / s.cols) * size;
    const rect = document.createElementNS(SVG, "rect");
    rect.setAttribute("x", x + 1); rect.setAttribute("y", y + 1);
    rect.setAttribute("width", size - 2); rect.setAttribute("height", size - 2);
    rect.setAttribute("rx", 4);
    rect.setAttribute("fill", data.fills[fill]);
    rect.setAttribute("stroke", mark ? "#d40000" : "#999");
    rect.setAttribute("stroke-width", mark ? 3 : 1);
    board.appendChild(rect);
    if (text) {
      const label = document.createElementNS(SVG, "text");
      label.setAttribute("x", x + size / 2); label.setAttribute("y", y + size / 2);
      label.setAttribute("font-size", Math.max(8, Math.min(size * 0.5, size * 1.6 / text.length)));
      label.setAttribute("font-weight", mark ? "700" : "400");
      label.setAttribute("fill", dark(data.fills[fill]) ? "#fff" : "#111");
      label.textContent = text;
      board.appendChild(label);
    }
  });
  $("caption").textContent = frame.caption;
  $("counter").textContent = (index + 1) + " / " + s.frames.length;
  $("slider").max = s.frames.length - 1;
  $("slider").value = index;
  $("prev").disabled = index === 0;
  $("next").disabled = index === s.frames.length - 1;
}
function go(k) {
  const last = data.sections[section].frames.length - 1;
  index = Math.max(0, Math.min(last, k));
  draw();
}
// A page with no game at all (an input with no case, a field too large to
// draw) says so in words, and has no controls to press.
const empty = data.sections.length === 0;
if (empty) {
  $("controls").style.display = "none";
  $("board").style.display = "none";
  $("caption").textContent = "Nothing to step through: this input has no game to show" +
    ($("note") ? " (see above)." : ".");
}
$("prev").addEventListener("click", () => go(index - 1));
$("next").addEventListener("click", () => go(index + 1));
$("slider").addEventListener("input", () => go(Number($("slider").value)));
$("section").addEventListener("change", () => { section = Number($("section").value); go(0); });
document.addEventListener("keydown", (e) => {
  if (empty) return;
  if (e.key === "ArrowLeft") go(index - 1);
  if (e.key === "ArrowRight") go(index + 1);
});
if (!empty) go(0);
// `page.html#frame=K` opens at frame K (for links and screenshots).
const start = /^#frame=(\d+)$/.exec(location.hash);
if (start && !empty) go(Number(start[1]) - 1);
if (location.hash === "#selftest" || window.name === "selftest") {
  // Drive the page's own controls, as a person would, and report.
  const report = data.sections.map((s, k) => {
    $("section").value = k;
    $("section").dispatchEvent(new Event("change"));
    let steps = 0;
    while (!$("next").disabled && steps < 100000) { $("next").click(); steps++; }
    const last = { counter: $("counter").textContent, caption: $("caption").textContent };
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowLeft" }));
    const afterLeft = $("counter").textContent;
    $("slider").value = 0;
    $("slider").dispatchEvent(new Event("input"));
    const afterSlider = $("counter").textContent;
    return { section: s.name, frames: steps + 1, last, afterLeft, afterSlider, cells: $("board").querySelectorAll("rect").length };
  });
  const pre = document.createElement("pre");
  pre.id = "selftest";
  pre.textContent = JSON.stringify(empty ? { empty: $("caption").textContent } : report);
  document.body.appendChild(pre);
}
</script>
</body>
</html>
"##;

#[cfg(test)]
mod tests {
    use super::*;

    fn two_frames() -> Replay {
        let frame = |caption: &str, text: &str| Frame {
            caption: caption.to_string(),
            cells: vec![
                Cell::new(text, "#ffffff", false),
                Cell::new("", "#000000", true),
            ],
        };
        Replay {
            title: "t <x>".to_string(),
            legend: "legend".to_string(),
            sections: vec![Section {
                name: "case 1".to_string(),
                rows: 1,
                cols: 2,
                frames: vec![frame("start", "2"), frame("answer: </script>", "4")],
            }],
            note: None,
        }
    }

    #[test]
    fn the_page_is_self_contained_and_holds_every_frame() {
        let html = page(&two_frames());
        assert!(html.starts_with("<!doctype html>"));
        for part in [
            "id=\"prev\"",
            "id=\"next\"",
            "id=\"slider\"",
            "ArrowLeft",
            "ArrowRight",
            "<svg",
            "#selftest",
        ] {
            assert!(html.contains(part), "{part}");
        }
        // Nothing is loaded from elsewhere.
        for outside in ["src=", "href=", "http://www.w3.org/1999", "@import", "url("] {
            assert!(!html.contains(outside), "{outside}");
        }
        assert!(html.contains("<title>t &lt;x&gt;</title>"));
        // The data's own `</script>` cannot end the script early.
        assert_eq!(html.matches("</script>").count(), 2);
        assert!(
            html.contains(r#""caption":"answer: \u003c/script>""#),
            "{html}"
        );
        assert!(html.contains(r##""fills":["#ffffff","#000000"]"##));
        assert!(html.contains(r#"[["2",0,0],["",1,1]]"#));
    }

    #[test]
    fn long_games_are_cut_with_a_note() {
        let mut replay = two_frames();
        let frame = replay.sections[0].frames[0].clone();
        replay.sections[0].frames = vec![frame; MAX_PAGE_CELLS];
        let bounded = replay.bounded();
        assert_eq!(bounded.sections[0].frames.len(), MAX_PAGE_CELLS / 2);
        assert!(bounded.note.unwrap().contains("only its first frames"));
        assert!(two_frames().bounded().note.is_none());
    }
}
