use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_definitions::{definitions, param_variable, DefKind, Definition};
use crate::context::{Context, Report};

/// `parameter_documentation`.
pub static CHECK: Check = Check {
    name: "parameter_documentation",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Plugin {
        gem: "puppet-lint-param-docs",
        version: "2.0.0",
    },
    fix: FixKind::None,
    summary: "A class or defined type parameter without documentation, or documentation without a parameter",
    why: "Every parameter should have its `@param` line (puppet-strings), or `[*name*]` (rdoc) \
          or `$name::` (kafo) paragraph. As in the plugin, every `#` comment of the file \
          before the `class` or `define` keyword is read (not only the block right above it), \
          so a second class sees the first one's documentation; `@api private` turns the \
          missing-documentation problems off.",
    fires: "# @summary Foo.\nclass foo(String $x) { }\n",
    passes: "# @summary Foo.\n# @param x The x.\nclass foo(String $x) { }\n",
    fixed: None,
    run: |cx, report| {
        // Each comment read once: every definition reads all the comments before it.
        let comments: Vec<Comment> = (0..cx.tokens.len())
            .filter(|&i| {
                cx.tokens[i].kind == puppet_syntax::SyntaxKind::COMMENT
                    && cx.text_of(i).starts_with('#')
            })
            .map(|i| {
                let value = &cx.text_of(i)[1..];
                Comment {
                    token: i,
                    private: is_api_private(value),
                    name: documented_name(value),
                }
            })
            .collect();
        for def in definitions(cx).iter() {
            check(cx, report, &comments, def);
        }
    },
};

/// A `#` comment: its token, whether it says `@api private`, and the parameter it documents.
struct Comment {
    token: usize,
    private: bool,
    name: Option<String>,
}

/// One documented parameter: its name and the comment token that documents it.
struct Doc<'c> {
    name: &'c str,
    token: usize,
}

fn check(cx: &Context, report: &mut Report, comments: &[Comment], def: &Definition) {
    let word = def.kind.word();
    let mut docs: Vec<Doc> = Vec::new();
    // name → its entry in `docs`, and in `duplicates` once seen twice.
    let mut seen: std::collections::HashMap<&str, (usize, Option<usize>)> = Default::default();
    // Each duplicated name, with the comments of all its entries (the one kept first).
    let mut duplicates: Vec<(&str, Vec<usize>)> = Vec::new();
    let mut private = false;
    let before = comments.partition_point(|c| c.token < def.keyword);
    for comment in comments[..before].iter().rev() {
        let i = comment.token;
        if comment.private {
            private = true;
            continue;
        }
        let Some(name) = comment.name.as_deref() else {
            continue;
        };
        let name = if def.kind == DefKind::Define && (name == "name" || name == "title") {
            "name/title"
        } else {
            name
        };
        match seen.get_mut(name) {
            Some((first, dup)) => match dup {
                Some(d) => duplicates[*d].1.push(i),
                None => {
                    *dup = Some(duplicates.len());
                    duplicates.push((name, vec![docs[*first].token, i]));
                }
            },
            None => {
                seen.insert(name, (docs.len(), None));
                docs.push(Doc { name, token: i });
            }
        }
    }
    let at_doc = |report: &mut Report, i: usize, message: String| {
        let value = &cx.text_of(i)[1..];
        let t = &cx.tokens[i];
        let column = t.column + doc_prefix_len(value) + 1;
        report.at_position(t.range, t.line, column, message);
    };
    for (name, tokens) in &duplicates {
        for &i in tokens {
            at_doc(
                report,
                i,
                format!(
                    "Duplicate {word} parameter documentation for {}::{name}",
                    def.name_text
                ),
            );
        }
    }
    let names: Vec<String> = def.params.iter().filter_map(|p| p.name()).collect();
    for doc in &docs {
        if doc.name == "name/title" && def.kind == DefKind::Define {
            continue;
        }
        if !names.iter().any(|n| n == doc.name) {
            at_doc(
                report,
                doc.token,
                format!(
                    "No matching {word} parameter for documentation of {}::{}",
                    def.name_text, doc.name
                ),
            );
        }
    }
    if private {
        return;
    }
    for param in &def.params {
        let (Some(name), Some(var)) = (param.name(), param_variable(cx, param)) else {
            continue;
        };
        if !seen.contains_key(name.as_str()) {
            report.at_token(
                cx,
                var,
                format!(
                    "missing documentation for {word} parameter {}::{name}",
                    def.name_text
                ),
            );
        }
    }
}

/// `\A\s*@api +private\s*$`.
fn is_api_private(value: &str) -> bool {
    let Some(rest) = value.trim_start().strip_prefix("@api") else {
        return false;
    };
    let after = rest.trim_start_matches(' ');
    after.len() < rest.len()
        && after
            .strip_prefix("private")
            .is_some_and(|r| r.trim().is_empty())
}

/// Whether a character is in `[a-zA-Z0-9_]`.
fn word(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The parameter a comment documents, in one of the three styles the plugin knows (tried in
/// its order): `[*name*]` (doc), `$name:: text` (kafo), `@param [Type] name text` (strings).
fn documented_name(value: &str) -> Option<String> {
    let v = value.trim_start_matches(is_ruby_space);
    // `\[\*([a-zA-Z0-9_]+)\*\]`
    if let Some(rest) = v.strip_prefix("[*") {
        let n = rest.find(|c: char| !word(c)).unwrap_or(rest.len());
        if n > 0 && rest[n..].starts_with("*]") {
            return Some(rest[..n].to_string());
        }
    }
    // `\$([a-zA-Z0-9_]+):: +`
    if let Some(rest) = v.strip_prefix('$') {
        let n = rest.find(|c: char| !word(c)).unwrap_or(rest.len());
        if n > 0 && rest[n..].starts_with(":: ") {
            return Some(rest[..n].to_string());
        }
    }
    // `@param (?:\[.+\] )?([a-zA-Z0-9_]+)(?: +|$)`
    let rest = v.strip_prefix("@param ")?;
    let name_at = |s: &str| -> Option<String> {
        let n = s.find(|c: char| !word(c)).unwrap_or(s.len());
        (n > 0 && (s[n..].is_empty() || s[n..].starts_with(' '))).then(|| s[..n].to_string())
    };
    if rest.starts_with('[') {
        // `\[.+\] ` is greedy: the last `] ` first.
        let mut candidates: Vec<usize> = rest
            .match_indices("] ")
            .map(|(i, _)| i)
            .filter(|&i| i >= 2)
            .collect();
        candidates.reverse();
        for i in candidates {
            if let Some(name) = name_at(&rest[i + 2..]) {
                return Some(name);
            }
        }
    }
    name_at(rest)
}

/// Ruby's `\s`: space, tab, line feed, vertical tab, form feed, carriage return.
fn is_ruby_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\u{b}' | '\u{c}' | '\r')
}

/// The length of `\A\s*(@param\s*)?` (where the plugin places a problem about a comment).
fn doc_prefix_len(value: &str) -> u32 {
    let lead = value.len() - value.trim_start_matches(is_ruby_space).len();
    let rest = &value[lead..];
    let param = match rest.strip_prefix("@param") {
        Some(r) => 6 + (r.len() - r.trim_start_matches(is_ruby_space).len()),
        None => 0,
    };
    value[..lead + param].chars().count() as u32
}
