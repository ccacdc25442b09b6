/* The for loop (control.h: tl_for): Python's `for i in range(...)` and tl.range as an scf.for,
 * opened with its bounds, its loop attributes and the values it carries, closed by tl_end. */
#include <inttypes.h>
#include <string.h>

#include "lang/scope_internal.h"

static bool loop_bound(tl_site s, tl_builder *b, tl_value v, const char *what, lang_opnd *o)
{
    if (tl_value_is_absent(v) || tl_value_is_poison(v)) {
        tl_builder_fail(b, s, "the loop's %s is a poison value", what);
        return false;
    }
    lang_opnd_set(o, &v);
    lang_strong(o);
    if (!tl_dtype_is_int(o->dtype) || o->is_ptr || o->rank != 0) {
        char t[LANG_STR];
        tl_builder_fail(b, s, "the loop's %s must be an integer scalar, not %s", what,
                        lang_type_str(b, o, t, sizeof t));
        return false;
    }
    return true;
}

/* A loop bound as an operand. A bound that is a constant already (a number assigned to a name,
 * `lo = 0`) is met again as a loop bound: Python's bitcast of it folds, which moves the
 * constant up as a folded one when nothing else uses it (order/pool.c). */
static tl_value bound_value(tl_site s, tl_builder *b, lang_opnd *o)
{
    if (tl_value_is_lit(o->v))
        return lang_value(s, b, o);
    const tcir_value *v = o->v.ir;
    const tcir_op *def = v ? tcir_value_def(v) : NULL;
    const tcir_attr *a = def && tcir_op_opcode(def) == TCIR_OPC_ARITH_CONSTANT ? tcir_op_attr(def, "value") : NULL;
    if (!a || tcir_attr_get_kind(a) != TCIR_ATTR_INT)
        return o->v;
    tl_value again =
        tl_materialize_as_at(s, b, tl_lit_int(tcir_attr_int_value(a)), o->dtype, NULL, TL_CONST_LOOP_BOUND);
    return tl_value_is_poison(again) ? again : o->v;
}

static void set_unit(tcir_op *op, tl_builder *b, const char *name, bool on)
{
    if (on)
        tcir_op_set_attr(lang_scope_ctx(b), op, name, tcir_attr_unit(lang_scope_ctx(b)), false);
}

static void set_i32(tcir_op *op, tl_builder *b, const char *name, int v)
{
    tcir_context *ctx = lang_scope_ctx(b);
    if (v)
        tcir_op_set_attr(ctx, op, name, tcir_attr_int(ctx, v, tcir_type_int(ctx, 32)), false);
}

