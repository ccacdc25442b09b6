/* dots: tl.dot with and without an accumulator, input precisions, fp8 with
 * max_num_imprecise_acc, and out_dtype.
 * A line-for-line port of kernels/features/dots.py: each Python line of the body is one C line here
 * (statements Python joins with `;` stay on one line), same names, same order. */
#include "tritonc/tritonc.h"

typedef struct dots_cfg {
    int M, N, K; /* block sizes: powers of two; K at least 32 (the fp8 dot) */
} dots_cfg;

static void dots(tl_builder *builder, const dots_cfg *cfg)
{
    tl_value a = tl_arg(builder, "a", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value b = tl_arg(builder, "b", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value c = tl_arg(builder, "c", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value f8a = tl_arg(builder, "f8a", TL_PTR_OPTS(TL_FP8E4NV, .divisibility = TL_DIV_NONE));
    tl_value f8b = tl_arg(builder, "f8b", TL_PTR_OPTS(TL_FP8E4NV, .divisibility = TL_DIV_NONE));

    tl_value rm = tl_arange(builder, 0, cfg->M); tl_value rn = tl_arange(builder, 0, cfg->N); tl_value rk = tl_arange(builder, 0, cfg->K);
    tl_value A = tl_load(tl_addptr(tl_addptr(a, tl_mul(tl_expand_dims(rm, 1), cfg->K)), tl_expand_dims(rk, 0))); tl_value B = tl_load(tl_addptr(tl_addptr(b, tl_mul(tl_expand_dims(rk, 1), cfg->N)), tl_expand_dims(rn, 0)));
    tl_value acc = tl_zeros(builder, TL_SHAPE(cfg->M, cfg->N), TL_F32);
    acc = tl_dot(A, B, acc);
    acc = tl_add(acc, tl_dot(A, B));
    acc = tl_dot(tl_to(A, TL_F32), tl_to(B, TL_F32), acc, .input_precision = TL_PRECISION_IEEE);
    acc = tl_dot(tl_to(A, TL_F32), tl_to(B, TL_F32), acc, .input_precision = TL_PRECISION_TF32X3);
    acc = tl_dot(tl_to(A, TL_F32), tl_to(B, TL_F32), acc);
    acc = tl_dot(tl_load(tl_addptr(tl_addptr(f8a, tl_mul(tl_expand_dims(rm, 1), cfg->K)), tl_expand_dims(rk, 0))), tl_load(tl_addptr(tl_addptr(f8b, tl_mul(tl_expand_dims(rk, 1), cfg->N)), tl_expand_dims(rn, 0))), acc, .max_num_imprecise_acc = 32);
    tl_value d16 = tl_dot(A, B, .out_dtype = TL_F16);
    tl_store(tl_addptr(tl_addptr(c, tl_mul(tl_expand_dims(rm, 1), cfg->N)), tl_expand_dims(rn, 0)), tl_add(acc, tl_to(d16, TL_F32)));
}

static const dots_cfg dots_default = {.M = 64, .N = 64, .K = 32};
static const tl_cfg_field dots_fields[] = {
    TL_CFG_FIELD(dots_cfg, M, TL_CFG_INT),
    TL_CFG_FIELD(dots_cfg, N, TL_CFG_INT),
    TL_CFG_FIELD(dots_cfg, K, TL_CFG_INT),
};

TL_KERNEL(dots_kernel, dots_cfg, dots,
          .name = "dots",
          .inputs = TL_NAMES("a", "b", "f8a", "f8b"),
          .outputs = TL_NAMES("c"),
          .python = "kernels/features/dots.py",
          .doc = "tl.dot: accumulators, input precisions, fp8 and out_dtype (catalog)",
          .cfg_default = &dots_default,
          .nfields = (int)(sizeof dots_fields / sizeof dots_fields[0]),
          .fields = dots_fields,
          .problem = "a[2048] b[2048] c[4096] f8a[2048] f8b[2048] grid=1");
