/* The constant pool's re-keying: when place.c reorders the ops of one call (Python evaluates
 * keyword arguments first), the constants met at those ops' keys take the new keys and move to
 * match (order_pool_remap). An index of the current pass's meetings by key finds them without a
 * walk over the pool. */
#include <limits.h>
#include <string.h>

#include "builder/order/pool_internal.h"
#include "base/alloc.h"

/* The key slots of earlier passes count as empty: a remap asks for meetings of the current
 * pass only, so those of a pass that ended are never asked for again (as in place.c's table of
 * seen sites). A loop of the kernel's then keeps the table as small as one iteration needs. */
static bool met_live(const tl_builder *b, size_t at)
{
    return b->pool.met_heads[at].head && b->pool.met_heads[at].epoch == b->place.epoch;
}

/* The slot of key (scope, seq) of the current pass: its own, or the empty one it would take. */
static size_t met_slot(const tl_builder *b, const void *scope, int seq)
{
    uint64_t h = (uint64_t)(uintptr_t)scope * 0x9e3779b97f4a7c15u ^ (uint64_t)(uint32_t)seq * 0xc4ceb9fe1a85ec53u ^
        (uint64_t)(uint32_t)b->place.epoch;
    size_t mask = (size_t)b->pool.met_heads_cap - 1;
    size_t at = (size_t)builder_hash_mix(h) & mask;
    while (met_live(b, at) && !(b->pool.met_heads[at].scope == scope && b->pool.met_heads[at].seq == seq))
        at = (at + 1) & mask;
    return at;
}

/* Grows the key table to keep it at most half full; false when out of memory. A new pass
 * starts it empty: its keys and nodes are those of the current pass only. */
static bool met_reserve(tl_builder *b)
{
    if (b->pool.met_epoch != b->place.epoch) {
        b->pool.met_epoch = b->place.epoch;
        b->pool.nmet_keys = 0;
        b->pool.nmet = 0; /* no live key leads to a node of an earlier pass */
    }
    if (2 * (b->pool.nmet_keys + 1) <= b->pool.met_heads_cap)
        return true;
    int cap = b->pool.met_heads_cap ? b->pool.met_heads_cap * 2 : 64;
    struct order_met_key *old = b->pool.met_heads;
    int old_cap = b->pool.met_heads_cap;
    struct order_met_key *grown = cap < INT_MAX / 2 ? base_big_calloc((size_t)cap, sizeof(*grown)) : NULL;
    if (!grown) {
        b->out_of_memory = true;
        return false;
    }
    b->pool.met_heads = grown;
    b->pool.met_heads_cap = cap;
    for (int i = 0; i < old_cap; i++)
        if (old[i].head && old[i].epoch == b->place.epoch)
            b->pool.met_heads[met_slot(b, old[i].scope, old[i].seq)] = old[i];
    base_big_free(old, sizeof(*old) * (size_t)old_cap);
    return true;
}

/* Notes that entry e was met at st (a stamp a remap may rewrite). */
void order_pool_log_meeting(tl_builder *b, const order_const_entry *e, order_stamp st)
{
    /* a stamp without a scope is never remapped, nor one of an earlier pass; out of memory:
     * reported later */
    if (!st.scope || st.epoch != b->place.epoch || !met_reserve(b))
        return;
    if (b->pool.nmet == b->pool.met_cap) {
        int cap = b->pool.met_cap ? b->pool.met_cap * 2 : 64;
        struct order_met_node *grown = cap < INT_MAX / 2
            ? base_big_realloc(b->pool.met, sizeof(*grown) * (size_t)b->pool.met_cap, sizeof(*grown) * (size_t)cap)
            : NULL;
        if (!grown) {
            b->out_of_memory = true;
            return;
        }
        b->pool.met = grown;
        b->pool.met_cap = cap;
    }
    size_t at = met_slot(b, st.scope, st.seq);
    if (!met_live(b, at)) {
        b->pool.met_heads[at] = (struct order_met_key){st.scope, st.seq, st.epoch, 0};
        b->pool.nmet_keys++;
    }
    b->pool.met[b->pool.nmet] = (struct order_met_node){e->index, b->pool.met_heads[at].head - 1};
    b->pool.met_heads[at].head = ++b->pool.nmet; /* nodes are numbered from 1 in the heads */
}

