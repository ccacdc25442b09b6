/* libdevice's functions on integers, its predicates and its float-to-int conversions and bit
 * reinterpretations (tt.extern_elementwise reaches them through tl_extern_elementwise), as
 * CUDA's libdevice documentation defines them. The IR's integers are signless: the symbol
 * says whether its operands are signed (__nv_umulhi, __nv_ullmin...). math.c asks here first;
 * a symbol not listed here goes on to the float functions. */
#include <math.h>
#include <string.h>

#include "interp/interp_internal.h"

typedef enum fn {
    CLZ,
    POPC,
    BREV,
    FFS,
    ABS,
    MULHI,
    MUL24,
    HADD,
    RHADD,
    SAD,
    BYTE_PERM,
    MIN,
    MAX,
    ISINF,
    ISNAN,
    SIGNBIT,
    FINITE,
    ILOGB,
    F2I_RN,
    F2I_RZ,
    F2I_RD,
    F2I_RU,
    F2I_RA,
    AS_BITS,
    HI_INT,
    LO_INT,
    HILO_DOUBLE,
    LDEXP,
    POWI
} fn;

typedef struct entry {
    const char *symbol; /* without __nv_ */
    fn f;
    bool is_signed; /* integer operands (conversions: the result) are signed */
} entry;

static const entry table[] = {
    {"clz", CLZ, true},
    {"clzll", CLZ, true},
    {"popc", POPC, false},
    {"popcll", POPC, false},
    {"brev", BREV, false},
    {"brevll", BREV, false},
    {"ffs", FFS, false},
    {"ffsll", FFS, false},
    {"abs", ABS, true},
    {"llabs", ABS, true},
    {"mulhi", MULHI, true},
    {"umulhi", MULHI, false},
    {"mul64hi", MULHI, true},
    {"umul64hi", MULHI, false},
    {"mul24", MUL24, true},
    {"umul24", MUL24, false},
    {"hadd", HADD, true},
    {"uhadd", HADD, false},
    {"rhadd", RHADD, true},
    {"urhadd", RHADD, false},
    {"sad", SAD, true},
    {"usad", SAD, false},
    {"byte_perm", BYTE_PERM, false},
    {"min", MIN, true},
    {"umin", MIN, false},
    {"llmin", MIN, true},
    {"ullmin", MIN, false},
    {"max", MAX, true},
    {"umax", MAX, false},
    {"llmax", MAX, true},
    {"ullmax", MAX, false},
    {"isinff", ISINF, true},
    {"isinfd", ISINF, true},
    {"isnanf", ISNAN, true},
    {"isnand", ISNAN, true},
    {"signbitf", SIGNBIT, true},
    {"signbitd", SIGNBIT, true},
    {"finitef", FINITE, true},
    {"isfinited", FINITE, true},
    {"ilogbf", ILOGB, true},
    {"ilogb", ILOGB, true},
    {"float2int_rn", F2I_RN, true},
    {"float2int_rz", F2I_RZ, true},
    {"float2int_rd", F2I_RD, true},
    {"float2int_ru", F2I_RU, true},
    {"float2uint_rn", F2I_RN, false},
    {"float2uint_rz", F2I_RZ, false},
    {"float2uint_rd", F2I_RD, false},
    {"float2uint_ru", F2I_RU, false},
    {"float2ll_rn", F2I_RN, true},
    {"float2ll_rz", F2I_RZ, true},
    {"float2ll_rd", F2I_RD, true},
    {"float2ll_ru", F2I_RU, true},
    {"float2ull_rn", F2I_RN, false},
    {"float2ull_rz", F2I_RZ, false},
    {"float2ull_rd", F2I_RD, false},
    {"float2ull_ru", F2I_RU, false},
    {"double2int_rn", F2I_RN, true},
    {"double2int_rz", F2I_RZ, true},
    {"double2int_rd", F2I_RD, true},
    {"double2int_ru", F2I_RU, true},
    {"double2uint_rn", F2I_RN, false},
    {"double2uint_rz", F2I_RZ, false},
    {"double2uint_rd", F2I_RD, false},
    {"double2uint_ru", F2I_RU, false},
    {"double2ll_rn", F2I_RN, true},
    {"double2ll_rz", F2I_RZ, true},
    {"double2ll_rd", F2I_RD, true},
    {"double2ll_ru", F2I_RU, true},
    {"double2ull_rn", F2I_RN, false},
    {"double2ull_rz", F2I_RZ, false},
    {"double2ull_rd", F2I_RD, false},
    {"double2ull_ru", F2I_RU, false},
    {"float_as_int", AS_BITS, true},
    {"float_as_uint", AS_BITS, false},
    {"int_as_float", AS_BITS, true},
    {"uint_as_float", AS_BITS, false},
    {"double_as_longlong", AS_BITS, true},
    {"longlong_as_double", AS_BITS, true},
    {"double2hiint", HI_INT, true},
    {"double2loint", LO_INT, true},
    {"hiloint2double", HILO_DOUBLE, true},
    {"llrintf", F2I_RN, true},
    {"llrint", F2I_RN, true},
    {"llroundf", F2I_RA, true},
    {"llround", F2I_RA, true},
    {"ldexpf", LDEXP, true},
    {"ldexp", LDEXP, true},
    {"scalbnf", LDEXP, true},
    {"scalbn", LDEXP, true},
    {"powif", POWI, true},
    {"powi", POWI, true},
};

