/*
 * libpuppet: the C API of the Puppet 7 language front end (puppet-parser).
 *
 * Generated from puppet-ffi/src by cbindgen; do not edit (see puppet-ffi/README.md).
 *
 * Conventions:
 *  - Functions return a puppet_status (PUPPET_OK is 0; failures of the call are negative,
 *    with a message from puppet_last_error_message()), or a value whose "nothing" (NULL, 0,
 *    -1) is documented. Problems in the Puppet source are diagnostics, never statuses.
 *  - Ownership is stated on every function: "the caller owns *out" means free it with the
 *    matching puppet_*_free (never free()); "borrowed from the result" means valid until the
 *    result is freed. Every puppet_*_free accepts NULL.
 *  - Thread safety: any function may be called from any thread. A puppet_result is immutable
 *    once returned (except by puppet_result_validate, which needs exclusive access): many
 *    threads may read one result at once; so is a puppet_index. A puppet_cst_cursor is used
 *    by one thread at a time. The last-error message is per thread.
 *  - Nothing unwinds out of the library: an internal panic is caught and reported as
 *    PUPPET_ERROR_PANIC.
 *  - Structs grow at their end only, and the caller passes their size, so that programs built
 *    against an older or a newer header keep working: puppet_options carries it in
 *    struct_size (set by puppet_options_init); the functions that fill a caller's struct
 *    (puppet_result_diagnostic_get, puppet_model_attr_get, puppet_index_definition_get,
 *    puppet_index_parameter_get, puppet_lint_problem_get, puppet_lint_fix_edit_get) take it
 *    as an argument (sizeof the
 *    struct, which the macros of this header pass). The library writes the fields that fit in
 *    that size and zeroes the bytes past its own struct, so a field a library does not know
 *    reads 0; it never writes past the size; a size smaller than the first header's struct is
 *    refused with PUPPET_ERROR_ARGUMENT. The first header's functions without a size keep
 *    their symbols and write that header's struct only.
 *  - Enum values never change: puppet_model_class and puppet_model_attribute (generated from
 *    the model description) only gain values at their end; 0 is "none" in both, as
 *    PUPPET_CST_KIND_NONE is for CST kind numbers (which, unlike those, may change between
 *    versions: look them up by name).
 */

#ifndef PUPPET_H
#define PUPPET_H

/* Generated with cbindgen:0.29.4 */

#include <stddef.h>
#include <stdint.h>

/**
 * Major version of this library (`PUPPET_VERSION_MAJOR`); also the soname's number.
 */
#define PUPPET_VERSION_MAJOR 0

/**
 * Minor version of this library.
 */
#define PUPPET_VERSION_MINOR 1

/**
 * Patch version of this library.
 */
#define PUPPET_VERSION_PATCH 0

/**
 * Version of the binary interface: raised whenever a change would break programs compiled
 * against an older header (a removed function, a changed struct layout other than appending to
 * a struct whose size the caller passes: `puppet_options`, `puppet_diagnostic`,
 * `puppet_model_attr`; a changed `puppet_model_class_id` or `puppet_model_attribute` value).
 * Compare with `puppet_abi_version()` at run time.
 */
#define PUPPET_ABI_VERSION 1

/**
 * The kind number of no kind: what `puppet_cst_cursor_kind` returns for a NULL cursor. No
 * element has it.
 */
#define PUPPET_CST_KIND_NONE 0

/**
 * Flag of `puppet_format` and `puppet_format_range`: the source is an EPP template (only the
 * code in its tags is formatted).
 */
#define PUPPET_FORMAT_EPP 1

/**
 * Flag of `puppet_lint` and `puppet_lint_fix`: run every check, the ones puppet-lint leaves
 * off by default too (not with a list of checks).
 */
#define PUPPET_LINT_ALL_CHECKS 1

/**
 * Flag of `puppet_lint` and `puppet_lint_fix`: the source is an EPP template (so is one whose
 * `name` ends in `.epp`).
 */
#define PUPPET_LINT_EPP 2

/**
 * Flag: parse an EPP template instead of a manifest.
 */
#define PUPPET_PARSE_EPP 1

/**
 * Flag: Puppet's `tasks` mode (`plan` and `apply` are keywords; the validator is Puppet's
 * `TasksChecker`).
 */
#define PUPPET_PARSE_TASKS 2

/**
 * Flag: also build the lossless CST (for `puppet_cst_cursor_new`).
 */
#define PUPPET_PARSE_CST 4

/**
 * Flag: do not build the Puppet model (nothing to validate, no PN; faster when only the CST
 * or the syntax errors are wanted).
 */
#define PUPPET_PARSE_NO_MODEL 8

/**
 * Flag of `puppet_result_pn` and `puppet_result_json`: indent, one element per line
 * (Puppet's `--pretty`).
 */
#define PUPPET_OUTPUT_PRETTY 1

/**
 * What an API call returns: `PUPPET_OK` (0), or a negative code for a failure of the call.
 * Problems in the Puppet source (syntax errors, validation issues) are never statuses: they
 * are the diagnostics of the result.
 */
typedef enum puppet_status {
  /**
   * Success.
   */
  PUPPET_OK = 0,
  /**
   * A pointer that must not be NULL was NULL.
   */
  PUPPET_ERROR_NULL = -1,
  /**
   * An argument is out of range or otherwise invalid (an index past the end, an unknown
   * flag or enum value, an options struct of an unknown size, a second validation).
   */
  PUPPET_ERROR_ARGUMENT = -2,
  /**
   * A string argument that must be UTF-8 (a file name) is not.
   */
  PUPPET_ERROR_UTF8 = -3,
  /**
   * What was asked for was not built: the model after a syntax error (or with
   * `PUPPET_PARSE_NO_MODEL`), the CST without `PUPPET_PARSE_CST`; or the log callback
   * cannot be installed (see `puppet_set_log_callback`).
   */
  PUPPET_ERROR_UNAVAILABLE = -4,
  /**
   * An internal error (a panic inside the library, caught). The library stays usable; the
   * message says where it happened. Please report it.
   */
  PUPPET_ERROR_PANIC = -5,
  /**
   * What was looked up does not exist: no definition of that kind and name in a
   * `puppet_index` (`puppet_index_lookup`). Added after the first header.
   */
  PUPPET_ERROR_NOT_FOUND = -6,
  /**
   * The source has syntax errors (or is not UTF-8), so it was not formatted or fixed
   * (`puppet_format`, `puppet_lint_fix`); parse it for the diagnostics. Added after the
   * first header.
   */
  PUPPET_ERROR_SYNTAX = -7,
} puppet_status;

/**
 * The kind of a lint problem, as puppet-lint names it.
 */
typedef enum puppet_lint_kind {
  /**
   * A warning.
   */
  PUPPET_LINT_KIND_WARNING = 0,
  /**
   * An error.
   */
  PUPPET_LINT_KIND_ERROR = 1,
  /**
   * Fixed by `--fix` (not in a result of `puppet_lint`, which fixes nothing).
   */
  PUPPET_LINT_KIND_FIXED = 2,
  /**
   * Silenced by a `# lint:ignore:<check>` comment (its `reason` is the comment's reason).
   */
  PUPPET_LINT_KIND_IGNORED = 3,
} puppet_lint_kind;

/**
 * Log levels, as the `log` facade has them (`max_level` of `puppet_set_log_callback`, and the
 * level of each record).
 */
typedef enum puppet_log_level {
  /**
   * Nothing (as `max_level`: no record is passed on).
   */
  PUPPET_LOG_OFF = 0,
  /**
   * Errors.
   */
  PUPPET_LOG_ERROR = 1,
  /**
   * Warnings.
   */
  PUPPET_LOG_WARN = 2,
  /**
   * Information.
   */
  PUPPET_LOG_INFO = 3,
  /**
   * Debugging detail (one record per parsed source).
   */
  PUPPET_LOG_DEBUG = 4,
  /**
   * Finer detail.
   */
  PUPPET_LOG_TRACE = 5,
} puppet_log_level;

/**
 * A class of the Puppet model (`Puppet::AST`, Ruby Puppet 7.23's `ast.pp`), as
 * `puppet_model_node_class` returns it; `puppet_model_class_name` gives its name. The values
 * never change: a class added to the model gets the next free number, and a number is
 * never reused. Abstract classes are never the class of a node; they are there for
 * `puppet_model_class_is_a`. (The type is `_id`: `puppet_model_class` is the function
 * that returns a node's class name, from the first header.)
 */
