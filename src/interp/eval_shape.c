/* Shape ops. Tensors are row-major; a reshape keeps the element order (Triton's
 * allow_reorder / can_reorder permits any order: the interpreter keeps row-major). */
#include <string.h>

#include "interp/interp_internal.h"

static interp_tensor *result(interp_run *r, tcir_op *op, int i)
{
    return interp_new(r, tcir_value_type(tcir_op_result(op, i)));
}
static interp_tensor *operand(interp_run *r, tcir_op *op, int i) { return interp_get(r, tcir_op_operand(op, i)); }

TI_HANDLER(interp_op_make_range)
{
    interp_tensor *t = result(r, op, 0);
    if (!t)
        return false;
    int64_t start = interp_attr_int(op, "start", 0);
    for (int64_t i = 0; i < t->n; i++)
        t->d[i] = interp_mask((uint64_t)(start + i), interp_width(t->elem));
    return interp_set(r, tcir_op_result(op, 0), t);
}

TI_HANDLER(interp_op_splat)
{
    interp_tensor *a = operand(r, op, 0), *t = result(r, op, 0);
    if (!t)
        return false;
    for (int64_t i = 0; i < t->n; i++)
        t->d[i] = a->d[0];
    return interp_set(r, tcir_op_result(op, 0), t);
}

/* tt.reshape, tt.expand_dims, tt.unsplat: the same elements in the same order. */
TI_HANDLER(interp_op_reshape)
{
    interp_tensor *a = operand(r, op, 0), *t = result(r, op, 0);
    if (!t)
        return false;
    if (t->n != a->n) {
        interp_unref(t);
        return interp_fail(r, op, "%lld elements into %lld", (long long)a->n, (long long)t->n);
    }
    memcpy(t->d, a->d, (size_t)t->n * sizeof t->d[0]);
    return interp_set(r, tcir_op_result(op, 0), t);
}

/* Steps a row-major multi-index to the next element. */
static void next_index(int64_t *idx, const int64_t *dims, int rank)
{
    for (int d = rank - 1; d >= 0; d--) {
        if (++idx[d] < dims[d])
            return;
        idx[d] = 0;
    }
}

TI_HANDLER(interp_op_broadcast)
{
    interp_tensor *a = operand(r, op, 0), *t = result(r, op, 0);
    if (!t)
        return false;
    if (a->rank != t->rank) {
        interp_unref(t);
        return interp_fail(r, op, "broadcast from rank %d to rank %d", a->rank, t->rank);
    }
    int64_t as[TCIR_MAX_RANK], idx[TCIR_MAX_RANK] = {0};
    interp_strides(a, as);
    for (int64_t i = 0; i < t->n; i++) {
        int64_t s = 0;
        for (int d = 0; d < t->rank; d++)
            s += (a->dims[d] == 1 ? 0 : idx[d]) * as[d];
        t->d[i] = a->d[s];
        next_index(idx, t->dims, t->rank);
    }
    return interp_set(r, tcir_op_result(op, 0), t);
}

/* tt.trans {order}: result dimension i is source dimension order[i]. */
TI_HANDLER(interp_op_trans)
{
    interp_tensor *a = operand(r, op, 0), *t = result(r, op, 0);
    if (!t)
        return false;
    const tcir_attr *ord = tcir_op_attr(op, "order");
    if (!ord || tcir_attr_get_kind(ord) != TCIR_ATTR_ARRAY_I32 || tcir_attr_array_size(ord) != a->rank) {
        interp_unref(t);
        return interp_fail(r, op, "no order of the tensor's rank");
    }
    int64_t as[TCIR_MAX_RANK], idx[TCIR_MAX_RANK] = {0};
    interp_strides(a, as);
    for (int64_t i = 0; i < t->n; i++) {
        int64_t s = 0;
        for (int d = 0; d < t->rank; d++)
            s += idx[d] * as[tcir_attr_array_i32_at(ord, d)];
        t->d[i] = a->d[s];
        next_index(idx, t->dims, t->rank);
    }
    return interp_set(r, tcir_op_result(op, 0), t);
}

