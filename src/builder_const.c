/* Weak literals and the constant pool: every arith.constant is hoisted to the top of the
 * entry block, in first-use order, one per (type, value), as the guide's "Constant hoisting
 * and CSE" describes. */
#include <math.h>
#include <stdint.h>

#include "builder_internal.h"

/* Python's to_tensor: int32, then uint32, int64, uint64 by range. */
tl_value tl_lit_int(long long v)
{
    tl_value r = {.lit = TL_LIT_INT, .lit_val.i = v};
    r.dtype = (v >= INT32_MIN && v <= INT32_MAX) ? TL_I32 : (v >= 0 && v <= (long long)UINT32_MAX) ? TL_U32 : TL_I64;
    return r;
}

tl_value tl_lit_uint(unsigned long long v)
{
    if (v <= INT64_MAX)
        return tl_lit_int((long long)v);
    return (tl_value){.lit = TL_LIT_INT, .dtype = TL_U64, .lit_val.i = (int64_t)v};
}

/* Python's to_tensor: float32 unless the magnitude is outside float32's normal range. */
tl_value tl_lit_float(double v)
{
    double a = fabs(v);
    bool f32 = isinf(a) || a == 0.0 || isnan(v) || (a >= 0x1p-126 && a <= 0x1.fffffep127);
    return (tl_value){.lit = TL_LIT_FLOAT, .dtype = f32 ? TL_F32 : TL_F64, .lit_val.f = v};
}

tl_value tl_lit_bool(bool v)
{
    return (tl_value){.lit = TL_LIT_BOOL, .dtype = TL_I1, .lit_val.i = v};
}

tcir_value *tl__pool_const(tl_builder *b, tl_site site, const tcir_type *type, const tcir_attr *value)
{
    for (int i = 0; i < b->nconsts; i++) {
        if (b->consts[i].type == type && tcir_attr_equal(b->consts[i].value, value)) {
            tl__place_const(b, tcir_value_def(b->consts[i].result), site, false);
            return b->consts[i].result;
        }
    }

    tcir_op *op = tcir_op_create(b->ctx, &(tcir_op_state){
                                             .name = "arith.constant",
                                             .loc = {site.file, site.line, 0},
                                             .nresults = 1,
                                             .result_types = &type,
                                             .nattrs = 1,
                                             .attrs = &(tcir_named_attr){"value", value, true},
                                         });
    tl__place_const(b, op, site, true);

    if (b->nconsts == b->consts_cap) {
        int cap = b->consts_cap ? b->consts_cap * 2 : 16;
        tl_const_entry *grown = tcir_alloc(b->ctx, sizeof(*grown) * (size_t)cap);
        for (int i = 0; i < b->nconsts; i++)
            grown[i] = b->consts[i];
        b->consts = grown;
        b->consts_cap = cap;
    }
    b->consts[b->nconsts++] = (tl_const_entry){type, value, tcir_op_result(op, 0)};
    return tcir_op_result(op, 0);
}

/* Range of an integer dtype, as Python's get_int_min_value / get_int_max_value. */
static bool int_fits(tl_value lit, tl_dtype d)
{
    unsigned w = tl_dtype_bits(d);
    if (lit.dtype == TL_U64) /* a value at or above 2^63 */
        return d == TL_U64;
    int64_t v = lit.lit_val.i;
    if (d == TL_I1)
        return v == 0 || v == 1;
    if (tl_dtype_is_unsigned(d))
        return v >= 0 && (w == 64 || v <= (int64_t)((UINT64_C(1) << w) - 1));
    if (w == 64)
        return true;
    return v >= -(INT64_C(1) << (w - 1)) && v <= (INT64_C(1) << (w - 1)) - 1;
}

/* The value a w-bit integer attribute holds: the bit pattern, sign-extended, as MLIR
 * prints it (uint32 0xFFFFFFFF prints as -1 : i32). */
static int64_t sign_extend(int64_t v, unsigned w)
{
    if (w >= 64)
        return v;
    uint64_t m = UINT64_C(1) << (w - 1);
    uint64_t x = (uint64_t)v & ((UINT64_C(1) << w) - 1);
    return (int64_t)((x ^ m) - m);
}

tl_value tl_materialize_at(tl_site site, tl_builder *b, tl_value lit, tl_dtype dtype, const tcir_type *shape_like)
{
    if (!tl__usable(b, site))
        return (tl_value){0};
    if (!tl_value_is_lit(lit))
        return tl_builder_fail(b, site, "expected a literal");
    tcir_context *ctx = b->ctx;
    const tcir_type *elem = tl_dtype_ir(ctx, dtype);
    if (!elem)
        return tl_builder_fail(b, site, "invalid dtype %d", (int)dtype);
    const tcir_attr *scalar;
    if (tl_dtype_is_int(dtype)) {
        tl_value v = lit;
        if (lit.lit == TL_LIT_FLOAT) {
            double f = lit.lit_val.f;
            if (f != trunc(f) || !(f >= -0x1p63 && f < 0x1p63))
                return tl_builder_fail(b, site, "cannot convert %g to %s", f, tl_dtype_name(dtype));
            v = tl_lit_int((long long)f);
        }
        if (!int_fits(v, dtype)) {
            if (v.dtype == TL_U64)
                return tl_builder_fail(b, site, "scalar %llu is out of range for type %s",
                                       (unsigned long long)v.lit_val.i, tl_dtype_name(dtype));
            return tl_builder_fail(b, site, "scalar %lld is out of range for type %s", (long long)v.lit_val.i,
                                   tl_dtype_name(dtype));
        }
        scalar = dtype == TL_I1 ? tcir_attr_bool(ctx, v.lit_val.i != 0)
                                : tcir_attr_int(ctx, sign_extend(v.lit_val.i, tl_dtype_bits(dtype)), elem);
    } else {
        double f = lit.lit == TL_LIT_FLOAT ? lit.lit_val.f
                   : lit.dtype == TL_U64   ? (double)(uint64_t)lit.lit_val.i
                                           : (double)lit.lit_val.i;
        scalar = tcir_attr_float(ctx, f, elem);
    }
    const tcir_type *type = elem;
    const tcir_attr *value = scalar;
    if (shape_like && tcir_type_is_tensor(shape_like)) {
        type = tcir_type_with_elem(ctx, shape_like, elem);
        value = tcir_attr_dense(ctx, scalar, type);
    }
    return tl__wrap(b, tl__pool_const(b, site, type, value), dtype);
}

tl_value tl_const_at(tl_site site, tl_builder *b, double v, tl_dtype dtype)
{
    return tl_materialize_at(site, b, tl_lit_float(v), dtype, NULL);
}

tl_value tl_const_int_at(tl_site site, tl_builder *b, long long v, tl_dtype dtype)
{
    return tl_materialize_at(site, b, tl_lit_int(v), dtype, NULL);
}
