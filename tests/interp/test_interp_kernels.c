/* Bundled kernels run through the interpreter against plain C references, at several sizes,
 * ragged ones included (sizes that are no multiple of the block), and with small blocks so
 * that several programs run. Floats compare exactly: each reference computes in the order the
 * interpreter documents (docs/interpreter.md), or its inputs make every sum exact in any order.
 * The attention kernels compare with a tolerance derived at each case (they round
 * probabilities to f16 / bf16 before a dot). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bundled.h"
#include "tritonc/interp.h"

/* A kernel's builder, finished, under its default config with the given fields set. */
static tl_builder *build(const char *name, int nset, const char *const *set)
{
    const tl_kernel *k = tritonc_bundled_find(name);
    assert_non_null(k);
    void *cfg = malloc(k->cfg_size);
    assert_non_null(cfg);
    memcpy(cfg, k->cfg_default, k->cfg_size);
    char err[256];
    for (int i = 0; i < nset; i += 2)
        if (!tl_kernel_set(k, cfg, set[i], set[i + 1], err, sizeof err))
            fail_msg("%s", err);
    char *e = NULL;
    tl_builder *b = tl_kernel_build(k, cfg, (tl_emit_opts){0}, NULL, &e);
    free(cfg);
    if (!b)
        fail_msg("build failed: %s", e);
    return b;
}

static void run(tl_builder *b, tc_interp_grid grid, int nargs, const tc_interp_arg *args)
{
    tc_interp *ip = tc_interp_create(tl_builder_func(b));
    assert_non_null(ip);
    if (!tc_interp_launch_args(ip, grid, nargs, args))
        fail_msg("interpreter: %s", tc_interp_error(ip));
    tc_interp_destroy(ip);
}

static uint32_t lcg(uint32_t *s) { return *s = *s * 1664525u + 1013904223u; }
static float frand(uint32_t *s) { return (float)(lcg(s) >> 8) / 16777216.0f * 4.0f - 2.0f; }

/* ---- vector_add ------------------------------------------------------------------------- */

static void test_vector_add(void **state)
{
    (void)state;
    static const char *const set[] = {"BLOCK_SIZE", "128"};
    tl_builder *b = build("vector_add", 2, set), *xla = build("vector_add_xla", 2, set);
    const int sizes[] = {1, 127, 128, 129, 1000, 4096};
    uint32_t seed = 1;
    for (size_t t = 0; t < sizeof sizes / sizeof sizes[0]; t++) {
        int n = sizes[t];
        float *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y), *o = malloc(n * sizeof *o);
        for (int i = 0; i < n; i++) {
            x[i] = frand(&seed);
            y[i] = frand(&seed);
        }
        run(b, tc_interp_grid1((n + 127) / 128), 4,
            (tc_interp_arg[]){tc_interp_ptr(x, n * sizeof *x), tc_interp_ptr(y, n * sizeof *y),
                              tc_interp_ptr(o, n * sizeof *o), tc_interp_int(n)});
        for (int i = 0; i < n; i++)
            assert_true(o[i] == x[i] + y[i]);
        /* the XLA form: n read from a buffer */
        int32_t n32 = n;
        memset(o, 0, n * sizeof *o);
        run(xla, tc_interp_grid1((n + 127) / 128), 4,
            (tc_interp_arg[]){tc_interp_ptr(x, n * sizeof *x), tc_interp_ptr(y, n * sizeof *y),
                              tc_interp_ptr(&n32, sizeof n32), tc_interp_ptr(o, n * sizeof *o)});
        for (int i = 0; i < n; i++)
            assert_true(o[i] == x[i] + y[i]);
        free(x);
        free(y);
        free(o);
    }
    tl_builder_destroy(b);
    tl_builder_destroy(xla);
}

/* ---- softmax ------------------------------------------------------------------------------- */

/* The interpreter's tree sum over the block (masked lanes hold exp(-inf) = 0). */
static float tree_sum(float *v, int n)
{
    for (; n > 1; n = (n + 1) / 2)
        for (int i = 0; i < n - (n + 1) / 2; i++)
            v[i] = v[i] + v[i + (n + 1) / 2];
    return v[0];
}

static void softmax_case(int block, int rows, int cols, uint32_t *seed)
{
    char bs[16];
    snprintf(bs, sizeof bs, "%d", block);
    const char *const set[] = {"BLOCK", bs};
    tl_builder *b = build("softmax", 2, set);
    int stride = cols + 3; /* rows padded: the stride is an argument */
    size_t bytes = (size_t)rows * stride * sizeof(float);
    float *in = malloc(bytes), *out = malloc(bytes), *num = malloc(block * sizeof *num);
    for (int i = 0; i < rows * stride; i++) {
        in[i] = frand(seed) * 4;
        out[i] = 12345.0f;
    }
    run(b, tc_interp_grid1(rows), 5,
        (tc_interp_arg[]){tc_interp_ptr(out, bytes), tc_interp_ptr(in, bytes), tc_interp_int(stride),
                          tc_interp_int(stride), tc_interp_int(cols)});
    for (int r = 0; r < rows; r++) {
        const float *x = in + r * stride;
        float m = -INFINITY;
        for (int c = 0; c < cols; c++)
            m = x[c] > m ? x[c] : m;
        for (int c = 0; c < block; c++)
            num[c] = c < cols ? expf(x[c] - m) : 0.0f;
        float *e = malloc(block * sizeof *e);
        memcpy(e, num, block * sizeof *e);
        float den = tree_sum(e, block);
        free(e);
        for (int c = 0; c < cols; c++)
            assert_true(out[r * stride + c] == num[c] / den);
        for (int c = cols; c < stride; c++)
            assert_true(out[r * stride + c] == 12345.0f); /* masked off: untouched */
    }
    free(in);
    free(out);
    free(num);
    tl_builder_destroy(b);
}

static void test_softmax(void **state)
{
    (void)state;
    uint32_t seed = 7;
    softmax_case(8, 1, 1, &seed);
    softmax_case(8, 3, 5, &seed);
    softmax_case(16, 4, 16, &seed);
    softmax_case(128, 5, 100, &seed);
    softmax_case(1024, 2, 1000, &seed); /* the default block */
}

/* ---- matmul ------------------------------------------------------------------------------------ */

static uint16_t h(float f) { return (uint16_t)tc_interp_float_bits(f, TCIR_F16, false); }
static float hf(uint16_t u) { return (float)tc_interp_float_value(u, TCIR_F16); }

/* C = A @ B for f16 A (M x K) and B (K x N), f32 accumulation in k order, rounded to f16. */
static void matmul_case(int bm, int bn, int bk, int gm, int M, int N, int K, uint32_t *seed)
{
    char s[4][16];
    snprintf(s[0], 16, "%d", bm);
    snprintf(s[1], 16, "%d", bn);
    snprintf(s[2], 16, "%d", bk);
    snprintf(s[3], 16, "%d", gm);
    const char *const set[] = {"BLOCK_M", s[0], "BLOCK_N", s[1], "BLOCK_K", s[2], "GROUP_M", s[3]};
    tl_builder *b = build("matmul", 8, set);
    uint16_t *A = malloc((size_t)M * K * 2), *B = malloc((size_t)K * N * 2), *C = malloc((size_t)M * N * 2);
    for (int i = 0; i < M * K; i++)
        A[i] = h(frand(seed));
    for (int i = 0; i < K * N; i++)
        B[i] = h(frand(seed));
    memset(C, 0xff, (size_t)M * N * 2);
    int grid = ((M + bm - 1) / bm) * ((N + bn - 1) / bn);
    run(b, tc_interp_grid1(grid), 12,
        (tc_interp_arg[]){tc_interp_ptr(A, (size_t)M * K * 2), tc_interp_ptr(B, (size_t)K * N * 2),
                          tc_interp_ptr(C, (size_t)M * N * 2), tc_interp_int(M), tc_interp_int(N), tc_interp_int(K),
                          tc_interp_int(K), tc_interp_int(1), tc_interp_int(N), tc_interp_int(1), tc_interp_int(N),
                          tc_interp_int(1)});
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            float acc = 0;
            for (int k = 0; k < K; k++) {
                volatile float p = hf(A[i * K + k]) * hf(B[k * N + j]); /* no fused multiply-add */
                acc = acc + p;
            }
            if (C[i * N + j] != h(acc))
                fail_msg("C[%d][%d] = 0x%04x, want 0x%04x (M %d N %d K %d)", i, j, C[i * N + j], h(acc), M, N, K);
        }
    free(A);
    free(B);
    free(C);
    tl_builder_destroy(b);
}

static void test_matmul(void **state)
{
    (void)state;
    uint32_t seed = 3;
    matmul_case(16, 16, 16, 2, 16, 16, 16, &seed);
    matmul_case(16, 16, 16, 2, 33, 17, 40, &seed); /* ragged in M, N and K */
    matmul_case(32, 16, 16, 4, 70, 50, 23, &seed);
    matmul_case(16, 32, 32, 1, 5, 7, 3, &seed);    /* smaller than one block everywhere */
}

/* ---- layer_norm_fwd ------------------------------------------------------------------------------- */

static float load_as_f32(const void *buf, int i, bool f16)
{
    return f16 ? (float)tc_interp_float_value(((const uint16_t *)buf)[i], TCIR_F16) : ((const float *)buf)[i];
}

/* Each lane of the block accumulates its columns in loop order, then the tree sums the lanes. */
static void layer_norm_case(bool f16, int block, int rows, int n, uint32_t *seed)
{
    char bs[16];
    snprintf(bs, sizeof bs, "%d", block);
    const char *const set[] = {"dtype", f16 ? "float16" : "float32", "BLOCK_SIZE", bs};
    tl_builder *b = build("layer_norm_fwd", 4, set);
    int stride = n + 1, eb = f16 ? 2 : 4;
    size_t xbytes = (size_t)rows * stride * eb;
    unsigned char *X = malloc(xbytes), *Y = malloc(xbytes), *W = malloc((size_t)n * eb), *B = malloc((size_t)n * eb);
    float *mean = malloc(rows * sizeof *mean), *rstd = malloc(rows * sizeof *rstd), *acc = malloc(block * sizeof *acc);
    for (int i = 0; i < rows * stride; i++) {
        float v = frand(seed);
        if (f16)
            ((uint16_t *)X)[i] = h(v);
        else
            ((float *)X)[i] = v;
    }
    for (int i = 0; i < n; i++) {
        float w = frand(seed), bb = frand(seed);
        if (f16) {
            ((uint16_t *)W)[i] = h(w);
            ((uint16_t *)B)[i] = h(bb);
        } else {
            ((float *)W)[i] = w;
            ((float *)B)[i] = bb;
        }
    }
    memset(Y, 0, xbytes);
    const float eps = 1e-5f;
    run(b, tc_interp_grid1(rows), 9,
        (tc_interp_arg[]){tc_interp_ptr(X, xbytes), tc_interp_ptr(Y, xbytes), tc_interp_ptr(W, (size_t)n * eb),
                          tc_interp_ptr(B, (size_t)n * eb), tc_interp_ptr(mean, rows * sizeof *mean),
                          tc_interp_ptr(rstd, rows * sizeof *rstd), tc_interp_int(stride), tc_interp_int(n),
                          tc_interp_float(eps)});
    for (int r = 0; r < rows; r++) {
        const int base = r * stride;
        for (int j = 0; j < block; j++)
            acc[j] = 0;
        for (int start = 0; start < n; start += block)
            for (int j = 0; j < block; j++)
                acc[j] = acc[j] + (start + j < n ? load_as_f32(X, base + start + j, f16) : 0.0f);
        float m = tree_sum(acc, block) / (float)n;
        for (int j = 0; j < block; j++)
            acc[j] = 0;
        for (int start = 0; start < n; start += block)
            for (int j = 0; j < block; j++) {
                volatile float c = start + j < n ? load_as_f32(X, base + start + j, f16) - m : 0.0f;
                volatile float sq = c * c;
                acc[j] = acc[j] + sq;
            }
        float var = tree_sum(acc, block) / (float)n;
        float rs = 1.0f / sqrtf(var + eps);
        assert_true(mean[r] == m);
        assert_true(rstd[r] == rs);
        for (int c = 0; c < n; c++) {
            volatile float t = (load_as_f32(X, base + c, f16) - m) * rs;
            volatile float tw = t * load_as_f32(W, c, f16);
            float y = tw + load_as_f32(B, c, f16);
            float got = load_as_f32(Y, base + c, f16);
            if (f16 ? ((uint16_t *)Y)[base + c] != h(y) : got != y)
                fail_msg("row %d col %d: %a, want %a", r, c, got, y);
        }
    }
    free(X);
    free(Y);
    free(W);
    free(B);
    free(mean);
    free(rstd);
    free(acc);
    tl_builder_destroy(b);
}

static void test_layer_norm_fwd(void **state)
{
    (void)state;
    uint32_t seed = 11;
    layer_norm_case(false, 16, 3, 16, &seed);
    layer_norm_case(false, 16, 2, 37, &seed); /* ragged: three chunks, the last of 5 */
    layer_norm_case(true, 32, 4, 100, &seed);
    layer_norm_case(true, 128, 1, 1, &seed);
}

/* ---- layer_norm_bwd_dx: spin locks (atomic_cas, atomic_xchg) and partial sums per group ------- */

/* Programs run in order, so each group's lock is free when a program comes to it and the
 * partial sums of DW and DB add up in program order: dy + (the earlier rows' sum). */
