/* Late changes to built IR that control flow needs: results given once the body is known,
 * and a block moved to the end of its region. */
#include "ir/internal.h"

void tcir_op_set_result_types(tcir_context *ctx, tcir_op *op, int n, const tcir_type *const *types)
{
    if (op->nresults || n <= 0)
        return;
    op->results = tcir_alloc(ctx, sizeof(tcir_value) * (size_t)n);
    if (!op->results)
        return; /* out of memory (and reserve): the op keeps no results */
    for (int i = 0; i < n; i++) {
        op->results[i].type = types[i];
        op->results[i].def = op;
        op->results[i].index = i;
        op->results[i].serial = ir_next_serial(ctx);
    }
    op->nresults = n;
}

void tcir_region_move_block_to_end(tcir_region *r, tcir_block *blk)
{
    if (r->last == blk)
        return;
    tcir_block *prev = NULL;
    for (tcir_block *b = r->first; b && b != blk; b = b->next)
        prev = b;
    if (prev)
        prev->next = blk->next;
    else
        r->first = blk->next;
    blk->next = NULL;
    r->last->next = blk;
    r->last = blk;
}
