/* launch_matmul: the bundled fp16 matmul (kernels/models/matmul.c) launched from C, autotuned and
 * specialized as Python's @triton.autotune + @triton.jit would run it.
 *
 *     build/examples/launch_matmul [--m M] [--n N] [--k K] [--iters I]
 *
 * Autotuned over eight configs (tile sizes, warps, stages) keyed on (M, N, K): the first run
 * times each config with CUDA events and keeps the fastest in the compile cache's autotune/
 * file; the next run reads it back and times nothing. Each launch is specialized on its
 * arguments as the JIT does: the unit strides become constants, and the sizes and strides that
 * are multiples of 16 are marked so (key DDDDDDD1D1D1 for square sizes that are multiples of
 * 16). 256 entries of C are checked against the CPU. Exit status: 0 ok, 1 a wrong result, 2 a
 * runtime failure, 64 a bad command line. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bundled.h"
#include "tritonc/cuda.h"

/* kernels/models/matmul.c's config, in its order. */
typedef struct matmul_cfg {
    int BLOCK_M, BLOCK_N, BLOCK_K, GROUP_M;
} matmul_cfg;

/* One program per BLOCK_M x BLOCK_N tile of C. */
static tc_grid matmul_grid(const void *cfg, int nargs, const tc_arg *args, void *user)
{
    (void)nargs;
    (void)user;
    const matmul_cfg *c = cfg;
    long long m = args[3].v.i, n = args[4].v.i;
    return tc_grid1(((m + c->BLOCK_M - 1) / c->BLOCK_M) * ((n + c->BLOCK_N - 1) / c->BLOCK_N));
}

static const tc_tune_config configs[] = {
    {"BLOCK_M=128,BLOCK_N=256,BLOCK_K=64,GROUP_M=8", {.num_warps = 8, .num_stages = 3}},
    {"BLOCK_M=128,BLOCK_N=128,BLOCK_K=64,GROUP_M=8", {.num_warps = 4, .num_stages = 3}},
    {"BLOCK_M=128,BLOCK_N=128,BLOCK_K=64,GROUP_M=8", {.num_warps = 8, .num_stages = 4}},
    {"BLOCK_M=256,BLOCK_N=128,BLOCK_K=64,GROUP_M=8", {.num_warps = 8, .num_stages = 3}},
    {"BLOCK_M=128,BLOCK_N=64,BLOCK_K=64,GROUP_M=8", {.num_warps = 4, .num_stages = 4}},
    {"BLOCK_M=64,BLOCK_N=128,BLOCK_K=64,GROUP_M=8", {.num_warps = 4, .num_stages = 4}},
    {"BLOCK_M=128,BLOCK_N=128,BLOCK_K=32,GROUP_M=8", {.num_warps = 4, .num_stages = 5}},
    {"BLOCK_M=64,BLOCK_N=64,BLOCK_K=32,GROUP_M=8", {.num_warps = 4, .num_stages = 5}},
};

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* IEEE half <-> float, for the host data. */
static uint16_t to_half(float f)
{
    uint32_t x;
    memcpy(&x, &f, 4);
    uint32_t sign = (x >> 16) & 0x8000u, mant = x & 0x7fffffu;
    int e = (int)((x >> 23) & 0xffu) - 127 + 15;
    if (e <= 0) /* the inputs here are never this small but zero */
        return (uint16_t)sign;
    uint32_t h = ((uint32_t)e << 10) | (mant >> 13);
    if ((mant & 0x1fffu) > 0x1000u || ((mant & 0x1fffu) == 0x1000u && (h & 1)))
        h++;
    return (uint16_t)(sign | h);
}

static float from_half(uint16_t h)
{
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16, e = (h >> 10) & 0x1fu, mant = h & 0x3ffu;
    float f;
    if (e == 0) {
        f = ldexpf((float)mant, -24);
        return sign ? -f : f;
    }
    uint32_t x = sign | ((e - 15 + 127) << 23) | (mant << 13);
    memcpy(&f, &x, 4);
    return f;
}

