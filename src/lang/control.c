/* Control flow: scf.for, scf.if, scf.while and early returns, as scopes (control.h).
 *
 * The scf op is made when its scope opens, so it sits where the source opened it; scf.if and
 * scf.while learn their result types from the first yield that carries values. Each scope
 * body is a pushed block: values made inside cannot be used once it is closed (the builder
 * checks every operand). */
#include <string.h>

#include "lang_internal.h"
#include "tritonc/control.h"

/* The error result of a scope call: nothing open, nothing to read. */
static tl_scope no_scope(tl_builder *b)
{
    return (tl_scope){.b = b};
}

static tcir_context *ctx_of(tl_builder *b)
{
    return tl_builder_context(b);
}

/* A carried value as a value of b: a literal becomes a constant of its Python type. */
static bool carried_value(tl_site s, tl_builder *b, tl_value v, const char *what, int i, tl_value *out)
{
    if (tl_value_is_absent(v) || tl_value_is_poison(v)) {
        if (!tl_builder_failed(b))
            tl_builder_fail(b, s, "%s #%d is a poison value", what, i);
        return false;
    }
    if (!tl_value_is_lit(v) && v.b != b) {
        tl_builder_fail(b, s, "%s #%d belongs to another builder", what, i);
        return false;
    }
    lang_opnd o = lang_opnd_of(b, v);
    lang_strong(&o);
    *out = lang_value(s, b, &o);
    return !tl_value_is_poison(*out);
}

static tl_value *values_of(tl_builder *b, int n)
{
    return tcir_alloc(ctx_of(b), sizeof(tl_value) * (size_t)(n ? n : 1));
}

/* The block's arguments as values, typed like `like` (the dtype, with its signedness). */
static void wrap_args(tl_builder *b, tcir_block *blk, int first, int n, const tl_value *like, tl_value *out)
{
    for (int i = 0; i < n; i++)
        out[i] = tl_wrap(b, tcir_block_arg(blk, first + i), like[i].dtype);
}

/* A condition: an i1 scalar (other scalars are compared with zero, as Python's .to(int1)). */
static bool condition(tl_site s, tl_builder *b, tl_value cond, tl_value *out)
{
    if (tl_value_is_lit(cond)) {
        tl_builder_fail(b, s, "the condition is a C constant: decide it with a C if");
        return false;
    }
    lang_opnd o = lang_opnd_of(b, cond);
    if (o.rank != 0) {
        char t[LANG_STR];
        tl_builder_fail(b, s, "the condition must be a scalar, not %s", lang_type_str(b, &o, t, sizeof t));
        return false;
    }
    if (o.is_ptr) {
        tl_builder_fail(b, s, "the condition must be a boolean or a number, not a pointer");
        return false;
    }
    if (!lang_cast(s, b, &o, TL_I1, TL_ROUND_DEFAULT))
        return false;
    *out = lang_value(s, b, &o);
    return !tl_value_is_poison(*out);
}

/* Emits the terminator `name` (scf.yield, scf.condition...) with operands into the current block. */
static bool terminate(tl_site s, tl_builder *b, const char *name, int n, const tl_value *v)
{
    return tl_op_at(s, b, (tl_raw_op){.name = name, .noperands = n, .operands = v}) != NULL;
}

/* The scope must be the innermost open one, in the expected phase. */
static bool is_innermost(tl_site s, tl_scope *scope, tl_scope_kind kind, const char *call)
{
    tl_builder *b = scope ? scope->b : NULL;
    if (!scope || !b) {
        if (b)
            tl_builder_fail(b, s, "NULL scope");
        return false;
    }
    if (tl_builder_failed(b))
        return false;
    if (scope->kind == TL_SCOPE_NONE) {
        tl_builder_fail(b, s, "the scope is closed (or was never opened)");
        return false;
    }
    if (kind != TL_SCOPE_NONE && scope->kind != kind) {
        tl_builder_fail(b, s, "%s does not apply to this kind of scope", call);
        return false;
    }
    if (scope->depth != tl_scope_depth(b) || scope->block != tl_current_block(b)) {
        tl_builder_fail(b, s, "this scope is not the innermost open one (close the inner scope first)");
        return false;
    }
    return true;
}

/* Checks that `values` match `types` (the carried or result types) one for one, and makes them
 * values; literals become constants. */
