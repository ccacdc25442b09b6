/* Tensor types of StableHLO programs: validity, equality and their text. */
#include <stdio.h>
#include <string.h>

#include "hlo/hlo_internal.h"

const char *hlo_elem_str(tl_dtype d)
{
    switch (d) {
    case TL_I1: return "i1";
    case TL_I8: return "i8";
    case TL_I16: return "i16";
    case TL_I32: return "i32";
    case TL_I64: return "i64";
    /* StableHLO's integers are signless (signed) or unsigned; Triton's are all signless. */
    case TL_U8: return "ui8";
    case TL_U16: return "ui16";
    case TL_U32: return "ui32";
    case TL_U64: return "ui64";
    case TL_F16: return "f16";
    case TL_BF16: return "bf16";
    case TL_F32: return "f32";
    case TL_F64: return "f64";
    case TL_FP8E4NV: return "f8E4M3FN";
    case TL_FP8E5: return "f8E5M2";
    case TL_FP8E4B8: return "f8E4M3FNUZ";
    case TL_FP8E5B16: return "f8E5M2FNUZ";
    case TL_FP8E4B15: return "f8E4M3B11FNUZ";
    default: return NULL;
    }
}

const char *hlo_shape_problem(th_shape s)
{
    if (!hlo_elem_str(s.dtype))
        return "an invalid dtype";
    if (s.rank < 0 || s.rank > TH_MAX_RANK)
        return "a rank outside 0..8";
    for (int i = 0; i < s.rank; i++)
        if (s.dims[i] <= 0)
            return "a dimension that is not positive";
    return NULL;
}

int64_t th_shape_numel(th_shape s)
{
    if (hlo_shape_problem(s))
        return 0;
    int64_t n = 1;
    for (int i = 0; i < s.rank; i++)
        n *= s.dims[i];
    return n;
}

bool th_shape_equal(th_shape a, th_shape b)
{
    if (a.dtype != b.dtype || a.rank != b.rank)
        return false;
    for (int i = 0; i < a.rank && i < TH_MAX_RANK; i++)
        if (a.dims[i] != b.dims[i])
            return false;
    return true;
}

size_t th_shape_str(th_shape s, char *buf, size_t size)
{
    if (hlo_shape_problem(s))
        return (size_t)snprintf(buf, size, "<invalid shape>");
    char text[16 + TH_MAX_RANK * 21];
    size_t n = 0;
    memcpy(text, "tensor<", 7);
    n = 7;
    for (int i = 0; i < s.rank; i++)
        n += (size_t)snprintf(text + n, sizeof text - n, "%lldx", (long long)s.dims[i]);
    n += (size_t)snprintf(text + n, sizeof text - n, "%s>", hlo_elem_str(s.dtype));
    return (size_t)snprintf(buf, size, "%s", text);
}
