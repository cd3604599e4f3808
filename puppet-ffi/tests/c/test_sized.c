/*
 * The structs the library fills for the caller, at the size the caller passes (the header's
 * rule): a struct larger than the library's (a program built against a newer header) gets the
 * fields the library knows and zeros after them; one of the first header's size gets that
 * header's fields only (puppet_model_attr's `attribute` came later and is not written); one
 * smaller than the first header's is refused and left alone. Guard bytes after each struct
 * must stay as they were. Run under valgrind by scripts/test-c.
 */
#include <stdlib.h>
#include <string.h>

#include <puppet.h>

#include "check.h"

#define GUARD 0xA5
#define EXTRA 24 /* fields of a newer header this library does not know */

/* A caller's struct of up to `sizeof T + EXTRA` bytes, then guard bytes. */
struct diagnostic_frame {
    puppet_diagnostic d;
    unsigned char extra[EXTRA];
    unsigned char after[64];
};

struct attr_frame {
    puppet_model_attr a;
    unsigned char extra[EXTRA];
    unsigned char after[64];
};

static int all(const unsigned char *bytes, size_t size, unsigned char value) {
    size_t i;
    for (i = 0; i < size; i++) {
        if (bytes[i] != value) {
            return 0;
        }
    }
    return 1;
}

static puppet_result *parse_text(const char *text) {
    puppet_result *result = NULL;
    puppet_options options;
    puppet_options_init(&options);
    options.file = "grow.pp";
    CHECK(puppet_parse_and_validate((const uint8_t *)text, strlen(text), &options, &result) ==
          PUPPET_OK);
    return result;
}

static void test_diagnostic(void) {
    puppet_result *result = parse_text("$h = {a => 1, a => 2}\n");
    struct diagnostic_frame *frame = malloc(sizeof *frame);
    const puppet_diagnostic *borrowed = puppet_result_diagnostic(result, 0);
    const size_t first = offsetof(puppet_diagnostic, file) + sizeof(const char *);

    CHECK(frame != NULL && borrowed != NULL);
    if (frame == NULL || borrowed == NULL) {
        free(frame);
        puppet_result_free(result);
        return;
    }
    /* this header's size: the same fields as the borrowed struct */
    memset(frame, GUARD, sizeof *frame);
    CHECK(puppet_result_diagnostic_get(result, 0, &frame->d, sizeof frame->d) == PUPPET_OK);
    CHECK_STR(frame->d.code, "DUPLICATE_KEY");
    CHECK(frame->d.code == borrowed->code && frame->d.message == borrowed->message);
    CHECK(frame->d.severity == borrowed->severity && frame->d.offset == 16 &&
          frame->d.length == 2 && frame->d.line == 1 && frame->d.column == 17);
    CHECK(frame->d.message_length == strlen(frame->d.message));
    CHECK_STR(frame->d.file, "grow.pp");
    CHECK(all(frame->extra, sizeof frame->extra + sizeof frame->after, GUARD));

    /* a newer header's larger struct: what this library does not know reads 0 */
    memset(frame, GUARD, sizeof *frame);
    CHECK(puppet_result_diagnostic_get(result, 0, &frame->d, sizeof frame->d + EXTRA) ==
          PUPPET_OK);
    CHECK(frame->d.offset == 16 && frame->d.line == 1 && frame->d.column == 17);
    CHECK(all(frame->extra, sizeof frame->extra, 0));
    CHECK(all(frame->after, sizeof frame->after, GUARD));

    /* smaller than the first header's struct: refused, nothing written */
    memset(frame, GUARD, sizeof *frame);
    CHECK(puppet_result_diagnostic_get(result, 0, &frame->d, first - 1) ==
          PUPPET_ERROR_ARGUMENT);
    CHECK(strstr(puppet_last_error_message(), "size of puppet_diagnostic") != NULL);
    CHECK(all((const unsigned char *)frame, sizeof *frame, GUARD));
    CHECK(puppet_result_diagnostic_get(result, 0, &frame->d, 4096) == PUPPET_ERROR_ARGUMENT);
    CHECK(puppet_result_diagnostic_get(result, 1, &frame->d, sizeof frame->d) ==
          PUPPET_ERROR_ARGUMENT);
    CHECK(puppet_result_diagnostic_get(result, 0, NULL, sizeof frame->d) == PUPPET_ERROR_NULL);
    CHECK(puppet_result_diagnostic_get(NULL, 0, &frame->d, sizeof frame->d) ==
          PUPPET_ERROR_NULL);
    CHECK(all((const unsigned char *)frame, sizeof *frame, GUARD));

    free(frame);
    puppet_result_free(result);
}

static void test_model_attr(void) {
    puppet_result *result = parse_text("$a = 'x'\n");
    struct attr_frame *frame = malloc(sizeof *frame);
    const uint32_t root = puppet_model_root(result);
    const size_t first = offsetof(puppet_model_attr, string_length) + sizeof(size_t);

    CHECK(frame != NULL);
    if (frame == NULL) {
        puppet_result_free(result);
        return;
    }
    /* through the macro: this header's size, every field */
    memset(frame, GUARD, sizeof *frame);
    CHECK(puppet_model_attr_get(result, root, 0, &frame->a) == PUPPET_OK);
    CHECK_STR(frame->a.name, "left_expr");
    CHECK(frame->a.attribute == PUPPET_MODEL_ATTRIBUTE_LEFT_EXPR);
    CHECK(frame->a.value_type == PUPPET_VALUE_NODES && frame->a.count == 1);
    CHECK(all(frame->extra, sizeof frame->extra + sizeof frame->after, GUARD));

    /* a newer header's larger struct */
    memset(frame, GUARD, sizeof *frame);
    CHECK(puppet_model_attr_get_sized(result, root, 2, &frame->a, sizeof frame->a + EXTRA) ==
          PUPPET_OK);
    CHECK(frame->a.attribute == PUPPET_MODEL_ATTRIBUTE_OPERATOR);
    CHECK(frame->a.value_type == PUPPET_VALUE_ENUM && frame->a.string[0] == '=');
    CHECK(all(frame->extra, sizeof frame->extra, 0));
    CHECK(all(frame->after, sizeof frame->after, GUARD));

    /* the first header's size: its fields only, `attribute` (appended since) not written */
    memset(frame, GUARD, sizeof *frame);
    CHECK(first < sizeof frame->a);
    CHECK(puppet_model_attr_get_sized(result, root, 0, &frame->a, first) == PUPPET_OK);
    CHECK_STR(frame->a.name, "left_expr");
    CHECK(frame->a.value_type == PUPPET_VALUE_NODES && frame->a.count == 1);
    CHECK(all((const unsigned char *)&frame->a + first, sizeof *frame - first, GUARD));

    /* smaller than that: refused, nothing written */
    memset(frame, GUARD, sizeof *frame);
    CHECK(puppet_model_attr_get_sized(result, root, 1, &frame->a, first - 8) ==
          PUPPET_ERROR_ARGUMENT);
    CHECK(puppet_model_attr_get_sized(result, root, 1, NULL, sizeof frame->a) ==
          PUPPET_ERROR_NULL);
    CHECK(puppet_model_attr_get_sized(result, root, 7, &frame->a, sizeof frame->a) ==
          PUPPET_ERROR_ARGUMENT);
    CHECK(all((const unsigned char *)frame, sizeof *frame, GUARD));

    free(frame);
    puppet_result_free(result);
}

int main(void) {
    test_diagnostic();
    test_model_attr();
    return SUMMARY("test_sized");
}
