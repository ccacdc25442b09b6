/* Source-order placement: ops follow the C source text, not the compiler's argument
 * evaluation order (see tl_site in builder.h).
 *
 * A new op is inserted before the ops at the end of its block that come later in the text
 * (higher seq) of the same C function, stopping at anything it must follow: an op defining
 * one of its operands, an op of another function or of an earlier pass through the same
 * text (equal or lower seq: loops, helpers), an op with regions or successors, a constant. */
#include <string.h>

#include "builder_internal.h"

static bool uses_result_of(const tcir_op *x, const tcir_op *p)
{
    for (int i = 0; i < tcir_op_noperands(x); i++)
        if (tcir_value_def(tcir_op_operand(x, i)) == p)
            return true;
    return false;
}

/* True when `later`, already in the block, may move after `op` (the new one). */
static bool may_pass(const tcir_op *op, const tcir_op *later)
{
    if (tcir_op_order_scope(later) != tcir_op_order_scope(op) || tcir_op_order_seq(later) <= tcir_op_order_seq(op))
        return false;
    if (tcir_op_nregions(later) || tcir_op_nsuccessors(later) || strcmp(tcir_op_name(later), "arith.constant") == 0)
        return false;
    return !uses_result_of(op, later);
}

void tl__place_op(tl_builder *b, tcir_op *op, tl_site site)
{
    tcir_block *blk = tl_current_block(b);
    tcir_op_set_order(op, site.seq, site.scope);
    tcir_op *before = NULL;
    if (site.seq && site.scope && !tcir_op_nregions(op) && !tcir_op_nsuccessors(op))
        for (tcir_op *p = tcir_block_last(blk); p && may_pass(op, p); p = tcir_op_prev(p))
            before = p;
    tcir_block_insert_before(blk, before, op);
}

/* Constants sit at the top of the entry block in the source order of their first use. */
void tl__place_const(tl_builder *b, tcir_op *c, tl_site site, bool is_new)
{
    if (!is_new) {
        bool earlier = site.seq && site.scope == tcir_op_order_scope(c) && site.seq < tcir_op_order_seq(c);
        if (!earlier)
            return;
        if (b->last_const == c)
            b->last_const = tcir_op_prev(c);
        tcir_op_detach(c);
    }
    tcir_op_set_order(c, site.seq, site.scope);
    /* Insert after `after` (NULL: at the very top), scanning back over later-text constants. */
    tcir_op *after = b->last_const;
    if (site.seq && site.scope)
        while (after && tcir_op_order_scope(after) == site.scope && tcir_op_order_seq(after) > site.seq)
            after = tcir_op_prev(after);
    tcir_block_insert_before(b->entry, after ? tcir_op_next(after) : tcir_block_first(b->entry), c);
    if (after == b->last_const)
        b->last_const = c;
}
