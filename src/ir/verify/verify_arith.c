/* Verifier rules of arith and math ops, casts and constants (verify_internal.h). */
#include "base/hints.h"
#include "ir/verify/verify_internal.h"

/* ---- elementwise arithmetic ---------------------------------------------------------------- */

/* Whether ty is of the element kind asked for. */
static bool kind_ok(const tcir_type *ty, bool want_float) { return want_float ? is_float_like(ty) : is_int_like(ty); }

static TCIR_COLD bool kind_fail(verifier *v, const tcir_op *op, int i, bool want_float)
{
    return fail(v, op, "operand #%d must be %s, but got '%s'", i,
                want_float ? "floating-point-like" : "signless-integer-like", tn(v, operand_type(op, i)));
}

static bool elem_kind(verifier *v, const tcir_op *op, bool want_float)
{
    for (int i = 0; i < tcir_op_noperands(op); i++)
        if (!kind_ok(operand_type(op, i), want_float))
            return kind_fail(v, op, i, want_float);
    return true;
}

static TCIR_COLD bool same_type_fail(verifier *v, const tcir_op *op, int n)
{
    const tcir_type *r = result_type(op, 0);
    if (n == 1)
        return fail(v, op, "requires the same type for all operands and results, got %s -> %s",
                    tn(v, operand_type(op, 0)), tn(v, r));
    if (n == 2)
        return fail(v, op, "requires the same type for all operands and results, got %s, %s -> %s",
                    tn(v, operand_type(op, 0)), tn(v, operand_type(op, 1)), tn(v, r));
    return fail(v, op, "requires the same type for all operands and results, got %s, %s, %s -> %s",
                tn(v, operand_type(op, 0)), tn(v, operand_type(op, 1)), tn(v, operand_type(op, 2)), tn(v, r));
}

/* n operands and one result, all of one type, integers or floats. */
static bool same_type_op(verifier *v, const tcir_op *op, int n, bool want_float)
{
    if (!counts(v, op, n, 1))
        return false;
    const tcir_type *r = result_type(op, 0);
    for (int i = 0; i < n; i++)
        if (operand_type(op, i) != r)
            return same_type_fail(v, op, n);
    /* every operand is of type r: one kind check stands for all (operand #0 is the first) */
    return kind_ok(r, want_float) || kind_fail(v, op, 0, want_float);
}

bool verify_check_int2(verifier *v, const tcir_op *op) { return same_type_op(v, op, 2, false); }
bool verify_check_float2(verifier *v, const tcir_op *op) { return same_type_op(v, op, 2, true); }
bool verify_check_int1(verifier *v, const tcir_op *op) { return same_type_op(v, op, 1, false); }
bool verify_check_float1(verifier *v, const tcir_op *op) { return same_type_op(v, op, 1, true); }
bool verify_check_float3(verifier *v, const tcir_op *op) { return same_type_op(v, op, 3, true); }

bool verify_check_clampf(verifier *v, const tcir_op *op)
{
    return same_type_op(v, op, 3, true) && need_attr(v, op, "propagateNan", TCIR_ATTR_ENUM);
}

bool verify_check_cmp(verifier *v, const tcir_op *op)
{
    if (!counts(v, op, 2, 1) || !need_attr(v, op, "predicate", TCIR_ATTR_ENUM))
        return false;
    const tcir_type *a = operand_type(op, 0), *b = operand_type(op, 1), *r = result_type(op, 0);
    if (a != b)
        return fail(v, op, "requires all operands to have the same type, got %s and %s", tn(v, a), tn(v, b));
    if (!elem_kind(v, op, tcir_op_opcode(op) == TCIR_OPC_ARITH_CMPF))
        return false;
    if (!same_shape(r, a) || !is_i1_like(r))
        return fail(v, op, "result must be i1 shaped like the operands (%s), got %s", tn(v, a), tn(v, r));
    return true;
}

