/* Matrix products: tl.dot (core.dot, then semantic.dot) and tl.dot_scaled (semantic.dot_scaled),
 * for an NVIDIA target as Triton 3.6 sets it up on sm90: default input precision tf32, any of
 * tf32 / tf32x3 / ieee / bf16x3 / bf16x6 allowed, min_dot_size K >= 16 (32 for 8-bit inputs),
 * max_num_imprecise_acc 2^30 for fp8 x fp8 by default, and float8e4b15 operands (deprecated
 * there) upcast to float16. */
#include <stdio.h>
#include <string.h>

#include "lang/lang_internal.h"
#include "tritonc/tensor.h"

enum { MAX_IMPRECISE_ACC_SM90 = 1 << 30 };

/* The enum attributes of tt.dot and tt.dot_scaled (Triton 3.6's TritonAttrDefs.td: I32EnumAttr
 * InputPrecision and ScaleDotElemType): the keyword their pretty form prints, the integer the
 * generic form prints. */
typedef struct dot_enum_case {
    const char *keyword, *generic;
} dot_enum_case;

static const dot_enum_case precisions[] = {
    [TL_PRECISION_TF32] = {"tf32", "0 : i32"},     [TL_PRECISION_TF32X3] = {"tf32x3", "1 : i32"},
    [TL_PRECISION_IEEE] = {"ieee", "2 : i32"},     [TL_PRECISION_BF16X3] = {"bf16x3", "3 : i32"},
    [TL_PRECISION_BF16X6] = {"bf16x6", "4 : i32"},
};

static const dot_enum_case scale_formats[] = {
    {"e4m3", "0 : i32"}, {"e5m2", "1 : i32"}, {"e2m3", "2 : i32"}, {"e3m2", "3 : i32"},
    {"e2m1", "4 : i32"}, {"bf16", "5 : i32"}, {"fp16", "6 : i32"},
};

/* The operand of a value argument; false (error recorded) unless it is a tensor. */
static bool dot_operand(tl_site s, tl_builder *b, tl_value v, const char *what, lang_opnd *o)
{
    lang_opnd_set(o, &v);
    if (tl_value_is_lit(v)) {
        tl_builder_fail(b, s, "%s must be a tensor, not a number", what);
        return false;
    }
    if (o->rank > 0)
        return true;
    char t[LANG_STR];
    tl_builder_fail(b, s, "%s must be a tensor, not the scalar %s", what, lang_type_str(b, o, t, sizeof t));
    return false;
}

/* One accumulator out of the positional and the keyword form. */
static bool pick_acc(tl_site s, tl_builder *b, tl_value positional, tl_value keyword, tl_value *acc)
{
    bool p = !lang_absent(positional), k = !lang_absent(keyword);
    if (p && k) {
        tl_builder_fail(b, s, "got multiple values for argument 'acc'");
        return false;
    }
    *acc = p ? positional : keyword;
    return true;
}

/* tt.reshape (no reorder) of a value operand to the given shape. */
static bool reshape_to(tl_site s, tl_builder *b, lang_opnd *o, int rank, const int64_t *dims)
{
    tl_shape shape = {.rank = rank};
    memcpy(shape.dims, dims, (size_t)rank * sizeof(int64_t));
    tl_value r = tl_reshape_at(s, o->v, shape, (tl_reshape_opts){.can_reorder = false});
    if (tl_value_is_poison(r))
        return false;
    *o = lang_opnd_of(b, r);
    return true;
}

/* A dense zero of `type` (Python splats a zero scalar of the element type: folded at once). */
static tl_value zeros(tl_site s, tl_builder *b, tl_dtype dt, const tcir_type *type)
{
    tl_value zero = tl_dtype_is_float(dt) ? tl_lit_float(0.0) : tl_lit_int(0);
    zero.dtype = dt; /* made as a constant of dt itself (builder.get_fp16(0)...), not cast to it */
    return tl_materialize_at(s, b, zero, dt, type);
}

/* ---- tl.dot ---------------------------------------------------------------------------------- */

static bool dot_input_dtype(tl_dtype d)
{
    return d == TL_I8 || d == TL_U8 || d == TL_F16 || d == TL_BF16 || d == TL_F32 || d == TL_F64;
}

