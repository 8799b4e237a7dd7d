//! Replays (`--replay FILE.html`) for every registered problem's sample:
//! the page's structure without a browser, and the page itself in headless
//! Chromium, driven through its own controls.
//!
//! The browser test runs when Chromium is installed (`chromium`,
//! `chromium-browser` or `google-chrome` on the PATH) and is skipped, with a
//! note, when it is not, so that `cargo test` passes on any machine. CI
//! installs Chromium and sets `REPLAY_BROWSER=required`, which turns a
//! missing browser into a failure.

use std::path::{Path, PathBuf};
use std::process::Command;

use cli::Options;

/// The sample of a problem.
fn sample(name: &str) -> Vec<u8> {
    std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("inputs")
            .join(name)
            .join("sample-1.in"),
    )
    .expect("every problem has inputs/NAME/sample-1.in")
}

/// How many frames the sample's replay must have: its moves plus one,
/// worked out apart from the replay code.
fn expected_frames(name: &str, input: &[u8], answer: &str) -> Option<usize> {
    let number = |text: &str| text.trim().parse::<usize>().ok();
    match name {
        // Every move of the one optimal line, which the answer counts.
        "footholds" => number(answer).map(|moves| moves + 1),
        // The first case's M moves.
        "othello" => {
            let text = String::from_utf8_lossy(input);
            let header = text.lines().nth(1)?;
            number(header.split_whitespace().nth(1)?).map(|moves| moves + 1)
        }
        // Each chain is two steps: the pop and the fall.
        "puyo" => number(answer).map(|chains| 2 * chains + 1),
        // The best line's moves, from the search itself.
        "game2048" | "game2048-hard" => {
            let moves = if name == "game2048" { 5 } else { 10 };
            let board = game2048::parse(input).ok()?;
            let found =
                game2048::search::search(&board, moves, game2048::search::Options::default())
                    .ok()?;
            Some(found.moves.len() + 1)
        }
        _ => None,
    }
}

/// The sample's replay page, and the judge's answer.
fn sample_page(name: &str) -> (String, String) {
    let problem = problems::find(name).unwrap();
    let input = sample(name);
    let options = Options::defaults(problem.info());
    let answer = problem.judge(&input).expect("the sample is answered");
    let replay = problem.replay(&input, &options).bounded();
    (cli::replay::page(&replay), answer)
}

#[test]
fn every_sample_replay_is_a_self_contained_page_with_every_frame() {
    for name in problems::names() {
        let (html, answer) = sample_page(name);
        for part in [
            "id=\"prev\"",
            "id=\"next\"",
            "id=\"slider\"",
            "id=\"counter\"",
            "ArrowLeft",
            "<svg",
        ] {
            assert!(html.contains(part), "{name}: no {part}");
        }
        for outside in ["src=", "href=", "@import", "url("] {
            assert!(!html.contains(outside), "{name}: loads {outside}");
        }
        let frames = html.matches("{\"caption\":").count();
        if let Some(expected) = expected_frames(name, &sample(name), &answer) {
            assert_eq!(frames, expected, "{name}: frames");
        }
        let first_answer_line = answer.lines().next().unwrap_or("").trim();
        assert!(
            html.contains(first_answer_line),
            "{name}: the answer {first_answer_line:?} is not on the page"
        );
    }
}

/// The browser, if one is installed.
fn chromium() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .flat_map(|name| std::env::split_paths(&path).map(move |dir| dir.join(name)))
        .find(|candidate| candidate.is_file())
}

/// The page's self-test report for its first section: frames, the last
/// frame's caption, and the counter after the left arrow and the slider.
fn selftest(browser: &Path, page: &Path) -> String {
    let output = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--virtual-time-budget=5000",
            "--dump-dom",
        ])
        .arg(format!("file://{}#selftest", page.display()))
        .output()
        .expect("chromium runs");
    let dom = String::from_utf8_lossy(&output.stdout);
    let start = dom
        .find("<pre id=\"selftest\">")
        .expect("the page wrote its self-test report");
    let end = dom[start..].find("</pre>").unwrap() + start;
    dom[start + "<pre id=\"selftest\">".len()..end]
        .replace("&amp;", "&")
        .replace("&quot;", "\"")
}

#[test]
fn every_sample_replay_steps_through_in_a_real_browser() {
    let Some(browser) = chromium() else {
        let required = std::env::var_os("REPLAY_BROWSER").is_some_and(|v| v == "required");
        assert!(
            !required,
            "REPLAY_BROWSER=required, but no chromium is installed"
        );
        eprintln!("note: no chromium on the PATH: the browser test of the replays is skipped");
        return;
    };
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("replays");
    std::fs::create_dir_all(&dir).unwrap();
    for name in problems::names() {
        let (html, answer) = sample_page(name);
        let page = dir.join(format!("{name}.html"));
        std::fs::write(&page, html).unwrap();
        let report = selftest(&browser, &page);
        let expected = expected_frames(name, &sample(name), &answer).expect("a known problem");
        assert!(
            report.contains(&format!("\"frames\":{expected},")),
            "{name}: {report}"
        );
        assert!(
            report.contains(&format!("\"counter\":\"{expected} / {expected}\"")),
            "{name}: {report}"
        );
        let first_answer_line = answer.lines().next().unwrap_or("").trim();
        let last_caption = report.split("\"caption\":\"").nth(1).unwrap_or("");
        assert!(
            last_caption.contains(first_answer_line),
            "{name}: the last frame does not show {first_answer_line:?}: {report}"
        );
        if expected > 1 {
            assert!(
                report.contains(&format!("\"afterLeft\":\"{} / {expected}\"", expected - 1)),
                "{name}: {report}"
            );
        }
        assert!(
            report.contains(&format!("\"afterSlider\":\"1 / {expected}\"")),
            "{name}: {report}"
        );
    }
}
