use puppet_diagnostics::{Indel, TextEdit};
use puppet_syntax::{SyntaxKind, TextSize};

use crate::check::{Check, FixKind, Level, Origin};

/// Whether puppet-lint's `puppet://.*?/(.+)` finds a path and it starts with `modules/`.
fn has_modules(value: &str) -> bool {
    let line = value.split('\n').next().unwrap_or("");
    let Some(after) = line.strip_prefix("puppet://") else {
        return false;
    };
    for (p, _) in after.match_indices('/') {
        let rest = &after[p + 1..];
        if !rest.is_empty() {
            return rest.starts_with("modules/");
        }
    }
    false
}

/// The offsets (in `value`) where puppet-lint's fix, `gsub(%r{(puppet://.*?/)}, '\1modules/')`,
/// inserts `modules/`.
fn insertions(value: &str) -> Vec<usize> {
    let mut at = Vec::new();
    let mut from = 0;
    while let Some(p) = value[from..].find("puppet://") {
        let start = from + p + "puppet://".len();
        let line_end = value[start..].find('\n').map_or(value.len(), |e| start + e);
        match value[start..line_end].find('/') {
            Some(s) => {
                at.push(start + s + 1);
                from = start + s + 1;
            }
            None => from = start,
        }
    }
    at
}

/// `puppet_url_without_modules`.
pub static CHECK: Check = Check {
    name: "puppet_url_without_modules",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Core,
    fix: FixKind::Meaning,
    summary: "A `puppet://` URL whose path does not start with `modules/`",
    why: "Files served from modules are at `puppet:///modules/<module>/<file>`; a path \
          without `modules/` names a custom mount point, usually by mistake. The fix inserts \
          `modules/`, which changes the URL.",
    fires: "file { '/x': source => 'puppet:///foo/x' }\n",
    passes: "file { '/x': source => 'puppet:///modules/foo/x' }\n",
    fixed: Some("file { '/x': source => 'puppet:///modules/foo/x' }\n"),
    run: |cx, report| {
        for (i, t) in cx.tokens.iter().enumerate() {
            let text = cx.text_of(i);
            let value = match t.kind {
                SyntaxKind::STRING if text.len() >= 2 => &text[1..text.len() - 1],
                SyntaxKind::DQPRE => {
                    let v = text.strip_prefix('"').unwrap_or(text);
                    v.strip_suffix("${").unwrap_or(v)
                }
                _ => continue,
            };
            if !value.starts_with("puppet://") || has_modules(value) {
                continue;
            }
            let base = t.range.start() + TextSize::from(1);
            let edits = insertions(value)
                .into_iter()
                .map(|at| Indel::insert(base + TextSize::from(at as u32), "modules/"));
            let p = report.at_token(cx, i, "puppet:// URL without modules/ found");
            if let Ok(edit) = TextEdit::from_indels(edits) {
                p.fix(edit);
            }
        }
    },
};
