/* moe_align_block_size_scatter: step 3 of the parallel moe_align_block_size: each chunk sorted
 * by expert, each pair to its expert's first slot in the chunk plus the pairs of that expert
 * before it, a program per chunk (kernels/models/moe_align_block_size_scatter.py, line for line;
 * docs/kernels_moe.md). */
#include "tritonc/tritonc.h"

typedef struct moe_align_block_size_scatter_cfg {
    int NUM_EXPERTS; /* experts: ids outside [0, NUM_EXPERTS) are left out */
    int BLOCK_E;     /* NUM_EXPERTS rounded up to a power of two */
    int BLOCK_T;     /* pairs per chunk (per program), the count step's: a power of two */
} moe_align_block_size_scatter_cfg;

static void moe_align_block_size_scatter(tl_builder *builder, const moe_align_block_size_scatter_cfg *cfg)
{
    const int NUM_EXPERTS = cfg->NUM_EXPERTS, BLOCK_E = cfg->BLOCK_E, BLOCK_T = cfg->BLOCK_T;
    tl_value topk_ids_ptr = tl_arg(builder, "topk_ids_ptr", TL_PTR(TL_I32));
    tl_value chunk_offsets_ptr = tl_arg(builder, "chunk_offsets_ptr", TL_PTR(TL_I32));
    tl_value chunk_prefix_ptr = tl_arg(builder, "chunk_prefix_ptr", TL_PTR(TL_I32));
    tl_value sorted_token_ids_ptr = tl_arg(builder, "sorted_token_ids_ptr", TL_PTR(TL_I32));
    tl_value numel = tl_arg(builder, "numel", TL_SCALAR(TL_I32));

    tl_value chunk = tl_program_id(builder, 0);
    tl_value pairs = tl_arange(builder, 0, BLOCK_T);
    tl_value offs = tl_add(tl_mul(chunk, BLOCK_T), pairs);
    tl_value ids = tl_load(tl_addptr(topk_ids_ptr, offs), .mask = tl_lt(offs, numel), .other = tl_lit(-1));
    ids = tl_where(tl_and(tl_ge(ids, 0), tl_lt(ids, NUM_EXPERTS)), ids, BLOCK_E); /* no expert: after every expert */
    tl_value keys = tl_sort(tl_add(tl_mul(ids, BLOCK_T), pairs));
    tl_value experts = tl_floordiv(keys, BLOCK_T);
    tl_value valid = tl_lt(experts, NUM_EXPERTS);
    tl_value at = tl_add(tl_mul(chunk, BLOCK_E), experts);
    tl_value first = tl_sub(tl_load(tl_addptr(chunk_offsets_ptr, at), .mask = valid, .other = tl_lit(0)), tl_load(tl_addptr(chunk_prefix_ptr, at), .mask = valid, .other = tl_lit(0)));
    tl_store(tl_addptr(tl_addptr(sorted_token_ids_ptr, first), pairs), tl_add(tl_mul(chunk, BLOCK_T), tl_mod(keys, BLOCK_T)), .mask = valid);
}

static const moe_align_block_size_scatter_cfg moe_align_block_size_scatter_default = {
    .NUM_EXPERTS = 8, .BLOCK_E = 8, .BLOCK_T = 1024};
static const tl_cfg_field moe_align_block_size_scatter_fields[] = {
    TL_CFG_FIELD(moe_align_block_size_scatter_cfg, NUM_EXPERTS, TL_CFG_INT),
    TL_CFG_FIELD(moe_align_block_size_scatter_cfg, BLOCK_E, TL_CFG_INT),
    TL_CFG_FIELD(moe_align_block_size_scatter_cfg, BLOCK_T, TL_CFG_INT),
};

TL_KERNEL(moe_align_block_size_scatter_kernel, moe_align_block_size_scatter_cfg, moe_align_block_size_scatter,
          .name = "moe_align_block_size_scatter",
          .inputs = TL_NAMES("topk_ids_ptr", "chunk_offsets_ptr", "chunk_prefix_ptr", "numel"),
          .inouts = TL_NAMES("sorted_token_ids_ptr"), /* the scan step's padding kept, the pairs' slots written */
          .python = "kernels/models/moe_align_block_size_scatter.py",
          .doc = "MoE routing, parallel step 3 of 3: each chunk sorted by expert, each pair to its slot (stable)",
          .cfg_default = &moe_align_block_size_scatter_default,
          .nfields = (int)(sizeof moe_align_block_size_scatter_fields / sizeof moe_align_block_size_scatter_fields[0]),
          .fields = moe_align_block_size_scatter_fields,
          .problem = "topk_ids_ptr[16]=0,1,2,3,4,5,6,7,7,6,5,4,3,2,1,0 chunk_offsets_ptr[16]=0,64,128,192,256,320,384,448 "
                     "chunk_prefix_ptr[16]=0,2,4,6,8,10,12,14 sorted_token_ids_ptr[520] numel=16 grid=1");
