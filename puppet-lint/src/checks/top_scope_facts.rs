use puppet_diagnostics::{Indel, TextEdit};

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_strings::{variables, EASY_FACTS};

/// `top_scope_facts`.
pub static CHECK: Check = Check {
    name: "top_scope_facts",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Core,
    fix: FixKind::Meaning,
    summary: "A fact read as a top-scope variable (`$::fact`)",
    why: "`$facts['x']` says that `x` is a fact, and a top-scope variable cannot stand in for \
          it. Legacy facts (`legacy_facts`' business), `$::trusted`, `$::facts` and the \
          `--top-scope-variables` names are not reported, but unlike puppet-lint the names must \
          match whole, so `$::memorysize_mb`, `$::ipaddress_eth0`, `$::domainname` are not \
          missed (fix-findings.md #3). A qualified `$::a::b` is `topscope_variable`'s business \
          whatever its length (puppet-lint reports it here and writes `$facts['a::b']`), and \
          `\"$::x\"` becomes `\"${facts['x']}\"`, not `\"$facts['x']\"`.",
    fires: "$a = $::my_fact\n",
    passes: "$a = $facts['my_fact']\n$b = $::osfamily\n",
    fixed: Some("$a = $facts['my_fact']\n"),
    run: |cx, report| {
        for var in variables(cx).iter() {
            let Some(bare) = var.name.strip_prefix("::") else {
                continue;
            };
            if bare.contains("::")
                || bare == "trusted"
                || bare == "facts"
                || EASY_FACTS.iter().any(|(f, _)| *f == bare)
                || cx.options.top_scope_variables.iter().any(|v| v == bare)
            {
                continue;
            }
            let new = var.rewritten(&format!("facts['{bare}']"));
            report
                .at_position(
                    var.range,
                    var.line,
                    var.column,
                    "top scope fact instead of facts hash",
                )
                .fix(TextEdit::single(Indel::replace(var.range, new)));
        }
    },
};
