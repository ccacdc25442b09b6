/* stdlib_cases: the C twins of the kernels in tests/gpu/stdlib_cases.py (the functions of
 * include/tritonc/standard.h, the random helpers, tl.extra.cuda's builtins and the other language
 * gaps of issue 30), for a differential test against Triton 3.6 (tests/gpu/validate_ops.py, run
 * by tests/gpu/run.sh for every *_cases.c / *_cases.py pair).
 *
 *   stdlib_cases OUTDIR [NAME...]   writes OUTDIR/NAME.ttir for every case (or the named ones),
 *                                   without locations; OUTDIR must exist
 *   stdlib_cases --list             prints the case names, one a line ("NAME must-fail" for the
 *                                   cases tritonc has to reject)
 *
 * Each case follows the @triton.jit kernel of the same name in stdlib_cases.py one Python line to
 * one C line, same names, same order (`p + i` on a pointer is tl_addptr(p, i), `x[:, None]` is
 * COL(x)). Change both files together. A case whose builder fails writes OUTDIR/NAME.err instead:
 * expected for the must-fail cases, which Triton must reject too.
 *
 * Exit status: 0 when every case did what it should, 1 otherwise, 2 for a bad command line.
 * Not part of the normal build: run.sh compiles it against the static library.
 */
#include "cases_driver.h"

#define PTR(dt) TL_PTR_OPTS(dt, .divisibility = TL_DIV_NONE)
/* x[:, None] and x[None, :] */
#define COL(x) tl_expand_dims((x), 1)
#define ROW(x) tl_expand_dims((x), 0)

/* ============================================================================================ */
/* sigmoid, softmax */

static void sigmoid_f32(tl_builder *b)
{
    tl_value x = tl_arg(b, "x", PTR(TL_F32));
    tl_value o = tl_arg(b, "o", PTR(TL_F32));

    tl_value r = tl_arange(b, 0, 16);
    tl_store(tl_addptr(o, r), tl_sigmoid(tl_load(tl_addptr(x, r))));
}

static void sigmoid_twice(tl_builder *b)
{
    tl_value x = tl_arg(b, "x", PTR(TL_F32));
    tl_value y = tl_arg(b, "y", PTR(TL_F64));
    tl_value o = tl_arg(b, "o", PTR(TL_F32));

    tl_value r = tl_arange(b, 0, 16);
    tl_value a = tl_load(tl_addptr(x, r));
    tl_value c = tl_load(tl_addptr(y, r));
    tl_store(tl_addptr(o, r), tl_add(tl_mul(tl_sigmoid(a), 2.0), tl_to(tl_sigmoid(c), TL_F32)));
}

static void softmax_1d(tl_builder *b)
{
    tl_value x = tl_arg(b, "x", PTR(TL_F32));
    tl_value o = tl_arg(b, "o", PTR(TL_F32));

    tl_value r = tl_arange(b, 0, 16);
    tl_store(tl_addptr(o, r), tl_softmax(tl_load(tl_addptr(x, r))));
}

static void softmax_2d(tl_builder *b)
{
    tl_value x = tl_arg(b, "x", PTR(TL_F32));
    tl_value o = tl_arg(b, "o", PTR(TL_F32));

    tl_value i = tl_arange(b, 0, 8); tl_value j = tl_arange(b, 0, 16);
    tl_value a = tl_load(tl_addptr(x, tl_mul(COL(i), 16), ROW(j)));
    tl_value s0 = tl_softmax(a);
    tl_value s1 = tl_softmax(a, 1, .keep_dims = true);
    tl_value s2 = tl_softmax(a, 0, .ieee_rounding = true);
    tl_store(tl_addptr(o, tl_mul(COL(i), 16), ROW(j)), tl_add(s0, s1, s2));
}

static void softmax_f16(tl_builder *b)
{
    tl_value x = tl_arg(b, "x", PTR(TL_F16));
    tl_value o = tl_arg(b, "o", PTR(TL_F32));

    tl_value r = tl_arange(b, 0, 16);
    tl_store(tl_addptr(o, r), tl_softmax(tl_load(tl_addptr(x, r))));
}

