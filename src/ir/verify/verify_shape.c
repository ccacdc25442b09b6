/* Verifier rules of the shape and matrix ops (Triton 3.6's Ops.cpp verifiers and TableGen
 * traits): splats, ranges, program ids, dots, reshapes, joins, gathers, reductions and scans
 * (verify_internal.h). */
#include <string.h>

#include "ir/verify/verify_internal.h"

/* ---- splats, broadcasts, ranges, program ids -------------------------------------------------- */

bool verify_check_splat(verifier *v, const tcir_op *op)
{
    if (!counts(v, op, 1, 1))
        return false;
    const tcir_type *a = operand_type(op, 0), *r = result_type(op, 0);
    if (tcir_type_is_tensor(a))
        return fail(v, op, "operand must be a scalar, got %s", tn(v, a));
    if (!tcir_type_is_tensor(r) || tcir_type_elem(r) != a)
        return fail(v, op, "result must be a tensor of %s, got %s", tn(v, a), tn(v, r));
    return true;
}

bool verify_check_broadcast(verifier *v, const tcir_op *op)
{
    if (!counts(v, op, 1, 1))
        return false;
    const tcir_type *a = operand_type(op, 0), *r = result_type(op, 0);
    if (!tcir_type_is_tensor(a) || !tcir_type_is_tensor(r) || tcir_type_rank(a) != tcir_type_rank(r) ||
        tcir_type_elem(a) != tcir_type_elem(r))
        return fail(v, op, "operand and result must be tensors of the same rank and element type, got %s and %s",
                    tn(v, a), tn(v, r));
    const int64_t *da = tcir_type_dims(a), *dr = tcir_type_dims(r);
    for (int i = 0; i < tcir_type_rank(a); i++)
        if (da[i] != dr[i] && da[i] != 1)
            return fail(v, op, "dimension %d of %s is %lld: only 1 can broadcast to %lld", i, tn(v, a),
                        (long long)da[i], (long long)dr[i]);
    return true;
}

bool verify_check_expand_dims(verifier *v, const tcir_op *op)
{
    const tcir_attr *ax;
    if (!counts(v, op, 1, 1) || !(ax = need_attr(v, op, "axis", TCIR_ATTR_INT)))
        return false;
    const tcir_type *a = operand_type(op, 0), *r = result_type(op, 0);
    int64_t axis = tcir_attr_int_value(ax);
    int ra = tcir_type_rank(a);
    if (!tcir_type_is_tensor(a))
        return fail(v, op, "operand must be a tensor, got %s", tn(v, a));
    if (axis < 0 || axis > ra)
        return fail(v, op, "axis %lld is out of range for %s", (long long)axis, tn(v, a));
    bool ok = tcir_type_is_tensor(r) && tcir_type_rank(r) == ra + 1 && tcir_type_elem(r) == tcir_type_elem(a);
    const int64_t *da = tcir_type_dims(a), *dr = tcir_type_dims(r);
    for (int i = 0, j = 0; ok && i <= ra; i++)
        ok = i == axis ? dr[i] == 1 : dr[i] == da[j++];
    if (!ok)
        return fail(v, op, "result type %s must be %s with a 1 inserted at axis %lld", tn(v, r), tn(v, a),
                    (long long)axis);
    return true;
}

bool verify_check_make_range(verifier *v, const tcir_op *op)
{
    const tcir_attr *s, *e;
    if (!counts(v, op, 0, 1) || !(s = need_attr(v, op, "start", TCIR_ATTR_INT)) ||
        !(e = need_attr(v, op, "end", TCIR_ATTR_INT)))
        return false;
    int64_t n = tcir_attr_int_value(e) - tcir_attr_int_value(s);
    const tcir_type *r = result_type(op, 0);
    if (n <= 0 || (n & (n - 1)))
        return fail(v, op, "range length %lld (end - start) must be a positive power of two", (long long)n);
    const tcir_type *el = tcir_type_elem(r);
    if (tcir_type_rank(r) != 1 || !tcir_type_is_int(el) || tcir_type_int_width(el) != 32 || tcir_type_dims(r)[0] != n)
        return fail(v, op, "result must be tensor<%lldxi32> (end - start), got %s", (long long)n, tn(v, r));
    return true;
}

