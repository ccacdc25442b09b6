/* Float formats: decoding every kind exactly into a double and rounding exactly into any kind.
 *
 * A value to round is sign * mant * 2^exp with a 64-bit mant (a double's 53 bits, or an integer
 * whole), so int-to-float conversions round once, never through a double. Rounding is to
 * nearest, ties to even, or toward zero; results beyond the largest finite value become
 * infinity (f16, bf16, f32, f64; toward zero: the largest finite) or saturate to the largest
 * finite (the fp8 kinds, as NVIDIA's cvt.rn.satfinite). */
#include <float.h>
#include <math.h>
#include <string.h>

#include "interp/interp_internal.h"

typedef enum fmt_nan { NAN_IEEE, NAN_FN, NAN_FNUZ } fmt_nan;
typedef struct fmt {
    int ebits, mbits, bias;
    fmt_nan nan; /* IEEE: infinities, NaN = all-ones exponent; FN: no infinity, NaN = all ones;
                      FNUZ: no infinity, no -0, NaN = the sign bit alone */
    bool saturate; /* overflow gives the largest finite, whatever the rounding */
} fmt;

static fmt fmt_of(tcir_float_kind k)
{
    switch (k) {
    case TCIR_F16: return (fmt){5, 10, 15, NAN_IEEE, false};
    case TCIR_BF16: return (fmt){8, 7, 127, NAN_IEEE, false};
    case TCIR_F32: return (fmt){8, 23, 127, NAN_IEEE, false};
    case TCIR_F64: return (fmt){11, 52, 1023, NAN_IEEE, false};
    case TCIR_F8E4M3FN: return (fmt){4, 3, 7, NAN_FN, true};
    case TCIR_F8E5M2: return (fmt){5, 2, 15, NAN_IEEE, true};
    case TCIR_F8E4M3FNUZ: return (fmt){4, 3, 8, NAN_FNUZ, true};
    case TCIR_F8E5M2FNUZ: return (fmt){5, 2, 16, NAN_FNUZ, true};
    case TCIR_F8E4M3B11FNUZ: return (fmt){4, 3, 11, NAN_FNUZ, true};
    }
    return (fmt){8, 23, 127, NAN_IEEE, false};
}

static uint64_t sign_bit(const fmt *f) { return (uint64_t)1 << (f->ebits + f->mbits); }

static uint64_t nan_bits(const fmt *f)
{
    if (f->nan == NAN_FNUZ)
        return sign_bit(f);
    if (f->nan == NAN_FN)
        return sign_bit(f) - 1;
    return (((uint64_t)1 << f->ebits) - 1) << f->mbits | (uint64_t)1 << (f->mbits - 1);
}

/* The largest finite magnitude's bits. */
static uint64_t max_bits(const fmt *f)
{
    uint64_t all = sign_bit(f) - 1;
    if (f->nan == NAN_IEEE)
        return all - ((uint64_t)1 << f->mbits); /* the exponent below all-ones, mantissa all ones */
    if (f->nan == NAN_FN)
        return all - 1;
    return all;
}

static uint64_t inf_bits(const fmt *f) { return (((uint64_t)1 << f->ebits) - 1) << f->mbits; }

static uint64_t overflow(const fmt *f, bool rtz)
{
    return f->nan == NAN_IEEE && !f->saturate && !rtz ? inf_bits(f) : max_bits(f);
}

static int msb(uint64_t x)
{
    int p = 63;
    while (!(x >> p))
        p--;
    return p;
}

