/*
 * The C API end to end, from C: versions, options, success, syntax errors, validation,
 * invalid UTF-8, embedded NUL bytes, NULL and out-of-range arguments, PN/JSON/CST output, the
 * CST cursor, the model walk, the log callback and the last-error message. Run under valgrind
 * by scripts/test-c (every result, buffer and cursor must be freed: leaks fail the run).
 */
#include <stdlib.h>
#include <string.h>

#include <puppet.h>

#include "check.h"

#define STR2(x) #x
#define STR(x) STR2(x)

static puppet_result *parse_text(const char *text, const puppet_options *options) {
    puppet_result *result = NULL;
    puppet_status status =
        puppet_parse((const uint8_t *)text, strlen(text), options, &result);
    CHECK(status == PUPPET_OK);
    CHECK(result != NULL);
    return result;
}

/* A buffer's text, copied into a static area (for CHECK_STR), and the buffer freed. */
static const char *take(puppet_buffer *buffer) {
    static char copy[4096];
    if (buffer == NULL) {
        return NULL;
    }
    snprintf(copy, sizeof copy, "%s", buffer->data);
    CHECK(strlen(copy) == buffer->length || buffer->length >= sizeof copy);
    puppet_buffer_free(buffer);
    return copy;
}

/* The struct sizes the Rust side asserts too (lib.rs): C and Rust agree on the layout. */
static void test_layout(void) {
    if (sizeof(void *) == 8) {
        CHECK(sizeof(puppet_options) == 64);
        CHECK(sizeof(puppet_diagnostic) == 64); /* 56 in the first header */
        CHECK(sizeof(puppet_model_attr) == 72); /* 64 in the first header */
        CHECK(sizeof(puppet_buffer) == 16);
    }
    CHECK(sizeof(puppet_status) == 4);
}

static void test_versions(void) {
    CHECK_STR(puppet_version(), STR(PUPPET_VERSION_MAJOR) "." STR(PUPPET_VERSION_MINOR) "." STR(
                                    PUPPET_VERSION_PATCH));
    CHECK(puppet_abi_version() == PUPPET_ABI_VERSION);
    CHECK_STR(puppet_language_version(), "7.23.0");
    CHECK_STR(puppet_status_name(PUPPET_ERROR_UTF8), "PUPPET_ERROR_UTF8");
    CHECK_STR(puppet_status_name(42), "unknown status");
}

static void test_success(void) {
    puppet_options options;
    puppet_result *result;
    puppet_buffer *buffer = NULL;
    size_t length = 0;

    CHECK(puppet_options_init(&options) == PUPPET_OK);
    CHECK(options.struct_size == sizeof options);
    options.file = "x.pp";
    result = parse_text("notice('hi')\n", &options);
    CHECK(puppet_result_diagnostic_count(result) == 0);
    CHECK(puppet_result_has_errors(result) == 0);
    CHECK_STR(puppet_result_file(result), "x.pp");
    CHECK(puppet_result_text(result, &length) != NULL && length == 13);
    CHECK(puppet_result_pn(result, 0, &buffer) == PUPPET_OK);
    CHECK_STR(take(buffer), "(invoke {:functor (qn \"notice\") :args [\"hi\"]})");
    CHECK(puppet_result_json(result, 0, &buffer) == PUPPET_OK);
    CHECK_STR(take(buffer), "{\"^\":[\"invoke\",{\"#\":[\"functor\",{\"^\":[\"qn\",\"notice\"]},"
                            "\"args\",[\"hi\"]]}]}");
    CHECK(puppet_result_pn(result, PUPPET_OUTPUT_PRETTY, &buffer) == PUPPET_OK);
    CHECK(strchr(take(buffer), '\n') != NULL);
    CHECK(puppet_result_pn(result, 64, &buffer) == PUPPET_ERROR_ARGUMENT && buffer == NULL);
    /* no CST was asked for */
    CHECK(puppet_result_cst_dump(result, &buffer) == PUPPET_ERROR_UNAVAILABLE && buffer == NULL);
    puppet_result_free(result);

    /* an empty source may be NULL; the options may be NULL (the defaults) */
    result = NULL;
    CHECK(puppet_parse(NULL, 0, NULL, &result) == PUPPET_OK && result != NULL);
    CHECK(puppet_result_diagnostic_count(result) == 0);
    CHECK(puppet_model_node_class(result, puppet_model_root(result)) == PUPPET_MODEL_CLASS_NOP);
    CHECK(puppet_result_file(result) == NULL);
    puppet_result_free(result);

    /* EPP */
    options.flags = PUPPET_PARSE_EPP;
    result = parse_text("<%- | $x | -%>\nhello <%= $x %>\n", &options);
    CHECK(puppet_result_diagnostic_count(result) == 0);
    CHECK(puppet_model_node_class(result, puppet_model_root(result)) ==
          PUPPET_MODEL_CLASS_LAMBDA_EXPRESSION);
    puppet_result_free(result);
}

