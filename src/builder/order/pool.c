/* The constant pool: one arith.constant per (type, value), hoisted to the top of the entry
 * block, as docs/order.md ("Constants") describes. This file finds a constant's entry, records
 * each meeting with it (where the source met it, and how: order_meeting) and keeps its op among
 * the leading constants of the entry block in the order they were last placed; the helpers'
 * brackets (tl_builder_helper_begin/end) are here too. pool_sort.c says which order Triton's
 * make_ttir leaves them in and sorts them into it at tl_finish; pool_remap.c re-keys the
 * meetings of ops that place.c reorders. */
#include <limits.h>
#include <string.h>

#include "builder/order/pool_internal.h"
#include "base/alloc.h"
#include "base/hints.h"

/* An entry's rare part, made at its first use; NULL out of memory (then the builder's
 * out_of_memory is set, which tl_finish reports). */
static order_const_rare *rare_for(tl_builder *b, order_const_entry *e)
{
    if (!e->rare && !(e->rare = tcir_alloc(b->ctx, sizeof *e->rare)))
        b->out_of_memory = true;
    return e->rare;
}

/* A hash of a pooled constant's value: a scalar (INT, BOOL, FLOAT, bitwise) or a splat of
 * one; other kinds (never pooled) hash by kind alone, equality still decides. */
static uint64_t value_hash(const tcir_attr *a)
{
    uint64_t h = 0x9e3779b97f4a7c15u;
    if (a && tcir_attr_get_kind(a) == TCIR_ATTR_DENSE) {
        h ^= (uint64_t)(uintptr_t)tcir_attr_get_type(a);
        a = tcir_attr_dense_elem(a);
        h *= 0xff51afd7ed558ccdu;
    }
    if (!a)
        return h;
    tcir_attr_kind kind = tcir_attr_get_kind(a);
    uint64_t bits = (uint64_t)kind;
    if (kind == TCIR_ATTR_INT || kind == TCIR_ATTR_BOOL) {
        bits ^= (uint64_t)tcir_attr_int_value(a) * 0xc4ceb9fe1a85ec53u;
    } else if (kind == TCIR_ATTR_FLOAT) {
        double f = tcir_attr_float_value(a);
        uint64_t u;
        memcpy(&u, &f, sizeof u);
        bits ^= u * 0xc4ceb9fe1a85ec53u;
    }
    h ^= bits + (h << 6) + (h >> 2);
    return h ^ (h >> 29);
}

static uint64_t entry_hash(const tcir_type *type, const tcir_attr *value)
{
    return value_hash(value) ^ ((uint64_t)(uintptr_t)type * 0x9e3779b97f4a7c15u);
}

/* find_or_add when the recent table's slot r misses: by the value's contents (every new
 * constant, and an equal one met through another attribute). Out of line, so that
 * find_or_add saves and restores no registers; not cold, which would compile it for size and
 * stop inlining the index's calls in it. */
static TCIR_NOINLINE order_const_entry *find_or_add_slow(tl_builder *b, const tcir_type *type, const tcir_attr *value,
                                                         int *r)
{
    uint64_t hash = entry_hash(type, value);
    builder_index_cursor c = {0};
    for (int i; (i = builder_index_next(&b->pool.const_index, hash, &c)) >= 0;) {
        order_const_entry *e = order_pool_at(&b->pool, i);
        if (e->type == type && tcir_attr_equal(e->value, value)) {
            e->value = value; /* equal: the latest one, which the memos hand out next */
            *r = i + 1;
            return e;
        }
    }
    if (!builder_index_reserve(&b->pool.const_index, b->pool.nconsts + 1)) {
        b->out_of_memory = true; /* (a note has no op to fail: tl_finish reports it) */
        return NULL; /* out of memory: the caller's op fails with it */
    }
    int n = b->pool.nconsts;
    if (n == INT_MAX - TL_POOL_SEG0) {
        b->out_of_memory = true;
        return NULL;
    }
    if ((size_t)n == (size_t)TL_POOL_SEG0 * (((size_t)1 << b->pool.nsegs) - 1)) { /* the segments are full */
        order_const_entry *seg = ir_alloc_raw(b->ctx, sizeof(*seg) * ((size_t)TL_POOL_SEG0 << b->pool.nsegs));
        if (!seg) {
            b->out_of_memory = true;
            return NULL; /* out of memory: the caller's op fails with it */
        }
        b->pool.segs[b->pool.nsegs++] = seg;
    }
    order_const_entry *e = order_pool_at(&b->pool, b->pool.nconsts++);
    *e = (order_const_entry){.type = type, .value = value, .index = n};
    builder_index_put(&b->pool.const_index, hash, b->pool.nconsts - 1);
    *r = n + 1;
    return e;
}

