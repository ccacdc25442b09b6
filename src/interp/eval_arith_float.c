/* Float ops: each element is decoded exactly into a double, computed there and rounded once,
 * to nearest even, into the result's kind. For + - * / and sqrt this is the correctly rounded
 * result of every kind up to f32 (a double holds more than twice their precision) and of f64
 * itself. Transcendentals of f16, bf16 and f32 go through the C library's float functions
 * (Triton computes them in f32), of f64 through the double ones. */
#include <math.h>
#include <string.h>

#include "interp/interp_internal.h"

static interp_tensor *result(interp_run *r, tcir_op *op)
{
    return interp_new(r, tcir_value_type(tcir_op_result(op, 0)));
}
static interp_tensor *operand(interp_run *r, tcir_op *op, int i) { return interp_get(r, tcir_op_operand(op, i)); }

typedef enum fop { F_ADD, F_SUB, F_MUL, F_DIV, F_REM, F_MAXIMUM, F_MINIMUM, F_MAXNUM, F_MINNUM, F_PDIV } fop;
/* Each op's kind, by opcode (dispatch.c sends only these here; another would read as F_ADD). */
static const fop fop_of[TCIR_OPC_COUNT] = {
    [TCIR_OPC_ARITH_ADDF] = F_ADD,         [TCIR_OPC_ARITH_SUBF] = F_SUB,       [TCIR_OPC_ARITH_MULF] = F_MUL,
    [TCIR_OPC_ARITH_DIVF] = F_DIV,         [TCIR_OPC_ARITH_REMF] = F_REM,       [TCIR_OPC_ARITH_MAXIMUMF] = F_MAXIMUM,
    [TCIR_OPC_ARITH_MINIMUMF] = F_MINIMUM, [TCIR_OPC_ARITH_MAXNUMF] = F_MAXNUM, [TCIR_OPC_ARITH_MINNUMF] = F_MINNUM,
    [TCIR_OPC_TT_PRECISE_DIVF] = F_PDIV,
};

/* max/min order -0 below +0. maximumf/minimumf propagate NaN; maxnumf/minnumf return the other
 * operand when one is NaN (NaN only when both are). */
static double fmax_ordered(double a, double b) { return a == b ? (signbit(a) ? b : a) : a > b ? a : b; }
static double fmin_ordered(double a, double b) { return a == b ? (signbit(a) ? a : b) : a < b ? a : b; }

static double float_binary(fop k, double a, double b)
{
    switch (k) {
    case F_ADD: return a + b;
    case F_SUB: return a - b;
    case F_MUL: return a * b;
    case F_DIV:
    case F_PDIV: return a / b;
    case F_REM: return fmod(a, b);
    case F_MAXIMUM: return isnan(a) || isnan(b) ? NAN : fmax_ordered(a, b);
    case F_MINIMUM: return isnan(a) || isnan(b) ? NAN : fmin_ordered(a, b);
    case F_MAXNUM: return isnan(a) ? b : isnan(b) ? a : fmax_ordered(a, b);
    case F_MINNUM: return isnan(a) ? b : isnan(b) ? a : fmin_ordered(a, b);
    }
    return NAN;
}

TI_HANDLER(interp_op_float_binary)
{
    fop k = fop_of[tcir_op_opcode(op)];
    interp_tensor *a = operand(r, op, 0), *b = operand(r, op, 1), *t = result(r, op);
    if (!t)
        return false;
    for (int64_t i = 0; i < t->n; i++)
        t->d[i] = interp_fencode(float_binary(k, interp_fdecode(a->d[i], t->elem), interp_fdecode(b->d[i], t->elem)),
                                 t->elem, false);
    return interp_set(r, tcir_op_result(op, 0), t);
}

typedef enum uop {
    U_NEG,
    U_ABS,
    U_SQRT,
    U_PSQRT,
    U_RSQRT,
    U_EXP,
    U_EXP2,
    U_LOG,
    U_LOG2,
    U_SIN,
    U_COS,
    U_ERF,
    U_FLOOR,
    U_CEIL
} uop;
/* Each op's kind, by opcode (dispatch.c sends only these here; another would read as U_NEG). */
static const uop uop_of[TCIR_OPC_COUNT] = {
    [TCIR_OPC_ARITH_NEGF] = U_NEG,        [TCIR_OPC_MATH_ABSF] = U_ABS,    [TCIR_OPC_MATH_SQRT] = U_SQRT,
    [TCIR_OPC_TT_PRECISE_SQRT] = U_PSQRT, [TCIR_OPC_MATH_RSQRT] = U_RSQRT, [TCIR_OPC_MATH_EXP] = U_EXP,
    [TCIR_OPC_MATH_EXP2] = U_EXP2,        [TCIR_OPC_MATH_LOG] = U_LOG,     [TCIR_OPC_MATH_LOG2] = U_LOG2,
    [TCIR_OPC_MATH_SIN] = U_SIN,          [TCIR_OPC_MATH_COS] = U_COS,     [TCIR_OPC_MATH_ERF] = U_ERF,
    [TCIR_OPC_MATH_FLOOR] = U_FLOOR,      [TCIR_OPC_MATH_CEIL] = U_CEIL,
};

