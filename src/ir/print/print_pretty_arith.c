/* Pretty forms of arith and math ops, casts, constants and the elementwise and shape tt ops
 * that print like them (print_pretty.h). */
#include <string.h>

#include "ir/print/print_pretty.h"

/* " fastmath<fast>" / " overflow<nsw>" when the flag is present and not "none". */
static void flag_clause(print_state *p, const tcir_op *op, const char *attr, const char *word)
{
    const char *kw = keyword(op, attr);
    if (!kw || strcmp(kw, "none") == 0)
        return;
    base_out_putc(&p->out, ' ');
    put(p, word);
    base_out_putc(&p->out, '<');
    put(p, kw);
    base_out_putc(&p->out, '>');
}

static const char *const elide_flags[] = {"fastmath", "overflowFlags", NULL};

static void flags_and_attrs(print_state *p, const tcir_op *op)
{
    if (!tcir_op_nattrs(op)) /* most ops: nothing to look up */
        return;
    flag_clause(p, op, "overflowFlags", "overflow");
    flag_clause(p, op, "fastmath", "fastmath");
    print_attr_dict(p, op, elide_flags, false);
}

static bool flags_ok(const tcir_op *op)
{
    return enum_or_absent(op, "fastmath") && enum_or_absent(op, "overflowFlags");
}

/* ---- arith, math and elementwise tt ops ------------------------------------------------ */

/* %r = arith.addf %a, %b : T (also tt.precise_divf, tt.mulhiui) */
bool print_pretty_binary(print_state *p, const tcir_op *op)
{
    if (!shape(op, 2, 1) || !flags_ok(op))
        return false;
    const tcir_type *t = result_type(op, 0);
    if (operand_type(op, 0) != t || operand_type(op, 1) != t)
        return false;
    name_and_space(p, op);
    operands(p, op, 0, 2);
    flags_and_attrs(p, op);
    colon_type(p, t);
    return true;
}

/* %r = math.exp %a : T (also arith.negf, math.absi, tt.precise_sqrt) */
bool print_pretty_unary(print_state *p, const tcir_op *op)
{
    if (!shape(op, 1, 1) || !flags_ok(op) || operand_type(op, 0) != result_type(op, 0))
        return false;
    name_and_space(p, op);
    operands(p, op, 0, 1);
    flags_and_attrs(p, op);
    colon_type(p, result_type(op, 0));
    return true;
}

bool print_pretty_ternary(print_state *p, const tcir_op *op)
{
    if (!shape(op, 3, 1) || !flags_ok(op))
        return false;
    const tcir_type *t = result_type(op, 0);
    for (int i = 0; i < 3; i++)
        if (operand_type(op, i) != t)
            return false;
    name_and_space(p, op);
    operands(p, op, 0, 3);
    flags_and_attrs(p, op);
    colon_type(p, t);
    return true;
}

/* %r = arith.cmpi slt, %a, %b : T */
bool print_pretty_cmp(print_state *p, const tcir_op *op)
{
    const char *pred = keyword(op, "predicate");
    if (!shape(op, 2, 1) || !pred || !flags_ok(op) || operand_type(op, 0) != operand_type(op, 1))
        return false;
    static const char *const elided[] = {"predicate", "fastmath", NULL};
    name_and_space(p, op);
    put(p, pred);
    base_out_put(&p->out, ", ", 2);
    operands(p, op, 0, 2);
    flag_clause(p, op, "fastmath", "fastmath");
    print_attr_dict(p, op, elided, false);
    colon_type(p, operand_type(op, 0));
    return true;
}

/* %r = arith.select %c, %a, %b : T, or : tensor<..xi1>, T for a tensor condition */
bool print_pretty_select(print_state *p, const tcir_op *op)
{
    if (!shape(op, 3, 1))
        return false;
    const tcir_type *t = result_type(op, 0);
    if (operand_type(op, 1) != t || operand_type(op, 2) != t)
        return false;
    name_and_space(p, op);
    operands(p, op, 0, 3);
    print_attr_dict(p, op, print_elide_none, false);
    base_out_put(&p->out, " : ", 3);
    if (tcir_type_is_tensor(operand_type(op, 0))) {
        print_type(p, operand_type(op, 0));
        base_out_put(&p->out, ", ", 2);
    }
    print_type(p, t);
    return true;
}

/* %r = arith.extsi %x : A to B */
bool print_pretty_cast(print_state *p, const tcir_op *op)
{
    if (!shape(op, 1, 1))
        return false;
    name_and_space(p, op);
    operands(p, op, 0, 1);
    print_attr_dict(p, op, print_elide_none, false);
    colon_type(p, operand_type(op, 0));
    put(p, " to ");
    print_type(p, result_type(op, 0));
    return true;
}