static order_const_entry *find_or_add(tl_builder *b, const tcir_type *type, const tcir_attr *value)
{
    uint64_t addr =
        ((uint64_t)(uintptr_t)value ^ (uint64_t)(uintptr_t)type * 0xc4ceb9fe1a85ec53u) * 0x9e3779b97f4a7c15u;
    int *r = &b->pool.recent[addr >> (64 - TL_POOL_RECENT_LOG2)];
    if (*r) {
        order_const_entry *e = order_pool_at(&b->pool, *r - 1);
        if (e->value == value && e->type == type)
            return e;
    }
    return find_or_add_slow(b, type, value, r);
}

/* Whether a meeting at `at` came before the function's first op (in source order). */
static bool leads(const tl_builder *b, order_stamp at)
{
    return !b->pool.body_started || order_pool_stamp_before(at, b->pool.body_at);
}

static void update_leading(const tl_builder *b, order_const_entry *e)
{
    e->leading = (e->caller || e->bound) && leads(b, order_pool_caller_key(e));
}

/* Records a meeting at `site`; true when it changes where the constant belongs. */
static bool meet(tl_builder *b, order_const_entry *e, tl_site site, order_meeting how)
{
    order_stamp now = {b->place.epoch, builder_order_scope(b, site), site.seq, ++b->pool.stamp_counter};
    if (how == TL_MEET_CAST_SOURCE) {
        /* a helper's own canonicalization drops it before any meeting of the kernel's counts */
        order_const_rare *r;
        if (b->pool.helper_depth > 0 ||
            (e->cast_source && !order_pool_stamp_before(now, order_pool_rare_of(e)->cast_source_at)) ||
            !(r = rare_for(b, e)))
            return false;
        e->cast_source = true;
        r->cast_source_at = now;
        update_leading(b, e);
        return e->caller;
    }
    if (b->pool.helper_depth > 0) {
        /* the call first in the source claims it, whichever ran first: where the call stands
         * when it came with its caller's site, else where in the helper the constant was met */
        order_stamp call = now;
        if (b->pool.helper_call_sited) {
            call = b->pool.helper_call_at;
            call.counter = now.counter;
        }
        order_const_rare *r;
        if (e->live || e->folded ||
            (e->helper && !order_pool_stamp_before(call, order_pool_rare_of(e)->helper_stamp)) || !(r = rare_for(b, e)))
            return false;
        e->helper = true;
        e->helper_first = b->pool.helper_first;
        e->helper_late = how == TL_MEET_FOLDED;
        r->helper_call = b->pool.helper_call;
        r->helper_at = now.counter;
        r->helper_stamp = call;
        r->helper_sited = b->pool.helper_call_sited;
        return true;
    }
    if (how == TL_MEET_BOUND) {
        order_const_rare *r;
        if ((e->bound && !order_pool_stamp_before(now, order_pool_rare_of(e)->bound_at)) || !(r = rare_for(b, e)))
            return false;
        e->bound = true;
        r->bound_at = now;
        order_pool_log_meeting(b, e, now);
        update_leading(b, e);
        return true;
    }
    if (how == TL_MEET_FOLDED) {
        if (e->live || (e->folded && !order_pool_stamp_before(now, e->fold_at)))
            return false;
        e->folded = true;
        e->fold_at = now;
        order_pool_log_meeting(b, e, now);
        return true;
    }
    if (e->caller && !order_pool_stamp_before(now, e->caller_at))
        return false;
    e->caller = true;
    e->caller_at = now;
    order_pool_log_meeting(b, e, now);
    update_leading(b, e);
    return true;
}

/* Takes e's op out of the entry block's leading constants. */
static void take_out(tl_builder *b, order_const_entry *e)
{
    if (!tcir_op_block(e->op))
        return;
    if (b->pool.const_tail == e->op)
        b->pool.const_tail = tcir_op_prev(e->op); /* constants lead the block: NULL past the first */
    tcir_op_detach(e->op);
    b->pool.nconst_ops--;
}

/* Moves e's op to the end of the leading constants: the region holds them in the order they
 * were last placed, which order_pool_sort turns into their final order (a constant placed
 * again goes after those it ties with, as inserting it in sorted order would put it). */
void order_pool_position(tl_builder *b, order_const_entry *e)
{
    take_out(b, e);
    tcir_op *before = b->pool.const_tail ? tcir_op_next(b->pool.const_tail) : tcir_block_first(b->entry);
    tcir_block_insert_before(b->entry, before, e->op);
    b->pool.const_tail = e->op;
    b->pool.nconst_ops++;
}

void order_pool_drop(tl_builder *b, order_const_entry *e) { take_out(b, e); }

/* The function's first op in source order is now the one at `now` (out of line: it is met once
 * a function, or again when C ran an expression's calls out of text order, while every op asks
 * order_pool_body_op). */
static TCIR_COLD void body_starts(tl_builder *b, order_stamp now)
{
    b->pool.body_started = true;
    b->pool.body_at = now;
    /* an op placed before constants met earlier in time (C's argument order): they follow it */
    for (int i = 0; i < b->pool.nconsts; i++) {
        order_const_entry *e = order_pool_at(&b->pool, i);
        if (e->leading && !leads(b, order_pool_caller_key(e))) {
            e->leading = false;
            if (e->op)
                order_pool_position(b, e);
        }
    }
}

