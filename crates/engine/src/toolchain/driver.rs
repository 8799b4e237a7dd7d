//! Drivers for judges that call a function instead of running a program
//! (Programmers): a user's file that only defines `solution(...)` is run
//! through a small generated program that reads each call's arguments from
//! stdin (JSON values, as the workspace's inputs write them), calls the
//! function, and prints what it returns, one line a call. Whatever the
//! function itself prints goes to stderr, as Programmers shows it apart
//! from the result: the driver runs with its answers on descriptor 3 and
//! descriptor 1 on stderr ([`answers_apart`]).
//!
//! Each driver is a template file of `drivers/`, in its own language, with
//! `@NAME@` placeholders filled from the problem's [`Call`]. The drivers are
//! written into the build cache, never beside the user's file.

use problem_kit::{Call, Value};

/// How a driver and the user's file make one program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Joining {
    /// The interpreter runs the driver, which loads the user's file, named
    /// by its first argument.
    Loads,
    /// The driver is compiled, and includes a copy of the user's file
    /// under this name.
    Includes(&'static str),
    /// The driver is compiled together with a copy of the user's file
    /// under this name (Java's `Solution.java` beside `Main.java`).
    Beside(&'static str),
}

/// A driver template.
#[derive(Clone, Copy, Debug)]
pub struct Driver {
    /// The driver's file name in the build folder.
    pub file: &'static str,
    /// For a language whose program is a class (`{class}` in its lines),
    /// the driver's class: a name no solution uses (a file may hold a
    /// local `class Main` of its own).
    pub class: Option<&'static str>,
    pub template: &'static str,
    pub joining: Joining,
    /// How the driver reads one argument, for `@READS@`: `@TYPE@`,
    /// `@INDEX@` and `@READER@` are filled from [`Driver::types`].
    pub read: &'static str,
    /// For each kind of value: its type in the driver's language and the
    /// driver's reader of it.
    pub types: fn(Value) -> (&'static str, &'static str),
}

/// The Python driver (Python 3 and PyPy3), which reads its arguments as
/// JSON itself.
pub const PYTHON: Driver = Driver {
    file: "driver.py",
    class: None,
    template: include_str!("drivers/driver.py"),
    joining: Joining::Loads,
    read: "",
    types: untyped,
};

/// The C++ driver.
pub const CPP: Driver = Driver {
    file: "driver.cpp",
    class: None,
    template: include_str!("drivers/driver.cpp"),
    joining: Joining::Includes("solution.cpp"),
    read: "        @TYPE@ a@INDEX@ = grid_games_driver::@READER@();\n",
    types: cpp_types,
};

/// The Java driver, calling the user's class `Solution`.
pub const JAVA: Driver = Driver {
    file: "GridGamesDriver.java",
    class: Some("GridGamesDriver"),
    template: include_str!("drivers/GridGamesDriver.java"),
    joining: Joining::Beside("Solution.java"),
    read: "            @TYPE@ a@INDEX@ = @READER@();\n",
    types: java_types,
};

/// The JavaScript driver, which reads its arguments as JSON itself.
pub const JAVASCRIPT: Driver = Driver {
    file: "driver.js",
    class: None,
    template: include_str!("drivers/driver.js"),
    joining: Joining::Loads,
    read: "",
    types: untyped,
};

impl Driver {
    /// The driver's source for calls of `call`.
    pub fn generate(&self, call: &Call) -> String {
        let names: Vec<&str> = call.parameters.iter().map(|p| p.name).collect();
        let mut reads = String::new();
        let mut args = Vec::new();
        for (index, parameter) in call.parameters.iter().enumerate() {
            let (kind, reader) = (self.types)(parameter.kind);
            reads.push_str(
                &self
                    .read
                    .replace("@TYPE@", kind)
                    .replace("@INDEX@", &index.to_string())
                    .replace("@READER@", reader),
            );
            args.push(format!("a{index}"));
        }
        self.template
            .replace("@FUNCTION@", call.function)
            .replace("@NAMES@", &names.join(", "))
            .replace("@ARITY@", &call.parameters.len().to_string())
            .replace("@READS@", &reads)
            .replace("@ARGS@", &args.join(", "))
    }
}

/// The line a driver's program runs under: descriptor 3 is the run's
/// stdout, where the driver writes the answers, and descriptor 1 its
/// stderr, where whatever the solution prints goes.
pub fn answers_apart(argv: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    let mut line: Vec<std::ffi::OsString> = vec![
        "sh".into(),
        "-c".into(),
        "exec 3>&1 1>&2; exec \"$@\"".into(),
        "sh".into(),
    ];
    line.extend(argv);
    line
}

/// A driver that reads its arguments without types.
fn untyped(_: Value) -> (&'static str, &'static str) {
    ("", "")
}

/// A value's C++ type and the C++ driver's reader of it.
fn cpp_types(kind: Value) -> (&'static str, &'static str) {
    match kind {
        Value::Int => ("long long", "number"),
        Value::IntList => ("std::vector<int>", "int_list"),
        Value::IntGrid => ("std::vector<std::vector<int>>", "int_grid"),
    }
}

/// A value's Java type and the Java driver's reader of it.
fn java_types(kind: Value) -> (&'static str, &'static str) {
    match kind {
        Value::Int => ("long", "number"),
        Value::IntList => ("int[]", "intList"),
        Value::IntGrid => ("int[][]", "intGrid"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drivers_name_the_function_and_every_argument() {
        let call = footholds::contract::INFO.call.as_ref().unwrap();
        let python = PYTHON.generate(call);
        assert!(
            python.contains("_function(*_values[_k:_k + 3])"),
            "{python}"
        );
        assert!(!python.contains('@'), "{python}");
        let cpp = CPP.generate(call);
        assert!(cpp.contains("std::vector<std::vector<int>> a0 = grid_games_driver::int_grid();"));
        assert!(cpp.contains("auto result = solution(a0, a1, a2);"), "{cpp}");
        assert!(!cpp.contains('@'), "{cpp}");
        let java = JAVA.generate(call);
        assert!(java.contains("int[][] a0 = intGrid();"), "{java}");
        assert!(
            java.contains("new Solution().solution(a0, a1, a2)"),
            "{java}"
        );
        let js = JAVASCRIPT.generate(call);
        assert!(
            js.contains("typeof solution === \"undefined\" ? undefined : solution"),
            "{js}"
        );
        assert!(!js.contains('@') && !java.contains('@'));
    }
}
