/* Python's arithmetic, bitwise and shift operators (semantic.add ... semantic.shl), unary
 * minus and invert, tl.cdiv, and the MLIR-named same-type helpers. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "lang/lang_internal.h"

static tl_value emit2(tl_site s, tl_builder *b, ir_opcode opc, lang_opnd *l, lang_opnd *r)
{
    tl_value ops[2] = {lang_value_like(s, b, l, r), lang_value_like(s, b, r, l)};
    if (tl_value_is_poison(ops[0]) || tl_value_is_poison(ops[1]))
        return TL_POISON;
    /* l is a value now, of the type an operand's element and shape make (each step that
     * changes them makes the op that gives that type): the result's type, as it is */
    return lang_emit(s, b, opc, 2, ops, tcir_value_type(ops[0].ir), l->dtype, l->is_ptr, 0, NULL);
}

/* semantic.add once the operands are checked: ptr + offset (either order), float, int. */
static tl_value add_checked(tl_site s, tl_builder *b, lang_opnd *l, lang_opnd *r)
{
    if (l->is_ptr && r->is_ptr)
        return tl_builder_fail(b, s, "cannot add pointers together");
    if (r->is_ptr) {
        lang_opnd *t = l;
        l = r;
        r = t;
    }
    if (l->is_ptr) {
        /* addptr reads the offset as signed: unsigned offsets are zero-extended first */
        if (lang_is_unsigned(r->dtype) && tl_dtype_bits(r->dtype) < 64 && !lang_cast(s, b, r, TL_I64, TL_ROUND_DEFAULT))
            return TL_POISON;
        return emit2(s, b, TCIR_OPC_TT_ADDPTR, l, r);
    }
    return emit2(s, b, tl_dtype_is_float(l->dtype) ? TCIR_OPC_ARITH_ADDF : TCIR_OPC_ARITH_ADDI, l, r);
}

static void lit_negate(lang_opnd *r)
{
    if (r->v.lit == TL_LIT_FLOAT) {
        r->v.lit_val.f = -r->v.lit_val.f;
    } else {
        r->v.lit_val.i = (int64_t)(0 - (uint64_t)lang_lit_i(r));
        r->v.lit = TL_LIT_INT;
    }
    lang_lit_retype(r, r->dtype);
}

tl_value lang_minus(tl_site s, tl_builder *b, lang_opnd *x)
{
    if (x->is_ptr) {
        char t[LANG_STR];
        return tl_builder_fail(b, s, "wrong type argument to unary minus (%s)", lang_elem_str(x, t, sizeof t));
    }
    lang_opnd zero = lang_lit_opnd(x->dtype, 0.0, 0);
    lang_strong(x);
    return lang_binop(s, b, TL_OP_SUB, &zero, x);
}

/* Operands checked as the bitwise ops check them: promoted, broadcast, integers only. */
static bool bitwise_operands(tl_site s, tl_builder *b, lang_opnd *l, lang_opnd *r)
{
    if (!lang_binary_operands(s, b, l, r, 0))
        return false;
    if (!tl_dtype_is_int(l->dtype) || !tl_dtype_is_int(r->dtype)) {
        char x[LANG_STR], y[LANG_STR];
        tl_builder_fail(b, s, "invalid operands of type %s and %s", lang_elem_str(l, x, sizeof x),
                        lang_elem_str(r, y, sizeof y));
        return false;
    }
    return true;
}

/* The int32 constant c when v is an arith.constant holding it. */
static bool const_i32(const tcir_value *v, int64_t *c)
{
    const tcir_op *def = v ? tcir_value_def(v) : NULL;
    const tcir_attr *a = def && tcir_op_opcode(def) == TCIR_OPC_ARITH_CONSTANT ? tcir_op_attr(def, "value") : NULL;
    if (!a || tcir_attr_get_kind(a) != TCIR_ATTR_INT)
        return false;
    *c = tcir_attr_int_value(a);
    return true;
}

