/* Attributes: small immutable records in the arena. */
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "ir/inline.h"
#include "ir/internal.h"

/* NULL only when out of memory and of reserve (every constructor then returns NULL). */
static tcir_attr *attr_new(tcir_context *ctx, tcir_attr_kind kind)
{
    tcir_attr *a = tcir_alloc(ctx, sizeof *a);
    if (a)
        a->kind = kind;
    return a;
}

/* Simple attributes (unit, bool, int, float, enum of static text) are immutable and made again
 * and again - every load's cache modifier and eviction policy, every comparison's predicate,
 * every overflow flag - so a small memo per context (direct-mapped by a hash of the contents)
 * hands out the one made last time with the same contents instead of 48 more bytes. A miss
 * only makes a new one: what an attribute means never depends on the memo. */
static size_t attr_memo_slot(const tcir_attr *k)
{
    uint64_t fbits;
    memcpy(&fbits, &k->f, sizeof fbits);
    uint64_t h = (uint64_t)k->kind * 0x9E3779B97F4A7C15u;
    h = (h ^ (uint64_t)k->i) * 0xff51afd7ed558ccdu;
    h = (h ^ fbits) * 0xc4ceb9fe1a85ec53u;
    /* Contents only, no address: types and copied texts live in each context's arena, at
     * addresses that differ from one build to the next, and the hits (so the allocations a
     * build makes) must not - the allocation sweep fails the n-th allocation of a build it
     * counted before. (Equality still compares the pointers.) */
    h = base_fnv1a64_str(h, k->s);
    h = base_fnv1a64_str(h, k->kind == TCIR_ATTR_ENUM ? k->generic : NULL);
    h *= 0xc4ceb9fe1a85ec53u;
    return (size_t)(h >> 40) % TCIR_ATTR_MEMO;
}

static bool same_simple(const tcir_attr *a, const tcir_attr *k)
{
    return a->kind == k->kind && a->i == k->i && memcmp(&a->f, &k->f, sizeof a->f) == 0 && a->type == k->type &&
        a->s == k->s && a->generic == k->generic;
}

/* The attribute with k's contents (kind, i, f, type, s, generic; the rest zero): the memo's,
 * or a new one put there. NULL when out of memory. */
static const tcir_attr *simple(tcir_context *ctx, const tcir_attr *k)
{
    size_t slot = attr_memo_slot(k);
    const tcir_attr *m = ctx->attr_memo[slot];
    if (m && same_simple(m, k))
        return m;
    tcir_attr *a = attr_new(ctx, k->kind);
    if (!a)
        return NULL;
    *a = *k;
    ctx->attr_memo[slot] = a;
    return a;
}

static const char *dup(tcir_context *ctx, const char *s) { return tcir_strdup(ctx, s, strlen(s)); }

const tcir_attr *tcir_attr_unit(tcir_context *ctx) { return simple(ctx, &(tcir_attr){.kind = TCIR_ATTR_UNIT}); }

const tcir_attr *tcir_attr_bool(tcir_context *ctx, bool v)
{
    const tcir_type *i1 = tcir_type_int(ctx, 1);
    return i1 ? simple(ctx, &(tcir_attr){.kind = TCIR_ATTR_BOOL, .i = v, .type = i1}) : NULL;
}

const tcir_attr *tcir_attr_int(tcir_context *ctx, int64_t v, const tcir_type *type)
{
    return simple(ctx, &(tcir_attr){.kind = TCIR_ATTR_INT, .i = v, .type = type});
}

const tcir_attr *tcir_attr_float(tcir_context *ctx, double v, const tcir_type *type)
{
    return simple(ctx, &(tcir_attr){.kind = TCIR_ATTR_FLOAT, .f = v, .type = type});
}

const tcir_attr *tcir_attr_string(tcir_context *ctx, const char *s)
{
    tcir_attr *a = attr_new(ctx, TCIR_ATTR_STRING);
    if (!a)
        return NULL;
    a->s = dup(ctx, s);
    return a;
}

const tcir_attr *tcir_attr_type(tcir_context *ctx, const tcir_type *t)
{
    tcir_attr *a = attr_new(ctx, TCIR_ATTR_TYPE);
    if (!a)
        return NULL;
    a->type = t;
    return a;
}

const tcir_attr *tcir_attr_dense(tcir_context *ctx, const tcir_attr *elem, const tcir_type *tensor_type)
{
    tcir_attr *a = attr_new(ctx, TCIR_ATTR_DENSE);
    if (!a)
        return NULL;
    a->elem = elem;
    a->type = tensor_type;
    return a;
}

