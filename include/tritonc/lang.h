/* tritonc/lang.h - the kernel language: triton.language in C.
 *
 * Every tl.X of Python is tl_X here, with Triton 3.6's semantics: weak scalars, implicit
 * broadcasting and type promotion exactly where Python applies them, and the same TTIR.
 *
 *   - Operands may be values or C numbers: tl_mul(offs, 16) makes 16 a constant of offs's
 *     element type (an error if it does not fit), as a Python literal does. C's `true` is
 *     an int: write tl_lit_bool(true) where Python has True (masks, m & True).
 *   - Keyword arguments are designated initializers after the positional ones:
 *     tl_load(ptr, .mask = m, .other = tl_lit(0.0), .cache = TL_CACHE_CG).
 *   - Each macro records the C file and line of the call for errors and locations.
 *   - Ops that make a value from nothing take the builder first (tl_program_id(b, 0));
 *     the others find it in their operands.
 *
 * Errors: a misuse (mismatched types Python also rejects, shapes that do not broadcast, a
 * poison or foreign operand...) puts the builder in error with one line naming the call and
 * its C line, and returns poison; see builder.h.
 *
 * Implemented in src/lang/: arith.c (operators), compare.c (comparisons, where, clamp), math.c,
 * cast.c (tl_to), shape.c (program ids, tl_arange, tl_full, broadcasts), memory.c (tl_load,
 * tl_store, tl_addptr), compile_time.c (static asserts, dtypes of values); promotion and
 * broadcasting in lift.c and fold.c, emitting in emit.c.
 */
#ifndef TRITONC_LANG_H
#define TRITONC_LANG_H

#include "tritonc/builder.h"
#include "tritonc/export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- macro plumbing: positional arguments, then optional keywords ------------------- */

#define TLX_CAT(a, b) TLX_CAT_(a, b)
#define TLX_CAT_(a, b) a##b
#define TLX_ARG16(_1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16, ...) _16
/* P when the call has exactly 1 (2, 3) arguments, K when keywords follow them. */
#define TLX_KW1(...) TLX_ARG16(__VA_ARGS__, K, K, K, K, K, K, K, K, K, K, K, K, K, K, P, _)
#define TLX_KW2(...) TLX_ARG16(__VA_ARGS__, K, K, K, K, K, K, K, K, K, K, K, K, K, P, _, _)
#define TLX_KW3(...) TLX_ARG16(__VA_ARGS__, K, K, K, K, K, K, K, K, K, K, K, K, P, _, _, _)

/* The number of arguments (1 to 15), and each through tl_lit (1 to 8 of them): lists
 * (TL_LIST, memory.h) and chains (tl_add(a, b, c)). */
#define TLX_NLIST(...) TLX_ARG16(__VA_ARGS__, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define TLX_LITS_1(a) tl_lit(a)
#define TLX_LITS_2(a, b) tl_lit(a), tl_lit(b)
#define TLX_LITS_3(a, b, c) tl_lit(a), tl_lit(b), tl_lit(c)
#define TLX_LITS_4(a, b, c, d) tl_lit(a), tl_lit(b), tl_lit(c), tl_lit(d)
#define TLX_LITS_5(a, b, c, d, e) tl_lit(a), tl_lit(b), tl_lit(c), tl_lit(d), tl_lit(e)
#define TLX_LITS_6(a, b, c, d, e, f) tl_lit(a), tl_lit(b), tl_lit(c), tl_lit(d), tl_lit(e), tl_lit(f)
#define TLX_LITS_7(a, b, c, d, e, f, g) tl_lit(a), tl_lit(b), tl_lit(c), tl_lit(d), tl_lit(e), tl_lit(f), tl_lit(g)
#define TLX_LITS_8(a, b, c, d, e, f, g, h)                                                                             \
    tl_lit(a), tl_lit(b), tl_lit(c), tl_lit(d), tl_lit(e), tl_lit(f), tl_lit(g), tl_lit(h)
/* 2 when the call has exactly two arguments, N with more: the chains, tl_add(a, b, c). */
#define TLX_CHAIN(...) TLX_ARG16(__VA_ARGS__, N, N, N, N, N, N, N, N, N, N, N, N, N, 2, _, _)
#define TLX_CHAIN_ARGS(...)                                                                                            \
    TLX_NLIST(__VA_ARGS__), TLX_ARRAY(tl_value, TLX_CAT(TLX_LITS_, TLX_NLIST(__VA_ARGS__))(__VA_ARGS__))

