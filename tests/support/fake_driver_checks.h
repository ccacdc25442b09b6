/* The checks the CUDA runtime's tests share, against the fake driver
 * (tests/doubles/fake_libcuda.c): the runtime's error at a C line, and the fake's log. Declares
 * fake_log, which the includer binds (BIND, fake_symbols.h) in its setup. Include after cmocka.h. */
#ifndef TRITONC_TESTS_FAKE_DRIVER_CHECKS_H
#define TRITONC_TESTS_FAKE_DRIVER_CHECKS_H

#include <stdio.h>
#include <string.h>

#include "tritonc/cuda.h"

static const char *(*fake_log)(void);

/* Asserts the runtime's error is exactly "<the test's file>:<line>: <want>", the line within 3
 * of `line` (for a call spread over several lines gcc reports its first line, clang its last). */
static inline void expect_error_in(const tc_runtime *rt, const char *file, int line, const char *want)
{
    const char *got = tc_runtime_error(rt);
    if (!got)
        fail_msg("expected the error\n  %s:%d: %s\nbut there is none", file, line, want);
    for (int l = line - 3; l <= line + 3; l++) {
        char full[2048];
        snprintf(full, sizeof full, "%s:%d: %s", file, l, want);
        if (strcmp(got, full) == 0)
            return;
    }
    fail_msg("expected the error\n  %s:%d: %s\ngot\n  %s", file, line, want, got);
}
#define expect_error_at(rt, line, want) expect_error_in((rt), __FILE__, (line), (want))

/* Asserts the fake's log holds line (a whole line). */
static inline void expect_logged(const char *line)
{
    const char *log = fake_log();
    size_t n = strlen(line);
    for (const char *p = log; (p = strstr(p, line)) != NULL; p++)
        if ((p == log || p[-1] == '\n') && (p[n] == '\n' || p[n] == '\0'))
            return;
    fail_msg("the fake driver's log has no line\n  %s\nlog:\n%s", line, log);
}

/* How many of the log's lines begin with prefix. */
static inline int count_logged(const char *prefix)
{
    int n = 0;
    size_t len = strlen(prefix);
    for (const char *p = fake_log(); *p;) {
        if (strncmp(p, prefix, len) == 0)
            n++;
        const char *nl = strchr(p, '\n');
        if (!nl)
            break;
        p = nl + 1;
    }
    return n;
}

#endif
