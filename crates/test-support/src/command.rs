//! A scratch folder and a command run in it, in the manner of ripgrep's
//! `tests/util.rs`: every test that runs a program names the folder it runs
//! in, so that nothing a program writes where it stands lands in the
//! source tree, and reads what it wrote to stdout apart from stderr.

use std::ffi::OsStr;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A scratch folder of a test's own, emptied when it is made: what a
/// failed test left in it stays until the test runs again, to be looked
/// at.
#[derive(Clone, Debug)]
pub struct Dir {
    path: PathBuf,
}

impl Dir {
    /// An empty folder `name` under `tmp`, the target's temporary folder
    /// (`env!("CARGO_TARGET_TMPDIR")`: Cargo gives it to an integration
    /// test when it is compiled, and never to a library such as this one,
    /// so each test crate passes its own).
    pub fn new(tmp: &Path, name: &str) -> Dir {
        Dir {
            path: crate::scratch_in(tmp, name),
        }
    }

    /// The folder's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The path of `name` in the folder.
    pub fn join(&self, name: impl AsRef<Path>) -> PathBuf {
        self.path.join(name)
    }

    /// Writes `contents` to the file `name` (its folders made as needed)
    /// and returns its path.
    pub fn create(&self, name: impl AsRef<Path>, contents: impl AsRef<[u8]>) -> PathBuf {
        let path = self.path.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).unwrap();
        }
        std::fs::write(&path, contents).unwrap();
        path
    }

    /// Makes the folder `name` (and its parents) and returns its path.
    pub fn create_dir(&self, name: impl AsRef<Path>) -> PathBuf {
        let path = self.path.join(name);
        std::fs::create_dir_all(&path).unwrap();
        path
    }

    /// Writes an executable shell script `name` with `body` and returns
    /// its path: a user's solution that is any executable.
    pub fn script(&self, name: &str, body: &str) -> PathBuf {
        use std::os::unix::fs::PermissionsExt;
        let path = self.create(name, format!("#!/bin/sh\n{body}\n"));
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        path
    }

    /// `program`, to be run in this folder.
    pub fn command(&self, program: impl AsRef<OsStr>) -> TestCommand {
        TestCommand::new(program, &self.path)
    }

    /// Removes the folder and whatever a run left in it, folders closed to
    /// their owner included. A folder that will not go is left: the next
    /// run of the test empties it.
    pub fn remove(self) {
        let _ = Command::new("chmod")
            .arg("-R")
            .arg("u+rwx")
            .arg(&self.path)
            .stderr(Stdio::null())
            .status();
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// A program to run: its arguments, environment, working folder (always
/// given) and stdin.
#[derive(Debug)]
pub struct TestCommand {
    cmd: Command,
    stdin: Option<Vec<u8>>,
}

impl TestCommand {
    /// `program`, to be run in the folder `dir`, with this process's
    /// environment and an empty stdin.
    pub fn new(program: impl AsRef<OsStr>, dir: &Path) -> TestCommand {
        let mut cmd = Command::new(program);
        cmd.current_dir(dir);
        TestCommand { cmd, stdin: None }
    }

    /// The command underneath, for what this type does not cover (a
    /// `pre_exec`, spawning it to signal it).
    pub fn cmd(&mut self) -> &mut Command {
        &mut self.cmd
    }

    /// Adds an argument.
    pub fn arg(&mut self, arg: impl AsRef<OsStr>) -> &mut TestCommand {
        self.cmd.arg(arg);
        self
    }

    /// Adds arguments.
    pub fn args<I, A>(&mut self, args: I) -> &mut TestCommand
    where
        I: IntoIterator<Item = A>,
        A: AsRef<OsStr>,
    {
        self.cmd.args(args);
        self
    }

    /// Sets an environment variable.
    pub fn env(&mut self, key: impl AsRef<OsStr>, value: impl AsRef<OsStr>) -> &mut TestCommand {
        self.cmd.env(key, value);
        self
    }

    /// Removes an environment variable.
    pub fn env_remove(&mut self, key: impl AsRef<OsStr>) -> &mut TestCommand {
        self.cmd.env_remove(key);
        self
    }

    /// Runs in `dir` instead.
    pub fn current_dir(&mut self, dir: impl AsRef<Path>) -> &mut TestCommand {
        self.cmd.current_dir(dir);
        self
    }

    /// Gives the program `bytes` on its stdin (otherwise it reads an empty
    /// one).
    pub fn stdin(&mut self, bytes: impl Into<Vec<u8>>) -> &mut TestCommand {
        self.stdin = Some(bytes.into());
        self
    }

    /// Runs the program to its end: its exit status, stdout and stderr.
    pub fn output(&mut self) -> Outcome {
        let output = match self.stdin.take() {
            None => self
                .cmd
                .stdin(Stdio::null())
                .output()
                .expect("the program runs"),
            Some(bytes) => {
                let mut child = self
                    .cmd
                    .stdin(Stdio::piped())
                    .stdout(Stdio::piped())
                    .stderr(Stdio::piped())
                    .spawn()
                    .expect("the program runs");
                let mut input = child.stdin.take().unwrap();
                // Written beside the wait, so that a program that writes
                // before it reads cannot fill a pipe and stall both.
                let writer = std::thread::spawn(move || {
                    // A program may end without reading all of it.
                    let _ = input.write_all(&bytes);
                });
                let output = child.wait_with_output().expect("the program ends");
                writer.join().unwrap();
                output
            }
        };
        Outcome {
            status: output.status.code(),
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
            exit: output.status,
        }
    }
}

/// What a run of a [`TestCommand`] gave.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The exit status, `None` when a signal ended the program.
    pub status: Option<i32>,
    /// What it wrote to stdout.
    pub stdout: String,
    /// What it wrote to stderr.
    pub stderr: String,
    /// The exit status in full (the signal, for one).
    pub exit: std::process::ExitStatus,
}

impl Outcome {
    /// Stdout then stderr, for a test that holds a command to what a user
    /// sees and for a failed assertion's message.
    pub fn text(&self) -> String {
        format!("{}{}", self.stdout, self.stderr)
    }
}
