/* launch_softmax: the bundled row-wise softmax (kernels/models/softmax.c) launched from C through the
 * CUDA driver (tritonc/cuda.h), one program per row, its strides and row length by value.
 *
 *     build/examples/launch_softmax [--rows R] [--cols C] [--iters K]
 *
 * BLOCK, a constexpr of the kernel, is the row length rounded up to a power of two: each
 * --cols gives its own config, compiled by Triton the first time (JIT mode, cached). The result
 * is checked against the CPU. Exit status: 0 the results match, 1 they do not, 2 a runtime
 * failure, 64 a bad command line. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bundled.h"
#include "tritonc/cuda.h"

/* kernels/models/softmax.c's config: one int, BLOCK. */
typedef struct softmax_cfg {
    int BLOCK;
} softmax_cfg;

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    int rows = 4096, cols = 1000, iters = 200;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--rows") == 0 && i + 1 < argc)
            rows = atoi(argv[++i]);
        else if (strcmp(argv[i], "--cols") == 0 && i + 1 < argc)
            cols = atoi(argv[++i]);
        else if (strcmp(argv[i], "--iters") == 0 && i + 1 < argc)
            iters = atoi(argv[++i]);
        else {
            fprintf(stderr, "usage: launch_softmax [--rows R] [--cols C] [--iters K]\n");
            return 64;
        }
    }
    if (rows < 1 || cols < 1 || cols > 16384 || iters < 1) {
        fprintf(stderr, "launch_softmax: --rows >= 1, 1 <= --cols <= 16384, --iters >= 1\n");
        return 64;
    }
    softmax_cfg cfg = {.BLOCK = 2};
    while (cfg.BLOCK < cols)
        cfg.BLOCK *= 2;

    tc_runtime *rt = tc_runtime_create(NULL);
    tc_kernel *k = tc_kernel_get(rt, tritonc_bundled_find("softmax"), &cfg, (tc_options){0});
    size_t n = (size_t)rows * (size_t)cols, bytes = n * sizeof(float);
    float *in = malloc(bytes), *out = malloc(bytes);
    if (!in || !out) {
        fprintf(stderr, "launch_softmax: out of memory\n");
        tc_runtime_destroy(rt);
        free(in);
        free(out);
        return 2;
    }
    for (size_t i = 0; i < n; i++)
        in[i] = (float)((i * 7919) % 1000) / 250.0f - 2.0f;
    tc_deviceptr din = tc_alloc(rt, bytes), dout = tc_alloc(rt, bytes);
    tc_copy_to_device(rt, din, in, bytes);

    /* softmax(out_ptr, in_ptr, in_row_stride, out_row_stride, n_cols), one program per row */
    tc_arg args[] = {tc_ptr(dout, TL_F32), tc_ptr(din, TL_F32), tc_i32(cols), tc_i32(cols), tc_i32(cols)};
    tc_launch_args(k, tc_grid1(rows), NULL, 5, args);
    tc_synchronize(rt);
    double t0 = now_s();
    for (int i = 0; i < iters; i++)
        tc_launch_args(k, tc_grid1(rows), NULL, 5, args);
    tc_synchronize(rt);
    double per = (now_s() - t0) / iters;
    tc_copy_to_host(rt, out, dout, bytes);
    if (tc_runtime_failed(rt)) {
        fprintf(stderr, "launch_softmax: %s\n", tc_runtime_error(rt));
        tc_runtime_destroy(rt);
        free(in);
        free(out);
        return 2;
    }

    double worst = 0;
    for (int r = 0; r < rows; r++) {
        const float *x = in + (size_t)r * cols;
        double m = x[0], sum = 0;
        for (int c = 1; c < cols; c++)
            m = x[c] > m ? x[c] : m;
        for (int c = 0; c < cols; c++)
            sum += exp(x[c] - m);
        for (int c = 0; c < cols; c++) {
            double d = fabs(out[(size_t)r * cols + c] - exp(x[c] - m) / sum);
            worst = d > worst ? d : worst;
        }
    }
    char key[TC_MAX_ARGS + 1] = "";
    tc_kernel_key(k, 5, args, key, sizeof key);
    bool ok = worst < 1e-5;
    printf("softmax %dx%d BLOCK=%d key %s: %s (max abs error %.2g); %.2f us per launch, %.1f GB/s\n", rows, cols,
           cfg.BLOCK, key, ok ? "ok" : "WRONG", worst, per * 1e6, 2.0 * (double)bytes / per / 1e9);
    tc_free(rt, din);
    tc_free(rt, dout);
    tc_runtime_destroy(rt);
    free(in);
    free(out);
    return ok ? 0 : 1;
}
