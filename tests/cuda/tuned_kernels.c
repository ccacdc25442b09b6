/* A kernel autotuned ahead of time (tests/cuda/test_cuda_tuned.c): out = x * 3 over n float32
 * values, BLOCK of them per program. tritonc_add_kernels(... TABLE tuned_scale.table) compiles
 * the table's winners (the stand-in compiler) and embeds them with the table. */
#include "tritonc/tritonc.h"

typedef struct tuned_cfg {
    int BLOCK;
} tuned_cfg;

static void tuned_scale_body(tl_builder *b, const tuned_cfg *cfg)
{
    tl_value x = tl_arg(b, "x_ptr", TL_PTR(TL_F32));
    tl_value out = tl_arg(b, "out_ptr", TL_PTR(TL_F32));
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_value offs = tl_add(tl_mul(tl_program_id(b, 0), cfg->BLOCK), tl_arange(b, 0, cfg->BLOCK));
    tl_value mask = tl_lt(offs, n);
    tl_store(tl_addptr(out, offs), tl_mul(tl_load(tl_addptr(x, offs), .mask = mask), 3.0), .mask = mask);
}

static const tuned_cfg tuned_default = {.BLOCK = 64};
static const tl_cfg_field tuned_fields[] = {TL_CFG_FIELD(tuned_cfg, BLOCK, TL_CFG_INT)};

TL_KERNEL(tuned_scale_kernel, tuned_cfg, tuned_scale_body,
          .name = "tuned_scale",
          .inputs = TL_NAMES("x_ptr", "n"),
          .outputs = TL_NAMES("out_ptr"),
          .cfg_default = &tuned_default,
          .nfields = 1,
          .fields = tuned_fields);
