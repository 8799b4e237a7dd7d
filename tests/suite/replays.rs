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

/// How many frames a page holds.
fn html_frames(html: &str) -> usize {
    html.matches("{\"caption\":").count()
}

/// The sample's replay page, and the judge's answer.
fn sample_page(name: &str) -> (String, String) {
    let problem = registry::find(name).unwrap();
    let input = sample(name);
    let options = problem.defaults();
    let answer = problem
        .judge_output(&input)
        .expect("the sample is answered");
    let replay = problem.replay(&input, &options).bounded();
    (problem_kit::replay::page(&replay), answer)
}

#[test]
fn every_sample_replay_is_a_self_contained_page_with_every_frame() {
    for name in registry::names() {
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
        let frames = html_frames(&html);
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

/// What the browser saw of a page: its self-test report (absent when the
/// page's script never finished), and the console messages it logged
/// (errors among them).
struct Seen {
    report: Option<String>,
    console: Vec<String>,
}

/// Opens `page.html#selftest` in headless Chromium and reads its report from
/// the dumped DOM and its console messages from the browser's log.
fn selftest(browser: &Path, page: &Path) -> Seen {
    let output = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--enable-logging=stderr",
            "--v=0",
            "--virtual-time-budget=5000",
            "--dump-dom",
        ])
        .arg(format!("file://{}#selftest", page.display()))
        .output()
        .expect("chromium runs");
    let dom = String::from_utf8_lossy(&output.stdout);
    let report = dom.find("<pre id=\"selftest\">").map(|start| {
        let end = dom[start..].find("</pre>").unwrap() + start;
        dom[start + "<pre id=\"selftest\">".len()..end]
            .replace("&amp;", "&")
            .replace("&quot;", "\"")
    });
    let console = String::from_utf8_lossy(&output.stderr)
        .lines()
        .filter(|line| line.contains(":CONSOLE"))
        .map(str::to_string)
        .collect();
    Seen { report, console }
}

/// The browser, or `None` with a note (a failure when CI requires it).
fn browser_or_skip() -> Option<PathBuf> {
    let browser = chromium();
    if browser.is_none() {
        let required = std::env::var_os("REPLAY_BROWSER").is_some_and(|v| v == "required");
        assert!(
            !required,
            "REPLAY_BROWSER=required, but no chromium is installed"
        );
        eprintln!("note: no chromium on the PATH: the browser test of the replays is skipped");
    }
    browser
}

#[test]
fn every_sample_replay_steps_through_in_a_real_browser() {
    let Some(browser) = browser_or_skip() else {
        return;
    };
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("replays");
    std::fs::create_dir_all(&dir).unwrap();
    for name in registry::names() {
        let (html, answer) = sample_page(name);
        let page = dir.join(format!("{name}.html"));
        std::fs::write(&page, html).unwrap();
        let seen = selftest(&browser, &page);
        assert!(seen.console.is_empty(), "{name}: {:?}", seen.console);
        let report = seen.report.expect("the page wrote its self-test report");
        // A problem this test does not know yet (a new one) is held to the
        // frames its page holds: every one must be stepped through.
        let expected = expected_frames(name, &sample(name), &answer)
            .unwrap_or_else(|| html_frames(&std::fs::read_to_string(&page).unwrap()));
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

/// Every golden input's page (the flags cases under their flags), and a
/// puyo field too large to draw, open in the browser without a console
/// message, and either step through their frames or say in words that they
/// have nothing to step through. Pages open three at a time.
#[test]
fn every_golden_input_page_opens_without_a_console_error() {
    let Some(browser) = browser_or_skip() else {
        return;
    };
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("replays-golden");
    std::fs::create_dir_all(&dir).unwrap();
    let inputs = Path::new(env!("CARGO_MANIFEST_DIR")).join("inputs");
    let mut pages = Vec::new();
    let mut add = |shown: String, replay: problem_kit::Replay| {
        let page = dir.join(format!("{}.html", shown.replace('/', "-")));
        std::fs::write(&page, problem_kit::replay::page(&replay)).unwrap();
        pages.push((shown, page, replay.sections.is_empty()));
    };
    for problem in registry::ALL {
        let name = problem.info().name;
        let cases = engine::cases::discover(&[inputs.join(name)]).expect("the golden folder reads");
        for case in cases {
            let input = std::fs::read(&case.input).unwrap();
            let options = match problem.parse(case.args.iter().map(Into::into).collect()) {
                Ok(problem_kit::args::Request::Run(command)) => command.options,
                _ => continue,
            };
            if problem.answer(&input, &options).is_err() {
                continue;
            }
            add(
                format!("{name}/{}", case.name),
                problem.replay(&input, &options).bounded(),
            );
        }
    }
    let puyo = registry::find("puyo").unwrap();
    let large = "RG".repeat(35) + "\n";
    let field = large.repeat(70);
    add(
        "puyo/70x70-field".to_string(),
        puyo.replay(field.as_bytes(), &puyo.defaults()).bounded(),
    );
    assert!(pages.len() > 40, "only {} pages", pages.len());
    // One browser for all of them: each page in a frame named `selftest`,
    // and the frames' reports gathered once they have loaded.
    let attribute = |text: &str| {
        text.replace('&', "&amp;")
            .replace('"', "&quot;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
    };
    let frames: String = pages
        .iter()
        .map(|(_, page, _)| {
            let html = std::fs::read_to_string(page).unwrap();
            format!(
                "<iframe name=\"selftest\" srcdoc=\"{}\"></iframe>\n",
                attribute(&html)
            )
        })
        .collect();
    let all = dir.join("all.html");
    std::fs::write(
        &all,
        format!(
            "<!doctype html><html><body>\n{frames}<script>\n\
             window.addEventListener(\"load\", () => {{\n\
               const reports = [...document.querySelectorAll(\"iframe\")].map((f) => {{\n\
                 const pre = f.contentDocument && f.contentDocument.getElementById(\"selftest\");\n\
                 return pre ? pre.textContent : \"no report\";\n\
               }});\n\
               const pre = document.createElement(\"pre\");\n\
               pre.id = \"selftest\";\n\
               pre.textContent = reports.join(\"\\n\");\n\
               document.body.appendChild(pre);\n\
             }});\n</script></body></html>\n"
        ),
    )
    .unwrap();
    let seen = selftest(&browser, &all);
    assert!(
        seen.console.is_empty(),
        "console messages: {:#?}",
        seen.console
    );
    let reports = seen.report.expect("the frames were gathered");
    let reports: Vec<&str> = reports.lines().collect();
    assert_eq!(reports.len(), pages.len());
    for ((shown, _, empty), report) in pages.iter().zip(reports) {
        if *empty {
            assert!(
                report.contains("Nothing to step through"),
                "{shown}: {report}"
            );
        } else {
            assert!(report.contains("\"frames\":"), "{shown}: {report}");
            assert!(!report.contains("\"frames\":0"), "{shown}: {report}");
        }
    }
}
