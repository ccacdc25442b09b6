/* `tritonc launch NAME [--set K=V]... [--size N...] [--iters N] [--num-warps N] [--num-stages N]`:
 * a bundled kernel launched on made-up inputs on the GPU through the CUDA runtime, timed.
 *
 * Each launchable kernel has a recipe: what its sizes mean, how its arguments and grid follow
 * from them and from its config. The first launch loads the variant (compiling it with Triton
 * on a cache miss, unless $TRITONC_JIT=0); then --iters launches back to back are timed. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bundled.h"
#include "launch_cmd.h"
#include "tritonc/cuda.h"

enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 2 };

#define MAX_SIZES 3
#define MAX_BUFFERS 8

/* What a recipe makes: the arguments, the grid, and the buffers to free. */
typedef struct launch_plan {
    int nargs;
    tc_arg args[TC_MAX_ARGS];
    tc_grid grid;
    int nbufs;
    tc_deviceptr bufs[MAX_BUFFERS];
    char what[128]; /* "n=1048576" */
} launch_plan;

typedef struct recipe {
    const char *kernel;
    const char *sizes;  /* what --size gives, for the usage */
    long long defaults[MAX_SIZES];
    /* Sets config fields that follow from the sizes (--set, applied after, overrides them). */
    void (*adjust)(const tl_kernel *k, void *cfg, const long long *s);
    /* Makes the arguments and the grid; false (error on rt) on failure. */
    bool (*plan)(tc_runtime *rt, const tl_kernel *k, const void *cfg, const long long *s, launch_plan *p);
} recipe;

/* ---- helpers --------------------------------------------------------------------------------- */

static int cfg_int(const tl_kernel *k, const void *cfg, const char *field)
{
    for (int i = 0; i < k->nfields; i++)
        if (strcmp(k->fields[i].name, field) == 0 && k->fields[i].kind == TL_CFG_INT) {
            int v;
            memcpy(&v, (const char *)cfg + k->fields[i].offset, sizeof v);
            return v;
        }
    return 1;
}

static void set_int(const tl_kernel *k, void *cfg, const char *field, long long v)
{
    char value[32], err[128];
    snprintf(value, sizeof value, "%lld", v);
    tl_kernel_set(k, cfg, field, value, err, sizeof err);
}

static long long next_pow2(long long n)
{
    long long p = 1;
    while (p < n)
        p *= 2;
    return p;
}

static long long cdiv(long long a, long long b)
{
    return (a + b - 1) / b;
}

/* A device buffer of count elements of elem bytes, made-up values (a pattern of small numbers,
 * as float32, float16 bits or int32 by dtype). */
static tc_deviceptr made_up(tc_runtime *rt, launch_plan *p, long long count, tl_dtype dtype)
{
    size_t elem = dtype == TL_F16 ? 2 : 4, bytes = (size_t)count * elem;
    unsigned char *host = malloc(bytes ? bytes : 1);
    if (!host)
        return 0;
    for (long long i = 0; i < count; i++) {
        float f = (float)(i % 17) / 16.0f - 0.5f;
        if (dtype == TL_F16) {
            uint16_t h = f == 0 ? 0 : (uint16_t)0x3800; /* 0.5: close enough for made-up data */
            if (f < 0)
                h |= 0x8000;
            memcpy(host + i * 2, &h, 2);
        } else {
            memcpy(host + i * 4, &f, 4);
        }
    }
    tc_deviceptr d = tc_alloc(rt, bytes);
    tc_copy_to_device(rt, d, host, bytes);
    free(host);
    if (p->nbufs < MAX_BUFFERS)
        p->bufs[p->nbufs++] = d;
    return d;
}

/* ---- recipes -------------------------------------------------------------------------------------- */

static bool plan_vector_add(tc_runtime *rt, const tl_kernel *k, const void *cfg, const long long *s, launch_plan *p)
{
    long long n = s[0];
    tc_deviceptr x = made_up(rt, p, n, TL_F32), y = made_up(rt, p, n, TL_F32), out = made_up(rt, p, n, TL_F32);
    p->nargs = 4;
    p->args[0] = tc_ptr(x, TL_F32);
    p->args[1] = tc_ptr(y, TL_F32);
    p->args[2] = tc_ptr(out, TL_F32);
    p->args[3] = tc_i32(n);
    p->grid = tc_grid1(cdiv(n, cfg_int(k, cfg, "BLOCK_SIZE")));
    snprintf(p->what, sizeof p->what, "n=%lld", n);
    return !tc_runtime_failed(rt);
}