/* tt.join a, b: a new last dimension of 2, a at 0 and b at 1. */
TI_HANDLER(interp_op_join)
{
    interp_tensor *a = operand(r, op, 0), *b = operand(r, op, 1), *t = result(r, op, 0);
    if (!t)
        return false;
    for (int64_t i = 0; i < a->n; i++) {
        t->d[2 * i] = a->d[i];
        t->d[2 * i + 1] = b->d[i];
    }
    return interp_set(r, tcir_op_result(op, 0), t);
}

/* tt.split: the last dimension of 2 into two results. */
TI_HANDLER(interp_op_split)
{
    interp_tensor *a = operand(r, op, 0), *lo = result(r, op, 0), *hi = result(r, op, 1);
    if (!lo || !hi) {
        interp_unref(lo);
        interp_unref(hi);
        return false;
    }
    for (int64_t i = 0; i < lo->n; i++) {
        lo->d[i] = a->d[2 * i];
        hi->d[i] = a->d[2 * i + 1];
    }
    return interp_set(r, tcir_op_result(op, 0), lo) && interp_set(r, tcir_op_result(op, 1), hi);
}

/* tt.cat a, b: b after a along the first dimension (Triton's cat may reorder; this one does
 * not). */
TI_HANDLER(interp_op_cat)
{
    interp_tensor *a = operand(r, op, 0), *b = operand(r, op, 1), *t = result(r, op, 0);
    if (!t)
        return false;
    if (a->n + b->n != t->n) {
        interp_unref(t);
        return interp_fail(r, op, "%lld and %lld elements into %lld", (long long)a->n, (long long)b->n,
                           (long long)t->n);
    }
    memcpy(t->d, a->d, (size_t)a->n * sizeof t->d[0]);
    memcpy(t->d + a->n, b->d, (size_t)b->n * sizeof t->d[0]);
    return interp_set(r, tcir_op_result(op, 0), t);
}

/* tt.gather src[index] {axis}: out[i] = src[i with its axis coordinate replaced by index[i]];
 * an index outside src's axis is an error naming the lane. */
TI_HANDLER(interp_op_gather)
{
    interp_tensor *src = operand(r, op, 0), *ix = operand(r, op, 1), *t = result(r, op, 0);
    if (!t)
        return false;
    int axis = (int)interp_attr_int(op, "axis", 0);
    if (axis < 0 || axis >= src->rank || ix->rank != src->rank) {
        interp_unref(t);
        return interp_fail(r, op, "axis %d does not fit", axis);
    }
    int64_t ss[TCIR_MAX_RANK], idx[TCIR_MAX_RANK] = {0};
    interp_strides(src, ss);
    unsigned w = interp_width(ix->elem);
    for (int64_t i = 0; i < t->n; i++) {
        int64_t k = interp_sext(ix->d[i], w), s = 0;
        if (k < 0 || k >= src->dims[axis]) {
            interp_unref(t);
            return interp_fail(r, op, "program (%u, %u, %u), lane %lld: index %lld outside the axis of %lld", r->pid[0],
                               r->pid[1], r->pid[2], (long long)i, (long long)k, (long long)src->dims[axis]);
        }
        for (int d = 0; d < t->rank; d++)
            s += (d == axis ? k : idx[d]) * ss[d];
        t->d[i] = src->d[s];
        next_index(idx, t->dims, t->rank);
    }
    return interp_set(r, tcir_op_result(op, 0), t);
}

/* tt.histogram x[, mask]: out[b] counts the masked-in elements equal to b; values outside
 * [0, bins) are not counted. */
TI_HANDLER(interp_op_histogram)
{
    interp_tensor *x = operand(r, op, 0), *t = result(r, op, 0);
    interp_tensor *mask = tcir_op_noperands(op) > 1 ? operand(r, op, 1) : NULL;
    if (!t)
        return false;
    unsigned w = interp_width(x->elem), wo = interp_width(t->elem);
    for (int64_t i = 0; i < x->n; i++) {
        int64_t v = interp_sext(x->d[i], w);
        if ((!mask || (interp_lane(mask, i) & 1)) && v >= 0 && v < t->n)
            t->d[v] = interp_mask(t->d[v] + 1, wo);
    }
    return interp_set(r, tcir_op_result(op, 0), t);
}
