//! `cargo new-problem NAME [--judge J] [--title T] [--link URL]`: a new
//! problem crate from the house template, registered (see
//! `tools::scaffold`).

use std::process::ExitCode;

use tools::scaffold::{scaffold, Spec};

const USAGE: &str = "\
usage: cargo new-problem NAME [--judge \"Baekjoon 12094\"] [--title \"2048 (Hard)\"] [--link URL]

Writes crates/NAME (library, naive, fast engine, explain, contract, main,
golden and property tests) and inputs/NAME/sample-1.in/.out for a stand-in
problem, and registers NAME in crates/problems/Cargo.toml and the README's
problem table. Then replace the stand-in: every TODO in crates/NAME.
";

fn main() -> ExitCode {
    tools::finish(run().map(|()| true))
}

fn run() -> Result<(), String> {
    use lexopt::Arg::{Long, Short, Value};
    let mut parser = lexopt::Parser::from_env();
    let mut name = None;
    let (mut judge, mut title, mut link) = (None, None, None);
    while let Some(arg) = parser.next().map_err(|e| e.to_string())? {
        match arg {
            Short('h') | Long("help") => {
                print!("{USAGE}");
                return Ok(());
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
    let root = tools::workspace_root();
    let (written, edited) = scaffold(&root, &spec)?;
    for path in &written {
        println!("wrote  {}", path.display());
    }
    for path in &edited {
        println!("edited {}", path.display());
    }
    println!(
        "\n{} builds, bundles and passes its golden test as the stand-in problem.\n\
         Next: replace every TODO in crates/{}, the sample in inputs/{}, then\n  \
         cargo test -p {} && cargo bundle {}",
        spec.name, spec.name, spec.name, spec.name, spec.name
    );
    Ok(())
}

fn value(parser: &mut lexopt::Parser) -> Result<String, String> {
    parser
        .value()
        .map(|v| v.to_string_lossy().into_owned())
        .map_err(|e| e.to_string())
}
