/* Weak literals and constants made from them (the pool itself is order/pool.c). */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "builder/builder_internal.h"

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

tl_value tl_lit_bool(bool v) { return (tl_value){.lit = TL_LIT_BOOL, .dtype = TL_I1, .lit_val.i = v}; }

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

/* The scalar attribute holding lit as a dtype value; NULL (after recording the error) when it
 * does not fit. */
static const tcir_attr *scalar_attr(tl_builder *b, tl_site site, tl_value lit, tl_dtype dtype, const tcir_type *elem)
{
    tcir_context *ctx = b->ctx;
    if (!tl_dtype_is_int(dtype)) {
        double f = lit.lit == TL_LIT_FLOAT ? lit.lit_val.f
            : lit.dtype == TL_U64          ? (double)(uint64_t)lit.lit_val.i
                                           : (double)lit.lit_val.i;
        return tcir_attr_float(ctx, f, elem);
    }
    tl_value v = lit;
    if (lit.lit == TL_LIT_FLOAT) {
        double f = lit.lit_val.f;
        if (f != trunc(f) || !(f >= -0x1p63 && f < 0x1p63)) {
            tl_builder_fail(b, site, "cannot convert %g to %s", f, tl_dtype_name(dtype));
            return NULL;
        }
        v = tl_lit_int((long long)f);
    }
    if (!int_fits(v, dtype)) {
        if (v.dtype == TL_U64)
            tl_builder_fail(b, site, "scalar %llu is out of range for type %s", (unsigned long long)v.lit_val.i,
                            tl_dtype_name(dtype));
        else
            tl_builder_fail(b, site, "scalar %lld is out of range for type %s", (long long)v.lit_val.i,
                            tl_dtype_name(dtype));
        return NULL;
    }
    if (dtype == TL_I1)
        return tcir_attr_bool(ctx, v.lit_val.i != 0);
    return tcir_attr_int(ctx, sign_extend(v.lit_val.i, tl_dtype_bits(dtype)), elem);
}

/* What constants of lit as dtype are made of (the memo's slot, filled on a miss); NULL after
 * recording the error when lit does not fit dtype or memory runs out. The slot is chosen by the contents only, not
 * by shape_like's address, so that the same build hits the same way each time (the allocation
 * sweep counts a build's allocations). */
static const struct builder_const_memo *const_parts(tl_site site, tl_builder *b, tl_value lit, tl_dtype dtype,
                                                    const tcir_type *shape_like, bool notes)
{
    int64_t bits = lit.lit_val.i; /* the union's 8 bytes: a double's bits too */
    if (lit.lit == TL_LIT_FLOAT)
        memcpy(&bits, &lit.lit_val.f, sizeof bits);
    uint64_t h = ((uint64_t)bits ^ ((uint64_t)lit.lit << 56) ^ ((uint64_t)lit.dtype << 48) ^ ((uint64_t)dtype << 40) ^
                  (uint64_t)notes << 39) *
        0x9E3779B97F4A7C15u;
    struct builder_const_memo *m = &b->const_memo[(h >> 32) % TL_CONST_MEMO];
    if (m->lit == lit.lit && m->bits == bits && m->lit_dtype == lit.dtype && m->dtype == dtype &&
        m->shape_like == shape_like && m->notes == notes)
        return m;
    tcir_context *ctx = b->ctx;
    struct builder_const_memo k = {bits, lit.lit, notes, lit.dtype, dtype, shape_like,
                                   NULL, NULL,    NULL,  NULL,      NULL,  NULL};
    k.elem = tl_dtype_ir(ctx, dtype);
    if (!k.elem) {
        tl_builder_fail(b, site, "invalid dtype %d", (int)dtype);
        return NULL;
    }
    k.scalar = scalar_attr(b, site, lit, dtype, k.elem);
    if (!k.scalar)
        return NULL;
    k.own = tl_dtype_ir(ctx, lit.dtype);
    if (notes && k.own && k.own != k.elem)
        k.own_scalar = scalar_attr(b, site, lit, lit.dtype, k.own);
    k.type = k.elem;
    k.value = k.scalar;
    if (shape_like && tcir_type_is_tensor(shape_like)) {
        k.type = tcir_type_with_elem(ctx, shape_like, k.elem);
        k.value = tcir_attr_dense(ctx, k.scalar, k.type);
    }
    if (tcir_context_oom(ctx)) { /* some part is missing: nothing kept */
        tl_builder_fail(b, site, "out of memory");
        return NULL;
    }
    *m = k;
    return m;
}

