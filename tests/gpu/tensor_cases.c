/* tensor_cases: the C twins of the kernels in tests/gpu/tensor_cases.py (tl.dot, tl.dot_scaled and
 * the shape ops of include/tritonc/tensor.h), for a differential test against Triton 3.6
 * (tests/gpu/validate_ops.py, run by tests/gpu/run.sh for every *_cases.c / *_cases.py pair).
 *
 *   tensor_cases OUTDIR [NAME...]   writes OUTDIR/NAME.ttir for every case (or the named ones),
 *                                   without locations; OUTDIR must exist
 *   tensor_cases --list             prints the case names, one a line ("NAME must-fail" for the
 *                                   cases tritonc has to reject)
 *
 * Each case follows the @triton.jit kernel of the same name in tensor_cases.py one Python line to
 * one C line, same names, same order (as in ops_cases.c: `p + i` on a pointer is tl_addptr(p, i),
 * `x[:, None]` is tl_expand_dims(x, 1)). Change both files together. A case whose builder fails
 * writes OUTDIR/NAME.err instead: expected for the must-fail cases, which Triton must reject too.
 *
 * Exit status: 0 when every case did what it should, 1 otherwise, 2 for a bad command line.
 * Not part of the normal build: run.sh compiles it against the static library.
 */
#include "cases_driver.h"

typedef gpu_case tensor_case;

#define PTR(dt) TL_PTR_OPTS(dt, .divisibility = TL_DIV_NONE)
/* x[:, None] and x[None, :] */
#define COL(x) tl_expand_dims((x), 1)
#define ROW(x) tl_expand_dims((x), 0)

/* ============================================================================================ */
/* tl.dot */

/* float16 without an accumulator: tf32 by default, a zero float32 accumulator */
static void dot_f16(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F16));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value rm = tl_arange(builder, 0, 16); tl_value rk = tl_arange(builder, 0, 32);
    tl_value a = tl_load(tl_addptr(tl_addptr(x, tl_mul(COL(rm), 32)), ROW(rk))); tl_value b = tl_load(tl_addptr(tl_addptr(x, tl_mul(COL(rk), 16)), ROW(rm)));
    tl_store(tl_addptr(tl_addptr(o, tl_mul(COL(rm), 16)), ROW(rm)), tl_dot(a, b));
}

/* the accumulator positional, as a keyword, and acc += dot (folded into the dot by make_ttir) */
static void dot_acc_forms(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F16));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value r = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(tl_addptr(x, tl_mul(COL(r), 16)), ROW(r)));
    tl_value acc = tl_zeros(builder, TL_SHAPE(16, 16), TL_F32);
    acc = tl_dot(a, a, acc);
    acc = tl_dot(a, a, .acc = acc);
    acc = tl_add(acc, tl_dot(a, a));
    tl_store(tl_addptr(tl_addptr(o, tl_mul(COL(r), 16)), ROW(r)), acc);
}

/* every input precision on float32 (ieee prints none: it is the attribute's default) */
static void dot_precisions(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value r = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(tl_addptr(x, tl_mul(COL(r), 16)), ROW(r)));
    tl_value acc = tl_dot(a, a, .input_precision = TL_PRECISION_IEEE);
    acc = tl_dot(a, a, acc, .input_precision = TL_PRECISION_TF32);
    acc = tl_dot(a, a, acc, .input_precision = TL_PRECISION_TF32X3);
    acc = tl_dot(a, a, acc, .input_precision = TL_PRECISION_BF16X3);
    acc = tl_dot(a, a, acc, .input_precision = TL_PRECISION_BF16X6);
    tl_store(tl_addptr(tl_addptr(o, tl_mul(COL(r), 16)), ROW(r)), acc);
}