/* ============================================================================================ */
/* zeros_like, ravel, interleave, swizzle2d */

static void zeros_like_forms(tl_builder *b)
{
    tl_value x = tl_arg(b, "x", PTR(TL_F16));
    tl_value o = tl_arg(b, "o", PTR(TL_F16));
    tl_value p = tl_arg(b, "p", PTR(TL_I32));

    tl_value r = tl_arange(b, 0, 16);
    tl_value a = tl_load(tl_addptr(x, r));
    tl_value s = tl_load(p);
    tl_store(tl_addptr(o, r), tl_add(a, tl_zeros_like(a)));
    tl_store(p, tl_add(tl_zeros_like(s), 1));
}

static void ravel_2d(tl_builder *b)
{
    tl_value x = tl_arg(b, "x", PTR(TL_F32));
    tl_value o = tl_arg(b, "o", PTR(TL_F32));

    tl_value i = tl_arange(b, 0, 4); tl_value j = tl_arange(b, 0, 8); tl_value k = tl_arange(b, 0, 32);
    tl_value a = tl_load(tl_addptr(x, tl_mul(COL(i), 8), ROW(j)));
    tl_store(tl_addptr(o, k), tl_ravel(a));
    tl_store(tl_addptr(o, k), tl_ravel(a, .can_reorder = true));
}

static void interleave_forms(tl_builder *b)
{
    tl_value x = tl_arg(b, "x", PTR(TL_F32));
    tl_value y = tl_arg(b, "y", PTR(TL_F32));
    tl_value o = tl_arg(b, "o", PTR(TL_F32));

    tl_value i = tl_arange(b, 0, 4); tl_value j = tl_arange(b, 0, 8); tl_value k = tl_arange(b, 0, 16);
    tl_value a = tl_load(tl_addptr(x, j));
    tl_value c = tl_load(tl_addptr(y, j));
    tl_store(tl_addptr(o, k), tl_interleave(a, c));
    tl_value d = tl_load(tl_addptr(x, tl_mul(COL(i), 8), ROW(j)));
    tl_store(tl_addptr(o, tl_mul(COL(i), 16), ROW(k)), tl_interleave(d, d));
    tl_store(tl_addptr(o, tl_arange(b, 0, 2)), tl_interleave(tl_load(x), tl_load(y)));
}

typedef struct swizzle_cfg {
    int GROUP;
} swizzle_cfg;

static void swizzle2d_pids(tl_builder *b)
{
    const swizzle_cfg cfg = {.GROUP = 8};
    tl_value o = tl_arg(b, "o", PTR(TL_I32));
    tl_value m = tl_arg(b, "m", TL_SCALAR(TL_I32));
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));

    tl_value pid_m = tl_program_id(b, 0);
    tl_value pid_n = tl_program_id(b, 1);
    tl_pair mn = tl_swizzle2d(pid_m, pid_n, m, n, cfg.GROUP); pid_m = mn.first; pid_n = mn.second;
    tl_store(tl_addptr(o, tl_mul(pid_m, n), pid_n), pid_m);
}

static void swizzle2d_tensors(tl_builder *b)
{
    tl_value o = tl_arg(b, "o", PTR(TL_I32));

    tl_value i = COL(tl_arange(b, 0, 4));
    tl_value j = ROW(tl_arange(b, 0, 4));
    tl_pair ij = tl_swizzle2d(i, j, 4, 4, 2); tl_value new_i = ij.first, new_j = ij.second;
    tl_store(tl_addptr(o, tl_mul(i, 4), j), tl_add(tl_mul(new_i, 4), new_j));
}

/* ============================================================================================ */
/* flip, sort, topk, bitonic_merge */