/* The high half of the 2w-bit product of a and b (w = 32 or 64), signed or unsigned. */
static uint64_t mul_hi(uint64_t a, uint64_t b, unsigned w, bool sgn)
{
    if (w < 64) {
        uint64_t p = sgn ? (uint64_t)(interp_sext(a, w) * interp_sext(b, w)) : a * b;
        return p >> w;
    }
    uint64_t al = a & 0xFFFFFFFFu, ah = a >> 32, bl = b & 0xFFFFFFFFu, bh = b >> 32;
    uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
    uint64_t mid = (ll >> 32) + (lh & 0xFFFFFFFFu) + (hl & 0xFFFFFFFFu);
    uint64_t hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
    /* the signed product's high half: subtract b when a < 0 and a when b < 0 (mod 2^64) */
    if (sgn && (int64_t)a < 0)
        hi -= b;
    if (sgn && (int64_t)b < 0)
        hi -= a;
    return hi;
}

/* x rounded to an integer by mode (F2I_RA: halves away from zero, llround), saturated to the
 * result's range (NaN: 0), as NVIDIA's cvt.rni/rzi/rmi/rpi do. */
static uint64_t float_to_int(double x, fn mode, unsigned w, bool sgn)
{
    if (isnan(x))
        return 0;
    x = mode == F2I_RN   ? nearbyint(x)
        : mode == F2I_RZ ? trunc(x)
        : mode == F2I_RD ? floor(x)
        : mode == F2I_RA ? round(x)
                         : ceil(x);
    double lo = sgn ? -ldexp(1.0, (int)w - 1) : 0.0, hi = ldexp(1.0, sgn ? (int)w - 1 : (int)w);
    if (x < lo)
        return interp_mask(sgn ? 1ull << (w - 1) : 0, w);
    if (x >= hi)
        return interp_mask(sgn ? (1ull << (w - 1)) - 1 : ~0ull, w);
    return interp_mask(x < 0 ? (uint64_t)(int64_t)x : (uint64_t)x, w);
}

/* One element: the operands' bits in a (their types in ts), the result's type rt. */
static uint64_t apply(const entry *e, const uint64_t *a, const tcir_type *const *ts, const tcir_type *rt)
{
    unsigned w = interp_width(ts[0]), rw = interp_width(rt);
    bool s = e->is_signed;
    int64_t x = interp_sext(a[0], w), y = ts[1] ? interp_sext(a[1], interp_width(ts[1])) : 0;
    uint64_t ux = interp_mask(a[0], w), uy = ts[1] ? interp_mask(a[1], interp_width(ts[1])) : 0;
    double fx = tcir_type_is_float(ts[0]) ? interp_fdecode(a[0], ts[0]) : 0;
    unsigned n = 0;
    switch (e->f) {
    case CLZ:
        while (n < w && !(ux >> (w - 1 - n) & 1))
            n++;
        return n;
    case POPC:
        for (; ux; ux &= ux - 1)
            n++;
        return n;
    case BREV: {
        uint64_t v = 0;
        for (unsigned i = 0; i < w; i++)
            v |= (ux >> i & 1) << (w - 1 - i);
        return v;
    }
    case FFS:
        if (!ux)
            return 0;
        while (!(ux >> n & 1))
            n++;
        return n + 1;
    case ABS: return interp_mask(x < 0 ? 0 - ux : ux, w);
    case MULHI: return interp_mask(mul_hi(ux, uy, w, s), w);
    case MUL24: {
        uint64_t p =
            s ? (uint64_t)(interp_sext(ux, 24) * interp_sext(uy, 24)) : interp_mask(ux, 24) * interp_mask(uy, 24);
        return interp_mask(p, 32);
    }
    /* averages in 64 bits (the operands are 32-bit), so the sum cannot overflow */
    case HADD: return interp_mask(s ? (uint64_t)((x + y) >> 1) : (ux + uy) >> 1, w);
    case RHADD: return interp_mask(s ? (uint64_t)((x + y + 1) >> 1) : (ux + uy + 1) >> 1, w);
    case SAD: {
        uint64_t d = s ? (uint64_t)(x > y ? x - y : y - x) : (ux > uy ? ux - uy : uy - ux);
        return interp_mask(d + interp_mask(a[2], interp_width(ts[2])), 32);
    }
    case BYTE_PERM: {
        uint64_t in = uy << 32 | ux, sel = interp_mask(a[2], 32), v = 0;
        for (unsigned i = 0; i < 4; i++)
            v |= (in >> (8 * (sel >> (4 * i) & 7)) & 0xFF) << (8 * i);
        return v;
    }
    case MIN: return interp_mask(s ? (uint64_t)(x < y ? x : y) : (ux < uy ? ux : uy), w);
    case MAX: return interp_mask(s ? (uint64_t)(x > y ? x : y) : (ux > uy ? ux : uy), w);
    case ISINF: return isinf(fx) ? 1 : 0;
    case ISNAN: return isnan(fx) ? 1 : 0;
    case SIGNBIT: return a[0] >> (w - 1) & 1;
    case FINITE: return isfinite(fx) ? 1 : 0;
    case ILOGB: /* CUDA: ilogb(0) and ilogb(NaN) are INT_MIN, ilogb(inf) INT_MAX */
        if (fx == 0 || isnan(fx))
            return 0x80000000u;
        return isinf(fx) ? 0x7FFFFFFFu : interp_mask((uint64_t)(int64_t)ilogb(fx), 32);
    case F2I_RN:
    case F2I_RZ:
    case F2I_RD:
    case F2I_RU:
    case F2I_RA: return float_to_int(fx, e->f, rw, s);
    case AS_BITS: return interp_mask(a[0], rw);
    case HI_INT: return a[0] >> 32;
    case LO_INT: return a[0] & 0xFFFFFFFFu;
    case HILO_DOUBLE: return ux << 32 | uy;
    case LDEXP: /* y clamped so that ldexp's int argument cannot overflow; the result is the same */
        return interp_fencode(ldexp(fx, y < -100000 ? -100000 : y > 100000 ? 100000 : (int)y), rt, false);
    case POWI: return interp_fencode(pow(fx, (double)y), rt, false); /* pow, rounded once to rt */
    }
    return 0;
}

