/* reduce_cases: the C twins of the kernels in tests/gpu/reduce_cases.py (the reductions and scans
 * of include/tritonc/reduce.h), for a differential test against Triton 3.6
 * (tests/gpu/validate_ops.py, run by tests/gpu/run.sh for every *_cases.c / *_cases.py pair).
 *
 *   reduce_cases OUTDIR [NAME...]   writes OUTDIR/NAME.ttir for every case (or the named ones),
 *                                   without locations; OUTDIR must exist
 *   reduce_cases --list             prints the case names, one a line ("NAME must-fail" for the
 *                                   cases tritonc has to reject)
 *
 * Each case follows the @triton.jit kernel of the same name in reduce_cases.py one Python line to
 * one C line, same names, same order (as in ops_cases.c: `p + i` on a pointer is tl_addptr(p, i),
 * `x[:, None]` is tl_expand_dims(x, 1)); a @triton.jit combine function _name is the callback
 * name here. Change both files together. A case whose builder fails writes OUTDIR/NAME.err
 * instead: expected for the must-fail cases, which Triton must reject too.
 *
 * Exit status: 0 when every case did what it should, 1 otherwise, 2 for a bad command line.
 * Not part of the normal build: run.sh compiles it against the static library.
 */
#include "cases_driver.h"

typedef gpu_case reduce_case;

#define PTR(dt) TL_PTR_OPTS(dt, .divisibility = TL_DIV_NONE)
/* x[:, None] and x[None, :] */
#define COL(x) tl_expand_dims((x), 1)
#define ROW(x) tl_expand_dims((x), 0)
/* x + i[:, None] * 8 + j[None, :]: the 16 x 8 tile of the 2-D cases */
#define TILE(x, i, j) tl_addptr(tl_addptr((x), tl_mul(COL(i), 8)), ROW(j))

/* ---- combine functions ------------------------------------------------------------------------ */

/* _mul_add(a, b) */
static void mul_add(tl_builder *builder, const tl_value *a, const tl_value *b, tl_value *out, void *ctx)
{
    (void)builder, (void)ctx;
    out[0] = tl_add(tl_mul(a[0], b[0]), 1.0);
}

/* _plus_two(a, b) */
static void plus_two(tl_builder *builder, const tl_value *a, const tl_value *b, tl_value *out, void *ctx)
{
    (void)builder, (void)ctx;
    out[0] = tl_add(tl_add(a[0], b[0]), 2.0);
}

/* _larger(a0, a1, b0, b1) */
static void larger(tl_builder *builder, const tl_value *a, const tl_value *b, tl_value *out, void *ctx)
{
    (void)builder, (void)ctx;
    tl_value gt = tl_gt(a[0], b[0]);
    out[0] = tl_where(gt, a[0], b[0]); out[1] = tl_where(gt, a[1], b[1]);
}

/* _bigger_or_double(a, b) */
static void bigger_or_double(tl_builder *builder, const tl_value *a, const tl_value *b, tl_value *out, void *ctx)
{
    (void)builder, (void)ctx;
    tl_scope s = tl_if(tl_gt(a[0], b[0]));
        tl_else(&s, a[0]);
    /* else: */
        tl_yield(&s, tl_mul(b[0], 2.0));
    out[0] = s.results[0];
}

/* _two_values(a, b) */
static void two_values(tl_builder *builder, const tl_value *a, const tl_value *b, tl_value *out, void *ctx)
{
    (void)builder, (void)ctx;
    out[0] = tl_add(a[0], b[0]); out[1] = tl_sub(a[0], b[0]);
}

/* _to_f64(a, b) */
static void to_f64(tl_builder *builder, const tl_value *a, const tl_value *b, tl_value *out, void *ctx)
{
    (void)builder, (void)ctx;
    out[0] = tl_to(tl_add(a[0], b[0]), TL_F64);
}

/* ============================================================================================ */
/* tl.sum */