/* (x + c0) + c1, (x - c0) + c1, (x + c0) - c1 and (x - c0) - c1 on int32 scalars: Triton's
 * canonicalizer rewrites them to x + c or x - c (arith's AddIAddConstant, AddISubConstantRHS,
 * SubIRHSAddConstant, SubIRHSSubConstantRHS), making c by folding there. tritonc writes that
 * form, with c made by folding at this op, so that the constant lands where Python's does
 * (the sliding window's context_len + first_pos - SLIDING_WINDOW + 1 of unified attention).
 * c1 is still noted where Python makes it; the inner op stays for its other uses. */
static bool reassociated(tl_site s, tl_builder *b, bool outer_sub, lang_opnd *l, lang_opnd *r, tl_value *out)
{
    if (l->is_ptr || r->is_ptr || l->rank != 0 || l->dtype != TL_I32 || r->dtype != TL_I32 || tl_value_is_lit(l->v) ||
        !tl_value_is_lit(r->v) || r->v.lit != TL_LIT_INT || !tl_builder_made_in_this_function(b, l->v))
        return false;
    const tcir_op *inner = tcir_value_def(l->v.ir);
    if (!inner || tcir_op_noperands(inner) != 2)
        return false;
    bool inner_sub = tcir_op_opcode(inner) == TCIR_OPC_ARITH_SUBI;
    if (!inner_sub && tcir_op_opcode(inner) != TCIR_OPC_ARITH_ADDI)
        return false;
    int64_t c0, c1 = lang_lit_i(r);
    if (!const_i32(tcir_op_operand(inner, 1), &c0) || const_i32(tcir_op_operand(inner, 0), &(int64_t){0}))
        return false;
    /* x + (c0 + c1), x + (c1 - c0), x + (c0 - c1), x - (c0 + c1), wrapped to int32 */
    bool sub = inner_sub && outer_sub;
    uint64_t c = inner_sub == outer_sub ? (uint64_t)c0 + (uint64_t)c1
        : inner_sub                     ? (uint64_t)c1 - (uint64_t)c0
                                        : (uint64_t)c0 - (uint64_t)c1;
    int64_t folded = (int64_t)(int32_t)(uint32_t)c;
    tl_note_constant_at(s, b, tl_lit_int(c1), TL_I32, NULL);
    tl_value k = tl_materialize_as_at(s, b, tl_lit_int(folded), TL_I32, NULL, TL_CONST_FOLDED);
    if (tl_value_is_poison(k))
        return (*out = k), true;
    lang_opnd x, kc;
    tl_value xv = tl_wrap(b, tcir_op_operand(inner, 0), TL_I32);
    lang_opnd_set(&x, &xv);
    lang_opnd_set(&kc, &k);
    *out = emit2(s, b, sub ? TCIR_OPC_ARITH_SUBI : TCIR_OPC_ARITH_ADDI, &x, &kc);
    return true;
}