static void test_syntax_errors(void) {
    puppet_options options;
    puppet_result *result;
    const puppet_diagnostic *d;
    puppet_buffer *buffer = (puppet_buffer *)&options; /* must be cleared on failure */

    puppet_options_init(&options);
    options.file = "multi.pp";
    result = parse_text("$x = [1,\n  $y $z]\n$b = '\xe2\x98\xba' + )\n", &options);
    CHECK(puppet_result_has_errors(result) == 1);
    CHECK(puppet_result_diagnostic_count(result) == 2);
    d = puppet_result_diagnostic(result, 0);
    CHECK(d != NULL);
    if (d != NULL) {
        CHECK_STR(d->code, "SYNTAX_ERROR");
        CHECK(d->severity == PUPPET_SEVERITY_ERROR);
        CHECK(d->line == 2 && d->column == 6 && d->offset == 14 && d->length == 2);
        CHECK_STR(d->message, "Syntax error at '$z'; expected ',' or ']'");
        CHECK(d->message_length == strlen(d->message));
        CHECK_STR(d->file, "multi.pp");
    }
    d = puppet_result_diagnostic(result, 1);
    CHECK(d != NULL && d->line == 3 && d->column == 12); /* the smiley is one column */
    CHECK(puppet_result_diagnostic_snippet(result, 1, &buffer) == PUPPET_OK);
    CHECK_STR(take(buffer), "  |\n3 | $b = '\xe2\x98\xba' + )\n  |            ^\n  |\n");
    /* no model after a syntax error, as in Puppet */
    CHECK(puppet_model_root(result) == 0);
    CHECK(strstr(puppet_last_error_message(), "no model") != NULL);
    buffer = (puppet_buffer *)&options;
    CHECK(puppet_result_pn(result, 0, &buffer) == PUPPET_ERROR_UNAVAILABLE && buffer == NULL);
    /* validating without a model finds nothing more */
    CHECK(puppet_result_validate(result, NULL) == PUPPET_OK);
    CHECK(puppet_result_diagnostic_count(result) == 2);
    puppet_result_free(result);
}

