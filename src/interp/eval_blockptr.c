/* Block pointers (tt.make_tensor_ptr, tt.advance, tt.load / tt.store through them) and tensor
 * descriptors (tt.make_tensor_descriptor, tt.descriptor_load / store / gather / scatter / reduce).
 *
 * A block pointer's value is a tensor of 1 + 3 * rank elements: the base pointer, then the
 * tensor's shape, strides (elements) and the block's offsets (i64 each). An element of the
 * block at index i lies at coordinates offset + i; in a dimension named by boundaryCheck a
 * coordinate outside [0, shape) is not accessed (a load gives the padding: zero, or NaN for
 * padding = 2); every element accessed goes through the bounds checker as any load. A
 * descriptor checks every dimension (as TMA does) and its padding is its own. */
#include <math.h>
#include <string.h>

#include "interp/interp_internal.h"

/* The block tensor type a block pointer points to. */
static const tcir_type *block_type(const tcir_type *ptr) { return tcir_type_pointee(ptr); }

TI_HANDLER(interp_op_make_tensor_ptr)
{
    const tcir_type *bt = block_type(tcir_value_type(tcir_op_result(op, 0)));
    int rank = tcir_type_rank(bt);
    if (tcir_op_noperands(op) != 1 + 3 * rank)
        return interp_fail(r, op, "%d operands for a block of rank %d", tcir_op_noperands(op), rank);
    int64_t n = 1 + 3 * rank;
    interp_tensor *t = interp_new_shape(r, tcir_value_type(tcir_op_result(op, 0)), 1, &n);
    if (!t)
        return false;
    t->d[0] = interp_get(r, tcir_op_operand(op, 0))->d[0];
    for (int i = 1; i < n; i++) {
        interp_tensor *v = interp_get(r, tcir_op_operand(op, i));
        t->d[i] = (uint64_t)interp_sext(v->d[0], interp_width(v->elem));
    }
    return interp_set(r, tcir_op_result(op, 0), t);
}

TI_HANDLER(interp_op_advance)
{
    interp_tensor *p = interp_get(r, tcir_op_operand(op, 0));
    int rank = (int)(p->n - 1) / 3;
    if (tcir_op_noperands(op) != 1 + rank)
        return interp_fail(r, op, "%d offsets for a block of rank %d", tcir_op_noperands(op) - 1, rank);
    interp_tensor *t = interp_new_shape(r, p->elem, 1, &p->n);
    if (!t)
        return false;
    memcpy(t->d, p->d, (size_t)p->n * sizeof t->d[0]);
    for (int d = 0; d < rank; d++) {
        interp_tensor *v = interp_get(r, tcir_op_operand(op, 1 + d));
        t->d[1 + 2 * rank + d] += (uint64_t)interp_sext(v->d[0], interp_width(v->elem));
    }
    return interp_set(r, tcir_op_result(op, 0), t);
}

/* The dimensions boundaryCheck names, as bits. */
static unsigned checked_dims(const tcir_op *op)
{
    const tcir_attr *a = tcir_op_attr(op, "boundaryCheck");
    unsigned bits = 0;
    if (a && tcir_attr_get_kind(a) == TCIR_ATTR_ARRAY_I32)
        for (int i = 0; i < tcir_attr_array_size(a); i++)
            if (tcir_attr_array_i32_at(a, i) >= 0 && tcir_attr_array_i32_at(a, i) < 32)
                bits |= 1u << tcir_attr_array_i32_at(a, i);
    return bits;
}

/* The element pointers of a block (ptrs) and which of them lie inside the checked dimensions
 * (inside), shaped as the block: v holds the base pointer, then rank shapes, strides and
 * offsets. */
static bool lanes(interp_run *r, const uint64_t *v, const tcir_type *bt, unsigned check, const tcir_type *tag,
                  interp_tensor **ptrs, interp_tensor **inside)
{
    int rank = tcir_type_rank(bt);
    const int64_t *dims = tcir_type_dims(bt);
    *ptrs = interp_new_shape(r, tag, rank, dims);
    *inside = interp_new_shape(r, tag, rank, dims);
    if (!*ptrs || !*inside) {
        interp_unref(*ptrs);
        interp_unref(*inside);
        return false;
    }
    size_t size = interp_elem_bytes(tcir_type_elem(bt));
    int64_t idx[TCIR_MAX_RANK] = {0};
    for (int64_t i = 0; i < (*ptrs)->n; i++) {
        bool in = true;
        uint64_t elems = 0;
        for (int d = 0; d < rank; d++) {
            int64_t c = (int64_t)v[1 + 2 * rank + d] + idx[d];
            if ((check >> d & 1) && (c < 0 || c >= (int64_t)v[1 + d]))
                in = false;
            elems += (uint64_t)c * v[1 + rank + d];
        }
        (*ptrs)->d[i] =
            interp_ptr_make(interp_ptr_buf(v[0]), (int64_t)((uint64_t)interp_ptr_offset(v[0]) + elems * size));
        (*inside)->d[i] = in;
        for (int d = rank - 1; d >= 0; d--) {
            if (++idx[d] < dims[d])
                break;
            idx[d] = 0;
        }
    }
    return true;
}

