/* Pretty forms of the other Triton ops: joins, gathers, dots, escapes (extern, inline asm),
 * calls and the debug ops (print_pretty.h). */
#include <string.h>

#include "ir/print/print_pretty.h"

/* ---- Triton ops --------------------------------------------------------------------------- */

/* %r = tt.join %a, %b : A -> R (also tt.cat) */
bool print_pretty_pair_arrow(print_state *p, const tcir_op *op)
{
    if (!shape(op, 2, 1))
        return false;
    name_and_space(p, op);
    operands(p, op, 0, 2);
    print_attr_dict(p, op, print_elide_none, false);
    colon_type(p, operand_type(op, 0));
    put(p, " -> ");
    print_type(p, result_type(op, 0));
    return true;
}

/* %r = tt.histogram %x[, %mask] : A -> R */
bool print_pretty_histogram(print_state *p, const tcir_op *op)
{
    int n = tcir_op_noperands(op);
    if (n < 1 || n > 2 || !shape(op, n, 1))
        return false;
    name_and_space(p, op);
    operands(p, op, 0, n);
    print_attr_dict(p, op, print_elide_none, false);
    colon_type(p, operand_type(op, 0));
    put(p, " -> ");
    print_type(p, result_type(op, 0));
    return true;
}

/* %r = tt.gather %src[%idx] {axis = 0 : i32} : (A, B) -> R */
bool print_pretty_gather(print_state *p, const tcir_op *op)
{
    if (!shape(op, 2, 1))
        return false;
    name_and_space(p, op);
    operands(p, op, 0, 1);
    base_out_putc(&p->out, '[');
    operands(p, op, 1, 2);
    base_out_putc(&p->out, ']');
    print_attr_dict(p, op, print_elide_none, false);
    functional_tail(p, op);
    return true;
}

/* %r = tt.extern_elementwise %a, %b {...} : (A, B) -> R */
bool print_pretty_operands_functional(print_state *p, const tcir_op *op)
{
    int n = tcir_op_noperands(op);
    if (!shape(op, n, 1))
        return false;
    name_and_space(p, op);
    operands(p, op, 0, n);
    print_attr_dict(p, op, print_elide_none, false);
    functional_tail(p, op);
    return true;
}

/* %r = tt.elementwise_inline_asm "asm" {...} %a : A -> R */
bool print_pretty_inline_asm(print_state *p, const tcir_op *op)
{
    const tcir_attr *s = tcir_op_attr(op, "asm_string");
    int n = tcir_op_noperands(op);
    if (!s || tcir_attr_get_kind(s) != TCIR_ATTR_STRING || tcir_op_nregions(op) || tcir_op_nsuccessors(op))
        return false;
    static const char *const elided[] = {"asm_string", NULL};
    name_and_space(p, op);
    base_out_quoted(&p->out, tcir_attr_str(s));
    print_attr_dict(p, op, elided, false);
    if (n) {
        base_out_putc(&p->out, ' ');
        operands(p, op, 0, n);
        base_out_put(&p->out, " : ", 3);
        print_operand_types(p, op, 0, n);
    }
    put(p, " -> ");
    print_result_types(p, op);
    return true;
}

/* %d = tt.dot %a, %b, %c[, inputPrecision = tf32] : A * B -> D */
bool print_pretty_dot(print_state *p, const tcir_op *op)
{
    if (!shape(op, 3, 1) || !enum_or_absent(op, "inputPrecision"))
        return false;
    const char *prec = keyword(op, "inputPrecision");
    const char *elided[4] = {"inputPrecision"};
    const tcir_attr *acc = tcir_op_attr(op, "maxNumImpreciseAcc");
    if (acc && tcir_attr_get_kind(acc) == TCIR_ATTR_INT && tcir_attr_int_value(acc) == 0)
        elided[1] = "maxNumImpreciseAcc";
    name_and_space(p, op);
    operands(p, op, 0, 3);
    if (prec && strcmp(prec, "ieee") != 0) {
        put(p, ", inputPrecision = ");
        put(p, prec);
    }
    print_attr_dict(p, op, elided, false);
    colon_type(p, operand_type(op, 0));
    put(p, " * ");
    print_type(p, operand_type(op, 1));
    put(p, " -> ");
    print_type(p, result_type(op, 0));
    return true;
}

/* %r = tt.unsplat %x : A (the result type is inferred) */
bool print_pretty_unsplat(print_state *p, const tcir_op *op)
{
    if (!shape(op, 1, 1))
        return false;
    name_and_space(p, op);
    operands(p, op, 0, 1);
    print_attr_dict(p, op, print_elide_none, false);
    colon_type(p, operand_type(op, 0));
    return true;
}

/* %d = tt.dot_scaled %a[ scale %as], %b[ scale %bs], %c lhs = e2m1 rhs = e4m3 {fastMath = false}
 *      : A[, AS] * B[, BS] -> D
 * Operands a, b, c, then the scales given (operandSegmentSizes says which); lhs_k_pack and
 * rhs_k_pack are left out at their default, true. */
