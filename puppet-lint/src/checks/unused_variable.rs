use std::collections::HashSet;

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_scopes::{range_of, ScopeKind, Scopes};

/// `unused_variable`.
pub static CHECK: Check = Check {
    name: "unused_variable",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Native,
    fix: FixKind::None,
    summary: "A local variable that is assigned and never read",
    why: "A variable that a defined type, function, lambda or node definition assigns and \
          never reads is dead code, or a typo, or a value meant for a template that cannot see \
          it (a template sees the scope of its own `template()` call only). Class and top-scope \
          variables are not checked (they can be read from elsewhere), and it is conservative: \
          a scope that calls `template`, `inline_template`, `epp`, `inline_epp`, or `getvar`/\
          `defined` with a computed name, counts all its variables as read (87 on the corpus), \
          and so does a node definition that declares classes or defined types (they see its \
          variables); the last expression of a lambda or function is its value; a variable of \
          a multiple assignment from an array is reported only when no other of its variables \
          is read (every position must be named). puppet-lint has no such check. On by default: \
          on the Debian corpus, 8 problems, all 8 looked at, no false positive (dead branches \
          in `cinder/manifests/backend/rbd.pp`, a `$ftp_get_password`/`$ftp_get_passwd` typo \
          in `nanliu-staging`, timeouts meant for another define's template in `sbitio-monit`).",
    fires: "define mymod::thing($path) {\n  $mode = '0644'\n  file { $path:\n    ensure => file,\n  }\n}\n",
    passes: "define mymod::thing($path) {\n  $mode = '0644'\n  file { $path:\n    ensure => file,\n    mode   => $mode,\n  }\n}\n",
    fixed: None,
    run: |cx, report| {
        let Some(model) = cx.model else { return };
        let scopes = Scopes::of(model);
        let visible = scopes.visible_reads();
        let mut found = Vec::new();
        for (scope, (names, hidden)) in scopes.scopes.iter().zip(&visible) {
            let local = matches!(
                scope.kind,
                ScopeKind::Define
                    | ScopeKind::Function
                    | ScopeKind::Plan
                    | ScopeKind::Lambda
                    | ScopeKind::Node { .. }
            );
            if !local || *hidden {
                continue;
            }
            // The multiple assignments by position one of whose variables is read: the others
            // are there only to take their places.
            let used_groups: HashSet<_> = scope
                .assigns
                .iter()
                .filter(|a| names.contains(a.name))
                .filter_map(|a| a.positional)
                .collect();
            for assign in &scope.assigns {
                if assign.returned
                    || names.contains(assign.name)
                    || assign.positional.is_some_and(|g| used_groups.contains(&g))
                {
                    continue;
                }
                found.push((assign.offset, assign.var, assign.name));
            }
        }
        found.sort_by_key(|&(offset, _, _)| offset);
        for (_, var, name) in found {
            report.at(
                range_of(model, var),
                format!("variable '${name}' is assigned but never used"),
            );
        }
    },
};