tl_scope tl_for_at(tl_site s, tl_builder *b, tl_value lo, tl_value hi, tl_value step, tl_for_opts o)
{
    tl_builder *given = b;
    int hint = o.carry.n ? o.carry.n : o.inits.n;
    tl_value in[3] = {lo, hi, step};
    b = lang_builder(s, b, 3, in, (const char *const[]){"lower bound", "upper bound", "step"});
    if (!b)
        return lang_scope_failed(given ? given : lo.b ? lo.b : hi.b, s, hint);
    if (!lang_scope_one_form(s, b, o.carry, o.inits) || !lang_scope_good_list(s, b, o.inits, "inits"))
        return lang_scope_failed(b, s, hint);
    tl_carry *c = o.carry.n ? lang_carry_open(s, b, o.carry, false) : NULL;
    if (o.carry.n && !c)
        return lang_scope_failed(b, s, hint);
    /* A negative literal step counts down: Python swaps the bounds and maps the variable back. */
    bool down = tl_value_is_lit(step) && step.lit == TL_LIT_INT && step.lit_val.i < 0;
    if (down && step.lit_val.i == INT64_MIN) { /* Python's -step is 2**63: no int64 */
        tl_builder_fail(b, s, "the loop's step %" PRId64 " cannot count down: its negation overflows int64",
                        step.lit_val.i);
        return lang_scope_failed(b, s, hint);
    }
    if (down) {
        step.lit_val.i = -step.lit_val.i;
        tl_value t = lo;
        lo = hi;
        hi = t;
    }
    lang_opnd lb, ub, st;
    if (!loop_bound(s, b, lo, "lower bound", &lb) || !loop_bound(s, b, hi, "upper bound", &ub) ||
        !loop_bound(s, b, step, "step", &st))
        return lang_scope_failed(b, s, hint);
    tl_dtype iv_dt = lang_integer_promote(lang_integer_promote(lb.dtype, ub.dtype), st.dtype);
    if (!lang_cast(s, b, &lb, iv_dt, TL_ROUND_DEFAULT) || !lang_cast(s, b, &ub, iv_dt, TL_ROUND_DEFAULT) ||
        !lang_cast(s, b, &st, iv_dt, TL_ROUND_DEFAULT))
        return lang_scope_failed(b, s, hint);
    int n = c ? c->n : o.inits.n;
    tl_value operands_small[3 + SCOPE_SMALL];
    const tcir_type *types_small[SCOPE_SMALL];
    tl_value *operands = lang_scope_scratch(s, b, 3 + n, sizeof(tl_value), operands_small, sizeof operands_small);
    const tcir_type **types = lang_scope_scratch(s, b, n, sizeof(const tcir_type *), types_small, sizeof types_small);
    tl_value *args = lang_scope_values(s, b, n);
    if (!operands || !types || !args)
        return lang_scope_failed(b, s, hint);
    /* Python makes literal bounds where the loop is and casts them with a no-op arith.bitcast
     * (see TL_CONST_LOOP_BOUND). */
    lb.bound = ub.bound = st.bound = true;
    operands[0] = bound_value(s, b, &lb);
    operands[1] = bound_value(s, b, &ub);
    operands[2] = bound_value(s, b, &st);
    if (c && lang_carry_values(s, b, c))
        memcpy(operands + 3, c->init, sizeof(tl_value) * (size_t)n);
    for (int i = 0; !c && i < n; i++)
        if (!lang_scope_carried_value(s, b, o.inits.v[i], "init", i, &operands[3 + i]))
            return lang_scope_failed(b, s, hint);
    if (tl_builder_failed(b))
        return lang_scope_failed(b, s, hint);
    for (int i = 0; i < n; i++)
        types[i] = tl_value_type(operands[3 + i]);

    tcir_op *op = lang_op(
        s, b, TCIR_OPC_SCF_FOR,
        (tl_raw_op){.noperands = 3 + n, .operands = operands, .nresults = n, .result_types = types, .nregions = 1});
    if (!op)
        return lang_scope_failed(b, s, hint);
    set_i32(op, b, "tt.num_stages", o.num_stages);
    set_i32(op, b, "tt.loop_unroll_factor", o.loop_unroll_factor);
    set_unit(op, b, "tt.disallow_acc_multi_buffer", o.disallow_acc_multi_buffer);
    set_unit(op, b, "tt.flatten", o.flatten);
    set_unit(op, b, "tt.warp_specialize", o.warp_specialize);
    if (o.disable_licm)
        lang_scope_disable_licm(b, op);

    tcir_block *body = tcir_region_add_block(lang_scope_ctx(b), tcir_op_region(op, 0));
    if (!body || !lang_scope_add_args(s, b, body, 1, &operands[0], NULL) ||
        !lang_scope_add_args(s, b, body, n, operands + 3, NULL))
        return lang_scope_failed(b, s, hint);
    tl_push_block_at(s, b, body);
    if (tl_builder_failed(b))
        return lang_scope_failed(b, s, hint);

    tl_scope scope = {.b = b,
                      .kind = TL_SCOPE_FOR,
                      .depth = tl_scope_depth(b),
                      .op = op,
                      .block = body,
                      .opened = s,
                      .carry = c,
                      .n = n,
                      .allow_unused = o.allow_unused};
    scope.iv = tl_wrap(b, tcir_block_arg(body, 0), iv_dt);
    if (down) { /* iv = ub - iv + lb, with the bounds already swapped */
        lang_opnd iv = lang_opnd_of(b, scope.iv), top = lang_opnd_of(b, operands[1]);
        tl_value t = lang_binop(s, b, TL_OP_SUB, &top, &iv);
        lang_opnd diff = lang_opnd_of(b, t), bottom = lang_opnd_of(b, operands[0]);
        scope.iv = lang_binop(s, b, TL_OP_ADD, &diff, &bottom);
    }
    lang_scope_wrap_args(b, body, 1, n, operands + 3, args);
    scope.args = args;
    scope.results = lang_scope_unready_results(s, b, n); /* until the loop is closed */
    scope.nresults = n;
    scope.pending = lang_scope_wrap_results(s, b, op, n, operands + 3);
    if (c)
        lang_carry_bind(c, args);
    return scope;
}

/* Closes a for loop that carries C variables: yields those the body changed, drops the rest. */
static void close_for_carry(tl_site s, tl_scope *scope)
{
    const tl_carry *c = scope->carry;
    lang_scope_loop_close lc;
    if (!lang_scope_loop_close_begin(s, scope, &lc))
        return;
    for (int i = 0; i < c->n; i++)
        lc.keep[i] = lc.now[i].ir != scope->args[i].ir && lc.now[i].ir != c->init[i].ir;
    lang_scope_loop_close_end(s, scope, &lc, lang_rebuild_for);
}

void lang_scope_close_for(tl_site s, tl_scope *scope, tl_values values)
{
    tl_builder *b = scope->b;
    if (scope->carry) {
        close_for_carry(s, scope);
        return;
    }
    const tcir_type **types = lang_scope_types(s, b, scope->n);
    tl_value *v = lang_scope_values(s, b, scope->n);
    if (!types || !v)
        return;
    for (int i = 0; i < scope->n; i++)
        types[i] = tl_value_type(scope->args[i]);
    if (!lang_scope_matching_values(s, b, values, scope->n, types, "for loop", v) ||
        !lang_scope_terminate(s, b, TCIR_OPC_SCF_YIELD, values.n, v))
        return;
    lang_scope_check_unused(s, scope);
    tl_pop_block_at(s, b);
    scope->results = scope->pending;
}
