//! A small test harness for tests made at run time (one per golden case, per
//! bundle, per hostile input), which `cargo test` runs and reports like its
//! own: `test NAME ... ok`, failures with their messages, and the closing
//! `test result:` line.
//!
//! Why not libtest-mimic, which does this well: it parses its arguments
//! with clap's derive macros, and building clap, its derive and syn would
//! be the longest chain of a cold `cargo test` here (25 of 57 seconds
//! before the first test crate can start). This needs a few flags only: name
//! filters, `--exact`, `--skip`, `--ignored`, `--include-ignored`, `--list`,
//! `--test-threads`, `-q`; the others libtest takes (`--nocapture`,
//! `--color`, `--format`, ...) are accepted and ignored.

use std::io::Write;
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::Instant;

/// Why a test failed: the message shown under its name.
#[derive(Debug)]
pub struct Failed(String);

impl From<String> for Failed {
    fn from(message: String) -> Self {
        Failed(message)
    }
}

impl From<&str> for Failed {
    fn from(message: &str) -> Self {
        Failed(message.to_string())
    }
}

/// A test body.
type Body = Box<dyn FnOnce() -> Result<(), Failed> + Send>;

/// One test: a name and what it runs.
pub struct Trial {
    name: String,
    body: Body,
    ignored: bool,
}

impl Trial {
    /// A test called `name` that runs `body`.
    pub fn test(
        name: impl Into<String>,
        body: impl FnOnce() -> Result<(), Failed> + Send + 'static,
    ) -> Self {
        Trial {
            name: name.into(),
            body: Box::new(body),
            ignored: false,
        }
    }

    /// Marks the test ignored (run only with `--ignored` or
    /// `--include-ignored`).
    pub fn with_ignored_flag(mut self, ignored: bool) -> Self {
        self.ignored = ignored;
        self
    }

    /// The test's name.
    pub fn name(&self) -> &str {
        &self.name
    }
}

/// The command line, as libtest reads it.
#[derive(Debug, Default, Clone)]
pub struct Arguments {
    pub filters: Vec<String>,
    pub skip: Vec<String>,
    pub exact: bool,
    pub ignored: bool,
    pub include_ignored: bool,
    pub list: bool,
    pub quiet: bool,
    pub test_threads: Option<usize>,
}

impl Arguments {
    /// The process's arguments.
    pub fn from_args() -> Self {
        Self::from_list(std::env::args().skip(1))
    }

    /// Arguments from a list (without the program name).
    pub fn from_list(args: impl IntoIterator<Item = String>) -> Self {
        let mut parsed = Arguments::default();
        let mut args = args.into_iter();
        // The flags libtest takes with a value, which this harness ignores.
        const VALUED: [&str; 6] = [
            "--color",
            "--format",
            "--logfile",
            "--report-time",
            "-Z",
            "--shuffle-seed",
        ];
        while let Some(arg) = args.next() {
            let (flag, inline) = match arg.split_once('=') {
                Some((f, v)) if f.starts_with("--") => (f.to_string(), Some(v.to_string())),
                _ => (arg.clone(), None),
            };
            match flag.as_str() {
                "--exact" => parsed.exact = true,
                "--ignored" => parsed.ignored = true,
                "--include-ignored" => parsed.include_ignored = true,
                "--list" => parsed.list = true,
                "-q" | "--quiet" => parsed.quiet = true,
                "--test-threads" => {
                    let value = inline.or_else(|| args.next()).unwrap_or_default();
                    parsed.test_threads = value.parse().ok().filter(|&n| n > 0);
                }
                "--skip" => parsed.skip.extend(inline.or_else(|| args.next())),
                f if VALUED.contains(&f) => {
                    if inline.is_none() {
                        args.next();
                    }
                }
                f if f.starts_with('-') => {}
                _ => parsed.filters.push(arg),
            }
        }
        parsed
    }

