/*
 * A 20 MB input: a manifest of many classes (parsed, validated, its PN made and its model
 * walked), the same with a syntax error on its last line, and one 20 MB comment. Run under
 * valgrind by scripts/test-c.
 */
#include <stdlib.h>
#include <string.h>

#include <puppet.h>

#include "check.h"

#define TARGET_BYTES (20u * 1024u * 1024u)

static const char block[] = "class c%06u($p = 'v') {\n"
                            "  file { \"/tmp/%06u/${p}\": ensure => file, mode => '0644' }\n"
                            "  if $p == 'x' { notice(\"c%06u\") } else { $q = [1, 2, 3] }\n"
                            "}\n";

/* A manifest of at least TARGET_BYTES; `*lines` gets its line count. */
static char *big_manifest(size_t *length, unsigned *blocks, unsigned *lines) {
    size_t capacity = TARGET_BYTES + 4096, used = 0;
    char *text = malloc(capacity);
    unsigned n = 0;
    if (text == NULL) {
        return NULL;
    }
    while (used < TARGET_BYTES) {
        used += (size_t)snprintf(text + used, capacity - used, block, n, n, n);
        n++;
    }
    *length = used;
    *blocks = n;
    *lines = 4 * n;
    return text;
}

int main(void) {
    size_t length = 0, text_length = 0;
    unsigned blocks = 0, lines = 0, line = 0;
    char *text = big_manifest(&length, &blocks, &lines);
    puppet_result *result = NULL;
    puppet_buffer *pn = NULL;
    puppet_model_attr attr;
    const puppet_diagnostic *d;
    uint32_t root;

    CHECK(text != NULL && length >= TARGET_BYTES);
    if (text == NULL) {
        return SUMMARY("test_large");
    }
    CHECK(puppet_parse_and_validate((const uint8_t *)text, length, NULL, &result) == PUPPET_OK);
    CHECK(puppet_result_diagnostic_count(result) == 0);
    root = puppet_model_root(result);
    CHECK(puppet_model_node_class(result, root) == PUPPET_MODEL_CLASS_BLOCK_EXPRESSION);
    CHECK(puppet_model_attr_get(result, root, 0, &attr) == PUPPET_OK);
    CHECK(attr.value_type == PUPPET_VALUE_NODES && attr.count == blocks);
    CHECK(puppet_model_node_class(result, puppet_model_attr_node(result, root, 0, blocks - 1)) ==
          PUPPET_MODEL_CLASS_HOST_CLASS_DEFINITION);
    CHECK(puppet_result_pn(result, 0, &pn) == PUPPET_OK);
    CHECK(pn != NULL && pn->length > length / 2 && strncmp(pn->data, "(block (class ", 14) == 0);
    CHECK(puppet_result_position(result, (uint32_t)length, &line, NULL) == PUPPET_OK);
    CHECK(line == lines + 1);
    puppet_buffer_free(pn);
    puppet_result_free(result);

    /* the same with a syntax error at the very end */
    text[length - 2] = '(';
    result = NULL;
    CHECK(puppet_parse((const uint8_t *)text, length, NULL, &result) == PUPPET_OK);
    CHECK(puppet_result_has_errors(result) == 1);
    d = puppet_result_diagnostic(result, 0);
    CHECK(d != NULL && d->line >= lines - 1);
    CHECK(puppet_result_text(result, &text_length) != NULL && text_length == length);
    puppet_result_free(result);

    /* one 20 MB comment, with the CST */
    {
        puppet_options options;
        puppet_cst_cursor *cursor = NULL;
        uint32_t start = 0, end = 0;
        memset(text, 'x', length);
        text[0] = '#';
        puppet_options_init(&options);
        options.flags = PUPPET_PARSE_CST;
        result = NULL;
        CHECK(puppet_parse((const uint8_t *)text, length, &options, &result) == PUPPET_OK);
        CHECK(puppet_result_diagnostic_count(result) == 0);
        CHECK(puppet_cst_cursor_new(result, &cursor) == PUPPET_OK);
        CHECK(puppet_cst_cursor_goto_first_child(cursor) == 1);
        CHECK_STR(puppet_cst_cursor_kind_name(cursor), "COMMENT");
        CHECK(puppet_cst_cursor_range(cursor, &start, &end) == PUPPET_OK);
        CHECK(start == 0 && end == length);
        puppet_cst_cursor_free(cursor);
        puppet_result_free(result);
    }
    free(text);
    printf("test_large: %lu bytes, %u classes\n", (unsigned long)length, blocks);
    return SUMMARY("test_large");
}
