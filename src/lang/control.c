/* Control flow: scf.for, scf.if, scf.while and early returns, as scopes (control.h).
 *
 * The scf op is made when its scope opens, so it sits where the source opened it; scf.if and
 * scf.while learn their result types from the first yield that carries values. Each scope
 * body is a pushed block: values made inside cannot be used once it is closed (the builder
 * checks every operand).
 *
 * Scopes that carry C variables (.carry) follow Triton's code generator: the carried order is
 * the order of first definition (carry.c), and a variable the body leaves unchanged is not
 * carried (the op is made again without it at close: rebuild.c). Region arguments and results
 * take the def_order of the values they stand for, so a variable keeps its place in the order.
 *
 * Every failure returns (or leaves) a scope whose args and results point at poison values,
 * never NULL, so the caller's code for success runs on. */
#include <string.h>

#include "lang/scope_internal.h"

/* ---- shared with carry.c and rebuild.c (scope_internal.h) ------------------------------------ */

#define P1 {.poison = 1}
#define P8 P1, P1, P1, P1, P1, P1, P1, P1
#define P64 P8, P8, P8, P8, P8, P8, P8, P8
const tl_value scope_poison[TL_MAX_CARRIED] = {P64, P64};
#undef P1
#undef P8
#undef P64

static int clamp_count(int n)
{
    return n < 0 ? 0 : n > TL_MAX_CARRIED ? TL_MAX_CARRIED : n;
}

/* The result of a scope call that failed: nothing open, n poison args and results to read. */
static tl_scope failed_scope(tl_builder *b, tl_site s, int n)
{
    n = clamp_count(n);
    return (tl_scope){.b = b, .opened = s, .n = n, .args = scope_poison, .nresults = n, .results = scope_poison};
}

void *scope_array(tl_site s, tl_builder *b, int n, size_t each)
{
    void *p = tcir_alloc(scope_ctx(b), each * (size_t)(n > 0 ? n : 1));
    if (!p)
        tl_builder_fail(b, s, "out of memory");
    return p;
}

void *scope_scratch(tl_site s, tl_builder *b, int n, size_t each, void *small, size_t small_bytes)
{
    if (n > 0 && each * (size_t)n <= small_bytes)
        return memset(small, 0, each * (size_t)n);
    return scope_array(s, b, n, each);
}

bool scope_out_of_memory(tl_site s, tl_builder *b)
{
    tl_builder_fail(b, s, "out of memory");
    return false;
}

tl_value *scope_values(tl_site s, tl_builder *b, int n)
{
    return scope_array(s, b, n, sizeof(tl_value));
}

const tcir_type **scope_types(tl_site s, tl_builder *b, int n)
{
    return scope_array(s, b, n, sizeof(const tcir_type *));
}

bool *scope_flags(tl_site s, tl_builder *b, int n)
{
    return scope_array(s, b, n, sizeof(bool));
}

tcir_value **scope_irs(tl_site s, tl_builder *b, int n)
{
    return scope_array(s, b, n, sizeof(tcir_value *));
}

/* n poison values of b: a scope's results before it closes. Unlike the static ones they name
 * their builder, so using one is an error at that call. */
static const tl_value *unready_results(tl_site s, tl_builder *b, int n)
{
    tl_value *v = scope_values(s, b, n);
    if (!v)
        return scope_poison;
    for (int i = 0; i < n; i++)
        v[i] = (tl_value){.b = b, .poison = 1};
    return v;
}

/* A carried value as a value of b: a literal becomes a constant of its Python type. */
tl_value scope_strong(tl_site s, tl_builder *b, tl_value v)
{
    lang_opnd o = lang_opnd_of(b, v);
    lang_strong(&o);
    return lang_value(s, b, &o);
}

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
    *out = scope_strong(s, b, v);
    return !tl_value_is_poison(*out);
}

/* v wrapped as a value of b typed like `like`, taking its place in the carried order. */
static tl_value rebound(tl_builder *b, tcir_value *v, tl_value like)
{
    tl_value r = tl_wrap(b, v, like.dtype);
    r.def_order = like.def_order;
    return r;
}