bool verify_check_program_id(verifier *v, const tcir_op *op)
{
    if (!counts(v, op, 0, 1) || !need_attr(v, op, "axis", TCIR_ATTR_ENUM))
        return false;
    const tcir_type *r = result_type(op, 0);
    if (!tcir_type_is_int(r) || tcir_type_int_width(r) != 32) {
        return fail(v, op, "result must be i32, got %s", tn(v, r));
    }
    return true;
}

/* ---- matrix and shape ops (Triton 3.6's Ops.cpp verifiers and TableGen traits) -------------- */

static int64_t numel_of(const tcir_type *t) { return tcir_type_numel(t); }

static bool need_tensor(verifier *v, const tcir_op *op, const char *what, const tcir_type *t)
{
    if (tcir_type_is_tensor(t))
        return true;
    return fail(v, op, "%s must be a ranked tensor, got %s", what, tn(v, t));
}

/* a, b, c of tt.dot / tt.dot_scaled: equal ranks (2 or 3), equal batch, M and N as c's. */
static bool dot_dims(verifier *v, const tcir_op *op, int64_t ka, int64_t kb, int64_t m, int64_t n)
{
    const tcir_type *a = operand_type(op, 0), *b = operand_type(op, 1), *c = operand_type(op, 2);
    int r = tcir_type_rank(a);
    if ((r != 2 && r != 3) || tcir_type_rank(b) != r || tcir_type_rank(c) != r)
        return fail(v, op, "expects operands of rank 2 or 3, all the same, got %s, %s and %s", tn(v, a), tn(v, b),
                    tn(v, c));
    const int64_t *dc = tcir_type_dims(c);
    if (r == 3 && (tcir_type_dims(a)[0] != dc[0] || tcir_type_dims(b)[0] != dc[0]))
        return fail(v, op, "expects the batch dimensions of %s, %s and %s to be equal", tn(v, a), tn(v, b), tn(v, c));
    if (ka != kb)
        return fail(v, op, "expects the reduction dimensions of %s and %s to be equal", tn(v, a), tn(v, b));
    if (m != dc[r - 2] || n != dc[r - 1])
        return fail(v, op, "expects the accumulator %s to be M x N of %s * %s", tn(v, c), tn(v, a), tn(v, b));
    if (result_type(op, 0) != c)
        return fail(v, op, "result type %s must be the accumulator's type %s", tn(v, result_type(op, 0)), tn(v, c));
    return true;
}

bool verify_check_dot(verifier *v, const tcir_op *op)
{
    if (!counts(v, op, 3, 1))
        return false;
    for (int i = 0; i < 3; i++) {
        const tcir_type *t = operand_type(op, i);
        if (!need_tensor(v, op, i == 0 ? "operand a" : i == 1 ? "operand b" : "operand c", t))
            return false;
        if (!is_int_like(t) && !is_float_like(t))
            return fail(v, op, "operand #%d must be a tensor of floats or integers, got %s", i, tn(v, t));
    }
    const tcir_attr *p = tcir_op_attr(op, "inputPrecision"), *m = tcir_op_attr(op, "maxNumImpreciseAcc");
    if ((p && tcir_attr_get_kind(p) != TCIR_ATTR_ENUM) || (m && tcir_attr_get_kind(m) != TCIR_ATTR_INT))
        return fail(v, op, "inputPrecision must be an InputPrecision and maxNumImpreciseAcc an i32");
    const tcir_type *a = operand_type(op, 0), *b = operand_type(op, 1);
    if (bit_width(a) != bit_width(b))
        return fail(v, op, "element types of operands A and B must have same bit width, got %s and %s", tn(v, a),
                    tn(v, b));
    int r = tcir_type_rank(a);
    if (r < 2 || tcir_type_rank(b) < 2)
        return fail(v, op, "expects operands of rank 2 or 3, got %s and %s", tn(v, a), tn(v, b));
    const int64_t *da = tcir_type_dims(a), *db = tcir_type_dims(b);
    return dot_dims(v, op, da[r - 1], db[tcir_type_rank(b) - 2], da[r - 2], db[tcir_type_rank(b) - 1]);
}

