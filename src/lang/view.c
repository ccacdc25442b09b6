/* Shape ops that move elements without computing: tl.reshape / view, x.item(), tl.permute /
 * trans / .T, tl.cat, tl.join, tl.split, tl.gather and tl.histogram, as Triton 3.6's core.py
 * and semantic.py build them (tt.reshape, tt.unsplat, tt.trans, tt.cat, tt.join, tt.split,
 * tt.gather, tt.histogram). No promotion happens here: operands are tensors, as in Python. */
#include <stdio.h>
#include <string.h>

#include "lang/lang_internal.h"
#include "tritonc/tensor.h"

/* The operand of a value; false (error recorded) for a number, which Python rejects too. */
static bool value_operand(tl_site s, tl_builder *b, tl_value v, const char *what, lang_opnd *o)
{
    lang_opnd_set(o, &v);
    if (!tl_value_is_lit(v))
        return true;
    tl_builder_fail(b, s, "%s must be a tensor, not a number", what);
    return false;
}

/* The same, and it must be a tensor (rank 1 or more). */
static bool tensor_operand(tl_site s, tl_builder *b, tl_value v, const char *what, lang_opnd *o)
{
    if (!value_operand(s, b, v, what, o))
        return false;
    if (o->rank > 0)
        return true;
    char t[LANG_STR];
    tl_builder_fail(b, s, "%s must be a tensor, not the scalar %s", what, lang_type_str(b, o, t, sizeof t));
    return false;
}

/* o becomes the result of a one-operand shape op `opc` of the given shape (element kept). */
static bool shape_op(tl_site s, tl_builder *b, lang_opnd *o, ir_opcode opc, int rank, const int64_t *dims, int nattrs,
                     const tcir_named_attr *attrs)
{
    tl_value r =
        lang_emit(s, b, opc, 1, &o->v, lang_shaped(b, o->elem, rank, dims), o->dtype, o->is_ptr, nattrs, attrs);
    if (tl_value_is_poison(r))
        return false;
    o->v = r;
    o->rank = rank;
    if (rank > 0)
        memcpy(o->dims, dims, (size_t)rank * sizeof(int64_t));
    return true;
}

/* ---- reshape, view, item ----------------------------------------------------------------- */

/* semantic.unsplat, as core._unsplat calls it: a scalar stays as it is. */
static bool unsplat(tl_site s, tl_builder *b, lang_opnd *o)
{
    if (o->rank == 0)
        return true;
    if (lang_numel(o->rank, o->dims) != 1) {
        tl_builder_fail(b, s, "can only unsplat single-element tensors");
        return false;
    }
    return shape_op(s, b, o, TCIR_OPC_TT_UNSPLAT, 0, NULL, 0, NULL);
}

/* semantic.reshape on a tensor operand. */
static bool reshape(tl_site s, tl_builder *b, lang_opnd *o, int rank, const int64_t *dims, bool can_reorder)
{
    if (lang_numel(o->rank, o->dims) != lang_numel(rank, dims)) {
        tl_builder_fail(b, s, "reshape() cannot change total number of elements in tensor");
        return false;
    }
    tcir_named_attr a = lang_attr("allow_reorder", tcir_attr_unit(tl_builder_context(b)));
    return shape_op(s, b, o, TCIR_OPC_TT_RESHAPE, rank, dims, can_reorder ? 1 : 0, can_reorder ? &a : NULL);
}

tl_value tl_reshape_at(tl_site s, tl_value x, tl_shape shape, tl_reshape_opts opts)
{
    tl_builder *b = lang_builder(s, NULL, 1, &x, NULL);
    lang_opnd o;
    if (!b || !value_operand(s, b, x, "input", &o) || !lang_check_shape(s, b, shape.rank, shape.dims))
        return TL_POISON;
    if (shape.rank == 0)
        return unsplat(s, b, &o) ? o.v : TL_POISON;
    if (o.rank == 0) {
        char t[LANG_STR];
        return tl_builder_fail(b, s, "cannot reshape the scalar %s", lang_type_str(b, &o, t, sizeof t));
    }
    return reshape(s, b, &o, shape.rank, shape.dims, opts.can_reorder) ? o.v : TL_POISON;
}

