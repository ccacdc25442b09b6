/* Reductions: tt.reduce with its combine region (shared with scan.c), tl.sum, tl.max, tl.min,
 * tl.xor_sum, tl.reduce_or, max / min with indices, tl.argmax, tl.argmin and the custom tl.reduce.
 *
 * Python's tl.reduce calls the combine (a @jit function) to build the region; Triton's inliner
 * later puts its body in place of the call. So the combine's ops are built straight into the
 * region here, and the combine counts as a helper call for the constant pool (its constants
 * land where the inlined ones do). The region's terminator is appended unordered (seq 0): it
 * must stay last, and noting the reduction's site again would end the source-order pass. */
#include <string.h>

#include "lang/reduce_internal.h"

static tcir_context *ctx_of(tl_builder *b) { return tl_builder_context(b); }

/* ---- shared: operands, axis, the op and its region -------------------------------------- */

tl_builder *lang_reduce_input(tl_site s, tl_value x, const char *what, lang_opnd *o)
{
    tl_builder *b = lang_builder(s, NULL, 1, &x, (const char *const[]){"input"});
    if (!b)
        return NULL; /* a C number alone: reported where its poison is used */
    lang_opnd_set(o, &x);
    if (o->rank == 0) {
        char t[LANG_STR];
        tl_builder_fail(b, s, "cannot %s a scalar (%s): the input must be a tensor", what,
                        lang_type_str(b, o, t, sizeof t));
        return NULL;
    }
    if (o->is_ptr) {
        char t[LANG_STR];
        tl_builder_fail(b, s, "cannot %s a tensor of pointers (%s)", what, lang_type_str(b, o, t, sizeof t));
        return NULL;
    }
    return b;
}

bool lang_wrap_axis(tl_site s, tl_builder *b, int axis, int rank, int *out)
{
    if (axis < -rank || axis >= rank) {
        if (axis == TL_AXIS_NONE)
            tl_builder_fail(b, s, "an axis is required here (not TL_AXIS_NONE)");
        else
            tl_builder_fail(b, s, "invalid axis %d. Expected %d <= axis < %d", axis, -rank, rank);
        return false;
    }
    *out = axis < 0 ? axis + rank : axis;
    return true;
}

/* semantic.reshape(t, [numel], can_reorder=True), as reductions over all axes begin. */
static tl_value flatten(tl_site s, tl_builder *b, tl_value v)
{
    const tcir_type *t = tl_value_type(v);
    int64_t numel = tcir_type_numel(t); /* saturating: too big a shape is refused as the result's */
    tcir_context *ctx = ctx_of(b);
    tcir_named_attr a = lang_attr("allow_reorder", tcir_attr_unit(ctx));
    const tcir_type *rt = tcir_type_tensor(ctx, 1, &numel, tcir_type_elem(t));
    return lang_emit(s, b, TCIR_OPC_TT_RESHAPE, 1, &v, rt, v.dtype, v.is_ptr, 1, &a);
}

/* The combine's results: exactly n values of the operands' element types, set by the combine
 * (out has TL_REDUCE_MAX_OPERANDS slots, so a combine writing too many is caught too). */
