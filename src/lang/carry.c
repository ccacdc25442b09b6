/* The C variables a scope carries (control.h's .carry = TL_VARS(...)): their list and names,
 * Python's carried order, and their values at open and close.
 *
 * Python's code generator carries in the order of its symbol table: the order in which names
 * were first defined. C has no symbol table; the builder numbers each value it makes
 * (tl_value.def_order), and in a line-for-line port a variable's first value is made on the
 * line that first defines it, so the carried order is the order of the values the variables
 * hold at open. A scope's region arguments and results keep the numbers of the values they
 * stand for (scope.c), so a variable keeps its place from scope to scope. docs/control.md
 * lists where that cannot tell. */
#include <stdio.h>
#include <string.h>

#include "lang/scope_internal.h"

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* The C names of a TL_VARS list, from its text ("&acc, &p" gives acc and p). */
static void var_names(tl_builder *b, tl_vars vars, const char **out)
{
    const char *p = vars.names;
    int i = 0;
    while (p && *p && i < vars.n) {
        while (is_space(*p) || *p == '&')
            p++;
        const char *start = p;
        int depth = 0;
        for (; *p && (depth > 0 || *p != ','); p++)
            depth += (*p == '(' || *p == '[') - (*p == ')' || *p == ']');
        const char *end = p;
        while (end > start && is_space(end[-1]))
            end--;
        const char *name = tcir_strdup(lang_scope_ctx(b), start, (size_t)(end - start));
        out[i++] = name ? name : "(a variable)"; /* names only serve messages */
        if (*p == ',')
            p++;
    }
    for (; i < vars.n; i++) {
        char num[16];
        int len = snprintf(num, sizeof num, "#%d", i);
        const char *name = tcir_strdup(lang_scope_ctx(b), num, (size_t)len);
        out[i] = name ? name : "(a variable)";
    }
}

static bool valid_var_value(tl_site s, tl_builder *b, tl_value v, const char *name)
{
    if (tl_value_is_absent(v) || tl_value_is_poison(v)) {
        tl_builder_fail(b, s, "carried variable %s holds no value (poison, or never set)", name);
        return false;
    }
    if (!tl_value_is_lit(v) && v.b != b) {
        tl_builder_fail(b, s, "carried variable %s belongs to another builder", name);
        return false;
    }
    return true;
}

/* Checks a .carry list and records it in Python's carried order (each variable's place is its
 * value's def_order; equal places keep the list's order). The values are made strong later
 * (lang_carry_values), where the explicit form makes its inits, so that constants keep their order. */
/* Whether carried variable a comes after b: by def_order; TL_UNSET ones last, by name (Python's
 * sorted(then_defs.keys() & else_defs.keys())). */
static bool carried_after(tl_value a, const char *an, tl_value b, const char *bn)
{
    if (tl_value_is_unset(a) != tl_value_is_unset(b))
        return tl_value_is_unset(a);
    if (tl_value_is_unset(a))
        return strcmp(an, bn) > 0;
    return a.def_order > b.def_order;
}