/* axis=None on a 2-D tensor: reshape (allow_reorder) to 1-D, then reduce */
static void sum_all_2d(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value i = tl_arange(builder, 0, 16); tl_value j = tl_arange(builder, 0, 8);
    tl_value a = tl_load(TILE(x, i, j));
    tl_store(o, tl_sum(a));
}

/* axis=None on a 1-D tensor: the reshape is there all the same */
static void sum_all_1d(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i));
    tl_store(o, tl_sum(a));
}

/* a given axis, positional, keyword and negative */
static void sum_axes(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value i = tl_arange(builder, 0, 16); tl_value j = tl_arange(builder, 0, 8);
    tl_value a = tl_load(TILE(x, i, j));
    tl_store(tl_addptr(o, j), tl_sum(a, 0)); tl_store(tl_addptr(o, i), tl_sum(a, 1)); tl_store(tl_addptr(o, i), tl_sum(a, -1));
}

/* keep_dims along an axis: expand_dims back */
static void sum_keep_dims(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value i = tl_arange(builder, 0, 16); tl_value j = tl_arange(builder, 0, 8);
    tl_value a = tl_load(TILE(x, i, j));
    tl_store(tl_addptr(o, COL(i)), tl_sum(a, 1, .keep_dims = true)); tl_store(tl_addptr(o, ROW(j)), tl_sum(a, 0, .keep_dims = true));
}

/* keep_dims with axis=None: the scalar is splat to [1], then expanded to [1, 1] */
static void sum_keep_dims_all(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value i = tl_arange(builder, 0, 16); tl_value j = tl_arange(builder, 0, 8);
    tl_value a = tl_load(TILE(x, i, j));
    tl_value s = tl_sum(a, TL_AXIS_NONE, .keep_dims = true);
    tl_store(tl_addptr(tl_addptr(o, COL(tl_arange(builder, 0, 1))), ROW(tl_arange(builder, 0, 1))), s);
}

/* _pick_sum_dtype: int8 sums in int32 (extsi), uint16 and int1 in uint32 (extui) */
static void sum_int_promotion(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_I8));
    tl_value y = tl_arg(builder, "y", PTR(TL_U16));
    tl_value o = tl_arg(builder, "o", PTR(TL_I32));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value u = tl_load(tl_addptr(y, i));
    tl_store(o, tl_sum(a)); tl_store(o, tl_sum(u)); tl_store(o, tl_sum(tl_gt(a, 0)));
}

/* no promotion for float16, bfloat16 and int64 */
static void sum_no_promotion(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F16));
    tl_value y = tl_arg(builder, "y", PTR(TL_BF16));
    tl_value z = tl_arg(builder, "z", PTR(TL_I64));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value h = tl_load(tl_addptr(x, i)); tl_value b = tl_load(tl_addptr(y, i)); tl_value w = tl_load(tl_addptr(z, i));
    tl_store(x, tl_sum(h)); tl_store(y, tl_sum(b, 0)); tl_store(z, tl_sum(w));
}

/* dtype= casts the input first */
static void sum_dtype(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F16));
    tl_value y = tl_arg(builder, "y", PTR(TL_I32));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));
    tl_value p = tl_arg(builder, "p", PTR(TL_I64));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value h = tl_load(tl_addptr(x, i)); tl_value a = tl_load(tl_addptr(y, i));
    tl_store(o, tl_sum(h, 0, .dtype = TL_F32)); tl_store(p, tl_sum(a, TL_AXIS_NONE, .dtype = TL_I64));
}

/* ============================================================================================ */
/* tl.max, tl.min */

/* float32: maxnumf / minnumf; keep_dims */
static void max_min_float(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value i = tl_arange(builder, 0, 16); tl_value j = tl_arange(builder, 0, 8);
    tl_value a = tl_load(TILE(x, i, j));
    tl_store(o, tl_max(a)); tl_store(tl_addptr(o, j), tl_min(a, 0)); tl_store(tl_addptr(o, COL(i)), tl_max(a, 1, .keep_dims = true));
}