static bool check_combined(tl_site s, tl_builder *b, int n, const tcir_type *const *elem, const tl_value *out)
{
    for (int i = n; i < TL_REDUCE_MAX_OPERANDS; i++)
        if (!tl_value_is_absent(out[i])) {
            int k = i + 1;
            while (k < TL_REDUCE_MAX_OPERANDS && !tl_value_is_absent(out[k]))
                k++;
            tl_builder_fail(b, s, "the combine function returned %d values, but there %s %d operand%s", k,
                            n == 1 ? "is" : "are", n, n == 1 ? "" : "s");
            return false;
        }
    for (int i = 0; i < n; i++) {
        tl_value v = out[i];
        if (tl_value_is_absent(v)) {
            tl_builder_fail(b, s, "the combine function returned no value #%d (it must return %d)", i, n);
            return false;
        }
        if (tl_value_is_lit(v)) {
            char want[LANG_STR];
            tcir_type_str(elem[i], want, sizeof want);
            tl_builder_fail(b, s, "the combine function's value #%d is a C number: return a value of type %s", i, want);
            return false;
        }
        if (!v.ir) {
            tl_builder_fail(b, s, "the combine function's value #%d is a poison value", i);
            return false;
        }
        if (v.b != b) {
            tl_builder_fail(b, s, "the combine function's value #%d belongs to another builder", i);
            return false;
        }
        if (tl_value_type(v) != elem[i]) {
            char got[LANG_STR], want[LANG_STR];
            tcir_type_str(tl_value_type(v), got, sizeof got);
            tcir_type_str(elem[i], want, sizeof want);
            tl_builder_fail(b, s,
                            "the combine function's value #%d has type %s, expected %s (operand #%d's element type)", i,
                            got, want, i);
            return false;
        }
    }
    return true;
}

/* Fills the op's region: arguments (lhs then rhs, the element types twice), the combine's
 * body, the terminator. */
static bool build_region(tl_site s, tl_builder *b, tcir_op *op, bool scan, int n, const tl_value *ops,
                         lang_combine combine, void *cctx)
{
    tcir_context *ctx = ctx_of(b);
    tcir_block *blk = tcir_region_add_block(ctx, tcir_op_region(op, 0));
    const tcir_type *elem[TL_REDUCE_MAX_OPERANDS];
    tcir_loc loc = {s.file, s.line, 0};
    for (int i = 0; i < n; i++)
        elem[i] = tcir_type_elem(tl_value_type(ops[i]));
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < n; i++)
            tcir_block_add_arg(ctx, blk, elem[i], loc);
    tl_value lhs[TL_REDUCE_MAX_OPERANDS], rhs[TL_REDUCE_MAX_OPERANDS], out[TL_REDUCE_MAX_OPERANDS];
    memset(out, 0, sizeof out);
    for (int i = 0; i < n; i++) {
        lhs[i] = tl_wrap(b, tcir_block_arg(blk, i), ops[i].dtype);
        rhs[i] = tl_wrap(b, tcir_block_arg(blk, n + i), ops[i].dtype);
    }
    int depth = tl_scope_depth(b);
    tl_push_block_at(s, b, blk);
    if (!combine(s, b, n, lhs, rhs, out, cctx) || tl_builder_failed(b))
        return false;
    if (tl_scope_depth(b) != depth + 1 || tl_current_block(b) != blk) {
        tl_builder_fail(b, s,
                        "the combine function must end where it began: it left a scope open or closed one "
                        "it did not open");
        return false;
    }
    if (!check_combined(s, b, n, elem, out))
        return false;
    tl_site unordered = s;
    unordered.seq = 0;
    if (!lang_op(unordered, b, scan ? TCIR_OPC_TT_SCAN_RETURN : TCIR_OPC_TT_REDUCE_RETURN,
                 (tl_raw_op){.noperands = n, .operands = out}))
        return false;
    tl_pop_block_at(s, b);
    return !tl_builder_failed(b);
}

static bool same_shape(const tcir_type *a, const tcir_type *c)
{
    int r = tcir_type_rank(a);
    return r == tcir_type_rank(c) && memcmp(tcir_type_dims(a), tcir_type_dims(c), (size_t)r * sizeof(int64_t)) == 0;
}

