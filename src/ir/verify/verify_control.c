/* Verifier rules of functions, modules and control flow (verify_internal.h). */
#include <string.h>

#include "ir/verify/verify_internal.h"

/* ---- functions and control flow -------------------------------------------------------------- */

static const tcir_type *function_type(const tcir_op *func)
{
    const tcir_attr *ft = tcir_op_attr(func, "function_type");
    const tcir_type *t = ft && tcir_attr_get_kind(ft) == TCIR_ATTR_TYPE ? tcir_attr_get_type(ft) : NULL;
    return t && tcir_type_get_kind(t) == TCIR_TYPE_FUNC ? t : NULL;
}

bool verify_check_func(verifier *v, const tcir_op *op)
{
    if (!need_attr(v, op, "sym_name", TCIR_ATTR_STRING))
        return false;
    const tcir_type *ft = function_type(op);
    if (!ft)
        return fail(v, op, "requires a function type attribute 'function_type'");
    if (tcir_op_nregions(op) != 1 || tcir_op_noperands(op) || tcir_op_nresults(op))
        return fail(v, op, "expects one region, no operands and no results");
    tcir_region *body = tcir_op_region((tcir_op *)op, 0);
    const tcir_block *entry = tcir_region_first_block(body);
    if (!entry)
        return true; /* a declaration */
    int n = tcir_type_func_ninputs(ft);
    if (tcir_block_nargs(entry) != n)
        return fail(v, op, "entry block has %d arguments, but the function type has %d inputs", tcir_block_nargs(entry),
                    n);
    for (int i = 0; i < n; i++)
        if (tcir_value_type(tcir_block_arg(entry, i)) != tcir_type_func_input(ft, i))
            return fail(v, op, "entry block argument #%d has type %s, but the function type says %s", i,
                        tn(v, tcir_value_type(tcir_block_arg(entry, i))), tn(v, tcir_type_func_input(ft, i)));
    return true; /* how each block ends: verify_block, in the walk that reads the blocks anyway */
}

bool verify_check_return(verifier *v, const tcir_op *op)
{
    const tcir_op *parent = tcir_op_parent_op(op);
    if (!parent || tcir_op_opcode(parent) != TCIR_OPC_TT_FUNC)
        return fail(v, op, "expects parent op 'tt.func'");
    const tcir_type *ft = function_type(parent);
    if (!ft)
        return true; /* reported on the function */
    int n = tcir_op_noperands(op), nr = tcir_type_func_nresults(ft);
    if (n != nr)
        return fail(v, op, "has %d operands, but the enclosing function returns %d", n, nr);
    for (int i = 0; i < n; i++)
        if (operand_type(op, i) != tcir_type_func_result(ft, i))
            return fail(v, op, "type of operand #%d (%s) does not match the function result type (%s)", i,
                        tn(v, operand_type(op, i)), tn(v, tcir_type_func_result(ft, i)));
    return true;
}

/* The types of values [from, to) of op's operands match the block's arguments. */
static bool operands_match_args(verifier *v, const tcir_op *op, int from, const tcir_block *b, int arg0,
                                const char *what)
{
    int n = tcir_block_nargs(b) - arg0;
    if (tcir_op_noperands(op) - from != n)
        return fail(v, op, "passes %d values to %s, which takes %d", tcir_op_noperands(op) - from, what, n);
    for (int i = 0; i < n; i++)
        if (operand_type(op, from + i) != tcir_value_type(tcir_block_arg(b, arg0 + i)))
            return fail(v, op, "value #%d has type %s, but %s takes %s", i, tn(v, operand_type(op, from + i)), what,
                        tn(v, tcir_value_type(tcir_block_arg(b, arg0 + i))));
    return true;
}

static bool successors_in_region(verifier *v, const tcir_op *op)
{
    const tcir_region *r = tcir_block_region(tcir_op_block(op));
    for (int i = 0; i < tcir_op_nsuccessors(op); i++)
        if (!tcir_op_successor(op, i) || tcir_block_region(tcir_op_successor(op, i)) != r)
            return fail(v, op, "successor #%d is not in the same region", i);
    return true;
}