/* narrower than 32 bits: float16 and bfloat16 widen to float32, int8 and uint8 to int32 */
static void max_min_narrow(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F16));
    tl_value y = tl_arg(builder, "y", PTR(TL_BF16));
    tl_value z = tl_arg(builder, "z", PTR(TL_I8));
    tl_value w = tl_arg(builder, "w", PTR(TL_U8));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));
    tl_value p = tl_arg(builder, "p", PTR(TL_I32));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value h = tl_load(tl_addptr(x, i)); tl_value b = tl_load(tl_addptr(y, i)); tl_value c = tl_load(tl_addptr(z, i)); tl_value u = tl_load(tl_addptr(w, i));
    tl_store(o, tl_max(h)); tl_store(o, tl_min(b, 0)); tl_store(p, tl_max(c, 0)); tl_store(p, tl_min(u, 0));
}

/* 32 and 64 bits keep their signedness: maxui, minsi, maxui */
static void max_min_wide_int(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_U32));
    tl_value y = tl_arg(builder, "y", PTR(TL_I64));
    tl_value z = tl_arg(builder, "z", PTR(TL_U64));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value u = tl_load(tl_addptr(x, i)); tl_value v = tl_load(tl_addptr(y, i)); tl_value w = tl_load(tl_addptr(z, i));
    tl_store(x, tl_max(u)); tl_store(y, tl_min(v, 0)); tl_store(z, tl_max(w, 0));
}

/* fp8 widens to float32 (tt.fp_to_fp) */
static void max_fp8(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_FP8E4NV));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value f = tl_load(tl_addptr(x, i));
    tl_store(o, tl_max(f, 0));
}

/* ============================================================================================ */
/* argmax, argmin, return_indices */

/* both axes of a 2-D tensor, a negative axis, tie_break_left=False */
static void argmax_2d(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value p = tl_arg(builder, "p", PTR(TL_I32));

    tl_value i = tl_arange(builder, 0, 16); tl_value j = tl_arange(builder, 0, 8);
    tl_value a = tl_load(TILE(x, i, j));
    tl_store(tl_addptr(p, i), tl_argmax(a, 1)); tl_store(tl_addptr(p, j), tl_argmin(a, 0)); tl_store(tl_addptr(p, i), tl_argmax(a, -1, .tie_break_fast = true));
}

/* integers compare signed or unsigned; float16 stays, bfloat16 widens */
static void argmax_types(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_I32));
    tl_value y = tl_arg(builder, "y", PTR(TL_U32));
    tl_value z = tl_arg(builder, "z", PTR(TL_F16));
    tl_value w = tl_arg(builder, "w", PTR(TL_BF16));
    tl_value p = tl_arg(builder, "p", PTR(TL_I32));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value u = tl_load(tl_addptr(y, i)); tl_value h = tl_load(tl_addptr(z, i)); tl_value b = tl_load(tl_addptr(w, i));
    tl_store(p, tl_argmax(a, 0)); tl_store(p, tl_argmin(u, 0)); tl_store(p, tl_argmax(h, 0)); tl_store(p, tl_argmin(b, 0));
}

/* keep_dims expands the indices back */
static void argmax_keep_dims(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value p = tl_arg(builder, "p", PTR(TL_I32));

    tl_value i = tl_arange(builder, 0, 16); tl_value j = tl_arange(builder, 0, 8);
    tl_value a = tl_load(TILE(x, i, j));
    tl_store(tl_addptr(p, COL(i)), tl_argmax(a, 1, .keep_dims = true));
}

/* rank 3 along the middle axis: the index expands at axes 0 and 2 */
static void argmax_3d(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value p = tl_arg(builder, "p", PTR(TL_I32));

    tl_value i = tl_arange(builder, 0, 2); tl_value j = tl_arange(builder, 0, 8); tl_value k = tl_arange(builder, 0, 4);
    tl_value a = tl_load(tl_addptr(tl_addptr(tl_addptr(x, tl_mul(tl_expand_dims(tl_expand_dims(i, 1), 2), 32)), tl_mul(tl_expand_dims(tl_expand_dims(j, 0), 2), 4)), tl_expand_dims(tl_expand_dims(k, 0), 1)));
    tl_store(p, tl_sum(tl_argmax(a, 1)));
}

