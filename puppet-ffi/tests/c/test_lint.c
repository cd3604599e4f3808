/*
 * The linter from C: the problems of a source with their kinds, positions, reasons and the
 * edits of their fixes, the checks chosen by name or all of them, the list of checks, the text
 * of --fix, EPP templates, a source with syntax errors (problems of check "syntax" from
 * puppet_lint, PUPPET_ERROR_SYNTAX from puppet_lint_fix), an unknown check, bad arguments, and
 * structs smaller and larger than the library's. Run under valgrind by scripts/test-c.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <puppet.h>

#include "check.h"

static puppet_lint_result *lint_text(const char *text, const char *checks, uint32_t flags) {
    puppet_lint_result *result = (puppet_lint_result *)1;
    puppet_status status =
        puppet_lint((const uint8_t *)text, strlen(text), "init.pp", checks, flags, &result);
    CHECK(status == PUPPET_OK);
    if (status != PUPPET_OK) {
        CHECK(result == NULL);
        return NULL;
    }
    return result;
}

/* The index of the first problem of `check`, or -1. */
static long find(const puppet_lint_result *result, const char *check) {
    for (size_t i = 0; i < puppet_lint_result_count(result); i++) {
        puppet_lint_problem p;
        if (puppet_lint_problem_get(result, i, &p, sizeof p) == PUPPET_OK &&
            strcmp(p.check, check) == 0)
            return (long)i;
    }
    return -1;
}

/* The source with the edits of problem `index`'s fix applied (caller frees). */
static char *apply_fix(const char *source, const puppet_lint_result *result, size_t index) {
    puppet_lint_problem p;
    if (puppet_lint_problem_get(result, index, &p, sizeof p) != PUPPET_OK)
        return NULL;
    size_t length = strlen(source), capacity = length + 1;
    for (size_t j = 0; j < p.fix_edits; j++) {
        puppet_text_edit e;
        if (puppet_lint_fix_edit_get(result, index, j, &e, sizeof e) != PUPPET_OK)
            return NULL;
        capacity += e.text_length;
    }
    char *out = malloc(capacity);
    size_t at = 0, from = 0;
    for (size_t j = 0; j < p.fix_edits; j++) {
        puppet_text_edit e;
        puppet_lint_fix_edit_get(result, index, j, &e, sizeof e);
        memcpy(out + at, source + from, e.offset - from);
        at += e.offset - from;
        memcpy(out + at, e.text, e.text_length);
        at += e.text_length;
        from = e.offset + e.length;
    }
    memcpy(out + at, source + from, length - from);
    out[at + length - from] = '\0';
    return out;
}

static void test_problems(void) {
    const char *text = "file { '/x': ensure => present }  \n"
                       "# lint:ignore:trailing_whitespace old code\n"
                       "$a = 1 \n"
                       "# lint:endignore\n";
    puppet_lint_result *result = lint_text(text, NULL, 0);
    CHECK(puppet_lint_result_count(result) >= 3);

    long at = find(result, "file_ensure");
    CHECK(at >= 0);
    puppet_lint_problem p;
    CHECK(puppet_lint_problem_get(result, (size_t)at, &p, sizeof p) == PUPPET_OK);
    CHECK(p.kind == PUPPET_LINT_KIND_WARNING);
    CHECK(p.line == 1 && p.column == 24);
    CHECK(p.offset == 23 && p.length == 7); /* "present" */
    CHECK_STR(p.message, "ensure set to present on file resource");
    CHECK(p.message_length == strlen(p.message));
    CHECK(p.reason == NULL);
    CHECK(p.fix_edits == 1);
    puppet_text_edit e;
    CHECK(puppet_lint_fix_edit_get(result, (size_t)at, 0, &e, sizeof e) == PUPPET_OK);
    CHECK(e.offset == 23 && e.length == 7);
    CHECK_STR(e.text, "file");
    CHECK(e.text_length == 4);
    char *fixed = apply_fix(text, result, (size_t)at);
    CHECK(fixed != NULL && strncmp(fixed, "file { '/x': ensure => file }  \n", 32) == 0);
    free(fixed);
    CHECK(puppet_lint_fix_edit_get(result, (size_t)at, 1, &e, sizeof e) == PUPPET_ERROR_ARGUMENT);

    /* trailing_whitespace: an error on line 1, silenced with its reason on line 3. */
    size_t errors = 0, ignored = 0;
    for (size_t i = 0; i < puppet_lint_result_count(result); i++) {
        CHECK(puppet_lint_problem_get(result, i, &p, sizeof p) == PUPPET_OK);
        if (strcmp(p.check, "trailing_whitespace") != 0)
            continue;
        if (p.line == 1) {
            errors++;
            CHECK(p.kind == PUPPET_LINT_KIND_ERROR);
            CHECK(p.reason == NULL);
            fixed = apply_fix(text, result, i);
            CHECK(fixed != NULL && strncmp(fixed, "file { '/x': ensure => present }\n#", 34) == 0);
            free(fixed);
        } else {
            ignored++;
            CHECK(p.line == 3);
            CHECK(p.kind == PUPPET_LINT_KIND_IGNORED);
            CHECK_STR(p.reason, "old code");
        }
    }
    CHECK(errors == 1 && ignored == 1);
    puppet_lint_result_free(result);

    /* Nothing to say: no problems. An empty source too. */
    result = lint_text("notice('hi')\n", NULL, 0);
    CHECK(puppet_lint_result_count(result) == 0);
    puppet_lint_result_free(result);
    CHECK(puppet_lint(NULL, 0, NULL, NULL, 0, &result) == PUPPET_OK);
    CHECK(result != NULL);
    puppet_lint_result_free(result);
}