/* fp8 x fp8 (two kinds): max_num_imprecise_acc 2^30 by default on sm90, given, 0; out_dtype=float16 */
static void dot_fp8(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_FP8E4NV));
    tl_value y = tl_arg(builder, "y", PTR(TL_FP8E5));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value rm = tl_arange(builder, 0, 16); tl_value rk = tl_arange(builder, 0, 32);
    tl_value a = tl_load(tl_addptr(tl_addptr(x, tl_mul(COL(rm), 32)), ROW(rk))); tl_value b = tl_load(tl_addptr(tl_addptr(y, tl_mul(COL(rk), 16)), ROW(rm)));
    tl_value acc = tl_dot(a, b);
    acc = tl_dot(a, b, acc, .max_num_imprecise_acc = 32);
    acc = tl_dot(a, b, acc, .max_num_imprecise_acc = TL_MAX_NUM_IMPRECISE_ACC_ZERO);
    tl_value h = tl_dot(a, b, .out_dtype = TL_F16);
    tl_store(tl_addptr(tl_addptr(o, tl_mul(COL(rm), 16)), ROW(rm)), tl_add(acc, tl_to(h, TL_F32)));
}

/* int8 gives int32; an int32 accumulator needs out_dtype=tl.int32 */
static void dot_int8(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_I8));
    tl_value o = tl_arg(builder, "o", PTR(TL_I32));

    tl_value rm = tl_arange(builder, 0, 16); tl_value rk = tl_arange(builder, 0, 32);
    tl_value a = tl_load(tl_addptr(tl_addptr(x, tl_mul(COL(rm), 32)), ROW(rk)));
    tl_value acc = tl_dot(a, tl_trans(a));
    acc = tl_dot(a, tl_trans(a), acc, .out_dtype = TL_I32);
    tl_store(tl_addptr(tl_addptr(o, tl_mul(COL(rm), 16)), ROW(rm)), acc);
}

/* bfloat16 gives float32 whatever out_dtype says; float64 gives float64 */
static void dot_bf16_f64(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_BF16));
    tl_value y = tl_arg(builder, "y", PTR(TL_F64));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));
    tl_value p = tl_arg(builder, "p", PTR(TL_F64));

    tl_value r = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(tl_addptr(x, tl_mul(COL(r), 16)), ROW(r))); tl_value d = tl_load(tl_addptr(tl_addptr(y, tl_mul(COL(r), 16)), ROW(r)));
    tl_store(tl_addptr(tl_addptr(o, tl_mul(COL(r), 16)), ROW(r)), tl_dot(a, a, .out_dtype = TL_F16));
    tl_store(tl_addptr(tl_addptr(p, tl_mul(COL(r), 16)), ROW(r)), tl_dot(d, d));
}

/* batched rank 3 */
static void dot_batched(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F16));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value r = tl_arange(builder, 0, 16); tl_value bt = tl_arange(builder, 0, 2);
    tl_value offs = tl_add(tl_add(tl_mul(tl_expand_dims(tl_expand_dims(bt, 1), 2), 256), tl_mul(tl_expand_dims(tl_expand_dims(r, 0), 2), 16)), tl_expand_dims(tl_expand_dims(r, 0), 1));
    tl_value a = tl_load(tl_addptr(x, offs));
    tl_store(tl_addptr(o, offs), tl_dot(a, a));
}

/* rank 4: reshaped to rank 3 (batch dimensions flattened) and back */
static void dot_rank4(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F16));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value a = tl_reshape(tl_load(tl_addptr(x, tl_arange(builder, 0, 1024))), TL_SHAPE(2, 2, 16, 16));
    tl_value acc = tl_zeros(builder, TL_SHAPE(2, 2, 16, 16), TL_F32);
    acc = tl_dot(a, a, acc);
    tl_store(tl_addptr(o, tl_arange(builder, 0, 1024)), tl_reshape(acc, TL_SHAPE(1024)));
}

/* a keyword acc is evaluated before the operands */
static void dot_keyword_acc_first(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F16));
    tl_value y = tl_arg(builder, "y", PTR(TL_F32));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value i = tl_add(tl_mul(COL(tl_arange(builder, 0, 16)), 16), ROW(tl_arange(builder, 0, 16)));
    tl_value d = tl_dot(tl_load(tl_addptr(x, i)), tl_load(tl_addptr(x, i)), .acc = tl_load(tl_addptr(y, i)));
    tl_store(tl_addptr(o, i), d);
}

