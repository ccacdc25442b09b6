/* tritonc/reduce.h - reductions and scans: tl_sum, tl_max, tl_min, tl_argmax, tl_argmin,
 * tl_xor_sum, tl_reduce_or, tl_cumsum, tl_cumprod, custom tl_reduce and tl_scan with C combine
 * callbacks.
 *
 * Python reads as it does in triton.language; the axis is the second positional argument and
 * the keywords are designated initializers:
 *
 *     tl.sum(x)                              tl_sum(x)
 *     tl.sum(x, axis=1)                      tl_sum(x, 1)
 *     tl.sum(x, 1, keep_dims=True)           tl_sum(x, 1, .keep_dims = true)
 *     tl.sum(x, keep_dims=True)              tl_sum(x, TL_AXIS_NONE, .keep_dims = true)
 *     tl.sum(x, 0, dtype=tl.float32)         tl_sum(x, 0, .dtype = TL_F32)
 *     tl.max(x, 1)   tl.min(x)               tl_max(x, 1)   tl_min(x)
 *     v, i = tl.max(x, 1, return_indices=True)
 *                                            tl_pair vi = tl_max_with_indices(x, 1);  (vi.first, vi.second)
 *     tl.argmax(x, 0, tie_break_left=False)  tl_argmax(x, 0, .tie_break_fast = true)
 *     tl.xor_sum(x)   tl.reduce_or(x, 0)     tl_xor_sum(x)   tl_reduce_or(x, 0)
 *     tl.cumsum(x)   tl.cumsum(x, 1, reverse=True)
 *                                            tl_cumsum(x)   tl_cumsum(x, 1, .reverse = true)
 *     tl.cumprod(x, 0, reverse=True)         tl_cumprod(x, 0, .reverse = true)
 *
 * What each emits is what Triton's Python frontend emits once its inliner has run: one
 * tt.reduce or tt.scan whose combine region holds the combine's ops inline (arith.addf /
 * arith.addi for sums, arith.maxnumf / arith.minnumf for float max / min and arith.maxsi,
 * maxui, minsi, minui for integers, the argmax compare-and-select for indices), preceded by
 * Python's casts (sums of integers narrower than 32 bits widen to int32 / uint32, max and min
 * of types narrower than 32 bits to int32 / float32, bfloat16 to float32 where Python does),
 * a `tt.reshape ... allow_reorder` to one dimension when the axis is none (even for a rank-1
 * input), and `tt.expand_dims` after it for keep_dims. Axes may be negative (counted from the
 * end). The input must be a tensor: Python cannot reduce or scan a scalar either.
 *
 * These are @jit helpers of triton.language.standard in Python (see
 * tl_builder_helper_begin); tl_reduce and tl_scan are builtins whose combine is a @jit call.
 *
 * Implemented in src/lang/reduce.c (reductions) and src/lang/scan.c (scans).
 */
#ifndef TRITONC_REDUCE_H
#define TRITONC_REDUCE_H

#include <limits.h>

#include "tritonc/control.h"
#include "tritonc/export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* axis=None: reduce over all dimensions. */
#define TL_AXIS_NONE INT_MIN

/* Dispatch on the number of arguments: N with the input alone, A with an axis too, K when
 * keywords follow the axis. */
#define TLX_RKW(...) TLX_ARG16(__VA_ARGS__, K, K, K, K, K, K, K, K, K, K, K, K, K, A, N, _)

/* ---- sum, max, min, xor_sum ------------------------------------------------------------ */

typedef struct tl_sum_opts {
    bool keep_dims;
    tl_dtype dtype; /* dtype=: the input is cast to it first; TL_DTYPE_INVALID (0) is None */
} tl_sum_opts;
TRITONC_API tl_value tl_sum_at(tl_site s, tl_value x, int axis, tl_sum_opts o);
#define tl_sum(...) TLX_CAT(tlx_sum_, TLX_RKW(__VA_ARGS__))(__VA_ARGS__)
#define tlx_sum_N(x) tl_sum_at(TL_SITE("tl_sum"), tl_lit(x), TL_AXIS_NONE, TLX_LIT(tl_sum_opts){.keep_dims = false})
#define tlx_sum_A(x, axis) tl_sum_at(TL_SITE("tl_sum"), tl_lit(x), (axis), TLX_LIT(tl_sum_opts){.keep_dims = false})
#define tlx_sum_K(x, axis, ...) tl_sum_at(TL_SITE("tl_sum"), tl_lit(x), (axis), TLX_LIT(tl_sum_opts){__VA_ARGS__})

