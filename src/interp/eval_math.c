/* tt.extern_elementwise: libdevice's functions (__nv_tanhf, __nv_pow...) through the C math
 * library where it has them; any other symbol is an error naming it. A name ending in f is
 * the float function (computed in float, as libdevice does), otherwise the double one. The
 * integer functions, predicates and conversions are libdevice_int.c's, the directed roundings
 * libdevice_round.c's, erfinv and the Bessel functions libdevice_special.c's. */
#include <math.h>
#include <string.h>

#include "interp/interp_internal.h"

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
    {"tanh", tanh, tanhf},    {"exp", exp, expf},          {"exp2", exp2, exp2f},
    {"expm1", expm1, expm1f}, {"log", log, logf},          {"log2", log2, log2f},
    {"log10", log10, log10f}, {"log1p", log1p, log1pf},    {"sin", sin, sinf},
    {"cos", cos, cosf},       {"tan", tan, tanf},          {"asin", asin, asinf},
    {"acos", acos, acosf},    {"atan", atan, atanf},       {"sinh", sinh, sinhf},
    {"cosh", cosh, coshf},    {"asinh", asinh, asinhf},    {"acosh", acosh, acoshf},
    {"atanh", atanh, atanhf}, {"sqrt", sqrt, sqrtf},       {"rsqrt", rsqrt_d, rsqrt_f},
    {"cbrt", cbrt, cbrtf},    {"erf", erf, erff},          {"erfc", erfc, erfcf},
    {"floor", floor, floorf}, {"ceil", ceil, ceilf},       {"trunc", trunc, truncf},
    {"round", round, roundf}, {"rint", rint, rintf},       {"nearbyint", nearbyint, nearbyintf},
    {"fabs", fabs, fabsf},    {"lgamma", lgamma, lgammaf}, {"tgamma", tgamma, tgammaf},
};
static const fn2 binary[] = {
    {"pow", pow, powf},
    {"atan2", atan2, atan2f},
    {"fmod", fmod, fmodf},
    {"hypot", hypot, hypotf},
    {"fmin", fmin, fminf},
    {"fmax", fmax, fmaxf},
    {"copysign", copysign, copysignf},
    {"remainder", remainder, remainderf},
    {"nextafter", nextafter, nextafterf},
    {"fdim", fdim, fdimf},
};

/* libdevice's functions that the C library lacks, its fast_ variants and its _rn arithmetic:
 * by their full name (without __nv_), computed in double and rounded once to the result type.
 * For f32 that is the correctly rounded result of +, -, *, / and sqrt (a double holds more than
 * twice f32's precision); fma rounds in double first, so an f32 fma can differ from fmaf in the
 * last bit in rare halfway cases. The fast_ ones are the precise values, not the GPU's
 * approximations; normcdf is erfc(-x / sqrt 2) / 2, erfcx exp(x^2) erfc(x).
 * The _rz / _ru / _rd forms are libdevice_round.c's. */
#define PI 3.14159265358979323846
typedef double (*fnv)(const double *a);
static double exp10_v(const double *a) { return pow(10.0, a[0]); }
static double cospi_v(const double *a) { return cos(PI * a[0]); }
static double sinpi_v(const double *a) { return sin(PI * a[0]); }
static double rcbrt_v(const double *a) { return 1.0 / cbrt(a[0]); }
static double logb_v(const double *a) { return logb(a[0]); }
static double sat_v(const double *a) { return isnan(a[0]) ? 0.0 : a[0] < 0 ? 0.0 : a[0] > 1 ? 1.0 : a[0]; }
static double cos_v(const double *a) { return cos(a[0]); }
static double sin_v(const double *a) { return sin(a[0]); }
static double tan_v(const double *a) { return tan(a[0]); }
static double exp_v(const double *a) { return exp(a[0]); }
static double log_v(const double *a) { return log(a[0]); }
static double log2_v(const double *a) { return log2(a[0]); }
static double log10_v(const double *a) { return log10(a[0]); }
static double pow_v(const double *a) { return pow(a[0], a[1]); }
static double add_v(const double *a) { return a[0] + a[1]; }
static double sub_v(const double *a) { return a[0] - a[1]; }
static double mul_v(const double *a) { return a[0] * a[1]; }
static double div_v(const double *a) { return a[0] / a[1]; }
static double rcp_v(const double *a) { return 1.0 / a[0]; }
static double sqrt_v(const double *a) { return sqrt(a[0]); }
static double rsqrt_v(const double *a) { return 1.0 / sqrt(a[0]); }
static double fma_v(const double *a) { return fma(a[0], a[1], a[2]); }
static double normcdf_v(const double *a) { return 0.5 * erfc(-a[0] / sqrt(2.0)); }
static double erfcx_v(const double *a) { return exp(a[0] * a[0]) * erfc(a[0]); }
static double rhypot_v(const double *a) { return 1.0 / hypot(a[0], a[1]); }
static double norm3_v(const double *a) { return sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]); }
static double rnorm3_v(const double *a) { return 1.0 / norm3_v(a); }
static double norm4_v(const double *a) { return sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2] + a[3] * a[3]); }
static double rnorm4_v(const double *a) { return 1.0 / norm4_v(a); }

