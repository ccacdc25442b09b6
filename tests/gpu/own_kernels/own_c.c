/* own_c: the two user kernels of tests/cli/user_kernels/ (add_rmsnorm.c, matmul_bias_gelu.cpp),
 * compiled and embedded at build time by tritonc_add_kernels (CMakeLists.txt), launched from C
 * through the CUDA runtime on the GPU and checked against the CPU (common.h). The script runs it
 * with compiling off and no Python: every variant comes from the program itself.
 *
 *     own_c            prints a RESULT line per launch; exit 0 all right, 1 a wrong result,
 *                      2 the runtime failed (its message on stderr)
 *
 * $OWN_Y_SCALE (default 1): add_rmsnorm's Y times this, for the stale-variant case whose edited
 * kernel doubles Y (own_kernels.sh). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>

#include <tritonc/cuda.h>

#include "common.h"

/* The user's kernels (their TL_KERNELs) and the variants the build embedded. */
extern const tl_kernel add_rmsnorm_kernel;
extern const tl_kernel matmul_bias_gelu_kernel;
extern const tc_variant own_c_variants[];
extern const int own_c_variants_count;

static int failed(tc_runtime *rt)
{
    fprintf(stderr, "own_c: %s\n", tc_runtime_error(rt));
    return 2;
}

/* add_rmsnorm on rows x n float16 values (row stride `stride`), one program per row. */
static int rmsnorm(tc_runtime *rt, int rows, int n, int stride)
{
    const float eps = 1e-5f;
    const char *scale_env = getenv("OWN_Y_SCALE");
    float y_scale = scale_env ? (float)atof(scale_env) : 1.0f;
    size_t count = (size_t)rows * stride, bytes = count * 2;
    uint16_t *x = calloc(count, 2), *r = calloc(count, 2), *w = calloc((size_t)stride, 2), *y = calloc(count, 2),
             *r_got = calloc(count, 2);
    float *r_want = calloc(count, sizeof(float)), *y_want = calloc(count, sizeof(float));
    int rc = 0;
    if (!x || !r || !w || !y || !r_got || !r_want || !y_want) {
        fprintf(stderr, "own_c: out of memory\n");
        rc = 2;
        goto done;
    }
    own_fill(x, count, 1, 1.0f);
    own_fill(r, count, 2, 1.0f);
    own_fill(w, (size_t)stride, 3, 1.0f);
    own_rmsnorm_ref(x, r, w, rows, n, stride, eps, y_scale, r_want, y_want);
    tc_deviceptr dx = tc_alloc(rt, bytes), dr = tc_alloc(rt, bytes), dw = tc_alloc(rt, (size_t)stride * 2),
                 dy = tc_alloc(rt, bytes);
    tc_copy_to_device(rt, dx, x, bytes);
    tc_copy_to_device(rt, dr, r, bytes);
    tc_copy_to_device(rt, dw, w, (size_t)stride * 2);
    tc_copy_to_device(rt, dy, y, bytes);
    tc_kernel *k = tc_kernel_get(rt, &add_rmsnorm_kernel, NULL, (tc_options){.num_warps = 4});
    tc_arg args[] = {tc_ptr(dx, TL_F16), tc_ptr(dr, TL_F16), tc_ptr(dw, TL_F16), tc_ptr(dy, TL_F16),
                     tc_i32(stride),     tc_i32(n),          tc_f32(eps)};
    char key[TC_MAX_ARGS + 1] = "?";
    tc_kernel_key(k, 7, args, key, sizeof key);
    tc_launch_args(k, tc_grid1((unsigned)rows), NULL, 7, args);
    tc_copy_to_host(rt, y, dy, bytes);
    tc_copy_to_host(rt, r_got, dr, bytes);
    if (tc_runtime_failed(rt)) {
        rc = failed(rt);
    } else {
        own_err ey = {0}, er = {0};
        for (int row = 0; row < rows; row++)
            for (int c = 0; c < n; c++) {
                size_t i = (size_t)row * stride + c;
                own_compare(&ey, own_float(y[i]), y_want[i], 2e-2, 1e-2);
                own_compare(&er, own_float(r_got[i]), r_want[i], 1e-3, 1e-3);
            }
        bool ok = ey.bad == 0 && er.bad == 0;
        printf("RESULT own_c add_rmsnorm key=%s rows=%d N=%d stride=%d max_err_Y=%.3g max_err_R=%.3g bad=%lld %s\n",
               key, rows, n, stride, ey.max_abs, er.max_abs, ey.bad + er.bad, ok ? "PASS" : "FAIL");
        rc = ok ? 0 : 1;
    }
    tc_free(rt, dx);
    tc_free(rt, dr);
    tc_free(rt, dw);
    tc_free(rt, dy);
done:
    free(x);
    free(r);
    free(w);
    free(y);
    free(r_got);
    free(r_want);
    free(y_want);
    return rc;
}

