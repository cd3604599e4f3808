use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util::{attributes, resources};
use crate::resource_types::ResourceTypes;

/// `unknown_resource_attribute`.
pub static CHECK: Check = Check {
    name: "unknown_resource_attribute",
    level: Level::Error,
    default_enabled: true,
    origin: Origin::Native,
    fix: FixKind::None,
    summary: "An attribute that the core resource type does not have",
    why: "Puppet refuses such a resource only when the catalog is compiled (`Invalid parameter`), \
          on the agents' next run. The attributes are those Puppet 7.23 and OpenVox 8.28.1 \
          define for the core types (`file`, `package`, `service`, `exec`, `user`, `group`, \
          …), metaparameters included; a type that is not core (a defined type, a module's \
          type) is not checked. puppet-lint has no such check: it does not know the types. On \
          by default: it finds nothing on the 1,920 manifests of the Debian corpus, where every \
          resource compiles.",
    fires: "file { '/etc/motd':\n  ensure  => file,\n  contents => 'hello',\n}\n",
    passes: "file { '/etc/motd':\n  ensure  => file,\n  content => 'hello',\n}\n",
    fixed: None,
    run: |cx, report| {
        let table = ResourceTypes::get();
        for resource in resources(cx) {
            let Some(core) = table.lookup(&resource.type_name) else {
                continue;
            };
            for body in resource.bodies() {
                for (name, op) in attributes(&body) {
                    if name == "*" || name.is_empty() || core.attributes.contains_key(&name) {
                        continue;
                    }
                    let Some(token) = op.name() else { continue };
                    report.at(
                        token.text_range(),
                        format!(
                            "unknown attribute '{name}' for resource type '{}'",
                            resource
                                .type_name
                                .trim_start_matches("::")
                                .to_ascii_lowercase()
                        ),
                    );
                }
            }
        }
    },
};
