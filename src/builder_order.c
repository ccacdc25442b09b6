/* Source-order placement: ops follow the C source text, not the compiler's argument
 * evaluation order (see tl_site in builder.h).
 *
 * A new op is inserted before the ops at the end of its block that come later in the text
 * (higher seq) of the same C function and the same pass through that text, stopping at
 * anything it must follow: an op defining one of its operands, an op with regions or
 * successors, a constant.
 *
 * A pass ends when a site runs a second time (a C loop, or a helper called again): ops of a
 * new pass never move before ops of an earlier one. Passes are numbered (epochs); a small
 * hash set holds the (scope, seq) pairs seen in the current epoch. */
#include <stdint.h>
#include <string.h>

#include "builder_internal.h"

static uint32_t site_hash(const void *scope, int seq)
{
    uintptr_t h = (uintptr_t)scope * 0x9E3779B1u ^ (uintptr_t)(unsigned)seq * 0x85EBCA77u;
    return (uint32_t)(h ^ (h >> 15));
}

static void seen_grow(tl_builder *b)
{
    int cap = b->seen_cap ? b->seen_cap * 2 : 64;
    tl_seen_entry *old = b->seen;
    int old_cap = b->seen_cap;
    b->seen = tcir_alloc(b->ctx, sizeof(*b->seen) * (size_t)cap);
    b->seen_cap = cap;
    b->seen_count = 0;
    for (int i = 0; i < old_cap; i++) {
        if (old[i].epoch != b->epoch)
            continue;
        uint32_t h = site_hash(old[i].scope, old[i].seq) & (uint32_t)(cap - 1);
        while (b->seen[h].epoch == b->epoch)
            h = (h + 1) & (uint32_t)(cap - 1);
        b->seen[h] = old[i];
        b->seen_count++;
    }
}

/* Records the site in the current epoch; starts a new epoch when it was already there. */
static void note_site(tl_builder *b, tl_site site)
{
    /* One call may make constants and then its op: all one visit of the site. */
    if (site.scope == b->last_site.scope && site.seq == b->last_site.seq)
        return;
    b->last_site = site;
    if (b->seen_count * 2 >= b->seen_cap)
        seen_grow(b);
    uint32_t mask = (uint32_t)(b->seen_cap - 1);
    uint32_t h = site_hash(site.scope, site.seq) & mask;
    while (b->seen[h].epoch == b->epoch) {
        if (b->seen[h].seq == site.seq && b->seen[h].scope == site.scope) {
            b->epoch++; /* the table is empty again: no entry has the new epoch */
            b->seen_count = 0;
            h = site_hash(site.scope, site.seq) & mask;
            break;
        }
        h = (h + 1) & mask;
    }
    b->seen[h] = (tl_seen_entry){site.scope, site.seq, b->epoch};
    b->seen_count++;
}

static bool uses_result_of(const tcir_op *x, const tcir_op *p)
{
    for (int i = 0; i < tcir_op_noperands(x); i++)
        if (tcir_value_def(tcir_op_operand(x, i)) == p)
            return true;
    return false;
}

static bool same_pass_later(const tcir_op *op, const tcir_op *other)
{
    return tcir_op_order_scope(other) == tcir_op_order_scope(op) &&
           tcir_op_order_epoch(other) == tcir_op_order_epoch(op) && tcir_op_order_seq(other) > tcir_op_order_seq(op);
}

/* True when `later`, already in the block, may move after `op` (the new one). */
static bool may_pass(const tcir_op *op, const tcir_op *later)
{
    if (!same_pass_later(op, later))
        return false;
    if (tcir_op_nregions(later) || tcir_op_nsuccessors(later) || strcmp(tcir_op_name(later), "arith.constant") == 0)
        return false;
    return !uses_result_of(op, later);
}

static bool ordered(tl_site site)
{
    return site.seq && site.scope;
}

void tl__place_op(tl_builder *b, tcir_op *op, tl_site site)
{
    tcir_block *blk = tl_current_block(b);
    tcir_op *before = NULL;
    if (ordered(site)) {
        note_site(b, site);
        tcir_op_set_order(op, site.seq, site.scope, b->epoch);
        if (!tcir_op_nregions(op) && !tcir_op_nsuccessors(op))
            for (tcir_op *p = tcir_block_last(blk); p && may_pass(op, p); p = tcir_op_prev(p))
                before = p;
    }
    tcir_block_insert_before(blk, before, op);
}
