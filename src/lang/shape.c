/* Program ids, ranges, constants of a shape, and shape manipulation: tl.program_id,
 * tl.num_programs, tl.arange, tl.full / zeros / ones, splat, tl.expand_dims,
 * tl.broadcast_to, tl.broadcast and the m[:, None] & n[None, :] idiom. */
#include <stdio.h>
#include <string.h>

#include "lang/lang_internal.h"

static tl_value grid_query(tl_site s, tl_builder *b, int axis, ir_opcode opc, const char *what)
{
    b = lang_builder(s, b, 0, NULL, NULL);
    if (!b)
        return TL_POISON;
    if (axis < 0 || axis > 2)
        return tl_builder_fail(b, s, "%s axis must be 0, 1, or 2 but got %d", what, axis);
    tcir_context *ctx = tl_builder_context(b);
    tcir_named_attr a = lang_attr("axis", ir_enum_axis(ctx, axis));
    return lang_emit(s, b, opc, 0, NULL, tl_dtype_ir(ctx, TL_I32), TL_I32, false, 1, &a);
}

tl_value tl_program_id_at(tl_site s, tl_builder *b, int axis)
{
    return grid_query(s, b, axis, TCIR_OPC_TT_GET_PROGRAM_ID, "program_id");
}

tl_value tl_num_programs_at(tl_site s, tl_builder *b, int axis)
{
    return grid_query(s, b, axis, TCIR_OPC_TT_GET_NUM_PROGRAMS, "num_programs");
}

tl_value tl_arange_at(tl_site s, tl_builder *b, long long start, long long end)
{
    b = lang_builder(s, b, 0, NULL, NULL);
    if (!b)
        return TL_POISON;
    if (start < 0 || end < 0 || start > INT32_MAX || end > INT32_MAX)
        return tl_builder_fail(b, s, "arange bounds must fit in int32 (got %lld, %lld)", start, end);
    if (end <= start)
        return tl_builder_fail(b, s, "arange's end argument (%lld) must be greater than the start argument (%lld)", end,
                               start);
    int64_t n = end - start;
    if (n & (n - 1))
        return tl_builder_fail(b, s, "arange's range must be a power of 2 (got %lld)", (long long)n);
    if (!lang_check_shape(s, b, 1, &n))
        return TL_POISON;
    tcir_context *ctx = tl_builder_context(b);
    const tcir_type *i32 = tl_dtype_ir(ctx, TL_I32);
    tcir_named_attr a[2] = {lang_attr("start", tcir_attr_int(ctx, start, i32)),
                            lang_attr("end", tcir_attr_int(ctx, end, i32))};
    return lang_emit(s, b, TCIR_OPC_TT_MAKE_RANGE, 0, NULL, lang_shaped(b, i32, 1, &n), TL_I32, false, 2, a);
}

tl_value tl_full_at(tl_site s, tl_builder *b, tl_shape shape, tl_value value, tl_dtype dtype)
{
    b = lang_builder(s, b, 1, &value, NULL);
    if (!b)
        return TL_POISON;
    if (!lang_valid_dtype(dtype))
        return tl_builder_fail(b, s, "invalid dtype %d", (int)dtype);
    if (!lang_check_shape(s, b, shape.rank, shape.dims))
        return TL_POISON;
    lang_opnd o = lang_opnd_of(b, value);
    if (tl_value_is_lit(value)) {
        /* scalar_constant(value, dtype): the number as it is, which must fit */
        if (value.lit == TL_LIT_FLOAT && !tl_dtype_is_float(dtype))
            return tl_builder_fail(b, s, "cannot fill a tensor of %s with the float %g", tl_dtype_name(dtype),
                                   value.lit_val.f);
        if (tl_dtype_is_int(dtype) && value.lit == TL_LIT_INT && !lang_lit_fits(&o, dtype))
            return tl_builder_fail(b, s, "scalar %lld is out of range for type %s", (long long)value.lit_val.i,
                                   tl_dtype_name(dtype));
        lang_lit_retype(&o, dtype);
        o.weak = false;
        o.rank = shape.rank;
        memcpy(o.dims, shape.dims, sizeof o.dims);
        return lang_value(s, b, &o);
    }
    if (o.rank != 0) {
        char t[LANG_STR];
        return tl_builder_fail(b, s, "the value must be a scalar, not %s", lang_type_str(b, &o, t, sizeof t));
    }
    if (!lang_cast(s, b, &o, dtype, TL_ROUND_DEFAULT) || !lang_splat(s, b, &o, shape.rank, shape.dims))
        return TL_POISON;
    return lang_value(s, b, &o);
}

tl_value tl_zeros_at(tl_site s, tl_builder *b, tl_shape shape, tl_dtype dtype)
{
    tl_builder_helper_begin(b);
    tl_value r = tl_full_at(s, b, shape, tl_lit_int(0), dtype);
    tl_builder_helper_end(b);
    return r;
}

