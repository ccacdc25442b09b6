/* tt.reduce and tt.scan, running the op's combine region on scalars.
 *
 * Reduce order, along the axis of n elements: a tree of halves, as a warp's butterfly
 * (shuffle-xor) reduction pairs lanes: with h = ceil(n / 2), element i (i < n - h) becomes
 * combine(x[i], x[i + h]), then the same over the first h, until one is left. For n = 8:
 * ((x0+x4)+(x2+x6)) + ((x1+x5)+(x3+x7)). Triton first combines the elements one thread holds
 * in order, which depends on the layout; the interpreter's tree is the layout-free part.
 * Scans run in order: out[0] = x[0], out[i] = combine(out[i - 1], x[i]) (from the end when
 * reverse). docs/interpreter.md says what that means for floats. */
#include <stdlib.h>

#include "base/alloc.h"
#include "interp/interp_internal.h"

enum { MAX_OPERANDS = 16 };

typedef struct axis_split {
    int64_t outer, len, inner;
} axis_split;

static axis_split split_at(const interp_tensor *t, int axis)
{
    axis_split s = {1, t->dims[axis], 1};
    for (int d = 0; d < axis; d++)
        s.outer *= t->dims[d];
    for (int d = axis + 1; d < t->rank; d++)
        s.inner *= t->dims[d];
    return s;
}

/* Runs the combine region on lhs and rhs (k scalars each) and puts its k results in out
 * (references taken). */
static bool combine(interp_run *r, tcir_op *op, int k, interp_tensor **lhs, interp_tensor **rhs, interp_tensor **out)
{
    interp_tensor *args[2 * MAX_OPERANDS];
    for (int j = 0; j < k; j++) {
        args[j] = lhs[j];
        args[k + j] = rhs[j];
    }
    tcir_block *body = tcir_region_first_block(tcir_op_region(op, 0));
    if (!interp_run_block(r, body, 2 * k, args))
        return false;
    if (tcir_op_noperands(r->term) != k)
        return interp_fail(r, op, "the combine region returns %d values, not %d", tcir_op_noperands(r->term), k);
    for (int j = 0; j < k; j++)
        out[j] = interp_ref(interp_get(r, tcir_op_operand(r->term, j)));
    return true;
}

static interp_tensor *scalar_of(interp_run *r, const interp_tensor *t, int64_t i)
{
    interp_tensor *s = interp_new_shape(r, t->elem, 0, NULL);
    if (s)
        s->d[0] = t->d[i];
    return s;
}

static void unref_all(interp_tensor **v, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
        interp_unref(v[i]);
}

/* Checks the operands and prepares the results (same shape as the inputs for a scan, the axis
 * removed for a reduce). */
static bool setup(interp_run *r, tcir_op *op, interp_tensor **in, interp_tensor **res, int *k, int *axis)
{
    *k = tcir_op_noperands(op);
    if (*k < 1 || *k > MAX_OPERANDS || tcir_op_nresults(op) != *k)
        return interp_fail(r, op, "%d operands: not supported", *k);
    for (int j = 0; j < *k; j++)
        in[j] = interp_get(r, tcir_op_operand(op, j));
    *axis = (int)interp_attr_int(op, "axis", 0);
    if (*axis < 0 || *axis >= in[0]->rank)
        return interp_fail(r, op, "axis %d out of range", *axis);
    for (int j = 0; j < *k; j++)
        if (!(res[j] = interp_new(r, tcir_value_type(tcir_op_result(op, j))))) {
            unref_all(res, j);
            return false;
        }
    return true;
}

TI_HANDLER(interp_op_reduce)
{
    interp_tensor *in[MAX_OPERANDS], *res[MAX_OPERANDS];
    int k, axis;
    if (!setup(r, op, in, res, &k, &axis))
        return false;
    axis_split s = split_at(in[0], axis);
    interp_tensor **v = base_calloc((size_t)(s.len * k), sizeof *v);
    bool ok = v != NULL;
    if (!v)
        interp_oom(r);
    for (int64_t o = 0; ok && o < s.outer; o++)
        for (int64_t c = 0; ok && c < s.inner; c++) {
            for (int64_t i = 0; ok && i < s.len; i++)
                for (int j = 0; j < k; j++)
                    ok = ok && (v[i * k + j] = scalar_of(r, in[j], (o * s.len + i) * s.inner + c));
            for (int64_t n = s.len; ok && n > 1;) {
                int64_t h = (n + 1) / 2;
                for (int64_t i = 0; ok && i < n - h; i++) {
                    interp_tensor *out[MAX_OPERANDS];
                    ok = combine(r, op, k, &v[i * k], &v[(i + h) * k], out);
                    if (ok) {
                        unref_all(&v[i * k], k);
                        unref_all(&v[(i + h) * k], k);
                        for (int j = 0; j < k; j++) {
                            v[i * k + j] = out[j];
                            v[(i + h) * k + j] = NULL;
                        }
                    }
                }
                n = h;
            }
            for (int j = 0; ok && j < k; j++)
                res[j]->d[o * s.inner + c] = v[j]->d[0];
            unref_all(v, s.len * k);
            for (int64_t i = 0; i < s.len * k; i++)
                v[i] = NULL;
        }
    free(v);
    for (int j = 0; j < k; j++)
        ok = interp_set(r, tcir_op_result(op, j), ok ? res[j] : (interp_unref(res[j]), NULL)) && ok;
    return ok;
}

TI_HANDLER(interp_op_scan)
{
    interp_tensor *in[MAX_OPERANDS], *res[MAX_OPERANDS];
    int k, axis;
    if (!setup(r, op, in, res, &k, &axis))
        return false;
    bool reverse = interp_attr_int(op, "reverse", 0) != 0;
    axis_split s = split_at(in[0], axis);
    bool ok = true;
    for (int64_t o = 0; ok && o < s.outer; o++)
        for (int64_t c = 0; ok && c < s.inner; c++) {
            interp_tensor *acc[MAX_OPERANDS] = {0};
            for (int64_t step = 0; ok && step < s.len; step++) {
                int64_t i = reverse ? s.len - 1 - step : step, at = (o * s.len + i) * s.inner + c;
                interp_tensor *x[MAX_OPERANDS] = {0};
                for (int j = 0; j < k; j++)
                    ok = ok && (x[j] = scalar_of(r, in[j], at));
                if (ok && step == 0) {
                    for (int j = 0; j < k; j++)
                        acc[j] = interp_ref(x[j]);
                } else if (ok) {
                    interp_tensor *out[MAX_OPERANDS];
                    ok = combine(r, op, k, acc, x, out);
                    if (ok) {
                        unref_all(acc, k);
                        for (int j = 0; j < k; j++)
                            acc[j] = out[j];
                    }
                }
                unref_all(x, k);
                for (int j = 0; ok && j < k; j++)
                    res[j]->d[at] = acc[j]->d[0];
            }
            unref_all(acc, k);
        }
    for (int j = 0; j < k; j++)
        ok = interp_set(r, tcir_op_result(op, j), ok ? res[j] : (interp_unref(res[j]), NULL)) && ok;
    return ok;
}
