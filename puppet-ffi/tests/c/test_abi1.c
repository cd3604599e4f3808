/*
 * A program compiled against the first published header (ABI 1, kept in abi1/puppet.h: a
 * puppet_options of 56 bytes on 64-bit targets, up to `home`, filled by the function
 * puppet_options_init without a size) runs against this library, which has a larger struct:
 * the library writes and reads that program's struct only (guard bytes around it stay as they
 * were, and valgrind sees no access past it), gives it the defaults, and reads its `strict` as
 * its header defined it (0: warning). Run under valgrind by scripts/test-c.
 */
#include <stdlib.h>
#include <string.h>

#include "abi1/puppet.h"

#include "check.h"

/* The options between two guard areas, as a program's stack frame holds them. */
struct framed {
    unsigned char before[64];
    puppet_options options;
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
    return SUMMARY("test_abi1");
}
