/* Pretty forms of terminators, structured control flow, functions and modules
 * (print_pretty.h). */
#include "ir/print/print_pretty.h"

/* ---- terminators -------------------------------------------------------------------------- */

/* tt.return / scf.yield / tt.reduce.return: name attr-dict[ %a, %b : A, B] */
bool print_pretty_return(print_state *p, const tcir_op *op)
{
    int n = tcir_op_noperands(op);
    if (!shape(op, n, 0))
        return false;
    print_op_name(p, op);
    print_attr_dict(p, op, print_elide_none, false);
    if (n) {
        base_out_putc(&p->out, ' ');
        operands(p, op, 0, n);
        base_out_put(&p->out, " : ", 3);
        print_operand_types(p, op, 0, n);
    }
    return true;
}

/* scf.condition(%c) %a, %b : A, B */
bool print_pretty_condition(print_state *p, const tcir_op *op)
{
    int n = tcir_op_noperands(op);
    if (n < 1 || !shape(op, n, 0))
        return false;
    put(p, "scf.condition(");
    operands(p, op, 0, 1);
    base_out_putc(&p->out, ')');
    print_attr_dict(p, op, print_elide_none, false);
    if (n > 1) {
        base_out_putc(&p->out, ' ');
        operands(p, op, 1, n);
        base_out_put(&p->out, " : ", 3);
        print_operand_types(p, op, 1, n);
    }
    return true;
}

/* ^bb1(%a, %b : A, B) */
static void successor(print_state *p, const tcir_op *op, const tcir_block *dest, int from, int to)
{
    print_block_name(p, dest);
    if (to > from) {
        base_out_putc(&p->out, '(');
        operands(p, op, from, to);
        base_out_put(&p->out, " : ", 3);
        print_operand_types(p, op, from, to);
        base_out_putc(&p->out, ')');
    }
}

bool print_pretty_br(print_state *p, const tcir_op *op)
{
    int n = tcir_op_noperands(op);
    if (tcir_op_nsuccessors(op) != 1 || tcir_op_nresults(op) || tcir_op_nregions(op) ||
        n != tcir_block_nargs(tcir_op_successor(op, 0)))
        return false;
    put(p, "cf.br ");
    successor(p, op, tcir_op_successor(op, 0), 0, n);
    print_attr_dict(p, op, print_elide_none, false);
    return true;
}

bool print_pretty_cond_br(print_state *p, const tcir_op *op)
{
    if (tcir_op_nsuccessors(op) != 2 || tcir_op_nresults(op) || tcir_op_nregions(op))
        return false;
    const tcir_block *t = tcir_op_successor(op, 0), *f = tcir_op_successor(op, 1);
    int nt = tcir_block_nargs(t), nf = tcir_block_nargs(f);
    if (tcir_op_noperands(op) != 1 + nt + nf)
        return false;
    static const char *const elided[] = {"operandSegmentSizes", NULL};
    put(p, "cf.cond_br ");
    operands(p, op, 0, 1);
    base_out_put(&p->out, ", ", 2);
    successor(p, op, t, 1, 1 + nt);
    base_out_put(&p->out, ", ", 2);
    successor(p, op, f, 1 + nt, 1 + nt + nf);
    print_attr_dict(p, op, elided, false);
    return true;
}

/* ---- structured control flow ----------------------------------------------------------- */

static const tcir_block *entry_block(const tcir_op *op, int region)
{
    return tcir_region_first_block(tcir_op_region((tcir_op *)op, region));
}

/* (%arg3 = %x, %arg4 = %y) with the given prefix; nothing when there are none */
static void init_list(print_state *p, const char *prefix, const tcir_block *b, const tcir_op *op, int first_arg,
                      int first_operand)
{
    int n = tcir_op_noperands(op) - first_operand;
    if (n <= 0)
        return;
    put(p, prefix);
    base_out_putc(&p->out, '(');
    for (int i = 0; i < n; i++) {
        if (i)
            base_out_put(&p->out, ", ", 2);
        print_value(p, tcir_block_arg(b, first_arg + i));
        base_out_put(&p->out, " = ", 3);
        print_value(p, tcir_op_operand(op, first_operand + i));
    }
    base_out_putc(&p->out, ')');
}

