//! What Puppet and Facter bring without any module: the built-in functions a manifest can call
//! (`lookup`, `each`, `template`, …) and Facter 4's core facts (`os.family`,
//! `networking.interfaces.<interface>.ip`, …), for hover, completion and signature help.
//!
//! Both are generated tables, compiled in and parsed on first use:
//!
//! * `data/functions.json`: every function of Puppet 7.23 (Debian's Ruby sources) and OpenVox
//!   8.28.1 (its git sources): its signatures in Puppet's notation
//!   (`lookup(Variant[String, Array[String]] $name, Optional[Type] $value_type, …) >> Any`, one per
//!   4.x `dispatch`; `name(...)` for a 3.x function, which declares none), its documentation
//!   (Markdown, at most about 2,000 characters) and the releases that have it. Functions only
//!   Hiera can call (`yaml_data`, `json_data`, …) are not in it.
//! * `data/facts.json`: Facter's schema (`schema/facter.yaml`), every fact and every element of a
//!   structured fact under its dotted path, with the schema's type, description and whether it
//!   is a legacy fact. Facts whose keys vary keep the schema's placeholder segment
//!   (`disks.<devicename>.size`, `processor<N>`), which [`fact`] and [`fact_keys`] match against
//!   concrete keys.
//!
//! Both are written by `scripts/gen-lsp-data`, whose header says what is read and how; to
//! regenerate them (from the repository's root, with a clone of
//! <https://github.com/OpenVoxProject/openvox> that has the tag `8.28.1`):
//!
//! ```text
//! scripts/gen-lsp-data /path/to/openvox.git
//! ```

use std::sync::OnceLock;

use serde::Deserialize;

/// A built-in Puppet function.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Function {
    /// Its name, as a manifest calls it (`lookup`).
    pub name: String,
    /// Its signatures, one per way of calling it, in Puppet's notation:
    /// `each(Iterable $enumerable, Callable[1,1] &$block) >> Any`. A 3.x function, which does
    /// not declare its parameters, has the one signature `name(...)`.
    pub signatures: Vec<String>,
    /// Its documentation (Markdown; long texts are cut at a paragraph, with a note saying so).
    pub doc: String,
    /// The releases the table was read from that have it (`7.23.0`, `8.28.1`).
    pub releases: Vec<String>,
}

/// A Facter core fact, or an element of a structured one.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Fact {
    /// Its dotted path (`os.family`); a segment of the form `<name>` (or a part of one, as in
    /// `processor<N>`) stands for any key.
    pub name: String,
    /// Its type as the schema names it: `string`, `integer`, `double`, `boolean`, `array`,
    /// `map`, `ip`, `ip6` or `mac`.
    #[serde(rename = "type")]
    pub kind: String,
    /// Its description (Markdown).
    pub doc: String,
    /// Whether it is a legacy fact (one Facter 4 hides unless asked for `--show-legacy`; an
    /// element of a legacy fact is legacy too).
    pub legacy: bool,
}

#[derive(Deserialize)]
struct FunctionTable {
    releases: Vec<String>,
    functions: Vec<Function>,
}

#[derive(Deserialize)]
struct FactTable {
    facter: String,
    facts: Vec<Fact>,
}

fn function_table() -> &'static FunctionTable {
    static TABLE: OnceLock<FunctionTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table: FunctionTable = serde_json::from_str(include_str!("../data/functions.json"))
            .expect("data/functions.json is written by scripts/gen-lsp-data");
        table.functions.sort_by(|a, b| a.name.cmp(&b.name));
        table
    })
}

fn fact_table() -> &'static FactTable {
    static TABLE: OnceLock<FactTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table: FactTable = serde_json::from_str(include_str!("../data/facts.json"))
            .expect("data/facts.json is written by scripts/gen-lsp-data");
        table.facts.sort_by(|a, b| a.name.cmp(&b.name));
        table
    })
}

/// Every built-in function, sorted by name.
pub fn functions() -> &'static [Function] {
    &function_table().functions
}

/// The Puppet releases the function table was read from, oldest first.
pub fn function_releases() -> &'static [String] {
    &function_table().releases
}

/// A built-in function by name (`lookup` or `::lookup`).
pub fn function(name: &str) -> Option<&'static Function> {
    let name = name.strip_prefix("::").unwrap_or(name);
    let all = functions();
    all.binary_search_by(|f| f.name.as_str().cmp(name))
        .ok()
        .map(|i| &all[i])
}

