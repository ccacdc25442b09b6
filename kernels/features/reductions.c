/* reductions: sum, max, min, argmax, argmin, max with indices, cumsum, cumprod, xor_sum.
 * A line-for-line port of kernels/features/reductions.py: each Python line of the body is one C line
 * here (statements Python joins with `;` stay on one line), same names, same order. */
#include "tritonc/tritonc.h"

typedef struct reductions_cfg {
    int M, N; /* the tile: powers of two */
} reductions_cfg;

static void reductions(tl_builder *builder, const reductions_cfg *cfg)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value idx = tl_arg(builder, "idx", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));

    tl_value rm = tl_arange(builder, 0, cfg->M); tl_value rn = tl_arange(builder, 0, cfg->N);
    tl_value a = tl_load(tl_addptr(tl_addptr(x, tl_mul(tl_expand_dims(rm, 1), cfg->N)), tl_expand_dims(rn, 0)));
    tl_value s0 = tl_sum(a); tl_value s1 = tl_sum(a, 0); tl_value s2 = tl_sum(a, 1, .keep_dims = true);
    tl_value m0 = tl_max(a); tl_value m1 = tl_max(a, 1); tl_value mn = tl_min(a, 0);
    tl_value am = tl_argmax(a, 1); tl_value ai = tl_argmin(a, 0);
    tl_pair mi_mix = tl_max_with_indices(a, 1); tl_value mi = mi_mix.first, mix = mi_mix.second;
    tl_value cs = tl_cumsum(a, 1); tl_value cp = tl_cumprod(a, 0, .reverse = true);
    tl_value xs = tl_xor_sum(rm); tl_value isum = tl_sum(rm);
    tl_store(tl_addptr(o, rm), tl_add(tl_add(tl_add(tl_add(m1, mi), tl_reshape(s2, TL_SHAPE(cfg->M))), tl_sum(cs, 1)), tl_sum(cp, 1)));
    tl_store(tl_addptr(o, rn), tl_add(s1, mn));
    tl_store(o, tl_add(s0, m0));
    tl_store(tl_addptr(idx, rm), tl_add(tl_add(tl_add(am, mix), xs), isum)); tl_store(tl_addptr(idx, rn), ai);
}

static const reductions_cfg reductions_default = {.M = 16, .N = 32};
static const tl_cfg_field reductions_fields[] = {TL_CFG_FIELD(reductions_cfg, M, TL_CFG_INT),
                                                 TL_CFG_FIELD(reductions_cfg, N, TL_CFG_INT)};

TL_KERNEL(reductions_kernel, reductions_cfg, reductions,
          .name = "reductions",
          .inputs = TL_NAMES("x"),
          .outputs = TL_NAMES("o", "idx"),
          .python = "kernels/features/reductions.py",
          .doc = "sum, max, min, argmax, argmin, indices, cumsum, cumprod, xor_sum (catalog)",
          .cfg_default = &reductions_default,
          .nfields = (int)(sizeof reductions_fields / sizeof reductions_fields[0]),
          .fields = reductions_fields,
          .problem = "x[512] o[32] idx[32] grid=1");