bool lang_reduce_op(tl_site s, tl_builder *b, bool scan, int n, const tl_value *inputs, int axis, bool keep_dims,
                    bool reverse, lang_combine combine, void *cctx, tl_value *results)
{
    tcir_context *ctx = ctx_of(b);
    tl_value ops[TL_REDUCE_MAX_OPERANDS];
    int rank = tl_value_rank(inputs[0]), a;
    for (int i = 1; i < n; i++)
        if (!same_shape(tl_value_type(inputs[i]), tl_value_type(inputs[0]))) {
            tl_builder_fail(b, s, "all %s inputs must have the same shape", scan ? "scan" : "reduction");
            return false;
        }
    if (!scan && axis == TL_AXIS_NONE) {
        for (int i = 0; i < n; i++)
            if (tl_value_is_poison(ops[i] = flatten(s, b, inputs[i])))
                return false;
        a = 0;
    } else {
        if (!lang_wrap_axis(s, b, axis, rank, &a))
            return false;
        memcpy(ops, inputs, (size_t)n * sizeof ops[0]);
    }

    /* Results: the operands' types (scan), or their shape without the axis (reduce). */
    const tcir_type *rtypes[TL_REDUCE_MAX_OPERANDS];
    for (int i = 0; i < n; i++) {
        const tcir_type *t = tl_value_type(ops[i]);
        if (scan) {
            rtypes[i] = t;
            continue;
        }
        int64_t dims[TL_MAX_RANK];
        int r = 0;
        for (int d = 0; d < tcir_type_rank(t); d++)
            if (d != a)
                dims[r++] = tcir_type_dims(t)[d];
        rtypes[i] = lang_shaped(b, tcir_type_elem(t), r, dims);
    }
    const tcir_type *i32 = tcir_type_int(ctx, 32);
    tcir_named_attr attrs[2] = {lang_attr("axis", tcir_attr_int(ctx, a, i32)),
                                lang_attr("reverse", tcir_attr_bool(ctx, reverse))};
    tcir_op *op = lang_op(s, b, scan ? TCIR_OPC_TT_SCAN : TCIR_OPC_TT_REDUCE,
                          (tl_raw_op){.noperands = n,
                                      .operands = ops,
                                      .nresults = n,
                                      .result_types = rtypes,
                                      .nattrs = scan ? 2 : 1,
                                      .attrs = attrs,
                                      .nregions = 1});
    if (!op || !build_region(s, b, op, scan, n, ops, combine, cctx))
        return false;

    for (int i = 0; i < n; i++) {
        tl_value r = tl_wrap(b, tcir_op_result(op, i), inputs[i].dtype);
        if (!scan && keep_dims) { /* back to the input's rank, with 1 where it reduced */
            lang_opnd o = lang_opnd_of(b, r);
            for (int k = 0; k < (axis == TL_AXIS_NONE ? rank : 1); k++)
                if (!lang_expand_dims(s, b, &o, axis == TL_AXIS_NONE ? 0 : a))
                    return false;
            r = lang_value(s, b, &o);
        }
        results[i] = r;
    }
    return !tl_builder_failed(b);
}

/* ---- combines ------------------------------------------------------------------------------ */

bool lang_combine_binop(tl_site s, tl_builder *b, int n, const tl_value *lhs, const tl_value *rhs, tl_value *out,
                        void *ctx)
{
    (void)n;
    lang_opnd l = lang_opnd_of(b, lhs[0]), r = lang_opnd_of(b, rhs[0]);
    out[0] = lang_binop(s, b, *(const tl_binop *)ctx, &l, &r);
    return !tl_value_is_poison(out[0]);
}

/* standard._elementwise_max / _elementwise_min: core.maximum / minimum (maxnumf for floats). */
static bool combine_minmax(tl_site s, tl_builder *b, int n, const tl_value *lhs, const tl_value *rhs, tl_value *out,
                           void *ctx)
{
    (void)n;
    (void)b;
    bool is_max = *(const bool *)ctx;
    tl_minmax_opts none = {TL_NAN_NONE};
    out[0] = is_max ? tl_maximum_at(s, lhs[0], rhs[0], none) : tl_minimum_at(s, lhs[0], rhs[0], none);
    return !tl_value_is_poison(out[0]);
}

typedef struct arg_combine {
    bool is_max, tie_break_left;
} arg_combine;

