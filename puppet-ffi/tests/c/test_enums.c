/*
 * Numbers instead of strings: the model's classes and attributes as the stable enums
 * puppet_model_class and puppet_model_attribute (their names, ancestry, lookups), the strict
 * setting read by the library, CST kind numbers (0 is no kind, never WHITESPACE) and the
 * cursor's moves over named (non-trivia) elements. Run under valgrind by scripts/test-c.
 */
#include <stdlib.h>
#include <string.h>

#include <puppet.h>

#include "check.h"

static puppet_result *parse_text(const char *text, uint32_t flags) {
    puppet_result *result = NULL;
    puppet_options options;
    puppet_options_init(&options);
    options.flags = flags;
    CHECK(puppet_parse((const uint8_t *)text, strlen(text), &options, &result) == PUPPET_OK);
    return result;
}

static void test_model_enums(void) {
    puppet_result *result = parse_text("notice('hi', 1)\n", 0);
    uint32_t call = puppet_model_root(result), name;
    int64_t functor;
    puppet_model_attr attr;

    CHECK(puppet_model_node_class(result, call) ==
          PUPPET_MODEL_CLASS_CALL_NAMED_FUNCTION_EXPRESSION);
    CHECK_STR(puppet_model_class_name(PUPPET_MODEL_CLASS_CALL_NAMED_FUNCTION_EXPRESSION),
              "CallNamedFunctionExpression");
    /* the name is the same static string puppet_model_class returns */
    CHECK(puppet_model_class_name(puppet_model_node_class(result, call)) ==
          puppet_model_class(result, call));
    CHECK(puppet_model_class_is_a(PUPPET_MODEL_CLASS_CALL_NAMED_FUNCTION_EXPRESSION,
                                  PUPPET_MODEL_CLASS_CALL_EXPRESSION) == 1);
    CHECK(puppet_model_class_is_a(PUPPET_MODEL_CLASS_CALL_NAMED_FUNCTION_EXPRESSION,
                                  PUPPET_MODEL_CLASS_LITERAL_VALUE) == 0);
    CHECK(puppet_model_class_is_a(PUPPET_MODEL_CLASS_NONE, PUPPET_MODEL_CLASS_POPS_OBJECT) == 0);

    functor = puppet_model_attr_find(result, call, PUPPET_MODEL_ATTRIBUTE_FUNCTOR_EXPR);
    CHECK(functor >= 0);
    CHECK(puppet_model_attr_get(result, call, (size_t)functor, &attr) == PUPPET_OK);
    CHECK(attr.attribute == PUPPET_MODEL_ATTRIBUTE_FUNCTOR_EXPR);
    CHECK_STR(puppet_model_attribute_name(attr.attribute), "functor_expr");
    CHECK(puppet_model_attribute_name(attr.attribute) == attr.name);
    name = puppet_model_attr_node(result, call, (size_t)functor, 0);
    CHECK(puppet_model_node_class(result, name) == PUPPET_MODEL_CLASS_QUALIFIED_NAME);
    CHECK(puppet_model_attr_find(result, call, PUPPET_MODEL_ATTRIBUTE_ARGUMENTS) >= 0);
    CHECK(puppet_model_attr_find(result, call, PUPPET_MODEL_ATTRIBUTE_LEFT_EXPR) == -1);

    /* 0 and numbers past the last are no class or attribute */
    CHECK(puppet_model_class_name(PUPPET_MODEL_CLASS_NONE) == NULL);
    CHECK(puppet_model_class_name(100000) == NULL);
    CHECK(puppet_model_attribute_name(PUPPET_MODEL_ATTRIBUTE_NONE) == NULL);
    CHECK(puppet_model_attribute_name(100000) == NULL);
    /* published values never change */
    CHECK(PUPPET_MODEL_CLASS_POPS_OBJECT == 1 && PUPPET_MODEL_CLASS_NOP == 4);
    CHECK(PUPPET_MODEL_ATTRIBUTE_LEFT_EXPR == 1);
    puppet_result_free(result);
}