static void layer_norm_bwd_case(int group, int block, int rows, int n, uint32_t *seed)
{
    char s[2][16];
    snprintf(s[0], 16, "%d", group);
    snprintf(s[1], 16, "%d", block);
    const char *const set[] = {"dtype", "float32", "GROUP_SIZE_M", s[0], "BLOCK_SIZE_N", s[1]};
    tl_builder *b = build("layer_norm_bwd_dx", 6, set);
    int stride = n + 2;
    size_t xb = (size_t)rows * stride * sizeof(float), gb = (size_t)group * n * sizeof(float);
    float *X = malloc(xb), *DY = malloc(xb), *DX = calloc(1, xb), *W = malloc(n * sizeof *W);
    float *mean = malloc(rows * sizeof *mean), *rstd = malloc(rows * sizeof *rstd);
    float *DW = calloc(1, gb), *DB = calloc(1, gb), *wdw = calloc(1, gb), *wdb = calloc(1, gb);
    float *t1 = malloc(block * sizeof *t1), *t2 = malloc(block * sizeof *t2);
    int32_t *lock = calloc((size_t)2 * group, sizeof *lock);
    for (int i = 0; i < rows * stride; i++) {
        X[i] = frand(seed);
        DY[i] = frand(seed);
    }
    for (int i = 0; i < n; i++)
        W[i] = frand(seed);
    for (int r = 0; r < rows; r++) {
        mean[r] = frand(seed) * 0.1f;
        rstd[r] = 1.0f + frand(seed) * 0.1f;
    }
    run(b, tc_interp_grid1(rows), 11,
        (tc_interp_arg[]){tc_interp_ptr(DX, xb), tc_interp_ptr(DY, xb), tc_interp_ptr(DW, gb), tc_interp_ptr(DB, gb),
                          tc_interp_ptr(X, xb), tc_interp_ptr(W, n * sizeof *W), tc_interp_ptr(mean, rows * sizeof *mean),
                          tc_interp_ptr(rstd, rows * sizeof *rstd), tc_interp_ptr(lock, 2 * group * sizeof *lock),
                          tc_interp_int(stride), tc_interp_int(n)});
    for (int r = 0; r < rows; r++) {
        const float *x = X + r * stride, *dy = DY + r * stride;
        for (int j = 0; j < block; j++) {
            volatile float xhat = j < n ? (x[j] - mean[r]) * rstd[r] : 0.0f;
            volatile float wdy = j < n ? W[j] * dy[j] : 0.0f;
            t1[j] = xhat * wdy;
            t2[j] = wdy;
        }
        float c1 = tree_sum(t1, block) / (float)n, c2 = tree_sum(t2, block) / (float)n;
        int g = r % group;
        for (int j = 0; j < n; j++) {
            volatile float xhat = (x[j] - mean[r]) * rstd[r];
            volatile float wdy = W[j] * dy[j];
            volatile float xc = xhat * c1;
            float dx = (wdy - (xc + c2)) * rstd[r];
            if (DX[r * stride + j] != dx)
                fail_msg("DX[%d][%d] = %a, want %a", r, j, DX[r * stride + j], dx);
            volatile float pdw = dy[j] * xhat;
            bool first = r < group;
            wdb[g * n + j] = first ? dy[j] : dy[j] + wdb[g * n + j];
            wdw[g * n + j] = first ? pdw : pdw + wdw[g * n + j];
        }
    }
    assert_memory_equal(DW, wdw, gb);
    assert_memory_equal(DB, wdb, gb);
    for (int g = 0; g < group; g++) {
        assert_int_equal(lock[g], 0);                 /* released */
        assert_int_equal(lock[group + g], g < rows);  /* the first-writer flag */
    }
    free(X);
    free(DY);
    free(DX);
    free(W);
    free(mean);
    free(rstd);
    free(DW);
    free(DB);
    free(wdw);
    free(wdb);
    free(t1);
    free(t2);
    free(lock);
    tl_builder_destroy(b);
}

static void test_layer_norm_bwd_dx(void **state)
{
    (void)state;
    uint32_t seed = 13;
    layer_norm_bwd_case(2, 16, 5, 13, &seed);
    layer_norm_bwd_case(3, 64, 7, 40, &seed);
    layer_norm_bwd_case(4, 16, 2, 16, &seed); /* groups no program reaches */
}

/* ---- per_token_group_quant_fp8: bf16 in, fp8e4nv out with a per-group scale ------------------- */

static void quant_case(bool ue8m0, int block, int tokens, int hidden, int group_size, uint32_t *seed)
{
    char bs[16];
    snprintf(bs, sizeof bs, "%d", block);
    const char *const set[] = {"dtype", "bfloat16", "use_ue8m0", ue8m0 ? "true" : "false", "BLOCK", bs};
    tl_builder *b = build("per_token_group_quant_fp8", 6, set);
    int stride = hidden + 8, groups = tokens * (hidden / group_size);
    uint16_t *y = malloc((size_t)tokens * stride * 2);
    uint8_t *q = malloc((size_t)groups * group_size);
    float *sc = malloc(groups * sizeof *sc);
    for (int i = 0; i < tokens * stride; i++)
        y[i] = (uint16_t)tc_interp_float_bits(frand(seed) * 50, TCIR_BF16, false);
    const float eps = 1e-10f, fmax8 = 448.0f;
    run(b, tc_interp_grid1(groups), 9,
        (tc_interp_arg[]){tc_interp_ptr(y, (size_t)tokens * stride * 2), tc_interp_ptr(q, (size_t)groups * group_size),
                          tc_interp_ptr(sc, groups * sizeof *sc), tc_interp_int(group_size), tc_interp_int(hidden),
                          tc_interp_int(stride), tc_interp_float(eps), tc_interp_float(-fmax8), tc_interp_float(fmax8)});
    for (int g = 0; g < groups; g++) {
        int row = g / (hidden / group_size), col0 = (g % (hidden / group_size)) * group_size;
        float absmax = 0;
        for (int j = 0; j < group_size; j++) {
            float v = fabsf((float)tc_interp_float_value(y[row * stride + col0 + j], TCIR_BF16));
            absmax = v > absmax ? v : absmax;
        }
        absmax = absmax > eps ? absmax : eps;
        float scale = absmax / fmax8;
        float ys = ue8m0 ? exp2f(ceilf(log2f(scale))) : scale;
        assert_true(sc[g] == ys);
        for (int j = 0; j < group_size; j++) {
            float v = (float)tc_interp_float_value(y[row * stride + col0 + j], TCIR_BF16) / ys;
            v = v < -fmax8 ? -fmax8 : v > fmax8 ? fmax8 : v;
            uint8_t want = (uint8_t)tc_interp_float_bits(v, TCIR_F8E4M3FN, false);
            if (q[g * group_size + j] != want)
                fail_msg("group %d lane %d: 0x%02x, want 0x%02x", g, j, q[g * group_size + j], want);
        }
    }
    free(y);
    free(q);
    free(sc);
    tl_builder_destroy(b);
}

static void test_per_token_group_quant_fp8(void **state)
{
    (void)state;
    uint32_t seed = 17;
    quant_case(false, 16, 3, 64, 16, &seed);
    quant_case(true, 16, 3, 64, 16, &seed);
    quant_case(false, 32, 2, 48, 24, &seed); /* a group shorter than the block */
}

/* ---- descriptors: tensor descriptors and block pointers ---------------------------------------- */

/* O[BM + r][c] = X[r][c] through descriptors (both dimensions checked, so the ragged columns
 * are neither read nor written); O[r][c] = X[r][c] + X[BM + r][c] through block pointers
 * (the advanced one unchecked: M >= 2 BM keeps it inside the buffer). */
static void descriptors_case(int bm, int bn, int M, int N, uint32_t *seed)
{
    char s[2][16];
    snprintf(s[0], 16, "%d", bm);
    snprintf(s[1], 16, "%d", bn);
    const char *const set[] = {"BM", s[0], "BN", s[1]};
    tl_builder *b = build("descriptors", 4, set);
    size_t bytes = (size_t)M * N * sizeof(float);
    float *X = malloc(bytes), *O = malloc(bytes);
    for (int i = 0; i < M * N; i++) {
        X[i] = frand(seed);
        O[i] = 777.0f;
    }
    run(b, tc_interp_grid1(1), 4,
        (tc_interp_arg[]){tc_interp_ptr(X, bytes), tc_interp_ptr(O, bytes), tc_interp_int(M), tc_interp_int(N)});
    for (int r = 0; r < M; r++)
        for (int c = 0; c < N; c++) {
            float want = 777.0f;
            if (r < bm && c < bn)
                want = X[r * N + c] + X[(r + bm) * N + c];
            else if (r >= bm && r < 2 * bm && c < bn)
                want = X[(r - bm) * N + c];
            if (O[r * N + c] != want)
                fail_msg("O[%d][%d] = %g, want %g", r, c, O[r * N + c], want);
        }
    free(X);
    free(O);
    tl_builder_destroy(b);
}

static void test_descriptors(void **state)
{
    (void)state;
    uint32_t seed = 5;
    descriptors_case(16, 16, 32, 16, &seed);
    descriptors_case(16, 16, 37, 13, &seed); /* ragged columns: padded loads, clipped stores */
    descriptors_case(8, 16, 20, 40, &seed);  /* wider than the block */
}

/* ---- reductions: sums, max/min, argmax/argmin, cumsum, reverse cumprod, xor_sum ---------------- */

/* Integer-valued floats keep every sum and product exact, so the reference needs no order. The
 * kernel's stores overlap (o[rm], then o[rn], then o[0]); M > N and M < N see different parts. */
static void reductions_case(int M, int N, uint32_t *seed)
{
    char s[2][16];
    snprintf(s[0], 16, "%d", M);
    snprintf(s[1], 16, "%d", N);
    const char *const set[] = {"M", s[0], "N", s[1]};
    tl_builder *b = build("reductions", 4, set);
    int L = M > N ? M : N;
    float *x = malloc((size_t)M * N * sizeof *x), *o = calloc((size_t)L, sizeof *o), *want = calloc((size_t)L, sizeof *want);
    int32_t *idx = calloc((size_t)L, sizeof *idx), *widx = calloc((size_t)L, sizeof *widx);
    for (int i = 0; i < M * N; i++)
        x[i] = (float)((int)(lcg(seed) >> 16) % 5 - 2);
    run(b, tc_interp_grid1(1), 3,
        (tc_interp_arg[]){tc_interp_ptr(x, (size_t)M * N * sizeof *x), tc_interp_ptr(o, (size_t)L * sizeof *o),
                          tc_interp_ptr(idx, (size_t)L * sizeof *idx)});
    int isum = M * (M - 1) / 2, xs = 0;
    for (int i = 0; i < M; i++)
        xs ^= i;
    float s0 = 0, m0 = -INFINITY;
    for (int i = 0; i < M; i++) { /* o[rm] and idx[rm] */
        float m1 = -INFINITY, s2 = 0, scs = 0, run_sum = 0, scp = 0;
        int am = 0;
        for (int j = 0; j < N; j++) {
            float v = x[i * N + j];
            if (v > m1) {
                m1 = v;
                am = j;
            }
            s2 += v;
            run_sum += v;
            scs += run_sum;
            float cp = 1;
            for (int k = i; k < M; k++)
                cp *= x[k * N + j];
            scp += cp;
            s0 += v;
            m0 = v > m0 ? v : m0;
        }
        want[i] = m1 + m1 + s2 + scs + scp;
        widx[i] = am + am + xs + isum;
    }
    for (int j = 0; j < N; j++) { /* o[rn] and idx[rn], over them */
        float s1 = 0, mn = INFINITY;
        int ai = 0;
        for (int i = 0; i < M; i++) {
            float v = x[i * N + j];
            s1 += v;
            if (v < mn) {
                mn = v;
                ai = i;
            }
        }
        want[j] = s1 + mn;
        widx[j] = ai;
    }
    want[0] = s0 + m0;
    for (int i = 0; i < L; i++) {
        if (o[i] != want[i])
            fail_msg("M %d N %d: o[%d] = %g, want %g", M, N, i, o[i], want[i]);
        if (idx[i] != widx[i])
            fail_msg("M %d N %d: idx[%d] = %d, want %d", M, N, i, idx[i], widx[i]);
    }
    free(x);
    free(o);
    free(want);
    free(idx);
    free(widx);
    tl_builder_destroy(b);
}

static void test_reductions(void **state)
{
    (void)state;
    uint32_t seed = 9;
    reductions_case(16, 32, &seed);
    reductions_case(32, 16, &seed);
    reductions_case(8, 8, &seed);
}

/* ---- layer_norm_bwd_dwdb: column sums of the partial rows, stored in the final dtype ----------- */

static uint64_t store_bits(float v, int eb, tcir_float_kind k)
{
    if (eb == 4) {
        uint32_t u;
        memcpy(&u, &v, 4);
        return u;
    }
    return tc_interp_float_bits(v, k, false);
}

/* Lane i of the tile adds rows first + i in loop order (masked rows add 0.0), then the tree sums
 * the BLOCK_SIZE_M lanes of each column; one rounding to the final dtype at the store. */
static void dwdb_case(const char *dtype, int bm, int bn, int M, int N, uint32_t *seed)
{
    char s[2][16];
    snprintf(s[0], 16, "%d", bm);
    snprintf(s[1], 16, "%d", bn);
    const char *const set[] = {"dtype", dtype, "BLOCK_SIZE_M", s[0], "BLOCK_SIZE_N", s[1]};
    tl_builder *b = build("layer_norm_bwd_dwdb", 6, set);
    const bool f32 = !strcmp(dtype, "float32");
    const int eb = f32 ? 4 : 2;
    const tcir_float_kind kind = !strcmp(dtype, "float16") ? TCIR_F16 : TCIR_BF16;
    size_t pb = (size_t)M * N * sizeof(float), fb = (size_t)N * eb;
    float *DW = malloc(pb), *DB = malloc(pb), *tw = malloc(bm * sizeof *tw), *tb = malloc(bm * sizeof *tb);
    unsigned char *FW = malloc(fb), *FB = malloc(fb);
    for (int i = 0; i < M * N; i++) {
        DW[i] = frand(seed);
        DB[i] = frand(seed);
    }
    memset(FW, 0x5a, fb);
    memset(FB, 0x5a, fb);
    run(b, tc_interp_grid1((N + bn - 1) / bn), 6,
        (tc_interp_arg[]){tc_interp_ptr(DW, pb), tc_interp_ptr(DB, pb), tc_interp_ptr(FW, fb), tc_interp_ptr(FB, fb),
                          tc_interp_int(M), tc_interp_int(N)});
    for (int c = 0; c < N; c++) {
        for (int i = 0; i < bm; i++)
            tw[i] = tb[i] = 0;
        for (int first = 0; first < M; first += bm)
            for (int i = 0; i < bm; i++) {
                tw[i] = tw[i] + (first + i < M ? DW[(first + i) * N + c] : 0.0f);
                tb[i] = tb[i] + (first + i < M ? DB[(first + i) * N + c] : 0.0f);
            }
        uint64_t ww = store_bits(tree_sum(tw, bm), eb, kind), wb = store_bits(tree_sum(tb, bm), eb, kind);
        uint64_t gw = 0, gb = 0;
        memcpy(&gw, FW + (size_t)c * eb, eb); /* little-endian, as the buffers are */
        memcpy(&gb, FB + (size_t)c * eb, eb);
        if (gw != ww || gb != wb)
            fail_msg("%s M %d N %d col %d: dw 0x%llx db 0x%llx, want 0x%llx 0x%llx", dtype, M, N, c,
                     (unsigned long long)gw, (unsigned long long)gb, (unsigned long long)ww, (unsigned long long)wb);
    }
    free(DW);
    free(DB);
    free(tw);
    free(tb);
    free(FW);
    free(FB);
    tl_builder_destroy(b);
}

static void test_layer_norm_bwd_dwdb(void **state)
{
    (void)state;
    uint32_t seed = 19;
    dwdb_case("float32", 4, 8, 16, 16, &seed);
    dwdb_case("float32", 4, 8, 13, 21, &seed);  /* ragged in rows and columns */
    dwdb_case("float16", 8, 16, 37, 40, &seed); /* ragged: the last tile of 5 rows */
    dwdb_case("bfloat16", 32, 128, 100, 130, &seed);
    dwdb_case("float16", 32, 128, 1, 1, &seed);
}

/* ---- softmax_xla: softmax's reference with the row length a constexpr and rows contiguous ------ */