typedef struct tl_reduce_opts {
    bool keep_dims;
} tl_reduce_opts;
/* tl_max(x, axis, .keep_dims = true): Python's third positional parameter is return_indices
 * (tl_max_with_indices here), so a positional third argument does not compile. */
typedef struct tlx_max_kw {
    TLX_NO_MORE_POSITIONAL;
    bool keep_dims;
} tlx_max_kw;
static inline tl_reduce_opts tlx_max_opts(tlx_max_kw k)
{
    tl_reduce_opts o = {k.keep_dims};
    return o;
}
TRITONC_API tl_value tl_max_at(tl_site s, tl_value x, int axis, tl_reduce_opts o);
TRITONC_API tl_value tl_min_at(tl_site s, tl_value x, int axis, tl_reduce_opts o);
/* Integers only ("xor_sum only supported for integers"). */
TRITONC_API tl_value tl_xor_sum_at(tl_site s, tl_value x, int axis, tl_reduce_opts o);
/* tl.reduce_or(x, axis[, keep_dims]): integers only; the axis is required (TL_AXIS_NONE allowed). */
TRITONC_API tl_value tl_reduce_or_at(tl_site s, tl_value x, int axis, tl_reduce_opts o);
#define tl_reduce_or(...) TLX_CAT(tlx_reduce_or_, TLX_KW2(__VA_ARGS__))(__VA_ARGS__)
#define tlx_reduce_or_P(x, axis)                                                                                       \
    tl_reduce_or_at(TL_SITE("tl_reduce_or"), tl_lit(x), (axis), TLX_LIT(tl_reduce_opts){.keep_dims = false})
#define tlx_reduce_or_K(x, axis, ...)                                                                                  \
    tl_reduce_or_at(TL_SITE("tl_reduce_or"), tl_lit(x), (axis), TLX_LIT(tl_reduce_opts){__VA_ARGS__})
#define tl_max(...) TLX_CAT(tlx_max_, TLX_RKW(__VA_ARGS__))(__VA_ARGS__)
#define tlx_max_N(x) tl_max_at(TL_SITE("tl_max"), tl_lit(x), TL_AXIS_NONE, TLX_LIT(tl_reduce_opts){.keep_dims = false})
#define tlx_max_A(x, axis) tl_max_at(TL_SITE("tl_max"), tl_lit(x), (axis), TLX_LIT(tl_reduce_opts){.keep_dims = false})
#define tlx_max_K(x, axis, ...)                                                                                        \
    tl_max_at(TL_SITE("tl_max"), tl_lit(x), (axis), tlx_max_opts(TLX_LIT(tlx_max_kw){__VA_ARGS__}))
#define tl_min(...) TLX_CAT(tlx_min_, TLX_RKW(__VA_ARGS__))(__VA_ARGS__)
#define tlx_min_N(x) tl_min_at(TL_SITE("tl_min"), tl_lit(x), TL_AXIS_NONE, TLX_LIT(tl_reduce_opts){.keep_dims = false})
#define tlx_min_A(x, axis) tl_min_at(TL_SITE("tl_min"), tl_lit(x), (axis), TLX_LIT(tl_reduce_opts){.keep_dims = false})
#define tlx_min_K(x, axis, ...)                                                                                        \
    tl_min_at(TL_SITE("tl_min"), tl_lit(x), (axis), tlx_max_opts(TLX_LIT(tlx_max_kw){__VA_ARGS__}))
#define tl_xor_sum(...) TLX_CAT(tlx_xor_sum_, TLX_RKW(__VA_ARGS__))(__VA_ARGS__)
#define tlx_xor_sum_N(x)                                                                                               \
    tl_xor_sum_at(TL_SITE("tl_xor_sum"), tl_lit(x), TL_AXIS_NONE, TLX_LIT(tl_reduce_opts){.keep_dims = false})
#define tlx_xor_sum_A(x, axis)                                                                                         \
    tl_xor_sum_at(TL_SITE("tl_xor_sum"), tl_lit(x), (axis), TLX_LIT(tl_reduce_opts){.keep_dims = false})
#define tlx_xor_sum_K(x, axis, ...)                                                                                    \
    tl_xor_sum_at(TL_SITE("tl_xor_sum"), tl_lit(x), (axis), TLX_LIT(tl_reduce_opts){__VA_ARGS__})

/* ---- values with their indices: max / min with return_indices, argmax, argmin ---------- */

