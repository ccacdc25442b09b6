/* Attributes, attribute dictionaries and the generic op form:
 *   %0 = "dialect.op"(%a)[^bb1] <{inherent}> ({regions}) {discardable} : (A) -> R
 * In generic form MLIR also prints the properties its ops always hold at their default value
 * (fastmath, overflowFlags) and operandSegmentSizes; they are reproduced for the ops we know.
 */
#include <stdlib.h>
#include <string.h>

#include "ir/print/print_internal.h"
#include "ir/registry.h"

/* ---- attributes ------------------------------------------------------------------------- */

static void print_scalar_elem(print_state *p, const tcir_attr *e, const tcir_type *elem_type)
{
    switch (tcir_attr_get_kind(e)) {
    case TCIR_ATTR_BOOL: base_out_puts(&p->out, tcir_attr_int_value(e) ? "true" : "false"); break;
    case TCIR_ATTR_INT: {
        unsigned w = elem_type ? tcir_type_int_width(elem_type) : 0;
        int64_t v = print_int_normalize(tcir_attr_int_value(e), w);
        if (w == 1)
            base_out_puts(&p->out, v ? "true" : "false");
        else
            base_out_int(&p->out, v);
        break;
    }
    case TCIR_ATTR_FLOAT: {
        const tcir_type *t = elem_type && tcir_type_is_float(elem_type) ? elem_type : tcir_attr_get_type(e);
        print_format_float(&p->out, tcir_attr_float_value(e),
                           t && tcir_type_is_float(t) ? tcir_type_float_kind(t) : TCIR_F64);
        break;
    }
    default: print_attr(p, e, true); break;
    }
}

void print_named(print_state *p, const char *name, const tcir_attr *a)
{
    base_out_keyword_or_string(&p->out, name);
    if (a && tcir_attr_get_kind(a) == TCIR_ATTR_UNIT)
        return;
    base_out_put(&p->out, " = ", 3);
    print_attr(p, a, false);
}

void print_attr(print_state *p, const tcir_attr *a, bool elide_may)
{
    base_out *out = &p->out;
    if (!a) {
        base_out_puts(out, "<<NULL ATTRIBUTE>>");
        return;
    }
    const tcir_type *t = tcir_attr_get_kind(a) == TCIR_ATTR_INT || tcir_attr_get_kind(a) == TCIR_ATTR_FLOAT ||
            tcir_attr_get_kind(a) == TCIR_ATTR_DENSE || tcir_attr_get_kind(a) == TCIR_ATTR_TYPE
        ? tcir_attr_get_type(a)
        : NULL;
    switch (tcir_attr_get_kind(a)) {
    case TCIR_ATTR_UNIT: base_out_puts(out, "unit"); break;
    case TCIR_ATTR_BOOL: base_out_puts(out, tcir_attr_int_value(a) ? "true" : "false"); break;
    case TCIR_ATTR_INT: {
        unsigned w = t ? tcir_type_int_width(t) : 0;
        int64_t v = print_int_normalize(tcir_attr_int_value(a), w);
        if (w == 1) { /* booleans always elide their type */
            base_out_puts(out, v ? "true" : "false");
            break;
        }
        base_out_int(out, v);
        if (t && !(elide_may && w == 64)) {
            base_out_put(out, " : ", 3);
            print_type(p, t);
        }
        break;
    }
    case TCIR_ATTR_FLOAT: {
        tcir_float_kind k = t && tcir_type_is_float(t) ? tcir_type_float_kind(t) : TCIR_F64;
        bool hex = print_format_float(out, tcir_attr_float_value(a), k);
        if (t && !(elide_may && k == TCIR_F64 && !hex)) {
            base_out_put(out, " : ", 3);
            print_type(p, t);
        }
        break;
    }
    case TCIR_ATTR_STRING: base_out_quoted(out, tcir_attr_str(a)); break;
    case TCIR_ATTR_TYPE: print_type(p, t); break;
    case TCIR_ATTR_DENSE: {
        base_out_put(out, "dense<", 6);
        const tcir_attr *e = tcir_attr_dense_elem(a);
        if (e)
            print_scalar_elem(p, e, t ? tcir_type_elem(t) : NULL);
        base_out_put(out, "> : ", 4);
        print_type(p, t);
        break;
    }
    case TCIR_ATTR_ARRAY_I32: {
        int n = tcir_attr_array_size(a);
        base_out_put(out, n ? "array<i32: " : "array<i32", n ? 11 : 9);
        for (int i = 0; i < n; i++) {
            if (i)
                base_out_put(out, ", ", 2);
            base_out_int(out, tcir_attr_array_i32_at(a, i));
        }
        base_out_putc(out, '>');
        break;
    }
    case TCIR_ATTR_ARRAY: {
        int n = tcir_attr_array_size(a);
        base_out_putc(out, '[');
        for (int i = 0; i < n; i++) {
            if (i)
                base_out_put(out, ", ", 2);
            print_attr(p, tcir_attr_array_at(a, i), true);
        }
        base_out_putc(out, ']');
        break;
    }
    case TCIR_ATTR_DICT: {
        int n = tcir_attr_dict_size(a);
        base_out_putc(out, '{');
        for (int i = 0; i < n; i++) {
            if (i)
                base_out_put(out, ", ", 2);
            const tcir_named_attr *na = tcir_attr_dict_at(a, i);
            print_named(p, na->name, na->attr);
        }
        base_out_putc(out, '}');
        break;
    }
    case TCIR_ATTR_SYMBOL:
        base_out_putc(out, '@');
        base_out_keyword_or_string(out, tcir_attr_str(a));
        break;
    case TCIR_ATTR_ENUM: base_out_puts(out, tcir_attr_enum_generic(a)); break;
    case TCIR_ATTR_OPAQUE: base_out_puts(out, tcir_attr_str(a)); break;
    case TCIR_ATTR_ALIAS:
        base_out_putc(out, '#');
        base_out_puts(out, tcir_attr_str(a));
        break;
    }
}

