//! Puppet's message text for every issue the validator reports, as `lib/puppet/pops/issues.rb`
//! formats it (Puppet 7 runs with `disable_i18n`, so the English text). Labels arrive already
//! computed by `labels`; `a`/`an`/`the` are applied here, exactly where the Ruby template does.

use super::labels::{a_an, a_an_uc, the};

pub(crate) const NOT_TOP_LEVEL: &str =
    "Classes, definitions, and nodes may only appear at toplevel or inside other classes";
pub(crate) const ILLEGAL_ASSIGNMENT_CONTEXT: &str = "Assignment not allowed here";
pub(crate) const ILLEGAL_INDEXED_ASSIGNMENT: &str =
    "Illegal attempt to assign via [index/key]. Not an assignable reference";
pub(crate) const ILLEGAL_HOSTNAME_INTERPOLATION: &str =
    "An interpolated expression is not allowed in a hostname of a node";
pub(crate) const NOT_VIRTUALIZEABLE: &str = "Resource Defaults are not virtualizable";
pub(crate) const CLASS_NOT_VIRTUALIZABLE: &str = "Classes are not virtualizable";
pub(crate) const ILLEGAL_NODE_INHERITANCE: &str = "Node inheritance is not supported in Puppet >= 4.0.0. See http://links.puppet.com/puppet-node-inheritance-deprecation";
pub(crate) const MULTIPLE_ATTRIBUTES_UNFOLD: &str =
    "Unfolding of attributes from Hash can only be used once per resource body";
pub(crate) const ILLEGAL_EPP_PARAMETERS: &str = "Ambiguous EPP parameter expression. Probably missing '<%-' before parameters to remove leading whitespace";

pub(crate) fn not_absolute_top_level(semantic: &str) -> String {
    format!("{} may only appear at toplevel", a_an_uc(semantic))
}

pub(crate) fn cross_scope_assignment(name: &str) -> String {
    format!("Illegal attempt to assign to '{name}'. Cannot assign to variables in other namespaces")
}

pub(crate) fn illegal_assignment(semantic: &str) -> String {
    format!(
        "Illegal attempt to assign to '{}'. Not an assignable reference",
        a_an(semantic)
    )
}

pub(crate) fn illegal_assignment_via_index(semantic: &str) -> String {
    format!(
        "Illegal attempt to assign to {} via [index/key]. Not an assignable reference",
        a_an(semantic)
    )
}

pub(crate) fn illegal_numeric_assignment(varname: &str) -> String {
    format!(
        "Illegal attempt to assign to the numeric match result variable '${varname}'. Numeric variables are not assignable"
    )
}

pub(crate) fn illegal_numeric_parameter(name: &str) -> String {
    format!("The numeric parameter name '${name}' cannot be used (clashes with numeric match result variables)")
}

pub(crate) fn appends_deletes_no_longer_supported(operator: &str) -> String {
    format!("The operator '{operator}' is no longer supported. See http://links.puppet.com/remove-plus-equals")
}

pub(crate) fn unsupported_operator_in_context(operator: &str, semantic: &str) -> String {
    format!(
        "The operator '{operator}' in {} is not supported.",
        a_an(semantic)
    )
}

pub(crate) fn not_rvalue(semantic: &str) -> String {
    format!(
        "Invalid use of expression. {} does not produce a value",
        a_an_uc(semantic)
    )
}

pub(crate) fn illegal_attribute_append(name: &str, parent: &str) -> String {
    format!(
        "Illegal +> operation on attribute {name}. This operator can not be used in {}",
        a_an(parent)
    )
}

pub(crate) fn illegal_single_type_mapping(semantic: &str) -> String {
    format!(
        "Illegal type mapping. Expected a Type on the left side, got {}",
        a_an_uc(semantic)
    )
}

pub(crate) fn illegal_regexp_type_mapping(semantic: &str) -> String {
    format!(
        "Illegal type mapping. Expected a Tuple[Regexp,String] on the left side, got {}",
        a_an_uc(semantic)
    )
}

pub(crate) fn illegal_param_name(name: &str) -> String {
    format!("Illegal parameter name. The given name '{name}' does not conform to the naming rule /^[a-z_]\\w*$/")
}

pub(crate) fn illegal_var_name(name: &str) -> String {
    format!(
        "Illegal variable name, The given name '{name}' does not conform to the naming rule /^((::)?[a-z]\\w*)*((::)?[a-z_]\\w*)$/"
    )
}

pub(crate) fn illegal_numeric_var_name(name: &str) -> String {
    format!("Illegal numeric variable name, The given name '{name}' must be a decimal value if it starts with a digit 0-9")
}

pub(crate) fn illegal_classref(name: &str) -> String {
    format!("Illegal type reference. The given name '{name}' does not conform to the naming rule")
}

pub(crate) fn illegal_hostname_chars(hostname: &str) -> String {
    format!(
        "The hostname '{hostname}' contains illegal characters (only letters, digits, '_', '-', and '.' are allowed)"
    )
}

