/* tritonc/hlo_shape.h - the call layer's shapes and call sites (prefix th_), on their own.
 *
 *   th_shape, TH_SHAPE  a tensor type: element dtype (tl_dtype, dtype.h) and dims
 *   th_site, TH_SITE    where a call was made (the kernel builder's tl_site)
 *   th_builder          declared only (incomplete): its API is hlo.h's
 *
 * What a program that runs StableHLO programs (pjrt.h) needs of hlo.h, without the program
 * builder's API or the kernel builder's under it: hlo.h and pjrt.h include it. Needs only
 * dtype.h and the C standard headers. Implemented in src/hlo/hlo_shape.c (library tritonc_hlo).
 */
#ifndef TRITONC_HLO_SHAPE_H
#define TRITONC_HLO_SHAPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tritonc/dtype.h"
#include "tritonc/export.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TH_MAX_RANK 8

/* The call layer's forms of builder.h's TLX_LIT, TLX_ARRAY and TLX_COUNT (this header does not
 * include the builder), so that one header reads as C11 and as C++20 (docs/cxx.md):
 * TLX_TH_LIT(T){...} is C's compound literal (T){...} and C++'s T{...}; TLX_TH_ARRAY(T, ...) points at
 * a temporary array of the values (alive until the end of the full expression); TLX_TH_COUNT(T, ...)
 * counts them without evaluating them. */
#ifdef __cplusplus
extern "C++" {
template <class T> using tlx_th_array_t = T[];
template <class T, decltype(sizeof 0) N> constexpr const T *tlx_th_array(const T (&a)[N]) { return a; }
}
/* As builder.h: designated keyword fields leave the others out by design. */
#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#endif
#define TLX_TH_LIT(T) T
#define TLX_TH_ARRAY(T, ...) tlx_th_array<T>({__VA_ARGS__})
#define TLX_TH_COUNT(T, ...) ((int)(sizeof(tlx_th_array_t<T>{__VA_ARGS__}) / sizeof(T)))
#else
#define TLX_TH_LIT(T) (T)
#define TLX_TH_ARRAY(T, ...) ((T[]){__VA_ARGS__})
#define TLX_TH_COUNT(T, ...) ((int)(sizeof((T[]){__VA_ARGS__}) / sizeof(T)))
#endif

typedef struct th_builder th_builder;

/* Where a call was made, captured by the API's macros (file NULL: unknown): the kernel
 * builder's tl_site (dtype.h), of which the call layer uses file, line and func (the API
 * call's name, "th_add"); the others stay zero. th_site is its name in this layer. Write one
 * with TH_SITE or designated fields ((th_site){.file = f, .line = l, .func = fn}). */
typedef tl_site th_site;
#define TH_SITE(fn) (TLX_TH_LIT(th_site){.file = __FILE__, .line = __LINE__, .func = (fn)})

/* ---- shapes -------------------------------------------------------------------------- */

/* A tensor type: element dtype and dims. rank 0 is a 0-d tensor (tensor<i32>). Unsigned
 * dtypes are StableHLO's unsigned integers (tensor<4xui32>); a kernel sees them as the
 * signless integer of their width (!tt.ptr<i32>). */
typedef struct th_shape {
    tl_dtype dtype;
    int rank;
    int64_t dims[TH_MAX_RANK];
} th_shape;

/* Builds a th_shape from {dtype, d0, d1, ...}. A rank over TH_MAX_RANK keeps its first
 * TH_MAX_RANK dims: an invalid shape, reported where it is used. */
static inline th_shape th_shape_from(const int64_t *dtype_then_dims, int count)
{
    th_shape s = {(tl_dtype)dtype_then_dims[0], count - 1, {0}};
    for (int i = 1; i < count && i <= TH_MAX_RANK; i++)
        s.dims[i - 1] = dtype_then_dims[i];
    return s;
}
/* TH_SHAPE(TL_F32, 64, 128) is tensor<64x128xf32>; TH_SHAPE(TL_I32) is tensor<i32>. */
#define TH_SHAPE(...) th_shape_from(TLX_TH_ARRAY(int64_t, __VA_ARGS__), TLX_TH_COUNT(int64_t, __VA_ARGS__))

/* Number of elements (1 for a 0-d tensor; 0 for an invalid shape). */
TRITONC_API int64_t th_shape_numel(th_shape s);
/* True when both are the same tensor type. */
TRITONC_API bool th_shape_equal(th_shape a, th_shape b);
/* Writes "tensor<64x128xf32>" into buf (snprintf convention: returns the length needed).
 * An invalid shape writes "<invalid shape>". */
TRITONC_API size_t th_shape_str(th_shape s, char *buf, size_t size);

#ifdef __cplusplus
}
#endif
#endif