typedef enum puppet_model_class_id {
  /**
   * No class: what `puppet_model_node_class` returns for a number that is no node.
   */
  PUPPET_MODEL_CLASS_NONE = 0,
  /**
   * `PopsObject` (abstract): The root of the hierarchy (`Puppet::AST::PopsObject`): no
   * attributes.
   */
  PUPPET_MODEL_CLASS_POPS_OBJECT = 1,
  /**
   * `Positioned` (abstract): Anything with a source position: `locator`, `offset`, `length`
   * (held by every node and the model, not by `NodeKind`).
   */
  PUPPET_MODEL_CLASS_POSITIONED = 2,
  /**
   * `Expression` (abstract): Any expression.
   */
  PUPPET_MODEL_CLASS_EXPRESSION = 3,
  /**
   * `Nop`: Empty program or statement (`(nop)`); positioned at EOF with length 0 for an
   * empty file.
   */
  PUPPET_MODEL_CLASS_NOP = 4,
  /**
   * `BinaryExpression` (abstract): An operator with two operands.
   */
  PUPPET_MODEL_CLASS_BINARY_EXPRESSION = 5,
  /**
   * `UnaryExpression` (abstract): An operator (or wrapper) with one operand.
   */
  PUPPET_MODEL_CLASS_UNARY_EXPRESSION = 6,
  /**
   * `ParenthesizedExpression`: `( expr )`: positioned on the opening paren only. PN `(paren
   * e)`.
   */
  PUPPET_MODEL_CLASS_PARENTHESIZED_EXPRESSION = 7,
  /**
   * `NotExpression`: `!expr`: positioned on the operator. PN `(! e)`.
   */
  PUPPET_MODEL_CLASS_NOT_EXPRESSION = 8,
  /**
   * `UnaryMinusExpression`: `-expr`: positioned on the operator. PN `(- e)`, folded into a
   * negative literal for numbers.
   */
  PUPPET_MODEL_CLASS_UNARY_MINUS_EXPRESSION = 9,
  /**
   * `UnfoldExpression`: `*expr` (splat/unfold): positioned on the operator. PN `(unfold e)`.
   */
  PUPPET_MODEL_CLASS_UNFOLD_EXPRESSION = 10,
  /**
   * `AssignmentExpression`: `l = r`, `l += r`, `l -= r`: positioned on the operator. PN `(=
   * l r)`.
   */
  PUPPET_MODEL_CLASS_ASSIGNMENT_EXPRESSION = 11,
  /**
   * `ArithmeticExpression`: `l + r` etc.: positioned on the operator. PN `(+ l r)`.
   */
  PUPPET_MODEL_CLASS_ARITHMETIC_EXPRESSION = 12,
  /**
   * `RelationshipExpression`: `l -> r` etc.: positioned on the operator. PN `(-> l r)`.
   */
  PUPPET_MODEL_CLASS_RELATIONSHIP_EXPRESSION = 13,
  /**
   * `AccessExpression`: `l[k, …]`: left start … `]`. PN `(access l k…)`.
   */
  PUPPET_MODEL_CLASS_ACCESS_EXPRESSION = 14,
  /**
   * `ComparisonExpression`: `l == r` etc.: positioned on the operator. PN `(== l r)`.
   */
  PUPPET_MODEL_CLASS_COMPARISON_EXPRESSION = 15,
  /**
   * `MatchExpression`: `l =~ r`, `l !~ r`: positioned on the operator. PN `(=~ l r)`.
   */
  PUPPET_MODEL_CLASS_MATCH_EXPRESSION = 16,
  /**
   * `InExpression`: `l in r`: positioned on the operator. PN `(in l r)`.
   */
  PUPPET_MODEL_CLASS_IN_EXPRESSION = 17,
  /**
   * `BooleanExpression` (abstract): `and` / `or`.
   */
  PUPPET_MODEL_CLASS_BOOLEAN_EXPRESSION = 18,
  /**
   * `AndExpression`: `l and r`: positioned on the operator. PN `(and l r)`.
   */
  PUPPET_MODEL_CLASS_AND_EXPRESSION = 19,
  /**
   * `OrExpression`: `l or r`: positioned on the operator. PN `(or l r)`.
   */
  PUPPET_MODEL_CLASS_OR_EXPRESSION = 20,
  /**
   * `LiteralList`: `[v, …]`: brackets. PN `(array v…)`.
   */
  PUPPET_MODEL_CLASS_LITERAL_LIST = 21,
  /**
   * `KeyedEntry`: `k => v` in a hash: positioned on `=>`. PN `(=> k v)`.
   */
  PUPPET_MODEL_CLASS_KEYED_ENTRY = 22,
  /**
   * `LiteralHash`: `{k => v, …}`: braces. PN `(hash (=> k v)…)`.
   */
  PUPPET_MODEL_CLASS_LITERAL_HASH = 23,
  /**
   * `BlockExpression`: Statement sequence. PN `(block s…)`; bodies are printed as
   * statement lists.
   */
  PUPPET_MODEL_CLASS_BLOCK_EXPRESSION = 24,
  /**
   * `ApplyBlockExpression`: Body of an `apply` block (`--tasks` only).
   */
  PUPPET_MODEL_CLASS_APPLY_BLOCK_EXPRESSION = 25,
  /**
   * `CaseOption`: `v, …: { … }` in a case: `:` … `}`. PN `{:when [v…] :then
   * [s…]}`.
   */
  PUPPET_MODEL_CLASS_CASE_OPTION = 26,
  /**
   * `CaseExpression`: `case test { … }`: `case` … `}`. PN `(case test [option…])`.
   */
  PUPPET_MODEL_CLASS_CASE_EXPRESSION = 27,
  /**
   * `QueryExpression` (abstract): The query of a collector (`<| |>`, `<<| |>>`).
   */
  PUPPET_MODEL_CLASS_QUERY_EXPRESSION = 28,
  /**
   * `ExportedQuery`: `<<| expr |>>`. PN `(exported-query e)`.
   */
  PUPPET_MODEL_CLASS_EXPORTED_QUERY = 29,
  /**
   * `VirtualQuery`: `<| expr |>`. PN `(virtual-query e)`.
   */
  PUPPET_MODEL_CLASS_VIRTUAL_QUERY = 30,
  /**
   * `AbstractAttributeOperation` (abstract): An entry of a resource body or collector: `name
   * => value` or `* => hash`.
   */
  PUPPET_MODEL_CLASS_ABSTRACT_ATTRIBUTE_OPERATION = 31,
  /**
   * `AttributeOperation`: `name => value` / `name +> value`: name … value end. PN `(=>
   * "name" v)`.
   */
  PUPPET_MODEL_CLASS_ATTRIBUTE_OPERATION = 32,
  /**
   * `AttributesOperation`: `* => expr`: `*` … value end. PN `(splat-hash e)`.
   */
  PUPPET_MODEL_CLASS_ATTRIBUTES_OPERATION = 33,
  /**
   * `CollectExpression`: `Type <| q |> { ops }`: type start … `}` (or `|>`). PN `(collect
   * {…})`.
   */
  PUPPET_MODEL_CLASS_COLLECT_EXPRESSION = 34,
  /**
   * `Parameter`: `Type $name = value` (`*$name` sets `captures_rest`): the `$name` token
   * only.
   */
  PUPPET_MODEL_CLASS_PARAMETER = 35,
  /**
   * `Definition` (abstract): A top-level definition (collected in `Program#definitions`).
   */
  PUPPET_MODEL_CLASS_DEFINITION = 36,
  /**
   * `NamedDefinition` (abstract): A definition with a name, parameters and a body:
   * `function`, `define`, `class`, `plan`.
   */
  PUPPET_MODEL_CLASS_NAMED_DEFINITION = 37,
  /**
   * `FunctionDefinition`: `function name(params) >> T { body }`. PN `(function {…})`.
   */
  PUPPET_MODEL_CLASS_FUNCTION_DEFINITION = 38,
  /**
   * `ResourceTypeDefinition`: `define name(params) { body }`. PN `(define {…})`.
   */
  PUPPET_MODEL_CLASS_RESOURCE_TYPE_DEFINITION = 39,
  /**
   * `QRefDefinition` (abstract): A definition named by a type reference: `type` aliases and
   * definitions.
   */
  PUPPET_MODEL_CLASS_Q_REF_DEFINITION = 40,
  /**
   * `TypeAlias`: `type Name = T`: starts at the name. PN `(type-alias "Name" t)`.
   */
  PUPPET_MODEL_CLASS_TYPE_ALIAS = 41,
  /**
   * `TypeMapping`: `type T[X] = M`. PN `(type-mapping t m)`.
   */
  PUPPET_MODEL_CLASS_TYPE_MAPPING = 42,
  /**
   * `TypeDefinition`: `type Name inherits P { … }` (always rejected by the validator). PN
   * `(type-definition …)`.
   */
  PUPPET_MODEL_CLASS_TYPE_DEFINITION = 43,
  /**
   * `NodeDefinition`: `node m, … inherits p { body }`. PN `(node {…})`.
   */
  PUPPET_MODEL_CLASS_NODE_DEFINITION = 44,
  /**
   * `HeredocExpression`: `@(tag:syntax)`: the `@(…)` token; `syntax` is `""` when absent.
   * PN `(heredoc {…})`.
   */
  PUPPET_MODEL_CLASS_HEREDOC_EXPRESSION = 45,
  /**
   * `HostClassDefinition`: `class name(params) inherits p { body }`. PN `(class {…})`.
   */
  PUPPET_MODEL_CLASS_HOST_CLASS_DEFINITION = 46,
  /**
   * `PlanDefinition`: `plan name(params) { body }` (`--tasks`). PN `(plan {…})`.
   */
  PUPPET_MODEL_CLASS_PLAN_DEFINITION = 47,
  /**
   * `LambdaExpression`: `|params| >> T { body }`: first `|` … `}`. PN `(lambda {…})`.
   */
  PUPPET_MODEL_CLASS_LAMBDA_EXPRESSION = 48,
  /**
   * `ApplyExpression`: `apply(args) { body }` (`--tasks`). PN (not in Ruby, see `pn`)
   * `(apply {…})`.
   */
  PUPPET_MODEL_CLASS_APPLY_EXPRESSION = 49,
  /**
   * `IfExpression`: `if test { then } else { else }`. PN `(if {…})`.
   */
  PUPPET_MODEL_CLASS_IF_EXPRESSION = 50,
  /**
   * `UnlessExpression`: `unless test { then } else { else }`. PN `(unless {…})`.
   */
  PUPPET_MODEL_CLASS_UNLESS_EXPRESSION = 51,
  /**
   * `CallExpression` (abstract): A function or method call.
   */
  PUPPET_MODEL_CLASS_CALL_EXPRESSION = 52,
  /**
   * `CallFunctionExpression`: Call of a lambda-valued expression (never produced by the
   * parser). PN `(call-lambda …)`.
   */
  PUPPET_MODEL_CLASS_CALL_FUNCTION_EXPRESSION = 53,
  /**
   * `CallNamedFunctionExpression`: `f(args)` / statement call `notice x`. PN `(call {…})`,
   * `(invoke {…})` if not rval_required.
   */
  PUPPET_MODEL_CLASS_CALL_NAMED_FUNCTION_EXPRESSION = 54,
  /**
   * `CallMethodExpression`: `x.f(args)`: functor is a NamedAccessExpression. PN
   * `(call-method {…})`.
   */
  PUPPET_MODEL_CLASS_CALL_METHOD_EXPRESSION = 55,
  /**
   * `Literal` (abstract): A literal value.
   */
  PUPPET_MODEL_CLASS_LITERAL = 56,
  /**
   * `LiteralValue` (abstract): A literal with a `value` (or word / cased value).
   */
  PUPPET_MODEL_CLASS_LITERAL_VALUE = 57,
  /**
   * `LiteralRegularExpression`: `/re/`: `value` is the regexp source, `pattern` its Ruby
   * `inspect`. PN `(regexp "src")`.
   */
  PUPPET_MODEL_CLASS_LITERAL_REGULAR_EXPRESSION = 58,
  /**
   * `LiteralString`: A string without interpolation (including quotes in the span). PN
   * `"text"`.
   */
  PUPPET_MODEL_CLASS_LITERAL_STRING = 59,
  /**
   * `LiteralNumber` (abstract): A number literal.
   */
  PUPPET_MODEL_CLASS_LITERAL_NUMBER = 60,
  /**
   * `LiteralInteger`: Integer literal, radix 8/10/16. PN `31` or `(int {:radix 16 :value
   * 31})`.
   */
  PUPPET_MODEL_CLASS_LITERAL_INTEGER = 61,
  /**
   * `LiteralFloat`: Float literal. PN as Ruby `Float#to_s` (`-350.0`, `1.0e+20`).
   */
  PUPPET_MODEL_CLASS_LITERAL_FLOAT = 62,
  /**
   * `LiteralUndef`: `undef`. PN `nil`.
   */
  PUPPET_MODEL_CLASS_LITERAL_UNDEF = 63,
  /**
   * `LiteralDefault`: `default`. PN `(default)`.
   */
  PUPPET_MODEL_CLASS_LITERAL_DEFAULT = 64,
  /**
   * `LiteralBoolean`: `true` / `false`.
   */
  PUPPET_MODEL_CLASS_LITERAL_BOOLEAN = 65,
  /**
   * `TextExpression`: `${expr}` segment of an interpolated string: container offset, length
   * 0. PN `(str e)`.
   */
  PUPPET_MODEL_CLASS_TEXT_EXPRESSION = 66,
  /**
   * `ConcatenatedString`: Interpolated string: opening quote … closing quote. PN `(concat
   * seg…)`.
   */
  PUPPET_MODEL_CLASS_CONCATENATED_STRING = 67,
  /**
   * `QualifiedName`: A bare word / name. PN `(qn "name")`.
   */
  PUPPET_MODEL_CLASS_QUALIFIED_NAME = 68,
  /**
   * `ReservedWord`: A reserved word used as a name (`attr`, `private`, …). PN `(reserved
   * "w")`.
   */
  PUPPET_MODEL_CLASS_RESERVED_WORD = 69,
  /**
   * `QualifiedReference`: A capitalized type name; `value` (derived) is the downcased
   * `cased_value`. PN `(qr "Name")`.
   */
  PUPPET_MODEL_CLASS_QUALIFIED_REFERENCE = 70,
  /**
   * `VariableExpression`: `$name`: the whole token; `expr` is a QualifiedName without the
   * `$`. PN `(var "name")`.
   */
  PUPPET_MODEL_CLASS_VARIABLE_EXPRESSION = 71,
  /**
   * `EppExpression`: Body of an EPP template (inside a LambdaExpression). PN `(epp s…)`.
   */
  PUPPET_MODEL_CLASS_EPP_EXPRESSION = 72,
  /**
   * `RenderStringExpression`: Literal EPP text. PN `(render-s "text")`.
   */
  PUPPET_MODEL_CLASS_RENDER_STRING_EXPRESSION = 73,
  /**
   * `RenderExpression`: `<%= expr %>`. PN `(render e)`.
   */
  PUPPET_MODEL_CLASS_RENDER_EXPRESSION = 74,
  /**
   * `ResourceBody`: `title: ops` of a resource: container offset, length 0. PN `{:title t
   * :ops [...]}`.
   */
  PUPPET_MODEL_CLASS_RESOURCE_BODY = 75,
  /**
   * `AbstractResource` (abstract): A resource, resource defaults or resource override
   * expression; `@`/`@@` set the `form`.
   */
  PUPPET_MODEL_CLASS_ABSTRACT_RESOURCE = 76,
  /**
   * `ResourceExpression`: `type { bodies }` (`@`/`@@` set `form`). PN `(resource {…})`.
   */
  PUPPET_MODEL_CLASS_RESOURCE_EXPRESSION = 77,
  /**
   * `ResourceDefaultsExpression`: `Type { ops }`. PN `(resource-defaults {…})`.
   */
  PUPPET_MODEL_CLASS_RESOURCE_DEFAULTS_EXPRESSION = 78,
  /**
   * `ResourceOverrideExpression`: `Type[x] { ops }`. PN `(resource-override {…})`.
   */
  PUPPET_MODEL_CLASS_RESOURCE_OVERRIDE_EXPRESSION = 79,
  /**
   * `SelectorEntry`: `m => v` in a selector: positioned on `=>`. PN `(=> m v)`.
   */
  PUPPET_MODEL_CLASS_SELECTOR_ENTRY = 80,
  /**
   * `SelectorExpression`: `l ? { … }`: positioned on the left operand only. PN `(? l
   * [entry…])`.
   */
  PUPPET_MODEL_CLASS_SELECTOR_EXPRESSION = 81,
  /**
   * `NamedAccessExpression`: `l.name`: `.` … name. PN `(. l name)`.
   */
  PUPPET_MODEL_CLASS_NAMED_ACCESS_EXPRESSION = 82,
  /**
   * `Program`: The root object: the program body, the definitions it contains (references)
   * and the `Locator` (source text, file, line index). Not positioned, not in the node
   * arena: held by `Model` itself.
   */
  PUPPET_MODEL_CLASS_PROGRAM = 83,
} puppet_model_class_id;

