use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_whitespace::{definition_keywords, single_space_before_name, LintTokens};

/// `manifest_whitespace_class_name_single_space_before`.
pub static CHECK: Check = Check {
    name: "manifest_whitespace_class_name_single_space_before",
    level: Level::Error,
    default_enabled: true,
    origin: Origin::Plugin {
        gem: "puppet-lint-manifest_whitespace-check",
        version: "2.0.0",
    },
    fix: FixKind::Layout,
    summary: "Not exactly one space between `class` or `define` and the name",
    why: "The keyword and the name of a class or defined type read as one phrase. Classes and \
          defined types are found in the syntax tree (puppet-lint scans for the keyword's \
          token); the fix also joins a name on the next line, unless a comment is between.",
    fires: "class  foo {\n}\n",
    passes: "class foo {\n}\n",
    fixed: Some("class foo {\n}\n"),
    run: |cx, report| {
        let lt = LintTokens::new(cx);
        for k in definition_keywords(cx, &lt) {
            single_space_before_name(
                &lt,
                report,
                k,
                "there should be a single space between the class or defined resource statement and the name",
            );
        }
    },
};