tl_value tl_splat_at(tl_site s, tl_builder *b, tl_value value, tl_shape shape)
{
    b = lang_builder(s, b, 1, &value, NULL);
    if (!b)
        return TL_POISON;
    if (!lang_check_shape(s, b, shape.rank, shape.dims))
        return TL_POISON;
    lang_opnd o = lang_opnd_of(b, value);
    lang_strong(&o);
    if (!lang_splat(s, b, &o, shape.rank, shape.dims))
        return TL_POISON;
    return lang_value(s, b, &o);
}

tl_value tl_expand_dims_at(tl_site s, tl_value x, int axis)
{
    tl_builder *b = lang_builder(s, NULL, 1, &x, NULL);
    if (!b)
        return TL_POISON;
    lang_opnd o = lang_opnd_of(b, x);
    int ndim = o.rank + 1;
    if (axis < -ndim || axis >= ndim)
        return tl_builder_fail(b, s, "invalid axis %d. Expected %d <= axis < %d", axis, -ndim, ndim);
    if (!lang_expand_dims(s, b, &o, axis < 0 ? axis + ndim : axis))
        return TL_POISON;
    return lang_value(s, b, &o);
}

/* tensor.__getitem__: each None at position d is semantic.expand_dims(x, d), which splats a
 * scalar to [1] (whatever d: Python inserts 1 into an empty shape) without tl.expand_dims'
 * axis check; each `:` is nothing. */
tl_value tl_index_at(tl_site s, tl_value x, int n, const int *index)
{
    tl_builder *b = lang_builder(s, NULL, 1, &x, NULL);
    if (!b)
        return TL_POISON;
    if (tl_value_is_lit(x))
        return tl_builder_fail(b, s, "a C number cannot be indexed (a Python number has no [])");
    if (n < 1 || n > TL_MAX_RANK || !index)
        return tl_builder_fail(b, s, "want 1 to %d indices, TL_ALL (:) or TL_NONE (None), not %d", TL_MAX_RANK, n);
    lang_opnd o = lang_opnd_of(b, x);
    for (int d = 0; d < n; d++) {
        if (index[d] == TL_ALL)
            continue;
        if (index[d] != TL_NONE)
            return tl_builder_fail(b, s, "unsupported tensor index %d at position %d: TL_ALL (:) or TL_NONE (None)",
                                   index[d], d);
        /* Python's list.insert puts a None past the end at the end, and tt.expand_dims then fails:
         * refused here */
        if (o.rank > 0 && d > o.rank)
            return tl_builder_fail(b, s, "None at position %d of a tensor of rank %d: at most %d", d, o.rank, o.rank);
        static const int64_t one[1] = {1};
        if (!(o.rank == 0 ? lang_splat(s, b, &o, 1, one) : lang_expand_dims(s, b, &o, d)))
            return TL_POISON;
    }
    return lang_value(s, b, &o);
}

tl_value tl_broadcast_to_at(tl_site s, tl_value x, tl_shape shape)
{
    tl_builder *b = lang_builder(s, NULL, 1, &x, NULL);
    if (!b)
        return TL_POISON;
    if (!lang_check_shape(s, b, shape.rank, shape.dims))
        return TL_POISON;
    lang_opnd o = lang_opnd_of(b, x);
    if (!lang_broadcast_to(s, b, &o, shape.rank, shape.dims))
        return TL_POISON;
    return lang_value(s, b, &o);
}

tl_pair tl_broadcast_at(tl_site s, tl_value a, tl_value c)
{
    tl_value in[2] = {a, c};
    tl_pair bad = {{0}, {0}};
    tl_builder *b = lang_builder(s, NULL, 2, in, NULL);
    if (!b)
        return bad;
    lang_opnd l = lang_opnd_of(b, a), r = lang_opnd_of(b, c);
    lang_strong(&l);
    lang_strong(&r);
    if (!lang_broadcast_pair(s, b, &l, &r))
        return bad;
    tl_pair p = {lang_value(s, b, &l), lang_value(s, b, &r)};
    if (tl_value_is_poison(p.first) || tl_value_is_poison(p.second))
        return bad;
    return p;
}

tl_value tl_mask2d_at(tl_site s, tl_value m, tl_value n)
{
    tl_value in[2] = {m, n};
    tl_builder *b = lang_builder(s, NULL, 2, in, NULL);
    if (!b)
        return TL_POISON;
    lang_opnd l = lang_opnd_of(b, m), r = lang_opnd_of(b, n);
    if (tl_value_is_lit(m) || tl_value_is_lit(n) || l.rank != 1 || r.rank != 1) {
        char x[LANG_STR], y[LANG_STR];
        lang_strong(&l);
        lang_strong(&r);
        return tl_builder_fail(b, s, "needs two 1-D tensors, not %s and %s", lang_type_str(b, &l, x, sizeof x),
                               lang_type_str(b, &r, y, sizeof y));
    }
    if (!lang_expand_dims(s, b, &l, 1) || !lang_expand_dims(s, b, &r, 0))
        return TL_POISON;
    return lang_binop(s, b, TL_OP_AND, &l, &r);
}