/* Positional arguments after the ones a macro names fill its options struct in declaration
 * order, as Python fills its parameters: each options struct lists first what Python takes
 * positionally there (tl_load(ptr, mask, other), tl_sum(x, axis, keep_dims)). Where Python's
 * next positional parameter has no C member in that place, the struct has this member there,
 * which no argument can fill: a tl_value, a shape or a pointer given there does not compile
 * ("initializing 'const struct tlx_too_many_positional_arguments *' ... 'tl_value'"), a
 * number is an int-to-pointer conversion (a warning by default, an error under -Werror or in
 * gcc 14 and clang 16), and never lands in another member. Keywords skip it by name. */
struct tlx_too_many_positional_arguments;
#define TLX_NO_MORE_POSITIONAL const struct tlx_too_many_positional_arguments *tlx_no_more_positional

/* ---- shapes -------------------------------------------------------------------------- */

typedef struct tl_shape {
    int rank;
    int64_t dims[TL_MAX_RANK];
} tl_shape;
/* TL_SHAPE(64, 128); the rank-0 shape () is TL_SHAPE0 (TL_SHAPE() would be empty braces, which
 * ISO C refuses under -Wpedantic). */
#define TL_SHAPE(...) (TLX_LIT(tl_shape){.rank = TLX_COUNT(int64_t, __VA_ARGS__), .dims = {__VA_ARGS__}})
#define TL_SHAPE0 (TLX_LIT(tl_shape){.rank = 0})

typedef struct tl_pair {
    tl_value first, second;
} tl_pair;

/* ---- keyword enums (0 is Python's default) ------------------------------------------ */

typedef enum tl_cache {
    TL_CACHE_NONE = 0,
    TL_CACHE_CA,
    TL_CACHE_CG,
    TL_CACHE_WB,
    TL_CACHE_CS,
    TL_CACHE_WT,
    TL_CACHE_CV
} tl_cache;
typedef enum tl_evict { TL_EVICT_NORMAL = 0, TL_EVICT_FIRST, TL_EVICT_LAST } tl_evict;
typedef enum tl_nan { TL_NAN_NONE = 0, TL_NAN_ALL } tl_nan;
typedef enum tl_rounding { TL_ROUND_DEFAULT = 0, TL_RTNE, TL_RTZ } tl_rounding;
/* padding_option: "" (loads: no padding; tl_make_tensor_descriptor: "zero"), "zero", "nan" */
typedef enum tl_padding { TL_PADDING_DEFAULT = 0, TL_PADDING_ZERO, TL_PADDING_NAN } tl_padding;

/* ---- program ids and ranges ---------------------------------------------------------- */

/* tl.program_id(axis), tl.num_programs(axis): axis 0, 1 or 2; an i32 scalar. */
TRITONC_API tl_value tl_program_id_at(tl_site s, tl_builder *b, int axis);
TRITONC_API tl_value tl_num_programs_at(tl_site s, tl_builder *b, int axis);
#define tl_program_id(b, axis) tl_program_id_at(TL_SITE("tl_program_id"), (b), (axis))
#define tl_num_programs(b, axis) tl_num_programs_at(TL_SITE("tl_num_programs"), (b), (axis))

/* tl.arange(start, end): tensor<end-start x i32>; end-start must be a power of two and
 * both bounds must fit in int32 with start < end. */
TRITONC_API tl_value tl_arange_at(tl_site s, tl_builder *b, long long start, long long end);
#define tl_arange(b, start, end) tl_arange_at(TL_SITE("tl_arange"), (b), (start), (end))

/* ---- creation ------------------------------------------------------------------------- */

/* tl.zeros(shape, dtype), tl.ones, tl.full(shape, value, dtype): one dense constant. */
TRITONC_API tl_value tl_full_at(tl_site s, tl_builder *b, tl_shape shape, tl_value value, tl_dtype dtype);
/* tl.zeros is a helper of triton.language.standard in Python (see tl_builder_helper_begin). */
TRITONC_API tl_value tl_zeros_at(tl_site s, tl_builder *b, tl_shape shape, tl_dtype dtype);
#define tl_zeros(b, shape, dtype) tl_zeros_at(TL_SITE("tl_zeros"), (b), (shape), (dtype))
#define tl_ones(b, shape, dtype) tl_full_at(TL_SITE("tl_ones"), (b), (shape), tl_lit_int(1), (dtype))
#define tl_full(b, shape, value, dtype) tl_full_at(TL_SITE("tl_full"), (b), (shape), tl_lit(value), (dtype))
/* tl.splat(value, shape): a literal gives a dense constant (of the literal's Python type,
 * int32 or float32); a scalar value gives tt.splat. */
TRITONC_API tl_value tl_splat_at(tl_site s, tl_builder *b, tl_value value, tl_shape shape);
#define tl_splat(b, value, shape) tl_splat_at(TL_SITE("tl_splat"), (b), tl_lit(value), (shape))

/* ---- shape manipulation --------------------------------------------------------------- */