/* The block's arguments first..first+n as values typed like `like`. */
static void wrap_args(tl_builder *b, tcir_block *blk, int first, int n, const tl_value *like, tl_value *out)
{
    for (int i = 0; i < n; i++)
        out[i] = rebound(b, tcir_block_arg(blk, first + i), like[i]);
}

/* Adds n arguments to blk, typed like v[i] (or types[i] when v is NULL), located at s. */
static bool add_args(tl_site s, tl_builder *b, tcir_block *blk, int n, const tl_value *v, const tcir_type *const *types)
{
    for (int i = 0; i < n; i++)
        if (!tcir_block_add_arg(scope_ctx(b), blk, v ? tl_value_type(v[i]) : types[i], (tcir_loc){s.file, s.line, 0})) {
            tl_builder_fail(b, s, "out of memory");
            return false;
        }
    return true;
}

/* The op's results as values typed like `like` (poison when memory runs out). */
static const tl_value *wrap_results(tl_site s, tl_builder *b, tcir_op *op, int n, const tl_value *like)
{
    tl_value *out = scope_values(s, b, n);
    if (!out)
        return scope_poison;
    for (int i = 0; i < n; i++)
        out[i] = rebound(b, tcir_op_result(op, i), like[i]);
    return out;
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

/* Emits the terminator `opc` (scf.yield, scf.condition...) with operands into the current block. */
static bool terminate(tl_site s, tl_builder *b, tcir_opcode opc, int n, const tl_value *v)
{
    return lang_op(s, b, opc, (tl_raw_op){.noperands = n, .operands = v}) != NULL;
}

/* The scope must be the innermost open one, in the expected phase. */
static bool is_innermost(tl_site s, tl_scope *scope, tl_scope_kind kind, const char *call)
{
    tl_builder *b = scope ? scope->b : NULL;
    if (!b) /* a NULL or never-opened scope names no builder; its open, if any, is reported at finish */
        return false;
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
        tl_site inner = tl_pushed_at(b, tl_scope_depth(b));
        if (inner.file && scope->depth < tl_scope_depth(b))
            tl_builder_fail(b, s, "this scope is not the innermost open one: close the %s opened at %s:%d first",
                            inner.func ? inner.func : "scope", inner.file, inner.line);
        else
            tl_builder_fail(b, s, "this scope is not the innermost open one (it was closed, or this is a copy)");
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
    if (n && !values.v) {
        tl_builder_fail(b, s, "%s: a bad value list", what);
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

static bool good_list(tl_site s, tl_builder *b, tl_values v, const char *what)
{
    if (v.n < 0 || (v.n && !v.v)) {
        tl_builder_fail(b, s, "%s: bad value list", what);
        return false;
    }
    if (v.n > TL_MAX_CARRIED) {
        tl_builder_fail(b, s, "%s: %d values, at most %d", what, v.n, TL_MAX_CARRIED);
        return false;
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
    lang_opnd_set(o, &v);
    lang_strong(o);
    if (!tl_dtype_is_int(o->dtype) || o->is_ptr || o->rank != 0) {
        char t[LANG_STR];
        tl_builder_fail(b, s, "the loop's %s must be an integer scalar, not %s", what, lang_type_str(b, o, t, sizeof t));
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
    tl_value again = tl_materialize_as_at(s, b, tl_lit_int(tcir_attr_int_value(a)), o->dtype, NULL, TL_CONST_LOOP_BOUND);
    return tl_value_is_poison(again) ? again : o->v;
}

static void set_unit(tcir_op *op, tl_builder *b, const char *name, bool on)
{
    if (on)
        tcir_op_set_attr(scope_ctx(b), op, name, tcir_attr_unit(scope_ctx(b)), false);
}

static void set_i32(tcir_op *op, tl_builder *b, const char *name, int v)
{
    tcir_context *ctx = scope_ctx(b);
    if (v)
        tcir_op_set_attr(ctx, op, name, tcir_attr_int(ctx, v, tcir_type_int(ctx, 32)), false);
}

/* .carry or .inits, not both. */
static bool one_form(tl_site s, tl_builder *b, tl_vars carry, tl_values inits)
{
    if (carry.n && inits.n) {
        tl_builder_fail(b, s, "give .carry (C variables) or .inits (values), not both");
        return false;
    }
    return true;
}

tl_scope tl_for_at(tl_site s, tl_builder *b, tl_value lo, tl_value hi, tl_value step, tl_for_opts o)
{
    tl_builder *given = b;
    int hint = o.carry.n ? o.carry.n : o.inits.n;
    tl_value in[3] = {lo, hi, step};
    b = lang_builder(s, b, 3, in, (const char *const[]){"lower bound", "upper bound", "step"});
    if (!b)
        return failed_scope(given ? given : lo.b ? lo.b : hi.b, s, hint);
    if (!one_form(s, b, o.carry, o.inits) || !good_list(s, b, o.inits, "inits"))
        return failed_scope(b, s, hint);
    tl_carry *c = o.carry.n ? carry_open(s, b, o.carry) : NULL;
    if (o.carry.n && !c)
        return failed_scope(b, s, hint);
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
        return failed_scope(b, s, hint);
    tl_dtype iv_dt = lang_integer_promote(lang_integer_promote(lb.dtype, ub.dtype), st.dtype);
    if (!lang_cast(s, b, &lb, iv_dt, TL_ROUND_DEFAULT) || !lang_cast(s, b, &ub, iv_dt, TL_ROUND_DEFAULT) ||
        !lang_cast(s, b, &st, iv_dt, TL_ROUND_DEFAULT))
        return failed_scope(b, s, hint);
    int n = c ? c->n : o.inits.n;
    tl_value operands_small[3 + SCOPE_SMALL];
    const tcir_type *types_small[SCOPE_SMALL];
    tl_value *operands = scope_scratch(s, b, 3 + n, sizeof(tl_value), operands_small, sizeof operands_small);
    const tcir_type **types = scope_scratch(s, b, n, sizeof(const tcir_type *), types_small, sizeof types_small);
    tl_value *args = scope_values(s, b, n);
    if (!operands || !types || !args)
        return failed_scope(b, s, hint);
    /* Python makes literal bounds where the loop is and casts them with a no-op arith.bitcast
     * (see TL_CONST_LOOP_BOUND). */
    lb.bound = ub.bound = st.bound = true;
    operands[0] = bound_value(s, b, &lb);
    operands[1] = bound_value(s, b, &ub);
    operands[2] = bound_value(s, b, &st);
    if (c && carry_values(s, b, c))
        memcpy(operands + 3, c->init, sizeof(tl_value) * (size_t)n);
    for (int i = 0; !c && i < n; i++)
        if (!carried_value(s, b, o.inits.v[i], "init", i, &operands[3 + i]))
            return failed_scope(b, s, hint);
    if (tl_builder_failed(b))
        return failed_scope(b, s, hint);
    for (int i = 0; i < n; i++)
        types[i] = tl_value_type(operands[3 + i]);

    tcir_op *op = lang_op(
        s, b, TCIR_OPC_SCF_FOR,
        (tl_raw_op){.noperands = 3 + n, .operands = operands, .nresults = n, .result_types = types, .nregions = 1});
    if (!op)
        return failed_scope(b, s, hint);
    set_i32(op, b, "tt.num_stages", o.num_stages);
    set_i32(op, b, "tt.loop_unroll_factor", o.loop_unroll_factor);
    set_unit(op, b, "tt.disallow_acc_multi_buffer", o.disallow_acc_multi_buffer);
    set_unit(op, b, "tt.flatten", o.flatten);
    set_unit(op, b, "tt.warp_specialize", o.warp_specialize);

    tcir_block *body = tcir_region_add_block(scope_ctx(b), tcir_op_region(op, 0));
    if (!body || !add_args(s, b, body, 1, &operands[0], NULL) || !add_args(s, b, body, n, operands + 3, NULL))
        return failed_scope(b, s, hint);
    tl_push_block_at(s, b, body);
    if (tl_builder_failed(b))
        return failed_scope(b, s, hint);

    tl_scope scope = {.b = b, .kind = TL_SCOPE_FOR, .depth = tl_scope_depth(b), .op = op, .block = body,
                      .opened = s, .carry = c, .n = n};
    scope.iv = tl_wrap(b, tcir_block_arg(body, 0), iv_dt);
    if (down) { /* iv = ub - iv + lb, with the bounds already swapped */
        lang_opnd iv = lang_opnd_of(b, scope.iv), top = lang_opnd_of(b, operands[1]);
        tl_value t = lang_binop(s, b, TL_OP_SUB, &top, &iv);
        lang_opnd diff = lang_opnd_of(b, t), bottom = lang_opnd_of(b, operands[0]);
        scope.iv = lang_binop(s, b, TL_OP_ADD, &diff, &bottom);
    }
    wrap_args(b, body, 1, n, operands + 3, args);
    scope.args = args;
    scope.results = unready_results(s, b, n); /* until the loop is closed */
    scope.nresults = n;
    scope.pending = wrap_results(s, b, op, n, operands + 3);
    if (c)
        carry_bind(c, args);
    return scope;
}

/* The working arrays of closing a loop (for or while) that carries C variables: the variables'
 * values now, the values yielded, the results' inits, and which variables stay carried. */
typedef struct loop_close {
    tl_value *now, *yield, *like;
    bool *keep;
} loop_close;

/* Makes the arrays and reads the variables' current values; false after an error. */
static bool loop_close_begin(tl_site s, tl_scope *scope, loop_close *lc)
{
    tl_builder *b = scope->b;
    int n = scope->carry->n;
    lc->now = scope_values(s, b, n);
    lc->yield = scope_values(s, b, n);
    lc->like = scope_values(s, b, n);
    lc->keep = scope_flags(s, b, n);
    return lc->now && lc->yield && lc->like && lc->keep && carry_current(s, b, scope->carry, "loop", lc->now);
}

typedef bool (*loop_rebuild)(tl_site s, tl_builder *b, tl_scope *scope, const bool *keep, int nyield,
                             tl_value *yield);

/* Once lc->keep is decided: makes the loop again without the variables it does not carry
 * (rebuild), yields the rest, closes the body and writes the results back. */
static void loop_close_end(tl_site s, tl_scope *scope, loop_close *lc, loop_rebuild rebuild)
{
    tl_builder *b = scope->b;
    const tl_carry *c = scope->carry;
    int n = c->n;
    int nk = carry_kept(n, lc->keep, lc->now, lc->yield);
    if (nk < n && !rebuild(s, b, scope, lc->keep, nk, lc->yield))
        return;
    if (!terminate(s, b, TCIR_OPC_SCF_YIELD, nk, lc->yield))
        return;
    tl_pop_block_at(s, b);
    carry_kept(n, lc->keep, c->init, lc->like);
    scope->n = scope->nresults = nk;
    scope->results = wrap_results(s, b, scope->op, nk, lc->like);
    scope->args = scope_poison; /* the body's arguments are gone with it */
    carry_write_back(c, lc->keep, scope->results, c->init);
}

/* Closes a for loop that carries C variables: yields those the body changed, drops the rest. */
static void close_for_carry(tl_site s, tl_scope *scope)
{
    const tl_carry *c = scope->carry;
    loop_close lc;
    if (!loop_close_begin(s, scope, &lc))
        return;
    for (int i = 0; i < c->n; i++)
        lc.keep[i] = lc.now[i].ir != scope->args[i].ir && lc.now[i].ir != c->init[i].ir;
    loop_close_end(s, scope, &lc, rebuild_for);
}

/* ---- if / else ------------------------------------------------------------------------------ */

tl_scope tl_if_at(tl_site s, tl_value cond, tl_if_opts o)
{
    tl_builder *b = lang_builder(s, NULL, 1, &cond, (const char *const[]){"condition"});
    if (!b)
        return failed_scope(cond.b, s, o.carry.n);
    tl_carry *c = o.carry.n ? carry_open(s, b, o.carry) : NULL;
    if (o.carry.n && !c)
        return failed_scope(b, s, o.carry.n);
    tl_value cv;
    if (!condition(s, b, cond, &cv) || (c && !carry_values(s, b, c)))
        return failed_scope(b, s, o.carry.n);
    tcir_op *op = lang_op(s, b, TCIR_OPC_SCF_IF, (tl_raw_op){.noperands = 1, .operands = &cv, .nregions = 2});
    if (!op)
        return failed_scope(b, s, o.carry.n);
    tcir_block *then = tcir_region_add_block(scope_ctx(b), tcir_op_region(op, 0));
    tl_push_block_at(s, b, then);
    if (tl_builder_failed(b))
        return failed_scope(b, s, o.carry.n);
    if (c)
        carry_bind(c, c->init);
    tl_scope scope = failed_scope(b, s, 0);
    scope.kind = TL_SCOPE_IF;
    scope.depth = tl_scope_depth(b);
    scope.op = op;
    scope.block = then;
    scope.carry = c;
    return scope;
}

/* The op's results take the types of the first values it yields (scf.if's then-branch,
 * scf.while's condition). */
static bool set_results(tl_site s, tl_scope *scope, int n, const tl_value *v)
{
    tl_builder *b = scope->b;
    const tcir_type *types_small[SCOPE_SMALL];
    const tcir_type **types = scope_scratch(s, b, n, sizeof(const tcir_type *), types_small, sizeof types_small);
    if (!types)
        return false;
    for (int i = 0; i < n; i++)
        types[i] = tl_value_type(v[i]);
    tcir_op_set_result_types(scope_ctx(b), scope->op, n, types); /* copies them */
    scope->nresults = n;
    scope->results = unready_results(s, b, n);
    scope->pending = wrap_results(s, b, scope->op, n, v); /* published when the scope closes */
    return !tl_builder_failed(b);
}

/* A failed call that would have given the scope n results leaves n poison ones. */
static void poison_results(tl_scope *scope, int n)
{
    if (scope && scope->results == scope_poison && scope->nresults < n)
        scope->nresults = clamp_count(n);
}

static void open_else(tl_site s, tl_scope *scope)
{
    tl_builder *b = scope->b;
    tl_pop_block_at(s, b);
    tcir_block *other = tcir_region_add_block(scope_ctx(b), tcir_op_region(scope->op, 1));
    tl_push_block_at(scope->opened, b, other); /* an else left open is reported at its if */
    scope->block = other;
    scope->phase = 1;
}

void tl_else_at(tl_site s, tl_scope *scope, tl_values values)
{
    if (!is_innermost(s, scope, TL_SCOPE_IF, "tl_else")) {
        poison_results(scope, values.n);
        return;
    }
    tl_builder *b = scope->b;
    if (scope->phase != 0) {
        tl_builder_fail(b, s, "this if already has its else");
        return;
    }
    if (!carry_no_values(s, b, scope, values))
        return;
    tl_carry *c = scope->carry;
    if (c) { /* the then-branch's yield is made at tl_end, once the carried set is known */
        c->then_val = scope_values(s, b, c->n);
        c->else_at = s;
        if (!c->then_val || !carry_current(s, b, c, "then-branch", c->then_val))
            return;
        carry_bind(c, c->init);
        open_else(s, scope);
        return;
    }
    if (!good_list(s, b, values, "then-branch")) {
        poison_results(scope, values.n);
        return;
    }
    tl_value *v = scope_values(s, b, values.n);
    if (!v || !matching_values(s, b, values, values.n, NULL, "then-branch", v)) {
        poison_results(scope, values.n);
        return;
    }
    if (!set_results(s, scope, values.n, v) || !terminate(s, b, TCIR_OPC_SCF_YIELD, values.n, v))
        return;
    open_else(s, scope);
}

/* Yields v (n values) at the end of blk, which is not the current block. */
static bool yield_in(tl_site s, tl_builder *b, tcir_block *blk, int n, const tl_value *v)
{
    tl_push_block_at(s, b, blk);
    bool ok = terminate(s, b, TCIR_OPC_SCF_YIELD, n, v);
    tl_pop_block_at(s, b);
    return ok && !tl_builder_failed(b);
}

/* Closes an if that carries C variables: it yields those whose values differ between its
 * branches (the else branch, written or not, sees the values from before the if). */
static void close_if_carry(tl_site s, tl_scope *scope)
{
    tl_builder *b = scope->b;
    const tl_carry *c = scope->carry;
    int n = c->n;
    tl_value now_small[SCOPE_SMALL], then_small[SCOPE_SMALL], else_small[SCOPE_SMALL], like_small[SCOPE_SMALL];
    bool keep_small[SCOPE_SMALL];
    size_t tv = sizeof(tl_value);
    tl_value *now = scope_scratch(s, b, n, tv, now_small, sizeof now_small);
    tl_value *then_yield = scope_scratch(s, b, n, tv, then_small, sizeof then_small);
    tl_value *else_yield = scope_scratch(s, b, n, tv, else_small, sizeof else_small);
    tl_value *like = scope_scratch(s, b, n, tv, like_small, sizeof like_small); /* (set_results copies) */
    bool *keep = scope_scratch(s, b, n, sizeof(bool), keep_small, sizeof keep_small);
    if (!now || !then_yield || !else_yield || !like || !keep ||
        !carry_current(s, b, c, scope->phase ? "else-branch" : "then-branch", now))
        return;
    const tl_value *then_val = scope->phase ? c->then_val : now, *else_val = scope->phase ? now : c->init;
    for (int i = 0; i < n; i++)
        keep[i] = then_val[i].ir != else_val[i].ir;
    int nk = carry_kept(n, keep, then_val, then_yield);
    carry_kept(n, keep, else_val, else_yield);
    tcir_block *then = tcir_region_first_block(tcir_op_region(scope->op, 0));
    if (scope->phase) { /* now in the else branch */
        if (!terminate(s, b, TCIR_OPC_SCF_YIELD, nk, else_yield))
            return;
        tl_pop_block_at(s, b);
        if (!yield_in(c->else_at, b, then, nk, then_yield))
            return;
    } else {
        if (!terminate(s, b, TCIR_OPC_SCF_YIELD, nk, then_yield))
            return;
        tl_pop_block_at(s, b);
        if (nk && !yield_in(s, b, tcir_region_add_block(scope_ctx(b), tcir_op_region(scope->op, 1)), nk, else_yield))
            return;
    }
    carry_kept(n, keep, c->init, like);
    if (!set_results(s, scope, nk, like))
        return;
    scope->results = scope->pending;
    carry_write_back(c, keep, scope->results, then_val);
    rebuild_without_empty_else(s, b, scope);
}

static void close_if(tl_site s, tl_scope *scope, tl_values values)
{
    tl_builder *b = scope->b;
    if (scope->carry) {
        close_if_carry(s, scope);
        return;
    }
    if (scope->phase == 0 && values.n) {
        tl_builder_fail(b, s, "an if that yields values needs an else: close the then-branch with tl_else");
        return;
    }
    if (!good_list(s, b, values, "if"))
        return;
    tl_value *v = scope_values(s, b, values.n);
    const tcir_type **types = NULL;
    if (!v || (scope->phase == 1 && !(types = scope_types(s, b, scope->nresults))))
        return;
    for (int i = 0; scope->phase == 1 && i < scope->nresults; i++)
        types[i] = tl_value_type(scope->pending[i]);
    if (!matching_values(s, b, values, scope->nresults, types, "if", v) ||
        !terminate(s, b, TCIR_OPC_SCF_YIELD, values.n, v))
        return;
    tl_pop_block_at(s, b);
    if (scope->pending)
        scope->results = scope->pending;
    rebuild_without_empty_else(s, b, scope);
}

/* ---- while ----------------------------------------------------------------------------------- */

tl_scope tl_while_at(tl_site s, tl_builder *b, tl_while_opts o)
{
    int hint = o.carry.n ? o.carry.n : o.inits.n;
    if (!b || !lang_builder(s, b, 0, NULL, NULL))
        return failed_scope(b, s, hint);
    if (!one_form(s, b, o.carry, o.inits) || !good_list(s, b, o.inits, "inits"))
        return failed_scope(b, s, hint);
    tl_carry *c = NULL;
    int n = o.inits.n;
    if (o.carry.n) {
        c = carry_open(s, b, o.carry);
        if (!c)
            return failed_scope(b, s, hint);
        n = c->n;
    } else if (n && !lang_builder(s, b, n, o.inits.v, NULL)) {
        return failed_scope(b, s, hint);
    }
    tl_value *inits = c ? c->init : scope_values(s, b, n), *args = scope_values(s, b, n);
    const tcir_type **types = scope_types(s, b, n);
    if (!inits || !args || !types || (c && !carry_values(s, b, c)))
        return failed_scope(b, s, hint);
    for (int i = 0; i < n; i++) {
        if (!c && !carried_value(s, b, o.inits.v[i], "init", i, &inits[i]))
            return failed_scope(b, s, hint);
        types[i] = tl_value_type(inits[i]);
    }
    tcir_op *op = lang_op(s, b, TCIR_OPC_SCF_WHILE, (tl_raw_op){.noperands = n, .operands = inits, .nregions = 2});
    if (!op)
        return failed_scope(b, s, hint);
    tcir_block *before = tcir_region_add_block(scope_ctx(b), tcir_op_region(op, 0));
    if (!before || !add_args(s, b, before, n, NULL, types))
        return failed_scope(b, s, hint);
    tl_push_block_at(s, b, before);
    if (tl_builder_failed(b))
        return failed_scope(b, s, hint);
    tl_scope scope = failed_scope(b, s, n);
    scope.kind = TL_SCOPE_WHILE;
    scope.depth = tl_scope_depth(b);
    scope.op = op;
    scope.block = before;
    scope.carry = c;
    wrap_args(b, before, 0, n, inits, args);
    scope.args = args;
    if (c)
        carry_bind(c, args);
    return scope;
}

void tl_do_at(tl_site s, tl_scope *scope, tl_value cond, tl_values values)
{
    if (!is_innermost(s, scope, TL_SCOPE_WHILE, "tl_do"))
        return;
    tl_builder *b = scope->b;
    if (scope->phase != 0) {
        tl_builder_fail(b, s, "the while's condition is already given");
        return;
    }
    if (!carry_no_values(s, b, scope, values))
        return;
    tl_carry *c = scope->carry;
    int n = scope->n;
    if (!c && values.n != n) {
        tl_builder_fail(b, s, "the condition forwards %d value(s), the loop carries %d", values.n, n);
        return;
    }
    tl_value cv;
    if (!condition(s, b, cond, &cv))
        return;
    tl_value *v = scope_values(s, b, n + 1), *args = scope_values(s, b, n);
    if (!v || !args)
        return;
    v[0] = cv;
    if (c) {
        if (!carry_current(s, b, c, "condition", v + 1))
            return;
        c->fwd = v + 1;
    } else if (!matching_values(s, b, values, n, NULL, "condition", v + 1)) {
        return;
    }
    if (!terminate(s, b, TCIR_OPC_SCF_CONDITION, n + 1, v) || !set_results(s, scope, n, c ? c->init : v + 1))
        return;
    tl_pop_block_at(s, b);
    tcir_block *after = tcir_region_add_block(scope_ctx(b), tcir_op_region(scope->op, 1));
    if (!after || !add_args(s, b, after, n, v + 1, NULL))
        return;
    tl_push_block_at(scope->opened, b, after); /* a body left open is reported at its while */
    if (tl_builder_failed(b))
        return;
    wrap_args(b, after, 0, n, c ? c->init : v + 1, args);
    scope->args = args;
    scope->block = after;
    scope->phase = 1;
    if (c)
        carry_bind(c, args);
}

/* Closes a while that carries C variables: those neither the condition nor the body changed
 * are dropped. */
static void close_while_carry(tl_site s, tl_scope *scope)
{
    const tl_carry *c = scope->carry;
    loop_close lc;
    if (!loop_close_begin(s, scope, &lc))
        return;
    tcir_block *before = tcir_region_first_block(tcir_op_region(scope->op, 0));
    for (int i = 0; i < c->n; i++) {
        bool body_same = lc.now[i].ir == scope->args[i].ir || lc.now[i].ir == c->init[i].ir;
        bool cond_same = c->fwd[i].ir == tcir_block_arg(before, i) || c->fwd[i].ir == c->init[i].ir;
        lc.keep[i] = !(body_same && cond_same);
    }
    loop_close_end(s, scope, &lc, rebuild_while);
}

/* ---- early return ------------------------------------------------------------------------------ */

/* Branches on cond to `taken` or to a fresh fall-through block, and continues there after. */
static bool branch_out(tl_site s, tl_builder *b, tl_value cond, tcir_block *taken, tcir_block **cont)
{
    tl_value c;
    if (!condition(s, b, cond, &c))
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
        terminate(s, b, TCIR_OPC_TT_RETURN, 0, NULL);
        tl_pop_block_at(s, b);
    }
    tl_set_block_at(s, b, cont);
}

tl_scope tl_return_if_open_at(tl_site s, tl_value cond, tl_return_opts o)
{
    tl_builder *b = lang_builder(s, NULL, 1, &cond, (const char *const[]){"condition"});
    if (!b || !at_function_level(s, b))
        return failed_scope(b ? b : cond.b, s, 0);
    tcir_block *taken = tcir_region_add_block(scope_ctx(b), tcir_op_region(tl_builder_func(b), 0)), *cont;
    if (!branch_out(s, b, cond, taken, &cont))
        return failed_scope(b, s, 0);
    tl_push_block_at(s, b, taken);
    if (tl_builder_failed(b))
        return failed_scope(b, s, 0);
    /* The fall-through block is the one right after `taken` (close_return_if continues there). */
    tl_scope scope = failed_scope(b, s, 0);
    scope.kind = TL_SCOPE_RETURN_IF;
    scope.depth = tl_scope_depth(b);
    scope.block = taken;
    scope.inline_return = o.inline_return;
    return scope;
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
        if (!terminate(s, b, TCIR_OPC_TT_RETURN, 0, NULL))
            return;
    } else {
        tcir_block *exit = tl_exit_block_at(s, b);
        if (!exit || !lang_op(s, b, TCIR_OPC_CF_BR, (tl_raw_op){.nsuccessors = 1, .successors = &exit}))
            return;
    }
    tl_pop_block_at(s, b);
    tl_set_block_at(s, b, cont);
}

/* ---- closing ------------------------------------------------------------------------------------- */

static void close_for(tl_site s, tl_scope *scope, tl_values values)
{
    tl_builder *b = scope->b;
    if (scope->carry) {
        close_for_carry(s, scope);
        return;
    }
    const tcir_type **types = scope_types(s, b, scope->n);
    tl_value *v = scope_values(s, b, scope->n);
    if (!types || !v)
        return;
    for (int i = 0; i < scope->n; i++)
        types[i] = tl_value_type(scope->args[i]);
    if (!matching_values(s, b, values, scope->n, types, "for loop", v) ||
        !terminate(s, b, TCIR_OPC_SCF_YIELD, values.n, v))
        return;
    tl_pop_block_at(s, b);
    scope->results = scope->pending;
}

static void close_while(tl_site s, tl_scope *scope, tl_values values)
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
    tl_value *inits = scope_values(s, b, scope->n);
    const tcir_type **types = scope_types(s, b, scope->n);
    if (!inits || !types)
        return;
    for (int i = 0; i < scope->n; i++)
        types[i] = tcir_value_type(tcir_op_operand(scope->op, i));
    if (!matching_values(s, b, values, scope->n, types, "while body", inits) ||
        !terminate(s, b, TCIR_OPC_SCF_YIELD, values.n, inits))
        return;
    tl_pop_block_at(s, b);
    scope->results = scope->pending;
}

void tl_yield_at(tl_site s, tl_scope *scope, tl_values values)
{
    if (!is_innermost(s, scope, TL_SCOPE_NONE, s.func))
        return;
    tl_builder *b = scope->b;
    if (!carry_no_values(s, b, scope, values))
        return;
    switch (scope->kind) {
    case TL_SCOPE_FOR: close_for(s, scope, values); break;
    case TL_SCOPE_IF: close_if(s, scope, values); break;
    case TL_SCOPE_WHILE: close_while(s, scope, values); break;
    case TL_SCOPE_RETURN_IF: close_return_if(s, scope, values); break;
    default: return;
    }
    if (!tl_builder_failed(b))
        scope->kind = TL_SCOPE_NONE; /* closed: its results stay readable */
}
