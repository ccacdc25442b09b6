/* Lifting: weak literals, type promotion and broadcasting, as triton.language's semantic.py
 * applies them (to_tensor, computation_type_impl, integer_promote_impl,
 * binary_op_type_checking_impl, broadcast_impl_shape, broadcast_impl_value). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "lang/lang_internal.h"

bool lang_is_signed(tl_dtype d) { return d == TL_I8 || d == TL_I16 || d == TL_I32 || d == TL_I64; }

bool lang_is_unsigned(tl_dtype d) { return d == TL_I1 || d == TL_U8 || d == TL_U16 || d == TL_U32 || d == TL_U64; }

/* ---- literals ---------------------------------------------------------------------------- */

/* Wraps the two's complement bits of v to dt's width, read with dt's signedness. */
static int64_t wrap_int(int64_t v, tl_dtype dt)
{
    unsigned bits = tl_dtype_bits(dt);
    if (bits >= 64 || bits == 0)
        return v;
    uint64_t u = (uint64_t)v & ((UINT64_C(1) << bits) - 1);
    if (lang_is_signed(dt) && (u >> (bits - 1)))
        return (int64_t)u - ((int64_t)1 << (bits - 1)) - ((int64_t)1 << (bits - 1));
    return (int64_t)u;
}

/* Rounds x to nearest-even in a binary format with `mant` significand bits, smallest normal
 * exponent emin and largest finite value maxval (values past it become infinities). */
static double round_binary(double x, int mant, int emin, double maxval)
{
    if (x == 0 || isnan(x) || isinf(x))
        return x;
    int e;
    frexp(x, &e);
    int lead = e - 1 < emin ? emin : e - 1;
    double q = ldexp(1.0, lead - (mant - 1));
    double r = nearbyint(x / q) * q;
    return fabs(r) > maxval ? copysign(INFINITY, x) : r;
}

/* The double a float of dtype dt holds for x (fp8 kinds are left alone). */
static double round_to(double x, tl_dtype dt)
{
    switch (dt) {
    case TL_F32: return round_binary(x, 24, -126, 0x1.fffffep127);
    case TL_F16: return round_binary(x, 11, -14, 65504.0);
    case TL_BF16: return round_binary(x, 8, -126, ldexp(255.0, 120));
    default: return x;
    }
}

double lang_lit_f(const lang_opnd *o)
{
    switch (o->v.lit) {
    case TL_LIT_FLOAT: return o->v.lit_val.f;
    case TL_LIT_BOOL: return o->v.lit_val.i ? 1.0 : 0.0;
    default: return o->dtype == TL_U64 ? (double)(uint64_t)o->v.lit_val.i : (double)o->v.lit_val.i;
    }
}

int64_t lang_lit_i(const lang_opnd *o)
{
    if (o->v.lit == TL_LIT_FLOAT) { /* truncation, as fptosi/fptoui fold (callers check the range) */
        double f = o->v.lit_val.f;
        if (isnan(f) || f <= -ldexp(1.0, 63) || f >= ldexp(1.0, 64))
            return f < 0 ? INT64_MIN : 0;
        return f >= ldexp(1.0, 63) ? (int64_t)(uint64_t)f : (int64_t)f;
    }
    if (o->v.lit == TL_LIT_BOOL)
        return o->v.lit_val.i != 0;
    return o->v.lit_val.i;
}

bool lang_lit_is_zero(const lang_opnd *o)
{
    return o->v.lit == TL_LIT_FLOAT ? o->v.lit_val.f == 0.0 : o->v.lit_val.i == 0;
}

