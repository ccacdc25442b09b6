/* Block pointers: tl.make_block_ptr, tl.advance, and tl.load / tl.store through them
 * (semantic.make_block_ptr, advance, _load_block_pointer, _store_block_pointer), plus the
 * conversion of shape, strides and offsets lists that tensor descriptors share
 * (semantic._convert_to_ir_values). */
#include <stdio.h>
#include <string.h>

#include "lang/lang_internal.h"

const tcir_type *lang_block_of(tl_value v)
{
    if (tl_value_is_lit(v) || !v.ir)
        return NULL;
    const tcir_type *pointee = tcir_type_pointee(tcir_value_type(v.ir));
    return pointee && tcir_type_is_tensor(pointee) ? pointee : NULL;
}

/* ---- shape, strides and offsets ------------------------------------------------------------ */

/* A number as Python's builder.get_int64 / get_int32 makes it: a constant of that type only. */
static bool index_number(tl_site s, tl_builder *b, tl_value v, bool want_i64, tl_value *out)
{
    if (v.lit == TL_LIT_FLOAT || v.lit == TL_LIT_BOOL) {
        tl_builder_fail(b, s, "Unsupported element type in shape/strides/offsets: %s",
                        v.lit == TL_LIT_FLOAT ? "float" : "bool");
        return false;
    }
    bool huge = v.dtype == TL_U64 && v.lit_val.i < 0; /* past INT64_MAX */
    long long x = (long long)v.lit_val.i;
    if (want_i64 && huge) {
        tl_builder_fail(b, s,
                        "Block pointers only support 64 bit `shape/strides`, got a value %llu which is out of the "
                        "range",
                        (unsigned long long)v.lit_val.i);
        return false;
    }
    if (!want_i64 && (huge || x < -2147483648LL || x > 2147483647LL)) {
        if (huge)
            tl_builder_fail(b, s,
                            "Block pointers only support 32 bit `offsets/block_shape`, got a value %llu which is out "
                            "of the range",
                            (unsigned long long)v.lit_val.i);
        else
            tl_builder_fail(b, s,
                            "Block pointers only support 32 bit `offsets/block_shape`, got a value %lld which is out "
                            "of the range",
                            x);
        return false;
    }
    tl_value lit = tl_lit_int(x);
    lit.dtype = want_i64 ? TL_I64 : TL_I32; /* no constant of the number's own type first */
    *out = tl_materialize_at(s, b, lit, lit.dtype, NULL);
    return !tl_value_is_poison(*out);
}

static bool index_value(tl_site s, tl_builder *b, tl_value v, bool want_i64, tl_value *out)
{
    lang_opnd o = lang_opnd_of(b, v);
    if (o.rank != 0) {
        tl_builder_fail(b, s, "Expected a scalar in shape/strides/offsets");
        return false;
    }
    if (o.is_ptr || !tl_dtype_is_int(o.dtype) || lang_block_of(v) || !tcir_type_is_int(tcir_value_type(v.ir))) {
        tl_builder_fail(b, s, "Expected an integer scalar type in shape/strides/offsets");
        return false;
    }
    if (want_i64) {
        if (!lang_cast(s, b, &o, TL_I64, TL_ROUND_DEFAULT)) /* extsi / extui, as create_int_cast */
            return false;
    } else if (o.dtype == TL_I64) {
        tl_builder_fail(b, s,
                        "Block pointers only support 32 bit `offsets/block_shape`, add a `.to(tl.int32)` or use "
                        "regular indexing for 64 bit support");
        return false;
    } else if (tl_dtype_bits(o.dtype) != 32) {
        tl_builder_fail(b, s, "offsets must be 32-bit integers, got %s", tl_dtype_name(o.dtype));
        return false;
    }
    *out = lang_value(s, b, &o);
    return !tl_value_is_poison(*out);
}

bool lang_index_values(tl_site s, tl_builder *b, int n, const tl_value *items, bool want_i64, tl_value *out)
{
    for (int i = 0; i < n; i++) {
        bool ok = tl_value_is_lit(items[i]) ? index_number(s, b, items[i], want_i64, &out[i])
                                            : index_value(s, b, items[i], want_i64, &out[i]);
        if (!ok)
            return false;
    }
    return true;
}

