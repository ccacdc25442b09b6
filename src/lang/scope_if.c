/* The if (control.h: tl_if, tl_else): an scf.if whose results are the values its branches
 * yield, or the C variables whose values differ between them. */
#include "lang/scope_internal.h"

/* An if on a C number: decided here, as Python decides one on a constexpr (lang_scope_const.c). */
static tl_scope if_decided(tl_site s, tl_value cond, tl_if_opts o)
{
    tl_builder *b = lang_scope_const_builder(s, "tl_if", o.carry);
    if (!b || tl_builder_failed(b))
        return lang_scope_failed(b, s, o.carry.n);
    tl_carry *c = o.carry.n ? lang_carry_open(s, b, o.carry, true) : NULL;
    if ((o.carry.n && !c) || (c && !lang_carry_values(s, b, c)))
        return lang_scope_failed(b, s, o.carry.n);
    tl_scope scope = lang_scope_failed(b, s, 0);
    if (!lang_scope_const_open(s, b, &scope, cond))
        return lang_scope_failed(b, s, o.carry.n);
    if (c)
        lang_carry_bind(c, c->init);
    scope.kind = TL_SCOPE_IF;
    scope.carry = c;
    return scope;
}

tl_scope tl_if_at(tl_site s, tl_value cond, tl_if_opts o)
{
    if (tl_value_is_lit(cond))
        return if_decided(s, cond, o);
    tl_builder *b = lang_builder(s, NULL, 1, &cond, (const char *const[]){"condition"});
    if (!b)
        return lang_scope_failed(cond.b, s, o.carry.n);
    tl_carry *c = o.carry.n ? lang_carry_open(s, b, o.carry, true) : NULL;
    if (o.carry.n && !c)
        return lang_scope_failed(b, s, o.carry.n);
    tl_value cv;
    if (!lang_scope_condition(s, b, cond, &cv) || (c && !lang_carry_values(s, b, c)))
        return lang_scope_failed(b, s, o.carry.n);
    tcir_op *op = lang_op(s, b, TCIR_OPC_SCF_IF, (tl_raw_op){.noperands = 1, .operands = &cv, .nregions = 2});
    if (!op)
        return lang_scope_failed(b, s, o.carry.n);
    tcir_block *then = tcir_region_add_block(lang_scope_ctx(b), tcir_op_region(op, 0));
    tl_push_block_at(s, b, then);
    if (tl_builder_failed(b))
        return lang_scope_failed(b, s, o.carry.n);
    if (c)
        lang_carry_bind(c, c->init);
    tl_scope scope = lang_scope_failed(b, s, 0);
    scope.kind = TL_SCOPE_IF;
    scope.depth = tl_scope_depth(b);
    scope.op = op;
    scope.block = then;
    scope.carry = c;
    return scope;
}

/* A failed call that would have given the scope n results leaves n poison ones. */
static void poison_results(tl_scope *scope, int n)
{
    if (scope && scope->results == lang_scope_poison && scope->nresults < n)
        scope->nresults = lang_scope_clamp_count(n);
}

static void open_else(tl_site s, tl_scope *scope)
{
    tl_builder *b = scope->b;
    tl_pop_block_at(s, b);
    tcir_block *other = tcir_region_add_block(lang_scope_ctx(b), tcir_op_region(scope->op, 1));
    tl_push_block_at(scope->opened, b, other); /* an else left open is reported at its if */
    scope->block = other;
    scope->phase = 1;
}

/* A decided if in the explicit form: the values of the branch taken are its results (those of
 * the other are not checked: Python never sees that branch). */
static bool decided_results(tl_site s, tl_scope *scope, tl_values values)
{
    if (!lang_scope_const_branch_taken(scope))
        return true;
    tl_builder *b = scope->b;
    if (!lang_scope_good_list(s, b, values, "if")) {
        poison_results(scope, values.n);
        return false;
    }
    tl_value *v = lang_scope_values(s, b, values.n);
    if (!v || !lang_scope_matching_values(s, b, values, values.n, NULL, "if", v)) {
        poison_results(scope, values.n);
        return false;
    }
    scope->pending = v;
    scope->nresults = values.n;
    return true;
}

/* Closes a decided if: the taken branch's ops move to where the if stands; the carried
 * variables keep its values (an else not taken, or not written, leaves those from before). */
