/*
 * outline: walk the lossless CST of Puppet manifests with libpuppet's cursor and print an
 * outline: classes, defined types, functions, plans, nodes and resources, with their names or
 * titles and lines, indented by nesting.
 *
 *   outline [--tasks] FILE...
 *
 * For example, for a manifest with a class holding a file resource:
 *
 *   site.pp
 *     1: class apache
 *       2: resource file ['/etc/apache2']
 *
 * Kinds are looked up by name once (`puppet_cst_kind_from_name`): the numbers may change
 * between library versions, the names do not. The `_named_` moves of the cursor skip trivia
 * (whitespace, comments). Exit status: 0, or 1 when a file could not be
 * read or parsed.
 *
 * Build against an installed prefix:
 *   cc -std=c99 -o outline outline.c $(pkg-config --cflags --libs puppet)
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <puppet.h>

enum { CLASS_DEF, DEFINE_DEF, FUNCTION_DEF, PLAN_DEF, NODE_DEF, RESOURCE_EXPR, RESOURCE_BODY,
       NAME, COLON, COMMA, BLOCK, KIND_COUNT };

static const char *const kind_names[KIND_COUNT] = {
    "CLASS_DEF", "DEFINE_DEF", "FUNCTION_DEF", "PLAN_DEF", "NODE_DEF", "RESOURCE_EXPR",
    "RESOURCE_BODY", "NAME", "COLON", "COMMA", "BLOCK"};
static int kinds[KIND_COUNT];

static const char *const labels[] = {"class", "define", "function", "plan", "node", "resource"};

static int is(puppet_cst_cursor *c, int which) {
    return puppet_cst_cursor_kind(c) == kinds[which];
}

/* Prints the current element's text with every run of whitespace as one space. */
static void print_text(puppet_cst_cursor *c) {
    size_t length = 0, i;
    const char *text = puppet_cst_cursor_text(c, &length);
    int space = 0;
    for (i = 0; i < length; i++) {
        if (isspace((unsigned char)text[i])) {
            space = 1;
            continue;
        }
        if (space) {
            putchar(' ');
            space = 0;
        }
        putchar(text[i]);
    }
}

/* For a RESOURCE_BODY: prints its title (what comes before the ':'), if it has one. */
static void print_title(puppet_cst_cursor *c) {
    int has_colon = 0;
    if (!puppet_cst_cursor_goto_first_child(c)) {
        return;
    }
    do {
        has_colon |= is(c, COLON);
    } while (puppet_cst_cursor_goto_next_sibling(c));
    puppet_cst_cursor_goto_parent(c);
    if (has_colon && puppet_cst_cursor_goto_first_named_child(c)) {
        putchar(' ');
        print_text(c);
        puppet_cst_cursor_goto_parent(c);
    }
}

/* Prints the name part of a definition or resource the cursor is on (cursor unchanged). */
static void print_name(puppet_cst_cursor *c, int which) {
    int seen_keyword = 0;
    if (!puppet_cst_cursor_goto_first_named_child(c)) {
        return;
    }
    do {
        if (which == RESOURCE_EXPR) {
            if (!seen_keyword) { /* the type: `file`, `File`, `Class['x']` */
                putchar(' ');
                print_text(c);
                seen_keyword = 1;
            } else if (is(c, RESOURCE_BODY)) {
                print_title(c);
            }
        } else if (which == NODE_DEF) {
            if (is(c, BLOCK)) {
                break;
            }
            if (is(c, COMMA)) {
                putchar(',');
            } else if (seen_keyword) { /* the host matches */
                putchar(' ');
                print_text(c);
            }
            seen_keyword = 1;
        } else if (is(c, NAME)) {
            putchar(' ');
            print_text(c);
            break;
        }
    } while (puppet_cst_cursor_goto_next_named_sibling(c));
    puppet_cst_cursor_goto_parent(c);
}

/* Walks the current element and its following siblings. */
static void walk(puppet_cst_cursor *c, const puppet_result *result, int level) {
    do {
        int which, outlined = 0;
        for (which = CLASS_DEF; which <= RESOURCE_EXPR; which++) {
            if (is(c, which)) {
                uint32_t start = 0, line = 0;
                puppet_cst_cursor_range(c, &start, NULL);
                puppet_result_position(result, start, &line, NULL);
                printf("%*s%u: %s", 2 * (level + 1), "", line, labels[which]);
                print_name(c, which);
                putchar('\n');
                outlined = 1;
                break;
            }
        }
        if (!puppet_cst_cursor_is_token(c) && puppet_cst_cursor_goto_first_child(c)) {
            walk(c, result, level + outlined);
            puppet_cst_cursor_goto_parent(c);
        }
    } while (puppet_cst_cursor_goto_next_sibling(c));
}

static int outline_file(const char *path, uint32_t flags) {
    FILE *f = fopen(path, "rb");
    char *source = NULL;
    long size;
    puppet_options options;
    puppet_result *result = NULL;
    puppet_cst_cursor *cursor = NULL;

    if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0 ||
        fseek(f, 0, SEEK_SET) != 0 || (source = malloc((size_t)size + 1)) == NULL ||
        fread(source, 1, (size_t)size, f) != (size_t)size) {
        fprintf(stderr, "outline: cannot read %s\n", path);
        if (f != NULL) {
            fclose(f);
        }
        free(source);
        return 1;
    }
    fclose(f);
    puppet_options_init(&options);
    options.file = path;
    options.flags = flags | PUPPET_PARSE_CST | PUPPET_PARSE_NO_MODEL;
    if (puppet_parse((const uint8_t *)source, (size_t)size, &options, &result) != PUPPET_OK ||
        puppet_cst_cursor_new(result, &cursor) != PUPPET_OK) {
        fprintf(stderr, "outline: %s: %s\n", path, puppet_last_error_message());
        puppet_result_free(result);
        free(source);
        return 1;
    }
    printf("%s\n", path);
    if (puppet_cst_cursor_goto_first_child(cursor)) {
        walk(cursor, result, 0);
    }
    puppet_cst_cursor_free(cursor);
    puppet_result_free(result);
    free(source);
    return 0;
}

int main(int argc, char **argv) {
    uint32_t flags = 0;
    int i, status = 0;
    for (i = 0; i < KIND_COUNT; i++) {
        kinds[i] = puppet_cst_kind_from_name(kind_names[i]);
        if (kinds[i] < 0) {
            fprintf(stderr, "outline: this libpuppet has no CST kind %s\n", kind_names[i]);
            return 1;
        }
    }
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--tasks") == 0) {
            flags |= PUPPET_PARSE_TASKS;
        } else {
            status |= outline_file(argv[i], flags);
        }
    }
    return status;
}
