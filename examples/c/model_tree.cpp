// model_tree: libpuppet from C++17. Parses a manifest and prints its Puppet model (the
// Puppet::AST objects Ruby Puppet builds) as an indented tree, one node per line with its
// class, byte span and scalar attributes, children under the attribute that holds them; then
// the model's PN. RAII wrappers (std::unique_ptr with the library's free functions) own the
// handles, and an exception carries a failed call's status and message.
//
//   model_tree [--tasks] [--epp] FILE
//
// For `$a = 1`:
//
//   AssignmentExpression @3+1 operator='='
//     left_expr:
//       VariableExpression @0+2
//         expr:
//           QualifiedName @1+1 value="a"
//     right_expr:
//       LiteralInteger @5+1 radix=10 value=1
//   PN: (= (var "a") 1)
//
// (@OFFSET+LENGTH is the span Puppet gives the node: an assignment's is its operator.)
//
// Build against an installed prefix:
//   c++ -std=c++17 -o model_tree model_tree.cpp $(pkg-config --cflags --libs puppet)

#include <puppet.h>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

namespace {

struct ResultFree {
    void operator()(puppet_result *r) const noexcept { puppet_result_free(r); }
};
struct BufferFree {
    void operator()(puppet_buffer *b) const noexcept { puppet_buffer_free(b); }
};
using Result = std::unique_ptr<puppet_result, ResultFree>;
using Buffer = std::unique_ptr<puppet_buffer, BufferFree>;

// A failed call of the library.
class Error : public std::runtime_error {
  public:
    Error(const char *call, puppet_status status)
        : std::runtime_error(std::string(call) + ": " + puppet_status_name(status) + ": " +
                             puppet_last_error_message()) {}
};

void check(const char *call, puppet_status status) {
    if (status != PUPPET_OK) {
        throw Error(call, status);
    }
}

Result parse(const std::string &source, const puppet_options &options) {
    puppet_result *raw = nullptr;
    check("puppet_parse",
          puppet_parse(reinterpret_cast<const uint8_t *>(source.data()), source.size(), &options,
                       &raw));
    return Result(raw);
}

void print_node(const puppet_result *result, uint32_t node, int depth) {
    uint32_t offset = 0, length = 0;
    check("puppet_model_span", puppet_model_span(result, node, &offset, &length));
    std::string indent(static_cast<size_t>(depth) * 2, ' ');
    // The class is a number that stays the same across library versions (a program switches
    // on PUPPET_MODEL_CLASS_* rather than comparing names); its name is a static string.
    puppet_model_class_id class_id = puppet_model_node_class(result, node);
    std::cout << indent << puppet_model_class_name(class_id) << " @" << offset << '+' << length;
    size_t count = puppet_model_attr_count(result, node);
    // Scalars on the node's line, nodes below it.
    for (size_t i = 0; i < count; i++) {
        puppet_model_attr attr;
        check("puppet_model_attr_get", puppet_model_attr_get(result, node, i, &attr));
        std::string_view text(attr.string, attr.string_length);
        switch (attr.value_type) {
        case PUPPET_VALUE_STRING:
            std::cout << ' ' << attr.name << "=\"" << text << '"';
            break;
        case PUPPET_VALUE_ENUM:
            std::cout << ' ' << attr.name << "='" << text << '\'';
            break;
        case PUPPET_VALUE_REGEXP:
            std::cout << ' ' << attr.name << "=/" << text << '/';
            break;
        case PUPPET_VALUE_INTEGER:
            std::cout << ' ' << attr.name << '=';
            if (attr.big_integer) {
                std::cout << text;
            } else {
                std::cout << attr.integer;
            }
            break;
        case PUPPET_VALUE_FLOAT:
            std::cout << ' ' << attr.name << '=' << attr.number;
            break;
        case PUPPET_VALUE_BOOLEAN:
            std::cout << ' ' << attr.name << '=' << (attr.boolean ? "true" : "false");
            break;
        case PUPPET_VALUE_UNDEF:
        case PUPPET_VALUE_NODES:
            break;
        }
    }
    std::cout << '\n';
    for (size_t i = 0; i < count; i++) {
        puppet_model_attr attr;
        check("puppet_model_attr_get", puppet_model_attr_get(result, node, i, &attr));
        if (attr.value_type != PUPPET_VALUE_NODES || attr.count == 0 || !attr.containment) {
            continue;
        }
        std::cout << indent << "  " << attr.name << ":\n";
        for (uint32_t j = 0; j < attr.count; j++) {
            print_node(result, puppet_model_attr_node(result, node, i, j), depth + 2);
        }
    }
}

int run(int argc, char **argv) {
    puppet_options options;
    puppet_options_init(&options);
    const char *path = nullptr;
    for (int i = 1; i < argc; i++) {
        std::string_view arg(argv[i]);
        if (arg == "--tasks") {
            options.flags |= PUPPET_PARSE_TASKS;
        } else if (arg == "--epp") {
            options.flags |= PUPPET_PARSE_EPP;
        } else {
            path = argv[i];
        }
    }
    if (path == nullptr) {
        std::cerr << "usage: model_tree [--tasks] [--epp] FILE\n";
        return 2;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        std::cerr << "model_tree: cannot read " << path << '\n';
        return 2;
    }
    std::string source((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    options.file = path;
    Result result = parse(source, options);
    for (size_t i = 0; i < puppet_result_diagnostic_count(result.get()); i++) {
        const puppet_diagnostic *d = puppet_result_diagnostic(result.get(), i);
        std::cerr << path << ':' << d->line << ':' << d->column << ": " << d->code << ": "
                  << std::string_view(d->message, d->message_length) << '\n';
    }
    uint32_t root = puppet_model_root(result.get());
    if (root == 0) {
        std::cerr << "model_tree: no model: " << puppet_last_error_message() << '\n';
        return 1;
    }
    print_node(result.get(), root, 0);
    puppet_buffer *raw = nullptr;
    check("puppet_result_pn", puppet_result_pn(result.get(), 0, &raw));
    Buffer pn(raw);
    std::cout << "PN: " << std::string_view(pn->data, pn->length) << '\n';
    return 0;
}

} // namespace

int main(int argc, char **argv) {
    try {
        return run(argc, argv);
    } catch (const std::exception &e) {
        std::cerr << "model_tree: " << e.what() << '\n';
        return 1;
    }
}
