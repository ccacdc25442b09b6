/* triton.language dtypes: names, classes and their MLIR types. */
#include <string.h>

#include "builder/dtype_inline.h"

typedef struct dtype_info {
    const char *name; /* Python's */
    const char *mlir; /* as MLIR prints the element type */
} dtype_info;

static const dtype_info infos[TL_DTYPE_COUNT] = {
    [TL_DTYPE_INVALID] = {"?", "?"},
    [TL_I1] = {"int1", "i1"},
    [TL_I8] = {"int8", "i8"},
    [TL_I16] = {"int16", "i16"},
    [TL_I32] = {"int32", "i32"},
    [TL_I64] = {"int64", "i64"},
    [TL_U8] = {"uint8", "u8"},
    [TL_U16] = {"uint16", "u16"},
    [TL_U32] = {"uint32", "u32"},
    [TL_U64] = {"uint64", "u64"},
    [TL_F16] = {"float16", "f16"},
    [TL_BF16] = {"bfloat16", "bf16"},
    [TL_F32] = {"float32", "f32"},
    [TL_F64] = {"float64", "f64"},
    [TL_FP8E4NV] = {"float8e4nv", "f8E4M3FN"},
    [TL_FP8E5] = {"float8e5", "f8E5M2"},
    [TL_FP8E4B8] = {"float8e4b8", "f8E4M3FNUZ"},
    [TL_FP8E5B16] = {"float8e5b16", "f8E5M2FNUZ"},
    [TL_FP8E4B15] = {"float8e4b15", "f8E4M3B11FNUZ"},
};

const unsigned char builder_dtype_bits_of[TL_DTYPE_COUNT] = {
    [TL_I1] = 1,   [TL_I8] = 8,      [TL_I16] = 16,  [TL_I32] = 32,    [TL_I64] = 64,     [TL_U8] = 8,
    [TL_U16] = 16, [TL_U32] = 32,    [TL_U64] = 64,  [TL_F16] = 16,    [TL_BF16] = 16,    [TL_F32] = 32,
    [TL_F64] = 64, [TL_FP8E4NV] = 8, [TL_FP8E5] = 8, [TL_FP8E4B8] = 8, [TL_FP8E5B16] = 8, [TL_FP8E4B15] = 8,
};

/* Python's short aliases (tl.float32 is also spelled fp32 in signatures). */
static const struct {
    const char *alias;
    tl_dtype d;
} aliases[] = {
    {"bool", TL_I1},           {"fp16", TL_F16},          {"bf16", TL_BF16},   {"fp32", TL_F32},
    {"fp64", TL_F64},          {"fp8e4nv", TL_FP8E4NV},   {"fp8e5", TL_FP8E5}, {"fp8e4b8", TL_FP8E4B8},
    {"fp8e5b16", TL_FP8E5B16}, {"fp8e4b15", TL_FP8E4B15},
};

const char *tl_dtype_name(tl_dtype d) { return (unsigned)d < TL_DTYPE_COUNT ? infos[d].name : "?"; }

tl_dtype tl_dtype_parse(const char *name)
{
    if (!name)
        return TL_DTYPE_INVALID;
    for (int d = 1; d < TL_DTYPE_COUNT; d++)
        if (strcmp(name, infos[d].name) == 0 || strcmp(name, infos[d].mlir) == 0)
            return (tl_dtype)d;
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (strcmp(name, aliases[i].alias) == 0)
            return aliases[i].d;
    return TL_DTYPE_INVALID;
}

bool(tl_dtype_is_int)(tl_dtype d) { return builder_dtype_is_int(d); }
bool(tl_dtype_is_unsigned)(tl_dtype d) { return builder_dtype_is_unsigned(d); }
bool(tl_dtype_is_float)(tl_dtype d) { return builder_dtype_is_float(d); }
bool(tl_dtype_is_fp8)(tl_dtype d) { return builder_dtype_is_fp8(d); }
unsigned(tl_dtype_bits)(tl_dtype d) { return builder_dtype_bits(d); }

const signed char builder_dtype_float_kind_of[TL_DTYPE_COUNT] = {
    [TL_DTYPE_INVALID] = -1,
    [TL_I1] = -1,
    [TL_I8] = -1,
    [TL_I16] = -1,
    [TL_I32] = -1,
    [TL_I64] = -1,
    [TL_U8] = -1,
    [TL_U16] = -1,
    [TL_U32] = -1,
    [TL_U64] = -1,
    [TL_F16] = TCIR_F16,
    [TL_BF16] = TCIR_BF16,
    [TL_F32] = TCIR_F32,
    [TL_F64] = TCIR_F64,
    [TL_FP8E4NV] = TCIR_F8E4M3FN,
    [TL_FP8E5] = TCIR_F8E5M2,
    [TL_FP8E4B8] = TCIR_F8E4M3FNUZ,
    [TL_FP8E5B16] = TCIR_F8E5M2FNUZ,
    [TL_FP8E4B15] = TCIR_F8E4M3B11FNUZ,
};

const tcir_type *(tl_dtype_ir)(tcir_context *ctx, tl_dtype d) { return builder_dtype_ir(ctx, d); }
