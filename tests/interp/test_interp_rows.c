/* The row kernels of issue 31 (layer norm and RMS norm with whole rows in registers, the fused
 * residual add, fp8 quantization of several groups per program, the parallel
 * moe_align_block_size) run through the interpreter. The norms against references in double
 * within a few float32 ulps (their sums go in the interpreter's tree order, the references in
 * another); the quantization against per_token_group_quant_fp8 (one group per program) and the
 * three moe_align_block_size steps against moe_align_block_size (one program), bit for bit. */
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

/* got within a few float32 ulps of want, relative to the scale of the values compared */
static void near(const char *what, int i, float got, double want, double scale)
{
    if (!(fabs(got - want) <= 1e-5 * (fabs(want) + scale)))
        fail_msg("%s[%d] = %.9g, want %.9g", what, i, got, want);
}

static const char *num(char *buf, int v)
{
    snprintf(buf, 16, "%d", v);
    return buf;
}

/* ---- layer_norm_fwd_rows, rms_norm_fwd, fused_add_rms_norm (float32) ---------------------------- */

enum { LN, RMS, ADD_RMS };

static void norm_fwd_case(int kind, int block_m, int block_n, int rows, int n, uint32_t *seed)
{
    static const char *const names[] = {"layer_norm_fwd_rows", "rms_norm_fwd", "fused_add_rms_norm"};
    char s[2][16];
    const char *const set[] = {"dtype", "float32", "BLOCK_M", num(s[0], block_m), "BLOCK_N", num(s[1], block_n)};
    tl_builder *b = build(names[kind], 6, set);
    const int stride = n + 16;
    const size_t xb = (size_t)rows * stride * sizeof(float);
    float *X = malloc(xb), *R = malloc(xb), *R0 = malloc(xb), *Y = malloc(xb), *W = malloc(n * sizeof *W);
    float *B = malloc(n * sizeof *B), *mean = malloc(rows * sizeof *mean), *rstd = malloc(rows * sizeof *rstd);
    for (int i = 0; i < rows * stride; i++) {
        X[i] = 1.5f + frand(seed);
        R[i] = R0[i] = frand(seed);
        Y[i] = 12345.0f; /* the padding of each row must stay */
    }
    for (int i = 0; i < n; i++) {
        W[i] = frand(seed);
        B[i] = frand(seed);
    }
    const float eps = 1e-5f;
    const tc_interp_grid grid = tc_interp_grid1((rows + block_m - 1) / block_m);
    if (kind == LN)
        run(b, grid, 10,
            (tc_interp_arg[]){tc_interp_ptr(X, xb), tc_interp_ptr(Y, xb), tc_interp_ptr(W, n * sizeof *W),
                              tc_interp_ptr(B, n * sizeof *B), tc_interp_ptr(mean, rows * sizeof *mean),
                              tc_interp_ptr(rstd, rows * sizeof *rstd), tc_interp_int(stride), tc_interp_int(rows),
                              tc_interp_int(n), tc_interp_float(eps)});
    else if (kind == RMS)
        run(b, grid, 8,
            (tc_interp_arg[]){tc_interp_ptr(X, xb), tc_interp_ptr(Y, xb), tc_interp_ptr(W, n * sizeof *W),
                              tc_interp_ptr(rstd, rows * sizeof *rstd), tc_interp_int(stride), tc_interp_int(rows),
                              tc_interp_int(n), tc_interp_float(eps)});
    else
        run(b, grid, 8,
            (tc_interp_arg[]){tc_interp_ptr(X, xb), tc_interp_ptr(R, xb), tc_interp_ptr(Y, xb),
                              tc_interp_ptr(W, n * sizeof *W), tc_interp_int(stride), tc_interp_int(rows),
                              tc_interp_int(n), tc_interp_float(eps)});
    for (int r = 0; r < rows; r++) {
        const int base = r * stride;
        double x[1024], m = 0, v = 0;
        assert_true(n <= 1024);
        for (int c = 0; c < n; c++) {
            x[c] = kind == ADD_RMS ? (double)(float)(X[base + c] + R0[base + c]) : X[base + c];
            if (kind == ADD_RMS && R[base + c] != (float)(X[base + c] + R0[base + c]))
                fail_msg("R[%d][%d] = %a, want X + R", r, c, R[base + c]);
            m += x[c];
        }
        m = kind == LN ? m / n : 0;
        for (int c = 0; c < n; c++)
            v += (x[c] - m) * (x[c] - m);
        double rs = 1 / sqrt(v / n + eps);
        if (kind == LN)
            near("Mean", r, mean[r], m, 1);
        if (kind != ADD_RMS)
            near("Rstd", r, rstd[r], rs, 0);
        for (int c = 0; c < stride; c++) {
            double want = c >= n ? 12345.0 : (x[c] - m) * rs * W[c] + (kind == LN ? B[c] : 0);
            near("Y", base + c, Y[base + c], want, 4);
        }
    }
    free(X);
    free(R);
    free(R0);
    free(Y);
    free(W);
    free(B);
    free(mean);
    free(rstd);
    tl_builder_destroy(b);
}

