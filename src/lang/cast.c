/* Casts: semantic.cast and semantic.bitcast. A value gets Python's ops; a literal is folded
 * the way Triton's canonicalizer folds the same ops on a constant, and materialized first
 * where it would not fold (tt.fp_to_fp of a non-zero, a float truncation that is not exact,
 * float-to-int out of range, bitcast). */
#include <math.h>
#include <stdio.h>

#include "lang/lang_internal.h"

static bool is_std_float(tl_dtype d) { return d == TL_F16 || d == TL_BF16 || d == TL_F32 || d == TL_F64; }

/* Whether fptosi/fptoui of f into dt folds (it truncates into dt's range). */
static bool float_to_int_folds(double f, tl_dtype dt)
{
    if (isnan(f) || isinf(f))
        return false;
    double t = trunc(f);
    int bits = (int)tl_dtype_bits(dt);
    if (lang_is_unsigned(dt))
        return t >= 0 && t < ldexp(1.0, bits);
    return t >= -ldexp(1.0, bits - 1) && t < ldexp(1.0, bits - 1);
}

/* Python makes a literal's constant (and its splat) before the cast op that the
 * canonicalizer then folds: those meetings place the constant when something else uses it. */
static void note_source(tl_site s, tl_builder *b, const lang_opnd *o)
{
    if (o->folded || o->bound)
        return; /* made by an earlier fold (or a loop bound's): no constant of Python's own */
    tl_value lit;
    switch (o->v.lit) {
    case TL_LIT_FLOAT: lit = tl_lit_float(o->v.lit_val.f); break;
    case TL_LIT_BOOL: lit = tl_lit_bool(o->v.lit_val.i != 0); break;
    default: lit = tl_lit_int(o->v.lit_val.i);
    }
    const tcir_type *elem = tl_dtype_ir(tl_builder_context(b), o->dtype);
    tl_note_constant_at(s, b, lit, o->dtype, elem ? lang_shaped(b, elem, o->rank, o->dims) : NULL);
}

/* One cast op on o: folded for a literal where Triton folds it, emitted otherwise. */
static bool cast_op(tl_site s, tl_builder *b, lang_opnd *o, ir_opcode opc, tl_dtype dst, const char *rounding)
{
    if (tl_value_is_lit(o->v)) {
        bool folds = true;
        if (opc == TCIR_OPC_TT_FP_TO_FP)
            folds = lang_lit_is_zero(o);
        else if (opc == TCIR_OPC_ARITH_FPTOSI || opc == TCIR_OPC_ARITH_FPTOUI)
            folds = float_to_int_folds(lang_lit_f(o), dst);
        else if (opc == TCIR_OPC_TT_BITCAST)
            folds = false;
        else if (opc == TCIR_OPC_ARITH_TRUNCF) { /* MLIR folds a truncation only when exact */
            lang_opnd t = *o;
            lang_lit_retype(&t, dst);
            folds = isnan(lang_lit_f(o)) || lang_lit_f(&t) == lang_lit_f(o);
        }
        if (folds) {
            note_source(s, b, o);
            lang_lit_retype(o, dst);
            o->folded = true;
            return true;
        }
        if (tl_value_is_poison(lang_value(s, b, o)))
            return false;
    }
    tcir_named_attr attr;
    if (rounding)
        attr = lang_attr("rounding", ir_enum_rounding(tl_builder_context(b), rounding));
    return lang_emit_unary(s, b, opc, o, dst, rounding ? 1 : 0, rounding ? &attr : NULL);
}

/* x != 0 (int) or x != 0.0 (float): how Python casts to int1. */
static bool not_equal_zero(tl_site s, tl_builder *b, lang_opnd *o)
{
    if (tl_value_is_lit(o->v)) { /* Python's cmpi on a constant, folded */
        note_source(s, b, o);
        lang_lit_retype(o, TL_I1);
        o->folded = true;
        return true;
    }
    lang_opnd zero = lang_lit_opnd(o->dtype, 0.0, 0);
    lang_opnd x = *o; /* *o stays as it was if the comparison fails */
    tl_value r = lang_compare(s, b, TL_OP_NE, &x, &zero);
    if (tl_value_is_poison(r))
        return false;
    lang_opnd_set(o, &r);
    return true;
}