bool lang_list_ok(tl_site s, tl_builder *b, tl_values l, const char *what)
{
    if (l.n >= 0 && l.n <= TL_MAX_RANK && (l.n == 0 || l.v))
        return true;
    tl_builder_fail(b, s, "%s must list 0 to %d values, got %d", what, TL_MAX_RANK, l.n);
    return false;
}

void lang_lists_as_keywords(tl_site s, tl_builder *b, tl_value first, int nlists, const tl_values *lists)
{
    tl_value kw[3 * TL_MAX_RANK];
    int n = 0;
    for (int k = 0; k < nlists && k < 3; k++)
        for (int i = 0; i < lists[k].n && i < TL_MAX_RANK && lists[k].v; i++)
            kw[n++] = lists[k].v[i];
    tl_order_keywords_first_at(s, b, 1, &first, n, kw);
}

tl_builder *lang_list_builder(tl_site s, tl_value first, const char *first_name, int nlists, const tl_values *lists)
{
    tl_value in[1 + 3 * TL_MAX_RANK];
    int n = 0;
    in[n++] = first;
    for (int k = 0; k < nlists && k < 3; k++)
        for (int i = 0; i < lists[k].n && i < TL_MAX_RANK && lists[k].v; i++)
            in[n++] = lists[k].v[i];
    const char *names[1 + 3 * TL_MAX_RANK] = {first_name};
    return lang_builder(s, NULL, n, in, names);
}

/* ---- make_block_ptr and advance ------------------------------------------------------------- */

/* base_is_keyword: the call names every argument (base=..., shape=...), so Python evaluates
 * them as written, base first; otherwise base is positional and the keyword lists come first. */
static tl_value make_block_ptr(tl_site s, tl_value base, tl_values shape, tl_values strides, tl_values offsets,
                               tl_shape block_shape, tl_shape order, bool base_is_keyword)
{
    const tl_values lists[3] = {shape, strides, offsets};
    tl_builder *b = lang_list_builder(s, base, "base", 3, lists);
    if (!b)
        return TL_POISON;
    if (!base_is_keyword)
        lang_lists_as_keywords(s, b, base, 3, lists);
    if (!lang_list_ok(s, b, shape, "shape") || !lang_list_ok(s, b, strides, "strides") ||
        !lang_list_ok(s, b, offsets, "offsets"))
        return TL_POISON;
    /* Python converts the lists first (shape and strides to int64, offsets to int32). */
    tl_value ops[1 + 3 * TL_MAX_RANK];
    int n = 1;
    if (!lang_index_values(s, b, shape.n, shape.v, true, ops + n))
        return TL_POISON;
    n += shape.n;
    if (!lang_index_values(s, b, strides.n, strides.v, true, ops + n))
        return TL_POISON;
    n += strides.n;
    if (!lang_index_values(s, b, offsets.n, offsets.v, false, ops + n))
        return TL_POISON;
    n += offsets.n;

    lang_opnd p = lang_opnd_of(b, base);
    if (!p.is_ptr || tl_value_is_lit(base) || p.rank != 0 || lang_block_of(base))
        return tl_builder_fail(b, s, "Expected `base` to be a pointer type (but not a block pointer type or others)");
    if (p.dtype == TL_I1 && !lang_ptr_cast(s, b, &p, TL_I8))
        return TL_POISON;
    if (block_shape.rank < 0 || block_shape.rank > TL_MAX_RANK)
        return tl_builder_fail(b, s, "block_shape must have 1 to %d dimensions, got %d", TL_MAX_RANK, block_shape.rank);
    for (int i = 0; i < block_shape.rank; i++)
        if (block_shape.dims[i] < -2147483648LL || block_shape.dims[i] > 2147483647LL)
            return tl_builder_fail(b, s, "Expected a list of constant integers (`int32_t` range) in `block_shape`");
    bool seen[TL_MAX_RANK] = {false};
    bool perm = order.rank >= 0 && order.rank <= TL_MAX_RANK;
    for (int i = 0; perm && i < order.rank; i++) {
        int64_t d = order.dims[i];
        perm = d >= 0 && d < order.rank && !seen[d];
        if (perm)
            seen[d] = true;
    }
    if (!perm)
        return tl_builder_fail(b, s, "Expected a permutation of (0, 1, ..., len(order)-1) in order");
    int rank = block_shape.rank;
    if (shape.n != rank || strides.n != rank || offsets.n != rank || order.rank != rank)
        return tl_builder_fail(b, s, "Expected shape/strides/offsets/block_shape to have the same length");
    if (rank == 0)
        return tl_builder_fail(b, s, "0d block_type is forbidden");
    if (!lang_check_shape(s, b, rank, block_shape.dims))
        return TL_POISON;

    tcir_context *ctx = tl_builder_context(b);
    int32_t ord[TL_MAX_RANK];
    for (int i = 0; i < rank; i++)
        ord[i] = (int32_t)order.dims[i];
    tcir_named_attr attr = lang_attr("order", tcir_attr_array_i32(ctx, rank, ord));
    const tcir_type *pointee = tcir_type_pointee(p.elem);
    const tcir_type *block = tcir_type_tensor(ctx, rank, block_shape.dims, pointee);
    const tcir_type *rt = tcir_type_ptr(ctx, block, tcir_type_address_space(p.elem));
    ops[0] = p.v;
    return lang_emit(s, b, TCIR_OPC_TT_MAKE_TENSOR_PTR, n, ops, rt, p.dtype, true, 1, &attr);
}