/* Rounds (-1)^neg * mant * 2^exp. */
static uint64_t round_parts(const fmt *f, bool neg, uint64_t mant, int exp, bool rtz)
{
    uint64_t sign = neg ? sign_bit(f) : 0;
    if (mant == 0)
        return f->nan == NAN_FNUZ ? 0 : sign;
    int emin = 1 - f->bias; /* the exponent of the smallest normal */
    int e = msb(mant) + exp; /* the exponent of the leading bit */
    int qe = (e < emin ? emin : e) - f->mbits; /* the exponent of the last kept bit */
    int shift = qe - exp;
    uint64_t r;
    if (shift <= 0) {
        r = mant << -shift; /* exact: fewer than mbits + 1 bits */
    } else {
        r = shift >= 64 ? 0 : mant >> shift;
        uint64_t rem = shift >= 64 ? mant : mant & (((uint64_t)1 << shift) - 1);
        uint64_t half = shift > 64 ? 0 : (uint64_t)1 << (shift - 1);
        if (!rtz && shift <= 64 && (rem > half || (rem == half && (r & 1))))
            r++;
        if (r >> (f->mbits + 1)) { /* carried into a new leading bit */
            r >>= 1;
            qe++;
        }
    }
    uint64_t bits;
    if (r >> f->mbits) { /* normal */
        int64_t field = (int64_t)qe + f->mbits + f->bias;
        if (field >= ((int64_t)1 << f->ebits))
            return sign | overflow(f, rtz);
        bits = (uint64_t)field << f->mbits | (r & (((uint64_t)1 << f->mbits) - 1));
    } else {
        bits = r; /* subnormal (or zero after rounding) */
    }
    if (bits > max_bits(f))
        return sign | overflow(f, rtz);
    if (bits == 0 && f->nan == NAN_FNUZ)
        return 0;
    return sign | bits;
}

static uint64_t encode(double v, tcir_float_kind k, bool rtz)
{
    fmt f = fmt_of(k);
    if (isnan(v))
        return nan_bits(&f);
    if (k == TCIR_F64) {
        uint64_t u;
        memcpy(&u, &v, sizeof u);
        return u;
    }
    if (k == TCIR_F32 && !rtz && fabs(v) <= FLT_MAX) {
        float x = (float)v; /* in range: the C conversion rounds to nearest even */
        uint32_t u;
        memcpy(&u, &x, sizeof u);
        return u;
    }
    bool neg = signbit(v) != 0;
    if (isinf(v))
        return (neg ? sign_bit(&f) : 0) | (f.nan == NAN_IEEE && !f.saturate ? inf_bits(&f) : max_bits(&f));
    int e;
    double m = frexp(fabs(v), &e); /* |v| = m * 2^e, m in [0.5, 1) */
    uint64_t mant = (uint64_t)ldexp(m, 53);
    return round_parts(&f, neg, mant, e - 53, rtz);
}

static double decode(uint64_t bits, tcir_float_kind k)
{
    if (k == TCIR_F64) {
        double d;
        memcpy(&d, &bits, sizeof d);
        return d;
    }
    if (k == TCIR_F32) {
        uint32_t u = (uint32_t)bits;
        float x;
        memcpy(&x, &u, sizeof x);
        return x;
    }
    fmt f = fmt_of(k);
    bits &= (sign_bit(&f) << 1) - 1;
    bool neg = (bits & sign_bit(&f)) != 0;
    uint64_t mag = bits & (sign_bit(&f) - 1);
    if (f.nan == NAN_FNUZ ? bits == sign_bit(&f) : f.nan == NAN_FN ? mag == sign_bit(&f) - 1 : mag > inf_bits(&f))
        return NAN;
    if (f.nan == NAN_IEEE && mag == inf_bits(&f))
        return neg ? -INFINITY : INFINITY;
    uint64_t field = mag >> f.mbits, frac = mag & (((uint64_t)1 << f.mbits) - 1);
    double v = field ? ldexp((double)(frac | (uint64_t)1 << f.mbits), (int)field - f.bias - f.mbits)
                     : ldexp((double)frac, 1 - f.bias - f.mbits);
    return neg ? -v : v;
}

uint64_t tc_interp_float_bits(double v, tcir_float_kind kind, bool rtz) { return encode(v, kind, rtz); }
double tc_interp_float_value(uint64_t bits, tcir_float_kind kind) { return decode(bits, kind); }

double interp_fdecode(uint64_t bits, const tcir_type *t) { return decode(bits, tcir_type_float_kind(t)); }
uint64_t interp_fencode(double v, const tcir_type *t, bool rtz) { return encode(v, tcir_type_float_kind(t), rtz); }

uint64_t interp_fencode_int(bool neg, uint64_t mag, const tcir_type *t, bool rtz)
{
    fmt f = fmt_of(tcir_type_float_kind(t));
    return round_parts(&f, neg, mag, 0, rtz);
}