/* ============================================================================================ */
/* tl.dot_scaled */

/* e2m1 (two per uint8) with a scale times bf16 (a uint16 bitcast) without one */
static void dot_scaled_e2m1_bf16(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_U8));
    tl_value s = tl_arg(builder, "s", PTR(TL_U8));
    tl_value y = tl_arg(builder, "y", PTR(TL_U16));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value r = tl_arange(builder, 0, 32); tl_value rk = tl_arange(builder, 0, 64); tl_value r2 = tl_arange(builder, 0, 2);
    tl_value a = tl_load(tl_addptr(tl_addptr(x, tl_mul(COL(r), 32)), ROW(r))); tl_value sa = tl_load(tl_addptr(tl_addptr(s, tl_mul(COL(r), 2)), ROW(r2)));
    tl_value b = tl_load(tl_addptr(tl_addptr(y, tl_mul(COL(rk), 32)), ROW(r)));
    tl_store(tl_addptr(tl_addptr(o, tl_mul(COL(r), 32)), ROW(r)), tl_dot_scaled(a, sa, "e2m1", b, TL_NO_SCALE, "bf16"));
}

/* e4m3 x e5m2, both scaled, an accumulator and fast_math */
static void dot_scaled_fp8(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_U8));
    tl_value s = tl_arg(builder, "s", PTR(TL_U8));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value r = tl_arange(builder, 0, 32); tl_value rk = tl_arange(builder, 0, 64); tl_value r2 = tl_arange(builder, 0, 2);
    tl_value a = tl_load(tl_addptr(tl_addptr(x, tl_mul(COL(r), 64)), ROW(rk))); tl_value b = tl_load(tl_addptr(tl_addptr(x, tl_mul(COL(rk), 32)), ROW(r)));
    tl_value sc = tl_load(tl_addptr(tl_addptr(s, tl_mul(COL(r), 2)), ROW(r2)));
    tl_value acc = tl_load(tl_addptr(tl_addptr(o, tl_mul(COL(r), 32)), ROW(r)));
    acc = tl_dot_scaled(a, sc, "e4m3", b, sc, "e5m2", acc, .fast_math = true);
    tl_store(tl_addptr(tl_addptr(o, tl_mul(COL(r), 32)), ROW(r)), acc);
}

/* e2m1 packed along M (lhs_k_pack=False) */
static void dot_scaled_m_pack(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_U8));
    tl_value y = tl_arg(builder, "y", PTR(TL_FP8E4NV));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value rm = tl_arange(builder, 0, 16); tl_value rk = tl_arange(builder, 0, 64); tl_value rn = tl_arange(builder, 0, 32);
    tl_value a = tl_load(tl_addptr(tl_addptr(x, tl_mul(COL(rm), 64)), ROW(rk))); tl_value b = tl_load(tl_addptr(tl_addptr(y, tl_mul(COL(rk), 32)), ROW(rn)));
    tl_value d = tl_dot_scaled(a, TL_NO_SCALE, "e2m1", b, TL_NO_SCALE, "e4m3", .lhs_k_pack = TL_K_PACK_FALSE);
    tl_store(tl_addptr(tl_addptr(o, tl_mul(COL(rn), 32)), ROW(rn)), d);
}

/* ============================================================================================ */
/* Shapes */

/* reshape with and without reorder, view, item and reshape to () */
static void reshape_view_item(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value a = tl_load(tl_addptr(x, tl_arange(builder, 0, 256)));
    tl_value b = tl_reshape(a, TL_SHAPE(16, 16)); tl_value c = tl_reshape(b, TL_SHAPE(8, 32), .can_reorder = true); tl_value d = tl_view(c, TL_SHAPE(256));
    tl_value one = tl_load(tl_addptr(x, tl_arange(builder, 0, 1)));
    tl_store(tl_addptr(o, tl_arange(builder, 0, 256)), tl_add(tl_add(tl_add(tl_reshape(b, TL_SHAPE(256)), d), tl_item(one)), tl_reshape(one, (tl_shape){.rank = 0})));
}