/* semantic.dot's operand rules (the dtypes as Python checks them, before any upcast). */
static bool check_dot_dtypes(tl_site s, tl_builder *b, const lang_opnd *l, const lang_opnd *r)
{
    char x[LANG_STR], y[LANG_STR];
    if (!l->is_ptr && !r->is_ptr && tl_dtype_is_fp8(l->dtype) && tl_dtype_is_fp8(r->dtype))
        return true; /* any two fp8 kinds */
    if (l->is_ptr || !dot_input_dtype(l->dtype)) {
        tl_builder_fail(b, s, "Unsupported lhs dtype %s", lang_elem_str(l, x, sizeof x));
        return false;
    }
    if (r->is_ptr || !dot_input_dtype(r->dtype)) {
        tl_builder_fail(b, s, "Unsupported rhs dtype %s", lang_elem_str(r, y, sizeof y));
        return false;
    }
    if (l->dtype != r->dtype) {
        tl_builder_fail(b, s, "Both operands must be same dtype. Got %s and %s", lang_elem_str(l, x, sizeof x),
                        lang_elem_str(r, y, sizeof y));
        return false;
    }
    return true;
}

/* core.dot's shape checks: input, other and acc shapes. c_shape gets the result's shape. */
static bool check_dot_shapes(tl_site s, tl_builder *b, const lang_opnd *l, const lang_opnd *r, const lang_opnd *acc,
                             int64_t *c_shape)
{
    char x[LANG_STR], y[LANG_STR];
    int rank = l->rank;
    if (rank != r->rank || rank < 2) {
        tl_builder_fail(b, s, "input and other must have equal ranks >= 2, got %s and %s",
                        lang_type_str(b, l, x, sizeof x), lang_type_str(b, r, y, sizeof y));
        return false;
    }
    if (!lang_same_dims(rank - 2, l->dims, r->dims)) {
        tl_builder_fail(b, s, "input and other must have equal batch shapes, got %s and %s",
                        lang_type_str(b, l, x, sizeof x), lang_type_str(b, r, y, sizeof y));
        return false;
    }
    if (l->dims[rank - 1] != r->dims[rank - 2]) {
        tl_builder_fail(b, s, "input and other must have equal reduction dimensions, got %s and %s",
                        lang_type_str(b, l, x, sizeof x), lang_type_str(b, r, y, sizeof y));
        return false;
    }
    memcpy(c_shape, l->dims, (size_t)(rank - 1) * sizeof(int64_t));
    c_shape[rank - 1] = r->dims[rank - 1];
    if (!lang_check_shape(s, b, rank, c_shape))
        return false;
    if (acc && (acc->rank != rank || !lang_same_dims(rank, acc->dims, c_shape))) {
        char want[LANG_STR];
        tl_builder_fail(b, s, "accumulator shape is incompatible: %s, expected %s", lang_type_str(b, acc, x, sizeof x),
                        lang_shape_str(rank, c_shape, want, sizeof want));
        return false;
    }
    return true;
}

/* semantic.dot's result element: from the inputs and out_dtype. */
static bool dot_result_dtype(tl_site s, tl_builder *b, tl_dtype in, tl_dtype out_dtype, tl_dtype *ret)
{
    if (tl_dtype_is_int(in)) {
        if (in != TL_I8) {
            tl_builder_fail(b, s, "only int8 supported!");
            return false;
        }
        *ret = TL_I32;
    } else if (out_dtype == TL_BF16) {
        tl_builder_fail(b, s,
                        "out_dtype=bfloat16 is unsupported. Please use out_dtype=float32/float16 and cast with "
                        "`.to(tl.bfloat16)`");
        return false;
    } else if (in == TL_F32 || in == TL_BF16) {
        *ret = TL_F32;
    } else if (in == TL_F64) {
        *ret = TL_F64;
    } else {
        *ret = out_dtype; /* float16 and fp8 */
    }
    return true;
}

static const tcir_attr *precision_attr(tl_site s, tl_builder *b, tl_input_precision p)
{
    if (p == TL_PRECISION_DEFAULT)
        p = TL_PRECISION_TF32; /* CUDAOptions.default_dot_input_precision */
    if ((int)p < TL_PRECISION_TF32 || (int)p > TL_PRECISION_BF16X6) {
        tl_builder_fail(b, s, "input_precision must be one of ('tf32', 'tf32x3', 'ieee', 'bf16x3', 'bf16x6'). Got %d",
                        (int)p);
        return NULL;
    }
    return tcir_attr_enum(tl_builder_context(b), precisions[p].keyword, precisions[p].generic);
}

