use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_scopes::{read_range, Read, ScopeKind, Scopes};
use crate::checks::util_strings::legacy_fact;

/// `undefined_variable`.
pub static CHECK: Check = Check {
    name: "undefined_variable",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Native,
    fix: FixKind::None,
    summary: "A variable read in a defined type, function, lambda or plan that its scope does not assign",
    why: "Puppet evaluates a variable that nothing assigned as `undef` (an error with \
          `strict_variables`), so such a read is a typo or a variable of a scope it cannot see \
          (a defined type does not see the class that declares it). Reported in defined types, \
          functions, lambdas and plans, for an unqualified name that is not a parameter, not \
          assigned before it in its scope or in the scope a lambda sees, not assigned at top \
          scope in the file, and not one Puppet provides (`$facts`, `$trusted`, \
          `$server_facts`, `$title`, `$name`, `$module_name`, `$environment`, the numbered \
          match variables, the legacy and core top-scope facts…); a lambda in a class or node \
          that inherits is not checked. puppet-lint has no such check. On by default: on the \
          Debian corpus, 2 problems, both looked at, no false positive (`$sql_iface` for \
          `$vip_iface` in `oci/manifests/vip.pp`, `$mount_device` in \
          `swift/manifests/storage/xfs.pp`).",
    fires: "define mymod::thing($path) {\n  file { $path:\n    ensure => file,\n    mode   => $mode,\n  }\n}\n",
    passes: "define mymod::thing($path, $mode = '0644') {\n  file { $path:\n    ensure => file,\n    mode   => $mode,\n  }\n}\n",
    fixed: None,
    run: |cx, report| {
        let Some(model) = cx.model else { return };
        let scopes = Scopes::of(model);
        let mut found = Vec::new();
        for (index, scope) in scopes.scopes.iter().enumerate() {
            if !matches!(
                scope.kind,
                ScopeKind::Define | ScopeKind::Function | ScopeKind::Plan | ScopeKind::Lambda
            ) {
                continue;
            }
            for read in &scope.reads {
                let Some(var) = read.var else { continue };
                if read.name.contains("::")
                    || always_there(read.name)
                    || defined(&scopes, index, read)
                {
                    continue;
                }
                found.push((read.offset, var, read.name));
            }
        }
        found.sort_by_key(|&(offset, _, _)| offset);
        for (_, var, name) in found {
            report.at(
                read_range(model, var),
                format!("variable '${name}' is not assigned in its scope"),
            );
        }
    },
};

/// The variables Puppet sets in every scope, the numbered match variables and the facts (at
/// top scope, so seen unqualified from everywhere).
fn always_there(name: &str) -> bool {
    const BUILT_IN: &[&str] = &[
        "facts",
        "trusted",
        "server_facts",
        "title",
        "name",
        "module_name",
        "caller_module_name",
        "environment",
        "serverversion",
        "servername",
        "serverip",
        "clientcert",
        "clientversion",
        "clientnoop",
        "agent_specified_environment",
    ];
    // Facter's core facts that puppet-lint's legacy fact list does not have.
    const CORE_FACTS: &[&str] = &[
        "aio_agent_version",
        "augeas",
        "az_metadata",
        "cloud",
        "dhcp_servers",
        "disks",
        "dmi",
        "ec2_metadata",
        "ec2_userdata",
        "env_windows_installdir",
        "facterversion",
        "filesystems",
        "fips_enabled",
        "gce",
        "hypervisors",
        "identity",
        "is_virtual",
        "kernel",
        "kernelmajversion",
        "kernelrelease",
        "kernelversion",
        "ldom",
        "load_averages",
        "memory",
        "mountpoints",
        "networking",
        "nim_type",
        "os",
        "partitions",
        "path",
        "processors",
        "puppetversion",
        "ruby",
        "scope6",
        "solaris_zones",
        "ssh",
        "system_profiler",
        "system_uptime",
        "timezone",
        "virtual",
        "xen",
        "zfs_featurenumbers",
        "zfs_version",
        "zpool_featureflags",
        "zpool_featurenumbers",
        "zpool_version",
    ];
    BUILT_IN.contains(&name)
        || CORE_FACTS.contains(&name)
        || (!name.is_empty() && name.bytes().all(|b| b.is_ascii_digit()))
        || legacy_fact(name).is_some()
}

/// Whether `read`, in scope `index`, reads a parameter or a variable assigned before it in its
/// scope or in a scope it sees.
fn defined(scopes: &Scopes, index: usize, read: &Read) -> bool {
    let mut at = index;
    loop {
        let scope = &scopes.scopes[at];
        if scope.params.contains(&read.name) {
            return true;
        }
        let assigned = scope.assigned.get(read.name).is_some_and(|found| {
            found
                .iter()
                .any(|&i| scope.assigns[i].offset < read.offset && !scopes.guarded(read, at, i))
        });
        if assigned {
            return true;
        }
        match scope.kind {
            // A lambda sees the scope it is written in.
            ScopeKind::Lambda => match scope.parent {
                Some(parent) => at = parent,
                None => return false,
            },
            // Its parent's variables are seen unqualified: not known here.
            ScopeKind::Class { inherits: true } | ScopeKind::Node { inherits: true } => {
                return true
            }
            ScopeKind::Top => return false,
            // A definition sees the top scope: what the file assigns there, before or after
            // (the definition is evaluated after the top scope).
            _ => return scopes.scopes[0].assigned.contains_key(read.name),
        }
    }
}
