/* tritonc/debug.h - debug, hints and escape ops: tl_device_print, tl_device_assert, tl_assume, tl_multiple_of, tl_max_contiguous, tl_inline_asm_elementwise, tl_extern_elementwise, tl_fp_to_fp, random numbers.
 *
 * Python's
 *
 *     tl.device_print("pid", pid, hex=True)      tl_device_print(b, "pid", pid, .hex = true);
 *     tl.device_assert(x == x, "nan!")           tl_device_assert(tl_eq(x, x), "nan!");
 *     tl.assume(n > 0)                           tl_assume(tl_gt(n, 0));
 *     r = tl.max_contiguous(tl.multiple_of(r, 16), 16)
 *                                                r = tl_max_contiguous(tl_multiple_of(r, 16), 16);
 *     y = tl.inline_asm_elementwise("mov.b32 $0, $1;", "=r,r", [a], dtype=tl.float32, is_pure=True, pack=1)
 *                                                y = tl_inline_asm_elementwise("mov.b32 $0, $1;", "=r,r",
 *                                                        TL_VALUES(a), TL_F32, true, 1);
 *     z = tl.extra.cuda.libdevice.tanh(a)        z = tl_libdevice(a, "tanh");
 *     u = tl.rand(seed, offs)                    u = tl_rand(seed, offs);
 *
 * Casts with a rounding mode (tl_fp_to_fp in the list above) are tl_to's
 * .fp_downcast_rounding (lang.h). Triton 3.6 has no convertf or scaling_truncf in
 * triton.language, so neither exists here.
 *
 * Implemented in src/lang/debug.c (prints, assertions, hints, barriers), src/lang/asm.c
 * (inline asm, extern calls, libdevice), src/lang/cuda_extra.c (tl.extra.cuda's globaltimer, smid,
 * gdc_wait, gdc_launch_dependents) and src/lang/random.c (random numbers).
 */
#ifndef TRITONC_DEBUG_H
#define TRITONC_DEBUG_H

#include "tritonc/control.h"
#include "tritonc/export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- printing and assertions -------------------------------------------------------- */

#define TL_PRINT_MAX_ARGS 16

/* The values of tl_device_print, then its keywords. Filled by the macro: values first
 * (tl_value only: wrap a number in tl_lit), in order; the first absent one ends the list. */
typedef struct tl_print_args {
    tl_value a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15;
    bool hex; /* print every value in hexadecimal */
    int end_; /* set by the macro; not a keyword */
} tl_print_args;

/* tl.device_print(prefix, *args, hex=False): tt.print with Python's prefix rules (a
 * non-empty prefix gets a leading space, and ": " at its end when values follow) and each
 * value's signedness (isSigned). Values may be scalars or tensors of any shape. */
TRITONC_API void tl_device_print_at(tl_site s, tl_builder *b, const char *prefix, tl_print_args args);
#define tl_device_print(...) TLX_CAT(tlx_device_print_, TLX_KW2(__VA_ARGS__))(__VA_ARGS__)
#define tlx_device_print_P(b, prefix)                                                                                  \
    tl_device_print_at(TL_SITE("tl_device_print"), (b), (prefix), TLX_LIT(tl_print_args){.end_ = 0})
#define tlx_device_print_K(b, prefix, ...)                                                                             \
    tl_device_print_at(TL_SITE("tl_device_print"), (b), (prefix), TLX_PRINT_ARGS(__VA_ARGS__))
#ifdef __cplusplus
/* C++20 does not mix positional and designated fields: tl_device_print(b, "x", x, y), or all
 * designated: tl_device_print(b, "x", .a0 = x, .hex = true). */
#define TLX_PRINT_ARGS(...)                                                                                            \
    tl_print_args { __VA_ARGS__ }
#else
#define TLX_PRINT_ARGS(...)                                                                                            \
    TLX_LIT(tl_print_args) { __VA_ARGS__, .end_ = 0 }
#endif

typedef struct tl_assert_opts {
    tl_value mask; /* Python's mask=: the assertion holds where the mask is false */
} tl_assert_opts;
/* tl.device_assert(cond, msg="", mask=None): tt.assert %cond, "msg", emitted only when the
 * builder's debug option is on (tl_builder_set_debug), as Python emits it only with debug.
 * cond must be a boolean (int1) scalar or tensor; a C number counts as a bool. */