static int arity(fn f)
{
    switch (f) {
    case SAD:
    case BYTE_PERM: return 3;
    case MULHI:
    case MUL24:
    case HADD:
    case RHADD:
    case MIN:
    case MAX:
    case HILO_DOUBLE:
    case LDEXP:
    case POWI: return 2;
    default: return 1;
    }
}

/* Whether the operand and result types fit the function, so that apply reads each as what it
 * is: float operands where it decodes them, a float result where it encodes one. */
static bool types_ok(fn f, const tcir_type *const *ts, const tcir_type *rt)
{
    bool fin = tcir_type_is_float(ts[0]), fout = tcir_type_is_float(rt);
    switch (f) {
    case ISINF:
    case ISNAN:
    case SIGNBIT:
    case FINITE:
    case ILOGB:
    case F2I_RN:
    case F2I_RZ:
    case F2I_RD:
    case F2I_RU:
    case F2I_RA:
    case HI_INT:
    case LO_INT: return fin && !fout;
    case LDEXP:
    case POWI: return fin && fout && !tcir_type_is_float(ts[1]);
    case HILO_DOUBLE: return !fin && fout;
    case AS_BITS: return true;
    default: return !fin && !fout;
    }
}

/* Runs op when its symbol is one of this file's: *handled says whether it was. */
bool interp_extern_int(interp_run *r, tcir_op *op, const char *sym, bool *handled)
{
    *handled = false;
    if (!sym || strncmp(sym, "__nv_", 5) != 0)
        return true;
    const entry *e = NULL;
    for (size_t k = 0; k < sizeof table / sizeof table[0] && !e; k++)
        if (strcmp(table[k].symbol, sym + 5) == 0)
            e = &table[k];
    if (!e)
        return true;
    *handled = true;
    int nin = tcir_op_noperands(op);
    interp_tensor *in[3] = {NULL, NULL, NULL};
    const tcir_type *ts[3] = {NULL, NULL, NULL};
    for (int i = 0; i < nin && i < 3; i++) {
        in[i] = interp_get(r, tcir_op_operand(op, i));
        ts[i] = in[i]->elem;
    }
    const tcir_type *rt = tcir_type_elem(tcir_value_type(tcir_op_result(op, 0)));
    if (nin != arity(e->f) || !types_ok(e->f, ts, rt))
        return interp_libdevice_unsupported(r, op, sym, nin);
    interp_tensor *t = interp_new(r, tcir_value_type(tcir_op_result(op, 0)));
    if (!t)
        return false;
    for (int64_t i = 0; i < t->n; i++) {
        uint64_t a[3] = {0, 0, 0};
        for (int k = 0; k < nin; k++)
            a[k] = interp_lane(in[k], i);
        t->d[i] = apply(e, a, ts, t->elem);
    }
    return interp_set(r, tcir_op_result(op, 0), t);
}