/* trans (default and given), permute and .T */
static void trans_permute(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value i = tl_add(tl_add(tl_mul(tl_expand_dims(tl_expand_dims(tl_arange(builder, 0, 2), 1), 2), 32), tl_mul(tl_expand_dims(tl_expand_dims(tl_arange(builder, 0, 4), 0), 2), 8)), tl_expand_dims(tl_expand_dims(tl_arange(builder, 0, 8), 0), 1));
    tl_value a = tl_load(tl_addptr(x, i));
    tl_value t = tl_trans(a); tl_value u = tl_trans(a, TL_DIMS(2, 0, 1)); tl_value v = tl_permute(a, TL_DIMS(1, 2, 0)); tl_value w = tl_trans(a, TL_DIMS(1, 0, 2));
    tl_store(tl_addptr(o, i), tl_add(tl_add(tl_add(tl_reshape(t, TL_SHAPE(2, 4, 8)), tl_reshape(u, TL_SHAPE(2, 4, 8))), tl_reshape(v, TL_SHAPE(2, 4, 8))), tl_reshape(w, TL_SHAPE(2, 4, 8))));
    tl_value m = tl_load(tl_addptr(tl_addptr(x, tl_mul(COL(tl_arange(builder, 0, 4)), 8)), ROW(tl_arange(builder, 0, 8))));
    tl_store(tl_addptr(tl_addptr(o, tl_mul(COL(tl_arange(builder, 0, 8)), 4)), ROW(tl_arange(builder, 0, 4))), tl_T(m));
}

/* cat, join (with a scalar broadcast, and of two scalars), split (and of a pair to scalars) */
static void cat_join_split(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));
    tl_value p = tl_arg(builder, "p", PTR(TL_I32));

    tl_value r = tl_arange(builder, 0, 16);
    tl_store(tl_addptr(p, tl_arange(builder, 0, 32)), tl_cat(r, r, .can_reorder = true));
    tl_value a = tl_load(tl_addptr(x, r)); tl_value s = tl_load(x);
    tl_value j = tl_join(a, s);
    tl_pair gh = tl_split(j); tl_value g = gh.first, h = gh.second;
    tl_pair uv = tl_split(tl_join(s, s)); tl_value u = uv.first, v = uv.second;
    tl_store(tl_addptr(o, r), tl_sub(tl_add(tl_mul(g, h), u), v));
}

/* gather along a negative axis with int64 indices */
static void gather_axis(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value i = tl_arg(builder, "i", PTR(TL_I64));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value src = tl_load(tl_addptr(tl_addptr(x, tl_mul(COL(tl_arange(builder, 0, 16)), 32)), ROW(tl_arange(builder, 0, 32))));
    tl_value oi = tl_add(tl_mul(COL(tl_arange(builder, 0, 8)), 32), ROW(tl_arange(builder, 0, 32)));
    tl_value idx = tl_load(tl_addptr(i, oi));
    tl_store(tl_addptr(o, oi), tl_gather(src, idx, -2));
}

/* histogram, with a mask made right before it, and with a scalar True mask */
static void histogram_masks(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_I32));
    tl_value o = tl_arg(builder, "o", PTR(TL_I32));

    tl_value v = tl_load(tl_addptr(x, tl_arange(builder, 0, 16)));
    tl_value h = tl_histogram(v, 32);
    tl_value hm = tl_histogram(v, 32, .mask = tl_lt(v, 4));
    tl_value ht = tl_histogram(v, 32, .mask = tl_lit_bool(true));
    tl_store(tl_addptr(o, tl_arange(builder, 0, 32)), tl_add(tl_add(h, hm), ht));
}

/* ============================================================================================ */
/* Misuse: both sides must reject these */

/* K differs between the operands */
static void err_dot_k_mismatch(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F16));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value r = tl_arange(builder, 0, 16); tl_value k = tl_arange(builder, 0, 32);
    tl_value a = tl_load(tl_addptr(tl_addptr(x, tl_mul(COL(r), 32)), ROW(k)));
    tl_store(tl_addptr(tl_addptr(o, tl_mul(COL(r), 16)), ROW(r)), tl_dot(a, a));
}