tl_value lang_binop(tl_site s, tl_builder *b, tl_binop op, lang_opnd *l, lang_opnd *r)
{
    tl_value re;
    char x[LANG_STR], y[LANG_STR];
    switch (op) {
    case TL_OP_ADD:
        if (!lang_binary_operands(s, b, l, r, LANG_LHS_PTR | LANG_RHS_PTR))
            return TL_POISON;
        if (reassociated(s, b, false, l, r, &re))
            return re;
        return add_checked(s, b, l, r);
    case TL_OP_SUB:
        if (!lang_binary_operands(s, b, l, r, LANG_LHS_PTR))
            return TL_POISON;
        if (l->is_ptr) { /* ptr - offset = ptr + (0 - offset) */
            if (tl_value_is_lit(r->v)) { /* folded, as canonicalize folds 0 - constant */
                lit_negate(r);
                return add_checked(s, b, l, r);
            }
            tl_value neg = lang_minus(s, b, r);
            if (tl_value_is_poison(neg))
                return neg;
            lang_opnd n;
            lang_opnd_set(&n, &neg);
            return add_checked(s, b, l, &n);
        }
        if (reassociated(s, b, true, l, r, &re))
            return re;
        return emit2(s, b, tl_dtype_is_float(l->dtype) ? TCIR_OPC_ARITH_SUBF : TCIR_OPC_ARITH_SUBI, l, r);
    case TL_OP_MUL:
        if (!lang_binary_operands(s, b, l, r, 0))
            return TL_POISON;
        return emit2(s, b, tl_dtype_is_float(l->dtype) ? TCIR_OPC_ARITH_MULF : TCIR_OPC_ARITH_MULI, l, r);
    case TL_OP_TRUEDIV:
        if (!lang_binary_operands(s, b, l, r, LANG_DIV_MOD))
            return TL_POISON;
        if (tl_dtype_is_int(l->dtype) &&
            (!lang_cast(s, b, l, TL_F32, TL_ROUND_DEFAULT) || !lang_cast(s, b, r, TL_F32, TL_ROUND_DEFAULT)))
            return TL_POISON;
        return emit2(s, b, TCIR_OPC_ARITH_DIVF, l, r);
    case TL_OP_FLOORDIV:
        if (!lang_binary_operands(s, b, l, r, LANG_DIV_MOD))
            return TL_POISON;
        if (!tl_dtype_is_int(l->dtype))
            return tl_builder_fail(b, s, "floor division of %s by %s: integers only", lang_elem_str(l, x, sizeof x),
                                   lang_elem_str(r, y, sizeof y));
        return emit2(s, b, lang_is_signed(l->dtype) ? TCIR_OPC_ARITH_DIVSI : TCIR_OPC_ARITH_DIVUI, l, r);
    case TL_OP_MOD:
        if (!lang_binary_operands(s, b, l, r, LANG_DIV_MOD))
            return TL_POISON;
        if (tl_dtype_is_float(l->dtype))
            return emit2(s, b, TCIR_OPC_ARITH_REMF, l, r);
        return emit2(s, b, lang_is_signed(l->dtype) ? TCIR_OPC_ARITH_REMSI : TCIR_OPC_ARITH_REMUI, l, r);
    case TL_OP_AND:
    case TL_OP_OR:
    case TL_OP_XOR:
    case TL_OP_SHL:
        if (!bitwise_operands(s, b, l, r))
            return TL_POISON;
        return emit2(s, b,
                     op == TL_OP_AND       ? TCIR_OPC_ARITH_ANDI
                         : op == TL_OP_OR  ? TCIR_OPC_ARITH_ORI
                         : op == TL_OP_XOR ? TCIR_OPC_ARITH_XORI
                                           : TCIR_OPC_ARITH_SHLI,
                     l, r);
    case TL_OP_SHR: {
        /* arithmetic or logical by the signedness of the tensor the operator was called on */
        bool arith = lang_is_signed(tl_value_is_lit(l->v) ? r->dtype : l->dtype);
        if (!bitwise_operands(s, b, l, r))
            return TL_POISON;
        return emit2(s, b, arith ? TCIR_OPC_ARITH_SHRSI : TCIR_OPC_ARITH_SHRUI, l, r);
    }
    default:
        if (lang_is_compare(op))
            return lang_compare(s, b, op, l, r);
        return tl_builder_fail(b, s, "unknown binary operator %d", (int)op);
    }
}

tl_value tl_binary_at(tl_site s, tl_binop op, tl_value a, tl_value c)
{
    tl_value folded;
    if (lang_fold(op, a, c, &folded))
        return folded;
    tl_value in[2] = {a, c};
    tl_builder *b = lang_builder(s, NULL, 2, in, NULL);
    if (!b)
        return TL_POISON;
    /* Python computes two constexprs itself and raises where that fails (1 // 0); what C
     * cannot fold is not made into ops of constants, which would compute something else. */
    if (tl_value_is_lit(a) && tl_value_is_lit(c))
        return tl_builder_fail(b, s,
                               "cannot fold these C numbers (a division by zero, a shift "
                               "out of range, an unsigned 64-bit number, or // and %% of floats)");
    lang_opnd l, r;
    lang_opnd_set(&l, &a);
    lang_opnd_set(&r, &c);
    return lang_binop(s, b, op, &l, &r);
}

/* Python's left-to-right chain, ((v0 op v1) op v2) ..., each step made before the operands
 * after it (tl_order_chain_step_at). */