static bool matching_values(tl_site s, tl_builder *b, tl_values values, int n, const tcir_type *const *types,
                            const char *what, tl_value *out)
{
    if (values.n != n) {
        tl_builder_fail(b, s, "%s: %d value(s) given, %d expected", what, values.n, n);
        return false;
    }
    for (int i = 0; i < n; i++) {
        if (!carried_value(s, b, values.v[i], "value", i, &out[i]))
            return false;
        const tcir_type *t = tl_value_type(out[i]);
        if (types && t != types[i]) {
            char got[LANG_STR], want[LANG_STR];
            tcir_type_str(t, got, sizeof got);
            tcir_type_str(types[i], want, sizeof want);
            tl_builder_fail(b, s, "%s: value #%d has type %s, expected %s", what, i, got, want);
            return false;
        }
    }
    return true;
}

/* ---- for --------------------------------------------------------------------------------- */

static bool loop_bound(tl_site s, tl_builder *b, tl_value v, const char *what, lang_opnd *o)
{
    if (tl_value_is_absent(v) || tl_value_is_poison(v)) {
        tl_builder_fail(b, s, "the loop's %s is a poison value", what);
        return false;
    }
    *o = lang_opnd_of(b, v);
    lang_strong(o);
    if (!tl_dtype_is_int(o->dtype) || o->is_ptr || o->rank != 0) {
        char t[LANG_STR];
        tl_builder_fail(b, s, "the loop's %s must be an integer scalar, not %s", what, lang_type_str(b, o, t, sizeof t));
        return false;
    }
    return true;
}

static void set_unit(tcir_op *op, tl_builder *b, const char *name, bool on)
{
    if (on)
        tcir_op_set_attr(ctx_of(b), op, name, tcir_attr_unit(ctx_of(b)), false);
}

static void set_i32(tcir_op *op, tl_builder *b, const char *name, int v)
{
    if (v)
        tcir_op_set_attr(ctx_of(b), op, name, tcir_attr_int(ctx_of(b), v, tcir_type_int(ctx_of(b), 32)), false);
}

tl_scope tl_for_at(tl_site s, tl_builder *b, tl_value lo, tl_value hi, tl_value step, tl_for_opts o)
{
    tl_value in[3] = {lo, hi, step};
    b = lang_builder(s, b, 3, in, (const char *const[]){"lower bound", "upper bound", "step"});
    if (!b)
        return no_scope(b);
    if (o.inits.n < 0 || (o.inits.n && !o.inits.v)) {
        tl_builder_fail(b, s, "inits: bad value list");
        return no_scope(b);
    }
    /* A negative literal step counts down: Python swaps the bounds and maps the variable back. */
    bool down = tl_value_is_lit(step) && step.lit == TL_LIT_INT && step.lit_val.i < 0;
    if (down) {
        step.lit_val.i = -step.lit_val.i;
        tl_value t = lo;
        lo = hi;
        hi = t;
    }
    lang_opnd lb, ub, st;
    if (!loop_bound(s, b, lo, "lower bound", &lb) || !loop_bound(s, b, hi, "upper bound", &ub) ||
        !loop_bound(s, b, step, "step", &st))
        return no_scope(b);
    tl_dtype iv_dt = lang_integer_promote(lang_integer_promote(lb.dtype, ub.dtype), st.dtype);
    if (!lang_cast(s, b, &lb, iv_dt, TL_ROUND_DEFAULT) || !lang_cast(s, b, &ub, iv_dt, TL_ROUND_DEFAULT) ||
        !lang_cast(s, b, &st, iv_dt, TL_ROUND_DEFAULT))
        return no_scope(b);
    int n = o.inits.n;
    tl_value *operands = values_of(b, 3 + n);
    /* Python makes literal bounds where the loop is and casts them with a no-op arith.bitcast
     * (see TL_CONST_LOOP_BOUND). */
    lb.bound = ub.bound = st.bound = true;
    operands[0] = lang_value(s, b, &lb);
    operands[1] = lang_value(s, b, &ub);
    operands[2] = lang_value(s, b, &st);
    for (int i = 0; i < n; i++)
        if (!carried_value(s, b, o.inits.v[i], "init", i, &operands[3 + i]))
            return no_scope(b);
    if (tl_builder_failed(b))
        return no_scope(b);
    const tcir_type **types = tcir_alloc(ctx_of(b), sizeof(*types) * (size_t)(n ? n : 1));
    for (int i = 0; i < n; i++)
        types[i] = tl_value_type(operands[3 + i]);

    tcir_op *op = tl_op_at(s, b, (tl_raw_op){.name = "scf.for", .noperands = 3 + n, .operands = operands,
                                             .nresults = n, .result_types = types, .nregions = 1});
    if (!op)
        return no_scope(b);
    set_i32(op, b, "tt.num_stages", o.num_stages);
    set_i32(op, b, "tt.loop_unroll_factor", o.loop_unroll_factor);
    set_unit(op, b, "tt.disallow_acc_multi_buffer", o.disallow_acc_multi_buffer);
    set_unit(op, b, "tt.flatten", o.flatten);
    set_unit(op, b, "tt.warp_specialize", o.warp_specialize);

    tcir_block *body = tcir_region_add_block(ctx_of(b), tcir_op_region(op, 0));
    tcir_loc loc = {s.file, s.line, 0};
    tcir_block_add_arg(ctx_of(b), body, tl_value_type(operands[0]), loc);
    for (int i = 0; i < n; i++)
        tcir_block_add_arg(ctx_of(b), body, types[i], loc);
    tl_push_block_at(s, b, body);

    tl_scope scope = {.b = b, .kind = TL_SCOPE_FOR, .depth = tl_scope_depth(b), .op = op, .block = body, .n = n};
    scope.iv = tl_wrap(b, tcir_block_arg(body, 0), iv_dt);
    if (down) { /* iv = ub - iv + lb, with the bounds already swapped */
        lang_opnd iv = lang_opnd_of(b, scope.iv), top = lang_opnd_of(b, operands[1]);
        tl_value t = lang_binop(s, b, TL_OP_SUB, top, iv);
        scope.iv = lang_binop(s, b, TL_OP_ADD, lang_opnd_of(b, t), lang_opnd_of(b, operands[0]));
    }
    scope.args = values_of(b, n);
    wrap_args(b, body, 1, n, operands + 3, scope.args);
    scope.nresults = n;
    scope.results = values_of(b, n);
    for (int i = 0; i < n; i++)
        scope.results[i] = tl_wrap(b, tcir_op_result(op, i), operands[3 + i].dtype);
    return scope;
}

