/* Float constants, printed digit for digit as MLIR prints a FloatAttr.
 *
 * MLIR (AsmPrinter's printFloatValue) first tries APFloat's toString with 6 digits of
 * precision in scientific form ("5.000000e-01"); it keeps that text when reading it back in
 * the constant's own type gives the same bits. Otherwise it tries APFloat's default toString
 * (enough digits for the type, e.g. "6.28318548" for f32) and keeps it when it contains a '.',
 * and otherwise prints the bit pattern in hex ("0x7FC00000"). NaN and infinities are always
 * hex. The digits must match APFloat's algorithm exactly, including its quirks (it truncates
 * with an integer division before rounding half up), so it is reproduced here on a small
 * big-integer type instead of relying on printf. Reading back is decided exactly too: the
 * decimal is compared against the midpoints between the value and its neighbours.
 */
#include <string.h>

#include "ir/print/print_internal.h"

/* ---- float formats --------------------------------------------------------------------- */

typedef struct fsem {
    int p; /* precision in bits, the integer bit included */
    int emin, emax; /* exponents of normal numbers */
    unsigned bits; /* storage width */
    uint64_t max_sig; /* the largest significand at emax */
    bool has_inf;
    bool nan_uz; /* FNUZ: NaN is the negative-zero pattern, there is no -0 */
    bool nan_fn; /* E4M3FN: all ones is NaN, no infinities */
} fsem;

static const fsem sems[] = {
    [TCIR_F16] = {11, -14, 15, 16, 0x7FF, true, false, false},
    [TCIR_BF16] = {8, -126, 127, 16, 0xFF, true, false, false},
    [TCIR_F32] = {24, -126, 127, 32, 0xFFFFFF, true, false, false},
    [TCIR_F64] = {53, -1022, 1023, 64, 0x1FFFFFFFFFFFFF, true, false, false},
    [TCIR_F8E4M3FN] = {4, -6, 8, 8, 14, false, false, true},
    [TCIR_F8E5M2] = {3, -14, 15, 8, 7, true, false, false},
    [TCIR_F8E4M3FNUZ] = {4, -7, 7, 8, 15, false, true, false},
    [TCIR_F8E5M2FNUZ] = {3, -15, 15, 8, 7, false, true, false},
    [TCIR_F8E4M3B11FNUZ] = {4, -10, 4, 8, 15, false, true, false},
};

enum { FV_ZERO, FV_FINITE, FV_INF, FV_NAN };

/* A value of some format: sig * 2^(e - (p - 1)); e is emin for denormals. */
typedef struct fval {
    int kind;
    bool neg;
    uint64_t sig;
    int e;
    uint64_t bits;
} fval;

static int bitlen64(uint64_t x)
{
    int n = 0;
    while (x) {
        n++;
        x >>= 1;
    }
    return n;
}

static uint64_t encode(const fsem *s, const fval *v)
{
    uint64_t sign = v->neg ? (uint64_t)1 << (s->bits - 1) : 0;
    uint64_t mant_mask = ((uint64_t)1 << (s->p - 1)) - 1;
    uint64_t all_ones_exp = (((uint64_t)1 << (s->bits - (unsigned)s->p)) - 1) << (s->p - 1);
    switch (v->kind) {
    case FV_ZERO: return sign;
    case FV_INF: return sign | all_ones_exp;
    case FV_NAN:
        if (s->nan_uz)
            return (uint64_t)1 << (s->bits - 1);
        if (s->nan_fn)
            return sign | all_ones_exp | mant_mask;
        return sign | all_ones_exp | (uint64_t)1 << (s->p - 2); /* quiet NaN */
    default: {
        uint64_t field = (v->sig >> (s->p - 1)) ? (uint64_t)(v->e + 1 - s->emin) : 0;
        return sign | field << (s->p - 1) | (v->sig & mant_mask);
    }
    }
}