/* K below 16 */
static void err_dot_small_k(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F16));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value r = tl_arange(builder, 0, 16); tl_value k = tl_arange(builder, 0, 8);
    tl_value a = tl_load(tl_addptr(tl_addptr(x, tl_mul(COL(r), 8)), ROW(k))); tl_value b = tl_load(tl_addptr(tl_addptr(x, tl_mul(COL(k), 16)), ROW(r)));
    tl_store(tl_addptr(tl_addptr(o, tl_mul(COL(r), 16)), ROW(r)), tl_dot(a, b));
}

/* uint8 operands */
static void err_dot_u8(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_U8));
    tl_value o = tl_arg(builder, "o", PTR(TL_I32));

    tl_value r = tl_arange(builder, 0, 32);
    tl_value a = tl_load(tl_addptr(tl_addptr(x, tl_mul(COL(r), 32)), ROW(r)));
    tl_store(tl_addptr(tl_addptr(o, tl_mul(COL(r), 32)), ROW(r)), tl_dot(a, a));
}

/* operands of two dtypes */
static void err_dot_mixed(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F16));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value r = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(tl_addptr(x, tl_mul(COL(r), 16)), ROW(r)));
    tl_store(tl_addptr(tl_addptr(o, tl_mul(COL(r), 16)), ROW(r)), tl_dot(a, tl_to(a, TL_F32)));
}

/* out_dtype=bfloat16 */
static void err_dot_out_bf16(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F16));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value r = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(tl_addptr(x, tl_mul(COL(r), 16)), ROW(r)));
    tl_store(tl_addptr(tl_addptr(o, tl_mul(COL(r), 16)), ROW(r)), tl_dot(a, a, .out_dtype = TL_BF16));
}

/* an int32 accumulator without out_dtype=tl.int32 */
static void err_dot_int8_acc(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_I8));
    tl_value o = tl_arg(builder, "o", PTR(TL_I32));

    tl_value r = tl_arange(builder, 0, 32);
    tl_value a = tl_load(tl_addptr(tl_addptr(x, tl_mul(COL(r), 32)), ROW(r)));
    tl_value acc = tl_zeros(builder, TL_SHAPE(32, 32), TL_I32);
    tl_store(tl_addptr(tl_addptr(o, tl_mul(COL(r), 32)), ROW(r)), tl_dot(a, a, acc));
}

/* max_num_imprecise_acc above K for fp8 */
static void err_dot_imprecise_over_k(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_FP8E5));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value r = tl_arange(builder, 0, 32);
    tl_value a = tl_load(tl_addptr(tl_addptr(x, tl_mul(COL(r), 32)), ROW(r)));
    tl_store(tl_addptr(tl_addptr(o, tl_mul(COL(r), 32)), ROW(r)), tl_dot(a, a, .max_num_imprecise_acc = 64));
}

/* a format tl.dot_scaled does not implement */
static void err_dot_scaled_format(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_U8));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value r = tl_arange(builder, 0, 32);
    tl_value a = tl_load(tl_addptr(tl_addptr(x, tl_mul(COL(r), 32)), ROW(r)));
    tl_store(tl_addptr(tl_addptr(o, tl_mul(COL(r), 32)), ROW(r)), tl_dot_scaled(a, TL_NO_SCALE, "e4m3", a, TL_NO_SCALE, "e2m3"));
}

/* reshape to another number of elements */
static void err_reshape_numel(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value a = tl_load(tl_addptr(x, tl_arange(builder, 0, 256)));
    tl_store(tl_addptr(o, tl_arange(builder, 0, 128)), tl_reshape(a, TL_SHAPE(128)));
}

/* permute dims that are not a permutation */
static void err_permute(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value a = tl_load(tl_addptr(tl_addptr(x, tl_mul(COL(tl_arange(builder, 0, 4)), 4)), ROW(tl_arange(builder, 0, 4))));
    tl_store(tl_addptr(tl_addptr(o, tl_mul(COL(tl_arange(builder, 0, 4)), 4)), ROW(tl_arange(builder, 0, 4))), tl_permute(a, TL_DIMS(1, 1)));
}