/* ---- if / else ------------------------------------------------------------------------------ */

tl_scope tl_if_at(tl_site s, tl_value cond)
{
    tl_builder *b = lang_builder(s, NULL, 1, &cond, (const char *const[]){"condition"});
    if (!b)
        return no_scope(b);
    tl_value c;
    if (!condition(s, b, cond, &c))
        return no_scope(b);
    tcir_op *op = tl_op_at(s, b, (tl_raw_op){.name = "scf.if", .noperands = 1, .operands = &c, .nregions = 2});
    if (!op)
        return no_scope(b);
    tcir_block *then = tcir_region_add_block(ctx_of(b), tcir_op_region(op, 0));
    tl_push_block_at(s, b, then);
    return (tl_scope){.b = b, .kind = TL_SCOPE_IF, .depth = tl_scope_depth(b), .op = op, .block = then};
}

/* The op's results take the types of the first values it yields (scf.if's then-branch,
 * scf.while's condition). */
static bool set_results(tl_site s, tl_scope *scope, int n, const tl_value *v)
{
    tl_builder *b = scope->b;
    const tcir_type **types = tcir_alloc(ctx_of(b), sizeof(*types) * (size_t)(n ? n : 1));
    for (int i = 0; i < n; i++)
        types[i] = tl_value_type(v[i]);
    tcir_op_set_result_types(ctx_of(b), scope->op, n, types);
    scope->nresults = n;
    scope->results = values_of(b, n);
    for (int i = 0; i < n; i++)
        scope->results[i] = tl_wrap(b, tcir_op_result(scope->op, i), v[i].dtype);
    (void)s;
    return true;
}

void tl_else_at(tl_site s, tl_scope *scope, tl_values values)
{
    if (!is_innermost(s, scope, TL_SCOPE_IF, "then-branch"))
        return;
    tl_builder *b = scope->b;
    if (scope->phase != 0) {
        tl_builder_fail(b, s, "this if already has its else");
        return;
    }
    tl_value *v = values_of(b, values.n > 0 ? values.n : 0);
    if (!matching_values(s, b, values, values.n, NULL, "then-branch", v) || !set_results(s, scope, values.n, v) ||
        !terminate(s, b, "scf.yield", values.n, v))
        return;
    tl_pop_block_at(s, b);
    tcir_block *other = tcir_region_add_block(ctx_of(b), tcir_op_region(scope->op, 1));
    tl_push_block_at(s, b, other);
    scope->block = other;
    scope->phase = 1;
}

