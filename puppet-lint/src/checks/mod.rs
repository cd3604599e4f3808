//! Every check, one module each, and [`CHECKS`]: the one table of them.
//!
//! The table is in puppet-lint's registration order (its core checks, then the Vox Pupuli
//! plugins by gem name), which is the order of `--list-checks` and of each file's problems in
//! the outputs. The docs (`docs/lint/checks.md`) and the snippet tests are generated from it.

pub mod syntax;
mod util;
mod util_strings;

// Checks of this project (origin Native), after puppet-lint's.
mod code_after_fail;
mod undefined_variable;
mod unknown_resource_attribute;
mod unused_variable;
mod util_definitions;
mod util_layout;
mod util_scopes;
mod util_whitespace;

mod anchor_resource;
mod arrow_alignment;
mod arrow_on_right_operand_line;
mod autoloader_layout;
mod case_without_default;
mod chars_140;
mod chars_80;
mod class_inherits_from_params_class;
mod code_on_top_scope;
mod documentation;
mod double_quoted_strings;
mod duplicate_params;
mod ensure_first_param;
mod ensure_not_symlink_target;
mod exec_idempotency;
mod file_ensure;
mod file_mode;
mod hard_tabs;
mod inherits_across_namespaces;
mod leading_zero;
mod legacy_facts;
mod lookup_in_parameter;
mod manifest_whitespace_arrows_single_space_after;
mod manifest_whitespace_class_name_single_space_after;
mod manifest_whitespace_class_name_single_space_before;
mod manifest_whitespace_closing_brace_after;
mod manifest_whitespace_closing_brace_before;
mod manifest_whitespace_closing_bracket_after;
mod manifest_whitespace_closing_bracket_before;
mod manifest_whitespace_double_newline_end_of_file;
mod manifest_whitespace_inherits_name_single_space_before;
mod manifest_whitespace_missing_newline_end_of_file;
mod manifest_whitespace_newline_beginning_of_file;
mod manifest_whitespace_opening_brace_after;
mod manifest_whitespace_opening_brace_before;
mod manifest_whitespace_opening_bracket_after;
mod manifest_whitespace_opening_bracket_before;
mod manifest_whitespace_two_empty_lines;
mod names_containing_dash;
mod names_containing_uppercase;
mod nested_classes_or_defines;
mod only_variable_string;
mod optional_default;
mod parameter_documentation;
mod parameter_order;
mod parameter_types;
mod params_empty_string_assignment;
mod params_not_optional_with_undef;
mod puppet_url_without_modules;
mod quoted_booleans;
mod relative_classname_inclusion;
mod relative_classname_reference;
mod resource_reference_chain_without_whitespace;
mod resource_reference_with_unquoted_title;
mod resource_reference_without_title_capital;
mod resource_reference_without_whitespace;
mod right_to_left_relationship;
mod selector_inside_resource;
mod single_quote_string_with_variables;
mod slash_comments;
mod soft_tabs_2sp;
mod space_before_arrow;
mod star_comments;
mod strict_indent;
mod top_scope_facts;
mod topscope_variable;
mod trailing_comma;
mod trailing_whitespace;
mod unquoted_file_mode;
mod unquoted_node_name;
mod unquoted_resource_title;
mod unquoted_string_in_case;
mod unquoted_string_in_selector;
mod variable_contains_dash;
mod variable_contains_upcase;
mod variable_is_lowercase;
mod variable_scope;
mod variables_not_enclosed;
mod version_comparison;

use crate::check::Check;

/// Every check, in puppet-lint's registration order.
pub static CHECKS: &[&Check] = &[
    &arrow_on_right_operand_line::CHECK,
    &autoloader_layout::CHECK,
    &class_inherits_from_params_class::CHECK,
    &code_on_top_scope::CHECK,
    &inherits_across_namespaces::CHECK,
    &names_containing_dash::CHECK,
    &names_containing_uppercase::CHECK,
    &nested_classes_or_defines::CHECK,
    &parameter_order::CHECK,
    &right_to_left_relationship::CHECK,
    &variable_scope::CHECK,
    &slash_comments::CHECK,
    &star_comments::CHECK,
    &case_without_default::CHECK,
    &selector_inside_resource::CHECK,
    &documentation::CHECK,
    &unquoted_node_name::CHECK,
    &duplicate_params::CHECK,
    &ensure_first_param::CHECK,
    &ensure_not_symlink_target::CHECK,
    &file_mode::CHECK,
    &unquoted_file_mode::CHECK,
    &unquoted_resource_title::CHECK,
    &double_quoted_strings::CHECK,
    &only_variable_string::CHECK,
    &puppet_url_without_modules::CHECK,
    &quoted_booleans::CHECK,
    &single_quote_string_with_variables::CHECK,
    &variables_not_enclosed::CHECK,
    &variable_contains_dash::CHECK,
    &variable_is_lowercase::CHECK,
    &chars_140::CHECK,
    &soft_tabs_2sp::CHECK,
    &chars_80::CHECK,
    &arrow_alignment::CHECK,
    &hard_tabs::CHECK,
    &space_before_arrow::CHECK,
    &trailing_whitespace::CHECK,
    &legacy_facts::CHECK,
    &top_scope_facts::CHECK,
    &relative_classname_inclusion::CHECK,
    &relative_classname_reference::CHECK,
    &anchor_resource::CHECK,
    &exec_idempotency::CHECK,
    &file_ensure::CHECK,
    &leading_zero::CHECK,
    &lookup_in_parameter::CHECK,
    &manifest_whitespace_arrows_single_space_after::CHECK,
    &manifest_whitespace_inherits_name_single_space_before::CHECK,
    &manifest_whitespace_class_name_single_space_before::CHECK,
    &manifest_whitespace_class_name_single_space_after::CHECK,
    &manifest_whitespace_closing_brace_before::CHECK,
    &manifest_whitespace_closing_brace_after::CHECK,
    &manifest_whitespace_closing_bracket_before::CHECK,
    &manifest_whitespace_closing_bracket_after::CHECK,
    &manifest_whitespace_two_empty_lines::CHECK,
    &manifest_whitespace_newline_beginning_of_file::CHECK,
    &manifest_whitespace_missing_newline_end_of_file::CHECK,
    &manifest_whitespace_double_newline_end_of_file::CHECK,
    &manifest_whitespace_opening_brace_before::CHECK,
    &manifest_whitespace_opening_brace_after::CHECK,
    &manifest_whitespace_opening_bracket_before::CHECK,
    &manifest_whitespace_opening_bracket_after::CHECK,
    &optional_default::CHECK,
    &parameter_documentation::CHECK,
    &parameter_types::CHECK,
    &params_empty_string_assignment::CHECK,
    &params_not_optional_with_undef::CHECK,
    &resource_reference_chain_without_whitespace::CHECK,
    &resource_reference_with_unquoted_title::CHECK,
    &resource_reference_without_title_capital::CHECK,
    &resource_reference_without_whitespace::CHECK,
    &strict_indent::CHECK,
    &topscope_variable::CHECK,
    &trailing_comma::CHECK,
    &unquoted_string_in_case::CHECK,
    &unquoted_string_in_selector::CHECK,
    &variable_contains_upcase::CHECK,
    &version_comparison::CHECK,
    // This project's checks.
    &unknown_resource_attribute::CHECK,
    &code_after_fail::CHECK,
    &unused_variable::CHECK,
    &undefined_variable::CHECK,
];
