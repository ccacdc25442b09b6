/* The verifier: the checks Triton's and MLIR's verifiers make on the ops tritonc emits, so
 * that what passes here parses and verifies in Triton 3.6. The first problem found (ops in
 * order, an op before its regions) is reported as one line:
 *   file.c:12: 'arith.addf' op requires the same type for all operands and results, got ...
 * This file walks the IR (structure, dominance) and runs each op's rule, by opcode: ops.h
 * names the rules, verify_*.c hold them. */
#include <stdlib.h>
#include <string.h>

#include "ir/verify/verify_internal.h"

/* ---- reporting -------------------------------------------------------------------------- */

bool verify_vfail(verifier *v, const tcir_op *op, const char *fmt, va_list ap)
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
bool verify_check_generic(verifier *v, const tcir_op *op)
{
    (void)v;
    (void)op;
    return true;
}

typedef bool (*check_fn)(verifier *v, const tcir_op *op);

static const check_fn rules[TCIR_OPC_COUNT] = {
    [TCIR_OPC_UNREGISTERED] = verify_check_generic,
#define OP(id, name, flags, pretty, check) [TCIR_OPC_##id] = verify_check_##check,
#include "ir/ops.h"
#undef OP
};

bool verify_opcode_has_check(int opcode)
{
    return opcode > 0 && opcode < TCIR_OPC_COUNT && rules[opcode] != verify_check_generic;
}

/* ---- structure and dominance ------------------------------------------------------------------ */

/* The level at which key (a region or block) is open, or -1 when it is not. */
static long open_level(const verifier *v, const void *key, bool block)
{
    int32_t i;
    bool found = block ? print_smap_get(&v->seen, tcir_block_serial((const tcir_block *)key), key, &i)
                       : print_pmap_get(&v->open, key, &i);
    if (!found || i < 0 || (size_t)i >= v->nlevels || (size_t)i < v->isolated_from)
        return -1;
    const struct verify_open_level *l = &v->levels[i];
    return (block ? (const void *)l->b : (const void *)l->r) == key ? i : -1;
}

/* Whether v is visible at user, an op of the innermost open block: defined earlier in that
 * block or in a block enclosing it, an argument of such a block, or defined in another block
 * of a region enclosing the user (control-flow dominance between blocks is not checked).
 * Functions are isolated. Ops are verified in order, each before its regions, so an op of an
 * open block comes earlier exactly when it has been seen already and is not the op whose
 * region holds the user. Constant time at any depth: the open blocks and regions are indexed. */
static bool dominates(verifier *v, const tcir_value *val, const tcir_op *user)
{
    const tcir_op *def = tcir_value_def(val);
    const tcir_block *db = tcir_value_block(val);
    if (!db || !v->nlevels || tcir_op_block(user) != v->levels[v->nlevels - 1].b)
        return false; /* (a user outside the walk: tcir_verify of a nested op sees nothing above it) */
    /* most operands come from the user's own block: its level needs no lookup */
    size_t innermost = v->nlevels - 1;
    long i = db == v->levels[innermost].b && innermost >= v->isolated_from ? (long)innermost : open_level(v, db, true);
    if (i >= 0) {
        int32_t unused;
        const tcir_op *holder = (size_t)i + 1 < v->nlevels ? v->levels[i + 1].parent : NULL;
        return !def || (def != user && def != holder && print_smap_get(&v->seen, tcir_op_serial(def), def, &unused));
    }
    return open_level(v, tcir_block_region(db), false) >= 0;
}

/* Opens level nlevels for region r of parent (its blocks are then opened one by one). */
static bool open_region(verifier *v, const tcir_op *parent, const tcir_region *r)
{
    void *arr = v->levels;
    if (!print_scratch_grow(&v->mem, &arr, &v->levels_cap, v->nlevels + 1, sizeof *v->levels))
        return false;
    v->levels = arr;
    v->levels[v->nlevels] = (struct verify_open_level){parent, r, NULL, 0};
    print_pmap_put(&v->mem, &v->open, r, (int32_t)v->nlevels);
    v->nlevels++;
    return !v->mem.oom;
}

static bool verify_op(verifier *v, const tcir_op *op);
static bool verify_block(verifier *v, const tcir_op *parent, int ri, int k, const tcir_block *b);

