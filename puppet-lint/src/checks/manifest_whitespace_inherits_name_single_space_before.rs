use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_whitespace::{single_space_before_name, LintTokens, Lk};

/// `manifest_whitespace_inherits_name_single_space_before`.
pub static CHECK: Check = Check {
    name: "manifest_whitespace_inherits_name_single_space_before",
    level: Level::Error,
    default_enabled: true,
    origin: Origin::Plugin {
        gem: "puppet-lint-manifest_whitespace-check",
        version: "2.0.0",
    },
    fix: FixKind::Layout,
    summary: "Not exactly one space between `inherits` and the parent class's name",
    why: "`inherits` and the parent's name read as one phrase on one line. puppet-lint fixes \
          only blanks; the fix here also joins a name on the next line (unless a comment is \
          between them).",
    fires: "class foo inherits  foo::params {\n}\n",
    passes: "class foo inherits foo::params {\n}\n",
    fixed: Some("class foo inherits foo::params {\n}\n"),
    run: |cx, report| {
        let lt = LintTokens::new(cx);
        for i in 0..lt.len() {
            if lt.kind(i) != Lk::Inherits {
                continue;
            }
            single_space_before_name(
                &lt,
                report,
                i,
                "there should be a single space between the inherits statement and the name",
            );
        }
    },
};
