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
 *    threads may read one result at once. A puppet_cst_cursor is used by one thread at a
 *    time. The last-error message is per thread.
 *  - Nothing unwinds out of the library: an internal panic is caught and reported as
 *    PUPPET_ERROR_PANIC.
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
 * `puppet_options`). Compare with `puppet_abi_version()` at run time.
 */
#define PUPPET_ABI_VERSION 1

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
} puppet_status;

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
 * A position in the CST of a result. Opaque; make one with `puppet_cst_cursor_new`, free it
 * with `puppet_cst_cursor_free` before the result.
 */
typedef struct puppet_cst_cursor puppet_cst_cursor;

/**
 * The result of parsing one source: diagnostics, and the model and CST when they were built.
 * Opaque; free it with `puppet_result_free`.
 */
typedef struct puppet_result puppet_result;

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
 * One problem in the source, borrowed from its `puppet_result` (valid until the result is
 * freed; every pointer in it too).
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
} puppet_diagnostic;

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
 * Moves to the next sibling (node or token). Returns 1 when it moved, 0 on the last child or
 * the root.
 */
int32_t puppet_cst_cursor_goto_next_sibling(struct puppet_cst_cursor *cursor);

/**
 * Moves to the parent node. Returns 1 when it moved, 0 on the root.
 */
int32_t puppet_cst_cursor_goto_parent(struct puppet_cst_cursor *cursor);

/**
 * The kind number of the current element (see `puppet_cst_kind_name`); 0 for NULL, which is
 * also `WHITESPACE`'s number, so check the cursor first.
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
 * kind.
 */
const char *puppet_cst_kind_name(uint16_t kind);

/**
 * The number of the kind named `name` (NUL-terminated, e.g. `"RESOURCE_EXPR"`), or -1 when no
 * kind has that name. Kind numbers may change between versions; names do not.
 */
int32_t puppet_cst_kind_from_name(const char *name);

/**
 * 1 when kind number `kind` is trivia (whitespace, comments, heredoc bodies, EPP tags the
 * grammar does not see), 0 otherwise.
 */
int32_t puppet_cst_kind_is_trivia(uint16_t kind);

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
 * a node of the result's model.
 */
const char *puppet_model_class(const struct puppet_result *result, uint32_t node);

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
 * Fills `*out` with attribute `index` (0-based, below `puppet_model_attr_count`) of `node`.
 * The strings in `*out` are borrowed from the result.
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
 * The diagnostic at `index` (0-based, in source order for the parser's, then the validator's
 * in Puppet's order), borrowed from the result; NULL when `index` is out of range or `result`
 * is NULL (see `puppet_last_error_message`).
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

#ifdef __cplusplus
}  // extern "C"
#endif  // __cplusplus

#endif  /* PUPPET_H */

#ifndef PUPPET_NO_INIT_MACRO
/**
 * Initialises `*options` with the defaults, passing the size of this header's
 * puppet_options, so that a library with a larger struct never writes past the caller's (and
 * a smaller one fills what it knows). Define PUPPET_NO_INIT_MACRO to call the first header's
 * function of this name instead.
 */
#define puppet_options_init(options) puppet_options_init_sized((options), sizeof *(options))
#endif