static void softmax_xla_case(int block, int rows, int cols, uint32_t *seed)
{
    char s[2][16];
    snprintf(s[0], 16, "%d", cols);
    snprintf(s[1], 16, "%d", block);
    const char *const set[] = {"N_COLS", s[0], "BLOCK", s[1]};
    tl_builder *b = build("softmax_xla", 4, set);
    size_t bytes = (size_t)rows * cols * sizeof(float);
    float *in = malloc(bytes), *out = malloc(bytes), *num = malloc(block * sizeof *num), *e = malloc(block * sizeof *e);
    for (int i = 0; i < rows * cols; i++) {
        in[i] = frand(seed) * 4;
        out[i] = 12345.0f;
    }
    run(b, tc_interp_grid1(rows), 2, (tc_interp_arg[]){tc_interp_ptr(in, bytes), tc_interp_ptr(out, bytes)});
    for (int r = 0; r < rows; r++) {
        const float *x = in + r * cols;
        float m = -INFINITY;
        for (int c = 0; c < cols; c++)
            m = x[c] > m ? x[c] : m;
        for (int c = 0; c < block; c++)
            num[c] = c < cols ? expf(x[c] - m) : 0.0f;
        memcpy(e, num, block * sizeof *e);
        float den = tree_sum(e, block);
        for (int c = 0; c < cols; c++)
            if (out[r * cols + c] != num[c] / den)
                fail_msg("row %d col %d: %a, want %a", r, c, out[r * cols + c], num[c] / den);
    }
    free(in);
    free(out);
    free(num);
    free(e);
    tl_builder_destroy(b);
}

static void test_softmax_xla(void **state)
{
    (void)state;
    uint32_t seed = 23;
    softmax_xla_case(8, 1, 1, &seed);
    softmax_xla_case(8, 3, 5, &seed); /* ragged: 3 masked lanes per row */
    softmax_xla_case(16, 4, 16, &seed);
    softmax_xla_case(1024, 3, 1000, &seed); /* the default config */
}

/* ---- random_k: tl.rand + tl.randn + tl.randint, Triton's random.py in plain C ------------------- */

/* Philox4x32 with Triton's constants and round count (random.py: philox_impl). */
static void philox4x32(uint32_t c[4], uint32_t k0, uint32_t k1, int rounds)
{
    for (int r = 0; r < rounds; r++) {
        uint32_t c0 = c[0], c2 = c[2];
        c[0] = (uint32_t)(((uint64_t)0xCD9E8D57u * c2) >> 32) ^ c[1] ^ k0;
        c[2] = (uint32_t)(((uint64_t)0xD2511F53u * c0) >> 32) ^ c[3] ^ k1;
        c[1] = 0xCD9E8D57u * c2;
        c[3] = 0xD2511F53u * c0;
        k0 += 0x9E3779B9u;
        k1 += 0xBB67AE85u;
    }
}

/* randint4x(seed, offset) for an int32 seed and int32 offset: seed.to(uint64) sign-extends, so
 * a negative seed's high key is 0xffffffff; the offset's high word is 0 (32-bit offsets). */
static void randint4x_ref(int32_t seed, int32_t offset, uint32_t out[4])
{
    uint64_t s = (uint64_t)(int64_t)seed;
    out[0] = (uint32_t)offset;
    out[1] = out[2] = out[3] = 0;
    philox4x32(out, (uint32_t)s, (uint32_t)(s >> 32), 10);
}

/* uint_to_uniform_float for 32 bits: as int32, x < 0 ? -x - 1 : x (= ~x), times float32 scale. */
static float uniform_ref(uint32_t u)
{
    int32_t x = (int32_t)(u & 0x80000000u ? ~u : u);
    volatile float f = (float)x * (float)4.6566127342e-10;
    return f;
}

/* Exact: integer Philox, float32 products rounded one at a time (volatile: no contraction), and
 * log, cos, sin through the C library's float functions, as the interpreter computes them (on a
 * GPU they are approximations: there randn would need a tolerance). */
static void random_k_case(int B, int32_t seed)
{
    char bs[16];
    snprintf(bs, sizeof bs, "%d", B);
    const char *const set[] = {"B", bs};
    tl_builder *b = build("random_k", 2, set);
    float *o = malloc(B * sizeof *o);
    run(b, tc_interp_grid1(1), 3,
        (tc_interp_arg[]){tc_interp_ptr(NULL, 0), tc_interp_ptr(o, B * sizeof *o), tc_interp_int(seed)});
    for (int i = 0; i < B; i++) {
        uint32_t v[4];
        randint4x_ref(seed, i, v);
        float uni = uniform_ref(v[0]); /* tl.rand */
        float u1 = uniform_ref(v[0]), u2 = uniform_ref(v[1]);
        u1 = u1 > 1.0e-7f ? u1 : 1.0e-7f; /* tl.maximum(1.0e-7, u1) */
        volatile float th = (float)6.283185307179586 * u2;
        volatile float l2 = -2.0f * logf(u1);
        float r = sqrtf(l2);
        volatile float randn = r * cosf(th);
        volatile float sum = uni + randn;
        float want = sum + (float)v[0]; /* randint: uint32 to float32, rounded to nearest even */
        if (o[i] != want)
            fail_msg("B %d seed %d offset %d: %a, want %a", B, (int)seed, i, o[i], want);
    }
    free(o);
    tl_builder_destroy(b);
}

static void test_random_k(void **state)
{
    (void)state;
    /* the reference's Philox against Random123's known answer (counter and key zero) */
    uint32_t kat[4] = {0, 0, 0, 0};
    philox4x32(kat, 0, 0, 10);
    assert_true(kat[0] == 0x6627e8d5u && kat[1] == 0xe169c58du && kat[2] == 0xbc57ac4cu && kat[3] == 0x9b00dbd8u);
    random_k_case(64, 0); /* the default config */
    random_k_case(64, 42);
    random_k_case(16, -7); /* a negative seed: the high key all ones */
    random_k_case(1024, 123456789);
}

/* ---- moe_align_block_size: pair ids grouped by expert, each group padded to BLOCK_SIZE --------- */

/* max_num_tokens_padded as vLLM sizes it: room for every expert's padding, but with fewer pairs
 * than experts at most a block per pair. */
static int vllm_max_padded(int numel, int experts, int bs)
{
    int room = numel + experts * (bs - 1);
    return numel < experts && numel * bs < room ? numel * bs : room;
}

/* The contract of kernels/models/moe_align_block_size.py, written directly (a counting sort, stable):
 * exact, integers. Every output element is written, so the buffers start as a sentinel. Now and
 * then an id is outside [0, NUM_EXPERTS): -1 (expert parallelism) or one from NUM_EXPERTS to
 * BLOCK_E + 1, which the kernel leaves out too (it once counted one below BLOCK_E as an expert of
 * its own: found here). */
static void moe_align_case(int experts, int block_e, int bs, int bt, int numel, int invalid_every, uint32_t *seed)
{
    char s[4][16];
    snprintf(s[0], 16, "%d", experts);
    snprintf(s[1], 16, "%d", bs);
    snprintf(s[2], 16, "%d", block_e);
    snprintf(s[3], 16, "%d", bt);
    const char *const set[] = {"NUM_EXPERTS", s[0], "BLOCK_SIZE", s[1], "BLOCK_E", s[2], "BLOCK_T", s[3]};
    tl_builder *b = build("moe_align_block_size", 8, set);
    const int max_padded = vllm_max_padded(numel, experts, bs), max_blocks = (max_padded + bs - 1) / bs;
    int32_t *ids = malloc((numel ? numel : 1) * sizeof *ids), *sorted = malloc(max_padded * sizeof *sorted);
    int32_t *eids = malloc(max_blocks * sizeof *eids), total = -12345;
    int32_t *wsorted = malloc(max_padded * sizeof *wsorted), *weids = malloc(max_blocks * sizeof *weids);
    int *count = calloc(experts, sizeof *count), *start = calloc(experts + 1, sizeof *start);
    for (int i = 0; i < numel; i++) { /* ids in [0, experts), and now and then -1 or one past the experts */
        uint32_t r = lcg(seed) >> 8;
        bool invalid = invalid_every && i % invalid_every == invalid_every - 1;
        ids[i] = !invalid ? (int32_t)(r % (uint32_t)experts)
                 : (i / invalid_every) % 2 ? -1 : experts + (int32_t)(r % (uint32_t)(block_e - experts + 2));
    }
    for (int i = 0; i < max_padded; i++)
        sorted[i] = -12345;
    for (int i = 0; i < max_blocks; i++)
        eids[i] = -12345;
    run(b, tc_interp_grid1(1), 7,
        (tc_interp_arg[]){tc_interp_ptr(ids, numel * sizeof *ids), tc_interp_ptr(sorted, max_padded * sizeof *sorted),
                          tc_interp_ptr(eids, max_blocks * sizeof *eids), tc_interp_ptr(&total, sizeof total),
                          tc_interp_int(numel), tc_interp_int(max_padded), tc_interp_int(max_blocks)});
    for (int i = 0; i < numel; i++)
        if (ids[i] >= 0 && ids[i] < experts)
            count[ids[i]]++;
    for (int e = 0; e < experts; e++) /* start[e]: the padded groups before e; start[experts]: the total */
        start[e + 1] = start[e] + (count[e] + bs - 1) / bs * bs;
    for (int i = 0; i < max_padded; i++)
        wsorted[i] = numel;
    for (int e = 0; e < experts; e++)
        count[e] = 0;
    for (int i = 0; i < numel; i++) /* in ascending order: stable */
        if (ids[i] >= 0 && ids[i] < experts)
            wsorted[start[ids[i]] + count[ids[i]]++] = i;
    for (int k = 0; k < max_blocks; k++) {
        int e = 0;
        while (e < experts && start[e + 1] <= k * bs)
            e++;
        weids[k] = e < experts ? e : -1;
    }
    assert_int_equal(total, start[experts]);
    for (int i = 0; i < max_padded; i++)
        if (sorted[i] != wsorted[i])
            fail_msg("E %d numel %d: sorted_token_ids[%d] = %d, want %d", experts, numel, i, sorted[i], wsorted[i]);
    for (int k = 0; k < max_blocks; k++)
        if (eids[k] != weids[k])
            fail_msg("E %d numel %d: expert_ids[%d] = %d, want %d", experts, numel, k, eids[k], weids[k]);
    free(ids);
    free(sorted);
    free(eids);
    free(wsorted);
    free(weids);
    free(count);
    free(start);
    tl_builder_destroy(b);
}

static void test_moe_align_block_size(void **state)
{
    (void)state;
    uint32_t seed = 29;
    moe_align_case(8, 8, 4, 16, 2, 0, &seed);     /* one token, top 2 */
    moe_align_case(8, 8, 4, 16, 14, 0, &seed);    /* 7 tokens, top 2: less than one tile */
    moe_align_case(8, 8, 16, 64, 666, 7, &seed);  /* ragged: 333 tokens, top 2, some -1 */
    moe_align_case(32, 32, 16, 128, 1000, 0, &seed);
    moe_align_case(5, 8, 8, 32, 203, 5, &seed);   /* NUM_EXPERTS below BLOCK_E */
    moe_align_case(8, 8, 64, 256, 8192, 0, &seed); /* the default config, 4096 tokens, top 2 */
    moe_align_case(64, 64, 16, 64, 8, 0, &seed);   /* one token, top 8 of 64: a block per pair at most */
    moe_align_case(64, 64, 16, 64, 12, 5, &seed);  /* fewer pairs than experts, some ids invalid */
}

/* ---- reduce_segments: unified_attention_3d's segments merged into the attention output --------- */

typedef struct segs_shape {
    const char *dtype;
    int hq, tile, d, dp, nseg; /* NUM_QUERY_HEADS, TILE_SIZE, HEAD_SIZE, HEAD_SIZE_PADDED, NUM_SEGMENTS_PER_SEQ */
} segs_shape;

/* Exact: the maximum needs no order, each rescale is expf of one rounded difference, and the two
 * sums over the segments are the interpreter's tree over NUM_SEGMENTS_PER_SEQ lanes (segments not
 * written add exp(-inf) = 0 products), then one division and one rounding to the output dtype.
 * zero_head: that head of token 0 has exp-sums of zero (the output is 0 there). */
static void segments_case(segs_shape c, int nseqs, const int *qlens, const int *slens, int zero_head, uint32_t *seed)
{
    char s[5][16];
    snprintf(s[0], 16, "%d", c.hq);
    snprintf(s[1], 16, "%d", c.tile);
    snprintf(s[2], 16, "%d", c.d);
    snprintf(s[3], 16, "%d", c.dp);
    snprintf(s[4], 16, "%d", c.nseg);
    const char *const set[] = {"dtype", c.dtype, "NUM_QUERY_HEADS", s[0], "TILE_SIZE", s[1], "HEAD_SIZE", s[2],
                               "HEAD_SIZE_PADDED", s[3], "NUM_SEGMENTS_PER_SEQ", s[4]};
    tl_builder *b = build("reduce_segments", 12, set);
    const tcir_float_kind kind = !strcmp(c.dtype, "float16") ? TCIR_F16 : TCIR_BF16;
    int tokens = 0;
    int32_t *qsl = malloc((nseqs + 1) * sizeof *qsl), *sl = malloc(nseqs * sizeof *sl);
    qsl[0] = 0;
    for (int i = 0; i < nseqs; i++) {
        sl[i] = slens[i];
        qsl[i + 1] = qsl[i] + qlens[i];
    }
    tokens = qsl[nseqs];
    const int stride_head = c.d + 1, stride_tok = c.hq * stride_head + 2; /* gaps: never written */
    size_t nm = (size_t)tokens * c.hq * c.nseg, ob = (size_t)tokens * stride_tok * 2;
    float *mx = malloc(nm * sizeof *mx), *es = malloc(nm * sizeof *es), *so = malloc(nm * c.dp * sizeof *so);
    float *rescale = malloc(c.nseg * sizeof *rescale), *t = malloc(c.nseg * sizeof *t);
    uint16_t *out = malloc(ob);
    for (size_t i = 0; i < nm; i++) {
        mx[i] = frand(seed) * 3;
        es[i] = (frand(seed) + 2) * 4 + 0.5f;
        for (int d = 0; d < c.dp; d++)
            so[i * c.dp + d] = frand(seed) * es[i];
    }
    if (zero_head >= 0)
        for (int g = 0; g < c.nseg; g++)
            es[(size_t)zero_head * c.nseg + g] = 0;
    for (size_t i = 0; i < ob / 2; i++)
        out[i] = 0xdead;
    run(b, tc_interp_grid2(tokens, c.hq), 9,
        (tc_interp_arg[]){tc_interp_ptr(out, ob), tc_interp_ptr(so, nm * c.dp * sizeof *so),
                          tc_interp_ptr(mx, nm * sizeof *mx), tc_interp_ptr(es, nm * sizeof *es),
                          tc_interp_ptr(sl, nseqs * sizeof *sl), tc_interp_ptr(qsl, (nseqs + 1) * sizeof *qsl),
                          tc_interp_int(nseqs), tc_interp_int(stride_tok), tc_interp_int(stride_head)});
    for (int tok = 0; tok < tokens; tok++) {
        int seq = 0;
        while (seq + 1 < nseqs && qsl[seq + 1] <= tok)
            seq++;
        int tps = (sl[seq] + c.nseg * c.tile - 1) / (c.nseg * c.tile);
        int active = (sl[seq] + tps * c.tile - 1) / (tps * c.tile);
        for (int hd = 0; hd < c.hq; hd++) {
            size_t base = ((size_t)tok * c.hq + hd) * c.nseg;
            float m = -INFINITY;
            for (int g = 0; g < active; g++)
                m = mx[base + g] > m ? mx[base + g] : m;
            for (int g = 0; g < c.nseg; g++) {
                rescale[g] = g < active ? expf(mx[base + g] - m) : 0.0f;
                volatile float p = g < active ? es[base + g] * rescale[g] : 0.0f;
                t[g] = p;
            }
            float den = tree_sum(t, c.nseg);
            for (int d = 0; d < c.dp; d++) {
                for (int g = 0; g < c.nseg; g++) {
                    volatile float p = g < active && d < c.d ? so[(base + g) * c.dp + d] * rescale[g] : 0.0f;
                    t[g] = p;
                }
                float acc = tree_sum(t, c.nseg);
                float want = den == 0.0f ? 0.0f : acc / den;
                size_t at = (size_t)tok * stride_tok + (size_t)hd * stride_head + d;
                uint16_t w = d < c.d ? (uint16_t)tc_interp_float_bits(want, kind, false) : 0xdead;
                if (d < stride_head && out[at] != w)
                    fail_msg("%s token %d head %d dim %d: 0x%04x, want 0x%04x", c.dtype, tok, hd, d, out[at], w);
            }
        }
    }
    for (int tok = 0; tok < tokens; tok++) /* the gap after the last head: untouched */
        for (int i = c.hq * stride_head; i < stride_tok; i++)
            assert_int_equal(out[(size_t)tok * stride_tok + i], 0xdead);
    free(qsl);
    free(sl);
    free(mx);
    free(es);
    free(so);
    free(rescale);
    free(t);
    free(out);
    tl_builder_destroy(b);
}