TRITONC_API void tl_device_assert_at(tl_site s, tl_value cond, const char *msg, tl_assert_opts o);
#define tl_device_assert(...) TLX_CAT(tlx_device_assert_, TLX_KW2(__VA_ARGS__))(__VA_ARGS__)
#define tlx_device_assert_P(cond, msg)                                                                                 \
    tl_device_assert_at(TL_SITE("tl_device_assert"), tl_lit(cond), (msg), TLX_LIT(tl_assert_opts){.mask = {0}})
#define tlx_device_assert_K(cond, msg, ...)                                                                            \
    tl_device_assert_at(TL_SITE("tl_device_assert"), tl_lit(cond), (msg), TLX_LIT(tl_assert_opts){__VA_ARGS__})

/* tl.assume(cond): llvm.intr.assume on an int1 scalar. A C condition (int 0 or 1, what C's
 * comparisons give, such as `cfg->B > 0` for Python's constexpr `B > 0`) is a bool constant
 * here, as the constexpr is in Python. */
TRITONC_API void tl_assume_at(tl_site s, tl_builder *b, tl_value cond);
#define tl_assume(b, cond) tl_assume_at(TL_SITE("tl_assume"), (b), tl_lit(cond))

/* tl.debug_barrier(): gpu.barrier. */
TRITONC_API void tl_debug_barrier_at(tl_site s, tl_builder *b);
#define tl_debug_barrier(b) tl_debug_barrier_at(TL_SITE("tl_debug_barrier"), (b))

/* ---- compiler hints ---------------------------------------------------------------------- */

/* The values of a hint: TL_HINT(16) or TL_HINT(16, 8), one per dimension. */
typedef struct tl_hint {
    int n;
    int64_t v[TL_MAX_RANK];
} tl_hint;
#define TL_HINT(...) (TLX_LIT(tl_hint){.n = TLX_COUNT(int64_t, __VA_ARGS__), .v = {__VA_ARGS__}})

/* tl.multiple_of(x, values), tl.max_contiguous, tl.max_constancy: set tt.divisibility,
 * tt.contiguity, tt.constancy (dense<...> : tensor<Nxi32>) on the op that defines x and
 * return x. For a loop-carried block argument #i the attribute goes on the loop as
 * "tt.divisibility_argI"; on a kernel argument it is dropped, both as in Triton. One value per
 * dimension (multiple_of also takes one value for a scalar). */
typedef enum tl_hint_kind { TL_HINT_DIVISIBILITY, TL_HINT_CONTIGUITY, TL_HINT_CONSTANCY } tl_hint_kind;
TRITONC_API tl_value tl_hint_at(tl_site s, tl_hint_kind kind, tl_value x, tl_hint values);
#define tl_multiple_of(x, ...) tl_hint_at(TL_SITE("tl_multiple_of"), TL_HINT_DIVISIBILITY, (x), TL_HINT(__VA_ARGS__))
#define tl_max_contiguous(x, ...)                                                                                      \
    tl_hint_at(TL_SITE("tl_max_contiguous"), TL_HINT_CONTIGUITY, (x), TL_HINT(__VA_ARGS__))
#define tl_max_constancy(x, ...) tl_hint_at(TL_SITE("tl_max_constancy"), TL_HINT_CONSTANCY, (x), TL_HINT(__VA_ARGS__))

/* ---- inline assembly and extern functions --------------------------------------------- */

/* A list of dtypes: TL_DTYPES(TL_I32, TL_F32). */
typedef struct tl_dtypes {
    int n;
    const tl_dtype *d;
} tl_dtypes;
#define TL_DTYPES(...) (TLX_LIT(tl_dtypes){TLX_COUNT(tl_dtype, __VA_ARGS__), TLX_ARRAY(tl_dtype, __VA_ARGS__)})

#define TL_ASM_MAX_RESULTS 8
typedef struct tl_asm_results {
    int n;
    tl_value v[TL_ASM_MAX_RESULTS];
} tl_asm_results;

/* tl.inline_asm_elementwise(asm, constraints, args, dtype, is_pure, pack): one
 * tt.elementwise_inline_asm over args broadcast together (pointers allowed, no promotion),
 * with one result per dtype, shaped like the broadcast args. args needs at least one value
 * (it names the builder); tl_inline_asm_elementwise_in (below) takes the builder and no args. */
TRITONC_API tl_asm_results tl_inline_asm_elementwise_at(tl_site s, const char *asm_text, const char *constraints,
                                                        tl_values args, tl_dtypes dtypes, bool is_pure, int pack);