static bool block_lanes(interp_run *r, tcir_op *op, const interp_tensor *p, interp_tensor **ptrs,
                        interp_tensor **inside)
{
    return lanes(r, p->d, block_type(p->elem), checked_dims(op), p->elem, ptrs, inside);
}

bool interp_block_load(interp_run *r, tcir_op *op, const interp_tensor *p)
{
    interp_tensor *ptrs, *inside;
    if (!block_lanes(r, op, p, &ptrs, &inside))
        return false;
    const tcir_type *elem = tcir_type_elem(block_type(p->elem));
    uint64_t fill =
        interp_attr_int(op, "padding", 1) == 2 && tcir_type_is_float(elem) ? interp_fencode(NAN, elem, false) : 0;
    interp_tensor *t = interp_new(r, tcir_value_type(tcir_op_result(op, 0)));
    bool ok = t && interp_load_into(r, op, ptrs, inside, elem, NULL, fill, t);
    interp_unref(ptrs);
    interp_unref(inside);
    if (!ok) {
        interp_unref(t);
        return false;
    }
    return interp_set(r, tcir_op_result(op, 0), t);
}

bool interp_block_store(interp_run *r, tcir_op *op, const interp_tensor *p, const interp_tensor *val)
{
    interp_tensor *ptrs, *inside;
    if (!block_lanes(r, op, p, &ptrs, &inside))
        return false;
    bool ok = interp_store_from(r, op, ptrs, inside, tcir_type_elem(block_type(p->elem)), val);
    interp_unref(ptrs);
    interp_unref(inside);
    return ok;
}

/* ---- tensor descriptors: every dimension checked, as TMA does ----------------------------- */

/* tt.make_tensor_descriptor base, shape..., strides... [padding]: base, shapes, strides, and
 * the padding (1 zero, 2 NaN) last. */
TI_HANDLER(interp_op_make_tensor_descriptor)
{
    const tcir_type *t = tcir_value_type(tcir_op_result(op, 0));
    int rank = tcir_type_rank(tcir_type_desc_block(t));
    if (tcir_op_noperands(op) != 1 + 2 * rank)
        return interp_fail(r, op, "%d operands for a block of rank %d", tcir_op_noperands(op), rank);
    int64_t n = 2 + 2 * rank;
    interp_tensor *d = interp_new_shape(r, t, 1, &n);
    if (!d)
        return false;
    d->d[0] = interp_get(r, tcir_op_operand(op, 0))->d[0];
    for (int i = 1; i < 1 + 2 * rank; i++) {
        interp_tensor *v = interp_get(r, tcir_op_operand(op, i));
        d->d[i] = (uint64_t)interp_sext(v->d[0], interp_width(v->elem));
    }
    d->d[n - 1] = (uint64_t)interp_attr_int(op, "padding", 1);
    return interp_set(r, tcir_op_result(op, 0), d);
}

/* The lanes of desc at the op's offsets (operands first .. first + rank - 1). */
static bool desc_lanes(interp_run *r, tcir_op *op, int first, const interp_tensor *desc, interp_tensor **ptrs,
                       interp_tensor **inside)
{
    const tcir_type *bt = tcir_type_desc_block(desc->elem);
    int rank = tcir_type_rank(bt);
    if (tcir_op_noperands(op) < first + rank)
        return interp_fail(r, op, "%d offsets for a block of rank %d", tcir_op_noperands(op) - first, rank);
    uint64_t v[1 + 3 * TCIR_MAX_RANK];
    memcpy(v, desc->d, (size_t)(1 + 2 * rank) * sizeof v[0]);
    for (int d = 0; d < rank; d++) {
        interp_tensor *o = interp_get(r, tcir_op_operand(op, first + d));
        v[1 + 2 * rank + d] = (uint64_t)interp_sext(o->d[0], interp_width(o->elem));
    }
    return lanes(r, v, bt, ~0u, desc->elem, ptrs, inside);
}

