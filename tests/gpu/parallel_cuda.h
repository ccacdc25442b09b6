/* parallel_cuda: the parallel layers (parallel_layers.h) through tritonc's CUDA runtime and NCCL:
 * one process, one thread, every device with its stream; a kernel handle per config, used on
 * every device (a module loaded per device at its first launch). */
#ifndef TRITONC_TESTS_GPU_PARALLEL_CUDA_H
#define TRITONC_TESTS_GPU_PARALLEL_CUDA_H

#include "parallel_layers.h"
#include "tritonc/cuda.h"
#include "tritonc/nccl.h"

/* One layer on devices 0 .. ndev-1 (comm over them; NULL when ndev is 1): the data copied to
 * each device as its shard, `warmup` untimed runs, then `iters` runs timed on the host from every
 * device synchronized to every device synchronized (*us: per run). out receives device 0's
 * result (the MoE's [T * top_k, D] bf16, the attention's [S, Dm] float16), and every device's
 * result must equal it (*same false otherwise). False with the error on rt, or in err for a bad
 * shape. */
typedef struct pl_run {
    int ndev, warmup, iters;
    tc_comm *comm;
    uint16_t *out;
    double us;
    bool same;
} pl_run;

bool pl_cuda_moe(tc_runtime *rt, const pl_moe *m, const pl_moe_data *d, bool ep, pl_run *run, char *err,
                 size_t size);
bool pl_cuda_attn(tc_runtime *rt, const pl_attn *a, const pl_attn_data *d, pl_run *run, char *err, size_t size);

#endif