/* matmul_bias_gelu on m x k by k x n, one program per 64 x 64 tile (its default config). */
static int gelu(tc_runtime *rt, int m, int n, int kk)
{
    uint16_t *a = calloc((size_t)m * kk, 2), *b = calloc((size_t)kk * n, 2), *bias = calloc((size_t)n, 2),
             *c = calloc((size_t)m * n, 2);
    int rc = 0;
    if (!a || !b || !bias || !c) {
        fprintf(stderr, "own_c: out of memory\n");
        rc = 2;
        goto done;
    }
    own_fill(a, (size_t)m * kk, 4, 0.5f);
    own_fill(b, (size_t)kk * n, 5, 0.5f);
    own_fill(bias, (size_t)n, 6, 1.0f);
    tc_deviceptr da = tc_alloc(rt, (size_t)m * kk * 2), db = tc_alloc(rt, (size_t)kk * n * 2),
                 dbias = tc_alloc(rt, (size_t)n * 2), dc = tc_alloc(rt, (size_t)m * n * 2);
    tc_copy_to_device(rt, da, a, (size_t)m * kk * 2);
    tc_copy_to_device(rt, db, b, (size_t)kk * n * 2);
    tc_copy_to_device(rt, dbias, bias, (size_t)n * 2);
    tc_kernel *k = tc_kernel_get(rt, &matmul_bias_gelu_kernel, NULL, (tc_options){0});
    /* (A, B, C, bias, M, N, K, stride_am, stride_bk, stride_cm) */
    tc_arg args[] = {tc_ptr(da, TL_F16), tc_ptr(db, TL_F16), tc_ptr(dc, TL_F16), tc_ptr(dbias, TL_F16), tc_i32(m),
                     tc_i32(n),          tc_i32(kk),         tc_i32(kk),         tc_i32(n),             tc_i32(n)};
    char key[TC_MAX_ARGS + 1] = "?";
    tc_kernel_key(k, 10, args, key, sizeof key);
    tc_launch_args(k, tc_grid2((unsigned)((m + 63) / 64), (unsigned)((n + 63) / 64)), NULL, 10, args);
    tc_copy_to_host(rt, c, dc, (size_t)m * n * 2);
    if (tc_runtime_failed(rt)) {
        rc = failed(rt);
    } else {
        own_err e = {0};
        for (int i = 0; i < m; i++)
            for (int j = 0; j < n; j++)
                own_compare(&e, own_float(c[(size_t)i * n + j]), own_gelu_ref(a, b, bias, kk, n, i, j), 2e-2, 1e-2);
        printf("RESULT own_c matmul_bias_gelu key=%s M=%d N=%d K=%d max_err=%.3g bad=%lld %s\n", key, m, n, kk,
               e.max_abs, e.bad, e.bad == 0 ? "PASS" : "FAIL");
        rc = e.bad == 0 ? 0 : 1;
    }
    tc_free(rt, da);
    tc_free(rt, db);
    tc_free(rt, dbias);
    tc_free(rt, dc);
done:
    free(a);
    free(b);
    free(bias);
    free(c);
    return rc;
}

int main(void)
{
    tc_runtime *rt = tc_runtime_create(NULL); /* compiling as $TRITONC_JIT says */
    tc_runtime_add_variants(rt, own_c_variants_count, own_c_variants);
    if (tc_runtime_failed(rt))
        return failed(rt);
    int rc = rmsnorm(rt, 2048, 1000, 1024);
    int r2 = rc == 2 ? 2 : gelu(rt, 1000, 1024, 512);
    int r3 = r2 == 2 ? 2 : gelu(rt, 256, 256, 256);
    tc_runtime_destroy(rt);
    return rc > r2 ? (rc > r3 ? rc : r3) : (r2 > r3 ? r2 : r3);
}
