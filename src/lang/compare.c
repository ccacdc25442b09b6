/* Comparisons, tl.where, tl.minimum / tl.maximum and tl.clamp.
 *
 * Python's comparison operators, tl.minimum, tl.maximum and tl.clamp pass numbers through
 * to_tensor first, so a number there is typed on its own (int32, float32...) and takes part
 * in promotion like a value: x_f16 < 1.0 compares in float32. */
#include <stdio.h>

#include "lang/lang_internal.h"

static const char *predicate(tl_binop op, tl_dtype dt)
{
    static const char *const fcmp[] = {"olt", "ole", "ogt", "oge", "oeq", "une"};
    static const char *const scmp[] = {"slt", "sle", "sgt", "sge", "eq", "ne"};
    static const char *const ucmp[] = {"ult", "ule", "ugt", "uge", "eq", "ne"};
    int i = (int)op - (int)TL_OP_LT;
    if (tl_dtype_is_float(dt))
        return fcmp[i];
    return lang_is_signed(dt) ? scmp[i] : ucmp[i];
}

tl_value lang_compare(tl_site s, tl_builder *b, tl_binop op, lang_opnd *l, lang_opnd *r)
{
    lang_strong(l);
    lang_strong(r);
    if (!lang_binary_operands(s, b, l, r, 0))
        return TL_POISON;
    tcir_context *ctx = tl_builder_context(b);
    bool f = tl_dtype_is_float(l->dtype);
    const char *pred = predicate(op, l->dtype);
    tcir_named_attr a = lang_attr("predicate", f ? ir_enum_cmpf(ctx, pred) : ir_enum_cmpi(ctx, pred));
    tl_value ops[2] = {lang_value(s, b, l), lang_value(s, b, r)};
    if (tl_value_is_poison(ops[0]) || tl_value_is_poison(ops[1]))
        return TL_POISON;
    const tcir_type *rt = lang_shaped(b, tl_dtype_ir(ctx, TL_I1), l->rank, l->dims);
    return lang_emit(s, b, f ? TCIR_OPC_ARITH_CMPF : TCIR_OPC_ARITH_CMPI, 2, ops, rt, TL_I1, false, 1, &a);
}

/* Python's _promote_bfloat16_to_float32 (hardware has no bf16 min, max or compare). */
static bool bf16_to_f32(tl_site s, tl_builder *b, lang_opnd *o)
{
    return o->dtype != TL_BF16 || o->is_ptr || lang_cast(s, b, o, TL_F32, TL_ROUND_DEFAULT);
}

static tl_value elementwise_min_max(tl_site s, tl_value a, tl_value c, tl_minmax_opts o, bool is_max)
{
    tl_value folded;
    if (lang_fold_minmax(a, c, is_max, &folded))
        return folded;
    tl_value in[2] = {a, c};
    tl_builder *b = lang_builder(s, NULL, 2, in, NULL);
    if (!b)
        return TL_POISON;
    if (o.propagate_nan != TL_NAN_NONE && o.propagate_nan != TL_NAN_ALL)
        return tl_builder_fail(b, s, "unexpected propagate_nan %d", (int)o.propagate_nan);
    lang_opnd x = lang_opnd_of(b, a), y = lang_opnd_of(b, c);
    lang_strong(&x);
    lang_strong(&y);
    if (!bf16_to_f32(s, b, &x) || !bf16_to_f32(s, b, &y) || !lang_binary_operands(s, b, &x, &y, 0))
        return TL_POISON;
    ir_opcode opc;
    if (tl_dtype_is_float(x.dtype))
        opc = o.propagate_nan == TL_NAN_ALL ? (is_max ? TCIR_OPC_ARITH_MAXIMUMF : TCIR_OPC_ARITH_MINIMUMF)
                                            : (is_max ? TCIR_OPC_ARITH_MAXNUMF : TCIR_OPC_ARITH_MINNUMF);
    else if (lang_is_signed(x.dtype))
        opc = is_max ? TCIR_OPC_ARITH_MAXSI : TCIR_OPC_ARITH_MINSI;
    else
        opc = is_max ? TCIR_OPC_ARITH_MAXUI : TCIR_OPC_ARITH_MINUI;
    tl_value ops[2] = {lang_value(s, b, &x), lang_value(s, b, &y)};
    if (tl_value_is_poison(ops[0]) || tl_value_is_poison(ops[1]))
        return TL_POISON;
    return lang_emit(s, b, opc, 2, ops, lang_opnd_type(b, &x), x.dtype, false, 0, NULL);
}