/* One result: (y = ...). */
static inline tl_value tl_asm_first(tl_asm_results r) { return r.v[0]; }
#define tl_inline_asm_elementwise(asm_text, constraints, args, dtype, is_pure, pack)                                   \
    tl_asm_first(tl_inline_asm_elementwise_at(TL_SITE("tl_inline_asm_elementwise"), (asm_text), (constraints), (args), \
                                              TL_DTYPES(dtype), (is_pure), (pack)))
/* Several results, Python's dtype=(tl.int32, tl.float32): (c, d) = ... is r.v[0], r.v[1]. */
#define tl_inline_asm_elementwise_n(asm_text, constraints, args, dtypes, is_pure, pack)                                \
    tl_inline_asm_elementwise_at(TL_SITE("tl_inline_asm_elementwise"), (asm_text), (constraints), (args), (dtypes),    \
                                 (is_pure), (pack))

/* The same with the kernel's builder given first, so that args may be empty (Python's args=[]):
 * the results are then scalars, as PTX's special registers are read:
 *     t = tl.inline_asm_elementwise("mov.u64 $0, %globaltimer;", "=l", [], dtype=tl.int64, is_pure=False, pack=1)
 *     tl_value t = tl_inline_asm_elementwise_in(b, "mov.u64 $0, %globaltimer;", "=l", TL_NO_VALUES, TL_I64, false, 1);
 * With values in args, b must be their builder. */
TRITONC_API tl_asm_results tl_inline_asm_elementwise_in_at(tl_site s, tl_builder *b, const char *asm_text,
                                                           const char *constraints, tl_values args, tl_dtypes dtypes,
                                                           bool is_pure, int pack);
#define tl_inline_asm_elementwise_in(b, asm_text, constraints, args, dtype, is_pure, pack)                             \
    tl_asm_first(tl_inline_asm_elementwise_in_at(TL_SITE("tl_inline_asm_elementwise"), (b), (asm_text), (constraints), \
                                                 (args), TL_DTYPES(dtype), (is_pure), (pack)))
#define tl_inline_asm_elementwise_in_n(b, asm_text, constraints, args, dtypes, is_pure, pack)                          \
    tl_inline_asm_elementwise_in_at(TL_SITE("tl_inline_asm_elementwise"), (b), (asm_text), (constraints), (args),      \
                                    (dtypes), (is_pure), (pack))

/* ---- triton.language.extra.cuda -------------------------------------------------------------- */

/* tl.extra.cuda.globaltimer(): the int64 scalar of PTX's %globaltimer (inline asm, not pure).
 * tl.extra.cuda.smid(): the int32 scalar of %smid (inline asm, pure).
 * tl.extra.cuda.gdc_wait(), gdc_launch_dependents(): programmatic dependent launch's
 * griddepcontrol.wait and griddepcontrol.launch_dependents (inline asm with a dummy int32 result,
 * not pure). Each is Python's inline_asm_elementwise call with no arguments. */
TRITONC_API tl_value tl_globaltimer_at(tl_site s, tl_builder *b);
TRITONC_API tl_value tl_smid_at(tl_site s, tl_builder *b);
TRITONC_API void tl_gdc_wait_at(tl_site s, tl_builder *b);
TRITONC_API void tl_gdc_launch_dependents_at(tl_site s, tl_builder *b);
#define tl_globaltimer(b) tl_globaltimer_at(TL_SITE("tl_globaltimer"), (b))
#define tl_smid(b) tl_smid_at(TL_SITE("tl_smid"), (b))
#define tl_gdc_wait(b) tl_gdc_wait_at(TL_SITE("tl_gdc_wait"), (b))
#define tl_gdc_launch_dependents(b) tl_gdc_launch_dependents_at(TL_SITE("tl_gdc_launch_dependents"), (b))

/* One entry of extern_elementwise's arg_type_symbol_dict: argument dtypes -> (symbol, result). */
#define TL_EXTERN_MAX_ARGS 4
typedef struct tl_extern_overload {
    tl_dtype args[TL_EXTERN_MAX_ARGS]; /* the first `nargs` of them */
    const char *symbol;
    tl_dtype ret;
} tl_extern_overload;