/* An operand of tt.dot_scaled: a tensor of floats or i8. */
static bool float_or_i8(const tcir_type *t)
{
    const tcir_type *e = tcir_type_elem(t);
    return tcir_type_is_tensor(t) && (tcir_type_is_float(e) || (tcir_type_is_int(e) && tcir_type_int_width(e) == 8));
}

bool verify_check_dot_scaled(verifier *v, const tcir_op *op)
{
    const tcir_attr *seg = tcir_op_attr(op, "operandSegmentSizes");
    int n = tcir_op_noperands(op);
    if (!seg || tcir_attr_get_kind(seg) != TCIR_ATTR_ARRAY_I32 || tcir_attr_array_size(seg) != 5)
        return fail(v, op, "requires attribute 'operandSegmentSizes' with 5 entries");
    int has_as = tcir_attr_array_i32_at(seg, 3), has_bs = tcir_attr_array_i32_at(seg, 4);
    if (tcir_attr_array_i32_at(seg, 0) != 1 || tcir_attr_array_i32_at(seg, 1) != 1 ||
        tcir_attr_array_i32_at(seg, 2) != 1 || has_as < 0 || has_as > 1 || has_bs < 0 || has_bs > 1 ||
        n != 3 + has_as + has_bs || tcir_op_nresults(op) != 1)
        return fail(v, op, "operandSegmentSizes do not match its %d operands", n);
    const tcir_attr *fa = need_attr(v, op, "a_elem_type", TCIR_ATTR_ENUM);
    const tcir_attr *fb = fa ? need_attr(v, op, "b_elem_type", TCIR_ATTR_ENUM) : NULL;
    if (!fb || !need_attr(v, op, "fastMath", TCIR_ATTR_BOOL))
        return false;
    for (int i = 0; i < n; i++) {
        const tcir_type *t = operand_type(op, i);
        if (i == 2 ? !(tcir_type_is_tensor(t) && is_float_like(t)) : !float_or_i8(t))
            return fail(v, op, "operand #%d must be a tensor of %s, got %s", i, i == 2 ? "floats" : "floats or i8",
                        tn(v, t));
    }
    const tcir_attr *lk = tcir_op_attr(op, "lhs_k_pack"), *rk = tcir_op_attr(op, "rhs_k_pack");
    bool lhs_k_pack = !lk || tcir_attr_int_value(lk), rhs_k_pack = !rk || tcir_attr_int_value(rk);
    bool a4 = strcmp(tcir_attr_str(fa), "e2m1") == 0, b4 = strcmp(tcir_attr_str(fb), "e2m1") == 0;
    const tcir_type *a = operand_type(op, 0), *b = operand_type(op, 1);
    int r = tcir_type_rank(a), rb = tcir_type_rank(b);
    if (r < 2 || rb < 2)
        return fail(v, op, "operands must be at least 2D, got %s and %s", tn(v, a), tn(v, b));
    const int64_t *da = tcir_type_dims(a), *db = tcir_type_dims(b);
    int64_t ka = da[r - 1] * (a4 && lhs_k_pack ? 2 : 1), kb = db[rb - 2] * (b4 && rhs_k_pack ? 2 : 1);
    int64_t m = da[r - 2] * (a4 && !lhs_k_pack ? 2 : 1), nn = db[rb - 1] * (b4 && !rhs_k_pack ? 2 : 1);
    return dot_dims(v, op, ka, kb, m, nn);
}

bool verify_check_reshape(verifier *v, const tcir_op *op)
{
    if (!counts(v, op, 1, 1))
        return false;
    const tcir_type *a = operand_type(op, 0), *r = result_type(op, 0);
    if (!need_tensor(v, op, "operand", a) || !need_tensor(v, op, "result", r))
        return false;
    if (tcir_type_elem(a) != tcir_type_elem(r))
        return fail(v, op, "operand %s and result %s must have one element type", tn(v, a), tn(v, r));
    if (numel_of(a) != numel_of(r))
        return fail(v, op, "number of src and dst elements of reshape must be the same, got %s and %s", tn(v, a),
                    tn(v, r));
    return true;
}

