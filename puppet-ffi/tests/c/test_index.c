/*
 * The index of an environment's definitions from C (puppet_index_*), on an environment this
 * program writes into a temporary directory: a module with a class, a defined type documented
 * with puppet-strings tags, a function, a type alias and a class with a syntax error, and a
 * main manifest with nodes. Checks the definitions in their order, lookups by kind and name
 * (and one that finds nothing), parameters and documentation text, the sized-struct rule,
 * explicit module paths, options, and NULL and out-of-range arguments. Run under valgrind by
 * scripts/test-c.
 */
#define _DEFAULT_SOURCE /* mkdtemp */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <puppet.h>

#include "check.h"

static char root[64];

static const char *const dirs[] = {
    "manifests",          "modules", "modules/apache", "modules/apache/manifests",
    "modules/apache/functions", "modules/apache/types",
};

static const char *const files[][2] = {
    {"manifests/site.pp", "# The web servers.\n"
                          "node 'web01.example.com' {\n"
                          "  include apache\n"
                          "}\n"
                          "\n"
                          "node default {}\n"},
    {"modules/apache/manifests/init.pp", "# @summary The Apache HTTP server\n"
                                         "class apache (\n"
                                         "  Enum['running', 'stopped'] $service_ensure = 'running',\n"
                                         ") {\n"
                                         "}\n"},
    {"modules/apache/manifests/vhost.pp", "# A virtual host.\n"
                                          "#\n"
                                          "# @summary One virtual host\n"
                                          "# @param port The port it listens on\n"
                                          "define apache::vhost(String $port = '80') {\n"
                                          "}\n"},
    {"modules/apache/manifests/broken.pp", "class apache::broken(String $x = 'a') {\n"
                                           "  $y =\n"
                                           "}\n"},
    {"modules/apache/functions/x.pp", "function apache::x(Integer $a, *$rest) >> Integer {\n"
                                      "  $a\n"
                                      "}\n"},
    {"modules/apache/types/t.pp", "type Apache::T = Integer[0]\n"},
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static void path_of(char *out, size_t size, const char *relative) {
    snprintf(out, size, "%s/%s", root, relative);
}

static int make_environment(void) {
    char path[256];
    strcpy(root, "/tmp/puppet-index.XXXXXX");
    if (mkdtemp(root) == NULL)
        return -1;
    for (size_t i = 0; i < COUNT(dirs); i++) {
        path_of(path, sizeof path, dirs[i]);
        if (mkdir(path, 0700) != 0)
            return -1;
    }
    for (size_t i = 0; i < COUNT(files); i++) {
        path_of(path, sizeof path, files[i][0]);
        FILE *f = fopen(path, "w");
        if (f == NULL)
            return -1;
        fputs(files[i][1], f);
        fclose(f);
    }
    return 0;
}

static void remove_environment(void) {
    char path[256];
    for (size_t i = 0; i < COUNT(files); i++) {
        path_of(path, sizeof path, files[i][0]);
        unlink(path);
    }
    for (size_t i = COUNT(dirs); i-- > 0;) {
        path_of(path, sizeof path, dirs[i]);
        rmdir(path);
    }
    rmdir(root);
}

static int ends_with(const char *text, const char *suffix) {
    size_t n = text ? strlen(text) : 0, m = strlen(suffix);
    return text != NULL && n >= m && strcmp(text + n - m, suffix) == 0;
}

static puppet_definition definition(const puppet_index *index, size_t i) {
    puppet_definition d;
    memset(&d, 0, sizeof d);
    CHECK(puppet_index_definition_get(index, i, &d, sizeof d) == PUPPET_OK);
    return d;
}

static size_t lookup(const puppet_index *index, puppet_definition_kind kind, const char *name) {
    size_t at = (size_t)-1;
    CHECK(puppet_index_lookup(index, kind, name, &at) == PUPPET_OK);
    return at;
}

/* Definitions are in the order of their files' paths, then of their offsets. */
static void test_definitions(const puppet_index *index) {
    static const struct {
        puppet_definition_kind kind;
        const char *name;
    } expected[] = {
        {PUPPET_DEFINITION_KIND_NODE, "web01.example.com"},
        {PUPPET_DEFINITION_KIND_NODE, "default"},
        {PUPPET_DEFINITION_KIND_FUNCTION, "apache::x"},
        {PUPPET_DEFINITION_KIND_CLASS, "apache::broken"},
        {PUPPET_DEFINITION_KIND_CLASS, "apache"},
        {PUPPET_DEFINITION_KIND_DEFINED_TYPE, "apache::vhost"},
        {PUPPET_DEFINITION_KIND_TYPE_ALIAS, "Apache::T"},
    };
    CHECK(puppet_index_definition_count(index) == COUNT(expected));
    for (size_t i = 0; i < COUNT(expected) && i < puppet_index_definition_count(index); i++) {
        puppet_definition d = definition(index, i);
        CHECK(d.kind == expected[i].kind);
        CHECK_STR(d.name, expected[i].name);
        CHECK(lookup(index, d.kind, d.name) == i);
    }
    puppet_definition node = definition(index, 0);
    CHECK(ends_with(node.file, "/manifests/site.pp"));
    CHECK(strncmp(node.file, root, strlen(root)) == 0);
    CHECK(node.line == 2 && node.column == 6); /* the name as written, with its quotes */
    CHECK(node.name_length == strlen("'web01.example.com'"));
    CHECK(node.parameter_count == 0);
    CHECK_STR(node.doc, "The web servers.");
    CHECK(node.summary == NULL);
}

static void test_defined_type(const puppet_index *index) {
    size_t at = lookup(index, PUPPET_DEFINITION_KIND_DEFINED_TYPE, "Apache::Vhost");
    CHECK(lookup(index, PUPPET_DEFINITION_KIND_DEFINED_TYPE, "::apache::vhost") == at);
    CHECK(lookup(index, PUPPET_DEFINITION_KIND_NONE, "apache::vhost") == at);
    puppet_definition d = definition(index, at);
    const char *source = files[2][1];
    CHECK(d.kind == PUPPET_DEFINITION_KIND_DEFINED_TYPE);
    CHECK(ends_with(d.file, "/modules/apache/manifests/vhost.pp"));
    CHECK(d.syntax_errors == 0);
    CHECK(d.name_offset == (uint32_t)(strstr(source, "apache::vhost") - source));
    CHECK(d.name_length == strlen("apache::vhost"));
    CHECK(d.offset == (uint32_t)(strstr(source, "define") - source));
    CHECK(d.offset + d.length == strlen(source) - 1); /* up to the closing brace */
    CHECK(d.line == 5 && d.column == 8);
    CHECK_STR(d.summary, "One virtual host");
    CHECK_STR(d.doc, "A virtual host.\n\n@summary One virtual host\n@param port The port it "
                     "listens on");
    CHECK(d.parameter_count == 1);

    puppet_parameter p;
    CHECK(puppet_index_parameter_get(index, at, 0, &p, sizeof p) == PUPPET_OK);
    CHECK_STR(p.name, "port");
    CHECK_STR(p.type_text, "String");
    CHECK_STR(p.default_text, "'80'");
    CHECK_STR(p.doc, "The port it listens on");
    CHECK(p.captures_rest == 0);
    CHECK(puppet_index_parameter_get(index, at, 1, &p, sizeof p) == PUPPET_ERROR_ARGUMENT);
}

static void test_other_kinds(const puppet_index *index) {
    size_t at = lookup(index, PUPPET_DEFINITION_KIND_FUNCTION, "apache::x");
    puppet_definition d = definition(index, at);
    CHECK(d.parameter_count == 2 && d.doc == NULL && d.summary == NULL);
    puppet_parameter p;
    CHECK(puppet_index_parameter_get(index, at, 1, &p, sizeof p) == PUPPET_OK);
    CHECK_STR(p.name, "rest");
    CHECK(p.captures_rest == 1);
    CHECK(p.type_text == NULL && p.default_text == NULL && p.doc == NULL);

    /* A file with a syntax error is indexed from its CST. */
    at = lookup(index, PUPPET_DEFINITION_KIND_CLASS, "apache::broken");
    d = definition(index, at);
    CHECK(d.syntax_errors == 1);
    CHECK(d.line == 1 && d.column == 7);
    CHECK(d.parameter_count == 1);
    CHECK(puppet_index_parameter_get(index, at, 0, &p, sizeof p) == PUPPET_OK);
    CHECK_STR(p.name, "x");
    CHECK_STR(p.default_text, "'a'");

    d = definition(index, lookup(index, PUPPET_DEFINITION_KIND_CLASS, "apache"));
    CHECK_STR(d.summary, "The Apache HTTP server");
    CHECK(d.syntax_errors == 0);
    d = definition(index, lookup(index, PUPPET_DEFINITION_KIND_TYPE_ALIAS, "apache::t"));
    CHECK(d.line == 1 && d.column == 6 && d.offset == 0);
    CHECK(d.length == strlen("type Apache::T = Integer[0]"));
    d = definition(index, lookup(index, PUPPET_DEFINITION_KIND_NODE, "DEFAULT"));
    CHECK_STR(d.name, "default");
}

static void test_not_found(const puppet_index *index) {
    size_t at = 42;
    CHECK(puppet_index_lookup(index, PUPPET_DEFINITION_KIND_CLASS, "apache::vhost", &at) ==
          PUPPET_ERROR_NOT_FOUND);
    CHECK(at == 42);
    CHECK(strstr(puppet_last_error_message(), "apache::vhost") != NULL);
    CHECK(puppet_index_lookup(index, PUPPET_DEFINITION_KIND_NONE, "nginx", &at) ==
          PUPPET_ERROR_NOT_FOUND);
    CHECK(at == 42);
    CHECK_STR(puppet_status_name(PUPPET_ERROR_NOT_FOUND), "PUPPET_ERROR_NOT_FOUND");
    CHECK(puppet_index_lookup(index, 99, "apache", &at) == PUPPET_ERROR_ARGUMENT);
    CHECK(puppet_index_lookup(index, PUPPET_DEFINITION_KIND_CLASS, "\xff", &at) ==
          PUPPET_ERROR_UTF8);
}

/* Structs of the first header's size, larger ones (a newer header) and too small ones. */
static void test_sized(const puppet_index *index) {
    size_t at = lookup(index, PUPPET_DEFINITION_KIND_DEFINED_TYPE, "apache::vhost");
    unsigned char bytes[sizeof(puppet_definition) + 32];
    size_t first = offsetof(puppet_definition, doc) + sizeof(const char *);
    CHECK(first == sizeof(puppet_definition));

    memset(bytes, 0xAA, sizeof bytes);
    CHECK(puppet_index_definition_get(index, at, (puppet_definition *)bytes, first) == PUPPET_OK);
    puppet_definition d;
    memcpy(&d, bytes, sizeof d);
    CHECK_STR(d.name, "apache::vhost");
    CHECK(bytes[first] == 0xAA);

    memset(bytes, 0xAA, sizeof bytes);
    CHECK(puppet_index_definition_get(index, at, (puppet_definition *)bytes, first + 16) ==
          PUPPET_OK);
    int zeroed = 1, untouched = 1;
    for (size_t i = first; i < first + 16; i++)
        zeroed &= bytes[i] == 0;
    for (size_t i = first + 16; i < sizeof bytes; i++)
        untouched &= bytes[i] == 0xAA;
    CHECK(zeroed && untouched);

    memset(bytes, 0xAA, sizeof bytes);
    CHECK(puppet_index_definition_get(index, at, (puppet_definition *)bytes, first - 1) ==
          PUPPET_ERROR_ARGUMENT);
    CHECK(bytes[0] == 0xAA);

    unsigned char pbytes[sizeof(puppet_parameter) + 16];
    size_t pfirst = offsetof(puppet_parameter, captures_rest) + sizeof(uint32_t);
    memset(pbytes, 0xAA, sizeof pbytes);
    CHECK(puppet_index_parameter_get(index, at, 0, (puppet_parameter *)pbytes, pfirst) ==
          PUPPET_OK);
    puppet_parameter p;
    memcpy(&p, pbytes, pfirst);
    CHECK_STR(p.name, "port");
    CHECK(pbytes[pfirst] == 0xAA);
    CHECK(puppet_index_parameter_get(index, at, 0, (puppet_parameter *)pbytes, pfirst - 1) ==
          PUPPET_ERROR_ARGUMENT);
}

static void test_null_arguments(const puppet_index *index) {
    puppet_index *out = (puppet_index *)&out;
    puppet_definition d;
    puppet_parameter p;
    size_t at = 0;
    CHECK(puppet_index_build(NULL, NULL, NULL, &out) == PUPPET_ERROR_NULL);
    CHECK(out == NULL);
    CHECK(puppet_index_build(root, NULL, NULL, NULL) == PUPPET_ERROR_NULL);
    CHECK(puppet_index_build("/nonexistent/puppet/environment", NULL, NULL, &out) ==
          PUPPET_ERROR_ARGUMENT);
    CHECK(out == NULL);
    CHECK(puppet_index_definition_count(NULL) == 0);
    CHECK(puppet_index_definition_get(NULL, 0, &d, sizeof d) == PUPPET_ERROR_NULL);
    CHECK(puppet_index_definition_get(index, 0, NULL, sizeof d) == PUPPET_ERROR_NULL);
    CHECK(puppet_index_definition_get(index, 1000, &d, sizeof d) == PUPPET_ERROR_ARGUMENT);
    CHECK(puppet_index_parameter_get(NULL, 0, 0, &p, sizeof p) == PUPPET_ERROR_NULL);
    CHECK(puppet_index_parameter_get(index, 0, 0, NULL, sizeof p) == PUPPET_ERROR_NULL);
    CHECK(puppet_index_parameter_get(index, 1000, 0, &p, sizeof p) == PUPPET_ERROR_ARGUMENT);
    CHECK(puppet_index_lookup(NULL, PUPPET_DEFINITION_KIND_CLASS, "apache", &at) ==
          PUPPET_ERROR_NULL);
    CHECK(puppet_index_lookup(index, PUPPET_DEFINITION_KIND_CLASS, NULL, &at) ==
          PUPPET_ERROR_NULL);
    CHECK(puppet_index_lookup(index, PUPPET_DEFINITION_KIND_CLASS, "apache", NULL) ==
          PUPPET_ERROR_NULL);
    CHECK(puppet_index_problem_count(NULL) == 0);
    CHECK(puppet_index_problem(NULL, 0) == NULL);
    CHECK(puppet_index_problem_count(index) == 0);
    CHECK(puppet_index_problem(index, 0) == NULL);
    puppet_index_free(NULL);
}

/* An explicit module path replaces the environment's; options and relative paths. */
static void test_build_variants(void) {
    char modules[256];
    path_of(modules, sizeof modules, "modules");
    const char *one[] = {"", modules, NULL};
    const char *none[] = {NULL};
    puppet_index *index = NULL;
    CHECK(puppet_index_build(root, one, NULL, &index) == PUPPET_OK);
    CHECK(puppet_index_definition_count(index) == 7);
    puppet_index_free(index);
    CHECK(puppet_index_build(root, none, NULL, &index) == PUPPET_OK);
    CHECK(puppet_index_definition_count(index) == 2); /* the nodes */
    puppet_index_free(index);

    puppet_options options;
    puppet_options_init(&options);
    options.puppet_version = "7.23";
    options.working_dir = "/tmp";
    const char *relative = root + strlen("/tmp/");
    CHECK(puppet_index_build(relative, NULL, &options, &index) == PUPPET_OK);
    CHECK(puppet_index_definition_count(index) == 7);
    CHECK(ends_with(definition(index, 0).file, "/manifests/site.pp"));
    puppet_index_free(index);

    options.puppet_version = "9.0.0";
    index = (puppet_index *)&index;
    CHECK(puppet_index_build(root, NULL, &options, &index) == PUPPET_ERROR_ARGUMENT);
    CHECK(index == NULL);
}

int main(void) {
    if (make_environment() != 0) {
        perror("test_index: cannot write the environment");
        return 1;
    }
    puppet_index *index = NULL;
    CHECK(puppet_index_build(root, NULL, NULL, &index) == PUPPET_OK);
    if (index != NULL) {
        test_definitions(index);
        test_defined_type(index);
        test_other_kinds(index);
        test_not_found(index);
        test_sized(index);
        test_null_arguments(index);
    }
    puppet_index_free(index);
    test_build_variants();
    remove_environment();
    return SUMMARY("test_index");
}
