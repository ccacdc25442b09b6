/* moe_align_block_size: the pairs of a top-k routing grouped by expert, each group padded to a
 * multiple of BLOCK_SIZE, for fused_moe; one program, four passes, deterministic
 * (kernels/models/moe_align_block_size.py, line for line; docs/kernels_moe.md). */
#include "tritonc/tritonc.h"

typedef struct moe_align_block_size_cfg {
    int NUM_EXPERTS; /* experts: ids outside [0, NUM_EXPERTS) are left out */
    int BLOCK_SIZE;  /* fused_moe's BLOCK_SIZE_M: each expert's group is padded to a multiple of it */
    int BLOCK_E;     /* NUM_EXPERTS rounded up to a power of two */
    int BLOCK_T;     /* pairs (blocks, slots) per step of a pass: a power of two */
} moe_align_block_size_cfg;

static void moe_align_block_size(tl_builder *builder, const moe_align_block_size_cfg *cfg)
{
    const int NUM_EXPERTS = cfg->NUM_EXPERTS, BLOCK_SIZE = cfg->BLOCK_SIZE;
    const int BLOCK_E = cfg->BLOCK_E, BLOCK_T = cfg->BLOCK_T;
    tl_value topk_ids_ptr = tl_arg(builder, "topk_ids_ptr", TL_PTR(TL_I32));
    tl_value sorted_token_ids_ptr = tl_arg(builder, "sorted_token_ids_ptr", TL_PTR(TL_I32));
    tl_value expert_ids_ptr = tl_arg(builder, "expert_ids_ptr", TL_PTR(TL_I32));
    tl_value num_tokens_post_padded_ptr = tl_arg(builder, "num_tokens_post_padded_ptr", TL_PTR(TL_I32));
    tl_value numel = tl_arg(builder, "numel", TL_SCALAR(TL_I32));
    tl_value max_num_tokens_padded = tl_arg(builder, "max_num_tokens_padded", TL_SCALAR(TL_I32));
    tl_value max_num_m_blocks = tl_arg(builder, "max_num_m_blocks", TL_SCALAR(TL_I32));

    tl_value experts = tl_arange(builder, 0, BLOCK_E);
    /* pass 1: the pairs of each expert */
    tl_value counts = tl_zeros(builder, TL_SHAPE(BLOCK_E), TL_I32);
    tl_scope pass1 = tl_for(builder, 0, numel, BLOCK_T, .carry = TL_VARS(&counts)); tl_value start = pass1.iv;
        tl_value offs = tl_add(start, tl_arange(builder, 0, BLOCK_T));
        tl_value ids = tl_load(tl_addptr(topk_ids_ptr, offs), .mask = tl_lt(offs, numel), .other = tl_lit(-1));
        ids = tl_where(tl_lt(ids, NUM_EXPERTS), ids, -1); /* an id from NUM_EXPERTS to BLOCK_E is no expert */
        counts = tl_add(counts, tl_sum(tl_to(tl_eq(tl_expand_dims(ids, 0), tl_expand_dims(experts, 1)), TL_I32), 1));
    tl_end(&pass1);
    tl_value padded = tl_mul(tl_cdiv(counts, BLOCK_SIZE), BLOCK_SIZE);
    tl_value ends = tl_cumsum(padded, 0);
    tl_value starts = tl_sub(ends, padded);
    tl_value total = tl_sum(padded, 0);
    tl_store(num_tokens_post_padded_ptr, total);
    /* pass 2: the expert of a block is the number of experts that end at or before its first slot */
    tl_scope pass2 = tl_for(builder, 0, max_num_m_blocks, BLOCK_T); start = pass2.iv;
        tl_value blocks = tl_add(start, tl_arange(builder, 0, BLOCK_T));
        tl_value block_expert = tl_sum(tl_to(tl_le(tl_expand_dims(ends, 1), tl_mul(tl_expand_dims(blocks, 0), BLOCK_SIZE)), TL_I32), 0);
        block_expert = tl_where(tl_lt(block_expert, NUM_EXPERTS), block_expert, -1);
        tl_store(tl_addptr(expert_ids_ptr, blocks), block_expert, .mask = tl_lt(blocks, max_num_m_blocks));
    tl_end(&pass2);
    /* pass 3: a slot before the padded total and outside every expert's pairs is padding; after it, all are */
    tl_scope pass3 = tl_for(builder, 0, total, BLOCK_T); start = pass3.iv;
        tl_value slots = tl_add(start, tl_arange(builder, 0, BLOCK_T));
        tl_value taken = tl_and(tl_ge(tl_expand_dims(slots, 0), tl_expand_dims(starts, 1)), tl_lt(tl_expand_dims(slots, 0), tl_expand_dims(tl_add(starts, counts), 1)));
        tl_value is_pad = tl_eq(tl_sum(tl_to(taken, TL_I32), 0), 0);
        tl_store(tl_addptr(sorted_token_ids_ptr, slots), numel, .mask = tl_and(tl_lt(slots, total), is_pad));
    tl_end(&pass3);
    tl_scope pass3_tail = tl_for(builder, total, max_num_tokens_padded, BLOCK_T); start = pass3_tail.iv;
        slots = tl_add(start, tl_arange(builder, 0, BLOCK_T));
        tl_store(tl_addptr(sorted_token_ids_ptr, slots), numel, .mask = tl_lt(slots, max_num_tokens_padded));
    tl_end(&pass3_tail);
    /* pass 4: a pair's slot is its expert's start plus the pairs of that expert before it */
    tl_value seen = tl_zeros(builder, TL_SHAPE(BLOCK_E), TL_I32);
    tl_scope pass4 = tl_for(builder, 0, numel, BLOCK_T, .carry = TL_VARS(&seen)); start = pass4.iv;
        offs = tl_add(start, tl_arange(builder, 0, BLOCK_T));
        ids = tl_load(tl_addptr(topk_ids_ptr, offs), .mask = tl_lt(offs, numel), .other = tl_lit(-1));
        ids = tl_where(tl_lt(ids, NUM_EXPERTS), ids, -1);
        tl_value hit = tl_to(tl_eq(tl_expand_dims(ids, 0), tl_expand_dims(experts, 1)), TL_I32);
        tl_value before = tl_add(tl_sub(tl_cumsum(hit, 1), hit), tl_expand_dims(tl_add(starts, seen), 1));
        tl_value slot = tl_sum(tl_mul(hit, before), 0);
        tl_store(tl_addptr(sorted_token_ids_ptr, slot), offs, .mask = tl_and(tl_and(tl_lt(offs, numel), tl_ge(ids, 0)), tl_lt(ids, NUM_EXPERTS)));
        seen = tl_add(seen, tl_sum(hit, 1));
    tl_end(&pass4);
}

