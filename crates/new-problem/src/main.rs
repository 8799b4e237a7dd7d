//! `cargo new-problem NAME [--judge J] [--title T] [--link URL]`: a new
//! problem crate from the house template, registered (see
//! `new_problem::scaffold`).

use std::process::ExitCode;

use std::io::Write;

use new_problem::scaffold::{self, scaffold, Spec};
use tools::output::ReportOutput;

const USAGE: &str = "\
usage: cargo new-problem NAME [--judge \"Baekjoon 12094\"] [--title \"2048 (Hard)\"] [--link URL]

Writes crates/NAME (library, naive, fast engine, explain, replay, validator,
generators, contract, main, golden and property tests) and
inputs/NAME/sample-1.in/.out for a stand-in problem, registers NAME in
crates/registry/Cargo.toml and the README's problem table, and checks that the
workspace compiles with it. All or nothing: a refused name (a Rust keyword, a
name cargo, Rust or the workspace already uses) or a failed check leaves the
workspace as it was. Then replace the stand-in: every TODO in crates/NAME.
";

fn main() -> ExitCode {
    tools::output::main(run)
}

fn run(out: &mut ReportOutput) -> Result<bool, String> {
    use lexopt::Arg::{Long, Short, Value};
    let mut parser = lexopt::Parser::from_env();
    let mut name = None;
    let (mut judge, mut title, mut link) = (None, None, None);
    while let Some(arg) = parser.next().map_err(|e| e.to_string())? {
        match arg {
            Short('h') | Long("help") => {
                let _ = write!(out, "{USAGE}");
                return Ok(true);
            }
            Long("judge") => judge = Some(value(&mut parser)?),
            Long("title") => title = Some(value(&mut parser)?),
            Long("link") => link = Some(value(&mut parser)?),
            Value(v) if name.is_none() => name = Some(v.to_string_lossy().into_owned()),
            other => {
                return Err(format!(
                    "{} (see `cargo new-problem --help`)",
                    other.unexpected()
                ))
            }
        }
    }
    let name = name.ok_or("a problem NAME is needed (see `cargo new-problem --help`)")?;
    let spec = Spec {
        judge: judge.unwrap_or_else(|| "TODO judge".to_string()),
        title: title.unwrap_or_else(|| name.clone()),
        link: link.unwrap_or_else(|| "https://TODO".to_string()),
        name,
    };
    // The workspace is the one the command runs in: the nearest folder up
    // from here with the registry in it.
    let here = std::env::current_dir().map_err(|e| e.to_string())?;
    let root = here
        .ancestors()
        .find(|dir| dir.join(scaffold::REGISTRY).is_file())
        .ok_or_else(|| {
            format!(
                "{} is not inside a grid-games workspace (no {} above it); run it in the \
                 workspace it adds to",
                here.display(),
                scaffold::REGISTRY
            )
        })?
        .to_path_buf();
    scaffold::check_spec(&root, &spec)?;
    let _ = writeln!(
        out,
        "checking that the workspace compiles with {} ...",
        spec.name
    );
    let (written, edited) = scaffold(&root, &spec, true)?;
    for path in &written {
        let _ = writeln!(out, "wrote  {}", path.display());
    }
    for path in &edited {
        let _ = writeln!(out, "edited {}", path.display());
    }
    let _ = writeln!(
        out,
        "\n{0} compiles, registered, as the stand-in problem.\n\
         Next: cargo test -p {0} && cargo bundle {0}; then replace every TODO in\n\
         crates/{0} and the sample in inputs/{0}.",
        spec.name
    );
    Ok(true)
}

fn value(parser: &mut lexopt::Parser) -> Result<String, String> {
    parser
        .value()
        .map(|v| v.to_string_lossy().into_owned())
        .map_err(|e| e.to_string())
}
