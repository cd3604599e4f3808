//! `lint`'s outputs, in puppet-lint 4.3.0's shapes: the text lines (`--log-format`,
//! `--with-filename`, `--with-context`, `--show-ignored`), GitHub Actions annotations (under
//! `GITHUB_ACTION`), `--json`, `--sarif` and the Code Climate report file.
//!
//! What differs from puppet-lint, on purpose: the JSON problems carry only the documented
//! keys (puppet-lint adds check-private ones holding Ruby object addresses); the SARIF rules'
//! descriptions are our checks' summaries and the tool's version is ours; a Code Climate
//! fingerprint is a SHA-256 of the check, path, line and message (puppet-lint's is an MD5 of
//! Ruby's `Marshal` bytes); the caret of `--with-context` is under the problem's column of the
//! stripped line (puppet-lint's is off by the line's indentation).

use std::io::{self, Write};
use std::path::Path;

use puppet_lint::{Problem, ProblemKind};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use super::args::{ErrorLevel, LintArgs};

/// One linted file, as the outputs need it.
pub struct FileReport {
    /// The path as given (or found below a given directory).
    pub path: String,
    /// Its absolute path.
    pub fullpath: String,
    /// The text the problems' lines are in.
    pub text: String,
    /// Its problems, in puppet-lint's order.
    pub problems: Vec<Problem>,
}

/// The problems of a file that are shown (puppet-lint's `report`): silenced ones only with
/// `--show-ignored`, and only those of the `--error-level` (fixed ones always).
pub fn shown<'f>(args: &LintArgs, file: &'f FileReport) -> impl Iterator<Item = &'f Problem> {
    let show_ignored = args.show_ignored;
    let level = args.error_level;
    file.problems.iter().filter(move |p| {
        if p.kind == ProblemKind::Ignored && !show_ignored {
            return false;
        }
        p.kind == ProblemKind::Fixed
            || level == ErrorLevel::All
            || (level == ErrorLevel::Warning && p.kind == ProblemKind::Warning)
            || (level == ErrorLevel::Error && p.kind == ProblemKind::Error)
    })
}

fn filename(path: &str) -> &str {
    Path::new(path)
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or(path)
}

/// `format % problem`: puppet-lint's `%{name}` placeholders (others are left as they are).
fn render_format(format: &str, file: &FileReport, p: &Problem) -> String {
    let mut out = String::with_capacity(format.len() + p.message.len());
    let mut rest = format;
    while let Some(at) = rest.find("%{") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let Some(end) = after.find('}') else {
            out.push_str(&rest[at..]);
            return out;
        };
        let value = match &after[..end] {
            "filename" => filename(&file.path).to_string(),
            "path" => file.path.clone(),
            "fullpath" => file.fullpath.clone(),
            "line" => p.line.to_string(),
            "column" => p.column.to_string(),
            "kind" => p.kind.as_str().to_string(),
            "KIND" => p.kind.as_upper_str().to_string(),
            "check" => p.check.name.to_string(),
            "message" => p.message.clone(),
            "reason" => p.reason.clone().unwrap_or_default(),
            other => format!("%{{{other}}}"),
        };
        out.push_str(&value);
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    out
}

/// The stripped text of a problem's line.
fn context(file: &FileReport, line: u32) -> Option<&str> {
    file.text
        .split('\n')
        .nth(line.checked_sub(1)? as usize)
        .map(str::trim)
}

/// The text output of one file.
pub fn write_text(
    out: &mut impl Write,
    args: &LintArgs,
    with_filename: bool,
    github: bool,
    file: &FileReport,
) -> io::Result<()> {
    let format = match &args.log_format {
        Some(format) => format.clone(),
        None if with_filename => {
            "%{path} - %{KIND}: %{message} on line %{line} (check: %{check})".to_string()
        }
        None => "%{KIND}: %{message} on line %{line} (check: %{check})".to_string(),
    };
    for p in shown(args, file) {
        writeln!(out, "{}", render_format(&format, file, p))?;
        if p.kind == ProblemKind::Ignored {
            if let Some(reason) = &p.reason {
                writeln!(out, "  {reason}")?;
            }
        }
        if args.with_context && p.check.name != "documentation" && p.kind != ProblemKind::Fixed {
            if let Some(line) = context(file, p.line) {
                let raw = file.text.split('\n').nth(p.line as usize - 1).unwrap_or("");
                let indent = raw.len() - raw.trim_start().len();
                let width = (p.column as usize + 1).saturating_sub(indent).max(1);
                writeln!(out, "\n  {line}")?;
                writeln!(out, "{:>width$}\n", "^")?;
            }
        }
        if github {
            let message = p
                .message
                .replace('%', "%25")
                .replace('\n', "%0A")
                .replace('\r', "%0D");
            writeln!(
                out,
                "\n::{} file={},line={},col={}::{} (check: {})",
                p.kind.as_str(),
                file.path,
                p.line,
                p.column,
                message,
                p.check.name
            )?;
        }
    }
    Ok(())
}

/// A JSON string literal.
fn string(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| "\"\"".to_string())
}