tl_carry *lang_carry_open(tl_site s, tl_builder *b, tl_vars vars, bool allow_unset)
{
    int n = vars.n;
    if (n < 0 || (n && !vars.v)) {
        tl_builder_fail(b, s, "carry: bad variable list");
        return NULL;
    }
    if (n > TL_MAX_CARRIED) {
        tl_builder_fail(b, s, "carry: %d variables, at most %d", n, TL_MAX_CARRIED);
        return NULL;
    }
    const char **names = lang_scope_array(s, b, n, sizeof(*names));
    if (!names)
        return NULL;
    var_names(b, vars, names);
    for (int i = 0; i < n; i++) {
        if (!vars.v[i]) {
            tl_builder_fail(b, s, "carried variable %s is NULL", names[i]);
            return NULL;
        }
        for (int j = 0; j < i; j++)
            if (vars.v[j] == vars.v[i]) {
                tl_builder_fail(b, s, "carried variable %s is listed twice", names[i]);
                return NULL;
            }
        tl_value v = *vars.v[i];
        if (tl_value_is_unset(v)) {
            if (allow_unset)
                continue;
            tl_builder_fail(b, s,
                            "carried variable %s is TL_UNSET: only a tl_if's branches may give a variable its "
                            "first value; give it one before this scope",
                            names[i]);
            return NULL;
        }
        if (!valid_var_value(s, b, v, names[i]))
            return NULL;
        if (n > 1 && tl_value_is_lit(v)) {
            tl_builder_fail(b, s,
                            "carried variable %s holds a C number: its place in Python's carried order cannot "
                            "be known; make it a value where Python assigns it (tl_const)",
                            names[i]);
            return NULL;
        }
    }
    tl_carry *c = lang_scope_array(s, b, 1, sizeof *c);
    if (!c || !(c->var = lang_scope_array(s, b, n, sizeof(*c->var))) ||
        !(c->name = lang_scope_array(s, b, n, sizeof(*c->name))) || !(c->init = lang_scope_values(s, b, n)) ||
        !(c->unset = lang_scope_flags(s, b, n)))
        return NULL;
    c->n = n;
    /* insertion sort by def_order: stable, and lists are short */
    for (int i = 0; i < n; i++) {
        int j = i;
        for (; j > 0 && carried_after(*c->var[j - 1], c->name[j - 1], *vars.v[i], names[i]); j--) {
            c->var[j] = c->var[j - 1];
            c->name[j] = c->name[j - 1];
        }
        c->var[j] = vars.v[i];
        c->name[j] = names[i];
    }
    return c;
}

/* The variables' values at open, as values of b (a literal becomes a constant). */
bool lang_carry_values(tl_site s, tl_builder *b, tl_carry *c)
{
    for (int i = 0; i < c->n; i++) {
        c->unset[i] = tl_value_is_unset(*c->var[i]);
        if (c->unset[i]) {
            c->init[i] = TL_UNSET;
            continue;
        }
        c->init[i] = lang_scope_strong(s, b, *c->var[i]);
        if (tl_value_is_poison(c->init[i]))
            return false;
    }
    return true;
}

/* Variable i's value now, as a value of b of its carried type. */
static bool current_value(tl_site s, tl_builder *b, const tl_carry *c, int i, const char *where, tl_value *out)
{
    tl_value v = *c->var[i];
    if (c->unset && c->unset[i] && tl_value_is_unset(v)) { /* not defined (yet) in this branch */
        *out = TL_UNSET;
        return true;
    }
    if (!valid_var_value(s, b, v, c->name[i]))
        return false;
    *out = lang_scope_strong(s, b, v);
    if (tl_value_is_poison(*out))
        return false;
    if (c->unset && c->unset[i]) /* its type is the branch's: close_if_carry compares them */
        return true;
    const tcir_type *t = tl_value_type(*out), *want = tl_value_type(c->init[i]);
    if (t != want) {
        char got[LANG_STR], was[LANG_STR];
        tcir_type_str(t, got, sizeof got);
        tcir_type_str(want, was, sizeof was);
        tl_builder_fail(b, s, "carried variable %s changes type in the %s: %s before it, %s here", c->name[i], where,
                        was, got);
        return false;
    }
    return true;
}

bool lang_carry_current(tl_site s, tl_builder *b, const tl_carry *c, const char *where, tl_value *out)
{
    for (int i = 0; i < c->n; i++)
        if (!current_value(s, b, c, i, where, &out[i]))
            return false;
    return true;
}

void lang_carry_bind(const tl_carry *c, const tl_value *v)
{
    for (int i = 0; i < c->n; i++)
        *c->var[i] = v[i];
}

/* Values given to a call that takes the carried variables instead. */
bool lang_carry_no_values(tl_site s, tl_builder *b, const tl_scope *scope, tl_values values)
{
    if (scope->carry && values.n) {
        tl_builder_fail(b, s, "this scope carries C variables (.carry): give no values, the variables are the yield");
        return false;
    }
    return true;
}

/* The values at `keep`, in order; returns how many. */
int lang_carry_kept(int n, const bool *keep, const tl_value *v, tl_value *out)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        if (keep[i])
            out[k++] = v[i];
    return k;
}

/* After close: kept variables take the op's results, the others `other`. */
void lang_carry_write_back(const tl_carry *c, const bool *keep, const tl_value *results, const tl_value *other)
{
    for (int i = 0, k = 0; i < c->n; i++)
        *c->var[i] = keep[i] ? results[k++] : other[i];
}