static bool verify_region(verifier *v, const tcir_op *parent, int ri)
{
    const tcir_region *r = tcir_op_region((tcir_op *)parent, ri);
    size_t level = v->nlevels, isolated_from = v->isolated_from;
    if (!open_region(v, parent, r))
        return fail(v, parent, "out of memory while verifying");
    if (tcir_op_opcode(parent) == TCIR_OPC_TT_FUNC)
        v->isolated_from = level; /* isolated from above */
    bool ok = true;
    int k = 0;
    for (const tcir_block *b = tcir_region_first_block(r); b && ok; b = tcir_block_next(b), k++) {
        if (v->walked > TCIR_PREFETCH_OPS)
            ir_prefetch_blocks_ahead(b);
        v->levels[level].b = b;
        v->levels[level].visit = ++v->visits;
        print_smap_put(&v->mem, &v->seen, tcir_block_serial(b), b, (int32_t)level);
        if (v->mem.oom)
            return fail(v, parent, "out of memory while verifying");
        ok = verify_block(v, parent, ri, k, b);
    }
    v->nlevels = level;
    v->isolated_from = isolated_from;
    return ok;
}

/* Block k of region ri of parent (its level open). */
static bool verify_block(verifier *v, const tcir_op *parent, int ri, int k, const tcir_block *b)
{
    const tcir_op *last = tcir_block_last(b);
    if (tcir_op_opcode(parent) != TCIR_OPC_BUILTIN_MODULE && (!last || !print_op_is_terminator(last)))
        return fail(v, parent, "block ^bb%d of region #%d does not end in a terminator%s%s%s", k, ri,
                    last ? " (it ends in '" : "", last ? tcir_op_name(last) : "", last ? "')" : "");
    /* a function's block that leaves it returns (verify_check_func's rule, checked here so that
     * no walk of its own reads every block again) */
    if (tcir_op_opcode(parent) == TCIR_OPC_TT_FUNC && last && print_op_is_terminator(last) &&
        !tcir_op_nsuccessors(last) && tcir_op_opcode(last) != TCIR_OPC_TT_RETURN)
        return fail(v, parent, "block ^bb%d must end in tt.return, not '%s'", k, tcir_op_name(last));
    for (const tcir_op *op = tcir_block_first(b); op; op = tcir_op_next(op)) {
        if (++v->walked > TCIR_PREFETCH_OPS)
            ir_prefetch_ahead(op);
        if (op != last && print_op_is_terminator(op))
            return fail(v, op, "must be the last operation of its block");
        if (tcir_op_nresults(op)) { /* only ops with results define values */
            print_smap_put(&v->mem, &v->seen, tcir_op_serial(op), op, 0);
            if (v->mem.oom)
                return fail(v, parent, "out of memory while verifying");
        }
        if (!verify_op(v, op))
            return false;
        int nr = tcir_op_nresults(op); /* defined from here on, in this visit of b */
        for (int i = 0; i < nr; i++) {
            const tcir_value *res = tcir_op_result((tcir_op *)op, i);
            print_smap_put(&v->mem, &v->seen, tcir_value_serial(res), res, v->levels[v->nlevels - 1].visit);
        }
        if (v->mem.oom)
            return fail(v, parent, "out of memory while verifying");
    }
    return true;
}

/* Every operand of op is defined and dominates it. Most are results of ops earlier in op's own
 * block, the innermost open one: for them this is the answer dominates gives, without its
 * lookups of levels. */
static bool operands_ok(verifier *v, const tcir_op *op)
{
    int n = tcir_op_noperands(op);
    const tcir_block *home = NULL; /* op's block when it is the innermost open one, outside no function */
    int32_t home_visit = 0;
    if (n && v->nlevels && v->nlevels - 1 >= v->isolated_from && tcir_op_block(op) == v->levels[v->nlevels - 1].b) {
        home = tcir_op_block(op);
        home_visit = v->levels[v->nlevels - 1].visit;
    }
    for (int i = 0; i < n; i++) {
        const tcir_value *val = tcir_op_operand(op, i);
        if (!val)
            return fail(v, op, "operand #%d is null", i);
        int32_t visit;
        if (home && print_smap_get(&v->seen, tcir_value_serial(val), val, &visit) && visit == home_visit)
            continue; /* a result of an earlier op of this block */
        if (!dominates(v, val, op))
            return fail(v, op, "operand #%d does not dominate this use", i);
    }
    return true;
}

static bool verify_op(verifier *v, const tcir_op *op)
{
    if (!operands_ok(v, op))
        return false;
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
    print_scratch_free(&v.mem);
    return ok;
}
