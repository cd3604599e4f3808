/*
 * definitions: list the definitions of a Puppet environment with libpuppet's index, or show
 * one of them with its parameters.
 *
 *   definitions ENVDIR            every class, defined type, function, type alias, node, plan
 *   definitions ENVDIR NAME       the definitions named NAME (any kind) and their parameters
 *
 * The module path is the environment's (its environment.conf, else modules/). For example:
 *
 *   $ definitions examples/environment webapp::vhost
 *   examples/environment/modules/webapp/manifests/vhost.pp:6:8: define webapp::vhost -- One nginx virtual host.
 *     Webapp::Port $port -- The port to listen on.
 *     ...
 *
 * Exit status: 0; 1 when the environment cannot be indexed or NAME is not defined.
 *
 * Build against an installed prefix:
 *   cc -std=c99 -o definitions definitions.c $(pkg-config --cflags --libs puppet)
 */
#include <stdio.h>
#include <string.h>

#include <puppet.h>

static const char *kind_label(puppet_definition_kind kind) {
    switch (kind) {
    case PUPPET_DEFINITION_KIND_CLASS: return "class";
    case PUPPET_DEFINITION_KIND_DEFINED_TYPE: return "define";
    case PUPPET_DEFINITION_KIND_FUNCTION: return "function";
    case PUPPET_DEFINITION_KIND_TYPE_ALIAS: return "type";
    case PUPPET_DEFINITION_KIND_NODE: return "node";
    case PUPPET_DEFINITION_KIND_PLAN: return "plan";
    default: return "?";
    }
}

static void print_definition(const puppet_index *index, size_t at, int with_parameters) {
    puppet_definition d;
    if (puppet_index_definition_get(index, at, &d, sizeof d) != PUPPET_OK)
        return;
    printf("%s:%u:%u: %s %s%s%s%s\n", d.file, d.line, d.column, kind_label(d.kind), d.name,
           d.summary ? " -- " : "", d.summary ? d.summary : "",
           d.syntax_errors ? " (file has syntax errors)" : "");
    for (size_t i = 0; with_parameters && i < d.parameter_count; i++) {
        puppet_parameter p;
        if (puppet_index_parameter_get(index, at, i, &p, sizeof p) != PUPPET_OK)
            continue;
        printf("  %s%s%s$%s%s%s%s%s\n", p.type_text ? p.type_text : "", p.type_text ? " " : "",
               p.captures_rest ? "*" : "", p.name, p.default_text ? " = " : "",
               p.default_text ? p.default_text : "", p.doc ? " -- " : "", p.doc ? p.doc : "");
    }
}

int main(int argc, char **argv) {
    if (argc != 2 && argc != 3) {
        fprintf(stderr, "usage: definitions ENVDIR [NAME]\n");
        return 2;
    }
    puppet_index *index = NULL;
    if (puppet_index_build(argv[1], NULL, NULL, &index) != PUPPET_OK) {
        fprintf(stderr, "definitions: %s\n", puppet_last_error_message());
        return 1;
    }
    for (size_t i = 0; i < puppet_index_problem_count(index); i++)
        fprintf(stderr, "definitions: %s\n", puppet_index_problem(index, i));
    int status = 0;
    if (argc == 2) {
        for (size_t i = 0; i < puppet_index_definition_count(index); i++)
            print_definition(index, i, 0);
    } else {
        /* Every kind: a class and a function may share a name. */
        int found = 0;
        for (int kind = PUPPET_DEFINITION_KIND_CLASS; kind <= PUPPET_DEFINITION_KIND_PLAN; kind++) {
            size_t at;
            if (puppet_index_lookup(index, (uint32_t)kind, argv[2], &at) == PUPPET_OK) {
                print_definition(index, at, 1);
                found = 1;
            }
        }
        if (!found) {
            fprintf(stderr, "definitions: %s is not defined\n", argv[2]);
            status = 1;
        }
    }
    puppet_index_free(index);
    return status;
}
