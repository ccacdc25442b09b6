/* tritonc/dtype.h - element types and call sites: the two types every layer shares.
 *
 *   tl_dtype  the element types as triton.language names them, and their properties
 *   tl_site   where an API call was made (file, line, the call's name...), recorded in errors
 *
 * Included by builder.h (the kernel builder) and by hlo_shape.h (the call layer's shapes), so
 * that a program that only runs StableHLO programs (pjrt.h) gets a dtype without the kernel
 * builder's API. Needs only the C standard headers. Implemented in src/builder/dtype.c.
 */
#ifndef TRITONC_DTYPE_H
#define TRITONC_DTYPE_H

#include <stdbool.h>

#include "tritonc/export.h"

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
    TL_FP8E4NV, /* f8E4M3FN */
    TL_FP8E5, /* f8E5M2 */
    TL_FP8E4B8, /* f8E4M3FNUZ */
    TL_FP8E5B16, /* f8E5M2FNUZ */
    TL_FP8E4B15, /* i8 in TTIR, as Triton 3.6 makes it (XLA: f8E4M3B11FNUZ); docs/lang.md */
    TL_DTYPE_COUNT
} tl_dtype;

/* "int32", "float16", "fp8e4nv"... as Python spells them; "?" for an invalid value. */
TRITONC_API const char *tl_dtype_name(tl_dtype d);
/* Looks a dtype up by its Python name or its MLIR name ("f32"); TL_DTYPE_INVALID if none. */
TRITONC_API tl_dtype tl_dtype_parse(const char *name);
TRITONC_API bool tl_dtype_is_int(tl_dtype d); /* i1 included */
TRITONC_API bool tl_dtype_is_unsigned(tl_dtype d); /* u8..u64 (i1 is a bool, signless here) */
TRITONC_API bool tl_dtype_is_float(tl_dtype d);
TRITONC_API bool tl_dtype_is_fp8(tl_dtype d);
TRITONC_API unsigned tl_dtype_bits(tl_dtype d);

/* Where an API call was made, captured by the API's macros (the kernel builder's TL_SITE,
 * builder.h, which explains seq, scope and unit; the call layer's TH_SITE, hlo_shape.h). */
typedef struct tl_site {
    const char *file;
    int line;
    const char *func; /* the API call's name, "tl_add" */
    int seq; /* source-order key; 0: none */
    const char *scope; /* the calling C function (__func__); NULL: none */
    const void *unit; /* the calling translation unit (TLX_UNIT); NULL: one shared by all such sites */
} tl_site;

#ifdef __cplusplus
}
#endif
#endif