static void test_validation(void) {
    puppet_options options;
    puppet_result *result;
    const puppet_diagnostic *before, *d;

    puppet_options_init(&options);
    options.file = "init.pp";
    options.strict = PUPPET_STRICT_ERROR;
    result = parse_text("$s = \"\\q\"\n$a = {x => 1, x => 2}\n", &options);
    CHECK(puppet_result_diagnostic_count(result) == 1); /* the lexer's warning */
    before = puppet_result_diagnostic(result, 0);
    CHECK(before != NULL && before->severity == PUPPET_SEVERITY_WARNING);
    CHECK(puppet_result_validate(result, &options) == PUPPET_OK);
    CHECK(puppet_result_diagnostic_count(result) == 2);
    CHECK(puppet_result_diagnostic(result, 0) == before); /* borrowed pointers stay valid */
    CHECK_STR(before->code, "UNRECOGNIZED_ESCAPE");
    d = puppet_result_diagnostic(result, 1);
    CHECK(d != NULL && d->severity == PUPPET_SEVERITY_ERROR && d->line == 2 && d->column == 17);
    if (d != NULL) {
        CHECK_STR(d->code, "DUPLICATE_KEY");
    }
    CHECK(puppet_result_has_errors(result) == 1);
    CHECK(puppet_result_validate(result, &options) == PUPPET_ERROR_ARGUMENT);
    CHECK(strstr(puppet_last_error_message(), "already validated") != NULL);
    puppet_result_free(result);

    /* strict=off: no DUPLICATE_KEY at all, in one call */
    options.strict = PUPPET_STRICT_OFF;
    result = NULL;
    CHECK(puppet_parse_and_validate((const uint8_t *)"$a = {x => 1, x => 2}\n", 22, &options,
                                    &result) == PUPPET_OK);
    CHECK(puppet_result_diagnostic_count(result) == 0);
    puppet_result_free(result);

    /* the rules of a Puppet release: by default the newest (OpenVox 8: strict defaults to
     * error, type names are literal keys, class parameter types must be literal), Puppet
     * 7.23's on request; an unknown release is refused */
    {
        static const char source[] =
            "class x(Integer[0, 60*24] $a = 1) {}\n$h = {Foo=>1, 'foo'=>2}\n";
        puppet_options_init(&options);
        CHECK(options.strict == PUPPET_STRICT_DEFAULT && options.puppet_version == NULL);
        result = NULL;
        CHECK(puppet_parse_and_validate((const uint8_t *)source, sizeof source - 1, &options,
                                        &result) == PUPPET_OK);
        CHECK(puppet_result_diagnostic_count(result) == 2);
        d = puppet_result_diagnostic(result, 0);
        CHECK(d != NULL && d->severity == PUPPET_SEVERITY_DEPRECATION);
        if (d != NULL) {
            CHECK_STR(d->code, "ILLEGAL_NONLITERAL_PARAMETER_TYPE");
        }
        d = puppet_result_diagnostic(result, 1);
        CHECK(d != NULL && d->severity == PUPPET_SEVERITY_ERROR);
        puppet_result_free(result);
        options.puppet_version = "7.23";
        result = NULL;
        CHECK(puppet_parse_and_validate((const uint8_t *)source, sizeof source - 1, &options,
                                        &result) == PUPPET_OK);
        CHECK(puppet_result_diagnostic_count(result) == 0);
        puppet_result_free(result);
        options.puppet_version = "9.0.0";
        result = NULL;
        CHECK(puppet_parse_and_validate((const uint8_t *)source, sizeof source - 1, &options,
                                        &result) == PUPPET_ERROR_ARGUMENT);
        CHECK(result == NULL);
        CHECK(strstr(puppet_last_error_message(), "not supported") != NULL);
    }

    /* the location checks, with a module path resolved against the given working directory */
    puppet_options_init(&options);
    options.file = "modules/m/manifests/init.pp";
    options.modulepath = "modules";
    options.working_dir = "/env";
    result = NULL;
    CHECK(puppet_parse_and_validate((const uint8_t *)"class other {}\n", 15, &options,
                                    &result) == PUPPET_OK);
    CHECK(puppet_result_diagnostic_count(result) == 1);
    d = puppet_result_diagnostic(result, 0);
    if (d != NULL) {
        CHECK_STR(d->code, "ILLEGAL_DEFINITION_LOCATION");
    }
    puppet_result_free(result);
}

static void test_bytes(void) {
    static const char bad_utf8[] = "$a = 1\n$b = 'x\xff'\n";
    static const char with_nul[] = "$a = 'a\0b'\n$b = 1 +\n";
    puppet_result *result = NULL;
    const puppet_diagnostic *d;
    size_t length = 0, count, i;
    const char *text;

    /* invalid UTF-8: a diagnostic at the first bad byte; only the prefix is parsed */
    CHECK(puppet_parse((const uint8_t *)bad_utf8, sizeof bad_utf8 - 1, NULL, &result) ==
          PUPPET_OK);
    text = puppet_result_text(result, &length);
    CHECK(text != NULL && length == 14);
    count = puppet_result_diagnostic_count(result);
    for (i = 0, d = NULL; i < count; i++) {
        const puppet_diagnostic *e = puppet_result_diagnostic(result, i);
        if (strcmp(e->code, "INVALID_UTF8") == 0) {
            d = e;
        }
    }
    CHECK(d != NULL && d->offset == 14 && d->line == 2 && d->column == 8);
    CHECK(puppet_result_has_errors(result) == 1);
    puppet_result_free(result);

    /* an embedded NUL is just a byte of the source */
    result = NULL;
    CHECK(puppet_parse((const uint8_t *)with_nul, sizeof with_nul - 1, NULL, &result) ==
          PUPPET_OK);
    text = puppet_result_text(result, &length);
    CHECK(length == sizeof with_nul - 1 && memcmp(text, with_nul, length) == 0);
    CHECK(puppet_result_diagnostic_count(result) == 1);
    d = puppet_result_diagnostic(result, 0);
    CHECK(d != NULL && d->line == 3 && d->column == 1);
    puppet_result_free(result);

    /* NUL in a message: the length tells */
    result = NULL;
    CHECK(puppet_parse((const uint8_t *)"$a = \0", 6, NULL, &result) == PUPPET_OK);
    d = puppet_result_diagnostic(result, 0);
    CHECK(d != NULL && d->message_length >= strlen(d->message));
    puppet_result_free(result);
}

