/* triton.language.standard's bitonic network: flip, sort, topk, bitonic_merge, as Triton 3.6's
 * standard.py writes them: x reshaped to a hypercube (every dimension 2), each compare-and-swap
 * made of an xor_sum along one dimension, a comparison and a select. Python's helpers (sort_impl,
 * _bitonic_merge_hypercube, _compare_and_swap, _indicator, _bitonic_merge) are the static
 * functions below, called in Python's order with the language's own calls, one op-making call per
 * statement.
 *
 * Constants. The only ones are those of a merge in descending order (order 1): Python assigns
 * the order to `flip` (an int32 or bool constant) and each compare-and-swap XORs it with the
 * indicator of its dimension; once _compare_and_swap is inlined, Triton's canonicalizer folds
 * `flip ^ is_right` with flip 0 away and with flip 1 to a dense<1> of the indicator's shape. Those
 * are made by folding in the merge (the last one made on top), turned over where the merge is
 * inlined into sort_impl (or _bitonic_merge), kept by sort (its call is its first op) and turned
 * over again in the kernel: there, the one of the innermost dimension comes first. So the call
 * meets them in that order before making any op (TL_CONST_EXACT), and the helper call places
 * them as the pool places any helper's (order/pool_sort.c). Order 0 makes no constant and no
 * XOR; an order-2 merge XORs two indicators. */
#include "lang/lang_internal.h"
#include "tritonc/standard.h"
#include "tritonc/tensor.h"

/* floor(log2(n)) for n >= 1, as standard.py's _log2 */
static int sort_log2(int64_t n)
{
    int l = 0;
    while (n > 1) {
        n >>= 1;
        l++;
    }
    return l;
}

static bool sort_is_pow2(int64_t n) { return n > 0 && (n & (n - 1)) == 0; }

/* core.get_int_dtype(bitwidth, signed=True) */
static tl_dtype sort_int_dtype(unsigned bits)
{
    switch (bits) {
    case 1: return TL_I1;
    case 8: return TL_I8;
    case 16: return TL_I16;
    case 32: return TL_I32;
    default: return TL_I64;
    }
}

static tl_value sort_bitcast(tl_site s, tl_value x, tl_dtype dt)
{
    return tl_to_at(s, x, dt, (tl_cast_opts){.bitcast = true});
}

/* The shape of an indicator: rank n, 2 at position n - 1 - j, 1 elsewhere. */
static tl_shape sort_indicator_shape(int n, int j)
{
    tl_shape sh = {.rank = n};
    for (int k = 0; k < n && k < TL_MAX_RANK; k++)
        sh.dims[k] = k == n - 1 - j ? 2 : 1;
    return sh;
}

/* _indicator(n_dims, j): arange(0, 2) reshaped to the indicator's shape. */
static tl_value sort_indicator(tl_site s, tl_builder *b, int n, int j)
{
    tl_value ar = tl_arange_at(s, b, 0, 2);
    return tl_reshape_at(s, ar, sort_indicator_shape(n, j), (tl_reshape_opts){.can_reorder = false});
}

/* A merge's flip: a tensor (order 2), or the order 0 or 1 as a number; for order 1, dense[j] is
 * the dense<1> of the indicator of dimension j (met before the call's ops). */
typedef struct sort_flip {
    int order;
    tl_value tensor; /* order 2 */
    tl_value dense[TL_MAX_RANK]; /* order 1 */
} sort_flip;

/* The rank of the hypercube of a value (log2 of its elements). */
static int sort_rank_of(tl_builder *b, tl_value x)
{
    lang_opnd o = lang_opnd_of(b, x);
    return sort_log2(lang_numel(o.rank, o.dims));
}