typedef struct fnn {
    const char *name;
    int nargs;
    fnv fn;
} fnn;
static const fnn named[] = {
    {"exp10f", 1, exp10_v},      {"exp10", 1, exp10_v},     {"cospif", 1, cospi_v},      {"cospi", 1, cospi_v},
    {"sinpif", 1, sinpi_v},      {"sinpi", 1, sinpi_v},     {"rcbrtf", 1, rcbrt_v},      {"rcbrt", 1, rcbrt_v},
    {"logbf", 1, logb_v},        {"logb", 1, logb_v},       {"saturatef", 1, sat_v},     {"fast_cosf", 1, cos_v},
    {"fast_sinf", 1, sin_v},     {"fast_tanf", 1, tan_v},   {"fast_expf", 1, exp_v},     {"fast_exp10f", 1, exp10_v},
    {"fast_logf", 1, log_v},     {"fast_log2f", 1, log2_v}, {"fast_log10f", 1, log10_v}, {"fast_powf", 2, pow_v},
    {"fast_fdividef", 2, div_v}, {"fadd_rn", 2, add_v},     {"dadd_rn", 2, add_v},       {"fsub_rn", 2, sub_v},
    {"dsub_rn", 2, sub_v},       {"fmul_rn", 2, mul_v},     {"dmul_rn", 2, mul_v},       {"fdiv_rn", 2, div_v},
    {"ddiv_rn", 2, div_v},       {"frcp_rn", 1, rcp_v},     {"drcp_rn", 1, rcp_v},       {"fsqrt_rn", 1, sqrt_v},
    {"dsqrt_rn", 1, sqrt_v},     {"frsqrt_rn", 1, rsqrt_v}, {"fmaf_rn", 3, fma_v},       {"fma_rn", 3, fma_v},
    {"rhypotf", 2, rhypot_v},    {"rhypot", 2, rhypot_v},   {"norm3df", 3, norm3_v},     {"norm3d", 3, norm3_v},
    {"rnorm3df", 3, rnorm3_v},   {"rnorm3d", 3, rnorm3_v},  {"norm4df", 4, norm4_v},     {"norm4d", 4, norm4_v},
    {"rnorm4df", 4, rnorm4_v},   {"rnorm4d", 4, rnorm4_v},  {"fmaf", 3, fma_v},          {"fma", 3, fma_v},
    {"normcdff", 1, normcdf_v},  {"normcdf", 1, normcdf_v}, {"erfcxf", 1, erfcx_v},      {"erfcx", 1, erfcx_v},
};

/* Runs op when base is one of named: false with *found unset otherwise. */
static bool run_named(interp_run *r, tcir_op *op, const char *base, interp_tensor *t, bool *found)
{
    int nin = tcir_op_noperands(op);
    const fnn *e = NULL;
    for (size_t k = 0; k < sizeof named / sizeof named[0] && !e; k++)
        if (strcmp(named[k].name, base) == 0 && named[k].nargs == nin)
            e = &named[k];
    *found = e != NULL;
    if (!e)
        return false;
    interp_tensor *in[4];
    for (int k = 0; k < nin; k++)
        in[k] = interp_get(r, tcir_op_operand(op, k));
    for (int64_t i = 0; i < t->n; i++) {
        double a[4];
        for (int k = 0; k < nin; k++)
            a[k] = interp_fdecode(interp_lane(in[k], i), in[k]->elem);
        t->d[i] = interp_fencode(e->fn(a), t->elem, false);
    }
    return interp_set(r, tcir_op_result(op, 0), t);
}

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

TI_HANDLER(interp_op_extern)
{
    const char *sym = interp_attr_keyword(op, "symbol");
    bool handled;
    bool done = interp_extern_int(r, op, sym, &handled);
    if (!handled)
        done = interp_extern_round(r, op, sym, &handled);
    if (!handled)
        done = interp_extern_special(r, op, sym, &handled);
    if (handled)
        return done;
    interp_tensor *t = interp_new(r, tcir_value_type(tcir_op_result(op, 0)));
    if (!t)
        return false;
    bool ok = sym && strncmp(sym, "__nv_", 5) == 0 && tcir_type_is_float(t->elem);
    const char *base = ok ? sym + 5 : "";
    int nin = tcir_op_noperands(op);
    bool f, named_found = false;
    if (ok) {
        bool ran = run_named(r, op, base, t, &named_found);
        if (named_found)
            return ran;
    }
    int k = ok && nin == 1 ? find(base, unary, sizeof unary / sizeof unary[0], sizeof unary[0], &f) : -1;
    if (k >= 0) {
        interp_tensor *a = interp_get(r, tcir_op_operand(op, 0));
        for (int64_t i = 0; i < t->n; i++) {
            double x = interp_fdecode(a->d[i], a->elem);
            t->d[i] = interp_fencode(f ? (double)unary[k].f((float)x) : unary[k].d(x), t->elem, false);
        }
        return interp_set(r, tcir_op_result(op, 0), t);
    }
    k = ok && nin == 2 ? find(base, binary, sizeof binary / sizeof binary[0], sizeof binary[0], &f) : -1;
    if (k >= 0) {
        interp_tensor *a = interp_get(r, tcir_op_operand(op, 0)), *b = interp_get(r, tcir_op_operand(op, 1));
        for (int64_t i = 0; i < t->n; i++) {
            double x = interp_fdecode(a->d[i], a->elem), y = interp_fdecode(b->d[i], b->elem);
            t->d[i] = interp_fencode(f ? (double)binary[k].f((float)x, (float)y) : binary[k].d(x, y), t->elem, false);
        }
        return interp_set(r, tcir_op_result(op, 0), t);
    }
    interp_unref(t);
    return interp_fail(r, op, "libdevice function '%s' is not supported by the interpreter", sym ? sym : "?");
}
