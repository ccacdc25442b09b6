/* softmax_xla: the fused row-wise softmax of a [rows, N_COLS] float32 tensor, one program per
 * row, in the form XLA's Triton custom call launches: every argument a buffer, inputs first,
 * then outputs (the row length is a constexpr: XLA's shapes are static). A line-for-line port of
 * kernels/features/softmax_xla.py; its typed call site is in kernels/xla_calls.h. */
#include <math.h>

#include "tritonc/tritonc.h"

typedef struct softmax_xla_cfg {
    int N_COLS; /* the row length (rows are contiguous) */
    int BLOCK;  /* N_COLS rounded up to a power of two */
} softmax_xla_cfg;

static void softmax_xla(tl_builder *builder, const softmax_xla_cfg *cfg)
{
    tl_value in_ptr = tl_arg(builder, "in_ptr", TL_PTR(TL_F32));
    tl_value out_ptr = tl_arg(builder, "out_ptr", TL_PTR(TL_F32));

    tl_value row = tl_program_id(builder, 0);
    tl_value cols = tl_arange(builder, 0, cfg->BLOCK);
    tl_value mask = tl_lt(cols, cfg->N_COLS);
    tl_value x = tl_load(tl_addptr(tl_addptr(in_ptr, tl_mul(row, cfg->N_COLS)), cols), .mask = mask, .other = tl_lit(-INFINITY));
    tl_value z = tl_sub(x, tl_max(x, 0));
    tl_value num = tl_exp(z);
    tl_value den = tl_sum(num, 0);
    tl_store(tl_addptr(tl_addptr(out_ptr, tl_mul(row, cfg->N_COLS)), cols), tl_div(num, den), .mask = mask);
}

static const softmax_xla_cfg softmax_xla_default = {.N_COLS = 1000, .BLOCK = 1024};
static const tl_cfg_field softmax_xla_fields[] = {TL_CFG_FIELD(softmax_xla_cfg, N_COLS, TL_CFG_INT),
                                                  TL_CFG_FIELD(softmax_xla_cfg, BLOCK, TL_CFG_INT)};

TL_KERNEL(softmax_xla_kernel, softmax_xla_cfg, softmax_xla,
          .name = "softmax_xla",
          .inputs = TL_NAMES("in_ptr"),
          .outputs = TL_NAMES("out_ptr"),
          .python = "kernels/features/softmax_xla.py",
          .doc = "row-wise softmax of [rows, N_COLS] float32, every argument a buffer: for XLA's Triton call",
          .cfg_default = &softmax_xla_default,
          .nfields = (int)(sizeof softmax_xla_fields / sizeof softmax_xla_fields[0]),
          .fields = softmax_xla_fields,
          .problem = "in_ptr[4000] out_ptr[4000] grid=4");
