/* Early returns (control.h: tl_return_if, tl_return_if_open): a conditional branch out of the
 * function's body, to a return of its own or to the shared exit block, at function level only
 * (scf regions cannot return). */
#include "lang/scope_internal.h"

/* Branches on cond to `taken` or to a fresh fall-through block, and continues there after. */
static bool branch_out(tl_site s, tl_builder *b, tl_value cond, tcir_block *taken, tcir_block **cont)
{
    tl_value c;
    if (!scope_condition(s, b, cond, &c))
        return false;
    tcir_region *body = tcir_op_region(tl_builder_func(b), 0);
    *cont = tcir_region_add_block(scope_ctx(b), body);
    if (!taken || !*cont)
        return scope_out_of_memory(s, b);
    tcir_block *succ[2] = {taken, *cont};
    return lang_op(s, b, TCIR_OPC_CF_COND_BR,
                   (tl_raw_op){.noperands = 1, .operands = &c, .nsuccessors = 2, .successors = succ}) != NULL;
}

static bool at_function_level(tl_site s, tl_builder *b)
{
    if (tl_scope_depth(b) != 0) {
        tl_builder_fail(b, s, "an early return is only allowed in the function's own body, not inside a loop "
                              "or branch (scf regions cannot return)");
        return false;
    }
    return true;
}

void tl_return_if_at(tl_site s, tl_value cond, tl_return_opts o)
{
    tl_builder *b = lang_builder(s, NULL, 1, &cond, (const char *const[]){"condition"});
    if (!b || !at_function_level(s, b))
        return;
    tcir_block *taken, *cont;
    if (o.inline_return) {
        taken = tcir_region_add_block(scope_ctx(b), tcir_op_region(tl_builder_func(b), 0));
    } else {
        taken = tl_exit_block_at(s, b);
    }
    if (!branch_out(s, b, cond, taken, &cont))
        return;
    if (o.inline_return) {
        tl_push_block_at(s, b, taken);
        scope_terminate(s, b, TCIR_OPC_TT_RETURN, 0, NULL);
        tl_pop_block_at(s, b);
    }
    tl_set_block_at(s, b, cont);
}

tl_scope tl_return_if_open_at(tl_site s, tl_value cond, tl_return_opts o)
{
    tl_builder *b = lang_builder(s, NULL, 1, &cond, (const char *const[]){"condition"});
    if (!b || !at_function_level(s, b))
        return scope_failed(b ? b : cond.b, s, 0);
    tcir_block *taken = tcir_region_add_block(scope_ctx(b), tcir_op_region(tl_builder_func(b), 0)), *cont;
    if (!branch_out(s, b, cond, taken, &cont))
        return scope_failed(b, s, 0);
    tl_push_block_at(s, b, taken);
    if (tl_builder_failed(b))
        return scope_failed(b, s, 0);
    /* The fall-through block is the one right after `taken` (close_return_if continues there). */
    tl_scope scope = scope_failed(b, s, 0);
    scope.kind = TL_SCOPE_RETURN_IF;
    scope.depth = tl_scope_depth(b);
    scope.block = taken;
    scope.inline_return = o.inline_return;
    return scope;
}

void scope_close_return_if(tl_site s, tl_scope *scope, tl_values values)
{
    tl_builder *b = scope->b;
    if (values.n) {
        tl_builder_fail(b, s, "a return-if branch yields no values (the kernel returns nothing)");
        return;
    }
    tcir_block *cont = tcir_block_next(scope->block);
    if (scope->inline_return) {
        if (!scope_terminate(s, b, TCIR_OPC_TT_RETURN, 0, NULL))
            return;
    } else {
        tcir_block *exit = tl_exit_block_at(s, b);
        if (!exit || !lang_op(s, b, TCIR_OPC_CF_BR, (tl_raw_op){.nsuccessors = 1, .successors = &exit}))
            return;
    }
    tl_pop_block_at(s, b);
    tl_set_block_at(s, b, cont);
}