/* Rounds a double to the format, to nearest with ties to even, as APFloat::convert does. */
static fval from_double(double d, const fsem *s)
{
    fval v = {0};
    uint64_t b;
    memcpy(&b, &d, sizeof b);
    v.neg = (b >> 63) != 0;
    int field = (int)((b >> 52) & 0x7FF);
    uint64_t mant = b & (((uint64_t)1 << 52) - 1);
    if (field == 0x7FF) {
        v.kind = mant ? FV_NAN : (s->has_inf ? FV_INF : FV_NAN);
    } else if (field == 0 && mant == 0) {
        v.kind = FV_ZERO;
    } else {
        uint64_t dsig = field ? mant | (uint64_t)1 << 52 : mant;
        int dexp = (field ? field : 1) - 1075; /* d = dsig * 2^dexp */
        int lead = dexp + bitlen64(dsig) - 1;
        int q = (lead < s->emin ? s->emin : lead) - (s->p - 1); /* exponent of one ulp */
        int shift = q - dexp;
        uint64_t r;
        if (shift <= 0) {
            r = dsig << -shift;
        } else if (shift >= 54) {
            r = 0; /* below half an ulp of the smallest denormal */
        } else {
            uint64_t rem = dsig & (((uint64_t)1 << shift) - 1), half = (uint64_t)1 << (shift - 1);
            r = dsig >> shift;
            if (rem > half || (rem == half && (r & 1)))
                r++;
        }
        if (r >> s->p) { /* rounding carried into a new binade */
            r >>= 1;
            q++;
        }
        if (r == 0) {
            v.kind = FV_ZERO;
        } else {
            v.sig = r;
            v.e = (r >> (s->p - 1)) ? q + s->p - 1 : s->emin;
            v.kind = FV_FINITE;
            if (v.e > s->emax || (v.e == s->emax && r > s->max_sig))
                v.kind = s->has_inf ? FV_INF : FV_NAN;
        }
    }
    if (v.kind == FV_ZERO && s->nan_uz)
        v.neg = false;
    v.bits = encode(s, &v);
    return v;
}

/* ---- a small unsigned big integer ----------------------------------------------------- */

enum { BN_LIMBS = 112 }; /* 3584 bits: f64's smallest denormal times 5^1074 needs ~2550 */

typedef struct bn {
    uint32_t d[BN_LIMBS]; /* little endian */
    int n; /* limbs in use; 0 is zero */
} bn;

static void bn_set(bn *a, uint64_t v)
{
    a->n = 0;
    while (v) {
        a->d[a->n++] = (uint32_t)v;
        v >>= 32;
    }
}

static void bn_mul_small(bn *a, uint32_t m)
{
    uint64_t carry = 0;
    for (int i = 0; i < a->n; i++) {
        uint64_t t = (uint64_t)a->d[i] * m + carry;
        a->d[i] = (uint32_t)t;
        carry = t >> 32;
    }
    if (carry && a->n < BN_LIMBS)
        a->d[a->n++] = (uint32_t)carry;
}

static void bn_mul_pow5(bn *a, int k)
{
    static const uint32_t pow5[14] = {1,     5,      25,      125,     625,      3125,      15625,
                                      78125, 390625, 1953125, 9765625, 48828125, 244140625, 1220703125};
    for (; k >= 13; k -= 13)
        bn_mul_small(a, pow5[13]);
    if (k)
        bn_mul_small(a, pow5[k]);
}

static void bn_shl(bn *a, int s)
{
    if (!a->n || s <= 0)
        return;
    int limbs = s / 32, bits = s % 32;
    if (a->n + limbs + 1 > BN_LIMBS)
        return; /* cannot happen for the formats above */
    a->d[a->n + limbs] = 0;
    for (int i = a->n - 1; i >= 0; i--) {
        uint64_t t = (uint64_t)a->d[i] << bits;
        a->d[i + limbs + 1] |= (uint32_t)(t >> 32);
        a->d[i + limbs] = (uint32_t)t;
    }
    for (int i = 0; i < limbs; i++)
        a->d[i] = 0;
    a->n += limbs + 1;
    while (a->n && !a->d[a->n - 1])
        a->n--;
}

static uint32_t bn_divmod_small(bn *a, uint32_t m)
{
    uint64_t rem = 0;
    for (int i = a->n - 1; i >= 0; i--) {
        uint64_t t = rem << 32 | a->d[i];
        a->d[i] = (uint32_t)(t / m);
        rem = t % m;
    }
    while (a->n && !a->d[a->n - 1])
        a->n--;
    return (uint32_t)rem;
}