static void close_if_decided(tl_site s, tl_scope *scope, tl_values values)
{
    tl_builder *b = scope->b;
    tl_carry *c = scope->carry;
    if (!c && scope->phase == 0 && values.n) {
        tl_builder_fail(b, s, "an if that yields values needs an else: close the then-branch with tl_else");
        return;
    }
    if (c && !lang_scope_const_branch_taken(scope))
        lang_carry_bind(c, scope->phase == 1 ? c->then_val : c->init);
    if (!c && scope->phase == 1 && !decided_results(s, scope, values))
        return;
    lang_scope_const_close(s, scope);
    if (!c && scope->pending)
        scope->results = scope->pending;
}

void tl_else_at(tl_site s, tl_scope *scope, tl_values values)
{
    if (!lang_scope_is_innermost(s, scope, TL_SCOPE_IF, "tl_else")) {
        poison_results(scope, values.n);
        return;
    }
    tl_builder *b = scope->b;
    if (scope->phase != 0) {
        tl_builder_fail(b, s, "this if already has its else");
        return;
    }
    if (!lang_carry_no_values(s, b, scope, values))
        return;
    tl_carry *c = scope->carry;
    if (scope->decided) {
        if (c) { /* the then-branch's values, for when it is the branch taken */
            c->then_val = lang_scope_values(s, b, c->n);
            if (!c->then_val || !lang_carry_current(s, b, c, "then-branch", c->then_val))
                return;
            lang_carry_bind(c, c->init);
        } else if (!decided_results(s, scope, values)) {
            return;
        }
        lang_scope_const_else(s, scope);
        return;
    }
    if (c) { /* the then-branch's yield is made at tl_end, once the carried set is known */
        c->then_val = lang_scope_values(s, b, c->n);
        c->else_at = s;
        if (!c->then_val || !lang_carry_current(s, b, c, "then-branch", c->then_val))
            return;
        lang_carry_bind(c, c->init);
        open_else(s, scope);
        return;
    }
    if (!lang_scope_good_list(s, b, values, "then-branch")) {
        poison_results(scope, values.n);
        return;
    }
    tl_value *v = lang_scope_values(s, b, values.n);
    if (!v || !lang_scope_matching_values(s, b, values, values.n, NULL, "then-branch", v)) {
        poison_results(scope, values.n);
        return;
    }
    if (!lang_scope_set_results(s, scope, values.n, v) || !lang_scope_terminate(s, b, TCIR_OPC_SCF_YIELD, values.n, v))
        return;
    open_else(s, scope);
}

/* Yields v (n values) at the end of blk, which is not the current block. */
static bool yield_in(tl_site s, tl_builder *b, tcir_block *blk, int n, const tl_value *v)
{
    tl_push_block_at(s, b, blk);
    bool ok = lang_scope_terminate(s, b, TCIR_OPC_SCF_YIELD, n, v);
    tl_pop_block_at(s, b);
    return ok && !tl_builder_failed(b);
}

/* Whether an if yields variable i, TL_UNSET before it (a name Python's if yields when both
 * branches define it, whatever their values); false, with an error, where Python's name is
 * defined in one branch only or with two types. */
static bool yield_unset(tl_site s, tl_scope *scope, int i, tl_value then_v, tl_value else_v, bool *keep)
{
    tl_builder *b = scope->b;
    const char *name = scope->carry->name[i];
    *keep = false;
    if (tl_value_is_unset(then_v) && tl_value_is_unset(else_v))
        return true; /* defined in neither: still unset */
    if (tl_value_is_unset(then_v) || tl_value_is_unset(else_v)) {
        tl_builder_fail(b, s,
                        "%s (TL_UNSET before the if) is defined in the %s only: Python does not see it after the "
                        "if; define it in both branches, or give it a value before the if",
                        name, tl_value_is_unset(then_v) ? "else-branch" : "then-branch");
        return false;
    }
    const tcir_type *tt = tl_value_type(then_v), *et = tl_value_type(else_v);
    if (tt != et) {
        char ts[LANG_STR], es[LANG_STR];
        tcir_type_str(tt, ts, sizeof ts);
        tcir_type_str(et, es, sizeof es);
        tl_builder_fail(b, s, "%s has type %s in the then-branch and %s in the else-branch", name, ts, es);
        return false;
    }
    *keep = true;
    return true;
}

