/* Attribute aliases, as MLIR prints them above the top-level op: `#name = definition`, one a
 * line, each once, an alias after those its definition uses (MLIR orders them by depth), in the
 * order the ops use them. The LLVM dialect's loop annotations are printed so
 * (`#loop_annotation = #llvm.loop_annotation<licm = #loop_licm>`); an op prints the alias's
 * `#name` (print_generic.c). */
#include "ir/print/print_internal.h"

enum { PRINT_ALIAS_MAX = 32 };

typedef struct alias_walk {
    print_state *p;
    const tcir_attr *done[PRINT_ALIAS_MAX]; /* the names written, by their attributes */
    int ndone;
} alias_walk;

static bool alias_written(const alias_walk *w, const tcir_attr *a)
{
    for (int i = 0; i < w->ndone; i++)
        if (print_str_eq(tcir_attr_str(w->done[i]), tcir_attr_str(a)))
            return true;
    return false;
}

/* Writes the aliases under attribute a (an alias, or an array or dictionary holding one). */
static void alias_attr(alias_walk *w, const tcir_attr *a, int depth)
{
    if (!a || depth > PRINT_ALIAS_MAX) /* an alias cannot use itself; deeper is a loop */
        return;
    switch (tcir_attr_get_kind(a)) {
    case TCIR_ATTR_ARRAY:
        for (int i = 0; i < tcir_attr_array_size(a); i++)
            alias_attr(w, tcir_attr_array_at(a, i), depth + 1);
        return;
    case TCIR_ATTR_DICT:
        for (int i = 0; i < tcir_attr_dict_size(a); i++)
            alias_attr(w, tcir_attr_dict_at(a, i)->attr, depth + 1);
        return;
    case TCIR_ATTR_ALIAS:
        if (alias_written(w, a) || w->ndone == PRINT_ALIAS_MAX)
            return;
        for (int i = 0; i < tcir_attr_alias_nuses(a); i++)
            alias_attr(w, tcir_attr_alias_use(a, i), depth + 1);
        if (alias_written(w, a)) /* a use of a use named it */
            return;
        w->done[w->ndone++] = a;
        base_out_putc(&w->p->out, '#');
        base_out_puts(&w->p->out, tcir_attr_str(a));
        base_out_put(&w->p->out, " = ", 3);
        base_out_puts(&w->p->out, tcir_attr_alias_definition(a));
        base_out_putc(&w->p->out, '\n');
        return;
    default: return;
    }
}

static void alias_op(alias_walk *w, const tcir_op *op)
{
    for (int i = 0; i < tcir_op_nattrs(op); i++)
        alias_attr(w, tcir_op_attr_at(op, i)->attr, 0);
    for (int r = 0; r < tcir_op_nregions(op); r++)
        for (tcir_block *b = tcir_region_first_block(tcir_op_region((tcir_op *)op, r)); b; b = tcir_block_next(b))
            for (tcir_op *o = tcir_block_first(b); o; o = tcir_op_next(o))
                alias_op(w, o);
}

void print_aliases(print_state *p, const tcir_op *top)
{
    alias_walk w = {.p = p};
    alias_op(&w, top);
}
