/* The registry of bundled kernels (see bundled.h). Each kernel lives in its own C file beside
 * the Python original it ports; this file only lists them, in a fixed order. */
#include "bundled.h"

#include <string.h>

/* Defined by TL_KERNEL in the kernel's own C file. */
extern const tl_kernel vector_add_kernel;
extern const tl_kernel vector_add_xla_kernel;
extern const tl_kernel softmax_xla_kernel;
extern const tl_kernel arith_float_kernel;
extern const tl_kernel arith_int_kernel;
extern const tl_kernel casts_kernel;
extern const tl_kernel constant_order_kernel;
extern const tl_kernel memory_kernel;
extern const tl_kernel descriptors_kernel;
extern const tl_kernel reductions_kernel;
extern const tl_kernel custom_combine_kernel;
extern const tl_kernel control_kernel;
extern const tl_kernel debug_and_asm_kernel;
extern const tl_kernel random_k_kernel;
extern const tl_kernel shapes_kernel;
extern const tl_kernel dots_kernel;
extern const tl_kernel softmax_kernel;
extern const tl_kernel matmul_kernel;
extern const tl_kernel layer_norm_fwd_kernel;
extern const tl_kernel layer_norm_bwd_dx_kernel;
extern const tl_kernel layer_norm_bwd_dwdb_kernel;
extern const tl_kernel per_token_group_quant_fp8_kernel;
extern const tl_kernel flash_attention_kernel;
extern const tl_kernel fused_moe_kernel;
extern const tl_kernel moe_align_block_size_kernel;
extern const tl_kernel unified_attention_2d_kernel;
extern const tl_kernel unified_attention_3d_kernel;
extern const tl_kernel reduce_segments_kernel;
extern const tl_kernel layer_norm_fwd_rows_kernel;
extern const tl_kernel layer_norm_bwd_dx_rows_kernel;
extern const tl_kernel rms_norm_fwd_kernel;
extern const tl_kernel rms_norm_bwd_kernel;
extern const tl_kernel fused_add_rms_norm_kernel;
extern const tl_kernel per_token_group_quant_fp8_groups_kernel;
extern const tl_kernel moe_align_block_size_count_kernel;
extern const tl_kernel moe_align_block_size_scan_kernel;
extern const tl_kernel moe_align_block_size_scatter_kernel;
extern const tl_kernel matmul_tma_persistent_kernel;
extern const tl_kernel attention_tma_kernel;

static const tl_kernel *const bundled_kernels[] = {
    &vector_add_kernel,
    &vector_add_xla_kernel,
    &softmax_xla_kernel,
    &arith_float_kernel,
    &arith_int_kernel,
    &casts_kernel,
    &constant_order_kernel,
    &memory_kernel,
    &descriptors_kernel,
    &reductions_kernel,
    &custom_combine_kernel,
    &control_kernel,
    &debug_and_asm_kernel,
    &random_k_kernel,
    &shapes_kernel,
    &dots_kernel,
    &softmax_kernel,
    &matmul_kernel,
    &layer_norm_fwd_kernel,
    &layer_norm_bwd_dx_kernel,
    &layer_norm_bwd_dwdb_kernel,
    &per_token_group_quant_fp8_kernel,
    &flash_attention_kernel,
    &fused_moe_kernel,
    &moe_align_block_size_kernel,
    &unified_attention_2d_kernel,
    &unified_attention_3d_kernel,
    &reduce_segments_kernel,
    &layer_norm_fwd_rows_kernel,
    &layer_norm_bwd_dx_rows_kernel,
    &rms_norm_fwd_kernel,
    &rms_norm_bwd_kernel,
    &fused_add_rms_norm_kernel,
    &per_token_group_quant_fp8_groups_kernel,
    &moe_align_block_size_count_kernel,
    &moe_align_block_size_scan_kernel,
    &moe_align_block_size_scatter_kernel,
    &matmul_tma_persistent_kernel,
    &attention_tma_kernel,
};

int tritonc_bundled_count(void)
{
    return (int)(sizeof bundled_kernels / sizeof bundled_kernels[0]);
}

const tl_kernel *tritonc_bundled_at(int i)
{
    if (i < 0 || i >= tritonc_bundled_count())
        return NULL;
    return bundled_kernels[i];
}

const tl_kernel *tritonc_bundled_find(const char *name)
{
    if (name == NULL)
        return NULL;
    for (int i = 0; i < tritonc_bundled_count(); i++)
        if (strcmp(bundled_kernels[i]->name, name) == 0)
            return bundled_kernels[i];
    return NULL;
}