/* " : A -> B", the operand's type and the result's */
static void arrow_types(print_state *p, const tcir_op *op)
{
    colon_type(p, operand_type(op, 0));
    put(p, " -> ");
    print_type(p, result_type(op, 0));
}

/* %r = tt.splat %x : A -> B (also broadcast, expand_dims, bitcast, trans, int_to_ptr, ptr_to_int) */
bool print_pretty_arrow(print_state *p, const tcir_op *op)
{
    if (!shape(op, 1, 1))
        return false;
    name_and_space(p, op);
    operands(p, op, 0, 1);
    print_attr_dict(p, op, print_elide_none, false);
    arrow_types(p, op);
    return true;
}

/* %r = tt.fp_to_fp %x, rounding = rtne : A -> B */
bool print_pretty_fp_to_fp(print_state *p, const tcir_op *op)
{
    if (!shape(op, 1, 1) || !enum_or_absent(op, "rounding"))
        return false;
    static const char *const elided[] = {"rounding", NULL};
    const char *rounding = keyword(op, "rounding");
    name_and_space(p, op);
    operands(p, op, 0, 1);
    print_attr_dict(p, op, elided, false);
    if (rounding) {
        put(p, ", rounding = ");
        put(p, rounding);
    }
    arrow_types(p, op);
    return true;
}

/* %c4_i32 = arith.constant 4 : i32 */
bool print_pretty_constant(print_state *p, const tcir_op *op)
{
    const tcir_attr *v = tcir_op_attr(op, "value");
    if (!shape(op, 0, 1) || !v)
        return false;
    static const char *const elided[] = {"value", NULL};
    put(p, "arith.constant");
    print_attr_dict(p, op, elided, false);
    base_out_putc(&p->out, ' ');
    print_attr(p, v, false);
    return true;
}

/* %0 = tt.get_program_id x : i32 */
bool print_pretty_axis(print_state *p, const tcir_op *op)
{
    const char *axis = keyword(op, "axis");
    if (!shape(op, 0, 1) || !axis)
        return false;
    static const char *const elided[] = {"axis", NULL};
    name_and_space(p, op);
    put(p, axis);
    print_attr_dict(p, op, elided, false);
    colon_type(p, result_type(op, 0));
    return true;
}

/* %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32> */
bool print_pretty_make_range(print_state *p, const tcir_op *op)
{
    if (!shape(op, 0, 1))
        return false;
    put(p, "tt.make_range");
    print_attr_dict(p, op, print_elide_none, false);
    colon_type(p, result_type(op, 0));
    return true;
}

/* %r = tt.clampf %x, %lo, %hi, propagateNan = none : T */
bool print_pretty_clampf(print_state *p, const tcir_op *op)
{
    const char *nan = keyword(op, "propagateNan");
    if (!shape(op, 3, 1) || !nan)
        return false;
    static const char *const elided[] = {"propagateNan", NULL};
    name_and_space(p, op);
    operands(p, op, 0, 3);
    put(p, ", propagateNan = ");
    put(p, nan);
    print_attr_dict(p, op, elided, false);
    colon_type(p, result_type(op, 0));
    return true;
}

/* %r = tt.addptr %p, %off : Tptr, Toff */
bool print_pretty_addptr(print_state *p, const tcir_op *op)
{
    if (!shape(op, 2, 1))
        return false;
    name_and_space(p, op);
    operands(p, op, 0, 2);
    print_attr_dict(p, op, print_elide_none, false);
    colon_type(p, result_type(op, 0));
    base_out_put(&p->out, ", ", 2);
    print_type(p, operand_type(op, 1));
    return true;
}

/* %outLHS, %outRHS = tt.split %x : A -> B */
bool print_pretty_split(print_state *p, const tcir_op *op)
{
    if (!shape(op, 1, 2))
        return false;
    name_and_space(p, op);
    operands(p, op, 0, 1);
    print_attr_dict(p, op, print_elide_none, false);
    colon_type(p, operand_type(op, 0));
    put(p, " -> ");
    print_type(p, result_type(op, 0));
    return true;
}

/* %r = tt.reshape %x allow_reorder : A -> B */
bool print_pretty_reshape(print_state *p, const tcir_op *op)
{
    if (!shape(op, 1, 1))
        return false;
    static const char *const elided[] = {"allow_reorder", "efficient_layout", NULL};
    name_and_space(p, op);
    operands(p, op, 0, 1);
    if (tcir_op_attr(op, "allow_reorder"))
        put(p, " allow_reorder");
    if (tcir_op_attr(op, "efficient_layout"))
        put(p, " efficient_layout");
    print_attr_dict(p, op, elided, false);
    colon_type(p, operand_type(op, 0));
    put(p, " -> ");
    print_type(p, result_type(op, 0));
    return true;
}