/// Every core fact and element of a structured fact, sorted by name.
pub fn facts() -> &'static [Fact] {
    &fact_table().facts
}

/// The version of Facter whose schema the fact table was read from (`4.3.0`).
pub fn facter_version() -> &'static str {
    &fact_table().facter
}

/// A fact by dotted path: `os.family`, or a concrete one that a placeholder entry describes
/// (`networking.interfaces.eth0.ip` is `networking.interfaces.<interface>.ip`,
/// `processor0` is `processor<N>`). A placeholder that is a whole segment also stands for a
/// key with dots in it (`networking.interfaces.eth0.100.ip`). An entry named exactly so wins
/// over one with placeholders, and of those the one with the most segments wins.
pub fn fact(path: &str) -> Option<&'static Fact> {
    let all = facts();
    if let Ok(i) = all.binary_search_by(|f| f.name.as_str().cmp(path)) {
        return Some(&all[i]);
    }
    let keys: Vec<&str> = path.split('.').collect();
    // Of the entries that match, the one with the most segments: `networking.interfaces.eth0.ip`
    // is `….<interface>.ip`, not `….<interface>` for an interface named `eth0.ip`.
    let mut best: Option<(usize, &'static Fact)> = None;
    for f in all.iter().filter(|f| f.name.contains('<')) {
        let segments: Vec<&str> = f.name.split('.').collect();
        if best.is_none_or(|(n, _)| segments.len() > n) && path_matches(&segments, &keys) {
            best = Some((segments.len(), f));
        }
    }
    best.map(|(_, f)| f)
}

/// The facts directly below `parent`: `&[]` gives the top-level facts (`os`, `networking`, …),
/// `&["os"]` gives `os.family`, `os.name`, …; a concrete key where the schema has a placeholder
/// matches it, so `&["networking", "interfaces", "eth0"]` gives the children of
/// `networking.interfaces.<interface>` (`….<interface>.ip`, …). Sorted by name.
pub fn fact_keys(parent: &[&str]) -> Vec<&'static Fact> {
    facts()
        .iter()
        .filter(|f| {
            let segments: Vec<&str> = f.name.split('.').collect();
            segments.len() == parent.len() + 1
                && segments
                    .iter()
                    .zip(parent)
                    .all(|(template, key)| segment_matches(template, key))
        })
        .collect()
}

/// Whether the segments of a fact's name match concrete keys, a whole-segment placeholder
/// standing for one or more keys (an interface named `eth0.100`).
fn path_matches(template: &[&str], keys: &[&str]) -> bool {
    match (template.split_first(), keys.split_first()) {
        (None, None) => true,
        (Some((first, rest)), Some((key, more))) => {
            if is_placeholder(first) {
                (1..=keys.len()).any(|n| path_matches(rest, &keys[n..]))
            } else {
                segment_matches(first, key) && path_matches(rest, more)
            }
        }
        _ => false,
    }
}

/// `<interface>`: a segment that is nothing but a placeholder.
fn is_placeholder(segment: &str) -> bool {
    segment.starts_with('<')
        && segment.ends_with('>')
        && segment[1..].find('>') == Some(segment.len() - 2)
}

/// Whether one segment of a fact's name matches a concrete key: equal, or equal but for its
/// placeholders (`<…>`), each standing for at least one character (`blockdevice_<devicename>_model`
/// matches `blockdevice_sda_model`).
fn segment_matches(template: &str, key: &str) -> bool {
    if template == key {
        return true;
    }
    match template.find('<') {
        None => false,
        Some(start) => {
            let Some(len) = template[start..].find('>') else {
                return false;
            };
            let (literal, rest) = (&template[..start], &template[start + len + 1..]);
            let Some(key) = key.strip_prefix(literal) else {
                return false;
            };
            key.char_indices()
                .skip(1)
                .map(|(i, _)| i)
                .chain(std::iter::once(key.len()).filter(|&n| n > 0))
                .any(|i| glob_rest(rest, &key[i..]))
        }
    }
}