bool verify_check_select(verifier *v, const tcir_op *op)
{
    if (!counts(v, op, 3, 1))
        return false;
    const tcir_type *c = operand_type(op, 0), *r = result_type(op, 0);
    if (operand_type(op, 1) != r || operand_type(op, 2) != r)
        return fail(v, op,
                    "requires the true value, the false value and the result to have the same type, got %s, %s "
                    "-> %s",
                    tn(v, operand_type(op, 1)), tn(v, operand_type(op, 2)), tn(v, r));
    if (!is_i1_like(c) || (tcir_type_is_tensor(c) && !same_shape(c, r)))
        return fail(v, op, "condition must be i1 or a tensor of i1 shaped like the result (%s), got %s", tn(v, r),
                    tn(v, c));
    return true;
}

/* ---- casts ---------------------------------------------------------------------------------- */

bool verify_check_cast(verifier *v, const tcir_op *op)
{
    if (!counts(v, op, 1, 1))
        return false;
    const tcir_type *a = operand_type(op, 0), *r = result_type(op, 0);
    if (!same_shape(a, r))
        return fail(v, op, "operand and result must have the same shape, got %s and %s", tn(v, a), tn(v, r));
    int opc = tcir_op_opcode(op);
    bool from_int = is_int_like(a), to_int = is_int_like(r), from_f = is_float_like(a), to_f = is_float_like(r);
    unsigned wa = bit_width(a), wr = bit_width(r);
    bool ints = opc == TCIR_OPC_ARITH_EXTSI || opc == TCIR_OPC_ARITH_EXTUI || opc == TCIR_OPC_ARITH_TRUNCI;
    if (ints || opc == TCIR_OPC_ARITH_EXTF || opc == TCIR_OPC_ARITH_TRUNCF) {
        if (ints ? !(from_int && to_int) : !(from_f && to_f))
            return fail(v, op, "expects %s operand and result, got %s to %s", ints ? "integer" : "floating-point",
                        tn(v, a), tn(v, r));
        bool widen = opc != TCIR_OPC_ARITH_TRUNCI && opc != TCIR_OPC_ARITH_TRUNCF;
        if (widen && wr <= wa)
            return fail(v, op, "result type '%s' must be wider than operand type '%s'", tn(v, r), tn(v, a));
        if (!widen && wr >= wa)
            return fail(v, op, "result type '%s' must be narrower than operand type '%s'", tn(v, r), tn(v, a));
        return true;
    }
    if (opc == TCIR_OPC_ARITH_SITOFP || opc == TCIR_OPC_ARITH_UITOFP) {
        if (!from_int || !to_f)
            return fail(v, op, "expects an integer operand and a floating-point result, got %s to %s", tn(v, a),
                        tn(v, r));
        return true;
    }
    if (opc == TCIR_OPC_ARITH_FPTOSI || opc == TCIR_OPC_ARITH_FPTOUI) {
        if (!from_f || !to_int)
            return fail(v, op, "expects a floating-point operand and an integer result, got %s to %s", tn(v, a),
                        tn(v, r));
        return true;
    }
    if (opc == TCIR_OPC_ARITH_INDEX_CAST) {
        bool ai = tcir_type_get_kind(tcir_type_elem(a)) == TCIR_TYPE_INDEX;
        bool ri = tcir_type_get_kind(tcir_type_elem(r)) == TCIR_TYPE_INDEX;
        if (!from_int || !to_int || ai == ri)
            return fail(v, op, "expects a cast between an integer and index, got %s to %s", tn(v, a), tn(v, r));
        return true;
    }
    /* arith.bitcast */
    if (is_ptr_like(a) || is_ptr_like(r) || !wa || wa != wr)
        return fail(v, op, "operand and result must have the same bit width, got %s to %s", tn(v, a), tn(v, r));
    return true;
}

