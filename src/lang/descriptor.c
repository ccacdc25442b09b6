/* Tensor descriptors: tl.make_tensor_descriptor and a descriptor's load, store, atomic
 * reductions, gather and scatter (semantic.make_tensor_descriptor, descriptor_*). A
 * descriptor is a value of type !tt.tensordesc<tensor<block>>; its dtype is the element's,
 * whose signedness the type records for integers, as Triton's does. */
#include <stdio.h>
#include <string.h>

#include "lang/lang_internal.h"

/* The descriptor's block (signless), or NULL with an error when d is not a descriptor. */
static const tcir_type *need_desc(tl_site s, tl_builder *b, tl_value d)
{
    const tcir_type *t = tl_value_is_lit(d) || !d.ir ? NULL : tcir_value_type(d.ir);
    if (t && tcir_type_get_kind(t) == TCIR_TYPE_TENSORDESC)
        return tcir_type_desc_block(t);
    char x[LANG_STR] = "a number";
    if (t)
        tcir_type_str(t, x, sizeof x);
    tl_builder_fail(b, s, "%s is not a tensor descriptor (tl_make_tensor_descriptor)", x);
    return NULL;
}

/* ---- make_tensor_descriptor ----------------------------------------------------------------- */

/* Python's make_scalar(x, dtype): a number becomes a constant of dtype, a value is cast. */
static bool make_scalar(tl_site s, tl_builder *b, tl_value x, tl_dtype dt, tl_value *out)
{
    if (tl_value_is_lit(x)) {
        if (x.lit != TL_LIT_INT) {
            tl_builder_fail(b, s, "shape and strides must be integers, not a %s",
                            x.lit == TL_LIT_FLOAT ? "float" : "bool");
            return false;
        }
        tl_value lit = x;
        lit.dtype = dt; /* scalar_constant: a constant of dt only */
        if (x.dtype == TL_U64 && x.lit_val.i < 0)
            return !tl_value_is_poison(tl_builder_fail(b, s, "scalar %llu is out of range for type %s",
                                                       (unsigned long long)x.lit_val.i, tl_dtype_name(dt)));
        *out = tl_materialize_at(s, b, lit, dt, NULL);
        return !tl_value_is_poison(*out);
    }
    lang_opnd o = lang_opnd_of(b, x);
    bool desc = tcir_type_get_kind(tcir_value_type(x.ir)) == TCIR_TYPE_TENSORDESC;
    if (o.rank != 0 || o.is_ptr || lang_block_of(x) || desc) {
        char t[LANG_STR];
        tl_builder_fail(b, s, "shape and strides take integer scalars, not %s", lang_type_str(b, &o, t, sizeof t));
        return false;
    }
    if (!lang_cast(s, b, &o, dt, TL_ROUND_DEFAULT))
        return false;
    *out = lang_value(s, b, &o);
    return !tl_value_is_poison(*out);
}