pub(crate) fn illegal_expression(semantic: &str, feature: &str, container: &str) -> String {
    format!(
        "Illegal expression. {} is unacceptable as {feature} in {}",
        a_an_uc(semantic),
        a_an(container)
    )
}

pub(crate) fn illegal_query_expression(semantic: &str) -> String {
    format!(
        "Illegal query expression. {} cannot be used in a query",
        a_an_uc(semantic)
    )
}

pub(crate) fn unsupported_expression(semantic: &str) -> String {
    format!(
        "Expressions of type {} are not supported in this version of Puppet",
        a_an(semantic)
    )
}

pub(crate) fn illegal_definition_name(name: &str, semantic: &str) -> String {
    format!(
        "Unacceptable name. The name '{name}' is unacceptable as the name of {}",
        a_an(semantic)
    )
}

pub(crate) fn illegal_definition_location(name: &str, file: &str) -> String {
    format!("Unacceptable location. The name '{name}' is unacceptable in file '{file}'")
}

/// For a `NamedDefinition` semantic Ruby names it; the validator only reports other statements.
pub(crate) fn illegal_top_construct_location(semantic: &str, named: Option<&str>) -> String {
    match named {
        Some(name) => format!(
            "The {semantic} '{name}' is unacceptable as a top level construct in this location"
        ),
        None => {
            format!("This {semantic} is unacceptable as a top level construct in this location")
        }
    }
}

pub(crate) fn captures_rest_not_last(param: &str) -> String {
    format!("Parameter ${param} is not last, and has 'captures rest'")
}

pub(crate) fn captures_rest_not_supported(param: &str, container: &str) -> String {
    format!(
        "Parameter ${param} has 'captures rest' - not supported in {}",
        a_an(container)
    )
}

pub(crate) fn idem_expression_not_last(semantic: &str) -> String {
    format!(
        "This {semantic} has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"
    )
}

pub(crate) fn resource_without_title(name: &str) -> String {
    format!(
        "This expression is invalid. Did you try declaring a '{name}' resource without a title?"
    )
}

pub(crate) fn idem_not_allowed_last(semantic: &str, container: &str) -> String {
    format!(
        "This {semantic} has no effect. {} can not end with a value-producing expression without other effect",
        a_an_uc(container)
    )
}

pub(crate) fn reserved_word(word: &str) -> String {
    format!("Use of reserved word: {word}, must be quoted if intended to be a String value")
}

pub(crate) fn future_reserved_word(word: &str) -> String {
    format!("Use of future reserved word: '{word}'")
}

pub(crate) fn reserved_type_name(name: &str, semantic: &str) -> String {
    format!(
        "The name: '{name}' is already defined by Puppet and can not be used as the name of {}.",
        a_an(semantic)
    )
}

pub(crate) fn duplicate_parameter(param: &str) -> String {
    format!("The parameter '{param}' is declared more than once in the parameter list")
}

pub(crate) fn duplicate_key(key: &str) -> String {
    format!("The key '{key}' is declared more than once")
}

pub(crate) fn not_numeric(value: &str) -> String {
    format!("The value '{value}' cannot be converted to Numeric.")
}

/// `label.a_an(type_class)` of a model class is `a Puppet::Pops::Model::<Class>`: every name
/// starts with `P`.
pub(crate) fn illegal_nonliteral_parameter_type(name: &str, class: &str) -> String {
    format!("The parameter '${name}' must be a literal type, not a Puppet::Pops::Model::{class}")
}

pub(crate) fn duplicate_default(container: &str) -> String {
    format!("This {container} already has a 'default' entry - this is a duplicate")
}

pub(crate) fn reserved_parameter(param: &str, container: &str) -> String {
    format!(
        "The parameter ${param} redefines a built in parameter in {}",
        the(container)
    )
}

/// `value` is the out-of-range integer formatted as Ruby's `"%#+x"` (`+0x…` / `-0x…`).
pub(crate) fn numeric_overflow(semantic: &str, positive: bool, hex: &str) -> String {
    let bound = if positive { "max" } else { "min" };
    format!(
        "{} resulted in a value outside of Puppet Integer {bound} range, got '{hex}'",
        a_an_uc(semantic)
    )
}

pub(crate) fn expression_not_supported_when_scripting(klass: &str) -> String {
    format!(
        "{} is only available when compiling a catalog",
        a_an_uc(klass)
    )
}

pub(crate) fn expression_not_supported_when_compiling(klass: &str) -> String {
    format!(
        "{} is not available when compiling a catalog",
        a_an_uc(klass)
    )
}

/// The message of a failed heredoc syntax check, as `IssueReporter` prefixes it.
pub(crate) fn illegal_heredoc_syntax(syntax: &str, checker_message: &str) -> String {
    format!("Invalid produced text having syntax: '{syntax}'. {checker_message}")
}