static void test_checks(void) {
    size_t count = puppet_lint_check_count();
    CHECK(count > 10);
    CHECK(puppet_lint_check_name(count) == NULL);
    CHECK(puppet_lint_check_name(SIZE_MAX) == NULL);
    int seen_80 = 0, seen_trailing = 0;
    for (size_t i = 0; i < count; i++) {
        const char *name = puppet_lint_check_name(i);
        CHECK(name != NULL && *name != '\0');
        if (name == NULL)
            continue;
        CHECK(puppet_lint_check_name(i) == name); /* static */
        seen_80 |= strcmp(name, "80chars") == 0;
        seen_trailing |= strcmp(name, "trailing_whitespace") == 0;
        /* Every listed name is one puppet_lint takes. */
        puppet_lint_result *one = lint_text("$a = 1\n", name, 0);
        puppet_lint_result_free(one);
    }
    CHECK(seen_80 && seen_trailing);

    /* 80chars is off by default; on with PUPPET_LINT_ALL_CHECKS or by name. */
    char longline[128];
    memset(longline, 0, sizeof longline);
    strcpy(longline, "$a = '");
    memset(longline + 6, 'x', 90);
    strcat(longline, "'\n");
    puppet_lint_result *result = lint_text(longline, NULL, 0);
    CHECK(find(result, "80chars") < 0);
    puppet_lint_result_free(result);
    result = lint_text(longline, NULL, PUPPET_LINT_ALL_CHECKS);
    CHECK(find(result, "80chars") >= 0);
    puppet_lint_result_free(result);
    result = lint_text("$a = 1  \n", " 80chars, trailing_whitespace,", 0);
    CHECK(puppet_lint_result_count(result) == 1);
    CHECK(find(result, "trailing_whitespace") == 0);
    puppet_lint_result_free(result);
    result = lint_text("$a = 1  \n", "", 0); /* no checks */
    CHECK(puppet_lint_result_count(result) == 0);
    puppet_lint_result_free(result);

    /* An unknown check is an argument error naming it. */
    puppet_lint_result *bad = (puppet_lint_result *)1;
    CHECK(puppet_lint((const uint8_t *)"$a = 1\n", 7, NULL, "trailing_whitespace,no_such_check",
                      0, &bad) == PUPPET_ERROR_ARGUMENT);
    CHECK(bad == NULL);
    CHECK(strstr(puppet_last_error_message(), "no_such_check") != NULL);
    CHECK(puppet_lint((const uint8_t *)"$a = 1\n", 7, NULL, "80chars", PUPPET_LINT_ALL_CHECKS,
                      &bad) == PUPPET_ERROR_ARGUMENT);
    CHECK(puppet_lint((const uint8_t *)"$a = 1\n", 7, NULL, NULL, 0x80, &bad) ==
          PUPPET_ERROR_ARGUMENT);
    CHECK(puppet_lint((const uint8_t *)"$a = 1\n", 7, NULL, "\xff", 0, &bad) ==
          PUPPET_ERROR_UTF8);
}