/* Python's to_tensor type of a number (tl_lit_* record it; computed for hand-made ones). */
static tl_dtype literal_dtype(tl_value v)
{
    if (v.dtype > TL_DTYPE_INVALID && v.dtype < TL_DTYPE_COUNT)
        return v.dtype;
    if (v.lit == TL_LIT_BOOL)
        return TL_I1;
    if (v.lit == TL_LIT_INT) {
        int64_t i = v.lit_val.i;
        if (i >= INT32_MIN && i <= INT32_MAX)
            return TL_I32;
        if (i > 0 && i <= (int64_t)UINT32_MAX)
            return TL_U32;
        return TL_I64;
    }
    double a = fabs(v.lit_val.f);
    if (isinf(a) || a == 0.0 || isnan(a) || (a >= ldexp(1.0, -126) && a <= (double)3.4028234663852886e38))
        return TL_F32;
    return TL_F64;
}

void lang_lit_retype(lang_opnd *o, tl_dtype dt)
{
    if (tl_dtype_is_float(dt)) {
        double f = round_to(lang_lit_f(o), dt);
        o->v.lit = TL_LIT_FLOAT;
        o->v.lit_val.f = f;
    } else if (dt == TL_I1) {
        bool nz = !lang_lit_is_zero(o);
        o->v.lit = TL_LIT_BOOL;
        o->v.lit_val.i = nz;
    } else {
        int64_t i = wrap_int(lang_lit_i(o), dt);
        o->v.lit = TL_LIT_INT;
        o->v.lit_val.i = i;
    }
    o->dtype = dt;
    o->elem = NULL;
}

lang_opnd lang_lit_opnd(tl_dtype dt, double f, int64_t i)
{
    lang_opnd o = {0};
    if (tl_dtype_is_float(dt)) {
        o.v.lit = TL_LIT_FLOAT;
        o.v.lit_val.f = f;
    } else {
        o.v.lit = TL_LIT_INT;
        o.v.lit_val.i = i;
    }
    o.dtype = tl_dtype_is_float(dt) ? TL_F64 : TL_I64;
    lang_lit_retype(&o, dt);
    return o;
}

void lang_opnd_set(lang_opnd *o, const tl_value *vp)
{
    tl_value v = *vp;
    /* field by field: a lang_opnd is 128 bytes, most of them dims past the rank */
    o->v = v;
    o->dtype = TL_DTYPE_INVALID;
    o->is_ptr = o->weak = o->folded = o->bound = false;
    o->elem = NULL;
    o->rank = 0;
    memset(o->dims, 0, sizeof o->dims);
    if (tl_value_is_lit(v)) {
        o->weak = true;
        o->dtype = literal_dtype(v);
        return;
    }
    if (!v.ir)
        return;
    const tcir_type *t = tcir_value_type(v.ir);
    o->dtype = v.dtype;
    o->is_ptr = v.is_ptr;
    o->elem = tcir_type_elem(t);
    o->rank = tcir_type_rank(t);
    const int64_t *dims = tcir_type_dims(t);
    for (int i = 0; i < o->rank; i++)
        o->dims[i] = dims[i];
}

lang_opnd lang_opnd_of(tl_builder *b, tl_value v)
{
    (void)b;
    lang_opnd o;
    lang_opnd_set(&o, &v);
    return o;
}

void lang_strong(lang_opnd *o)
{
    if (!o->weak)
        return;
    o->weak = false;
    lang_lit_retype(o, o->dtype); /* a float32 number is rounded to float32 here */
}