tl_value tl_item_at(tl_site s, tl_value x)
{
    tl_builder *b = lang_builder(s, NULL, 1, &x, NULL);
    lang_opnd o;
    if (!b || !value_operand(s, b, x, "input", &o))
        return TL_POISON;
    return unsplat(s, b, &o) ? o.v : TL_POISON;
}

/* ---- permute, trans -------------------------------------------------------------------------- */

static const char *dims_str(tl_shape d, char *buf, size_t size)
{
    size_t at = (size_t)snprintf(buf, size, "(");
    for (int i = 0; i < d.rank && i < TL_MAX_RANK && at < size; i++)
        at += (size_t)snprintf(buf + at, size - at, "%s%lld", i ? ", " : "", (long long)d.dims[i]);
    if (at < size)
        snprintf(buf + at, size - at, d.rank == 1 ? ",)" : ")");
    return buf;
}

/* semantic.permute on a value operand. */
static bool permute(tl_site s, tl_builder *b, lang_opnd *o, tl_shape dims)
{
    if (dims.rank != o->rank) {
        tl_builder_fail(b, s, "permute dims must have the same length as input shape");
        return false;
    }
    bool seen[TL_MAX_RANK] = {false};
    for (int i = 0; i < dims.rank; i++) {
        if (dims.dims[i] < 0 || dims.dims[i] >= dims.rank || seen[dims.dims[i]]) {
            char t[LANG_STR];
            tl_builder_fail(b, s, "permute dims must be a permutation of 0, 1, ..., n-1, but were %s",
                            dims_str(dims, t, sizeof t));
            return false;
        }
        seen[dims.dims[i]] = true;
    }
    int64_t shape[TL_MAX_RANK];
    int32_t order[TL_MAX_RANK];
    for (int i = 0; i < dims.rank; i++) {
        shape[i] = o->dims[dims.dims[i]];
        order[i] = (int32_t)dims.dims[i];
    }
    tcir_named_attr a = lang_attr("order", tcir_attr_array_i32(tl_builder_context(b), dims.rank, order));
    return shape_op(s, b, o, TCIR_OPC_TT_TRANS, dims.rank, shape, 1, &a);
}

tl_value tl_permute_at(tl_site s, tl_value x, tl_shape dims)
{
    tl_builder *b = lang_builder(s, NULL, 1, &x, NULL);
    lang_opnd o;
    if (!b || !tensor_operand(s, b, x, "input", &o)) /* Python: 0d block_type is forbidden */
        return TL_POISON;
    if (dims.rank < 0 || dims.rank > TL_MAX_RANK)
        return tl_builder_fail(b, s, "permute dims must have the same length as input shape");
    return permute(s, b, &o, dims) ? o.v : TL_POISON;
}

tl_value tl_trans_at(tl_site s, tl_value x, tl_shape dims)
{
    tl_builder *b = lang_builder(s, NULL, 1, &x, NULL);
    lang_opnd o;
    if (!b || !value_operand(s, b, x, "input", &o))
        return TL_POISON;
    if (dims.rank < 0 || dims.rank > TL_MAX_RANK)
        return tl_builder_fail(b, s, "permute dims must have the same length as input shape");
    if (dims.rank == 0) { /* the last two dimensions swapped */
        int n = o.rank;
        if (n < 2)
            return tl_builder_fail(b, s, "tl.trans invoked with a 0- or 1-dimensional tensor");
        dims.rank = n;
        for (int i = 0; i < n - 2; i++)
            dims.dims[i] = i;
        dims.dims[n - 2] = n - 1;
        dims.dims[n - 1] = n - 2;
    }
    return permute(s, b, &o, dims) ? o.v : TL_POISON;
}

/* ---- cat, join, split ------------------------------------------------------------------------- */

