/* Verifier rules of the ops that touch memory: pointers, loads and stores, atomics, block
 * pointers and tensor descriptors (verify_internal.h). */
#include "ir/verify/verify_internal.h"

/* ---- pointers, loads and stores ------------------------------------------------------------- */

bool verify_check_addptr(verifier *v, const tcir_op *op)
{
    if (!counts(v, op, 2, 1))
        return false;
    const tcir_type *p = operand_type(op, 0), *o = operand_type(op, 1), *r = result_type(op, 0);
    if (!is_ptr_like(p))
        return fail(v, op, "operand #0 must be a pointer or a tensor of pointers, got %s", tn(v, p));
    if (!is_int_like(o))
        return fail(v, op, "operand #1 must be an integer or a tensor of integers, got %s", tn(v, o));
    if (!same_shape(p, o))
        return fail(v, op, "pointer and offset must have the same shape, got %s and %s", tn(v, p), tn(v, o));
    if (r != p)
        return fail(v, op, "result type %s must be the pointer type %s", tn(v, r), tn(v, p));
    return true;
}

/* The pointee of a pointer (or tensor of pointers), checking the operand is one. */
static const tcir_type *pointee(verifier *v, const tcir_op *op)
{
    const tcir_type *p = operand_type(op, 0);
    if (!is_ptr_like(p)) {
        fail(v, op, "operand #0 must be a pointer or a tensor of pointers, got %s", tn(v, p));
        return NULL;
    }
    return tcir_type_pointee(tcir_type_elem(p));
}

static bool check_mask(verifier *v, const tcir_op *op, int i)
{
    const tcir_type *p = operand_type(op, 0), *m = operand_type(op, i);
    if (same_shape(m, p) && is_i1_like(m))
        return true;
    return fail(v, op, "mask must be i1 shaped like the pointer (%s), got %s", tn(v, p), tn(v, m));
}

bool verify_check_load(verifier *v, const tcir_op *op)
{
    int n = tcir_op_noperands(op);
    if (n < 1 || n > 3 || tcir_op_nresults(op) != 1)
        return fail(v, op, "expects 1 to 3 operands (ptr, mask, other) and 1 result, got %d and %d", n,
                    tcir_op_nresults(op));
    const tcir_type *e = pointee(v, op);
    if (!e)
        return false;
    const tcir_type *p = operand_type(op, 0), *r = result_type(op, 0);
    if (tcir_type_is_tensor(e)) /* through a block pointer: no mask, no other */
        return n == 1 && r == e ? true
                                : fail(v, op, "a load through %s takes no mask and gives %s, got %d operands and %s",
                                       tn(v, p), tn(v, e), n, tn(v, r));
    if (!shaped_like(r, p, e))
        return fail(v, op, "result type %s must be the pointee shaped like the pointer (%s)", tn(v, r), tn(v, p));
    if (n >= 2 && !check_mask(v, op, 1))
        return false;
    if (n == 3 && operand_type(op, 2) != r)
        return fail(v, op, "other must have the result type %s, got %s", tn(v, r), tn(v, operand_type(op, 2)));
    return true;
}

bool verify_check_store(verifier *v, const tcir_op *op)
{
    int n = tcir_op_noperands(op);
    if (n < 2 || n > 3 || tcir_op_nresults(op) != 0)
        return fail(v, op, "expects 2 or 3 operands (ptr, value, mask) and no result, got %d and %d", n,
                    tcir_op_nresults(op));
    const tcir_type *e = pointee(v, op);
    if (!e)
        return false;
    const tcir_type *p = operand_type(op, 0), *val = operand_type(op, 1);
    if (tcir_type_is_tensor(e)) /* through a block pointer: no mask */
        return n == 2 && val == e ? true
                                  : fail(v, op, "a store through %s takes no mask and a %s, got %d operands and %s",
                                         tn(v, p), tn(v, e), n, tn(v, val));
    if (!shaped_like(val, p, e))
        return fail(v, op, "value type %s must be the pointee shaped like the pointer (%s)", tn(v, val), tn(v, p));
    return n < 3 || check_mask(v, op, 2);
}

/* ---- atomics, block pointers, tensor descriptors ------------------------------------------- */

static bool need_enum(verifier *v, const tcir_op *op, const char *name)
{
    return need_attr(v, op, name, TCIR_ATTR_ENUM) != NULL;
}

/* tt.atomic_rmw ptr, val[, mask]: ptr points to val's elements, in its shape; mask i1. */
bool verify_check_atomic_rmw(verifier *v, const tcir_op *op)
{
    int n = tcir_op_noperands(op);
    if (n < 2 || n > 3 || tcir_op_nresults(op) != 1)
        return fail(v, op, "expects 2 or 3 operands (ptr, val, mask) and 1 result, got %d and %d", n,
                    tcir_op_nresults(op));
    if (!need_enum(v, op, "atomic_rmw_op") || !need_enum(v, op, "sem") || !need_enum(v, op, "scope"))
        return false;
    const tcir_type *e = pointee(v, op);
    if (!e)
        return false;
    const tcir_type *p = operand_type(op, 0), *val = operand_type(op, 1), *r = result_type(op, 0);
    if (!shaped_like(val, p, e))
        return fail(v, op, "val type %s must be the pointee shaped like the pointer (%s)", tn(v, val), tn(v, p));
    if (r != val)
        return fail(v, op, "result type %s must be the type of val (%s)", tn(v, r), tn(v, val));
    return n < 3 || check_mask(v, op, 2);
}

