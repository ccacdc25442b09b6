/* Control flow as scopes (control.h): what every scope shares. The scopes themselves are made
 * in lang_scope_for.c (scf.for), lang_scope_if.c (scf.if and its else), lang_scope_while.c (scf.while) and
 * lang_scope_return.c (early returns); this file has their memory and values, the checks of their
 * calls, the results an op learns from its first yield, the common end of a loop that carries C
 * variables, and tl_yield (tl_end), which closes any of them.
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

/* ---- memory and values ----------------------------------------------------------------------- */

#define P1                                                                                                             \
    {                                                                                                                  \
        .poison = 1                                                                                                    \
    }
#define P8 P1, P1, P1, P1, P1, P1, P1, P1
#define P64 P8, P8, P8, P8, P8, P8, P8, P8
const tl_value lang_scope_poison[TL_MAX_CARRIED] = {P64, P64};
#undef P1
#undef P8
#undef P64

int lang_scope_clamp_count(int n) { return n < 0 ? 0 : n > TL_MAX_CARRIED ? TL_MAX_CARRIED : n; }

/* The result of a scope call that failed: nothing open, n poison args and results to read. */
tl_scope lang_scope_failed(tl_builder *b, tl_site s, int n)
{
    n = lang_scope_clamp_count(n);
    return (tl_scope){
        .b = b, .opened = s, .n = n, .args = lang_scope_poison, .nresults = n, .results = lang_scope_poison};
}

void *lang_scope_array(tl_site s, tl_builder *b, int n, size_t each)
{
    void *p = tcir_alloc(lang_scope_ctx(b), each * (size_t)(n > 0 ? n : 1));
    if (!p)
        tl_builder_fail(b, s, "out of memory");
    return p;
}

void *lang_scope_scratch(tl_site s, tl_builder *b, int n, size_t each, void *small, size_t small_bytes)
{
    if (n > 0 && each * (size_t)n <= small_bytes)
        return memset(small, 0, each * (size_t)n);
    return lang_scope_array(s, b, n, each);
}

bool lang_scope_out_of_memory(tl_site s, tl_builder *b)
{
    tl_builder_fail(b, s, "out of memory");
    return false;
}

tl_value *lang_scope_values(tl_site s, tl_builder *b, int n) { return lang_scope_array(s, b, n, sizeof(tl_value)); }

const tcir_type **lang_scope_types(tl_site s, tl_builder *b, int n)
{
    return lang_scope_array(s, b, n, sizeof(const tcir_type *));
}

bool *lang_scope_flags(tl_site s, tl_builder *b, int n) { return lang_scope_array(s, b, n, sizeof(bool)); }

tcir_value **lang_scope_irs(tl_site s, tl_builder *b, int n) { return lang_scope_array(s, b, n, sizeof(tcir_value *)); }

/* n poison values of b: a scope's results before it closes. Unlike the static ones they name
 * their builder, so using one is an error at that call. */
const tl_value *lang_scope_unready_results(tl_site s, tl_builder *b, int n)
{
    tl_value *v = lang_scope_values(s, b, n);
    if (!v)
        return lang_scope_poison;
    for (int i = 0; i < n; i++)
        v[i] = (tl_value){.b = b, .poison = 1};
    return v;
}

/* A carried value as a value of b: a literal becomes a constant of its Python type. */
tl_value lang_scope_strong(tl_site s, tl_builder *b, tl_value v)
{
    lang_opnd o = lang_opnd_of(b, v);
    lang_strong(&o);
    return lang_value(s, b, &o);
}

bool lang_scope_carried_value(tl_site s, tl_builder *b, tl_value v, const char *what, int i, tl_value *out)
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
    *out = lang_scope_strong(s, b, v);
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
void lang_scope_wrap_args(tl_builder *b, tcir_block *blk, int first, int n, const tl_value *like, tl_value *out)
{
    for (int i = 0; i < n; i++)
        out[i] = rebound(b, tcir_block_arg(blk, first + i), like[i]);
}

/* Adds n arguments to blk, typed like v[i] (or types[i] when v is NULL), located at s. */
bool lang_scope_add_args(tl_site s, tl_builder *b, tcir_block *blk, int n, const tl_value *v,
                         const tcir_type *const *types)
{
    for (int i = 0; i < n; i++)
        if (!tcir_block_add_arg(lang_scope_ctx(b), blk, v ? tl_value_type(v[i]) : types[i],
                                (tcir_loc){s.file, s.line, 0})) {
            tl_builder_fail(b, s, "out of memory");
            return false;
        }
    return true;
}

/* The op's results as values typed like `like` (poison when memory runs out). */
const tl_value *lang_scope_wrap_results(tl_site s, tl_builder *b, tcir_op *op, int n, const tl_value *like)
{
    tl_value *out = lang_scope_values(s, b, n);
    if (!out)
        return lang_scope_poison;
    for (int i = 0; i < n; i++)
        out[i] = rebound(b, tcir_op_result(op, i), like[i]);
    return out;
}

/* A condition: an i1 scalar (other scalars are compared with zero, as Python's .to(int1)). */
bool lang_scope_condition(tl_site s, tl_builder *b, tl_value cond, tl_value *out)
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
bool lang_scope_terminate(tl_site s, tl_builder *b, ir_opcode opc, int n, const tl_value *v)
{
    return lang_op(s, b, opc, (tl_raw_op){.noperands = n, .operands = v}) != NULL;
}

