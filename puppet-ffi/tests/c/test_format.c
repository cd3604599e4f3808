/*
 * The formatter from C: a source formatted into an owned buffer, an EPP template, a source
 * with a syntax error refused with its first error, and a range of a source formatted for an
 * editor. Run under valgrind by scripts/test-c.
 */
#include <stdlib.h>
#include <string.h>

#include <puppet.h>

#include "check.h"

static puppet_status format_text(const char *text, uint32_t flags, puppet_buffer **out) {
    return puppet_format((const uint8_t *)text, strlen(text), flags, "x.pp", out);
}

static void test_format(void) {
    puppet_buffer *out = NULL;
    CHECK(format_text("file {'/x':\n      ensure=>file,\n  mode => \"0644\"}", 0, &out) ==
          PUPPET_OK);
    CHECK_STR(out->data, "file { '/x':\n  ensure => file,\n  mode   => '0644',\n}\n");
    CHECK(out->length == strlen(out->data));
    puppet_buffer_free(out);

    /* Formatted already: the same text. Empty: empty. */
    CHECK(format_text("notice('hi')\n", 0, &out) == PUPPET_OK);
    CHECK_STR(out->data, "notice('hi')\n");
    puppet_buffer_free(out);
    CHECK(puppet_format(NULL, 0, 0, NULL, &out) == PUPPET_OK);
    CHECK(out->length == 0);
    puppet_buffer_free(out);

    /* EPP: the code in the tags, never the text. */
    CHECK(format_text("a  <%=$x%>  b\n", PUPPET_FORMAT_EPP, &out) == PUPPET_OK);
    CHECK_STR(out->data, "a  <%= $x %>  b\n");
    puppet_buffer_free(out);
}

static void test_refusals(void) {
    puppet_buffer *out = (puppet_buffer *)1;
    CHECK(format_text("class a {\n  $x = \n", 0, &out) == PUPPET_ERROR_SYNTAX);
    CHECK(out == NULL);
    CHECK(strstr(puppet_last_error_message(), "line 3") != NULL);
    CHECK(puppet_format((const uint8_t *)"$x = '\xff'\n", 10, 0, NULL, &out) ==
          PUPPET_ERROR_SYNTAX);
    CHECK(format_text("$x = 1\n", 8, &out) == PUPPET_ERROR_ARGUMENT);
    CHECK(format_text("$x = 1\n", 0, NULL) == PUPPET_ERROR_NULL);
}

static void test_range(void) {
    const char *text = "$a=1\n$b=2\n$c=3\n";
    size_t start = 5, end = 7, from = 0, to = 0;
    puppet_buffer *out = NULL;
    CHECK(puppet_format_range((const uint8_t *)text, strlen(text), start, end, 0, &out, &from,
                              &to) == PUPPET_OK);
    CHECK(from == 7 && to == 8);
    CHECK_STR(out->data, " = ");
    puppet_buffer_free(out);
    CHECK(puppet_format_range((const uint8_t *)text, strlen(text), 9, 99, 0, &out, &from, &to) ==
          PUPPET_ERROR_ARGUMENT);
}

int main(void) {
    test_format();
    test_refusals();
    test_range();
    return SUMMARY("test_format");
}