/* tt.atomic_cas ptr, cmp, val: one shape for all (Triton checks no more). */
bool verify_check_atomic_cas(verifier *v, const tcir_op *op)
{
    if (!counts(v, op, 3, 1) || !need_enum(v, op, "sem") || !need_enum(v, op, "scope"))
        return false;
    const tcir_type *e = pointee(v, op);
    if (!e)
        return false;
    const tcir_type *p = operand_type(op, 0), *r = result_type(op, 0);
    if (!shaped_like(r, p, e))
        return fail(v, op, "result type %s must be the pointee shaped like the pointer (%s)", tn(v, r), tn(v, p));
    for (int i = 1; i < 3; i++)
        if (!same_shape(operand_type(op, i), p))
            return fail(v, op, "requires the same shape for all operands and results, got %s and %s", tn(v, p),
                        tn(v, operand_type(op, i)));
    return true;
}

/* Operands [from, to) are scalars of `width`-bit integers. */
static bool int_scalars(verifier *v, const tcir_op *op, int from, int to, unsigned width, const char *what)
{
    for (int i = from; i < to; i++) {
        const tcir_type *t = operand_type(op, i);
        if (!tcir_type_is_int(t) || tcir_type_int_width(t) != width)
            return fail(v, op, "%s must be i%u scalars, got %s", what, width, tn(v, t));
    }
    return true;
}

/* The block of a pointer to a tensor, or NULL. */
static const tcir_type *block_of(const tcir_type *t)
{
    const tcir_type *e = tcir_type_pointee(t);
    return e && tcir_type_is_tensor(e) ? e : NULL;
}

/* tt.make_tensor_ptr base, [shape: i64], [strides: i64], [offsets: i32] {order}: !tt.ptr<tensor<..>> */
bool verify_check_make_tensor_ptr(verifier *v, const tcir_op *op)
{
    int n = tcir_op_noperands(op), rank = (n - 1) / 3;
    if (n < 1 || (n - 1) % 3 || tcir_op_nresults(op) != 1)
        return fail(v, op, "expects a base, then shape, strides and offsets of one length, and 1 result");
    const tcir_type *base = operand_type(op, 0), *r = result_type(op, 0), *block = block_of(r);
    if (!tcir_type_is_ptr(base) || block_of(base))
        return fail(v, op, "base must be a pointer to scalars, got %s", tn(v, base));
    if (!block || tcir_type_rank(block) != rank || tcir_type_elem(block) != tcir_type_pointee(base) ||
        tcir_type_address_space(r) != tcir_type_address_space(base))
        return fail(v, op, "result type %s must point to a rank-%d tensor of the base's pointee (%s)", tn(v, r), rank,
                    tn(v, base));
    const tcir_attr *order = need_attr(v, op, "order", TCIR_ATTR_ARRAY_I32);
    if (!order)
        return false;
    if (tcir_attr_array_size(order) != rank)
        return fail(v, op, "order must have %d entries, got %d", rank, tcir_attr_array_size(order));
    return int_scalars(v, op, 1, 1 + 2 * rank, 64, "shape and strides") &&
        int_scalars(v, op, 1 + 2 * rank, n, 32, "offsets");
}

/* tt.advance ptr, [offsets: i32] : the block pointer's type */
bool verify_check_advance(verifier *v, const tcir_op *op)
{
    int n = tcir_op_noperands(op);
    if (n < 1 || tcir_op_nresults(op) != 1)
        return fail(v, op, "expects a pointer, offsets and 1 result");
    const tcir_type *p = operand_type(op, 0), *block = block_of(p);
    if (!block)
        return fail(v, op, "operand #0 must be a pointer to a tensor, got %s", tn(v, p));
    if (result_type(op, 0) != p)
        return fail(v, op, "result type %s must be the pointer's type %s", tn(v, result_type(op, 0)), tn(v, p));
    if (n - 1 != tcir_type_rank(block))
        return fail(v, op, "expects %d offsets, got %d", tcir_type_rank(block), n - 1);
    return int_scalars(v, op, 1, n, 32, "offsets");
}