tl_value tl_make_tensor_descriptor_at(tl_site s, tl_value base, tl_values shape, tl_values strides,
                                      tl_shape block_shape, tl_descriptor_opts o)
{
    const tl_values lists[2] = {shape, strides};
    tl_builder *b = lang_list_builder(s, base, "base", 2, lists);
    if (!b)
        return TL_POISON;
    lang_lists_as_keywords(s, b, base, 2, lists);
    int ndim = shape.n;
    if (ndim < 1 || ndim > 5)
        return tl_builder_fail(b, s, "Expected 1 <= ndim <= 5 but got %d dimensions", ndim);
    if (!lang_list_ok(s, b, shape, "shape") || !lang_list_ok(s, b, strides, "strides"))
        return TL_POISON;
    if (strides.n != ndim)
        return tl_builder_fail(b, s, "Expected %d strides but got %d", ndim, strides.n);
    if (block_shape.rank != ndim)
        return tl_builder_fail(b, s, "Expected block_shape to have %d dimensions but got %d", ndim, block_shape.rank);
    lang_opnd p = lang_opnd_of(b, base);
    if (!p.is_ptr || tl_value_is_lit(base) || p.rank != 0 || lang_block_of(base)) {
        char t[LANG_STR];
        lang_strong(&p);
        return tl_builder_fail(b, s, "base must be a pointer, not %s", lang_type_str(b, &p, t, sizeof t));
    }
    tl_dtype elem = p.dtype;
    long long elem_size = (long long)tl_dtype_bits(elem) / 8, contig = (long long)block_shape.dims[ndim - 1];
    /* contig * elem_size < 16, without multiplying: a huge dimension would overflow (it fails
     * the shape check below); the product is printed through a double for the same reason. */
    if (elem_size == 0 || contig < (16 + elem_size - 1) / elem_size)
        return tl_builder_fail(b, s,
                               "Descriptor block shape must have at least 16 bytes in the last dimension, but got "
                               "%lld * %lld = %.0f bytes",
                               contig, elem_size, (double)contig * (double)elem_size);
    tl_value last = strides.v[ndim - 1];
    if (!tl_value_is_lit(last) || last.lit != TL_LIT_INT || last.lit_val.i != 1) {
        char t[LANG_STR];
        if (tl_value_is_lit(last) && last.lit == TL_LIT_INT)
            snprintf(t, sizeof t, "%lld", (long long)last.lit_val.i);
        else if (tl_value_is_lit(last))
            snprintf(t, sizeof t, "%g", last.lit == TL_LIT_FLOAT ? last.lit_val.f : (double)last.lit_val.i);
        else
            snprintf(t, sizeof t, "a value");
        return tl_builder_fail(b, s, "Tensor descriptor last dim must be 1 but got %s", t);
    }
    tl_value ops[1 + 2 * 5];
    int n = 1;
    for (int i = 0; i < ndim; i++, n++)
        if (!make_scalar(s, b, shape.v[i], TL_I32, &ops[n]))
            return TL_POISON;
    for (int i = 0; i < ndim; i++, n++)
        if (!make_scalar(s, b, strides.v[i], TL_I64, &ops[n]))
            return TL_POISON;
    if (!lang_check_shape(s, b, ndim, block_shape.dims))
        return TL_POISON;
    if ((unsigned)o.padding_option > TL_PADDING_NAN)
        return tl_builder_fail(b, s, "Padding option %d not supported", (int)o.padding_option);
    if (tl_dtype_is_int(elem) && o.padding_option == TL_PADDING_NAN)
        return tl_builder_fail(b, s, "Padding option `nan` is not supported for integer blocks");

    tcir_context *ctx = tl_builder_context(b);
    const tcir_type *block = tcir_type_tensor(ctx, ndim, block_shape.dims, tcir_type_pointee(p.elem));
    tcir_signedness sign = !tl_dtype_is_int(elem) ? TCIR_SIGNLESS : lang_is_signed(elem) ? TCIR_SIGNED : TCIR_UNSIGNED;
    const tcir_type *rt = tcir_type_tensordesc_signed(ctx, block, sign);
    /* padding is a default-valued attribute ("zero"): only "nan" is written */
    tcir_named_attr pad = lang_attr("padding", tcir_attr_int(ctx, 2, tcir_type_int(ctx, 32)));
    ops[0] = base;
    bool nan = o.padding_option == TL_PADDING_NAN;
    return lang_emit(s, b, TCIR_OPC_TT_MAKE_TENSOR_DESCRIPTOR, n, ops, rt, elem, false, nan ? 1 : 0, nan ? &pad : NULL);
}

/* ---- loads and stores ------------------------------------------------------------------------ */

/* The offsets as i32 scalars after ops[first]; false (error recorded) when there are not rank
 * of them or one does not convert. */