static void test_norm_fwd_rows(void **state)
{
    (void)state;
    uint32_t seed = 31;
    for (int kind = LN; kind <= ADD_RMS; kind++) {
        norm_fwd_case(kind, 1, 64, 3, 64, &seed);   /* a row per program, exact fit */
        norm_fwd_case(kind, 2, 64, 5, 48, &seed);   /* ragged rows and columns */
        norm_fwd_case(kind, 4, 128, 9, 112, &seed); /* the last program has one row of four */
    }
}

/* ---- layer_norm_bwd_dx_rows, rms_norm_bwd (float32) -------------------------------------------- */

/* Blocks of block_m rows dealt out to `programs` programs in turn: row r is in program's
 * (r / block_m) % programs partial sums. */
static void norm_bwd_case(bool rms, int block_m, int block_n, int rows, int n, int programs, uint32_t *seed)
{
    char s[2][16];
    const char *const set[] = {"dtype", "float32", "BLOCK_M", num(s[0], block_m), "BLOCK_N", num(s[1], block_n)};
    tl_builder *b = build(rms ? "rms_norm_bwd" : "layer_norm_bwd_dx_rows", 6, set);
    const int stride = n + 16;
    const size_t xb = (size_t)rows * stride * sizeof(float), pb = (size_t)programs * n * sizeof(float);
    float *X = malloc(xb), *DY = malloc(xb), *DX = malloc(xb), *W = malloc(n * sizeof *W);
    float *mean = malloc(rows * sizeof *mean), *rstd = malloc(rows * sizeof *rstd), *DW = malloc(pb), *DB = malloc(pb);
    double *wdw = calloc((size_t)programs * n, sizeof *wdw), *wdb = calloc((size_t)programs * n, sizeof *wdb);
    for (int i = 0; i < rows * stride; i++) {
        X[i] = frand(seed);
        DY[i] = frand(seed);
        DX[i] = 12345.0f;
    }
    for (int i = 0; i < n; i++)
        W[i] = frand(seed);
    for (int r = 0; r < rows; r++) {
        mean[r] = rms ? 0 : frand(seed) * 0.1f;
        rstd[r] = 1.0f + frand(seed) * 0.1f;
    }
    const tc_interp_grid grid = tc_interp_grid1(programs);
    if (rms)
        run(b, grid, 9,
            (tc_interp_arg[]){tc_interp_ptr(DX, xb), tc_interp_ptr(DY, xb), tc_interp_ptr(DW, pb), tc_interp_ptr(X, xb),
                              tc_interp_ptr(W, n * sizeof *W), tc_interp_ptr(rstd, rows * sizeof *rstd),
                              tc_interp_int(stride), tc_interp_int(rows), tc_interp_int(n)});
    else
        run(b, grid, 11,
            (tc_interp_arg[]){tc_interp_ptr(DX, xb), tc_interp_ptr(DY, xb), tc_interp_ptr(DW, pb), tc_interp_ptr(DB, pb),
                              tc_interp_ptr(X, xb), tc_interp_ptr(W, n * sizeof *W),
                              tc_interp_ptr(mean, rows * sizeof *mean), tc_interp_ptr(rstd, rows * sizeof *rstd),
                              tc_interp_int(stride), tc_interp_int(rows), tc_interp_int(n)});
    for (int r = 0; r < rows; r++) {
        const float *x = X + r * stride, *dy = DY + r * stride;
        double c1 = 0, c2 = 0;
        for (int j = 0; j < n; j++) {
            double xhat = ((double)x[j] - mean[r]) * rstd[r];
            c1 += xhat * W[j] * dy[j];
            c2 += (double)W[j] * dy[j];
        }
        c1 /= n, c2 = rms ? 0 : c2 / n;
        for (int j = 0; j < stride; j++) {
            double xhat = j < n ? ((double)x[j] - mean[r]) * rstd[r] : 0;
            double want = j >= n ? 12345.0 : ((double)W[j] * dy[j] - (xhat * c1 + c2)) * rstd[r];
            near("DX", r * stride + j, DX[r * stride + j], want, 4);
            if (j < n) {
                wdw[(size_t)(r / block_m % programs) * n + j] += dy[j] * xhat;
                wdb[(size_t)(r / block_m % programs) * n + j] += dy[j];
            }
        }
    }
    for (int i = 0; i < programs * n; i++) {
        near("DW", i, DW[i], wdw[i], 4);
        if (!rms)
            near("DB", i, DB[i], wdb[i], 4);
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
    tl_builder_destroy(b);
}

static void test_norm_bwd_rows(void **state)
{
    (void)state;
    uint32_t seed = 37;
    for (int rms = 0; rms <= 1; rms++) {
        norm_bwd_case(rms, 1, 32, 4, 32, 2, &seed);   /* two programs of two rows: 0, 2 and 1, 3 */
        norm_bwd_case(rms, 2, 64, 7, 48, 3, &seed);   /* ragged: four blocks, the last of one row */
        norm_bwd_case(rms, 4, 32, 11, 32, 2, &seed);  /* three blocks of four on two programs */
        norm_bwd_case(rms, 1, 16, 9, 16, 4, &seed);   /* 9 rows on 4 programs: 3, 2, 2, 2 */
        norm_bwd_case(rms, 2, 16, 1, 16, 1, &seed);   /* one row, one program */
    }
}

/* ---- per_token_group_quant_fp8_groups against per_token_group_quant_fp8 ------------------------- */

static void quant_case(bool ue8m0, int groups_pp, int tokens, int groups_per_row, uint32_t *seed)
{
    char s[16];
    const char *ue = ue8m0 ? "true" : "false";
    const char *const set1[] = {"dtype", "float32", "use_ue8m0", ue};
    const char *const set2[] = {"dtype", "float32", "use_ue8m0", ue, "GROUPS", num(s, groups_pp)};
    tl_builder *one = build("per_token_group_quant_fp8", 4, set1), *many = build("per_token_group_quant_fp8_groups", 6, set2);
    const int gs = 128, hidden = gs * groups_per_row, stride = hidden + 32, ng = tokens * groups_per_row;
    float *y = malloc((size_t)tokens * stride * sizeof *y), *s1 = malloc(ng * sizeof *s1), *s2 = malloc(ng * sizeof *s2);
    uint8_t *q1 = malloc((size_t)tokens * hidden), *q2 = malloc((size_t)tokens * hidden);
    for (int i = 0; i < tokens * stride; i++)
        y[i] = frand(seed) * (float)(1 + (i / gs) % 7) * 30.0f;
    memset(q1, 0, (size_t)tokens * hidden);
    memset(q2, 0xff, (size_t)tokens * hidden);
    for (int i = 0; i < ng; i++)
        s1[i] = 0, s2[i] = -1;
    const size_t yb = (size_t)tokens * stride * sizeof *y, qb = (size_t)tokens * hidden, sb = ng * sizeof *s1;
    run(one, tc_interp_grid1(ng), 9,
        (tc_interp_arg[]){tc_interp_ptr(y, yb), tc_interp_ptr(q1, qb), tc_interp_ptr(s1, sb), tc_interp_int(gs),
                          tc_interp_int(hidden), tc_interp_int(stride), tc_interp_float(1e-10), tc_interp_float(-448),
                          tc_interp_float(448)});
    run(many, tc_interp_grid2(tokens, (groups_per_row + groups_pp - 1) / groups_pp), 9,
        (tc_interp_arg[]){tc_interp_ptr(y, yb), tc_interp_ptr(q2, qb), tc_interp_ptr(s2, sb), tc_interp_int(gs),
                          tc_interp_int(hidden), tc_interp_int(stride), tc_interp_float(1e-10), tc_interp_float(-448),
                          tc_interp_float(448)});
    assert_memory_equal(q1, q2, qb);
    assert_memory_equal(s1, s2, sb);
    free(y);
    free(s1);
    free(s2);
    free(q1);
    free(q2);
    tl_builder_destroy(one);
    tl_builder_destroy(many);
}

static void test_quant_groups(void **state)
{
    (void)state;
    uint32_t seed = 41;
    quant_case(false, 8, 3, 16, &seed); /* two programs per row, both full */
    quant_case(true, 8, 2, 10, &seed);  /* the second program of a row has 2 groups of 8 */
    quant_case(false, 4, 1, 3, &seed);  /* one token, fewer groups than a program takes */
    quant_case(true, 1, 2, 5, &seed);   /* a group per program, as vLLM's */
}

/* ---- moe_align_block_size_count, _scan, _scatter against moe_align_block_size ----------------- */

/* max_num_tokens_padded as vLLM sizes it: room for every expert's padding, but with fewer pairs
 * than experts at most a block per pair. */
static int vllm_max_padded(int numel, int experts, int bs)
{
    int room = numel + experts * (bs - 1);
    return numel < experts && numel * bs < room ? numel * bs : room;
}

static void moe_case(int experts, int block_e, int eg, int bs, int bt, int bc, int bb, int numel, int invalid_every,
                     uint32_t *seed)
{
    char s[7][16];
    const char *const set_one[] = {"NUM_EXPERTS", num(s[0], experts), "BLOCK_SIZE", num(s[1], bs),
                                   "BLOCK_E", num(s[2], block_e), "BLOCK_T", num(s[3], bt)};
    const char *const set_count[] = {"NUM_EXPERTS", s[0], "BLOCK_E", s[2], "BLOCK_T", s[3]};
    const char *const set_scan[] = {"NUM_EXPERTS", s[0], "BLOCK_SIZE", s[1], "BLOCK_E", s[2], "EG", num(s[6], eg),
                                    "BLOCK_C", num(s[4], bc), "BLOCK_B", num(s[5], bb), "BLOCK_T", s[3]};
    tl_builder *one = build("moe_align_block_size", 8, set_one), *count = build("moe_align_block_size_count", 6, set_count);
    tl_builder *scan = build("moe_align_block_size_scan", 14, set_scan);
    tl_builder *scatter = build("moe_align_block_size_scatter", 6, set_count);
    const int max_padded = vllm_max_padded(numel, experts, bs), max_blocks = (max_padded + bs - 1) / bs;
    const int chunks = (numel + bt - 1) / bt > 0 ? (numel + bt - 1) / bt : 1;
    int32_t *ids = malloc((numel ? numel : 1) * sizeof *ids), total1 = -12345, total2 = -54321;
    int32_t *sorted1 = malloc(max_padded * sizeof *sorted1), *sorted2 = malloc(max_padded * sizeof *sorted2);
    int32_t *eids1 = malloc(max_blocks * sizeof *eids1), *eids2 = malloc(max_blocks * sizeof *eids2);
    int32_t *counts = malloc((size_t)chunks * block_e * sizeof *counts), *first = malloc((size_t)chunks * block_e * sizeof *first);
    int32_t *prefix = malloc((size_t)chunks * block_e * sizeof *prefix);
    for (int i = 0; i < numel; i++) { /* ids in [0, experts), now and then -1 or one past the experts */
        uint32_t r = lcg(seed) >> 8;
        bool invalid = invalid_every && i % invalid_every == invalid_every - 1;
        ids[i] = !invalid ? (int32_t)(r % (uint32_t)experts)
                 : (i / invalid_every) % 2 ? -1 : experts + (int32_t)(r % (uint32_t)(block_e - experts + 2));
    }
    for (int i = 0; i < max_padded; i++)
        sorted1[i] = -12345, sorted2[i] = -54321;
    for (int i = 0; i < max_blocks; i++)
        eids1[i] = -12345, eids2[i] = -54321;
    const size_t ib = numel * sizeof *ids, sb = max_padded * sizeof *sorted1, eb = max_blocks * sizeof *eids1;
    const size_t cb = (size_t)chunks * block_e * sizeof *counts;
    run(one, tc_interp_grid1(1), 7,
        (tc_interp_arg[]){tc_interp_ptr(ids, ib), tc_interp_ptr(sorted1, sb), tc_interp_ptr(eids1, eb),
                          tc_interp_ptr(&total1, sizeof total1), tc_interp_int(numel), tc_interp_int(max_padded),
                          tc_interp_int(max_blocks)});
    run(count, tc_interp_grid1(chunks), 4,
        (tc_interp_arg[]){tc_interp_ptr(ids, ib), tc_interp_ptr(counts, cb), tc_interp_ptr(prefix, cb),
                          tc_interp_int(numel)});
    run(scan, tc_interp_grid1(block_e / eg), 9,
        (tc_interp_arg[]){tc_interp_ptr(counts, cb), tc_interp_ptr(first, cb), tc_interp_ptr(sorted2, sb),
                          tc_interp_ptr(eids2, eb), tc_interp_ptr(&total2, sizeof total2), tc_interp_int(numel),
                          tc_interp_int(chunks), tc_interp_int(max_padded), tc_interp_int(max_blocks)});
    run(scatter, tc_interp_grid1(chunks), 5,
        (tc_interp_arg[]){tc_interp_ptr(ids, ib), tc_interp_ptr(first, cb), tc_interp_ptr(prefix, cb),
                          tc_interp_ptr(sorted2, sb), tc_interp_int(numel)});
    assert_int_equal(total1, total2);
    for (int i = 0; i < max_padded; i++)
        if (sorted1[i] != sorted2[i])
            fail_msg("E %d numel %d: sorted_token_ids[%d] = %d, want %d", experts, numel, i, sorted2[i], sorted1[i]);
    for (int k = 0; k < max_blocks; k++)
        if (eids1[k] != eids2[k])
            fail_msg("E %d numel %d: expert_ids[%d] = %d, want %d", experts, numel, k, eids2[k], eids1[k]);
    free(ids);
    free(sorted1);
    free(sorted2);
    free(eids1);
    free(eids2);
    free(counts);
    free(first);
    free(prefix);
    tl_builder_destroy(one);
    tl_builder_destroy(count);
    tl_builder_destroy(scan);
    tl_builder_destroy(scatter);
}

static void test_moe_align_parallel(void **state)
{
    (void)state;
    uint32_t seed = 43;
    /* experts, BLOCK_E, EG (scan programs: BLOCK_E / EG), BLOCK_SIZE, BLOCK_T, BLOCK_C, BLOCK_B, pairs */
    moe_case(8, 8, 8, 4, 16, 4, 2, 2, 0, &seed);     /* one token, top 2: one chunk, one scan program */
    moe_case(8, 8, 2, 4, 16, 4, 2, 14, 0, &seed);    /* 7 tokens, top 2: four scan programs */
    moe_case(8, 8, 4, 16, 64, 4, 2, 666, 7, &seed);  /* 333 tokens: 11 chunks, three scan steps, some -1 */
    moe_case(32, 32, 8, 16, 32, 8, 4, 1000, 0, &seed);
    moe_case(5, 8, 4, 8, 32, 2, 1, 203, 5, &seed);   /* NUM_EXPERTS below BLOCK_E; ids past it */
    moe_case(8, 8, 1, 4, 16, 4, 1, 300, 0, &seed);   /* many blocks per expert: several expert-id steps */
    moe_case(64, 64, 8, 16, 32, 8, 4, 8, 0, &seed);  /* one token, top 8 of 64: a block per pair at most */
    moe_case(64, 64, 16, 16, 32, 8, 4, 12, 5, &seed); /* fewer pairs than experts, some ids invalid */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_norm_fwd_rows),
        cmocka_unit_test(test_norm_bwd_rows),
        cmocka_unit_test(test_quant_groups),
        cmocka_unit_test(test_moe_align_parallel),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
