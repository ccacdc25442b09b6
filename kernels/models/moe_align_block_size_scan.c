/* moe_align_block_size_scan: step 2 of the parallel moe_align_block_size: a program per EG
 * experts sums the chunk counts, pads them, and writes its experts' part of the frame of the
 * layout (each chunk's first slots, the expert of each block, the padding slots) and its share of
 * the tails (kernels/models/moe_align_block_size_scan.py, line for line; docs/kernels_moe.md). */
#include "tritonc/tritonc.h"

typedef struct moe_align_block_size_scan_cfg {
    int NUM_EXPERTS; /* experts */
    int BLOCK_SIZE;  /* fused_moe's BLOCK_SIZE_M: a power of two */
    int BLOCK_E;     /* NUM_EXPERTS rounded up to a power of two (the count step's) */
    int EG;          /* experts per program (grid BLOCK_E / EG): a power of two, at most BLOCK_E */
    int BLOCK_C;     /* chunks per step: a power of two */
    int BLOCK_B;     /* blocks per expert per step of the expert ids: a power of two */
    int BLOCK_T;     /* blocks or slots per step of the tails: a power of two */
} moe_align_block_size_scan_cfg;

static void moe_align_block_size_scan(tl_builder *builder, const moe_align_block_size_scan_cfg *cfg)
{
    const int BLOCK_SIZE = cfg->BLOCK_SIZE, BLOCK_E = cfg->BLOCK_E, EG = cfg->EG, BLOCK_C = cfg->BLOCK_C;
    const int BLOCK_B = cfg->BLOCK_B, BLOCK_T = cfg->BLOCK_T;
    tl_value chunk_counts_ptr = tl_arg(builder, "chunk_counts_ptr", TL_PTR(TL_I32));
    tl_value chunk_offsets_ptr = tl_arg(builder, "chunk_offsets_ptr", TL_PTR(TL_I32));
    tl_value sorted_token_ids_ptr = tl_arg(builder, "sorted_token_ids_ptr", TL_PTR(TL_I32));
    tl_value expert_ids_ptr = tl_arg(builder, "expert_ids_ptr", TL_PTR(TL_I32));
    tl_value num_tokens_post_padded_ptr = tl_arg(builder, "num_tokens_post_padded_ptr", TL_PTR(TL_I32));
    tl_value numel = tl_arg(builder, "numel", TL_SCALAR(TL_I32));
    tl_value num_chunks = tl_arg(builder, "num_chunks", TL_SCALAR(TL_I32));
    tl_value max_num_tokens_padded = tl_arg(builder, "max_num_tokens_padded", TL_SCALAR(TL_I32));
    tl_value max_num_m_blocks = tl_arg(builder, "max_num_m_blocks", TL_SCALAR(TL_I32));

    tl_value pid = tl_program_id(builder, 0);
    tl_value programs = tl_num_programs(builder, 0);
    tl_value experts = tl_arange(builder, 0, BLOCK_E);
    /* the pairs of each expert: the chunks' counts summed */
    tl_value counts = tl_zeros(builder, TL_SHAPE(BLOCK_E), TL_I32);
    tl_scope sum_loop = tl_for(builder, 0, num_chunks, BLOCK_C, .carry = TL_VARS(&counts)); { tl_value start = sum_loop.iv;
        tl_value chunks = tl_add(start, tl_arange(builder, 0, BLOCK_C));
        tl_value tile = tl_load(tl_addptr(tl_addptr(chunk_counts_ptr, tl_mul(tl_index(chunks, TL_ALL, TL_NONE), BLOCK_E)), tl_index(experts, TL_NONE, TL_ALL)), .mask = tl_index(tl_lt(chunks, num_chunks), TL_ALL, TL_NONE), .other = tl_lit(0));
        counts = tl_add(counts, tl_sum(tile, 0));
    } tl_end(&sum_loop);
    tl_value padded = tl_mul(tl_cdiv(counts, BLOCK_SIZE), BLOCK_SIZE);
    tl_value total = tl_sum(padded, 0);
    tl_store(num_tokens_post_padded_ptr, total, .mask = tl_eq(pid, 0));
    /* this program's experts: their first slots, pairs and padded sizes, picked out of the BLOCK_E */
    tl_value mine = tl_add(tl_mul(pid, EG), tl_arange(builder, 0, EG));
    tl_value starts = tl_sum(tl_where(tl_lt(tl_index(experts, TL_NONE, TL_ALL), tl_index(mine, TL_ALL, TL_NONE)), tl_index(padded, TL_NONE, TL_ALL), 0), 1);
    counts = tl_sum(tl_where(tl_eq(tl_index(experts, TL_NONE, TL_ALL), tl_index(mine, TL_ALL, TL_NONE)), tl_index(counts, TL_NONE, TL_ALL), 0), 1);
    padded = tl_mul(tl_cdiv(counts, BLOCK_SIZE), BLOCK_SIZE);
    /* each chunk's first slot per expert: the expert's start plus its pairs in the chunks before */
    tl_value before = tl_zeros(builder, TL_SHAPE(EG), TL_I32);
    tl_scope first_loop = tl_for(builder, 0, num_chunks, BLOCK_C, .carry = TL_VARS(&before)); { tl_value start = first_loop.iv;
        tl_value chunks = tl_add(start, tl_arange(builder, 0, BLOCK_C));
        tl_value offs = tl_add(tl_mul(tl_index(chunks, TL_ALL, TL_NONE), BLOCK_E), tl_index(mine, TL_NONE, TL_ALL));
        tl_value tile = tl_load(tl_addptr(chunk_counts_ptr, offs), .mask = tl_index(tl_lt(chunks, num_chunks), TL_ALL, TL_NONE), .other = tl_lit(0));
        tl_store(tl_addptr(chunk_offsets_ptr, offs), tl_add(tl_sub(tl_cumsum(tile, 0), tile), tl_index(tl_add(starts, before), TL_NONE, TL_ALL)), .mask = tl_index(tl_lt(chunks, num_chunks), TL_ALL, TL_NONE));
        before = tl_add(before, tl_sum(tile, 0));
    } tl_end(&first_loop);
    /* the expert of each block: e owns padded // BLOCK_SIZE blocks from starts // BLOCK_SIZE on */
    tl_value blocks = tl_floordiv(padded, BLOCK_SIZE);
    tl_scope owner_loop = tl_for(builder, 0, tl_max(blocks, 0), BLOCK_B); { tl_value first = owner_loop.iv;
        tl_value j = tl_add(first, tl_arange(builder, 0, BLOCK_B));
        tl_store(tl_addptr(tl_addptr(expert_ids_ptr, tl_index(tl_floordiv(starts, BLOCK_SIZE), TL_ALL, TL_NONE)), tl_index(j, TL_NONE, TL_ALL)), tl_index(mine, TL_ALL, TL_NONE), .mask = tl_lt(tl_index(j, TL_NONE, TL_ALL), tl_index(blocks, TL_ALL, TL_NONE)));
    } tl_end(&owner_loop);
    tl_scope none_loop = tl_for(builder, tl_add(tl_floordiv(total, BLOCK_SIZE), tl_mul(pid, BLOCK_T)), max_num_m_blocks, tl_mul(programs, BLOCK_T)); { tl_value first = none_loop.iv;
        tl_value j = tl_add(first, tl_arange(builder, 0, BLOCK_T));
        tl_store(tl_addptr(expert_ids_ptr, j), -1, .mask = tl_lt(j, max_num_m_blocks));
    } tl_end(&none_loop);
    /* padding: the slots after each expert's pairs up to its padded end, and from the total on */
    tl_value pad = tl_arange(builder, 0, BLOCK_SIZE);
    tl_store(tl_addptr(tl_addptr(sorted_token_ids_ptr, tl_index(tl_add(starts, counts), TL_ALL, TL_NONE)), tl_index(pad, TL_NONE, TL_ALL)), numel, .mask = tl_lt(tl_index(pad, TL_NONE, TL_ALL), tl_index(tl_sub(padded, counts), TL_ALL, TL_NONE)));
    tl_scope tail_loop = tl_for(builder, tl_add(total, tl_mul(pid, BLOCK_T)), max_num_tokens_padded, tl_mul(programs, BLOCK_T)); { tl_value first = tail_loop.iv;
        tl_value slots = tl_add(first, tl_arange(builder, 0, BLOCK_T));
        tl_store(tl_addptr(sorted_token_ids_ptr, slots), numel, .mask = tl_lt(slots, max_num_tokens_padded));
    } tl_end(&tail_loop);
}

