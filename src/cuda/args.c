/* Launch arguments: checked against the kernel's declaration, turned into the JIT's
 * specialization key, and packed as the compiled function takes them. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "cuda/runtime_internal.h"

/* The argument, for messages: "tc_ptr(0x1000, float16)", "an int64 5", "a float32 1.5". */
static const char *describe(const tc_arg *a, char *buf, size_t size)
{
    const char *dt = tl_dtype_name(a->dtype);
    switch (a->kind) {
    case TC_ARG_PTR: snprintf(buf, size, "tc_ptr(0x%" PRIx64 ", %s)", a->v.u, dt); break;
    case TC_ARG_INT: snprintf(buf, size, "%s %s %" PRId64, dt[0] == 'i' ? "an" : "a", dt, a->v.i); break;
    case TC_ARG_UINT: snprintf(buf, size, "a %s %" PRIu64, dt, a->v.u); break;
    case TC_ARG_FLOAT: snprintf(buf, size, "a %s %g", dt, a->v.f); break;
    case TC_ARG_BOOL: snprintf(buf, size, "a bool %s", a->v.u ? "true" : "false"); break;
    case TC_ARG_DESC: snprintf(buf, size, "a tc_desc"); break;
    default: snprintf(buf, size, "no argument (kind %d: made without a tc_ constructor?)", (int)a->kind); break;
    }
    return buf;
}

/* What the declaration wants: "a pointer to float32", "an int32", "a uint8", "a float32", "a bool". */
static const char *wanted(const tc_param *p, char *buf, size_t size)
{
    if (p->kind == TL_ARG_PTR)
        snprintf(buf, size, "a pointer to %s", tl_dtype_name(p->dtype));
    else if (p->kind == TL_ARG_TENSOR)
        snprintf(buf, size, "a tensor of %s", tl_dtype_name(p->dtype));
    else if (p->kind == TL_ARG_TENSORDESC)
        snprintf(buf, size, "a tensor descriptor of %s (tc_desc)", tl_dtype_name(p->dtype));
    else if (p->dtype == TL_I1)
        snprintf(buf, size, "a bool");
    else if (tl_dtype_is_int(p->dtype) && !tl_dtype_is_unsigned(p->dtype))
        snprintf(buf, size, "an %s", tl_dtype_name(p->dtype));
    else
        snprintf(buf, size, "a %s", tl_dtype_name(p->dtype));
    return buf;
}

/* Whether an integer argument fits dtype; *v receives it as the dtype's bits (two's complement). */
static bool int_fits(const tc_arg *a, tl_dtype dtype, uint64_t *v)
{
    unsigned bits = tl_dtype_bits(dtype);
    bool is_unsigned = tl_dtype_is_unsigned(dtype);
    bool negative = a->kind == TC_ARG_INT && a->v.i < 0;
    bool huge = a->kind == TC_ARG_UINT && a->v.u > (uint64_t)INT64_MAX; /* >= 2^63 */
    if (is_unsigned) {
        if (negative)
            return false;
        if (bits < 64 && a->v.u >> bits)
            return false;
    } else {
        if (huge)
            return false;
        int64_t x = a->v.i;
        if (bits < 64) {
            int64_t lo = -((int64_t)1 << (bits - 1)), hi = ((int64_t)1 << (bits - 1)) - 1;
            if (x < lo || x > hi)
                return false;
        }
    }
    *v = a->v.u;
    return true;
}

static void put(uint64_t *slot, const void *value, size_t n)
{
    *slot = 0;
    memcpy(slot, value, n);
}

/* The key letter of an integer argument, as Triton's JIT: 1 -> '1', a multiple of 16 -> 'D'. */
static char int_letter(uint64_t v, bool do_not_specialize)
{
    if (do_not_specialize)
        return 'N';
    if (v == 1)
        return '1';
    return (v & 15) == 0 ? 'D' : 'N';
}

static void pack_int(uint64_t *slot, uint64_t v, unsigned bits)
{
    uint8_t b8 = (uint8_t)v;
    uint16_t b16 = (uint16_t)v;
    uint32_t b32 = (uint32_t)v;
    if (bits <= 8)
        put(slot, &b8, 1);
    else if (bits == 16)
        put(slot, &b16, 2);
    else if (bits == 32)
        put(slot, &b32, 4);
    else
        put(slot, &v, 8);
}

static void pack_float(uint64_t *slot, double x, tl_dtype dtype)
{
    if (dtype == TL_F64) {
        put(slot, &x, 8);
    } else if (dtype == TL_F16 || dtype == TL_BF16) {
        uint16_t h = dtype == TL_F16 ? cuda_f16_bits((float)x) : cuda_bf16_bits((float)x);
        put(slot, &h, 2);
    } else {
        float f = (float)x;
        put(slot, &f, 4);
    }
}

cuda_param_class cuda_classify(const tc_param *p)
{
    cuda_param_class c = {.cls = TCR_UNLAUNCHABLE,
                          .bits = (uint8_t)tl_dtype_bits(p->dtype),
                          .dns = p->do_not_specialize,
                          .dtype = p->dtype};
    if (p->kind == TL_ARG_PTR)
        c.cls = TCR_PTR;
    else if (p->kind == TL_ARG_TENSORDESC)
        c.cls = TCR_DESC;
    else if (p->kind == TL_ARG_SCALAR && p->dtype == TL_I1)
        c.cls = TCR_BOOL;
    else if (p->kind == TL_ARG_SCALAR && tl_dtype_is_int(p->dtype))
        c.cls = tl_dtype_is_unsigned(p->dtype) ? TCR_UINT : TCR_SINT;
    else if (p->kind == TL_ARG_SCALAR && tl_dtype_is_float(p->dtype) && !tl_dtype_is_fp8(p->dtype))
        c.cls = TCR_FLOAT;
    return c;
}