/* tl.expand_dims(x, axis): axis may be negative (counted from the end of the result). */
TRITONC_API tl_value tl_expand_dims_at(tl_site s, tl_value x, int axis);
#define tl_expand_dims(x, axis) tl_expand_dims_at(TL_SITE("tl_expand_dims"), (x), (axis))
/* Indexing, x[:, None], x[None, :], x[None], x[:, :, None]: tl_index(x, TL_ALL, TL_NONE) and so
 * on, one index per position (tensor.__getitem__). TL_NONE at position d is Python's
 * semantic.expand_dims(x, d): tt.expand_dims of a tensor, and of a scalar a tt.splat to
 * tensor<1xT>, whatever d (s[:, None] of a scalar is tensor<1xT>, as in Python; tl_expand_dims
 * checks the axis as tl.expand_dims does and refuses it). TL_ALL (`:`) adds nothing. */
typedef enum tl_index_kind { TL_ALL = 1, TL_NONE = 2 } tl_index_kind;
TRITONC_API tl_value tl_index_at(tl_site s, tl_value x, int n, const int *index);
#define tl_index(x, ...) tl_index_at(TL_SITE("tl_index"), (x), TLX_COUNT(int, __VA_ARGS__), TLX_ARRAY(int, __VA_ARGS__))
/* tl.broadcast_to(x, shape) */
TRITONC_API tl_value tl_broadcast_to_at(tl_site s, tl_value x, tl_shape shape);
#define tl_broadcast_to(x, shape) tl_broadcast_to_at(TL_SITE("tl_broadcast_to"), (x), (shape))
/* tl.broadcast(a, b): both broadcast to their common shape. */
TRITONC_API tl_pair tl_broadcast_at(tl_site s, tl_value a, tl_value b);
#define tl_broadcast(a, b) tl_broadcast_at(TL_SITE("tl_broadcast"), tl_lit(a), tl_lit(b))
/* m[:, None] & n[None, :] */
TRITONC_API tl_value tl_mask2d_at(tl_site s, tl_value m, tl_value n);
#define tl_mask2d(m, n) tl_mask2d_at(TL_SITE("tl_mask2d"), (m), (n))

/* ---- arithmetic: Python operators ----------------------------------------------------- */

typedef enum tl_binop {
    TL_OP_ADD, /* a + b */
    TL_OP_SUB, /* a - b */
    TL_OP_MUL, /* a * b */
    TL_OP_TRUEDIV, /* a / b: ints go through float32 (int64 too, as in Triton 3.6) */
    TL_OP_FLOORDIV, /* a // b: integers only */
    TL_OP_MOD, /* a % b */
    TL_OP_AND, /* a & b */
    TL_OP_OR, /* a | b */
    TL_OP_XOR, /* a ^ b */
    TL_OP_SHL, /* a << b */
    TL_OP_SHR, /* a >> b: arithmetic when a is signed (b when a is a number), else logical */
    /* Comparisons type a C number on its own first, as Python's to_tensor does (int32,
     * uint32, int64, float32 or float64 by value), so it promotes like a value:
     * tl_lt(x_f16, 1.0) compares in float32. tl_minimum, tl_maximum, tl_clamp and the math
     * functions do the same. */
    TL_OP_LT,
    TL_OP_LE,
    TL_OP_GT,
    TL_OP_GE,
    TL_OP_EQ,
    TL_OP_NE
} tl_binop;

/* The generic entry point under the named wrappers below (LLVM-C's LLVMBuildBinOp). On two
 * numbers (weak literals) it computes a number, as Python's constexpr arithmetic does
 * (tl_mul(64, tl_lit_int(1)) is the literal 64; // and % round as Python's); so do tl_cdiv,
 * tl_minimum, tl_maximum, tl_neg, tl_invert and tl_abs. What cannot fold (a division by zero,
 * unsigned 64-bit numbers, float // or %) is poison. */
TRITONC_API tl_value tl_binary_at(tl_site s, tl_binop op, tl_value a, tl_value b);

/* The left-associative operators chain as Python reads them: tl_add(a, b, c) is `a + b + c`,
 * that is (a + b) + c, made before c is evaluated (up to 8 operands); so are tl_sub (`a - b -
 * c` is (a - b) - c), tl_mul, tl_and, tl_or and tl_xor. tl_add(a, tl_add(b, c)) is a + (b + c),
 * another program (docs/reading.md). */
