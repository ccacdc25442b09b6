/* The kernel "stale_add" as it was: out = x + y. tests/cuda/test_cuda_stale.c defines a kernel
 * of the same name whose body has since changed (out = x - y), the case of a program linked
 * with variants embedded before its kernel was edited. */
#include "tritonc/tritonc.h"

typedef struct stale_cfg {
    int BLOCK;
} stale_cfg;

static void stale_add_old_body(tl_builder *b, const stale_cfg *cfg)
{
    tl_value x = tl_arg(b, "x_ptr", TL_PTR(TL_F32));
    tl_value y = tl_arg(b, "y_ptr", TL_PTR(TL_F32));
    tl_value out = tl_arg(b, "out_ptr", TL_PTR(TL_F32));
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_value offs = tl_add(tl_mul(tl_program_id(b, 0), cfg->BLOCK), tl_arange(b, 0, cfg->BLOCK));
    tl_value mask = tl_lt(offs, n);
    tl_value sum = tl_add(tl_load(tl_addptr(x, offs), .mask = mask), tl_load(tl_addptr(y, offs), .mask = mask));
    tl_store(tl_addptr(out, offs), sum, .mask = mask);
}

static const stale_cfg stale_default = {.BLOCK = 256};
static const tl_cfg_field stale_fields[] = {TL_CFG_FIELD(stale_cfg, BLOCK, TL_CFG_INT)};

TL_KERNEL(stale_add_old, stale_cfg, stale_add_old_body,
          .name = "stale_add",
          .inputs = TL_NAMES("x_ptr", "y_ptr", "n"),
          .outputs = TL_NAMES("out_ptr"),
          .cfg_default = &stale_default,
          .nfields = 1,
          .fields = stale_fields);