static void test_syntax_errors(void) {
    puppet_lint_result *result = lint_text("class a {\n  $x = \n", NULL, 0);
    CHECK(puppet_lint_result_count(result) >= 1);
    for (size_t i = 0; i < puppet_lint_result_count(result); i++) {
        puppet_lint_problem p;
        CHECK(puppet_lint_problem_get(result, i, &p, sizeof p) == PUPPET_OK);
        CHECK_STR(p.check, "syntax");
        CHECK(p.kind == PUPPET_LINT_KIND_ERROR);
        CHECK(p.fix_edits == 0);
        CHECK(strncmp(p.message, "Syntax error", 12) == 0);
    }
    puppet_lint_result_free(result);
    /* Bytes that are not UTF-8: a syntax problem too, not a failed call. */
    CHECK(puppet_lint((const uint8_t *)"$x = '\xff'\n", 10, NULL, NULL, 0, &result) == PUPPET_OK);
    CHECK(find(result, "syntax") == 0);
    puppet_lint_result_free(result);
}

static puppet_status fix_text(const char *text, const char *checks, uint32_t flags,
                              puppet_buffer **out) {
    return puppet_lint_fix((const uint8_t *)text, strlen(text), "init.pp", checks, flags, out);
}

static void test_fix(void) {
    puppet_buffer *out = NULL;
    CHECK(fix_text("file { '/x':\n  ensure => present\n}  \n", NULL, 0, &out) == PUPPET_OK);
    CHECK_STR(out->data, "file { '/x':\n  ensure => file,\n}\n");
    CHECK(out->length == strlen(out->data));
    puppet_buffer_free(out);
    /* Only the checks named. */
    CHECK(fix_text("file { '/x':\n  ensure => present\n}  \n", "trailing_whitespace", 0, &out) ==
          PUPPET_OK);
    CHECK_STR(out->data, "file { '/x':\n  ensure => present\n}\n");
    puppet_buffer_free(out);
    /* Nothing to fix: the same text. Empty: empty. */
    CHECK(fix_text("notice('hi')\n", NULL, 0, &out) == PUPPET_OK);
    CHECK_STR(out->data, "notice('hi')\n");
    puppet_buffer_free(out);
    CHECK(puppet_lint_fix(NULL, 0, NULL, NULL, 0, &out) == PUPPET_OK);
    CHECK(out->length == 0);
    puppet_buffer_free(out);

    /* Refusals. */
    out = (puppet_buffer *)1;
    CHECK(fix_text("class a {\n  $x = \n", NULL, 0, &out) == PUPPET_ERROR_SYNTAX);
    CHECK(out == NULL);
    CHECK(strstr(puppet_last_error_message(), "line 3") != NULL);
    CHECK(puppet_lint_fix((const uint8_t *)"$x = '\xff'\n", 10, NULL, NULL, 0, &out) ==
          PUPPET_ERROR_SYNTAX);
    CHECK(fix_text("$x = 1\n", "no_such_check", 0, &out) == PUPPET_ERROR_ARGUMENT);
    CHECK(strstr(puppet_last_error_message(), "no_such_check") != NULL);
    CHECK(fix_text("$x = 1\n", NULL, 0x80, &out) == PUPPET_ERROR_ARGUMENT);
    CHECK(fix_text("$x = 1\n", NULL, 0, NULL) == PUPPET_ERROR_NULL);
    CHECK(puppet_lint_fix(NULL, 3, NULL, NULL, 0, &out) == PUPPET_ERROR_NULL);
}

static void test_epp(void) {
    const char *template = "<% $x = 1 %>text  \n<%= $x %>\n";
    /* Read as a manifest, a template does not parse. */
    puppet_lint_result *result = NULL;
    CHECK(puppet_lint((const uint8_t *)template, strlen(template), NULL, NULL, 0, &result) ==
          PUPPET_OK);
    CHECK(find(result, "syntax") >= 0);
    puppet_lint_result_free(result);
    CHECK(puppet_lint((const uint8_t *)template, strlen(template), NULL, NULL, PUPPET_LINT_EPP,
                      &result) == PUPPET_OK);
    CHECK(find(result, "syntax") < 0);
    puppet_lint_result_free(result);
    CHECK(puppet_lint((const uint8_t *)template, strlen(template), "t.epp", NULL, 0, &result) ==
          PUPPET_OK);
    CHECK(find(result, "syntax") < 0);
    puppet_lint_result_free(result);

    puppet_buffer *out = NULL;
    CHECK(puppet_lint_fix((const uint8_t *)template, strlen(template), NULL, NULL,
                          PUPPET_LINT_EPP, &out) == PUPPET_OK);
    CHECK_STR(out->data, template); /* the template's text is not code */
    puppet_buffer_free(out);
    CHECK(puppet_lint_fix((const uint8_t *)template, strlen(template), "t", NULL,
                          PUPPET_LINT_EPP, &out) == PUPPET_OK);
    puppet_buffer_free(out);
    CHECK(puppet_lint_fix((const uint8_t *)template, strlen(template), NULL, NULL, 0, &out) ==
          PUPPET_ERROR_SYNTAX);
}

