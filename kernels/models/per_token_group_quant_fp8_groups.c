/* per_token_group_quant_fp8_groups: fp8 e4m3 quantization per group of a token's row, GROUPS
 * groups per program as one tile (16-byte loads), optionally with power-of-two scales
 * (kernels/models/per_token_group_quant_fp8_groups.py, line for line; docs/kernels_norm_quant.md). */
#include <stdbool.h>

#include "tritonc/tritonc.h"

typedef struct per_token_group_quant_fp8_groups_cfg {
    tl_dtype dtype;  /* input dtype: bfloat16, float16 or float32 */
    bool use_ue8m0;  /* scales rounded up to powers of two (2^ceil(log2(scale))) */
    int BLOCK;       /* group_size rounded up to a power of two */
    int GROUPS;      /* groups per program: a power of two */
} per_token_group_quant_fp8_groups_cfg;

/* group_size, y_num_columns, y_row_stride: multiples of 16 elements (see the Python module). */
#define MULTIPLE_OF_16 TL_SCALAR_OPTS(TL_I32, .divisibility = 16)

static void per_token_group_quant_fp8_groups(tl_builder *builder, const per_token_group_quant_fp8_groups_cfg *cfg)
{
    const int BLOCK = cfg->BLOCK, GROUPS = cfg->GROUPS;
    tl_value y_ptr = tl_arg(builder, "y_ptr", TL_PTR(cfg->dtype));
    tl_value y_q_ptr = tl_arg(builder, "y_q_ptr", TL_PTR(TL_FP8E4NV));
    tl_value y_s_ptr = tl_arg(builder, "y_s_ptr", TL_PTR(TL_F32));
    tl_value group_size = tl_arg(builder, "group_size", MULTIPLE_OF_16);
    tl_value y_num_columns = tl_arg(builder, "y_num_columns", MULTIPLE_OF_16);
    tl_value y_row_stride = tl_arg(builder, "y_row_stride", MULTIPLE_OF_16);
    tl_value eps = tl_arg(builder, "eps", TL_SCALAR(TL_F32));
    tl_value fp8_min = tl_arg(builder, "fp8_min", TL_SCALAR(TL_F32));
    tl_value fp8_max = tl_arg(builder, "fp8_max", TL_SCALAR(TL_F32));

    tl_value groups_per_row = tl_floordiv(y_num_columns, group_size);
    tl_value row = tl_program_id(builder, 0);
    tl_value groups = tl_add(tl_mul(tl_program_id(builder, 1), GROUPS), tl_arange(builder, 0, GROUPS));
    tl_value cols = tl_arange(builder, 0, BLOCK);
    tl_value group_mask = tl_lt(groups, groups_per_row);
    tl_value mask = tl_and(tl_index(group_mask, TL_ALL, TL_NONE), tl_index(tl_lt(cols, group_size), TL_NONE, TL_ALL));
    tl_value offs = tl_add(tl_mul(tl_index(groups, TL_ALL, TL_NONE), group_size), tl_index(cols, TL_NONE, TL_ALL));
    /* 64-bit row offsets: tokens x hidden may pass 2^31 elements */
    tl_value y = tl_to(tl_load(tl_addptr(y_ptr, tl_mul(tl_to(row, TL_I64), y_row_stride), offs), .mask = mask, .other = tl_lit(0.0)), TL_F32);
    tl_value absmax = tl_maximum(tl_max(tl_abs(y), 1), eps);
    tl_value scale = tl_div(absmax, fp8_max);
    tl_value y_s = cfg->use_ue8m0 ? tl_exp2(tl_ceil(tl_log2(scale))) : scale;
    tl_value y_q = tl_to(tl_clamp(tl_div(y, tl_index(y_s, TL_ALL, TL_NONE)), fp8_min, fp8_max), y_q_ptr.dtype);
    tl_store(tl_addptr(y_q_ptr, tl_mul(tl_to(row, TL_I64), y_num_columns), offs), y_q, .mask = mask);
    tl_store(tl_addptr(y_s_ptr, tl_mul(row, groups_per_row), groups), y_s, .mask = group_mask);
}

static const per_token_group_quant_fp8_groups_cfg per_token_group_quant_fp8_groups_default = {
    .dtype = TL_BF16, .use_ue8m0 = false, .BLOCK = 128, .GROUPS = 8};
static const tl_cfg_field per_token_group_quant_fp8_groups_fields[] = {
    TL_CFG_FIELD(per_token_group_quant_fp8_groups_cfg, dtype, TL_CFG_DTYPE),
    TL_CFG_FIELD(per_token_group_quant_fp8_groups_cfg, use_ue8m0, TL_CFG_BOOL),
    TL_CFG_FIELD(per_token_group_quant_fp8_groups_cfg, BLOCK, TL_CFG_INT),
    TL_CFG_FIELD(per_token_group_quant_fp8_groups_cfg, GROUPS, TL_CFG_INT),
};

TL_KERNEL(per_token_group_quant_fp8_groups_kernel, per_token_group_quant_fp8_groups_cfg,
          per_token_group_quant_fp8_groups,
          .name = "per_token_group_quant_fp8_groups",
          .inputs = TL_NAMES("y_ptr", "group_size", "y_num_columns", "y_row_stride", "eps", "fp8_min", "fp8_max"),
          .outputs = TL_NAMES("y_q_ptr", "y_s_ptr"),
          .python = "kernels/models/per_token_group_quant_fp8_groups.py",
          .doc = "fp8 e4m3 quantization per token group (vLLM), GROUPS groups of a row per program, 16-byte loads",
          .cfg_default = &per_token_group_quant_fp8_groups_default,
          .nfields = (int)(sizeof per_token_group_quant_fp8_groups_fields /
                           sizeof per_token_group_quant_fp8_groups_fields[0]),
          .fields = per_token_group_quant_fp8_groups_fields,
          .problem = "y_ptr[7680] y_q_ptr[7680] y_s_ptr[60] group_size=128 y_num_columns=1280 y_row_stride=1280 "
                     "eps=1e-10 fp8_min=-448 fp8_max=448 grid=6,2");