/* standard._argmax_combine / _argmin_combine (value1, index1, value2, index2):
 *     tie = value1 == value2 and index1 < index2     (when tie_break_left)
 *     gt = value1 > value2 or tie                    (< for argmin)
 *     return where(gt, value1, value2), where(gt, index1, index2) */
static bool combine_arg(tl_site s, tl_builder *b, int n, const tl_value *lhs, const tl_value *rhs, tl_value *out,
                        void *ctx)
{
    (void)n;
    (void)b;
    const arg_combine *c = ctx;
    tl_value tie = {0};
    if (c->tie_break_left) { /* one statement each: C would evaluate nested arguments in any order */
        tl_value same = tl_binary_at(s, TL_OP_EQ, lhs[0], rhs[0]);
        tl_value lower = tl_binary_at(s, TL_OP_LT, lhs[1], rhs[1]);
        tie = tl_binary_at(s, TL_OP_AND, same, lower);
    }
    tl_value pick = tl_binary_at(s, c->is_max ? TL_OP_GT : TL_OP_LT, lhs[0], rhs[0]);
    if (c->tie_break_left)
        pick = tl_binary_at(s, TL_OP_OR, pick, tie);
    out[0] = tl_where_at(s, pick, lhs[0], rhs[0]);
    out[1] = tl_where_at(s, pick, lhs[1], rhs[1]);
    return !tl_value_is_poison(out[0]) && !tl_value_is_poison(out[1]);
}

bool lang_combine_user(tl_site s, tl_builder *b, int n, const tl_value *lhs, const tl_value *rhs, tl_value *out,
                       void *ctx)
{
    (void)s;
    (void)n;
    const lang_user_combine *u = ctx;
    tl_builder_helper_begin(b); /* a @jit call in Python, inlined by Triton */
    u->fn(b, lhs, rhs, out, u->ctx);
    tl_builder_helper_end(b);
    return true;
}

/* ---- sum, max, min, xor_sum ------------------------------------------------------------------ */

/* standard._pick_sum_dtype: integers narrower than 32 bits sum in int32 / uint32. */
static tl_dtype pick_sum_dtype(tl_dtype in, tl_dtype given)
{
    if (given != TL_DTYPE_INVALID)
        return given;
    if (tl_dtype_is_int(in) && tl_dtype_bits(in) < 32)
        return lang_is_signed(in) ? TL_I32 : TL_U32;
    return TL_DTYPE_INVALID;
}

/* One built-in reduction of one input; the ops of a standard @jit helper. */
static tl_value reduce1(tl_site s, tl_builder *b, lang_opnd *in, int axis, bool keep_dims, lang_combine combine,
                        void *cctx)
{
    tl_value v = lang_value(s, b, in), r = TL_POISON;
    if (tl_value_is_poison(v) || !lang_reduce_op(s, b, false, 1, &v, axis, keep_dims, false, combine, cctx, &r))
        return TL_POISON;
    return r;
}

tl_value tl_sum_at(tl_site s, tl_value x, int axis, tl_sum_opts o)
{
    lang_opnd in;
    tl_builder *b = lang_reduce_input(s, x, "sum", &in);
    if (!b)
        return TL_POISON;
    if (o.dtype != TL_DTYPE_INVALID && !tl_dtype_ir(tl_builder_context(b), o.dtype))
        return tl_builder_fail(b, s, "invalid dtype %d", (int)o.dtype);
    tl_builder_helper_begin(b);
    tl_dtype dt = pick_sum_dtype(in.dtype, o.dtype);
    tl_binop add = TL_OP_ADD;
    tl_value r = TL_POISON;
    if (dt == TL_DTYPE_INVALID || lang_cast(s, b, &in, dt, TL_ROUND_DEFAULT))
        r = reduce1(s, b, &in, axis, o.keep_dims, lang_combine_binop, &add);
    tl_builder_helper_end(b);
    return r;
}

