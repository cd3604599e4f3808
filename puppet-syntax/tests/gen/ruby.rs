//! The Ruby oracle: one `ruby scripts/oracle/program_reference.rb` process, kept open, asked about
//! batches of programs (JSON lines in, one JSON record per program out).

use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use serde_json::Value;

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
        let mut child = Command::new("ruby")
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

/// Ruby's answers about a set of inputs, kept as `target/oracle/PREFIX-HASH.jsonl` (one record
/// per line), HASH over everything the answers depend on (the inputs, the oracle scripts). Each
/// test has its own prefix; writing removes that test's answers about other inputs only.
pub struct AnswerCache {
    prefix: &'static str,
    path: PathBuf,
}

impl AnswerCache {
    /// The cache of `prefix` for the inputs `feed` hashes (it is handed the hasher's `eat`).
    pub fn new(prefix: &'static str, feed: impl FnOnce(&mut dyn FnMut(&[u8]))) -> AnswerCache {
        // FNV-1a: stable across runs and platforms.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        feed(&mut |bytes: &[u8]| {
            for b in bytes {
                h ^= u64::from(*b);
                h = h.wrapping_mul(0x0000_0100_0000_01B3);
            }
        });
        AnswerCache {
            prefix,
            path: oracle_dir().join(format!("{prefix}-{h:016x}.jsonl")),
        }
    }

    /// The `count` records answered before, if they are all there.
    pub fn read(&self, count: usize) -> Option<Vec<Value>> {
        let text = std::fs::read_to_string(&self.path).ok()?;
        let records: Vec<Value> = text
            .lines()
            .filter_map(|l| serde_json::from_str(l).ok())
            .collect();
        (records.len() == count).then_some(records)
    }

    /// Keeps `records` (best effort: a cache that cannot be written is asked again next time).
    pub fn write(&self, records: &[Value]) {
        let dir = oracle_dir();
        let _ = std::fs::create_dir_all(&dir);
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let hash = name
                .strip_prefix(self.prefix)
                .and_then(|rest| rest.strip_prefix('-'))
                .and_then(|rest| rest.strip_suffix(".jsonl"));
            if hash.is_some_and(|h| h.len() == 16 && h.bytes().all(|b| b.is_ascii_hexdigit())) {
                let _ = std::fs::remove_file(entry.path());
            }
        }
        let lines: Vec<String> = records.iter().map(Value::to_string).collect();
        let _ = std::fs::write(&self.path, lines.join("\n") + "\n");
    }
}

/// `target/oracle/`, where Ruby's answers are kept.
pub fn oracle_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/oracle")
}
