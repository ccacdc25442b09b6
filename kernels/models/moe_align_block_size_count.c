/* moe_align_block_size_count: step 1 of the parallel moe_align_block_size: the pairs of each
 * expert in each chunk of BLOCK_T pairs (a histogram), and of the experts below it, a program per
 * chunk (kernels/models/moe_align_block_size_count.py, line for line; docs/kernels_moe.md). */
#include "tritonc/tritonc.h"

typedef struct moe_align_block_size_count_cfg {
    int NUM_EXPERTS; /* experts: ids outside [0, NUM_EXPERTS) are left out */
    int BLOCK_E;     /* NUM_EXPERTS rounded up to a power of two */
    int BLOCK_T;     /* pairs per chunk (per program): a power of two */
} moe_align_block_size_count_cfg;

static void moe_align_block_size_count(tl_builder *builder, const moe_align_block_size_count_cfg *cfg)
{
    const int NUM_EXPERTS = cfg->NUM_EXPERTS, BLOCK_E = cfg->BLOCK_E, BLOCK_T = cfg->BLOCK_T;
    tl_value topk_ids_ptr = tl_arg(builder, "topk_ids_ptr", TL_PTR(TL_I32));
    tl_value chunk_counts_ptr = tl_arg(builder, "chunk_counts_ptr", TL_PTR(TL_I32));
    tl_value chunk_prefix_ptr = tl_arg(builder, "chunk_prefix_ptr", TL_PTR(TL_I32));
    tl_value numel = tl_arg(builder, "numel", TL_SCALAR(TL_I32));

    tl_value chunk = tl_program_id(builder, 0);
    tl_value offs = tl_add(tl_mul(chunk, BLOCK_T), tl_arange(builder, 0, BLOCK_T));
    tl_value experts = tl_arange(builder, 0, BLOCK_E);
    tl_value ids = tl_load(tl_addptr(topk_ids_ptr, offs), .mask = tl_lt(offs, numel), .other = tl_lit(-1));
    tl_value counts = tl_histogram(ids, BLOCK_E, .mask = tl_and(tl_ge(ids, 0), tl_lt(ids, NUM_EXPERTS))); /* an id from NUM_EXPERTS on is none */
    tl_store(tl_addptr(chunk_counts_ptr, tl_mul(chunk, BLOCK_E), experts), counts);
    tl_store(tl_addptr(chunk_prefix_ptr, tl_mul(chunk, BLOCK_E), experts), tl_sub(tl_cumsum(counts, 0), counts));
}

static const moe_align_block_size_count_cfg moe_align_block_size_count_default = {
    .NUM_EXPERTS = 8, .BLOCK_E = 8, .BLOCK_T = 1024};
static const tl_cfg_field moe_align_block_size_count_fields[] = {
    TL_CFG_FIELD(moe_align_block_size_count_cfg, NUM_EXPERTS, TL_CFG_INT),
    TL_CFG_FIELD(moe_align_block_size_count_cfg, BLOCK_E, TL_CFG_INT),
    TL_CFG_FIELD(moe_align_block_size_count_cfg, BLOCK_T, TL_CFG_INT),
};

TL_KERNEL(moe_align_block_size_count_kernel, moe_align_block_size_count_cfg, moe_align_block_size_count,
          .name = "moe_align_block_size_count",
          .inputs = TL_NAMES("topk_ids_ptr", "numel"),
          .outputs = TL_NAMES("chunk_counts_ptr", "chunk_prefix_ptr"),
          .python = "kernels/models/moe_align_block_size_count.py",
          .doc = "MoE routing, parallel step 1 of 3: the pairs of each expert in each chunk of BLOCK_T pairs",
          .cfg_default = &moe_align_block_size_count_default,
          .nfields = (int)(sizeof moe_align_block_size_count_fields / sizeof moe_align_block_size_count_fields[0]),
          .fields = moe_align_block_size_count_fields,
          .problem = "topk_ids_ptr[2500] chunk_counts_ptr[24] chunk_prefix_ptr[24] numel=2500 grid=3");
