/* libdevice's arithmetic and conversions with a directed rounding (__nv_fadd_rz, __nv_ddiv_ru,
 * __nv_int2float_rd, __nv_double2float_ru...) and its integer-to-float conversions.
 *
 * Each result is found as a candidate c of the target format next to the exact value x and the
 * sign of x - c: then rounding down is c, or the number below c when x < c; up the mirror;
 * toward zero whichever of the two lies between x and zero. The sign is exact: sums carry their
 * error (two-sum), products, quotients and square roots their residual through fma, and
 * integers are compared as integers. For an f32 target the candidate is the double result
 * truncated to f32; for an f64 target the double result itself. The round-to-nearest forms of
 * the arithmetic are math.c's. */
#include <math.h>
#include <string.h>

#include "interp/interp_internal.h"

typedef enum rop { ADD, SUB, MUL, DIV, RCP, SQRT, FMA, I2F, U2F, D2F } rop;

typedef struct entry {
    const char *prefix; /* the symbol without __nv_ and without _r? */
    rop o;
    int nargs;
} entry;

static const entry table[] = {
    {"fadd", ADD, 2},       {"dadd", ADD, 2},         {"fsub", SUB, 2},        {"dsub", SUB, 2},
    {"fmul", MUL, 2},       {"dmul", MUL, 2},         {"fdiv", DIV, 2},        {"ddiv", DIV, 2},
    {"frcp", RCP, 1},       {"drcp", RCP, 1},         {"fsqrt", SQRT, 1},      {"dsqrt", SQRT, 1},
    {"fmaf", FMA, 3},       {"int2float", I2F, 1},    {"uint2float", U2F, 1},  {"ll2float", I2F, 1},
    {"ull2float", U2F, 1},  {"int2double", I2F, 1},   {"uint2double", U2F, 1}, {"ll2double", I2F, 1},
    {"ull2double", U2F, 1}, {"double2float", D2F, 1},
};

static int sign_of(double v) { return v > 0 ? 1 : v < 0 ? -1 : 0; }

/* c rounded by mode ('z', 'u', 'd') given the sign of x - c, in c's format t. */
static uint64_t directed(double c, int sigma, char mode, const tcir_type *t)
{
    double to = 0;
    if (sigma == 0 || isnan(c))
        return interp_fencode(c, t, false);
    if (mode == 'u' && sigma > 0)
        to = INFINITY;
    else if (mode == 'd' && sigma < 0)
        to = -INFINITY;
    else if (mode == 'z' && c != 0 && sigma != sign_of(c))
        to = 0;
    else
        return interp_fencode(c, t, false);
    return interp_width(t) == 32 ? interp_fencode(nextafterf((float)c, (float)to), t, false)
                                 : interp_fencode(nextafter(c, to), t, false);
}

/* The double s of an exact value s + e (sign se of e) rounded by mode into t; overflow: s is
 * an infinity standing for a finite value beyond the largest double. */
static uint64_t round_pair(double s, int se, bool overflow, char mode, const tcir_type *t)
{
    if (overflow) /* the largest finite value, or the infinity past it (directed() decides) */
        return directed(interp_width(t) == 64 ? copysign(0x1.fffffffffffffp1023, s) : copysign(0x1.fffffep127, s),
                        sign_of(s), mode, t);
    if (!isfinite(s))
        return interp_fencode(s, t, false);
    if (interp_width(t) == 64)
        return directed(s, se, mode, t);
    double c = interp_fdecode(interp_fencode(s, t, true), t); /* s toward zero in f32 */
    return directed(c, s != c ? sign_of(s - c) : se, mode, t);
}