tl_value tl_binary_chain_at(tl_site s, tl_binop op, int n, const tl_value *v)
{
    if (n < 2 || !v)
        return TL_POISON;
    tl_value acc = tl_binary_at(s, op, v[0], v[1]);
    for (int i = 2; i < n; i++) {
        if (acc.b)
            tl_order_chain_step_at(s, acc.b, acc, n - i, v + i);
        acc = tl_binary_at(s, op, acc, v[i]);
    }
    return acc;
}

/* standard.cdiv: (x + (div - 1)) // div, each step a Python operator. */
static tl_value cdiv_body(tl_site s, tl_builder *b, tl_value a, tl_value c)
{
    lang_opnd x = lang_opnd_of(b, a), div = lang_opnd_of(b, c), dm1;
    if (tl_value_is_lit(c)) { /* a constexpr: Python computes div - 1 itself */
        tl_value n;
        if (c.lit == TL_LIT_FLOAT)
            n = tl_lit_float(c.lit_val.f - 1.0);
        else if (c.lit == TL_LIT_BOOL)
            n = tl_lit_int(c.lit_val.i ? 0 : -1);
        else if (div.dtype == TL_U64)
            n = tl_lit_uint((uint64_t)c.lit_val.i - 1);
        else if (c.lit_val.i == INT64_MIN)
            return tl_builder_fail(b, s, "div - 1 overflows int64");
        else
            n = tl_lit_int(c.lit_val.i - 1);
        lang_opnd_set(&dm1, &n);
    } else if (a.lit == TL_LIT_INT && a.lit_val.i >= INT32_MIN && a.lit_val.i <= INT32_MAX &&
               tl_dtype_is_int(div.dtype) && tl_dtype_bits(div.dtype) >= 32 && !div.is_ptr) {
        /* A number over a value: the helper's own canonicalization turns x + (div - 1) into
         * div + (x - 1) (arith's addi-of-subi pattern), a constant of the call that nothing
         * else shares; Triton would otherwise fold it in the kernel, on top of all the others. */
        lang_opnd d = div;
        tl_value sum = d.v;
        if (a.lit_val.i != 1) {
            lang_opnd k = lang_opnd_of(b, tl_lit_int(a.lit_val.i - 1));
            sum = lang_binop(s, b, TL_OP_ADD, &d, &k);
            if (tl_value_is_poison(sum))
                return sum;
        }
        lang_opnd q = lang_opnd_of(b, sum);
        return lang_binop(s, b, TL_OP_FLOORDIV, &q, &div);
    } else {
        lang_opnd d = div, one = lang_opnd_of(b, tl_lit_int(1)); /* div is used again below */
        tl_value t = lang_binop(s, b, TL_OP_SUB, &d, &one);
        if (tl_value_is_poison(t))
            return t;
        lang_opnd_set(&dm1, &t);
    }
    tl_value sum = lang_binop(s, b, TL_OP_ADD, &x, &dm1);
    if (tl_value_is_poison(sum))
        return sum;
    lang_opnd q = lang_opnd_of(b, sum);
    return lang_binop(s, b, TL_OP_FLOORDIV, &q, &div);
}

tl_value tl_cdiv_at(tl_site s, tl_value a, tl_value c)
{
    tl_value dm1, sum, folded;
    if (lang_fold(TL_OP_SUB, c, tl_lit_int(1), &dm1) && lang_fold(TL_OP_ADD, a, dm1, &sum) &&
        lang_fold(TL_OP_FLOORDIV, sum, c, &folded))
        return folded; /* constexprs: Python computes (x + div - 1) // div itself */
    tl_value in[2] = {a, c};
    tl_builder *b = lang_builder(s, NULL, 2, in, NULL);
    if (!b)
        return TL_POISON;
    tl_builder_helper_begin(b); /* a @jit helper in Python */
    tl_value r = cdiv_body(s, b, a, c);
    tl_builder_helper_end(b);
    return r;
}

tl_value tl_neg_at(tl_site s, tl_value x)
{
    tl_value folded;
    if (lang_fold(TL_OP_SUB, tl_value_is_lit(x) && x.lit == TL_LIT_FLOAT ? tl_lit_float(0.0) : tl_lit_int(0), x,
                  &folded))
        return folded;
    tl_builder *b = lang_builder(s, NULL, 1, &x, NULL);
    if (!b)
        return TL_POISON;
    lang_opnd v = lang_opnd_of(b, x);
    return lang_minus(s, b, &v);
}

