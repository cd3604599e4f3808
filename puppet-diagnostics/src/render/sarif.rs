//! One SARIF 2.1.0 log (the Static Analysis Results Interchange Format that GitHub code
//! scanning, GitLab and editors read): a run of one tool, a rule for each code that occurs (in
//! first-seen order), a result for each diagnostic, with its fix when it has one.
//!
//! Regions are 1-based lines and columns in UTF-16 code units (SARIF's default `columnKind`)
//! when the text is given, else Puppet's character columns (the same on text without
//! characters beyond the Basic Multilingual Plane); byte offsets and lengths are given too.

use std::collections::HashMap;
use std::io::{self, Write};

use puppet_syntax::{Encoding, LineIndex, Severity};
use serde::Serialize;

use super::end_line_column;
use crate::{Code, Diagnostic};

/// The tool a log is of.
#[derive(Clone, Debug)]
pub struct Tool {
    /// Its name, e.g. `puppet-parser`.
    pub name: String,
    /// Its version.
    pub version: String,
    /// Where to read about it.
    pub information_uri: Option<String>,
}

/// What a log says of a rule besides its name.
#[derive(Clone, Debug, Default)]
pub struct RuleHelp {
    /// What the rule finds.
    pub description: Option<String>,
    /// Where it is documented.
    pub help_uri: Option<String>,
}

/// A SARIF log being collected: add the files, then [`Sarif::write`].
pub struct Sarif {
    tool: Tool,
    help: Box<dyn Fn(Code) -> RuleHelp + Send + Sync>,
    rules: Vec<Rule>,
    rule_index: HashMap<Code, usize>,
    results: Vec<SarifResult>,
}

impl Sarif {
    /// An empty log of `tool`, its rules described by `help`.
    pub fn new(tool: Tool, help: impl Fn(Code) -> RuleHelp + Send + Sync + 'static) -> Sarif {
        Sarif {
            tool,
            help: Box::new(help),
            rules: Vec::new(),
            rule_index: HashMap::new(),
            results: Vec::new(),
        }
    }

    /// Adds the diagnostics of the file at `uri` (a path, relative to where the log is read or
    /// absolute; it is percent-encoded here), whose offsets are in `text` when given.
    pub fn add_file(&mut self, uri: &str, text: Option<&str>, diagnostics: &[Diagnostic]) {
        let index = text.filter(|_| !diagnostics.is_empty()).map(LineIndex::new);
        // An absolute path is a `file:` URI; a relative one a reference to resolve.
        let uri = match uri.starts_with('/') {
            true => format!("file://{}", encode_uri(uri)),
            false => encode_uri(uri),
        };
        for d in diagnostics {
            let rule_index = self.rule(d);
            let (start_column, end_line, end_column) = match (text, &index) {
                (Some(text), Some(index)) => {
                    let start = index.position(text, d.offset(), Encoding::Utf16);
                    let end = index.position(text, d.offset() + d.len(), Encoding::Utf16);
                    (start.column + 1, end.line + 1, end.column + 1)
                }
                _ => {
                    let (end_line, end_column) = end_line_column(d, None);
                    (d.column, end_line, end_column)
                }
            };
            let location = |uri: &str| ArtifactLocation {
                uri: uri.to_owned(),
            };
            self.results.push(SarifResult {
                rule_id: d.code.name,
                rule_index,
                level: level(d.severity),
                message: Message {
                    text: d.message.clone(),
                },
                locations: vec![Location {
                    physical_location: PhysicalLocation {
                        artifact_location: location(&uri),
                        region: Region {
                            start_line: d.line,
                            start_column,
                            end_line,
                            end_column,
                            byte_offset: d.offset(),
                            byte_length: d.len(),
                        },
                    },
                }],
                fixes: d
                    .fix
                    .iter()
                    .map(|fix| SarifFix {
                        description: Message {
                            text: fix.message.clone(),
                        },
                        artifact_changes: vec![ArtifactChange {
                            artifact_location: location(&uri),
                            replacements: fix
                                .edit
                                .indels()
                                .iter()
                                .map(|indel| Replacement {
                                    deleted_region: ByteRegion {
                                        byte_offset: indel.delete.start().into(),
                                        byte_length: indel.delete.len().into(),
                                    },
                                    inserted_content: Content {
                                        text: indel.insert.clone(),
                                    },
                                })
                                .collect(),
                        }],
                    })
                    .collect(),
                properties: Properties {
                    kind: d.code.kind.as_str(),
                },
            });
        }
    }