/* a = floor(a / 10^k); floor division composes, so dividing in steps is exact. */
static void bn_div_pow10(bn *a, unsigned k)
{
    static const uint32_t pow10[10] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000};
    for (; k >= 9; k -= 9)
        bn_divmod_small(a, pow10[9]);
    if (k)
        bn_divmod_small(a, pow10[k]);
}

static unsigned bn_bitlen(const bn *a) { return a->n ? (unsigned)(32 * (a->n - 1) + bitlen64(a->d[a->n - 1])) : 0; }

static int bn_cmp(const bn *a, const bn *b)
{
    if (a->n != b->n)
        return a->n < b->n ? -1 : 1;
    for (int i = a->n - 1; i >= 0; i--)
        if (a->d[i] != b->d[i])
            return a->d[i] < b->d[i] ? -1 : 1;
    return 0;
}

/* ---- APFloat::toString ---------------------------------------------------------------- */

/* Formats sig * 2^exp (sig > 0, of a format with sem_p bits of precision) into str as
 * APFloat's toString(FormatPrecision, FormatMaxPadding, TruncateZero) does. When dm is not
 * NULL, also returns the printed value as *dm * 10^*e10 (the digits fit: at most 19). */
static size_t to_string(char *str, bool neg, int exp, uint64_t sig, int sem_p, unsigned fprec, unsigned max_pad,
                        bool trunc_zero, uint64_t *dm, int *e10)
{
    size_t n = 0;
    if (neg)
        str[n++] = '-';
    if (!fprec)
        fprec = 2 + (unsigned)sem_p * 59 / 196;

    while (!(sig & 1)) { /* trailing binary zeros */
        sig >>= 1;
        exp++;
    }
    bn s;
    bn_set(&s, sig);
    if (exp > 0) {
        bn_shl(&s, exp);
        exp = 0;
    } else if (exp < 0) {
        bn_mul_pow5(&s, -exp); /* N * 2^-e == N * 5^e * 10^-e */
    }

    /* Drop decimal digits beyond what the precision needs (an integer division). */
    unsigned bits = bn_bitlen(&s), required = (fprec * 196 + 58) / 59;
    if (bits > required) {
        unsigned tens = (bits - required) * 59 / 196;
        if (tens) {
            exp += (int)tens;
            bn_div_pow10(&s, tens);
        }
    }

    /* Digits, least significant first, without trailing zeros. */
    char buf[64];
    unsigned nd = 0;
    bool in_trail = true;
    while (s.n) {
        uint32_t chunk = bn_divmod_small(&s, 1000000000);
        int count = s.n ? 9 : bitlen64(chunk) ? 10 : 0;
        for (int i = 0; i < count && (s.n || chunk); i++) {
            unsigned d = chunk % 10;
            chunk /= 10;
            if (in_trail && !d) {
                exp++;
            } else if (nd < sizeof buf) {
                buf[nd++] = (char)('0' + d);
                in_trail = false;
            }
        }
    }

    /* Round half up to fprec digits, on the digits only (APFloat's own rounding). */
    if (nd > fprec) {
        unsigned first = nd - fprec;
        if (buf[first - 1] < '5') {
            while (first < nd && buf[first] == '0')
                first++;
        } else {
            unsigned i;
            for (i = first; i != nd; i++) {
                if (buf[i] == '9') {
                    first++;
                } else {
                    buf[i]++;
                    break;
                }
            }
        }
        exp += (int)first;
        if (first == nd) {
            buf[0] = '1';
            nd = 1;
        } else {
            memmove(buf, buf + first, nd - first);
            nd -= first;
        }
    }

    if (dm) {
        uint64_t m = 0;
        for (unsigned i = nd; i-- > 0;)
            m = m * 10 + (uint64_t)(buf[i] - '0');
        *dm = m;
        *e10 = exp;
    }

    bool scientific;
    if (!max_pad) {
        scientific = true;
    } else if (exp >= 0) {
        scientific = (unsigned)exp > max_pad || nd + (unsigned)exp > fprec;
    } else {
        int msd = exp + (int)nd - 1;
        scientific = msd < 0 && (unsigned)-msd > max_pad;
    }

    if (scientific) {
        int x = exp + (int)nd - 1;
        str[n++] = buf[nd - 1];
        str[n++] = '.';
        if (nd == 1 && trunc_zero)
            str[n++] = '0';
        else
            for (unsigned i = 1; i != nd; i++)
                str[n++] = buf[nd - 1 - i];
        if (!trunc_zero && fprec > nd - 1)
            for (unsigned i = 0; i < fprec - nd + 1; i++)
                str[n++] = '0';
        str[n++] = trunc_zero ? 'E' : 'e';
        str[n++] = x >= 0 ? '+' : '-';
        if (x < 0)
            x = -x;
        char eb[8];
        int ne = 0;
        do {
            eb[ne++] = (char)('0' + x % 10);
            x /= 10;
        } while (x);
        if (!trunc_zero && ne < 2)
            eb[ne++] = '0';
        while (ne)
            str[n++] = eb[--ne];
        return n;
    }
    if (exp >= 0) {
        for (unsigned i = 0; i != nd; i++)
            str[n++] = buf[nd - 1 - i];
        for (int i = 0; i < exp; i++)
            str[n++] = '0';
        return n;
    }
    int whole = exp + (int)nd;
    unsigned i = 0;
    if (whole > 0) {
        for (; i != (unsigned)whole; i++)
            str[n++] = buf[nd - 1 - i];
        str[n++] = '.';
    } else {
        str[n++] = '0';
        str[n++] = '.';
        for (int z = 0; z < -whole; z++)
            str[n++] = '0';
    }
    for (; i != nd; i++)
        str[n++] = buf[nd - 1 - i];
    return n;
}