static bool plan_vector_add_xla(tc_runtime *rt, const tl_kernel *k, const void *cfg, const long long *s,
                                launch_plan *p)
{
    long long n = s[0];
    tc_deviceptr x = made_up(rt, p, n, TL_F32), y = made_up(rt, p, n, TL_F32), out = made_up(rt, p, n, TL_F32);
    tc_deviceptr np = made_up(rt, p, 1, TL_I32);
    int32_t n32 = (int32_t)n;
    tc_copy_to_device(rt, np, &n32, 4);
    p->nargs = 4;
    p->args[0] = tc_ptr(x, TL_F32);
    p->args[1] = tc_ptr(y, TL_F32);
    p->args[2] = tc_ptr(np, TL_I32);
    p->args[3] = tc_ptr(out, TL_F32);
    p->grid = tc_grid1(cdiv(n, cfg_int(k, cfg, "BLOCK_SIZE")));
    snprintf(p->what, sizeof p->what, "n=%lld", n);
    return !tc_runtime_failed(rt);
}

static void adjust_softmax(const tl_kernel *k, void *cfg, const long long *s)
{
    set_int(k, cfg, "BLOCK", next_pow2(s[1] < 2 ? 2 : s[1]));
}

static bool plan_softmax(tc_runtime *rt, const tl_kernel *k, const void *cfg, const long long *s, launch_plan *p)
{
    (void)k;
    (void)cfg;
    long long rows = s[0], cols = s[1];
    tc_deviceptr in = made_up(rt, p, rows * cols, TL_F32), out = made_up(rt, p, rows * cols, TL_F32);
    p->nargs = 5;
    p->args[0] = tc_ptr(out, TL_F32);
    p->args[1] = tc_ptr(in, TL_F32);
    p->args[2] = tc_i32(cols);
    p->args[3] = tc_i32(cols);
    p->args[4] = tc_i32(cols);
    p->grid = tc_grid1(rows);
    snprintf(p->what, sizeof p->what, "rows=%lld cols=%lld", rows, cols);
    return !tc_runtime_failed(rt);
}

static bool plan_softmax_xla(tc_runtime *rt, const tl_kernel *k, const void *cfg, const long long *s, launch_plan *p)
{
    long long rows = s[0], cols = cfg_int(k, cfg, "N_COLS");
    tc_deviceptr in = made_up(rt, p, rows * cols, TL_F32), out = made_up(rt, p, rows * cols, TL_F32);
    p->nargs = 2;
    p->args[0] = tc_ptr(in, TL_F32);
    p->args[1] = tc_ptr(out, TL_F32);
    p->grid = tc_grid1(rows);
    snprintf(p->what, sizeof p->what, "rows=%lld (N_COLS=%lld)", rows, cols);
    return !tc_runtime_failed(rt);
}

static bool plan_matmul(tc_runtime *rt, const tl_kernel *k, const void *cfg, const long long *s, launch_plan *p)
{
    long long m = s[0], n = s[1] ? s[1] : s[0], kk = s[2] ? s[2] : s[0];
    tc_deviceptr a = made_up(rt, p, m * kk, TL_F16), b = made_up(rt, p, kk * n, TL_F16),
                 c = made_up(rt, p, m * n, TL_F16);
    const long long v[9] = {m, n, kk, kk, 1, n, 1, n, 1}; /* sizes, then row-major strides */
    p->nargs = 12;
    p->args[0] = tc_ptr(a, TL_F16);
    p->args[1] = tc_ptr(b, TL_F16);
    p->args[2] = tc_ptr(c, TL_F16);
    for (int i = 0; i < 9; i++)
        p->args[3 + i] = tc_i32(v[i]);
    p->grid = tc_grid1(cdiv(m, cfg_int(k, cfg, "BLOCK_M")) * cdiv(n, cfg_int(k, cfg, "BLOCK_N")));
    snprintf(p->what, sizeof p->what, "M=%lld N=%lld K=%lld", m, n, kk);
    return !tc_runtime_failed(rt);
}

static const recipe recipes[] = {
    {"vector_add", "N (elements)", {1 << 20}, NULL, plan_vector_add},
    {"vector_add_xla", "N (elements)", {1 << 20}, NULL, plan_vector_add_xla},
    {"softmax", "ROWS COLS (BLOCK follows COLS)", {4096, 1000}, adjust_softmax, plan_softmax},
    {"softmax_xla", "ROWS (the row length is N_COLS)", {4096}, NULL, plan_softmax_xla},
    {"matmul", "M [N [K]] (fp16; N, K default to M)", {1024}, NULL, plan_matmul},
};

/* ---- the command ------------------------------------------------------------------------------------ */

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "tritonc: launch: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n");
    return EXIT_USAGE;
}

static bool parse_positive(const char *s, long long *out)
{
    char *end;
    long long v = strtoll(s, &end, 10);
    if (*s == '\0' || *end != '\0' || v < 1 || v > (1LL << 31))
        return false;
    *out = v;
    return true;
}

