/* libdevice's special functions that C11's math library lacks: erfinv, erfcinv, normcdfinv,
 * the Bessel functions j0, j1, y0, y1, jn, yn (POSIX's, hence the feature macro) and the
 * modified ones cyl_bessel_i0 / i1. Each is computed in double and rounded once to the result
 * (f and d forms alike): close to libdevice's, not its bits. */
#define _XOPEN_SOURCE 700
#include <math.h>
#include <string.h>

#include "interp/interp_internal.h"

/* The x with f(x) = y for a monotonic f on [lo, hi] (increasing when up): bisection to the
 * last bit of a double. */
static double solve(double (*f)(double), double y, double lo, double hi, bool up)
{
    for (int i = 0; i < 200 && lo < hi; i++) {
        double mid = 0.5 * (lo + hi);
        if (mid == lo || mid == hi)
            break;
        if ((f(mid) < y) == up)
            lo = mid;
        else
            hi = mid;
    }
    return 0.5 * (lo + hi);
}

static double erfinv_d(double y)
{
    if (isnan(y) || y < -1 || y > 1)
        return NAN;
    if (y == 1 || y == -1)
        return y * INFINITY;
    return y == 0 ? y : solve(erf, y, -6.0, 6.0, true);
}

static double erfcinv_d(double y)
{
    if (isnan(y) || y < 0 || y > 2)
        return NAN;
    if (y == 0 || y == 2)
        return y == 0 ? INFINITY : -INFINITY;
    return y == 1 ? 0.0 : solve(erfc, y, -6.0, 27.3, false);
}

static double normcdfinv_d(double p) { return -sqrt(2.0) * erfcinv_d(2 * p); }

/* I0 and I1 by their power series, to convergence (overflowing to infinity for large x). */
static double bessel_i(double x, int order)
{
    if (isnan(x))
        return x;
    double q = 0.25 * x * x, term = order ? 0.5 * x : 1.0, sum = term;
    for (int k = 1; k < 2000 && isfinite(sum); k++) {
        term *= q / ((double)k * (double)(k + order));
        sum += term;
        if (fabs(term) <= fabs(sum) * 1e-17)
            break;
    }
    return sum;
}
static double i0_d(double x) { return bessel_i(x, 0); }
static double i1_d(double x) { return bessel_i(x, 1); }

typedef struct fn1 {
    const char *name; /* without __nv_ and without the f */
    double (*d)(double);
} fn1;

static const fn1 unary[] = {
    {"erfinv", erfinv_d}, {"erfcinv", erfcinv_d},  {"normcdfinv", normcdfinv_d}, {"j0", j0}, {"j1", j1}, {"y0", y0},
    {"y1", y1},           {"cyl_bessel_i0", i0_d}, {"cyl_bessel_i1", i1_d},
};

bool interp_extern_special(interp_run *r, tcir_op *op, const char *sym, bool *handled)
{
    *handled = false;
    if (!sym || strncmp(sym, "__nv_", 5) != 0)
        return true;
    const char *base = sym + 5;
    size_t len = strlen(base);
    bool has_f = len > 1 && base[len - 1] == 'f';
    int nin = tcir_op_noperands(op);
    const tcir_type *rt = tcir_type_elem(tcir_value_type(tcir_op_result(op, 0)));
    /* jn(n, x) / yn(n, x): an int32 order and a float */
    bool is_n = (len == 2 || (len == 3 && has_f)) && (base[0] == 'j' || base[0] == 'y') && base[1] == 'n';
    const fn1 *e = NULL;
    for (size_t k = 0; k < sizeof unary / sizeof unary[0] && !e && !is_n; k++) {
        size_t n = strlen(unary[k].name);
        if (strncmp(unary[k].name, base, n) == 0 && (len == n || (len == n + 1 && has_f)))
            e = &unary[k];
    }
    if (!e && !is_n)
        return true;
    *handled = true;
    interp_tensor *a = nin >= 1 ? interp_get(r, tcir_op_operand(op, 0)) : NULL;
    interp_tensor *x = nin == 2 ? interp_get(r, tcir_op_operand(op, 1)) : NULL;
    bool ok = tcir_type_is_float(rt) &&
        (is_n ? nin == 2 && !tcir_type_is_float(a->elem) && tcir_type_is_float(x->elem)
              : nin == 1 && tcir_type_is_float(a->elem));
    if (!ok)
        return interp_libdevice_unsupported(r, op, sym, nin);
    interp_tensor *t = interp_new(r, tcir_value_type(tcir_op_result(op, 0)));
    if (!t)
        return false;
    for (int64_t i = 0; i < t->n; i++) {
        double v;
        if (is_n) {
            int n = (int)interp_sext(interp_lane(a, i), interp_width(a->elem));
            double xv = interp_fdecode(interp_lane(x, i), x->elem);
            v = base[0] == 'j' ? jn(n, xv) : yn(n, xv);
        } else {
            v = e->d(interp_fdecode(interp_lane(a, i), a->elem));
        }
        t->d[i] = interp_fencode(v, t->elem, false);
    }
    return interp_set(r, tcir_op_result(op, 0), t);
}