static bool offsets_of(tl_site s, tl_builder *b, tl_values offsets, int rank, tl_value *ops)
{
    if (!lang_list_ok(s, b, offsets, "offsets"))
        return false;
    if (offsets.n != rank) {
        tl_builder_fail(b, s, "expected %d offsets, but got %d", rank, offsets.n);
        return false;
    }
    return lang_index_values(s, b, offsets.n, offsets.v, false, ops);
}

static void cache_evict(tl_builder *b, tcir_named_attr *out)
{
    tcir_context *ctx = tl_builder_context(b);
    out[0] = lang_attr("cache", ir_enum_cache(ctx, "none"));
    out[1] = lang_attr("evict", ir_enum_evict(ctx, "evict_normal"));
}

tl_value tl_descriptor_load_at(tl_site s, tl_value desc, tl_values offsets)
{
    tl_builder *b = lang_list_builder(s, desc, "desc", 1, &offsets);
    if (!b)
        return TL_POISON;
    const tcir_type *block = need_desc(s, b, desc);
    if (!block)
        return TL_POISON;
    tl_value ops[1 + TL_MAX_RANK] = {desc};
    if (!offsets_of(s, b, offsets, tcir_type_rank(block), ops + 1))
        return TL_POISON;
    tcir_named_attr attrs[2];
    cache_evict(b, attrs);
    return lang_emit(s, b, TCIR_OPC_TT_DESCRIPTOR_LOAD, 1 + offsets.n, ops, block, desc.dtype, false, 2, attrs);
}

/* Python's validate_store_like: the offsets' count, and value a tensor of the block's shape. */
static bool store_like(tl_site s, tl_builder *b, const tcir_type *block, tl_values offsets, const lang_opnd *v)
{
    int rank = tcir_type_rank(block);
    if (!lang_list_ok(s, b, offsets, "offsets"))
        return false;
    if (offsets.n != rank) {
        tl_builder_fail(b, s, "expected %d offsets, but got %d", rank, offsets.n);
        return false;
    }
    char x[LANG_STR], y[LANG_STR];
    if (tl_value_is_lit(v->v) || v->rank != rank ||
        memcmp(v->dims, tcir_type_dims(block), (size_t)rank * sizeof(int64_t)) != 0) {
        lang_shape_str(rank, tcir_type_dims(block), x, sizeof x);
        if (tl_value_is_lit(v->v))
            snprintf(y, sizeof y, "a number");
        else
            lang_type_str(b, v, y, sizeof y);
        tl_builder_fail(b, s, "value must be a tensor of the descriptor's block shape %s, not %s", x, y);
        return false;
    }
    return true;
}

bool tl_descriptor_store_at(tl_site s, tl_value desc, tl_values offsets, tl_value value)
{
    tl_values lists[2] = {offsets, {1, &value}};
    tl_builder *b = lang_list_builder(s, desc, "desc", 2, lists);
    if (!b)
        return false;
    const tcir_type *block = need_desc(s, b, desc);
    if (!block)
        return false;
    lang_opnd v = lang_opnd_of(b, value);
    if (!store_like(s, b, block, offsets, &v))
        return false;
    if (v.is_ptr) {
        char t[LANG_STR];
        tl_builder_fail(b, s, "cannot store %s through a descriptor of %s", lang_elem_str(&v, t, sizeof t),
                        tl_dtype_name(desc.dtype));
        return false;
    }
    if (!lang_cast(s, b, &v, desc.dtype, TL_ROUND_DEFAULT)) /* implicitly, to the descriptor's type */
        return false;
    tl_value ops[2 + TL_MAX_RANK] = {desc, v.v};
    if (!lang_index_values(s, b, offsets.n, offsets.v, false, ops + 2))
        return false;
    return lang_emit0(s, b, TCIR_OPC_TT_DESCRIPTOR_STORE, 2 + offsets.n, ops, 0, NULL);
}

/* ---- reductions ------------------------------------------------------------------------------ */

