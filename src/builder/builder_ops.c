/* The builder's raw ops and where they go: tl_op (every op of the language is made by
 * tl_op_at_ref, which checks it and hands it to the order engine) and the insertion stack of
 * blocks (tl_push_block, tl_set_block, tl_pop_block, the exit of early returns), with the blocks
 * whose values the insertion point may use. */
#include <limits.h>
#include <string.h>

#include "builder/builder_internal.h"

void builder_make_visible(tl_builder *b, tcir_block *blk)
{
    if (b->nvisible == b->visible_cap) {
        int cap = b->visible_cap ? b->visible_cap * 2 : 16;
        tcir_block **grown = cap < INT_MAX / 2 ? tcir_alloc(b->ctx, sizeof(*grown) * (size_t)cap) : NULL;
        if (!grown)
            return; /* out of memory: builder_usable reports it at the next call */
        for (int i = 0; i < b->nvisible; i++)
            grown[i] = b->visible[i];
        b->visible = grown;
        b->visible_cap = cap;
    }
    tcir_block_set_mark(blk, b->nvisible + 1); /* where it went last: is_visible looks there */
    b->visible[b->nvisible++] = blk;
}

static bool is_visible(tl_builder *b, const tcir_block *blk)
{
    /* Most operands come from the block of the operand before: the last answer is asked first
     * (without reading the block, which on a big kernel is a cache miss). */
    int last = b->visible_last;
    if (last < b->nvisible && b->visible[last] == blk)
        return true;
    int at = tcir_block_mark(blk) - 1;
    if (at >= 0 && at < b->nvisible && b->visible[at] == blk) {
        b->visible_last = at;
        return true;
    }
    /* not where it went last: an earlier copy may still be there (a miss is an error anyway) */
    for (int i = b->nvisible - 1; i >= 0; i--)
        if (b->visible[i] == blk)
            return true;
    return false;
}

/* ---- raw ops ------------------------------------------------------------------------------ */

enum { TL_MAX_RAW_OPERANDS = 256 };

/* tl_op_at's work, its site and spec by address: every op of the language is made here, and
 * the two structs are 130 bytes to copy at each call. */
tcir_op *tl_op_at_ref(const tl_site *sp, tl_builder *b, const tl_raw_op *spec)
{
    if (!sp || !spec) {
        if (b)
            tl_builder_fail(b, sp ? *sp : (tl_site){0}, sp ? "spec is NULL" : "tl_op_at_ref: site is NULL");
        return NULL;
    }
    if (!builder_usable(b, *sp))
        return NULL;
    if (!spec->name || !strchr(spec->name, '.')) {
        tl_builder_fail(b, *sp, "op name '%s' is not of the form dialect.op", spec->name ? spec->name : "(null)");
        return NULL;
    }
    if (spec->noperands < 0 || spec->noperands > TL_MAX_RAW_OPERANDS || spec->nresults < 0 || spec->nattrs < 0 ||
        spec->nregions < 0 || spec->nsuccessors < 0 || (spec->noperands && !spec->operands) ||
        (spec->nresults && !spec->result_types) || (spec->nattrs && !spec->attrs) ||
        (spec->nsuccessors && !spec->successors)) {
        tl_builder_fail(b, *sp, "%s: inconsistent operand, result or attribute counts", spec->name);
        return NULL;
    }
    if (spec->nregions > TCIR_MAX_REGIONS || spec->nsuccessors > TCIR_MAX_SUCCESSORS) {
        tl_builder_fail(b, *sp, "%s: %d regions and %d successors; an op has at most %d of each", spec->name,
                        spec->nregions, spec->nsuccessors, TCIR_MAX_REGIONS);
        return NULL;
    }
    tcir_value *operands[TL_MAX_RAW_OPERANDS];
    for (int i = 0; i < spec->noperands; i++) {
        tl_value v = spec->operands[i];
        if (tl_value_is_lit(v)) {
            tl_builder_fail(b, *sp, "%s: operand #%d is a literal; make it a value first", spec->name, i);
            return NULL;
        }
        if (!v.ir) {
            tl_builder_fail(b, *sp, "%s: operand #%d is poison", spec->name, i);
            return NULL;
        }
        if (v.b != b) {
            tl_builder_fail(b, *sp, "%s: operand #%d belongs to another builder", spec->name, i);
            return NULL;
        }
        if (!is_visible(b, tcir_value_block(v.ir))) {
            /* name the line that made it: that is where the variable took a value that dies
             * with its scope */
            tcir_op *def = tcir_value_def(v.ir);
            tcir_loc at = def ? tcir_op_loc(def) : tcir_block_arg_loc(tcir_value_block(v.ir), tcir_value_index(v.ir));
            if (at.file)
                tl_builder_fail(b, *sp,
                                "%s: operand #%d, made at %s:%d, was defined inside a scope that is closed (or not "
                                "entered) here",
                                spec->name, i, at.file, at.line);
            else
                tl_builder_fail(b, *sp,
                                "%s: operand #%d was defined inside a scope that is closed (or not entered) here",
                                spec->name, i);
            return NULL;
        }
        operands[i] = v.ir;
    }
    for (int i = 0; i < spec->nresults; i++) {
        const tcir_type *t = spec->result_types[i];
        if (!t) {
            tl_builder_fail(b, *sp, "%s: result type #%d is NULL", spec->name, i);
            return NULL;
        }
        /* most result types are seen often: their count, kept by the type, settles the check */
        if (tcir_type_is_tensor(t) && !(ir_type_dims_positive(t) && tcir_type_numel(t) <= TL_MAX_TENSOR_NUMEL) &&
            !builder_check_numel(b, *sp, "result", tcir_type_rank(t), tcir_type_dims(t)))
            return NULL;
    }
    tcir_op *op = tcir_op_create(b->ctx,
                                 &(tcir_op_state){
                                     .name = spec->name,
                                     .loc = {sp->file, sp->line, 0},
                                     .noperands = spec->noperands,
                                     .operands = operands,
                                     .nresults = spec->nresults,
                                     .result_types = spec->result_types,
                                     .nattrs = spec->nattrs,
                                     .attrs = spec->attrs,
                                     .nregions = spec->nregions,
                                     .nsuccessors = spec->nsuccessors,
                                     .successors = spec->successors,
                                 });
    if (!op || tcir_context_oom(b->ctx)) { /* placed nowhere: the kernel is abandoned */
        tl_builder_fail(b, *sp, "out of memory");
        return NULL;
    }
    order_place_op(b, op, sp);
    return op;
}

