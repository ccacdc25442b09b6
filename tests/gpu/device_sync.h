/* What the several-GPU programs of tests/gpu (multi_gpu.c, parallel_cuda.c) share: a host
 * clock, and waiting for every device's work. */
#ifndef TRITONC_TESTS_GPU_DEVICE_SYNC_H
#define TRITONC_TESTS_GPU_DEVICE_SYNC_H

#include <stdbool.h>
#include <time.h>

#include "tritonc/cuda.h"

/* Seconds on the monotonic clock. */
static inline double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Waits for every one of the first n devices' work (tc_synchronize in each device's context). */
static inline bool sync_all(tc_runtime *rt, int n)
{
    for (int d = 0; d < n; d++)
        if (!tc_set_device(rt, d) || !tc_synchronize(rt))
            return false;
    return true;
}

#endif
