//! The validator on the Debian corpus under several Puppet releases, against Ruby's answers
//! recorded in `test_data/corpus-releases/` (by `scripts/record-corpus-releases`, from Debian's
//! Puppet 7.23.0 and from the git trees of Puppet 8.10.0 and OpenVox 8.28.1): for each release,
//! every `.pp`/`.epp` file is validated with that release's rules, once without an environment
//! (the corpus, `/usr/share/puppet/modules.available`) and once with Debian's module path
//! (`/usr/share/puppet/modules`, each entry a module, so that the location checks apply), and
//! our diagnostics must be Ruby's: a file with a record must give what it records
//! (`diag_util::verdict`: Ruby's rows in Ruby's order, messages, lines and columns), a file
//! without one nothing at all.
//!
//! This is the corpus differential of `differential/validate_corpus.rs` for the releases that
//! Debian does not package, in a plain `cargo test` (no Ruby needed). Without the corpus
//! (`scripts/install-deps` installs it) the test prints a note and passes; a corpus other than
//! the one recorded (another number of files or of bytes) fails it: record it again.

use crate::diag_util;

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use diag_util::verdict::{assert_no_failures, differs_from_ruby};
use puppet_syntax::{parse_and_validate, LocationContext, ParseOptions, PuppetRelease};
use puppet_test_support::corpus;
use serde_json::Value;

/// The recorded diagnostics are Debian's corpus's, so `PUPPET_CORPUS` does not apply here.
const CORPUS: &str = corpus::DEFAULT_ROOT;
const MODULEPATH: &str = "/usr/share/puppet/modules";

/// The releases recorded, as named in the file names.
const RELEASES: [&str; 3] = ["puppet-7.23.0", "puppet-8.10.0", "openvox-8.28.1"];

/// The recorded answers of one release and mode: the first line's summary of the corpus, and
/// Ruby's record of each file that reports anything.
struct Recorded {
    root: String,
    files: u64,
    bytes: u64,
    records: HashMap<String, Value>,
}

fn recorded(release: &str, mode: &str) -> Recorded {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("test_data/corpus-releases")
        .join(format!("{release}.{mode}.jsonl"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut lines = text.lines();
    let head: Value = serde_json::from_str(lines.next().expect("a summary line")).unwrap();
    assert_eq!(head["mode"].as_str(), Some(mode), "{}", path.display());
    let records = lines
        .map(|line| {
            let record: Value = serde_json::from_str(line).expect("a JSON record");
            let file = record["file"].as_str().expect("a file name").to_owned();
            (file, record)
        })
        .collect();
    Recorded {
        root: head["root"].as_str().unwrap_or_default().to_owned(),
        files: head["files"].as_u64().unwrap_or(0),
        bytes: head["bytes"].as_u64().unwrap_or(0),
        records,
    }
}

/// The `.pp` and `.epp` files below `root`, as `find` lists them (symbolic links to
/// directories followed when `follow`), in byte order.
fn files_below(root: &Path, follow: bool) -> Vec<PathBuf> {
    let mut out = corpus::files_below(root, follow);
    out.sort_by(|a, b| {
        a.as_os_str()
            .as_encoded_bytes()
            .cmp(b.as_os_str().as_encoded_bytes())
    });
    out
}

/// Our diagnostics of every file of `mode` under `release` against the record; returns
/// (files, files with a record, Ruby's rows, failures).
fn check(
    release_name: &str,
    mode: &str,
    files: &[(PathBuf, Vec<u8>)],
) -> (usize, usize, usize, Vec<String>) {
    let release: PuppetRelease = release_name.parse().expect("a known release");
    let recorded = recorded(release_name, mode);
    let bytes: usize = files.iter().map(|(_, source)| source.len()).sum();
    assert_eq!(
        (files.len() as u64, bytes as u64),
        (recorded.files, recorded.bytes),
        "{mode} of {release_name}: the corpus under {} is not the one recorded (files, bytes): \
         record it again with scripts/record-corpus-releases",
        recorded.root
    );
    let options = match mode {
        "corpus" => ParseOptions::new().release(release),
        _ => ParseOptions::new()
            .release(release)
            .location(LocationContext::new(
                vec![PathBuf::from(MODULEPATH)],
                None,
                std::env::current_dir().expect("working directory"),
            )),
    };
    let nothing = Value::Object(Default::default());
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = files.len().div_ceil(threads).max(1);
    let failures: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = files
            .chunks(chunk)
            .map(|part| {
                let (options, recorded, nothing) = (&options, &recorded, &nothing);
                scope.spawn(move || {
                    let mut failures = Vec::new();
                    for (path, source) in part {
                        let file = path.to_string_lossy();
                        let record = recorded.records.get(file.as_ref()).unwrap_or(nothing);
                        let file_options = options
                            .clone()
                            .file(file.as_ref())
                            .epp(file.ends_with(".epp"));
                        let result = parse_and_validate(source, &file_options);
                        if let Some(problem) = differs_from_ruby(record, &result.diagnostics) {
                            failures
                                .push(format!("{release_name} ({mode}): {file}\n    {problem}"));
                        }
                    }
                    failures
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a checking thread"))
            .collect()
    });
    let rows = recorded
        .records
        .values()
        .map(|r| {
            ["diagnostics", "import"]
                .iter()
                .map(|k| r[*k].as_array().map_or(0, Vec::len))
                .sum::<usize>()
        })
        .sum();
    let listed: HashSet<String> = files
        .iter()
        .map(|(path, _)| path.to_string_lossy().into_owned())
        .collect();
    let unread = recorded
        .records
        .keys()
        .filter(|file| !listed.contains(*file))
        .count();
    assert_eq!(
        unread, 0,
        "{mode} of {release_name}: recorded files that are not in the corpus"
    );
    (files.len(), recorded.records.len(), rows, failures)
}

#[test]
fn corpus_validates_as_each_release() {
    if !Path::new(CORPUS).is_dir() || !Path::new(MODULEPATH).is_dir() {
        eprintln!("note: {CORPUS} or {MODULEPATH} not found; run scripts/install-deps to enable this test");
        return;
    }
    let read = |paths: Vec<PathBuf>| -> Vec<(PathBuf, Vec<u8>)> {
        paths
            .into_iter()
            .map(|p| {
                let source = std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
                (p, source)
            })
            .collect()
    };
    let corpus = read(files_below(Path::new(CORPUS), false));
    let modulepath = read(files_below(Path::new(MODULEPATH), true));
    let mut failures = Vec::new();
    for release in RELEASES {
        for (mode, files) in [("corpus", &corpus), ("modulepath", &modulepath)] {
            let (count, reporting, rows, mut found) = check(release, mode, files);
            eprintln!(
                "{release} ({mode}): {count} files, {reporting} with Ruby diagnostics ({rows} rows), {} differ",
                found.len()
            );
            failures.append(&mut found);
        }
    }
    assert_no_failures(
        &failures,
        "corpus files validate differently from the recorded release",
    );
}