static const moe_align_block_size_cfg moe_align_block_size_default = {
    .NUM_EXPERTS = 8, .BLOCK_SIZE = 64, .BLOCK_E = 8, .BLOCK_T = 256};
static const tl_cfg_field moe_align_block_size_fields[] = {
    TL_CFG_FIELD(moe_align_block_size_cfg, NUM_EXPERTS, TL_CFG_INT),
    TL_CFG_FIELD(moe_align_block_size_cfg, BLOCK_SIZE, TL_CFG_INT),
    TL_CFG_FIELD(moe_align_block_size_cfg, BLOCK_E, TL_CFG_INT),
    TL_CFG_FIELD(moe_align_block_size_cfg, BLOCK_T, TL_CFG_INT),
};

TL_KERNEL(moe_align_block_size_kernel, moe_align_block_size_cfg, moe_align_block_size,
          .name = "moe_align_block_size",
          .inputs = TL_NAMES("topk_ids_ptr", "numel", "max_num_tokens_padded", "max_num_m_blocks"),
          .outputs = TL_NAMES("sorted_token_ids_ptr", "expert_ids_ptr", "num_tokens_post_padded_ptr"),
          .python = "kernels/models/moe_align_block_size.py",
          .doc = "MoE routing: pair ids grouped by expert, padded to the block size, expert per block (one program)",
          .cfg_default = &moe_align_block_size_default,
          .nfields = (int)(sizeof moe_align_block_size_fields / sizeof moe_align_block_size_fields[0]),
          .fields = moe_align_block_size_fields,
          .problem = "topk_ids_ptr[256] sorted_token_ids_ptr[760] expert_ids_ptr[12] num_tokens_post_padded_ptr[1] "
                     "numel=256 max_num_tokens_padded=760 max_num_m_blocks=12 grid=1");