/**
 * What kind of value an attribute holds (`puppet_model_attr.value_type`).
 */
typedef enum puppet_value_type {
  /**
   * `undef` (an optional attribute without a value).
   */
  PUPPET_VALUE_UNDEF = 0,
  /**
   * Contained nodes: `count` of them, read with `puppet_model_attr_node` (an attribute of a
   * single node has count 1).
   */
  PUPPET_VALUE_NODES = 1,
  /**
   * A string (`string`, `string_length`).
   */
  PUPPET_VALUE_STRING = 2,
  /**
   * An integer: `integer`, or, when it does not fit in 64 bits, its decimal digits in
   * `string` (then `big_integer` is 1).
   */
  PUPPET_VALUE_INTEGER = 3,
  /**
   * A boolean (`boolean`: 0 or 1).
   */
  PUPPET_VALUE_BOOLEAN = 4,
  /**
   * A float (`number`).
   */
  PUPPET_VALUE_FLOAT = 5,
  /**
   * One of the values of an `Enum[...]` attribute (an operator, a resource form) in
   * `string` (static).
   */
  PUPPET_VALUE_ENUM = 6,
  /**
   * The source of a regular expression in `string`.
   */
  PUPPET_VALUE_REGEXP = 7,
} puppet_value_type;

/**
 * An attribute name of the model (`puppet_model_attr.attribute`, `puppet_model_attr_find`);
 * `puppet_model_attribute_name` gives the name. One value per name: classes that declare
 * an attribute of the same name share it. The values never change: a name added to the
 * model gets the next free number, and a number is never reused.
 */
typedef enum puppet_model_attribute {
  /**
   * No attribute.
   */
  PUPPET_MODEL_ATTRIBUTE_NONE = 0,
  /**
   * `left_expr`, declared by `BinaryExpression`, `AccessExpression`, `SelectorExpression`.
   */
  PUPPET_MODEL_ATTRIBUTE_LEFT_EXPR = 1,
  /**
   * `right_expr`, declared by `BinaryExpression`.
   */
  PUPPET_MODEL_ATTRIBUTE_RIGHT_EXPR = 2,
  /**
   * `expr`, declared by `UnaryExpression`, `QueryExpression`, `AttributesOperation`.
   */
  PUPPET_MODEL_ATTRIBUTE_EXPR = 3,
  /**
   * `operator`, declared by `AssignmentExpression`, `ArithmeticExpression`,
   * `RelationshipExpression`, `ComparisonExpression`, `MatchExpression`,
   * `AttributeOperation`.
   */
  PUPPET_MODEL_ATTRIBUTE_OPERATOR = 4,
  /**
   * `keys`, declared by `AccessExpression`.
   */
  PUPPET_MODEL_ATTRIBUTE_KEYS = 5,
  /**
   * `values`, declared by `LiteralList`, `CaseOption`.
   */
  PUPPET_MODEL_ATTRIBUTE_VALUES = 6,
  /**
   * `key`, declared by `KeyedEntry`.
   */
  PUPPET_MODEL_ATTRIBUTE_KEY = 7,
  /**
   * `value`, declared by `KeyedEntry`, `Parameter`, `LiteralRegularExpression`,
   * `LiteralString`, `LiteralInteger`, `LiteralFloat`, `LiteralBoolean`, `QualifiedName`.
   */
  PUPPET_MODEL_ATTRIBUTE_VALUE = 8,
  /**
   * `entries`, declared by `LiteralHash`.
   */
  PUPPET_MODEL_ATTRIBUTE_ENTRIES = 9,
  /**
   * `statements`, declared by `BlockExpression`.
   */
  PUPPET_MODEL_ATTRIBUTE_STATEMENTS = 10,
  /**
   * `then_expr`, declared by `CaseOption`, `IfExpression`.
   */
  PUPPET_MODEL_ATTRIBUTE_THEN_EXPR = 11,
  /**
   * `test`, declared by `CaseExpression`, `IfExpression`.
   */
  PUPPET_MODEL_ATTRIBUTE_TEST = 12,
  /**
   * `options`, declared by `CaseExpression`.
   */
  PUPPET_MODEL_ATTRIBUTE_OPTIONS = 13,
  /**
   * `attribute_name`, declared by `AttributeOperation`.
   */
  PUPPET_MODEL_ATTRIBUTE_ATTRIBUTE_NAME = 14,
  /**
   * `value_expr`, declared by `AttributeOperation`, `SelectorEntry`.
   */
  PUPPET_MODEL_ATTRIBUTE_VALUE_EXPR = 15,
  /**
   * `type_expr`, declared by `CollectExpression`, `Parameter`, `TypeAlias`, `TypeMapping`.
   */
  PUPPET_MODEL_ATTRIBUTE_TYPE_EXPR = 16,
  /**
   * `query`, declared by `CollectExpression`.
   */
  PUPPET_MODEL_ATTRIBUTE_QUERY = 17,
  /**
   * `operations`, declared by `CollectExpression`, `ResourceBody`,
   * `ResourceDefaultsExpression`, `ResourceOverrideExpression`.
   */
  PUPPET_MODEL_ATTRIBUTE_OPERATIONS = 18,
  /**
   * `name`, declared by `Parameter`, `NamedDefinition`, `QRefDefinition`.
   */
  PUPPET_MODEL_ATTRIBUTE_NAME = 19,
  /**
   * `captures_rest`, declared by `Parameter`.
   */
  PUPPET_MODEL_ATTRIBUTE_CAPTURES_REST = 20,
  /**
   * `parameters`, declared by `NamedDefinition`, `LambdaExpression`.
   */
  PUPPET_MODEL_ATTRIBUTE_PARAMETERS = 21,
  /**
   * `body`, declared by `NamedDefinition`, `TypeDefinition`, `NodeDefinition`,
   * `LambdaExpression`, `ApplyExpression`, `EppExpression`, `Program`.
   */
  PUPPET_MODEL_ATTRIBUTE_BODY = 22,
  /**
   * `return_type`, declared by `FunctionDefinition`, `LambdaExpression`.
   */
  PUPPET_MODEL_ATTRIBUTE_RETURN_TYPE = 23,
  /**
   * `mapping_expr`, declared by `TypeMapping`.
   */
  PUPPET_MODEL_ATTRIBUTE_MAPPING_EXPR = 24,
  /**
   * `parent`, declared by `TypeDefinition`, `NodeDefinition`.
   */
  PUPPET_MODEL_ATTRIBUTE_PARENT = 25,
  /**
   * `host_matches`, declared by `NodeDefinition`.
   */
  PUPPET_MODEL_ATTRIBUTE_HOST_MATCHES = 26,
  /**
   * `syntax`, declared by `HeredocExpression`.
   */
  PUPPET_MODEL_ATTRIBUTE_SYNTAX = 27,
  /**
   * `text_expr`, declared by `HeredocExpression`.
   */
  PUPPET_MODEL_ATTRIBUTE_TEXT_EXPR = 28,
  /**
   * `parent_class`, declared by `HostClassDefinition`.
   */
  PUPPET_MODEL_ATTRIBUTE_PARENT_CLASS = 29,
  /**
   * `arguments`, declared by `ApplyExpression`, `CallExpression`.
   */
  PUPPET_MODEL_ATTRIBUTE_ARGUMENTS = 30,
  /**
   * `else_expr`, declared by `IfExpression`.
   */
  PUPPET_MODEL_ATTRIBUTE_ELSE_EXPR = 31,
  /**
   * `rval_required`, declared by `CallExpression`.
   */
  PUPPET_MODEL_ATTRIBUTE_RVAL_REQUIRED = 32,
  /**
   * `functor_expr`, declared by `CallExpression`.
   */
  PUPPET_MODEL_ATTRIBUTE_FUNCTOR_EXPR = 33,
  /**
   * `lambda`, declared by `CallExpression`.
   */
  PUPPET_MODEL_ATTRIBUTE_LAMBDA = 34,
  /**
   * `pattern`, declared by `LiteralRegularExpression`.
   */
  PUPPET_MODEL_ATTRIBUTE_PATTERN = 35,
  /**
   * `radix`, declared by `LiteralInteger`.
   */
  PUPPET_MODEL_ATTRIBUTE_RADIX = 36,
  /**
   * `segments`, declared by `ConcatenatedString`.
   */
  PUPPET_MODEL_ATTRIBUTE_SEGMENTS = 37,
  /**
   * `word`, declared by `ReservedWord`.
   */
  PUPPET_MODEL_ATTRIBUTE_WORD = 38,
  /**
   * `future`, declared by `ReservedWord`.
   */
  PUPPET_MODEL_ATTRIBUTE_FUTURE = 39,
  /**
   * `cased_value`, declared by `QualifiedReference`.
   */
  PUPPET_MODEL_ATTRIBUTE_CASED_VALUE = 40,
  /**
   * `parameters_specified`, declared by `EppExpression`.
   */
  PUPPET_MODEL_ATTRIBUTE_PARAMETERS_SPECIFIED = 41,
  /**
   * `title`, declared by `ResourceBody`.
   */
  PUPPET_MODEL_ATTRIBUTE_TITLE = 42,
  /**
   * `form`, declared by `AbstractResource`.
   */
  PUPPET_MODEL_ATTRIBUTE_FORM = 43,
  /**
   * `type_name`, declared by `ResourceExpression`.
   */
  PUPPET_MODEL_ATTRIBUTE_TYPE_NAME = 44,
  /**
   * `bodies`, declared by `ResourceExpression`.
   */
  PUPPET_MODEL_ATTRIBUTE_BODIES = 45,
  /**
   * `type_ref`, declared by `ResourceDefaultsExpression`.
   */
  PUPPET_MODEL_ATTRIBUTE_TYPE_REF = 46,
  /**
   * `resources`, declared by `ResourceOverrideExpression`.
   */
  PUPPET_MODEL_ATTRIBUTE_RESOURCES = 47,
  /**
   * `matching_expr`, declared by `SelectorEntry`.
   */
  PUPPET_MODEL_ATTRIBUTE_MATCHING_EXPR = 48,
  /**
   * `selectors`, declared by `SelectorExpression`.
   */
  PUPPET_MODEL_ATTRIBUTE_SELECTORS = 49,
  /**
   * `definitions`, declared by `Program`.
   */
  PUPPET_MODEL_ATTRIBUTE_DEFINITIONS = 50,
  /**
   * `locator`, declared by `Program`.
   */
  PUPPET_MODEL_ATTRIBUTE_LOCATOR = 51,
} puppet_model_attribute;