    fn selects(&self, name: &str) -> bool {
        let matches = |pattern: &String| {
            if self.exact {
                name == pattern
            } else {
                name.contains(pattern.as_str())
            }
        };
        (self.filters.is_empty() || self.filters.iter().any(matches))
            && !self.skip.iter().any(matches)
    }
}

/// How a run ended.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Conclusion {
    pub passed: usize,
    pub failed: usize,
    pub ignored: usize,
    pub filtered_out: usize,
}

impl Conclusion {
    /// The exit status libtest gives: 101 when a test failed.
    pub fn exit_code(&self) -> ExitCode {
        if self.failed == 0 {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(101)
        }
    }

    /// Exits the process with [`Conclusion::exit_code`]'s status.
    pub fn exit(&self) -> ! {
        std::process::exit(if self.failed == 0 { 0 } else { 101 })
    }
}

/// Runs the selected trials (on as many threads as `--test-threads` says,
/// else as the machine has cores) and reports them on stdout as libtest
/// does.
pub fn run(args: &Arguments, trials: Vec<Trial>) -> Conclusion {
    run_reporting_to(args, trials, &mut std::io::stdout())
}

/// [`run`], reporting to `out`: the trials are selected by the command
/// line (`select`), the ignored ones reported, the rest run on the
/// threads (`run_all`), and the failures and the summary written
/// (`summary`).
pub fn run_reporting_to(
    args: &Arguments,
    trials: Vec<Trial>,
    out: &mut (dyn Write + Send),
) -> Conclusion {
    let out = Mutex::new(out);
    let say = |text: &str| {
        let mut out = out.lock().unwrap_or_else(|e| e.into_inner());
        let _ = out.write_all(text.as_bytes());
        let _ = out.flush();
    };
    let total = trials.len();
    let mut conclusion = Conclusion::default();
    let selected = select(args, trials, &mut conclusion);
    if args.list {
        for trial in &selected {
            println!("{}: test", trial.name);
        }
        return conclusion;
    }
    let started = Instant::now();
    println!(
        "\nrunning {} test{}",
        selected.len(),
        if selected.len() == 1 { "" } else { "s" }
    );
    let width = selected.iter().map(|t| t.name.len()).max().unwrap_or(0);
    let mut to_run = Vec::new();
    for trial in selected {
        let runs = if args.ignored {
            trial.ignored
        } else {
            !trial.ignored || args.include_ignored
        };
        if runs {
            to_run.push(trial);
        } else {
            say(&report(args, &trial.name, width, "ignored"));
            conclusion.ignored += 1;
        }
    }
    let (passed, mut failures) = run_all(args, to_run, width, &say);
    failures.sort();
    conclusion.passed = passed;
    conclusion.failed = failures.len();
    say(&summary(args, &conclusion, &failures, started));
    debug_assert_eq!(
        conclusion.passed + conclusion.failed + conclusion.ignored + conclusion.filtered_out,
        total
    );
    conclusion
}

/// The trials the command line's filters select; the others are counted
/// as filtered out.
fn select(args: &Arguments, trials: Vec<Trial>, conclusion: &mut Conclusion) -> Vec<Trial> {
    let mut selected = Vec::new();
    for trial in trials {
        if args.selects(&trial.name) {
            selected.push(trial);
        } else {
            conclusion.filtered_out += 1;
        }
    }
    selected
}