bool verify_check_br(verifier *v, const tcir_op *op)
{
    if (tcir_op_nsuccessors(op) != 1 || tcir_op_nresults(op))
        return fail(v, op, "expects one successor and no result");
    return successors_in_region(v, op) && operands_match_args(v, op, 0, tcir_op_successor(op, 0), 0, "its successor");
}

bool verify_check_cond_br(verifier *v, const tcir_op *op)
{
    if (tcir_op_nsuccessors(op) != 2 || tcir_op_nresults(op) || tcir_op_noperands(op) < 1)
        return fail(v, op, "expects a condition, two successors and no result");
    if (!successors_in_region(v, op))
        return false;
    const tcir_type *c = operand_type(op, 0);
    if (!tcir_type_is_int(c) || tcir_type_int_width(c) != 1) {
        return fail(v, op, "condition must be i1, got %s", tn(v, c));
    }
    const tcir_block *tb = tcir_op_successor(op, 0), *fb = tcir_op_successor(op, 1);
    int nt = tcir_block_nargs(tb), nf = tcir_block_nargs(fb);
    if (tcir_op_noperands(op) != 1 + nt + nf)
        return fail(v, op, "passes %d values to successors taking %d and %d", tcir_op_noperands(op) - 1, nt, nf);
    for (int i = 0; i < nt + nf; i++) {
        const tcir_type *want = tcir_value_type(tcir_block_arg(i < nt ? tb : fb, i < nt ? i : i - nt));
        if (operand_type(op, 1 + i) != want)
            return fail(v, op, "value #%d has type %s, but its successor takes %s", i, tn(v, operand_type(op, 1 + i)),
                        tn(v, want));
    }
    return true;
}

/* The terminator of region i's first block, when it has one named `name`. */
static const tcir_op *region_terminator(const tcir_op *op, int i, int opcode)
{
    const tcir_block *b = tcir_region_first_block(tcir_op_region((tcir_op *)op, i));
    const tcir_op *last = b ? tcir_block_last(b) : NULL;
    return last && tcir_op_opcode(last) == opcode ? last : NULL;
}

/* The yield of region i passes values of the op's result types. */
static bool yields_results(verifier *v, const tcir_op *op, int region)
{
    const tcir_op *y = region_terminator(op, region, TCIR_OPC_SCF_YIELD);
    if (!y)
        return true; /* the terminator check reports it */
    int n = tcir_op_nresults(op);
    if (tcir_op_noperands(y) != n)
        return fail(v, y, "yields %d values, but the parent '%s' has %d results", tcir_op_noperands(y),
                    tcir_op_name(op), n);
    for (int i = 0; i < n; i++)
        if (operand_type(y, i) != result_type(op, i))
            return fail(v, y, "value #%d has type %s, but the parent's result #%d is %s", i, tn(v, operand_type(y, i)),
                        i, tn(v, result_type(op, i)));
    return true;
}

bool verify_check_for(verifier *v, const tcir_op *op)
{
    int n = tcir_op_noperands(op), inits = n - 3;
    if (inits < 0 || tcir_op_nregions(op) != 1 || tcir_op_nresults(op) != inits)
        return fail(v, op,
                    "expects lower bound, upper bound, step, the initial values, one region and one result "
                    "per initial value");
    const tcir_type *iv = operand_type(op, 0);
    if (!is_int_like(iv) || tcir_type_is_tensor(iv) || operand_type(op, 1) != iv || operand_type(op, 2) != iv)
        return fail(v, op, "bounds and step must be integers of one type, got %s, %s, %s", tn(v, iv),
                    tn(v, operand_type(op, 1)), tn(v, operand_type(op, 2)));
    const tcir_block *body = tcir_region_first_block(tcir_op_region((tcir_op *)op, 0));
    if (!body || tcir_block_nargs(body) != 1 + inits || tcir_value_type(tcir_block_arg(body, 0)) != iv)
        return fail(v, op, "body must take the induction variable (%s) and one argument per initial value", tn(v, iv));
    for (int i = 0; i < inits; i++)
        if (operand_type(op, 3 + i) != result_type(op, i) ||
            tcir_value_type(tcir_block_arg(body, 1 + i)) != result_type(op, i))
            return fail(v, op, "initial value #%d, its loop argument and result must have one type, got %s, %s, %s", i,
                        tn(v, operand_type(op, 3 + i)), tn(v, tcir_value_type(tcir_block_arg(body, 1 + i))),
                        tn(v, result_type(op, i)));
    return yields_results(v, op, 0);
}