TRITONC_API tl_value tl_binary_chain_at(tl_site s, tl_binop op, int n, const tl_value *v);
#define TLX_BINARY(name, op, ...) TLX_CAT(tlx_binary_, TLX_CHAIN(__VA_ARGS__))(name, op, __VA_ARGS__)
#define tlx_binary_2(name, op, a, b) tl_binary_at(TL_SITE(name), op, tl_lit(a), tl_lit(b))
#define tlx_binary_N(name, op, ...) tl_binary_chain_at(TL_SITE(name), op, TLX_CHAIN_ARGS(__VA_ARGS__))
#define tl_add(...) TLX_BINARY("tl_add", TL_OP_ADD, __VA_ARGS__)
#define tl_sub(...) TLX_BINARY("tl_sub", TL_OP_SUB, __VA_ARGS__)
#define tl_mul(...) TLX_BINARY("tl_mul", TL_OP_MUL, __VA_ARGS__)
#define tl_div(a, b) tl_binary_at(TL_SITE("tl_div"), TL_OP_TRUEDIV, tl_lit(a), tl_lit(b))
#define tl_floordiv(a, b) tl_binary_at(TL_SITE("tl_floordiv"), TL_OP_FLOORDIV, tl_lit(a), tl_lit(b))
#define tl_mod(a, b) tl_binary_at(TL_SITE("tl_mod"), TL_OP_MOD, tl_lit(a), tl_lit(b))
#define tl_rem(a, b) tl_binary_at(TL_SITE("tl_rem"), TL_OP_MOD, tl_lit(a), tl_lit(b))
#define tl_and(...) TLX_BINARY("tl_and", TL_OP_AND, __VA_ARGS__)
#define tl_or(...) TLX_BINARY("tl_or", TL_OP_OR, __VA_ARGS__)
#define tl_xor(...) TLX_BINARY("tl_xor", TL_OP_XOR, __VA_ARGS__)
#define tl_shl(a, b) tl_binary_at(TL_SITE("tl_shl"), TL_OP_SHL, tl_lit(a), tl_lit(b))
#define tl_shr(a, b) tl_binary_at(TL_SITE("tl_shr"), TL_OP_SHR, tl_lit(a), tl_lit(b))
#define tl_lt(a, b) tl_binary_at(TL_SITE("tl_lt"), TL_OP_LT, tl_lit(a), tl_lit(b))
#define tl_le(a, b) tl_binary_at(TL_SITE("tl_le"), TL_OP_LE, tl_lit(a), tl_lit(b))
#define tl_gt(a, b) tl_binary_at(TL_SITE("tl_gt"), TL_OP_GT, tl_lit(a), tl_lit(b))
#define tl_ge(a, b) tl_binary_at(TL_SITE("tl_ge"), TL_OP_GE, tl_lit(a), tl_lit(b))
#define tl_eq(a, b) tl_binary_at(TL_SITE("tl_eq"), TL_OP_EQ, tl_lit(a), tl_lit(b))
#define tl_ne(a, b) tl_binary_at(TL_SITE("tl_ne"), TL_OP_NE, tl_lit(a), tl_lit(b))

/* tl.cdiv(a, b) = (a + b - 1) // b, as triton.language.standard spells it. */
TRITONC_API tl_value tl_cdiv_at(tl_site s, tl_value a, tl_value b);
#define tl_cdiv(a, b) tl_cdiv_at(TL_SITE("tl_cdiv"), tl_lit(a), tl_lit(b))

/* -x, ~x, tl.abs(x) */
TRITONC_API tl_value tl_neg_at(tl_site s, tl_value x);
TRITONC_API tl_value tl_invert_at(tl_site s, tl_value x);
TRITONC_API tl_value tl_abs_at(tl_site s, tl_value x);
#define tl_neg(x) tl_neg_at(TL_SITE("tl_neg"), (x))
#define tl_invert(x) tl_invert_at(TL_SITE("tl_invert"), (x))
#define tl_abs(x) tl_abs_at(TL_SITE("tl_abs"), (x))

/* tl.minimum / tl.maximum (maxnumf/minnumf for floats by default; .propagate_nan =
 * TL_NAN_ALL gives maximumf/minimumf). */
typedef struct tl_minmax_opts {
    tl_nan propagate_nan;
} tl_minmax_opts;
TRITONC_API tl_value tl_maximum_at(tl_site s, tl_value a, tl_value b, tl_minmax_opts o);
TRITONC_API tl_value tl_minimum_at(tl_site s, tl_value a, tl_value b, tl_minmax_opts o);
#define tl_maximum(...) TLX_CAT(tlx_maximum_, TLX_KW2(__VA_ARGS__))(__VA_ARGS__)
#define tlx_maximum_P(a, b) tl_maximum_at(TL_SITE("tl_maximum"), tl_lit(a), tl_lit(b), TLX_ZERO(tl_minmax_opts))
#define tlx_maximum_K(a, b, ...)                                                                                       \
    tl_maximum_at(TL_SITE("tl_maximum"), tl_lit(a), tl_lit(b), TLX_LIT(tl_minmax_opts){__VA_ARGS__})
