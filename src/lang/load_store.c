/* Pointers and memory: ptr + offset, tl.load and tl.store through a pointer or a tensor
 * of pointers (semantic._load_legacy / _store_legacy); block pointers go to block_ptr.c. */
#include <stdio.h>
#include <string.h>

#include "lang/lang_internal.h"

tl_value tl_addptr_at(tl_site s, tl_value ptr, tl_value offset)
{
    tl_value in[2] = {ptr, offset};
    static const char *const names[] = {"ptr", "offset"};
    tl_builder *b = lang_builder(s, NULL, 2, in, names);
    if (!b)
        return TL_POISON;
    lang_opnd p = lang_opnd_of(b, ptr), o = lang_opnd_of(b, offset);
    if (!p.is_ptr && !o.is_ptr) {
        char x[LANG_STR], y[LANG_STR];
        lang_strong(&p);
        lang_strong(&o);
        return tl_builder_fail(b, s, "needs a pointer and an integer offset, not %s and %s",
                               lang_elem_str(&p, x, sizeof x), lang_elem_str(&o, y, sizeof y));
    }
    return lang_binop(s, b, TL_OP_ADD, &p, &o);
}

/* ((v0 + v1) + v2) ..., as tl_binary_chain_at. */
tl_value tl_addptr_chain_at(tl_site s, int n, const tl_value *v)
{
    if (n < 2 || !v)
        return TL_POISON;
    tl_value acc = tl_addptr_at(s, v[0], v[1]);
    for (int i = 2; i < n; i++) {
        if (acc.b)
            tl_order_chain_step_at(s, acc.b, acc, n - i, v + i);
        acc = tl_addptr_at(s, acc, v[i]);
    }
    return acc;
}

static const char *const cache_names[] = {"none", "ca", "cg", "wb", "cs", "wt", "cv"};
static const unsigned load_caches = 1u << TL_CACHE_NONE | 1u << TL_CACHE_CA | 1u << TL_CACHE_CG | 1u << TL_CACHE_CV;
static const unsigned store_caches =
    1u << TL_CACHE_NONE | 1u << TL_CACHE_WB | 1u << TL_CACHE_CG | 1u << TL_CACHE_CS | 1u << TL_CACHE_WT;
static const char *const evict_names[] = {"evict_normal", "evict_first", "evict_last"};

/* cache, evict and boundaryCheck, as tt.load and tt.store carry them. allowed: a bit per
 * tl_cache the op accepts. */
static bool memory_attrs(tl_site s, tl_builder *b, tl_cache cache, tl_evict evict, unsigned allowed,
                         tcir_named_attr *out)
{
    if ((unsigned)cache >= sizeof cache_names / sizeof cache_names[0] || !(allowed & (1u << cache))) {
        tl_builder_fail(b, s, "cache modifier %s is not supported here",
                        (unsigned)cache < sizeof cache_names / sizeof cache_names[0] ? cache_names[cache] : "?");
        return false;
    }
    if ((unsigned)evict >= sizeof evict_names / sizeof evict_names[0]) {
        tl_builder_fail(b, s, "invalid eviction policy %d", (int)evict);
        return false;
    }
    tcir_context *ctx = tl_builder_context(b);
    out[0] = lang_attr("boundaryCheck", tcir_attr_array_i32(ctx, 0, NULL));
    out[1] = lang_attr("cache", ir_enum_cache(ctx, cache_names[cache]));
    out[2] = lang_attr("evict", ir_enum_evict(ctx, evict_names[evict]));
    return true;
}

static bool need_pointer(tl_site s, tl_builder *b, lang_opnd *p)
{
    if (p->is_ptr && !tl_value_is_lit(p->v))
        return true;
    char t[LANG_STR];
    lang_strong(p);
    tl_builder_fail(b, s, "%s is not a pointer or a tensor of pointers", lang_type_str(b, p, t, sizeof t));
    return false;
}

bool lang_scalar_only(tl_site s, tl_builder *b, const lang_opnd *o, const char *what)
{
    if (o->rank == 0)
        return true;
    tl_builder_fail(b, s, "%s argument cannot be block type if pointer argument is not a block", what);
    return false;
}