static bool cannot_cast(tl_site s, tl_builder *b, const lang_opnd *o, tl_dtype dst)
{
    char x[LANG_STR];
    tl_builder_fail(b, s, "cannot cast %s to %s", lang_elem_str(o, x, sizeof x), tl_dtype_name(dst));
    return false;
}

static const char *rounding_name(tl_rounding r) { return r == TL_RTZ ? "rtz" : "rtne"; }

static bool cast_pointer(tl_site s, tl_builder *b, lang_opnd *o, tl_dtype dst, tl_rounding rounding)
{
    if (rounding != TL_ROUND_DEFAULT) {
        char x[LANG_STR];
        tl_builder_fail(b, s, "fp_downcast_rounding is only for truncating float conversions, not %s to %s",
                        lang_elem_str(o, x, sizeof x), tl_dtype_name(dst));
        return false;
    }
    if (dst == TL_I64 || dst == TL_I1) {
        tcir_context *ctx = tl_builder_context(b);
        tl_value x = o->v;
        const tcir_type *rt = lang_shaped(b, tl_dtype_ir(ctx, TL_I64), o->rank, o->dims);
        tl_value r = lang_emit(s, b, TCIR_OPC_TT_PTR_TO_INT, 1, &x, rt, TL_I64, false, 0, NULL);
        if (tl_value_is_poison(r))
            return false;
        lang_opnd_set(o, &r);
        return dst == TL_I64 || not_equal_zero(s, b, o);
    }
    return cannot_cast(s, b, o, dst);
}

bool lang_convert(tl_site s, tl_builder *b, lang_opnd *o, tl_dtype dst, tl_rounding rounding)
{
    if (o->is_ptr)
        return cast_pointer(s, b, o, dst, rounding);
    tl_dtype src = o->dtype;
    if (src == dst)
        return true;
    bool sf = tl_dtype_is_float(src), df = tl_dtype_is_float(dst);
    bool si = tl_dtype_is_int(src), di = tl_dtype_is_int(dst);
    bool downcast = sf && df && tl_dtype_bits(dst) < tl_dtype_bits(src);
    bool custom = false;
    if (downcast) {
        if (rounding == TL_ROUND_DEFAULT)
            rounding = TL_RTNE;
        custom = rounding != TL_RTNE;
    } else if (rounding != TL_ROUND_DEFAULT) {
        tl_builder_fail(b, s,
                        "fp_downcast_rounding is only for truncating float conversions; the source type is %s "
                        "and the destination type is %s",
                        tl_dtype_name(src), tl_dtype_name(dst));
        return false;
    }
    if (src == TL_FP8E4B15 || dst == TL_FP8E4B15) /* the target's conversion: cast_e4b15.c */
        return lang_cast_e4b15(s, b, o, dst);
    /* fp8 on either side, or a rounding other than the default: tt.fp_to_fp. */
    if ((tl_dtype_is_fp8(src) && df) || (sf && tl_dtype_is_fp8(dst)) || custom)
        return cast_op(s, b, o, TCIR_OPC_TT_FP_TO_FP, dst, downcast ? rounding_name(rounding) : NULL);
    /* fp16 and bf16 go through fp32 to anything but fp32. */
    if ((src == TL_F16 || src == TL_BF16) && dst != TL_F32)
        return lang_cast(s, b, o, TL_F32, TL_ROUND_DEFAULT) && lang_cast(s, b, o, dst, TL_ROUND_DEFAULT);
    if (sf && df)
        return cast_op(s, b, o, downcast ? TCIR_OPC_ARITH_TRUNCF : TCIR_OPC_ARITH_EXTF, dst, NULL);
    if (si && di) {
        if (dst == TL_I1)
            return not_equal_zero(s, b, o);
        unsigned sb = tl_dtype_bits(src), db = tl_dtype_bits(dst);
        if (sb == db) { /* signedness only: no op (Python's arith.bitcast, which folds) */
            if (tl_value_is_lit(o->v)) {
                note_source(s, b, o);
                lang_lit_retype(o, dst);
                o->folded = true;
            }
            o->dtype = dst;
            o->v.dtype = dst;
            return true;
        }
        if (sb > db)
            return cast_op(s, b, o, TCIR_OPC_ARITH_TRUNCI, dst, NULL);
        return cast_op(s, b, o, lang_is_signed(src) ? TCIR_OPC_ARITH_EXTSI : TCIR_OPC_ARITH_EXTUI, dst, NULL);
    }
    if (sf && di && is_std_float(src)) {
        if (dst == TL_I1)
            return not_equal_zero(s, b, o);
        return cast_op(s, b, o, lang_is_signed(dst) ? TCIR_OPC_ARITH_FPTOSI : TCIR_OPC_ARITH_FPTOUI, dst, NULL);
    }
    if (si && df && is_std_float(dst))
        return cast_op(s, b, o, lang_is_unsigned(src) ? TCIR_OPC_ARITH_UITOFP : TCIR_OPC_ARITH_SITOFP, dst, NULL);
    return cannot_cast(s, b, o, dst);
}