/* The op's attributes whose inherent flag is `inherent` (or all when inherent < 0), minus
 * `elided`, sorted by name into p->sorted; returns how many. */
size_t print_collect_attrs(print_state *p, const tcir_op *op, int inherent, const char *const *elided)
{
    int n = tcir_op_nattrs(op);
    size_t count = 0;
    if (!n) /* most ops */
        return 0;
    if (!print_scratch_grow(&p->mem, (void **)&p->sorted, &p->sorted_cap, (size_t)n + 1, sizeof *p->sorted))
        return 0;
    for (int i = 0; i < n; i++) {
        const tcir_named_attr *na = tcir_op_attr_at(op, i);
        if (inherent >= 0 && na->inherent != (inherent != 0))
            continue;
        bool skip = false;
        for (const char *const *e = elided; e && *e && !skip; e++)
            skip = print_str_eq(*e, na->name);
        if (skip)
            continue;
        size_t j = count++;
        while (j > 0 && strcmp(p->sorted[j - 1]->name, na->name) > 0) {
            p->sorted[j] = p->sorted[j - 1];
            j--;
        }
        p->sorted[j] = na;
    }
    return count;
}

void print_attrs_of(print_state *p, const tcir_op *op, const char *const *elided, bool with_keyword)
{
    size_t n = print_collect_attrs(p, op, -1, elided);
    if (!n)
        return;
    base_out_puts(&p->out, with_keyword ? " attributes {" : " {");
    for (size_t i = 0; i < n; i++) {
        if (i)
            base_out_put(&p->out, ", ", 2);
        print_named(p, p->sorted[i]->name, p->sorted[i]->attr);
    }
    base_out_putc(&p->out, '}');
}

/* ---- the generic form ------------------------------------------------------------------- */

void print_functional(print_state *p, const tcir_op *op)
{
    base_out_putc(&p->out, '(');
    print_operand_types(p, op, 0, tcir_op_noperands(op));
    base_out_put(&p->out, ") -> ", 5);
    int nr = tcir_op_nresults(op);
    const tcir_type *t0 = nr == 1 ? tcir_value_type(tcir_op_result((tcir_op *)op, 0)) : NULL;
    if (t0 && tcir_type_get_kind(t0) != TCIR_TYPE_FUNC) {
        print_type(p, t0);
        return;
    }
    base_out_putc(&p->out, '(');
    print_result_types(p, op);
    base_out_putc(&p->out, ')');
}

/* What generic form adds to an op beyond its attributes; at most one thing per op name. */
typedef enum generic_extra {
    EXTRA_NONE,
    EXTRA_FASTMATH, /* fastmath = #arith.fastmath<none> */
    EXTRA_OVERFLOW, /* overflowFlags = #arith.overflow<none> */
    EXTRA_LOAD_SEGMENTS, /* tt.load: operandSegmentSizes */
    EXTRA_BRANCH_SEGMENTS /* cf.cond_br: operandSegmentSizes */
} generic_extra;

/* The op's extra, from its opcode. */
static generic_extra extra_of(const tcir_op *op)
{
    int opc = tcir_op_opcode(op);
    unsigned flags = print_op_flags(op);
    if (flags & TCIR_OPF_FASTMATH)
        return EXTRA_FASTMATH;
    if (flags & TCIR_OPF_OVERFLOW)
        return EXTRA_OVERFLOW;
    if (opc == TCIR_OPC_TT_LOAD)
        return EXTRA_LOAD_SEGMENTS;
    if (opc == TCIR_OPC_CF_COND_BR)
        return EXTRA_BRANCH_SEGMENTS;
    return EXTRA_NONE;
}