/* Closes an if that carries C variables: it yields those whose values differ between its
 * branches (the else branch, written or not, sees the values from before the if), then those
 * that both branches first define (TL_UNSET before it), sorted by name as Python's. */
static void close_if_carry(tl_site s, tl_scope *scope)
{
    tl_builder *b = scope->b;
    const tl_carry *c = scope->carry;
    int n = c->n;
    tl_value now_small[SCOPE_SMALL], then_small[SCOPE_SMALL], else_small[SCOPE_SMALL], like_small[SCOPE_SMALL];
    bool keep_small[SCOPE_SMALL];
    size_t tv = sizeof(tl_value);
    tl_value *now = lang_scope_scratch(s, b, n, tv, now_small, sizeof now_small);
    tl_value *then_yield = lang_scope_scratch(s, b, n, tv, then_small, sizeof then_small);
    tl_value *else_yield = lang_scope_scratch(s, b, n, tv, else_small, sizeof else_small);
    tl_value *like = lang_scope_scratch(s, b, n, tv, like_small, sizeof like_small); /* (set_results copies) */
    bool *keep = lang_scope_scratch(s, b, n, sizeof(bool), keep_small, sizeof keep_small);
    if (!now || !then_yield || !else_yield || !like || !keep ||
        !lang_carry_current(s, b, c, scope->phase ? "else-branch" : "then-branch", now))
        return;
    const tl_value *then_val = scope->phase ? c->then_val : now, *else_val = scope->phase ? now : c->init;
    for (int i = 0; i < n; i++) {
        if (c->unset[i] && !yield_unset(s, scope, i, then_val[i], else_val[i], &keep[i]))
            return;
        if (!c->unset[i])
            keep[i] = then_val[i].ir != else_val[i].ir;
    }
    int nk = lang_carry_kept(n, keep, then_val, then_yield);
    lang_carry_kept(n, keep, else_val, else_yield);
    tcir_block *then = tcir_region_first_block(tcir_op_region(scope->op, 0));
    if (scope->phase) { /* now in the else branch */
        if (!lang_scope_terminate(s, b, TCIR_OPC_SCF_YIELD, nk, else_yield))
            return;
        tl_pop_block_at(s, b);
        if (!yield_in(c->else_at, b, then, nk, then_yield))
            return;
    } else {
        if (!lang_scope_terminate(s, b, TCIR_OPC_SCF_YIELD, nk, then_yield))
            return;
        tl_pop_block_at(s, b);
        if (nk &&
            !yield_in(s, b, tcir_region_add_block(lang_scope_ctx(b), tcir_op_region(scope->op, 1)), nk, else_yield))
            return;
    }
    for (int i = 0, k = 0; i < n; i++) /* the results' types: a variable unset before takes its branches' */
        if (keep[i])
            like[k++] = c->unset[i] ? then_val[i] : c->init[i];
    if (!lang_scope_set_results(s, scope, nk, like))
        return;
    scope->results = scope->pending;
    lang_carry_write_back(c, keep, scope->results, then_val);
    lang_rebuild_without_empty_else(s, b, scope);
}

void lang_scope_close_if(tl_site s, tl_scope *scope, tl_values values)
{
    tl_builder *b = scope->b;
    if (scope->decided) {
        close_if_decided(s, scope, values);
        return;
    }
    if (scope->carry) {
        close_if_carry(s, scope);
        return;
    }
    if (scope->phase == 0 && values.n) {
        tl_builder_fail(b, s, "an if that yields values needs an else: close the then-branch with tl_else");
        return;
    }
    if (!lang_scope_good_list(s, b, values, "if"))
        return;
    tl_value *v = lang_scope_values(s, b, values.n);
    const tcir_type **types = NULL;
    if (!v || (scope->phase == 1 && !(types = lang_scope_types(s, b, scope->nresults))))
        return;
    for (int i = 0; scope->phase == 1 && i < scope->nresults; i++)
        types[i] = tl_value_type(scope->pending[i]);
    if (!lang_scope_matching_values(s, b, values, scope->nresults, types, "if", v) ||
        !lang_scope_terminate(s, b, TCIR_OPC_SCF_YIELD, values.n, v))
        return;
    tl_pop_block_at(s, b);
    if (scope->pending)
        scope->results = scope->pending;
    lang_rebuild_without_empty_else(s, b, scope);
}
