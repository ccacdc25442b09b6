/* shapes: zeros/full, broadcast_to, reshape (with and without reorder), trans, permute and .T,
 * join and split, a constexpr if, cat, expand_dims, gather, histogram (with a mask) and sums.
 * A line-for-line port of kernels/features/shapes.py: each Python line of the body is one C line here
 * (statements Python joins with `;` stay on one line), same names, same order. */
#include "tritonc/tritonc.h"

typedef struct shapes_cfg {
    int M, N; /* block sizes: powers of two */
} shapes_cfg;

static void shapes(tl_builder *builder, const shapes_cfg *cfg)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value rm = tl_arange(builder, 0, cfg->M); tl_value rn = tl_arange(builder, 0, cfg->N);
    tl_value offs = tl_add(tl_mul(tl_expand_dims(rm, 1), cfg->N), tl_expand_dims(rn, 0));
    tl_value a = tl_load(tl_addptr(x, offs));
    tl_value z = tl_add(tl_add(tl_zeros(builder, TL_SHAPE(cfg->M, cfg->N), TL_F32), tl_full(builder, TL_SHAPE(cfg->M, cfg->N), 3, TL_F32)), tl_to(tl_full(builder, TL_SHAPE(cfg->M, cfg->N), 2, TL_I32), TL_F32));
    tl_value b = tl_broadcast_to(tl_expand_dims(tl_load(tl_addptr(x, rn)), 0), TL_SHAPE(cfg->M, cfg->N));
    tl_value c = tl_reshape(a, TL_SHAPE(cfg->N, cfg->M)); c = tl_trans(c); tl_value d = tl_T(tl_permute(a, TL_DIMS(1, 0)));
    tl_value e = tl_reshape(a, TL_SHAPE((int64_t)cfg->M * cfg->N), .can_reorder = true); /* Python ints do not overflow */
    tl_value f = tl_join(a, b); tl_pair gh = tl_split(f); tl_value g = gh.first, h = gh.second;
    tl_value s = a; /* tl.splat(1.0, (M, N)) if False else a: the constexpr if takes a */
    tl_value cat = tl_cat(rm, rm, .can_reorder = true);
    tl_value ex = tl_add(tl_expand_dims(rn, 0), tl_expand_dims(rn, 0));
    tl_value idx = tl_add(tl_expand_dims(tl_arange(builder, 0, cfg->M), 1), tl_zeros(builder, TL_SHAPE(cfg->M, cfg->N), TL_I32));
    tl_value gat = tl_gather(a, idx, 0);
    tl_value hist = tl_histogram(rm, 16);
    tl_value hm = tl_histogram(rm, 16, .mask = tl_lt(rm, 8));
    tl_store(tl_addptr(o, offs), tl_add(tl_add(tl_add(tl_add(tl_add(tl_add(tl_add(tl_add(tl_add(tl_add(tl_add(tl_add(a, z), b), c), d), g), h), s), gat), tl_to(ex, TL_F32)), tl_sum(e)), tl_to(tl_sum(cat), TL_F32)), tl_to(tl_sum(tl_add(hist, hm)), TL_F32)));
}

static const shapes_cfg shapes_default = {.M = 16, .N = 32};
static const tl_cfg_field shapes_fields[] = {
    TL_CFG_FIELD(shapes_cfg, M, TL_CFG_INT),
    TL_CFG_FIELD(shapes_cfg, N, TL_CFG_INT),
};

TL_KERNEL(shapes_kernel, shapes_cfg, shapes,
          .name = "shapes",
          .inputs = TL_NAMES("x"),
          .outputs = TL_NAMES("o"),
          .python = "kernels/features/shapes.py",
          .doc = "reshape, trans, permute, join/split, cat, gather, histogram and sums (catalog)",
          .cfg_default = &shapes_default,
          .nfields = (int)(sizeof shapes_fields / sizeof shapes_fields[0]),
          .fields = shapes_fields,
          .problem = "x[512] o[512] grid=1");