static const struct {
    const char *name, *keyword, *generic;
} reduce_kinds[] = {
    [TL_DESC_ADD] = {"atomic_add", "add", "1 : i32"}, [TL_DESC_MIN] = {"atomic_min", "min", "2 : i32"},
    [TL_DESC_MAX] = {"atomic_max", "max", "3 : i32"}, [TL_DESC_AND] = {"atomic_and", "and", "6 : i32"},
    [TL_DESC_OR] = {"atomic_or", "or", "7 : i32"},    [TL_DESC_XOR] = {"atomic_xor", "xor", "8 : i32"},
};

/* The element types semantic.descriptor_atomic_* accepts. */
static bool reduce_dtype_ok(tl_descriptor_reduce_kind kind, tl_dtype d)
{
    switch (kind) {
    case TL_DESC_ADD: return d == TL_U32 || d == TL_I32 || d == TL_U64 || d == TL_F32 || d == TL_F16 || d == TL_BF16;
    case TL_DESC_MIN:
    case TL_DESC_MAX: return d == TL_U32 || d == TL_I32 || d == TL_U64 || d == TL_I64 || d == TL_F16 || d == TL_BF16;
    default: return d == TL_U32 || d == TL_I32 || d == TL_U64 || d == TL_I64;
    }
}

bool tl_descriptor_reduce_at(tl_site s, tl_descriptor_reduce_kind kind, tl_value desc, tl_values offsets,
                             tl_value value)
{
    tl_values lists[2] = {offsets, {1, &value}};
    tl_builder *b = lang_list_builder(s, desc, "desc", 2, lists);
    if (!b)
        return false;
    if ((unsigned)kind > TL_DESC_XOR) {
        tl_builder_fail(b, s, "invalid descriptor reduction %d", (int)kind);
        return false;
    }
    const tcir_type *block = need_desc(s, b, desc);
    if (!block)
        return false;
    lang_opnd v = lang_opnd_of(b, value);
    if (!store_like(s, b, block, offsets, &v))
        return false;
    if (!reduce_dtype_ok(kind, desc.dtype)) {
        tl_builder_fail(b, s, "Unsupported dtype %s for %s", tl_dtype_name(desc.dtype), reduce_kinds[kind].name);
        return false;
    }
    if (v.is_ptr || v.dtype != desc.dtype) { /* Python does not cast here */
        char t[LANG_STR];
        tl_builder_fail(b, s, "value element type %s does not match the descriptor's %s",
                        lang_elem_str(&v, t, sizeof t), tl_dtype_name(desc.dtype));
        return false;
    }
    tl_value ops[2 + TL_MAX_RANK] = {desc, value};
    if (!lang_index_values(s, b, offsets.n, offsets.v, false, ops + 2))
        return false;
    const tcir_attr *k = tcir_attr_enum(tl_builder_context(b), reduce_kinds[kind].keyword, reduce_kinds[kind].generic);
    tcir_named_attr attr = lang_attr("kind", k);
    return lang_emit0(s, b, TCIR_OPC_TT_DESCRIPTOR_REDUCE, 2 + offsets.n, ops, 1, &attr);
}

/* ---- gather and scatter ---------------------------------------------------------------------- */