static double float_unary(uop k, double x, bool f64)
{
    float f = (float)x;
    switch (k) {
    case U_NEG: return -x;
    case U_ABS: return fabs(x);
    case U_SQRT:
    case U_PSQRT: return sqrt(x);
    case U_RSQRT: return 1.0 / sqrt(x);
    case U_EXP: return f64 ? exp(x) : expf(f);
    case U_EXP2: return f64 ? exp2(x) : exp2f(f);
    case U_LOG: return f64 ? log(x) : logf(f);
    case U_LOG2: return f64 ? log2(x) : log2f(f);
    case U_SIN: return f64 ? sin(x) : sinf(f);
    case U_COS: return f64 ? cos(x) : cosf(f);
    case U_ERF: return f64 ? erf(x) : erff(f);
    case U_FLOOR: return floor(x);
    case U_CEIL: return ceil(x);
    }
    return NAN;
}

TI_HANDLER(interp_op_float_unary)
{
    uop k = uop_of[tcir_op_opcode(op)];
    interp_tensor *a = operand(r, op, 0), *t = result(r, op);
    if (!t)
        return false;
    bool f64 = tcir_type_float_kind(t->elem) == TCIR_F64;
    for (int64_t i = 0; i < t->n; i++) {
        double x = interp_fdecode(a->d[i], t->elem);
        /* a float result rounds to f32 first: what the float function returned */
        double y = float_unary(k, x, f64);
        t->d[i] = interp_fencode(f64 ? y : (double)(float)y, t->elem, false);
    }
    return interp_set(r, tcir_op_result(op, 0), t);
}

TI_HANDLER(interp_op_fma)
{
    interp_tensor *a = operand(r, op, 0), *b = operand(r, op, 1), *c = operand(r, op, 2), *t = result(r, op);
    if (!t)
        return false;
    bool f64 = tcir_type_float_kind(t->elem) == TCIR_F64;
    for (int64_t i = 0; i < t->n; i++) {
        double x = interp_fdecode(a->d[i], t->elem), y = interp_fdecode(b->d[i], t->elem),
               z = interp_fdecode(c->d[i], t->elem);
        t->d[i] = interp_fencode(f64 ? fma(x, y, z) : (double)fmaf((float)x, (float)y, (float)z), t->elem, false);
    }
    return interp_set(r, tcir_op_result(op, 0), t);
}

/* tt.clampf x, lo, hi: min(max(x, lo), hi); propagateNan = all turns a NaN x into NaN,
 * otherwise a NaN x gives lo (maxnum). */
TI_HANDLER(interp_op_clampf)
{
    interp_tensor *a = operand(r, op, 0), *lo = operand(r, op, 1), *hi = operand(r, op, 2), *t = result(r, op);
    if (!t)
        return false;
    const char *pn = interp_attr_keyword(op, "propagateNan");
    bool prop = pn && strcmp(pn, "all") == 0;
    for (int64_t i = 0; i < t->n; i++) {
        double x = interp_fdecode(a->d[i], t->elem), l = interp_fdecode(lo->d[i], t->elem),
               h = interp_fdecode(hi->d[i], t->elem);
        double y = prop && isnan(x) ? NAN : float_binary(F_MINNUM, float_binary(F_MAXNUM, x, l), h);
        t->d[i] = interp_fencode(y, t->elem, false);
    }
    return interp_set(r, tcir_op_result(op, 0), t);
}

static bool ordered_pred(int p, double x, double y)
{
    switch (p & 7) {
    case 0: return false;
    case 1: return x == y;
    case 2: return x > y;
    case 3: return x >= y;
    case 4: return x < y;
    case 5: return x <= y;
    case 6: return x != y;
    default: return true;
    }
}

/* The predicates in MLIR's order: false oeq ogt oge olt ole one ord, then the unordered
 * ueq ugt uge ult ule une uno true (true when either operand is NaN). */
TI_HANDLER(interp_op_cmpf)
{
    static const char *const preds[] = {"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
                                        "ueq",   "ugt", "uge", "ult", "ule", "une", "uno", "true"};
    const char *kw = interp_attr_keyword(op, "predicate");
    int p = -1;
    for (int i = 0; kw && i < 16; i++)
        if (strcmp(kw, preds[i]) == 0)
            p = i;
    if (p < 0)
        return interp_fail(r, op, "unknown predicate '%s'", kw ? kw : "");
    interp_tensor *a = operand(r, op, 0), *b = operand(r, op, 1), *t = result(r, op);
    if (!t)
        return false;
    for (int64_t i = 0; i < t->n; i++) {
        double x = interp_fdecode(a->d[i], a->elem), y = interp_fdecode(b->d[i], a->elem);
        bool nan = isnan(x) || isnan(y);
        bool c;
        if (p < 8)
            c = !nan && ordered_pred(p, x, y);
        else if (p == 14 || p == 15) /* uno, true */
            c = nan || p == 15;
        else
            c = nan || ordered_pred(p - 7, x, y);
        t->d[i] = c;
    }
    return interp_set(r, tcir_op_result(op, 0), t);
}