/* Short i32 arrays (every load's and store's operandSegmentSizes, a transpose's order) are
 * memoized like the simple attributes: by a hash of the contents, the slot's one handed out
 * when equal. */
enum { MEMO_I32S_MAX = 8 };

static size_t i32s_slot(int n, const int32_t *v)
{
    uint64_t h = (uint64_t)n * 0x9E3779B97F4A7C15u;
    for (int i = 0; i < n; i++)
        h = (h ^ (uint32_t)v[i]) * 0xff51afd7ed558ccdu;
    return (size_t)(h >> 40) % TCIR_I32S_MEMO;
}

const tcir_attr *tcir_attr_array_i32(tcir_context *ctx, int n, const int32_t *v)
{
    bool memo = n > 0 && n <= MEMO_I32S_MAX && v;
    size_t slot = memo ? i32s_slot(n, v) : 0;
    const tcir_attr *m = memo ? ctx->i32s_memo[slot] : NULL;
    if (m && m->n == n && memcmp(m->i32s, v, sizeof(int32_t) * (size_t)n) == 0)
        return m;
    tcir_attr *a = attr_new(ctx, TCIR_ATTR_ARRAY_I32);
    if (!a)
        return NULL;
    int32_t *copy = ir_alloc_raw(ctx, sizeof(int32_t) * (size_t)(n ? n : 1));
    if (!copy)
        return NULL;
    if (n)
        memcpy(copy, v, sizeof(int32_t) * (size_t)n);
    a->n = n;
    a->i32s = copy;
    if (memo)
        ctx->i32s_memo[slot] = a;
    return a;
}

const tcir_attr *tcir_attr_array(tcir_context *ctx, int n, const tcir_attr *const *items)
{
    tcir_attr *a = attr_new(ctx, TCIR_ATTR_ARRAY);
    if (!a)
        return NULL;
    const tcir_attr **copy = ir_alloc_raw(ctx, sizeof(*copy) * (size_t)(n ? n : 1));
    if (!copy)
        return NULL;
    if (n)
        memcpy(copy, items, sizeof(*copy) * (size_t)n);
    a->n = n;
    a->items = copy;
    return a;
}

static int by_name(const void *x, const void *y)
{
    return strcmp(((const tcir_named_attr *)x)->name, ((const tcir_named_attr *)y)->name);
}

const tcir_attr *tcir_attr_dict(tcir_context *ctx, int n, const tcir_named_attr *entries)
{
    tcir_attr *a = attr_new(ctx, TCIR_ATTR_DICT);
    if (!a)
        return NULL;
    tcir_named_attr *copy = ir_alloc_raw(ctx, sizeof(*copy) * (size_t)(n ? n : 1));
    if (!copy)
        return NULL;
    for (int i = 0; i < n; i++) {
        copy[i] = entries[i];
        copy[i].name = dup(ctx, entries[i].name);
    }
    qsort(copy, (size_t)n, sizeof *copy, by_name);
    a->n = n;
    a->entries = copy;
    return a;
}

const tcir_attr *tcir_attr_symbol(tcir_context *ctx, const char *name)
{
    tcir_attr *a = attr_new(ctx, TCIR_ATTR_SYMBOL);
    if (!a)
        return NULL;
    a->s = dup(ctx, name);
    return a;
}

const tcir_attr *tcir_attr_enum(tcir_context *ctx, const char *keyword, const char *generic)
{
    return ir_attr_enum_static(ctx, dup(ctx, keyword), dup(ctx, generic));
}

const tcir_attr *ir_attr_enum_static(tcir_context *ctx, const char *keyword, const char *generic)
{
    return simple(ctx, &(tcir_attr){.kind = TCIR_ATTR_ENUM, .s = keyword, .generic = generic});
}

const tcir_attr *tcir_attr_opaque(tcir_context *ctx, const char *text)
{
    tcir_attr *a = attr_new(ctx, TCIR_ATTR_OPAQUE);
    if (!a)
        return NULL;
    a->s = dup(ctx, text);
    return a;
}

const tcir_attr *tcir_attr_alias(tcir_context *ctx, const char *name, const char *definition, int nuses,
                                 const tcir_attr *const *uses)
{
    if (!name || !definition || nuses < 0 || (nuses > 0 && !uses))
        return NULL;
    tcir_attr *a = attr_new(ctx, TCIR_ATTR_ALIAS);
    const tcir_attr **items = tcir_alloc(ctx, sizeof *items * (size_t)(1 + nuses));
    if (!a || !items)
        return NULL;
    a->s = dup(ctx, name);
    items[0] = tcir_attr_opaque(ctx, definition); /* the definition, as text */
    for (int i = 0; i < nuses; i++)
        items[1 + i] = uses[i];
    a->items = items;
    a->n = 1 + nuses;
    return a->s && items[0] ? a : NULL;
}