/* %r:2 = scf.for %iv = %lb to %ub step %s iter_args(%a = %x) -> (T)  : i32 {...} */
bool print_pretty_for(print_state *p, const tcir_op *op)
{
    int n = tcir_op_noperands(op), inits = n - 3;
    const tcir_block *body = tcir_op_nregions(op) == 1 ? entry_block(op, 0) : NULL;
    if (inits < 0 || !body || tcir_block_nargs(body) != 1 + inits || tcir_op_nresults(op) != inits ||
        tcir_op_nsuccessors(op))
        return false;
    const tcir_value *iv = tcir_block_arg(body, 0);
    put(p, "scf.for ");
    print_value(p, iv);
    base_out_put(&p->out, " = ", 3);
    operands(p, op, 0, 1);
    put(p, " to ");
    operands(p, op, 1, 2);
    put(p, " step ");
    operands(p, op, 2, 3);
    init_list(p, " iter_args", body, op, 1, 3);
    if (inits) {
        put(p, " -> (");
        print_operand_types(p, op, 3, n);
        base_out_putc(&p->out, ')');
    }
    base_out_putc(&p->out, ' ');
    if (tcir_type_get_kind(tcir_value_type(iv)) != TCIR_TYPE_INDEX) {
        colon_type(p, tcir_value_type(iv));
        base_out_putc(&p->out, ' ');
    }
    print_region(p, tcir_op_region((tcir_op *)op, 0), false, inits > 0, false);
    print_attr_dict(p, op, print_elide_none, false);
    return true;
}

/* %r = scf.if %c -> (T) {...} else {...} */
bool print_pretty_if(print_state *p, const tcir_op *op)
{
    if (tcir_op_noperands(op) != 1 || tcir_op_nregions(op) != 2 || tcir_op_nsuccessors(op) || !entry_block(op, 0))
        return false;
    int nr = tcir_op_nresults(op);
    put(p, "scf.if ");
    operands(p, op, 0, 1);
    if (nr) {
        put(p, " -> (");
        print_result_types(p, op);
        base_out_putc(&p->out, ')');
    }
    base_out_putc(&p->out, ' ');
    print_region(p, tcir_op_region((tcir_op *)op, 0), false, nr > 0, false);
    if (entry_block(op, 1)) {
        put(p, " else ");
        print_region(p, tcir_op_region((tcir_op *)op, 1), false, nr > 0, false);
    }
    print_attr_dict(p, op, print_elide_none, false);
    return true;
}

/* %r = scf.while (%arg3 = %x) : (i32) -> i32 {...} do {^bb0(%arg3: i32): ...} */
bool print_pretty_while(print_state *p, const tcir_op *op)
{
    int n = tcir_op_noperands(op), nr = tcir_op_nresults(op);
    const tcir_block *before = tcir_op_nregions(op) == 2 ? entry_block(op, 0) : NULL;
    if (!before || tcir_block_nargs(before) != n || tcir_op_nsuccessors(op))
        return false;
    put(p, "scf.while");
    init_list(p, " ", before, op, 0, 0);
    put(p, " : (");
    print_operand_types(p, op, 0, n);
    put(p, ") -> ");
    const tcir_type *r0 = nr == 1 ? result_type(op, 0) : NULL;
    if (r0 && tcir_type_get_kind(r0) != TCIR_TYPE_FUNC) {
        print_type(p, r0);
    } else {
        base_out_putc(&p->out, '(');
        print_result_types(p, op);
        base_out_putc(&p->out, ')');
    }
    base_out_putc(&p->out, ' ');
    print_region(p, tcir_op_region((tcir_op *)op, 0), false, true, false);
    put(p, " do ");
    print_region(p, tcir_op_region((tcir_op *)op, 1), true, true, false);
    print_attr_dict(p, op, print_elide_none, true);
    return true;
}

/* ---- functions and modules ------------------------------------------------------------ */

static const tcir_attr *dict_at(const tcir_attr *array, int i)
{
    if (!array || tcir_attr_get_kind(array) != TCIR_ATTR_ARRAY || i >= tcir_attr_array_size(array))
        return NULL;
    const tcir_attr *d = tcir_attr_array_at(array, i);
    return d && tcir_attr_get_kind(d) == TCIR_ATTR_DICT && tcir_attr_dict_size(d) ? d : NULL;
}