tl_value tl_make_block_ptr_at(tl_site s, tl_value base, tl_values shape, tl_values strides, tl_values offsets,
                              tl_shape block_shape, tl_shape order)
{
    return make_block_ptr(s, base, shape, strides, offsets, block_shape, order, false);
}

tl_value tl_make_block_ptr_kw_at(tl_site s, tl_block_ptr_args a)
{
    return make_block_ptr(s, a.base, a.shape, a.strides, a.offsets, a.block_shape, a.order, true);
}

tl_value tl_advance_at(tl_site s, tl_value base, tl_values offsets)
{
    tl_builder *b = lang_list_builder(s, base, "base", 1, &offsets);
    if (!b)
        return TL_POISON;
    const tcir_type *block = lang_block_of(base);
    if (!block) {
        lang_opnd p = lang_opnd_of(b, base);
        char t[LANG_STR];
        lang_strong(&p);
        return tl_builder_fail(b, s, "needs a block pointer (tl_make_block_ptr), not %s",
                               lang_type_str(b, &p, t, sizeof t));
    }
    if (!lang_list_ok(s, b, offsets, "offsets"))
        return TL_POISON;
    tl_value ops[1 + TL_MAX_RANK] = {base};
    if (!lang_index_values(s, b, offsets.n, offsets.v, false, ops + 1))
        return TL_POISON;
    if (offsets.n != tcir_type_rank(block))
        return tl_builder_fail(b, s, "expected %d offsets (one per dimension of the block), got %d",
                               tcir_type_rank(block), offsets.n);
    return lang_emit(s, b, TCIR_OPC_TT_ADVANCE, 1 + offsets.n, ops, tcir_value_type(base.ir), base.dtype, true, 0,
                     NULL);
}

/* ---- loads and stores ------------------------------------------------------------------------- */

