/* Private: what the constant pool's files share (src/builder/order/pool*.c). pool.c meets the
 * constants and keeps them at the top of the entry block, pool_remap.c gives the constants of
 * reordered ops their new keys, pool_sort.c puts them in their final order at tl_finish
 * (docs/order.md, "Constants"). Stamps are compared inline: every meeting asks, and the final
 * sort n log n times. */
#ifndef TRITONC_ORDER_POOL_INTERNAL_H
#define TRITONC_ORDER_POOL_INTERNAL_H

#include <stdbool.h>

#include "builder/builder_internal.h"

/* Whether stamp a comes before stamp b (order_stamp: by pass, then by source order in one C
 * function, then by the order calls ran). */
static inline bool order_pool_stamp_before(order_stamp a, order_stamp b)
{
    if (a.epoch != b.epoch)
        return a.epoch < b.epoch;
    if (a.scope && a.scope == b.scope && a.seq && b.seq && a.seq != b.seq)
        return a.seq < b.seq;
    return a.counter < b.counter;
}

static inline order_stamp order_pool_earlier(order_stamp a, order_stamp b)
{
    return order_pool_stamp_before(a, b) ? a : b;
}

/* An entry's rare part, all zero when it has none. */
static inline const order_const_rare *order_pool_rare_of(const order_const_entry *e)
{
    static const order_const_rare none;
    return e->rare ? e->rare : &none;
}

/* Where a direct constant stands: its first meeting, a loop bound's included. */
static inline order_stamp order_pool_caller_key(const order_const_entry *e)
{
    const order_const_rare *r = order_pool_rare_of(e);
    if (!e->caller)
        return r->bound_at;
    order_stamp at = e->cast_source ? order_pool_earlier(e->caller_at, r->cast_source_at) : e->caller_at;
    return e->bound ? order_pool_earlier(at, r->bound_at) : at;
}

/* Moves e's op to the end of the leading constants (pool.c). */
void order_pool_position(tl_builder *b, order_const_entry *e);
/* Notes that entry e was met at st, so that a remap finds it (pool_remap.c). */
void order_pool_log_meeting(tl_builder *b, const order_const_entry *e, order_stamp st);

#endif
