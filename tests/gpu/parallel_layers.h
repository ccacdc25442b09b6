/* parallel_layers: three layers of a model run on N GPUs from bundled kernels, each in both of
 * tritonc's paths (issue 32), checked against the same layer on one GPU:
 *
 *   moe_tp   a mixture-of-experts layer, tensor parallel (Megatron's form): per pair (token,
 *            slot) of a top-k routing, y[pair] = w[pair] * (x[pair / top_k] @ w1[e]^T) @ w2[e]^T
 *            (e the pair's expert, w its routed weight; no activation between the GEMMs). w1
 *            [E, I, D] is split along I (its rows: each device computes I/N columns of h), w2
 *            [E, D, I] along I (its K): each device's second GEMM gives a partial y, and the
 *            all-reduce (sum) of the partials is y. Per device: moe_align_block_size on the
 *            routing, fused_moe (h = x @ w1^T, top_k 2), fused_moe (y = w * h @ w2^T, top_k 1,
 *            MUL_ROUTED_WEIGHT), then the all-reduce.
 *   moe_ep   the same layer, expert parallel: device d owns experts d*E/N .. (d+1)*E/N - 1 whole.
 *            The routing's expert ids are mapped, on the host, to the device's own (0 .. E/N-1,
 *            -1 for another device's expert: expert parallelism's -1, which
 *            moe_align_block_size leaves out); each device runs the same three kernels on its
 *            pairs, the rows of the pairs it does not own are zero (written by nobody: zeroed
 *            once on the CUDA path, zeroed by XLA before the call on the XLA path), and the
 *            all-reduce (sum) of the devices' outputs is y.
 *   attn_tp  attention with heads split (Megatron's form): Q, K, V [S, H, Dh] (float16, one
 *            sequence, causal), out = concat_h(attention(Q_h, K_h, V_h)) @ Wo, Wo [H*Dh, Dm].
 *            Device d runs flash_attention on its H/N heads (o [S, H/N, Dh]) and matmul
 *            o @ Wo[rows of its heads] (a partial [S, Dm]); the all-reduce (sum) is out.
 *
 * y is the per-pair output [T * top_k, D] (vLLM's moe_sum of the top-k rows of a token is left
 * out: it is the same on every device count). bf16 (MoE) and float16 (attention) throughout,
 * float32 accumulation inside the kernels.
 *
 * This header holds the layers' shapes, the host data (deterministic), each device's shard of
 * it, the kernels' configs and the comparison; parallel_cuda.c runs the layers through the CUDA
 * runtime and NCCL (tritonc/cuda.h, tritonc/nccl.h), parallel_hlo.c writes them as sharded
 * StableHLO programs (tritonc/hlo_shard.h) that parallel_xla.c runs through PJRT
 * (tritonc/pjrt.h); parallel_layers.c is the program. */
#ifndef TRITONC_TESTS_GPU_PARALLEL_LAYERS_H
#define TRITONC_TESTS_GPU_PARALLEL_LAYERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tritonc/kernel.h"

enum { PL_MAXDEV = 16 };

/* fused_moe's tile (vLLM's default bf16 config) and moe_align_block_size's block: the same. */
enum { PL_MOE_BM = 64, PL_MOE_BN = 64, PL_MOE_BK = 32, PL_MOE_GROUP_M = 8 };
/* flash_attention's and matmul's tiles (their bundled defaults). */
enum { PL_ATTN_BM = 128, PL_ATTN_BN = 64, PL_MM_BM = 128, PL_MM_BN = 128 };

typedef struct pl_moe {
    int tokens, hidden, inter, experts, top_k; /* T, D, I, E, top_k */
} pl_moe;

typedef struct pl_attn {
    int seq, heads, head_dim, model; /* S, H, Dh (64), Dm */
} pl_attn;

/* The host data of a layer, made by pl_moe_data_make / pl_attn_data_make (bf16 / float16 bits). */
typedef struct pl_moe_data {
    uint16_t *x; /* [T, D] */
    uint16_t *w1; /* [E, I, D] */
    uint16_t *w2; /* [E, D, I] */
    int32_t *topk_ids; /* [T * top_k] */
    float *topk_w; /* [T * top_k] */
} pl_moe_data;

typedef struct pl_attn_data {
    uint16_t *q, *k, *v; /* [S, H, Dh] */
    uint16_t *wo; /* [H * Dh, Dm] */
} pl_attn_data;

/* Whether the shapes divide among ndev devices (the message names what does not). */
bool pl_moe_check(const pl_moe *m, int ndev, char *err, size_t size);
bool pl_attn_check(const pl_attn *a, int ndev, char *err, size_t size);

static inline int pl_moe_pairs(const pl_moe *m) { return m->tokens * m->top_k; }
/* moe_align_block_size's sizes for `experts` experts: EM slots, and its blocks. */
static inline int pl_moe_em(const pl_moe *m, int experts) { return pl_moe_pairs(m) + experts * (PL_MOE_BM - 1); }
static inline int pl_moe_blocks(const pl_moe *m, int experts) { return (pl_moe_em(m, experts) + PL_MOE_BM - 1) / PL_MOE_BM; }

bool pl_moe_data_make(const pl_moe *m, pl_moe_data *d);
void pl_moe_data_free(pl_moe_data *d);
bool pl_attn_data_make(const pl_attn *a, pl_attn_data *d);
void pl_attn_data_free(pl_attn_data *d);

/* Device d's shard among ndev. Tensor parallel: w1 [E, I/N, D] and w2 [E, D, I/N]. Expert
 * parallel: w1 [E/N, I, D], w2 [E/N, D, I] and the routing's ids mapped to the device's experts
 * ([T * top_k], -1 for another device's). Attention: q, k, v [S, H/N, Dh] and wo [H/N * Dh, Dm].
 * The outputs are sized by the caller. */
void pl_moe_tp_shard(const pl_moe *m, const pl_moe_data *d, int ndev, int dev, uint16_t *w1, uint16_t *w2);
void pl_moe_ep_shard(const pl_moe *m, const pl_moe_data *d, int ndev, int dev, uint16_t *w1, uint16_t *w2,
                     int32_t *ids);
void pl_attn_shard(const pl_attn *a, const pl_attn_data *d, int ndev, int dev, uint16_t *q, uint16_t *k, uint16_t *v,
                   uint16_t *wo);

/* A config of kernel k: its default with "NAME=VALUE,..." set (tl_kernel_set), malloc'd; NULL
 * with the message in err when a field is bad. */
void *pl_config(const tl_kernel *k, const char *sets, char *err, size_t size);
/* The configs the layers use: fused_moe's first GEMM (top_k of the routing) and second (top_k
 * 1, routed weights), moe_align_block_size's for `experts` experts, flash_attention's. */
void *pl_fused_moe_config(const pl_moe *m, bool second, char *err, size_t size);
void *pl_align_config(int experts, char *err, size_t size);
void *pl_flash_config(const pl_attn *a, char *err, size_t size);

/* The largest |got - want| of n bf16 (bf16 true) or float16 values, and whether every element
 * is within atol + rtol * |want| (2e-2 both: bf16's tolerance, as the kernel harness uses). */
double pl_compare(const uint16_t *got, const uint16_t *want, size_t n, bool bf16, bool *ok);

float pl_bf16_to_f32(uint16_t h);
uint16_t pl_f32_to_bf16(float f);
float pl_f16_to_f32(uint16_t h);
uint16_t pl_f32_to_f16(float f);

#endif
