/* tritonc/standard.h - the functions triton.language writes in Python on top of its primitives
 * (triton/language/standard.py): tl_sigmoid, tl_softmax, tl_zeros_like, tl_ravel, tl_swizzle2d,
 * tl_interleave, tl_flip, tl_sort, tl_topk, tl_bitonic_merge.
 *
 * Python reads as it does in triton.language; keywords are designated initializers:
 *
 *     tl.sigmoid(x)                              tl_sigmoid(x)
 *     tl.softmax(x)   tl.softmax(x, 1, keep_dims=True, ieee_rounding=True)
 *                                                tl_softmax(x)   tl_softmax(x, 1, .keep_dims = true, .ieee_rounding = true)
 *     tl.zeros_like(x)                           tl_zeros_like(x)
 *     tl.ravel(x)   tl.ravel(x, can_reorder=True)
 *                                                tl_ravel(x)   tl_ravel(x, .can_reorder = true)
 *     pid_m, pid_n = tl.swizzle2d(pid_m, pid_n, num_pid_m, num_pid_n, GROUP_M)
 *                                                tl_pair mn = tl_swizzle2d(pid_m, pid_n, num_pid_m, num_pid_n, GROUP_M);
 *     tl.interleave(a, b)                        tl_interleave(a, b)
 *     tl.flip(x, 0)                              tl_flip(x, 0)
 *     tl.sort(x)   tl.sort(x, 1, descending=True)
 *                                                tl_sort(x)   tl_sort(x, 1, .descending = true)
 *     tl.topk(x, 4)                              tl_topk(x, 4)
 *     tl.bitonic_merge(x, descending=True)       tl_bitonic_merge(x, TL_AXIS_NONE, .descending = true)
 *
 * Each is a @jit function of triton.language.standard in Python: Triton makes it a function of
 * its own, calls it, and make_ttir inlines it. Here each is one helper call (order.h's
 * tl_builder_helper_begin) that makes the ops Python's body makes, with the same primitives
 * (tl_exp, tl_max, tl_reshape, tl_xor_sum...) in the same order, so that the TTIR after make_ttir
 * is Python's, the constants where make_ttir leaves Python's. Misuse is Python's error, at the C
 * line of the call (builder.h): Python's static_assert messages where it has one.
 *
 * Implemented in src/lang/standard.c (sigmoid, softmax, zeros_like, ravel, swizzle2d, interleave)
 * and src/lang/sort.c (flip, sort, topk, bitonic_merge).
 */
#ifndef TRITONC_STANDARD_H
#define TRITONC_STANDARD_H

#include "tritonc/export.h"
#include "tritonc/reduce.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- elementwise --------------------------------------------------------------------------- */

/* tl.sigmoid(x): 1 / (1 + exp(-x)). x must be a value (tensor or scalar) of a float dtype tl.exp
 * takes; a C number is refused (Python's sigmoid of a constexpr is constants its canonicalizer
 * folds). */
TRITONC_API tl_value tl_sigmoid_at(tl_site s, tl_value x);
#define tl_sigmoid(x) tl_sigmoid_at(TL_SITE("tl_sigmoid"), (x))

typedef struct tl_softmax_opts {
    bool keep_dims; /* Python's third positional parameter */
    bool ieee_rounding; /* its fourth: tl.fdiv's ieee_rounding */
} tl_softmax_opts;
/* tl.softmax(x, dim=None, keep_dims=False, ieee_rounding=False): exp(x - max(x, dim)), divided
 * by its sum along dim (tl.fdiv). dim None (TL_AXIS_NONE) is 0, as in Python, not every axis;
 * without keep_dims the reduced values broadcast back as Python's do (their shape drops dim), so
 * a dim other than 0 of a 2-D tensor needs keep_dims, as in Python. */
TRITONC_API tl_value tl_softmax_at(tl_site s, tl_value x, int dim, tl_softmax_opts o);
#define tl_softmax(...) TLX_CAT(tlx_softmax_, TLX_RKW(__VA_ARGS__))(__VA_ARGS__)
#define tlx_softmax_N(x) tl_softmax_at(TL_SITE("tl_softmax"), (x), TL_AXIS_NONE, TLX_ZERO(tl_softmax_opts))
#define tlx_softmax_A(x, dim) tl_softmax_at(TL_SITE("tl_softmax"), (x), (dim), TLX_ZERO(tl_softmax_opts))
#define tlx_softmax_K(x, dim, ...)                                                                                     \
    tl_softmax_at(TL_SITE("tl_softmax"), (x), (dim), TLX_LIT(tl_softmax_opts){__VA_ARGS__})

/* ---- creation and shapes ------------------------------------------------------------------- */

/* tl.zeros_like(x): tl.zeros(x.shape, x.dtype) (a scalar for a scalar x). x must be a value
 * (not a pointer). */
TRITONC_API tl_value tl_zeros_like_at(tl_site s, tl_value x);
#define tl_zeros_like(x) tl_zeros_like_at(TL_SITE("tl_zeros_like"), (x))

typedef struct tl_ravel_opts {
    bool can_reorder; /* Python's second positional parameter */
} tl_ravel_opts;
/* tl.ravel(x, can_reorder=False): tl.reshape(x, [x.numel], can_reorder) of a tensor. */
TRITONC_API tl_value tl_ravel_at(tl_site s, tl_value x, tl_ravel_opts o);
#define tl_ravel(...) TLX_CAT(tlx_ravel_, TLX_KW1(__VA_ARGS__))(__VA_ARGS__)
#define tlx_ravel_P(x) tl_ravel_at(TL_SITE("tl_ravel"), (x), TLX_ZERO(tl_ravel_opts))
#define tlx_ravel_K(x, ...) tl_ravel_at(TL_SITE("tl_ravel"), (x), TLX_LIT(tl_ravel_opts){__VA_ARGS__})