static void flip_1d(tl_builder *b)
{
    tl_value x = tl_arg(b, "x", PTR(TL_F32));
    tl_value o = tl_arg(b, "o", PTR(TL_F32));

    tl_value r = tl_arange(b, 0, 16);
    tl_store(tl_addptr(o, r), tl_flip(tl_load(tl_addptr(x, r)), 0));
}

static void flip_2d(tl_builder *b)
{
    tl_value x = tl_arg(b, "x", PTR(TL_F16));
    tl_value y = tl_arg(b, "y", PTR(TL_I8));
    tl_value o = tl_arg(b, "o", PTR(TL_F16));
    tl_value p = tl_arg(b, "p", PTR(TL_I8));

    tl_value i = tl_arange(b, 0, 4); tl_value j = tl_arange(b, 0, 8);
    tl_value a = tl_load(tl_addptr(x, tl_mul(COL(i), 8), ROW(j)));
    tl_value c = tl_load(tl_addptr(y, tl_mul(COL(i), 8), ROW(j)));
    tl_store(tl_addptr(o, tl_mul(COL(i), 8), ROW(j)), tl_add(tl_flip(a, 0), tl_flip(a, -1)));
    tl_store(tl_addptr(p, tl_mul(COL(i), 8), ROW(j)), tl_flip(c, 1));
}

static void err_flip_default_dim(tl_builder *b)
{
    tl_value x = tl_arg(b, "x", PTR(TL_F32));
    tl_value o = tl_arg(b, "o", PTR(TL_F32));

    tl_value r = tl_arange(b, 0, 16);
    tl_store(tl_addptr(o, r), tl_flip(tl_load(tl_addptr(x, r)), TL_AXIS_NONE));
}

static void sort_1d(tl_builder *b)
{
    tl_value x = tl_arg(b, "x", PTR(TL_F32));
    tl_value o = tl_arg(b, "o", PTR(TL_F32));

    tl_value r = tl_arange(b, 0, 16);
    tl_store(tl_addptr(o, r), tl_sort(tl_load(tl_addptr(x, r))));
}

static void sort_descending(tl_builder *b)
{
    tl_value x = tl_arg(b, "x", PTR(TL_F32));
    tl_value o = tl_arg(b, "o", PTR(TL_F32));

    tl_value r = tl_arange(b, 0, 16);
    tl_value a = tl_load(tl_addptr(x, r));
    tl_store(tl_addptr(o, r), tl_add(tl_sort(a, TL_AXIS_NONE, .descending = true), 1.0));
}

static void sort_2d_int(tl_builder *b)
{
    tl_value x = tl_arg(b, "x", PTR(TL_I32));
    tl_value o = tl_arg(b, "o", PTR(TL_I32));

    tl_value i = tl_arange(b, 0, 4); tl_value j = tl_arange(b, 0, 8);
    tl_value a = tl_load(tl_addptr(x, tl_mul(COL(i), 8), ROW(j)));
    tl_store(tl_addptr(o, tl_mul(COL(i), 8), ROW(j)), tl_add(tl_sort(a), tl_sort(a, 1, true)));
}

static void sort_f16(tl_builder *b)
{
    tl_value x = tl_arg(b, "x", PTR(TL_F16));
    tl_value o = tl_arg(b, "o", PTR(TL_F16));

    tl_value r = tl_arange(b, 0, 32);
    tl_store(tl_addptr(o, r), tl_sort(tl_load(tl_addptr(x, r)), TL_AXIS_NONE, .descending = true));
}

static void err_sort_dim0(tl_builder *b)
{
    tl_value x = tl_arg(b, "x", PTR(TL_F32));
    tl_value o = tl_arg(b, "o", PTR(TL_F32));

    tl_value i = tl_arange(b, 0, 4); tl_value j = tl_arange(b, 0, 8);
    tl_value a = tl_load(tl_addptr(x, tl_mul(COL(i), 8), ROW(j)));
    tl_store(tl_addptr(o, tl_mul(COL(i), 8), ROW(j)), tl_sort(a, 0));
}