/* _compare_and_swap(x, flip, i) */
static tl_value sort_compare_and_swap(tl_site s, tl_builder *b, tl_value x, const sort_flip *flip, int i)
{
    lang_opnd xo = lang_opnd_of(b, x);
    int n = sort_log2(lang_numel(xo.rank, xo.dims));
    tl_dtype idt = sort_int_dtype(tl_dtype_bits(xo.dtype));
    /* ix = x.to(idtype, bitcast=True); iy = ix ^ xor_sum(ix, n_dims - 1 - i, True) */
    tl_value ix = sort_bitcast(s, x, idt);
    tl_value sum = tl_xor_sum_at(s, ix, n - 1 - i, (tl_reduce_opts){.keep_dims = true});
    tl_value iy = tl_binary_at(s, TL_OP_XOR, ix, sum);
    /* y = iy.to(x.dtype, bitcast=True); is_right = _indicator(n_dims, i) */
    tl_value y = sort_bitcast(s, iy, xo.dtype);
    tl_value is_right = sort_indicator(s, b, n, i);
    /* where((x > y) != (flip ^ is_right), y, x) */
    tl_value gt = tl_binary_at(s, TL_OP_GT, x, y);
    tl_value side = is_right; /* flip 0: the XOR folds away */
    if (flip->order == 2)
        side = tl_binary_at(s, TL_OP_XOR, flip->tensor, is_right);
    else if (flip->order == 1)
        side = tl_binary_at(s, TL_OP_XOR, flip->dense[i], is_right);
    tl_value swap = tl_binary_at(s, TL_OP_NE, gt, side);
    return tl_where_at(s, swap, y, x);
}

/* _bitonic_merge_hypercube(x, stage, order) on the hypercube h. */
static tl_value sort_merge_hypercube(tl_site s, tl_builder *b, tl_value h, int stage, int order, const tl_value *dense)
{
    if (stage == 0) /* no compare-and-swap: the flip is dead, Triton drops it */
        return h;
    sort_flip flip = {.order = order};
    if (order == 2)
        flip.tensor = sort_indicator(s, b, sort_rank_of(b, h), stage);
    else if (order == 1)
        for (int j = 0; j < stage; j++)
            flip.dense[j] = dense[j];
    for (int k = 0; k < stage && !tl_builder_failed(b); k++)
        h = sort_compare_and_swap(s, b, h, &flip, stage - 1 - k);
    return h;
}

/* Meets the dense<1> constants of a descending merge of `stage` steps on a hypercube of rank n,
 * the innermost dimension's first (see the top of the file). */
static bool sort_meet_descending(tl_site s, tl_builder *b, int n, int stage, tl_value *dense)
{
    const tcir_type *i32 = tl_dtype_ir(tl_builder_context(b), TL_I32);
    for (int j = 0; j < stage; j++) {
        tl_shape sh = sort_indicator_shape(n, j);
        const tcir_type *t = lang_shaped(b, i32, sh.rank, sh.dims);
        dense[j] = tl_materialize_as_at(s, b, tl_lit_int(1), TL_I32, t, TL_CONST_EXACT);
        if (tl_value_is_poison(dense[j]))
            return false;
    }
    return true;
}

/* The operand of a sort-like call: a tensor value, not of pointers, with a power-of-two number
 * of elements and the dim (TL_AXIS_NONE or the last) Python supports. */
static tl_builder *sort_operand(tl_site s, tl_value x, int dim, lang_opnd *o)
{
    static const char *const names[] = {"x"};
    tl_builder *b = lang_builder(s, NULL, 1, &x, names);
    if (!b)
        return NULL;
    if (tl_value_is_lit(x)) {
        tl_builder_fail(b, s, "x must be a tensor, not a number");
        return NULL;
    }
    *o = lang_opnd_of(b, x);
    char t[LANG_STR];
    if (o->rank == 0) {
        tl_builder_fail(b, s, "x must be a tensor, not the scalar %s", lang_type_str(b, o, t, sizeof t));
        return NULL;
    }
    if (o->is_ptr) {
        tl_builder_fail(b, s, "cannot sort pointers (%s)", lang_elem_str(o, t, sizeof t));
        return NULL;
    }
    /* _dim = len(x.shape) - 1 if dim is None else dim */
    int d = dim == TL_AXIS_NONE ? o->rank - 1 : dim;
    if (d != o->rank - 1) {
        tl_builder_fail(b, s, "static assertion failed: only minor dimension is currently supported");
        return NULL;
    }
    int64_t numel = lang_numel(o->rank, o->dims);
    if (!sort_is_pow2(numel) || numel < 2) {
        tl_builder_fail(b, s, "x must have a power-of-two number of elements, at least 2 (it has %lld)",
                        (long long)numel);
        return NULL;
    }
    return b;
}