bool verify_check_trans(verifier *v, const tcir_op *op)
{
    const tcir_attr *order;
    if (!counts(v, op, 1, 1) || !(order = need_attr(v, op, "order", TCIR_ATTR_ARRAY_I32)))
        return false;
    const tcir_type *a = operand_type(op, 0), *r = result_type(op, 0);
    if (!need_tensor(v, op, "operand", a) || !need_tensor(v, op, "result", r))
        return false;
    int n = tcir_type_rank(a);
    if (tcir_attr_array_size(order) != n)
        return fail(v, op, "order must have the same size as the source tensor %s", tn(v, a));
    bool seen[TCIR_MAX_RANK] = {false};
    for (int i = 0; i < n; i++) {
        int32_t d = tcir_attr_array_i32_at(order, i);
        if (d < 0 || d >= n || seen[d])
            return fail(v, op, "order must be a permutation of 0..n-1");
        seen[d] = true;
    }
    bool ok = tcir_type_rank(r) == n && tcir_type_elem(r) == tcir_type_elem(a);
    for (int i = 0; ok && i < n; i++)
        ok = tcir_type_dims(r)[i] == tcir_type_dims(a)[tcir_attr_array_i32_at(order, i)];
    if (!ok)
        return fail(v, op, "result shape must match the permutation of the source shape, got %s -> %s", tn(v, a),
                    tn(v, r));
    return true;
}

/* tt.cat and tt.join: two operands of one tensor type. */
static bool same_type_pair(verifier *v, const tcir_op *op)
{
    if (!counts(v, op, 2, 1))
        return false;
    const tcir_type *a = operand_type(op, 0), *b = operand_type(op, 1), *r = result_type(op, 0);
    if (!need_tensor(v, op, "operand", a) || !need_tensor(v, op, "result", r))
        return false;
    if (a != b)
        return fail(v, op, "requires all operands to have the same type, got %s and %s", tn(v, a), tn(v, b));
    if (tcir_type_elem(r) != tcir_type_elem(a))
        return fail(v, op, "result element type must match the input element type, got %s -> %s", tn(v, a), tn(v, r));
    return true;
}

bool verify_check_cat(verifier *v, const tcir_op *op)
{
    if (!same_type_pair(v, op))
        return false;
    const tcir_type *a = operand_type(op, 0), *r = result_type(op, 0);
    if (numel_of(r) != 2 * numel_of(a))
        return fail(v, op,
                    "result element count must equal the sum of the operand element counts, expected %lld but "
                    "got %lld",
                    (long long)(2 * numel_of(a)), (long long)numel_of(r));
    return true;
}

bool verify_check_join(verifier *v, const tcir_op *op)
{
    if (!same_type_pair(v, op))
        return false;
    const tcir_type *a = operand_type(op, 0), *r = result_type(op, 0);
    int n = tcir_type_rank(a);
    bool ok = tcir_type_rank(r) == n + 1 && tcir_type_dims(r)[n] == 2;
    for (int i = 0; ok && i < n; i++)
        ok = tcir_type_dims(r)[i] == tcir_type_dims(a)[i];
    if (!ok)
        return fail(v, op, "result shape must be the operands' shape with a 2 appended, got %s -> %s", tn(v, a),
                    tn(v, r));
    return true;
}

bool verify_check_split(verifier *v, const tcir_op *op)
{
    if (!counts(v, op, 1, 2))
        return false;
    const tcir_type *a = operand_type(op, 0), *r = result_type(op, 0);
    if (!need_tensor(v, op, "operand", a))
        return false;
    int n = tcir_type_rank(a);
    if (tcir_type_dims(a)[n - 1] != 2)
        return fail(v, op, "last dimension of input tensor must be 2, got %s", tn(v, a));
    bool ok = result_type(op, 1) == r && tcir_type_is_tensor(r) && tcir_type_elem(r) == tcir_type_elem(a) &&
        tcir_type_rank(r) == n - 1;
    for (int i = 0; ok && i < n - 1; i++)
        ok = tcir_type_dims(r)[i] == tcir_type_dims(a)[i];
    if (!ok)
        return fail(v, op, "results must both be the operand's shape without its last dimension, got %s -> %s, %s",
                    tn(v, a), tn(v, r), tn(v, result_type(op, 1)));
    return true;
}

