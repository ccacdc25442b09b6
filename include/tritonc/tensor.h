/* tritonc/tensor.h - matrix and shape ops: tl_dot, tl_dot_scaled, tl_reshape, tl_view, tl_trans,
 * tl_permute, tl_T, tl_cat, tl_join, tl_split, tl_gather, tl_histogram, tl_item.
 *
 * Python reads as it does in triton.language; keywords are designated initializers:
 *
 *     tl.dot(a, b)                               tl_dot(a, b)
 *     tl.dot(a, b, acc)   tl.dot(a, b, acc=acc)  tl_dot(a, b, acc)   tl_dot(a, b, .acc = acc)
 *     tl.dot(a, b, acc, input_precision="ieee")  tl_dot(a, b, acc, .input_precision = TL_PRECISION_IEEE)
 *     tl.dot(a, b, max_num_imprecise_acc=32)     tl_dot(a, b, .max_num_imprecise_acc = 32)
 *     tl.dot(a, b, allow_tf32=False)             tl_dot(a, b, .allow_tf32 = TL_ALLOW_TF32_FALSE)
 *     tl.dot(a, b, out_dtype=tl.float16)         tl_dot(a, b, .out_dtype = TL_F16)
 *     tl.dot_scaled(a, sa, "e2m1", b, None, "e4m3", acc, fast_math=True)
 *                            tl_dot_scaled(a, sa, "e2m1", b, TL_NO_SCALE, "e4m3", acc, .fast_math = true)
 *     tl.reshape(x, (N, M))  tl.reshape(x, (M * N,), can_reorder=True)
 *                            tl_reshape(x, TL_SHAPE(N, M))   tl_reshape(x, TL_SHAPE(M * N), .can_reorder = true)
 *     x.view(M, N)           tl_view(x, TL_SHAPE(M, N))
 *     tl.trans(x)  tl.trans(x, (2, 0, 1))        tl_trans(x)  tl_trans(x, TL_DIMS(2, 0, 1))
 *     tl.permute(x, (1, 0))  x.T                 tl_permute(x, TL_DIMS(1, 0))  tl_T(x)
 *     tl.cat(a, b, can_reorder=True)             tl_cat(a, b, .can_reorder = true)
 *     tl.join(a, b)                              tl_join(a, b)
 *     g, h = tl.split(f)                         tl_pair gh = tl_split(f);  (gh.first, gh.second)
 *     tl.gather(src, idx, 0)                     tl_gather(src, idx, 0)
 *     tl.histogram(x, 16, mask=m)                tl_histogram(x, 16, .mask = m)
 *     x.item()                                   tl_item(x)
 *
 * The TTIR is what Triton 3.6's Python frontend emits on an NVIDIA target (sm90): tt.dot with
 * inputPrecision tf32 unless told otherwise and, for fp8 x fp8 without max_num_imprecise_acc,
 * maxNumImpreciseAcc = 2^30; a dot without an accumulator gets a dense zero constant of the
 * result type; dots of rank 4 and more are reshaped to rank 3 and back, as tl.dot does.
 * Operands must be tensors (values): no promotion happens here, as in Python. Misuse gets
 * Python's message where it has one (see builder.h for errors in general).
 *
 * Implemented in src/lang/dot.c (tl_dot, tl_dot_scaled) and src/lang/view.c (the shape ops,
 * tl_gather, tl_histogram, tl_item). tl_arange, tl_full and broadcasts are lang.h's.
 */
#ifndef TRITONC_TENSOR_H
#define TRITONC_TENSOR_H

#include "tritonc/control.h"
#include "tritonc/export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A permutation of dimensions, as tl.trans and tl.permute take it: TL_DIMS(1, 0), a tl_shape
 * holding the axes (memory.h spells boundary_check the same way). */
#ifndef TL_DIMS
#define TL_DIMS(...) TL_SHAPE(__VA_ARGS__)
#endif

/* ---- dot ------------------------------------------------------------------------------- */

/* input_precision=: how f32 x f32 uses the tensor cores. Every tt.dot carries it, whatever its
 * inputs (an fp16 dot prints `inputPrecision = tf32` by default too, as Python's does: the
 * catalog's dots.ttir); only float32 inputs change with it. */