const char *tcir_attr_alias_definition(const tcir_attr *a)
{
    return a && a->kind == TCIR_ATTR_ALIAS ? a->items[0]->s : NULL;
}
int tcir_attr_alias_nuses(const tcir_attr *a) { return a && a->kind == TCIR_ATTR_ALIAS ? a->n - 1 : 0; }
const tcir_attr *tcir_attr_alias_use(const tcir_attr *a, int i)
{
    return a && a->kind == TCIR_ATTR_ALIAS && i >= 0 && i < a->n - 1 ? a->items[1 + i] : NULL;
}

tcir_attr_kind(tcir_attr_get_kind)(const tcir_attr *a) { return ir_attr_get_kind(a); }
int64_t(tcir_attr_int_value)(const tcir_attr *a) { return ir_attr_int_value(a); }
double(tcir_attr_float_value)(const tcir_attr *a) { return ir_attr_float_value(a); }
const char *(tcir_attr_str)(const tcir_attr *a) { return ir_attr_str(a); }
const char *tcir_attr_enum_generic(const tcir_attr *a) { return a->kind == TCIR_ATTR_ENUM ? a->generic : NULL; }
const tcir_type *(tcir_attr_get_type)(const tcir_attr *a) { return ir_attr_get_type(a); }
const tcir_attr *(tcir_attr_dense_elem)(const tcir_attr *a) { return ir_attr_dense_elem(a); }
int(tcir_attr_array_size)(const tcir_attr *a) { return ir_attr_array_size(a); }
int32_t(tcir_attr_array_i32_at)(const tcir_attr *a, int i) { return ir_attr_array_i32_at(a, i); }
const tcir_attr *tcir_attr_array_at(const tcir_attr *a, int i) { return a->items[i]; }
int tcir_attr_dict_size(const tcir_attr *a) { return a->n; }
const tcir_named_attr *tcir_attr_dict_at(const tcir_attr *a, int i) { return &a->entries[i]; }

static bool str_eq(const char *x, const char *y) { return x == y || (x && y && strcmp(x, y) == 0); }

/* Two arrays' (or aliases') items, equal one by one. */
static bool same_items(const tcir_attr *a, const tcir_attr *b)
{
    if (a->n != b->n)
        return false;
    for (int i = 0; i < a->n; i++)
        if (!tcir_attr_equal(a->items[i], b->items[i]))
            return false;
    return true;
}

bool tcir_attr_equal(const tcir_attr *a, const tcir_attr *b)
{
    if (a == b)
        return true;
    if (!a || !b || a->kind != b->kind || a->type != b->type)
        return false;
    switch (a->kind) {
    case TCIR_ATTR_UNIT: return true;
    case TCIR_ATTR_BOOL:
    case TCIR_ATTR_INT: return a->i == b->i;
    /* Bitwise, so -0.0 and 0.0 differ and NaNs with equal payloads match. */
    case TCIR_ATTR_FLOAT: return memcmp(&a->f, &b->f, sizeof a->f) == 0;
    case TCIR_ATTR_STRING:
    case TCIR_ATTR_SYMBOL:
    case TCIR_ATTR_OPAQUE: return str_eq(a->s, b->s);
    case TCIR_ATTR_ENUM: return str_eq(a->s, b->s) && str_eq(a->generic, b->generic);
    case TCIR_ATTR_TYPE: return true;
    case TCIR_ATTR_DENSE: return tcir_attr_equal(a->elem, b->elem);
    case TCIR_ATTR_ARRAY_I32: return a->n == b->n && memcmp(a->i32s, b->i32s, sizeof(int32_t) * (size_t)a->n) == 0;
    case TCIR_ATTR_ALIAS: return str_eq(a->s, b->s) && same_items(a, b); /* the definition, the uses */
    case TCIR_ATTR_ARRAY: return same_items(a, b);
    case TCIR_ATTR_DICT:
        if (a->n != b->n)
            return false;
        for (int i = 0; i < a->n; i++)
            if (!str_eq(a->entries[i].name, b->entries[i].name) ||
                !tcir_attr_equal(a->entries[i].attr, b->entries[i].attr))
                return false;
        return true;
    }
    return false;
}
