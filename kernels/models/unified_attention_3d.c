/* unified_attention_3d: the split-KV variant of unified_attention_2d, one segment of each
 * sequence's keys per program on a third grid axis, writing the partial softmax results that
 * reduce_segments merges (kernels/models/unified_attention_3d.py, line for line). The @jit helpers are
 * the ua_ functions of kernels/models/unified_attention_helpers.c; constexpr ifs are C ifs. */
#include <math.h>

#include "tritonc/tritonc.h"
#include "unified_attention_helpers.h"

typedef struct unified_attention_3d_cfg {
    tl_dtype dtype;          /* of Q, the KV cache and the output: bfloat16 or float16 */
    int NUM_QUERY_HEADS;     /* query heads */
    int NUM_QUERIES_PER_KV;  /* query heads per KV head (GQA group) */
    int BLOCK_SIZE;          /* positions per KV-cache block */
    int TILE_SIZE;           /* keys per step of the loop: a power of two, at least 16 */
    int HEAD_SIZE;           /* the head size */
    int HEAD_SIZE_PADDED;    /* HEAD_SIZE rounded up to a power of two */
    int BLOCK_Q;             /* query positions per program: BLOCK_M / NUM_QUERIES_PER_KV */
    int BLOCK_M;             /* rows per program: a power of two, at least 16 */
    bool USE_SOFTCAP;        /* scores softcap * tanh(s / softcap) */
    bool USE_SINKS;          /* one extra score per query head (sinks_ptr), with no value */
    int SLIDING_WINDOW;      /* > 0: a query sees the SLIDING_WINDOW keys up to itself */
    int NUM_SEGMENTS_PER_SEQ; /* segments each sequence's keys are split into: a power of two */
} unified_attention_3d_cfg;