tl_value lang_lit_value(tl_site s, tl_builder *b, lang_opnd *o, const lang_opnd *like)
{
    tl_value lit;
    switch (o->v.lit) {
    case TL_LIT_FLOAT: lit = tl_lit_float(o->v.lit_val.f); break;
    case TL_LIT_BOOL: lit = tl_lit_bool(o->v.lit_val.i != 0); break;
    default:
        lit = o->dtype == TL_U64 && o->v.lit_val.i < 0 ? tl_lit_uint((uint64_t)o->v.lit_val.i)
                                                       : tl_lit_int(o->v.lit_val.i);
    }
    const tcir_type *elem = tl_dtype_ir(tl_builder_context(b), o->dtype);
    /* A value of the constant's element and shape has the constant's type: no interning. */
    bool like_typed = o->rank > 0 && like && !tl_value_is_lit(like->v) && like->v.ir && like->elem == elem &&
        o->rank == like->rank && lang_same_dims(o->rank, o->dims, like->dims);
    const tcir_type *shape = like_typed ? tcir_value_type(like->v.ir) : lang_shaped(b, elem, o->rank, o->dims);
    tl_const_origin origin = o->folded ? TL_CONST_FOLDED : o->bound ? TL_CONST_LOOP_BOUND : TL_CONST_DIRECT;
    tl_value r = tl_materialize_as_at(s, b, lit, o->dtype, shape, origin);
    if (tl_value_is_poison(r))
        return r;
    r.dtype = o->dtype;
    r.is_ptr = false;
    o->v = r;
    o->elem = elem;
    o->weak = false;
    return r;
}

/* ---- promotion --------------------------------------------------------------------------- */

tl_dtype lang_integer_promote(tl_dtype a, tl_dtype c)
{
    unsigned ra = tl_dtype_bits(a), rc = tl_dtype_bits(c);
    bool ua = lang_is_unsigned(a), uc = lang_is_unsigned(c);
    if (ua == uc)
        return ra > rc ? a : c;
    if (ua)
        return ra >= rc ? a : c;
    return rc >= ra ? c : a;
}

/* bool < integer < floating, as dtype.kind() orders them */
static int kind(tl_dtype d) { return d == TL_I1 ? 0 : tl_dtype_is_float(d) ? 2 : 1; }

/* Python's computation_type_impl; false (error recorded) when the types do not combine.
 * Static, for its one caller: inlined there, no copy of the site per binary op. */
static bool computation_type(tl_site s, tl_builder *b, tl_dtype a, bool a_weak, tl_dtype c, bool c_weak,
                             bool div_or_mod, tl_dtype *out)
{
    /* One dtype on both sides, the common case: the rules below give it back, weak or not,
     * but for / and % of halves, which compute in fp32. */
    if (a == c && (tl_dtype_is_int(a) || tl_dtype_is_float(a))) {
        *out = div_or_mod && (a == TL_F16 || a == TL_BF16) ? TL_F32 : a;
        return true;
    }
    /* A number of a lower or equal kind than the other operand takes its type. */
    if (a_weak != c_weak) {
        tl_dtype num = a_weak ? a : c, other = a_weak ? c : a;
        if (kind(num) <= kind(other)) {
            *out = div_or_mod && (other == TL_F16 || other == TL_BF16) ? TL_F32 : other;
            return true;
        }
    }
    if (a == TL_F64 || c == TL_F64)
        *out = TL_F64;
    else if (a == TL_F32 || c == TL_F32)
        *out = TL_F32;
    else if (a == TL_F16 || c == TL_F16)
        *out = div_or_mod ? TL_F32 : TL_F16;
    else if (a == TL_BF16 && c == TL_BF16)
        *out = div_or_mod ? TL_F32 : TL_BF16;
    else if (a == TL_BF16 || c == TL_BF16)
        *out = TL_F32;
    else if (tl_dtype_is_fp8(a) && tl_dtype_is_fp8(c))
        *out = a == c ? a : TL_F16;
    else if (!tl_dtype_is_int(a) || !tl_dtype_is_int(c)) {
        tl_builder_fail(b, s, "unexpected types %s and %s", tl_dtype_name(a), tl_dtype_name(c));
        return false;
    } else if (div_or_mod && lang_is_unsigned(a) != lang_is_unsigned(c)) {
        tl_builder_fail(b, s,
                        "cannot use /, // or %% with %s and %s because they have different signedness; "
                        "cast them to the same signedness",
                        tl_dtype_name(a), tl_dtype_name(c));
        return false;
    } else
        *out = lang_integer_promote(a, c);
    return true;
}