bool verify_check_if(verifier *v, const tcir_op *op)
{
    if (tcir_op_noperands(op) != 1 || tcir_op_nregions(op) != 2)
        return fail(v, op, "expects a condition and two regions");
    const tcir_type *c = operand_type(op, 0);
    if (!tcir_type_is_int(c) || tcir_type_int_width(c) != 1) {
        return fail(v, op, "condition must be i1, got %s", tn(v, c));
    }
    if (!tcir_region_first_block(tcir_op_region((tcir_op *)op, 0)))
        return fail(v, op, "the then region must have a block");
    if (tcir_op_nresults(op) && !tcir_region_first_block(tcir_op_region((tcir_op *)op, 1)))
        return fail(v, op, "must have an else region when it has results");
    return yields_results(v, op, 0) && yields_results(v, op, 1);
}

bool verify_check_while(verifier *v, const tcir_op *op)
{
    if (tcir_op_nregions(op) != 2)
        return fail(v, op, "expects two regions");
    const tcir_block *before = tcir_region_first_block(tcir_op_region((tcir_op *)op, 0));
    const tcir_block *after = tcir_region_first_block(tcir_op_region((tcir_op *)op, 1));
    if (!before || !after)
        return fail(v, op, "both regions must have a block");
    if (!operands_match_args(v, op, 0, before, 0, "the before region"))
        return false;
    const tcir_op *cond = region_terminator(op, 0, TCIR_OPC_SCF_CONDITION);
    if (cond) {
        int n = tcir_op_noperands(cond) - 1;
        if (n != tcir_op_nresults(op))
            return fail(v, cond, "forwards %d values, but the parent 'scf.while' has %d results", n,
                        tcir_op_nresults(op));
        for (int i = 0; i < n; i++)
            if (operand_type(cond, 1 + i) != result_type(op, i))
                return fail(v, cond, "value #%d has type %s, but the parent's result #%d is %s", i,
                            tn(v, operand_type(cond, 1 + i)), i, tn(v, result_type(op, i)));
    }
    if (tcir_block_nargs(after) != tcir_op_nresults(op))
        return fail(v, op, "the after region takes %d arguments, but there are %d results", tcir_block_nargs(after),
                    tcir_op_nresults(op));
    const tcir_op *y = region_terminator(op, 1, TCIR_OPC_SCF_YIELD);
    return !y || operands_match_args(v, y, 0, before, 0, "the before region");
}

bool verify_check_yield(verifier *v, const tcir_op *op)
{
    const tcir_op *parent = tcir_op_parent_op(op);
    int p = parent ? tcir_op_opcode(parent) : TCIR_OPCODE_UNREGISTERED;
    if (p != TCIR_OPC_SCF_FOR && p != TCIR_OPC_SCF_IF && p != TCIR_OPC_SCF_WHILE)
        return fail(v, op, "expects parent op to be one of 'scf.for, scf.if, scf.while'");
    if (p == TCIR_OPC_SCF_WHILE && tcir_block_region(tcir_op_block(op)) != tcir_op_region((tcir_op *)parent, 1))
        return fail(v, op, "must be in the after region of 'scf.while'");
    return true;
}

