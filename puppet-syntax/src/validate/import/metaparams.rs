//! Class and define parameters named after a metaparameter: `Puppet::Resource::Type#set_arguments`
//! → `warn_if_metaparam`, run when the type is created, parameter by parameter in order.
//!
//! With a default value (any value, `undef` included) the parameter is accepted with a
//! warning (`warnonce`, no position), since the value "inherits" to the contained resources;
//! without one Ruby raises a `Puppet::ParseError` (no position) and the import ends. Only
//! classes and defines pass parameters to `Resource::Type` (nodes have none; functions and
//! plans are not 3.x types).

use crate::diagnostics::IssueCode;
use crate::model::{NodeId, NodeKind};

use super::{Import, Raised};

/// `Puppet::Type.metaparams` in Puppet 7.23 (`lib/puppet/type.rb`); Ruby looks a name up
/// exactly (`@@metaparamhash[name.intern]`).
const METAPARAMETERS: [&str; 11] = [
    "alias",
    "audit",
    "before",
    "loglevel",
    "noop",
    "notify",
    "require",
    "schedule",
    "stage",
    "subscribe",
    "tag",
];

impl Import<'_> {
    /// `set_arguments` of the type named `type_name` (lower-cased, as `Resource::Type#name`).
    pub(super) fn check_parameters(
        &mut self,
        type_name: &str,
        parameters: &[NodeId],
    ) -> Result<(), Raised> {
        let model = self.model;
        for &parameter in parameters {
            let NodeKind::Parameter { name, value, .. } = model.kind(parameter) else {
                continue;
            };
            let name = model.str(*name);
            if !METAPARAMETERS.contains(&name) {
                continue;
            }
            if value.is_some() {
                let message = format!("{name} is a metaparam; this value will inherit to all contained resources in the {type_name} definition");
                self.warn_once(
                    IssueCode::METAPARAM_PARAMETER_WITH_DEFAULT,
                    parameter,
                    message,
                );
            } else {
                let message = format!("{name} is a metaparameter; please choose another parameter name in the {type_name} definition");
                return Err(self.raise(IssueCode::METAPARAM_PARAMETER, parameter, message));
            }
        }
        Ok(())
    }
}
