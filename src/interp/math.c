/* tt.extern_elementwise: libdevice's functions (__nv_tanhf, __nv_pow...) through the C math
 * library where it has them; any other symbol is an error naming it. A name ending in f is
 * the float function (computed in float, as libdevice does), otherwise the double one. The
 * integer functions, predicates and conversions are libdevice_int.c's. */
#include <math.h>
#include <string.h>

#include "interp_internal.h"

typedef struct fn1 {
    const char *name; /* without __nv_ and without the f */
    double (*d)(double);
    float (*f)(float);
} fn1;
typedef struct fn2 {
    const char *name;
    double (*d)(double, double);
    float (*f)(float, float);
} fn2;

static double rsqrt_d(double x) { return 1.0 / sqrt(x); }
static float rsqrt_f(float x) { return (float)(1.0 / sqrt((double)x)); }

static const fn1 unary[] = {
    {"tanh", tanh, tanhf},   {"exp", exp, expf},       {"exp2", exp2, exp2f},    {"expm1", expm1, expm1f}, {"log", log, logf},      {"log2", log2, log2f},    {"log10", log10, log10f},
    {"log1p", log1p, log1pf}, {"sin", sin, sinf},      {"cos", cos, cosf},       {"tan", tan, tanf},
    {"asin", asin, asinf},   {"acos", acos, acosf},    {"atan", atan, atanf},    {"sinh", sinh, sinhf},
    {"cosh", cosh, coshf},   {"asinh", asinh, asinhf}, {"acosh", acosh, acoshf}, {"atanh", atanh, atanhf},
    {"sqrt", sqrt, sqrtf},   {"rsqrt", rsqrt_d, rsqrt_f}, {"cbrt", cbrt, cbrtf}, {"erf", erf, erff},
    {"erfc", erfc, erfcf},   {"floor", floor, floorf}, {"ceil", ceil, ceilf},    {"trunc", trunc, truncf},
    {"round", round, roundf}, {"rint", rint, rintf},   {"nearbyint", nearbyint, nearbyintf},
    {"fabs", fabs, fabsf},   {"lgamma", lgamma, lgammaf}, {"tgamma", tgamma, tgammaf},
};
static const fn2 binary[] = {
    {"pow", pow, powf},     {"atan2", atan2, atan2f},     {"fmod", fmod, fmodf},   {"hypot", hypot, hypotf},
    {"fmin", fmin, fminf},  {"fmax", fmax, fmaxf},        {"copysign", copysign, copysignf},
    {"remainder", remainder, remainderf}, {"nextafter", nextafter, nextafterf}, {"fdim", fdim, fdimf},
};

/* Finds base (a name without __nv_) in names (n entries of size bytes, the name first): as
 * is (the double function), else without a trailing f (the float one). */
static int find(const char *base, const void *names, size_t n, size_t size, bool *f)
{
    size_t len = strlen(base);
    for (int pass = 0; pass < 2; pass++) {
        *f = pass == 1;
        if (pass == 1 && (len < 2 || base[len - 1] != 'f'))
            break;
        for (size_t k = 0; k < n; k++) {
            const char *name = *(const char *const *)((const char *)names + k * size);
            if (strlen(name) == len - (size_t)pass && strncmp(name, base, len - (size_t)pass) == 0)
                return (int)k;
        }
    }
    return -1;
}

TI_HANDLER(ti_op_extern)
{
    const char *sym = ti_attr_keyword(op, "symbol");
    bool handled;
    bool done = ti_extern_int(r, op, sym, &handled);
    if (handled)
        return done;
    ti_tensor *t = ti_new(r, tcir_value_type(tcir_op_result(op, 0)));
    if (!t)
        return false;
    bool ok = sym && strncmp(sym, "__nv_", 5) == 0 && tcir_type_is_float(t->elem);
    const char *base = ok ? sym + 5 : "";
    int nin = tcir_op_noperands(op);
    bool f;
    int k = ok && nin == 1 ? find(base, unary, sizeof unary / sizeof unary[0], sizeof unary[0], &f) : -1;
    if (k >= 0) {
        ti_tensor *a = ti_get(r, tcir_op_operand(op, 0));
        for (int64_t i = 0; i < t->n; i++) {
            double x = ti_fdecode(a->d[i], a->elem);
            t->d[i] = ti_fencode(f ? (double)unary[k].f((float)x) : unary[k].d(x), t->elem, false);
        }
        return ti_set(r, tcir_op_result(op, 0), t);
    }
    k = ok && nin == 2 ? find(base, binary, sizeof binary / sizeof binary[0], sizeof binary[0], &f) : -1;
    if (k >= 0) {
        ti_tensor *a = ti_get(r, tcir_op_operand(op, 0)), *b = ti_get(r, tcir_op_operand(op, 1));
        for (int64_t i = 0; i < t->n; i++) {
            double x = ti_fdecode(a->d[i], a->elem), y = ti_fdecode(b->d[i], b->elem);
            t->d[i] = ti_fencode(f ? (double)binary[k].f((float)x, (float)y) : binary[k].d(x, y), t->elem, false);
        }
        return ti_set(r, tcir_op_result(op, 0), t);
    }
    ti_unref(t);
    return ti_fail(r, op, "libdevice function '%s' is not supported by the interpreter", sym ? sym : "?");
}