static void test_bad_arguments(void) {
    puppet_options options;
    puppet_result *result = (puppet_result *)&options;
    puppet_buffer *buffer = NULL;
    puppet_model_attr attr;
    uint32_t line = 0;

    CHECK(puppet_options_init_sized(NULL, sizeof options) == PUPPET_ERROR_NULL);
    CHECK(strstr(puppet_last_error_message(), "options") != NULL);
    /* The first header's function (the macro's name in parentheses is not expanded). */
    CHECK((puppet_options_init)(NULL) == PUPPET_ERROR_NULL);
    CHECK(puppet_options_init_sized(&options, 8) == PUPPET_ERROR_ARGUMENT);
    CHECK(strstr(puppet_last_error_message(), "size") != NULL);
    puppet_last_error_clear();
    CHECK_STR(puppet_last_error_message(), "");
    CHECK(puppet_parse(NULL, 5, NULL, &result) == PUPPET_ERROR_NULL && result == NULL);
    CHECK(puppet_parse((const uint8_t *)"x", 1, NULL, NULL) == PUPPET_ERROR_NULL);
    CHECK(puppet_parse_and_validate(NULL, 1, NULL, NULL) == PUPPET_ERROR_NULL);
    CHECK(puppet_parse((const uint8_t *)"x", (size_t)-1, NULL, &result) ==
          PUPPET_ERROR_ARGUMENT);

    puppet_options_init(&options);
    options.struct_size = 0;
    CHECK(puppet_parse((const uint8_t *)"x", 1, &options, &result) == PUPPET_ERROR_ARGUMENT);
    CHECK(result == NULL && strstr(puppet_last_error_message(), "struct_size") != NULL);
    puppet_options_init(&options);
    options.flags = 1u << 20;
    CHECK(puppet_parse((const uint8_t *)"x", 1, &options, &result) == PUPPET_ERROR_ARGUMENT);
    puppet_options_init(&options);
    options.strict = 9;
    CHECK(puppet_parse((const uint8_t *)"x", 1, &options, &result) == PUPPET_ERROR_ARGUMENT);
    puppet_options_init(&options);
    options.file = "caf\xe9.pp";
    CHECK(puppet_parse((const uint8_t *)"x", 1, &options, &result) == PUPPET_ERROR_UTF8);
    CHECK(result == NULL);

    /* NULL handles: harmless, with a documented "nothing" */
    puppet_result_free(NULL);
    puppet_buffer_free(NULL);
    puppet_cst_cursor_free(NULL);
    CHECK(puppet_result_has_errors(NULL) == 0);
    CHECK(puppet_result_diagnostic_count(NULL) == 0);
    CHECK(puppet_result_diagnostic(NULL, 0) == NULL);
    CHECK(puppet_result_text(NULL, NULL) == NULL);
    CHECK(puppet_result_file(NULL) == NULL);
    CHECK(puppet_result_validate(NULL, NULL) == PUPPET_ERROR_NULL);
    CHECK(puppet_result_pn(NULL, 0, &buffer) == PUPPET_ERROR_NULL && buffer == NULL);
    CHECK(puppet_result_pn(NULL, 0, NULL) == PUPPET_ERROR_NULL);
    CHECK(puppet_model_root(NULL) == 0);
    CHECK(puppet_cst_cursor_goto_first_child(NULL) == 0);
    CHECK(puppet_cst_cursor_kind_name(NULL) == NULL);
    CHECK(puppet_cst_cursor_text(NULL, NULL) == NULL);
    CHECK(puppet_cst_kind_from_name(NULL) == -1);

    /* out of range */
    result = parse_text("$a = 1\n", NULL);
    CHECK(puppet_result_diagnostic(result, 0) == NULL);
    CHECK(strstr(puppet_last_error_message(), "out of range") != NULL);
    CHECK(puppet_result_diagnostic(result, (size_t)-1) == NULL);
    CHECK(puppet_result_diagnostic_snippet(result, 3, &buffer) == PUPPET_ERROR_ARGUMENT);
    CHECK(puppet_result_position(result, 7, &line, NULL) == PUPPET_OK && line == 2);
    CHECK(puppet_result_position(result, 8, &line, NULL) == PUPPET_ERROR_ARGUMENT);
    CHECK(puppet_model_class(result, 0) == NULL);
    CHECK(puppet_model_class(result, 1000000) == NULL);
    CHECK(puppet_model_node_class(result, 0) == PUPPET_MODEL_CLASS_NONE);
    CHECK(puppet_model_node_class(NULL, 1) == PUPPET_MODEL_CLASS_NONE);
    CHECK(puppet_model_attr_find(result, 0, PUPPET_MODEL_ATTRIBUTE_BODY) == -1);
    CHECK(puppet_model_span(result, 0, NULL, NULL) == PUPPET_ERROR_ARGUMENT);
    CHECK(puppet_model_attr_count(result, 77) == 0);
    CHECK(puppet_model_attr_get(result, puppet_model_root(result), 99, &attr) ==
          PUPPET_ERROR_ARGUMENT);
    CHECK(puppet_model_attr_get_sized(result, puppet_model_root(result), 0, NULL,
                                      sizeof attr) == PUPPET_ERROR_NULL);
    CHECK(puppet_model_attr_node(result, puppet_model_root(result), 0, 5) == 0);
    CHECK(puppet_cst_kind_name(65535) == NULL);
    CHECK(puppet_cst_kind_name(PUPPET_CST_KIND_NONE) == NULL);
    CHECK(puppet_cst_kind_is_trivia(PUPPET_CST_KIND_NONE) == 0);
    CHECK(puppet_cst_cursor_kind(NULL) == PUPPET_CST_KIND_NONE);
    CHECK(puppet_cst_kind_from_name("WHITESPACE") > 0);
    CHECK(puppet_cst_kind_from_name("NO_SUCH_KIND") == -1);
    CHECK(puppet_set_log_callback(NULL, NULL, 99) == PUPPET_ERROR_ARGUMENT);
    puppet_result_free(result);
}

