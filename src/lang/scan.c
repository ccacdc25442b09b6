/* Scans: tl.cumsum, tl.cumprod and the custom tl.associative_scan (tl_scan), all one tt.scan
 * built by lang_reduce_op (reduce.c). */
#include "lang/reduce_internal.h"

static tl_value scan1(tl_site s, tl_builder *b, lang_opnd *in, int axis, bool reverse, tl_binop op)
{
    tl_value v = lang_value(s, b, in), r = TL_POISON;
    if (tl_value_is_poison(v) || !lang_reduce_op(s, b, true, 1, &v, axis, false, reverse, lang_combine_binop, &op, &r))
        return TL_POISON;
    return r;
}

/* standard.cumsum: bfloat16 widens to float32, then integers narrower than 32 bits to int32 /
 * uint32 unless dtype is given (then the input is cast to it). */
tl_value tl_cumsum_at(tl_site s, tl_value x, int axis, tl_cumsum_opts o)
{
    lang_opnd in;
    tl_builder *b = lang_reduce_input(s, x, "scan", &in);
    if (!b)
        return TL_POISON;
    if (o.dtype != TL_DTYPE_INVALID && !tl_dtype_ir(tl_builder_context(b), o.dtype))
        return tl_builder_fail(b, s, "invalid dtype %d", (int)o.dtype);
    tl_builder_helper_begin(b);
    bool ok = in.dtype != TL_BF16 || lang_cast(s, b, &in, TL_F32, TL_ROUND_DEFAULT);
    tl_dtype dt = o.dtype;
    if (dt == TL_DTYPE_INVALID && tl_dtype_is_int(in.dtype) && tl_dtype_bits(in.dtype) < 32)
        dt = lang_is_signed(in.dtype) ? TL_I32 : TL_U32;
    if (ok && dt != TL_DTYPE_INVALID)
        ok = lang_cast(s, b, &in, dt, TL_ROUND_DEFAULT);
    tl_value r = ok ? scan1(s, b, &in, axis, o.reverse, TL_OP_ADD) : TL_POISON;
    tl_builder_helper_end(b);
    return r;
}

/* standard.cumprod: bfloat16 widens to float32; nothing else changes. */
tl_value tl_cumprod_at(tl_site s, tl_value x, int axis, tl_scan_opts o)
{
    lang_opnd in;
    tl_builder *b = lang_reduce_input(s, x, "scan", &in);
    if (!b)
        return TL_POISON;
    tl_builder_helper_begin(b);
    bool ok = in.dtype != TL_BF16 || lang_cast(s, b, &in, TL_F32, TL_ROUND_DEFAULT);
    tl_value r = ok ? scan1(s, b, &in, axis, o.reverse, TL_OP_MUL) : TL_POISON;
    tl_builder_helper_end(b);
    return r;
}

tl_values tl_scan_at(tl_site s, tl_values values, int axis, tl_combine_fn combine, void *ctx, tl_scan_opts o)
{
    tl_builder *b = lang_custom_inputs(s, values, combine, "tl_scan");
    if (!b)
        return lang_poison_values(values.n);
    tl_value *res = tcir_alloc(tl_builder_context(b), sizeof(tl_value) * (size_t)values.n);
    lang_user_combine u = {combine, ctx};
    if (!res || !lang_reduce_op(s, b, true, values.n, values.v, axis, false, o.reverse, lang_combine_user, &u, res))
        return lang_poison_values(values.n);
    return (tl_values){values.n, res};
}
