/* A scope's op made again without the carried values its body left unchanged.
 *
 * Python decides what a loop carries from a dry run of its body, before it makes the op. The
 * builder makes the op when the scope opens, with every listed variable, so that it sits where
 * the source opened it; when some variables turn out unchanged at tl_end, the op is made again
 * without them: the body's ops move to the new op's block, uses of the dropped arguments become
 * uses of the values from before the scope. Every new piece is made before anything moves, so
 * running out of memory leaves the old op whole. */
#include "lang/scope_internal.h"

/* Replaces every use of from[i] under blk (nested regions included) by to[i]. */
static void replace_uses(tcir_block *blk, int n, tcir_value *const *from, tcir_value *const *to)
{
    for (tcir_op *op = tcir_block_first(blk); op; op = tcir_op_next(op)) {
        for (int i = 0; i < tcir_op_noperands(op); i++)
            for (int k = 0; k < n; k++)
                if (tcir_op_operand(op, i) == from[k]) {
                    tcir_op_set_operand(op, i, to[k]);
                    break;
                }
        for (int r = 0; r < tcir_op_nregions(op); r++)
            for (tcir_block *inner = tcir_region_first_block(tcir_op_region(op, r)); inner;
                 inner = tcir_block_next(inner))
                replace_uses(inner, n, from, to);
    }
}

/* Moves the ops of `from` (but `except`) to the end of `to`. */
static void move_ops(tcir_block *from, tcir_block *to, const tcir_op *except)
{
    tcir_op *op = tcir_block_first(from);
    while (op) {
        tcir_op *next = tcir_op_next(op);
        if (op != except) {
            tcir_op_detach(op);
            tcir_block_append(to, op);
        }
        op = next;
    }
}

/* A new block in region r of op with the arguments of `old` at keep (the first `fixed` always),
 * and the map from old arguments to new ones (dropped ones to `dropped_to`). NULL when memory
 * runs out (nothing else changed). */
static tcir_block *block_like(tl_site s, tl_builder *b, tcir_op *op, int r, tcir_block *old, int fixed, int n,
                              const bool *keep, const tl_value *dropped_to, tcir_value **from, tcir_value **to)
{
    tcir_block *blk = op ? tcir_region_add_block(lang_scope_ctx(b), tcir_op_region(op, r)) : NULL;
    for (int i = 0; blk && i < fixed + n; i++) {
        from[i] = tcir_block_arg(old, i);
        bool keep_it = i < fixed || keep[i - fixed];
        to[i] = keep_it
            ? tcir_block_add_arg(lang_scope_ctx(b), blk, tcir_value_type(from[i]), tcir_block_arg_loc(old, i))
            : dropped_to[i - fixed].ir;
        if (!to[i])
            blk = NULL;
    }
    if (!blk)
        lang_scope_out_of_memory(s, b);
    return blk;
}

/* Maps the values in v (n of them) through from -> to (m pairs): a yield made after a rebuild
 * may name an old block argument (a = b, with b not carried). */
static void remap(int m, tcir_value *const *from, tcir_value *const *to, int n, tl_value *v)
{
    for (int i = 0; i < n; i++)
        for (int k = 0; k < m; k++)
            if (v[i].ir == from[k]) {
                v[i].ir = to[k];
                break;
            }
}

/* Puts `now` where `old` is (with its source-order key) and unlinks old. */
static void replace_op(tcir_op *old, tcir_op *now)
{
    tcir_op_set_aux(now, tcir_op_aux(old));
    tcir_block_insert_before(tcir_op_block(old), old, now);
    tcir_op_detach(old);
}

static tcir_named_attr *attrs_of(tl_site s, tl_builder *b, const tcir_op *op)
{
    int n = tcir_op_nattrs(op);
    tcir_named_attr *a = lang_scope_array(s, b, n, sizeof(*a));
    for (int i = 0; a && i < n; i++)
        a[i] = *tcir_op_attr_at(op, i);
    return a;
}

/* The scope's op made again with only the carried values at keep (its body moved over). Every
 * new piece is made before anything moves, so running out of memory changes nothing. */
bool lang_rebuild_for(tl_site s, tl_builder *b, tl_scope *scope, const bool *keep, int nyield, tl_value *yield)
{
    const tl_carry *c = scope->carry;
    tcir_op *old = scope->op;
    int n = c->n, nk = 0;
    tcir_value **operands = lang_scope_irs(s, b, 3 + n), **from = lang_scope_irs(s, b, 1 + n),
               **to = lang_scope_irs(s, b, 1 + n);
    const tcir_type **types = lang_scope_types(s, b, n);
    tcir_named_attr *attrs = attrs_of(s, b, old);
    if (!operands || !from || !to || !types || !attrs)
        return false;
    for (int i = 0; i < 3; i++)
        operands[i] = tcir_op_operand(old, i);
    for (int i = 0; i < n; i++)
        if (keep[i]) {
            types[nk] = tcir_value_type(tcir_op_result(old, i));
            operands[3 + nk++] = tcir_op_operand(old, 3 + i);
        }
    tcir_op *now = tcir_op_create(lang_scope_ctx(b),
                                  &(tcir_op_state){.name = tcir_opcode_name(TCIR_OPC_SCF_FOR),
                                                   .loc = tcir_op_loc(old),
                                                   .noperands = 3 + nk,
                                                   .operands = operands,
                                                   .nresults = nk,
                                                   .result_types = types,
                                                   .nattrs = tcir_op_nattrs(old),
                                                   .attrs = attrs,
                                                   .nregions = 1});
    tcir_block *body = block_like(s, b, now, 0, scope->block, 1, n, keep, c->init, from, to);
    if (!body)
        return false;
    move_ops(scope->block, body, NULL);
    replace_uses(body, 1 + n, from, to);
    remap(1 + n, from, to, nyield, yield);
    replace_op(old, now);
    tl_set_block_at(s, b, body);
    scope->op = now;
    scope->block = body;
    return true;
}

