//! Ruby's answers for the differential tests: where they are kept (`target/oracle/`, one cache
//! per test and input set; another Ruby Puppet's in a directory of its own, see `oracle_env`)
//! and the driver that has Ruby Puppet validate a set of files as
//! `puppet parser validate --modulepath` does (`scripts/oracle/validate_cases.rb` in module
//! path mode, one process per core).

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use puppet_syntax::{LocationContext, ParseOptions};
use serde_json::Value;

use super::oracle_env;

/// `target/oracle/` (another Ruby Puppet's: `target/oracle/release-RELEASE/`), where Ruby's
/// answers are kept.
pub fn oracle_dir() -> PathBuf {
    oracle_env::oracle_dir()
}

/// Ruby's answers about a set of inputs, kept as `target/oracle/PREFIX-HASH.jsonl` (one record
/// per line), HASH over everything the answers depend on (the inputs, the oracle scripts, and
/// which Ruby Puppet answered when it is not the default). Each test has its own prefix;
/// writing removes that test's answers about other inputs only.
pub struct AnswerCache {
    prefix: &'static str,
    path: PathBuf,
}

impl AnswerCache {
    /// The cache of `prefix` for the inputs `feed` hashes (it is handed the hasher's `eat`).
    pub fn new(prefix: &'static str, feed: impl FnOnce(&mut dyn FnMut(&[u8]))) -> AnswerCache {
        // FNV-1a: stable across runs and platforms.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |bytes: &[u8]| {
            for b in bytes {
                h ^= u64::from(*b);
                h = h.wrapping_mul(0x0000_0100_0000_01B3);
            }
        };
        // Empty for the default oracle, so that its keys stay what they were.
        eat(oracle_env::cache_key().as_bytes());
        feed(&mut eat);
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

/// The scripts Ruby's validation answers depend on, relative to the workspace root.
const VALIDATE_SCRIPTS: [&str; 2] = [
    "scripts/oracle/validate_cases.rb",
    "scripts/oracle/import.rb",
];

/// Writes each source as `DIR/NNNNN.pp` (or `.epp`), after removing what an earlier run left;
/// returns the absolute paths, in order.
pub fn write_sources(dir: &Path, sources: &[(bool, String)]) -> Vec<PathBuf> {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).expect("sources directory");
    let dir = dir.canonicalize().expect("sources directory");
    sources
        .iter()
        .enumerate()
        .map(|(i, (epp, src))| {
            let path = dir.join(format!("{i:05}.{}", if *epp { "epp" } else { "pp" }));
            std::fs::write(&path, src).expect("write a source file");
            path
        })
        .collect()
}

/// Ruby's record of each file (`validate_cases.rb`'s module path mode, module path
/// `modulepath`), from the cache `prefix` when the same sources at the same paths were
/// validated by the same scripts before, else from one Ruby process per core. The flag says
/// "from the cache".
pub fn validate_with_ruby(
    prefix: &'static str,
    files: &[PathBuf],
    sources: &[(bool, String)],
    modulepath: &Path,
) -> std::io::Result<(Vec<Value>, bool)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let scripts: Vec<Vec<u8>> = VALIDATE_SCRIPTS
        .iter()
        .map(|script| std::fs::read(root.join(script)))
        .collect::<std::io::Result<_>>()?;
    let cache = AnswerCache::new(prefix, |eat| {
        for script in &scripts {
            eat(script);
        }
        for (file, (_, src)) in files.iter().zip(sources) {
            eat(file.as_os_str().as_encoded_bytes());
            eat(src.as_bytes());
            eat(&[0]);
        }
    });
    if let Some(records) = cache.read(files.len()) {
        return Ok((records, true));
    }

    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = files.len().div_ceil(jobs).max(1);
    let work = modulepath.parent().unwrap_or(modulepath);
    let mut children = Vec::new();
    for (k, part) in files.chunks(chunk).enumerate() {
        let list = work.join(format!("files-{k}.txt"));
        let names: Vec<String> = part
            .iter()
            .map(|f| f.to_string_lossy().into_owned())
            .collect();
        std::fs::write(&list, names.join("\n") + "\n")?;
        let child = oracle_env::ruby_command()
            .arg(root.join(VALIDATE_SCRIPTS[0]))
            .arg("--modulepath")
            .arg(modulepath)
            .stdin(std::fs::File::open(&list)?)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
        children.push(child);
    }
    let mut records = Vec::with_capacity(files.len());
    for child in children {
        let output = child.wait_with_output()?;
        if !output.status.success() {
            return Err(std::io::Error::other(format!(
                "the oracle failed: {}",
                String::from_utf8_lossy(&output.stderr)
            )));
        }
        for line in String::from_utf8_lossy(&output.stdout).lines() {
            records.push(serde_json::from_str(line).map_err(std::io::Error::other)?);
        }
    }
    if records.len() != files.len() {
        return Err(std::io::Error::other(format!(
            "the oracle answered {} of {} files",
            records.len(),
            files.len()
        )));
    }
    cache.write(&records);
    Ok((records, false))
}

/// `sources` validated by Ruby as files in an environment without modules: see
/// [`validate_sources_with_ruby`].
pub struct RubyValidation {
    /// Where each source was written (`target/oracle/PREFIX/sources/NNNNN.pp`).
    pub files: Vec<PathBuf>,
    /// Ruby's record of each file.
    pub records: Vec<Value>,
    /// Whether the records came from the cache.
    pub cached: bool,
    /// How long asking Ruby (or reading the cache) took.
    pub ruby_time: Duration,
    /// The options that validate as Ruby did: the same (empty) module path.
    pub options: ParseOptions,
}

/// Writes `sources` under `target/oracle/PREFIX/sources/` and has Ruby validate them as
/// `puppet parser validate --modulepath EMPTY` does ([`validate_with_ruby`], cached under
/// `PREFIX`). `None`, after a note, when Ruby Puppet cannot be run; that fails the test when
/// `PUPPET_ORACLE_REQUIRED` is set (as `scripts/differential` does).
pub fn validate_sources_with_ruby(
    prefix: &'static str,
    sources: &[(bool, String)],
) -> Option<RubyValidation> {
    let work = oracle_dir().join(prefix);
    let modulepath = work.join("empty-modulepath");
    std::fs::create_dir_all(&modulepath).expect("module path directory");
    let files = write_sources(&work.join("sources"), sources);
    let start = Instant::now();
    let (records, cached) = match validate_with_ruby(prefix, &files, sources, &modulepath) {
        Ok(r) => r,
        Err(e) => {
            assert!(!oracle_env::required(), "Ruby Puppet is needed: {e}");
            eprintln!("note: Ruby Puppet is not available ({e}); {prefix} skipped");
            return None;
        }
    };
    // The release the oracle is (Debian's Ruby Puppet 7.23 by default).
    let options =
        ParseOptions::new()
            .release(oracle_env::release())
            .location(LocationContext::new(
                vec![modulepath],
                None,
                std::env::current_dir().expect("working directory"),
            ));
    Some(RubyValidation {
        files,
        records,
        cached,
        ruby_time: start.elapsed(),
        options,
    })
}
