/* The verifier: the checks Triton's and MLIR's verifiers make on the ops tritonc emits, so
 * that what passes here parses and verifies in Triton 3.6. The first problem found (ops in
 * order, an op before its regions) is reported as one line:
 *   file.c:12: 'arith.addf' op requires the same type for all operands and results, got ...
 * This file walks the IR (structure, dominance) and runs each op's rule, by opcode: ops.h
 * names the rules, verify_*.c hold them. */
#include <stdlib.h>
#include <string.h>

#include "verify_internal.h"

/* ---- reporting -------------------------------------------------------------------------- */

bool tcir_verify_vfail(verifier *v, const tcir_op *op, const char *fmt, va_list ap)
{
    if (!v->err || !v->size)
        return false;
    size_t n = 0;
    tcir_loc loc = tcir_op_loc(op);
    if (loc.file) {
        int k = loc.col ? snprintf(v->err, v->size, "%s:%d:%d: ", loc.file, loc.line, loc.col)
                        : snprintf(v->err, v->size, "%s:%d: ", loc.file, loc.line);
        n = k > 0 ? (size_t)k : 0;
    }
    if (n < v->size) {
        int k = snprintf(v->err + n, v->size - n, "'%s' op ", tcir_op_name(op));
        n += k > 0 ? (size_t)k : 0;
    }
    if (n < v->size) {
        vsnprintf(v->err + n, v->size - n, fmt, ap);
    }
    return false;
}

/* ---- dispatch ------------------------------------------------------------------------------ */

/* The table's "generic" marker: no checks beyond those every op gets. */
bool tcir_check_generic(verifier *v, const tcir_op *op)
{
    (void)v;
    (void)op;
    return true;
}

typedef bool (*check_fn)(verifier *v, const tcir_op *op);

static const check_fn rules[TCIR_OPC_COUNT] = {
    [TCIR_OPC_UNREGISTERED] = tcir_check_generic,
#define OP(id, name, flags, pretty, check) [TCIR_OPC_##id] = tcir_check_##check,
#include "ops.h"
#undef OP
};

bool tcir_opcode_has_check(int opcode)
{
    return opcode > 0 && opcode < TCIR_OPC_COUNT && rules[opcode] != tcir_check_generic;
}

/* ---- structure and dominance ------------------------------------------------------------------ */

/* Whether v is visible at user: defined earlier in the same block or in a block enclosing it,
 * an argument of such a block, or defined in another block of a region enclosing the user
 * (control-flow dominance between blocks is not checked). Functions are isolated.
 * Ops are verified in order, each before its regions, so an op of the user's block (or of an
 * enclosing op's block) comes earlier exactly when it has been seen already. */
static bool dominates(verifier *v, const tcir_value *val, const tcir_op *user)
{
    const tcir_op *def = tcir_value_def(val);
    const tcir_block *db = tcir_value_block(val);
    if (!db)
        return false;
    const tcir_region *dr = tcir_block_region(db);
    for (const tcir_op *cur = user; cur;) {
        const tcir_block *cb = tcir_op_block(cur);
        if (!cb)
            return false;
        if (cb == db) {
            int32_t unused;
            return !def || (def != cur && tcir_pmap_get(&v->seen, def, &unused));
        }
        if (tcir_block_region(cb) == dr)
            return true;
        const tcir_op *parent = tcir_op_parent_op(cur);
        if (parent && tcir_op_opcode(parent) == TCIR_OPC_TT_FUNC)
            return false; /* isolated from above */
        cur = parent;
    }
    return false;
}

static bool verify_op(verifier *v, const tcir_op *op);

static bool verify_region(verifier *v, const tcir_op *parent, int ri)
{
    const tcir_region *r = tcir_op_region((tcir_op *)parent, ri);
    bool needs_terminator = tcir_op_opcode(parent) != TCIR_OPC_BUILTIN_MODULE;
    int k = 0;
    for (const tcir_block *b = tcir_region_first_block(r); b; b = tcir_block_next(b), k++) {
        const tcir_op *last = tcir_block_last(b);
        if (needs_terminator && (!last || !tcir_op_is_terminator(last)))
            return fail(v, parent, "block ^bb%d of region #%d does not end in a terminator%s%s%s", k, ri,
                        last ? " (it ends in '" : "", last ? tcir_op_name(last) : "", last ? "')" : "");
        for (const tcir_op *op = tcir_block_first(b); op; op = tcir_op_next(op)) {
            if (op != last && tcir_op_is_terminator(op))
                return fail(v, op, "must be the last operation of its block");
            if (tcir_op_nresults(op)) { /* only ops with results define values */
                tcir_pmap_put(&v->mem, &v->seen, op, 0);
                if (v->mem.oom)
                    return fail(v, parent, "out of memory while verifying");
            }
            if (!verify_op(v, op))
                return false;
        }
    }
    return true;
}

static bool verify_op(verifier *v, const tcir_op *op)
{
    for (int i = 0; i < tcir_op_noperands(op); i++) {
        const tcir_value *val = tcir_op_operand(op, i);
        if (!val)
            return fail(v, op, "operand #%d is null", i);
        if (!dominates(v, val, op))
            return fail(v, op, "operand #%d does not dominate this use", i);
    }
    int opc = tcir_op_opcode(op);
    if (opc > 0 && opc < TCIR_OPC_COUNT && !rules[opc](v, op))
        return false;
    for (int i = 0; i < tcir_op_nregions(op); i++)
        if (!verify_region(v, op, i))
            return false;
    return true;
}

bool tcir_verify(const tcir_op *op, char *err, size_t errsize)
{
    if (err && errsize)
        err[0] = '\0';
    if (!op) {
        if (err && errsize)
            snprintf(err, errsize, "no operation to verify");
        return false;
    }
    verifier v = {.err = err, .size = errsize};
    bool ok = verify_op(&v, op);
    tcir_scratch_free(&v.mem);
    return ok;
}
