/*
 * The corpus through the C API: every file named on standard input (one path a line) is
 * parsed and validated with the CST; the call must succeed, the CST's token texts read
 * through a cursor must give the file back byte for byte, the model walk must reach every
 * node and PN must be made for every file with a model. Files ending in .epp are templates.
 * scripts/test-c runs it natively on the whole Debian corpus and under valgrind on a sample.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>
#include <string.h>

#include <puppet.h>

#include "check.h"

static unsigned char *read_file(const char *path, size_t *length) {
    FILE *f = fopen(path, "rb");
    unsigned char *data;
    long size;
    if (f == NULL) {
        return NULL;
    }
    if (fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0 ||
        (data = malloc((size_t)size + 1)) == NULL) {
        fclose(f);
        return NULL;
    }
    if (fread(data, 1, (size_t)size, f) != (size_t)size) {
        free(data);
        fclose(f);
        return NULL;
    }
    fclose(f);
    *length = (size_t)size;
    return data;
}

/* Compares the token texts below the cursor with `source` from `*offset` on. */
static int tokens_match(puppet_cst_cursor *c, const unsigned char *source, size_t length,
                        size_t *offset) {
    int ok = 1;
    do {
        if (puppet_cst_cursor_is_token(c)) {
            size_t n = 0;
            const char *text = puppet_cst_cursor_text(c, &n);
            if (*offset + n > length || memcmp(text, source + *offset, n) != 0) {
                ok = 0;
            }
            *offset += n;
        } else if (puppet_cst_cursor_goto_first_child(c)) {
            ok &= tokens_match(c, source, length, offset);
            puppet_cst_cursor_goto_parent(c);
        }
    } while (ok && puppet_cst_cursor_goto_next_sibling(c));
    return ok;
}

/* The nodes below `node` (itself included), 0 when a node's class or an attribute's number
 * disagrees with its name. */
static unsigned long count_nodes(const puppet_result *r, uint32_t node) {
    unsigned long n = 1;
    size_t i, j, count = puppet_model_attr_count(r, node);
    puppet_model_class_id class_ = puppet_model_node_class(r, node);
    if (class_ == PUPPET_MODEL_CLASS_NONE ||
        !puppet_model_class_is_a(class_, PUPPET_MODEL_CLASS_POSITIONED) ||
        strcmp(puppet_model_class_name(class_), puppet_model_class(r, node)) != 0) {
        return 0;
    }
    for (i = 0; i < count; i++) {
        puppet_model_attr attr;
        if (puppet_model_attr_get(r, node, i, &attr) != PUPPET_OK ||
            attr.attribute == PUPPET_MODEL_ATTRIBUTE_NONE ||
            strcmp(puppet_model_attribute_name(attr.attribute), attr.name) != 0 ||
            puppet_model_attr_find(r, node, attr.attribute) != (int64_t)i) {
            return 0;
        }
        if (attr.value_type == PUPPET_VALUE_NODES && attr.containment) {
            for (j = 0; j < attr.count; j++) {
                unsigned long below = count_nodes(r, puppet_model_attr_node(r, node, i, j));
                if (below == 0) {
                    return 0;
                }
                n += below;
            }
        }
    }
    return n;
}

int main(void) {
    char path[4096];
    unsigned long files = 0, bytes = 0, diagnostics = 0, nodes = 0, lossless = 0;
    while (fgets(path, sizeof path, stdin) != NULL) {
        size_t length = 0, offset = 0, n = strlen(path);
        unsigned char *source;
        puppet_options options;
        puppet_result *result = NULL;
        puppet_cst_cursor *cursor = NULL;
        puppet_buffer *pn = NULL;
        if (n > 0 && path[n - 1] == '\n') {
            path[--n] = '\0';
        }
        if (n == 0) {
            continue;
        }
        source = read_file(path, &length);
        CHECK(source != NULL);
        if (source == NULL) {
            fprintf(stderr, "test_corpus: cannot read %s\n", path);
            continue;
        }
        puppet_options_init(&options);
        options.file = path;
        options.flags = PUPPET_PARSE_CST;
        if (n > 4 && strcmp(path + n - 4, ".epp") == 0) {
            options.flags |= PUPPET_PARSE_EPP;
        }
        CHECK(puppet_parse_and_validate(source, length, &options, &result) == PUPPET_OK);
        files++;
        bytes += length;
        diagnostics += puppet_result_diagnostic_count(result);
        CHECK(puppet_cst_cursor_new(result, &cursor) == PUPPET_OK);
        if (tokens_match(cursor, source, length, &offset) && offset == length) {
            lossless++;
        } else {
            fprintf(stderr, "test_corpus: the CST of %s is not the file\n", path);
        }
        puppet_cst_cursor_free(cursor);
        if (puppet_model_root(result) != 0) {
            unsigned long found = count_nodes(result, puppet_model_root(result));
            CHECK(found > 0);
            nodes += found;
            CHECK(puppet_result_pn(result, 0, &pn) == PUPPET_OK && pn->length > 0);
            puppet_buffer_free(pn);
        } else {
            CHECK(puppet_result_has_errors(result));
        }
        puppet_result_free(result);
        free(source);
    }
    CHECK(files > 0 && lossless == files);
    printf("test_corpus: %lu files, %lu bytes, %lu lossless through the cursor, %lu diagnostics, "
           "%lu model nodes\n",
           files, bytes, lossless, diagnostics, nodes);
    return SUMMARY("test_corpus");
}