tl_value tl_invert_at(tl_site s, tl_value x)
{
    tl_value folded;
    if (x.lit != TL_LIT_FLOAT && lang_fold(TL_OP_XOR, x, tl_lit_int(-1), &folded))
        return folded;
    tl_builder *b = lang_builder(s, NULL, 1, &x, NULL);
    if (!b)
        return TL_POISON;
    lang_opnd v = lang_opnd_of(b, x);
    if (v.is_ptr || tl_dtype_is_float(v.dtype)) {
        char t[LANG_STR];
        return tl_builder_fail(b, s, "wrong type argument to unary invert (%s)", lang_elem_str(&v, t, sizeof t));
    }
    lang_opnd ones = lang_lit_opnd(v.dtype, 0.0, -1);
    return lang_binop(s, b, TL_OP_XOR, &v, &ones);
}

/* What the verifier wants of the same-type ops it knows (verify.c checks the same at finish;
 * checked here too, so that the error names the call): operand count and element kind, by
 * opcode (n = 0: not one of them). */
typedef struct same_type_rule {
    int n;
    bool want_float;
} same_type_rule;

static const same_type_rule same_type_rules[TCIR_OPC_COUNT] = {
    [TCIR_OPC_ARITH_ADDF] = {2, true},       [TCIR_OPC_ARITH_SUBF] = {2, true},
    [TCIR_OPC_ARITH_MULF] = {2, true},       [TCIR_OPC_ARITH_DIVF] = {2, true},
    [TCIR_OPC_ARITH_REMF] = {2, true},       [TCIR_OPC_ARITH_MAXNUMF] = {2, true},
    [TCIR_OPC_ARITH_MINNUMF] = {2, true},    [TCIR_OPC_ARITH_MAXIMUMF] = {2, true},
    [TCIR_OPC_ARITH_MINIMUMF] = {2, true},   [TCIR_OPC_ARITH_NEGF] = {1, true},
    [TCIR_OPC_TT_PRECISE_DIVF] = {2, true},  [TCIR_OPC_TT_PRECISE_SQRT] = {1, true},
    [TCIR_OPC_MATH_ABSF] = {1, true},        [TCIR_OPC_MATH_CEIL] = {1, true},
    [TCIR_OPC_MATH_COS] = {1, true},         [TCIR_OPC_MATH_ERF] = {1, true},
    [TCIR_OPC_MATH_EXP] = {1, true},         [TCIR_OPC_MATH_EXP2] = {1, true},
    [TCIR_OPC_MATH_FLOOR] = {1, true},       [TCIR_OPC_MATH_LOG] = {1, true},
    [TCIR_OPC_MATH_LOG2] = {1, true},        [TCIR_OPC_MATH_RSQRT] = {1, true},
    [TCIR_OPC_MATH_SIN] = {1, true},         [TCIR_OPC_MATH_SQRT] = {1, true},
    [TCIR_OPC_MATH_FMA] = {3, true},         [TCIR_OPC_ARITH_ADDI] = {2, false},
    [TCIR_OPC_ARITH_SUBI] = {2, false},      [TCIR_OPC_ARITH_MULI] = {2, false},
    [TCIR_OPC_ARITH_DIVSI] = {2, false},     [TCIR_OPC_ARITH_DIVUI] = {2, false},
    [TCIR_OPC_ARITH_REMSI] = {2, false},     [TCIR_OPC_ARITH_REMUI] = {2, false},
    [TCIR_OPC_ARITH_ANDI] = {2, false},      [TCIR_OPC_ARITH_ORI] = {2, false},
    [TCIR_OPC_ARITH_XORI] = {2, false},      [TCIR_OPC_ARITH_SHLI] = {2, false},
    [TCIR_OPC_ARITH_SHRSI] = {2, false},     [TCIR_OPC_ARITH_SHRUI] = {2, false},
    [TCIR_OPC_ARITH_MAXSI] = {2, false},     [TCIR_OPC_ARITH_MAXUI] = {2, false},
    [TCIR_OPC_ARITH_MINSI] = {2, false},     [TCIR_OPC_ARITH_MINUI] = {2, false},
    [TCIR_OPC_ARITH_CEILDIVSI] = {2, false}, [TCIR_OPC_ARITH_FLOORDIVSI] = {2, false},
    [TCIR_OPC_TT_MULHIUI] = {2, false},      [TCIR_OPC_MATH_ABSI] = {1, false},
};