/* max / min with return_indices (tie breaks, keep_dims) */
static void max_min_indices(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));
    tl_value p = tl_arg(builder, "p", PTR(TL_I32));

    tl_value i = tl_arange(builder, 0, 16); tl_value j = tl_arange(builder, 0, 8);
    tl_value a = tl_load(TILE(x, i, j));
    tl_pair v_ix = tl_max_with_indices(a, 1); tl_value v = v_ix.first, ix = v_ix.second;
    tl_store(tl_addptr(o, i), v); tl_store(tl_addptr(p, i), ix);
    tl_pair w_jx = tl_min_with_indices(a, 0, .tie_break_fast = true, .keep_dims = true); tl_value w = w_jx.first, jx = w_jx.second;
    tl_store(tl_addptr(o, ROW(j)), w); tl_store(tl_addptr(p, ROW(j)), jx);
}

/* ============================================================================================ */
/* xor_sum, cumsum, cumprod */

static void xor_sums(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_I32));
    tl_value y = tl_arg(builder, "y", PTR(TL_U8));

    tl_value i = tl_arange(builder, 0, 16); tl_value j = tl_arange(builder, 0, 8);
    tl_value a = tl_load(TILE(x, i, j)); tl_value u = tl_load(tl_addptr(y, j));
    tl_store(x, tl_xor_sum(a)); tl_store(tl_addptr(x, i), tl_xor_sum(a, 1)); tl_store(y, tl_xor_sum(u, 0));
}

/* reduce_or: the axis is required (None allowed); keep_dims */
static void reduce_ors(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_I64));
    tl_value y = tl_arg(builder, "y", PTR(TL_I32));

    tl_value i = tl_arange(builder, 0, 16); tl_value j = tl_arange(builder, 0, 8);
    tl_value a = tl_load(TILE(x, i, j)); tl_value c = tl_load(tl_addptr(y, j));
    tl_store(tl_addptr(x, j), tl_reduce_or(a, 0)); tl_store(tl_addptr(y, tl_arange(builder, 0, 1)), tl_to(tl_reduce_or(tl_gt(c, 0), TL_AXIS_NONE, .keep_dims = true), TL_I32));
}

/* axis 0 by default, reverse, negative axes */
static void cumsum_axes(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value i = tl_arange(builder, 0, 16); tl_value j = tl_arange(builder, 0, 8);
    tl_value a = tl_load(TILE(x, i, j));
    tl_value c = tl_add(tl_add(tl_cumsum(a), tl_cumsum(a, 1, .reverse = true)), tl_cumsum(a, -1));
    tl_store(TILE(o, i, j), c);
}

/* int8 sums in int32, bfloat16 in float32, dtype= casts */
static void cumsum_types(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_I8));
    tl_value y = tl_arg(builder, "y", PTR(TL_BF16));
    tl_value o = tl_arg(builder, "o", PTR(TL_I32));
    tl_value p = tl_arg(builder, "p", PTR(TL_F64));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value c = tl_load(tl_addptr(x, i)); tl_value b = tl_load(tl_addptr(y, i));
    tl_store(tl_addptr(o, i), tl_cumsum(c)); tl_store(tl_addptr(p, i), tl_cumsum(b, 0)); tl_store(tl_addptr(p, i), tl_cumsum(b, 0, .dtype = TL_F64));
}

/* cumprod: reverse; int8 stays int8; bfloat16 widens */
static void cumprods(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_I8));
    tl_value y = tl_arg(builder, "y", PTR(TL_BF16));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value c = tl_load(tl_addptr(x, i)); tl_value b = tl_load(tl_addptr(y, i));
    tl_store(tl_addptr(x, i), tl_cumprod(c, 0, .reverse = true)); tl_store(tl_addptr(o, i), tl_cumprod(b));
}