/* The scope must be the innermost open one, in the expected phase. */
bool lang_scope_is_innermost(tl_site s, tl_scope *scope, tl_scope_kind kind, const char *call)
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
bool lang_scope_matching_values(tl_site s, tl_builder *b, tl_values values, int n, const tcir_type *const *types,
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
        if (!lang_scope_carried_value(s, b, values.v[i], "value", i, &out[i]))
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

bool lang_scope_good_list(tl_site s, tl_builder *b, tl_values v, const char *what)
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

/* .carry or .inits, not both. */
bool lang_scope_one_form(tl_site s, tl_builder *b, tl_vars carry, tl_values inits)
{
    if (carry.n && inits.n) {
        tl_builder_fail(b, s, "give .carry (C variables) or .inits (values), not both");
        return false;
    }
    return true;
}

/* The op's results take the types of the first values it yields (scf.if's then-branch,
 * scf.while's condition). */
bool lang_scope_set_results(tl_site s, tl_scope *scope, int n, const tl_value *v)
{
    tl_builder *b = scope->b;
    const tcir_type *types_small[SCOPE_SMALL];
    const tcir_type **types = lang_scope_scratch(s, b, n, sizeof(const tcir_type *), types_small, sizeof types_small);
    if (!types)
        return false;
    for (int i = 0; i < n; i++)
        types[i] = tl_value_type(v[i]);
    tcir_op_set_result_types(lang_scope_ctx(b), scope->op, n, types); /* copies them */
    scope->nresults = n;
    scope->results = lang_scope_unready_results(s, b, n);
    scope->pending = lang_scope_wrap_results(s, b, scope->op, n, v); /* published when the scope closes */
    return !tl_builder_failed(b);
}

/* ---- closing ------------------------------------------------------------------------------------- */

/* Makes the arrays and reads the variables' current values; false after an error. */
bool lang_scope_loop_close_begin(tl_site s, tl_scope *scope, lang_scope_loop_close *lc)
{
    tl_builder *b = scope->b;
    int n = scope->carry->n;
    lc->now = lang_scope_values(s, b, n);
    lc->yield = lang_scope_values(s, b, n);
    lc->like = lang_scope_values(s, b, n);
    lc->keep = lang_scope_flags(s, b, n);
    return lc->now && lc->yield && lc->like && lc->keep && lang_carry_current(s, b, scope->carry, "loop", lc->now);
}

/* Once lc->keep is decided: makes the loop again without the variables it does not carry
 * (rebuild), yields the rest, closes the body and writes the results back. */
void lang_scope_loop_close_end(tl_site s, tl_scope *scope, lang_scope_loop_close *lc, lang_scope_loop_rebuild rebuild)
{
    tl_builder *b = scope->b;
    const tl_carry *c = scope->carry;
    int n = c->n;
    int nk = lang_carry_kept(n, lc->keep, lc->now, lc->yield);
    if (nk < n && !rebuild(s, b, scope, lc->keep, nk, lc->yield))
        return;
    if (!lang_scope_terminate(s, b, TCIR_OPC_SCF_YIELD, nk, lc->yield))
        return;
    lang_scope_check_unused(s, scope);
    tl_pop_block_at(s, b);
    lang_carry_kept(n, lc->keep, c->init, lc->like);
    scope->n = scope->nresults = nk;
    scope->results = lang_scope_wrap_results(s, b, scope->op, nk, lc->like);
    scope->args = lang_scope_poison; /* the body's arguments are gone with it */
    lang_carry_write_back(c, lc->keep, scope->results, c->init);
}

void tl_yield_at(tl_site s, tl_scope *scope, tl_values values)
{
    if (!lang_scope_is_innermost(s, scope, TL_SCOPE_NONE, s.func))
        return;
    tl_builder *b = scope->b;
    if (!lang_carry_no_values(s, b, scope, values))
        return;
    switch (scope->kind) {
    case TL_SCOPE_FOR: lang_scope_close_for(s, scope, values); break;
    case TL_SCOPE_IF: lang_scope_close_if(s, scope, values); break;
    case TL_SCOPE_WHILE: lang_scope_close_while(s, scope, values); break;
    case TL_SCOPE_RETURN_IF: lang_scope_close_return_if(s, scope, values); break;
    default: return;
    }
    if (!tl_builder_failed(b))
        scope->kind = TL_SCOPE_NONE; /* closed: its results stay readable */
}

void lang_scope_disable_licm(tl_builder *b, tcir_op *op)
{
    tcir_context *ctx = lang_scope_ctx(b);
    const tcir_attr *licm =
        tcir_attr_alias(ctx, "loop_licm", "#llvm.loop_licm<disable = true, versioningDisable = true>", 0, NULL);
    const tcir_attr *note =
        licm ? tcir_attr_alias(ctx, "loop_annotation", "#llvm.loop_annotation<licm = #loop_licm>", 1, &licm) : NULL;
    if (note)
        tcir_op_set_attr(ctx, op, "llvm.loop_annotation", note, false);
}