/**
 * How bad a diagnostic is, named as Puppet names it.
 */
typedef enum puppet_severity {
  /**
   * An error: Puppet refuses the source.
   */
  PUPPET_SEVERITY_ERROR = 0,
  /**
   * A warning: Puppet logs it and goes on.
   */
  PUPPET_SEVERITY_WARNING = 1,
  /**
   * A deprecation (`FUTURE_RESERVED_WORD`): Puppet logs it and goes on.
   */
  PUPPET_SEVERITY_DEPRECATION = 2,
} puppet_severity;

/**
 * Who found a problem (the kind of its code).
 */
typedef enum puppet_code_kind {
  /**
   * Not known (a struct filled by a library older than this field).
   */
  PUPPET_CODE_KIND_UNKNOWN = 0,
  /**
   * The lexer or parser: the text is not Puppet.
   */
  PUPPET_CODE_KIND_SYNTAX = 1,
  /**
   * Puppet's validation of a program that parses (`Checker4_0`, the import checks).
   */
  PUPPET_CODE_KIND_PUPPET = 2,
  /**
   * A lint rule.
   */
  PUPPET_CODE_KIND_LINT = 3,
} puppet_code_kind;

/**
 * What a definition defines (`puppet_definition.kind`). Values never change; new kinds are
 * appended. 0 is "none": in `puppet_index_lookup` it means any kind.
 */
typedef enum puppet_definition_kind {
  /**
   * No kind (never the kind of a definition); any kind in `puppet_index_lookup`.
   */
  PUPPET_DEFINITION_KIND_NONE = 0,
  /**
   * `class name (…) { … }`.
   */
  PUPPET_DEFINITION_KIND_CLASS = 1,
  /**
   * `define name (…) { … }`.
   */
  PUPPET_DEFINITION_KIND_DEFINED_TYPE = 2,
  /**
   * `function name (…) { … }` (a function in the Puppet language).
   */
  PUPPET_DEFINITION_KIND_FUNCTION = 3,
  /**
   * `type Name = …`.
   */
  PUPPET_DEFINITION_KIND_TYPE_ALIAS = 4,
  /**
   * `node … { … }`: one definition per host match.
   */
  PUPPET_DEFINITION_KIND_NODE = 5,
  /**
   * `plan name (…) { … }`.
   */
  PUPPET_DEFINITION_KIND_PLAN = 6,
} puppet_definition_kind;

/**
 * Puppet's `strict` setting, which decides the severity of `DUPLICATE_KEY` (the value of
 * `puppet_options.strict`).
 */
typedef enum puppet_strict {
  /**
   * The default of the release of `puppet_options.puppet_version`: `warning` in Puppet 7,
   * `error` in Puppet 8 (0, so a zeroed struct has it).
   */
  PUPPET_STRICT_DEFAULT = 0,
  /**
   * `DUPLICATE_KEY` is not reported.
   */
  PUPPET_STRICT_OFF = 1,
  /**
   * `DUPLICATE_KEY` is an error.
   */
  PUPPET_STRICT_ERROR = 2,
  /**
   * `DUPLICATE_KEY` is a warning.
   */
  PUPPET_STRICT_WARNING = 3,
} puppet_strict;

/**
 * An output format of `puppet_result_render`: the formats of `puppet-parser validate
 * --format`.
 */
typedef enum puppet_render_format {
  /**
   * `FILE:LINE:COLUMN: SEVERITY[CODE]: message` and the source line with a caret (no
   * colour).
   */
  PUPPET_FORMAT_HUMAN = 1,
  /**
   * JSON Lines, one object per diagnostic.
   */
  PUPPET_FORMAT_JSON = 2,
  /**
   * One SARIF 2.1.0 log (columns in UTF-16 code units).
   */
  PUPPET_FORMAT_SARIF = 3,
  /**
   * GitHub Actions annotations, one line per diagnostic.
   */
  PUPPET_FORMAT_GITHUB = 4,
  /**
   * A Code Climate issue array (GitLab's code quality report).
   */
  PUPPET_FORMAT_CODECLIMATE = 5,
} puppet_render_format;

/**
 * The unit a column is counted in, for editors (the Language Server Protocol's
 * `positionEncoding`).
 */
typedef enum puppet_encoding {
  /**
   * Bytes of UTF-8.
   */
  PUPPET_ENCODING_UTF8 = 1,
  /**
   * Code units of UTF-16 (the LSP's default; a character beyond U+FFFF counts 2).
   */
  PUPPET_ENCODING_UTF16 = 2,
  /**
   * Characters (Unicode scalar values), as Puppet counts.
   */
  PUPPET_ENCODING_UTF32 = 3,
} puppet_encoding;

/**
 * A position in the CST of a result. Opaque; make one with `puppet_cst_cursor_new`, free it
 * with `puppet_cst_cursor_free` before the result.
 */
typedef struct puppet_cst_cursor puppet_cst_cursor;

/**
 * The definitions of an environment (see `puppet_index_build`). Opaque; free it with
 * `puppet_index_free`.
 */
typedef struct puppet_index puppet_index;

/**
 * The problems of one source (see `puppet_lint`). Opaque; free it with
 * `puppet_lint_result_free`.
 */
typedef struct puppet_lint_result puppet_lint_result;

/**
 * The result of parsing one source: diagnostics, and the model and CST when they were built.
 * Opaque; free it with `puppet_result_free`.
 */
typedef struct puppet_result puppet_result;

/**
 * Text owned by the caller: `data` is NUL-terminated and `length` bytes long (without the
 * NUL). Free it with `puppet_buffer_free` (not `free`).
 */
typedef struct puppet_buffer {
  /**
   * The text (UTF-8, NUL-terminated).
   */
  const char *data;
  /**
   * Its length in bytes, without the NUL.
   */
  size_t length;
} puppet_buffer;

/**
 * One problem of a `puppet_lint_result`, filled by `puppet_lint_problem_get`. Its strings are
 * borrowed from the result (valid until `puppet_lint_result_free`), but `check`, which is
 * static. Fields are only appended.
 */