#define tl_minimum(...) TLX_CAT(tlx_minimum_, TLX_KW2(__VA_ARGS__))(__VA_ARGS__)
#define tlx_minimum_P(a, b) tl_minimum_at(TL_SITE("tl_minimum"), tl_lit(a), tl_lit(b), TLX_ZERO(tl_minmax_opts))
#define tlx_minimum_K(a, b, ...)                                                                                       \
    tl_minimum_at(TL_SITE("tl_minimum"), tl_lit(a), tl_lit(b), TLX_LIT(tl_minmax_opts){__VA_ARGS__})

/* tl.clamp(x, min, max[, propagate_nan]) - floats only, as in Python. */
TRITONC_API tl_value tl_clamp_at(tl_site s, tl_value x, tl_value lo, tl_value hi, tl_minmax_opts o);
#define tl_clamp(...) TLX_CAT(tlx_clamp_, TLX_KW3(__VA_ARGS__))(__VA_ARGS__)
#define tlx_clamp_P(x, lo, hi)                                                                                         \
    tl_clamp_at(TL_SITE("tl_clamp"), tl_lit(x), tl_lit(lo), tl_lit(hi), TLX_ZERO(tl_minmax_opts))
#define tlx_clamp_K(x, lo, hi, ...)                                                                                    \
    tl_clamp_at(TL_SITE("tl_clamp"), tl_lit(x), tl_lit(lo), tl_lit(hi), TLX_LIT(tl_minmax_opts){__VA_ARGS__})

/* tl.umulhi(a, b): integers only. */
TRITONC_API tl_value tl_umulhi_at(tl_site s, tl_value a, tl_value b);
#define tl_umulhi(a, b) tl_umulhi_at(TL_SITE("tl_umulhi"), tl_lit(a), tl_lit(b))

/* tl.where(cond, x, y): cond becomes i1 (cast if needed); x and y promote and all three
 * broadcast together. */
TRITONC_API tl_value tl_where_at(tl_site s, tl_value cond, tl_value x, tl_value y);
#define tl_where(c, x, y) tl_where_at(TL_SITE("tl_where"), tl_lit(c), tl_lit(x), tl_lit(y))

/* ---- math ------------------------------------------------------------------------------ */

typedef enum tl_unary_math {
    TL_MATH_EXP,
    TL_MATH_EXP2,
    TL_MATH_LOG,
    TL_MATH_LOG2,
    TL_MATH_SQRT,
    TL_MATH_RSQRT,
    TL_MATH_SIN,
    TL_MATH_COS,
    TL_MATH_ERF,
    TL_MATH_FLOOR,
    TL_MATH_CEIL,
    TL_MATH_SQRT_RN
} tl_unary_math;
/* x may be a C number: Python's to_tensor makes it a constant of its own type first (2.0 and
 * float(N) are float32, an int is int32 and refused), and the op follows; where Triton's
 * canonicalizer folds the op on a constant (every function but rsqrt and sqrt_rn; log, log2
 * and sqrt of a non-negative number) the result is that folded constant, as after make_ttir:
 * tl_rsqrt(2.0) is `math.rsqrt` of a float32 2.0, tl_log2(8.0) the float32 constant 3.0. */
TRITONC_API tl_value tl_math_at(tl_site s, tl_unary_math op, tl_value x);
#define tl_exp(x) tl_math_at(TL_SITE("tl_exp"), TL_MATH_EXP, tl_lit(x))
#define tl_exp2(x) tl_math_at(TL_SITE("tl_exp2"), TL_MATH_EXP2, tl_lit(x))
#define tl_log(x) tl_math_at(TL_SITE("tl_log"), TL_MATH_LOG, tl_lit(x))
#define tl_log2(x) tl_math_at(TL_SITE("tl_log2"), TL_MATH_LOG2, tl_lit(x))
#define tl_sqrt(x) tl_math_at(TL_SITE("tl_sqrt"), TL_MATH_SQRT, tl_lit(x))
#define tl_rsqrt(x) tl_math_at(TL_SITE("tl_rsqrt"), TL_MATH_RSQRT, tl_lit(x))
#define tl_sin(x) tl_math_at(TL_SITE("tl_sin"), TL_MATH_SIN, tl_lit(x))
#define tl_cos(x) tl_math_at(TL_SITE("tl_cos"), TL_MATH_COS, tl_lit(x))
#define tl_erf(x) tl_math_at(TL_SITE("tl_erf"), TL_MATH_ERF, tl_lit(x))
#define tl_floor(x) tl_math_at(TL_SITE("tl_floor"), TL_MATH_FLOOR, tl_lit(x))
#define tl_ceil(x) tl_math_at(TL_SITE("tl_ceil"), TL_MATH_CEIL, tl_lit(x))
#define tl_sqrt_rn(x) tl_math_at(TL_SITE("tl_sqrt_rn"), TL_MATH_SQRT_RN, tl_lit(x))