typedef struct tl_argmax_opts {
    /* Python's third positional parameter (tie_break_left, or return_indices_tie_break_left)
     * means the opposite of tie_break_fast: a positional third argument does not compile. */
    TLX_NO_MORE_POSITIONAL;
    /* Python's tie_break_left (return_indices_tie_break_left for max / min) is True by
     * default: ties go to the lowest index. tie_break_fast = true is tie_break_left=False. */
    bool tie_break_fast;
    bool keep_dims;
} tl_argmax_opts;
/* tl.max(x, axis, return_indices=True): first the maxima, second their indices (int32).
 * The axis must be given (Python fails on axis=None here too). Only bfloat16 is widened
 * (to float32), as Python does on this path. */
TRITONC_API tl_pair tl_max_with_indices_at(tl_site s, tl_value x, int axis, tl_argmax_opts o);
TRITONC_API tl_pair tl_min_with_indices_at(tl_site s, tl_value x, int axis, tl_argmax_opts o);
#define tl_max_with_indices(...) TLX_CAT(tlx_max_with_indices_, TLX_KW2(__VA_ARGS__))(__VA_ARGS__)
#define tlx_max_with_indices_P(x, axis)                                                                                \
    tl_max_with_indices_at(TL_SITE("tl_max_with_indices"), tl_lit(x), (axis),                                          \
                           TLX_LIT(tl_argmax_opts){.keep_dims = false})
#define tlx_max_with_indices_K(x, axis, ...)                                                                           \
    tl_max_with_indices_at(TL_SITE("tl_max_with_indices"), tl_lit(x), (axis), TLX_LIT(tl_argmax_opts){__VA_ARGS__})
#define tl_min_with_indices(...) TLX_CAT(tlx_min_with_indices_, TLX_KW2(__VA_ARGS__))(__VA_ARGS__)
#define tlx_min_with_indices_P(x, axis)                                                                                \
    tl_min_with_indices_at(TL_SITE("tl_min_with_indices"), tl_lit(x), (axis),                                          \
                           TLX_LIT(tl_argmax_opts){.keep_dims = false})
#define tlx_min_with_indices_K(x, axis, ...)                                                                           \
    tl_min_with_indices_at(TL_SITE("tl_min_with_indices"), tl_lit(x), (axis), TLX_LIT(tl_argmax_opts){__VA_ARGS__})

/* tl.argmax(x, axis) / tl.argmin(x, axis): the indices (int32) alone. */
TRITONC_API tl_value tl_argmax_at(tl_site s, tl_value x, int axis, tl_argmax_opts o);
TRITONC_API tl_value tl_argmin_at(tl_site s, tl_value x, int axis, tl_argmax_opts o);
#define tl_argmax(...) TLX_CAT(tlx_argmax_, TLX_KW2(__VA_ARGS__))(__VA_ARGS__)
#define tlx_argmax_P(x, axis)                                                                                          \
    tl_argmax_at(TL_SITE("tl_argmax"), tl_lit(x), (axis), TLX_LIT(tl_argmax_opts){.keep_dims = false})
#define tlx_argmax_K(x, axis, ...)                                                                                     \
    tl_argmax_at(TL_SITE("tl_argmax"), tl_lit(x), (axis), TLX_LIT(tl_argmax_opts){__VA_ARGS__})
#define tl_argmin(...) TLX_CAT(tlx_argmin_, TLX_KW2(__VA_ARGS__))(__VA_ARGS__)
#define tlx_argmin_P(x, axis)                                                                                          \
    tl_argmin_at(TL_SITE("tl_argmin"), tl_lit(x), (axis), TLX_LIT(tl_argmax_opts){.keep_dims = false})
#define tlx_argmin_K(x, axis, ...)                                                                                     \
    tl_argmin_at(TL_SITE("tl_argmin"), tl_lit(x), (axis), TLX_LIT(tl_argmax_opts){__VA_ARGS__})

/* ---- scans ------------------------------------------------------------------------------- */

typedef struct tl_cumsum_opts {
    bool reverse;
    tl_dtype dtype; /* dtype=, as for tl_sum (bfloat16 is widened to float32 first) */
} tl_cumsum_opts;
/* tl.cumsum(x, axis=0, reverse=False, dtype=None) */
TRITONC_API tl_value tl_cumsum_at(tl_site s, tl_value x, int axis, tl_cumsum_opts o);
#define tl_cumsum(...) TLX_CAT(tlx_cumsum_, TLX_RKW(__VA_ARGS__))(__VA_ARGS__)
#define tlx_cumsum_N(x) tl_cumsum_at(TL_SITE("tl_cumsum"), tl_lit(x), 0, TLX_LIT(tl_cumsum_opts){.reverse = false})
#define tlx_cumsum_A(x, axis)                                                                                          \
    tl_cumsum_at(TL_SITE("tl_cumsum"), tl_lit(x), (axis), TLX_LIT(tl_cumsum_opts){.reverse = false})