/* semantic.dot on rank-2 or rank-3 operands (acc NULL when not given). */
static tl_value semantic_dot(tl_site s, tl_builder *b, lang_opnd l, lang_opnd r, const lang_opnd *acc,
                             const tl_dot_args *a)
{
    tl_dtype out_dtype = a->out_dtype == TL_DTYPE_INVALID ? TL_F32 : a->out_dtype;
    if (!check_dot_dtypes(s, b, &l, &r))
        return TL_POISON;
    /* No float8e4b15 in MLIR's dot: Python upcasts both operands. */
    if ((l.dtype == TL_FP8E4B15 || r.dtype == TL_FP8E4B15) &&
        (!lang_cast(s, b, &l, TL_F16, TL_ROUND_DEFAULT) || !lang_cast(s, b, &r, TL_F16, TL_ROUND_DEFAULT)))
        return TL_POISON;
    const tcir_attr *precision = precision_attr(s, b, a->input_precision);
    if (!precision)
        return TL_POISON;
    int rank = l.rank;
    int64_t m = l.dims[rank - 2], n = r.dims[rank - 1], k = l.dims[rank - 1];
    int64_t min_k = tl_dtype_bits(l.dtype) == 8 ? 32 : 16; /* min_dot_size: (1, 1, 16) or (1, 1, 32) */
    if (k < min_k)
        return tl_builder_fail(b, s, "Input shapes should have M >= 1, N >= 1 and K >= %lld (got K = %lld)",
                               (long long)min_k, (long long)k);
    tl_dtype ret;
    if (!dot_result_dtype(s, b, l.dtype, out_dtype, &ret))
        return TL_POISON;
    int64_t shape[3] = {l.dims[0], m, n};
    if (rank == 2) {
        shape[0] = m;
        shape[1] = n;
    }
    tcir_context *ctx = tl_builder_context(b);
    tl_value c;
    if (!acc) {
        /* Python splats a float16 or float32 zero here: another out_dtype makes invalid IR. */
        if ((l.dtype == TL_F16 || tl_dtype_is_fp8(l.dtype)) && ret != TL_F16 && ret != TL_F32)
            return tl_builder_fail(b, s, "out_dtype %s is unsupported for %s inputs without an accumulator",
                                   tl_dtype_name(ret), tl_dtype_name(l.dtype));
        const tcir_type *elem = tl_dtype_ir(ctx, ret);
        c = zeros(s, b, ret, lang_shaped(b, elem, rank, shape));
        if (tl_value_is_poison(c))
            return c;
    } else {
        if (acc->is_ptr || acc->dtype != out_dtype) {
            char x[LANG_STR];
            return tl_builder_fail(b, s, "accumulator element type %s does not match out_dtype %s",
                                   lang_elem_str(acc, x, sizeof x), tl_dtype_name(out_dtype));
        }
        c = acc->v;
    }
    bool fp8 = tl_dtype_is_fp8(l.dtype) && tl_dtype_is_fp8(r.dtype);
    long long imprecise = a->max_num_imprecise_acc;
    if (imprecise == 0)
        imprecise = fp8 ? MAX_IMPRECISE_ACC_SM90 : 0;
    else if (imprecise == TL_MAX_NUM_IMPRECISE_ACC_ZERO)
        imprecise = 0;
    else if (fp8 && imprecise > k)
        return tl_builder_fail(b, s, "max_num_imprecise_acc (%lld) must be <= K (%lld)", imprecise, (long long)k);
    tcir_named_attr attrs[2] = {
        lang_attr("inputPrecision", precision),
        lang_attr("maxNumImpreciseAcc", tcir_attr_int(ctx, imprecise, tcir_type_int(ctx, 32))),
    };
    tl_value ops[3] = {l.v, r.v, c};
    const tcir_type *rt = tcir_value_type(c.ir);
    tl_dtype rdt = acc ? acc->dtype : ret;
    return lang_emit(s, b, TCIR_OPC_TT_DOT, 3, ops, rt, rdt, false, 2, attrs);
}