/* ============================================================================================ */
/* tl.reduce / tl.associative_scan with @jit combines */

/* one operand: an axis, axis=None with keep_dims */
static void reduce_custom(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value i = tl_arange(builder, 0, 16); tl_value j = tl_arange(builder, 0, 8);
    tl_value a = tl_load(TILE(x, i, j));
    tl_store(tl_addptr(o, i), tl_reduce(TL_VALUES(a), 1, mul_add, NULL).v[0]);
    tl_store(tl_addptr(o, COL(tl_arange(builder, 0, 1))), tl_reduce(TL_VALUES(a), TL_AXIS_NONE, mul_add, NULL, .keep_dims = true).v[0]);
}

/* two operands of different types */
static void reduce_two(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));
    tl_value p = tl_arg(builder, "p", PTR(TL_I32));

    tl_value i = tl_arange(builder, 0, 16); tl_value j = tl_arange(builder, 0, 8);
    tl_value a = tl_load(TILE(x, i, j)); tl_value idx = tl_load(TILE(p, i, j));
    tl_values v_ix = tl_reduce(TL_VALUES(a, idx), 0, larger, NULL); tl_value v = v_ix.v[0], ix = v_ix.v[1];
    tl_store(tl_addptr(o, j), v); tl_store(tl_addptr(p, j), ix);
}

/* a combine with a branch (scf.if in the region), reversed */
static void scan_custom(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o, i), tl_scan(TL_VALUES(a), 0, bigger_or_double, NULL, .reverse = true).v[0]);
}

/* a scan of two operands */
static void scan_two(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));
    tl_value p = tl_arg(builder, "p", PTR(TL_I32));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value idx = tl_load(tl_addptr(p, i));
    tl_values v_ix = tl_scan(TL_VALUES(a, idx), 0, larger, NULL); tl_value v = v_ix.v[0], ix = v_ix.v[1];
    tl_store(tl_addptr(o, i), v); tl_store(tl_addptr(p, i), ix);
}

/* constants inside a combine and around it: where make_ttir leaves them */
static void combine_constants(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_mul(tl_load(tl_addptr(x, i)), 3.0);
    tl_value s = tl_reduce(TL_VALUES(a), 0, plus_two, NULL).v[0];
    tl_store(o, tl_add(s, 5.0));
}

/* ============================================================================================ */
/* reductions in expressions and in loops */

/* Python evaluates left to right: the reductions come in the order written */
static void reductions_in_expressions(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value i = tl_arange(builder, 0, 16); tl_value j = tl_arange(builder, 0, 8);
    tl_value a = tl_load(TILE(x, i, j));
    tl_store(tl_addptr(o, i), tl_add(tl_sum(a, 1), tl_mul(tl_max(a, 1), tl_load(tl_addptr(x, i)))));
    tl_store(o, tl_sub(tl_add(tl_load(x), tl_sum(tl_cumsum(a, 1))), tl_min(a)));
}

/* keyword arguments are evaluated first: the reduction in the mask comes before the pointer */
static void reduction_in_keyword(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o, i), a, .mask = tl_lt(a, tl_sum(a)));
}

/* a reduction inside a loop body */
static void sum_in_loop(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));
    tl_value n = tl_arg(builder, "n", TL_SCALAR(TL_I32));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value acc = tl_load(o);
    tl_scope loop = tl_for(builder, 0, n, 16, .carry = TL_VARS(&acc)); tl_value k = loop.iv;
        acc = tl_add(acc, tl_sum(tl_load(tl_addptr(tl_addptr(x, k), i))));
    tl_end(&loop);
    tl_store(o, acc);
}

/* ============================================================================================ */
/* misuse: Triton's frontend rejects these too */