static tl_shape sort_cube(int n)
{
    tl_shape sh = {.rank = n};
    for (int k = 0; k < n && k < TL_MAX_RANK; k++)
        sh.dims[k] = 2;
    return sh;
}

/* sort_impl(x, k, dim, descending); k < 0: None. */
static tl_value sort_impl(tl_site s, tl_builder *b, tl_value x, const lang_opnd *o, int k, bool descending)
{
    int log_n = sort_log2(o->dims[o->rank - 1]);
    int log_k = k < 0 ? log_n : sort_log2(k);
    int n_dims = sort_log2(lang_numel(o->rank, o->dims));
    /* the final merge's constants, met first: its hypercube has lost a dimension per max */
    tl_value dense[TL_MAX_RANK];
    if (descending && log_k > 0 && !sort_meet_descending(s, b, n_dims - (log_n - log_k), log_k, dense))
        return TL_POISON;
    int order_last = descending ? 1 : 0;
    /* h = core.reshape(x, [2] * n_dims) */
    tl_value h = tl_reshape_at(s, x, sort_cube(n_dims), (tl_reshape_opts){.can_reorder = false});
    for (int i = 1; i <= log_k && !tl_builder_failed(b); i++)
        h = sort_merge_hypercube(s, b, h, i, i < log_n ? 2 : order_last, dense);
    for (int i = log_k + 1; i <= log_n && !tl_builder_failed(b); i++) {
        int axis = sort_rank_of(b, h) - 1 - log_k;
        h = descending ? tl_max_at(s, h, axis, (tl_reduce_opts){0}) : tl_min_at(s, h, axis, (tl_reduce_opts){0});
        h = sort_merge_hypercube(s, b, h, log_k, i < log_n ? 2 : order_last, dense);
    }
    /* core.reshape(h, x.shape[:-1] + [2**log_k]) */
    tl_shape back = {.rank = o->rank};
    for (int d = 0; d < o->rank - 1; d++)
        back.dims[d] = o->dims[d];
    back.dims[o->rank - 1] = (int64_t)1 << log_k;
    return tl_reshape_at(s, h, back, (tl_reshape_opts){.can_reorder = false});
}

tl_value tl_sort_at(tl_site s, tl_value x, int dim, tl_sort_opts opts)
{
    lang_opnd o;
    tl_builder *b = sort_operand(s, x, dim, &o);
    if (!b)
        return TL_POISON;
    tl_builder_helper_begin_at(s, b);
    tl_value r = sort_impl(s, b, x, &o, -1, opts.descending);
    tl_builder_helper_end(b);
    return tl_builder_failed(b) ? TL_POISON : r;
}

tl_value tl_topk_at(tl_site s, tl_value x, int k, int dim)
{
    lang_opnd o;
    tl_builder *b = sort_operand(s, x, dim, &o);
    if (!b)
        return TL_POISON;
    if (k < 1 || k > o.dims[o.rank - 1])
        return tl_builder_fail(b, s, "k must be from 1 to the size of the last dimension (%lld), got %d",
                               (long long)o.dims[o.rank - 1], k);
    tl_builder_helper_begin_at(s, b);
    tl_value r = sort_impl(s, b, x, &o, k, true);
    tl_builder_helper_end(b);
    return tl_builder_failed(b) ? TL_POISON : r;
}