/* Compares dm * 10^e10 with m * 2^f exactly. */
static int cmp_dec_bin(uint64_t dm, int e10, uint64_t m, int f)
{
    bn a, b;
    bn_set(&a, dm);
    bn_set(&b, m);
    if (e10 >= 0)
        bn_mul_pow5(&a, e10);
    else
        bn_mul_pow5(&b, -e10);
    int t = e10 - f;
    if (t >= 0)
        bn_shl(&a, t);
    else
        bn_shl(&b, -t);
    return bn_cmp(&a, &b);
}

/* Whether the decimal dm * 10^e10 (same sign as v) reads back as exactly v: it must lie
 * between the midpoints to v's neighbours, a midpoint itself going to the even one. */
static bool reads_back(const fsem *s, const fval *v, uint64_t dm, int e10)
{
    int q = v->e - (s->p - 1);
    bool odd = (v->sig & 1) != 0;
    int c = cmp_dec_bin(dm, e10, 2 * v->sig + 1, q - 1);
    if (c > 0 || (c == 0 && odd))
        return false;
    /* Below a power of two (not the smallest normal) the neighbour is half an ulp away. */
    if (v->sig == (uint64_t)1 << (s->p - 1) && v->e > s->emin)
        c = cmp_dec_bin(dm, e10, 4 * v->sig - 1, q - 2);
    else
        c = cmp_dec_bin(dm, e10, 2 * v->sig - 1, q - 1);
    return !(c < 0 || (c == 0 && odd));
}

bool print_format_float(base_out *out, double value, tcir_float_kind kind)
{
    if ((unsigned)kind >= sizeof sems / sizeof sems[0])
        kind = TCIR_F64;
    const fsem *s = &sems[kind];
    fval v = from_double(value, s);
    char str[64];
    if (v.kind == FV_ZERO) {
        if (v.neg)
            base_out_putc(out, '-');
        base_out_puts(out, "0.000000e+00");
        return false;
    }
    if (v.kind == FV_FINITE) {
        uint64_t dm;
        int e10;
        int exp = v.e - (s->p - 1);
        size_t n = to_string(str, v.neg, exp, v.sig, s->p, 6, 0, false, &dm, &e10);
        if (reads_back(s, &v, dm, e10)) {
            base_out_put(out, str, n);
            return false;
        }
        n = to_string(str, v.neg, exp, v.sig, s->p, 0, 3, true, NULL, NULL);
        if (memchr(str, '.', n)) {
            base_out_put(out, str, n);
            return false;
        }
    }
    static const char hex[] = "0123456789ABCDEF";
    char h[20];
    int nh = 0;
    uint64_t bits = v.bits;
    do {
        h[nh++] = hex[bits & 15];
        bits >>= 4;
    } while (bits);
    base_out_put(out, "0x", 2);
    while (nh)
        base_out_putc(out, h[--nh]);
    return true;
}