tl_value tl_maximum_at(tl_site s, tl_value a, tl_value b, tl_minmax_opts o)
{
    return elementwise_min_max(s, a, b, o, true);
}

tl_value tl_minimum_at(tl_site s, tl_value a, tl_value b, tl_minmax_opts o)
{
    return elementwise_min_max(s, a, b, o, false);
}

tl_value tl_clamp_at(tl_site s, tl_value x, tl_value lo, tl_value hi, tl_minmax_opts o)
{
    tl_value in[3] = {x, lo, hi};
    static const char *const names[] = {"x", "min", "max"};
    tl_builder *b = lang_builder(s, NULL, 3, in, names);
    if (!b)
        return TL_POISON;
    if (o.propagate_nan != TL_NAN_NONE && o.propagate_nan != TL_NAN_ALL)
        return tl_builder_fail(b, s, "unexpected propagate_nan %d", (int)o.propagate_nan);
    lang_opnd v = lang_opnd_of(b, x), mn = lang_opnd_of(b, lo), mx = lang_opnd_of(b, hi);
    lang_strong(&v);
    lang_strong(&mn);
    lang_strong(&mx);
    if (!bf16_to_f32(s, b, &v) || !bf16_to_f32(s, b, &mn) || !bf16_to_f32(s, b, &mx) ||
        !lang_binary_operands(s, b, &mn, &mx, 0) || !lang_binary_operands(s, b, &v, &mn, 0) ||
        !lang_binary_operands(s, b, &v, &mx, 0))
        return TL_POISON;
    if (!tl_dtype_is_float(v.dtype))
        return tl_builder_fail(b, s, "unexpected dtype %s: only floating-point clamp is supported",
                               tl_dtype_name(v.dtype));
    tcir_named_attr a = lang_attr(
        "propagateNan", ir_enum_propagate_nan(tl_builder_context(b), o.propagate_nan == TL_NAN_ALL ? "all" : "none"));
    tl_value ops[3] = {lang_value(s, b, &v), lang_value(s, b, &mn), lang_value(s, b, &mx)};
    for (int i = 0; i < 3; i++)
        if (tl_value_is_poison(ops[i]))
            return TL_POISON;
    return lang_emit(s, b, TCIR_OPC_TT_CLAMPF, 3, ops, lang_opnd_type(b, &v), v.dtype, false, 1, &a);
}

tl_value tl_where_at(tl_site s, tl_value cond, tl_value x, tl_value y)
{
    tl_value in[3] = {cond, x, y};
    static const char *const names[] = {"condition", "x", "y"};
    tl_builder *b = lang_builder(s, NULL, 3, in, names);
    if (!b)
        return TL_POISON;
    lang_opnd c = lang_opnd_of(b, cond), vx = lang_opnd_of(b, x), vy = lang_opnd_of(b, y);
    lang_strong(&c);
    if (!lang_cast(s, b, &c, TL_I1, TL_ROUND_DEFAULT) ||
        !lang_binary_operands(s, b, &vx, &vy, LANG_LHS_PTR | LANG_RHS_PTR))
        return TL_POISON;
    if (c.rank > 0) {
        if (!lang_broadcast_pair(s, b, &c, &vx) || !lang_broadcast_pair(s, b, &vx, &vy))
            return TL_POISON;
    } else {
        lang_opnd unused = vx; /* Python broadcasts the condition only */
        if (!lang_broadcast_pair(s, b, &c, &unused))
            return TL_POISON;
    }
    if (vx.is_ptr != vy.is_ptr || vx.dtype != vy.dtype) {
        char t[LANG_STR], u[LANG_STR];
        return tl_builder_fail(b, s, "x and y must have one type, not %s and %s", lang_elem_str(&vx, t, sizeof t),
                               lang_elem_str(&vy, u, sizeof u));
    }
    tl_value ops[3] = {lang_value(s, b, &c), lang_value(s, b, &vx), lang_value(s, b, &vy)};
    for (int i = 0; i < 3; i++)
        if (tl_value_is_poison(ops[i]))
            return TL_POISON;
    return lang_emit(s, b, TCIR_OPC_ARITH_SELECT, 3, ops, lang_opnd_type(b, &vx), vx.dtype, vx.is_ptr, 0, NULL);
}
