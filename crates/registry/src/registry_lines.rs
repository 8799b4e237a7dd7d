// Shared by the build script (which includes this file) and the crate's
// tests: reading the registry's lines.

/// The names on the lines `NAME = { path = "../NAME" }` of the
/// `[dependencies]` table, or the first line of it that is not understood.
fn registry_names(manifest: &str) -> Result<Vec<String>, String> {
    let mut names = Vec::new();
    let mut in_dependencies = false;
    for (index, raw) in manifest.lines().enumerate() {
        let line = raw.trim();
        if line.starts_with('[') {
            in_dependencies = line == "[dependencies]";
            continue;
        }
        if !in_dependencies
            || line.is_empty()
            || line.starts_with('#')
            || line == "problem-kit.workspace = true"
        {
            continue;
        }
        let name = line
            .split_once(" = ")
            .map(|(name, _)| name.trim())
            .unwrap_or("");
        let well_formed = !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !well_formed || line != format!("{name} = {{ path = \"../{name}\" }}") {
            return Err(format!(
                "line {}: {raw:?} is not a registry line; each problem is written \
                 `NAME = {{ path = \"../NAME\" }}`, and nothing else belongs in [dependencies]",
                index + 1
            ));
        }
        if names.contains(&name.to_string()) {
            return Err(format!("line {}: {name} is registered twice", index + 1));
        }
        names.push(name.to_string());
    }
    if names.is_empty() {
        return Err("the registry lists no problem".to_string());
    }
    Ok(names)
}

#[cfg(test)]
mod tests {
    use super::registry_names;

    #[test]
    fn only_registry_lines_are_understood() {
        let good = "[package]\nname = \"registry\"\n\n[dependencies]\n# the list\nproblem-kit.workspace = true\na = { path = \"../a\" }\nb-2 = { path = \"../b-2\" }\n\n[dev-dependencies]\nx = 1\n";
        assert_eq!(
            registry_names(good),
            Ok(vec!["a".to_string(), "b-2".to_string()])
        );
        for bad in [
            "puyo.workspace = true",
            "puyo = { path = '../puyo' }",
            "puyo = { path = \"../puyo\", default-features = false }",
            "puyo = { path = \"../othello\" }",
            "puyo={path=\"../puyo\"}",
        ] {
            let manifest = format!("[dependencies]\na = {{ path = \"../a\" }}\n{bad}\n");
            let error = registry_names(&manifest).unwrap_err();
            assert!(error.starts_with("line 3: "), "{bad}: {error}");
        }
        assert!(registry_names(
            "[dependencies]\na = { path = \"../a\" }\na = { path = \"../a\" }\n"
        )
        .unwrap_err()
        .contains("twice"));
        assert!(registry_names("[dependencies]\nproblem-kit.workspace = true\n").is_err());
    }
}