/* standard.max / min without indices: bfloat16 and types narrower than 32 bits widen first. */
static tl_value reduce_min_max(tl_site s, tl_value x, int axis, tl_reduce_opts o, bool is_max)
{
    lang_opnd in;
    tl_builder *b = lang_reduce_input(s, x, is_max ? "take the max of" : "take the min of", &in);
    if (!b)
        return TL_POISON;
    tl_builder_helper_begin(b);
    bool ok = in.dtype != TL_BF16 || lang_cast(s, b, &in, TL_F32, TL_ROUND_DEFAULT);
    if (ok && tl_dtype_bits(in.dtype) < 32)
        ok = lang_cast(s, b, &in, tl_dtype_is_float(in.dtype) ? TL_F32 : TL_I32, TL_ROUND_DEFAULT);
    tl_value r = ok ? reduce1(s, b, &in, axis, o.keep_dims, combine_minmax, &is_max) : TL_POISON;
    tl_builder_helper_end(b);
    return r;
}

tl_value tl_max_at(tl_site s, tl_value x, int axis, tl_reduce_opts o) { return reduce_min_max(s, x, axis, o, true); }

tl_value tl_min_at(tl_site s, tl_value x, int axis, tl_reduce_opts o) { return reduce_min_max(s, x, axis, o, false); }

/* standard.xor_sum / reduce_or: integers only, one bitwise operator. */
static tl_value bitwise_reduce(tl_site s, tl_value x, int axis, tl_reduce_opts o, tl_binop op, const char *what)
{
    lang_opnd in;
    tl_builder *b = lang_reduce_input(s, x, what, &in);
    if (!b)
        return TL_POISON;
    if (!tl_dtype_is_int(in.dtype))
        return tl_builder_fail(b, s, "%s only supported for integers (got %s)", what, tl_dtype_name(in.dtype));
    tl_builder_helper_begin(b);
    tl_value r = reduce1(s, b, &in, axis, o.keep_dims, lang_combine_binop, &op);
    tl_builder_helper_end(b);
    return r;
}

tl_value tl_xor_sum_at(tl_site s, tl_value x, int axis, tl_reduce_opts o)
{
    return bitwise_reduce(s, x, axis, o, TL_OP_XOR, "xor_sum");
}

tl_value tl_reduce_or_at(tl_site s, tl_value x, int axis, tl_reduce_opts o)
{
    return bitwise_reduce(s, x, axis, o, TL_OP_OR, "reduce_or");
}

/* ---- values with indices ------------------------------------------------------------------------- */

/* core._reduce_with_indices: the input and arange(0, n) along the axis, broadcast to the
 * input's shape, reduced together by the argmax / argmin combine. */
static bool with_indices(tl_site s, tl_builder *b, lang_opnd *in, int axis, tl_argmax_opts o, bool is_max, tl_pair *out)
{
    if (in->dtype == TL_BF16 && !lang_cast(s, b, in, TL_F32, TL_ROUND_DEFAULT))
        return false;
    int a;
    if (!lang_wrap_axis(s, b, axis, in->rank, &a))
        return false;
    tl_value index = tl_arange_at(s, b, 0, in->dims[a]);
    if (tl_value_is_poison(index))
        return false;
    lang_opnd io = lang_opnd_of(b, index);
    if (in->rank > 1) {
        for (int d = 0; d < in->rank; d++)
            if (d != a && !lang_expand_dims(s, b, &io, d))
                return false;
        if (!lang_broadcast_to(s, b, &io, in->rank, in->dims))
            return false;
    }
    tl_value ops[2] = {lang_value(s, b, in), lang_value(s, b, &io)}, r[2];
    if (tl_value_is_poison(ops[0]) || tl_value_is_poison(ops[1]))
        return false;
    arg_combine c = {is_max, !o.tie_break_fast};
    if (!lang_reduce_op(s, b, false, 2, ops, a, o.keep_dims, false, combine_arg, &c, r))
        return false;
    *out = (tl_pair){r[0], r[1]};
    return true;
}