bool print_pretty_dot_scaled(print_state *p, const tcir_op *op)
{
    const tcir_attr *seg = tcir_op_attr(op, "operandSegmentSizes");
    const char *lhs = keyword(op, "a_elem_type"), *rhs = keyword(op, "b_elem_type");
    int n = tcir_op_noperands(op);
    if (!lhs || !rhs || !seg || tcir_attr_get_kind(seg) != TCIR_ATTR_ARRAY_I32 || tcir_attr_array_size(seg) != 5 ||
        n < 3 || !shape(op, n, 1))
        return false;
    int has_as = tcir_attr_array_i32_at(seg, 3), has_bs = tcir_attr_array_i32_at(seg, 4);
    if (has_as < 0 || has_as > 1 || has_bs < 0 || has_bs > 1 || n != 3 + has_as + has_bs)
        return false;
    const char *elided[6] = {"a_elem_type", "b_elem_type", "operandSegmentSizes"};
    int ne = 3;
    static const char *const packs[] = {"lhs_k_pack", "rhs_k_pack"};
    for (int i = 0; i < 2; i++) {
        const tcir_attr *a = tcir_op_attr(op, packs[i]);
        if (a && tcir_attr_get_kind(a) == TCIR_ATTR_BOOL && tcir_attr_int_value(a))
            elided[ne++] = packs[i];
    }
    elided[ne] = NULL;
    name_and_space(p, op);
    operands(p, op, 0, 1);
    if (has_as) {
        put(p, " scale ");
        operands(p, op, 3, 4);
    }
    base_out_put(&p->out, ", ", 2);
    operands(p, op, 1, 2);
    if (has_bs) {
        put(p, " scale ");
        operands(p, op, 3 + has_as, 4 + has_as);
    }
    base_out_put(&p->out, ", ", 2);
    operands(p, op, 2, 3);
    put(p, " lhs = ");
    put(p, lhs);
    put(p, " rhs = ");
    put(p, rhs);
    print_attr_dict(p, op, elided, false);
    colon_type(p, operand_type(op, 0));
    if (has_as) {
        base_out_put(&p->out, ", ", 2);
        print_type(p, operand_type(op, 3));
    }
    put(p, " * ");
    print_type(p, operand_type(op, 1));
    if (has_bs) {
        base_out_put(&p->out, ", ", 2);
        print_type(p, operand_type(op, 3 + has_as));
    }
    put(p, " -> ");
    print_type(p, result_type(op, 0));
    return true;
}

/* tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %a : T */
bool print_pretty_tt_print(print_state *p, const tcir_op *op)
{
    const tcir_attr *prefix = tcir_op_attr(op, "prefix");
    int n = tcir_op_noperands(op);
    if (!prefix || tcir_attr_get_kind(prefix) != TCIR_ATTR_STRING || !shape(op, n, 0))
        return false;
    static const char *const elided[] = {"prefix", NULL};
    name_and_space(p, op);
    base_out_quoted(&p->out, tcir_attr_str(prefix));
    print_attr_dict(p, op, elided, false);
    if (n) {
        base_out_put(&p->out, " : ", 3);
        operands(p, op, 0, n);
        base_out_put(&p->out, " : ", 3);
        print_operand_types(p, op, 0, n);
    }
    return true;
}

/* tt.assert %cond, "message" : T */
bool print_pretty_assert(print_state *p, const tcir_op *op)
{
    const tcir_attr *msg = tcir_op_attr(op, "message");
    if (!msg || tcir_attr_get_kind(msg) != TCIR_ATTR_STRING || !shape(op, 1, 0))
        return false;
    static const char *const elided[] = {"message", NULL};
    name_and_space(p, op);
    operands(p, op, 0, 1);
    base_out_put(&p->out, ", ", 2);
    base_out_quoted(&p->out, tcir_attr_str(msg));
    print_attr_dict(p, op, elided, false);
    colon_type(p, operand_type(op, 0));
    return true;
}

/* %r = tt.call @f(%a, %b) : (A, B) -> R */
bool print_pretty_call(print_state *p, const tcir_op *op)
{
    const tcir_attr *callee = tcir_op_attr(op, "callee");
    int n = tcir_op_noperands(op);
    if (!callee || tcir_attr_get_kind(callee) != TCIR_ATTR_SYMBOL || tcir_op_nregions(op) || tcir_op_nsuccessors(op))
        return false;
    static const char *const elided[] = {"callee", NULL};
    name_and_space(p, op);
    print_attr(p, callee, false);
    base_out_putc(&p->out, '(');
    operands(p, op, 0, n);
    base_out_putc(&p->out, ')');
    print_attr_dict(p, op, elided, false);
    functional_tail(p, op);
    return true;
}

/* llvm.intr.assume %c : i1 (no operand bundles: op_bundle_sizes = array<i32> is elided) */
bool print_pretty_assume(print_state *p, const tcir_op *op)
{
    const tcir_attr *bundles = tcir_op_attr(op, "op_bundle_sizes");
    if (!shape(op, 1, 0) ||
        (bundles && (tcir_attr_get_kind(bundles) != TCIR_ATTR_ARRAY_I32 || tcir_attr_array_size(bundles))))
        return false;
    static const char *const elided[] = {"op_bundle_sizes", NULL};
    name_and_space(p, op);
    operands(p, op, 0, 1);
    print_attr_dict(p, op, elided, false);
    colon_type(p, operand_type(op, 0));
    return true;
}
