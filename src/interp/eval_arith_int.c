/* Constants and integer ops: wrap-around arithmetic on the element's width, the signed and
 * unsigned divisions, shifts and comparisons as NVIDIA's instructions give them (the cases
 * MLIR leaves undefined are pinned down in docs/interpreter.md), and select. */
#include <string.h>

#include "interp/interp_internal.h"

static interp_tensor *result(interp_run *r, tcir_op *op, int i)
{
    return interp_new(r, tcir_value_type(tcir_op_result(op, i)));
}
static interp_tensor *operand(interp_run *r, tcir_op *op, int i) { return interp_get(r, tcir_op_operand(op, i)); }

TI_HANDLER(interp_op_constant)
{
    interp_tensor *t = result(r, op, 0);
    if (!t)
        return false;
    const tcir_attr *a = tcir_op_attr(op, "value");
    if (a && tcir_attr_get_kind(a) == TCIR_ATTR_DENSE)
        a = tcir_attr_dense_elem(a);
    uint64_t bits;
    if (a && tcir_attr_get_kind(a) == TCIR_ATTR_FLOAT && tcir_type_is_float(t->elem))
        bits = interp_fencode(tcir_attr_float_value(a), t->elem, false);
    else if (a && (tcir_attr_get_kind(a) == TCIR_ATTR_INT || tcir_attr_get_kind(a) == TCIR_ATTR_BOOL))
        bits = interp_mask((uint64_t)tcir_attr_int_value(a), interp_width(t->elem));
    else {
        interp_unref(t);
        return interp_fail(r, op, "a constant of this kind is not supported");
    }
    for (int64_t i = 0; i < t->n; i++)
        t->d[i] = bits;
    return interp_set(r, tcir_op_result(op, 0), t);
}

typedef enum iop {
    I_ADD,
    I_SUB,
    I_MUL,
    I_DIVS,
    I_DIVU,
    I_REMS,
    I_REMU,
    I_CEILDIVS,
    I_FLOORDIVS,
    I_AND,
    I_OR,
    I_XOR,
    I_SHL,
    I_SHRS,
    I_SHRU,
    I_MAXS,
    I_MAXU,
    I_MINS,
    I_MINU,
    I_MULHIU
} iop;

/* Each op's kind, by opcode (dispatch.c sends only these here; another would read as I_ADD). */
static const iop iop_of[TCIR_OPC_COUNT] = {
    [TCIR_OPC_ARITH_ADDI] = I_ADD,
    [TCIR_OPC_ARITH_SUBI] = I_SUB,
    [TCIR_OPC_ARITH_MULI] = I_MUL,
    [TCIR_OPC_ARITH_DIVSI] = I_DIVS,
    [TCIR_OPC_ARITH_DIVUI] = I_DIVU,
    [TCIR_OPC_ARITH_REMSI] = I_REMS,
    [TCIR_OPC_ARITH_REMUI] = I_REMU,
    [TCIR_OPC_ARITH_CEILDIVSI] = I_CEILDIVS,
    [TCIR_OPC_ARITH_FLOORDIVSI] = I_FLOORDIVS,
    [TCIR_OPC_ARITH_ANDI] = I_AND,
    [TCIR_OPC_ARITH_ORI] = I_OR,
    [TCIR_OPC_ARITH_XORI] = I_XOR,
    [TCIR_OPC_ARITH_SHLI] = I_SHL,
    [TCIR_OPC_ARITH_SHRSI] = I_SHRS,
    [TCIR_OPC_ARITH_SHRUI] = I_SHRU,
    [TCIR_OPC_ARITH_MAXSI] = I_MAXS,
    [TCIR_OPC_ARITH_MAXUI] = I_MAXU,
    [TCIR_OPC_ARITH_MINSI] = I_MINS,
    [TCIR_OPC_ARITH_MINUI] = I_MINU,
    [TCIR_OPC_TT_MULHIUI] = I_MULHIU,
};

static uint64_t mulhi64(uint64_t a, uint64_t b)
{
    uint64_t al = a & 0xffffffffu, ah = a >> 32, bl = b & 0xffffffffu, bh = b >> 32;
    uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
    uint64_t mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);
    return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}

/* Signed shift right without relying on C's implementation-defined >> of negatives. */
static int64_t ashr(int64_t v, unsigned s)
{
    return v < 0 ? ~(int64_t)(~(uint64_t)v >> s) : (int64_t)((uint64_t)v >> s);
}

/* One element: a and b are w-bit patterns. Division by zero gives all ones (quotient) or the
 * dividend (remainder); the signed minimum divided by -1 wraps to itself, remainder 0. */