/* Collects every token's text in order: the CST is lossless, so it is the source again. */
static void collect_tokens(puppet_cst_cursor *c, char *out, size_t *used, size_t size) {
    do {
        if (puppet_cst_cursor_is_token(c)) {
            size_t length = 0;
            const char *text = puppet_cst_cursor_text(c, &length);
            if (*used + length < size) {
                memcpy(out + *used, text, length);
                *used += length;
            }
        } else if (puppet_cst_cursor_goto_first_child(c)) {
            collect_tokens(c, out, used, size);
            CHECK(puppet_cst_cursor_goto_parent(c) == 1);
        }
    } while (puppet_cst_cursor_goto_next_sibling(c));
}

static void test_cst(void) {
    static const char source[] = "class foo($a) {\n  # hi\n  file { '/x': ensure => present }\n}\n";
    puppet_options options;
    puppet_result *result;
    puppet_cst_cursor *cursor = NULL;
    puppet_buffer *buffer = NULL;
    char rebuilt[256];
    size_t used = 0;
    uint32_t start = 1, end = 0;

    puppet_options_init(&options);
    result = parse_text(source, &options);
    CHECK(puppet_cst_cursor_new(result, &cursor) == PUPPET_ERROR_UNAVAILABLE && cursor == NULL);
    puppet_result_free(result);

    options.flags = PUPPET_PARSE_CST;
    result = parse_text(source, &options);
    CHECK(puppet_cst_cursor_new(result, &cursor) == PUPPET_OK && cursor != NULL);
    CHECK_STR(puppet_cst_cursor_kind_name(cursor), "SOURCE_FILE");
    CHECK(puppet_cst_cursor_range(cursor, &start, &end) == PUPPET_OK);
    CHECK(start == 0 && end == sizeof source - 1);
    CHECK(puppet_cst_cursor_goto_parent(cursor) == 0);
    CHECK(puppet_cst_cursor_goto_next_sibling(cursor) == 0);
    CHECK(puppet_cst_cursor_goto_first_child(cursor) == 1);
    CHECK_STR(puppet_cst_cursor_kind_name(cursor), "CLASS_DEF");
    CHECK(puppet_cst_cursor_depth(cursor) == 1);
    CHECK(puppet_cst_cursor_kind(cursor) == puppet_cst_kind_from_name("CLASS_DEF"));
    CHECK(puppet_cst_cursor_goto_first_child(cursor) == 1);
    CHECK_STR(puppet_cst_cursor_kind_name(cursor), "CLASS");
    CHECK(puppet_cst_cursor_is_token(cursor) == 1);
    CHECK(puppet_cst_cursor_goto_first_child(cursor) == 0); /* a token has no children */
    CHECK(puppet_cst_cursor_goto_next_sibling(cursor) == 1);
    CHECK(puppet_cst_kind_is_trivia(puppet_cst_cursor_kind(cursor)) == 1); /* the space */
    CHECK_STR(puppet_cst_kind_name(puppet_cst_cursor_kind(cursor)), "WHITESPACE");
    CHECK(puppet_cst_cursor_goto_parent(cursor) == 1 && puppet_cst_cursor_goto_parent(cursor));
    CHECK(puppet_cst_cursor_depth(cursor) == 0);
    CHECK(puppet_cst_cursor_goto_first_child(cursor) == 1);
    collect_tokens(cursor, rebuilt, &used, sizeof rebuilt);
    CHECK(used == sizeof source - 1 && memcmp(rebuilt, source, used) == 0);
    puppet_cst_cursor_free(cursor);

    CHECK(puppet_result_cst_dump(result, &buffer) == PUPPET_OK);
    CHECK(strncmp(take(buffer), "SOURCE_FILE@0..60\n  CLASS_DEF@0..59\n", 36) == 0);
    /* the model is built too unless PUPPET_PARSE_NO_MODEL */
    CHECK(puppet_model_node_class(result, puppet_model_root(result)) ==
          PUPPET_MODEL_CLASS_HOST_CLASS_DEFINITION);
    puppet_result_free(result);

    options.flags = PUPPET_PARSE_CST | PUPPET_PARSE_NO_MODEL;
    result = parse_text(source, &options);
    CHECK(puppet_model_root(result) == 0);
    CHECK(puppet_cst_cursor_new(result, &cursor) == PUPPET_OK);
    puppet_cst_cursor_free(cursor);
    puppet_result_free(result);
}