bool lang_ptr_cast(tl_site s, tl_builder *b, lang_opnd *o, tl_dtype dt)
{
    tcir_context *ctx = tl_builder_context(b);
    const tcir_type *elem = tcir_type_ptr(ctx, tl_dtype_ir(ctx, dt), tcir_type_address_space(o->elem));
    tl_value x = o->v;
    tl_value r = lang_emit(s, b, TCIR_OPC_TT_BITCAST, 1, &x, lang_shaped(b, elem, o->rank, o->dims), dt, true, 0, NULL);
    if (tl_value_is_poison(r))
        return false;
    o->v = r;
    o->dtype = dt;
    o->elem = elem;
    return true;
}

/* semantic.bitcast: same width required; same dtype is no op; pointers take the cast path. */
static bool bitcast(tl_site s, tl_builder *b, lang_opnd *o, tl_dtype dst)
{
    if (o->is_ptr)
        return lang_cast(s, b, o, dst, TL_ROUND_DEFAULT);
    if (o->dtype == dst)
        return true;
    unsigned sb = tl_dtype_bits(o->dtype), db = tl_dtype_bits(dst);
    if (sb != db) {
        tl_builder_fail(b, s, "cannot bitcast data-type of size %u to data-type of size %u", sb, db);
        return false;
    }
    return cast_op(s, b, o, TCIR_OPC_TT_BITCAST, dst, NULL);
}

tl_value tl_to_at(tl_site s, tl_value x, tl_dtype dtype, tl_cast_opts opts)
{
    tl_builder *b = lang_builder(s, NULL, 1, &x, NULL);
    if (!b)
        return TL_POISON;
    if (dtype <= TL_DTYPE_INVALID || dtype >= TL_DTYPE_COUNT)
        return tl_builder_fail(b, s, "invalid dtype %d", (int)dtype);
    if (opts.fp_downcast_rounding < TL_ROUND_DEFAULT || opts.fp_downcast_rounding > TL_RTZ)
        return tl_builder_fail(b, s, "invalid rounding mode %d", (int)opts.fp_downcast_rounding);
    lang_opnd o = lang_opnd_of(b, x);
    lang_strong(&o);
    bool ok = opts.bitcast ? bitcast(s, b, &o, dtype) : lang_cast(s, b, &o, dtype, opts.fp_downcast_rounding);
    return ok ? lang_value(s, b, &o) : TL_POISON;
}