static void test_arguments_and_sizes(void) {
    puppet_lint_result *result = (puppet_lint_result *)1;
    CHECK(puppet_lint(NULL, 3, NULL, NULL, 0, &result) == PUPPET_ERROR_NULL);
    CHECK(result == NULL);
    CHECK(puppet_lint(NULL, 0, NULL, NULL, 0, NULL) == PUPPET_ERROR_NULL);
    CHECK(puppet_lint((const uint8_t *)"$a = 1\n", 7, "\xff.pp", NULL, 0, &result) ==
          PUPPET_ERROR_UTF8);
    CHECK(puppet_lint_result_count(NULL) == 0);
    puppet_lint_result_free(NULL);

    result = lint_text("$a = 1 \n", "trailing_whitespace", 0);
    CHECK(puppet_lint_result_count(result) == 1);
    puppet_lint_problem p;
    puppet_text_edit e;
    CHECK(puppet_lint_problem_get(NULL, 0, &p, sizeof p) == PUPPET_ERROR_NULL);
    CHECK(puppet_lint_problem_get(result, 0, NULL, sizeof p) == PUPPET_ERROR_NULL);
    CHECK(puppet_lint_problem_get(result, 1, &p, sizeof p) == PUPPET_ERROR_ARGUMENT);
    CHECK(puppet_lint_fix_edit_get(NULL, 0, 0, &e, sizeof e) == PUPPET_ERROR_NULL);
    CHECK(puppet_lint_fix_edit_get(result, 0, 0, NULL, sizeof e) == PUPPET_ERROR_NULL);
    CHECK(puppet_lint_fix_edit_get(result, 1, 0, &e, sizeof e) == PUPPET_ERROR_ARGUMENT);

    /* A struct smaller than the first header's is refused and not written. */
    unsigned char small[sizeof(puppet_lint_problem)];
    memset(small, 0xAA, sizeof small);
    CHECK(puppet_lint_problem_get(result, 0, (puppet_lint_problem *)(void *)small,
                                  sizeof(puppet_lint_problem) - 1) == PUPPET_ERROR_ARGUMENT);
    CHECK(strstr(puppet_last_error_message(), "puppet_lint_problem") != NULL);
    CHECK(small[0] == 0xAA && small[sizeof small - 1] == 0xAA);
    CHECK(puppet_lint_fix_edit_get(result, 0, 0, (puppet_text_edit *)(void *)small,
                                   sizeof(puppet_text_edit) - 1) == PUPPET_ERROR_ARGUMENT);
    CHECK(small[0] == 0xAA);
    CHECK(puppet_lint_problem_get(result, 0, &p, 4096) == PUPPET_ERROR_ARGUMENT);

    /* A larger one (a newer header's): ours filled, the rest zeroed, nothing past its size. */
    struct {
        puppet_lint_problem p;
        uint64_t newer[2];
        uint64_t past;
    } large;
    memset(&large, 0xAA, sizeof large);
    CHECK(puppet_lint_problem_get(result, 0, &large.p,
                                  sizeof large.p + sizeof large.newer) == PUPPET_OK);
    CHECK_STR(large.p.check, "trailing_whitespace");
    CHECK(large.p.line == 1 && large.p.column == 7 && large.p.fix_edits == 1);
    CHECK(large.newer[0] == 0 && large.newer[1] == 0);
    CHECK(large.past == 0xAAAAAAAAAAAAAAAAull);
    struct {
        puppet_text_edit e;
        uint64_t newer;
        uint64_t past;
    } large_edit;
    memset(&large_edit, 0xAA, sizeof large_edit);
    CHECK(puppet_lint_fix_edit_get(result, 0, 0, &large_edit.e,
                                   sizeof large_edit.e + sizeof large_edit.newer) == PUPPET_OK);
    CHECK(large_edit.e.offset == 6 && large_edit.e.length == 1 && large_edit.e.text_length == 0);
    CHECK_STR(large_edit.e.text, "");
    CHECK(large_edit.newer == 0 && large_edit.past == 0xAAAAAAAAAAAAAAAAull);
    puppet_lint_result_free(result);

#if UINTPTR_MAX == 0xFFFFFFFFFFFFFFFFu
    CHECK(sizeof(puppet_lint_problem) == 64);
    CHECK(sizeof(puppet_text_edit) == 24);
#endif
}

int main(void) {
    test_problems();
    test_checks();
    test_syntax_errors();
    test_fix();
    test_epp();
    test_arguments_and_sizes();
    return SUMMARY("test_lint");
}
