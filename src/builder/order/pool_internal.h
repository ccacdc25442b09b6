/* Private: what the constant pool's files share (src/builder/order/pool*.c). pool.c meets the
 * constants and keeps them at the top of the entry block, pool_remap.c gives the constants of
 * reordered ops their new keys, pool_sort.c puts them in their final order at tl_finish
 * (docs/order.md, "Constants"). Stamps are compared inline: every meeting asks, and the final
 * sort n log n times. */
#ifndef TRITONC_ORDER_POOL_INTERNAL_H
#define TRITONC_ORDER_POOL_INTERNAL_H

#include <stdbool.h>

#include "builder/builder_internal.h"

/* Whether stamp a comes before stamp b (tl_stamp: by pass, then by source order in one C
 * function, then by the order calls ran). */
static inline bool tl__pool_stamp_before(tl_stamp a, tl_stamp b)
{
    if (a.epoch != b.epoch)
        return a.epoch < b.epoch;
    if (a.scope && a.scope == b.scope && a.seq && b.seq && a.seq != b.seq)
        return a.seq < b.seq;
    return a.counter < b.counter;
}

static inline tl_stamp tl__pool_earlier(tl_stamp a, tl_stamp b)
{
    return tl__pool_stamp_before(a, b) ? a : b;
}

/* An entry's rare part, all zero when it has none. */
static inline const tl_const_rare *tl__pool_rare_of(const tl_const_entry *e)
{
    static const tl_const_rare none;
    return e->rare ? e->rare : &none;
}

/* Where a direct constant stands: its first meeting, a loop bound's included. */
static inline tl_stamp tl__pool_caller_key(const tl_const_entry *e)
{
    const tl_const_rare *r = tl__pool_rare_of(e);
    if (!e->caller)
        return r->bound_at;
    tl_stamp at = e->cast_source ? tl__pool_earlier(e->caller_at, r->cast_source_at) : e->caller_at;
    return e->bound ? tl__pool_earlier(at, r->bound_at) : at;
}

/* Moves e's op to the end of the leading constants (pool.c). */
void tl__pool_position(tl_builder *b, tl_const_entry *e);
/* Notes that entry e was met at st, so that a remap finds it (pool_remap.c). */
void tl__pool_log_meeting(tl_builder *b, const tl_const_entry *e, tl_stamp st);

#endif