/* trans of a 1-D tensor */
static void err_trans_1d(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value a = tl_load(tl_addptr(x, tl_arange(builder, 0, 16)));
    tl_store(tl_addptr(o, tl_arange(builder, 0, 16)), tl_trans(a));
}

/* cat without can_reorder=True */
static void err_cat_no_reorder(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value a = tl_load(tl_addptr(x, tl_arange(builder, 0, 16)));
    tl_store(tl_addptr(o, tl_arange(builder, 0, 32)), tl_cat(a, a));
}

/* split of a tensor whose last dimension is not 2 */
static void err_split(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value a = tl_load(tl_addptr(x, tl_arange(builder, 0, 16)));
    tl_pair gh = tl_split(a); tl_value g = gh.first, h = gh.second;
    tl_store(o, tl_add(g, h));
}

/* gather with float indices */
static void err_gather_float_index(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value a = tl_load(tl_addptr(x, tl_arange(builder, 0, 16)));
    tl_store(tl_addptr(o, tl_arange(builder, 0, 16)), tl_gather(a, a, 0));
}

/* histogram of a 2-D tensor */
static void err_histogram_2d(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_I32));
    tl_value o = tl_arg(builder, "o", PTR(TL_I32));

    tl_value a = tl_load(tl_addptr(tl_addptr(x, tl_mul(COL(tl_arange(builder, 0, 4)), 4)), ROW(tl_arange(builder, 0, 4))));
    tl_store(tl_addptr(o, tl_arange(builder, 0, 8)), tl_histogram(a, 8));
}

/* item of a tensor of several elements */
static void err_item(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value a = tl_load(tl_addptr(x, tl_arange(builder, 0, 2)));
    tl_store(o, tl_item(a));
}

/* ============================================================================================ */

static const tensor_case cases[] = {
    {"dot_f16", dot_f16, false},
    {"dot_acc_forms", dot_acc_forms, false},
    {"dot_precisions", dot_precisions, false},
    {"dot_fp8", dot_fp8, false},
    {"dot_int8", dot_int8, false},
    {"dot_bf16_f64", dot_bf16_f64, false},
    {"dot_batched", dot_batched, false},
    {"dot_rank4", dot_rank4, false},
    {"dot_keyword_acc_first", dot_keyword_acc_first, false},
    {"dot_scaled_e2m1_bf16", dot_scaled_e2m1_bf16, false},
    {"dot_scaled_fp8", dot_scaled_fp8, false},
    {"dot_scaled_m_pack", dot_scaled_m_pack, false},
    {"reshape_view_item", reshape_view_item, false},
    {"trans_permute", trans_permute, false},
    {"cat_join_split", cat_join_split, false},
    {"gather_axis", gather_axis, false},
    {"histogram_masks", histogram_masks, false},
    {"err_dot_k_mismatch", err_dot_k_mismatch, true},
    {"err_dot_small_k", err_dot_small_k, true},
    {"err_dot_u8", err_dot_u8, true},
    {"err_dot_mixed", err_dot_mixed, true},
    {"err_dot_out_bf16", err_dot_out_bf16, true},
    {"err_dot_int8_acc", err_dot_int8_acc, true},
    {"err_dot_imprecise_over_k", err_dot_imprecise_over_k, true},
    {"err_dot_scaled_format", err_dot_scaled_format, true},
    {"err_reshape_numel", err_reshape_numel, true},
    {"err_permute", err_permute, true},
    {"err_trans_1d", err_trans_1d, true},
    {"err_cat_no_reorder", err_cat_no_reorder, true},
    {"err_split", err_split, true},
    {"err_gather_float_index", err_gather_float_index, true},
    {"err_histogram_2d", err_histogram_2d, true},
    {"err_item", err_item, true},
};

enum { N_CASES = (int)(sizeof cases / sizeof cases[0]) };

int main(int argc, char **argv)
{
    return gpu_cases_main("tensor_cases", cases, N_CASES, argc, argv);
}
