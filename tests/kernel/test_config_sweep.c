/* The config sweep (issue 8): every bundled kernel emitted over a grid of bad and odd config
 * values - each int field set to 0, -1, 1, 3, 48, 1<<20, INT_MAX..., each dtype field to every
 * dtype (and to invalid ones), each bool flipped. Every run must give TTIR or one clear error
 * (one line naming a C file:line), never a crash, an abort or a leak: each run is a child
 * process, so a crash is counted rather than fatal. Run it under ASan/UBSan (the README's
 * second build) to make the sanitizers' findings crashes too. */
#define _POSIX_C_SOURCE 200809L
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "bundled.h"
#include "tritonc/tritonc.h"

enum { EXIT_TTIR = 10, EXIT_CLEAR_ERROR = 11, EXIT_UNCLEAR_ERROR = 12 };

static const int int_values[] = {0,      -1,      1,        2,       3,         7,       48,        100,
                                 4096,   1 << 16, 1 << 20,  1 << 21, 1 << 30,   INT_MAX, INT_MIN,   -48};

typedef struct tally {
    int runs, ttir, errors, crashes;
} tally;

/* "file.c:41: tl_add: ...": one line, a C file and a line number first. */
static bool clear_message(const char *msg)
{
    if (!msg || strchr(msg, '\n'))
        return false;
    const char *colon = strstr(msg, ".c:");
    if (!colon || colon == msg)
        return false;
    const char *p = colon + 3;
    if (*p < '0' || *p > '9')
        return false;
    while (*p >= '0' && *p <= '9')
        p++;
    return p[0] == ':' && p[1] == ' ' && p[2] != '\0';
}

/* Emits k with cfg in a child; the parent reads what happened. */
static void run_one(const tl_kernel *k, const void *cfg, const char *what, tally *t)
{
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
        fail_msg("fork failed");
        return;
    }
    if (pid == 0) {
        char *err = NULL;
        char *text = tl_kernel_emit(k, cfg, (tl_emit_opts){0}, &err);
        int code = text ? EXIT_TTIR : clear_message(err) ? EXIT_CLEAR_ERROR : EXIT_UNCLEAR_ERROR;
        if (code == EXIT_UNCLEAR_ERROR)
            fprintf(stderr, "%s %s: unclear error: %s\n", k->name, what, err ? err : "(none)");
        free(text);
        free(err);
        exit(code); /* exit, not _exit: the leak checker runs */
    }
    int status = 0;
    if (waitpid(pid, &status, 0) != pid) {
        fail_msg("waitpid failed");
        return;
    }
    t->runs++;
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    if (code == EXIT_TTIR) {
        t->ttir++;
    } else if (code == EXIT_CLEAR_ERROR) {
        t->errors++;
    } else {
        t->crashes++;
        if (WIFSIGNALED(status))
            fprintf(stderr, "CRASH %s %s: signal %d\n", k->name, what, WTERMSIG(status));
        else
            fprintf(stderr, "CRASH %s %s: exit status %d\n", k->name, what, code);
    }
}

static void sweep_field(const tl_kernel *k, const tl_cfg_field *f, unsigned char *cfg, tally *t)
{
    char what[128];
    unsigned char *at = cfg + f->offset;
    switch (f->kind) {
    case TL_CFG_INT:
    case TL_CFG_SINT:
        for (size_t i = 0; i < sizeof int_values / sizeof int_values[0]; i++) {
            memcpy(cfg, k->cfg_default, k->cfg_size);
            memcpy(at, &int_values[i], sizeof(int));
            snprintf(what, sizeof what, "%s=%d", f->name, int_values[i]);
            run_one(k, cfg, what, t);
        }
        break;
    case TL_CFG_DTYPE:
        for (int d = -1; d <= TL_DTYPE_COUNT; d++) {
            memcpy(cfg, k->cfg_default, k->cfg_size);
            tl_dtype dt = (tl_dtype)d;
            memcpy(at, &dt, sizeof dt);
            snprintf(what, sizeof what, "%s=%s(%d)", f->name, tl_dtype_name(dt), d);
            run_one(k, cfg, what, t);
        }
        break;
    case TL_CFG_BOOL: {
        memcpy(cfg, k->cfg_default, k->cfg_size);
        bool v;
        memcpy(&v, at, sizeof v);
        v = !v;
        memcpy(at, &v, sizeof v);
        snprintf(what, sizeof what, "%s=%s", f->name, v ? "true" : "false");
        run_one(k, cfg, what, t);
        break;
    }
    case TL_CFG_FLOAT: {
        static const double float_values[] = {0.0, -1.0, 1e-30, 1e30, 1.0 / 0.0, -1.0 / 0.0};
        for (size_t i = 0; i < sizeof float_values / sizeof float_values[0]; i++) {
            memcpy(cfg, k->cfg_default, k->cfg_size);
            memcpy(at, &float_values[i], sizeof(double));
            snprintf(what, sizeof what, "%s=%g", f->name, float_values[i]);
            run_one(k, cfg, what, t);
        }
        break;
    }
    case TL_CFG_STRING:
        memcpy(cfg, k->cfg_default, k->cfg_size);
        memset(at, 0, TL_CFG_STRING_MAX);
        snprintf(what, sizeof what, "%s=''", f->name);
        run_one(k, cfg, what, t);
        break;
    }
}

static void every_bundled_kernel_over_bad_configs(void **state)
{
    (void)state;
    tally t = {0};
    int kernels = tritonc_bundled_count();
    for (int i = 0; i < kernels; i++) {
        const tl_kernel *k = tritonc_bundled_at(i);
        assert_non_null(k);
        unsigned char *cfg = calloc(1, k->cfg_size ? k->cfg_size : 1);
        assert_non_null(cfg);
        run_one(k, NULL, "default", &t);
        for (int f = 0; f < k->nfields; f++)
            sweep_field(k, &k->fields[f], cfg, &t);
        free(cfg);
    }
    printf("config sweep: %d kernels, %d runs: %d TTIR, %d clear errors, %d crashes\n", kernels, t.runs, t.ttir,
           t.errors, t.crashes);
    assert_int_equal(t.crashes, 0);
    assert_int_equal(t.ttir + t.errors, t.runs);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_bundled_kernel_over_bad_configs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
