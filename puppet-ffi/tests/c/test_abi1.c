/*
 * A program compiled against the first published header (ABI 1, kept in abi1/puppet.h) runs
 * against this library, whose structs grew since:
 *
 *  - puppet_options (56 bytes on 64-bit targets there, up to `home`, filled by the function
 *    puppet_options_init without a size): the library writes and reads that program's struct
 *    only, gives it the defaults, and reads its `strict` as its header defined it (0: warning);
 *  - puppet_model_attr (64 bytes there, up to `string_length`, filled by the function
 *    puppet_model_attr_get without a size): the library writes that struct only;
 *  - puppet_diagnostic, borrowed through puppet_result_diagnostic: its first header's fields
 *    mean what they meant;
 *  - CST kinds looked up by name still match the cursor's.
 *
 * Guard bytes around each struct must stay as they were, and valgrind (scripts/test-c) must
 * see no access past them.
 */
#include <stdlib.h>
#include <string.h>

#include "abi1/puppet.h"

#include "check.h"

/* The structs between guard areas, as a program's stack frame holds them. */
struct framed {
    unsigned char before[64];
    puppet_options options;
    unsigned char after[64];
};

struct framed_attr {
    unsigned char before[64];
    puppet_model_attr attr;
    unsigned char after[64];
};

static int untouched(const unsigned char *bytes, size_t size) {
    size_t i;
    for (i = 0; i < size; i++) {
        if (bytes[i] != 0xA5) {
            return 0;
        }
    }
    return 1;
}

/* Diagnostics through the first header's puppet_result_diagnostic. */
static void test_diagnostics(void) {
    static const char source[] = "$a = {x => 1,\n  x => 2}\nnotice(\n";
    puppet_options options;
    puppet_result *result = NULL;
    const puppet_diagnostic *d;

    CHECK(puppet_options_init(&options) == PUPPET_OK);
    options.file = "dup.pp";
    CHECK(puppet_parse_and_validate((const uint8_t *)source, sizeof source - 1, &options,
                                    &result) == PUPPET_OK);
    CHECK(puppet_result_diagnostic_count(result) == 1);
    d = puppet_result_diagnostic(result, 0);
    CHECK(d != NULL);
    if (d != NULL) {
        CHECK_STR(d->code, "SYNTAX_ERROR");
        CHECK(d->severity == PUPPET_SEVERITY_ERROR);
        CHECK(d->line == 4 && d->column == 1 && d->offset == sizeof source - 1);
        CHECK(d->message != NULL && strlen(d->message) == d->message_length);
        CHECK_STR(d->file, "dup.pp");
    }
    CHECK(puppet_result_diagnostic(result, 1) == NULL);
    puppet_result_free(result);

    result = NULL;
    CHECK(puppet_parse_and_validate((const uint8_t *)source, 24, &options, &result) ==
          PUPPET_OK);
    d = puppet_result_diagnostic(result, 0);
    CHECK(d != NULL);
    if (d != NULL) {
        CHECK_STR(d->code, "DUPLICATE_KEY");
        CHECK(d->severity == PUPPET_SEVERITY_WARNING);
        CHECK(d->line == 2 && d->column == 5 && d->offset == 18 && d->length == 2); /* `=>` */
        CHECK_STR(d->message, "The key 'x' is declared more than once");
        CHECK_STR(d->file, "dup.pp");
    }
    puppet_result_free(result);
}

/* A model attribute through the first header's puppet_model_attr_get (no size). */
static void test_model_attr(void) {
    static const char source[] = "$name = 'web'\n";
    struct framed_attr *frame = malloc(sizeof *frame);
    puppet_result *result = NULL;
    uint32_t root, value;

    CHECK(frame != NULL);
    if (frame == NULL) {
        return;
    }
    CHECK(puppet_parse((const uint8_t *)source, sizeof source - 1, NULL, &result) == PUPPET_OK);
    root = puppet_model_root(result);
    CHECK_STR(puppet_model_class(result, root), "AssignmentExpression");

    memset(frame, 0xA5, sizeof *frame);
    CHECK(puppet_model_attr_get(result, root, 2, &frame->attr) == PUPPET_OK);
    CHECK(untouched(frame->before, sizeof frame->before));
    CHECK(untouched(frame->after, sizeof frame->after));
    CHECK_STR(frame->attr.name, "operator");
    CHECK(frame->attr.value_type == PUPPET_VALUE_ENUM && frame->attr.string_length == 1 &&
          frame->attr.string[0] == '=');

    memset(frame, 0xA5, sizeof *frame);
    CHECK(puppet_model_attr_get(result, root, 1, &frame->attr) == PUPPET_OK);
    CHECK(untouched(frame->before, sizeof frame->before));
    CHECK(untouched(frame->after, sizeof frame->after));
    CHECK_STR(frame->attr.name, "right_expr");
    CHECK(frame->attr.value_type == PUPPET_VALUE_NODES && frame->attr.count == 1 &&
          frame->attr.containment == 1);
    value = puppet_model_attr_node(result, root, 1, 0);
    CHECK_STR(puppet_model_class(result, value), "LiteralString");

    memset(frame, 0xA5, sizeof *frame);
    CHECK(puppet_model_attr_get(result, value, 0, &frame->attr) == PUPPET_OK);
    CHECK(untouched(frame->before, sizeof frame->before));
    CHECK(untouched(frame->after, sizeof frame->after));
    CHECK_STR(frame->attr.name, "value");
    CHECK(frame->attr.value_type == PUPPET_VALUE_STRING && frame->attr.string_length == 3 &&
          memcmp(frame->attr.string, "web", 3) == 0);

    /* a failed call writes nothing */
    memset(frame, 0xA5, sizeof *frame);
    CHECK(puppet_model_attr_get(result, value, 9, &frame->attr) == PUPPET_ERROR_ARGUMENT);
    CHECK(untouched((const unsigned char *)frame, sizeof *frame));
    puppet_result_free(result);
    free(frame);
}