/* Python's checks of a 2-D, one-row descriptor and 1-D x offsets, for gather and scatter. */
static bool gather_like(tl_site s, tl_builder *b, const char *what, tl_value desc, const tcir_type *block,
                        const lang_opnd *x)
{
    char t[LANG_STR];
    int rank = tcir_type_rank(block);
    const int64_t *dims = tcir_type_dims(block);
    if (rank != 2) {
        tl_builder_fail(b, s, "descriptor must be 2D, but got %s", lang_shape_str(rank, dims, t, sizeof t));
        return false;
    }
    if (dims[0] != 1) {
        tl_builder_fail(b, s, "descriptor block must have 1 row, but got %s", lang_shape_str(rank, dims, t, sizeof t));
        return false;
    }
    if (tl_value_is_lit(x->v) || x->rank != 1) {
        tl_builder_fail(b, s, "x offsets must be 1D, but got %s",
                        tl_value_is_lit(x->v) ? "a number" : lang_shape_str(x->rank, x->dims, t, sizeof t));
        return false;
    }
    if (x->is_ptr || !tl_dtype_is_int(x->dtype) || tl_dtype_bits(x->dtype) != 32) {
        tl_builder_fail(b, s, "x offsets must be a tensor of int32, not %s", lang_type_str(b, x, t, sizeof t));
        return false;
    }
    if (x->dims[0] < 8) {
        tl_builder_fail(b, s, "descriptor %s must have at least 8 rows, but got %s", what,
                        lang_shape_str(x->rank, x->dims, t, sizeof t));
        return false;
    }
    long long min_cols = 32 / (long long)tl_dtype_bits(desc.dtype) * 8;
    if (dims[1] < min_cols) {
        tl_builder_fail(b, s, "descriptor %s of %s must have at least %lld columns, but got %lld", what,
                        tl_dtype_name(desc.dtype), min_cols, (long long)dims[1]);
        return false;
    }
    return true;
}

tl_value tl_descriptor_gather_at(tl_site s, tl_value desc, tl_value x_offsets, tl_value y_offset)
{
    tl_value in[3] = {desc, x_offsets, y_offset};
    static const char *const names[] = {"desc", "x_offsets", "y_offset"};
    tl_builder *b = lang_builder(s, NULL, 3, in, names);
    if (!b)
        return TL_POISON;
    const tcir_type *block = need_desc(s, b, desc);
    if (!block)
        return TL_POISON;
    lang_opnd x = lang_opnd_of(b, x_offsets);
    if (!gather_like(s, b, "gather", desc, block, &x))
        return TL_POISON;
    tl_value ops[3] = {desc, x_offsets};
    if (!lang_index_values(s, b, 1, &y_offset, false, ops + 2))
        return TL_POISON;
    int64_t dims[2] = {x.dims[0], tcir_type_dims(block)[1]};
    const tcir_type *rt = tcir_type_tensor(tl_builder_context(b), 2, dims, tcir_type_elem(block));
    return lang_emit(s, b, TCIR_OPC_TT_DESCRIPTOR_GATHER, 3, ops, rt, desc.dtype, false, 0, NULL);
}

bool tl_descriptor_scatter_at(tl_site s, tl_value desc, tl_value value, tl_value x_offsets, tl_value y_offset)
{
    tl_value in[4] = {desc, value, x_offsets, y_offset};
    static const char *const names[] = {"desc", "value", "x_offsets", "y_offset"};
    tl_builder *b = lang_builder(s, NULL, 4, in, names);
    if (!b)
        return false;
    const tcir_type *block = need_desc(s, b, desc);
    if (!block)
        return false;
    lang_opnd x = lang_opnd_of(b, x_offsets), v = lang_opnd_of(b, value);
    if (!gather_like(s, b, "scatter", desc, block, &x))
        return false;
    tl_value ops[4] = {desc, x_offsets, {0}, value};
    if (!lang_index_values(s, b, 1, &y_offset, false, ops + 2))
        return false;
    /* Python passes value as it is; Triton's verifier wants the gathered shape and type. */
    int64_t dims[2] = {x.dims[0], tcir_type_dims(block)[1]};
    const tcir_type *want = tcir_type_tensor(tl_builder_context(b), 2, dims, tcir_type_elem(block));
    if (tl_value_is_lit(value) || tcir_value_type(value.ir) != want) {
        char t[LANG_STR], u[LANG_STR] = "a number";
        tcir_type_str(want, t, sizeof t);
        if (!tl_value_is_lit(value))
            lang_type_str(b, &v, u, sizeof u);
        tl_builder_fail(b, s, "value must be %s, not %s", t, u);
        return false;
    }
    return lang_emit0(s, b, TCIR_OPC_TT_DESCRIPTOR_SCATTER, 4, ops, 0, NULL);
}