static void close_if(tl_site s, tl_scope *scope, tl_values values)
{
    tl_builder *b = scope->b;
    tl_value *v = values_of(b, values.n);
    if (scope->phase == 0 && values.n) {
        tl_builder_fail(b, s, "an if that yields values needs an else: close the then-branch with tl_else");
        return;
    }
    const tcir_type **types = NULL;
    if (scope->phase == 1) {
        types = tcir_alloc(ctx_of(b), sizeof(*types) * (size_t)(scope->nresults ? scope->nresults : 1));
        for (int i = 0; i < scope->nresults; i++)
            types[i] = tl_value_type(scope->results[i]);
    }
    if (!matching_values(s, b, values, scope->nresults, types, "if", v) ||
        !terminate(s, b, "scf.yield", values.n, v))
        return;
    tl_pop_block_at(s, b);
}

/* ---- while ----------------------------------------------------------------------------------- */

tl_scope tl_while_at(tl_site s, tl_builder *b, tl_while_opts o)
{
    if (!b)
        return no_scope(b);
    int n = o.inits.n;
    if (n < 0 || (n && !o.inits.v)) {
        tl_builder_fail(b, s, "inits: bad value list");
        return no_scope(b);
    }
    b = lang_builder(s, b, n, o.inits.v, NULL);
    if (!b)
        return no_scope(b);
    tl_value *inits = values_of(b, n);
    const tcir_type **types = tcir_alloc(ctx_of(b), sizeof(*types) * (size_t)(n ? n : 1));
    for (int i = 0; i < n; i++) {
        if (!carried_value(s, b, o.inits.v[i], "init", i, &inits[i]))
            return no_scope(b);
        types[i] = tl_value_type(inits[i]);
    }
    tcir_op *op = tl_op_at(s, b, (tl_raw_op){.name = "scf.while", .noperands = n, .operands = inits, .nregions = 2});
    if (!op)
        return no_scope(b);
    tcir_block *before = tcir_region_add_block(ctx_of(b), tcir_op_region(op, 0));
    for (int i = 0; i < n; i++)
        tcir_block_add_arg(ctx_of(b), before, types[i], (tcir_loc){s.file, s.line, 0});
    tl_push_block_at(s, b, before);
    tl_scope scope = {.b = b, .kind = TL_SCOPE_WHILE, .depth = tl_scope_depth(b), .op = op, .block = before, .n = n};
    scope.args = values_of(b, n);
    wrap_args(b, before, 0, n, inits, scope.args);
    return scope;
}

void tl_do_at(tl_site s, tl_scope *scope, tl_value cond, tl_values values)
{
    if (!is_innermost(s, scope, TL_SCOPE_WHILE, "condition"))
        return;
    tl_builder *b = scope->b;
    if (scope->phase != 0) {
        tl_builder_fail(b, s, "the while's condition is already given");
        return;
    }
    tl_value c;
    if (!condition(s, b, cond, &c))
        return;
    int n = values.n;
    tl_value *v = values_of(b, n + 1);
    v[0] = c;
    if (!matching_values(s, b, values, n, NULL, "condition", v + 1) || !set_results(s, scope, n, v + 1) ||
        !terminate(s, b, "scf.condition", n + 1, v))
        return;
    tl_pop_block_at(s, b);
    tcir_block *after = tcir_region_add_block(ctx_of(b), tcir_op_region(scope->op, 1));
    for (int i = 0; i < n; i++)
        tcir_block_add_arg(ctx_of(b), after, tl_value_type(v[1 + i]), (tcir_loc){s.file, s.line, 0});
    tl_push_block_at(s, b, after);
    wrap_args(b, after, 0, n, v + 1, scope->args = values_of(b, n));
    scope->block = after;
    scope->phase = 1;
}

/* ---- early return ------------------------------------------------------------------------------ */

/* Branches on cond to `taken` or to a fresh fall-through block, and continues there after. */
static bool branch_out(tl_site s, tl_builder *b, tl_value cond, tcir_block *taken, tcir_block **cont)
{
    tl_value c;
    if (!condition(s, b, cond, &c))
        return false;
    tcir_region *body = tcir_op_region(tl_builder_func(b), 0);
    *cont = tcir_region_add_block(ctx_of(b), body);
    tcir_block *succ[2] = {taken, *cont};
    return tl_op_at(s, b, (tl_raw_op){.name = "cf.cond_br", .noperands = 1, .operands = &c, .nsuccessors = 2,
                                      .successors = succ}) != NULL;
}