typedef struct puppet_lint_problem {
  /**
   * The check that found it, as puppet-lint names it (`"trailing_whitespace"`; `"syntax"`
   * for each syntax error of a source that does not parse, which is not linted). Static,
   * NUL-terminated.
   */
  const char *check;
  /**
   * Its kind.
   */
  enum puppet_lint_kind kind;
  /**
   * Byte offset of what it is about in the source given to `puppet_lint`.
   */
  uint32_t offset;
  /**
   * Length in bytes (may be 0).
   */
  uint32_t length;
  /**
   * puppet-lint's 1-based line.
   */
  uint32_t line;
  /**
   * puppet-lint's 1-based column, in characters.
   */
  uint32_t column;
  /**
   * puppet-lint's message (UTF-8, NUL-terminated; `message_length` is its length).
   */
  const char *message;
  /**
   * Length of `message` in bytes, without the terminating NUL.
   */
  size_t message_length;
  /**
   * The reason given by the `lint:ignore` comment that silenced it, or NULL when it is not
   * silenced or the comment gives none.
   */
  const char *reason;
  /**
   * The number of edits of its fix (`puppet_lint_fix_edit_get`), 0 when it has none.
   */
  size_t fix_edits;
} puppet_lint_problem;

/**
 * One edit of a fix, filled by `puppet_lint_fix_edit_get`: replace bytes
 * `offset..offset + length` of the source by `text` (an insertion when `length` is 0, a
 * deletion when `text_length` is 0). `text` is borrowed from the result.
 */
typedef struct puppet_text_edit {
  /**
   * Byte offset of the replaced bytes in the source given to `puppet_lint`.
   */
  uint32_t offset;
  /**
   * The number of bytes replaced.
   */
  uint32_t length;
  /**
   * The new text (UTF-8, NUL-terminated).
   */
  const char *text;
  /**
   * Length of `text` in bytes, without the NUL.
   */
  size_t text_length;
} puppet_text_edit;

/**
 * A log callback: `payload` as given to `puppet_set_log_callback`, the record's level, its
 * target (the Rust module path, e.g. `"puppet_ffi"`) and message, both NUL-terminated and only
 * valid during the call. It is called on whichever thread logs, possibly several at once.
 */
typedef void (*puppet_log_fn)(void *payload,
                              enum puppet_log_level level,
                              const char *target,
                              const char *message);

/**
 * One attribute of a model node, filled in by `puppet_model_attr_get`. Strings are borrowed from
 * the result (valid while it lives) and are NOT NUL-terminated: use `string_length`.
 */
typedef struct puppet_model_attr {
  /**
   * The attribute's name as in Puppet's `ast.pp`, e.g. `"left_expr"` (static,
   * NUL-terminated).
   */
  const char *name;
  /**
   * What the value is; the fields below that do not belong to it are 0 / NULL.
   */
  enum puppet_value_type value_type;
  /**
   * `PUPPET_VALUE_NODES`: the number of nodes.
   */
  uint32_t count;
  /**
   * 1 when the attribute contains its nodes (part of the tree), 0 for references.
   */
  int32_t containment;
  /**
   * `PUPPET_VALUE_INTEGER`: 1 when the value is in `string` (too large for `integer`).
   */
  int32_t big_integer;
  /**
   * `PUPPET_VALUE_BOOLEAN`: 0 or 1.
   */
  int32_t boolean;
  /**
   * `PUPPET_VALUE_INTEGER` (when `big_integer` is 0).
   */
  int64_t integer;
  /**
   * `PUPPET_VALUE_FLOAT`.
   */
  double number;
  /**
   * `PUPPET_VALUE_STRING`, `_ENUM`, `_REGEXP`, big `_INTEGER`: the text (not NUL-terminated).
   */
  const char *string;
  /**
   * The length of `string` in bytes.
   */
  size_t string_length;
  /**
   * The attribute's number (`puppet_model_attribute_name` gives `name` back). Appended after
   * the first header's fields: the first header's `puppet_model_attr_get` does not write it.
   */
  enum puppet_model_attribute attribute;
} puppet_model_attr;

/**
 * Options for `puppet_parse`, `puppet_parse_and_validate` and `puppet_result_validate`.
 * Initialise with `puppet_options_init`, then set fields. Strings are NUL-terminated and only
 * read during the call (the library copies what it keeps). Passing NULL for the options means
 * the defaults.
 */
typedef struct puppet_options {
  /**
   * `sizeof(puppet_options)` of the caller's header; set by `puppet_options_init`.
   */
  uint32_t struct_size;
  /**
   * `PUPPET_PARSE_*` flags, or-ed (unknown bits are an error).
   */
  uint32_t flags;
  /**
   * A `puppet_strict` value (validation only).
   */
  uint32_t strict;
  /**
   * The file the source came from, as the caller names it (UTF-8; NULL: none): stored in
   * every diagnostic and the model, and used by the location checks.
   */
  const char *file;
  /**
   * The environment's module path, directories separated by `:` (Puppet's `modulepath`
   * setting); NULL turns off the location checks (`ILLEGAL_DEFINITION_LOCATION`,
   * `ILLEGAL_TOP_CONSTRUCT_LOCATION`). Validation only.
   */
  const char *modulepath;
  /**
   * The environment's `manifest` (file or directory; NULL: none); files under it are exempt
   * from the location checks.
   */
  const char *manifest;
  /**
   * The directory that relative file names and module path entries are resolved against
   * (Ruby uses the process's working directory; the library reads none), also for the file
   * named in the import checks' messages (`… is already defined (file: /abs/x.pp, …)`).
   * NULL: `/`.
   */
  const char *working_dir;
  /**
   * What a leading `~` in those paths expands to (Ruby: `$HOME`); NULL: the empty string.
   */
  const char *home;
  /**
   * The Puppet release whose validation rules apply (`"8.28.1"`, `"8.10"`, `"7.23"`,
   * `"openvox-8.28.1"`; see `puppet_syntax::release`); NULL: the newest the library knows.
   * A release it does not know is an error (`PUPPET_ERROR_ARGUMENT`).
   */
  const char *puppet_version;
} puppet_options;

/**
 * One problem in the source: copied into the caller's struct by `puppet_result_diagnostic_get`
 * (the pointers in it borrowed from the result: valid until the result is freed), or borrowed
 * whole from the result through `puppet_result_diagnostic`. Fields are only appended.
 */
typedef struct puppet_diagnostic {
  /**
   * Puppet's issue code, e.g. `"SYNTAX_ERROR"`, `"DUPLICATE_KEY"` (static, NUL-terminated).
   */
  const char *code;
  /**
   * How bad it is.
   */
  enum puppet_severity severity;
  /**
   * Byte offset of the problem in the source given to `puppet_parse`.
   */
  uint32_t offset;
  /**
   * Length in bytes (may be 0).
   */
  uint32_t length;
  /**
   * 1-based line of `offset`.
   */
  uint32_t line;
  /**
   * 1-based column of `offset`, counted in characters as Puppet does.
   */
  uint32_t column;
  /**
   * The message (UTF-8, NUL-terminated; it may quote source text holding NUL bytes, so
   * `message_length` is its real length).
   */
  const char *message;
  /**
   * Length of `message` in bytes, without the terminating NUL.
   */
  size_t message_length;
  /**
   * The file from the options (NUL-terminated), or NULL when none was given.
   */
  const char *file;
  /**
   * Who found it (added after the first header: 0 from a library that predates it).
   */
  enum puppet_code_kind kind;
} puppet_diagnostic;

/**
 * One definition of a `puppet_index`, filled by `puppet_index_definition_get`. Its strings are
 * borrowed from the index (NUL-terminated UTF-8, valid until `puppet_index_free`).
 */
typedef struct puppet_definition {
  /**
   * What it defines.
   */
  enum puppet_definition_kind kind;
  /**
   * 1 when its file has syntax errors: the definition was read from the file's CST and may
   * be cut short (parameters missing, `length` ending at the error); 0 otherwise.
   */
  uint32_t syntax_errors;
  /**
   * Its name as Puppet has it: a nested class's with the enclosing classes' in front, a
   * node's host name, string value or regular expression as written.
   */
  const char *name;
  /**
   * The path of its file: the environment directory (or module path entry) as given to
   * `puppet_index_build`, joined with the file's path below it.
   */
  const char *file;
  /**
   * Byte offset of the name as written in the file (a node's quoted host name with its
   * quotes); the definition's `offset` when the name could not be found (`name_length` is 0
   * then).
   */
  uint32_t name_offset;
  /**
   * Length of the name in bytes (0 when it could not be found).
   */
  uint32_t name_length;
  /**
   * Byte offset of the whole definition (from its keyword; from its name for a node's
   * second and later host matches).
   */
  uint32_t offset;
  /**
   * Length of the whole definition in bytes.
   */
  uint32_t length;
  /**
   * 1-based line of `name_offset`.
   */
  uint32_t line;
  /**
   * 1-based column of `name_offset`, in characters (as diagnostics count it).
   */
  uint32_t column;
  /**
   * How many parameters it has (`puppet_index_parameter_get`); 0 for nodes and type
   * aliases.
   */
  size_t parameter_count;
  /**
   * The `@summary` of its documentation comment, or NULL.
   */
  const char *summary;
  /**
   * Its documentation comment (the `#` lines right above it, without the `#` and the space
   * after it, joined with `\n`, tags included), or NULL when it has none.
   */
  const char *doc;
} puppet_definition;

/**
 * One parameter of a definition, filled by `puppet_index_parameter_get`. Its strings are
 * borrowed from the index (valid until `puppet_index_free`).
 */
typedef struct puppet_parameter {
  /**
   * Its name, without `$`.
   */
  const char *name;
  /**
   * Its type expression as written (`"Enum['a', 'b']"`), or NULL when it has none.
   */
  const char *type_text;
  /**
   * Its default value expression as written (`"'80'"`), or NULL when it has none.
   */
  const char *default_text;
  /**
   * The text of `@param NAME` in the definition's documentation comment, or NULL.
   */
  const char *doc;
  /**
   * 1 for `*$rest`, which takes the remaining arguments; 0 otherwise.
   */
  uint32_t captures_rest;
} puppet_parameter;

