//! The user's names for what a run prints: a solution runs as a copy in
//! its build folder (`/tmp/grid-games-build-0/652b.../Main.py`, or
//! `Main.java` as the judge names it), and what it prints when it fails (a
//! Python or node.js traceback, a Java stack trace, a Rust panic, a C
//! assertion) names that copy. A report shows the user's own file instead,
//! as [`super::compile`] does for a compiler's messages.

use std::path::Path;

/// How to show a run's text in the user's names: the build folder's copy
/// of their file as they named it, and the build folder's other files
/// (a driver) by their bare names.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UsersNames {
    /// The build folder, as the run sees it.
    folder: String,
    /// The copy's name in the build folder: `Main.py`, `Solution.java`.
    copy: String,
    /// The user's file as reports show it.
    user: String,
}

impl UsersNames {
    /// The names of a run of the copy `copy` of `user_file` in `folder`.
    pub fn new(folder: &Path, copy: &str, user_file: &Path) -> UsersNames {
        UsersNames {
            folder: folder.display().to_string(),
            copy: copy.to_string(),
            user: shown_path(user_file),
        }
    }

    /// `text` with the copy named as the user's file: by its full path
    /// (`File "/tmp/.../Main.py", line 3`) or by its bare name where a
    /// file's place is written (`(Main.java:5)`, `panicked at Main.rs:3:5`,
    /// `Main.cc:7: int main(): Assertion`); the build folder's other files
    /// by their names alone.
    pub fn apply(&self, text: &str) -> String {
        if self.copy.is_empty() {
            return text.to_string();
        }
        let located = format!("{}:", self.copy);
        let mut renamed = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(at) = rest.find(&located) {
            // A bare name only: not the end of a longer name or path.
            let before = rest[..at].chars().next_back();
            let bare = before.is_none_or(|c| !(c.is_alphanumeric() || "/._-".contains(c)));
            renamed.push_str(&rest[..at]);
            renamed.push_str(if bare { &self.user } else { &self.copy });
            renamed.push(':');
            rest = &rest[at + located.len()..];
        }
        renamed.push_str(rest);
        if self.folder.is_empty() {
            return renamed;
        }
        renamed
            .replace(&format!("{}/{}", self.folder, self.copy), &self.user)
            .replace(&format!("{}/", self.folder), "")
    }
}

/// A user's file as reports name it: relative to the current folder when
/// it is in it (as it was most likely given), else its full path.
pub fn shown_path(path: &Path) -> String {
    let here = std::env::current_dir().ok();
    let relative = here
        .as_deref()
        .and_then(|here| path.strip_prefix(here).ok())
        .filter(|p| !p.as_os_str().is_empty());
    relative.unwrap_or(path).display().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(copy: &str) -> UsersNames {
        UsersNames {
            folder: "/tmp/grid-games-build-0/652b".to_string(),
            copy: copy.to_string(),
            user: "sub/mine.x".to_string(),
        }
    }

    #[test]
    fn a_runs_messages_name_the_users_file() {
        // Python: the copy's full path, and the driver's by its name.
        assert_eq!(
            names("Main.py").apply(
                "  File \"/tmp/grid-games-build-0/652b/driver.py\", line 9, in <module>\n  \
                 File \"/tmp/grid-games-build-0/652b/Main.py\", line 3, in solution\n"
            ),
            "  File \"driver.py\", line 9, in <module>\n  File \"sub/mine.x\", line 3, in \
             solution\n"
        );
        // node.js: the full path with a line number after it.
        assert_eq!(
            names("Main.js").apply("/tmp/grid-games-build-0/652b/Main.js:3\n"),
            "sub/mine.x:3\n"
        );
        // Java, Rust and C name the copy as the judge names it.
        assert_eq!(
            names("Main.java").apply("\tat Main.main(Main.java:5)"),
            "\tat Main.main(sub/mine.x:5)"
        );
        assert_eq!(
            names("Main.rs").apply("thread 'main' panicked at Main.rs:3:5:"),
            "thread 'main' panicked at sub/mine.x:3:5:"
        );
        assert_eq!(
            names("Main.cc").apply("Main: Main.cc:7: int main(): Assertion `x' failed."),
            "Main: sub/mine.x:7: int main(): Assertion `x' failed."
        );
        // A name that only ends like the copy's is another file.
        assert_eq!(
            names("Main.cc").apply("lib/Main.cc:1: xMain.cc:2:"),
            "lib/Main.cc:1: xMain.cc:2:"
        );
        // Nothing to rename: the text as it is.
        assert_eq!(UsersNames::default().apply("a: b"), "a: b");
    }
}
