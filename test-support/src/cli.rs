//! Running a built binary (the `puppet-parser` of `puppet-cli`'s tests:
//! `Cli::new(env!("CARGO_BIN_EXE_puppet-parser"))`) with arguments, standard input, a working
//! directory and environment, capturing its output; and fresh temporary directories to run it in.

use std::ffi::OsStr;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A binary under test. Its commands run without `RUST_LOG` and `NO_COLOR` from the
/// environment of the test, so that a developer's settings do not change the output.
#[derive(Clone, Debug)]
pub struct Cli {
    bin: PathBuf,
}

impl Cli {
    pub fn new(bin: impl Into<PathBuf>) -> Cli {
        Cli { bin: bin.into() }
    }

    /// A command for the binary, to configure further.
    pub fn command(&self) -> Command {
        let mut command = Command::new(&self.bin);
        command.env_remove("RUST_LOG").env_remove("NO_COLOR");
        command
    }

    /// Run with `args`.
    pub fn run<I, S>(&self, args: I) -> Output
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        capture(self.command().args(args), None)
    }

    /// Run with `args` in `dir`, with `stdin` on standard input when given.
    pub fn run_in(&self, dir: &Path, args: &[&str], stdin: Option<&str>) -> Output {
        capture(
            self.command().current_dir(dir).args(args),
            stdin.map(str::as_bytes),
        )
    }
}

/// Run `command` to completion, writing `stdin` (or nothing: standard input is closed).
pub fn capture(command: &mut Command, stdin: Option<&[u8]>) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {:?}: {e}", command.get_program()));
    let mut pipe = child.stdin.take().expect("piped stdin");
    if let Some(input) = stdin {
        pipe.write_all(input).expect("write standard input");
    }
    drop(pipe);
    child.wait_with_output().expect("wait for the command")
}

/// Standard output, which must be UTF-8.
pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("stdout is UTF-8")
}

/// Standard error (invalid UTF-8 replaced).
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The exit status (panics when the command was killed by a signal).
pub fn code(o: &Output) -> i32 {
    o.status.code().expect("exited normally (no signal)")
}

/// A fresh directory under the system temp dir (removed when dropped).
pub struct TempDir(pub PathBuf);

impl TempDir {
    #[allow(clippy::new_without_default)]
    pub fn new() -> TempDir {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("puppet-test-{}-{n}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    /// Write `content` to `name` (parent directories created) and return its path.
    pub fn file(&self, name: &str, content: impl AsRef<[u8]>) -> PathBuf {
        let path = self.0.join(name);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(&path, content).unwrap();
        path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_gets_its_input_and_its_output_is_captured() {
        let dir = TempDir::new();
        dir.file("sub/x.txt", "hello");
        let out = Cli::new("cat").run_in(&dir.0, &["sub/x.txt", "-"], Some(" world"));
        assert_eq!(code(&out), 0, "{}", stderr(&out));
        assert_eq!(stdout(&out), "hello world");
        let failed = Cli::new("cat").run(["no-such-file"]);
        assert_eq!(code(&failed), 1);
        assert!(stderr(&failed).contains("no-such-file"));
    }
}
