/* The runtime ternary (control.h: TL_IFEXP): Python's `a if cond else b` on a runtime condition,
 * an scf.if whose then-branch computes a and yields it, whose else-branch computes b and yields
 * it. The macro is a comma expression over the three calls here, so that C evaluates a after the
 * if is open and b after its else is: each branch's ops land in its region. The open scopes wait
 * on a stack of this thread (a nests inside b, or in a, as the expressions do). */
#include "lang/scope_internal.h"

static _Thread_local tl_scope ifexp_stack[TL_MAX_NESTING];
static _Thread_local int ifexp_depth;

/* The scope opened by the innermost TL_IFEXP, or NULL when it could not be kept (too deep). */
static tl_scope *ifexp_top(void)
{
    int i = ifexp_depth - 1;
    return i >= 0 && i < TL_MAX_NESTING ? &ifexp_stack[i] : NULL;
}

int tlx_ifexp_open_at(tl_site s, tl_value cond)
{
    int i = ifexp_depth++;
    if (i >= TL_MAX_NESTING) {
        tl_builder *b = tl_value_is_lit(cond) || !cond.b ? tl_builder_current() : cond.b;
        if (b)
            tl_builder_fail(b, s, "TL_IFEXP nests %d deep at most", TL_MAX_NESTING);
        return 0;
    }
    ifexp_stack[i] = tl_if_at(s, cond, (tl_if_opts){.carry = {0, NULL, NULL}});
    return 0;
}

int tlx_ifexp_else_at(tl_site s, tl_value a)
{
    tl_scope *scope = ifexp_top();
    if (scope)
        tl_else_at(s, scope, (tl_values){1, &a});
    return 0;
}

tl_value tlx_ifexp_end_at(tl_site s, tl_value b)
{
    tl_scope *scope = ifexp_top();
    ifexp_depth--;
    if (!scope)
        return TL_POISON;
    tl_yield_at(s, scope, (tl_values){1, &b});
    return scope->nresults == 1 ? scope->results[0] : TL_POISON;
}
