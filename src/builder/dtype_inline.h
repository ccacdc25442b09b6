/* Private: the dtype predicates of tritonc/builder.h, inlined for the library's own code.
 *
 * The language asks them several times per operand (promotion, casts, constants), and each
 * was a call into dtype.c. As in ir/inline.h, each becomes a macro of the same name over a
 * static inline body; dtype.c's public functions return these bodies, defined under their
 * parenthesized names. Each macro evaluates its argument once; TRITONC_NO_INLINE_SHADOWS
 * leaves them out, as in ir/inline.h. */
#ifndef TRITONC_DTYPE_INLINE_H
#define TRITONC_DTYPE_INLINE_H

#include "ir/inline.h" /* tcir_type_int and tcir_type_float's memos */
#include "tritonc/builder.h"

/* Each dtype's width in bits (dtype.c); 0 for TL_DTYPE_INVALID. */
extern const unsigned char builder_dtype_bits_of[TL_DTYPE_COUNT];
/* Each float dtype's tcir_float_kind (dtype.c); -1 for the others. */
extern const signed char builder_dtype_float_kind_of[TL_DTYPE_COUNT];

static inline bool builder_dtype_is_int(tl_dtype d) { return d >= TL_I1 && d <= TL_U64; }
static inline bool builder_dtype_is_unsigned(tl_dtype d) { return d >= TL_U8 && d <= TL_U64; }
static inline bool builder_dtype_is_float(tl_dtype d) { return d >= TL_F16 && d <= TL_FP8E4B15; }
static inline bool builder_dtype_is_fp8(tl_dtype d) { return d >= TL_FP8E4NV && d <= TL_FP8E4B15; }
static inline unsigned builder_dtype_bits(tl_dtype d)
{
    return (unsigned)d < TL_DTYPE_COUNT ? builder_dtype_bits_of[d] : 0;
}

/* The language asks a dtype's IR type for nearly every operand: the context's memos answer. */
static inline const tcir_type *builder_dtype_ir(tcir_context *ctx, tl_dtype d)
{
    /* Triton 3.6's get_fp8e4b15_ty is i8 (MLIR has no such type, and Triton's ops take none):
     * the value's dtype says float8e4b15, its IR type i8. */
    if (d == TL_FP8E4B15)
        return tcir_type_int(ctx, 8);
    if (builder_dtype_is_int(d))
        return tcir_type_int(ctx, builder_dtype_bits(d));
    if (builder_dtype_is_float(d))
        return tcir_type_float(ctx, (tcir_float_kind)builder_dtype_float_kind_of[d]);
    return NULL;
}

#ifndef TRITONC_NO_INLINE_SHADOWS
#define tl_dtype_is_int(d) builder_dtype_is_int(d)
#define tl_dtype_is_unsigned(d) builder_dtype_is_unsigned(d)
#define tl_dtype_is_float(d) builder_dtype_is_float(d)
#define tl_dtype_is_fp8(d) builder_dtype_is_fp8(d)
#define tl_dtype_bits(d) builder_dtype_bits(d)
#define tl_dtype_ir(ctx, d) builder_dtype_ir(ctx, d)
#endif

#endif