tl_value tl_cat_at(tl_site s, tl_value a, tl_value c, tl_cat_opts opts)
{
    tl_value in[2] = {a, c};
    static const char *const names[] = {"input", "other"};
    tl_builder *b = lang_builder(s, NULL, 2, in, names);
    lang_opnd l, r;
    if (!b || !value_operand(s, b, a, "input", &l) || !value_operand(s, b, c, "other", &r))
        return TL_POISON;
    if (!opts.can_reorder)
        return tl_builder_fail(b, s, "current implementation of `cat` always may reorder elements");
    char x[LANG_STR], y[LANG_STR];
    if (l.rank != 1)
        return tl_builder_fail(b, s, "cat needs 1-D tensors, got %s", lang_type_str(b, &l, x, sizeof x));
    if (lang_opnd_type(b, &l) != lang_opnd_type(b, &r))
        return tl_builder_fail(b, s, "cat needs two tensors of the same type, got %s and %s",
                               lang_type_str(b, &l, x, sizeof x), lang_type_str(b, &r, y, sizeof y));
    int64_t n = l.dims[0] + r.dims[0];
    if (!lang_check_shape(s, b, 1, &n))
        return TL_POISON;
    tl_value ops[2] = {l.v, r.v};
    return lang_emit(s, b, TCIR_OPC_TT_CAT, 2, ops, lang_shaped(b, l.elem, 1, &n), l.dtype, l.is_ptr, 0, NULL);
}

tl_value tl_join_at(tl_site s, tl_value a, tl_value c)
{
    tl_value in[2] = {a, c};
    static const char *const names[] = {"a", "b"};
    tl_builder *b = lang_builder(s, NULL, 2, in, names);
    lang_opnd l, r;
    if (!b || !value_operand(s, b, a, "a", &l) || !value_operand(s, b, c, "b", &r))
        return TL_POISON;
    if (l.elem != r.elem || l.is_ptr != r.is_ptr) {
        char x[LANG_STR], y[LANG_STR];
        return tl_builder_fail(b, s, "join needs two operands of one element type, got %s and %s",
                               lang_type_str(b, &l, x, sizeof x), lang_type_str(b, &r, y, sizeof y));
    }
    if (!lang_broadcast_pair(s, b, &l, &r))
        return TL_POISON;
    /* The IR cannot join two scalars: they become tensor<1x...>, and the result tensor<2x...>. */
    bool scalars = l.rank == 0;
    if (scalars && (!lang_expand_dims(s, b, &l, 0) || !lang_expand_dims(s, b, &r, 0)))
        return TL_POISON;
    if (l.rank + 1 > TL_MAX_RANK)
        return tl_builder_fail(b, s, "rank %d exceeds the maximum rank %d", l.rank + 1, TL_MAX_RANK);
    int64_t dims[TL_MAX_RANK];
    memcpy(dims, l.dims, sizeof dims);
    dims[l.rank] = 2;
    if (!lang_check_shape(s, b, l.rank + 1, dims))
        return TL_POISON;
    tl_value ops[2] = {l.v, r.v};
    tl_value j =
        lang_emit(s, b, TCIR_OPC_TT_JOIN, 2, ops, lang_shaped(b, l.elem, l.rank + 1, dims), l.dtype, l.is_ptr, 0, NULL);
    if (tl_value_is_poison(j) || !scalars)
        return j;
    lang_opnd o = lang_opnd_of(b, j);
    int64_t two = 2;
    return reshape(s, b, &o, 1, &two, false) ? o.v : TL_POISON;
}

tl_pair tl_split_at(tl_site s, tl_value x)
{
    tl_pair bad = {{0}, {0}};
    tl_builder *b = lang_builder(s, NULL, 1, &x, NULL);
    lang_opnd o;
    if (!b || !value_operand(s, b, x, "input", &o))
        return bad;
    if (o.rank == 0 || o.dims[o.rank - 1] != 2) {
        char t[LANG_STR];
        tl_builder_fail(b, s, "split needs a tensor whose last dimension is 2, got %s",
                        lang_type_str(b, &o, t, sizeof t));
        return bad;
    }
    /* A tensor<2x...> becomes tensor<1x2x...> first, and each half a scalar after. */
    bool vector = o.rank == 1;
    if (vector && !lang_expand_dims(s, b, &o, 0))
        return bad;
    const tcir_type *half = lang_shaped(b, o.elem, o.rank - 1, o.dims);
    const tcir_type *types[2] = {half, half};
    tcir_op *op = lang_op(
        s, b, TCIR_OPC_TT_SPLIT,
        (tl_raw_op){.noperands = 1, .operands = &o.v, .nresults = 2, .result_types = types, .result_dtype = o.dtype});
    if (!op)
        return bad;
    tl_pair p = {tl_result_at(s, b, op, 0), tl_result_at(s, b, op, 1)};
    if (tl_value_is_poison(p.first) || tl_value_is_poison(p.second))
        return bad;
    p.first.dtype = p.second.dtype = o.dtype;
    p.first.is_ptr = p.second.is_ptr = o.is_ptr;
    if (vector) {
        lang_opnd h0 = lang_opnd_of(b, p.first), h1 = lang_opnd_of(b, p.second);
        if (!unsplat(s, b, &h0) || !unsplat(s, b, &h1))
            return bad;
        p.first = h0.v;
        p.second = h1.v;
    }
    return p;
}