tl_value tl_dot_at(tl_site s, tl_dot_args a)
{
    tl_value in[3] = {a.input, a.other, {0}};
    static const char *const names[] = {"input", "other", "acc"};
    tl_builder *b = lang_builder(s, NULL, 2, in, names);
    tl_value accv;
    if (!b || !pick_acc(s, b, a.acc_positional, a.acc, &accv))
        return TL_POISON;
    bool has_acc = !lang_absent(accv);
    in[2] = accv;
    if (has_acc && !lang_builder(s, b, 3, in, names))
        return TL_POISON;
    if (!lang_absent(a.acc))
        tl_order_keywords_first_at(s, b, 2, in, 1, in + 2);
    if (a.out_dtype < TL_DTYPE_INVALID || a.out_dtype >= TL_DTYPE_COUNT)
        return tl_builder_fail(b, s, "invalid dtype %d", (int)a.out_dtype);
    /* allow_tf32, the deprecated spelling: None keeps the default, True is tf32, False ieee */
    if ((int)a.allow_tf32 < TL_ALLOW_TF32_DEFAULT || (int)a.allow_tf32 > TL_ALLOW_TF32_FALSE)
        return tl_builder_fail(b, s, "invalid allow_tf32 %d", (int)a.allow_tf32);
    if (a.allow_tf32 != TL_ALLOW_TF32_DEFAULT && a.input_precision != TL_PRECISION_DEFAULT)
        return tl_builder_fail(b, s, "Only one of input_precision and allow_tf32 can be specified");
    if (a.allow_tf32 == TL_ALLOW_TF32_FALSE)
        a.input_precision = TL_PRECISION_IEEE;
    lang_opnd l, r, c = {0};
    if (!dot_operand(s, b, a.input, "input", &l) || !dot_operand(s, b, a.other, "other", &r) ||
        (has_acc && !dot_operand(s, b, accv, "acc", &c)))
        return TL_POISON;
    int64_t c_shape[TL_MAX_RANK];
    if (!check_dot_shapes(s, b, &l, &r, has_acc ? &c : NULL, c_shape))
        return TL_POISON;
    /* Rank 4 and more: the batch dimensions flattened into one, and the result unflattened. */
    int rank = l.rank;
    if (rank >= 4) {
        int64_t batch = 1, d[3];
        for (int i = 0; i < rank - 2; i++)
            batch *= c_shape[i];
        d[0] = batch;
        d[1] = l.dims[rank - 2];
        d[2] = l.dims[rank - 1];
        if (!reshape_to(s, b, &l, 3, d))
            return TL_POISON;
        d[1] = r.dims[rank - 2];
        d[2] = r.dims[rank - 1];
        if (!reshape_to(s, b, &r, 3, d))
            return TL_POISON;
        d[1] = c_shape[rank - 2];
        d[2] = c_shape[rank - 1];
        if (has_acc && !reshape_to(s, b, &c, 3, d))
            return TL_POISON;
    }
    tl_value res = semantic_dot(s, b, l, r, has_acc ? &c : NULL, &a);
    if (tl_value_is_poison(res) || rank < 4)
        return res;
    tl_shape back = {.rank = rank};
    memcpy(back.dims, c_shape, (size_t)rank * sizeof(int64_t));
    return tl_reshape_at(s, res, back, (tl_reshape_opts){.can_reorder = false});
}

/* ---- tl.dot_scaled ---------------------------------------------------------------------------- */

static const char *const allowed_formats[] = {"e2m1", "e4m3", "e5m2", "bf16", "fp16"};

/* semantic._str_to_fp_type, then the NYI check: the format's enum attribute, or NULL. */
static const tcir_attr *format_attr(tl_site s, tl_builder *b, const char *fmt, const char *side)
{
    if (!fmt) {
        tl_builder_fail(b, s, "Invalid float format: None.");
        return NULL;
    }
    const dot_enum_case *found = NULL;
    for (size_t i = 0; i < sizeof scale_formats / sizeof scale_formats[0] && !found; i++) {
        const char *k = scale_formats[i].keyword;
        size_t j = 0;
        while (k[j] && fmt[j] && (fmt[j] == k[j] || fmt[j] == k[j] - ('a' - 'A')))
            j++;
        if (!k[j] && !fmt[j])
            found = &scale_formats[i];
    }
    if (!found) {
        tl_builder_fail(b, s, "Invalid float format: %s.", fmt);
        return NULL;
    }
    bool allowed = false;
    for (size_t i = 0; i < sizeof allowed_formats / sizeof allowed_formats[0]; i++)
        allowed = allowed || strcmp(fmt, allowed_formats[i]) == 0;
    if (!allowed) {
        tl_builder_fail(b, s, "NYI: %s_format %s", side, fmt);
        return NULL;
    }
    return tcir_attr_enum(tl_builder_context(b), found->keyword, found->generic);
}

