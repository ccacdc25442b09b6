/* triton.language.math: the unary math functions, fma, div_rn, fdiv, umulhi and abs.
 * Numbers passed to them are typed on their own first (to_tensor), as in Python. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "lang/lang_internal.h"

/* Python's _check_dtype: every value argument must have one of the listed dtypes. */
static bool check_dtypes(tl_site s, tl_builder *b, int n, const lang_opnd *o, int nd, const tl_dtype *ok)
{
    for (int i = 0; i < n; i++) {
        if (tl_value_is_lit(o[i].v))
            continue;
        bool found = false;
        for (int j = 0; j < nd && !found; j++)
            found = !o[i].is_ptr && o[i].dtype == ok[j];
        if (!found) {
            char list[LANG_STR], t[LANG_STR];
            size_t at = 0;
            for (int j = 0; j < nd && at < sizeof list; j++)
                at += (size_t)snprintf(list + at, sizeof list - at, "%s%s", j ? ", " : "", tl_dtype_name(ok[j]));
            tl_builder_fail(b, s, "expected dtype in [%s] but got %s", list, lang_elem_str(&o[i], t, sizeof t));
            return false;
        }
    }
    return true;
}

static const tl_dtype F32_F64[] = {TL_F32, TL_F64};
static const tl_dtype F32_ONLY[] = {TL_F32};

static const struct {
    ir_opcode opc;
    bool f32_only;
} unary_ops[] = {
    [TL_MATH_EXP] = {TCIR_OPC_MATH_EXP, false},   [TL_MATH_EXP2] = {TCIR_OPC_MATH_EXP2, false},
    [TL_MATH_LOG] = {TCIR_OPC_MATH_LOG, false},   [TL_MATH_LOG2] = {TCIR_OPC_MATH_LOG2, false},
    [TL_MATH_SQRT] = {TCIR_OPC_MATH_SQRT, false}, [TL_MATH_RSQRT] = {TCIR_OPC_MATH_RSQRT, false},
    [TL_MATH_SIN] = {TCIR_OPC_MATH_SIN, false},   [TL_MATH_COS] = {TCIR_OPC_MATH_COS, false},
    [TL_MATH_ERF] = {TCIR_OPC_MATH_ERF, false},   [TL_MATH_FLOOR] = {TCIR_OPC_MATH_FLOOR, false},
    [TL_MATH_CEIL] = {TCIR_OPC_MATH_CEIL, false}, [TL_MATH_SQRT_RN] = {TCIR_OPC_TT_PRECISE_SQRT, true},
};

/* MLIR's folders of the math ops on a float32 or float64 constant (math/IR/MathOps.cpp), which
 * make_ttir's canonicalizer runs: the C library's function at the constant's width; log, log2
 * and sqrt keep a negative operand; rsqrt and tt.precise_sqrt have none. */
static bool fold_math(tl_unary_math op, bool f64, double v, double *out)
{
    float f = (float)v;
    switch (op) {
    case TL_MATH_EXP: *out = f64 ? exp(v) : expf(f); return true;
    case TL_MATH_EXP2: *out = f64 ? exp2(v) : exp2f(f); return true;
    case TL_MATH_LOG: *out = f64 ? log(v) : logf(f); return !signbit(v);
    case TL_MATH_LOG2: *out = f64 ? log2(v) : log2f(f); return !signbit(v);
    case TL_MATH_SQRT: *out = f64 ? sqrt(v) : sqrtf(f); return !signbit(v);
    case TL_MATH_SIN: *out = f64 ? sin(v) : sinf(f); return true;
    case TL_MATH_COS: *out = f64 ? cos(v) : cosf(f); return true;
    case TL_MATH_ERF: *out = f64 ? erf(v) : erff(f); return true;
    case TL_MATH_FLOOR: *out = f64 ? floor(v) : floorf(f); return true;
    case TL_MATH_CEIL: *out = f64 ? ceil(v) : ceilf(f); return true;
    default: return false;
    }
}

tl_value tl_math_at(tl_site s, tl_unary_math op, tl_value x)
{
    tl_builder *b = lang_builder(s, NULL, 1, &x, NULL);
    if (!b)
        return TL_POISON;
    if ((int)op < 0 || (size_t)op >= sizeof unary_ops / sizeof unary_ops[0])
        return tl_builder_fail(b, s, "unknown math function %d", (int)op);
    if (tl_value_is_lit(x)) { /* a C number: Python's to_tensor makes its constant first */
        tl_value number = x;
        x = tl_to_tensor_at(s, b, number);
        double r;
        if (!tl_value_is_poison(x) && number.lit == TL_LIT_FLOAT &&
            fold_math(op, x.dtype == TL_F64, number.lit_val.f, &r))
            return tl_materialize_as_at(s, b, tl_lit_float(r), x.dtype, NULL, TL_CONST_FOLDED); /* make_ttir folds it */
    }
    lang_opnd v = lang_opnd_of(b, x);
    if (!check_dtypes(s, b, 1, &v, unary_ops[op].f32_only ? 1 : 2, unary_ops[op].f32_only ? F32_ONLY : F32_F64))
        return TL_POISON;
    if (!lang_emit_unary(s, b, unary_ops[op].opc, &v, v.dtype, 0, NULL))
        return TL_POISON;
    return v.v;
}

static tl_value emit_n(tl_site s, tl_builder *b, ir_opcode opc, int n, lang_opnd *o)
{
    tl_value ops[3];
    for (int i = 0; i < n; i++) {
        ops[i] = lang_value_like(s, b, &o[i], &o[i > 0 ? 0 : n - 1]);
        if (tl_value_is_poison(ops[i]))
            return ops[i];
    }
    /* o[0] is a value now: its type is the result's (see arith.c's emit2) */
    return lang_emit(s, b, opc, n, ops, tcir_value_type(ops[0].ir), o[0].dtype, false, 0, NULL);
}

