/* triton.language.standard's elementwise and shape helpers: sigmoid, softmax, zeros_like, ravel,
 * swizzle2d, interleave. Each is a @jit function in Python; here one helper call (order.h) whose
 * body makes Python's ops with the language's own calls, one op-making call per statement so that
 * C runs them in Python's order. tl_flip, tl_sort, tl_topk and tl_bitonic_merge are sort.c's. */
#include "lang/lang_internal.h"
#include "tritonc/standard.h"
#include "tritonc/tensor.h"

/* The builder of a call on one value x (named `what` in messages), which must be a tensor or
 * scalar value, not a number or a pointer: NULL after an error. */
static tl_builder *standard_value_builder(tl_site s, tl_value x, const char *what, lang_opnd *o)
{
    static const char *const names[] = {"x"};
    tl_builder *b = lang_builder(s, NULL, 1, &x, names);
    if (!b)
        return NULL;
    if (tl_value_is_lit(x)) {
        tl_builder_fail(b, s, "%s must be a tensor, not a number", what);
        return NULL;
    }
    *o = lang_opnd_of(b, x);
    if (o->is_ptr) {
        char t[LANG_STR];
        tl_builder_fail(b, s, "%s must not be a pointer, got %s", what, lang_elem_str(o, t, sizeof t));
        return NULL;
    }
    return b;
}

/* Ends a helper call: its result, or poison when the builder failed inside it. */
static tl_value standard_end(tl_builder *b, tl_value r)
{
    tl_builder_helper_end(b);
    return tl_builder_failed(b) ? TL_POISON : r;
}

tl_value tl_sigmoid_at(tl_site s, tl_value x)
{
    lang_opnd o;
    tl_builder *b = standard_value_builder(s, x, "x", &o);
    if (!b)
        return TL_POISON;
    tl_builder_helper_begin_at(s, b);
    /* 1 / (1 + math.exp(-x)) */
    tl_value neg = tl_neg_at(s, x);
    tl_value e = tl_math_at(s, TL_MATH_EXP, neg);
    tl_value den = tl_binary_at(s, TL_OP_ADD, tl_lit_int(1), e);
    tl_value r = tl_binary_at(s, TL_OP_TRUEDIV, tl_lit_int(1), den);
    return standard_end(b, r);
}

tl_value tl_softmax_at(tl_site s, tl_value x, int dim, tl_softmax_opts opts)
{
    lang_opnd o;
    tl_builder *b = standard_value_builder(s, x, "x", &o);
    if (!b)
        return TL_POISON;
    int d = dim == TL_AXIS_NONE ? 0 : dim; /* Python: dim None is 0 */
    tl_reduce_opts ro = {.keep_dims = opts.keep_dims};
    tl_builder_helper_begin_at(s, b);
    /* z = x - max(x, _dim, keep_dims=keep_dims) */
    tl_value m = tl_max_at(s, x, d, ro);
    tl_value z = tl_binary_at(s, TL_OP_SUB, x, m);
    /* num = math.exp(z) */
    tl_value num = tl_math_at(s, TL_MATH_EXP, z);
    /* den = sum(num, _dim, keep_dims=keep_dims) */
    tl_value den = tl_sum_at(s, num, d, (tl_sum_opts){.keep_dims = opts.keep_dims});
    /* math.fdiv(num, den, ieee_rounding) */
    tl_value r = tl_fdiv_at(s, num, den, (tl_fdiv_opts){.ieee_rounding = opts.ieee_rounding});
    return standard_end(b, r);
}

tl_value tl_zeros_like_at(tl_site s, tl_value x)
{
    lang_opnd o;
    tl_builder *b = standard_value_builder(s, x, "input", &o);
    if (!b)
        return TL_POISON;
    tl_shape shape = {.rank = o.rank};
    for (int i = 0; i < o.rank; i++)
        shape.dims[i] = o.dims[i];
    tl_builder_helper_begin_at(s, b);
    tl_value r = tl_zeros_at(s, b, shape, o.dtype); /* zeros(input.shape, input.dtype), itself a helper */
    return standard_end(b, r);
}

tl_value tl_ravel_at(tl_site s, tl_value x, tl_ravel_opts opts)
{
    lang_opnd o;
    tl_builder *b = standard_value_builder(s, x, "x", &o);
    if (!b)
        return TL_POISON;
    tl_builder_helper_begin_at(s, b);
    /* core.reshape(x, [x.numel], can_reorder=can_reorder) */
    tl_shape flat = {.rank = 1, .dims = {lang_numel(o.rank, o.dims)}};
    tl_value r = tl_reshape_at(s, x, flat, (tl_reshape_opts){.can_reorder = opts.can_reorder});
    return standard_end(b, r);
}

