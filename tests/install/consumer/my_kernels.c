/* A kernel of the consumer's own, written as a user would: out = x * 2 over n float32 values. */
#include <tritonc/tritonc.h>

#include "my_kernels.h"

static void my_scale_body(tl_builder *b, const my_scale_cfg *cfg)
{
    tl_value x = tl_arg(b, "x_ptr", TL_PTR(TL_F32));
    tl_value out = tl_arg(b, "out_ptr", TL_PTR(TL_F32));
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_value offs = tl_add(tl_mul(tl_program_id(b, 0), cfg->BLOCK), tl_arange(b, 0, cfg->BLOCK));
    tl_value mask = tl_lt(offs, n);
    tl_value v = tl_load(tl_addptr(x, offs), .mask = mask);
    tl_store(tl_addptr(out, offs), tl_mul(v, 2.0), .mask = mask);
}

static const my_scale_cfg my_scale_default = {.BLOCK = 128};
static const tl_cfg_field my_scale_fields[] = {TL_CFG_FIELD(my_scale_cfg, BLOCK, TL_CFG_INT)};

TL_KERNEL(my_scale_kernel, my_scale_cfg, my_scale_body,
          .name = "my_scale",
          .inputs = TL_NAMES("x_ptr", "n"),
          .outputs = TL_NAMES("out_ptr"),
          .cfg_default = &my_scale_default,
          .nfields = 1,
          .fields = my_scale_fields);
