/* Scopes whose condition is a C number (control.h): tl_if(0), tl_return_if(1), a condition that
 * is a constexpr (an argument specialized to 1 is tl_lit_int(1)). Python decides an `if` on a
 * constexpr when it compiles: only the branch taken is emitted, inline, and code after a
 * `return` goes into a dead block that the canonicalizer drops. Here the body's C still runs:
 * each branch fills a block of a holder op that is never placed; at the close the taken one's
 * ops move to where the scope stands, and the other's are dropped with the holder (with the
 * constants only they made). A value made in the dropped branch cannot escape: its block is
 * closed, and using it is an error that names the line that made it. */
#include <stdio.h>

#include "lang/scope_internal.h"

bool lang_scope_const_true(tl_value v) { return v.lit == TL_LIT_FLOAT ? v.lit_val.f != 0.0 : v.lit_val.i != 0; }

tl_builder *lang_scope_const_builder(tl_site s, const char *call, tl_vars carry)
{
    for (int i = 0; i < carry.n && carry.v; i++) /* a carried variable's builder, when it has one */
        if (carry.v[i] && !tl_value_is_lit(*carry.v[i]) && carry.v[i]->b)
            return carry.v[i]->b;
    char what[96];
    snprintf(what, sizeof what, "%s: the condition is a C constant", call);
    return tl_builder_of_thread_at(s, what);
}

/* A block of a fresh holder op, which is never placed: what goes there prints nowhere. */
static tcir_block *holder_block(tl_site s, tl_builder *b, tcir_op **holder)
{
    if (!*holder)
        *holder = tcir_op_create(
            lang_scope_ctx(b),
            &(tcir_op_state){.name = tcir_opcode_name(TCIR_OPC_SCF_IF), .loc = {s.file, s.line, 0}, .nregions = 2});
    tcir_block *blk = NULL;
    for (int r = 0; *holder && r < 2 && !blk; r++)
        if (!tcir_region_first_block(tcir_op_region(*holder, r)))
            blk = tcir_region_add_block(lang_scope_ctx(b), tcir_op_region(*holder, r));
    if (!blk || tcir_context_oom(lang_scope_ctx(b)))
        lang_scope_out_of_memory(s, b);
    return blk;
}

bool lang_scope_const_open(tl_site s, tl_builder *b, tl_scope *scope, tl_value cond)
{
    tcir_block *blk = holder_block(s, b, &scope->op);
    if (!blk)
        return false;
    tl_push_block_at(s, b, blk);
    if (tl_builder_failed(b))
        return false;
    scope->decided = lang_scope_const_true(cond) ? 1 : 2;
    scope->depth = tl_scope_depth(b);
    scope->block = blk;
    scope->const_mark = tl_const_mark(b);
    return true;
}

bool lang_scope_const_branch_taken(const tl_scope *scope) { return (scope->decided == 1) == (scope->phase == 0); }

bool lang_scope_const_else(tl_site s, tl_scope *scope)
{
    tl_builder *b = scope->b;
    if (!lang_scope_const_branch_taken(scope))
        tl_consts_droppable_since(b, scope->const_mark);
    tl_pop_block_at(s, b);
    tcir_block *other = holder_block(s, b, &scope->op);
    if (!other)
        return false;
    tl_push_block_at(scope->opened, b, other); /* an else left open is reported at its if */
    scope->block = other;
    scope->phase = 1;
    scope->const_mark = tl_const_mark(b);
    return !tl_builder_failed(b);
}

/* Moves the ops of blk to the end of the current block. */
static void move_to_current(tl_builder *b, tcir_block *blk)
{
    tcir_block *to = tl_current_block(b);
    tcir_op *op = tcir_block_first(blk);
    while (op) {
        tcir_op *next = tcir_op_next(op);
        tcir_op_detach(op);
        tcir_block_append(to, op);
        op = next;
    }
}

void lang_scope_const_close(tl_site s, tl_scope *scope)
{
    tl_builder *b = scope->b;
    if (!lang_scope_const_branch_taken(scope))
        tl_consts_droppable_since(b, scope->const_mark);
    tl_pop_block_at(s, b);
    /* the taken branch: the then-block (then taken) or the open one (else taken) */
    tcir_block *taken = scope->decided == 1 ? tcir_region_first_block(tcir_op_region(scope->op, 0))
        : scope->phase == 1                 ? scope->block
                                            : NULL;
    if (taken)
        move_to_current(b, taken);
}

void lang_scope_end_body(tl_site s, tl_builder *b)
{
    if (!lang_scope_terminate(s, b, TCIR_OPC_TT_RETURN, 0, NULL))
        return;
    tcir_op *holder = NULL;
    tcir_block *dead = holder_block(s, b, &holder);
    if (!dead)
        return;
    tl_set_block_at(s, b, dead);
    tl_consts_droppable_after(b);
}
