/* Helpers of the compile tests (test_compile.c, test_cache.c, test_embed.c): a fresh
 * environment around the stand-in compiler (tests/doubles/stand_in_compiler.c, a test double). */
#ifndef TRITONC_TESTS_STAND_IN_H
#define TRITONC_TESTS_STAND_IN_H

#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tritonc/compile.h"

#ifndef STAND_IN_COMPILER
#error "the tests' CMakeLists defines STAND_IN_COMPILER (the stand-in's path)"
#endif

/* Everything the stand-in reads from the environment, cleared. */
static inline void stand_in_reset(void)
{
    static const char *const vars[] = {"STAND_IN_LOG", "STAND_IN_FAIL", "STAND_IN_NO_TRITON", "STAND_IN_HANG",
                                       "STAND_IN_GARBAGE", "STAND_IN_SLEEP_MS", "STAND_IN_VERSION",
                                       "STAND_IN_CLOSE_AND_HANG", "STAND_IN_PID_FILE",
                                       "TRITONC_COMPILER", "TRITONC_CACHE_DIR", "TRITONC_JIT"};
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++)
        unsetenv(vars[i]);
}

/* A fresh, empty directory TRITONC_TEST_BINARY_DIR/compile-tests/<name> (path in buf). */
static inline const char *stand_in_fresh_dir(const char *name, char *buf, size_t size)
{
    snprintf(buf, size, "%s/compile-tests/%s", TRITONC_TEST_BINARY_DIR, name);
    char cmd[2600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s' && mkdir -p '%s'", buf, buf);
    if (system(cmd) != 0)
        fprintf(stderr, "cannot make %s\n", buf);
    return buf;
}

/* The env of a test: the stand-in, the cache under dir, compiling on a miss. The log of the
 * stand-in's runs is dir/log. */
static inline tc_compile_env stand_in_env(const char *dir)
{
    static char log[1200];
    snprintf(log, sizeof log, "%s/log", dir);
    setenv("STAND_IN_LOG", log, 1);
    return (tc_compile_env){.cache_dir = dir, .compiler = STAND_IN_COMPILER, .jit = true, .timeout_s = 60};
}

/* How many lines of dir/log start with what ("compile", "version"). */
static inline int stand_in_runs(const char *dir, const char *what)
{
    char path[1200], line[512];
    snprintf(path, sizeof path, "%s/log", dir);
    FILE *f = fopen(path, "r");
    int n = 0;
    while (f && fgets(line, sizeof line, f))
        n += strncmp(line, what, strlen(what)) == 0;
    if (f)
        fclose(f);
    return n;
}

#endif