/* ---- gather, histogram --------------------------------------------------------------------- */

tl_value tl_gather_at(tl_site s, tl_value src, tl_value index, int axis)
{
    tl_value in[2] = {src, index};
    static const char *const names[] = {"src", "index"};
    tl_builder *b = lang_builder(s, NULL, 2, in, names);
    lang_opnd x, i;
    if (!b || !tensor_operand(s, b, src, "src", &x) || !tensor_operand(s, b, index, "index", &i))
        return TL_POISON;
    if (!tl_dtype_is_int(i.dtype) || i.is_ptr)
        return tl_builder_fail(b, s, "index must be an integer tensor");
    int rank = x.rank;
    if (i.rank != rank)
        return tl_builder_fail(b, s, "source and index tensors must have the same rank");
    if (axis < -rank || axis >= rank)
        return tl_builder_fail(b, s, "gather axis %d must be < source rank (%d)", axis, rank);
    if (axis < 0)
        axis += rank;
    for (int d = 0; d < rank; d++)
        if (d != axis && i.dims[d] != x.dims[d])
            return tl_builder_fail(b, s, "index dim %d must match the corresponding source dim", axis);
    tcir_context *ctx = tl_builder_context(b);
    tcir_named_attr a = lang_attr("axis", tcir_attr_int(ctx, axis, tcir_type_int(ctx, 32)));
    tl_value ops[2] = {x.v, i.v};
    return lang_emit(s, b, TCIR_OPC_TT_GATHER, 2, ops, lang_shaped(b, x.elem, rank, i.dims), x.dtype, x.is_ptr, 1, &a);
}

tl_value tl_histogram_at(tl_site s, tl_value x, int64_t num_bins, tl_histogram_opts opts)
{
    bool has_mask = !lang_absent(opts.mask);
    tl_value in[2] = {x, opts.mask};
    static const char *const names[] = {"input", "mask"};
    tl_builder *b = lang_builder(s, NULL, has_mask ? 2 : 1, in, names);
    if (!b)
        return TL_POISON;
    if (has_mask)
        tl_order_keywords_first_at(s, b, 1, in, 1, in + 1);
    lang_opnd o, m = {0};
    if (!value_operand(s, b, x, "input", &o))
        return TL_POISON;
    if (o.rank != 1)
        return tl_builder_fail(b, s, "histogram only supports 1D input");
    if (!tl_dtype_is_int(o.dtype) || o.is_ptr)
        return tl_builder_fail(b, s, "histogram only supports integer input");
    if (has_mask) {
        lang_opnd_set(&m, &opts.mask);
        lang_strong(&m);
        if (!lang_broadcast_to(s, b, &m, o.rank, o.dims))
            return TL_POISON;
        if (m.dtype != TL_I1 || m.is_ptr)
            return tl_builder_fail(b, s, "Mask must have boolean scalar type");
    }
    if (!lang_check_shape(s, b, 1, &num_bins))
        return TL_POISON;
    tl_value ops[2] = {o.v, has_mask ? lang_value(s, b, &m) : o.v};
    if (tl_value_is_poison(ops[1]))
        return TL_POISON;
    const tcir_type *i32 = tl_dtype_ir(tl_builder_context(b), TL_I32);
    return lang_emit(s, b, TCIR_OPC_TT_HISTOGRAM, has_mask ? 2 : 1, ops, lang_shaped(b, i32, 1, &num_bins), TL_I32,
                     false, 0, NULL);
}
