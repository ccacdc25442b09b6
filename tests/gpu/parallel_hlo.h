/* parallel_hlo: the parallel layers (parallel_layers.h) as sharded StableHLO programs
 * (tritonc/hlo_shard.h) on a mesh of ndev devices, one axis: the global tensors as parameters,
 * each laid out as the layer splits it, a manual region (th_to_local ... th_to_global) in which
 * every device calls the bundled kernels on its shard through XLA's Triton custom call, then
 * th_all_reduce (sum) of the partial outputs, returned whole on every device.
 *
 *   moe (tensor parallel)  x [T, D] replicated, topk_ids [T*top_k] replicated, topk_w [T*top_k]
 *                          replicated, w1 [E, I, D] split along I, w2 [E, D, I] split along I
 *   moe (expert parallel)  x, topk_w replicated, topk_ids [ndev * T*top_k] split (device d's
 *                          block: the routing mapped to its experts, pl_moe_ep_shard), w1 and w2
 *                          split along E
 *   attention              q, k, v [S, H, Dh] split along H, wo [H*Dh, Dm] split along its rows
 *
 * Result 0: the layer's output, replicated. A builder in error carries the message (the caller
 * checks th_builder_failed). */
#ifndef TRITONC_TESTS_GPU_PARALLEL_HLO_H
#define TRITONC_TESTS_GPU_PARALLEL_HLO_H

#include "parallel_layers.h"
#include "tritonc/hlo_shard.h"

th_builder *pl_hlo_moe(const pl_moe *m, int ndev, bool ep);
th_builder *pl_hlo_attn(const pl_attn *a, int ndev);

#endif
