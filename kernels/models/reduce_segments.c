/* reduce_segments: merges unified_attention_3d's per-segment partial softmax results into the
 * attention output (kernels/models/reduce_segments.py, line for line). The @jit helpers are
 * the ua_ functions of kernels/models/unified_attention_helpers.c. */
#include <math.h>

#include "tritonc/tritonc.h"
#include "unified_attention_helpers.h"

typedef struct reduce_segments_cfg {
    tl_dtype dtype;           /* of the output: bfloat16 or float16 */
    int NUM_QUERY_HEADS;      /* query heads */
    int TILE_SIZE;            /* unified_attention_3d's tile */
    int HEAD_SIZE;            /* the head size */
    int HEAD_SIZE_PADDED;     /* HEAD_SIZE rounded up to a power of two */
    int NUM_SEGMENTS_PER_SEQ; /* unified_attention_3d's segments: a power of two */
} reduce_segments_cfg;

static void reduce_segments(tl_builder *builder, const reduce_segments_cfg *cfg)
{
    const tl_dtype dtype = cfg->dtype;
    const int NUM_QUERY_HEADS = cfg->NUM_QUERY_HEADS, TILE_SIZE = cfg->TILE_SIZE, HEAD_SIZE = cfg->HEAD_SIZE;
    const int HEAD_SIZE_PADDED = cfg->HEAD_SIZE_PADDED, NUM_SEGMENTS_PER_SEQ = cfg->NUM_SEGMENTS_PER_SEQ;
    tl_value out_ptr = tl_arg(builder, "out_ptr", TL_PTR(dtype));
    tl_value segm_output_ptr = tl_arg(builder, "segm_output_ptr", TL_PTR(TL_F32));
    tl_value segm_max_ptr = tl_arg(builder, "segm_max_ptr", TL_PTR(TL_F32));
    tl_value segm_expsum_ptr = tl_arg(builder, "segm_expsum_ptr", TL_PTR(TL_F32));
    tl_value seq_lens_ptr = tl_arg(builder, "seq_lens_ptr", TL_PTR(TL_I32));
    tl_value query_start_loc_ptr = tl_arg(builder, "query_start_loc_ptr", TL_PTR(TL_I32));
    tl_value num_seqs = tl_arg(builder, "num_seqs", TL_SCALAR(TL_I32));
    tl_value stride_o_tok = tl_arg(builder, "stride_o_tok", TL_SCALAR(TL_I64));
    tl_value stride_o_head = tl_arg(builder, "stride_o_head", TL_SCALAR(TL_I64));

    tl_value token_idx = tl_program_id(builder, 0);
    tl_value head_idx = tl_program_id(builder, 1);
    tl_value seq_idx = ua_find_seq_idx(builder, query_start_loc_ptr, token_idx, num_seqs, 1, false);
    tl_value seq_len = tl_load(tl_addptr(seq_lens_ptr, seq_idx));
    /* the segments unified_attention_3d wrote for this sequence */
    tl_value tiles_per_segment = ua_cdiv_fn(seq_len, tl_mul(NUM_SEGMENTS_PER_SEQ, TILE_SIZE));
    tl_value num_active = ua_cdiv_fn(seq_len, tl_mul(tiles_per_segment, TILE_SIZE));
    tl_value offs_s = tl_arange(builder, 0, NUM_SEGMENTS_PER_SEQ);
    tl_value offs_d = tl_arange(builder, 0, HEAD_SIZE_PADDED);
    tl_value segm_mask = tl_lt(offs_s, num_active);
    tl_value dim_mask = tl_lt(offs_d, HEAD_SIZE);
    tl_value segm_offs = tl_add(tl_add(tl_mul(tl_to(token_idx, TL_I64), tl_mul(NUM_QUERY_HEADS, NUM_SEGMENTS_PER_SEQ)), tl_mul(head_idx, NUM_SEGMENTS_PER_SEQ)), offs_s);
    tl_value segm_max = tl_load(tl_addptr(segm_max_ptr, segm_offs), .mask = segm_mask, .other = tl_lit(-INFINITY));
    tl_value overall_max = tl_max(segm_max, 0);
    tl_value rescale = tl_exp(tl_sub(segm_max, overall_max));
    tl_value overall_expsum = tl_sum(tl_mul(tl_load(tl_addptr(segm_expsum_ptr, segm_offs), .mask = segm_mask, .other = tl_lit(0.0)), rescale), 0);
    tl_value segm_output = tl_load(tl_addptr(tl_addptr(segm_output_ptr, tl_mul(tl_expand_dims(segm_offs, 1), HEAD_SIZE_PADDED)), tl_expand_dims(offs_d, 0)), .mask = tl_and(tl_expand_dims(segm_mask, 1), tl_expand_dims(dim_mask, 0)), .other = tl_lit(0.0));
    tl_value acc = tl_sum(tl_mul(segm_output, tl_expand_dims(rescale, 1)), 0);
    acc = tl_where(tl_eq(overall_expsum, 0.0), 0.0, tl_div(acc, overall_expsum));
    tl_store(tl_addptr(tl_addptr(tl_addptr(out_ptr, tl_mul(token_idx, stride_o_tok)), tl_mul(head_idx, stride_o_head)), offs_d), tl_to(acc, out_ptr.dtype), .mask = dim_mask);
}

static const reduce_segments_cfg reduce_segments_default = {
    .dtype = TL_BF16, .NUM_QUERY_HEADS = 32, .TILE_SIZE = 16, .HEAD_SIZE = 128, .HEAD_SIZE_PADDED = 128,
    .NUM_SEGMENTS_PER_SEQ = 16};
static const tl_cfg_field reduce_segments_fields[] = {
    TL_CFG_FIELD(reduce_segments_cfg, dtype, TL_CFG_DTYPE),
    TL_CFG_FIELD(reduce_segments_cfg, NUM_QUERY_HEADS, TL_CFG_INT),
    TL_CFG_FIELD(reduce_segments_cfg, TILE_SIZE, TL_CFG_INT),
    TL_CFG_FIELD(reduce_segments_cfg, HEAD_SIZE, TL_CFG_INT),
    TL_CFG_FIELD(reduce_segments_cfg, HEAD_SIZE_PADDED, TL_CFG_INT),
    TL_CFG_FIELD(reduce_segments_cfg, NUM_SEGMENTS_PER_SEQ, TL_CFG_INT),
};

TL_KERNEL(reduce_segments_kernel, reduce_segments_cfg, reduce_segments,
          .name = "reduce_segments",
          .inputs = TL_NAMES("segm_output_ptr", "segm_max_ptr", "segm_expsum_ptr", "seq_lens_ptr", "query_start_loc_ptr",
                             "num_seqs", "stride_o_tok", "stride_o_head"),
          .outputs = TL_NAMES("out_ptr"),
          .python = "kernels/models/reduce_segments.py",
          .doc = "paged attention (vLLM unified, 3d): merges the split-KV segments into the output",
          .cfg_default = &reduce_segments_default,
          .nfields = (int)(sizeof reduce_segments_fields / sizeof reduce_segments_fields[0]),
          .fields = reduce_segments_fields,
          .problem = "out_ptr[16384] segm_output_ptr[262144] segm_max_ptr[2048] segm_expsum_ptr[2048] "
                     "seq_lens_ptr[1]=64 query_start_loc_ptr[2]=0,4 num_seqs=1 stride_o_tok=4096 stride_o_head=128 "
                     "grid=4,NUM_QUERY_HEADS");