static void topk_1d(tl_builder *b)
{
    tl_value x = tl_arg(b, "x", PTR(TL_F32));
    tl_value o = tl_arg(b, "o", PTR(TL_F32));

    tl_value r = tl_arange(b, 0, 16);
    tl_store(tl_addptr(o, tl_arange(b, 0, 4)), tl_topk(tl_load(tl_addptr(x, r)), 4));
}

static void topk_forms(tl_builder *b)
{
    tl_value x = tl_arg(b, "x", PTR(TL_I32));
    tl_value o = tl_arg(b, "o", PTR(TL_I32));

    tl_value i = tl_arange(b, 0, 4); tl_value j = tl_arange(b, 0, 8);
    tl_value a = tl_load(tl_addptr(x, tl_mul(COL(i), 8), ROW(j)));
    tl_store(tl_addptr(o, tl_mul(COL(i), 2), ROW(tl_arange(b, 0, 2))), tl_topk(a, 2));
    tl_store(tl_addptr(o, tl_mul(COL(i), 8), ROW(j)), tl_topk(a, 8, 1));
    tl_store(tl_addptr(o, COL(i)), tl_topk(a, 1));
}

static void bitonic_merge_forms(tl_builder *b)
{
    tl_value x = tl_arg(b, "x", PTR(TL_F32));
    tl_value o = tl_arg(b, "o", PTR(TL_F32));

    tl_value r = tl_arange(b, 0, 16);
    tl_value a = tl_load(tl_addptr(x, r));
    tl_store(tl_addptr(o, r), tl_add(tl_bitonic_merge(a), tl_bitonic_merge(a, TL_AXIS_NONE, .descending = true)));
}

/* ============================================================================================ */
/* random: philox, philox_impl, uint_to_uniform_float, pair_uniform_to_normal */

static void philox_direct(tl_builder *b)
{
    tl_value o = tl_arg(b, "o", PTR(TL_U32));
    tl_value seed = tl_arg(b, "seed", TL_SCALAR(TL_I32));

    tl_value r = tl_arange(b, 0, 64);
    tl_value z = tl_mul(r, 0);
    tl_value4 abcd = tl_philox(seed, r, z, z, z);
    tl_store(tl_addptr(o, r), tl_xor(abcd.v[0], abcd.v[1], abcd.v[2], abcd.v[3]));
}

static void philox_number_seed(tl_builder *b)
{
    tl_value o = tl_arg(b, "o", PTR(TL_U32));

    tl_value r = tl_arange(b, 0, 64);
    tl_value4 abcd = tl_philox(1234, r, r, r, r, .n_rounds = 3);
    tl_store(tl_addptr(o, r), tl_add(abcd.v[0], abcd.v[3]));
}

static void philox_impl_direct(tl_builder *b)
{
    tl_value o = tl_arg(b, "o", PTR(TL_U32));
    tl_value k = tl_arg(b, "k", PTR(TL_U32));

    tl_value r = tl_to(tl_arange(b, 0, 32), TL_U32, .bitcast = true);
    tl_value k0 = tl_load(k);
    tl_value k1 = tl_load(tl_addptr(k, 1));
    tl_value4 abcd = tl_philox_impl(r, r, r, r, k0, k1, .n_rounds = 2);
    tl_store(tl_addptr(o, tl_arange(b, 0, 32)), tl_xor(abcd.v[0], abcd.v[1], abcd.v[2], abcd.v[3]));
}

static void uniform_and_normal(tl_builder *b)
{
    tl_value x = tl_arg(b, "x", PTR(TL_I32));
    tl_value o = tl_arg(b, "o", PTR(TL_F32));

    tl_value r = tl_arange(b, 0, 64);
    tl_value i = tl_load(tl_addptr(x, r));
    tl_value u = tl_uint_to_uniform_float(i);
    tl_value v = tl_uint_to_uniform_float(tl_to(i, TL_U32, .bitcast = true));
    tl_pair n12 = tl_pair_uniform_to_normal(u, v);
    tl_store(tl_addptr(o, r), tl_add(u, tl_mul(n12.first, n12.second)));
}