#define tlx_cumsum_K(x, axis, ...)                                                                                     \
    tl_cumsum_at(TL_SITE("tl_cumsum"), tl_lit(x), (axis), TLX_LIT(tl_cumsum_opts){__VA_ARGS__})

typedef struct tl_scan_opts {
    bool reverse;
} tl_scan_opts;
/* tl.cumprod(x, axis=0, reverse=False) */
TRITONC_API tl_value tl_cumprod_at(tl_site s, tl_value x, int axis, tl_scan_opts o);
#define tl_cumprod(...) TLX_CAT(tlx_cumprod_, TLX_RKW(__VA_ARGS__))(__VA_ARGS__)
#define tlx_cumprod_N(x) tl_cumprod_at(TL_SITE("tl_cumprod"), tl_lit(x), 0, TLX_LIT(tl_scan_opts){.reverse = false})
#define tlx_cumprod_A(x, axis)                                                                                         \
    tl_cumprod_at(TL_SITE("tl_cumprod"), tl_lit(x), (axis), TLX_LIT(tl_scan_opts){.reverse = false})
#define tlx_cumprod_K(x, axis, ...)                                                                                    \
    tl_cumprod_at(TL_SITE("tl_cumprod"), tl_lit(x), (axis), TLX_LIT(tl_scan_opts){__VA_ARGS__})

/* ---- custom combiners: tl.reduce / tl.associative_scan ------------------------------------ */

/* The combine function, Python's @jit combine_fn(a0, a1, ..., b0, b1, ...): builds the
 * combine region's body with ordinary tl_ calls. lhs and rhs hold one scalar per operand
 * (the region's arguments: the operands' element types); it writes one scalar per operand
 * to out, each of that operand's element type (Triton's verifier requires it). ctx is the
 * caller's, passed through. The body may use control flow (tl_if...), but must close every
 * scope it opens and cannot return early. */
typedef void (*tl_combine_fn)(tl_builder *b, const tl_value *lhs, const tl_value *rhs, tl_value *out, void *ctx);

/* The most operands one tl_reduce or tl_scan takes. */
#define TL_REDUCE_MAX_OPERANDS 16

/* tl.reduce((a, b, ...), axis, combine_fn, keep_dims=False): the operands are tensors of one
 * shape; axis may be TL_AXIS_NONE. Returns one result per operand (values.n of them, in the
 * builder's memory); after an error, values.n poison values (never NULL), so .v[0] is safe.
 *
 *     s = tl.reduce(a, 0, combine)            tl_value s = tl_reduce(TL_VALUES(a), 0, combine, NULL).v[0];
 *     p, q = tl.reduce((a, b), 0, pair)       tl_values pq = tl_reduce(TL_VALUES(a, b), 0, pair, NULL);
 */
TRITONC_API tl_values tl_reduce_at(tl_site s, tl_values values, int axis, tl_combine_fn combine, void *ctx,
                                   tl_reduce_opts o);
#define tl_reduce(...) TLX_CAT(tlx_reduce_, TLX_KW4(__VA_ARGS__))(__VA_ARGS__)
#define tlx_reduce_P(values, axis, combine, ctx)                                                                       \
    tl_reduce_at(TL_SITE("tl_reduce"), (values), (axis), (combine), (ctx), TLX_LIT(tl_reduce_opts){.keep_dims = false})
#define tlx_reduce_K(values, axis, combine, ctx, ...)                                                                  \
    tl_reduce_at(TL_SITE("tl_reduce"), (values), (axis), (combine), (ctx), TLX_LIT(tl_reduce_opts){__VA_ARGS__})

/* tl.associative_scan((a, b, ...), axis, combine_fn, reverse=False): results shaped like the
 * operands, returned as for tl_reduce. */
TRITONC_API tl_values tl_scan_at(tl_site s, tl_values values, int axis, tl_combine_fn combine, void *ctx,
                                 tl_scan_opts o);
#define tl_scan(...) TLX_CAT(tlx_scan_, TLX_KW4(__VA_ARGS__))(__VA_ARGS__)
#define tlx_scan_P(values, axis, combine, ctx)                                                                         \
    tl_scan_at(TL_SITE("tl_scan"), (values), (axis), (combine), (ctx), TLX_LIT(tl_scan_opts){.reverse = false})
#define tlx_scan_K(values, axis, combine, ctx, ...)                                                                    \
    tl_scan_at(TL_SITE("tl_scan"), (values), (axis), (combine), (ctx), TLX_LIT(tl_scan_opts){__VA_ARGS__})

#ifdef __cplusplus
}
#endif
#endif
