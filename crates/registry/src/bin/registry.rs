//! `cargo run -q -p registry`: the registered problems' names, one a line,
//! for scripts (`fuzz/run.sh`, CI). With `--table`, a Markdown table of
//! every problem: binary, judge, title, limits and whether it takes Rust.

fn main() {
    let table = std::env::args().nth(1).as_deref() == Some("--table");
    if table {
        println!("| binary | judge | problem | limits | judge takes Rust |\n|---|---|---|---|---|");
    }
    for problem in registry::ALL {
        let info = problem.info();
        if table {
            println!(
                "| `{}` | [{}]({}) | {} | {} s / {} MiB | {} |",
                info.name,
                info.origin,
                info.link,
                info.title,
                info.limits.time_ms as f64 / 1000.0,
                info.limits.memory_mib,
                if info.accepts_rust {
                    "yes"
                } else {
                    "no (study copy)"
                }
            );
        } else {
            println!("{}", info.name);
        }
    }
}