/* Python's assignment of a value to a name in a @jit body: a number becomes a scalar constant
 * there (tl_to_tensor). Where the name is then used with a tensor, Python's frontend splats that
 * constant, which its builder folds as it makes it: a dense constant right there, as a number
 * makes one. So the constant is met at the assignment and the name keeps the number (int32
 * operands, swizzle2d's, promote the same either way); `keep` returns the constant itself (a
 * result of the helper). */
static tl_value standard_assign(tl_site s, tl_builder *b, tl_value v, bool keep)
{
    if (!tl_value_is_lit(v))
        return v;
    tl_value c = tl_to_tensor_at(s, b, v);
    return keep || tl_value_is_poison(c) ? c : v;
}

tl_pair tl_swizzle2d_at(tl_site s, tl_value i, tl_value j, tl_value size_i, tl_value size_j, tl_value size_g)
{
    tl_pair r = {TL_POISON, TL_POISON};
    tl_value in[5] = {i, j, size_i, size_j, size_g};
    static const char *const names[] = {"i", "j", "size_i", "size_j", "size_g"};
    tl_builder *b = lang_builder(s, NULL, 5, in, names);
    if (!b)
        return r;
    lang_helper_begin(s, b, 5, in);
    /* ij = i * size_j + j */
    tl_value t = tl_binary_at(s, TL_OP_MUL, i, size_j);
    tl_value ij = standard_assign(s, b, tl_binary_at(s, TL_OP_ADD, t, j), false);
    /* size_gj = size_g * size_j */
    tl_value size_gj = standard_assign(s, b, tl_binary_at(s, TL_OP_MUL, size_g, size_j), false);
    /* group_id = ij // size_gj */
    tl_value group_id = standard_assign(s, b, tl_binary_at(s, TL_OP_FLOORDIV, ij, size_gj), false);
    /* off_i = group_id * size_g */
    tl_value off_i = standard_assign(s, b, tl_binary_at(s, TL_OP_MUL, group_id, size_g), false);
    /* size_g = core.minimum(size_i - off_i, size_g) */
    tl_value rows = tl_binary_at(s, TL_OP_SUB, size_i, off_i);
    size_g = standard_assign(s, b, tl_minimum_at(s, rows, size_g, (tl_minmax_opts){0}), false);
    /* ij = ij % size_gj */
    ij = standard_assign(s, b, tl_binary_at(s, TL_OP_MOD, ij, size_gj), false);
    /* new_i = off_i + ij % size_g */
    tl_value m = tl_binary_at(s, TL_OP_MOD, ij, size_g);
    tl_value new_i = standard_assign(s, b, tl_binary_at(s, TL_OP_ADD, off_i, m), true);
    /* new_j = ij // size_g */
    tl_value new_j = standard_assign(s, b, tl_binary_at(s, TL_OP_FLOORDIV, ij, size_g), true);
    tl_builder_helper_end(b);
    if (!tl_builder_failed(b)) {
        r.first = new_i;
        r.second = new_j;
    }
    return r;
}

tl_value tl_interleave_at(tl_site s, tl_value a, tl_value c)
{
    tl_value in[2] = {a, c};
    static const char *const names[] = {"a", "b"};
    tl_builder *b = lang_builder(s, NULL, 2, in, names);
    if (!b)
        return TL_POISON;
    lang_helper_begin(s, b, 2, in);
    /* c = core.join(a, b) */
    tl_value j = tl_join_at(s, a, c);
    tl_value r = j;
    if (!tl_value_is_poison(j)) {
        lang_opnd o = lang_opnd_of(b, j);
        if (o.rank > 1) { /* else: two scalars were joined, c is returned */
            /* core.reshape(c, c.shape[:-2] + [2 * c.shape[-2]]) */
            tl_shape shape = {.rank = o.rank - 1};
            for (int k = 0; k < o.rank - 2; k++)
                shape.dims[k] = o.dims[k];
            shape.dims[o.rank - 2] = 2 * o.dims[o.rank - 2];
            r = tl_reshape_at(s, j, shape, (tl_reshape_opts){.can_reorder = false});
        }
    }
    return standard_end(b, r);
}