tl_value tl_bitonic_merge_at(tl_site s, tl_value x, int dim, tl_sort_opts opts)
{
    lang_opnd o;
    tl_builder *b = sort_operand(s, x, dim, &o);
    if (!b)
        return TL_POISON;
    /* _bitonic_merge(x, n_dims, descending, n_dims), n_dims = log2(x.shape[-1]) */
    int stage = sort_log2(o.dims[o.rank - 1]);
    int n = sort_log2(lang_numel(o.rank, o.dims));
    tl_builder_helper_begin_at(s, b);
    tl_value dense[TL_MAX_RANK];
    tl_value r = TL_POISON;
    if (!opts.descending || sort_meet_descending(s, b, n, stage, dense)) {
        tl_value h = tl_reshape_at(s, x, sort_cube(n), (tl_reshape_opts){.can_reorder = false});
        h = sort_merge_hypercube(s, b, h, stage, opts.descending ? 1 : 0, dense);
        tl_shape back = {.rank = o.rank};
        for (int d = 0; d < o.rank; d++)
            back.dims[d] = o.dims[d];
        r = tl_reshape_at(s, h, back, (tl_reshape_opts){.can_reorder = false});
    }
    tl_builder_helper_end(b);
    return tl_builder_failed(b) ? TL_POISON : r;
}

tl_value tl_flip_at(tl_site s, tl_value x, int dim)
{
    static const char *const names[] = {"x"};
    tl_builder *b = lang_builder(s, NULL, 1, &x, names);
    if (!b)
        return TL_POISON;
    if (tl_value_is_lit(x))
        return tl_builder_fail(b, s, "x must be a tensor, not a number");
    lang_opnd o = lang_opnd_of(b, x);
    if (o.is_ptr) {
        char t[LANG_STR];
        return tl_builder_fail(b, s, "cannot flip pointers (%s)", lang_elem_str(&o, t, sizeof t));
    }
    if (dim == TL_AXIS_NONE)
        return tl_builder_fail(b, s,
                               "dim=None fails in Triton 3.6 (flip's range check compares None with a number): "
                               "give the dimension");
    /* static_assert(-len(x.shape) <= dim and dim < len(x.shape)) */
    if (!tl_static_assert_at(s, b, -o.rank <= dim && dim < o.rank, NULL, "-len(x.shape) <= dim and dim < len(x.shape)"))
        return TL_POISON;
    int d = dim < 0 ? dim + o.rank : dim;
    if (!tl_static_assert_at(s, b, sort_is_pow2(o.dims[d]), NULL, "_is_power_of_two(x.shape[_dim])"))
        return TL_POISON;
    int steps = sort_log2(o.dims[d]);
    if (o.rank - 1 + steps > TL_MAX_RANK)
        return tl_builder_fail(b, s, "flip reshapes to rank %d, over the maximum rank %d", o.rank - 1 + steps,
                               TL_MAX_RANK);
    tl_shape cube = {.rank = o.rank - 1 + steps};
    for (int k = 0; k < d; k++)
        cube.dims[k] = o.dims[k];
    for (int k = 0; k < steps; k++)
        cube.dims[d + k] = 2;
    for (int k = d + 1; k < o.rank; k++)
        cube.dims[k - 1 + steps] = o.dims[k];
    tl_shape shape = {.rank = o.rank};
    for (int k = 0; k < o.rank; k++)
        shape.dims[k] = o.dims[k];
    tl_builder_helper_begin_at(s, b);
    /* y = core.reshape(x.to(idtype, bitcast=True), x.shape[:_dim] + [2] * steps + x.shape[_dim + 1:]) */
    tl_value ix = sort_bitcast(s, x, sort_int_dtype(tl_dtype_bits(o.dtype)));
    tl_value y = tl_reshape_at(s, ix, cube, (tl_reshape_opts){.can_reorder = false});
    for (int i = 0; i < steps && !tl_builder_failed(b); i++) {
        /* y = y ^ xor_sum(y, _dim + i, True) */
        tl_value sum = tl_xor_sum_at(s, y, d + i, (tl_reduce_opts){.keep_dims = true});
        y = tl_binary_at(s, TL_OP_XOR, y, sum);
    }
    /* x = core.reshape(y, x.shape).to(x.dtype, bitcast=True) */
    tl_value back = tl_reshape_at(s, y, shape, (tl_reshape_opts){.can_reorder = false});
    tl_value r = sort_bitcast(s, back, o.dtype);
    tl_builder_helper_end(b);
    return tl_builder_failed(b) ? TL_POISON : r;
}
