/* fused_moe's config and its configs per token-count bucket (kernels/models/fused_moe.c;
 * docs/kernels_moe.md, "Configs per token count"). */
#ifndef TRITONC_KERNELS_FUSED_MOE_H
#define TRITONC_KERNELS_FUSED_MOE_H

#include <stddef.h>

#include "tritonc/tritonc.h"

typedef struct fused_moe_cfg {
    int group_n, group_k;         /* fp8 block-scale sizes along N and K (0 without fp8) */
    int BLOCK_SIZE_M;             /* pairs per program: moe_align_block_size's BLOCK_SIZE */
    int BLOCK_SIZE_N;             /* output columns per program */
    int BLOCK_SIZE_K;             /* the K step (fp8: equal to group_k) */
    int GROUP_SIZE_M;             /* rows of tiles per group of programs */
    bool MUL_ROUTED_WEIGHT;       /* multiply each row by its topk weight */
    bool HAS_BIAS;                /* add bias[expert, n] */
    int top_k;                    /* pairs per A row (A row = pair // top_k) */
    tl_dtype compute_type;        /* C's (and the bias's) dtype; A's and B's without fp8 */
    bool use_fp8_w8a8;            /* A and B fp8 e4m3 with a_scale and b_scale per block */
} fused_moe_cfg;

extern const tl_kernel fused_moe_kernel;

/* One bucket of token counts of one model config and the blocks it runs with there (BUCKETS in
 * kernels/models/fused_moe.py, line for line). */
typedef struct fused_moe_bucket {
    const char *label;  /* its config's label in fused_moe.py's MODEL_CONFIGS */
    const char *model;  /* the model config it sets the blocks of (also a MODEL_CONFIGS label) */
    int max_tokens;     /* up to this many tokens; 0: every count above the bucket before */
    int case_tokens;    /* the token count models.sh and roofline.sh run it on */
    int BLOCK_SIZE_M, BLOCK_SIZE_N, BLOCK_SIZE_K, GROUP_SIZE_M;
    int num_warps, num_stages;
} fused_moe_bucket;

/* Every bucket, in fused_moe.py's order: a model's buckets together, by ascending max_tokens,
 * its last one with max_tokens 0. */
extern const fused_moe_bucket fused_moe_buckets[];
extern const int fused_moe_bucket_count;

/* The bucket config for `tokens` tokens (the rows of A before top_k) of the model config named
 * `model`: the first of its buckets whose max_tokens is at least tokens (or 0). Writes the full
 * config (the model's, with the bucket's blocks) to *cfg and returns the bucket, whose num_warps
 * and num_stages are the compile options; moe_align_block_size must then run with BLOCK_SIZE =
 * cfg->BLOCK_SIZE_M. On misuse (model NULL or unknown, tokens below 1, cfg NULL) returns NULL and
 * writes one line naming the caller's file:line to err (errsize bytes; err may be NULL). */
const fused_moe_bucket *fused_moe_pick_at(const char *file, int line, const char *model, int tokens,
                                          fused_moe_cfg *cfg, char *err, size_t errsize);
#define fused_moe_pick(...) fused_moe_pick_at(__FILE__, __LINE__, __VA_ARGS__)

#endif