static uint64_t int_binary(iop k, uint64_t a, uint64_t b, unsigned w)
{
    int64_t sa = interp_sext(a, w), sb = interp_sext(b, w);
    int64_t smin = w >= 64 ? INT64_MIN : -((int64_t)1 << (w - 1));
    bool overflow = sa == smin && sb == -1;
    switch (k) {
    case I_ADD: return a + b;
    case I_SUB: return a - b;
    case I_MUL: return a * b;
    case I_DIVS: return b == 0 ? ~(uint64_t)0 : overflow ? a : (uint64_t)(sa / sb);
    case I_DIVU: return b == 0 ? ~(uint64_t)0 : a / b;
    case I_REMS: return b == 0 ? a : overflow ? 0 : (uint64_t)(sa % sb);
    case I_REMU: return b == 0 ? a : a % b;
    case I_CEILDIVS:
    case I_FLOORDIVS: {
        if (b == 0)
            return ~(uint64_t)0;
        if (overflow)
            return a;
        int64_t q = sa / sb, rem = sa % sb;
        bool exact = rem == 0, neg = (sa < 0) != (sb < 0);
        if (!exact && k == I_FLOORDIVS && neg)
            q--;
        if (!exact && k == I_CEILDIVS && !neg)
            q++;
        return (uint64_t)q;
    }
    case I_AND: return a & b;
    case I_OR: return a | b;
    case I_XOR: return a ^ b;
    case I_SHL: return b >= w ? 0 : a << b;
    case I_SHRU: return b >= w ? 0 : a >> b;
    case I_SHRS: return (uint64_t)ashr(sa, b >= w ? w - 1 : (unsigned)b);
    case I_MAXS: return sa > sb ? a : b;
    case I_MAXU: return a > b ? a : b;
    case I_MINS: return sa < sb ? a : b;
    case I_MINU: return a < b ? a : b;
    case I_MULHIU: return w >= 64 ? mulhi64(a, b) : (a * b) >> w;
    }
    return 0;
}

TI_HANDLER(interp_op_int_binary)
{
    iop k = iop_of[tcir_op_opcode(op)];
    interp_tensor *a = operand(r, op, 0), *b = operand(r, op, 1), *t = result(r, op, 0);
    if (!t)
        return false;
    unsigned w = interp_width(t->elem);
    for (int64_t i = 0; i < t->n; i++)
        t->d[i] = interp_mask(int_binary(k, a->d[i], b->d[i], w), w);
    return interp_set(r, tcir_op_result(op, 0), t);
}

TI_HANDLER(interp_op_absi)
{
    interp_tensor *a = operand(r, op, 0), *t = result(r, op, 0);
    if (!t)
        return false;
    unsigned w = interp_width(t->elem);
    for (int64_t i = 0; i < t->n; i++) {
        int64_t v = interp_sext(a->d[i], w);
        t->d[i] = interp_mask(v < 0 ? 0 - (uint64_t)v : (uint64_t)v, w); /* the minimum stays itself */
    }
    return interp_set(r, tcir_op_result(op, 0), t);
}

TI_HANDLER(interp_op_cmpi)
{
    static const char *const preds[] = {"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"};
    const char *kw = interp_attr_keyword(op, "predicate");
    int p = -1;
    for (int i = 0; kw && i < 10; i++)
        if (strcmp(kw, preds[i]) == 0)
            p = i;
    if (p < 0)
        return interp_fail(r, op, "unknown predicate '%s'", kw ? kw : "");
    interp_tensor *a = operand(r, op, 0), *b = operand(r, op, 1), *t = result(r, op, 0);
    if (!t)
        return false;
    unsigned w = interp_width(a->elem);
    for (int64_t i = 0; i < t->n; i++) {
        uint64_t x = a->d[i], y = b->d[i];
        int64_t sx = interp_sext(x, w), sy = interp_sext(y, w);
        bool c = false;
        switch (p) {
        case 0: c = x == y; break;
        case 1: c = x != y; break;
        case 2: c = sx < sy; break;
        case 3: c = sx <= sy; break;
        case 4: c = sx > sy; break;
        case 5: c = sx >= sy; break;
        case 6: c = x < y; break;
        case 7: c = x <= y; break;
        case 8: c = x > y; break;
        default: c = x >= y; break;
        }
        t->d[i] = c;
    }
    return interp_set(r, tcir_op_result(op, 0), t);
}

/* arith.select: a scalar condition picks a whole operand. */
TI_HANDLER(interp_op_select)
{
    interp_tensor *c = operand(r, op, 0), *a = operand(r, op, 1), *b = operand(r, op, 2), *t = result(r, op, 0);
    if (!t)
        return false;
    for (int64_t i = 0; i < t->n; i++)
        t->d[i] = (interp_lane(c, i) & 1) ? a->d[i] : b->d[i];
    return interp_set(r, tcir_op_result(op, 0), t);
}