/* Pre-order class names of the model below `node`, space-separated. */
static void classes(const puppet_result *r, uint32_t node, char *out, size_t size) {
    size_t i, j, count = puppet_model_attr_count(r, node);
    strncat(out, puppet_model_class_name(puppet_model_node_class(r, node)),
            size - strlen(out) - 1);
    strncat(out, " ", size - strlen(out) - 1);
    for (i = 0; i < count; i++) {
        puppet_model_attr attr;
        CHECK(puppet_model_attr_get(r, node, i, &attr) == PUPPET_OK);
        if (attr.value_type == PUPPET_VALUE_NODES && attr.containment) {
            for (j = 0; j < attr.count; j++) {
                classes(r, puppet_model_attr_node(r, node, i, j), out, size);
            }
        }
    }
}

static void test_model(void) {
    puppet_result *result = parse_text("$a = 1\nfile { 'x': mode => 0755 }\n"
                                       "$b = 99999999999999999999 + 1.5\n",
                                       NULL);
    char seen[1024] = "";
    uint32_t root = puppet_model_root(result), offset = 0, length = 0, value;
    puppet_model_attr attr;
    int64_t index;

    CHECK(puppet_model_node_class(result, root) == PUPPET_MODEL_CLASS_BLOCK_EXPRESSION);
    classes(result, root, seen, sizeof seen);
    CHECK_STR(seen, "BlockExpression AssignmentExpression VariableExpression QualifiedName "
                    "LiteralInteger ResourceExpression QualifiedName ResourceBody LiteralString "
                    "AttributeOperation LiteralInteger AssignmentExpression VariableExpression "
                    "QualifiedName ArithmeticExpression LiteralInteger LiteralFloat ");
    CHECK(puppet_model_span(result, root, &offset, &length) == PUPPET_OK);
    CHECK(offset == 3 && length == 35); /* Puppet's span for this block */

    /* the resource: form is an enum, its bodies are nodes */
    index = puppet_model_attr_find(result, puppet_model_attr_node(result, root, 0, 1),
                                   PUPPET_MODEL_ATTRIBUTE_FORM);
    CHECK(index >= 0);
    CHECK(puppet_model_attr_index(result, puppet_model_attr_node(result, root, 0, 1), "form") ==
          index);
    CHECK(puppet_model_attr_get(result, puppet_model_attr_node(result, root, 0, 1),
                                (size_t)index, &attr) == PUPPET_OK);
    CHECK(attr.value_type == PUPPET_VALUE_ENUM && attr.string_length == 7 &&
          memcmp(attr.string, "regular", 7) == 0);
    CHECK_STR(attr.name, "form");
    CHECK(attr.attribute == PUPPET_MODEL_ATTRIBUTE_FORM);

    /* $b = 99999999999999999999 + 1.5: a big integer keeps its digits */
    value = puppet_model_attr_node(result, root, 0, 2);
    value = puppet_model_attr_node(result, value,
                                   (size_t)puppet_model_attr_find(result, value,
                                                                  PUPPET_MODEL_ATTRIBUTE_RIGHT_EXPR),
                                   0);
    CHECK(puppet_model_node_class(result, value) == PUPPET_MODEL_CLASS_ARITHMETIC_EXPRESSION);
    value = puppet_model_attr_node(result, value, 0, 0); /* left_expr */
    CHECK(puppet_model_attr_get(result, value,
                                (size_t)puppet_model_attr_find(result, value, PUPPET_MODEL_ATTRIBUTE_VALUE),
                                &attr) == PUPPET_OK);
    CHECK(attr.value_type == PUPPET_VALUE_INTEGER && attr.big_integer == 1);
    CHECK(attr.string_length == 20 && memcmp(attr.string, "99999999999999999999", 20) == 0);
    CHECK(puppet_model_attr_index(result, value, "no_such_attribute") == -1);
    CHECK(puppet_model_attr_find(result, value, PUPPET_MODEL_ATTRIBUTE_BODY) == -1);
    CHECK(puppet_model_attr_find(result, value, PUPPET_MODEL_ATTRIBUTE_NONE) == -1);
    CHECK(puppet_model_attr_get(result, value, 0, &attr) == PUPPET_OK); /* radix */
    CHECK(attr.value_type == PUPPET_VALUE_INTEGER && attr.integer == 10 && !attr.big_integer);
    puppet_result_free(result);

    result = parse_text("$f = 1.5\n", NULL);
    value = puppet_model_attr_node(result, puppet_model_root(result), 1, 0); /* right_expr */
    CHECK(puppet_model_node_class(result, value) == PUPPET_MODEL_CLASS_LITERAL_FLOAT);
    CHECK(puppet_model_attr_get(result, value, 0, &attr) == PUPPET_OK);
    CHECK(attr.value_type == PUPPET_VALUE_FLOAT && attr.number == 1.5);
    puppet_result_free(result);
}