/// `JSON.pretty_generate` of puppet-lint's array of per-file problem arrays.
pub fn write_json(out: &mut impl Write, args: &LintArgs, files: &[FileReport]) -> io::Result<()> {
    if files.is_empty() {
        return writeln!(out, "[\n\n]");
    }
    writeln!(out, "[")?;
    for (n, file) in files.iter().enumerate() {
        let problems: Vec<&Problem> = shown(args, file).collect();
        if problems.is_empty() {
            write!(out, "  [\n\n  ]")?;
        } else {
            writeln!(out, "  [")?;
            for (k, p) in problems.iter().enumerate() {
                let mut fields: Vec<(&str, String)> = vec![
                    ("message", string(&p.message)),
                    ("line", p.line.to_string()),
                    ("column", p.column.to_string()),
                    ("kind", string(p.kind.as_str())),
                    ("check", string(p.check.name)),
                    ("fullpath", string(&file.fullpath)),
                    ("path", string(&file.path)),
                    ("filename", string(filename(&file.path))),
                ];
                if p.kind == ProblemKind::Ignored {
                    fields.push(("reason", string(p.reason.as_deref().unwrap_or(""))));
                }
                fields.push(("KIND", string(p.kind.as_upper_str())));
                if args.with_context {
                    fields.push(("context", string(context(file, p.line).unwrap_or(""))));
                }
                writeln!(out, "    {{")?;
                for (j, (key, value)) in fields.iter().enumerate() {
                    let comma = if j + 1 < fields.len() { "," } else { "" };
                    writeln!(out, "      \"{key}\": {value}{comma}")?;
                }
                let comma = if k + 1 < problems.len() { "," } else { "" };
                writeln!(out, "    }}{comma}")?;
            }
            write!(out, "  ]")?;
        }
        writeln!(out, "{}", if n + 1 < files.len() { "," } else { "" })?;
    }
    writeln!(out, "]")
}

/// SARIF 2.1.0, as puppet-lint's template has it: a rule for each check that has a problem,
/// in the order first seen; each result's location relative to `base`.
pub fn write_sarif(
    out: &mut impl Write,
    args: &LintArgs,
    files: &[FileReport],
    base: &Path,
) -> io::Result<()> {
    let mut rules: Vec<Value> = Vec::new();
    let mut ids: Vec<&str> = Vec::new();
    let mut results = Vec::new();
    for file in files {
        let relative = relative_to(Path::new(&file.fullpath), base);
        for p in shown(args, file) {
            let index = match ids.iter().position(|id| *id == p.check.name) {
                Some(i) => i,
                None => {
                    ids.push(p.check.name);
                    let mut rule = json!({
                        "id": p.check.name,
                        "fullDescription": { "text": p.check.summary },
                    });
                    if matches!(p.kind, ProblemKind::Warning | ProblemKind::Error) {
                        rule["defaultConfiguration"] = json!({ "level": p.kind.as_str() });
                    }
                    rules.push(rule);
                    ids.len() - 1
                }
            };
            results.push(json!({
                "ruleId": p.check.name,
                "ruleIndex": index,
                "message": { "text": p.message },
                "locations": [{
                    "physicalLocation": {
                        "artifactLocation": { "uri": relative, "uriBaseId": "ROOTPATH" },
                        "region": { "startLine": p.line, "startColumn": p.column },
                    }
                }],
            }));
        }
    }
    let mut base_uri = format!("file://{}", base.display());
    if !base_uri.ends_with('/') {
        base_uri.push('/');
    }
    let sarif = json!({
        "$schema": "https://www.schemastore.org/schemas/json/sarif-2.1.0-rtm.5.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {
                "driver": {
                    "name": "Puppet Lint",
                    "informationUri": "https://github.com/puppetlabs/puppet-lint",
                    "version": env!("CARGO_PKG_VERSION"),
                    "rules": rules,
                }
            },
            "originalUriBaseIds": { "ROOTPATH": { "uri": base_uri } },
            "columnKind": "utf16CodeUnits",
            "results": results,
        }]
    });
    let text = serde_json::to_string_pretty(&sarif).map_err(io::Error::other)?;
    writeln!(out, "{text}")
}

/// `path` relative to `base` (with `..` where it is outside it).
fn relative_to(path: &Path, base: &Path) -> String {
    let path: Vec<_> = path.components().collect();
    let base: Vec<_> = base.components().collect();
    let common = path.iter().zip(&base).take_while(|(a, b)| a == b).count();
    let mut parts: Vec<String> =
        std::iter::repeat_n("..".to_string(), base.len() - common).collect();
    parts.extend(
        path[common..]
            .iter()
            .map(|c| c.as_os_str().to_string_lossy().into_owned()),
    );
    parts.join("/")
}

/// The Code Climate (GitLab code quality) report: warnings and errors only.
pub fn write_codeclimate(file_path: &Path, files: &[FileReport]) -> io::Result<()> {
    let mut issues = Vec::new();
    for file in files {
        for p in &file.problems {
            let severity = match p.kind {
                ProblemKind::Warning => "minor",
                ProblemKind::Error => "major",
                _ => continue,
            };
            let mut hasher = Sha256::new();
            for part in [p.check.name, &file.path, &p.line.to_string(), &p.message] {
                hasher.update(part.as_bytes());
                hasher.update([0]);
            }
            let digest = hasher.finalize();
            let fingerprint: String = digest[..16].iter().map(|b| format!("{b:02x}")).collect();
            issues.push(json!({
                "type": "issue",
                "check_name": p.check.name,
                "description": p.message,
                "categories": ["Style"],
                "severity": severity,
                "location": {
                    "path": file.path,
                    "lines": { "begin": p.line, "end": p.line },
                },
                "fingerprint": fingerprint,
            }));
        }
    }
    let text = serde_json::to_string_pretty(&Value::Array(issues)).map_err(io::Error::other)?;
    std::fs::write(file_path, format!("{text}\n"))
}
