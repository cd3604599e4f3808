use puppet_diagnostics::{Indel, TextEdit};
use puppet_syntax::SyntaxKind;

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util::{attributes, literal_token, plain_value, resources};

/// `file_ensure`.
pub static CHECK: Check = Check {
    name: "file_ensure",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Plugin {
        gem: "puppet-lint-file_ensure-check",
        version: "3.0.0",
    },
    fix: FixKind::Meaning,
    summary: "A file resource with `ensure => present`",
    why: "`present` makes a file but keeps a link or a directory that is already there; say \
          what is meant: `file`, or `link` when the resource has a `target`. The fix says \
          `file` (`link` with a `target`), which changes what Puppet does to a path that is a \
          directory or a link today: that is the point of the check.",
    fires: "file { '/x': ensure => present }\n",
    passes: "file { '/x': ensure => file }\n",
    fixed: Some("file { '/x': ensure => file }\n"),
    run: |cx, report| {
        for resource in resources(cx).filter(|r| r.type_name == "file") {
            for body in resource.bodies() {
                let attrs: Vec<_> = attributes(&body).collect();
                let has_target = attrs.iter().any(|(name, _)| name == "target");
                for (name, op) in &attrs {
                    if name != "ensure" {
                        continue;
                    }
                    let Some(value) = op.value() else { continue };
                    if plain_value(&value).as_deref() != Some("present") {
                        continue;
                    }
                    let Some(token) = literal_token(&value) else {
                        continue;
                    };
                    let word = if has_target { "link" } else { "file" };
                    let new = match token.kind() {
                        SyntaxKind::STRING => {
                            let q = &token.text()[..1];
                            format!("{q}{word}{q}")
                        }
                        _ => word.to_string(),
                    };
                    report
                        .at(token.text_range(), "ensure set to present on file resource")
                        .fix(TextEdit::single(Indel::replace(token.text_range(), new)));
                }
            }
        }
    },
};