static bool at_function_level(tl_site s, tl_builder *b, const char *call)
{
    if (tl_scope_depth(b) != 0) {
        tl_builder_fail(b, s, "an early return is only allowed in the function's own body, not inside a loop "
                              "or branch (scf regions cannot return)");
        (void)call;
        return false;
    }
    return true;
}

void tl_return_if_at(tl_site s, tl_value cond, tl_return_opts o)
{
    tl_builder *b = lang_builder(s, NULL, 1, &cond, (const char *const[]){"condition"});
    if (!b || !at_function_level(s, b, "tl_return_if"))
        return;
    tcir_block *taken, *cont;
    if (o.inline_return) {
        taken = tcir_region_add_block(ctx_of(b), tcir_op_region(tl_builder_func(b), 0));
    } else {
        taken = tl_exit_block_at(s, b);
    }
    if (!taken || !branch_out(s, b, cond, taken, &cont))
        return;
    if (o.inline_return) {
        tl_push_block_at(s, b, taken);
        terminate(s, b, "tt.return", 0, NULL);
        tl_pop_block_at(s, b);
    }
    tl_set_block_at(s, b, cont);
}

tl_scope tl_return_if_open_at(tl_site s, tl_value cond, tl_return_opts o)
{
    tl_builder *b = lang_builder(s, NULL, 1, &cond, (const char *const[]){"condition"});
    if (!b || !at_function_level(s, b, "tl_return_if_open"))
        return no_scope(b);
    tcir_block *taken = tcir_region_add_block(ctx_of(b), tcir_op_region(tl_builder_func(b), 0)), *cont;
    if (!branch_out(s, b, cond, taken, &cont))
        return no_scope(b);
    tl_push_block_at(s, b, taken);
    /* The fall-through block is the one right after `taken` (close_return_if continues there). */
    (void)cont;
    return (tl_scope){.b = b, .kind = TL_SCOPE_RETURN_IF, .depth = tl_scope_depth(b), .block = taken,
                      .inline_return = o.inline_return};
}

static void close_return_if(tl_site s, tl_scope *scope, tl_values values)
{
    tl_builder *b = scope->b;
    if (values.n) {
        tl_builder_fail(b, s, "a return-if branch yields no values (the kernel returns nothing)");
        return;
    }
    tcir_block *cont = tcir_block_next(scope->block);
    if (scope->inline_return) {
        if (!terminate(s, b, "tt.return", 0, NULL))
            return;
    } else {
        tcir_block *exit = tl_exit_block_at(s, b);
        if (!exit || !tl_op_at(s, b, (tl_raw_op){.name = "cf.br", .nsuccessors = 1, .successors = &exit}))
            return;
    }
    tl_pop_block_at(s, b);
    tl_set_block_at(s, b, cont);
}

/* ---- closing ------------------------------------------------------------------------------------- */

void tl_yield_at(tl_site s, tl_scope *scope, tl_values values)
{
    if (!is_innermost(s, scope, TL_SCOPE_NONE, "tl_yield"))
        return;
    tl_builder *b = scope->b;
    switch (scope->kind) {
    case TL_SCOPE_FOR: {
        const tcir_type **types = tcir_alloc(ctx_of(b), sizeof(*types) * (size_t)(scope->n ? scope->n : 1));
        for (int i = 0; i < scope->n; i++)
            types[i] = tl_value_type(scope->args[i]);
        tl_value *v = values_of(b, scope->n);
        if (!matching_values(s, b, values, scope->n, types, "for loop", v) ||
            !terminate(s, b, "scf.yield", values.n, v))
            return;
        tl_pop_block_at(s, b);
        break;
    }
    case TL_SCOPE_IF: close_if(s, scope, values); break;
    case TL_SCOPE_WHILE: {
        if (scope->phase != 1) {
            tl_builder_fail(b, s, "give the while's condition with tl_do first");
            return;
        }
        tl_value *inits = values_of(b, scope->n);
        const tcir_type **types = tcir_alloc(ctx_of(b), sizeof(*types) * (size_t)(scope->n ? scope->n : 1));
        for (int i = 0; i < scope->n; i++)
            types[i] = tcir_value_type(tcir_op_operand(scope->op, i));
        if (!matching_values(s, b, values, scope->n, types, "while body", inits) ||
            !terminate(s, b, "scf.yield", values.n, inits))
            return;
        tl_pop_block_at(s, b);
        break;
    }
    case TL_SCOPE_RETURN_IF: close_return_if(s, scope, values); break;
    default: return;
    }
    if (!tl_builder_failed(b))
        scope->kind = TL_SCOPE_NONE; /* closed: its results stay readable */
}
