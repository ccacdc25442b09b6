/* The driver every tests/gpu/NAME_cases.c shares: each builds a table of gpu_case and calls
 * gpu_cases_main. `NAME OUTDIR [CASE...]` writes OUTDIR/CASE.ttir for each case that emits, or
 * OUTDIR/CASE.err with the builder's message; `NAME --list` names the cases (must-fail marked).
 * The exit status says whether every case did what it should. Included by one file per
 * program (static functions: the programs are built one source file each). */
#ifndef TRITONC_TESTS_GPU_CASES_DRIVER_H
#define TRITONC_TESTS_GPU_CASES_DRIVER_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tritonc/tritonc.h"

typedef struct gpu_case {
    const char *name;
    void (*build)(tl_builder *b);
    bool must_fail; /* tritonc must reject it (and Triton too) */
} gpu_case;

/* Writes dir/name.ext; false (with a message) on failure. */
static bool write_text(const char *prog, const char *dir, const char *name, const char *ext, const char *text)
{
    char path[4096];
    int n = snprintf(path, sizeof path, "%s/%s.%s", dir, name, ext);
    if (n < 0 || (size_t)n >= sizeof path) {
        fprintf(stderr, "%s: path too long: %s/%s.%s\n", prog, dir, name, ext);
        return false;
    }
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "%s: cannot write %s\n", prog, path);
        return false;
    }
    bool ok = fputs(text, f) >= 0;
    ok = fclose(f) == 0 && ok;
    if (!ok)
        fprintf(stderr, "%s: error writing %s\n", prog, path);
    return ok;
}

/* Removes what an earlier run left for this case, so that one file says how it went. */
static void remove_old(const char *dir, const char *name)
{
    static const char *const exts[] = {"ttir", "err"};
    for (size_t i = 0; i < sizeof exts / sizeof exts[0]; i++) {
        char path[4096];
        int n = snprintf(path, sizeof path, "%s/%s.%s", dir, name, exts[i]);
        if (n > 0 && (size_t)n < sizeof path)
            remove(path);
    }
}

/* Builds one case; returns whether it did what it should (emit, or fail when it must). */
static bool run_case(const char *prog, const char *dir, const gpu_case *c, bool *io_ok)
{
    remove_old(dir, c->name);
    tl_builder *b = tl_builder_create(c->name);
    if (!b) {
        fprintf(stderr, "%s: out of memory\n", prog);
        *io_ok = false;
        return false;
    }
    c->build(b);
    char *text = tl_finish(b);
    bool good;
    if (text) {
        *io_ok = write_text(prog, dir, c->name, "ttir", text) && *io_ok;
        good = !c->must_fail;
        printf("%-28s %s\n", c->name, good ? "emitted" : "UNEXPECTED: emitted, but tritonc should reject it");
        free(text);
    } else {
        const char *err = tl_builder_error(b);
        char msg[2048];
        snprintf(msg, sizeof msg, "%s\n", err ? err : "(no message)");
        *io_ok = write_text(prog, dir, c->name, "err", msg) && *io_ok;
        good = c->must_fail;
        printf("%-28s %s: %s", c->name, good ? "failed as expected" : "UNEXPECTED ERROR", msg);
    }
    tl_builder_destroy(b);
    return good;
}

static const gpu_case *find_case(const gpu_case *cases, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(cases[i].name, name) == 0)
            return &cases[i];
    return NULL;
}

/* The whole program: `NAME OUTDIR [CASE...]` or `NAME --list`. */
static int gpu_cases_main(const char *prog, const gpu_case *cases, int n_cases, int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--list") == 0) {
        for (int i = 0; i < n_cases; i++)
            printf("%s%s\n", cases[i].name, cases[i].must_fail ? " must-fail" : "");
        return 0;
    }
    if (argc < 2 || argv[1][0] == '-') {
        fprintf(stderr, "usage: %s OUTDIR [NAME...] | %s --list\n", prog, prog);
        return 2;
    }
    for (int i = 2; i < argc; i++)
        if (!find_case(cases, n_cases, argv[i])) {
            fprintf(stderr, "%s: no case named %s\n", prog, argv[i]);
            return 2;
        }
    const char *dir = argv[1];
    bool io_ok = true;
    int ran = 0, unexpected = 0;
    for (int i = 0; i < n_cases; i++) {
        bool selected = argc == 2;
        for (int j = 2; j < argc && !selected; j++)
            selected = strcmp(argv[j], cases[i].name) == 0;
        if (!selected)
            continue;
        ran++;
        if (!run_case(prog, dir, &cases[i], &io_ok))
            unexpected++;
    }
    printf("%s: %d cases, %d as expected, %d unexpected%s\n", prog, ran, ran - unexpected, unexpected,
           io_ok ? "" : " (and files that could not be written)");
    return unexpected == 0 && io_ok ? 0 : 1;
}

#endif