static uint64_t arith(rop o, const double *a, int nin, char mode, const tcir_type *t)
{
    double s, r;
    bool finite = true;
    for (int k = 0; k < nin; k++)
        finite = finite && isfinite(a[k]);
#define OVER(s) (finite && isinf(s))
    switch (o) {
    case ADD:
    case SUB: {
        double x = a[0], y = o == ADD ? a[1] : -a[1];
        s = x + y;
        double bb = s - x, e = (x - (s - bb)) + (y - bb); /* two-sum: s + e = x + y exactly */
        return round_pair(s, isfinite(s) ? sign_of(e) : 0, OVER(s), mode, t);
    }
    case MUL: s = a[0] * a[1]; return round_pair(s, isfinite(s) ? sign_of(fma(a[0], a[1], -s)) : 0, OVER(s), mode, t);
    case DIV:
    case RCP: {
        double x = o == DIV ? a[0] : 1.0, y = o == DIV ? a[1] : a[0];
        s = x / y;
        r = isfinite(s) && y != 0 ? fma(-s, y, x) : 0; /* x - s y exactly: x / y - s has its sign times y's */
        return round_pair(s, sign_of(r) * sign_of(y), OVER(s) && y != 0, mode, t);
    }
    case SQRT: s = sqrt(a[0]); return round_pair(s, isfinite(s) ? sign_of(fma(-s, s, a[0])) : 0, false, mode, t);
    case FMA: { /* f32 operands: the product is exact in double, then a two-sum */
        double p = a[0] * a[1];
        s = p + a[2];
        double bb = s - p, e = (p - (s - bb)) + (a[2] - bb);
        return round_pair(s, isfinite(s) ? sign_of(e) : 0, OVER(s), mode, t);
    }
    case D2F: return round_pair(a[0], 0, false, mode, t);
    default: return 0;
    }
#undef OVER
}

/* An integer (signed or not, of width w, bits v) rounded by mode into t. */
static uint64_t from_int(uint64_t v, unsigned w, bool sgn, char mode, const tcir_type *t)
{
    bool neg = sgn && interp_sext(v, w) < 0;
    uint64_t mag = neg ? 0 - (uint64_t)interp_sext(v, w) : interp_mask(v, w);
    if (mode == 'n')
        return interp_fencode_int(neg, mag, t, false);
    uint64_t cz = interp_fencode_int(neg, mag, t, true);
    double c = interp_fdecode(cz, t);
    uint64_t cmag = (uint64_t)fabs(c); /* below 2^64: toward zero never rounds up */
    int sigma = cmag == mag ? 0 : neg ? -1 : 1;
    return directed(c, sigma, mode, t);
}

bool interp_extern_round(interp_run *r, tcir_op *op, const char *sym, bool *handled)
{
    *handled = false;
    size_t len = sym ? strlen(sym) : 0;
    if (len < 9 || strncmp(sym, "__nv_", 5) != 0 || sym[len - 3] != '_' || sym[len - 2] != 'r')
        return true;
    char mode = sym[len - 1];
    if (mode != 'z' && mode != 'u' && mode != 'd' && mode != 'n')
        return true;
    const entry *e = NULL;
    for (size_t k = 0; k < sizeof table / sizeof table[0] && !e; k++)
        if (strlen(table[k].prefix) == len - 8 && strncmp(table[k].prefix, sym + 5, len - 8) == 0)
            e = &table[k];
    bool conv = e && (e->o == I2F || e->o == U2F || e->o == D2F);
    if (!e || (mode == 'n' && !conv)) /* the _rn arithmetic is math.c's */
        return true;
    *handled = true;
    int nin = tcir_op_noperands(op);
    const tcir_type *rt = tcir_type_elem(tcir_value_type(tcir_op_result(op, 0)));
    interp_tensor *in[3] = {NULL, NULL, NULL};
    bool ok = nin == e->nargs && tcir_type_is_float(rt);
    for (int k = 0; ok && k < nin; k++) {
        in[k] = interp_get(r, tcir_op_operand(op, k));
        ok = tcir_type_is_float(in[k]->elem) != (e->o == I2F || e->o == U2F);
    }
    if (!ok)
        return interp_libdevice_unsupported(r, op, sym, nin);
    interp_tensor *t = interp_new(r, tcir_value_type(tcir_op_result(op, 0)));
    if (!t)
        return false;
    for (int64_t i = 0; i < t->n; i++) {
        if (e->o == I2F || e->o == U2F) {
            t->d[i] = from_int(interp_lane(in[0], i), interp_width(in[0]->elem), e->o == I2F, mode, t->elem);
            continue;
        }
        double a[3] = {0, 0, 0};
        for (int k = 0; k < nin; k++)
            a[k] = interp_fdecode(interp_lane(in[k], i), in[k]->elem);
        t->d[i] = mode == 'n' ? interp_fencode(a[0], t->elem, false) : arith(e->o, a, nin, mode, t->elem);
    }
    return interp_set(r, tcir_op_result(op, 0), t);
}