/* ---- binary operands --------------------------------------------------------------------- */

static bool incompatible(tl_site s, tl_builder *b, const lang_opnd *a, const lang_opnd *c)
{
    char x[LANG_STR], y[LANG_STR];
    tl_builder_fail(b, s, "invalid operands of type %s and %s", lang_elem_str(a, x, sizeof x),
                    lang_elem_str(c, y, sizeof y));
    return false;
}

/* check_ptr_type_impl: a pointer only where allowed, never with a float or another pointee. */
static bool check_ptr(tl_site s, tl_builder *b, const lang_opnd *a, const lang_opnd *c, bool allow)
{
    if (!a->is_ptr)
        return true;
    if (!allow)
        return incompatible(s, b, a, c);
    if (c->is_ptr && (a->dtype != c->dtype || a->elem != c->elem))
        return incompatible(s, b, a, c);
    if (!c->is_ptr && tl_dtype_is_float(c->dtype))
        return incompatible(s, b, a, c);
    return true;
}

static bool lit_negative(const lang_opnd *o)
{
    if (o->v.lit == TL_LIT_FLOAT)
        return o->v.lit_val.f < 0;
    return o->dtype != TL_U64 && o->v.lit_val.i < 0;
}

bool lang_lit_fits(const lang_opnd *o, tl_dtype dt)
{
    if (o->dtype == TL_U64) /* a number past INT64_MAX */
        return dt == TL_U64;
    int64_t v = lang_lit_i(o);
    unsigned bits = tl_dtype_bits(dt);
    if (lang_is_unsigned(dt))
        return v >= 0 && (bits >= 64 || v <= (int64_t)((UINT64_C(1) << bits) - 1));
    if (bits >= 64)
        return true;
    int64_t hi = ((int64_t)1 << (bits - 1)) - 1;
    return v >= -hi - 1 && v <= hi;
}

static bool check_literal(tl_site s, tl_builder *b, const lang_opnd *o, tl_dtype ret)
{
    if (!tl_dtype_is_int(ret) || o->v.lit == TL_LIT_FLOAT)
        return true;
    if (lang_lit_fits(o, ret))
        return true;
    if (o->dtype == TL_U64)
        tl_builder_fail(b, s, "scalar %llu is out of range for type %s", (unsigned long long)o->v.lit_val.i,
                        tl_dtype_name(ret));
    else
        tl_builder_fail(b, s, "scalar %lld is out of range for type %s", (long long)lang_lit_i(o), tl_dtype_name(ret));
    return false;
}

bool lang_binary_operands(tl_site s, tl_builder *b, lang_opnd *l, lang_opnd *r, unsigned flags)
{
    bool lw = l->weak, rw = r->weak;
    if (!check_ptr(s, b, l, r, flags & LANG_LHS_PTR) || !check_ptr(s, b, r, l, flags & LANG_RHS_PTR))
        return false;
    if ((flags & LANG_NO_ARITH) || l->is_ptr || r->is_ptr) {
        lang_strong(l);
        lang_strong(r);
        return lang_broadcast_pair(s, b, l, r);
    }
    l->weak = r->weak = false;

    tl_dtype ret;
    if (!computation_type(s, b, l->dtype, lw, r->dtype, rw, flags & LANG_DIV_MOD, &ret))
        return false;
    if (lang_is_unsigned(ret) && ((lw && lit_negative(l)) || (rw && lit_negative(r)))) {
        tl_builder_fail(b, s,
                        "cannot perform a binary operation between an unsigned tensor and a negative "
                        "scalar; cast one of them explicitly");
        return false;
    }
    if ((lw && !check_literal(s, b, l, ret)) || (rw && !check_literal(s, b, r, ret)))
        return false;
    if (lw)
        lang_lit_retype(l, ret);
    else if (!lang_cast(s, b, l, ret, TL_ROUND_DEFAULT))
        return false;
    if (rw)
        lang_lit_retype(r, ret);
    else if (!lang_cast(s, b, r, ret, TL_ROUND_DEFAULT))
        return false;
    return lang_broadcast_pair(s, b, l, r);
}