bool verify_check_gather(verifier *v, const tcir_op *op)
{
    const tcir_attr *ax;
    if (!counts(v, op, 2, 1) || !(ax = need_attr(v, op, "axis", TCIR_ATTR_INT)))
        return false;
    const tcir_type *src = operand_type(op, 0), *idx = operand_type(op, 1), *r = result_type(op, 0);
    if (!need_tensor(v, op, "source", src) || !need_tensor(v, op, "indices", idx) || !need_tensor(v, op, "result", r))
        return false;
    if (!is_int_like(idx))
        return fail(v, op, "indices must be a tensor of integers, got %s", tn(v, idx));
    if (!same_shape(idx, r))
        return fail(v, op, "indices and output shapes must match, got %s and %s", tn(v, idx), tn(v, r));
    if (tcir_type_elem(src) != tcir_type_elem(r))
        return fail(v, op, "input and output element types must match, got %s and %s", tn(v, src), tn(v, r));
    int n = tcir_type_rank(src);
    if (tcir_type_rank(idx) != n)
        return fail(v, op, "input and indices ranks must match, got %s and %s", tn(v, src), tn(v, idx));
    int64_t axis = tcir_attr_int_value(ax);
    if (axis < 0 || axis >= n)
        return fail(v, op, "gather dimension must be less than the input rank");
    for (int d = 0; d < n; d++)
        if (d != axis && tcir_type_dims(idx)[d] != tcir_type_dims(src)[d])
            return fail(v, op, "indices dimension %d must match the corresponding input dimension", d);
    return true;
}

bool verify_check_histogram(verifier *v, const tcir_op *op)
{
    int n = tcir_op_noperands(op);
    if (n < 1 || n > 2 || tcir_op_nresults(op) != 1)
        return fail(v, op, "expects 1 or 2 operands (src, mask) and 1 result, got %d and %d", n, tcir_op_nresults(op));
    const tcir_type *a = operand_type(op, 0), *r = result_type(op, 0);
    if (!tcir_type_is_tensor(a) || !is_int_like(a) || !tcir_type_is_tensor(r) || !is_int_like(r))
        return fail(v, op, "source and result must be tensors of integers, got %s -> %s", tn(v, a), tn(v, r));
    if (n == 2 && !(same_shape(operand_type(op, 1), a) && is_i1_like(operand_type(op, 1))))
        return fail(v, op, "mask must be i1 shaped like the source (%s), got %s", tn(v, a), tn(v, operand_type(op, 1)));
    return true;
}

bool verify_check_unsplat(verifier *v, const tcir_op *op)
{
    if (!counts(v, op, 1, 1))
        return false;
    const tcir_type *a = operand_type(op, 0), *r = result_type(op, 0);
    if (!need_tensor(v, op, "operand", a))
        return false;
    if (numel_of(a) != 1)
        return fail(v, op, "source tensor must have exactly one element, got %s", tn(v, a));
    if (r != tcir_type_elem(a))
        return fail(v, op, "result type %s must be the element type of %s", tn(v, r), tn(v, a));
    return true;
}

/* ---- reductions and scans (Triton 3.6's verifyReduceScan and verifyRegionsImpl) ------------- */

/* The result a reduction of t along axis has: t's shape without the axis (a scalar when t is
 * rank 1), t's element type; compared without a context. */
static bool is_reduced(const tcir_type *r, const tcir_type *t, int axis)
{
    int rank = tcir_type_rank(t);
    if (tcir_type_elem(r) != tcir_type_elem(t))
        return false;
    if (rank == 1)
        return !tcir_type_is_tensor(r);
    if (!tcir_type_is_tensor(r) || tcir_type_rank(r) != rank - 1)
        return false;
    for (int d = 0, k = 0; d < rank; d++)
        if (d != axis && tcir_type_dims(r)[k++] != tcir_type_dims(t)[d])
            return false;
    return true;
}

/* The combine region: one block taking the operands' element types twice (lhs, then rhs) and
 * ending in `ret` (tt.reduce.return / tt.scan.return) with one value of each element type. */
