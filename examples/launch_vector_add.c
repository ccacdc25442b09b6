/* launch_vector_add: the bundled vector_add kernel launched from C through the CUDA driver
 * (tritonc/cuda.h), with its scalar n passed by value: out = x + y over n float32 values.
 *
 *     build/examples/launch_vector_add [--n N] [--iters K]
 *
 * The kernel is compiled by Triton the first time (JIT mode: the compile cache under
 * $TRITONC_CACHE_DIR, else ~/.cache/tritonc), then loaded from the cache. The result is checked
 * against the CPU; the time per launch is printed. Exit status: 0 the results match, 1 they do
 * not, 2 a runtime failure (no driver, no compiler...), 64 a bad command line. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bundled.h"
#include "tritonc/cuda.h"

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int fail(tc_runtime *rt, float *x, float *y, float *out)
{
    fprintf(stderr, "launch_vector_add: %s\n", tc_runtime_error(rt));
    tc_runtime_destroy(rt);
    free(x);
    free(y);
    free(out);
    return 2;
}

int main(int argc, char **argv)
{
    long long n = 98432;
    int iters = 1000;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--n") == 0 && i + 1 < argc)
            n = atoll(argv[++i]);
        else if (strcmp(argv[i], "--iters") == 0 && i + 1 < argc)
            iters = atoi(argv[++i]);
        else {
            fprintf(stderr, "usage: launch_vector_add [--n N] [--iters K]\n");
            return 64;
        }
    }
    if (n < 0 || n > 1 << 30 || iters < 1) {
        fprintf(stderr, "launch_vector_add: --n must be in [0, 2^30] and --iters at least 1\n");
        return 64;
    }

    tc_runtime *rt = tc_runtime_create(NULL); /* libcuda.so.1, the first device */
    if (tc_runtime_failed(rt))
        return fail(rt, NULL, NULL, NULL);
    const tl_kernel *vector_add = tritonc_bundled_find("vector_add");
    tc_kernel *k = tc_kernel_get(rt, vector_add, NULL, (tc_options){0}); /* BLOCK_SIZE 1024, 4 warps */

    size_t bytes = (size_t)n * sizeof(float);
    float *x = malloc(bytes + 4), *y = malloc(bytes + 4), *out = malloc(bytes + 4);
    if (!x || !y || !out) {
        fprintf(stderr, "launch_vector_add: out of memory\n");
        return fail(rt, x, y, out);
    }
    for (long long i = 0; i < n; i++) {
        x[i] = (float)(i % 1000) * 0.5f;
        y[i] = (float)(i % 7) - 3.0f;
    }
    tc_deviceptr dx = tc_alloc(rt, bytes), dy = tc_alloc(rt, bytes), dout = tc_alloc(rt, bytes);
    tc_copy_to_device(rt, dx, x, bytes);
    tc_copy_to_device(rt, dy, y, bytes);

    /* One program per 1024 elements; n travels by value, as the Python kernel takes it. */
    tc_grid grid = tc_grid1((n + 1023) / 1024);
    double t0 = now_s();
    tc_launch(k, grid, NULL, tc_ptr(dx, TL_F32), tc_ptr(dy, TL_F32), tc_ptr(dout, TL_F32), tc_i32(n));
    tc_synchronize(rt);
    double first = now_s() - t0;
    t0 = now_s();
    for (int i = 0; i < iters; i++)
        tc_launch(k, grid, NULL, tc_ptr(dx, TL_F32), tc_ptr(dy, TL_F32), tc_ptr(dout, TL_F32), tc_i32(n));
    tc_synchronize(rt);
    double per = (now_s() - t0) / iters;
    tc_copy_to_host(rt, out, dout, bytes);
    if (tc_runtime_failed(rt))
        return fail(rt, x, y, out);

    long long bad = 0;
    for (long long i = 0; i < n; i++)
        bad += out[i] != x[i] + y[i];
    char key[TC_MAX_ARGS + 1] = "";
    tc_arg args[] = {tc_ptr(dx, TL_F32), tc_ptr(dy, TL_F32), tc_ptr(dout, TL_F32), tc_i32(n)};
    tc_kernel_key(k, 4, args, key, sizeof key);
    printf("vector_add n=%lld key %s: %s (%lld mismatches); first launch (load or compile) %.1f ms, then %.2f us "
           "per launch over %d\n",
           n, key, bad ? "WRONG" : "ok", bad, first * 1e3, per * 1e6, iters);
    tc_free(rt, dx);
    tc_free(rt, dy);
    tc_free(rt, dout);
    tc_runtime_destroy(rt);
    free(x);
    free(y);
    free(out);
    return bad ? 1 : 0;
}
