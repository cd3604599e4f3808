/*
 * validate: parse and validate Puppet manifests and EPP templates through libpuppet and print
 * the diagnostics exactly as `puppet-parser validate --format human` does:
 *
 *   FILE:LINE:COLUMN: SEVERITY[CODE]: message
 *     |
 *   3 | the source line
 *     |     ^
 *
 * then a summary line on stderr. Exit status: 0 without errors, 1 with errors, 2 when a file
 * could not be read or on a usage error.
 *
 *   validate [--puppet-version VERSION] [--strict off|warning|error] [--tasks] [--epp]
 *            [--modulepath DIR[:DIR...] [--manifest PATH]] FILE...
 *
 * Files are validated in the order given (puppet-parser sorts its inputs; give them sorted to
 * compare). Files ending in .epp are EPP templates.
 *
 * Build against an installed prefix:
 *   cc -std=c99 -o validate validate.c $(pkg-config --cflags --libs puppet)
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <puppet.h>

struct counts {
    unsigned long files, unreadable, errors, warnings, deprecations;
};

/* Reads a whole file; returns NULL with errno set on failure. */
static unsigned char *read_file(const char *path, size_t *length) {
    FILE *f = fopen(path, "rb");
    unsigned char *data = NULL;
    size_t size = 0, capacity = 0;
    if (f == NULL) {
        return NULL;
    }
    for (;;) {
        size_t n;
        if (size == capacity) {
            unsigned char *bigger;
            capacity = capacity ? capacity * 2 : 65536;
            bigger = realloc(data, capacity);
            if (bigger == NULL) {
                free(data);
                fclose(f);
                errno = ENOMEM;
                return NULL;
            }
            data = bigger;
        }
        n = fread(data + size, 1, capacity - size, f);
        size += n;
        if (n == 0) {
            break;
        }
    }
    if (ferror(f)) {
        int saved = errno ? errno : EIO;
        free(data);
        fclose(f);
        errno = saved;
        return NULL;
    }
    fclose(f);
    *length = size;
    return data;
}

static int ends_with(const char *text, const char *suffix) {
    size_t n = strlen(text), m = strlen(suffix);
    return n >= m && strcmp(text + n - m, suffix) == 0;
}

/* Validates one file and prints its diagnostics; returns 0, or -1 when the library failed. */
static int validate_file(const char *path, puppet_options *options, int epp,
                         struct counts *counts) {
    size_t length = 0, i, count;
    unsigned char *source = read_file(path, &length);
    puppet_result *result = NULL;
    puppet_status status;

    if (source == NULL) {
        fprintf(stderr, "validate: cannot read %s: %s\n", path, strerror(errno));
        counts->files++;
        counts->unreadable++;
        return 0;
    }
    options->file = path;
    options->flags = (options->flags & ~(uint32_t)PUPPET_PARSE_EPP) |
                     ((epp || ends_with(path, ".epp")) ? PUPPET_PARSE_EPP : 0);
    status = puppet_parse_and_validate(source, length, options, &result);
    free(source);
    if (status != PUPPET_OK) {
        fprintf(stderr, "validate: %s: %s: %s\n", path, puppet_status_name(status),
                puppet_last_error_message());
        return -1;
    }
    counts->files++;
    count = puppet_result_diagnostic_count(result);
    for (i = 0; i < count; i++) {
        const puppet_diagnostic *d = puppet_result_diagnostic(result, i);
        puppet_buffer *report = NULL;
        /* The header line and the source line with its caret, escaped as puppet-parser does. */
        if (puppet_result_diagnostic_report(result, i, path, &report) == PUPPET_OK) {
            fwrite(report->data, 1, report->length, stdout);
        }
        puppet_buffer_free(report);
        switch (d->severity) {
        case PUPPET_SEVERITY_ERROR: counts->errors++; break;
        case PUPPET_SEVERITY_WARNING: counts->warnings++; break;
        case PUPPET_SEVERITY_DEPRECATION: counts->deprecations++; break;
        }
    }
    puppet_result_free(result);
    return 0;
}

static void plural(char *out, size_t size, unsigned long n, const char *word) {
    snprintf(out, size, "%lu %s%s", n, word, n == 1 ? "" : "s");
}

static int usage(void) {
    fprintf(stderr, "usage: validate [--puppet-version VERSION] [--strict off|warning|error] "
                    "[--tasks] [--epp] "
                    "[--modulepath DIR[:DIR...] [--manifest PATH]] FILE...\n");
    return 2;
}

int main(int argc, char **argv) {
    puppet_options options;
    struct counts counts = {0, 0, 0, 0, 0};
    char cwd[4096];
    char files[64], errors[64], warnings[64], deprecations[64];
    int i, epp = 0, failed = 0, first_file = argc;

    puppet_options_init(&options);
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--tasks") == 0) {
            options.flags |= PUPPET_PARSE_TASKS;
        } else if (strcmp(argv[i], "--epp") == 0) {
            epp = 1;
        } else if (strcmp(argv[i], "--strict") == 0 && i + 1 < argc) {
            /* read as puppet-parser reads it (any case, a leading ':') */
            int32_t strict = puppet_strict_from_name(argv[++i]);
            if (strict < 0) {
                return usage();
            }
            options.strict = (uint32_t)strict;
        } else if (strcmp(argv[i], "--puppet-version") == 0 && i + 1 < argc) {
            options.puppet_version = argv[++i];
        } else if (strcmp(argv[i], "--modulepath") == 0 && i + 1 < argc) {
            options.modulepath = argv[++i];
        } else if (strcmp(argv[i], "--manifest") == 0 && i + 1 < argc) {
            options.manifest = argv[++i];
        } else if (strcmp(argv[i], "--") == 0) {
            first_file = i + 1;
            break;
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            return usage();
        } else {
            first_file = i;
            break;
        }
    }
    if (first_file >= argc) {
        return usage();
    }
    /* The library reads no environment: relative paths and `~` are resolved against what
     * the caller gives, here the process's own working directory and $HOME, as Puppet does. */
    options.working_dir = getcwd(cwd, sizeof cwd);
    options.home = getenv("HOME");
    for (i = first_file; i < argc; i++) {
        if (validate_file(argv[i], &options, epp, &counts) != 0) {
            failed = 1;
        }
    }
    fflush(stdout);
    plural(files, sizeof files, counts.files - counts.unreadable, "file");
    plural(errors, sizeof errors, counts.errors, "error");
    plural(warnings, sizeof warnings, counts.warnings, "warning");
    plural(deprecations, sizeof deprecations, counts.deprecations, "deprecation");
    fprintf(stderr, "%s validated: %s, %s, %s", files, errors, warnings, deprecations);
    if (counts.unreadable > 0) {
        char unreadable[64];
        plural(unreadable, sizeof unreadable, counts.unreadable, "file");
        fprintf(stderr, "; %s could not be read", unreadable);
    }
    fputc('\n', stderr);
    if (failed || counts.unreadable > 0) {
        return 2;
    }
    return counts.errors > 0 ? 1 : 0;
}