static bool combine_region(verifier *v, const tcir_op *op, int ret)
{
    int n = tcir_op_noperands(op);
    const tcir_block *blk = tcir_region_first_block(tcir_op_region((tcir_op *)op, 0));
    if (!blk || tcir_block_next(blk))
        return fail(v, op, "the combine region must have exactly one block");
    if (tcir_block_nargs(blk) != 2 * n)
        return fail(v, op, "the combine block must take %d arguments, but it takes %d", 2 * n, tcir_block_nargs(blk));
    for (int i = 0; i < 2 * n; i++) {
        const tcir_type *want = tcir_type_elem(operand_type(op, i % n)), *got = tcir_value_type(tcir_block_arg(blk, i));
        if (got != want)
            return fail(v, op, "combine argument #%d must have type %s (operand #%d's element type), got %s", i,
                        tn(v, want), i % n, tn(v, got));
    }
    const tcir_op *last = tcir_block_last(blk);
    if (!last || tcir_op_opcode(last) != ret)
        return fail(v, op, "the combine region must end in '%s'%s%s%s", tcir_opcode_name(ret), last ? ", not '" : "",
                    last ? tcir_op_name(last) : "", last ? "'" : "");
    if (tcir_op_noperands(last) != n)
        return fail(v, op, "the combine must return %d value%s, but it returns %d", n, n == 1 ? "" : "s",
                    tcir_op_noperands(last));
    for (int i = 0; i < n; i++) {
        const tcir_type *want = tcir_type_elem(operand_type(op, i)), *got = operand_type(last, i);
        if (got != want)
            return fail(v, op, "combine value #%d must have type %s (operand #%d's element type), got %s", i,
                        tn(v, want), i, tn(v, got));
    }
    return true;
}

/* tt.reduce / tt.scan: tensors of one shape, the axis within their rank, one result per
 * operand (reduced along the axis, or the operand's type for a scan), the combine region. */
bool verify_check_reduce_scan(verifier *v, const tcir_op *op)
{
    bool scan = tcir_op_opcode(op) == TCIR_OPC_TT_SCAN;
    int n = tcir_op_noperands(op);
    if (n < 1)
        return fail(v, op, "must have at least 1 operand");
    if (tcir_op_nresults(op) != n)
        return fail(v, op, "must have the same number of inputs as outputs, got %d and %d", n, tcir_op_nresults(op));
    if (tcir_op_nregions(op) != 1)
        return fail(v, op, "expects one region (the combine)");
    const tcir_attr *ax = need_attr(v, op, "axis", TCIR_ATTR_INT);
    if (!ax || (scan && !need_attr(v, op, "reverse", TCIR_ATTR_BOOL)))
        return false;
    int64_t axis = tcir_attr_int_value(ax);
    const tcir_type *t0 = operand_type(op, 0);
    for (int i = 0; i < n; i++) {
        const tcir_type *t = operand_type(op, i), *r = result_type(op, i);
        if (!need_tensor(v, op, "each operand", t))
            return false;
        if (axis < 0 || axis >= tcir_type_rank(t))
            return fail(v, op, "axis %lld is out of bounds for operand rank %d", (long long)axis, tcir_type_rank(t));
        if (!same_shape(t, t0))
            return fail(v, op, "requires the same shape for all operands, got %s and %s", tn(v, t0), tn(v, t));
        if (scan ? r != t : !is_reduced(r, t, (int)axis))
            return fail(v, op, "result #%d has type %s, but operand #%d is %s (%s)", i, tn(v, r), i, tn(v, t),
                        scan ? "a scan keeps the type" : "the result drops the axis and keeps the element type");
    }
    return combine_region(v, op, scan ? TCIR_OPC_TT_SCAN_RETURN : TCIR_OPC_TT_REDUCE_RETURN);
}

bool verify_check_reduce_return(verifier *v, const tcir_op *op)
{
    const tcir_op *parent = tcir_op_parent_op(op);
    int want = tcir_op_opcode(op) == TCIR_OPC_TT_SCAN_RETURN ? TCIR_OPC_TT_SCAN : TCIR_OPC_TT_REDUCE;
    if (!parent || tcir_op_opcode(parent) != want)
        return fail(v, op, "expects parent op '%s'", tcir_opcode_name(want));
    return true;
}