/* Kind numbers looked up by name match what the cursor reports. */
static void test_cst_kinds(void) {
    static const char source[] = "class a {}\n";
    puppet_options options;
    puppet_result *result = NULL;
    puppet_cst_cursor *cursor = NULL;

    CHECK(puppet_options_init(&options) == PUPPET_OK);
    options.flags = PUPPET_PARSE_CST;
    CHECK(puppet_parse((const uint8_t *)source, sizeof source - 1, &options, &result) ==
          PUPPET_OK);
    CHECK(puppet_cst_cursor_new(result, &cursor) == PUPPET_OK);
    CHECK(puppet_cst_cursor_kind(cursor) == puppet_cst_kind_from_name("SOURCE_FILE"));
    CHECK(puppet_cst_cursor_goto_first_child(cursor) == 1);
    CHECK(puppet_cst_cursor_kind(cursor) == puppet_cst_kind_from_name("CLASS_DEF"));
    CHECK(puppet_cst_cursor_goto_first_child(cursor) == 1);
    CHECK(puppet_cst_cursor_goto_next_sibling(cursor) == 1);
    CHECK(puppet_cst_cursor_kind(cursor) == puppet_cst_kind_from_name("WHITESPACE"));
    CHECK(puppet_cst_kind_is_trivia(puppet_cst_cursor_kind(cursor)) == 1);
    CHECK_STR(puppet_cst_kind_name(puppet_cst_cursor_kind(cursor)), "WHITESPACE");
    puppet_cst_cursor_free(cursor);
    puppet_result_free(result);
}

int main(void) {
    struct framed *frame = malloc(sizeof *frame);
    puppet_result *result = NULL;
    const puppet_diagnostic *d;
    static const char source[] = "$a = {x => 1, x => 2}\n";

    CHECK(frame != NULL);
    if (frame == NULL) {
        return SUMMARY("test_abi1");
    }
    memset(frame, 0xA5, sizeof *frame);
    CHECK(puppet_options_init(&frame->options) == PUPPET_OK);
    CHECK(untouched(frame->before, sizeof frame->before));
    CHECK(untouched(frame->after, sizeof frame->after));
    CHECK(frame->options.struct_size == sizeof frame->options);
    CHECK(frame->options.strict == PUPPET_STRICT_WARNING);

    /* The first header's default: a duplicate key is a warning. */
    CHECK(puppet_parse_and_validate((const uint8_t *)source, sizeof source - 1, &frame->options,
                                    &result) == PUPPET_OK);
    CHECK(puppet_result_diagnostic_count(result) == 1);
    d = puppet_result_diagnostic(result, 0);
    CHECK(d != NULL && d->severity == PUPPET_SEVERITY_WARNING);
    puppet_result_free(result);

    /* Its other strict values mean what they meant. */
    frame->options.strict = PUPPET_STRICT_ERROR;
    result = NULL;
    CHECK(puppet_parse_and_validate((const uint8_t *)source, sizeof source - 1, &frame->options,
                                    &result) == PUPPET_OK);
    d = puppet_result_diagnostic(result, 0);
    CHECK(d != NULL && d->severity == PUPPET_SEVERITY_ERROR);
    puppet_result_free(result);
    frame->options.strict = PUPPET_STRICT_OFF;
    result = NULL;
    CHECK(puppet_parse_and_validate((const uint8_t *)source, sizeof source - 1, &frame->options,
                                    &result) == PUPPET_OK);
    CHECK(puppet_result_diagnostic_count(result) == 0);
    puppet_result_free(result);
    CHECK(untouched(frame->before, sizeof frame->before));
    CHECK(untouched(frame->after, sizeof frame->after));

    free(frame);
    test_diagnostics();
    test_model_attr();
    test_cst_kinds();
    return SUMMARY("test_abi1");
}