/* tt.make_tensor_descriptor base, [shape: i32], [strides: i64]: !tt.tensordesc<tensor<..>> */
bool verify_check_make_tensor_descriptor(verifier *v, const tcir_op *op)
{
    int n = tcir_op_noperands(op), rank = (n - 1) / 2;
    if (n < 3 || (n - 1) % 2 || tcir_op_nresults(op) != 1)
        return fail(v, op, "expects a base, then shape and strides of one length, and 1 result");
    const tcir_type *base = operand_type(op, 0), *r = result_type(op, 0);
    const tcir_type *block = tcir_type_get_kind(r) == TCIR_TYPE_TENSORDESC ? tcir_type_desc_block(r) : NULL;
    if (!tcir_type_is_ptr(base) || block_of(base))
        return fail(v, op, "base must be a pointer to scalars, got %s", tn(v, base));
    if (!block || tcir_type_rank(block) != rank || tcir_type_elem(block) != tcir_type_pointee(base))
        return fail(v, op, "result type %s must describe a rank-%d block of the base's pointee (%s)", tn(v, r), rank,
                    tn(v, base));
    return int_scalars(v, op, 1, 1 + rank, 32, "shape") && int_scalars(v, op, 1 + rank, n, 64, "strides");
}

/* The block of operand #0, a descriptor. */
static const tcir_type *desc_block(verifier *v, const tcir_op *op)
{
    const tcir_type *d = tcir_op_noperands(op) ? operand_type(op, 0) : NULL;
    if (d && tcir_type_get_kind(d) == TCIR_TYPE_TENSORDESC)
        return tcir_type_desc_block(d);
    fail(v, op, "operand #0 must be a tensor descriptor, got %s", tn(v, d));
    return NULL;
}

/* tt.descriptor_load desc[indices] -> block */
bool verify_check_descriptor_load(verifier *v, const tcir_op *op)
{
    const tcir_type *block = desc_block(v, op);
    if (!block)
        return false;
    int n = tcir_op_noperands(op);
    if (tcir_op_nresults(op) != 1 || n - 1 != tcir_type_rank(block))
        return fail(v, op, "expects %d indices and 1 result, got %d and %d", tcir_type_rank(block), n - 1,
                    tcir_op_nresults(op));
    if (result_type(op, 0) != block)
        return fail(v, op, "result type %s must be the descriptor's block %s", tn(v, result_type(op, 0)), tn(v, block));
    return int_scalars(v, op, 1, n, 32, "indices");
}

/* tt.descriptor_store / tt.descriptor_reduce desc[indices], src */
bool verify_check_descriptor_store(verifier *v, const tcir_op *op)
{
    const tcir_type *block = desc_block(v, op);
    if (!block)
        return false;
    if (tcir_op_opcode(op) == TCIR_OPC_TT_DESCRIPTOR_REDUCE && !need_enum(v, op, "kind"))
        return false;
    int n = tcir_op_noperands(op);
    if (tcir_op_nresults(op) != 0 || n - 2 != tcir_type_rank(block))
        return fail(v, op, "expects a source, %d indices and no result, got %d operands and %d results",
                    tcir_type_rank(block), n, tcir_op_nresults(op));
    if (operand_type(op, 1) != block)
        return fail(v, op, "source type %s must be the descriptor's block %s", tn(v, operand_type(op, 1)),
                    tn(v, block));
    return int_scalars(v, op, 2, n, 32, "indices");
}

/* tt.descriptor_gather desc[x: tensor<Nxi32>, y: i32] -> tensor<N x block[1]>, and
 * tt.descriptor_scatter desc[x, y], src of that type. */
bool verify_check_descriptor_gather(verifier *v, const tcir_op *op)
{
    const tcir_type *block = desc_block(v, op);
    if (!block)
        return false;
    bool gather = tcir_op_opcode(op) == TCIR_OPC_TT_DESCRIPTOR_GATHER;
    if (tcir_op_noperands(op) != (gather ? 3 : 4) || tcir_op_nresults(op) != (gather ? 1 : 0))
        return fail(v, op, "expects %s", gather ? "3 operands and 1 result" : "4 operands and no result");
    const tcir_type *x = operand_type(op, 1), *data = gather ? result_type(op, 0) : operand_type(op, 3);
    if (tcir_type_rank(block) != 2 || tcir_type_dims(block)[0] != 1)
        return fail(v, op, "descriptor block must have 2 dimensions and 1 row, got %s", tn(v, block));
    if (!tcir_type_is_tensor(x) || tcir_type_rank(x) != 1 || tcir_type_int_width(tcir_type_elem(x)) != 32)
        return fail(v, op, "x offsets must be a 1-D tensor of i32, got %s", tn(v, x));
    if (!tcir_type_is_tensor(data) || tcir_type_rank(data) != 2 || tcir_type_dims(data)[0] != tcir_type_dims(x)[0] ||
        tcir_type_dims(data)[1] != tcir_type_dims(block)[1] || tcir_type_elem(data) != tcir_type_elem(block))
        return fail(v, op, "%s type %s must have a row per x offset and the block's columns (%s)",
                    gather ? "result" : "source", tn(v, data), tn(v, block));
    return int_scalars(v, op, 2, 3, 32, "y offset");
}