bool cuda_pack_args(tc_kernel *k, tl_site site, int nargs, const tc_arg *args, cuda_packed *out)
{
    tc_runtime *rt = k->rt;
    if (nargs != k->nparams || (nargs > 0 && !args)) {
        cuda_fail(rt, site, "kernel %s takes %d argument%s (%s), got %d", k->k->name, k->nparams,
                  k->nparams == 1 ? "" : "s", k->names, args ? nargs : 0);
        return false;
    }
    int kept = 0;
    out->ndesc = 0;
    for (int i = 0; i < nargs; i++) {
        const cuda_param_class *c = &k->cls[i];
        const tc_arg *a = &args[i];
        char letter = 'N';
        uint64_t *slot = &out->slot[kept];
        switch (c->cls) {
        case TCR_PTR:
            if (a->kind != TC_ARG_PTR || a->dtype != c->dtype)
                goto mismatch;
            letter = (!c->dns && (a->v.u & 15) == 0) ? 'D' : 'N';
            *slot = a->v.u;
            break;
        case TCR_BOOL:
            if (a->kind != TC_ARG_BOOL)
                goto mismatch;
            *slot = a->v.u ? 1 : 0;
            break;
        case TCR_SINT:
        case TCR_UINT: {
            if (a->kind != TC_ARG_INT && a->kind != TC_ARG_UINT)
                goto mismatch;
            uint64_t v;
            if (!int_fits(a, c->dtype, &v))
                goto too_large;
            letter = int_letter(v, c->dns);
            pack_int(slot, v, c->bits);
        } break;
        case TCR_FLOAT:
            if (a->kind != TC_ARG_FLOAT)
                goto mismatch;
            pack_float(slot, a->v.f, c->dtype);
            break;
        case TCR_DESC: /* never specialized; expanded once the variant is known (tensordesc.c) */
            if (a->kind != TC_ARG_DESC)
                goto mismatch;
            if (out->ndesc == CUDA_MAX_DESCS) {
                cuda_fail(rt, site, "kernel %s takes more than %d tensor descriptors", k->k->name, CUDA_MAX_DESCS);
                return false;
            }
            if (!cuda_desc_check(k, site, i, a, &out->desc[out->ndesc].d))
                return false;
            out->desc[out->ndesc].slot = kept;
            out->desc[out->ndesc++].param = i;
            *slot = 0;
            break;
        default: goto unlaunchable;
        }
        out->key[i] = letter;
        kept += letter != '1';
        continue;

        char want[64], got[96];
        const tc_param *p;
    mismatch:
        p = &k->params[i];
        cuda_fail(rt, site, "argument %d (%s) of %s is %s: got %s", i + 1, p->name, k->k->name,
                  wanted(p, want, sizeof want), describe(a, got, sizeof got));
        return false;
    too_large:
        p = &k->params[i];
        cuda_fail(rt, site, "argument %d (%s) of %s is %s: %s does not fit", i + 1, p->name, k->k->name,
                  wanted(p, want, sizeof want), describe(a, got, sizeof got));
        return false;
    unlaunchable:
        p = &k->params[i];
        cuda_fail(rt, site, "argument %d (%s) of %s is %s: a launch cannot pass it", i + 1, p->name, k->k->name,
                  wanted(p, want, sizeof want));
        return false;
    }
    out->key[nargs] = '\0';
    out->n = kept;
    return true;
}

/* ---- half and bfloat16 ------------------------------------------------------------------------ */

static uint32_t float_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

uint16_t cuda_f16_bits(float f)
{
    uint32_t x = float_bits(f);
    uint32_t sign = (x >> 16) & 0x8000u;
    uint32_t exp = (x >> 23) & 0xffu;
    uint32_t mant = x & 0x7fffffu;
    if (exp == 0xff) /* inf, nan (quiet) */
        return (uint16_t)(sign | 0x7c00u | (mant ? 0x200u : 0));
    int e = (int)exp - 127 + 15;
    if (e >= 31) /* overflow */
        return (uint16_t)(sign | 0x7c00u);
    if (e <= 0) { /* subnormal or zero */
        if (e < -10)
            return (uint16_t)sign;
        mant |= 0x800000u;
        unsigned shift = (unsigned)(14 - e);
        uint32_t h = mant >> shift;
        uint32_t rest = mant & ((1u << shift) - 1), half = 1u << (shift - 1);
        if (rest > half || (rest == half && (h & 1)))
            h++;
        return (uint16_t)(sign | h);
    }
    uint32_t h = ((uint32_t)e << 10) | (mant >> 13);
    uint32_t rest = mant & 0x1fffu;
    if (rest > 0x1000u || (rest == 0x1000u && (h & 1)))
        h++; /* may carry into the exponent: still right (up to inf) */
    return (uint16_t)(sign | h);
}

uint16_t cuda_bf16_bits(float f)
{
    uint32_t x = float_bits(f);
    if ((x & 0x7f800000u) == 0x7f800000u && (x & 0x7fffffu)) /* nan */
        return (uint16_t)((x >> 16) | 0x40u);
    uint32_t round = 0x7fffu + ((x >> 16) & 1u);
    return (uint16_t)((x + round) >> 16);
}
