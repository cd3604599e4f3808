use puppet_diagnostics::{Indel, TextEdit};

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_strings::{access_key, legacy_fact, variables, LegacyFact};

/// `legacy_facts`.
pub static CHECK: Check = Check {
    name: "legacy_facts",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Core,
    fix: FixKind::Meaning,
    summary: "A legacy fact (`$::osfamily`, `$facts['osfamily']`)",
    why: "Legacy facts are gone from Facter 4's default output; use the structured fact \
          (`$facts['os']['family']`), which the fix writes from puppet-lint's table. Unlike \
          puppet-lint, a fact with no structured equivalent (`memorysize_mb`) is reported \
          without a fix, not reported fixed and left as it is; `\"$::osfamily\"` becomes \
          `\"${facts['os']['family']}\"` (puppet-lint writes `\"$facts['os']['family']\"`: \
          `$facts` and then text); and `$facts[\"osfamily\"]`, `$facts[ 'osfamily' ]` and \
          `$facts['osfamily']['x']` are found too.",
    fires: "$a = $::osfamily\n",
    passes: "$a = $facts['os']['family']\n",
    fixed: Some("$a = $facts['os']['family']\n"),
    run: |cx, report| {
        for var in variables(cx).iter() {
            let hash = var.name == "facts" || var.name == "::facts";
            let (fact, range) = if hash {
                match access_key(cx, var) {
                    Some((key, range)) => (key, range),
                    None => continue,
                }
            } else if let Some(bare) = var.name.strip_prefix("::") {
                (bare.to_string(), var.range)
            } else {
                continue;
            };
            let Some(known) = legacy_fact(&fact) else {
                continue;
            };
            let p = report.at_position(
                var.range,
                var.line,
                var.column,
                format!("legacy fact '{fact}'"),
            );
            if let LegacyFact::Structured(new) = known {
                p.fix(TextEdit::single(Indel::replace(range, var.rewritten(&new))));
            }
        }
    },
};