/* ============================================================================================ */
/* float8e4b15 casts */

static void fp8e4b15_casts(tl_builder *b)
{
    tl_value x = tl_arg(b, "x", PTR(TL_FP8E4B15));
    tl_value o = tl_arg(b, "o", PTR(TL_F32));

    tl_value r = tl_arange(b, 0, 16);
    tl_value a = tl_load(tl_addptr(x, r));
    tl_value f = tl_to(a, TL_F32);
    tl_store(tl_addptr(o, r), f);
    tl_store(tl_addptr(x, r), tl_to(tl_mul(f, 2.0), TL_FP8E4B15));
    tl_store(tl_addptr(x, r), tl_to(tl_to(a, TL_F16), TL_FP8E4B15));
}

/* ============================================================================================ */
/* tl.dot's allow_tf32 */

static void dot_allow_tf32(tl_builder *b)
{
    tl_value x = tl_arg(b, "x", PTR(TL_F32));
    tl_value o = tl_arg(b, "o", PTR(TL_F32));

    tl_value i = tl_arange(b, 0, 16);
    tl_value a = tl_load(tl_addptr(x, tl_mul(COL(i), 16), ROW(i)));
    tl_value c = tl_dot(a, a, .allow_tf32 = TL_ALLOW_TF32_FALSE);
    c = tl_dot(a, a, c, .allow_tf32 = TL_ALLOW_TF32_TRUE);
    tl_store(tl_addptr(o, tl_mul(COL(i), 16), ROW(i)), c);
}

static void err_dot_allow_tf32_and_precision(tl_builder *b)
{
    tl_value x = tl_arg(b, "x", PTR(TL_F32));
    tl_value o = tl_arg(b, "o", PTR(TL_F32));

    tl_value i = tl_arange(b, 0, 16);
    tl_value a = tl_load(tl_addptr(x, tl_mul(COL(i), 16), ROW(i)));
    tl_store(tl_addptr(o, tl_mul(COL(i), 16), ROW(i)),
             tl_dot(a, a, .input_precision = TL_PRECISION_IEEE, .allow_tf32 = TL_ALLOW_TF32_FALSE));
}

/* ============================================================================================ */
/* tl.range(disable_licm=True), tl.condition(..., disable_licm=True) */

static void loops_disable_licm(tl_builder *b)
{
    tl_value x = tl_arg(b, "x", PTR(TL_F32));
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));

    tl_value acc = tl_load(x);
    tl_scope l = tl_for(b, 0, n, 1, .carry = TL_VARS(&acc), .num_stages = 2, .disable_licm = true);
        acc = tl_add(acc, 1.0);
    tl_end(&l);
    tl_value i = tl_to_tensor(b, 0);
    tl_scope w = tl_while(b, .carry = TL_VARS(&i), .disable_licm = true); tl_do(&w, tl_lt(i, n));
        i = tl_add(i, 1);
    tl_end(&w);
    tl_store(x, tl_add(acc, tl_to(i, TL_F32)));
}

/* the same loops without the flags, and each flagged loop alone: which part orders the constants */
static void loops_plain_then_while(tl_builder *b)
{
    tl_value x = tl_arg(b, "x", PTR(TL_F32));
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));

    tl_value acc = tl_load(x);
    tl_scope l = tl_for(b, 0, n, 1, .carry = TL_VARS(&acc));
        acc = tl_add(acc, 1.0);
    tl_end(&l);
    tl_value i = tl_to_tensor(b, 0);
    tl_scope w = tl_while(b, .carry = TL_VARS(&i)); tl_do(&w, tl_lt(i, n));
        i = tl_add(i, 1);
    tl_end(&w);
    tl_store(x, tl_add(acc, tl_to(i, TL_F32)));
}

static void loop_disable_licm_alone(tl_builder *b)
{
    tl_value x = tl_arg(b, "x", PTR(TL_F32));
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));

    tl_value acc = tl_load(x);
    tl_scope l = tl_for(b, 0, n, 1, .carry = TL_VARS(&acc), .num_stages = 2, .disable_licm = true);
        acc = tl_add(acc, 1.0);
    tl_end(&l);
    tl_store(x, acc);
}

