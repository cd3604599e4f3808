use puppet_diagnostics::{Indel, TextEdit};
use puppet_syntax::{SyntaxKind, TextRange, TextSize};

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_strings::{variables, Form};

/// `topscope_variable`.
pub static CHECK: Check = Check {
    name: "topscope_variable",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Plugin {
        gem: "puppet-lint-topscope-variable-check",
        version: "3.0.0",
    },
    fix: FixKind::Meaning,
    summary: "A qualified variable with a leading `::` (`$::apache::port`)",
    why: "A qualified name is always looked up from the top, so the leading `::` of \
          `$::apache::port` says nothing; write `$apache::port`. As the plugin, only files \
          with a class or defined type are checked, and `\"$::a::b\"` (no braces) is not \
          reported; unlike it, a one-letter namespace (`$::a::b`) is reported too.",
    fires: "class foo {\n  notice($::foo::params::x)\n}\n",
    passes: "class foo {\n  notice($foo::params::x)\n}\n",
    fixed: Some("class foo {\n  notice($foo::params::x)\n}\n"),
    run: |cx, report| {
        let has_definition = cx
            .nodes
            .iter()
            .any(|n| matches!(n.kind(), SyntaxKind::CLASS_DEF | SyntaxKind::DEFINE_DEF));
        if !has_definition {
            return;
        }
        for var in variables(cx).iter() {
            if var.form == Form::Unenclosed {
                continue;
            }
            let Some(bare) = var.name.strip_prefix("::") else {
                continue;
            };
            if bare
                .split_once("::")
                .is_none_or(|(first, _)| first.is_empty())
            {
                continue;
            }
            // puppet-lint's token value: the name and the `[…]` that follow it in code.
            let shown = match var.value.strip_prefix(var.name.as_str()) {
                Some(rest) if rest.starts_with('[') => var.value.as_str(),
                _ => var.name.as_str(),
            };
            let fixed = &shown[2..];
            let colons = if var.form == Form::Code { 1 } else { 0 };
            let at = var.range.start() + TextSize::from(colons);
            report
                .at_position(
                    var.range,
                    var.line,
                    var.column,
                    format!("use ${fixed} instead of ${shown}"),
                )
                .fix(TextEdit::single(Indel::delete(TextRange::at(
                    at,
                    TextSize::from(2),
                ))));
        }
    },
};