/* tl.fma(x, y, z) */
TRITONC_API tl_value tl_fma_at(tl_site s, tl_value x, tl_value y, tl_value z);
#define tl_fma(x, y, z) tl_fma_at(TL_SITE("tl_fma"), tl_lit(x), tl_lit(y), tl_lit(z))
/* tl.div_rn(x, y): tt.precise_divf */
TRITONC_API tl_value tl_div_rn_at(tl_site s, tl_value x, tl_value y);
#define tl_div_rn(x, y) tl_div_rn_at(TL_SITE("tl_div_rn"), tl_lit(x), tl_lit(y))
/* tl.fdiv(x, y[, ieee_rounding]) */
typedef struct tl_fdiv_opts {
    bool ieee_rounding;
} tl_fdiv_opts;
TRITONC_API tl_value tl_fdiv_at(tl_site s, tl_value x, tl_value y, tl_fdiv_opts o);
#define tl_fdiv(...) TLX_CAT(tlx_fdiv_, TLX_KW2(__VA_ARGS__))(__VA_ARGS__)
#define tlx_fdiv_P(x, y) tl_fdiv_at(TL_SITE("tl_fdiv"), tl_lit(x), tl_lit(y), TLX_ZERO(tl_fdiv_opts))
#define tlx_fdiv_K(x, y, ...) tl_fdiv_at(TL_SITE("tl_fdiv"), tl_lit(x), tl_lit(y), TLX_LIT(tl_fdiv_opts){__VA_ARGS__})

/* ---- MLIR-named helpers: no promotion, no broadcasting, same types required -------- */

/* Emits `name` (an arith/math/tt op whose operands and result share one type, such as
 * "arith.maximumf" or "arith.addi") on a and b. */
TRITONC_API tl_value tl_same_type_op_at(tl_site s, const char *name, int n, const tl_value *operands);
#define tl_maximumf(a, b) tl_same_type_op_at(TL_SITE("tl_maximumf"), "arith.maximumf", 2, TLX_ARRAY(tl_value, (a), (b)))
#define tl_minimumf(a, b) tl_same_type_op_at(TL_SITE("tl_minimumf"), "arith.minimumf", 2, TLX_ARRAY(tl_value, (a), (b)))
#define tl_maxnumf(a, b) tl_same_type_op_at(TL_SITE("tl_maxnumf"), "arith.maxnumf", 2, TLX_ARRAY(tl_value, (a), (b)))
#define tl_minnumf(a, b) tl_same_type_op_at(TL_SITE("tl_minnumf"), "arith.minnumf", 2, TLX_ARRAY(tl_value, (a), (b)))
#define tl_addi(a, b) tl_same_type_op_at(TL_SITE("tl_addi"), "arith.addi", 2, TLX_ARRAY(tl_value, (a), (b)))
#define tl_addf(a, b) tl_same_type_op_at(TL_SITE("tl_addf"), "arith.addf", 2, TLX_ARRAY(tl_value, (a), (b)))
#define tl_muli(a, b) tl_same_type_op_at(TL_SITE("tl_muli"), "arith.muli", 2, TLX_ARRAY(tl_value, (a), (b)))
#define tl_mulf(a, b) tl_same_type_op_at(TL_SITE("tl_mulf"), "arith.mulf", 2, TLX_ARRAY(tl_value, (a), (b)))

/* ---- casts ----------------------------------------------------------------------------- */

typedef struct tl_cast_opts {
    tl_rounding fp_downcast_rounding; /* float narrowing: default (truncf), TL_RTNE or TL_RTZ */
    bool bitcast; /* reinterpret bits: same width required */
} tl_cast_opts;
/* x.to(dtype) / tl.cast(x, dtype, ...): Python's cast rules (Triton's semantic.cast; docs/reading.md).
 * tl_cast also takes a C number, as tl.cast does a constexpr: to_tensor types it (an int is
 * int32, a float float32), and the cast of that constant folds, as make_ttir folds it:
 * tl_cast(256000, TL_I64) is the constant 256000 : i64. */
