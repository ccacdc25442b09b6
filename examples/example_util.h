/* What the examples share: their command line, the clock, and the runtime's report.
 * Not part of tritonc's API: a few helpers kept out of the examples' way. */
#ifndef TRITONC_EXAMPLE_UTIL_H
#define TRITONC_EXAMPLE_UTIL_H

#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tritonc/hlo.h" /* th_print, th_builder_error */
#include "tritonc/pjrt.h"

/* Exit codes: 0 the results match, 1 they do not, 2 a runtime failure (no plugin...),
 * 3 the program could not be built (the call layer's check), 64 a bad command line. */
enum { EXIT_MISMATCH = 1, EXIT_RUNTIME = 2, EXIT_PROGRAM = 3, EXIT_USAGE = 64 };

typedef struct example_args {
    const char *emit_hlo; /* write the program's text there ("-": stdout) and stop */
    const char *plugin; /* the PJRT plugin; NULL: TRITONC_PJRT_PLUGIN or the usual places */
    const char *misuse; /* build a deliberately wrong call (forward: dtype) */
    int iters; /* steady-state runs timed */
    long long sizes[2]; /* the example's sizes (n; rows and cols), 0: its default */
} example_args;

/* Parses --emit-hlo FILE, --plugin PATH, --iters K, --misuse KIND and the example's size
 * options (size_flags[i], e.g. "--n"). Prints usage and exits on a bad command line. */
static inline example_args example_parse(int argc, char **argv, const char *usage, const char *const size_flags[2])
{
    example_args a = {.iters = 100};
    for (int i = 1; i < argc; i++) {
        const char *f = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        int size_index = -1;
        for (int k = 0; k < 2; k++)
            if (size_flags[k] && strcmp(f, size_flags[k]) == 0)
                size_index = k;
        if (strcmp(f, "--help") == 0 || strcmp(f, "-h") == 0) {
            printf("%s", usage);
            exit(0);
        }
        if (!v ||
            (strcmp(f, "--emit-hlo") && strcmp(f, "--plugin") && strcmp(f, "--misuse") && strcmp(f, "--iters") &&
             size_index < 0)) {
            fprintf(stderr, "%s: bad argument '%s'\n%s", argv[0], f, usage);
            exit(EXIT_USAGE);
        }
        i++;
        if (strcmp(f, "--emit-hlo") == 0)
            a.emit_hlo = v;
        else if (strcmp(f, "--plugin") == 0)
            a.plugin = v;
        else if (strcmp(f, "--misuse") == 0)
            a.misuse = v;
        else {
            char *end;
            long long n = strtoll(v, &end, 10);
            if (*end || n <= 0 || n > (1ll << 31) - 1) {
                fprintf(stderr, "%s: bad number '%s' for %s\n", argv[0], v, f);
                exit(EXIT_USAGE);
            }
            if (strcmp(f, "--iters") == 0)
                a.iters = (int)n;
            else
                a.sizes[size_index] = n;
        }
    }
    return a;
}

static inline double now_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e6 + (double)t.tv_nsec / 1e3;
}

static inline int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median of n samples (sorts them). */
static inline double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, compare_doubles);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Writes the program's text where --emit-hlo says. Returns the exit code. */
static inline int emit_program(th_builder *b, const char *where)
{
    char *text = th_print(b, (th_print_opts){0});
    if (!text) {
        fprintf(stderr, "error: %s\n", th_builder_error(b));
        return EXIT_PROGRAM;
    }
    FILE *f = strcmp(where, "-") == 0 ? stdout : fopen(where, "w");
    if (!f) {
        perror(where);
        free(text);
        return EXIT_RUNTIME;
    }
    fputs(text, f);
    if (f != stdout)
        fclose(f);
    free(text);
    return 0;
}

/* Loads the plugin and prints what was loaded; NULL (message printed) on failure. */
static inline tp_runtime *example_runtime(const char *name, const char *plugin)
{
    tp_runtime *rt = tp_runtime_create(&(tp_options){.plugin = plugin});
    if (!rt || tp_runtime_failed(rt)) {
        fprintf(stderr, "%s: error: %s\n", name, rt ? tp_runtime_error(rt) : "out of memory");
        tp_runtime_destroy(rt);
        return NULL;
    }
    printf("%s: %s\n", name, tp_runtime_describe(rt));
    return rt;
}

/* Prints the runtime's error (if any) and its notes, one per line, then destroys it. */
static inline void example_runtime_done(const char *name, tp_runtime *rt)
{
    if (rt && tp_runtime_failed(rt))
        fprintf(stderr, "%s: error: %s\n", name, tp_runtime_error(rt));
    for (const char *p = tp_runtime_notes(rt); p && *p;) {
        size_t len = strcspn(p, "\n");
        printf("%s: note: %.*s\n", name, (int)len, p);
        p += len + (p[len] == '\n');
    }
    tp_runtime_destroy(rt);
}

#endif