static void while_disable_licm_alone(tl_builder *b)
{
    tl_value x = tl_arg(b, "x", PTR(TL_I32));
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));

    tl_value i = tl_to_tensor(b, 0);
    tl_scope w = tl_while(b, .carry = TL_VARS(&i), .disable_licm = true); tl_do(&w, tl_lt(i, n));
        i = tl_add(i, 1);
    tl_end(&w);
    tl_store(x, i);
}

/* ============================================================================================ */
/* inline asm with no operands; tl.extra.cuda's builtins */

static void asm_no_operands(tl_builder *b)
{
    tl_value o = tl_arg(b, "o", PTR(TL_I32));
    tl_value t = tl_arg(b, "t", PTR(TL_I64));

    tl_value sm = tl_inline_asm_elementwise_in(b, "mov.u32 $0, %smid;", "=r", TL_NO_VALUES, TL_I32, true, 1);
    tl_store(o, sm);
    tl_store(t, tl_inline_asm_elementwise_in(b, "mov.u64 $0, %globaltimer;", "=l", TL_NO_VALUES, TL_I64, false, 1));
}

static void cuda_builtins(tl_builder *b)
{
    tl_value o = tl_arg(b, "o", PTR(TL_I32));
    tl_value t = tl_arg(b, "t", PTR(TL_I64));

    tl_gdc_wait(b);
    tl_value t0 = tl_globaltimer(b);
    tl_store(o, tl_smid(b));
    tl_gdc_launch_dependents(b);
    tl_store(t, tl_sub(tl_globaltimer(b), t0));
}

static const gpu_case cases[] = {
    {"sigmoid_f32", sigmoid_f32, false},
    {"sigmoid_twice", sigmoid_twice, false},
    {"softmax_1d", softmax_1d, false},
    {"softmax_2d", softmax_2d, false},
    {"softmax_f16", softmax_f16, false},
    {"zeros_like_forms", zeros_like_forms, false},
    {"ravel_2d", ravel_2d, false},
    {"interleave_forms", interleave_forms, false},
    {"swizzle2d_pids", swizzle2d_pids, false},
    {"swizzle2d_tensors", swizzle2d_tensors, false},
    {"flip_1d", flip_1d, false},
    {"flip_2d", flip_2d, false},
    {"err_flip_default_dim", err_flip_default_dim, true},
    {"sort_1d", sort_1d, false},
    {"sort_descending", sort_descending, false},
    {"sort_2d_int", sort_2d_int, false},
    {"sort_f16", sort_f16, false},
    {"err_sort_dim0", err_sort_dim0, true},
    {"topk_1d", topk_1d, false},
    {"topk_forms", topk_forms, false},
    {"bitonic_merge_forms", bitonic_merge_forms, false},
    {"philox_direct", philox_direct, false},
    {"philox_number_seed", philox_number_seed, false},
    {"philox_impl_direct", philox_impl_direct, false},
    {"uniform_and_normal", uniform_and_normal, false},
    {"fp8e4b15_casts", fp8e4b15_casts, false},
    {"dot_allow_tf32", dot_allow_tf32, false},
    {"err_dot_allow_tf32_and_precision", err_dot_allow_tf32_and_precision, true},
    {"loops_disable_licm", loops_disable_licm, false},
    {"loops_plain_then_while", loops_plain_then_while, false},
    {"loop_disable_licm_alone", loop_disable_licm_alone, false},
    {"while_disable_licm_alone", while_disable_licm_alone, false},
    {"asm_no_operands", asm_no_operands, false},
    {"cuda_builtins", cuda_builtins, false},
};

enum { N_CASES = (int)(sizeof cases / sizeof cases[0]) };

int main(int argc, char **argv)
{
    return gpu_cases_main("stdlib_cases", cases, N_CASES, argc, argv);
}