TRITONC_API tl_value tl_to_at(tl_site s, tl_value x, tl_dtype dtype, tl_cast_opts o);
#define tl_to(...) TLX_CAT(tlx_to_, TLX_KW2(__VA_ARGS__))(__VA_ARGS__)
#define tlx_to_P(x, dt) tl_to_at(TL_SITE("tl_to"), (x), (dt), TLX_ZERO(tl_cast_opts))
#define tlx_to_K(x, dt, ...) tl_to_at(TL_SITE("tl_to"), (x), (dt), TLX_LIT(tl_cast_opts){__VA_ARGS__})
#define tl_cast(...) TLX_CAT(tlx_cast_, TLX_KW2(__VA_ARGS__))(__VA_ARGS__)
#define tlx_cast_P(x, dt) tl_to_at(TL_SITE("tl_cast"), tl_lit(x), (dt), TLX_ZERO(tl_cast_opts))
#define tlx_cast_K(x, dt, ...) tl_to_at(TL_SITE("tl_cast"), tl_lit(x), (dt), TLX_LIT(tl_cast_opts){__VA_ARGS__})

/* ---- pointers and memory --------------------------------------------------------------- */

/* ptr + offset: either side may be scalar or tensor (splat and broadcast as needed).
 * tl_addptr(ptr, a, b) is Python's `ptr + a + b`, (ptr + a) + b: two tt.addptr, the first
 * made before b is evaluated (up to 7 offsets). tl_addptr(ptr, tl_add(a, b)) is
 * `ptr + (a + b)`, which adds a and b first, in their own type (docs/reading.md). */
TRITONC_API tl_value tl_addptr_at(tl_site s, tl_value ptr, tl_value offset);
TRITONC_API tl_value tl_addptr_chain_at(tl_site s, int n, const tl_value *v);
#define tl_addptr(...) TLX_CAT(tlx_addptr_, TLX_CHAIN(__VA_ARGS__))(__VA_ARGS__)
#define tlx_addptr_2(ptr, offset) tl_addptr_at(TL_SITE("tl_addptr"), (ptr), tl_lit(offset))
#define tlx_addptr_N(...) tl_addptr_chain_at(TL_SITE("tl_addptr"), TLX_CHAIN_ARGS(__VA_ARGS__))

typedef struct tl_load_args {
    /* Python's positional mask and other, tl_load(ptr, mask, other): filled by position only
     * (.mask and .other below are the keywords; one argument given both ways is an error, as
     * in Python). A fourth positional argument (Python's boundary_check) does not compile:
     * name it. */
    tl_value mask_positional, other_positional;
    TLX_NO_MORE_POSITIONAL;
    tl_value ptr; /* positional */
    tl_value mask; /* optional: i1, broadcast to ptr's shape */
    tl_value other; /* optional: needs mask; a value or tl_lit(x), cast to the element type */
    tl_cache cache;
    tl_evict eviction;
    bool is_volatile;
    /* Block pointers only (tl_make_block_ptr, memory.h): the dimensions to check against the
     * parent tensor's bounds, TL_DIMS(0, 1), and what out-of-bounds elements read. */
    tl_shape boundary_check;
    tl_padding padding;
} tl_load_args;
TRITONC_API tl_value tl_load_at(tl_site s, tl_load_args a);
/* tl_load(ptr[, .mask = m][, .other = o][, .cache = ...][, .eviction = ...][, .is_volatile = true])
 * tl_load(ptr, mask[, other][, .cache = ...]): Python's tl.load(ptr, mask, other), placed in
 * Python's order (keywords, then ptr, mask, other)
 * tl_load(block_ptr[, .boundary_check = TL_DIMS(0, 1)][, .padding = TL_PADDING_ZERO][, .cache...]) */
#define tl_load(...) TLX_CAT(tlx_load_, TLX_KW1(__VA_ARGS__))(__VA_ARGS__)
#define tlx_load_P(p) tl_load_at(TL_SITE("tl_load"), TLX_LIT(tl_load_args){.ptr = (p)})
/* Keywords come first: Triton's code generator evaluates a call's keyword arguments before its
 * positional ones, and the order of expansion here sets the source order (see tl_site). */
#ifdef __cplusplus
#define tlx_load_K(p, ...) tl_load_at(TL_SITE("tl_load"), tlx_load_args({tl_load_args{__VA_ARGS__}, (p)}))
#else
#define tlx_load_K(p, ...) tl_load_at(TL_SITE("tl_load"), TLX_LIT(tl_load_args){__VA_ARGS__, .ptr = (p)})
#endif

typedef struct tl_store_args {
    /* Python's positional mask, tl_store(ptr, value, mask), filled by position only (.mask
     * below is the keyword; both is an error). A fourth positional argument does not compile. */
    tl_value mask_positional;
    TLX_NO_MORE_POSITIONAL;
    tl_value ptr; /* positional */
    tl_value value; /* positional; a value or tl_lit(x) */
    tl_value mask;
    tl_cache cache;
    tl_evict eviction;
    tl_shape boundary_check; /* block pointers only, as for tl_load */
} tl_store_args;
/* Returns false (after recording the error) when it could not store. */
TRITONC_API bool tl_store_at(tl_site s, tl_store_args a);
/* tl_store(ptr, value[, .mask = m][, .cache = ...][, .eviction = ...])
 * tl_store(ptr, value, mask[, .cache = ...]): Python's tl.store(ptr, value, mask)
 * tl_store(block_ptr, value[, .boundary_check = TL_DIMS(1)][, .cache = ...][, .eviction = ...]) */