/* ---- shapes ------------------------------------------------------------------------------ */

bool lang_check_shape(tl_site s, tl_builder *b, int rank, const int64_t *dims)
{
    if (rank < 0 || rank > TL_MAX_RANK) {
        tl_builder_fail(b, s, "rank %d is out of range (0 to %d)", rank, TL_MAX_RANK);
        return false;
    }
    int64_t numel = 1;
    for (int i = 0; i < rank; i++) {
        if (dims[i] < 1 || (dims[i] & (dims[i] - 1))) {
            tl_builder_fail(b, s, "shape element %d (%lld) must be a power of 2", i, (long long)dims[i]);
            return false;
        }
        if (dims[i] > TL_MAX_TENSOR_NUMEL || numel * dims[i] > TL_MAX_TENSOR_NUMEL) {
            char sh[LANG_STR];
            tl_builder_fail(b, s, "shape %s exceeds triton's maximum tensor numel (%d)",
                            lang_shape_str(rank, dims, sh, sizeof sh), TL_MAX_TENSOR_NUMEL);
            return false;
        }
        numel *= dims[i];
    }
    return true;
}

int64_t lang_numel(int rank, const int64_t *dims)
{
    int64_t n = 1;
    for (int i = 0; i < rank; i++) {
        if (dims[i] <= 0)
            return 0;
        if (n > INT64_MAX / dims[i])
            return INT64_MAX;
        n *= dims[i];
    }
    return n;
}

/* o becomes a value of the same dtype and the given shape through op `opc`. */
static bool reshape_value(tl_site s, tl_builder *b, lang_opnd *o, ir_opcode opc, int rank, const int64_t *dims,
                          int nattrs, const tcir_named_attr *attrs)
{
    if (tl_value_is_lit(o->v)) {
        o->rank = rank;
        memcpy(o->dims, dims, (size_t)rank * sizeof(int64_t));
        return true;
    }
    const tcir_type *rt = lang_shaped(b, o->elem, rank, dims);
    tl_value r = lang_emit(s, b, opc, 1, &o->v, rt, o->dtype, o->is_ptr, nattrs, attrs);
    if (tl_value_is_poison(r))
        return false;
    o->v = r;
    o->rank = rank;
    memcpy(o->dims, dims, (size_t)rank * sizeof(int64_t));
    return true;
}

bool lang_splat(tl_site s, tl_builder *b, lang_opnd *o, int rank, const int64_t *dims)
{
    if (rank == 0)
        return true;
    if (o->rank != 0) {
        char t[LANG_STR];
        tl_builder_fail(b, s, "cannot splat a tensor (%s)", lang_type_str(b, o, t, sizeof t));
        return false;
    }
    return reshape_value(s, b, o, TCIR_OPC_TT_SPLAT, rank, dims, 0, NULL);
}

bool lang_expand_dims(tl_site s, tl_builder *b, lang_opnd *o, int axis)
{
    if (o->rank + 1 > TL_MAX_RANK) {
        tl_builder_fail(b, s, "rank %d exceeds the maximum rank %d", o->rank + 1, TL_MAX_RANK);
        return false;
    }
    int64_t dims[TL_MAX_RANK];
    for (int i = 0, j = 0; i <= o->rank; i++)
        dims[i] = i == axis ? 1 : o->dims[j++];
    if (o->rank == 0)
        return lang_splat(s, b, o, 1, dims);
    tcir_context *ctx = tl_builder_context(b);
    tcir_named_attr a = lang_attr("axis", tcir_attr_int(ctx, axis, tcir_type_int(ctx, 32)));
    return reshape_value(s, b, o, TCIR_OPC_TT_EXPAND_DIMS, o->rank + 1, dims, 1, &a);
}