static void test_reduce_segments(void **state)
{
    (void)state;
    uint32_t seed = 31;
    /* ragged head (5 of 8); sequences of 1 (one segment), 37 (tiles_per_segment 3, 4 segments)
     * and 9 keys (3 of 4 segments) */
    segs_shape small = {"bfloat16", 2, 4, 5, 8, 4};
    segments_case(small, 3, (const int[]){1, 3, 2}, (const int[]){1, 37, 9}, 1, &seed);
    small.dtype = "float16";
    segments_case(small, 3, (const int[]){2, 1, 1}, (const int[]){5, 64, 100}, -1, &seed);
    /* mixed-1-17-300's sequence lengths with fewer queries; 16 segments, a 64-dim head */
    segs_shape big = {"bfloat16", 4, 16, 64, 64, 16};
    segments_case(big, 3, (const int[]){1, 17, 5}, (const int[]){16, 57, 1500}, 0, &seed);
}

/* ---- arith_int: wrap-around, truncating division, shifts, umulhi, program ids ------------------- */

/* Exact, integers. Every program loads x[0, B) and y[0, B) (no program offset) and stores the
 * same o[0, B), then o[p] = p for p = 4 * pid(0) + pid(1) + num_programs(0) + pid(2): programs
 * run in row-major grid order, so a later program's block store overwrites an earlier p below
 * B. Arithmetic in uint32/uint64 wraps as the interpreter's; `//` and `%` truncate (C's). */
static int32_t arith_int_ref(int32_t a, int64_t b)
{
    int32_t c = (int32_t)(uint32_t)((uint64_t)(int64_t)a + (uint64_t)b);  /* i64 sum, truncated */
    int32_t d = (int32_t)((uint32_t)a * 3u - 7u);
    d = d / 2;
    d = d % 5;
    d = (d + 3) / 4;                                                       /* tl.cdiv(d, 4) */
    int32_t e = (a & 3) | (a ^ 5);
    e = (int32_t)((uint32_t)e << 2);
    e = e < 0 ? ~(~e >> 1) : e >> 1;                                       /* arithmetic shift */
    e = e > a ? e : a;
    e = e < 9 ? e : 9;
    uint32_t u = (uint32_t)(((uint64_t)(uint32_t)a * (uint32_t)a) >> 32);  /* umulhi */
    uint32_t f = (uint32_t)(d < 0 ? -d : d) + (uint32_t)e + u;
    /* g = (a >= 1) | (a <= 2) | ... is true for every a: f, never -f */
    return (int32_t)(f + (uint32_t)c);
}

static void arith_int_case(int B, unsigned gx, unsigned gy, unsigned gz, uint32_t *seed)
{
    char bs[16];
    snprintf(bs, sizeof bs, "%d", B);
    const char *const set[] = {"B", bs};
    tl_builder *b = build("arith_int", 2, set);
    int maxp = 4 * ((int)gx - 1) + ((int)gy - 1) + (int)gx + ((int)gz - 1);
    int n = (maxp + 1 > B ? maxp + 1 : B) + 2; /* two more: never written */
    int32_t *x = malloc(B * sizeof *x), *o = malloc(n * sizeof *o), *want = malloc(n * sizeof *want);
    int64_t *y = malloc(B * sizeof *y);
    for (int i = 0; i < B; i++) {
        uint32_t r = lcg(seed);
        /* small values (the comparisons, the clamp to 9, negative division), then any */
        x[i] = i < 24 ? (int32_t)(i % 12) - 6 + (i >= 12) * (i % 2 ? -1000 : 1000) : (int32_t)r;
        y[i] = (int64_t)(((uint64_t)lcg(seed) << 32) | lcg(seed));
        if (i % 4 == 1)
            y[i] = (int64_t)(int32_t)lcg(seed);
    }
    x[B - 1] = INT32_MIN;
    for (int i = 0; i < n; i++)
        o[i] = want[i] = -12345;
    run(b, tc_interp_grid3(gx, gy, gz), 4,
        (tc_interp_arg[]){tc_interp_ptr(x, B * sizeof *x), tc_interp_ptr(y, B * sizeof *y),
                          tc_interp_ptr(o, n * sizeof *o), tc_interp_int(B)});
    for (unsigned pz = 0; pz < gz; pz++)
        for (unsigned py = 0; py < gy; py++)
            for (unsigned px = 0; px < gx; px++) {
                for (int i = 0; i < B; i++)
                    want[i] = arith_int_ref(x[i], y[i]);
                int p = 4 * (int)px + (int)py + (int)gx + (int)pz;
                want[p] = p;
            }
    for (int i = 0; i < n; i++)
        if (o[i] != want[i])
            fail_msg("B %d grid %ux%ux%u: o[%d] = %d, want %d (x %d)", B, gx, gy, gz, i, o[i], want[i],
                     i < B ? x[i] : 0);
    free(x);
    free(y);
    free(o);
    free(want);
    tl_builder_destroy(b);
}

static void test_arith_int(void **state)
{
    (void)state;
    uint32_t seed = 37;
    arith_int_case(64, 1, 1, 1, &seed);  /* the default config: p = 1 */
    arith_int_case(32, 3, 1, 1, &seed);  /* p = 3, 7, 11: the next program overwrites 3 and 7 */
    arith_int_case(32, 2, 3, 2, &seed);  /* every axis */
    arith_int_case(32, 12, 1, 1, &seed); /* p past the block: 56 > 32 */
    arith_int_case(128, 5, 2, 3, &seed);
}

/* ---- casts: float-to-float rounding (nearest even, toward zero), fp8 saturation, float-int ------ */

