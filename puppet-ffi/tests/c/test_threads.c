/*
 * Thread safety: many threads parse at once (each its own results), and many threads read one
 * shared result at once (diagnostics, PN, the model walk, a cursor each), with a log callback
 * installed that every thread feeds. Each thread compares what it sees with what the main
 * thread computed alone. Run natively and under valgrind by scripts/test-c.
 *
 *   test_threads [THREADS [ROUNDS]]     (default 8 threads, 20 rounds)
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <puppet.h>

#include "check.h"

static const char *const sources[] = {
    "class a($x = 1) {\n  file { \"/tmp/${x}\": ensure => present }\n}\n",
    "$a = {x => 1, x => 2}\nnotice($a)\n",
    "define d() { notify { 'hi': } }\nd { 'x': }\n",
    "$x = [1,\n  2 3]\n",
    "node default { include a }\n",
    "$s = \"\\q\"\nif $s =~ /a+/ { $y = $s ? { 'a' => 1, default => 2 } }\n",
};
#define SOURCES (sizeof sources / sizeof sources[0])

/* What a source gives, computed once on the main thread. */
struct expected {
    size_t diagnostics;
    char first_code[64];
    char pn[1024];
};
static struct expected expected[SOURCES];

static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned long log_records;

static void on_log(void *payload, puppet_log_level level, const char *target,
                   const char *message) {
    (void)payload;
    if (level != PUPPET_LOG_DEBUG || strcmp(target, "puppet_ffi") != 0 ||
        strncmp(message, "parsed and validated", 20) != 0) {
        return; /* e.g. the failed calls below, logged at debug level too */
    }
    pthread_mutex_lock(&log_lock);
    log_records++;
    pthread_mutex_unlock(&log_lock);
}

static void describe(const puppet_result *result, struct expected *out) {
    puppet_buffer *pn = NULL;
    out->diagnostics = puppet_result_diagnostic_count(result);
    out->first_code[0] = '\0';
    out->pn[0] = '\0';
    if (out->diagnostics > 0) {
        snprintf(out->first_code, sizeof out->first_code, "%s",
                 puppet_result_diagnostic(result, 0)->code);
    }
    if (puppet_result_pn(result, 0, &pn) == PUPPET_OK) {
        snprintf(out->pn, sizeof out->pn, "%s", pn->data);
    }
    puppet_buffer_free(pn);
}

static int same(const struct expected *a, const struct expected *b) {
    return a->diagnostics == b->diagnostics && strcmp(a->first_code, b->first_code) == 0 &&
           strcmp(a->pn, b->pn) == 0;
}

static puppet_result *parse_one(size_t i) {
    puppet_options options;
    puppet_result *result = NULL;
    puppet_options_init(&options);
    options.file = "t.pp";
    options.flags = PUPPET_PARSE_CST;
    if (puppet_parse_and_validate((const uint8_t *)sources[i], strlen(sources[i]), &options,
                                  &result) != PUPPET_OK) {
        return NULL;
    }
    return result;
}

static unsigned rounds = 20;

struct job {
    unsigned id;
    const puppet_result *shared;
    unsigned long mismatches;
};

/* Counts the nodes of the model below `node` (pre-order). */
static unsigned long count_nodes(const puppet_result *r, uint32_t node) {
    unsigned long n = 1;
    size_t i, j, count = puppet_model_attr_count(r, node);
    for (i = 0; i < count; i++) {
        puppet_model_attr attr;
        if (puppet_model_attr_get(r, node, i, &attr) == PUPPET_OK &&
            attr.value_type == PUPPET_VALUE_NODES && attr.containment) {
            for (j = 0; j < attr.count; j++) {
                n += count_nodes(r, puppet_model_attr_node(r, node, i, j));
            }
        }
    }
    return n;
}

/* Counts the CST's elements with a cursor of this thread's own. */
static unsigned long count_elements(puppet_cst_cursor *c) {
    unsigned long n = 0;
    do {
        n++;
        if (puppet_cst_cursor_goto_first_child(c)) {
            n += count_elements(c);
            puppet_cst_cursor_goto_parent(c);
        }
    } while (puppet_cst_cursor_goto_next_sibling(c));
    return n;
}

static unsigned long shared_nodes, shared_elements;
static struct expected shared_expected;

static void *worker(void *arg) {
    struct job *job = arg;
    unsigned round;
    for (round = 0; round < rounds; round++) {
        /* parse on our own */
        size_t i = (job->id + round) % SOURCES;
        puppet_result *result = parse_one(i);
        struct expected seen;
        puppet_cst_cursor *cursor = NULL;
        if (result == NULL) {
            job->mismatches++;
            continue;
        }
        describe(result, &seen);
        job->mismatches += !same(&seen, &expected[i]);
        puppet_result_free(result);
        /* read the shared result */
        describe(job->shared, &seen);
        job->mismatches += !same(&seen, &shared_expected);
        job->mismatches += count_nodes(job->shared, puppet_model_root(job->shared)) != shared_nodes;
        if (puppet_cst_cursor_new(job->shared, &cursor) == PUPPET_OK) {
            job->mismatches += count_elements(cursor) != shared_elements;
        } else {
            job->mismatches++;
        }
        puppet_cst_cursor_free(cursor);
        /* failures are per thread: the message is this thread's */
        if (puppet_result_diagnostic(job->shared, 1000) != NULL ||
            strstr(puppet_last_error_message(), "1000") == NULL) {
            job->mismatches++;
        }
    }
    return NULL;
}

int main(int argc, char **argv) {
    unsigned threads = argc > 1 ? (unsigned)atoi(argv[1]) : 8;
    pthread_t *ids;
    struct job *jobs;
    puppet_result *shared;
    puppet_cst_cursor *cursor = NULL;
    unsigned long mismatches = 0;
    size_t i;
    unsigned t;

    if (argc > 2) {
        rounds = (unsigned)atoi(argv[2]);
    }
    CHECK(puppet_set_log_callback(on_log, NULL, PUPPET_LOG_DEBUG) == PUPPET_OK);
    for (i = 0; i < SOURCES; i++) {
        puppet_result *result = parse_one(i);
        CHECK(result != NULL);
        describe(result, &expected[i]);
        puppet_result_free(result);
    }
    shared = parse_one(0);
    describe(shared, &shared_expected);
    shared_nodes = count_nodes(shared, puppet_model_root(shared));
    CHECK(puppet_cst_cursor_new(shared, &cursor) == PUPPET_OK);
    shared_elements = count_elements(cursor);
    puppet_cst_cursor_free(cursor);
    CHECK(shared_nodes > 5 && shared_elements > 20);

    ids = calloc(threads, sizeof *ids);
    jobs = calloc(threads, sizeof *jobs);
    for (t = 0; t < threads; t++) {
        jobs[t].id = t;
        jobs[t].shared = shared;
        CHECK(pthread_create(&ids[t], NULL, worker, &jobs[t]) == 0);
    }
    for (t = 0; t < threads; t++) {
        CHECK(pthread_join(ids[t], NULL) == 0);
        mismatches += jobs[t].mismatches;
    }
    CHECK(mismatches == 0);
    /* one debug record per parse: SOURCES + 1 on this thread, rounds per worker */
    CHECK(log_records == SOURCES + 1 + (unsigned long)threads * rounds);
    CHECK(puppet_set_log_callback(NULL, NULL, PUPPET_LOG_OFF) == PUPPET_OK);
    puppet_result_free(shared);
    free(ids);
    free(jobs);
    printf("test_threads: %u threads x %u rounds, %lu mismatches\n", threads, rounds, mismatches);
    return SUMMARY("test_threads");
}