static bool need_bool_mask(tl_site s, tl_builder *b, const lang_opnd *m)
{
    if (m->dtype == TL_I1 && !m->is_ptr)
        return true;
    char t[LANG_STR];
    tl_builder_fail(b, s, "mask must have boolean scalar type, not %s", lang_elem_str(m, t, sizeof t));
    return false;
}

/* An argument given by position (tl_load(p, mask)) or by keyword (.mask = m): the one given
 * into *kw; NULL, or the name of one given both ways. */
static const char *positional_or_keyword(tl_value positional, tl_value *kw, const char *name)
{
    if (lang_absent(positional))
        return NULL;
    if (!lang_absent(*kw))
        return name;
    *kw = positional;
    return NULL;
}

tl_value tl_load_at(tl_site s, tl_load_args a)
{
    tl_value kw[2] = {a.mask, a.other}; /* the keywords, before the positional values join */
    const char *twice = positional_or_keyword(a.mask_positional, &a.mask, "mask");
    if (!twice)
        twice = positional_or_keyword(a.other_positional, &a.other, "other");
    bool has_mask = !lang_absent(a.mask), has_other = !lang_absent(a.other);
    tl_value in[3] = {a.ptr};
    const char *names[3] = {"ptr"};
    int nin = 1;
    if (has_mask) {
        in[nin] = a.mask;
        names[nin++] = "mask";
    }
    if (has_other) {
        in[nin] = a.other;
        names[nin++] = "other";
    }
    tl_builder *b = lang_builder(s, NULL, nin, in, names);
    if (!b)
        return TL_POISON;
    if (twice)
        return tl_builder_fail(b, s, "got multiple values for argument '%s'", twice);
    /* Python makes the keywords first, then ptr, mask and other, left to right: the text's
     * order but for the keywords (absent values are skipped). */
    tl_value pos[3] = {a.ptr, a.mask_positional, a.other_positional};
    tl_order_keywords_first_at(s, b, 3, pos, 2, kw);
    tcir_named_attr attrs[5];
    if ((unsigned)a.padding > TL_PADDING_NAN)
        return tl_builder_fail(b, s, "Padding option %d not supported", (int)a.padding);
    if (lang_block_of(a.ptr))
        return memory_attrs(s, b, a.cache, a.eviction, load_caches, attrs) ? lang_load_block(s, b, a, attrs)
                                                                           : TL_POISON;
    lang_opnd p = lang_opnd_of(b, a.ptr), m = {0}, o = {0};
    if (!need_pointer(s, b, &p))
        return TL_POISON;
    if (!has_mask && has_other)
        return tl_builder_fail(b, s, "`other` cannot be provided without `mask`");
    if (a.padding != TL_PADDING_DEFAULT || a.boundary_check.rank != 0) /* Python's words, "ofpointers" too */
        return tl_builder_fail(b, s,
                               "`padding_option` or `boundary_check` argument is not supported for loading a tensor "
                               "ofpointers or loading a scalar. Because the compiler does not know the boundary; "
                               "please use block pointers (defined by `make_block_ptr`) instead");
    if (!memory_attrs(s, b, a.cache, a.eviction, load_caches, attrs))
        return TL_POISON;
    int nattrs = 3;
    if (a.is_volatile)
        attrs[nattrs++] = lang_attr("isVolatile", tcir_attr_bool(tl_builder_context(b), true));
    if (has_mask) {
        lang_opnd_set(&m, &a.mask);
        lang_strong(&m);
    }
    if (has_other) {
        lang_opnd_set(&o, &a.other);
        lang_strong(&o);
    }
    if (p.rank == 0) {
        if ((has_mask && !lang_scalar_only(s, b, &m, "Mask")) || (has_other && !lang_scalar_only(s, b, &o, "Other")))
            return TL_POISON;
    } else if ((has_mask && !lang_broadcast_pair(s, b, &p, &m)) || (has_other && !lang_broadcast_pair(s, b, &p, &o)))
        return TL_POISON;

    /* int1 lives in memory as int8 */
    bool is_bool = p.dtype == TL_I1;
    if (is_bool && !lang_ptr_cast(s, b, &p, TL_I8))
        return TL_POISON;
    if (has_other && !lang_cast(s, b, &o, p.dtype, TL_ROUND_DEFAULT))
        return TL_POISON;
    if (has_mask && !need_bool_mask(s, b, &m))
        return TL_POISON;

    tl_value ops[3] = {p.v, {0}, {0}};
    int n = 1;
    if (has_mask)
        ops[n++] = lang_value(s, b, &m);
    if (has_other)
        ops[n++] = lang_value(s, b, &o);
    for (int i = 1; i < n; i++)
        if (tl_value_is_poison(ops[i]))
            return TL_POISON;
    const tcir_type *rt = lang_shaped(b, tcir_type_pointee(p.elem), p.rank, p.dims);
    tl_value r = lang_emit(s, b, TCIR_OPC_TT_LOAD, n, ops, rt, p.dtype, false, nattrs, attrs);
    if (!is_bool || tl_value_is_poison(r))
        return r;
    lang_opnd v = lang_opnd_of(b, r);
    if (!lang_cast(s, b, &v, TL_I1, TL_ROUND_DEFAULT))
        return TL_POISON;
    return v.v;
}