static const moe_align_block_size_scan_cfg moe_align_block_size_scan_default = {
    .NUM_EXPERTS = 8, .BLOCK_SIZE = 64, .BLOCK_E = 8, .EG = 8, .BLOCK_C = 1024, .BLOCK_B = 256, .BLOCK_T = 1024};
static const tl_cfg_field moe_align_block_size_scan_fields[] = {
    TL_CFG_FIELD(moe_align_block_size_scan_cfg, NUM_EXPERTS, TL_CFG_INT),
    TL_CFG_FIELD(moe_align_block_size_scan_cfg, BLOCK_SIZE, TL_CFG_INT),
    TL_CFG_FIELD(moe_align_block_size_scan_cfg, BLOCK_E, TL_CFG_INT),
    TL_CFG_FIELD(moe_align_block_size_scan_cfg, EG, TL_CFG_INT),
    TL_CFG_FIELD(moe_align_block_size_scan_cfg, BLOCK_C, TL_CFG_INT),
    TL_CFG_FIELD(moe_align_block_size_scan_cfg, BLOCK_B, TL_CFG_INT),
    TL_CFG_FIELD(moe_align_block_size_scan_cfg, BLOCK_T, TL_CFG_INT),
};

TL_KERNEL(moe_align_block_size_scan_kernel, moe_align_block_size_scan_cfg, moe_align_block_size_scan,
          .name = "moe_align_block_size_scan",
          .inputs = TL_NAMES("chunk_counts_ptr", "numel", "num_chunks", "max_num_tokens_padded", "max_num_m_blocks"),
          .outputs = TL_NAMES("chunk_offsets_ptr", "expert_ids_ptr", "num_tokens_post_padded_ptr"),
          .inouts = TL_NAMES("sorted_token_ids_ptr"), /* the padding slots written, the pairs' kept for the scatter */
          .python = "kernels/models/moe_align_block_size_scan.py",
          .doc = "MoE routing, parallel step 2 of 3 (a program per EG experts): totals, padding, expert ids, first slots",
          .cfg_default = &moe_align_block_size_scan_default,
          .nfields = (int)(sizeof moe_align_block_size_scan_fields / sizeof moe_align_block_size_scan_fields[0]),
          .fields = moe_align_block_size_scan_fields,
          .problem = "chunk_counts_ptr[24]=3,0,1,5,2,0,0,4 chunk_offsets_ptr[24] sorted_token_ids_ptr[549] "
                     "expert_ids_ptr[9] num_tokens_post_padded_ptr[1] numel=45 num_chunks=3 "
                     "max_num_tokens_padded=549 max_num_m_blocks=9 grid=1");