/* tt.descriptor_load desc, offsets... */
/* Loads a descriptor's lanes (their addresses and whether each is inside the tensor) into op's
 * result: outside, zero, or NaN where the descriptor pads with NaN. Takes ptrs and inside. */
static bool load_lanes(interp_run *r, tcir_op *op, const interp_tensor *desc, const tcir_type *elem,
                       interp_tensor *ptrs, interp_tensor *inside)
{
    uint64_t fill = desc->d[desc->n - 1] == 2 && tcir_type_is_float(elem) ? interp_fencode(NAN, elem, false) : 0;
    interp_tensor *t = interp_new(r, tcir_value_type(tcir_op_result(op, 0)));
    bool ok = t && interp_load_into(r, op, ptrs, inside, elem, NULL, fill, t);
    interp_unref(ptrs);
    interp_unref(inside);
    if (!ok) {
        interp_unref(t);
        return false;
    }
    return interp_set(r, tcir_op_result(op, 0), t);
}

TI_HANDLER(interp_op_descriptor_load)
{
    interp_tensor *desc = interp_get(r, tcir_op_operand(op, 0)), *ptrs, *inside;
    const tcir_type *elem = tcir_type_elem(tcir_type_desc_block(desc->elem));
    if (!desc_lanes(r, op, 1, desc, &ptrs, &inside))
        return false;
    return load_lanes(r, op, desc, elem, ptrs, inside);
}

TI_HANDLER(interp_op_descriptor_store)
{
    interp_tensor *desc = interp_get(r, tcir_op_operand(op, 0)), *ptrs, *inside;
    interp_tensor *val = interp_get(r, tcir_op_operand(op, 1)); /* desc, value, offsets... */
    if (!desc_lanes(r, op, 2, desc, &ptrs, &inside))
        return false;
    bool ok = interp_store_from(r, op, ptrs, inside, tcir_type_elem(tcir_type_desc_block(desc->elem)), val);
    interp_unref(ptrs);
    interp_unref(inside);
    return ok;
}

/* ---- descriptor gathers, scatters and reductions ------------------------------------------ */

/* The lanes of a gather / scatter of a 2-D descriptor: row x[i], columns y + j (j < cols), of
 * the shape [len(x), cols]; every coordinate checked (TMA's gather4 reads zero outside the
 * tensor and its scatter writes nothing there). */
static bool gather_lanes(interp_run *r, const interp_tensor *desc, const interp_tensor *x, const interp_tensor *y,
                         int64_t cols, interp_tensor **ptrs, interp_tensor **inside)
{
    int64_t dims[2] = {x->n, cols};
    *ptrs = interp_new_shape(r, desc->elem, 2, dims);
    *inside = interp_new_shape(r, desc->elem, 2, dims);
    if (!*ptrs || !*inside) {
        interp_unref(*ptrs);
        interp_unref(*inside);
        return false;
    }
    const tcir_type *elem = tcir_type_elem(tcir_type_desc_block(desc->elem));
    size_t size = interp_elem_bytes(elem);
    int64_t rows = (int64_t)desc->d[1], ncols = (int64_t)desc->d[2];
    int64_t y0 = interp_sext(y->d[0], interp_width(y->elem));
    for (int64_t i = 0; i < x->n; i++) {
        int64_t row = interp_sext(x->d[i], interp_width(x->elem));
        for (int64_t j = 0; j < cols; j++) {
            int64_t col = y0 + j, k = i * cols + j;
            uint64_t elems = (uint64_t)row * desc->d[3] + (uint64_t)col * desc->d[4];
            (*ptrs)->d[k] = interp_ptr_make(interp_ptr_buf(desc->d[0]),
                                            (int64_t)((uint64_t)interp_ptr_offset(desc->d[0]) + elems * size));
            (*inside)->d[k] = row >= 0 && row < rows && col >= 0 && col < ncols;
        }
    }
    return true;
}

/* tt.descriptor_gather desc, x_offsets, y_offset: rows x_offsets of the descriptor's tensor,
 * block-width columns from y_offset. */