int tritonc_cmd_launch(int argc, char **argv)
{
    const char *name = NULL;
    int nset = 0, nsizes = 0;
    const char *sets[32];
    long long sizes[MAX_SIZES] = {0}, iters = 100, warps = 0, stages = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--set") == 0) {
            if (!v)
                return usage_error("%s needs KEY=VALUE", a);
            if (nset == 32)
                return usage_error("%s: at most 32", a);
            sets[nset++] = argv[++i];
        } else if (strcmp(a, "--size") == 0) {
            /* --size N [N...]: the numbers that follow */
            if (!v)
                return usage_error("%s needs a number", a);
            while (i + 1 < argc && argv[i + 1][0] != '-') {
                if (nsizes == MAX_SIZES || !parse_positive(argv[i + 1], &sizes[nsizes]))
                    return usage_error("bad --size '%s' (at most 3 numbers in [1, 2^31])", argv[i + 1]);
                nsizes++;
                i++;
            }
        } else if (strcmp(a, "--iters") == 0 || strcmp(a, "--num-warps") == 0 || strcmp(a, "--num-stages") == 0) {
            long long *dst = a[2] == 'i' ? &iters : a[6] == 'w' ? &warps : &stages;
            if (!v || !parse_positive(v, dst))
                return usage_error("%s needs a positive number", a);
            i++;
        } else if (a[0] == '-') {
            return usage_error("unknown option '%s'", a);
        } else if (name) {
            return usage_error("one kernel at a time ('%s')", a);
        } else {
            name = a;
        }
    }
    if (!name)
        return usage_error("missing kernel name%s", "");
    const tl_kernel *k = tritonc_bundled_find(name);
    if (!k) {
        fprintf(stderr, "tritonc: unknown kernel '%s' (see 'tritonc list')\n", name);
        return EXIT_USAGE;
    }
    const recipe *r = NULL;
    for (size_t i = 0; i < sizeof recipes / sizeof recipes[0]; i++)
        if (strcmp(recipes[i].kernel, name) == 0)
            r = &recipes[i];
    if (!r) {
        fprintf(stderr, "tritonc: launch: no made-up inputs for kernel '%s' (launchable:", name);
        for (size_t i = 0; i < sizeof recipes / sizeof recipes[0]; i++)
            fprintf(stderr, " %s", recipes[i].kernel);
        fprintf(stderr, ")\n");
        return EXIT_USAGE;
    }
    for (int i = nsizes; i < MAX_SIZES; i++)
        sizes[i] = r->defaults[i];
    if (nsizes && strcmp(name, "matmul") == 0)
        for (int i = nsizes; i < MAX_SIZES; i++)
            sizes[i] = 0; /* N and K default to M */

    void *cfg = malloc(k->cfg_size ? k->cfg_size : 1);
    if (!cfg)
        return EXIT_FAIL;
    memcpy(cfg, k->cfg_default, k->cfg_size);
    if (r->adjust)
        r->adjust(k, cfg, sizes);
    for (int i = 0; i < nset; i++) {
        char kv[256], err[256];
        snprintf(kv, sizeof kv, "%s", sets[i]);
        char *eq = strchr(kv, '=');
        if (!eq) {
            free(cfg);
            fprintf(stderr, "tritonc: bad --set '%s': expected KEY=VALUE\n", sets[i]);
            return EXIT_USAGE;
        }
        *eq = '\0';
        if (!tl_kernel_set(k, cfg, kv, eq + 1, err, sizeof err)) {
            free(cfg);
            fprintf(stderr, "tritonc: bad --set '%s': %s\n", sets[i], err);
            return EXIT_USAGE;
        }
    }

    tc_runtime *rt = tc_runtime_create(NULL);
    tc_kernel *h = tc_kernel_get(rt, k, cfg, (tc_options){.num_warps = (int)warps, .num_stages = (int)stages});
    launch_plan p;
    memset(&p, 0, sizeof p);
    char key[TC_MAX_ARGS + 1] = "?";
    double first = 0, per = 0;
    if (h && r->plan(rt, k, cfg, sizes, &p) && tc_kernel_key(h, p.nargs, p.args, key, sizeof key)) {
        double t0 = now_s();
        tc_launch_args(h, p.grid, NULL, p.nargs, p.args);
        tc_synchronize(rt);
        first = now_s() - t0;
        t0 = now_s();
        for (long long i = 0; i < iters; i++)
            tc_launch_args(h, p.grid, NULL, p.nargs, p.args);
        tc_synchronize(rt);
        per = (now_s() - t0) / (double)iters;
    }
    int rc = EXIT_OK;
    if (tc_runtime_failed(rt)) {
        fprintf(stderr, "tritonc: launch: %s\n", tc_runtime_error(rt));
        rc = EXIT_FAIL;
    } else {
        char *text = tc_config_text(k, cfg);
        printf("%s %s (%s, key %s, grid %ux%ux%u): first launch %.2f ms (load, or compile on a cache miss), then "
               "%.2f us per launch (%lld back to back)\n",
               name, p.what, text ? text : "?", key, p.grid.x, p.grid.y, p.grid.z, first * 1e3, per * 1e6, iters);
        free(text);
    }
    for (int i = 0; i < p.nbufs; i++)
        tc_free(rt, p.bufs[i]);
    tc_runtime_destroy(rt);
    free(cfg);
    return rc;
}