bool tl_store_at(tl_site s, tl_store_args a)
{
    const char *twice = positional_or_keyword(a.mask_positional, &a.mask, "mask");
    bool has_mask = !lang_absent(a.mask);
    tl_value in[3] = {a.ptr, a.value, a.mask};
    static const char *const names[] = {"ptr", "value", "mask"};
    tl_builder *b = lang_builder(s, NULL, has_mask ? 3 : 2, in, names);
    if (!b)
        return false;
    if (twice) {
        tl_builder_fail(b, s, "got multiple values for argument '%s'", twice);
        return false;
    }
    if (has_mask && lang_absent(a.mask_positional)) /* a positional mask stays in the text's order */
        tl_order_keywords_first_at(s, b, 2, in, 1, in + 2);
    tcir_named_attr attrs[3];
    if (lang_block_of(a.ptr))
        return memory_attrs(s, b, a.cache, a.eviction, store_caches, attrs) && lang_store_block(s, b, a, attrs);
    lang_opnd p = lang_opnd_of(b, a.ptr), v = lang_opnd_of(b, a.value), m = {0};
    if (!need_pointer(s, b, &p))
        return false;
    if (a.boundary_check.rank != 0) {
        tl_builder_fail(b, s,
                        "`boundary_check` argument is not supported for storing a tensor of pointers or storing a "
                        "scalar. Because the compiler does not know the boundary; please use block pointers "
                        "(defined by `make_block_ptr`) instead");
        return false;
    }
    if (!memory_attrs(s, b, a.cache, a.eviction, store_caches, attrs))
        return false;
    lang_strong(&v);
    if (has_mask) {
        lang_opnd_set(&m, &a.mask);
        lang_strong(&m);
    }
    if (p.rank == 0) {
        if (!lang_scalar_only(s, b, &v, "Value") || (has_mask && !lang_scalar_only(s, b, &m, "Mask")))
            return false;
    } else {
        /* broadcast_tensors(ptr, value[, mask]): the pointer must keep its shape */
        int rank = p.rank;
        int64_t dims[TL_MAX_RANK];
        memcpy(dims, p.dims, sizeof dims);
        if (!lang_broadcast_pair(s, b, &p, &v) || (has_mask && !lang_broadcast_pair(s, b, &p, &m)) ||
            (has_mask && !lang_broadcast_pair(s, b, &p, &v)))
            return false;
        if (p.rank != rank || memcmp(p.dims, dims, (size_t)rank * sizeof(int64_t)) != 0) {
            char x[LANG_STR], y[LANG_STR];
            tl_builder_fail(b, s, "expected pointer argument to have shape %s but got %s",
                            lang_shape_str(p.rank, p.dims, x, sizeof x), lang_shape_str(rank, dims, y, sizeof y));
            return false;
        }
    }
    if (p.dtype == TL_I1 && !lang_ptr_cast(s, b, &p, TL_I8))
        return false;
    if (!lang_cast(s, b, &v, p.dtype, TL_ROUND_DEFAULT))
        return false;
    if (has_mask && !need_bool_mask(s, b, &m))
        return false;
    tl_value ops[3] = {p.v, lang_value(s, b, &v), {0}};
    int n = 2;
    if (has_mask)
        ops[n++] = lang_value(s, b, &m);
    for (int i = 1; i < n; i++)
        if (tl_value_is_poison(ops[i]))
            return false;
    return lang_emit0(s, b, TCIR_OPC_TT_STORE, n, ops, 3, attrs);
}