static void unified_attention_3d(tl_builder *builder, const unified_attention_3d_cfg *cfg)
{
    const tl_dtype dtype = cfg->dtype;
    const int NUM_QUERY_HEADS = cfg->NUM_QUERY_HEADS, NUM_QUERIES_PER_KV = cfg->NUM_QUERIES_PER_KV;
    const int BLOCK_SIZE = cfg->BLOCK_SIZE, TILE_SIZE = cfg->TILE_SIZE, HEAD_SIZE = cfg->HEAD_SIZE;
    const int HEAD_SIZE_PADDED = cfg->HEAD_SIZE_PADDED, BLOCK_Q = cfg->BLOCK_Q, BLOCK_M = cfg->BLOCK_M;
    const bool USE_SOFTCAP = cfg->USE_SOFTCAP, USE_SINKS = cfg->USE_SINKS;
    const int SLIDING_WINDOW = cfg->SLIDING_WINDOW, NUM_SEGMENTS_PER_SEQ = cfg->NUM_SEGMENTS_PER_SEQ;
    tl_value segm_output_ptr = tl_arg(builder, "segm_output_ptr", TL_PTR(TL_F32));
    tl_value segm_max_ptr = tl_arg(builder, "segm_max_ptr", TL_PTR(TL_F32));
    tl_value segm_expsum_ptr = tl_arg(builder, "segm_expsum_ptr", TL_PTR(TL_F32));
    tl_value q_ptr = tl_arg(builder, "q_ptr", TL_PTR(dtype));
    tl_value k_cache_ptr = tl_arg(builder, "k_cache_ptr", TL_PTR(dtype));
    tl_value v_cache_ptr = tl_arg(builder, "v_cache_ptr", TL_PTR(dtype));
    tl_value sinks_ptr = tl_arg(builder, "sinks_ptr", TL_PTR(TL_F32));
    tl_value block_table_ptr = tl_arg(builder, "block_table_ptr", TL_PTR(TL_I32));
    tl_value seq_lens_ptr = tl_arg(builder, "seq_lens_ptr", TL_PTR(TL_I32));
    tl_value query_start_loc_ptr = tl_arg(builder, "query_start_loc_ptr", TL_PTR(TL_I32));
    tl_value scale = tl_arg(builder, "scale", TL_SCALAR(TL_F32));
    tl_value softcap = tl_arg(builder, "softcap", TL_SCALAR(TL_F32));
    tl_value num_seqs = tl_arg(builder, "num_seqs", TL_SCALAR(TL_I32));
    tl_value stride_q_tok = tl_arg(builder, "stride_q_tok", TL_SCALAR(TL_I64));
    tl_value stride_q_head = tl_arg(builder, "stride_q_head", TL_SCALAR(TL_I64));
    tl_value stride_bt = tl_arg(builder, "stride_bt", TL_SCALAR(TL_I64));
    tl_value stride_k_blk = tl_arg(builder, "stride_k_blk", TL_SCALAR(TL_I64));
    tl_value stride_k_slot = tl_arg(builder, "stride_k_slot", TL_SCALAR(TL_I64));
    tl_value stride_k_head = tl_arg(builder, "stride_k_head", TL_SCALAR(TL_I64));
    tl_value stride_v_blk = tl_arg(builder, "stride_v_blk", TL_SCALAR(TL_I64));
    tl_value stride_v_slot = tl_arg(builder, "stride_v_slot", TL_SCALAR(TL_I64));
    tl_value stride_v_head = tl_arg(builder, "stride_v_head", TL_SCALAR(TL_I64));

    tl_value q_block_global_idx = tl_program_id(builder, 0);
    tl_value kv_head_idx = tl_program_id(builder, 1);
    tl_value segm_idx = tl_program_id(builder, 2);
    tl_value seq_idx = ua_find_seq_idx(builder, query_start_loc_ptr, q_block_global_idx, num_seqs, BLOCK_Q, true);
    tl_value q_start = tl_load(tl_addptr(query_start_loc_ptr, seq_idx));
    tl_value q_stop = tl_load(tl_addptr(tl_addptr(query_start_loc_ptr, seq_idx), 1));
    tl_value query_len = tl_sub(q_stop, q_start);
    tl_value q_block_local_idx = tl_sub(q_block_global_idx, tl_add(tl_floordiv(q_start, BLOCK_Q), seq_idx));
    tl_return_if(tl_ge(tl_mul(q_block_local_idx, BLOCK_Q), query_len), .inline_return = true);
    /* return */
    tl_value seq_len = tl_load(tl_addptr(seq_lens_ptr, seq_idx));
    /* segments of whole tiles; one that starts past the sequence's end has nothing to do */
    tl_value tiles_per_segment = ua_cdiv_fn(seq_len, tl_mul(NUM_SEGMENTS_PER_SEQ, TILE_SIZE));
    tl_return_if(tl_ge(tl_mul(tl_mul(segm_idx, tiles_per_segment), TILE_SIZE), seq_len), .inline_return = true);
    /* return */
    tl_value offs_m = tl_arange(builder, 0, BLOCK_M);
    tl_value offs_d = tl_arange(builder, 0, HEAD_SIZE_PADDED);
    tl_value offs_t = tl_arange(builder, 0, TILE_SIZE);
    tl_value query_pos = tl_add(tl_mul(q_block_local_idx, BLOCK_Q), tl_floordiv(offs_m, NUM_QUERIES_PER_KV));
    tl_value token_idx = tl_add(q_start, query_pos);
    tl_value head_idx = tl_add(tl_mul(kv_head_idx, NUM_QUERIES_PER_KV), tl_mod(offs_m, NUM_QUERIES_PER_KV));
    tl_value dim_mask = tl_lt(offs_d, HEAD_SIZE);
    tl_value head_mask = tl_lt(head_idx, NUM_QUERY_HEADS);
    tl_value row_mask = tl_and(tl_lt(query_pos, query_len), head_mask);
    tl_value q_offs = tl_add(tl_add(tl_mul(tl_expand_dims(token_idx, 1), stride_q_tok), tl_mul(tl_expand_dims(head_idx, 1), stride_q_head)), tl_expand_dims(offs_d, 0));
    tl_value Q = tl_load(tl_addptr(q_ptr, q_offs), .mask = tl_and(tl_expand_dims(row_mask, 1), tl_expand_dims(dim_mask, 0)), .other = tl_lit(0.0));
    /* only the first segment counts the sink */
    tl_value M;
    if (USE_SINKS)
        M = tl_load(tl_addptr(sinks_ptr, head_idx), .mask = tl_and(head_mask, tl_eq(segm_idx, 0)), .other = tl_lit(-INFINITY));
    else
        M = tl_full(builder, TL_SHAPE(BLOCK_M), -INFINITY, TL_F32);
    tl_value L = tl_full(builder, TL_SHAPE(BLOCK_M), 1.0, TL_F32);
    tl_value acc = tl_zeros(builder, TL_SHAPE(BLOCK_M, HEAD_SIZE_PADDED), TL_F32);
    tl_value context_len = tl_sub(seq_len, query_len);
    tl_value query_abs = tl_add(context_len, query_pos);
    tl_value max_seq_prefix_len = tl_minimum(tl_add(tl_add(tl_add(context_len, tl_mul(q_block_local_idx, BLOCK_Q)), tl_floordiv(tl_sub(BLOCK_M, 1), NUM_QUERIES_PER_KV)), 1), seq_len);
    tl_value num_tiles = ua_cdiv_fn(max_seq_prefix_len, tl_lit(TILE_SIZE));
    tl_value block_table_row = tl_addptr(block_table_ptr, tl_mul(seq_idx, stride_bt));
    tl_value tile_lo = tl_mul(segm_idx, tiles_per_segment);
    tl_value tile_hi = tl_minimum(tl_mul(tl_add(segm_idx, 1), tiles_per_segment), num_tiles);
    if (SLIDING_WINDOW > 0) {
        /* nor the tiles before the first row's window or past the last row's position */
        tl_value first_pos = tl_mul(q_block_local_idx, BLOCK_Q);
        tl_value last_pos = tl_minimum(tl_add(first_pos, tl_floordiv(tl_sub(BLOCK_M, 1), NUM_QUERIES_PER_KV)), tl_sub(query_len, 1));
        tile_lo = tl_maximum(tile_lo, tl_floordiv(tl_add(tl_sub(tl_add(context_len, first_pos), SLIDING_WINDOW), 1), TILE_SIZE));
        tile_hi = tl_minimum(tile_hi, tl_add(tl_floordiv(tl_add(context_len, last_pos), TILE_SIZE), 1));
    }
    tl_scope loop = tl_for(builder, tile_lo, tile_hi, 1, .carry = TL_VARS(&M, &L, &acc)); tl_value j = loop.iv;
        tl_value seq_offset = tl_add(tl_mul(j, TILE_SIZE), offs_t);
        tl_value tile_mask = tl_lt(seq_offset, max_seq_prefix_len);
        tl_value physical_block = tl_to(tl_load(tl_addptr(block_table_row, tl_floordiv(seq_offset, BLOCK_SIZE)), .mask = tile_mask, .other = tl_lit(0)), TL_I64);
        tl_value slot = tl_mod(seq_offset, BLOCK_SIZE);
        tl_value k_offs = tl_add(tl_add(tl_add(tl_mul(tl_expand_dims(physical_block, 0), stride_k_blk), tl_mul(tl_expand_dims(slot, 0), stride_k_slot)), tl_mul(kv_head_idx, stride_k_head)), tl_expand_dims(offs_d, 1));
        tl_value K = tl_load(tl_addptr(k_cache_ptr, k_offs), .mask = tl_and(tl_expand_dims(dim_mask, 1), tl_expand_dims(tile_mask, 0)), .other = tl_lit(0.0));
        tl_value v_offs = tl_add(tl_add(tl_add(tl_mul(tl_expand_dims(physical_block, 1), stride_v_blk), tl_mul(tl_expand_dims(slot, 1), stride_v_slot)), tl_mul(kv_head_idx, stride_v_head)), tl_expand_dims(offs_d, 0));
        tl_value V = tl_load(tl_addptr(v_cache_ptr, v_offs), .mask = tl_and(tl_expand_dims(tile_mask, 1), tl_expand_dims(dim_mask, 0)), .other = tl_lit(0.0));
        tl_value S = tl_mul(scale, tl_dot(Q, K));
        if (USE_SOFTCAP)
            S = ua_apply_softcap(S, softcap);
        S = tl_where(tl_and(tl_expand_dims(row_mask, 1), tl_le(tl_expand_dims(seq_offset, 0), tl_expand_dims(query_abs, 1))), S, -INFINITY);
        if (SLIDING_WINDOW > 0)
            S = tl_where(tl_lt(tl_sub(tl_expand_dims(query_abs, 1), tl_expand_dims(seq_offset, 0)), SLIDING_WINDOW), S, -INFINITY);
        tl_value m_j = tl_maximum(M, tl_max(S, 1));
        m_j = tl_where(tl_gt(m_j, -INFINITY), m_j, 0.0);
        tl_value P = tl_exp(tl_sub(S, tl_expand_dims(m_j, 1)));
        tl_value l_j = tl_sum(P, 1);
        tl_value alpha = tl_exp(tl_sub(M, m_j));
        acc = tl_mul(acc, tl_expand_dims(alpha, 1));
        L = tl_add(tl_mul(L, alpha), l_j);
        M = m_j;
        acc = tl_dot(tl_to(P, V.dtype), V, acc);
    tl_end(&loop);
    /* [token, head, segment] rows, HEAD_SIZE_PADDED values each */
    tl_value segm_offs = tl_add(tl_add(tl_mul(tl_to(token_idx, TL_I64), tl_mul(NUM_QUERY_HEADS, NUM_SEGMENTS_PER_SEQ)), tl_mul(head_idx, NUM_SEGMENTS_PER_SEQ)), segm_idx);
    tl_store(tl_addptr(tl_addptr(segm_output_ptr, tl_mul(tl_expand_dims(segm_offs, 1), HEAD_SIZE_PADDED)), tl_expand_dims(offs_d, 0)), acc, .mask = tl_and(tl_expand_dims(row_mask, 1), tl_expand_dims(dim_mask, 0)));
    tl_store(tl_addptr(segm_max_ptr, segm_offs), M, .mask = row_mask);
    tl_store(tl_addptr(segm_expsum_ptr, segm_offs), L, .mask = row_mask);
}

