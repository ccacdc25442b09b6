/* tritonc/dtype.h - element types and call sites: the two types every layer shares.
 *
 *   tl_dtype  the element types as triton.language names them, and their properties
 *   tl_site   where an API call was made (file, line, the call's name...), recorded in errors
 *
 * and the macros with which every public header reads as C11 and as C++20 (TL__LIT...).
 *
 * Included by builder.h (the kernel builder) and by hlo_shape.h (the call layer's shapes), so
 * that a program that only runs StableHLO programs (pjrt.h) gets a dtype without the kernel
 * builder's API. Needs only the C standard headers. Implemented in src/builder/dtype.c.
 */
#ifndef TRITONC_DTYPE_H
#define TRITONC_DTYPE_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Element types as triton.language names them. Unsigned integers print as the signless
 * MLIR integer of their width; the signedness only steers the semantics (division,
 * comparison, shifts, casts), as in Python. */
typedef enum tl_dtype {
    TL_DTYPE_INVALID = 0,
    TL_I1,
    TL_I8,
    TL_I16,
    TL_I32,
    TL_I64,
    TL_U8,
    TL_U16,
    TL_U32,
    TL_U64,
    TL_F16,
    TL_BF16,
    TL_F32,
    TL_F64,
    TL_FP8E4NV,  /* f8E4M3FN */
    TL_FP8E5,    /* f8E5M2 */
    TL_FP8E4B8,  /* f8E4M3FNUZ */
    TL_FP8E5B16, /* f8E5M2FNUZ */
    TL_FP8E4B15, /* f8E4M3B11FNUZ */
    TL_DTYPE_COUNT
} tl_dtype;

/* "int32", "float16", "fp8e4nv"... as Python spells them; "?" for an invalid value. */
const char *tl_dtype_name(tl_dtype d);
/* Looks a dtype up by its Python name or its MLIR name ("f32"); TL_DTYPE_INVALID if none. */
tl_dtype tl_dtype_parse(const char *name);
bool tl_dtype_is_int(tl_dtype d);      /* i1 included */
bool tl_dtype_is_unsigned(tl_dtype d); /* u8..u64 (i1 is a bool, signless here) */
bool tl_dtype_is_float(tl_dtype d);
bool tl_dtype_is_fp8(tl_dtype d);
unsigned tl_dtype_bits(tl_dtype d);

/* Where an API call was made, captured by the API's macros (the kernel builder's TL_SITE,
 * builder.h, which explains seq, scope and unit; the call layer's TH_SITE, hlo_shape.h). */
typedef struct tl_site {
    const char *file;
    int line;
    const char *func;  /* the API call's name, "tl_add" */
    int seq;           /* source-order key; 0: none */
    const char *scope; /* the calling C function (__func__); NULL: none */
    const void *unit;  /* the calling translation unit (TL__UNIT); NULL: one shared by all such sites */
} tl_site;

#ifdef __cplusplus
}
#endif

/* ---- one set of macros for C and C++ -------------------------------------------------
 *
 * The API's macros build their arguments with these, so that one header reads as C11 and as
 * C++20 (docs/cxx.md): TL__LIT(T){...} is C's compound literal (T){...} and C++'s T{...};
 * TL__ZERO(T) is the all-zero T; TL__ARRAY(T, ...) points at a temporary array of the values
 * (alive until the end of the full expression); TL__COUNT(T, ...) counts them without
 * evaluating them. */
#ifdef __cplusplus
extern "C++" {
template <class T> using tl__array_t = T[];
template <class T, decltype(sizeof 0) N> constexpr const T *tl__array(const T (&a)[N]) { return a; }
}
#define TL__LIT(T) T
/* Keyword arguments leave fields out by design; C++ compilers warn about that under -Wextra
 * (g++ even for designated initializers, which C does not), so the warning is off for the
 * translation units that include these headers. */
#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#endif
#define TL__ZERO(T) (T{})
#define TL__ARRAY(T, ...) tl__array<T>({__VA_ARGS__})
#define TL__COUNT(T, ...) ((int)(sizeof(tl__array_t<T>{__VA_ARGS__}) / sizeof(T)))
#else
#define TL__LIT(T) (T)
#define TL__ZERO(T) ((T){0})
#define TL__ARRAY(T, ...) ((T[]){__VA_ARGS__})
#define TL__COUNT(T, ...) ((int)(sizeof((T[]){__VA_ARGS__}) / sizeof(T)))
#endif
#endif
