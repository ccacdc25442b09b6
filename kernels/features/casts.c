/* casts: conversions between float32, float16, bfloat16, fp8, float64 and integers.
 * A line-for-line port of kernels/features/casts.py: each Python line of the body is one C line
 * here (statements Python joins with `;` stay on one line), same names, same order. */
#include "tritonc/tritonc.h"

typedef struct casts_cfg {
    int B; /* elements per program: a power of two */
} casts_cfg;

static void casts(tl_builder *builder, const casts_cfg *cfg)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value h = tl_arg(builder, "h", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value bf = tl_arg(builder, "bf", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));
    tl_value f8 = tl_arg(builder, "f8", TL_PTR_OPTS(TL_FP8E4NV, .divisibility = TL_DIV_NONE));
    tl_value f5 = tl_arg(builder, "f5", TL_PTR_OPTS(TL_FP8E5, .divisibility = TL_DIV_NONE));
    tl_value i = tl_arg(builder, "i", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value r = tl_arange(builder, 0, cfg->B);
    tl_value a = tl_load(tl_addptr(x, r));
    tl_store(tl_addptr(h, r), tl_to(a, TL_F16)); tl_store(tl_addptr(bf, r), tl_to(a, TL_BF16));
    tl_store(tl_addptr(bf, r), tl_to(a, TL_BF16, .fp_downcast_rounding = TL_RTZ));
    tl_store(tl_addptr(f8, r), tl_to(a, TL_FP8E4NV)); tl_store(tl_addptr(f5, r), tl_to(tl_load(tl_addptr(h, r)), TL_FP8E5));
    tl_value b = tl_add(tl_add(tl_to(tl_load(tl_addptr(bf, r)), TL_F32), tl_to(tl_load(tl_addptr(h, r)), TL_F32)), tl_to(tl_load(tl_addptr(f8, r)), TL_F32));
    tl_value c = tl_to(tl_to(tl_load(tl_addptr(h, r)), TL_BF16), TL_F32);
    tl_value j = tl_load(tl_addptr(i, r));
    tl_value d = tl_add(tl_add(tl_add(tl_to(j, TL_F32), tl_to(tl_gt(j, 0), TL_F32)), tl_to(tl_to(a, TL_I32), TL_F32)), tl_to(tl_to(j, TL_I64), TL_F32));
    tl_value e = tl_add(tl_add(tl_to(tl_to(tl_to(j, TL_I8), TL_I32), TL_F32), tl_to(tl_to(a, TL_I32, .bitcast = true), TL_F32)), tl_to(tl_to(a, TL_F64), TL_F32));
    tl_value f = tl_add(tl_add(tl_to(tl_to(j, TL_U32), TL_F32), tl_to(tl_to(a, TL_U8), TL_F32)), tl_to(tl_cast(j, TL_I16), TL_F32));
    tl_store(tl_addptr(o, r), tl_add(tl_add(tl_add(tl_add(b, c), d), e), f));
}

static const casts_cfg casts_default = {.B = 32};
static const tl_cfg_field casts_fields[] = {TL_CFG_FIELD(casts_cfg, B, TL_CFG_INT)};

TL_KERNEL(casts_kernel, casts_cfg, casts,
          .name = "casts",
          .inputs = TL_NAMES("x", "i"),
          .outputs = TL_NAMES("h", "bf", "f8", "f5", "o"),
          .python = "kernels/features/casts.py",
          .doc = "casts between f32, f16, bf16, fp8, f64 and integers, with rounding modes (catalog)",
          .cfg_default = &casts_default,
          .nfields = (int)(sizeof casts_fields / sizeof casts_fields[0]),
          .fields = casts_fields,
          .problem = "x[32] h[32] bf[32] f8[32] f5[32] i[32] o[32] grid=1");
