/*
 * The diagnostics vocabulary from C: each diagnostic's code kind (syntax or Puppet issue), the
 * diagnostics rendered in every format of `puppet-parser validate --format`, and editor
 * positions (0-based, UTF-8, UTF-16 or character columns) and back. Run under valgrind by
 * scripts/test-c.
 */
#include <stdlib.h>
#include <string.h>

#include <puppet.h>

#include "check.h"

static puppet_result *parse_text(const char *text) {
    puppet_result *result = NULL;
    puppet_options options;
    puppet_options_init(&options);
    options.file = "render.pp";
    CHECK(puppet_parse_and_validate((const uint8_t *)text, strlen(text), &options, &result) ==
          PUPPET_OK);
    return result;
}

static void test_kinds(void) {
    puppet_result *syntax = parse_text("$a = )\n");
    puppet_result *issue = parse_text("$h = {a => 1, a => 2}\n");
    puppet_diagnostic d;
    CHECK(puppet_result_diagnostic_get(syntax, 0, &d, sizeof d) == PUPPET_OK);
    CHECK(d.kind == PUPPET_CODE_KIND_SYNTAX);
    CHECK(puppet_result_diagnostic_get(issue, 0, &d, sizeof d) == PUPPET_OK);
    CHECK(d.kind == PUPPET_CODE_KIND_PUPPET);
    CHECK_STR(d.code, "DUPLICATE_KEY");
    puppet_result_free(syntax);
    puppet_result_free(issue);
}

static int contains(const puppet_buffer *b, const char *needle) {
    return b != NULL && strstr(b->data, needle) != NULL;
}

static void test_formats(void) {
    puppet_result *result = parse_text("$x = $Abc\n$h = {a => 1, a => 2}\n");
    puppet_buffer *out = NULL;

    CHECK(puppet_result_render(result, PUPPET_FORMAT_HUMAN, NULL, &out) == PUPPET_OK);
    CHECK(contains(out, "render.pp:1:6: error[ILLEGAL_VAR_NAME]"));
    CHECK(contains(out, "1 | $x = $Abc"));
    puppet_buffer_free(out);

    CHECK(puppet_result_render(result, PUPPET_FORMAT_JSON, "shown.pp", &out) == PUPPET_OK);
    CHECK(contains(out, "{\"file\":\"shown.pp\",\"line\":1,\"column\":6,"));
    puppet_buffer_free(out);

    CHECK(puppet_result_render(result, PUPPET_FORMAT_SARIF, NULL, &out) == PUPPET_OK);
    CHECK(contains(out, "\"version\": \"2.1.0\""));
    CHECK(contains(out, "\"ruleId\": \"ILLEGAL_VAR_NAME\""));
    puppet_buffer_free(out);

    CHECK(puppet_result_render(result, PUPPET_FORMAT_GITHUB, NULL, &out) == PUPPET_OK);
    CHECK(contains(out, "::error file=render.pp,line=1,col=6,"));
    puppet_buffer_free(out);

    CHECK(puppet_result_render(result, PUPPET_FORMAT_CODECLIMATE, NULL, &out) == PUPPET_OK);
    CHECK(contains(out, "\"check_name\": \"ILLEGAL_VAR_NAME\""));
    puppet_buffer_free(out);

    out = (puppet_buffer *)1;
    CHECK(puppet_result_render(result, 99, NULL, &out) == PUPPET_ERROR_ARGUMENT);
    CHECK(out == NULL);
    CHECK(puppet_result_render(NULL, PUPPET_FORMAT_JSON, NULL, &out) == PUPPET_ERROR_NULL);
    puppet_result_free(result);
}

static void test_editor_positions(void) {
    /* U+1D11E (4 bytes, 2 UTF-16 units) before `x` on line 1 (0-based). */
    const char *text = "$a = 1\n$b = '\xF0\x9D\x84\x9E' + x\n";
    puppet_result *result = parse_text(text);
    uint32_t x = (uint32_t)(strchr(text, 'x') - text), line = 9, column = 9, offset = 0;

    CHECK(puppet_result_editor_position(result, x, PUPPET_ENCODING_UTF16, &line, &column) ==
          PUPPET_OK);
    CHECK(line == 1 && column == 12);
    CHECK(puppet_result_editor_position(result, x, PUPPET_ENCODING_UTF32, NULL, &column) ==
          PUPPET_OK);
    CHECK(column == 11);
    CHECK(puppet_result_editor_position(result, x, PUPPET_ENCODING_UTF8, NULL, &column) ==
          PUPPET_OK);
    CHECK(column == 14);
    CHECK(puppet_result_editor_offset(result, 1, 12, PUPPET_ENCODING_UTF16, &offset) ==
          PUPPET_OK);
    CHECK(offset == x);
    /* Past the line's end: the end of the line; past the last line: refused. */
    CHECK(puppet_result_editor_offset(result, 0, 99, PUPPET_ENCODING_UTF16, &offset) ==
          PUPPET_OK);
    CHECK(offset == 6);
    CHECK(puppet_result_editor_offset(result, 7, 0, PUPPET_ENCODING_UTF16, &offset) ==
          PUPPET_ERROR_ARGUMENT);
    CHECK(puppet_result_editor_position(result, 9999, PUPPET_ENCODING_UTF16, &line, &column) ==
          PUPPET_ERROR_ARGUMENT);
    CHECK(puppet_result_editor_position(result, 0, 7, &line, &column) == PUPPET_ERROR_ARGUMENT);
    puppet_result_free(result);
}

int main(void) {
    test_kinds();
    test_formats();
    test_editor_positions();
    return SUMMARY("test_render");
}