/// The rest of a template after a placeholder: matched like a segment, but empty matches empty.
fn glob_rest(template: &str, key: &str) -> bool {
    if template.is_empty() {
        key.is_empty()
    } else {
        segment_matches(template, key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RELEASES: [&str; 2] = ["7.23.0", "8.28.1"];

    #[test]
    fn functions_are_sorted_unique_and_from_both_releases() {
        let all = functions();
        assert!(all.len() >= 100, "{} functions", all.len());
        assert!(all.windows(2).all(|w| w[0].name < w[1].name));
        assert_eq!(function_releases(), RELEASES);
        for release in RELEASES {
            let n = all
                .iter()
                .filter(|f| f.releases.iter().any(|r| r == release))
                .count();
            assert!(n >= 100, "{n} functions in {release}");
        }
        for f in all {
            assert!(!f.releases.is_empty(), "{}", f.name);
            assert!(
                f.releases.iter().all(|r| RELEASES.contains(&r.as_str())),
                "{}",
                f.name
            );
            assert!(!f.signatures.is_empty(), "{}", f.name);
            let call = format!("{}(", f.name);
            assert!(
                f.signatures.iter().all(|s| s.starts_with(&call)),
                "{}: {:?}",
                f.name,
                f.signatures
            );
        }
    }

    #[test]
    fn every_function_is_documented() {
        // Every function of both releases has documentation in its source.
        let undocumented: Vec<&str> = functions()
            .iter()
            .filter(|f| f.doc.trim().is_empty())
            .map(|f| f.name.as_str())
            .collect();
        assert_eq!(undocumented, Vec::<&str>::new());
        // Docs are capped (2,000 characters and the note saying so).
        assert!(
            functions().iter().all(|f| f.doc.chars().count() < 2100),
            "a doc is over the cap"
        );
    }

    #[test]
    fn lookup_by_name() {
        let lookup = function("lookup").expect("lookup");
        assert!(
            lookup.signatures.iter().any(|s| s.contains("$name")),
            "{:?}",
            lookup.signatures
        );
        assert!(lookup.signatures.iter().all(|s| s.ends_with(">> Any")));
        assert!(lookup.doc.contains("Hiera"));
        assert_eq!(function("::lookup"), Some(lookup));
        assert_eq!(function("lookups"), None);
        assert_eq!(function(""), None);
    }

    #[test]
    fn signatures_follow_dispatch() {
        let each = function("each").unwrap();
        assert!(each
            .signatures
            .contains(&"each(Iterable $enumerable, Callable[1,1] &$block) >> Any".to_string()));
        // scope_param is Puppet's, not the caller's; return types are kept.
        let notice = function("notice").unwrap();
        assert_eq!(notice.signatures, ["notice(Any *$values) >> Undef"]);
        // 3.x functions declare no parameters.
        assert_eq!(
            function("create_resources").unwrap().signatures,
            ["create_resources(...)"]
        );
        // A 4.x function without dispatch gets the one from its method.
        assert_eq!(
            function("import").unwrap().signatures,
            ["import(Any *$args) >> Any"]
        );
        // The newest release's signatures: max takes Semver values in 8.
        assert!(function("max")
            .unwrap()
            .signatures
            .iter()
            .any(|s| s.contains("Semver")));
    }

    #[test]
    fn hiera_backends_are_not_callable() {
        for name in ["yaml_data", "json_data", "hocon_data", "eyaml_lookup_key"] {
            assert_eq!(function(name), None, "{name}");
        }
        assert!(function("hiera")
            .unwrap()
            .signatures
            .iter()
            .any(|s| s.contains("String $key")));
    }

    #[test]
    fn facts_table() {
        let all = facts();
        assert!(all.len() > 300, "{} facts", all.len());
        assert!(all.windows(2).all(|w| w[0].name < w[1].name));
        assert!(facter_version().starts_with("4."), "{}", facter_version());
        let legacy = all.iter().filter(|f| f.legacy).count();
        assert!(
            legacy > 50 && legacy < all.len() / 2,
            "{legacy} legacy facts"
        );
        assert!(all.iter().all(|f| !f.doc.is_empty() && !f.kind.is_empty()));
        // Every element's parent is a map fact.
        for f in all {
            if let Some((parent, _)) = f.name.rsplit_once('.') {
                assert_eq!(
                    fact(parent).map(|p| p.kind.as_str()),
                    Some("map"),
                    "{}",
                    f.name
                );
            }
        }
    }

    #[test]
    fn fact_by_path() {
        let family = fact("os.family").expect("os.family");
        assert_eq!(family.kind, "string");
        assert!(!family.legacy);
        let osfamily = fact("osfamily").expect("osfamily");
        assert!(osfamily.legacy);
        assert_eq!(fact("os").unwrap().kind, "map");
        assert_eq!(fact("os.family.x"), None);
        assert_eq!(fact("nope"), None);
        assert_eq!(fact(""), None);
    }

    #[test]
    fn fact_by_concrete_path() {
        let ip = fact("networking.interfaces.eth0.ip").expect("interface ip");
        assert_eq!(ip.name, "networking.interfaces.<interface>.ip");
        assert_eq!(ip.kind, "ip");
        // A VLAN interface's name has a dot.
        assert_eq!(
            fact("networking.interfaces.eth0.100.mtu").unwrap().name,
            "networking.interfaces.<interface>.mtu"
        );
        assert_eq!(
            fact("networking.interfaces.<interface>").unwrap().kind,
            "map"
        );
        assert_eq!(fact("processor0").unwrap().name, "processor<N>");
        assert_eq!(
            fact("blockdevice_sda_model").unwrap().name,
            "blockdevice_<devicename>_model"
        );
        assert_eq!(fact("blockdevice__model"), None);
        assert_eq!(fact("networking.interfaces").unwrap().kind, "map");
        // Read as an interface named `eth0.nope`: a dotted path cannot tell.
        assert_eq!(
            fact("networking.interfaces.eth0.nope").unwrap().name,
            "networking.interfaces.<interface>"
        );
        assert_eq!(fact("networking.nope"), None);
        assert_eq!(fact("processor"), None);
    }

    fn names(facts: Vec<&'static Fact>) -> Vec<&'static str> {
        facts.into_iter().map(|f| f.name.as_str()).collect()
    }

    #[test]
    fn top_level_keys() {
        let top = names(fact_keys(&[]));
        for name in ["os", "networking", "processors", "kernel", "osfamily"] {
            assert!(top.contains(&name), "{name} in {top:?}");
        }
        assert!(top.iter().all(|n| !n.contains('.')));
        assert_eq!(
            top.len(),
            facts().iter().filter(|f| !f.name.contains('.')).count()
        );
    }

    #[test]
    fn keys_below_a_fact() {
        let os = names(fact_keys(&["os"]));
        for name in ["os.family", "os.name", "os.release", "os.architecture"] {
            assert!(os.contains(&name), "{name} in {os:?}");
        }
        assert!(
            os.iter()
                .all(|n| n.starts_with("os.") && n.matches('.').count() == 1),
            "{os:?}"
        );
        let release = names(fact_keys(&["os", "release"]));
        assert!(release.contains(&"os.release.major"), "{release:?}");
        assert!(fact_keys(&["os", "family"]).is_empty());
        assert!(fact_keys(&["nope"]).is_empty());
    }

    #[test]
    fn keys_below_a_placeholder() {
        let eth0 = names(fact_keys(&["networking", "interfaces", "eth0"]));
        assert!(
            eth0.contains(&"networking.interfaces.<interface>.ip"),
            "{eth0:?}"
        );
        assert!(
            eth0.contains(&"networking.interfaces.<interface>.mac"),
            "{eth0:?}"
        );
        assert_eq!(
            eth0,
            names(fact_keys(&["networking", "interfaces", "<interface>"]))
        );
        let interfaces = names(fact_keys(&["networking", "interfaces"]));
        assert_eq!(interfaces, ["networking.interfaces.<interface>"]);
        let sda = names(fact_keys(&["disks", "sda"]));
        assert!(sda.contains(&"disks.<devicename>.size"), "{sda:?}");
        let root = names(fact_keys(&["mountpoints", "/"]));
        assert!(
            root.contains(&"mountpoints.<mountpoint>.filesystem"),
            "{root:?}"
        );
    }

    #[test]
    fn segment_matching() {
        assert!(segment_matches("os", "os"));
        assert!(!segment_matches("os", "os2"));
        assert!(segment_matches("<interface>", "eth0"));
        assert!(segment_matches("<interface>", "eth0.100"));
        assert!(!segment_matches("<interface>", ""));
        assert!(segment_matches("processor<N>", "processor12"));
        assert!(!segment_matches("processor<N>", "processor"));
        assert!(segment_matches("zone_<name>_brand", "zone_a_b_brand"));
        assert!(!segment_matches("zone_<name>_brand", "zone__brand"));
        assert!(segment_matches("ssh<algorithm>key", "sshrsakey"));
        assert!(segment_matches("<a>", "é"));
        assert!(!segment_matches("x<a", "xy"));
        assert!(is_placeholder("<interface>"));
        assert!(!is_placeholder("processor<N>"));
        assert!(!is_placeholder("<a>b<c>"));
    }
}