static tl_pair indices_of(tl_site s, tl_value x, int axis, tl_argmax_opts o, bool is_max, const char *what)
{
    tl_pair bad = {TL_POISON, TL_POISON}, r = bad;
    lang_opnd in;
    tl_builder *b = lang_reduce_input(s, x, what, &in);
    if (!b)
        return bad;
    if (axis == TL_AXIS_NONE) {
        tl_builder_fail(b, s, "an axis is required to return indices (not TL_AXIS_NONE)");
        return bad;
    }
    tl_builder_helper_begin(b);
    bool ok = with_indices(s, b, &in, axis, o, is_max, &r);
    tl_builder_helper_end(b);
    return ok ? r : bad;
}

tl_pair tl_max_with_indices_at(tl_site s, tl_value x, int axis, tl_argmax_opts o)
{
    return indices_of(s, x, axis, o, true, "take the max of");
}

tl_pair tl_min_with_indices_at(tl_site s, tl_value x, int axis, tl_argmax_opts o)
{
    return indices_of(s, x, axis, o, false, "take the min of");
}

tl_value tl_argmax_at(tl_site s, tl_value x, int axis, tl_argmax_opts o)
{
    return indices_of(s, x, axis, o, true, "take the argmax of").second;
}

tl_value tl_argmin_at(tl_site s, tl_value x, int axis, tl_argmax_opts o)
{
    return indices_of(s, x, axis, o, false, "take the argmin of").second;
}

/* ---- custom: tl.reduce --------------------------------------------------------------------------- */

tl_values lang_poison_values(int n)
{
#define P                                                                                                              \
    {                                                                                                                  \
        .poison = 1                                                                                                    \
    }
    static const tl_value poison[TL_REDUCE_MAX_OPERANDS] = {P, P, P, P, P, P, P, P, P, P, P, P, P, P, P, P};
#undef P
    if (n < 1)
        n = 1;
    if (n > TL_REDUCE_MAX_OPERANDS)
        n = TL_REDUCE_MAX_OPERANDS;
    return (tl_values){n, poison};
}

tl_builder *lang_custom_inputs(tl_site s, tl_values values, tl_combine_fn combine, const char *what)
{
    if (values.n < 1 || !values.v)
        return NULL; /* nothing to find a builder in */
    int n = values.n > TL_REDUCE_MAX_OPERANDS ? TL_REDUCE_MAX_OPERANDS : values.n;
    tl_builder *b = lang_builder(s, NULL, n, values.v, NULL);
    if (!b)
        return NULL;
    if (values.n > TL_REDUCE_MAX_OPERANDS) {
        tl_builder_fail(b, s, "%d operands: at most %d", values.n, TL_REDUCE_MAX_OPERANDS);
        return NULL;
    }
    if (!combine) {
        tl_builder_fail(b, s, "no combine function (NULL)");
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        if (tl_value_is_lit(values.v[i])) {
            tl_builder_fail(b, s, "operand #%d is a C number: %s takes tensors", i, what);
            return NULL;
        }
        if (tl_value_rank(values.v[i]) == 0) {
            char t[LANG_STR];
            tcir_type_str(tl_value_type(values.v[i]), t, sizeof t);
            tl_builder_fail(b, s, "operand #%d is a scalar (%s): %s takes tensors", i, t, what);
            return NULL;
        }
    }
    return b;
}

tl_values tl_reduce_at(tl_site s, tl_values values, int axis, tl_combine_fn combine, void *ctx, tl_reduce_opts o)
{
    tl_builder *b = lang_custom_inputs(s, values, combine, "tl_reduce");
    if (!b)
        return lang_poison_values(values.n);
    tl_value *res = tcir_alloc(ctx_of(b), sizeof(tl_value) * (size_t)values.n);
    lang_user_combine u = {combine, ctx};
    if (!res || !lang_reduce_op(s, b, false, values.n, values.v, axis, o.keep_dims, false, lang_combine_user, &u, res))
        return lang_poison_values(values.n);
    return (tl_values){values.n, res};
}
