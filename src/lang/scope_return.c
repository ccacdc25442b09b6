/* Early returns (control.h: tl_return_if, tl_return_if_open): a conditional branch out of the
 * function's body, to a return of its own or to the shared exit block, at function level only
 * (scf regions cannot return). */
#include "lang/scope_internal.h"

/* Branches on cond to `taken` or to a fresh fall-through block, and continues there after. */
static bool branch_out(tl_site s, tl_builder *b, tl_value cond, tcir_block *taken, tcir_block **cont)
{
    tl_value c;
    if (!lang_scope_condition(s, b, cond, &c))
        return false;
    tcir_region *body = tcir_block_region(tl_current_block(b)); /* the function's, or a dropped one */
    *cont = tcir_region_add_block(lang_scope_ctx(b), body);
    if (!taken || !*cont)
        return lang_scope_out_of_memory(s, b);
    tcir_block *succ[2] = {taken, *cont};
    return lang_op(s, b, TCIR_OPC_CF_COND_BR,
                   (tl_raw_op){.noperands = 1, .operands = &c, .nsuccessors = 2, .successors = succ}) != NULL;
}

static bool at_function_level(tl_site s, tl_builder *b)
{
    if (tl_scope_depth(b) != 0) {
        tl_builder_fail(b, s,
                        "an early return is only allowed in the function's own body, not inside a loop "
                        "or branch (scf regions cannot return)");
        return false;
    }
    return true;
}

/* Whether the current block is one of the function's own (not what follows a return that is
 * always taken, which no branch may leave for the function's blocks). */
static bool in_function_blocks(tl_builder *b)
{
    return tcir_block_region(tl_current_block(b)) == tcir_op_region(tl_builder_func(b), 0);
}

void tl_return_if_at(tl_site s, tl_value cond, tl_return_opts o)
{
    if (o.carry.n) {
        tl_builder *b = cond.b ? cond.b : lang_scope_const_builder(s, "tl_return_if", o.carry);
        if (b && !tl_builder_failed(b))
            tl_builder_fail(b, s, ".carry is for tl_return_if_open (tl_return_if has no branch to assign in)");
        return;
    }
    if (tl_value_is_lit(cond)) { /* decided here: Python's `if <constexpr>: return` */
        tl_builder *b = lang_scope_const_builder(s, "tl_return_if", (tl_vars){0, NULL, NULL});
        if (b && !tl_builder_failed(b) && at_function_level(s, b) && lang_scope_const_true(cond))
            lang_scope_end_body(s, b);
        return;
    }
    tl_builder *b = lang_builder(s, NULL, 1, &cond, (const char *const[]){"condition"});
    if (!b || !at_function_level(s, b))
        return;
    if (!in_function_blocks(b))
        o.inline_return = true; /* after a return always taken: dropped anyway */
    tcir_block *taken, *cont;
    if (o.inline_return) {
        taken = tcir_region_add_block(lang_scope_ctx(b), tcir_block_region(tl_current_block(b)));
    } else {
        taken = tl_exit_block_at(s, b);
    }
    if (!branch_out(s, b, cond, taken, &cont))
        return;
    if (o.inline_return) {
        tl_push_block_at(s, b, taken);
        lang_scope_terminate(s, b, TCIR_OPC_TT_RETURN, 0, NULL);
        tl_pop_block_at(s, b);
    }
    tl_set_block_at(s, b, cont);
}

tl_scope tl_return_if_open_at(tl_site s, tl_value cond, tl_return_opts o)
{
    bool decided = tl_value_is_lit(cond);
    tl_builder *b = decided ? lang_scope_const_builder(s, "tl_return_if_open", o.carry)
                            : lang_builder(s, NULL, 1, &cond, (const char *const[]){"condition"});
    if (!b || tl_builder_failed(b) || !at_function_level(s, b))
        return lang_scope_failed(b ? b : cond.b, s, 0);
    /* the variables the branch may assign get their values back at tl_end: Python's
     * rebinding in a branch that returns dies with it */
    tl_carry *c = o.carry.n ? lang_carry_open(s, b, o.carry, false) : NULL;
    if ((o.carry.n && !c) || (c && !lang_carry_values(s, b, c)))
        return lang_scope_failed(b, s, 0);
    tl_scope scope = lang_scope_failed(b, s, 0);
    if (decided) {
        if (!lang_scope_const_open(s, b, &scope, cond))
            return lang_scope_failed(b, s, 0);
    } else {
        if (!in_function_blocks(b))
            o.inline_return = true; /* after a return always taken: dropped anyway */
        tcir_block *taken = tcir_region_add_block(lang_scope_ctx(b), tcir_block_region(tl_current_block(b))), *cont;
        if (!branch_out(s, b, cond, taken, &cont))
            return lang_scope_failed(b, s, 0);
        tl_push_block_at(s, b, taken);
        if (tl_builder_failed(b))
            return lang_scope_failed(b, s, 0);
        /* The fall-through block is the one right after `taken` (close_return_if continues there). */
        scope.depth = tl_scope_depth(b);
        scope.block = taken;
    }
    scope.kind = TL_SCOPE_RETURN_IF;
    scope.inline_return = o.inline_return;
    scope.carry = c;
    return scope;
}

void lang_scope_close_return_if(tl_site s, tl_scope *scope, tl_values values)
{
    tl_builder *b = scope->b;
    if (values.n) {
        tl_builder_fail(b, s, "a return-if branch yields no values (the kernel returns nothing)");
        return;
    }
    if (scope->carry)
        lang_carry_bind(scope->carry, scope->carry->init);
    if (scope->decided) {
        bool taken = lang_scope_const_branch_taken(scope);
        lang_scope_const_close(s, scope);
        if (taken)
            lang_scope_end_body(s, b);
        return;
    }
    tcir_block *cont = tcir_block_next(scope->block);
    if (scope->inline_return) {
        if (!lang_scope_terminate(s, b, TCIR_OPC_TT_RETURN, 0, NULL))
            return;
    } else {
        tcir_block *exit = tl_exit_block_at(s, b);
        if (!exit || !lang_op(s, b, TCIR_OPC_CF_BR, (tl_raw_op){.nsuccessors = 1, .successors = &exit}))
            return;
    }
    tl_pop_block_at(s, b);
    tl_set_block_at(s, b, cont);
}