/* semantic._bitcast_to_fp_type: the operand as its format's element type (e2m1 stays uint8). */
static bool to_format(tl_site s, tl_builder *b, lang_opnd *o, const char *fmt)
{
    static const struct {
        const char *fmt;
        tl_dtype dt, packed;
    } kinds[] = {
        {"e5m2", TL_FP8E5, TL_U8}, {"e4m3", TL_FP8E4NV, TL_U8}, {"bf16", TL_BF16, TL_U16}, {"fp16", TL_F16, TL_U16}};
    char t[LANG_STR];
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        if (strcmp(fmt, kinds[i].fmt) != 0)
            continue;
        if (!o->is_ptr && o->dtype == kinds[i].dt)
            return true;
        if (o->is_ptr || o->dtype != kinds[i].packed) {
            tl_builder_fail(b, s, "Unexpected dtype for %s. Got %s", fmt, lang_elem_str(o, t, sizeof t));
            return false;
        }
        tl_value r = tl_to_at(s, o->v, kinds[i].dt, (tl_cast_opts){.bitcast = true});
        if (tl_value_is_poison(r))
            return false;
        lang_opnd_set(o, &r);
        return true;
    }
    if (o->is_ptr || o->dtype != TL_U8) { /* e2m1 */
        tl_builder_fail(b, s, "e2m1 format must be packed as uint8. Got %s", lang_elem_str(o, t, sizeof t));
        return false;
    }
    return true;
}

/* semantic.verify_scaled_shape for one side: a scale of shape [rows, K / 16 or 32]. */
static bool check_scale(tl_site s, tl_builder *b, const lang_opnd *scale, const char *side, int64_t rows, int64_t k)
{
    char t[LANG_STR];
    if (scale->is_ptr || !(scale->dtype == TL_U8 || scale->dtype == TL_I8 || scale->dtype == TL_FP8E4NV)) {
        tl_builder_fail(b, s, "%s_scale must be a uint8 (e8m0) or float8e4nv tensor, got %s", side,
                        lang_type_str(b, scale, t, sizeof t));
        return false;
    }
    int64_t factor = scale->dtype == TL_FP8E4NV ? 16 : 32;
    int64_t want[2] = {rows, k / factor};
    if (scale->rank != 2 || !lang_same_dims(2, scale->dims, want)) {
        tl_builder_fail(b, s, "%s_scale must be a tensor of shape [%lld, %lld]. Got %s", side, (long long)want[0],
                        (long long)want[1], lang_shape_str(scale->rank, scale->dims, t, sizeof t));
        return false;
    }
    return true;
}

static bool k_pack_of(tl_site s, tl_builder *b, tl_k_pack p, bool *out)
{
    if ((int)p < TL_K_PACK_DEFAULT || (int)p > TL_K_PACK_FALSE) {
        tl_builder_fail(b, s, "invalid k_pack %d", (int)p);
        return false;
    }
    *out = p != TL_K_PACK_FALSE;
    return true;
}

