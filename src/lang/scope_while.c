/* The while loop (control.h: tl_while, tl_do): an scf.while, its condition region first, then
 * its body, which tl_do opens with the values the condition forwards. */
#include "lang/scope_internal.h"

tl_scope tl_while_at(tl_site s, tl_builder *b, tl_while_opts o)
{
    int hint = o.carry.n ? o.carry.n : o.inits.n;
    if (!b || !lang_builder(s, b, 0, NULL, NULL))
        return lang_scope_failed(b, s, hint);
    if (!lang_scope_one_form(s, b, o.carry, o.inits) || !lang_scope_good_list(s, b, o.inits, "inits"))
        return lang_scope_failed(b, s, hint);
    tl_carry *c = NULL;
    int n = o.inits.n;
    if (o.carry.n) {
        c = lang_carry_open(s, b, o.carry, false);
        if (!c)
            return lang_scope_failed(b, s, hint);
        n = c->n;
    } else if (n && !lang_builder(s, b, n, o.inits.v, NULL)) {
        return lang_scope_failed(b, s, hint);
    }
    tl_value *inits = c ? c->init : lang_scope_values(s, b, n), *args = lang_scope_values(s, b, n);
    const tcir_type **types = lang_scope_types(s, b, n);
    if (!inits || !args || !types || (c && !lang_carry_values(s, b, c)))
        return lang_scope_failed(b, s, hint);
    for (int i = 0; i < n; i++) {
        if (!c && !lang_scope_carried_value(s, b, o.inits.v[i], "init", i, &inits[i]))
            return lang_scope_failed(b, s, hint);
        types[i] = tl_value_type(inits[i]);
    }
    tcir_op *op = lang_op(s, b, TCIR_OPC_SCF_WHILE, (tl_raw_op){.noperands = n, .operands = inits, .nregions = 2});
    if (!op)
        return lang_scope_failed(b, s, hint);
    if (o.disable_licm)
        lang_scope_disable_licm(b, op);
    tcir_block *before = tcir_region_add_block(lang_scope_ctx(b), tcir_op_region(op, 0));
    if (!before || !lang_scope_add_args(s, b, before, n, NULL, types))
        return lang_scope_failed(b, s, hint);
    tl_push_block_at(s, b, before);
    if (tl_builder_failed(b))
        return lang_scope_failed(b, s, hint);
    tl_scope scope = lang_scope_failed(b, s, n);
    scope.kind = TL_SCOPE_WHILE;
    scope.depth = tl_scope_depth(b);
    scope.op = op;
    scope.block = before;
    scope.carry = c;
    scope.allow_unused = o.allow_unused;
    lang_scope_wrap_args(b, before, 0, n, inits, args);
    scope.args = args;
    if (c)
        lang_carry_bind(c, args);
    return scope;
}

void tl_do_at(tl_site s, tl_scope *scope, tl_value cond, tl_values values)
{
    if (!lang_scope_is_innermost(s, scope, TL_SCOPE_WHILE, "tl_do"))
        return;
    tl_builder *b = scope->b;
    if (scope->phase != 0) {
        tl_builder_fail(b, s, "the while's condition is already given");
        return;
    }
    if (!lang_carry_no_values(s, b, scope, values))
        return;
    tl_carry *c = scope->carry;
    int n = scope->n;
    if (!c && values.n != n) {
        tl_builder_fail(b, s, "the condition forwards %d value(s), the loop carries %d", values.n, n);
        return;
    }
    tl_value cv;
    if (!lang_scope_condition(s, b, cond, &cv))
        return;
    tl_value *v = lang_scope_values(s, b, n + 1), *args = lang_scope_values(s, b, n);
    if (!v || !args)
        return;
    v[0] = cv;
    if (c) {
        if (!lang_carry_current(s, b, c, "condition", v + 1))
            return;
        c->fwd = v + 1;
    } else if (!lang_scope_matching_values(s, b, values, n, NULL, "condition", v + 1)) {
        return;
    }
    if (!lang_scope_terminate(s, b, TCIR_OPC_SCF_CONDITION, n + 1, v) ||
        !lang_scope_set_results(s, scope, n, c ? c->init : v + 1))
        return;
    tl_pop_block_at(s, b);
    tcir_block *after = tcir_region_add_block(lang_scope_ctx(b), tcir_op_region(scope->op, 1));
    if (!after || !lang_scope_add_args(s, b, after, n, v + 1, NULL))
        return;
    tl_push_block_at(scope->opened, b, after); /* a body left open is reported at its while */
    if (tl_builder_failed(b))
        return;
    lang_scope_wrap_args(b, after, 0, n, c ? c->init : v + 1, args);
    scope->args = args;
    scope->block = after;
    scope->phase = 1;
    if (c)
        lang_carry_bind(c, args);
}

/* Closes a while that carries C variables: those neither the condition nor the body changed
 * are dropped. */
static void close_while_carry(tl_site s, tl_scope *scope)
{
    const tl_carry *c = scope->carry;
    lang_scope_loop_close lc;
    if (!lang_scope_loop_close_begin(s, scope, &lc))
        return;
    tcir_block *before = tcir_region_first_block(tcir_op_region(scope->op, 0));
    for (int i = 0; i < c->n; i++) {
        bool body_same = lc.now[i].ir == scope->args[i].ir || lc.now[i].ir == c->init[i].ir;
        bool cond_same = c->fwd[i].ir == tcir_block_arg(before, i) || c->fwd[i].ir == c->init[i].ir;
        lc.keep[i] = !(body_same && cond_same);
    }
    lang_scope_loop_close_end(s, scope, &lc, lang_rebuild_while);
}

void lang_scope_close_while(tl_site s, tl_scope *scope, tl_values values)
{
    tl_builder *b = scope->b;
    if (scope->phase != 1) {
        tl_builder_fail(b, s, "give the while's condition with tl_do first");
        return;
    }
    if (scope->carry) {
        close_while_carry(s, scope);
        return;
    }
    tl_value *inits = lang_scope_values(s, b, scope->n);
    const tcir_type **types = lang_scope_types(s, b, scope->n);
    if (!inits || !types)
        return;
    for (int i = 0; i < scope->n; i++)
        types[i] = tcir_value_type(tcir_op_operand(scope->op, i));
    if (!lang_scope_matching_values(s, b, values, scope->n, types, "while body", inits) ||
        !lang_scope_terminate(s, b, TCIR_OPC_SCF_YIELD, values.n, inits))
        return;
    lang_scope_check_unused(s, scope);
    tl_pop_block_at(s, b);
    scope->results = scope->pending;
}
