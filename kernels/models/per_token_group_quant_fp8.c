/* per_token_group_quant_fp8: fp8 e4m3 quantization per group of a token's row, one program per
 * group, optionally with power-of-two scales (kernels/models/per_token_group_quant_fp8.py, line for line). */
#include <stdbool.h>

#include "tritonc/tritonc.h"

typedef struct per_token_group_quant_fp8_cfg {
    tl_dtype dtype;  /* input dtype: bfloat16, float16 or float32 */
    bool use_ue8m0;  /* scales rounded up to powers of two (2^ceil(log2(scale))) */
    int BLOCK;       /* group_size rounded up to a power of two */
} per_token_group_quant_fp8_cfg;

static void per_token_group_quant_fp8(tl_builder *builder, const per_token_group_quant_fp8_cfg *cfg)
{
    const int BLOCK = cfg->BLOCK;
    tl_value y_ptr = tl_arg(builder, "y_ptr", TL_PTR(cfg->dtype));
    tl_value y_q_ptr = tl_arg(builder, "y_q_ptr", TL_PTR(TL_FP8E4NV));
    tl_value y_s_ptr = tl_arg(builder, "y_s_ptr", TL_PTR(TL_F32));
    tl_value group_size = tl_arg(builder, "group_size", TL_SCALAR(TL_I32));
    tl_value y_num_columns = tl_arg(builder, "y_num_columns", TL_SCALAR(TL_I32));
    tl_value y_row_stride = tl_arg(builder, "y_row_stride", TL_SCALAR(TL_I32));
    tl_value eps = tl_arg(builder, "eps", TL_SCALAR(TL_F32));
    tl_value fp8_min = tl_arg(builder, "fp8_min", TL_SCALAR(TL_F32));
    tl_value fp8_max = tl_arg(builder, "fp8_max", TL_SCALAR(TL_F32));

    tl_value groups_per_row = tl_floordiv(y_num_columns, group_size);
    tl_value g_id = tl_program_id(builder, 0);
    tl_value row = tl_floordiv(g_id, groups_per_row);
    tl_value row_g_id = tl_mod(g_id, groups_per_row);
    /* 64-bit offsets: tokens x hidden may pass 2^31 elements */
    y_ptr = tl_addptr(y_ptr, tl_add(tl_mul(tl_to(row, TL_I64), y_row_stride), tl_mul(tl_to(row_g_id, TL_I64), group_size)));
    y_q_ptr = tl_addptr(y_q_ptr, tl_mul(tl_to(g_id, TL_I64), group_size));
    y_s_ptr = tl_addptr(y_s_ptr, g_id);
    tl_value cols = tl_arange(builder, 0, BLOCK);
    tl_value mask = tl_lt(cols, group_size);
    tl_value y = tl_to(tl_load(tl_addptr(y_ptr, cols), .mask = mask, .other = tl_lit(0.0)), TL_F32);
    tl_value absmax = tl_maximum(tl_max(tl_abs(y)), eps);
    tl_value scale = tl_div(absmax, fp8_max);
    tl_value y_s = cfg->use_ue8m0 ? tl_exp2(tl_ceil(tl_log2(scale))) : scale;
    tl_value y_q = tl_to(tl_clamp(tl_div(y, y_s), fp8_min, fp8_max), y_q_ptr.dtype);
    tl_store(tl_addptr(y_q_ptr, cols), y_q, .mask = mask);
    tl_store(y_s_ptr, y_s);
}

static const per_token_group_quant_fp8_cfg per_token_group_quant_fp8_default = {.dtype = TL_BF16, .use_ue8m0 = false,
                                                                                .BLOCK = 128};
static const tl_cfg_field per_token_group_quant_fp8_fields[] = {
    TL_CFG_FIELD(per_token_group_quant_fp8_cfg, dtype, TL_CFG_DTYPE),
    TL_CFG_FIELD(per_token_group_quant_fp8_cfg, use_ue8m0, TL_CFG_BOOL),
    TL_CFG_FIELD(per_token_group_quant_fp8_cfg, BLOCK, TL_CFG_INT),
};

TL_KERNEL(per_token_group_quant_fp8_kernel, per_token_group_quant_fp8_cfg, per_token_group_quant_fp8,
          .name = "per_token_group_quant_fp8",
          .inputs = TL_NAMES("y_ptr", "group_size", "y_num_columns", "y_row_stride", "eps", "fp8_min", "fp8_max"),
          .outputs = TL_NAMES("y_q_ptr", "y_s_ptr"),
          .python = "kernels/models/per_token_group_quant_fp8.py",
          .doc = "fp8 e4m3 quantization per token group (vLLM), one program per group; use_ue8m0: power-of-two scales",
          .cfg_default = &per_token_group_quant_fp8_default,
          .nfields = (int)(sizeof per_token_group_quant_fp8_fields / sizeof per_token_group_quant_fp8_fields[0]),
          .fields = per_token_group_quant_fp8_fields,
          .problem = "y_ptr[4096] y_q_ptr[4096] y_s_ptr[32] group_size=128 y_num_columns=512 y_row_stride=512 "
                     "eps=1e-10 fp8_min=-448 fp8_max=448 grid=32");