    /// The index of `d`'s rule, added on first sight.
    fn rule(&mut self, d: &Diagnostic) -> usize {
        if let Some(&i) = self.rule_index.get(&d.code) {
            return i;
        }
        let help = (self.help)(d.code);
        self.rules.push(Rule {
            id: d.code.name,
            full_description: help.description.map(|text| Message { text }),
            help_uri: help.help_uri,
            properties: Properties {
                kind: d.code.kind.as_str(),
            },
        });
        self.rule_index.insert(d.code, self.rules.len() - 1);
        self.rules.len() - 1
    }

    /// Writes the log (pretty-printed JSON and a newline).
    pub fn write(self, out: &mut impl Write) -> io::Result<()> {
        let log = Log {
            schema: "https://json.schemastore.org/sarif-2.1.0.json",
            version: "2.1.0",
            runs: vec![Run {
                tool: ToolComponent {
                    driver: Driver {
                        name: self.tool.name,
                        version: self.tool.version,
                        information_uri: self.tool.information_uri,
                        rules: self.rules,
                    },
                },
                column_kind: "utf16CodeUnits",
                results: self.results,
            }],
        };
        serde_json::to_writer_pretty(&mut *out, &log)?;
        writeln!(out)
    }
}

fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning | Severity::Deprecation => "warning",
    }
}