#define tl_store(...) TLX_CAT(tlx_store_, TLX_KW2(__VA_ARGS__))(__VA_ARGS__)
#define tlx_store_P(p, v) tl_store_at(TL_SITE("tl_store"), TLX_LIT(tl_store_args){.ptr = (p), .value = tl_lit(v)})
#ifdef __cplusplus
#define tlx_store_K(p, v, ...)                                                                                         \
    tl_store_at(TL_SITE("tl_store"), tlx_store_args({tl_store_args{__VA_ARGS__}, (p), tl_lit(v)}))
#else
#define tlx_store_K(p, v, ...)                                                                                         \
    tl_store_at(TL_SITE("tl_store"), TLX_LIT(tl_store_args){__VA_ARGS__, .ptr = (p), .value = tl_lit(v)})
#endif

#ifdef __cplusplus
} /* extern "C" */
/* C++20 designators follow the declaration order, so the keywords cannot come before .ptr:
 * the keywords fill the struct, then the positional values (a braced list keeps C's order of
 * evaluation: keywords first). */
struct tlx_load_kw {
    tl_load_args a;
    tl_value ptr;
};
inline tl_load_args tlx_load_args(tlx_load_kw k)
{
    k.a.ptr = k.ptr;
    return k.a;
}
struct tlx_store_kw {
    tl_store_args a;
    tl_value ptr, value;
};
inline tl_store_args tlx_store_args(tlx_store_kw k)
{
    k.a.ptr = k.ptr;
    k.a.value = k.value;
    return k.a;
}
extern "C" {
#endif

/* Scalars as buffers, the form XLA's Triton call launches (only buffers are passed): each
 * scalar argument declared after this (TL_SCALAR(dt)) becomes a pointer argument !tt.ptr<dt>
 * (tt.divisibility = 16, as any pointer) and tl_arg returns `tt.load` of it, made in place, so
 * the body is unchanged. Its divisibility hint is not kept (the value is read at run time) and
 * its specialization letter must be 'N'. Off by default; call it before the first tl_arg. (The
 * builder's tl_builder_set_arg_loader with tl_load as the loader.) */
TRITONC_API void tl_builder_set_scalars_as_buffers(tl_builder *b, bool on);

/* ---- compile time: static assertions and dtypes ---------------------------------------- */

/* tl.static_assert(cond, msg): checks a condition the C program knows while it builds the
 * kernel (config fields, shapes, dtypes: a C expression; a tl_value does not convert, so a
 * runtime condition does not compile). When it is false the builder is in error at the call's
 * line, "tl_static_assert: static assertion failed: MSG" (without a message, the condition's
 * text: "... failed: BLOCK_M % 16 == 0"); it emits nothing either way. Returns cond (false
 * too when the builder was already in error). tl_static_assert(b, cond) or
 * tl_static_assert(b, cond, msg). */
TRITONC_API bool tl_static_assert_at(tl_site s, tl_builder *b, bool cond, const char *msg, const char *cond_text);
#define tl_static_assert(b, ...) TLX_STATIC_ASSERT((b), __VA_ARGS__, "", ~)
#define TLX_STATIC_ASSERT(b, cond, msg, ...)                                                                           \
    tl_static_assert_at(TL_SITE("tl_static_assert"), b, (cond) ? true : false, (msg), #cond)

/* x.dtype: the element dtype of a scalar or tensor value (a literal: the dtype Python's
 * to_tensor gives it, tl_lit(1.0) is float32). A pointer's dtype is a pointer type, which a
 * tl_dtype cannot hold: that is an error (use tl_element_ty). TL_DTYPE_INVALID after an error
 * or for poison (reported on the value's builder where it has one). */
TRITONC_API tl_dtype tl_dtype_of_at(tl_site s, tl_value x);
#define tl_dtype_of(x) tl_dtype_of_at(TL_SITE("tl_dtype_of"), (x))
/* ptr.dtype.element_ty: the pointee dtype of a pointer (scalar or tensor of pointers); an
 * error for a value that is not one. TL_DTYPE_INVALID after an error. */
TRITONC_API tl_dtype tl_element_ty_at(tl_site s, tl_value ptr);
#define tl_element_ty(ptr) tl_element_ty_at(TL_SITE("tl_element_ty"), (ptr))

#ifdef __cplusplus
}
#endif
#endif