static const unified_attention_3d_cfg unified_attention_3d_default = {
    .dtype = TL_BF16, .NUM_QUERY_HEADS = 32, .NUM_QUERIES_PER_KV = 4, .BLOCK_SIZE = 16, .TILE_SIZE = 16,
    .HEAD_SIZE = 128, .HEAD_SIZE_PADDED = 128, .BLOCK_Q = 4, .BLOCK_M = 16, .USE_SOFTCAP = false,
    .USE_SINKS = false, .SLIDING_WINDOW = 0, .NUM_SEGMENTS_PER_SEQ = 16};
static const tl_cfg_field unified_attention_3d_fields[] = {
    TL_CFG_FIELD(unified_attention_3d_cfg, dtype, TL_CFG_DTYPE),
    TL_CFG_FIELD(unified_attention_3d_cfg, NUM_QUERY_HEADS, TL_CFG_INT),
    TL_CFG_FIELD(unified_attention_3d_cfg, NUM_QUERIES_PER_KV, TL_CFG_INT),
    TL_CFG_FIELD(unified_attention_3d_cfg, BLOCK_SIZE, TL_CFG_INT),
    TL_CFG_FIELD(unified_attention_3d_cfg, TILE_SIZE, TL_CFG_INT),
    TL_CFG_FIELD(unified_attention_3d_cfg, HEAD_SIZE, TL_CFG_INT),
    TL_CFG_FIELD(unified_attention_3d_cfg, HEAD_SIZE_PADDED, TL_CFG_INT),
    TL_CFG_FIELD(unified_attention_3d_cfg, BLOCK_Q, TL_CFG_INT),
    TL_CFG_FIELD(unified_attention_3d_cfg, BLOCK_M, TL_CFG_INT),
    TL_CFG_FIELD(unified_attention_3d_cfg, USE_SOFTCAP, TL_CFG_BOOL),
    TL_CFG_FIELD(unified_attention_3d_cfg, USE_SINKS, TL_CFG_BOOL),
    TL_CFG_FIELD(unified_attention_3d_cfg, SLIDING_WINDOW, TL_CFG_INT),
    TL_CFG_FIELD(unified_attention_3d_cfg, NUM_SEGMENTS_PER_SEQ, TL_CFG_INT),
};

