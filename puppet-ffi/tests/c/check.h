/*
 * A tiny test harness for the C tests of libpuppet: CHECK counts passed and failed checks and
 * reports failures with their line; SUMMARY prints the plain `NAME: N passed, N failed` line
 * that scripts/test-c adds up, and returns the exit status.
 */
#ifndef PUPPET_TEST_CHECK_H
#define PUPPET_TEST_CHECK_H

#include <stdio.h>
#include <string.h>

static unsigned long checks_passed, checks_failed;

#define CHECK(cond)                                                                          \
    do {                                                                                     \
        if (cond) {                                                                          \
            checks_passed++;                                                                 \
        } else {                                                                             \
            checks_failed++;                                                                 \
            fprintf(stderr, "%s:%d: check failed: %s (last error: %s)\n", __FILE__,         \
                    __LINE__, #cond, puppet_last_error_message());                           \
        }                                                                                    \
    } while (0)

#define CHECK_STR(actual, expected)                                                          \
    do {                                                                                     \
        const char *a_ = (actual), *e_ = (expected);                                         \
        if (a_ != NULL && strcmp(a_, e_) == 0) {                                             \
            checks_passed++;                                                                 \
        } else {                                                                             \
            checks_failed++;                                                                 \
            fprintf(stderr, "%s:%d: %s is \"%s\", expected \"%s\"\n", __FILE__, __LINE__,   \
                    #actual, a_ ? a_ : "(null)", e_);                                        \
        }                                                                                    \
    } while (0)

#define SUMMARY(name)                                                                        \
    (printf("%s: %lu passed, %lu failed\n", (name), checks_passed, checks_failed),           \
     checks_failed == 0 ? 0 : 1)

#endif