/// `path` as a URI reference: `\` becomes `/`, and what is not unreserved, a sub-delimiter,
/// `/`, `:` or `@` is percent-encoded (byte by byte, UTF-8).
pub fn encode_uri(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for &b in path.as_bytes() {
        match b {
            b'\\' => out.push('/'),
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' => out.push(b as char),
            b'-' | b'.' | b'_' | b'~' | b'/' | b':' | b'@' | b'!' | b'$' | b'&' | b'\'' | b'('
            | b')' | b'*' | b'+' | b',' | b';' | b'=' => out.push(b as char),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

#[derive(Serialize)]
struct Log {
    #[serde(rename = "$schema")]
    schema: &'static str,
    version: &'static str,
    runs: Vec<Run>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Run {
    tool: ToolComponent,
    column_kind: &'static str,
    results: Vec<SarifResult>,
}

#[derive(Serialize)]
struct ToolComponent {
    driver: Driver,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Driver {
    name: String,
    version: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    information_uri: Option<String>,
    rules: Vec<Rule>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Rule {
    id: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    full_description: Option<Message>,
    #[serde(skip_serializing_if = "Option::is_none")]
    help_uri: Option<String>,
    properties: Properties,
}

#[derive(Serialize)]
struct Properties {
    kind: &'static str,
}

#[derive(Serialize)]
struct Message {
    text: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifResult {
    rule_id: &'static str,
    rule_index: usize,
    level: &'static str,
    message: Message,
    locations: Vec<Location>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    fixes: Vec<SarifFix>,
    properties: Properties,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Location {
    physical_location: PhysicalLocation,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PhysicalLocation {
    artifact_location: ArtifactLocation,
    region: Region,
}

#[derive(Serialize)]
struct ArtifactLocation {
    uri: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Region {
    start_line: u32,
    start_column: u32,
    end_line: u32,
    end_column: u32,
    byte_offset: u32,
    byte_length: u32,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifFix {
    description: Message,
    artifact_changes: Vec<ArtifactChange>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ArtifactChange {
    artifact_location: ArtifactLocation,
    replacements: Vec<Replacement>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Replacement {
    deleted_region: ByteRegion,
    inserted_content: Content,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ByteRegion {
    byte_offset: u32,
    byte_length: u32,
}

#[derive(Serialize)]
struct Content {
    text: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Applicability, Fix, Indel, TextEdit};
    use puppet_syntax::{parse_and_validate, ParseOptions, TextRange};

    fn tool() -> Tool {
        Tool {
            name: "puppet-parser".into(),
            version: "1.0".into(),
            information_uri: None,
        }
    }

    #[test]
    fn columns_are_utf16_and_rules_first_seen() {
        // '𝄞' is two UTF-16 units: the error after it is at character column 12, UTF-16 13.
        let text = "$a = '𝄞' + )\n$b = )\n";
        let result = parse_and_validate(text.as_bytes(), &ParseOptions::new());
        let found: Vec<Diagnostic> = result.diagnostics.into_iter().map(Into::into).collect();
        assert_eq!(found[0].column, 12);
        let mut sarif = Sarif::new(tool(), |code| RuleHelp {
            description: Some(format!("about {code}")),
            help_uri: None,
        });
        sarif.add_file("dir with space/é.pp", Some(text), &found);
        let mut out = Vec::new();
        sarif.write(&mut out).unwrap();
        let log: serde_json::Value = serde_json::from_slice(&out).unwrap();
        let run = &log["runs"][0];
        assert_eq!(run["tool"]["driver"]["rules"].as_array().unwrap().len(), 1);
        assert_eq!(run["tool"]["driver"]["rules"][0]["id"], "SYNTAX_ERROR");
        assert_eq!(
            run["tool"]["driver"]["rules"][0]["properties"]["kind"],
            "syntax"
        );
        let results = run["results"].as_array().unwrap();
        assert_eq!(results.len(), 2);
        let location = &results[0]["locations"][0]["physicalLocation"];
        assert_eq!(
            location["artifactLocation"]["uri"],
            "dir%20with%20space/%C3%A9.pp"
        );
        assert_eq!(location["region"]["startLine"], 1);
        assert_eq!(location["region"]["startColumn"], 13);
        assert_eq!(results[1]["ruleIndex"], 0);
        assert_eq!(results[1]["level"], "error");
        let mut absolute = Sarif::new(tool(), |_| RuleHelp::default());
        absolute.add_file("/srv/x y.pp", Some(text), &found);
        let mut out = Vec::new();
        absolute.write(&mut out).unwrap();
        let log: serde_json::Value = serde_json::from_slice(&out).unwrap();
        let uri = &log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]
            ["artifactLocation"]["uri"];
        assert_eq!(uri, "file:///srv/x%20y.pp");
    }

    #[test]
    fn fixes_are_byte_replacements() {
        let text = "$a=>1\n";
        let d = Diagnostic::new(
            Code::lint("arrow_spacing"),
            Severity::Warning,
            TextRange::new(2.into(), 4.into()),
            "spaces around the arrow",
        )
        .with_fix(Fix {
            message: "Add spaces".into(),
            applicability: Applicability::Safe,
            edit: TextEdit::single(Indel::replace(TextRange::new(2.into(), 4.into()), " => ")),
        });
        let mut d = d;
        d.locate(Some("a.pp"), text, &LineIndex::new(text));
        let mut sarif = Sarif::new(tool(), |_| RuleHelp::default());
        sarif.add_file("a.pp", Some(text), &[d]);
        let mut out = Vec::new();
        sarif.write(&mut out).unwrap();
        let log: serde_json::Value = serde_json::from_slice(&out).unwrap();
        let fix = &log["runs"][0]["results"][0]["fixes"][0];
        assert_eq!(fix["description"]["text"], "Add spaces");
        let replacement = &fix["artifactChanges"][0]["replacements"][0];
        assert_eq!(replacement["deletedRegion"]["byteOffset"], 2);
        assert_eq!(replacement["insertedContent"]["text"], " => ");
        assert!(log["runs"][0]["tool"]["driver"]["rules"][0]
            .get("fullDescription")
            .is_none());
    }
}