int main(int argc, char **argv)
{
    long long m = 4096, n = 4096, k = 4096;
    int iters = 20;
    for (int i = 1; i < argc; i++) {
        long long *dst = strcmp(argv[i], "--m") == 0 ? &m
            : strcmp(argv[i], "--n") == 0            ? &n
            : strcmp(argv[i], "--k") == 0            ? &k
                                                     : NULL;
        if (dst && i + 1 < argc)
            *dst = atoll(argv[++i]);
        else if (strcmp(argv[i], "--iters") == 0 && i + 1 < argc)
            iters = atoi(argv[++i]);
        else {
            fprintf(stderr, "usage: launch_matmul [--m M] [--n N] [--k K] [--iters I]\n");
            return 64;
        }
    }
    if (m < 1 || n < 1 || k < 1 || m > 16384 || n > 16384 || k > 16384 || iters < 1) {
        fprintf(stderr, "launch_matmul: sizes in [1, 16384], --iters >= 1\n");
        return 64;
    }

    tc_runtime *rt = tc_runtime_create(NULL);
    static const char *const key[] = {"M", "N", "K"};
    tc_autotuner *at =
        tc_autotune_create(rt, tritonc_bundled_find("matmul"), NULL, (int)(sizeof configs / sizeof configs[0]), configs,
                           matmul_grid, NULL, (tc_autotune_options){.nkey = 3, .key = key});
    uint16_t *a = malloc((size_t)(m * k) * 2), *b = malloc((size_t)(k * n) * 2), *c = malloc((size_t)(m * n) * 2);
    if (!a || !b || !c) {
        fprintf(stderr, "launch_matmul: out of memory\n");
        tc_runtime_destroy(rt);
        free(a);
        free(b);
        free(c);
        return 2;
    }
    for (long long i = 0; i < m * k; i++)
        a[i] = to_half((float)((i * 37) % 17 - 8) / 8.0f);
    for (long long i = 0; i < k * n; i++)
        b[i] = to_half((float)((i * 13) % 11 - 5) / 8.0f);
    tc_deviceptr da = tc_alloc(rt, (size_t)(m * k) * 2), db = tc_alloc(rt, (size_t)(k * n) * 2),
                 dc = tc_alloc(rt, (size_t)(m * n) * 2);
    tc_copy_to_device(rt, da, a, (size_t)(m * k) * 2);
    tc_copy_to_device(rt, db, b, (size_t)(k * n) * 2);

    /* matmul(a, b, c, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn) */
    tc_arg args[] = {tc_ptr(da, TL_F16), tc_ptr(db, TL_F16), tc_ptr(dc, TL_F16), tc_i32(m), tc_i32(n), tc_i32(k),
                     tc_i32(k),          tc_i32(1),          tc_i32(n),          tc_i32(1), tc_i32(n), tc_i32(1)};
    double t0 = now_s();
    tc_autotune_launch_args(at, NULL, 12, args); /* tunes, or reads the choice back */
    tc_synchronize(rt);
    double tune = now_s() - t0;
    t0 = now_s();
    for (int i = 0; i < iters; i++)
        tc_autotune_launch_args(at, NULL, 12, args);
    tc_synchronize(rt);
    double per = (now_s() - t0) / iters;
    tc_copy_to_host(rt, c, dc, (size_t)(m * n) * 2);
    if (tc_runtime_failed(rt)) {
        fprintf(stderr, "launch_matmul: %s\n", tc_runtime_error(rt));
        tc_runtime_destroy(rt);
        free(a);
        free(b);
        free(c);
        return 2;
    }

    double worst = 0;
    for (int s = 0; s < 256; s++) {
        long long i = (s * 7919LL) % m, j = (s * 104729LL) % n;
        double want = 0;
        for (long long p = 0; p < k; p++)
            want += (double)from_half(a[i * k + p]) * from_half(b[p * n + j]);
        double d = fabs(from_half(c[i * n + j]) - want) / (fabs(want) + 1.0);
        worst = d > worst ? d : worst;
    }
    bool timed = false;
    double best_ms = 0;
    int best = tc_autotune_best(at, &timed, &best_ms);
    if (best < 0)
        best = 0; /* only after a failure, handled above */
    bool ok = worst < 1e-2;
    printf("matmul %lldx%lldx%lld fp16: %s (max relative error %.2g); config %d (%s, %d warps, %d stages) %s in "
           "%.2f s; %.1f us per launch, %.1f TFLOP/s\n",
           m, n, k, ok ? "ok" : "WRONG", worst, best, configs[best].set, configs[best].options.num_warps,
           configs[best].options.num_stages, timed ? "timed" : "read from the autotune file", tune, per * 1e6,
           2.0 * (double)m * n * k / per / 1e12);
    tc_free(rt, da);
    tc_free(rt, db);
    tc_free(rt, dc);
    tc_runtime_destroy(rt);
    free(a);
    free(b);
    free(c);
    return ok ? 0 : 1;
}
