/* bench_check: the C side of tests/gpu/bench_check.sh. Times the bundled vector_add (float32,
 * BLOCK_SIZE 1024) on N elements (default 2^24) with tc_bench, as triton.testing.do_bench times
 * it (25 ms of warm-up, 100 ms of runs, a 256 MiB L2 flush before each, CUDA events), checks the
 * sum, and prints one line:
 *
 *   RESULT tc_bench vector_add n=N mean MS median MS min MS max MS p20 MS p80 MS runs R warmups W
 *
 * Needs only tritonc/cuda.h (the driver is opened with dlopen): built by bench_check.sh against
 * the static libraries of a build directory. Exit status 0 on success, 1 on a wrong sum, 2 on a
 * failure. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bundled.h"
#include "tritonc/cuda.h"

static int fail(tc_runtime *rt)
{
    fprintf(stderr, "bench_check: %s\n", rt ? tc_runtime_error(rt) : "out of memory");
    tc_runtime_destroy(rt);
    return 2;
}

int main(int argc, char **argv)
{
    long long n = argc > 1 ? atoll(argv[1]) : 1LL << 24;
    if (n <= 0 || n > (1LL << 30)) {
        fprintf(stderr, "usage: bench_check [N]  (1 <= N <= 2^30, default 2^24)\n");
        return 2;
    }
    size_t bytes = (size_t)n * sizeof(float);
    tc_runtime *rt = tc_runtime_create(NULL);
    if (!rt || tc_runtime_failed(rt))
        return fail(rt);
    tc_kernel *add = tc_kernel_get(rt, tritonc_bundled_find("vector_add"), NULL, (tc_options){0});
    tc_deviceptr x = tc_alloc(rt, bytes), y = tc_alloc(rt, bytes), out = tc_alloc(rt, bytes);
    float *host = malloc(bytes);
    if (!host)
        return fail(NULL);
    for (long long i = 0; i < n; i++)
        host[i] = (float)(i % 1000);
    tc_copy_to_device(rt, x, host, bytes);
    for (long long i = 0; i < n; i++)
        host[i] = 0.5f;
    tc_copy_to_device(rt, y, host, bytes);
    if (tc_runtime_failed(rt)) {
        free(host);
        return fail(rt);
    }

    const tc_arg args[4] = {tc_ptr(x, TL_F32), tc_ptr(y, TL_F32), tc_ptr(out, TL_F32), tc_i32(n)};
    static const double q[2] = {0.2, 0.8};
    tc_bench_result r;
    tc_grid grid = tc_grid1(tc_cdiv((uint64_t)n, 1024));
    if (!tc_bench_launch_args(add, grid, NULL, 4, args, (tc_bench_opts){.nquantiles = 2, .quantiles = q}, &r)) {
        free(host);
        return fail(rt);
    }
    tc_copy_to_host(rt, host, out, bytes);
    int wrong = 0;
    for (long long i = 0; i < n && !tc_runtime_failed(rt); i++)
        wrong += host[i] != (float)(i % 1000) + 0.5f;
    free(host);
    if (tc_runtime_failed(rt))
        return fail(rt);
    printf("RESULT tc_bench vector_add n=%lld mean %.6f median %.6f min %.6f max %.6f p20 %.6f p80 %.6f runs %d "
           "warmups %d\n",
           n, r.mean, r.median, r.min, r.max, r.quantiles[0], r.quantiles[1], r.runs, r.warmups);
    if (wrong)
        fprintf(stderr, "bench_check: %d wrong sums\n", wrong);
    tc_free(rt, x);
    tc_free(rt, y);
    tc_free(rt, out);
    tc_runtime_destroy(rt);
    return wrong ? 1 : 0;
}