#ifdef __cplusplus
extern "C" {
#endif // __cplusplus

/**
 * This library's version as text, e.g. `"0.1.0"` (static; never NULL).
 */
const char *puppet_version(void);

/**
 * The ABI version the library was built with (`PUPPET_ABI_VERSION` of its header).
 */
uint32_t puppet_abi_version(void);

/**
 * The Puppet release whose language, model and validator this library reproduces, e.g.
 * `"7.23.0"` (static; never NULL).
 */
const char *puppet_language_version(void);

/**
 * Makes a cursor on the root node (`SOURCE_FILE`) of the result's CST, stored in `*out`.
 * `PUPPET_ERROR_UNAVAILABLE` unless the result was parsed with `PUPPET_PARSE_CST`.
 *
 * Ownership: the caller owns `*out` and frees it with `puppet_cst_cursor_free`, before the
 * result. Thread safety: a cursor is used by one thread at a time; several cursors over one
 * result may be used from different threads at once.
 */
enum puppet_status puppet_cst_cursor_new(const struct puppet_result *result,
                                         struct puppet_cst_cursor **out);

/**
 * Frees a cursor. NULL is allowed and does nothing.
 */
void puppet_cst_cursor_free(struct puppet_cst_cursor *cursor);

/**
 * Moves to the first child (node or token, trivia included) of the current node. Returns 1
 * when it moved, 0 when the cursor is on a token or a node without children.
 */
int32_t puppet_cst_cursor_goto_first_child(struct puppet_cst_cursor *cursor);

/**
 * Moves to the first *named* child of the current node: the first child that is not trivia
 * (whitespace and line ends, line and block comments, heredoc bodies, EPP's tags and
 * comments: the kinds of `puppet_cst_kind_is_trivia`). Punctuation and keyword tokens are
 * named here, unlike tree-sitter's anonymous nodes. Returns 1 when it moved, 0 (the cursor
 * unchanged) when the cursor is on a token or a node with no such child.
 */
int32_t puppet_cst_cursor_goto_first_named_child(struct puppet_cst_cursor *cursor);

/**
 * Moves to the next sibling that is not trivia (see
 * `puppet_cst_cursor_goto_first_named_child`). Returns 1 when it moved, 0 (the cursor
 * unchanged) when no later sibling is named.
 */
int32_t puppet_cst_cursor_goto_next_named_sibling(struct puppet_cst_cursor *cursor);

/**
 * Moves to the next sibling (node or token). Returns 1 when it moved, 0 on the last child or
 * the root.
 */
int32_t puppet_cst_cursor_goto_next_sibling(struct puppet_cst_cursor *cursor);

/**
 * Moves to the parent node. Returns 1 when it moved, 0 on the root.
 */
int32_t puppet_cst_cursor_goto_parent(struct puppet_cst_cursor *cursor);

/**
 * The kind number of the current element (see `puppet_cst_kind_name`; never 0);
 * `PUPPET_CST_KIND_NONE` (0) for NULL.
 */
uint16_t puppet_cst_cursor_kind(const struct puppet_cst_cursor *cursor);

/**
 * The kind name of the current element (`"CLASS_DEF"`, `"NAME"`; static), NULL for NULL.
 */
const char *puppet_cst_cursor_kind_name(const struct puppet_cst_cursor *cursor);

/**
 * 1 when the cursor is on a token (a leaf holding text), 0 on a node (or NULL).
 */
int32_t puppet_cst_cursor_is_token(const struct puppet_cst_cursor *cursor);

/**
 * How many moves below the root the cursor is (the root is 0).
 */
uint32_t puppet_cst_cursor_depth(const struct puppet_cst_cursor *cursor);

/**
 * The byte range of the current element in the result's text: `*start` and `*end` (exclusive;
 * either may be NULL).
 */
enum puppet_status puppet_cst_cursor_range(const struct puppet_cst_cursor *cursor,
                                           uint32_t *start,
                                           uint32_t *end);

/**
 * The source text of the current element (for a node, all the text below it), borrowed from
 * the result (valid while the result lives, not NUL-terminated); its length goes to
 * `*length` (may be NULL). NULL for NULL.
 */
const char *puppet_cst_cursor_text(const struct puppet_cst_cursor *cursor, size_t *length);

/**
 * The name of kind number `kind` (`"CLASS_DEF"`; static), or NULL for a number that is no
 * kind (`PUPPET_CST_KIND_NONE` among them).
 */
const char *puppet_cst_kind_name(uint16_t kind);

/**
 * The number of the kind named `name` (NUL-terminated, e.g. `"RESOURCE_EXPR"`; never 0), or
 * -1 when no kind has that name. Kind numbers may change between versions; names do not.
 */
int32_t puppet_cst_kind_from_name(const char *name);

/**
 * 1 when kind number `kind` is trivia (whitespace, comments, heredoc bodies, EPP tags the
 * grammar does not see), 0 otherwise.
 */
int32_t puppet_cst_kind_is_trivia(uint16_t kind);

/**
 * Formats `source` (`length` bytes of UTF-8; NULL with 0 for empty) as `puppet-parser fmt`
 * does, into a new buffer at `*out` (free it with `puppet_buffer_free`; `*out` is NULL on
 * failure). `flags`: 0, or `PUPPET_FORMAT_EPP`. `name` (may be NULL) is the file name the
 * error message gives. A source with syntax errors, or not UTF-8, is not formatted:
 * `PUPPET_ERROR_SYNTAX`, with the first error in `puppet_last_error_message` (parse the source
 * for all of them).
 */
enum puppet_status puppet_format(const uint8_t *source,
                                 size_t length,
                                 uint32_t flags,
                                 const char *name,
                                 struct puppet_buffer **out);

/**
 * Formats the statements that cover bytes `start..end` of `source` (an editor's selection),
 * with the indentation and alignment of the whole file: the new text of bytes
 * `*replaced_start..*replaced_end` of the source goes into a new buffer at `*out` (the
 * smallest range that holds every change; an empty range and an empty buffer when nothing
 * changes). Otherwise as `puppet_format`; `PUPPET_ERROR_ARGUMENT` when the range is not inside
 * the source.
 */
enum puppet_status puppet_format_range(const uint8_t *source,
                                       size_t length,
                                       size_t start,
                                       size_t end,
                                       uint32_t flags,
                                       struct puppet_buffer **out,
                                       size_t *replaced_start,
                                       size_t *replaced_end);

/**
 * Lints `source` (`length` bytes; NULL with 0 for empty) as `puppet-parser lint` does, into
 * a new result at `*out` (the caller owns it: free it with `puppet_lint_result_free`; `*out`
 * is NULL on failure).
 *
 * `name` (NUL-terminated UTF-8, may be NULL) is the file's path, which `autoloader_layout`
 * compares with the classes' names (a relative path against the working directory); one
 * ending in `.epp` makes the source an EPP template. `checks`: NULL for puppet-lint's
 * defaults, else a comma-separated list of check names (blanks around them allowed): only
 * those run. `flags`: 0, or `PUPPET_LINT_ALL_CHECKS` (every check, the ones off by default
 * too; not with a list), `PUPPET_LINT_EPP`.
 *
 * A source that does not parse (syntax errors, bytes that are not UTF-8) is not linted: its
 * result has one problem of check `"syntax"` per syntax error. That is still `PUPPET_OK`:
 * problems in the source are data. `PUPPET_ERROR_ARGUMENT` for an unknown check name (the
 * message names it) or unknown flags, `PUPPET_ERROR_UTF8` when `name` or `checks` is not
 * UTF-8, `PUPPET_ERROR_NULL` when `out` is NULL, or `source` is NULL with a length.
 */
enum puppet_status puppet_lint(const uint8_t *source,
                               size_t length,
                               const char *name,
                               const char *checks,
                               uint32_t flags,
                               struct puppet_lint_result **out);

/**
 * The number of problems in the result (0 for NULL). They are numbered from 0 in
 * puppet-lint's order: check by check in the order of `puppet_lint_check_name`, each check's
 * in its own order.
 */
size_t puppet_lint_result_count(const struct puppet_lint_result *result);

/**
 * Copies problem `index` into `*out`, a struct of `size` bytes: pass
 * `sizeof(puppet_lint_problem)` (the header's rule for structs the library fills: the fields
 * that fit are written, bytes past this library's struct are zeroed). Its strings are borrowed
 * from the result, `check` is static. `PUPPET_ERROR_ARGUMENT` when the index is out of range
 * or `size` is smaller than the first header's struct; `*out` is not written then.
 */
enum puppet_status puppet_lint_problem_get(const struct puppet_lint_result *result,
                                           size_t index,
                                           struct puppet_lint_problem *out,
                                           size_t size);

/**
 * Copies edit `edit_index` of the fix of problem `problem_index` into `*out`, a struct of
 * `size` bytes (pass `sizeof(puppet_text_edit)`; as `puppet_lint_problem_get`). The edits of
 * one fix are in source order and do not overlap; every offset is in the source given to
 * `puppet_lint` (apply them from the last to the first, or all at once). The fixes of
 * different problems may overlap: `puppet_lint_fix` applies them together, checking the
 * result. `PUPPET_ERROR_ARGUMENT` when either index is out of range (a problem without a fix
 * has no edits) or `size` is too small; `*out` is not written then.
 */
enum puppet_status puppet_lint_fix_edit_get(const struct puppet_lint_result *result,
                                            size_t problem_index,
                                            size_t edit_index,
                                            struct puppet_text_edit *out,
                                            size_t size);

/**
 * Frees a lint result and everything borrowed from it. NULL is allowed and does nothing.
 */
void puppet_lint_result_free(struct puppet_lint_result *result);

/**
 * The text `puppet-parser lint --fix` would write for `source` (`length` bytes of UTF-8;
 * NULL with 0 for empty), into a new buffer at `*out` (free it with `puppet_buffer_free`;
 * `*out` is NULL on failure): the fixes of the checks that run, applied round after round
 * on the new text until none is left. A fix is refused when its result would not parse, or,
 * for a layout fix, would change what Puppet evaluates (one that changes the program on
 * purpose, as `file_ensure`'s does, must still pass Puppet's validation). The same text when
 * nothing is to be fixed. `name`, `checks` and `flags` as for `puppet_lint`.
 *
 * A source with syntax errors, or not UTF-8, is not fixed: `PUPPET_ERROR_SYNTAX`, with the
 * first error in `puppet_last_error_message` (`puppet_lint` gives all of them). Otherwise as
 * `puppet_lint`.
 */
enum puppet_status puppet_lint_fix(const uint8_t *source,
                                   size_t length,
                                   const char *name,
                                   const char *checks,
                                   uint32_t flags,
                                   struct puppet_buffer **out);

/**
 * The number of checks (`puppet_lint_check_name` names them). It grows with new checks.
 */
size_t puppet_lint_check_count(void);

/**
 * The name of check `index` (static, NUL-terminated; the names `checks` of `puppet_lint`
 * takes), in puppet-lint's order, which is the order of a result's problems; NULL when
 * `index` is `puppet_lint_check_count()` or more. The pseudo-check `"syntax"` of a source
 * that does not parse is not one of them (it cannot be turned off).
 */
const char *puppet_lint_check_name(size_t index);

/**
 * Installs `callback` (NULL removes it) to receive the library's log records up to
 * `max_level` (a `puppet_log_level`; `PUPPET_LOG_OFF` passes nothing), with `payload` handed
 * back on every call. Replaces any earlier callback. The callback must be thread-safe and must
 * not call into the library. `PUPPET_ERROR_ARGUMENT` for an unknown level;
 * `PUPPET_ERROR_UNAVAILABLE` when the library is linked into a Rust program that installed
 * its own `log` logger (the program's logger gets the records then).
 */
enum puppet_status puppet_set_log_callback(puppet_log_fn callback,
                                           void *payload,
                                           uint32_t max_level);

/**
 * The node number of the program's body (`Program#body`: a `BlockExpression`, a single
 * expression, or `Nop` for an empty program); 0 when the result has no model (syntax errors,
 * `PUPPET_PARSE_NO_MODEL`; see `puppet_last_error_message`) or `result` is NULL.
 */
uint32_t puppet_model_root(const struct puppet_result *result);

/**
 * The Puppet class name of `node` (`"ResourceExpression"`; static), or NULL when `node` is not
 * a node of the result's model. `puppet_model_node_class` gives the class as a number.
 */
const char *puppet_model_class(const struct puppet_result *result, uint32_t node);

/**
 * The class of `node`, a number that never changes between library versions;
 * `PUPPET_MODEL_CLASS_NONE` (0) when `node` is not a node of the result's model or the result
 * has none (see `puppet_last_error_message`).
 */
enum puppet_model_class_id puppet_model_node_class(const struct puppet_result *result,
                                                   uint32_t node);

/**
 * The name of `puppet_model_class_id` `class` (`"CallNamedFunctionExpression"`; static,
 * NUL-terminated), or NULL for `PUPPET_MODEL_CLASS_NONE` and numbers that are no class.
 */
const char *puppet_model_class_name(uint32_t class_);

/**
 * 1 when `class` is `ancestor` or inherits from it (every expression class is a
 * `PUPPET_MODEL_CLASS_EXPRESSION`, `LiteralString` a `PUPPET_MODEL_CLASS_LITERAL_VALUE`), 0
 * otherwise and for numbers that are no class.
 */
int32_t puppet_model_class_is_a(uint32_t class_, uint32_t ancestor);

/**
 * The name of `puppet_model_attribute` `attribute` (`"left_expr"`; static, NUL-terminated),
 * or NULL for `PUPPET_MODEL_ATTRIBUTE_NONE` and numbers that are no attribute.
 */
const char *puppet_model_attribute_name(uint32_t attribute);

/**
 * The byte offset and length of `node` in the result's text (Puppet's `Positioned#offset`
 * and `#length`) into `*offset` and `*length` (either may be NULL).
 */
enum puppet_status puppet_model_span(const struct puppet_result *result,
                                     uint32_t node,
                                     uint32_t *offset,
                                     uint32_t *length);

/**
 * The number of attributes of `node` (its class's attributes in Puppet's declaration order,
 * inherited first, without `locator`, `offset` and `length`); 0 for an invalid node.
 */
size_t puppet_model_attr_count(const struct puppet_result *result, uint32_t node);

/**
 * Fills `*out`, a struct of `size` bytes (pass `sizeof(puppet_model_attr)`: the header's
 * `puppet_model_attr_get(result, node, index, &attr)` macro does), with attribute `index`
 * (0-based, below `puppet_model_attr_count`) of `node`, by the header's rule for structs the
 * library fills (the fields that fit are written, bytes past this library's struct are
 * zeroed). The strings in `*out` are borrowed from the result. `PUPPET_ERROR_ARGUMENT` for a
 * node or index out of range or a `size` smaller than the first header's struct; `*out` is not
 * written then.
 */
enum puppet_status puppet_model_attr_get_sized(const struct puppet_result *result,
                                               uint32_t node,
                                               size_t index,
                                               struct puppet_model_attr *out,
                                               size_t size);

/**
 * The first header's `puppet_model_attr_get`, for programs compiled against it: fills that
 * header's struct only (up to `string_length`). Newer headers define a macro of this name
 * that calls `puppet_model_attr_get_sized` with the size of their struct.
 */
enum puppet_status puppet_model_attr_get(const struct puppet_result *result,
                                         uint32_t node,
                                         size_t index,
                                         struct puppet_model_attr *out);

/**
 * Node `child` (0-based, below the attribute's `count`) of attribute `index` of `node`; 0 when
 * an argument is out of range or the attribute holds no nodes.
 */
uint32_t puppet_model_attr_node(const struct puppet_result *result,
                                uint32_t node,
                                size_t index,
                                size_t child);

/**
 * The index of the attribute named `name` (NUL-terminated, e.g. `"body"`) of `node`, or -1
 * when its class has no such attribute.
 */
int64_t puppet_model_attr_index(const struct puppet_result *result,
                                uint32_t node,
                                const char *name);

/**
 * The index of attribute `attribute` (a `puppet_model_attribute`) among the attributes of
 * `node` (for `puppet_model_attr_get` and `puppet_model_attr_node`), or -1 when its class has
 * no such attribute or an argument is invalid.
 */
int64_t puppet_model_attr_find(const struct puppet_result *result,
                               uint32_t node,
                               uint32_t attribute);

/**
 * The `puppet_strict` value of Puppet's `strict` setting as written (`"off"`, `"warning"`,
 * `"error"`, any case, surrounding blanks and a leading `:` allowed: the library's own
 * reading of the setting), or -1 when `name` is NULL or no such value (see
 * `puppet_last_error_message`).
 */
int32_t puppet_strict_from_name(const char *name);

/**
 * Fills `*options`, a struct of `size` bytes (`sizeof(puppet_options)` of the caller's
 * header: call it through the header's `puppet_options_init(&options)` macro), with the
 * defaults (a manifest, the model, no CST, the newest release's rules and its `strict`
 * default, no file, no location checks) and sets `struct_size` to `size`. Writes `size`
 * bytes, never more. Returns `PUPPET_ERROR_NULL` for NULL and `PUPPET_ERROR_ARGUMENT` for a
 * size smaller than the first header's struct or larger than any header's could be.
 */
enum puppet_status puppet_options_init_sized(struct puppet_options *options, size_t size);

/**
 * The first header's initialiser, for programs compiled against it (ABI 1), which call it
 * without a size: fills that header's fields only. Newer headers define a macro of this name
 * that calls `puppet_options_init_sized` with the size of their struct.
 */
enum puppet_status puppet_options_init(struct puppet_options *options);

/**
 * The model as PN, exactly as `puppet parser dump --format pn` prints it (Ruby Puppet 7.23),
 * into a new buffer at `*out`; `flags`: 0 or `PUPPET_OUTPUT_PRETTY`.
 * `PUPPET_ERROR_UNAVAILABLE` without a model. The caller owns `*out` (`puppet_buffer_free`);
 * `*out` is NULL after a failure.
 */
enum puppet_status puppet_result_pn(const struct puppet_result *result,
                                    uint32_t flags,
                                    struct puppet_buffer **out);

/**
 * The model as PN's JSON form (`puppet parser dump --format json`); otherwise as
 * `puppet_result_pn`.
 */
enum puppet_status puppet_result_json(const struct puppet_result *result,
                                      uint32_t flags,
                                      struct puppet_buffer **out);

/**
 * The CST as text, as `puppet-parser dump --format cst` prints it (one element per line,
 * `KIND@START..END` and token texts), into a new buffer at `*out`.
 * `PUPPET_ERROR_UNAVAILABLE` unless parsed with `PUPPET_PARSE_CST`. Ownership as
 * `puppet_result_pn`.
 */
enum puppet_status puppet_result_cst_dump(const struct puppet_result *result,
                                          struct puppet_buffer **out);

/**
 * The lines `puppet-parser validate` prints below diagnostic `index`: the source line with a
 * caret under the span, in a gutter (each line ends in `\n`; empty when the diagnostic's line
 * is blank), into a new buffer at `*out`. Ownership as `puppet_result_pn`.
 */
enum puppet_status puppet_result_diagnostic_snippet(const struct puppet_result *result,
                                                    size_t index,
                                                    struct puppet_buffer **out);

/**
 * Everything `puppet-parser validate --format human` prints for diagnostic `index` (without
 * colour): the line `FILE:LINE:COLUMN: SEVERITY[CODE]: message`, with control characters in
 * the file name and message escaped as the command escapes them, then the snippet lines of
 * `puppet_result_diagnostic_snippet`; every line ends in `\n`. `fallback_file` (NUL-terminated,
 * may be NULL) names a diagnostic without a file. Into a new buffer at `*out`; ownership as
 * `puppet_result_pn`.
 */
enum puppet_status puppet_result_diagnostic_report(const struct puppet_result *result,
                                                   size_t index,
                                                   const char *fallback_file,
                                                   struct puppet_buffer **out);

/**
 * Every diagnostic of the result rendered in `format` (a `puppet_render_format`) exactly as
 * `puppet-parser validate --format …` renders one file's (without its summary), into a new
 * buffer at `*out` (empty for a result without diagnostics in the line formats). `name`
 * (NUL-terminated, may be NULL) is the file name shown; NULL: the result's file, else `-`.
 * Ownership as `puppet_result_pn`. `PUPPET_ERROR_ARGUMENT` for an unknown format.
 */
enum puppet_status puppet_result_render(const struct puppet_result *result,
                                        uint32_t format,
                                        const char *name,
                                        struct puppet_buffer **out);

/**
 * Frees a buffer made by the library. NULL is allowed and does nothing.
 */
void puppet_buffer_free(struct puppet_buffer *buffer);

/**
 * Parses `length` bytes at `source` (a manifest, or an EPP template with `PUPPET_PARSE_EPP`;
 * no NUL needed, NUL bytes allowed; `source` may be NULL when `length` is 0) with `options`
 * (NULL: the defaults), and stores a new result in `*out`.
 *
 * Syntax errors, invalid UTF-8 in the source and the like are diagnostics of the result, not
 * failures: the status is `PUPPET_OK` for any source. On failure (`out` NULL, bad options)
 * `*out` is set to NULL (when `out` is not NULL).
 *
 * Ownership: the caller owns `*out` and frees it with `puppet_result_free`. The source is only
 * read during the call (the result keeps its own copy). Thread-safe.
 */
enum puppet_status puppet_parse(const uint8_t *source,
                                size_t length,
                                const struct puppet_options *options,
                                struct puppet_result **out);

/**
 * `puppet_parse` followed by `puppet_result_validate` with the same options: the diagnostics
 * `puppet parser validate` reports for the source. Same ownership as `puppet_parse`.
 */
enum puppet_status puppet_parse_and_validate(const uint8_t *source,
                                             size_t length,
                                             const struct puppet_options *options,
                                             struct puppet_result **out);

/**
 * Runs Puppet's validator (`Checker4_0`, or `TasksChecker` with `PUPPET_PARSE_TASKS`) on the
 * result's model with the `strict`, tasks and location settings of `options` (NULL: the
 * defaults; the file and parse flags the result was parsed with are kept) and appends its
 * diagnostics. Without a model (syntax errors) nothing is checked, as in Puppet.
 *
 * A result is validated once: a second call returns `PUPPET_ERROR_ARGUMENT`. Not thread-safe
 * for this result: no other thread may use the result during the call, and diagnostics
 * borrowed before it stay valid (they are not moved).
 */
enum puppet_status puppet_result_validate(struct puppet_result *result,
                                          const struct puppet_options *options);

/**
 * Frees a result and everything borrowed from it (diagnostics, text, model and CST views;
 * cursors made from it must be freed first). NULL is allowed and does nothing.
 */
void puppet_result_free(struct puppet_result *result);

/**
 * 1 when some diagnostic is an error, 0 otherwise (and for NULL).
 */
int32_t puppet_result_has_errors(const struct puppet_result *result);

/**
 * The number of diagnostics (0 for NULL).
 */
size_t puppet_result_diagnostic_count(const struct puppet_result *result);

/**
 * Copies the diagnostic at `index` (0-based, in source order for the parser's, then the
 * validator's in Puppet's order) into `*out`, a struct of `size` bytes: pass
 * `sizeof(puppet_diagnostic)` (the header's rule for structs the library fills: the fields
 * that fit are written, bytes past this library's struct are zeroed). The strings in it are
 * borrowed from the result. `PUPPET_ERROR_ARGUMENT` when `index` is out of range or `size` is
 * smaller than the first header's struct; `*out` is not written then.
 */
enum puppet_status puppet_result_diagnostic_get(const struct puppet_result *result,
                                                size_t index,
                                                struct puppet_diagnostic *out,
                                                size_t size);

/**
 * The diagnostic at `index`, borrowed whole from the result (valid until it is freed); NULL
 * when `index` is out of range or `result` is NULL (see `puppet_last_error_message`). A
 * program compiled against a newer header than the library's may only read the fields of the
 * library's header through it: `puppet_result_diagnostic_get` has no such limit.
 */
const struct puppet_diagnostic *puppet_result_diagnostic(const struct puppet_result *result,
                                                         size_t index);

/**
 * The text that was parsed, borrowed from the result: the source, or its valid UTF-8 prefix
 * when the source is not UTF-8 (see `INVALID_UTF8`). Offsets in diagnostics, the CST and the
 * model point into it. Not NUL-terminated; its length goes to `*length` (may be NULL). NULL
 * for a NULL result.
 */
const char *puppet_result_text(const struct puppet_result *result, size_t *length);

/**
 * The file name given in the options (NUL-terminated, borrowed from the result), or NULL.
 */
const char *puppet_result_file(const struct puppet_result *result);

/**
 * The editor position of byte `offset` of the result's text: the 0-based line and the
 * 0-based column in code units of `encoding` (a `puppet_encoding`), into `*line` and
 * `*column` (either may be NULL). An offset inside a character is that character's.
 * `PUPPET_ERROR_ARGUMENT` when `offset` is past the end of the text or the encoding unknown.
 */
enum puppet_status puppet_result_editor_position(const struct puppet_result *result,
                                                 uint32_t offset,
                                                 uint32_t encoding,
                                                 uint32_t *line,
                                                 uint32_t *column);

/**
 * The byte offset of an editor position (0-based `line`, 0-based `column` in code units of
 * `encoding`) in the result's text, into `*offset`. A column past the end of its line is the
 * line's end; one inside a character is its start. `PUPPET_ERROR_ARGUMENT` when the line is
 * past the last or the encoding unknown.
 */
enum puppet_status puppet_result_editor_offset(const struct puppet_result *result,
                                               uint32_t line,
                                               uint32_t column,
                                               uint32_t encoding,
                                               uint32_t *offset);

/**
 * The 1-based line and character column (as in diagnostics) of byte `offset` of the result's
 * text, into `*line` and `*column` (either may be NULL). `PUPPET_ERROR_ARGUMENT` when `offset`
 * is past the end of the text.
 */
enum puppet_status puppet_result_position(const struct puppet_result *result,
                                          uint32_t offset,
                                          uint32_t *line,
                                          uint32_t *column);

/**
 * The message of the last failed call on this thread: why it returned a negative status,
 * NULL, or 0. Never NULL (`""` when no call failed yet). Owned by the library; valid until the
 * next failing call on the same thread. Do not use it to *detect* failures: calls that succeed
 * leave it as it was.
 */
const char *puppet_last_error_message(void);

/**
 * Clears this thread's last-error message (it becomes `""`).
 */
void puppet_last_error_clear(void);

/**
 * A static, human-readable name of a status (`"PUPPET_ERROR_NULL"`); `"unknown status"` for
 * a value that is not a `puppet_status`. Never NULL.
 */
const char *puppet_status_name(int32_t status);

/**
 * Builds the index of the definitions of the directory environment `environment_dir`
 * (NUL-terminated path): every class, defined type, Puppet-language function, type alias,
 * node and plan of its main manifest directory (`manifests/`) and of the `manifests`,
 * `functions`, `types` and `plans` of the modules of its module path (the first module of a
 * name wins, as in Puppet), and stores it in `*out`.
 *
 * `modulepath` is a NULL-terminated array of directories (empty strings are skipped), or NULL
 * for the environment's own: the `modulepath` of its `environment.conf` (`$basemodulepath` is
 * empty), else its `modules/` directory. `options` (NULL: the defaults) gives the Puppet
 * release (`puppet_version`), `PUPPET_PARSE_TASKS` (plans are always parsed in tasks mode)
 * and `working_dir`, against which relative paths (the environment and module path entries)
 * are resolved; without it they are used as given (the process's working directory). The
 * other fields do not apply (no validation is done) but are checked as everywhere.
 *
 * Every file is parsed, in parallel on threads the call makes and joins. **Files with syntax
 * errors are indexed too**: their definitions are read from the concrete syntax tree, so a
 * file being edited keeps what it defines (`puppet_definition.syntax_errors` is 1 for them).
 * EPP templates define nothing. Files and directories that cannot be read are left out and
 * listed by `puppet_index_problem`.
 *
 * `PUPPET_ERROR_NULL` when `environment_dir` or `out` is NULL, `PUPPET_ERROR_ARGUMENT` when
 * `environment_dir` is not a directory or the options are invalid, `PUPPET_ERROR_UTF8` for a
 * non-UTF-8 string option; `*out` is NULL then (when `out` is not NULL).
 *
 * Ownership: the caller owns `*out` and frees it with `puppet_index_free`. Thread-safe; the
 * index is immutable, so any number of threads may read it at once.
 */
enum puppet_status puppet_index_build(const char *environment_dir,
                                      const char *const *modulepath,
                                      const struct puppet_options *options,
                                      struct puppet_index **out);

/**
 * Frees an index and everything borrowed from it. NULL is allowed and does nothing.
 */
void puppet_index_free(struct puppet_index *index);

/**
 * The number of definitions in the index (0 for NULL). They are numbered from 0 in the order
 * of their files' paths (bytes), then of their position in the file.
 */
size_t puppet_index_definition_count(const struct puppet_index *index);

/**
 * Copies definition `definition_index` into `*out`, a struct of `size` bytes: pass
 * `sizeof(puppet_definition)` (the header's rule for structs the library fills: the fields
 * that fit are written, bytes past this library's struct are zeroed). Its strings are borrowed
 * from the index. `PUPPET_ERROR_ARGUMENT` when the index is out of range or `size` is smaller
 * than the first header's struct; `*out` is not written then.
 */
enum puppet_status puppet_index_definition_get(const struct puppet_index *index,
                                               size_t definition_index,
                                               struct puppet_definition *out,
                                               size_t size);

/**
 * Copies parameter `param_index` of definition `definition_index` into `*out`, a struct of
 * `size` bytes (pass `sizeof(puppet_parameter)`; as `puppet_index_definition_get`). Its
 * strings are borrowed from the index. `PUPPET_ERROR_ARGUMENT` when either index is out of
 * range or `size` is too small; `*out` is not written then.
 */
enum puppet_status puppet_index_parameter_get(const struct puppet_index *index,
                                              size_t definition_index,
                                              size_t param_index,
                                              struct puppet_parameter *out,
                                              size_t size);

/**
 * Finds the definition of `kind` (a `puppet_definition_kind`; `PUPPET_DEFINITION_KIND_NONE`:
 * any kind) named `name` (NUL-terminated UTF-8), compared as Puppet's loaders compare names:
 * ignoring case and a leading `::` (`"Apache::Vhost"` finds `apache::vhost`; a node is named
 * by its host name or string value without quotes, `"web01.example.com"`, or by its regular
 * expression with the slashes, `"/^db\\d+$/"`). Stores its number in `*out_index`: the
 * first in the index's order when several match (a name defined twice, or of several kinds
 * with `PUPPET_DEFINITION_KIND_NONE`).
 *
 * `PUPPET_ERROR_NOT_FOUND` when no definition matches (`*out_index` is left as it was);
 * `PUPPET_ERROR_NULL` for a NULL argument, `PUPPET_ERROR_ARGUMENT` for an unknown kind,
 * `PUPPET_ERROR_UTF8` when `name` is not UTF-8.
 */
enum puppet_status puppet_index_lookup(const struct puppet_index *index,
                                       uint32_t kind,
                                       const char *name,
                                       size_t *out_index);

/**
 * The number of problems met while building the index (0 for NULL): files or directories
 * that could not be read, problems of `environment.conf`.
 */
size_t puppet_index_problem_count(const struct puppet_index *index);

/**
 * Problem `problem_index` as a message (NUL-terminated, borrowed from the index), or NULL when
 * out of range or `index` is NULL (see `puppet_last_error_message`).
 */
const char *puppet_index_problem(const struct puppet_index *index, size_t problem_index);

#ifdef __cplusplus
}  // extern "C"
#endif  // __cplusplus

#endif  /* PUPPET_H */

#if !defined(PUPPET_NO_SIZED_MACROS) && !defined(PUPPET_NO_INIT_MACRO)
/**
 * Initialises `*options` with the defaults, passing the size of this header's
 * puppet_options, so that a library with a larger struct never writes past the caller's (and
 * a smaller one fills what it knows).
 */
#define puppet_options_init(options) puppet_options_init_sized((options), sizeof *(options))
/**
 * Fills `*out` with attribute `index` of `node`, passing the size of this header's
 * puppet_model_attr (see puppet_model_attr_get_sized).
 */
#define puppet_model_attr_get(result, node, index, out) \
    puppet_model_attr_get_sized((result), (node), (index), (out), sizeof *(out))
/*
 * Define PUPPET_NO_SIZED_MACROS (or PUPPET_NO_INIT_MACRO) to call the first header's
 * functions of these names instead.
 */
#endif