/* The rule of an op name (the caller's: tl_same_type_op_at takes any); NULL for the others. */
static const same_type_rule *same_type_rule_of(const char *name)
{
    const same_type_rule *rule = &same_type_rules[tcir_opcode_of(name)];
    return rule->n ? rule : NULL;
}

/* The operand count and the element kind of a known op, checked on the first value o. */
static bool same_type_rule_holds(tl_site s, tl_builder *b, const char *name, int n, int first, lang_opnd *o)
{
    const same_type_rule *rule = same_type_rule_of(name);
    if (!rule)
        return true; /* an op the verifier does not know: it is the caller's */
    if (n != rule->n) {
        tl_builder_fail(b, s, "%s takes %d operand%s, got %d", name, rule->n, rule->n == 1 ? "" : "s", n);
        return false;
    }
    bool ok = !o->is_ptr && (rule->want_float ? tl_dtype_is_float(o->dtype) : tl_dtype_is_int(o->dtype));
    if (!ok) {
        char t[LANG_STR];
        tl_builder_fail(b, s, "%s needs %s operands: argument #%d is %s", name,
                        rule->want_float ? "floating-point" : "integer", first + 1, lang_type_str(b, o, t, sizeof t));
    }
    return ok;
}

tl_value tl_same_type_op_at(tl_site s, const char *name, int n, const tl_value *operands)
{
    enum { MAX_OPERANDS = 8 };
    if (n < 1 || n > MAX_OPERANDS || !operands || !name) {
        tl_builder *b = NULL;
        for (int i = 0; operands && i < n && i < MAX_OPERANDS && !b; i++)
            b = operands[i].b;
        return tl_builder_fail(b, s, "bad arguments: %d operands (1 to %d) of op %s", n, MAX_OPERANDS,
                               name ? name : "(null)");
    }
    tl_builder *b = lang_builder(s, NULL, n, operands, NULL);
    if (!b)
        return TL_POISON;
    lang_opnd o[MAX_OPERANDS];
    int first = -1;
    for (int i = 0; i < n; i++) {
        lang_opnd_set(&o[i], &operands[i]);
        if (first < 0 && !tl_value_is_lit(operands[i]))
            first = i;
    }
    if (first < 0)
        return tl_builder_fail(b, s, "no operand is a value");
    if (!same_type_rule_holds(s, b, name, n, first, &o[first]))
        return TL_POISON;
    const tcir_type *t = tl_value_type(operands[first]);
    tl_value ops[MAX_OPERANDS];
    for (int i = 0; i < n; i++) {
        if (tl_value_is_lit(operands[i])) { /* a number takes the type of the values */
            lang_opnd *l = &o[i];
            lang_strong(l);
            lang_lit_retype(l, o[first].dtype);
            l->rank = o[first].rank;
            memcpy(l->dims, o[first].dims, sizeof l->dims);
        } else if (tl_value_type(operands[i]) != t || o[i].dtype != o[first].dtype || o[i].is_ptr != o[first].is_ptr) {
            char x[LANG_STR], y[LANG_STR];
            return tl_builder_fail(b, s, "%s needs operands of one type: argument #%d is %s, argument #%d is %s", name,
                                   first + 1, lang_type_str(b, &o[first], x, sizeof x), i + 1,
                                   lang_type_str(b, &o[i], y, sizeof y));
        }
        ops[i] = lang_value(s, b, &o[i]);
        if (tl_value_is_poison(ops[i]))
            return ops[i];
    }
    return lang_emit_named(s, b, name, n, ops, t, o[first].dtype, o[first].is_ptr, 0, NULL);
}