typedef enum tl_input_precision {
    TL_PRECISION_DEFAULT = 0, /* the target's default: tf32 on NVIDIA */
    TL_PRECISION_TF32,
    TL_PRECISION_TF32X3,
    TL_PRECISION_IEEE,
    TL_PRECISION_BF16X3,
    TL_PRECISION_BF16X6
} tl_input_precision;

/* allow_tf32= (deprecated in Python for input_precision): not given (None), True (tf32) or
 * False (ieee). Giving it with input_precision is Python's error. */
typedef enum tl_allow_tf32 { TL_ALLOW_TF32_DEFAULT = 0, TL_ALLOW_TF32_TRUE, TL_ALLOW_TF32_FALSE } tl_allow_tf32;

/* max_num_imprecise_acc=0 given explicitly (0 in the field means not given: None). */
#define TL_MAX_NUM_IMPRECISE_ACC_ZERO (-1)

typedef struct tl_dot_args {
    tl_value input, other; /* positional */
    tl_value acc_positional; /* the third positional argument, tl_dot(a, b, acc) */
    TLX_NO_MORE_POSITIONAL; /* a fourth (Python's input_precision) does not compile: name it */
    tl_value acc; /* the keyword form, tl_dot(a, b, .acc = acc) (one of the two) */
    tl_input_precision input_precision;
    tl_allow_tf32 allow_tf32;
    int max_num_imprecise_acc; /* 0: None (2^30 for fp8 x fp8 on sm90, else 0); see above */
    tl_dtype out_dtype; /* TL_DTYPE_INVALID (0): float32 */
} tl_dot_args;
/* tl.dot(input, other, acc=None, input_precision=None, allow_tf32=None, max_num_imprecise_acc=None,
 * out_dtype=float32): rank 2, or batched rank 3 and more (equal batch shapes); K must match
 * and be at least 16 (32 for 8-bit inputs); inputs int8 (out int32), float16, bfloat16,
 * float32, float64 of one dtype, or any two fp8 kinds; the result has acc's type, or out_dtype
 * (float32 and bfloat16 inputs give float32, float64 gives float64, int8 gives int32), and
 * acc's element type must be out_dtype. */
TRITONC_API tl_value tl_dot_at(tl_site s, tl_dot_args a);
#define tl_dot(...) TLX_CAT(tlx_dot_, TLX_KW2(__VA_ARGS__))(__VA_ARGS__)
#define tlx_dot_P(a, b) tl_dot_at(TL_SITE("tl_dot"), TLX_LIT(tl_dot_args){.input = (a), .other = (b)})
/* A third positional argument initializes acc_positional, the member after other. */
#ifdef __cplusplus
/* C++20 does not mix positional and designated fields: after a and b, either the positional
 * acc alone or keywords (.acc = acc, .out_dtype = ...), in the struct's order. */
