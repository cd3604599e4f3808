//! The Ruby oracle: one `ruby scripts/oracle/program_reference.rb` process, kept open, asked about
//! batches of programs (JSON lines in, one JSON record per program out).

use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Stdio};

use serde_json::Value;

// The Ruby Puppet asked: `PUPPET_ORACLE_RUBY` (default `ruby`).
use puppet_test_support::oracle as oracle_env;

/// The oracle script, relative to the workspace root.
pub const SCRIPT: &str = "scripts/oracle/program_reference.rb";

pub fn script_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(SCRIPT)
}

pub struct RubyOracle {
    child: Child,
    stdin: BufWriter<ChildStdin>,
    stdout: BufReader<ChildStdout>,
    /// Programs asked about so far.
    pub asked: usize,
}

impl RubyOracle {
    /// Starts Ruby and checks that it answers (Puppet loads).
    pub fn start() -> io::Result<RubyOracle> {
        // -W0: Puppet's lexer has a regexp Ruby warns about on every start.
        let mut child = oracle_env::ruby_command()
            .arg("-W0")
            .arg(script_path())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()?;
        let stdin = BufWriter::new(child.stdin.take().expect("piped stdin"));
        let stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
        let mut oracle = RubyOracle {
            child,
            stdin,
            stdout,
            asked: 0,
        };
        let probe = oracle.ask(&[(false, "$x = 1\n".to_string())])?;
        if probe[0].get("pn").is_none() {
            return Err(io::Error::other(format!(
                "the Ruby oracle does not work: {}",
                probe[0]
            )));
        }
        Ok(oracle)
    }

    /// Ruby's record for each `(epp, source)`, in order. Writing happens on a second thread so
    /// that neither pipe can fill up and block the other side.
    pub fn ask(&mut self, programs: &[(bool, String)]) -> io::Result<Vec<Value>> {
        let RubyOracle { stdin, stdout, .. } = self;
        let records = std::thread::scope(|scope| {
            let writer = scope.spawn(move || -> io::Result<()> {
                for (epp, src) in programs {
                    let line = serde_json::json!({ "src": src, "epp": epp });
                    writeln!(stdin, "{line}")?;
                }
                stdin.flush()
            });
            let mut records = Vec::with_capacity(programs.len());
            let mut line = String::new();
            for _ in programs {
                line.clear();
                if stdout.read_line(&mut line)? == 0 {
                    return Err(io::Error::other("the Ruby oracle stopped answering"));
                }
                records.push(serde_json::from_str::<Value>(&line).map_err(io::Error::other)?);
            }
            writer.join().expect("writer thread")?;
            Ok(records)
        })?;
        self.asked += programs.len();
        Ok(records)
    }
}

/// Asks several oracles at once, each about a contiguous share of `programs`; the records come
/// back in the order of `programs`.
pub fn ask_all(oracles: &mut [RubyOracle], programs: &[(bool, String)]) -> io::Result<Vec<Value>> {
    let share = programs.len().div_ceil(oracles.len().max(1)).max(1);
    let results: Vec<io::Result<Vec<Value>>> = std::thread::scope(|scope| {
        let handles: Vec<_> = oracles
            .iter_mut()
            .zip(programs.chunks(share))
            .map(|(oracle, chunk)| scope.spawn(move || oracle.ask(chunk)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("oracle thread"))
            .collect()
    });
    let mut records = Vec::with_capacity(programs.len());
    for r in results {
        records.extend(r?);
    }
    Ok(records)
}

impl Drop for RubyOracle {
    fn drop(&mut self) {
        // Closing stdin ends the script's loop.
        let _ = self.stdin.flush();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