bool verify_check_tt_bitcast(verifier *v, const tcir_op *op)
{
    if (!counts(v, op, 1, 1))
        return false;
    const tcir_type *a = operand_type(op, 0), *r = result_type(op, 0);
    if (!same_shape(a, r))
        return fail(v, op, "operand and result must have the same shape, got %s and %s", tn(v, a), tn(v, r));
    if (is_ptr_like(a) != is_ptr_like(r) || !bit_width(a) || bit_width(a) != bit_width(r))
        return fail(v, op, "operand and result must have the same bit width, got %s to %s", tn(v, a), tn(v, r));
    return true;
}

bool verify_check_fp_to_fp(verifier *v, const tcir_op *op)
{
    if (!counts(v, op, 1, 1))
        return false;
    const tcir_type *a = operand_type(op, 0), *r = result_type(op, 0);
    if (!same_shape(a, r))
        return fail(v, op, "operand and result must have the same shape, got %s and %s", tn(v, a), tn(v, r));
    if (!is_float_like(a) || !is_float_like(r))
        return fail(v, op, "expects floating-point operand and result, got %s to %s", tn(v, a), tn(v, r));
    if (bit_width(r) < bit_width(a) && !tcir_op_attr(op, "rounding"))
        return fail(v, op, "rounding mode is required for an FP downcast, got %s to %s", tn(v, a), tn(v, r));
    return true;
}

bool verify_check_constant(verifier *v, const tcir_op *op)
{
    if (!counts(v, op, 0, 1))
        return false;
    const tcir_attr *a = tcir_op_attr(op, "value");
    if (!a)
        return fail(v, op, "requires attribute 'value'");
    tcir_attr_kind k = tcir_attr_get_kind(a);
    const tcir_type *r = result_type(op, 0);
    const tcir_type *at = k == TCIR_ATTR_INT || k == TCIR_ATTR_FLOAT || k == TCIR_ATTR_DENSE ? tcir_attr_get_type(a)
        : k == TCIR_ATTR_BOOL                                                                ? NULL
                                                                                             : r;
    bool ok = k == TCIR_ATTR_BOOL ? is_i1_like(r) && !tcir_type_is_tensor(r)
                                  : (k == TCIR_ATTR_INT || k == TCIR_ATTR_FLOAT || k == TCIR_ATTR_DENSE) && at == r;
    if (!ok) {
        return fail(v, op, "value of type %s does not match the result type %s", tn(v, at), tn(v, r));
    }
    return true;
}

/* ---- pointer casts (tt.ptr_to_int, tt.int_to_ptr: TT_PtrLike <-> TT_I64Like, of one shape) -- */

static bool is_i64_like(const tcir_type *t)
{
    const tcir_type *e = tcir_type_elem(t);
    return tcir_type_is_int(e) && tcir_type_int_width(e) == 64;
}

/* ODS checks the operand's type, then the result's, then the traits. */
static bool ptr_int_cast(verifier *v, const tcir_op *op, bool to_int)
{
    if (!counts(v, op, 1, 1))
        return false;
    const tcir_type *a = operand_type(op, 0), *r = result_type(op, 0);
    static const char i64s[] = "64-bit signless integer or ranked tensor of 64-bit signless integer values";
    if (to_int ? !is_ptr_like(a) : !is_i64_like(a))
        return to_int ? fail(v, op, "operand #0 must be a pointer or a tensor of pointers, got %s", tn(v, a))
                      : fail(v, op, "operand #0 must be %s, but got '%s'", i64s, tn(v, a));
    if (to_int ? !is_i64_like(r) : !is_ptr_like(r))
        return to_int ? fail(v, op, "result #0 must be %s, but got '%s'", i64s, tn(v, r))
                      : fail(v, op, "result #0 must be a pointer or a tensor of pointers, got %s", tn(v, r));
    if (!same_shape(a, r))
        return fail(v, op, "requires the same shape for all operands and results");
    return true;
}

bool verify_check_ptr_to_int(verifier *v, const tcir_op *op) { return ptr_int_cast(v, op, true); }
bool verify_check_int_to_ptr(verifier *v, const tcir_op *op) { return ptr_int_cast(v, op, false); }