/// Runs the trials on as many threads as asked, reporting each as it ends;
/// returns how many passed, and each failure's name and message.
fn run_all(
    args: &Arguments,
    trials: Vec<Trial>,
    width: usize,
    say: &(dyn Fn(&str) + Sync),
) -> (usize, Vec<(String, String)>) {
    let threads = args
        .test_threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let queue = Mutex::new(trials.into_iter());
    let failures = Mutex::new(Vec::new());
    let passed = Mutex::new(0usize);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| loop {
                let Some(trial) = queue.lock().map(|mut q| q.next()).unwrap_or(None) else {
                    break;
                };
                let name = trial.name;
                match failure_of(trial.body) {
                    None => {
                        say(&report(args, &name, width, "ok"));
                        *passed.lock().unwrap_or_else(|e| e.into_inner()) += 1;
                    }
                    Some(message) => {
                        say(&report(args, &name, width, "FAILED"));
                        failures
                            .lock()
                            .unwrap_or_else(|e| e.into_inner())
                            .push((name, message));
                    }
                }
            });
        }
    });
    (
        passed.into_inner().unwrap_or_else(|e| e.into_inner()),
        failures.into_inner().unwrap_or_else(|e| e.into_inner()),
    )
}

/// Runs one trial's body: `None` when it passed, else why it failed (its
/// error, or its panic's message).
fn failure_of(body: Box<dyn FnOnce() -> Result<(), Failed> + Send>) -> Option<String> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(body)) {
        Ok(Ok(())) => None,
        Ok(Err(Failed(message))) => Some(message),
        Err(panic) => Some(
            panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "the test panicked".to_string()),
        ),
    }
}

/// The failures, each with its message, and libtest's summary line.
fn summary(
    args: &Arguments,
    conclusion: &Conclusion,
    failures: &[(String, String)],
    started: Instant,
) -> String {
    let mut text = String::new();
    if args.quiet {
        text.push('\n');
    }
    if !failures.is_empty() {
        text.push_str("\nfailures:\n\n");
        for (name, message) in failures {
            text.push_str(&format!("---- {name} ----\n{message}\n\n"));
        }
        text.push_str("\nfailures:\n");
        for (name, _) in failures {
            text.push_str(&format!("    {name}\n"));
        }
    }
    text.push_str(&format!(
        "\ntest result: {}. {} passed; {} failed; {} ignored; 0 measured; {} filtered out; finished in {:.2}s\n\n",
        if failures.is_empty() { "ok" } else { "FAILED" },
        conclusion.passed,
        conclusion.failed,
        conclusion.ignored,
        conclusion.filtered_out,
        started.elapsed().as_secs_f64()
    ));
    text
}

/// One test's line (or, with `-q`, its one character).
fn report(args: &Arguments, name: &str, width: usize, outcome: &str) -> String {
    if args.quiet {
        match outcome {
            "ok" => ".",
            "ignored" => "i",
            _ => "F",
        }
        .to_string()
    } else {
        format!("test {name:<width$} ... {outcome}\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Arguments {
        Arguments::from_list(list.iter().map(|s| s.to_string()))
    }

    #[test]
    fn reads_libtest_flags() {
        let a = args(&[
            "sample",
            "--exact",
            "--test-threads",
            "1",
            "--color=never",
            "--format",
            "pretty",
            "-q",
            "--nocapture",
        ]);
        assert_eq!(a.filters, vec!["sample"]);
        assert!(a.exact && a.quiet);
        assert_eq!(a.test_threads, Some(1));
        assert!(a.selects("sample") && !a.selects("sample-1"));
        let b = args(&["puyo", "--skip", "errors"]);
        assert!(b.selects("puyo::sample-1") && !b.selects("puyo::errors::x"));
    }

    #[test]
    fn counts_what_ran() {
        let trials = vec![
            Trial::test("a", || Ok(())),
            Trial::test("b", || Err("no".into())),
            Trial::test("c", || panic!("boom")),
            Trial::test("d", || Ok(())).with_ignored_flag(true),
            Trial::test("x", || Ok(())),
        ];
        let mut out = Vec::new();
        let conclusion = run_reporting_to(&args(&["--skip", "x", "-q"]), trials, &mut out);
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.contains("---- b ----\nno\n") && text.contains("---- c ----\nboom\n"),
            "{text}"
        );
        assert_eq!(
            conclusion,
            Conclusion {
                passed: 1,
                failed: 2,
                ignored: 1,
                filtered_out: 1
            }
        );
    }
}
