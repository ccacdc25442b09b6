/* parallel_xla: the parallel layers' sharded programs (parallel_hlo.h) compiled and run by XLA
 * through the PJRT plugin (tritonc/pjrt.h) on devices 0 .. ndev-1: each device's shards of the
 * inputs put on it (tp_buffer_from_host_on), `warmup` untimed executions, then `iters` timed
 * (tp_execute_sharded, which waits for every device; *us per execution). out receives device
 * 0's copy of the result, and *same says whether every device's copy equals it. */
#ifndef TRITONC_TESTS_GPU_PARALLEL_XLA_H
#define TRITONC_TESTS_GPU_PARALLEL_XLA_H

#include "parallel_layers.h"
#include "tritonc/pjrt.h"

typedef struct pl_xla_run {
    int ndev, warmup, iters;
    uint16_t *out;
    double us, compile_ms;
    bool same;
} pl_xla_run;

/* False with the message in err (the runtime's error, or the program's). */
bool pl_xla_moe(tp_runtime *rt, const pl_moe *m, const pl_moe_data *d, bool ep, pl_xla_run *run, char *err,
                size_t size);
bool pl_xla_attn(tp_runtime *rt, const pl_attn *a, const pl_attn_data *d, pl_xla_run *run, char *err, size_t size);

#endif