static uint32_t f32_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static float bits_f32(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

/* Exact. The stores of h, bf, f8 and f5 are read back by later loads (program order), so bf is
 * the round-toward-zero bf16 (its top 16 bits: no NaN is drawn), f5 the fp8e5 of the f16. f16,
 * bf16 and fp8 roundings to nearest even go through tc_interp_float_bits (the interpreter's
 * own: known answers below pin it down); float-to-int truncates and saturates (NVIDIA's
 * cvt.rzi); int-to-float is C's (nearest even); the sums are f32 adds, left to right. */
static void casts_case(int B, uint32_t *seed)
{
    char bs[16];
    snprintf(bs, sizeof bs, "%d", B);
    const char *const set[] = {"B", bs};
    tl_builder *b = build("casts", 2, set);
    float *x = malloc(B * sizeof *x), *o = malloc(B * sizeof *o);
    int32_t *iv = malloc(B * sizeof *iv);
    uint16_t *hv = malloc(B * 2), *bfv = malloc(B * 2);
    uint8_t *f8 = malloc(B), *f5 = malloc(B);
    static const float special[] = {0.0f, -0.0f, 1.0f, -1.5f, 448.0f, 464.0f, 1000.0f, -1e6f, 65504.0f, 65520.0f,
                                    1e5f, 255.9f, 256.0f, -0.75f, 3e9f, -3e9f, 1e-30f, 1e38f, INFINITY, -INFINITY};
    const int nspecial = (int)(sizeof special / sizeof special[0]);
    for (int i = 0; i < B; i++) {
        uint32_t r = lcg(seed);
        x[i] = i < nspecial ? special[i] : i % 3 ? frand(seed) * 300.0f : bits_f32((r & 0x7f7fffffu) | (r & 1u) << 31);
        iv[i] = i % 4 == 0 ? (int32_t)lcg(seed) : (int32_t)(lcg(seed) >> 20) - 2048;
    }
    memset(o, 0, B * sizeof *o);
    run(b, tc_interp_grid1(1), 7,
        (tc_interp_arg[]){tc_interp_ptr(x, B * sizeof *x), tc_interp_ptr(hv, B * 2), tc_interp_ptr(bfv, B * 2),
                          tc_interp_ptr(f8, B), tc_interp_ptr(f5, B), tc_interp_ptr(iv, B * sizeof *iv),
                          tc_interp_ptr(o, B * sizeof *o)});
    for (int r = 0; r < B; r++) {
        float a = x[r];
        int32_t j = iv[r];
        uint16_t wh = (uint16_t)tc_interp_float_bits(a, TCIR_F16, false);
        uint16_t wbf = (uint16_t)(f32_bits(a) >> 16); /* toward zero: the top half */
        uint8_t w8 = (uint8_t)tc_interp_float_bits(a, TCIR_F8E4M3FN, false);
        uint8_t w5 = (uint8_t)tc_interp_float_bits(tc_interp_float_value(wh, TCIR_F16), TCIR_F8E5M2, false);
        if (hv[r] != wh || bfv[r] != wbf || f8[r] != w8 || f5[r] != w5)
            fail_msg("B %d x[%d] = %a: h 0x%04x bf 0x%04x f8 0x%02x f5 0x%02x, want 0x%04x 0x%04x 0x%02x 0x%02x", B, r,
                     a, hv[r], bfv[r], f8[r], f5[r], wh, wbf, w8, w5);
        float fh = (float)tc_interp_float_value(wh, TCIR_F16);
        float bsum = bits_f32((uint32_t)wbf << 16) + fh + (float)tc_interp_float_value(w8, TCIR_F8E4M3FN);
        float c = (float)tc_interp_float_value(tc_interp_float_bits(fh, TCIR_BF16, false), TCIR_BF16);
        int32_t ai = a >= 2147483648.0f ? INT32_MAX : a <= -2147483648.0f ? INT32_MIN : (int32_t)a;
        float d = (float)j + (float)(j > 0) + (float)ai + (float)(int64_t)j;
        float e = (float)(int32_t)(int8_t)(uint8_t)(uint32_t)j + (float)(int32_t)f32_bits(a) + (float)(double)a;
        uint8_t au = a >= 255.0f ? 255 : a > 0.0f ? (uint8_t)a : 0;
        float f = (float)(uint32_t)j + (float)au + (float)(int16_t)(uint16_t)(uint32_t)j;
        float want = bsum + c + d + e + f;
        if (f32_bits(o[r]) != f32_bits(want))
            fail_msg("B %d x[%d] = %a, i %d: o %a, want %a", B, r, a, (int)j, o[r], want);
    }
    free(x);
    free(o);
    free(iv);
    free(hv);
    free(bfv);
    free(f8);
    free(f5);
    tl_builder_destroy(b);
}

static void test_casts(void **state)
{
    (void)state;
    /* known answers for the roundings the reference borrows (docs/interpreter.md's table) */
    assert_int_equal(tc_interp_float_bits(1.0, TCIR_F8E4M3FN, false), 0x38);
    assert_int_equal(tc_interp_float_bits(448.0, TCIR_F8E4M3FN, false), 0x7E);
    assert_int_equal(tc_interp_float_bits(1000.0, TCIR_F8E4M3FN, false), 0x7E); /* saturates */
    assert_int_equal(tc_interp_float_bits(INFINITY, TCIR_F8E5M2, false), 0x7B);  /* infinity too */
    assert_int_equal(tc_interp_float_bits(1.0, TCIR_F8E5M2, false), 0x3C);
    assert_int_equal(tc_interp_float_bits(65520.0, TCIR_F16, false), 0x7C00);     /* rounds to inf */
    assert_int_equal(tc_interp_float_bits(1.0 + 1.0 / 2048, TCIR_F16, false), 0x3C00); /* a tie: even */
    assert_int_equal(tc_interp_float_bits(1.0 + 3.0 / 256, TCIR_BF16, false), 0x3F82); /* a tie: even */
    uint32_t seed = 41;
    casts_case(32, &seed); /* the default config */
    casts_case(16, &seed);
    casts_case(256, &seed);
}

/* ---- arith_float: f32 arithmetic, NaN-aware min/max, where, math functions, clamp ---------------- */

/* The interpreter's maxnum/minnum (the other operand when one is NaN) and maximum/minimum (NaN
 * propagates); both order -0 below +0. */
static float fmax_ord(float a, float b) { return a == b ? (signbit(a) ? b : a) : a > b ? a : b; }
static float fmin_ord(float a, float b) { return a == b ? (signbit(a) ? a : b) : a < b ? a : b; }
static float maxnum(float a, float b) { return isnan(a) ? b : isnan(b) ? a : fmax_ord(a, b); }
static float minnum(float a, float b) { return isnan(a) ? b : isnan(b) ? a : fmin_ord(a, b); }
static float maximum(float a, float b) { return isnan(a) || isnan(b) ? NAN : fmax_ord(a, b); }
static float minimum(float a, float b) { return isnan(a) || isnan(b) ? NAN : fmin_ord(a, b); }

/* Exact: + - * / and sqrt are f32's correctly rounded ones (volatile: no contraction), % is
 * fmod (exact), rsqrt 1/sqrt in double rounded once, fma fmaf, and exp, exp2, log, log2, sin,
 * cos, erf, floor, ceil the C library's float functions, as docs/interpreter.md says the
 * interpreter computes them (a GPU's approximations would need a tolerance). A NaN result
 * (log or sqrt of a negative minimum of x and y) matches any NaN. */
static float arith_float_ref(float a, float b)
{
    volatile float ab = a * b;
    volatile float r = a + b;
    r = r - ab;
    r = r / b;
    r = fmodf(r, b);
    r = -r;
    r = maxnum(r, a);
    r = minnum(r, b);
    r = maximum(r, a);
    r = minimum(r, b);
    r = a > b ? r : a;
    r = a < b && a != b ? r : b;
    float s = r;
    r = fabsf(s) + expf(s) + exp2f(s) + logf(s) + log2f(s) + sqrtf(s) + (float)(1.0 / sqrt((double)s));
    s = r;
    r = s + sinf(s) + cosf(s) + erff(s) + floorf(s) + ceilf(s) + fmaf(s, a, b);
    s = r;
    r = minnum(maxnum(s, a), b) + (isnan(s) ? NAN : minnum(maxnum(s, a), b));
    s = r;
    r = sqrtf(s) + s / b + s / b + s / b;
    volatile float r2 = r * 2.0f;
    return r2 + 1.0f - 0.5f;
}

static void arith_float_case(int B, int n, uint32_t *seed)
{
    char bs[16];
    snprintf(bs, sizeof bs, "%d", B);
    const char *const set[] = {"B", bs};
    tl_builder *b = build("arith_float", 2, set);
    float *x = malloc(B * sizeof *x), *y = malloc(B * sizeof *y), *o = malloc(B * sizeof *o);
    for (int i = 0; i < B; i++) {
        /* mostly positive (finite results), now and then negative, equal or NaN */
        x[i] = i % 7 == 3 ? frand(seed) : frand(seed) + 2.05f;
        y[i] = i % 5 == 2 ? x[i] : i % 11 == 10 ? NAN : frand(seed) + 2.05f;
        o[i] = 12345.0f;
    }
    run(b, tc_interp_grid1(1), 4,
        (tc_interp_arg[]){tc_interp_ptr(x, B * sizeof *x), tc_interp_ptr(y, B * sizeof *y),
                          tc_interp_ptr(o, B * sizeof *o), tc_interp_int(n)});
    int finite = 0;
    for (int i = 0; i < B; i++) {
        float want = i < n ? arith_float_ref(x[i], y[i]) : 12345.0f; /* masked off: untouched */
        finite += i < n && !isnan(want);
        if (isnan(want) ? !isnan(o[i]) : f32_bits(o[i]) != f32_bits(want))
            fail_msg("B %d n %d: o[%d] = %a, want %a (x %a y %a)", B, n, i, o[i], want, x[i], y[i]);
    }
    assert_true(finite >= n / 2);
    free(x);
    free(y);
    free(o);
    tl_builder_destroy(b);
}

static void test_arith_float(void **state)
{
    (void)state;
    uint32_t seed = 43;
    arith_float_case(128, 128, &seed); /* the default config, full */
    arith_float_case(128, 100, &seed); /* ragged */
    arith_float_case(16, 1, &seed);
    arith_float_case(1024, 1000, &seed);
}

/* ---- control: early returns, loops (for, tl.range, static_range, while), if / else ------------- */

/* Exact. Every program that runs (pid * B < n; the one past them returns at once) loads the
 * same blocks, no program offset: acc[r] = x[r] + x[r + B] + ..., f32 adds in loop order (lanes
 * past n add 0), then times 2 four times, + 0, + 1 (the static range), +1 or -1 by the while
 * loop's count i (the first multiple of 3 not below n); program 0 stores acc at o[0, B); the
 * interpreter's tree sum s decides: s > 0 stores s at o[0], else acc + i goes to o[B, 2B). */
static void control_case(int B, int n, float bias, uint32_t *seed)
{
    char bs[16];
    snprintf(bs, sizeof bs, "%d", B);
    const char *const set[] = {"B", bs};
    tl_builder *b = build("control", 2, set);
    int nx = n > 0 ? n : 1;
    float *x = malloc(nx * sizeof *x), *o = malloc(2 * B * sizeof *o), *acc = malloc(B * sizeof *acc);
    float *want = malloc(2 * B * sizeof *want), *t = malloc(B * sizeof *t);
    for (int i = 0; i < nx; i++)
        x[i] = frand(seed) + bias;
    for (int i = 0; i < 2 * B; i++)
        o[i] = want[i] = 12345.0f;
    run(b, tc_interp_grid1((n + B - 1) / B + 1), 3,
        (tc_interp_arg[]){tc_interp_ptr(x, n * sizeof *x), tc_interp_ptr(o, 2 * B * sizeof *o), tc_interp_int(n)});
    if (n > 0) { /* n = 0: every program returns at once */
        for (int r = 0; r < B; r++) {
            acc[r] = 0.0f;
            for (int k = 0; k < n; k += B)
                acc[r] = acc[r] + (r + k < n ? x[r + k] : 0.0f);
        }
        int i = 0;
        while (i < n)
            i += 3;
        for (int r = 0; r < B; r++) {
            for (int j = 0; j < 4; j++)
                acc[r] = acc[r] * 2.0f;
            acc[r] = acc[r] + 0.0f;
            acc[r] = acc[r] + 1.0f;
            acc[r] = i > 10 ? acc[r] + 1.0f : acc[r] - 1.0f;
            want[r] = t[r] = acc[r];
        }
        float s = tree_sum(t, B);
        if (s > 0.0f)
            want[0] = s;
        else
            for (int r = 0; r < B; r++)
                want[B + r] = acc[r] + (float)i;
    }
    for (int r = 0; r < 2 * B; r++)
        if (f32_bits(o[r]) != f32_bits(want[r]))
            fail_msg("B %d n %d: o[%d] = %a, want %a", B, n, r, o[r], want[r]);
    free(x);
    free(o);
    free(acc);
    free(want);
    free(t);
    tl_builder_destroy(b);
}

static void test_control(void **state)
{
    (void)state;
    uint32_t seed = 47;
    control_case(128, 1000, 0.5f, &seed); /* the default config, ragged: s > 0 */
    control_case(128, 1000, -0.5f, &seed); /* s <= 0: the store past the block */
    control_case(16, 5, 0.0f, &seed);      /* less than a block, i = 6: acc - 1 */
    control_case(16, 9, -1.0f, &seed);     /* i = 9 */
    control_case(16, 11, -1.0f, &seed);    /* i = 12: acc + 1 */
    control_case(32, 64, 0.25f, &seed);
    control_case(32, 0, 0.0f, &seed);      /* every program returns early */
}

/* ---- shapes: reshape, trans, permute, join / split, cat, gather, histogram, sums ------------------ */

/* Exact. Shapes are constexpr powers of two with no mask: no ragged sizes, several shapes
 * instead (M below, at and above the histogram's 16 bins). The interpreter never reorders, so
 * reshape(a, (N, M)) then trans reads x[n * M + m], permute(...).T, split(join(a, b)) and the
 * gather along rows give a and b back; sum(e) is the tree over M * N lanes; cat's and the
 * histograms' sums are integers (values past the 16 bins not counted). f32 adds left to right. */
static void shapes_case(int M, int N, uint32_t *seed)
{
    char s[2][16];
    snprintf(s[0], 16, "%d", M);
    snprintf(s[1], 16, "%d", N);
    const char *const set[] = {"M", s[0], "N", s[1]};
    tl_builder *b = build("shapes", 4, set);
    const int mn = M * N;
    float *x = malloc(mn * sizeof *x), *o = malloc(mn * sizeof *o), *t = malloc(mn * sizeof *t);
    for (int i = 0; i < mn; i++)
        x[i] = t[i] = frand(seed);
    run(b, tc_interp_grid1(1), 2, (tc_interp_arg[]){tc_interp_ptr(x, mn * sizeof *x), tc_interp_ptr(o, mn * sizeof *o)});
    float sum_e = tree_sum(t, mn);
    int sum_cat = M * (M - 1), sum_hist = (M < 16 ? M : 16) + (M < 8 ? M : 8);
    for (int m = 0; m < M; m++)
        for (int n = 0; n < N; n++) {
            float a = x[m * N + n], bb = x[n], c = x[n * M + m];
            float z = 0.0f + 3.0f + 2.0f;
            float want = a + z + bb + c + a + a + bb + a + a + (float)(2 * n) + sum_e + (float)sum_cat + (float)sum_hist;
            if (f32_bits(o[m * N + n]) != f32_bits(want))
                fail_msg("M %d N %d: o[%d][%d] = %a, want %a", M, N, m, n, o[m * N + n], want);
        }
    free(x);
    free(o);
    free(t);
    tl_builder_destroy(b);
}

static void test_shapes(void **state)
{
    (void)state;
    uint32_t seed = 53;
    shapes_case(16, 32, &seed); /* the default config */
    shapes_case(4, 8, &seed);   /* fewer values than bins */
    shapes_case(8, 2, &seed);
    shapes_case(32, 16, &seed); /* values past the bins */
}

/* Every bundled kernel, on made-up inputs (buffers of zeros, integer scalars 64, floats 1.0,
 * two programs), either runs or fails with one line: out of bounds, or an op not supported
 * yet. None crashes (the sanitizer build runs this too). */
/* ---- dots: tl.dot forms, f16 / f32 / fp8 inputs, out_dtype f16 ----------------------------- */

/* Inputs are small multiples of powers of two (A of 1/2, B of 1/4, the fp8 ones of 1/2), so
 * every product and every partial sum, in any order and in f16 as in f32, is exact: the
 * kernel's sum is the same whichever order or accumulator width a GPU uses, and the
 * comparison is exact. tf32 truncation leaves f16 values as they are (10 mantissa bits). */
static void dots_case(int M, int N, int K, uint32_t *seed)
{
    char s[3][16];
    snprintf(s[0], 16, "%d", M);
    snprintf(s[1], 16, "%d", N);
    snprintf(s[2], 16, "%d", K);
    const char *const set[] = {"M", s[0], "N", s[1], "K", s[2]};
    tl_builder *b = build("dots", 6, set);
    uint16_t *A = malloc((size_t)M * K * 2), *B = malloc((size_t)K * N * 2);
    uint8_t *FA = malloc((size_t)M * K), *FB = malloc((size_t)K * N);
    float *a = malloc((size_t)M * K * 4), *bb = malloc((size_t)K * N * 4), *fa = malloc((size_t)M * K * 4),
          *fb = malloc((size_t)K * N * 4), *C = malloc((size_t)M * N * 4);
    for (int i = 0; i < M * K; i++) {
        a[i] = (float)((int)(lcg(seed) >> 20) % 9 - 4) * 0.5f;
        fa[i] = (float)((int)(lcg(seed) >> 20) % 9 - 4) * 0.5f;
        A[i] = h(a[i]);
        FA[i] = (uint8_t)tc_interp_float_bits(fa[i], TCIR_F8E4M3FN, false);
    }
    for (int i = 0; i < K * N; i++) {
        bb[i] = (float)((int)(lcg(seed) >> 20) % 9 - 4) * 0.25f;
        fb[i] = (float)((int)(lcg(seed) >> 20) % 9 - 4) * 0.5f;
        B[i] = h(bb[i]);
        FB[i] = (uint8_t)tc_interp_float_bits(fb[i], TCIR_F8E4M3FN, false);
    }
    run(b, tc_interp_grid1(1), 5,
        (tc_interp_arg[]){tc_interp_ptr(A, (size_t)M * K * 2), tc_interp_ptr(B, (size_t)K * N * 2),
                          tc_interp_ptr(C, (size_t)M * N * 4), tc_interp_ptr(FA, (size_t)M * K),
                          tc_interp_ptr(FB, (size_t)K * N)});
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            double ab = 0, f8 = 0;
            for (int k = 0; k < K; k++) {
                ab += (double)a[i * K + k] * bb[k * N + j];
                f8 += (double)fa[i * K + k] * fb[k * N + j];
            }
            /* dot + dot, then ieee, tf32x3 and tf32 dots accumulating, the fp8 dot, + the f16 dot */
            double want = 2 * ab + 3 * ab + f8 + ab;
            if (C[i * N + j] != (float)want)
                fail_msg("dots %dx%dx%d: C[%d][%d] = %g, want %g", M, N, K, i, j, C[i * N + j], want);
        }
    free(A);
    free(B);
    free(FA);
    free(FB);
    free(a);
    free(bb);
    free(fa);
    free(fb);
    free(C);
    tl_builder_destroy(b);
}

static void test_dots(void **state)
{
    (void)state;
    uint32_t seed = 21;
    dots_case(16, 16, 32, &seed);
    dots_case(32, 16, 64, &seed);
    dots_case(64, 64, 32, &seed); /* the default */
}