void order_pool_body_op(tl_builder *b, tl_site site)
{
    order_stamp now = {b->place.epoch, builder_order_scope(b, site), site.seq, ++b->pool.stamp_counter};
    if (!b->pool.body_started || order_pool_stamp_before(now, b->pool.body_at))
        body_starts(b, now);
}

/* A constant made by folding is Python's cast op on a constant: an op of the function. */
static void after_meeting(tl_builder *b, tl_site site, order_meeting how)
{
    if (how == TL_MEET_FOLDED && b->pool.helper_depth == 0)
        order_pool_body_op(b, site);
}

void order_pool_note(tl_builder *b, tl_site site, const tcir_type *type, const tcir_attr *value, order_meeting how)
{
    if (!value)
        return;
    order_const_entry *e = find_or_add(b, type, value);
    if (!e)
        return;
    if (meet(b, e, site, how) && e->op)
        order_pool_position(b, e);
    after_meeting(b, site, how);
}

tcir_value *order_pool_const(tl_builder *b, tl_site site, const tcir_type *type, const tcir_attr *value,
                             order_meeting how)
{
    order_const_entry *e = find_or_add(b, type, value);
    if (!e || !value || !type)
        return NULL; /* out of memory (a NULL type or value is one too) */
    bool moved = meet(b, e, site, how);
    if (how == TL_MEET_DIRECT && b->pool.helper_depth == 0 && !e->live) {
        e->live = true;
        moved = true;
    }
    if (!e->op) {
        e->op = tcir_op_create(b->ctx,
                               &(tcir_op_state){
                                   .name = tcir_opcode_name(TCIR_OPC_ARITH_CONSTANT),
                                   .loc = {site.file, site.line, 0},
                                   .nresults = 1,
                                   .result_types = &type,
                                   .nattrs = 1,
                                   .attrs = &(tcir_named_attr){"value", value, true},
                               });
        if (!e->op)
            return NULL;
        /* The op remembers its pool entry (constants take no part in source ordering). */
        tl_op_key *key = tcir_alloc(b->ctx, sizeof *key);
        if (!key)
            return NULL;
        key->pool_entry = e->index + 1;
        tcir_op_set_aux(e->op, key);
        moved = true;
    }
    if (moved)
        order_pool_position(b, e);
    after_meeting(b, site, how);
    return tcir_op_result(e->op, 0);
}

/* True when the function body holds nothing but pooled constants yet. */
static bool body_empty(const tl_builder *b)
{
    tcir_op *op = b->pool.const_tail ? tcir_op_next(b->pool.const_tail) : tcir_block_first(b->entry);
    return op == NULL && b->depth == 1 && tl_current_block(b) == b->entry;
}

static void helper_begin(tl_builder *b, const tl_site *site)
{
    if (b->pool.helper_depth++ == 0) {
        b->pool.helper_call++;
        b->pool.helper_values = b->values_made;
        b->pool.helper_first = body_empty(b);
        b->pool.helper_call_sited = false;
        if (!site)
            order_pool_body_op(b, (tl_site){0}); /* Python's tt.call: no constant after it leads */
    }
    if (site)
        order_place_call_begin(b, *site, b->pool.helper_depth); /* (calls order_pool_helper_call) */
}

void tl_builder_helper_begin(tl_builder *b)
{
    if (b)
        helper_begin(b, NULL);
}

void tl_builder_helper_begin_at(tl_site site, tl_builder *b)
{
    if (b)
        helper_begin(b, &site);
}

void order_pool_helper_call(tl_builder *b, tl_site site)
{
    if (b->pool.helper_depth != 1)
        return; /* a call inside another: the outermost is the one Python inlines */
    order_pool_body_op(b, site); /* Python's tt.call, at its place in the text */
    b->pool.helper_call_at = (order_stamp){b->place.epoch, builder_order_scope(b, site), site.seq, 0};
    b->pool.helper_call_sited = b->pool.helper_call_at.scope && site.seq;
    b->pool.sited_calls |= b->pool.helper_call_sited;
}

bool tl_builder_made_in_this_function(const tl_builder *b, tl_value v)
{
    return b && (b->pool.helper_depth == 0 || v.def_order > b->pool.helper_values);
}

void tl_builder_helper_end(tl_builder *b)
{
    if (b && b->pool.helper_depth > 0) {
        order_place_call_end(b, b->pool.helper_depth);
        b->pool.helper_depth--;
    }
}

void order_pool_free(tl_builder *b)
{
    base_big_free(b->pool.met_heads, sizeof(*b->pool.met_heads) * (size_t)b->pool.met_heads_cap);
    base_big_free(b->pool.met, sizeof(*b->pool.met) * (size_t)b->pool.met_cap);
    b->pool.met_heads = NULL;
    b->pool.met = NULL;
    b->pool.nconsts = b->pool.nsegs = b->pool.met_heads_cap = b->pool.met_cap = 0;
    builder_index_free(&b->pool.const_index);
}