#define tlx_dot_K(a, b, ...) tl_dot_at(TL_SITE("tl_dot"), tlx_dot_args({(a), (b), tlx_dot_rest{__VA_ARGS__}}))
} /* extern "C" */
struct tlx_dot_rest { /* tl_dot_args after input and other */
    tl_value acc_positional;
    TLX_NO_MORE_POSITIONAL;
    tl_value acc;
    tl_input_precision input_precision;
    tl_allow_tf32 allow_tf32;
    int max_num_imprecise_acc;
    tl_dtype out_dtype;
};
struct tlx_dot_kw {
    tl_value input, other;
    tlx_dot_rest r;
};
inline tl_dot_args tlx_dot_args(tlx_dot_kw k)
{
    return tl_dot_args{k.input,
                       k.other,
                       k.r.acc_positional,
                       nullptr,
                       k.r.acc,
                       k.r.input_precision,
                       k.r.allow_tf32,
                       k.r.max_num_imprecise_acc,
                       k.r.out_dtype};
}
extern "C" {
#else
#define tlx_dot_K(a, b, ...) tl_dot_at(TL_SITE("tl_dot"), TLX_LIT(tl_dot_args){.input = (a), .other = (b), __VA_ARGS__})
#endif

/* A scale not given (Python's None) in tl_dot_scaled. */
#define TL_NO_SCALE (TLX_ZERO(tl_value))

/* lhs_k_pack= / rhs_k_pack= (Python's default True). */
typedef enum tl_k_pack { TL_K_PACK_DEFAULT = 0, TL_K_PACK_TRUE, TL_K_PACK_FALSE } tl_k_pack;

typedef struct tl_dot_scaled_args {
    tl_value lhs, lhs_scale; /* lhs_scale: uint8 (e8m0) or float8e4nv, or TL_NO_SCALE */
    const char *lhs_format; /* "e2m1" (two per uint8), "e4m3", "e5m2", "bf16", "fp16" */
    tl_value rhs, rhs_scale;
    const char *rhs_format;
    tl_value acc_positional; /* the seventh positional argument */
    TLX_NO_MORE_POSITIONAL; /* an eighth (Python's fast_math) does not compile: name it */
    tl_value acc; /* the keyword form (one of the two) */
    bool fast_math;
    tl_k_pack lhs_k_pack, rhs_k_pack;
    tl_dtype out_dtype; /* float32 only, as in Python; TL_DTYPE_INVALID (0): float32 */
} tl_dot_scaled_args;
/* tl.dot_scaled(lhs, lhs_scale, lhs_format, rhs, rhs_scale, rhs_format, acc=None,
 * fast_math=False, lhs_k_pack=True, rhs_k_pack=True, out_dtype=float32): tt.dot_scaled.
 * Integer operands of an fp8/bf16/fp16 format are bitcast to it (uint8 / uint16). */
TRITONC_API tl_value tl_dot_scaled_at(tl_site s, tl_dot_scaled_args a);
#define TLX_KWT6(...) TLX_ARG16(__VA_ARGS__, K, K, K, K, K, K, K, K, K, P, _, _, _, _, _, _)
#define tl_dot_scaled(...) TLX_CAT(tlx_dot_scaled_, TLX_KWT6(__VA_ARGS__))(__VA_ARGS__)
#define TLX_DOT_SCALED_POS(l, ls, lf, r, rs, rf)                                                                       \
    .lhs = (l), .lhs_scale = (ls), .lhs_format = (lf), .rhs = (r), .rhs_scale = (rs), .rhs_format = (rf)
#define tlx_dot_scaled_P(l, ls, lf, r, rs, rf)                                                                         \
    tl_dot_scaled_at(TL_SITE("tl_dot_scaled"), TLX_LIT(tl_dot_scaled_args){TLX_DOT_SCALED_POS(l, ls, lf, r, rs, rf)})
/* A seventh positional argument initializes acc_positional, the member after rhs_format. */
#define tlx_dot_scaled_K(l, ls, lf, r, rs, rf, ...)                                                                    \
    tl_dot_scaled_at(TL_SITE("tl_dot_scaled"),                                                                         \
                     TLX_LIT(tl_dot_scaled_args){TLX_DOT_SCALED_POS(l, ls, lf, r, rs, rf), __VA_ARGS__})

/* ---- reshaping -------------------------------------------------------------------------- */

typedef struct tl_reshape_opts {
    bool can_reorder; /* tt.reshape allow_reorder */
} tl_reshape_opts;
/* tl.reshape(x, shape, can_reorder=False): the same number of elements; an empty shape
 * ((tl_shape){.rank = 0}) makes a one-element tensor a scalar, as tl_item. */
TRITONC_API tl_value tl_reshape_at(tl_site s, tl_value x, tl_shape shape, tl_reshape_opts o);
#define tl_reshape(...) TLX_CAT(tlx_reshape_, TLX_KW2(__VA_ARGS__))(__VA_ARGS__)
#define tlx_reshape_P(x, shape) tl_reshape_at(TL_SITE("tl_reshape"), (x), (shape), TLX_ZERO(tl_reshape_opts))
#define tlx_reshape_K(x, shape, ...)                                                                                   \
    tl_reshape_at(TL_SITE("tl_reshape"), (x), (shape), TLX_LIT(tl_reshape_opts){__VA_ARGS__})
/* x.view(shape) (deprecated in Python): reshape with can_reorder=True. */
#define tl_view(x, shape) tl_reshape_at(TL_SITE("tl_view"), (x), (shape), TLX_LIT(tl_reshape_opts){.can_reorder = true})

/* x.item(): a one-element tensor as a scalar (tt.unsplat); a scalar is returned as it is. */
TRITONC_API tl_value tl_item_at(tl_site s, tl_value x);
#define tl_item(x) tl_item_at(TL_SITE("tl_item"), (x))

/* tl.permute(x, dims): tt.trans with order = dims, a permutation of 0..rank-1. */
TRITONC_API tl_value tl_permute_at(tl_site s, tl_value x, tl_shape dims);
#define tl_permute(x, dims) tl_permute_at(TL_SITE("tl_permute"), (x), (dims))
/* tl.trans(x[, dims]): without dims, swaps the last two dimensions (rank 2 or more). */
TRITONC_API tl_value tl_trans_at(tl_site s, tl_value x, tl_shape dims);
#define tl_trans(...) TLX_CAT(tlx_trans_, TLX_KW1(__VA_ARGS__))(__VA_ARGS__)
#define tlx_trans_P(x) tl_trans_at(TL_SITE("tl_trans"), (x), TLX_LIT(tl_shape){.rank = 0})
#define tlx_trans_K(x, dims) tl_trans_at(TL_SITE("tl_trans"), (x), (dims))
/* x.T: permute(x, (1, 0)), for a 2-D tensor. */
#define tl_T(x) tl_permute_at(TL_SITE("tl_T"), (x), TL_DIMS(1, 0))

/* ---- combining and splitting ---------------------------------------------------------- */

typedef struct tl_cat_opts {
    bool can_reorder; /* required: Triton 3.6 implements only the reordering cat */
} tl_cat_opts;
/* tl.cat(a, b, can_reorder=False): two 1-D tensors of one type, end to end (tt.cat). */
TRITONC_API tl_value tl_cat_at(tl_site s, tl_value a, tl_value b, tl_cat_opts o);
#define tl_cat(...) TLX_CAT(tlx_cat_, TLX_KW2(__VA_ARGS__))(__VA_ARGS__)
#define tlx_cat_P(a, b) tl_cat_at(TL_SITE("tl_cat"), (a), (b), TLX_ZERO(tl_cat_opts))
#define tlx_cat_K(a, b, ...) tl_cat_at(TL_SITE("tl_cat"), (a), (b), TLX_LIT(tl_cat_opts){__VA_ARGS__})

/* tl.join(a, b): a and b (one element type) broadcast together, then joined along a new
 * minor dimension of size 2 (tt.join); two scalars give a tensor<2x...>. */
TRITONC_API tl_value tl_join_at(tl_site s, tl_value a, tl_value b);
#define tl_join(a, b) tl_join_at(TL_SITE("tl_join"), (a), (b))
/* tl.split(x): the two halves of x along its last dimension, which must be 2 (tt.split); a
 * tensor<2x...> gives two scalars. Both members are absent values after an error. */
TRITONC_API tl_pair tl_split_at(tl_site s, tl_value x);
#define tl_split(x) tl_split_at(TL_SITE("tl_split"), (x))

/* tl.gather(src, index, axis): index is an integer tensor of src's rank whose dimensions
 * other than axis match src's; the result has index's shape (tt.gather). */
TRITONC_API tl_value tl_gather_at(tl_site s, tl_value src, tl_value index, int axis);
#define tl_gather(src, index, axis) tl_gather_at(TL_SITE("tl_gather"), (src), (index), (axis))

typedef struct tl_histogram_opts {
    tl_value mask; /* keyword: i1, broadcast to x's shape */
} tl_histogram_opts;
/* tl.histogram(x, num_bins, mask=None): x a 1-D integer tensor; tensor<num_bins x i32>. */
TRITONC_API tl_value tl_histogram_at(tl_site s, tl_value x, int64_t num_bins, tl_histogram_opts o);
#define tl_histogram(...) TLX_CAT(tlx_histogram_, TLX_KW2(__VA_ARGS__))(__VA_ARGS__)
#define tlx_histogram_P(x, n) tl_histogram_at(TL_SITE("tl_histogram"), (x), (n), TLX_LIT(tl_histogram_opts){{0}})
#define tlx_histogram_K(x, n, ...)                                                                                     \
    tl_histogram_at(TL_SITE("tl_histogram"), (x), (n), TLX_LIT(tl_histogram_opts){__VA_ARGS__})

#ifdef __cplusplus
}
#endif
#endif