/* ---- memory: hinted loads and stores, every atomic ------------------------------------------- */

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}
static float bitsf(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

/* Float atomic max / min as Triton 3.6 emits them: the bits' signed max (min) where the value's
 * sign bit is clear, unsigned min (max) where it is set; returns the old value. */
static float float_minmax(float *p, float v, bool is_max)
{
    uint32_t old = fbits(*p), x = fbits(v);
    bool take;
    if (!(x >> 31))
        take = is_max ? (int32_t)x > (int32_t)old : (int32_t)x < (int32_t)old;
    else
        take = is_max ? x < old : x > old;
    if (take)
        *p = v;
    return bitsf(old);
}

/* One program of memory, lane by lane per op, as the interpreter runs them (programs in order;
 * every program works on the same elements, so later ones see the earlier ones' results). */
static void memory_ref(int B, const float *x, int32_t *c, float *o)
{
    float *a = malloc((size_t)B * 4), *t = malloc((size_t)B * 4), *t4 = malloc((size_t)B * 4);
    int32_t *i0 = malloc((size_t)B * 4), *i1 = malloc((size_t)B * 4);
    for (int i = 0; i < B; i++)
        a[i] = x[i];
    for (int i = 0; i < B; i++) {
        float bv = i < 10 ? x[i] : 0.0f, sum = a[i] + bv;
        o[i] = sum + x[0];
    }
    for (int i = 0; i < B && i < 10; i++)
        o[i] = a[i];
    for (int i = 0; i < B; i++) { /* t0 */
        t[i] = o[i];
        o[i] = o[i] + a[i];
    }
    for (int i = 0; i < B; i++) { /* t1: masked */
        float old = i < 10 ? o[i] : 0.0f;
        if (i < 10)
            o[i] = o[i] + a[i];
        t[i] = t[i] + old;
    }
    for (int i = 0; i < B; i++)
        t[i] = t[i] + float_minmax(&o[i], a[i], true);
    for (int i = 0; i < B; i++)
        t[i] = t[i] + float_minmax(&o[i], a[i], false);
    for (int i = 0; i < B; i++) {
        t4[i] = o[i];
        o[i] = a[i];
    }
    for (int i = 0; i < B; i++) {
        i0[i] = c[i];
        c[i] &= 1;
    }
    for (int i = 0; i < B; i++) {
        i0[i] += c[i];
        c[i] |= 2;
    }
    for (int i = 0; i < B; i++) {
        i0[i] += c[i];
        c[i] ^= 3;
    }
    for (int i = 0; i < B; i++) {
        i1[i] = c[i];
        if (c[i] == i)
            c[i] = i + 1;
    }
    int32_t i2 = c[0];
    if (c[0] == 0)
        c[0] = 1;
    for (int i = 0; i < B; i++)
        o[i] = t[i] + t4[i] + (float)(i0[i] + i1[i] + i2);
    free(a);
    free(t);
    free(t4);
    free(i0);
    free(i1);
}

/* Exact: each float op is one f32 operation in both. x holds both signs (both arms of the
 * float max / min), c small integers (the cas hits and misses). */
static void memory_case(int B, unsigned programs, uint32_t *seed)
{
    char s[16];
    snprintf(s, 16, "%d", B);
    const char *const set[] = {"B", s};
    tl_builder *bl = build("memory", 2, set);
    float *x = malloc((size_t)B * 4), *o = malloc((size_t)B * 4), *wo = malloc((size_t)B * 4);
    int32_t *c = malloc((size_t)B * 4), *wc = malloc((size_t)B * 4);
    for (int i = 0; i < B; i++) {
        x[i] = frand(seed);
        c[i] = wc[i] = (int32_t)(lcg(seed) >> 28) - 2;
        o[i] = wo[i] = 123.0f;
    }
    c[0] = wc[0] = 0;
    run(bl, tc_interp_grid1(programs), 3,
        (tc_interp_arg[]){tc_interp_ptr(x, (size_t)B * 4), tc_interp_ptr(c, (size_t)B * 4), tc_interp_ptr(o, (size_t)B * 4)});
    for (unsigned p = 0; p < programs; p++)
        memory_ref(B, x, wc, wo);
    for (int i = 0; i < B; i++) {
        if (c[i] != wc[i])
            fail_msg("memory B=%d: c[%d] = %d, want %d", B, i, c[i], wc[i]);
        if (fbits(o[i]) != fbits(wo[i]))
            fail_msg("memory B=%d: o[%d] = %g, want %g", B, i, o[i], wo[i]);
    }
    free(x);
    free(o);
    free(wo);
    free(c);
    free(wc);
    tl_builder_destroy(bl);
}

static void test_memory(void **state)
{
    (void)state;
    uint32_t seed = 22;
    memory_case(8, 1, &seed); /* fewer lanes than the mask's 10 */
    memory_case(16, 1, &seed);
    memory_case(64, 2, &seed); /* the default, two programs on the same elements */
}

/* ---- custom_combine: user combine functions in reduce and scan ----------------------------- */

/* a * b + 1, rounded twice (mulf, then addf), never fused. */
static float combine_ref(float a, float b)
{
    volatile float p = a * b;
    return p + 1.0f;
}

/* The interpreter's documented reduction order (docs/interpreter.md): halves, as a butterfly. */
static void tree_pair(float *v, float *w, int n, bool combine)
{
    while (n > 1) {
        int hh = (n + 1) / 2;
        for (int i = 0; i < n - hh; i++) {
            if (combine) {
                v[i] = combine_ref(v[i], v[i + hh]);
            } else {
                v[i] = v[i] + v[i + hh];
                w[i] = maximum(w[i], w[i + hh]);
            }
        }
        n = hh;
    }
}

/* Exact: the reference runs the same f32 operations in the interpreter's order. The combine is
 * not associative, so the order matters; a GPU's may differ (its layout decides it). */
static void custom_combine_case(int N, uint32_t *seed)
{
    char s[16];
    snprintf(s, 16, "%d", N);
    const char *const set[] = {"N", s};
    tl_builder *b = build("custom_combine", 2, set);
    float *x = malloc((size_t)N * 4), *o = malloc((size_t)N * 4), *v = malloc((size_t)N * 4),
          *w = malloc((size_t)N * 4);
    for (int i = 0; i < N; i++)
        x[i] = frand(seed) * 0.5f;
    run(b, tc_interp_grid1(1), 2, (tc_interp_arg[]){tc_interp_ptr(x, (size_t)N * 4), tc_interp_ptr(o, (size_t)N * 4)});
    memcpy(v, x, (size_t)N * 4);
    tree_pair(v, NULL, N, true);
    float sred = v[0];
    memcpy(v, x, (size_t)N * 4);
    memcpy(w, x, (size_t)N * 4);
    tree_pair(v, w, N, false);
    float c = 0;
    for (int i = 0; i < N; i++) {
        c = i == 0 ? x[0] : combine_ref(c, x[i]);
        float want = c + sred;
        want = want + v[0];
        want = want + w[0];
        if (fbits(o[i]) != fbits(want))
            fail_msg("custom_combine N=%d: o[%d] = %.9g, want %.9g", N, i, o[i], want);
    }
    free(x);
    free(o);
    free(v);
    free(w);
    tl_builder_destroy(b);
}

static void test_custom_combine(void **state)
{
    (void)state;
    uint32_t seed = 23;
    const int sizes[] = {2, 8, 32, 64, 256};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        custom_combine_case(sizes[i], &seed);
}

/* ---- constant_order: cdiv, program ids, a store that a later one overwrites ---------------- */

/* Exact. Programs run in order on one buffer: each loads p[0, BLOCK), stores 1 at p[5 pid],
 * then cdiv(3x, 8) * 5 + 3 over the block (cdiv is (x + 7) // 8, // truncating, so negative x
 * rounds toward zero). */
static void constant_order_case(int block, unsigned programs, uint32_t *seed)
{
    char s[16];
    snprintf(s, 16, "%d", block);
    const char *const set[] = {"BLOCK", s};
    tl_builder *b = build("constant_order", 2, set);
    int n = block > 5 * (int)(programs - 1) + 1 ? block : 5 * (int)(programs - 1) + 1;
    int32_t *p = malloc((size_t)n * 4), *want = malloc((size_t)n * 4), *x = malloc((size_t)block * 4);
    for (int i = 0; i < n; i++)
        p[i] = want[i] = (int32_t)(lcg(seed) >> 24) - 128;
    run(b, tc_interp_grid1(programs), 1, (tc_interp_arg[]){tc_interp_ptr(p, (size_t)n * 4)});
    for (unsigned pid = 0; pid < programs; pid++) {
        memcpy(x, want, (size_t)block * 4);
        want[5 * pid] = 1;
        for (int i = 0; i < block; i++)
            want[i] = (x[i] * 3 + 7) / 8 * 5 + 3;
    }
    for (int i = 0; i < n; i++)
        if (p[i] != want[i])
            fail_msg("constant_order BLOCK=%d, %u programs: p[%d] = %d, want %d", block, programs, i, p[i], want[i]);
    free(p);
    free(want);
    free(x);
    tl_builder_destroy(b);
}

static void test_constant_order(void **state)
{
    (void)state;
    uint32_t seed = 24;
    constant_order_case(4, 1, &seed); /* the default */
    constant_order_case(4, 3, &seed); /* p[5], p[10] beyond the block keep the 1 */
    constant_order_case(16, 4, &seed); /* p[5], p[10], p[15] inside the block, overwritten */
}

/* ---- fused_moe: the grouped GEMM over expert-sorted pairs ------------------------------------ */

typedef struct moe_shape {
    int tokens, top_k, experts, N, K;
    int bm, bn, bk, group_m;
    bool bias, routed, fp8;
    int group_n, group_k;
    int remote_expert; /* its blocks get expert id -1 (zeros), or -1 for none */
    bool vllm_em;      /* EM as vLLM sizes sorted_token_ids (vllm_max_padded), not one block past the total */
} moe_shape;

static int ceil_div(int a, int b) { return (a + b - 1) / b; }

/* Pairs sorted by expert (stable), each expert's run padded to a multiple of bm with the pad id
 * num_valid, as moe_align_block_size lays them out; EM has one block more than needed, so the
 * programs of that block leave (or, with vllm_em, the length vLLM gives sorted_token_ids: with
 * fewer pairs than experts a block per pair, which the padded total may fill exactly). Inputs are multiples of 1/4 (A, bias, fp8 values) and 1/8 (B),
 * so every dot's sum is exact in f32 whatever the order; the reference then makes the same f32
 * roundings in the same order (routed weight, fp8 scales per K step) and rounds to bf16 once:
 * exact comparison. */
static void fused_moe_case(moe_shape m, uint32_t *seed)
{
    char v[8][16];
    snprintf(v[0], 16, "%d", m.bm);
    snprintf(v[1], 16, "%d", m.bn);
    snprintf(v[2], 16, "%d", m.bk);
    snprintf(v[3], 16, "%d", m.group_m);
    snprintf(v[4], 16, "%d", m.top_k);
    snprintf(v[5], 16, "%d", m.group_n);
    snprintf(v[6], 16, "%d", m.group_k);
    const char *const set[] = {"BLOCK_SIZE_M", v[0], "BLOCK_SIZE_N", v[1], "BLOCK_SIZE_K", v[2], "GROUP_SIZE_M", v[3],
                               "top_k", v[4], "group_n", v[5], "group_k", v[6],
                               "HAS_BIAS", m.bias ? "true" : "false", "MUL_ROUTED_WEIGHT", m.routed ? "true" : "false",
                               "use_fp8_w8a8", m.fp8 ? "true" : "false"};
    tl_builder *b = build("fused_moe", (int)(sizeof set / sizeof set[0]), set);
    int T = m.tokens, P = T * m.top_k, E = m.experts, N = m.N, K = m.K, eb = m.fp8 ? 1 : 2;
    int ksg = m.fp8 ? ceil_div(K, m.group_k) : 1, nsg = m.fp8 ? ceil_div(N, m.group_n) : 1;
    uint8_t *A = malloc((size_t)T * K * eb), *B = malloc((size_t)E * N * K * eb);
    float *a = malloc((size_t)T * K * 4), *bw = malloc((size_t)E * N * K * 4), *bias = malloc((size_t)E * N * 4);
    uint16_t *bias16 = malloc((size_t)E * N * 2), *C = malloc((size_t)P * N * 2);
    float *as = malloc((size_t)T * ksg * 4), *bs = malloc((size_t)E * nsg * ksg * 4), *w = malloc((size_t)P * 4);
    int *topk = malloc((size_t)P * sizeof(int));
    for (int i = 0; i < T * K; i++) {
        a[i] = (float)((int)(lcg(seed) >> 20) % 9 - 4) * 0.25f;
        if (m.fp8)
            A[i] = (uint8_t)tc_interp_float_bits(a[i], TCIR_F8E4M3FN, false);
        else
            ((uint16_t *)A)[i] = (uint16_t)tc_interp_float_bits(a[i], TCIR_BF16, false);
    }
    for (int i = 0; i < E * N * K; i++) {
        bw[i] = (float)((int)(lcg(seed) >> 20) % 17 - 8) * (m.fp8 ? 0.25f : 0.125f);
        if (m.fp8)
            B[i] = (uint8_t)tc_interp_float_bits(bw[i], TCIR_F8E4M3FN, false);
        else
            ((uint16_t *)B)[i] = (uint16_t)tc_interp_float_bits(bw[i], TCIR_BF16, false);
    }
    for (int i = 0; i < E * N; i++) {
        bias[i] = (float)((int)(lcg(seed) >> 20) % 9 - 4) * 0.25f;
        bias16[i] = (uint16_t)tc_interp_float_bits(bias[i], TCIR_BF16, false);
    }
    for (int i = 0; i < T * ksg; i++)
        as[i] = frand(seed) + 3.0f;
    for (int i = 0; i < E * nsg * ksg; i++)
        bs[i] = frand(seed) * 0.01f;
    for (int i = 0; i < P; i++) {
        w[i] = frand(seed);
        topk[i] = (int)(lcg(seed) >> 16) % E;
    }
    for (int i = 0; i < P * N; i++)
        C[i] = 0x7F7F; /* a sentinel: pairs are all written, this must not survive */
    /* the sorted layout */
    int EM = 0, nblocks = 0;
    for (int e = 0; e < E; e++) {
        int cnt = 0;
        for (int p = 0; p < P; p++)
            cnt += topk[p] == e;
        EM += ceil_div(cnt, m.bm) * m.bm;
    }
    int total = EM;
    EM = m.vllm_em ? vllm_max_padded(P, E, m.bm) : EM + m.bm;
    assert_true(EM >= total && EM % m.bm == 0);
    int32_t *sorted = malloc((size_t)EM * 4), *eids = malloc((size_t)(EM / m.bm) * 4), post = total;
    for (int e = 0, at = 0; e < E; e++) {
        int start = at;
        for (int p = 0; p < P; p++)
            if (topk[p] == e)
                sorted[at++] = p;
        while ((at - start) % m.bm)
            sorted[at++] = P;
        for (int blk = start / m.bm; blk < at / m.bm; blk++)
            eids[nblocks++] = e == m.remote_expert ? -1 : e;
    }
    for (int i = total; i < EM; i++)
        sorted[i] = P;
    for (int blk = nblocks; blk < EM / m.bm; blk++)
        eids[blk] = 0;
    unsigned grid = (unsigned)(ceil_div(EM, m.bm) * ceil_div(N, m.bn));
    run(b, tc_interp_grid1(grid), 28,
        (tc_interp_arg[]){tc_interp_ptr(A, (size_t)T * K * eb), tc_interp_ptr(B, (size_t)E * N * K * eb),
                          tc_interp_ptr(C, (size_t)P * N * 2), tc_interp_ptr(bias16, (size_t)E * N * 2),
                          tc_interp_ptr(as, (size_t)T * ksg * 4), tc_interp_ptr(bs, (size_t)E * nsg * ksg * 4),
                          tc_interp_ptr(w, (size_t)P * 4), tc_interp_ptr(sorted, (size_t)EM * 4),
                          tc_interp_ptr(eids, (size_t)(EM / m.bm) * 4), tc_interp_ptr(&post, 4), tc_interp_int(N),
                          tc_interp_int(K), tc_interp_int(EM), tc_interp_int(P), tc_interp_int(K), tc_interp_int(1),
                          tc_interp_int(N * K), tc_interp_int(1), tc_interp_int(K), tc_interp_int(N), tc_interp_int(1),
                          tc_interp_int(N), tc_interp_int(1), tc_interp_int(ksg), tc_interp_int(1),
                          tc_interp_int(nsg * ksg), tc_interp_int(1), tc_interp_int(ksg)});
    for (int blk = 0; blk < nblocks; blk++)
        for (int i = 0; i < m.bm; i++) {
            int p = sorted[blk * m.bm + i], e = eids[blk], t = p / m.top_k;
            if (p >= P)
                continue;
            for (int n = 0; n < N; n++) {
                float acc = 0;
                if (e >= 0 && !m.fp8) {
                    double d = 0;
                    for (int k = 0; k < K; k++)
                        d += (double)a[t * K + k] * bw[(e * N + n) * K + k];
                    acc = (float)d;
                } else if (e >= 0) {
                    for (int k0 = 0; k0 < K; k0 += m.bk) {
                        double d = 0;
                        for (int k = k0; k < k0 + m.bk && k < K; k++)
                            d += (double)a[t * K + k] * bw[(e * N + n) * K + k];
                        int ks = k0 / m.group_k;
                        float x = (float)d * as[t * ksg + ks];
                        x = x * bs[(e * nsg + n / m.group_n) * ksg + ks];
                        acc = acc + x;
                    }
                }
                if (e >= 0 && m.bias)
                    acc = acc + bias[e * N + n];
                if (e >= 0 && m.routed)
                    acc = acc * w[p];
                uint16_t want = (uint16_t)tc_interp_float_bits(acc, TCIR_BF16, false);
                if (C[p * N + n] != want)
                    fail_msg("fused_moe: C[%d][%d] = 0x%04x, want 0x%04x (%g)", p, n, C[p * N + n], want, acc);
            }
        }
    for (int i = 0; i < P * N; i++)
        if (C[i] == 0x7F7F)
            fail_msg("fused_moe: C[%d][%d] not written", i / N, i % N);
    free(A);
    free(B);
    free(a);
    free(bw);
    free(bias);
    free(bias16);
    free(C);
    free(as);
    free(bs);
    free(w);
    free(topk);
    free(sorted);
    free(eids);
    tl_builder_destroy(b);
}

static void test_fused_moe(void **state)
{
    (void)state;
    uint32_t seed = 25;
    /* bf16, top-2, ragged N and K (masked K steps, wrapped offs_bn), swizzled groups of 2 */
    fused_moe_case((moe_shape){.tokens = 7, .top_k = 2, .experts = 4, .N = 40, .K = 50, .bm = 16, .bn = 16, .bk = 16,
                               .group_m = 2, .remote_expert = -1},
                   &seed);
    /* bias and routed weights, top-1, one expert owned elsewhere (its rows are zeros) */
    fused_moe_case((moe_shape){.tokens = 13, .top_k = 1, .experts = 3, .N = 33, .K = 64, .bm = 16, .bn = 32, .bk = 32,
                               .group_m = 1, .bias = true, .routed = true, .remote_expert = 1},
                   &seed);
    /* fp8 w8a8 with block scales: group_k = 2 K steps, group_n = BLOCK_SIZE_N, ragged K */
    fused_moe_case((moe_shape){.tokens = 5, .top_k = 2, .experts = 3, .N = 48, .K = 80, .bm = 16, .bn = 16, .bk = 32,
                               .group_m = 4, .fp8 = true, .group_n = 16, .group_k = 64, .remote_expert = -1},
                   &seed);
    /* decode steps launched on vLLM's sizes: one token, top 2 of 8 experts (EM = 2 blocks), swizzled
     * groups of 2; then fp8 with block scales, top 4 of 16 (EM = 4 blocks) */
    fused_moe_case((moe_shape){.tokens = 1, .top_k = 2, .experts = 8, .N = 40, .K = 50, .bm = 16, .bn = 16, .bk = 16,
                               .group_m = 2, .remote_expert = -1, .vllm_em = true},
                   &seed);
    fused_moe_case((moe_shape){.tokens = 1, .top_k = 4, .experts = 16, .N = 48, .K = 64, .bm = 16, .bn = 16, .bk = 32,
                               .group_m = 1, .fp8 = true, .group_n = 16, .group_k = 32, .remote_expert = -1,
                               .vllm_em = true},
                   &seed);
}

/* ---- flash_attention: the forward pass with an online softmax -------------------------------- */

typedef struct fa_shape {
    bool bf16, causal;
    int D, bm, bn, Z, H, N;
} fa_shape;

/* Against attention in double: Out[i] = sum_j softmax_j(q_i . k_j * scale) v_j over keys j < N
 * (j <= i when causal), M[i] = log2 of the softmax's sum of 2^(q . k * scale * log2 e).
 * Tolerance: the kernel rounds the probabilities p to the input type before the P @ V dot and
 * rounds Out to it, each a relative error of at most the unit roundoff u (2^-11 f16, 2^-8
 * bf16) of a weighted average of the v, so |Out - ref| <= 2 u max|v|: 3 u max|v| is allowed.
 * M is f32 throughout: the q . k sums (at most 32 products of |q|, |k| <= 1, exact each) and
 * the row sums err by far less than 1e-4 after scaling; 1e-4 (1 + |M|) is allowed. */
static void flash_attention_case(fa_shape f, uint32_t *seed)
{
    char v[3][16];
    snprintf(v[0], 16, "%d", f.D);
    snprintf(v[1], 16, "%d", f.bm);
    snprintf(v[2], 16, "%d", f.bn);
    const char *const set[] = {"dtype", f.bf16 ? "bfloat16" : "float16", "HEAD_DIM", v[0], "BLOCK_M", v[1],
                               "BLOCK_N", v[2], "CAUSAL", f.causal ? "true" : "false"};
    tl_builder *b = build("flash_attention", 10, set);
    tcir_float_kind kind = f.bf16 ? TCIR_BF16 : TCIR_F16;
    int n = f.Z * f.H * f.N * f.D, rows = f.Z * f.H * f.N;
    uint16_t *q = malloc((size_t)n * 2), *k = malloc((size_t)n * 2), *vv = malloc((size_t)n * 2),
             *out = malloc((size_t)n * 2);
    float *M = malloc((size_t)rows * 4), vmax = 0;
    for (int i = 0; i < n; i++) {
        q[i] = (uint16_t)tc_interp_float_bits(frand(seed) * 0.5, kind, false);
        k[i] = (uint16_t)tc_interp_float_bits(frand(seed) * 0.5, kind, false);
        vv[i] = (uint16_t)tc_interp_float_bits(frand(seed), kind, false);
        vmax = fmaxf(vmax, fabsf((float)tc_interp_float_value(vv[i], kind)));
    }
    const float sm_scale = 1.0f / sqrtf((float)f.D);
    int sh = f.N * f.D, sz = f.H * f.N * f.D;
    run(b, tc_interp_grid2((f.N + f.bm - 1) / f.bm, f.Z * f.H), 21,
        (tc_interp_arg[]){tc_interp_ptr(q, (size_t)n * 2), tc_interp_ptr(k, (size_t)n * 2), tc_interp_ptr(vv, (size_t)n * 2),
                          tc_interp_float(sm_scale), tc_interp_ptr(M, (size_t)rows * 4), tc_interp_ptr(out, (size_t)n * 2),
                          tc_interp_int(sz), tc_interp_int(sh), tc_interp_int(f.D), tc_interp_int(sz), tc_interp_int(sh),
                          tc_interp_int(f.D), tc_interp_int(sz), tc_interp_int(sh), tc_interp_int(f.D), tc_interp_int(sz),
                          tc_interp_int(sh), tc_interp_int(f.D), tc_interp_int(f.Z), tc_interp_int(f.H), tc_interp_int(f.N)});
    double u = f.bf16 ? 0x1p-8 : 0x1p-11, *sc = malloc((size_t)f.N * sizeof(double));
    for (int zh = 0; zh < f.Z * f.H; zh++)
        for (int i = 0; i < f.N; i++) {
            const uint16_t *qi = q + (size_t)(zh * f.N + i) * f.D;
            int nk = f.causal ? i + 1 : f.N;
            double mx = -INFINITY, l = 0;
            for (int j = 0; j < nk; j++) {
                const uint16_t *kj = k + (size_t)(zh * f.N + j) * f.D;
                double d = 0;
                for (int e = 0; e < f.D; e++)
                    d += tc_interp_float_value(qi[e], kind) * tc_interp_float_value(kj[e], kind);
                sc[j] = d * sm_scale * 1.4426950408889634;
                mx = fmax(mx, sc[j]);
            }
            for (int j = 0; j < nk; j++)
                l += exp2(sc[j] - mx);
            double wantM = mx + log2(l);
            if (fabs(M[zh * f.N + i] - wantM) > 1e-4 * (1 + fabs(wantM)))
                fail_msg("flash_attention: M[%d][%d] = %.7g, want %.7g", zh, i, M[zh * f.N + i], wantM);
            for (int e = 0; e < f.D; e++) {
                double o = 0;
                for (int j = 0; j < nk; j++)
                    o += exp2(sc[j] - mx) * tc_interp_float_value(vv[(size_t)(zh * f.N + j) * f.D + e], kind);
                o /= l;
                double got = tc_interp_float_value(out[(size_t)(zh * f.N + i) * f.D + e], kind);
                if (fabs(got - o) > 3 * u * vmax)
                    fail_msg("flash_attention: Out[%d][%d][%d] = %.6g, want %.6g", zh, i, e, got, o);
            }
        }
    free(sc);
    free(q);
    free(k);
    free(vv);
    free(out);
    free(M);
    tl_builder_destroy(b);
}

static void test_flash_attention(void **state)
{
    (void)state;
    uint32_t seed = 26;
    /* ragged N_CTX: both stages, the masked one past N_CTX */
    flash_attention_case((fa_shape){.D = 16, .bm = 32, .bn = 16, .Z = 1, .H = 2, .N = 40}, &seed);
    /* causal, ragged, two sub-blocks on the diagonal */
    flash_attention_case((fa_shape){.causal = true, .D = 32, .bm = 32, .bn = 16, .Z = 2, .H = 1, .N = 50}, &seed);
    /* bf16 causal, N_CTX a multiple of the block */
    flash_attention_case((fa_shape){.bf16 = true, .causal = true, .D = 16, .bm = 16, .bn = 16, .Z = 1, .H = 1, .N = 48},
                         &seed);
    /* bf16, N_CTX below BLOCK_N: the unmasked stage runs no step */
    flash_attention_case((fa_shape){.bf16 = true, .D = 16, .bm = 16, .bn = 16, .Z = 1, .H = 3, .N = 7}, &seed);
}

/* ---- unified_attention_2d / 3d: paged attention over a block table --------------------------- */

typedef struct ua_case {
    bool f16, softcap, sinks;
    int nqh, qpkv, bs, tile, hs, hsp, bq, bm, window, segs;
    int nseqs, qlens[4], slens[4];
} ua_case;

/* Deterministic paged inputs: sequences of the given query and total lengths packed one after
 * another (query_start_loc), each sequence's KV positions in blocks of bs scattered over a
 * shuffled pool (block_table rows of max_blocks), the caches [block, slot, kv head, hs]. */
typedef struct ua_inputs {
    int tokens, nkv, max_blocks, nblk;
    int32_t qsl[5], slen[4], *table;
    uint16_t *q, *k, *v;
    float *sinks, vmax;
    tcir_float_kind kind;
} ua_inputs;

static void ua_make(const ua_case *c, ua_inputs *in, uint32_t *seed)
{
    in->kind = c->f16 ? TCIR_F16 : TCIR_BF16;
    in->nkv = c->nqh / c->qpkv;
    in->qsl[0] = 0;
    in->max_blocks = 1;
    for (int i = 0; i < c->nseqs; i++) {
        in->qsl[i + 1] = in->qsl[i] + c->qlens[i];
        in->slen[i] = c->slens[i];
        int nb = (c->slens[i] + c->bs - 1) / c->bs;
        in->max_blocks = nb > in->max_blocks ? nb : in->max_blocks;
    }
    in->tokens = in->qsl[c->nseqs];
    in->nblk = c->nseqs * in->max_blocks + 3;
    int *pool = malloc((size_t)in->nblk * sizeof(int));
    for (int i = 0; i < in->nblk; i++)
        pool[i] = i;
    for (int i = in->nblk - 1; i > 0; i--) {
        int j = (int)(lcg(seed) >> 8) % (i + 1), t = pool[i];
        pool[i] = pool[j];
        pool[j] = t;
    }
    in->table = malloc((size_t)c->nseqs * in->max_blocks * 4);
    for (int i = 0; i < c->nseqs * in->max_blocks; i++)
        in->table[i] = pool[i];
    free(pool);
    size_t nq = (size_t)in->tokens * c->nqh * c->hs, nkv = (size_t)in->nblk * c->bs * in->nkv * c->hs;
    in->q = malloc(nq * 2);
    in->k = malloc(nkv * 2);
    in->v = malloc(nkv * 2);
    in->vmax = 0;
    for (size_t i = 0; i < nq; i++)
        in->q[i] = (uint16_t)tc_interp_float_bits(frand(seed) * 0.5, in->kind, false);
    for (size_t i = 0; i < nkv; i++) {
        in->k[i] = (uint16_t)tc_interp_float_bits(frand(seed) * 0.5, in->kind, false);
        in->v[i] = (uint16_t)tc_interp_float_bits(frand(seed), in->kind, false);
        in->vmax = fmaxf(in->vmax, fabsf((float)tc_interp_float_value(in->v[i], in->kind)));
    }
    in->sinks = malloc((size_t)c->nqh * 4);
    for (int i = 0; i < c->nqh; i++)
        in->sinks[i] = frand(seed);
}

static void ua_free(ua_inputs *in)
{
    free(in->table);
    free(in->q);
    free(in->k);
    free(in->v);
    free(in->sinks);
}

/* Element e of the key (or value) at position pos of sequence s, KV head g. */
static double ua_kv(const ua_case *c, const ua_inputs *in, const uint16_t *cache, int s, int pos, int g, int e)
{
    int blk = in->table[s * in->max_blocks + pos / c->bs];
    return tc_interp_float_value(cache[(((size_t)blk * c->bs + pos % c->bs) * in->nkv + g) * c->hs + e], in->kind);
}

/* The score of query token t, head h against key position pos of sequence s: scale * q . k,
 * soft-capped as cap * tanh(x / cap). */
static double ua_score(const ua_case *c, const ua_inputs *in, int s, int t, int h, int pos, double scale, double cap)
{
    double d = 0;
    for (int e = 0; e < c->hs; e++)
        d += tc_interp_float_value(in->q[((size_t)t * c->nqh + h) * c->hs + e], in->kind) *
             ua_kv(c, in, in->k, s, pos, h / c->qpkv, e);
    d *= scale;
    return c->softcap ? cap * tanh(d / cap) : d;
}

/* The config fields of a case; NUM_SEGMENTS_PER_SEQ (3d only) last: set[24], set[25]. */
static void ua_set(const ua_case *c, char v[12][16], const char **set)
{
    const int vals[] = {c->nqh, c->qpkv, c->bs, c->tile, c->hs, c->hsp, c->bq, c->bm, c->window, c->segs};
    const char *names[] = {"NUM_QUERY_HEADS", "NUM_QUERIES_PER_KV", "BLOCK_SIZE", "TILE_SIZE", "HEAD_SIZE",
                           "HEAD_SIZE_PADDED", "BLOCK_Q", "BLOCK_M", "SLIDING_WINDOW", "NUM_SEGMENTS_PER_SEQ"};
    for (int i = 0; i < 10; i++) {
        snprintf(v[i], 16, "%d", vals[i]);
        set[i < 9 ? 2 * i : 24] = names[i];
        set[i < 9 ? 2 * i + 1 : 25] = v[i];
    }
    set[18] = "dtype";
    set[19] = c->f16 ? "float16" : "bfloat16";
    set[20] = "USE_SOFTCAP";
    set[21] = c->softcap ? "true" : "false";
    set[22] = "USE_SINKS";
    set[23] = c->sinks ? "true" : "false";
}

/* 2d against attention in double per (token, head): softmax over the positions a query sees
 * (causal from its absolute position context_len + i, the last `window` of them with a window),
 * a sink adding exp(sink) to the denominator. Tolerance as flash_attention's: P and the output
 * are rounded to the input type (unit roundoff u each), 3 u max|v|. */
static void ua2d_case(ua_case c, uint32_t *seed)
{
    char v[12][16];
    const char *set[26];
    c.segs = 0;
    ua_set(&c, v, set);
    tl_builder *b = build("unified_attention_2d", 24, set); /* no NUM_SEGMENTS_PER_SEQ in 2d */
    ua_inputs in;
    ua_make(&c, &in, seed);
    size_t nq = (size_t)in.tokens * c.nqh * c.hs;
    uint16_t *out = malloc(nq * 2);
    for (size_t i = 0; i < nq; i++)
        out[i] = 0x7E00;
    const double scale = 1.0 / sqrt((double)c.hs), cap = 1.5;
    int64_t sks = (int64_t)in.nkv * c.hs, skb = sks * c.bs;
    run(b, tc_interp_grid2(in.tokens / c.bq + c.nseqs, in.nkv), 22,
        (tc_interp_arg[]){tc_interp_ptr(out, nq * 2), tc_interp_ptr(in.q, nq * 2),
                          tc_interp_ptr(in.k, (size_t)in.nblk * skb * 2), tc_interp_ptr(in.v, (size_t)in.nblk * skb * 2),
                          tc_interp_ptr(in.sinks, (size_t)c.nqh * 4),
                          tc_interp_ptr(in.table, (size_t)c.nseqs * in.max_blocks * 4),
                          tc_interp_ptr(in.slen, (size_t)c.nseqs * 4), tc_interp_ptr(in.qsl, (size_t)(c.nseqs + 1) * 4),
                          tc_interp_float(scale), tc_interp_float(cap), tc_interp_int(c.nseqs),
                          tc_interp_int(c.nqh * c.hs), tc_interp_int(c.hs), tc_interp_int(c.nqh * c.hs),
                          tc_interp_int(c.hs), tc_interp_int(in.max_blocks), tc_interp_int(skb), tc_interp_int(sks),
                          tc_interp_int(c.hs), tc_interp_int(skb), tc_interp_int(sks), tc_interp_int(c.hs)});
    double u = c.f16 ? 0x1p-11 : 0x1p-8, *sc = malloc(64 * sizeof(double));
    for (int s = 0; s < c.nseqs; s++)
        for (int i = 0; i < c.qlens[s]; i++)
            for (int h = 0; h < c.nqh; h++) {
                int t = in.qsl[s] + i, abs_pos = c.slens[s] - c.qlens[s] + i;
                int first = c.window > 0 && abs_pos - c.window + 1 > 0 ? abs_pos - c.window + 1 : 0;
                double mx = c.sinks ? in.sinks[h] : -INFINITY, l = 0;
                for (int p = first; p <= abs_pos; p++) {
                    sc[p - first] = ua_score(&c, &in, s, t, h, p, scale, cap);
                    mx = fmax(mx, sc[p - first]);
                }
                l = c.sinks ? exp(in.sinks[h] - mx) : 0;
                for (int p = first; p <= abs_pos; p++)
                    l += exp(sc[p - first] - mx);
                for (int e = 0; e < c.hs; e++) {
                    double o = 0;
                    for (int p = first; p <= abs_pos; p++)
                        o += exp(sc[p - first] - mx) * ua_kv(&c, &in, in.v, s, p, h / c.qpkv, e);
                    o /= l;
                    double got = tc_interp_float_value(out[((size_t)t * c.nqh + h) * c.hs + e], in.kind);
                    if (!(fabs(got - o) <= 3 * u * in.vmax))
                        fail_msg("unified_attention_2d: seq %d query %d head %d [%d] = %.6g, want %.6g", s, i, h, e,
                                 got, o);
                }
            }
    free(sc);
    free(out);
    ua_free(&in);
    tl_builder_destroy(b);
}

static void test_unified_attention_2d(void **state)
{
    (void)state;
    uint32_t seed = 27;
    /* bf16, GQA 2 per KV head, a decode, a prefill without context and one with, head size 24
     * padded to 32 (the dimension mask), blocks of 16, tiles of 16 */
    ua2d_case((ua_case){.nqh = 4, .qpkv = 2, .bs = 16, .tile = 16, .hs = 24, .hsp = 32, .bq = 8, .bm = 16,
                        .nseqs = 3, .qlens = {1, 9, 5}, .slens = {20, 9, 37}},
              &seed);
    /* f16, softcap, sinks and a sliding window of 8; blocks of 8 under tiles of 16 */
    ua2d_case((ua_case){.f16 = true, .softcap = true, .sinks = true, .window = 8, .nqh = 2, .qpkv = 1, .bs = 8,
                        .tile = 16, .hs = 16, .hsp = 16, .bq = 16, .bm = 16, .nseqs = 3, .qlens = {17, 3, 1},
                        .slens = {30, 3, 50}},
              &seed);
}

/* 3d, per segment: the keys of its tiles [segm * tps, min((segm + 1) * tps, num_tiles)) that
 * the row sees, with tps = cdiv(seq_len, segments * TILE_SIZE) and num_tiles the q-block's
 * causal bound; under a window only the tiles from the q-block's first row's window to its last
 * row's position run; a segment starting past the sequence's end writes nothing. The stored max is
 * the row maximum (the sink's in segment 0 when larger; -inf when the segment ran no tile, 0
 * when it ran tiles but saw no key), the expsum the sum of exp(score - max) (the sink's term
 * in segment 0; 1 when no tile ran), the output the unnormalized sum of exp(score - max) v.
 * Tolerances: max 1e-5 (1 + |max|) (f32 scores); expsum 1e-5 relative (an f32 sum of at most
 * 64 terms); output 3 u expsum max|v| (P rounded to the input type, u its unit roundoff). */
static void ua3d_case(ua_case c, uint32_t *seed)
{
    char v[12][16];
    const char *set[26];
    ua_set(&c, v, set);
    tl_builder *b = build("unified_attention_3d", 26, set);
    ua_inputs in;
    ua_make(&c, &in, seed);
    size_t nq = (size_t)in.tokens * c.nqh * c.hs, rows = (size_t)in.tokens * c.nqh * c.segs;
    float *so = malloc(rows * c.hsp * 4), *smax = malloc(rows * 4), *ssum = malloc(rows * 4);
    for (size_t i = 0; i < rows * c.hsp; i++)
        so[i] = NAN;
    for (size_t i = 0; i < rows; i++)
        smax[i] = ssum[i] = NAN;
    const double scale = 1.0 / sqrt((double)c.hs), cap = 1.5;
    int64_t sks = (int64_t)in.nkv * c.hs, skb = sks * c.bs;
    tc_interp_grid grid = tc_interp_grid3(in.tokens / c.bq + c.nseqs, in.nkv, c.segs);
    run(b, grid, 22,
        (tc_interp_arg[]){tc_interp_ptr(so, rows * c.hsp * 4), tc_interp_ptr(smax, rows * 4), tc_interp_ptr(ssum, rows * 4),
                          tc_interp_ptr(in.q, nq * 2), tc_interp_ptr(in.k, (size_t)in.nblk * skb * 2),
                          tc_interp_ptr(in.v, (size_t)in.nblk * skb * 2), tc_interp_ptr(in.sinks, (size_t)c.nqh * 4),
                          tc_interp_ptr(in.table, (size_t)c.nseqs * in.max_blocks * 4),
                          tc_interp_ptr(in.slen, (size_t)c.nseqs * 4), tc_interp_ptr(in.qsl, (size_t)(c.nseqs + 1) * 4),
                          tc_interp_float(scale), tc_interp_float(cap), tc_interp_int(c.nseqs),
                          tc_interp_int(c.nqh * c.hs), tc_interp_int(c.hs), tc_interp_int(in.max_blocks),
                          tc_interp_int(skb), tc_interp_int(sks), tc_interp_int(c.hs), tc_interp_int(skb),
                          tc_interp_int(sks), tc_interp_int(c.hs)});
    double u = c.f16 ? 0x1p-11 : 0x1p-8;
    for (int s = 0; s < c.nseqs; s++) {
        int ctx = c.slens[s] - c.qlens[s];
        int tps = (c.slens[s] + c.segs * c.tile - 1) / (c.segs * c.tile);
        for (int i = 0; i < c.qlens[s]; i++)
            for (int h = 0; h < c.nqh; h++)
                for (int g = 0; g < c.segs; g++) {
                    int t = in.qsl[s] + i, abs_pos = ctx + i, qb = i / c.bq;
                    size_t row = ((size_t)t * c.nqh + h) * c.segs + g;
                    if (g * tps * c.tile >= c.slens[s]) { /* the program returned */
                        if (!isnan(smax[row]) || !isnan(ssum[row]))
                            fail_msg("unified_attention_3d: segment %d of seq %d written", g, s);
                        continue;
                    }
                    int prefix = ctx + qb * c.bq + (c.bm - 1) / c.qpkv + 1;
                    prefix = prefix < c.slens[s] ? prefix : c.slens[s];
                    int ntiles = (prefix + c.tile - 1) / c.tile, lo = g * tps, hi = (g + 1) * tps;
                    hi = hi < ntiles ? hi : ntiles;
                    if (c.window > 0) { /* the tiles outside every row's window are skipped */
                        int first = qb * c.bq, last = first + (c.bm - 1) / c.qpkv;
                        last = last < c.qlens[s] - 1 ? last : c.qlens[s] - 1;
                        int wlo = (ctx + first - c.window + 1) / c.tile, whi = (ctx + last) / c.tile + 1;
                        lo = lo > wlo ? lo : wlo; /* lo >= 0: a negative wlo (truncated) changes nothing */
                        hi = hi < whi ? hi : whi;
                    }
                    bool sink = c.sinks && g == 0;
                    double mx = sink ? in.sinks[h] : -INFINITY, l = 1, o[64] = {0};
                    if (lo < hi) {
                        int p0 = lo * c.tile, p1 = hi * c.tile - 1; /* the segment's positions */
                        if (c.window > 0 && abs_pos - c.window + 1 > p0)
                            p0 = abs_pos - c.window + 1;
                        p1 = p1 < abs_pos ? p1 : abs_pos;
                        for (int p = p0; p <= p1; p++)
                            mx = fmax(mx, ua_score(&c, &in, s, t, h, p, scale, cap));
                        if (mx == -INFINITY)
                            mx = 0;
                        l = sink ? exp(in.sinks[h] - mx) : 0;
                        for (int p = p0; p <= p1; p++) {
                            double w = exp(ua_score(&c, &in, s, t, h, p, scale, cap) - mx);
                            l += w;
                            for (int e = 0; e < c.hs; e++)
                                o[e] += w * ua_kv(&c, &in, in.v, s, p, h / c.qpkv, e);
                        }
                    }
                    if (!(mx == smax[row] || fabs(smax[row] - mx) <= 1e-5 * (1 + fabs(mx))))
                        fail_msg("unified_attention_3d: max of seq %d query %d head %d segment %d = %.7g, want %.7g",
                                 s, i, h, g, smax[row], mx);
                    if (!(fabs(ssum[row] - l) <= 1e-5 * l))
                        fail_msg("unified_attention_3d: expsum of seq %d query %d head %d segment %d = %.7g, want %.7g",
                                 s, i, h, g, ssum[row], l);
                    for (int e = 0; e < c.hs; e++)
                        if (!(fabs(so[row * c.hsp + e] - o[e]) <= 3 * u * l * in.vmax))
                            fail_msg("unified_attention_3d: out of seq %d query %d head %d segment %d [%d] = %.6g, "
                                     "want %.6g",
                                     s, i, h, g, e, so[row * c.hsp + e], o[e]);
                }
    }
    free(so);
    free(smax);
    free(ssum);
    ua_free(&in);
    tl_builder_destroy(b);
}

static void test_unified_attention_3d(void **state)
{
    (void)state;
    uint32_t seed = 28;
    /* bf16 GQA, 4 segments: decodes with long contexts, a prefill whose later segments see
     * nothing (or start past the end) */
    ua3d_case((ua_case){.nqh = 4, .qpkv = 2, .bs = 16, .tile = 16, .hs = 24, .hsp = 32, .bq = 8, .bm = 16, .segs = 4,
                        .nseqs = 3, .qlens = {1, 9, 2}, .slens = {70, 9, 40}},
              &seed);
    /* f16, softcap, sinks (segment 0 only), a window; 2 segments */
    ua3d_case((ua_case){.f16 = true, .softcap = true, .sinks = true, .window = 8, .nqh = 2, .qpkv = 1, .bs = 8,
                        .tile = 16, .hs = 16, .hsp = 16, .bq = 16, .bm = 16, .segs = 2, .nseqs = 2,
                        .qlens = {17, 1}, .slens = {30, 50}},
              &seed);
    /* bf16, a window of 8 without sinks, 4 segments: decodes whose first segments lie wholly
     * before the window (no tile runs: max -inf, expsum 1) and a short prefill */
    ua3d_case((ua_case){.window = 8, .nqh = 4, .qpkv = 2, .bs = 16, .tile = 16, .hs = 24, .hsp = 32, .bq = 8, .bm = 16,
                        .segs = 4, .nseqs = 3, .qlens = {1, 3, 1}, .slens = {70, 45, 130}},
              &seed);
}

static void test_every_bundled_kernel_runs_or_fails_in_one_line(void **state)
{
    (void)state;
    enum { BYTES = 1 << 16 };
    for (int i = 0; i < tritonc_bundled_count(); i++) {
        const tl_kernel *k = tritonc_bundled_at(i);
        char *e = NULL;
        tl_builder *b = tl_kernel_build(k, NULL, (tl_emit_opts){0}, NULL, &e);
        if (!b)
            fail_msg("%s: %s", k->name, e);
        tc_interp *ip = tc_interp_create(tl_builder_func(b));
        assert_non_null(ip);
        int n = tl_builder_nargs(b);
        void **bufs = calloc((size_t)n + 1, sizeof *bufs);
        /* at: the argument's place in the signature, where a descriptor's shape and strides follow it */
        for (int a = 0, at = 0; a < n && !tc_interp_failed(ip); a++, at++) {
            const tl_argspec *spec = tl_builder_argspec(b, a);
            if (spec->kind == TL_ARG_PTR) {
                bufs[a] = calloc(1, BYTES);
                tc_interp_bind_ptr(ip, at, bufs[a], BYTES);
            } else if (spec->kind == TL_ARG_TENSORDESC) { /* a one-element tensor: blocks read zeros */
                bufs[a] = aligned_alloc(16, BYTES);
                memset(bufs[a], 0, BYTES);
                tc_interp_tensordesc d = {.base = bufs[a], .extent = BYTES, .rank = spec->rank};
                for (int j = 0; j < spec->rank; j++)
                    d.shape[j] = 1, d.strides[j] = j + 1 < spec->rank ? 16 : 1;
                tc_interp_bind_tensordesc(ip, at, &d);
                at += 2 * spec->rank;
            } else if (tl_dtype_is_float(spec->dtype)) {
                tc_interp_bind_float(ip, at, 1.0);
            } else {
                tc_interp_bind_int(ip, at, 64);
            }
        }
        tc_interp_set_grid(ip, 2, 1, 1);
        if (!tc_interp_run(ip)) {
            const char *why = tc_interp_error(ip);
            assert_null(strchr(why, '\n'));
            if (!strstr(why, "out of bounds") && !strstr(why, "not supported"))
                fail_msg("%s: %s", k->name, why);
        }
        for (int a = 0; a < n; a++)
            free(bufs[a]);
        free(bufs);
        tc_interp_destroy(ip);
        tl_builder_destroy(b);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vector_add),
        cmocka_unit_test(test_softmax),
        cmocka_unit_test(test_matmul),
        cmocka_unit_test(test_layer_norm_fwd),
        cmocka_unit_test(test_layer_norm_bwd_dx),
        cmocka_unit_test(test_descriptors),
        cmocka_unit_test(test_per_token_group_quant_fp8),
        cmocka_unit_test(test_reductions),
        cmocka_unit_test(test_layer_norm_bwd_dwdb),
        cmocka_unit_test(test_softmax_xla),
        cmocka_unit_test(test_random_k),
        cmocka_unit_test(test_moe_align_block_size),
        cmocka_unit_test(test_reduce_segments),
        cmocka_unit_test(test_arith_int),
        cmocka_unit_test(test_casts),
        cmocka_unit_test(test_arith_float),
        cmocka_unit_test(test_control),
        cmocka_unit_test(test_shapes),
        cmocka_unit_test(test_dots),
        cmocka_unit_test(test_memory),
        cmocka_unit_test(test_custom_combine),
        cmocka_unit_test(test_constant_order),
        cmocka_unit_test(test_fused_moe),
        cmocka_unit_test(test_flash_attention),
        cmocka_unit_test(test_unified_attention_2d),
        cmocka_unit_test(test_unified_attention_3d),
        cmocka_unit_test(test_every_bundled_kernel_runs_or_fails_in_one_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