static tl_value materialize(tl_site site, tl_builder *b, tl_value lit, tl_dtype dtype, const tcir_type *shape_like,
                            order_meeting how, bool notes)
{
    if (!builder_usable(b, site))
        return TL_POISON;
    if (!tl_value_is_lit(lit))
        return tl_builder_fail(b, site, "expected a literal");
    const struct builder_const_memo *m = const_parts(site, b, lit, dtype, shape_like, notes);
    if (!m)
        return TL_POISON;
    /* Python's frontend first makes a scalar constant of the number's own type (to_tensor),
     * then one of the target type, then splats: the canonicalizer orders the constants it
     * keeps by where those appeared, so the pool notes them (order/pool.c). */
    if (notes && m->own && m->own != m->elem)
        order_pool_note(b, site, m->own, m->own_scalar, TL_MEET_DIRECT);
    if (notes && m->type != m->elem)
        order_pool_note(b, site, m->elem, m->scalar, how);
    tcir_value *v = order_pool_const(b, site, m->type, m->value, how);
    if (!v || tcir_context_oom(b->ctx))
        return tl_builder_fail(b, site, "out of memory");
    return builder_wrap(b, v, dtype);
}

tl_value tl_materialize_at(tl_site site, tl_builder *b, tl_value lit, tl_dtype dtype, const tcir_type *shape_like)
{
    return materialize(site, b, lit, dtype, shape_like, TL_MEET_DIRECT, true);
}

tl_value tl_materialize_as_at(tl_site site, tl_builder *b, tl_value lit, tl_dtype dtype, const tcir_type *shape_like,
                              tl_const_origin origin)
{
    order_meeting how = origin == TL_CONST_FOLDED ? TL_MEET_FOLDED
        : origin == TL_CONST_LOOP_BOUND           ? TL_MEET_BOUND
                                                  : TL_MEET_DIRECT;
    return materialize(site, b, lit, dtype, shape_like, how, origin != TL_CONST_EXACT);
}

void tl_note_constant_at(tl_site site, tl_builder *b, tl_value lit, tl_dtype dtype, const tcir_type *shape_like)
{
    if (!builder_usable(b, site) || !tl_value_is_lit(lit))
        return;
    const tcir_type *elem = tl_dtype_ir(b->ctx, dtype);
    const tcir_attr *scalar = elem ? scalar_attr(b, site, lit, dtype, elem) : NULL;
    if (!scalar)
        return;
    const tcir_type *own = tl_dtype_ir(b->ctx, lit.dtype);
    if (own && own != elem)
        order_pool_note(b, site, own, scalar_attr(b, site, lit, lit.dtype, own), TL_MEET_CAST_SOURCE);
    order_pool_note(b, site, elem, scalar, TL_MEET_CAST_SOURCE);
    if (shape_like && tcir_type_is_tensor(shape_like)) {
        const tcir_type *type = tcir_type_with_elem(b->ctx, shape_like, elem);
        order_pool_note(b, site, type, tcir_attr_dense(b->ctx, scalar, type), TL_MEET_CAST_SOURCE);
    }
}

tl_value tl_const_at(tl_site site, tl_builder *b, double v, tl_dtype dtype)
{
    return tl_materialize_at(site, b, tl_lit_float(v), dtype, NULL);
}

tl_value tl_const_int_at(tl_site site, tl_builder *b, long long v, tl_dtype dtype)
{
    return tl_materialize_at(site, b, tl_lit_int(v), dtype, NULL);
}

tl_value tl_to_tensor_at(tl_site site, tl_builder *b, tl_value lit)
{
    if (!builder_usable(b, site))
        return TL_POISON;
    if (!tl_value_is_lit(lit)) { /* a value: Python's to_tensor returns a tensor as it is */
        if (tl_value_is_unset(lit))
            return tl_builder_fail(b, site, "the value is TL_UNSET: it has no value yet");
        if (tl_value_is_poison(lit))
            return tl_builder_fail(b, site, "expected a number or a value, got a poison value");
        if (lit.b != b)
            return tl_builder_fail(b, site, "the value belongs to another builder");
        return lit;
    }
    const tcir_type *type = tl_dtype_ir(b->ctx, lit.dtype);
    const tcir_attr *value = type ? scalar_attr(b, site, lit, lit.dtype, type) : NULL;
    if (!value)
        return tl_builder_failed(b) ? TL_POISON : tl_builder_fail(b, site, "out of memory");
    int ops_before = b->pool.nconst_ops;
    tcir_value *v = order_pool_const(b, site, type, value, TL_MEET_ASSIGNED);
    if (!v || tcir_context_oom(b->ctx))
        return tl_builder_fail(b, site, "out of memory");
    if (b->pool.nconst_ops > ops_before) /* made here: finish drops it if nothing uses it */
        order_pool_at(&b->pool, order_pool_entry_of(tcir_value_def(v)))->droppable = true;
    return builder_wrap(b, v, lit.dtype);
}