/* a scalar cannot be reduced */
static void err_sum_scalar(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value s = tl_load(x);
    tl_store(o, tl_sum(s));
}

/* the axis must be within the rank */
static void err_sum_axis(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i));
    tl_store(o, tl_sum(a, 1));
}

/* xor_sum of floats */
static void err_xor_sum_float(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i));
    tl_store(o, tl_xor_sum(a));
}

/* argmax needs an axis */
static void err_argmax_no_axis(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value p = tl_arg(builder, "p", PTR(TL_I32));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i));
    tl_store(p, tl_argmax(a, TL_AXIS_NONE));
}

/* a scalar cannot be scanned */
static void err_cumsum_scalar(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value s = tl_load(x);
    tl_store(o, tl_cumsum(s));
}

/* the operands of one reduction must have one shape */
static void err_reduce_shapes(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value p = tl_arg(builder, "p", PTR(TL_I32));

    tl_value i = tl_arange(builder, 0, 16); tl_value j = tl_arange(builder, 0, 8);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value idx = tl_load(tl_addptr(p, j));
    tl_values v_ix = tl_reduce(TL_VALUES(a, idx), 0, larger, NULL); tl_value ix = v_ix.v[1];
    tl_store(p, ix);
}

/* a combine returning two values for one operand */
static void err_combine_arity(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i));
    tl_store(o, tl_reduce(TL_VALUES(a), 0, two_values, NULL).v[0]);
}

/* a combine returning another type than its operand's */
static void err_combine_type(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i));
    tl_store(o, tl_reduce(TL_VALUES(a), 0, to_f64, NULL).v[0]);
}

/* ============================================================================================ */

static const reduce_case cases[] = {
    {"sum_all_2d", sum_all_2d, false},
    {"sum_all_1d", sum_all_1d, false},
    {"sum_axes", sum_axes, false},
    {"sum_keep_dims", sum_keep_dims, false},
    {"sum_keep_dims_all", sum_keep_dims_all, false},
    {"sum_int_promotion", sum_int_promotion, false},
    {"sum_no_promotion", sum_no_promotion, false},
    {"sum_dtype", sum_dtype, false},
    {"max_min_float", max_min_float, false},
    {"max_min_narrow", max_min_narrow, false},
    {"max_min_wide_int", max_min_wide_int, false},
    {"max_fp8", max_fp8, false},
    {"argmax_2d", argmax_2d, false},
    {"argmax_types", argmax_types, false},
    {"argmax_keep_dims", argmax_keep_dims, false},
    {"argmax_3d", argmax_3d, false},
    {"max_min_indices", max_min_indices, false},
    {"xor_sums", xor_sums, false},
    {"reduce_ors", reduce_ors, false},
    {"cumsum_axes", cumsum_axes, false},
    {"cumsum_types", cumsum_types, false},
    {"cumprods", cumprods, false},
    {"reduce_custom", reduce_custom, false},
    {"reduce_two", reduce_two, false},
    {"scan_custom", scan_custom, false},
    {"scan_two", scan_two, false},
    {"combine_constants", combine_constants, false},
    {"reductions_in_expressions", reductions_in_expressions, false},
    {"reduction_in_keyword", reduction_in_keyword, false},
    {"sum_in_loop", sum_in_loop, false},
    {"err_sum_scalar", err_sum_scalar, true},
    {"err_sum_axis", err_sum_axis, true},
    {"err_xor_sum_float", err_xor_sum_float, true},
    {"err_argmax_no_axis", err_argmax_no_axis, true},
    {"err_cumsum_scalar", err_cumsum_scalar, true},
    {"err_reduce_shapes", err_reduce_shapes, true},
    {"err_combine_arity", err_combine_arity, true},
    {"err_combine_type", err_combine_type, true},
};

enum { N_CASES = (int)(sizeof cases / sizeof cases[0]) };

int main(int argc, char **argv)
{
    return gpu_cases_main("reduce_cases", cases, N_CASES, argc, argv);
}