static void test_strict_names(void) {
    CHECK(puppet_strict_from_name("off") == PUPPET_STRICT_OFF);
    CHECK(puppet_strict_from_name("warning") == PUPPET_STRICT_WARNING);
    CHECK(puppet_strict_from_name(" Error ") == PUPPET_STRICT_ERROR);
    CHECK(puppet_strict_from_name(":error") == PUPPET_STRICT_ERROR);
    CHECK(puppet_strict_from_name("sometimes") == -1);
    CHECK(strstr(puppet_last_error_message(), "sometimes") != NULL);
    CHECK(puppet_strict_from_name(NULL) == -1);
}

/* Moves over named elements: `class a { # c\n  $x = 1 }` */
static void test_named_cursor(void) {
    static const char source[] = "class a {\n  # a comment\n  $x = 1\n}\n";
    puppet_result *result = parse_text(source, PUPPET_PARSE_CST | PUPPET_PARSE_NO_MODEL);
    puppet_cst_cursor *cursor = NULL;
    uint16_t kind;
    size_t length = 0;
    const char *text;

    CHECK(puppet_cst_cursor_new(result, &cursor) == PUPPET_OK);
    CHECK(puppet_cst_cursor_goto_first_named_child(cursor) == 1);
    CHECK_STR(puppet_cst_cursor_kind_name(cursor), "CLASS_DEF");
    CHECK(puppet_cst_cursor_goto_first_named_child(cursor) == 1);
    CHECK_STR(puppet_cst_cursor_kind_name(cursor), "CLASS"); /* keywords are named */
    CHECK(puppet_cst_cursor_goto_next_named_sibling(cursor) == 1); /* over the space */
    CHECK_STR(puppet_cst_cursor_kind_name(cursor), "NAME");
    while (puppet_cst_cursor_goto_next_named_sibling(cursor)) {
        kind = puppet_cst_cursor_kind(cursor);
        CHECK(kind != PUPPET_CST_KIND_NONE && !puppet_cst_kind_is_trivia(kind));
        if (kind == puppet_cst_kind_from_name("BLOCK")) {
            break;
        }
    }
    CHECK_STR(puppet_cst_cursor_kind_name(cursor), "BLOCK");
    CHECK(puppet_cst_cursor_goto_first_named_child(cursor) == 1);
    CHECK_STR(puppet_cst_cursor_kind_name(cursor), "LBRACE");
    /* the comment and the line ends are skipped */
    CHECK(puppet_cst_cursor_goto_next_named_sibling(cursor) == 1);
    text = puppet_cst_cursor_text(cursor, &length);
    CHECK(length == 6 && memcmp(text, "$x = 1", 6) == 0);
    CHECK(puppet_cst_cursor_goto_next_named_sibling(cursor) == 1);
    CHECK_STR(puppet_cst_cursor_kind_name(cursor), "RBRACE");
    /* no named sibling after the last: the cursor stays */
    CHECK(puppet_cst_cursor_goto_next_named_sibling(cursor) == 0);
    CHECK_STR(puppet_cst_cursor_kind_name(cursor), "RBRACE");
    CHECK(puppet_cst_cursor_goto_first_named_child(cursor) == 0); /* a token */
    CHECK(puppet_cst_cursor_depth(cursor) == 3);

    /* the plain moves still see the trivia, whose kinds are never 0 */
    CHECK(puppet_cst_cursor_goto_parent(cursor) == 1);
    CHECK(puppet_cst_cursor_goto_first_child(cursor) == 1);
    CHECK(puppet_cst_cursor_goto_next_sibling(cursor) == 1);
    kind = puppet_cst_cursor_kind(cursor);
    CHECK_STR(puppet_cst_kind_name(kind), "WHITESPACE");
    CHECK(kind != PUPPET_CST_KIND_NONE && kind == puppet_cst_kind_from_name("WHITESPACE"));
    CHECK(puppet_cst_kind_is_trivia(kind) == 1);

    CHECK(puppet_cst_cursor_goto_first_named_child(NULL) == 0);
    CHECK(puppet_cst_cursor_goto_next_named_sibling(NULL) == 0);
    CHECK(puppet_cst_cursor_kind(NULL) == PUPPET_CST_KIND_NONE);
    puppet_cst_cursor_free(cursor);
    puppet_result_free(result);
}

int main(void) {
    test_model_enums();
    test_strict_names();
    test_named_cursor();
    return SUMMARY("test_enums");
}