/* tl.swizzle2d(i, j, size_i, size_j, size_g): the indices (new_i, new_j) of a row-major
 * size_i x size_j matrix made column-major within each group of size_g rows. Integers: values
 * (scalars or tensors) or C numbers (constexprs), computed with Python's operators in Python's
 * order; a number that Python's body assigns to a name becomes a constant there, as in Python
 * (tl_to_tensor). first is new_i, second new_j; both absent values after an error. */
TRITONC_API tl_pair tl_swizzle2d_at(tl_site s, tl_value i, tl_value j, tl_value size_i, tl_value size_j,
                                    tl_value size_g);
#define tl_swizzle2d(i, j, size_i, size_j, size_g)                                                                     \
    tl_swizzle2d_at(TL_SITE("tl_swizzle2d"), tl_lit(i), tl_lit(j), tl_lit(size_i), tl_lit(size_j), tl_lit(size_g))

/* tl.interleave(a, b): tl.join(a, b) reshaped so that the two alternate along the last
 * dimension (a.shape[:-1] + [2 * a.shape[-1]]); two scalars give the tensor<2x...> of join. */
TRITONC_API tl_value tl_interleave_at(tl_site s, tl_value a, tl_value b);
#define tl_interleave(a, b) tl_interleave_at(TL_SITE("tl_interleave"), (a), (b))

/* tl.flip(x, dim): x reversed along dim (negative: counted from the end), whose size must be a
 * power of two: x as the signed integer of its width (a bitcast), reshaped so that dim is log2
 * of its size dimensions of 2, each XORed with its xor_sum, then reshaped and bitcast back.
 * Python's dim=None fails in Triton 3.6 (its range check compares None with a number), so
 * TL_AXIS_NONE is refused here. */
TRITONC_API tl_value tl_flip_at(tl_site s, tl_value x, int dim);
#define tl_flip(x, dim) tl_flip_at(TL_SITE("tl_flip"), (x), (dim))

/* ---- sorting ---------------------------------------------------------------------------------- */

typedef struct tl_sort_opts {
    bool descending; /* Python's third positional parameter */
} tl_sort_opts;
/* tl.sort(x, dim=None, descending=False): a bitonic sort along the last dimension (dim None
 * or the last dimension's index; Python's "only minor dimension is currently supported"
 * otherwise, -1 included), on x reshaped to log2(x.numel) dimensions of 2: compare-and-swap
 * steps of xor_sums, comparisons and selects, as standard.py's sort_impl makes them. */
TRITONC_API tl_value tl_sort_at(tl_site s, tl_value x, int dim, tl_sort_opts o);
#define tl_sort(...) TLX_CAT(tlx_sort_, TLX_RKW(__VA_ARGS__))(__VA_ARGS__)
#define tlx_sort_N(x) tl_sort_at(TL_SITE("tl_sort"), (x), TL_AXIS_NONE, TLX_ZERO(tl_sort_opts))
#define tlx_sort_A(x, dim) tl_sort_at(TL_SITE("tl_sort"), (x), (dim), TLX_ZERO(tl_sort_opts))
#define tlx_sort_K(x, dim, ...) tl_sort_at(TL_SITE("tl_sort"), (x), (dim), TLX_LIT(tl_sort_opts){__VA_ARGS__})

/* tl.topk(x, k, dim=None): the k largest values along the last dimension, largest first (Triton
 * 3.6's topk has no descending parameter): the sort's first log2(k) merges, then a max over
 * halves and a merge per remaining step. The result's last dimension is 2^floor(log2(k)), as
 * Python computes it (k is not checked to be a power of two). */
TRITONC_API tl_value tl_topk_at(tl_site s, tl_value x, int k, int dim);
#define tl_topk(...) TLX_CAT(tlx_topk_, TLX_KW2(__VA_ARGS__))(__VA_ARGS__)
#define tlx_topk_P(x, k) tl_topk_at(TL_SITE("tl_topk"), (x), (k), TL_AXIS_NONE)
#define tlx_topk_K(x, k, dim) tl_topk_at(TL_SITE("tl_topk"), (x), (k), (dim))

/* tl.bitonic_merge(x, dim=None, descending=False): one bitonic merge stage of log2 of the last
 * dimension's size over x, whose last dimension must hold a bitonic sequence. */
TRITONC_API tl_value tl_bitonic_merge_at(tl_site s, tl_value x, int dim, tl_sort_opts o);
#define tl_bitonic_merge(...) TLX_CAT(tlx_bitonic_merge_, TLX_RKW(__VA_ARGS__))(__VA_ARGS__)
#define tlx_bitonic_merge_N(x)                                                                                         \
    tl_bitonic_merge_at(TL_SITE("tl_bitonic_merge"), (x), TL_AXIS_NONE, TLX_ZERO(tl_sort_opts))
#define tlx_bitonic_merge_A(x, dim) tl_bitonic_merge_at(TL_SITE("tl_bitonic_merge"), (x), (dim), TLX_ZERO(tl_sort_opts))
#define tlx_bitonic_merge_K(x, dim, ...)                                                                               \
    tl_bitonic_merge_at(TL_SITE("tl_bitonic_merge"), (x), (dim), TLX_LIT(tl_sort_opts){__VA_ARGS__})

#ifdef __cplusplus
}
#endif
#endif