/* The operands of a call, typed as to_tensor types numbers. */
static tl_builder *strong_operands(tl_site s, int n, const tl_value *in, lang_opnd *o)
{
    tl_builder *b = lang_builder(s, NULL, n, in, NULL);
    for (int i = 0; b && i < n; i++) {
        lang_opnd_set(&o[i], &in[i]);
        lang_strong(&o[i]);
    }
    return b;
}

tl_value tl_fma_at(tl_site s, tl_value x, tl_value y, tl_value z)
{
    tl_value in[3] = {x, y, z};
    lang_opnd o[3];
    tl_builder *b = strong_operands(s, 3, in, o);
    if (!b)
        return TL_POISON;
    if (!lang_binary_operands(s, b, &o[0], &o[1], 0) || !lang_binary_operands(s, b, &o[2], &o[0], 0) ||
        !lang_binary_operands(s, b, &o[2], &o[1], 0))
        return TL_POISON;
    if (!tl_dtype_is_float(o[0].dtype))
        return tl_builder_fail(b, s, "fma needs floating-point operands, not %s", tl_dtype_name(o[0].dtype));
    return emit_n(s, b, TCIR_OPC_MATH_FMA, 3, o);
}

tl_value tl_div_rn_at(tl_site s, tl_value x, tl_value y)
{
    tl_value in[2] = {x, y};
    lang_opnd o[2];
    tl_builder *b = lang_builder(s, NULL, 2, in, NULL);
    if (!b)
        return TL_POISON;
    lang_opnd_set(&o[0], &x);
    lang_opnd_set(&o[1], &y);
    if (!check_dtypes(s, b, 2, o, 1, F32_ONLY))
        return TL_POISON;
    lang_strong(&o[0]);
    lang_strong(&o[1]);
    if (!lang_binary_operands(s, b, &o[0], &o[1], 0))
        return TL_POISON;
    return emit_n(s, b, TCIR_OPC_TT_PRECISE_DIVF, 2, o);
}

tl_value tl_fdiv_at(tl_site s, tl_value x, tl_value y, tl_fdiv_opts opts)
{
    (void)opts.ieee_rounding; /* Triton 3.6 emits arith.divf either way */
    tl_value in[2] = {x, y};
    lang_opnd o[2];
    tl_builder *b = strong_operands(s, 2, in, o);
    if (!b)
        return TL_POISON;
    if (o[0].is_ptr || o[1].is_ptr || !tl_dtype_is_float(o[0].dtype) || !tl_dtype_is_float(o[1].dtype))
        return tl_builder_fail(b, s, "both operands of fdiv must have floating scalar type");
    if (!lang_binary_operands(s, b, &o[0], &o[1], LANG_NO_ARITH))
        return TL_POISON;
    if (o[0].dtype != o[1].dtype)
        return tl_builder_fail(b, s, "fdiv does not promote: %s and %s differ", tl_dtype_name(o[0].dtype),
                               tl_dtype_name(o[1].dtype));
    return emit_n(s, b, TCIR_OPC_ARITH_DIVF, 2, o);
}

tl_value tl_umulhi_at(tl_site s, tl_value x, tl_value y)
{
    static const tl_dtype ok[] = {TL_I32, TL_I64, TL_U32, TL_U64};
    tl_value in[2] = {x, y};
    lang_opnd o[2];
    tl_builder *b = lang_builder(s, NULL, 2, in, NULL);
    if (!b)
        return TL_POISON;
    lang_opnd_set(&o[0], &x);
    lang_opnd_set(&o[1], &y);
    if (!check_dtypes(s, b, 2, o, 4, ok))
        return TL_POISON;
    lang_strong(&o[0]);
    lang_strong(&o[1]);
    if (!lang_binary_operands(s, b, &o[0], &o[1], 0))
        return TL_POISON;
    /* A number promotes its partner (umulhi(x, 1.5) is a float umulhi): Python's check of the
     * tensors passes, and MLIR's verifier refuses the op. Said here, at the call, in the
     * check's words. */
    if (!check_dtypes(s, b, 1, o, 4, ok))
        return TL_POISON;
    return emit_n(s, b, TCIR_OPC_TT_MULHIUI, 2, o);
}

tl_value tl_abs_at(tl_site s, tl_value x)
{
    if (x.lit == TL_LIT_FLOAT) /* a number, as a constexpr: a number */
        return tl_lit_float(fabs(x.lit_val.f));
    if (tl_value_is_lit(x) && x.dtype != TL_U64)
        return tl_lit_uint(x.lit_val.i < 0 ? 0 - (uint64_t)x.lit_val.i : (uint64_t)x.lit_val.i);
    tl_builder *b = lang_builder(s, NULL, 1, &x, NULL);
    if (!b)
        return TL_POISON;
    lang_opnd v = lang_opnd_of(b, x);
    char t[LANG_STR];
    if (v.is_ptr || v.dtype == TL_FP8E4B15)
        return tl_builder_fail(b, s, "abs of %s is not supported", lang_elem_str(&v, t, sizeof t));
    if (lang_is_unsigned(v.dtype))
        return x;
    if (!lang_emit_unary(s, b, tl_dtype_is_float(v.dtype) ? TCIR_OPC_MATH_ABSF : TCIR_OPC_MATH_ABSI, &v, v.dtype, 0,
                         NULL))
        return TL_POISON;
    return v.v;
}