TI_HANDLER(interp_op_descriptor_gather)
{
    interp_tensor *desc = interp_get(r, tcir_op_operand(op, 0)), *ptrs, *inside;
    const tcir_type *bt = tcir_type_desc_block(desc->elem), *elem = tcir_type_elem(bt);
    if (tcir_type_rank(bt) != 2)
        return interp_fail(r, op, "a gather needs a 2-D descriptor");
    if (!gather_lanes(r, desc, interp_get(r, tcir_op_operand(op, 1)), interp_get(r, tcir_op_operand(op, 2)),
                      tcir_type_dims(bt)[1], &ptrs, &inside))
        return false;
    return load_lanes(r, op, desc, elem, ptrs, inside);
}

/* tt.descriptor_scatter desc, x_offsets, y_offset, value. */
TI_HANDLER(interp_op_descriptor_scatter)
{
    interp_tensor *desc = interp_get(r, tcir_op_operand(op, 0)), *ptrs, *inside;
    const tcir_type *bt = tcir_type_desc_block(desc->elem);
    if (tcir_type_rank(bt) != 2)
        return interp_fail(r, op, "a scatter needs a 2-D descriptor");
    if (!gather_lanes(r, desc, interp_get(r, tcir_op_operand(op, 1)), interp_get(r, tcir_op_operand(op, 2)),
                      tcir_type_dims(bt)[1], &ptrs, &inside))
        return false;
    bool ok = interp_store_from(r, op, ptrs, inside, tcir_type_elem(bt), interp_get(r, tcir_op_operand(op, 3)));
    interp_unref(ptrs);
    interp_unref(inside);
    return ok;
}

/* One element of a descriptor reduction. Integers are signless in the IR: min and max compare
 * them signed (an unsigned descriptor cannot be told apart). Floats: add rounds once to the
 * element type; min / max return the number when one side is NaN. */
static bool reduce_elem(const char *kind, uint64_t old, uint64_t v, const tcir_type *elem, uint64_t *out)
{
    unsigned w = interp_width(elem);
    if (tcir_type_is_float(elem)) {
        double a = interp_fdecode(old, elem), b = interp_fdecode(v, elem);
        if (strcmp(kind, "add") == 0)
            *out = interp_fencode(a + b, elem, false);
        else if (strcmp(kind, "min") == 0)
            *out = isnan(b) || (!isnan(a) && (a < b || (a == b && signbit(a)))) ? old : v;
        else if (strcmp(kind, "max") == 0)
            *out = isnan(b) || (!isnan(a) && (a > b || (a == b && !signbit(a)))) ? old : v;
        else
            return false;
        return true;
    }
    int64_t so = interp_sext(old, w), sv = interp_sext(v, w);
    if (strcmp(kind, "add") == 0)
        *out = interp_mask(old + v, w);
    else if (strcmp(kind, "min") == 0)
        *out = so < sv ? old : v;
    else if (strcmp(kind, "max") == 0)
        *out = so > sv ? old : v;
    else if (strcmp(kind, "and") == 0)
        *out = old & v;
    else if (strcmp(kind, "or") == 0)
        *out = old | v;
    else if (strcmp(kind, "xor") == 0)
        *out = old ^ v;
    else
        return false;
    return true;
}

/* tt.descriptor_reduce desc, value, offsets... {kind}: memory = memory KIND value over the
 * block's elements inside the tensor (TMA's cp.reduce.async.bulk.tensor skips the others).
 * The block's elements are distinct addresses, so reading them all, combining and writing them
 * back is the same as element by element. */
TI_HANDLER(interp_op_descriptor_reduce)
{
    interp_tensor *desc = interp_get(r, tcir_op_operand(op, 0)), *val = interp_get(r, tcir_op_operand(op, 1));
    const tcir_type *elem = tcir_type_elem(tcir_type_desc_block(desc->elem));
    const char *kind = interp_attr_keyword(op, "kind");
    interp_tensor *ptrs, *inside;
    if (!kind)
        return interp_fail(r, op, "no reduction kind");
    if (!desc_lanes(r, op, 2, desc, &ptrs, &inside))
        return false;
    interp_tensor *cur = interp_new_shape(r, val->elem, val->rank, val->dims);
    bool ok = cur && interp_load_into(r, op, ptrs, inside, elem, NULL, 0, cur);
    for (int64_t i = 0; ok && i < cur->n; i++)
        if (inside->d[i] && !reduce_elem(kind, cur->d[i], interp_lane(val, i), elem, &cur->d[i]))
            ok = interp_fail(r, op, "descriptor reduction '%s' on this type is not supported", kind);
    ok = ok && interp_store_from(r, op, ptrs, inside, elem, cur);
    interp_unref(cur);
    interp_unref(ptrs);
    interp_unref(inside);
    return ok;
}