struct log_seen {
    int calls, parsed;
};

static void on_log(void *payload, puppet_log_level level, const char *target,
                   const char *message) {
    struct log_seen *seen = payload;
    seen->calls++;
    if (level == PUPPET_LOG_DEBUG && strcmp(target, "puppet_ffi") == 0 &&
        strstr(message, "parsed") != NULL && strstr(message, "bytes=6") != NULL) {
        seen->parsed++;
    }
}

static void test_log_callback(void) {
    struct log_seen seen = {0, 0};
    CHECK(puppet_set_log_callback(on_log, &seen, PUPPET_LOG_DEBUG) == PUPPET_OK);
    puppet_result_free(parse_text("$a = 1", NULL));
    CHECK(seen.parsed == 1);
    CHECK(puppet_set_log_callback(on_log, &seen, PUPPET_LOG_WARN) == PUPPET_OK);
    puppet_result_free(parse_text("$a = 1", NULL));
    CHECK(seen.parsed == 1);
    CHECK(puppet_set_log_callback(NULL, NULL, PUPPET_LOG_TRACE) == PUPPET_OK);
    puppet_result_free(parse_text("$a = 1", NULL));
    CHECK(seen.parsed == 1);
}

int main(void) {
    test_layout();
    test_versions();
    test_success();
    test_syntax_errors();
    test_validation();
    test_bytes();
    test_bad_arguments();
    test_cst();
    test_model();
    test_log_callback();
    return SUMMARY("test_api");
}