static void remap_stamp(order_stamp *st, int epoch, const void *scope, int n, const int *old_seq, const int *new_seq)
{
    if (st->epoch != epoch || st->scope != scope)
        return;
    for (int i = 0; i < n; i++) {
        if (st->seq == old_seq[i]) {
            st->seq = new_seq[i];
            return;
        }
    }
}

static bool remapped(order_stamp st, int epoch, const void *scope, int n, const int *old_seq)
{
    if (st.epoch != epoch || st.scope != scope)
        return false;
    for (int i = 0; i < n; i++)
        if (st.seq == old_seq[i])
            return true;
    return false;
}

void order_pool_remap(tl_builder *b, const void *scope, int n, const int *old_seq, const int *new_seq)
{
    /* When the function's first op is among the reordered ones, the keyword expressions now
     * come first: the constants of the first of their calls lead, those of the positional
     * ones no longer do (the first op keeps its key: the lowest of the group). */
    bool first_in_group = b->pool.body_started && remapped(b->pool.body_at, b->place.epoch, scope, n, old_seq);
    int lowest = n ? new_seq[0] : 0;
    for (int i = 1; i < n; i++)
        if (new_seq[i] < lowest)
            lowest = new_seq[i];
    /* Only constants met at one of the ops' keys can change: those the index holds there. */
    int round = ++b->pool.remap_round, nhits = 0;
    for (int i = 0; b->pool.met_heads_cap && i < n; i++) {
        size_t at = met_slot(b, scope, old_seq[i]);
        for (int node = met_live(b, at) ? b->pool.met_heads[at].head : 0; node; node = b->pool.met[node - 1].next + 1) {
            order_const_entry *e = order_pool_at(&b->pool, b->pool.met[node - 1].entry);
            if (e->remap_round == round)
                continue;
            e->remap_round = round;
            if (nhits == b->pool.remap_hits_cap) {
                int cap = b->pool.remap_hits_cap ? b->pool.remap_hits_cap * 2 : 64;
                int *grown = tcir_alloc(b->ctx, sizeof(int) * (size_t)cap);
                if (!grown)
                    return; /* out of memory: reported by the caller's check */
                if (nhits)
                    memcpy(grown, b->pool.remap_hits, sizeof(int) * (size_t)nhits);
                b->pool.remap_hits = grown;
                b->pool.remap_hits_cap = cap;
            }
            b->pool.remap_hits[nhits++] = e->index;
        }
    }
    for (int h = 0; h < nhits; h++) {
        order_const_entry *e = order_pool_at(&b->pool, b->pool.remap_hits[h]);
        bool moved = (e->caller || e->bound) && remapped(order_pool_caller_key(e), b->place.epoch, scope, n, old_seq);
        remap_stamp(&e->caller_at, b->place.epoch, scope, n, old_seq, new_seq);
        remap_stamp(&e->fold_at, b->place.epoch, scope, n, old_seq, new_seq);
        if (e->rare) /* a stamp it has not: all zero, of no scope, so nothing to remap */
            remap_stamp(&e->rare->bound_at, b->place.epoch, scope, n, old_seq, new_seq);
        if (e->caller)
            order_pool_log_meeting(b, e, e->caller_at);
        if (e->folded)
            order_pool_log_meeting(b, e, e->fold_at);
        if (e->bound)
            order_pool_log_meeting(b, e, order_pool_rare_of(e)->bound_at);
        if (first_in_group && moved)
            e->leading = order_pool_caller_key(e).seq == lowest;
        if (e->op)
            order_pool_position(b, e);
    }
}