bool lang_broadcast_to(tl_site s, tl_builder *b, lang_opnd *o, int rank, const int64_t *dims)
{
    if (o->rank == 0)
        return lang_splat(s, b, o, rank, dims);
    char x[LANG_STR], y[LANG_STR];
    if (o->rank != rank) {
        tl_builder_fail(b, s, "cannot broadcast, rank mismatch: %s, %s", lang_shape_str(o->rank, o->dims, x, sizeof x),
                        lang_shape_str(rank, dims, y, sizeof y));
        return false;
    }
    if (memcmp(o->dims, dims, (size_t)rank * sizeof(int64_t)) == 0)
        return true;
    for (int i = 0; i < rank; i++)
        if (dims[i] != o->dims[i] && o->dims[i] != 1) {
            tl_builder_fail(b, s,
                            "cannot broadcast, the expanded size of the tensor (%lld) must match the existing "
                            "size (%lld) at non-singleton dimension %d: %s, %s",
                            (long long)dims[i], (long long)o->dims[i], i, lang_shape_str(o->rank, o->dims, x, sizeof x),
                            lang_shape_str(rank, dims, y, sizeof y));
            return false;
        }
    return reshape_value(s, b, o, TCIR_OPC_TT_BROADCAST, rank, dims, 0, NULL);
}

bool lang_broadcast_pair(tl_site s, tl_builder *b, lang_opnd *l, lang_opnd *r)
{
    if (l->rank > 0 && r->rank == 0)
        return lang_splat(s, b, r, l->rank, l->dims);
    if (l->rank == 0 && r->rank > 0)
        return lang_splat(s, b, l, r->rank, r->dims);
    if (l->rank == 0)
        return true;

    /* Check first (shapes aligned on the right), then emit: expand_dims on the shorter side,
     * then one broadcast per side that differs from the result. */
    int rank = l->rank > r->rank ? l->rank : r->rank;
    int64_t ret[TL_MAX_RANK];
    bool l_full = true, r_full = true; /* of the result's shape once expanded: no tt.broadcast */
    for (int i = 0; i < rank; i++) {
        int li = i - (rank - l->rank), ri = i - (rank - r->rank);
        int64_t a = li >= 0 ? l->dims[li] : 1, c = ri >= 0 ? r->dims[ri] : 1;
        if (a != 1 && c != 1 && a != c) {
            char x[LANG_STR], y[LANG_STR];
            tl_builder_fail(b, s, "cannot broadcast %s with %s: incompatible dimensions at index %d: %lld and %lld",
                            lang_type_str(b, l, x, sizeof x), lang_type_str(b, r, y, sizeof y), i, (long long)a,
                            (long long)c);
            return false;
        }
        ret[i] = a == 1 ? c : a;
        l_full = l_full && a == ret[i];
        r_full = r_full && c == ret[i];
    }
    if (lang_numel(rank, ret) > TL_MAX_TENSOR_NUMEL) { /* [N, 1] with [1, N]: each fits, not both */
        char sh[LANG_STR];
        tl_builder_fail(b, s, "shape %s exceeds triton's maximum tensor numel (%d)",
                        lang_shape_str(rank, ret, sh, sizeof sh), TL_MAX_TENSOR_NUMEL);
        return false;
    }
    while (l->rank < rank)
        if (!lang_expand_dims(s, b, l, 0))
            return false;
    while (r->rank < rank)
        if (!lang_expand_dims(s, b, r, 0))
            return false;
    if (!l_full && !reshape_value(s, b, l, TCIR_OPC_TT_BROADCAST, rank, ret, 0, NULL))
        return false;
    if (!r_full && !reshape_value(s, b, r, TCIR_OPC_TT_BROADCAST, rank, ret, 0, NULL))
        return false;
    return true;
}
