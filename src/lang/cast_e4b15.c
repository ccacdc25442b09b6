/* Casts from and to float8e4b15, which MLIR has no conversion for: Triton 3.6's semantic.cast
 * hands them to the target's convert_custom_types, on NVIDIA from sm80 on
 * tl.extra.cuda.convert_custom_float8_sm80 (utils.py): inline asm that widens to float16 (then
 * float32 with an extf), or narrows from float16 (float32 first narrowed to float16, rounding
 * toward zero) with min.f16x2 saturation. The asm texts are Python's, byte for byte. */
#include "lang/lang_internal.h"
#include "tritonc/debug.h"

/* convert_fp8e4b15_to_float16: each line padded to 39 characters, as utils.py writes them. */
static const char cast_e4b15_to_f16[] = "{                                      \n"
                                        ".reg .b32 a<2>, b<2>;                  \n"
                                        "prmt.b32 a0, 0, $2, 0x5746;            \n"
                                        "and.b32 b0, a0, 0x7f007f00;            \n"
                                        "and.b32 b1, a0, 0x00ff00ff;            \n"
                                        "and.b32 a1, a0, 0x00800080;            \n"
                                        "shr.b32  b0, b0, 1;                    \n"
                                        "add.u32 b1, b1, a1;                    \n"
                                        "lop3.b32 $0, b0, 0x80008000, a0, 0xf8; \n"
                                        "shl.b32 $1, b1, 7;                     \n"
                                        "}                                      \n";

/* convert_float16_to_fp8e4b15(has_minx2=True): utils.py's three triple-quoted parts, their
 * indentation included. */
static const char cast_f16_to_e4b15[] = "{\n"
                                        "            .reg .pred p<4>;\n"
                                        "            .reg .b32 a<2>, b<2>;\n"
                                        "            .reg .b16 c<4>;\n"
                                        "            .reg .b16 max_val_f16;\n"
                                        "            .reg .b32 max_val_f16x2;\n"
                                        "            mov.b16 max_val_f16,   0x3F00;\n"
                                        "            mov.b32 max_val_f16x2, 0x3F003F00;\n"
                                        "            and.b32 a0, $1, 0x7fff7fff;\n"
                                        "            and.b32 a1, $2, 0x7fff7fff;"
                                        "min.f16x2 a0, a0, max_val_f16x2;\n"
                                        "                  min.f16x2 a1, a1, max_val_f16x2;"
                                        "mad.lo.u32 a0, a0, 2, 0x00800080;\n"
                                        "              mad.lo.u32 a1, a1, 2, 0x00800080;\n"
                                        "              lop3.b32 b0, $1, 0x80008000, a0, 0xea;\n"
                                        "              lop3.b32 b1, $2, 0x80008000, a1, 0xea;\n"
                                        "              prmt.b32 $0, b0, b1, 0x7531;\n"
                                        "              }";

/* o becomes Python's inline_asm_elementwise(asm, constraints, [o], dtype, is_pure=True, pack=4). */
static bool cast_e4b15_asm(tl_site s, tl_builder *b, lang_opnd *o, const char *asm_text, const char *constraints,
                           tl_dtype dt)
{
    tl_value x = lang_value(s, b, o);
    if (tl_value_is_poison(x))
        return false;
    tl_value r = tl_inline_asm_elementwise_at(s, asm_text, constraints, TL_VALUES(x), TL_DTYPES(dt), true, 4).v[0];
    if (tl_value_is_poison(r))
        return false;
    lang_opnd_set(o, &r);
    return true;
}

bool lang_cast_e4b15(tl_site s, tl_builder *b, lang_opnd *o, tl_dtype dst)
{
    tl_dtype src = o->dtype;
    if (src == TL_FP8E4B15) {
        /* Python's convert returns float16, widened to float32 when asked; it returns that float16
         * for any other destination too, which is not the cast asked for: refused here */
        if (dst != TL_F16 && dst != TL_F32) {
            tl_builder_fail(b, s,
                            "%s converts only to float16 and float32 (Triton 3.6's convert_custom_float8), not %s",
                            tl_dtype_name(src), tl_dtype_name(dst));
            return false;
        }
        return cast_e4b15_asm(s, b, o, cast_e4b15_to_f16, "=r,=r,r", TL_F16) &&
            lang_cast(s, b, o, dst, TL_ROUND_DEFAULT);
    }
    if (src != TL_F16 && src != TL_F32) { /* Python's assertion in convert_custom_float8 */
        tl_builder_fail(b, s, "only float16 and float32 convert to %s (Triton 3.6's convert_custom_float8), not %s",
                        tl_dtype_name(dst), tl_dtype_name(src));
        return false;
    }
    if (src == TL_F32 && !lang_cast(s, b, o, TL_F16, TL_RTZ))
        return false;
    return cast_e4b15_asm(s, b, o, cast_f16_to_e4b15, "=r,r,r", TL_FP8E4B15);
}