tcir_op *tl_op_at(tl_site site, tl_builder *b, tl_raw_op spec) { return tl_op_at_ref(&site, b, &spec); }

tl_value tl_result_at(tl_site site, tl_builder *b, tcir_op *op, int i)
{
    if (!builder_usable(b, site))
        return TL_POISON;
    if (!op)
        return tl_builder_fail(b, site, "NULL op");
    if (i < 0 || i >= tcir_op_nresults(op))
        return tl_builder_fail(b, site, "%s has no result #%d", tcir_op_name(op), i);
    return builder_wrap(b, tcir_op_result(op, i), TL_DTYPE_INVALID);
}

void tl_push_block_at(tl_site site, tl_builder *b, tcir_block *blk)
{
    if (!builder_usable(b, site))
        return;
    if (!blk) {
        tl_builder_fail(b, site, "NULL block");
        return;
    }
    if (b->depth > TL_MAX_NESTING) { /* levels[0] is the entry block: depth - 1 are pushed */
        tl_builder_fail(b, site, "scopes nest %d deep at most (TL_MAX_NESTING)", TL_MAX_NESTING);
        return;
    }
    if (b->depth == b->levels_cap) {
        struct builder_level *grown =
            b->depth < INT_MAX / 2 ? tcir_alloc(b->ctx, sizeof(*grown) * (size_t)b->depth * 2) : NULL;
        if (!grown || tcir_context_oom(b->ctx)) {
            tl_builder_fail(b, site, "out of memory");
            return;
        }
        memcpy(grown, b->levels, sizeof(*grown) * (size_t)b->depth); /* the old array stays in the arena */
        b->levels = grown;
        b->levels_cap = b->depth * 2;
    }
    b->levels[b->depth++] = (struct builder_level){blk, site, b->nvisible};
    builder_make_visible(b, blk);
}

void tl_set_block_at(tl_site site, tl_builder *b, tcir_block *blk)
{
    if (!builder_usable(b, site))
        return;
    if (!blk) {
        tl_builder_fail(b, site, "NULL block");
        return;
    }
    b->levels[b->depth - 1].block = blk;
    builder_make_visible(b, blk);
}

tcir_block *tl_exit_block_at(tl_site site, tl_builder *b)
{
    if (!builder_usable(b, site))
        return NULL;
    if (!b->exit_block) {
        tcir_block *exit = tcir_region_add_block(b->ctx, tcir_op_region(b->func, 0));
        tcir_op *ret = tcir_op_create(
            b->ctx, &(tcir_op_state){.name = tcir_opcode_name(TCIR_OPC_TT_RETURN), .loc = {site.file, site.line, 0}});
        if (!exit || !ret || tcir_context_oom(b->ctx)) {
            tl_builder_fail(b, site, "out of memory");
            return NULL;
        }
        tcir_block_append(exit, ret);
        b->exit_block = exit;
    }
    return b->exit_block;
}

int tl_scope_depth(const tl_builder *b) { return b ? b->depth - 1 : 0; }

tl_site tl_pushed_at(const tl_builder *b, int depth)
{
    return b && depth >= 1 && depth < b->depth ? b->levels[depth].pushed_at : (tl_site){0};
}

void tl_pop_block_at(tl_site site, tl_builder *b)
{
    if (!builder_usable(b, site))
        return;
    if (b->depth == 1) {
        tl_builder_fail(b, site, "no pushed block to pop (the entry block stays)");
        return;
    }
    b->depth--;
    b->nvisible = b->levels[b->depth].visible_start;
}
