//! The regression cases of `test_data/generated/`: each difference the generator found, shrunk,
//! as `NAME.pp` (or `NAME.epp`) with Ruby's record of it in `NAME.json`, and
//! `known-failures.txt`, the cases that still differ today (one `NAME  note`
//! per line; `#` starts a comment).

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde_json::Value;

use super::compare::DiffKind;

pub struct Case {
    pub name: String,
    pub epp: bool,
    pub src: String,
    /// Ruby's record (`pn`, `locs`).
    pub ruby: Value,
}

pub fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("test_data/generated")
}

/// `KIND-HASH`: the same shrunk program always gets the same name.
pub fn case_name(kind: DiffKind, src: &str, epp: bool) -> String {
    // FNV-1a, 64 bits.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in [epp as u8].iter().chain(src.as_bytes()) {
        h ^= *b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01B3);
    }
    format!("{}-{:08x}", kind.name(), h as u32)
}

/// Every case, sorted by name.
pub fn load_all() -> Vec<Case> {
    let mut cases = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir()) else {
        return cases;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let epp = match path.extension().and_then(|e| e.to_str()) {
            Some("pp") => false,
            Some("epp") => true,
            _ => continue,
        };
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let src = std::fs::read_to_string(&path).expect("case source");
        let json = path.with_extension("json");
        let ruby: Value = serde_json::from_str(
            &std::fs::read_to_string(&json).unwrap_or_else(|e| panic!("{}: {e}", json.display())),
        )
        .expect("Ruby's record is JSON");
        cases.push(Case {
            name,
            epp,
            src,
            ruby,
        });
    }
    cases.sort_by(|a, b| a.name.cmp(&b.name));
    cases
}

/// Writes a case (source and Ruby's record); `false` when it was there already.
pub fn write(case: &Case) -> bool {
    let dir = dir();
    std::fs::create_dir_all(&dir).expect("test_data/generated");
    let src = dir.join(format!(
        "{}.{}",
        case.name,
        if case.epp { "epp" } else { "pp" }
    ));
    if src.exists() {
        return false;
    }
    std::fs::write(&src, &case.src).expect("write case");
    let mut record = serde_json::Map::new();
    for key in ["pn", "pn_crash", "locs"] {
        if let Some(v) = case.ruby.get(key) {
            record.insert(key.to_string(), v.clone());
        }
    }
    std::fs::write(
        dir.join(format!("{}.json", case.name)),
        serde_json::to_string(&Value::Object(record)).unwrap() + "\n",
    )
    .expect("write Ruby's record");
    true
}

/// `known-failures.txt`: case name → the rest of its line (what the difference is).
pub fn known_failures() -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(dir().join("known-failures.txt")).unwrap_or_default();
    text.lines()
        .map(|l| l.split('#').next().unwrap_or_default().trim())
        .filter(|l| !l.is_empty())
        .map(|l| {
            let (name, note) = l.split_once(char::is_whitespace).unwrap_or((l, ""));
            (name.to_string(), note.trim().to_string())
        })
        .collect()
}