bool verify_check_condition(verifier *v, const tcir_op *op)
{
    const tcir_op *parent = tcir_op_parent_op(op);
    if (!parent || tcir_op_opcode(parent) != TCIR_OPC_SCF_WHILE ||
        tcir_block_region(tcir_op_block(op)) != tcir_op_region((tcir_op *)parent, 0))
        return fail(v, op, "expects parent op 'scf.while' (its before region)");
    const tcir_type *c = tcir_op_noperands(op) ? operand_type(op, 0) : NULL;
    if (!c || !tcir_type_is_int(c) || tcir_type_int_width(c) != 1) {
        return fail(v, op, "condition must be i1, got %s", tn(v, c));
    }
    return true;
}

/* builtin.module: one region of at most one block, without arguments or terminator; no
 * operands or results; sym_name, when present, a string (MLIR's ModuleOp traits). */
bool verify_check_module(verifier *v, const tcir_op *op)
{
    if (!zero_operands_and_results(v, op))
        return false;
    if (tcir_op_nregions(op) != 1)
        return fail(v, op, "requires one region");
    const tcir_block *b = tcir_region_first_block(tcir_op_region((tcir_op *)op, 0));
    if (b && tcir_block_next(b))
        return fail(v, op, "expects region #0 to have 0 or 1 blocks");
    if (b && tcir_block_nargs(b))
        return fail(v, op, "region should have no arguments");
    const tcir_attr *name = tcir_op_attr(op, "sym_name");
    if (name && tcir_attr_get_kind(name) != TCIR_ATTR_STRING)
        return fail(v, op, "attribute 'sym_name' failed to satisfy constraint: string attribute");
    return true;
}

/* The tt.func named `name` among the ops of the outermost op holding `from` (the module). */
static const tcir_op *find_function(const tcir_op *from, const char *name)
{
    const tcir_op *top = from;
    while (tcir_op_parent_op(top))
        top = tcir_op_parent_op(top);
    if (top == from || tcir_op_nregions(top) < 1)
        return NULL;
    const tcir_block *b = tcir_region_first_block(tcir_op_region((tcir_op *)top, 0));
    for (const tcir_op *f = b ? tcir_block_first(b) : NULL; f; f = tcir_op_next(f)) {
        const tcir_attr *s = tcir_op_attr(f, "sym_name");
        if (tcir_op_opcode(f) == TCIR_OPC_TT_FUNC && s && tcir_attr_get_kind(s) == TCIR_ATTR_STRING &&
            strcmp(tcir_attr_str(s), name) == 0)
            return f;
    }
    return NULL;
}

/* tt.call @f(args): f is a function of the module taking the operands' types and giving the
 * results' (Triton 3.6's CallOp::verifySymbolUses). */
bool verify_check_call(verifier *v, const tcir_op *op)
{
    const tcir_attr *callee = tcir_op_attr(op, "callee");
    if (!callee || tcir_attr_get_kind(callee) != TCIR_ATTR_SYMBOL)
        return fail(v, op, "requires a 'callee' symbol reference attribute");
    const tcir_op *fn = find_function(op, tcir_attr_str(callee));
    const tcir_type *ft = fn ? function_type(fn) : NULL;
    if (!ft)
        return fail(v, op, "'%s' does not reference a valid function", tcir_attr_str(callee));
    int n = tcir_op_noperands(op), nr = tcir_op_nresults(op);
    if (tcir_type_func_ninputs(ft) != n)
        return fail(v, op, "incorrect number of operands for callee");
    for (int i = 0; i < n; i++)
        if (operand_type(op, i) != tcir_type_func_input(ft, i))
            return fail(v, op, "operand type mismatch: expected operand type %s, but provided %s for operand number %d",
                        tn(v, tcir_type_func_input(ft, i)), tn(v, operand_type(op, i)), i);
    if (tcir_type_func_nresults(ft) != nr)
        return fail(v, op, "incorrect number of results for callee");
    for (int i = 0; i < nr; i++)
        if (result_type(op, i) != tcir_type_func_result(ft, i))
            return fail(v, op, "result type mismatch at index %d", i);
    return true;
}