/* tl.extern_elementwise(lib_name, lib_path, args, arg_type_symbol_dict, is_pure): the
 * overload whose dtypes equal the args' (numbers typed as to_tensor types them) gives the
 * symbol and the result dtype; args are broadcast together, not promoted. */
TRITONC_API tl_value tl_extern_elementwise_at(tl_site s, const char *lib_name, const char *lib_path, tl_values args,
                                              int noverloads, const tl_extern_overload *overloads, bool is_pure);
#define tl_extern_elementwise(lib_name, lib_path, args, noverloads, overloads, is_pure)                                \
    tl_extern_elementwise_at(TL_SITE("tl_extern_elementwise"), (lib_name), (lib_path), (args), (noverloads),           \
                             (overloads), (is_pure))

/* A function of CUDA's libdevice as tl.extra.cuda.libdevice names it, for float arguments:
 * tl_libdevice(x, "tanh") is libdevice.tanh(x), the symbol __nv_tanhf for float32 and __nv_tanh
 * for float64 (libname and libpath empty, pure), result of the argument's dtype. The symbols come
 * from a table of Triton 3.6's libdevice.py ("abs" is __nv_fabsf, "div_rn" __nv_fdiv_rn; "pow",
 * "ldexp" and "scalbn" also take an int32 second argument: tl_libdevice2(x, 2, "pow") is
 * __nv_powif). Up to TL_EXTERN_MAX_ARGS arguments: tl_libdevice2(x, y, "pow"). A name libdevice
 * lacks ("rintt") or a wrong argument count is an error, as in Python; libdevice's functions of
 * other types (integer ones, conversions, predicates) are errors that say to call them with
 * tl_extern_elementwise (docs/lang.md). */
TRITONC_API tl_value tl_libdevice_at(tl_site s, const char *name, tl_values args);
#define tl_libdevice(x, name) tl_libdevice_at(TL_SITE("tl_libdevice"), (name), TL_VALUES(tl_lit(x)))
#define tl_libdevice2(x, y, name) tl_libdevice_at(TL_SITE("tl_libdevice"), (name), TL_VALUES(tl_lit(x), tl_lit(y)))
#define tl_libdevice3(x, y, z, name)                                                                                   \
    tl_libdevice_at(TL_SITE("tl_libdevice"), (name), TL_VALUES(tl_lit(x), tl_lit(y), tl_lit(z)))

/* ---- random numbers (triton.language.random: Philox 4x32) ----------------------------- */

/* n_rounds: Philox rounds; 0 means Python's default, 10. */
typedef struct tl_random_opts {
    int n_rounds;
} tl_random_opts;

typedef struct tl_value4 {
    tl_value v[4];
} tl_value4;

/* tl.randint(seed, offset): a block of random uint32 (int32 in IR) shaped like offset.
 * seed is an integer scalar (or number), offset an integer tensor. The ops are Python's after
 * its @jit helpers are inlined. */
TRITONC_API tl_value tl_randint_at(tl_site s, tl_value seed, tl_value offset, tl_random_opts o);
/* tl.rand: uniform float32 in [0, 1); tl.randn: normal float32 (Box-Muller). */
TRITONC_API tl_value tl_rand_at(tl_site s, tl_value seed, tl_value offset, tl_random_opts o);
TRITONC_API tl_value tl_randn_at(tl_site s, tl_value seed, tl_value offset, tl_random_opts o);
/* tl.randint4x, tl.rand4x, tl.randn4x: four blocks at once. */
TRITONC_API tl_value4 tl_randint4x_at(tl_site s, tl_value seed, tl_value offset, tl_random_opts o);
TRITONC_API tl_value4 tl_rand4x_at(tl_site s, tl_value seed, tl_value offset, tl_random_opts o);
TRITONC_API tl_value4 tl_randn4x_at(tl_site s, tl_value seed, tl_value offset, tl_random_opts o);

#define TLX_RANDOM(fn, ...) TLX_CAT(tlx_random_, TLX_KW2(__VA_ARGS__))(fn, __VA_ARGS__)
#define tlx_random_P(fn, seed, offset) fn##_at(TL_SITE(#fn), tl_lit(seed), (offset), TLX_ZERO(tl_random_opts))
#define tlx_random_K(fn, seed, offset, ...)                                                                            \
    fn##_at(TL_SITE(#fn), tl_lit(seed), (offset), TLX_LIT(tl_random_opts){__VA_ARGS__})
