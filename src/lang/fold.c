/* Python's arithmetic on constexprs, for numbers (weak literals): an argument specialized to
 * the constexpr 1 meets a config int (`BLOCK_K * stride_ak`, `tl.cdiv(M, BLOCK_M)` with M == 1)
 * and the result is a number again, with no op, as in Python. Integers and floats (bools count
 * as integers); what does not fold here stays an operation (with no builder: poison, reported
 * where it is used). */
#include <math.h>
#include <stdint.h>

#include "lang/lang_internal.h"

bool lang_fold(tl_binop op, tl_value a, tl_value c, tl_value *out)
{
    if (!tl_value_is_lit(a) || !tl_value_is_lit(c) || a.dtype == TL_U64 || c.dtype == TL_U64)
        return false;
    bool flt = a.lit == TL_LIT_FLOAT || c.lit == TL_LIT_FLOAT;
    double x = a.lit == TL_LIT_FLOAT ? a.lit_val.f : (double)a.lit_val.i;
    double y = c.lit == TL_LIT_FLOAT ? c.lit_val.f : (double)c.lit_val.i;
    int64_t i = a.lit_val.i, j = c.lit_val.i;
    if (lang_is_compare(op)) {
        bool lt = flt ? x < y : i < j, eq = flt ? x == y : i == j;
        bool r = op == TL_OP_LT ? lt
            : op == TL_OP_LE    ? lt || eq
            : op == TL_OP_GT    ? !lt && !eq
            : op == TL_OP_GE    ? !lt
            : op == TL_OP_EQ    ? eq
                                : !eq;
        *out = tl_lit_bool(r);
        return true;
    }
    if (op == TL_OP_TRUEDIV) {
        if (y == 0.0)
            return false;
        *out = tl_lit_float(x / y);
        return true;
    }
    if (flt) {
        if (op != TL_OP_ADD && op != TL_OP_SUB && op != TL_OP_MUL)
            return false;
        *out = tl_lit_float(op == TL_OP_ADD ? x + y : op == TL_OP_SUB ? x - y : x * y);
        return true;
    }
    uint64_t u = (uint64_t)i, v = (uint64_t)j;
    int64_t r;
    switch (op) {
    case TL_OP_ADD: r = (int64_t)(u + v); break;
    case TL_OP_SUB: r = (int64_t)(u - v); break;
    case TL_OP_MUL: r = (int64_t)(u * v); break;
    case TL_OP_FLOORDIV:
    case TL_OP_MOD: {
        if (j == 0 || (i == INT64_MIN && j == -1))
            return false;
        int64_t q = i / j, m = i % j;
        if (m != 0 && ((m < 0) != (j < 0))) { /* Python rounds toward negative infinity */
            q -= 1;
            m += j;
        }
        r = op == TL_OP_FLOORDIV ? q : m;
        break;
    }
    case TL_OP_AND: r = i & j; break;
    case TL_OP_OR: r = i | j; break;
    case TL_OP_XOR: r = i ^ j; break;
    case TL_OP_SHL:
    case TL_OP_SHR:
        if (j < 0 || j > 62)
            return false;
        r = op == TL_OP_SHL ? (int64_t)(u << j) : (i < 0 ? ~(~i >> j) : i >> j);
        break;
    default: return false;
    }
    *out = tl_lit_int(r);
    return true;
}


bool lang_fold_minmax(tl_value a, tl_value c, bool is_max, tl_value *out)
{
    tl_value lt;
    if (!lang_fold(TL_OP_LT, a, c, &lt) || (a.lit == TL_LIT_FLOAT && isnan(a.lit_val.f)) ||
        (c.lit == TL_LIT_FLOAT && isnan(c.lit_val.f)))
        return false;
    tl_value pick = (lt.lit_val.i != 0) != is_max ? a : c;
    /* the common type of the two, as Python's promotion gives it: float if either is */
    if (pick.lit != TL_LIT_FLOAT && (a.lit == TL_LIT_FLOAT || c.lit == TL_LIT_FLOAT))
        pick = tl_lit_float((double)pick.lit_val.i);
    *out = pick.lit == TL_LIT_BOOL ? tl_lit_int(pick.lit_val.i) : pick;
    return true;
}
