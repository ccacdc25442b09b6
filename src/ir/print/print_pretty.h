/* Private: what the files of the pretty printer share (print_pretty.c dispatches by opcode
 * to the forms of print_pretty_arith.c, _memory.c, _tt.c and _control.c): small helpers, and
 * the forms ops.h names. A form checks that the op fits it before writing anything and
 * returns false otherwise, so that a malformed op still prints (in generic form) for what
 * it is. */
#ifndef TRITONC_IR_PRINT_PRETTY_H
#define TRITONC_IR_PRINT_PRETTY_H

#include "ir/print/print_internal.h"
#include "ir/registry.h"

/* Each form prints the op after "%r = " and returns true, or writes nothing and returns false. */
#define OP(id, name, flags, pretty, check) bool print_pretty_##pretty(print_state *p, const tcir_op *op);
#include "ir/ops.h"
#undef OP
/* The table's "generic" marker (print_pretty.c): writes nothing, returns false. */
bool print_pretty_generic(print_state *p, const tcir_op *op);

/* No attribute elided: {NULL}. */
extern const char *const print_elide_none[];

static inline void put(print_state *p, const char *s) { base_out_puts(&p->out, s); }

static inline const tcir_type *operand_type(const tcir_op *op, int i)
{
    return tcir_value_type(tcir_op_operand(op, i));
}

static inline const tcir_type *result_type(const tcir_op *op, int i)
{
    return tcir_value_type(tcir_op_result((tcir_op *)op, i));
}

static inline bool shape(const tcir_op *op, int noperands, int nresults)
{
    return tcir_op_noperands(op) == noperands && tcir_op_nresults(op) == nresults && tcir_op_nregions(op) == 0 &&
        tcir_op_nsuccessors(op) == 0;
}

/* The pretty keyword of an enum attribute, or NULL when absent or not an enum. */
static inline const char *keyword(const tcir_op *op, const char *name)
{
    const tcir_attr *a = tcir_op_nattrs(op) ? tcir_op_attr(op, name) : NULL;
    return a && tcir_attr_get_kind(a) == TCIR_ATTR_ENUM ? tcir_attr_str(a) : NULL;
}

/* An attribute the form spells as a keyword (fastmath<..>, cacheModifier = ..) must be an
 * enum when present; otherwise the op prints generic, so that nothing is lost. */
static inline bool enum_or_absent(const tcir_op *op, const char *name)
{
    const tcir_attr *a = tcir_op_nattrs(op) ? tcir_op_attr(op, name) : NULL;
    return !a || tcir_attr_get_kind(a) == TCIR_ATTR_ENUM;
}

static inline void name_and_space(print_state *p, const tcir_op *op)
{
    print_op_name(p, op);
    base_out_putc(&p->out, ' ');
}

static inline void operands(print_state *p, const tcir_op *op, int from, int to)
{
    print_operand_list(p, op, from, to);
}

static inline void colon_type(print_state *p, const tcir_type *t)
{
    base_out_put(&p->out, " : ", 3);
    print_type(p, t);
}

/* " : (A, B) -> R" */
static inline void functional_tail(print_state *p, const tcir_op *op)
{
    base_out_put(&p->out, " : ", 3);
    print_functional(p, op);
}

#endif