tl_value tl_dot_scaled_at(tl_site s, tl_dot_scaled_args a)
{
    tl_value in[5] = {a.lhs, a.rhs, a.lhs_scale, a.rhs_scale, {0}};
    static const char *const names[] = {"lhs", "rhs", "lhs_scale", "rhs_scale", "acc"};
    tl_builder *b = lang_builder(s, NULL, 2, in, names);
    tl_value accv;
    if (!b || !pick_acc(s, b, a.acc_positional, a.acc, &accv))
        return TL_POISON;
    in[4] = accv;
    bool has_ls = !lang_absent(a.lhs_scale), has_rs = !lang_absent(a.rhs_scale), has_acc = !lang_absent(accv);
    for (int i = 2; i < 5; i++)
        if (!lang_absent(in[i]) && !lang_builder(s, b, 1, &in[i], &names[i]))
            return TL_POISON;
    if (!lang_absent(a.acc))
        tl_order_keywords_first_at(s, b, 4, in, 1, in + 4);
    if (a.out_dtype != TL_DTYPE_INVALID && a.out_dtype != TL_F32)
        return tl_builder_fail(b, s, "Only float32 is supported for out_dtype at the moment");
    bool lhs_k_pack, rhs_k_pack;
    if (!k_pack_of(s, b, a.lhs_k_pack, &lhs_k_pack) || !k_pack_of(s, b, a.rhs_k_pack, &rhs_k_pack))
        return TL_POISON;
    lang_opnd l, r, ls = {0}, rs = {0}, c = {0};
    if (!dot_operand(s, b, a.lhs, "lhs", &l) || !dot_operand(s, b, a.rhs, "rhs", &r) ||
        (has_ls && !dot_operand(s, b, a.lhs_scale, "lhs_scale", &ls)) ||
        (has_rs && !dot_operand(s, b, a.rhs_scale, "rhs_scale", &rs)) ||
        (has_acc && !dot_operand(s, b, accv, "acc", &c)))
        return TL_POISON;
    char x[LANG_STR], y[LANG_STR];
    int rank = l.rank;
    if (!((rank == 2 || rank == 3) && r.rank == rank))
        return tl_builder_fail(b, s, "Both inputs must be either 2D or 3D; (lhs: %s vs rhs: %s)",
                               lang_shape_str(l.rank, l.dims, x, sizeof x),
                               lang_shape_str(r.rank, r.dims, y, sizeof y));
    const tcir_attr *lf = format_attr(s, b, a.lhs_format, "lhs");
    const tcir_attr *rf = lf ? format_attr(s, b, a.rhs_format, "rhs") : NULL;
    if (!lf || !rf || !to_format(s, b, &l, a.lhs_format) || !to_format(s, b, &r, a.rhs_format))
        return TL_POISON;
    bool l_fp4 = strcmp(a.lhs_format, "e2m1") == 0, r_fp4 = strcmp(a.rhs_format, "e2m1") == 0;
    if ((!lhs_k_pack && !l_fp4) || (!rhs_k_pack && !r_fp4))
        return tl_builder_fail(b, s, "only mxfp4 inputs can be packed along a dimension different than K");
    int64_t m = l.dims[rank - 2], k_lhs = l.dims[rank - 1], k_rhs = r.dims[rank - 2], n = r.dims[rank - 1];
    int64_t packed_a = l_fp4 ? 2 : 1, packed_b = r_fp4 ? 2 : 1;
    if ((lhs_k_pack ? packed_a * k_lhs : k_lhs) != (rhs_k_pack ? packed_b * k_rhs : k_rhs))
        return tl_builder_fail(
            b, s, "Reduction dimension should pack the same number of elements; (lhs: %s vs rhs: %s)",
            lang_shape_str(l.rank, l.dims, x, sizeof x), lang_shape_str(r.rank, r.dims, y, sizeof y));
    int64_t k = k_lhs;
    if (!lhs_k_pack)
        m *= packed_a;
    else
        k *= packed_a;
    if (!rhs_k_pack)
        n *= packed_b;
    int64_t shape[3] = {l.dims[0], m, n};
    if (rank == 2) {
        shape[0] = m;
        shape[1] = n;
    }
    if (!lang_check_shape(s, b, rank, shape))
        return TL_POISON;
    tcir_context *ctx = tl_builder_context(b);
    const tcir_type *f32 = tl_dtype_ir(ctx, TL_F32), *rt = lang_shaped(b, f32, rank, shape);
    tl_value cv;
    if (!has_acc) {
        cv = zeros(s, b, TL_F32, rt);
        if (tl_value_is_poison(cv))
            return cv;
    } else {
        if (c.rank != rank || !lang_same_dims(rank, c.dims, shape) || c.is_ptr || c.dtype != TL_F32) {
            tcir_type_str(rt, x, sizeof x);
            return tl_builder_fail(b, s, "the accumulator must be %s, got %s", x, lang_type_str(b, &c, y, sizeof y));
        }
        cv = c.v;
    }
    if ((has_ls && !check_scale(s, b, &ls, "lhs", m, k)) || (has_rs && !check_scale(s, b, &rs, "rhs", n, k)))
        return TL_POISON;
    tl_value ops[5] = {l.v, r.v, cv};
    int nops = 3;
    if (has_ls)
        ops[nops++] = ls.v;
    if (has_rs)
        ops[nops++] = rs.v;
    int32_t segments[5] = {1, 1, 1, has_ls, has_rs};
    tcir_named_attr attrs[6] = {
        lang_attr("a_elem_type", lf),
        lang_attr("b_elem_type", rf),
        lang_attr("fastMath", tcir_attr_bool(ctx, a.fast_math)),
        lang_attr("lhs_k_pack", tcir_attr_bool(ctx, lhs_k_pack)),
        lang_attr("rhs_k_pack", tcir_attr_bool(ctx, rhs_k_pack)),
        lang_attr("operandSegmentSizes", tcir_attr_array_i32(ctx, 5, segments)),
    };
    return lang_emit(s, b, TCIR_OPC_TT_DOT_SCALED, nops, ops, tcir_value_type(cv.ir), TL_F32, false, 6, attrs);
}
