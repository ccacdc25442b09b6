/* softmax: the fused row-wise softmax, one program per row (kernels/models/softmax.py, line for line). */
#include <math.h>

#include "tritonc/tritonc.h"

typedef struct softmax_cfg {
    int BLOCK; /* the row length rounded up to a power of two */
} softmax_cfg;

static void softmax(tl_builder *builder, const softmax_cfg *cfg)
{
    tl_value out_ptr = tl_arg(builder, "out_ptr", TL_PTR(TL_F32));
    tl_value in_ptr = tl_arg(builder, "in_ptr", TL_PTR(TL_F32));
    tl_value in_row_stride = tl_arg(builder, "in_row_stride", TL_SCALAR(TL_I32));
    tl_value out_row_stride = tl_arg(builder, "out_row_stride", TL_SCALAR(TL_I32));
    tl_value n_cols = tl_arg(builder, "n_cols", TL_SCALAR(TL_I32));

    tl_value row = tl_program_id(builder, 0);
    tl_value cols = tl_arange(builder, 0, cfg->BLOCK);
    tl_value mask = tl_lt(cols, n_cols);
    tl_value x = tl_load(tl_addptr(tl_addptr(in_ptr, tl_mul(row, in_row_stride)), cols), .mask = mask, .other = tl_lit(-INFINITY));
    tl_value z = tl_sub(x, tl_max(x, 0));
    tl_value num = tl_exp(z);
    tl_value den = tl_sum(num, 0);
    tl_store(tl_addptr(tl_addptr(out_ptr, tl_mul(row, out_row_stride)), cols), tl_div(num, den), .mask = mask);
}

static const softmax_cfg softmax_default = {.BLOCK = 1024};
static const tl_cfg_field softmax_fields[] = {TL_CFG_FIELD(softmax_cfg, BLOCK, TL_CFG_INT)};

TL_KERNEL(softmax_kernel, softmax_cfg, softmax,
          .name = "softmax",
          .inputs = TL_NAMES("in_ptr", "in_row_stride", "out_row_stride", "n_cols"),
          .outputs = TL_NAMES("out_ptr"),
          .python = "kernels/models/softmax.py",
          .doc = "row-wise softmax of float32 rows up to BLOCK long, one program per row",
          .cfg_default = &softmax_default,
          .nfields = (int)(sizeof softmax_fields / sizeof softmax_fields[0]),
          .fields = softmax_fields,
          .problem = "out_ptr[4000] in_ptr[4000] in_row_stride=1000 out_row_stride=1000 n_cols=1000 grid=4");