/* Python's _canonicalize_boundary_check: distinct dimensions of the block, sorted. */
static const tcir_attr *boundary_check(tl_site s, tl_builder *b, tl_shape check, int rank)
{
    if (check.rank < 0 || check.rank > TL_MAX_RANK) {
        tl_builder_fail(b, s, "boundary_check must list 0 to %d dimensions, got %d", TL_MAX_RANK, check.rank);
        return NULL;
    }
    int32_t dims[TL_MAX_RANK];
    int n = 0;
    for (int i = 0; i < check.rank; i++) {
        int64_t d = check.dims[i];
        if (d < 0 || d >= rank) {
            tl_builder_fail(b, s, "boundary_check dimension %lld is not a dimension of the block (rank %d)",
                            (long long)d, rank);
            return NULL;
        }
        int at = n;
        while (at > 0 && dims[at - 1] > d) /* insertion sort */
            at--;
        if (at > 0 && dims[at - 1] == d) {
            tl_builder_fail(b, s, "Duplicate dimension in `boundary_check`");
            return NULL;
        }
        memmove(dims + at + 1, dims + at, (size_t)(n - at) * sizeof dims[0]);
        dims[at] = (int32_t)d;
        n++;
    }
    return tcir_attr_array_i32(tl_builder_context(b), n, dims);
}

tl_value lang_load_block(tl_site s, tl_builder *b, tl_load_args a, tcir_named_attr *attrs)
{
    if (!lang_absent(a.mask) || !lang_absent(a.other))
        return tl_builder_fail(b, s, "`mask` and `other` arguments cannot be specified for loading block pointers");
    const tcir_type *block = lang_block_of(a.ptr);
    if (tl_dtype_is_int(a.ptr.dtype) && a.padding == TL_PADDING_NAN)
        return tl_builder_fail(b, s, "Padding option `nan` is not supported for integer block pointers");
    const tcir_attr *check = boundary_check(s, b, a.boundary_check, tcir_type_rank(block));
    if (!check)
        return TL_POISON;
    tcir_context *ctx = tl_builder_context(b);
    attrs[0] = lang_attr("boundaryCheck", check);
    int nattrs = 3;
    if (a.padding != TL_PADDING_DEFAULT) /* padding = 1 : i32 (zero) or 2 (nan), as PaddingOption */
        attrs[nattrs++] =
            lang_attr("padding", tcir_attr_int(ctx, a.padding == TL_PADDING_NAN ? 2 : 1, tcir_type_int(ctx, 32)));
    if (a.is_volatile)
        attrs[nattrs++] = lang_attr("isVolatile", tcir_attr_bool(ctx, true));
    return lang_emit(s, b, TCIR_OPC_TT_LOAD, 1, &a.ptr, block, a.ptr.dtype, false, nattrs, attrs);
}

bool lang_store_block(tl_site s, tl_builder *b, tl_store_args a, tcir_named_attr *attrs)
{
    if (!lang_absent(a.mask)) {
        tl_builder_fail(b, s, "`mask` and `other` arguments cannot be specified for loading block pointers");
        return false;
    }
    const tcir_type *block = lang_block_of(a.ptr);
    int rank = tcir_type_rank(block);
    const int64_t *dims = tcir_type_dims(block);
    lang_opnd v = lang_opnd_of(b, a.value);
    lang_strong(&v);
    if (v.rank == 0 && !lang_broadcast_to(s, b, &v, rank, dims))
        return false;
    char x[LANG_STR], y[LANG_STR];
    if (v.rank != rank || memcmp(v.dims, dims, (size_t)rank * sizeof(int64_t)) != 0) {
        tl_builder_fail(b, s, "Block shape(%s) and value shape(%s) mismatch", lang_shape_str(rank, dims, x, sizeof x),
                        lang_shape_str(v.rank, v.dims, y, sizeof y));
        return false;
    }
    if (v.is_ptr || v.dtype != a.ptr.dtype) {
        tl_builder_fail(b, s, "Block element type(%s) and value element type(%s) mismatch", tl_dtype_name(a.ptr.dtype),
                        lang_elem_str(&v, y, sizeof y));
        return false;
    }
    const tcir_attr *check = boundary_check(s, b, a.boundary_check, rank);
    if (!check)
        return false;
    attrs[0] = lang_attr("boundaryCheck", check);
    tl_value ops[2] = {a.ptr, lang_value(s, b, &v)};
    if (tl_value_is_poison(ops[1]))
        return false;
    return lang_emit0(s, b, TCIR_OPC_TT_STORE, 2, ops, 3, attrs);
}
