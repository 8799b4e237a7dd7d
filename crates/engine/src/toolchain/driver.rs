//! Drivers for judges that call a function instead of running a program
//! (Programmers): a user's file that only defines `solution(...)` is run
//! through a small generated program that reads each call's arguments from
//! stdin (JSON values, as the workspace's inputs write them), calls the
//! function, and prints what it returns, one line a call. Whatever the
//! function itself prints goes to stderr, as Programmers shows it apart
//! from the result.
//!
//! Each driver is a template file of `drivers/`, in its own language, with
//! `@NAME@` placeholders filled from the problem's [`Call`]. The drivers are
//! written into the build cache, never beside the user's file.

use cli::{Call, Value};

/// How a driver and the user's file make one program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Joining {
    /// The interpreter runs the driver, which loads the user's file, named
    /// by its first argument.
    Loads,
    /// The driver is compiled, and includes a copy of the user's file
    /// under this name.
    Includes(&'static str),
}

/// A driver template.
#[derive(Clone, Copy, Debug)]
pub struct Driver {
    /// The driver's file name in the build folder.
    pub file: &'static str,
    pub template: &'static str,
    pub joining: Joining,
}

/// The Python driver (Python 3 and PyPy3).
pub const PYTHON: Driver = Driver {
    file: "driver.py",
    template: include_str!("drivers/driver.py"),
    joining: Joining::Loads,
};

/// The C++ driver.
pub const CPP: Driver = Driver {
    file: "driver.cpp",
    template: include_str!("drivers/driver.cpp"),
    joining: Joining::Includes("solution.cpp"),
};

impl Driver {
    /// The driver's source for calls of `call`.
    pub fn generate(&self, call: &Call) -> String {
        let names: Vec<&str> = call.parameters.iter().map(|p| p.name).collect();
        let mut reads = String::new();
        let mut args = Vec::new();
        for (index, parameter) in call.parameters.iter().enumerate() {
            let (kind, reader) = cpp_reader(parameter.kind);
            reads.push_str(&format!(
                "        {kind} a{index} = grid_games_driver::{reader}();\n"
            ));
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

/// A value's C++ type and the C++ driver's reader of it.
fn cpp_reader(kind: Value) -> (&'static str, &'static str) {
    match kind {
        Value::Int => ("long long", "number"),
        Value::IntList => ("std::vector<int>", "int_list"),
        Value::IntGrid => ("std::vector<std::vector<int>>", "int_grid"),
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
            python.contains("_module.solution(*_values[_k:_k + 3])"),
            "{python}"
        );
        assert!(!python.contains('@'), "{python}");
        let cpp = CPP.generate(call);
        assert!(cpp.contains("std::vector<std::vector<int>> a0 = grid_games_driver::int_grid();"));
        assert!(cpp.contains("auto result = solution(a0, a1, a2);"), "{cpp}");
        assert!(!cpp.contains('@'), "{cpp}");
    }
}
