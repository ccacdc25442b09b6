/* Private: what the files of the verifier share (verify.c walks the IR and dispatches by
 * opcode to the rules of verify_arith.c, _memory.c, _shape.c, _control.c and _debug.c):
 * the verifier's state, reporting, type facts, and the rules ops.h names. */
#ifndef TRITONC_IR_VERIFY_INTERNAL_H
#define TRITONC_IR_VERIFY_INTERNAL_H

#include <stdarg.h>
#include <stdio.h>

#include "ir/print/print_internal.h"
#include "ir/registry.h"

/* Type texts for the one message a verification reports; they live in the verifier, not in
 * each check, as zeroing them per check cost more than the check. */
typedef struct tnames {
    char s[4][160];
    int next;
} tnames;

typedef struct verifier {
    char *err;
    size_t size;
    print_scratch mem;
    /* Ops with results verified so far (or being verified), for dominates; and, by their
     * serials (no op has a block's), the open blocks with their levels (see below). */
    print_smap seen;
    /* The regions being verified, outermost first: level i is region r of op parent, in its
     * block b; `open` maps each such region, and `seen` each such block (by its serial: a
     * kernel of many early returns has a block per return), to its level (a stale entry's
     * level holds another one), so that dominates costs the same at any depth. */
    struct verify_open_level {
        const tcir_op *parent;
        const tcir_region *r;
        const tcir_block *b;
        int32_t visit; /* b's number among the blocks walked so far (from 1) */
    } * levels;
    size_t nlevels, levels_cap;
    size_t isolated_from; /* the level of the innermost function's body: nothing above is seen */
    print_pmap open;
    tnames names;
    size_t walked; /* ops met so far (see TCIR_PREFETCH_OPS) */
    /* Blocks walked so far. `seen` also maps each result of a verified op, by the value's
     * serial, to the visit of its block: an operand from the user's own block then dominates
     * it without a read of its defining op, which on a big kernel is a cache miss (the
     * constants stand at the top, far from their uses). */
    int32_t visits;
} verifier;

/* Each rule checks one op (its operands are known to be defined and to dominate it) and
 * returns true, or reports the first problem (fail) and returns false. */
#define OP(id, name, flags, pretty, check) bool verify_check_##check(verifier *v, const tcir_op *op);
#include "ir/ops.h"
#undef OP
/* The table's "generic" marker (verify.c): no checks beyond those every op gets. */
bool verify_check_generic(verifier *v, const tcir_op *op);

/* ---- reporting -------------------------------------------------------------------------- */

/* Writes "file:line:col: 'name' op <message>" into v->err; returns false. */
bool verify_vfail(verifier *v, const tcir_op *op, const char *fmt, va_list ap);

/* verify_vfail's variadic form, the one the rules call (each file has its own copy). */
static inline bool fail(verifier *v, const tcir_op *op, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    verify_vfail(v, op, fmt, ap);
    va_end(ap);
    return false;
}

/* The text of a type for a message, in the next of four slots (a message names up to four). */
static inline const char *tn(verifier *v, const tcir_type *type)
{
    char *buf = v->names.s[v->names.next++ & 3];
    if (!type)
        snprintf(buf, sizeof v->names.s[0], "<none>");
    else
        tcir_type_str(type, buf, sizeof v->names.s[0]);
    return buf;
}

/* ---- type facts ------------------------------------------------------------------------ */

static inline const tcir_type *operand_type(const tcir_op *op, int i)
{
    return tcir_value_type(tcir_op_operand(op, i));
}

static inline const tcir_type *result_type(const tcir_op *op, int i)
{
    return tcir_value_type(tcir_op_result((tcir_op *)op, i));
}

static inline bool is_int_like(const tcir_type *t)
{
    const tcir_type *e = tcir_type_elem(t);
    return tcir_type_is_int(e) || tcir_type_get_kind(e) == TCIR_TYPE_INDEX;
}

static inline bool is_float_like(const tcir_type *t) { return tcir_type_is_float(tcir_type_elem(t)); }
static inline bool is_ptr_like(const tcir_type *t) { return tcir_type_is_ptr(tcir_type_elem(t)); }

static inline bool same_shape(const tcir_type *a, const tcir_type *b)
{
    int r = tcir_type_rank(a);
    if (tcir_type_is_tensor(a) != tcir_type_is_tensor(b) || r != tcir_type_rank(b))
        return false;
    const int64_t *da = tcir_type_dims(a), *db = tcir_type_dims(b);
    for (int i = 0; i < r; i++)
        if (da[i] != db[i])
            return false;
    return true;
}

/* t's shape with element elem, built without a context: compared structurally. */
static inline bool shaped_like(const tcir_type *t, const tcir_type *shape, const tcir_type *elem)
{
    return same_shape(t, shape) && tcir_type_elem(t) == elem;
}

static inline unsigned bit_width(const tcir_type *t)
{
    const tcir_type *e = tcir_type_elem(t);
    if (tcir_type_is_int(e))
        return tcir_type_int_width(e);
    if (tcir_type_is_float(e))
        return tcir_type_float_width(e);
    if (tcir_type_is_ptr(e))
        return 64;
    return 0;
}

static inline bool is_i1_like(const tcir_type *t)
{
    const tcir_type *e = tcir_type_elem(t);
    return tcir_type_is_int(e) && tcir_type_int_width(e) == 1;
}

static inline bool counts(verifier *v, const tcir_op *op, int nops, int nres)
{
    if (tcir_op_noperands(op) == nops && tcir_op_nresults(op) == nres)
        return true;
    return fail(v, op, "expects %d operand%s and %d result%s, got %d and %d", nops, nops == 1 ? "" : "s", nres,
                nres == 1 ? "" : "s", tcir_op_noperands(op), tcir_op_nresults(op));
}

static inline const tcir_attr *need_attr(verifier *v, const tcir_op *op, const char *name, tcir_attr_kind kind)
{
    const tcir_attr *a = tcir_op_attr(op, name);
    if (!a || tcir_attr_get_kind(a) != kind) {
        fail(v, op, "requires attribute '%s'", name);
        return NULL;
    }
    return a;
}

/* MLIR's ZeroOperands and ZeroResults traits. */
static inline bool zero_operands_and_results(verifier *v, const tcir_op *op)
{
    if (tcir_op_noperands(op))
        return fail(v, op, "requires zero operands");
    if (tcir_op_nresults(op))
        return fail(v, op, "requires zero results");
    return true;
}

#endif