static void space_dict(print_state *p, const tcir_attr *d)
{
    if (d) {
        base_out_putc(&p->out, ' ');
        print_attr(p, d, false);
    }
}

/* tt.func public @k(%arg0: T {attrs}, ...) -> R attributes {noinline = false} {...} */
bool print_pretty_func(print_state *p, const tcir_op *op)
{
    const tcir_attr *name = tcir_op_attr(op, "sym_name");
    const tcir_attr *ft = tcir_op_attr(op, "function_type");
    const tcir_attr *vis = tcir_op_attr(op, "sym_visibility");
    const tcir_type *fty = ft && tcir_attr_get_kind(ft) == TCIR_ATTR_TYPE ? tcir_attr_get_type(ft) : NULL;
    if (!name || tcir_attr_get_kind(name) != TCIR_ATTR_STRING || !fty || tcir_type_get_kind(fty) != TCIR_TYPE_FUNC ||
        tcir_op_nregions(op) != 1 || tcir_op_noperands(op) || tcir_op_nresults(op) ||
        (vis && tcir_attr_get_kind(vis) != TCIR_ATTR_STRING))
        return false;
    int nin = tcir_type_func_ninputs(fty), nres = tcir_type_func_nresults(fty);
    const tcir_block *body = entry_block(op, 0);
    if (body && tcir_block_nargs(body) != nin)
        return false;
    const tcir_attr *arg_attrs = tcir_op_attr(op, "arg_attrs"), *res_attrs = tcir_op_attr(op, "res_attrs");

    put(p, tcir_op_name(op));
    base_out_putc(&p->out, ' ');
    if (vis) {
        put(p, tcir_attr_str(vis));
        base_out_putc(&p->out, ' ');
    }
    base_out_putc(&p->out, '@');
    base_out_keyword_or_string(&p->out, tcir_attr_str(name));
    base_out_putc(&p->out, '(');
    for (int i = 0; i < nin; i++) {
        if (i)
            base_out_put(&p->out, ", ", 2);
        if (body) {
            print_value(p, tcir_block_arg(body, i));
            base_out_put(&p->out, ": ", 2);
        }
        print_type(p, tcir_type_func_input(fty, i));
        space_dict(p, dict_at(arg_attrs, i));
        if (body)
            print_location(p, tcir_block_arg_loc(body, i));
    }
    base_out_putc(&p->out, ')');
    if (nres) {
        const tcir_type *r0 = tcir_type_func_result(fty, 0);
        bool parens = nres > 1 || tcir_type_get_kind(r0) == TCIR_TYPE_FUNC || dict_at(res_attrs, 0);
        put(p, parens ? " -> (" : " -> ");
        for (int i = 0; i < nres; i++) {
            if (i)
                base_out_put(&p->out, ", ", 2);
            print_type(p, tcir_type_func_result(fty, i));
            space_dict(p, dict_at(res_attrs, i));
        }
        if (parens)
            base_out_putc(&p->out, ')');
    }
    static const char *const elided[] = {"sym_name", "function_type", "sym_visibility", "arg_attrs", "res_attrs", NULL};
    print_attr_dict(p, op, elided, true);
    if (body) {
        base_out_putc(&p->out, ' ');
        print_region(p, tcir_op_region((tcir_op *)op, 0), false, true, false);
    }
    return true;
}

/* module[ @name][ attributes {...}] {...} */
bool print_pretty_module(print_state *p, const tcir_op *op)
{
    const tcir_attr *name = tcir_op_attr(op, "sym_name");
    if (tcir_op_nregions(op) != 1 || tcir_op_noperands(op) || tcir_op_nresults(op) ||
        (name && tcir_attr_get_kind(name) != TCIR_ATTR_STRING))
        return false;
    put(p, "module");
    if (name) {
        put(p, " @");
        base_out_keyword_or_string(&p->out, tcir_attr_str(name));
    }
    static const char *const elided[] = {"sym_name", NULL};
    print_attr_dict(p, op, elided, true);
    base_out_putc(&p->out, ' ');
    print_region(p, tcir_op_region((tcir_op *)op, 0), true, true, false);
    return true;
}