static const char *default_property(generic_extra extra, const char **value)
{
    if (extra == EXTRA_FASTMATH) {
        *value = "#arith.fastmath<none>";
        return "fastmath";
    }
    if (extra == EXTRA_OVERFLOW) {
        *value = "#arith.overflow<none>";
        return "overflowFlags";
    }
    return NULL;
}

/* operandSegmentSizes for ops whose operand groups are optional or variadic. */
static bool segment_sizes(const tcir_op *op, generic_extra extra, int32_t seg[3])
{
    int n = tcir_op_noperands(op);
    if (extra == EXTRA_LOAD_SEGMENTS) {
        seg[0] = n >= 1;
        seg[1] = n >= 2;
        seg[2] = n >= 3;
        return true;
    }
    if (extra == EXTRA_BRANCH_SEGMENTS && tcir_op_nsuccessors(op) == 2) {
        seg[0] = 1;
        seg[1] = tcir_block_nargs(tcir_op_successor(op, 0));
        seg[2] = tcir_block_nargs(tcir_op_successor(op, 1));
        return true;
    }
    return false;
}

static void print_generic_props(print_state *p, const tcir_op *op)
{
    size_t n = print_collect_attrs(p, op, 1, NULL);
    generic_extra extra = extra_of(op);
    const char *dvalue = NULL, *dname = default_property(extra, &dvalue);
    int32_t seg[3];
    bool has_seg = segment_sizes(op, extra, seg);
    if (dname && tcir_op_attr(op, dname))
        dname = NULL;
    if (has_seg && tcir_op_attr(op, "operandSegmentSizes"))
        has_seg = false;
    if (!n && !dname && !has_seg)
        return;
    base_out_put(&p->out, " <{", 3);
    bool first = true;
    size_t i = 0;
    for (;;) {
        /* Merge the synthesized entries into the sorted list. */
        const char *next = i < n ? p->sorted[i]->name : NULL;
        if (dname && (!next || strcmp(dname, next) < 0)) {
            base_out_puts(&p->out, first ? "" : ", ");
            base_out_puts(&p->out, dname);
            base_out_put(&p->out, " = ", 3);
            base_out_puts(&p->out, dvalue);
            dname = NULL;
        } else if (has_seg && (!next || strcmp("operandSegmentSizes", next) < 0)) {
            base_out_puts(&p->out, first ? "" : ", ");
            base_out_puts(&p->out, "operandSegmentSizes = array<i32: ");
            for (int k = 0; k < 3; k++) {
                if (k)
                    base_out_put(&p->out, ", ", 2);
                base_out_int(&p->out, seg[k]);
            }
            base_out_putc(&p->out, '>');
            has_seg = false;
        } else if (next) {
            base_out_puts(&p->out, first ? "" : ", ");
            print_named(p, next, p->sorted[i]->attr);
            i++;
        } else {
            break;
        }
        first = false;
    }
    base_out_put(&p->out, "}>", 2);
}

void print_generic_op(print_state *p, const tcir_op *op)
{
    base_out_quoted(&p->out, tcir_op_name(op));
    base_out_putc(&p->out, '(');
    print_operand_list(p, op, 0, tcir_op_noperands(op));
    base_out_putc(&p->out, ')');
    int ns = tcir_op_nsuccessors(op);
    if (ns) {
        base_out_putc(&p->out, '[');
        for (int i = 0; i < ns; i++) {
            if (i)
                base_out_put(&p->out, ", ", 2);
            print_block_name(p, tcir_op_successor(op, i));
        }
        base_out_putc(&p->out, ']');
    }
    print_generic_props(p, op);
    int nr = tcir_op_nregions(op);
    if (nr) {
        base_out_put(&p->out, " (", 2);
        for (int i = 0; i < nr; i++) {
            if (i)
                base_out_put(&p->out, ", ", 2);
            print_region(p, tcir_op_region((tcir_op *)op, i), true, true, true);
        }
        base_out_putc(&p->out, ')');
    }
    size_t nd = print_collect_attrs(p, op, 0, NULL);
    if (nd) {
        base_out_put(&p->out, " {", 2);
        for (size_t i = 0; i < nd; i++) {
            if (i)
                base_out_put(&p->out, ", ", 2);
            print_named(p, p->sorted[i]->name, p->sorted[i]->attr);
        }
        base_out_putc(&p->out, '}');
    }
    base_out_put(&p->out, " : ", 3);
    print_functional(p, op);
}