/* tl.philox(seed, c0, c1, c2, c3, n_rounds=10): Philox 4x32 on the counters c0..c3, keyed by
 * seed (an integer scalar or number, as for tl_randint): the four blocks of random uint32 (int32
 * in IR) that randint4x is made of. The counters are 32-bit integer values of one type (Python's
 * uint64 counters, its 64-bit form, are not supported: an error); the ops and constants are
 * Python's after make_ttir. */
TRITONC_API tl_value4 tl_philox_at(tl_site s, tl_value seed, tl_value c0, tl_value c1, tl_value c2, tl_value c3,
                                   tl_random_opts o);
/* tl.philox_impl(c0, c1, c2, c3, k0, k1, n_rounds=10): the rounds alone, on uint32 counters of
 * one type (Python's assertion "dtype not supported in philox_impl" for others) and 32-bit
 * integer keys given as values. */
TRITONC_API tl_value4 tl_philox_impl_at(tl_site s, tl_value c0, tl_value c1, tl_value c2, tl_value c3, tl_value k0,
                                        tl_value k1, tl_random_opts o);
/* tl.uint_to_uniform_float(x): a block of random 32-bit integers (int32 or uint32; Python's
 * 64-bit form is not supported) as float32 in [0, 1). */
TRITONC_API tl_value tl_uint_to_uniform_float_at(tl_site s, tl_value x);
#define tl_uint_to_uniform_float(x) tl_uint_to_uniform_float_at(TL_SITE("tl_uint_to_uniform_float"), (x))
/* tl.pair_uniform_to_normal(u1, u2): Box-Muller on two float32 values of one type; first and
 * second are Python's two results (absent values after an error). */
TRITONC_API tl_pair tl_pair_uniform_to_normal_at(tl_site s, tl_value u1, tl_value u2);
#define tl_pair_uniform_to_normal(u1, u2) tl_pair_uniform_to_normal_at(TL_SITE("tl_pair_uniform_to_normal"), (u1), (u2))

/* Dispatch on 5 (6) arguments: P when exactly that many, K when keywords follow. */
#define TLX_KWR5(...) TLX_ARG16(__VA_ARGS__, K, K, K, K, K, K, K, K, K, K, P, _, _, _, _, _)
#define TLX_KWR6(...) TLX_ARG16(__VA_ARGS__, K, K, K, K, K, K, K, K, K, P, _, _, _, _, _, _)
#define tl_philox(...) TLX_CAT(tlx_philox_, TLX_KWR5(__VA_ARGS__))(__VA_ARGS__)
#define tlx_philox_P(seed, c0, c1, c2, c3)                                                                             \
    tl_philox_at(TL_SITE("tl_philox"), tl_lit(seed), (c0), (c1), (c2), (c3), TLX_ZERO(tl_random_opts))
#define tlx_philox_K(seed, c0, c1, c2, c3, ...)                                                                        \
    tl_philox_at(TL_SITE("tl_philox"), tl_lit(seed), (c0), (c1), (c2), (c3), TLX_LIT(tl_random_opts){__VA_ARGS__})
#define tl_philox_impl(...) TLX_CAT(tlx_philox_impl_, TLX_KWR6(__VA_ARGS__))(__VA_ARGS__)
#define tlx_philox_impl_P(c0, c1, c2, c3, k0, k1)                                                                      \
    tl_philox_impl_at(TL_SITE("tl_philox_impl"), (c0), (c1), (c2), (c3), (k0), (k1), TLX_ZERO(tl_random_opts))
#define tlx_philox_impl_K(c0, c1, c2, c3, k0, k1, ...)                                                                 \
    tl_philox_impl_at(TL_SITE("tl_philox_impl"), (c0), (c1), (c2), (c3), (k0), (k1),                                   \
                      TLX_LIT(tl_random_opts){__VA_ARGS__})

#define tl_randint(...) TLX_RANDOM(tl_randint, __VA_ARGS__)
#define tl_rand(...) TLX_RANDOM(tl_rand, __VA_ARGS__)
#define tl_randn(...) TLX_RANDOM(tl_randn, __VA_ARGS__)
#define tl_randint4x(...) TLX_RANDOM(tl_randint4x, __VA_ARGS__)
#define tl_rand4x(...) TLX_RANDOM(tl_rand4x, __VA_ARGS__)
#define tl_randn4x(...) TLX_RANDOM(tl_randn4x, __VA_ARGS__)

#ifdef __cplusplus
}
#endif
#endif
