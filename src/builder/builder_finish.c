/* tl_finish: the kernel's end. Closes the function (its return), applies the argument order,
 * seals the signature, has the order engine put the constants in their final order, then
 * verifies and prints the module. */
#include <string.h>

#include "builder/builder_internal.h"

/* function_type and arg_attrs from the declared arguments. */
static void seal_signature(tl_builder *b)
{
    tcir_context *ctx = b->ctx;
    /* The function's arguments: one per declared argument, but a host tensor descriptor's shape
     * and strides after it (tl_arg put them in the entry block). */
    int nsig = tcir_block_nargs(b->entry);
    const tcir_type **inputs = tcir_alloc(ctx, sizeof(*inputs) * (size_t)(nsig ? nsig : 1));
    const tcir_attr **dicts = tcir_alloc(ctx, sizeof(*dicts) * (size_t)(nsig ? nsig : 1));
    if (!inputs || !dicts)
        return; /* out of memory: tl_finish reports it */
    bool any = false;
    /* Dictionaries are immutable: the arguments share the empty one, and one per divisibility
     * in a row (a kernel with many arguments repeats a few). */
    const tcir_attr *empty = NULL, *last_div = NULL;
    int last_div_value = 0;
    for (int i = 0, at = 0; i < b->nargs && at < nsig; i++, at++) {
        const tl_argspec *s = &b->args[i].spec;
        if (s->kind == TL_ARG_TENSORDESC) { /* the descriptor, its shape and its strides: no attributes */
            for (int j = 0; j <= 2 * s->rank && at + j < nsig; j++) {
                inputs[at + j] = tcir_value_type(tcir_block_arg(b->entry, at + j));
                dicts[at + j] = empty ? empty : (empty = tcir_attr_dict(ctx, 0, NULL));
            }
            at += 2 * s->rank;
            continue;
        }
        inputs[at] = tcir_value_type(b->args[i].value);
        int div = s->divisibility;
        if (div == 0)
            div = s->kind == TL_ARG_PTR ? 16 : TL_DIV_NONE;
        if (div != TL_DIV_NONE) {
            if (!last_div || last_div_value != div) {
                tcir_named_attr e = {"tt.divisibility", tcir_attr_int(ctx, div, tcir_type_int(ctx, 32)), false};
                last_div = tcir_attr_dict(ctx, 1, &e);
                last_div_value = div;
            }
            dicts[at] = last_div;
            any = true;
        } else {
            dicts[at] = empty ? empty : (empty = tcir_attr_dict(ctx, 0, NULL));
        }
    }
    tcir_op_set_attr(ctx, b->func, "function_type", tcir_attr_type(ctx, tcir_type_func(ctx, nsig, inputs, 0, NULL)),
                     true);
    if (any)
        tcir_op_set_attr(ctx, b->func, "arg_attrs", tcir_attr_array(ctx, nsig, dicts), true);
}

/* Python's canonicalizer erases the constants nothing uses. Those tl_to_tensor made (a number
 * assigned to a name, `mean = 0`, then reassigned) go the same way here; their meeting still
 * placed the others. (Other unused constants stay: the API made them on purpose.) */
static void drop_unused_consts(tl_builder *b)
{
    for (int k = 0; k < b->pool.nconsts; k++) {
        order_const_entry *e = order_pool_at(&b->pool, k);
        if (e->droppable && e->op && !e->used && tcir_op_block(e->op))
            order_pool_drop(b, e);
    }
}

void tl_consts_droppable_since(tl_builder *b, int mark)
{
    if (!b)
        return;
    for (int k = mark < 0 ? 0 : mark; k < b->pool.nconsts; k++) {
        order_const_entry *e = order_pool_at(&b->pool, k);
        if (e->op)
            e->droppable = true;
    }
}

int tl_const_mark(const tl_builder *b) { return b ? b->pool.nconsts : 0; }

void tl_consts_droppable_after(tl_builder *b)
{
    if (b && !b->dead_consts_from)
        b->dead_consts_from = b->pool.nconsts + 1;
}

char *tl_finish_at(tl_site site, tl_builder *b)
{
    if (b) /* it takes no more calls: a C-number condition no longer names it */
        builder_live_unlink(b);
    if (!builder_usable(b, site))
        return NULL;
    if (b->depth != 1) { /* the innermost open scope, at the call that opened it */
        tl_site opened = b->levels[b->depth - 1].pushed_at;
        tl_builder_fail(b, opened, "%s opened here is never closed", opened.func ? opened.func : "a block");
        return NULL;
    }
    if (b->specialize && strlen(b->specialize) != (size_t)b->ndeclared) {
        tl_builder_fail(b, site, "specialization key '%s' has %zu letters for %d declared arguments", b->specialize,
                        strlen(b->specialize), b->ndeclared);
        return NULL;
    }
    /* The natural end returns: in place, or through the shared exit of early returns, which
     * then moves to the end of the function. */
    tcir_op_state end = {.name = tcir_opcode_name(TCIR_OPC_TT_RETURN), .loc = {site.file, site.line, 0}};
    if (b->exit_block) {
        end = (tcir_op_state){
            .name = tcir_opcode_name(TCIR_OPC_CF_BR), .loc = end.loc, .nsuccessors = 1, .successors = &b->exit_block};
        tcir_region_move_block_to_end(tcir_op_region(b->func, 0), b->exit_block);
    }
    tcir_op *ret = tcir_op_create(b->ctx, &end);
    if (ret)
        tcir_block_append(tl_current_block(b), ret);
    if (!builder_apply_arg_order(b, site))
        return NULL;
    seal_signature(b);
    if (b->dead_consts_from)
        tl_consts_droppable_since(b, b->dead_consts_from - 1);
    order_pool_settle(b);
    bool sorted = order_pool_sort(b);
    drop_unused_consts(b);
    if (!sorted || b->out_of_memory || tcir_context_oom(b->ctx)) {
        tl_builder_fail(b, site, "out of memory");
        return NULL;
    }
    b->finished = true;
    char err[TL_ERROR_INLINE];
    if (!tcir_verify(b->module, err, sizeof err)) {
        tl_builder_fail(b, site, "verifier: %s", err);
        return NULL;
    }
    char *text = tcir_print(b->module, (tcir_print_opts){.generic = b->generic, .locations = b->locations}, NULL);
    if (!text)
        tl_builder_fail(b, site, "out of memory while printing");
    return text;
}