TL_KERNEL(unified_attention_3d_kernel, unified_attention_3d_cfg, unified_attention_3d,
          .name = "unified_attention_3d",
          .inputs = TL_NAMES("q_ptr", "k_cache_ptr", "v_cache_ptr", "sinks_ptr", "block_table_ptr", "seq_lens_ptr",
                             "query_start_loc_ptr", "scale", "softcap", "num_seqs", "stride_q_tok", "stride_q_head",
                             "stride_bt", "stride_k_blk", "stride_k_slot",
                             "stride_k_head", "stride_v_blk", "stride_v_slot", "stride_v_head"),
          .outputs = TL_NAMES("segm_output_ptr", "segm_max_ptr", "segm_expsum_ptr"),
          .python = "kernels/models/unified_attention_3d.py",
          .doc = "paged attention (vLLM unified, 3d): split-KV segments' partial softmax, for reduce_segments",
          .cfg_default = &unified_attention_3d_default,
          .nfields = (int)(sizeof unified_attention_3d_fields / sizeof unified_attention_3d_fields[0]),
          .fields = unified_attention_3d_fields,
          .problem = "segm_output_ptr[524288] segm_max_ptr[4096] segm_expsum_ptr[4096] q_ptr[32768] "
                     "k_cache_ptr[32768] v_cache_ptr[32768] sinks_ptr[32] block_table_ptr[2]=1,0 seq_lens_ptr[1]=32 "
                     "query_start_loc_ptr[2]=0,8 scale=0.0884 softcap=0 num_seqs=1 stride_q_tok=4096 "
                     "stride_q_head=128 stride_bt=2 stride_k_blk=16384 stride_k_slot=1024 stride_k_head=128 "
                     "stride_v_blk=16384 stride_v_slot=1024 stride_v_head=128 "
                     "grid=3,NUM_QUERY_HEADS/NUM_QUERIES_PER_KV,NUM_SEGMENTS_PER_SEQ");