/* The same for a while: both regions, and the condition's forwarded values. */
bool lang_rebuild_while(tl_site s, tl_builder *b, tl_scope *scope, const bool *keep, int nyield, tl_value *yield)
{
    const tl_carry *c = scope->carry;
    tcir_op *old = scope->op;
    int n = c->n, nk = 0;
    tcir_value **operands = lang_scope_irs(s, b, n), **forwarded = lang_scope_irs(s, b, 1 + n);
    tcir_value **from_before = lang_scope_irs(s, b, n), **to_before = lang_scope_irs(s, b, n);
    tcir_value **from_after = lang_scope_irs(s, b, n), **to_after = lang_scope_irs(s, b, n);
    const tcir_type **types = lang_scope_types(s, b, n);
    if (!operands || !forwarded || !from_before || !to_before || !from_after || !to_after || !types)
        return false;
    tcir_block *old_before = tcir_region_first_block(tcir_op_region(old, 0));
    tcir_op *old_cond = tcir_block_last(old_before);
    forwarded[0] = tcir_op_operand(old_cond, 0);
    for (int i = 0; i < n; i++)
        if (keep[i]) {
            types[nk] = tcir_value_type(tcir_op_result(old, i));
            operands[nk] = tcir_op_operand(old, i);
            forwarded[1 + nk++] = tcir_op_operand(old_cond, 1 + i);
        }
    tcir_op *now = tcir_op_create(lang_scope_ctx(b),
                                  &(tcir_op_state){.name = tcir_opcode_name(TCIR_OPC_SCF_WHILE),
                                                   .loc = tcir_op_loc(old),
                                                   .noperands = nk,
                                                   .operands = operands,
                                                   .nresults = nk,
                                                   .result_types = types,
                                                   .nregions = 2});
    tcir_op *cond = tcir_op_create(lang_scope_ctx(b),
                                   &(tcir_op_state){.name = tcir_opcode_name(TCIR_OPC_SCF_CONDITION),
                                                    .loc = tcir_op_loc(old_cond),
                                                    .noperands = 1 + nk,
                                                    .operands = forwarded});
    tcir_block *before = NULL, *after = NULL;
    if (cond)
        before = block_like(s, b, now, 0, old_before, 0, n, keep, c->init, from_before, to_before);
    if (before)
        after = block_like(s, b, now, 1, scope->block, 0, n, keep, c->init, from_after, to_after);
    if (!after)
        return tl_builder_failed(b) ? false : lang_scope_out_of_memory(s, b);
    move_ops(old_before, before, old_cond);
    tcir_op_set_aux(cond, tcir_op_aux(old_cond)); /* its source-order key */
    tcir_block_append(before, cond);
    replace_uses(before, n, from_before, to_before);
    move_ops(scope->block, after, NULL);
    replace_uses(after, n, from_after, to_after);
    remap(n, from_after, to_after, nyield, yield);
    replace_op(old, now);
    tl_set_block_at(s, b, after);
    scope->op = now;
    scope->block = after;
    return true;
}

/* An if whose else branch is empty (no ops, nothing yielded) made again without it, as Triton's
 * canonicalizer leaves it. */
void lang_rebuild_without_empty_else(tl_site s, tl_builder *b, tl_scope *scope)
{
    tcir_op *old = scope->op;
    tcir_block *other = tcir_region_first_block(tcir_op_region(old, 1));
    tcir_op *only = other ? tcir_block_first(other) : NULL;
    if (!other || tcir_op_nresults(old) != 0 || (only && (only != tcir_block_last(other) || tcir_op_noperands(only))))
        return;
    tcir_value *cond = tcir_op_operand(old, 0);
    tcir_named_attr *attrs = attrs_of(s, b, old);
    tcir_op *now = attrs ? tcir_op_create(lang_scope_ctx(b),
                                          &(tcir_op_state){.name = tcir_opcode_name(TCIR_OPC_SCF_IF),
                                                           .loc = tcir_op_loc(old),
                                                           .noperands = 1,
                                                           .operands = &cond,
                                                           .nattrs = tcir_op_nattrs(old),
                                                           .attrs = attrs,
                                                           .nregions = 2})
                         : NULL;
    tcir_block *then = now ? tcir_region_add_block(lang_scope_ctx(b), tcir_op_region(now, 0)) : NULL;
    if (!then) { /* keeping the empty else is still a valid kernel */
        return;
    }
    move_ops(tcir_region_first_block(tcir_op_region(old, 0)), then, NULL);
    replace_op(old, now);
    scope->op = now;
}
