/* Structured control flow: scf.for, scf.while, scf.if. Each runs its regions with
 * interp_run_region and reads the values their terminators (scf.yield, scf.condition) carry.
 * The loop bounds of scf.for compare signed, as MLIR's default; its trip count is computed
 * without overflow. */
#include <string.h>

#include "interp/interp_internal.h"

enum { MAX_CARRIED = 128 };

static void unref_n(interp_tensor **v, int n)
{
    for (int i = 0; i < n; i++) {
        interp_unref(v[i]);
        v[i] = NULL;
    }
}

/* Takes references to the terminator's operands from `first` on (n of them) into out. */
static bool take_terminator(interp_run *r, tcir_op *op, int first, int n, interp_tensor **out)
{
    tcir_op *t = r->term;
    if (tcir_op_noperands(t) - first != n)
        return interp_fail(r, op, "%s carries %d values, %d expected", tcir_op_name(t), tcir_op_noperands(t) - first,
                           n);
    for (int i = 0; i < n; i++)
        out[i] = interp_ref(interp_get(r, tcir_op_operand(t, first + i)));
    return true;
}

static bool set_results(interp_run *r, tcir_op *op, interp_tensor **v, int n)
{
    bool ok = true;
    for (int i = 0; i < n; i++) {
        ok = interp_set(r, tcir_op_result(op, i), v[i]) && ok;
        v[i] = NULL;
    }
    return ok;
}

TI_HANDLER(interp_op_for)
{
    int n = tcir_op_noperands(op) - 3;
    if (n < 0 || n + 1 > MAX_CARRIED || tcir_op_nresults(op) != n)
        return interp_fail(r, op, "a loop of %d carried values: not supported", n);
    interp_tensor *lb = interp_get(r, tcir_op_operand(op, 0)), *ub = interp_get(r, tcir_op_operand(op, 1));
    interp_tensor *st = interp_get(r, tcir_op_operand(op, 2));
    unsigned w = interp_width(lb->elem);
    int64_t lo = interp_sext(lb->d[0], w), hi = interp_sext(ub->d[0], w), step = interp_sext(st->d[0], w);
    if (step <= 0)
        return interp_fail(r, op, "step %lld: a loop step must be positive", (long long)step);
    /* The trip count, ceil((hi - lo) / step), in unsigned arithmetic: hi - lo of two int64
     * bounds of opposite sign overflows int64 but not uint64. The IV then advances by step in
     * its own width, and never past hi. */
    uint64_t span = hi > lo ? (uint64_t)hi - (uint64_t)lo : 0;
    uint64_t trips = span / (uint64_t)step + (span % (uint64_t)step != 0);
    interp_tensor *args[MAX_CARRIED] = {0};
    for (int i = 0; i < n; i++)
        args[1 + i] = interp_ref(interp_get(r, tcir_op_operand(op, 3 + i)));
    bool ok = true;
    uint64_t iv = (uint64_t)lo;
    for (uint64_t k = 0; ok && k < trips; k++, iv += (uint64_t)step) {
        interp_tensor *ivt = interp_new_shape(r, lb->elem, 0, NULL);
        if (!(ok = ivt != NULL))
            break;
        ivt->d[0] = interp_mask(iv, w);
        args[0] = ivt;
        ok = interp_run_region(r, tcir_op_region(op, 0), n + 1, args);
        interp_tensor *next[MAX_CARRIED];
        ok = ok && take_terminator(r, op, 0, n, next);
        unref_n(args, n + 1);
        if (ok)
            memcpy(args + 1, next, (size_t)n * sizeof *next);
    }
    if (ok)
        return set_results(r, op, args + 1, n);
    unref_n(args, n + 1);
    return false;
}

/* scf.while: the before region gets the carried values and ends in scf.condition(c) v...;
 * while c holds, the after region gets v... and yields the next carried values. The results
 * are the condition's values when c is false. */
TI_HANDLER(interp_op_while)
{
    int n = tcir_op_noperands(op), nres = tcir_op_nresults(op);
    if (n > MAX_CARRIED || nres > MAX_CARRIED)
        return interp_fail(r, op, "a loop of %d carried values: not supported", n);
    interp_tensor *carried[MAX_CARRIED] = {0}, *passed[MAX_CARRIED] = {0};
    for (int i = 0; i < n; i++)
        carried[i] = interp_ref(interp_get(r, tcir_op_operand(op, i)));
    for (;;) {
        bool ok = interp_run_region(r, tcir_op_region(op, 0), n, carried);
        ok = ok && take_terminator(r, op, 1, nres, passed);
        bool go = ok && (interp_get(r, tcir_op_operand(r->term, 0))->d[0] & 1);
        unref_n(carried, n);
        if (!ok)
            return false;
        if (!go)
            return set_results(r, op, passed, nres);
        ok = interp_run_region(r, tcir_op_region(op, 1), nres, passed);
        ok = ok && take_terminator(r, op, 0, n, carried);
        unref_n(passed, nres);
        if (!ok) {
            unref_n(carried, n);
            return false;
        }
    }
}

TI_HANDLER(interp_op_if)
{
    int n = tcir_op_nresults(op);
    if (n > MAX_CARRIED)
        return interp_fail(r, op, "%d results: not supported", n);
    bool c = interp_get(r, tcir_op_operand(op, 0))->d[0] & 1;
    tcir_region *reg = tcir_op_region(op, c ? 0 : 1);
    if (!tcir_region_first_block(reg))
        return n == 0 ? true : interp_fail(r, op, "no else region for an if with results");
    interp_tensor *v[MAX_CARRIED];
    if (!interp_run_region(r, reg, 0, NULL) || !take_terminator(r, op, 0, n, v))
        return false;
    return set_results(r, op, v, n);
}
