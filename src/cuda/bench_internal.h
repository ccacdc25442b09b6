/* Private to the benchmark (tc_bench.c, bench_stats.c): the statistics of a set of times. */
#ifndef TRITONC_CUDA_BENCH_INTERNAL_H
#define TRITONC_CUDA_BENCH_INTERNAL_H

#include "tritonc/cuda.h"

/* The statistics of n > 0 times (ms), sorted in place, into out: mean, median, min, max, and
 * one value per quantile (each in [0, 1]), as do_bench's _summarize_statistics and _quantile
 * give them. out's counts are left alone. */
void cuda_bench_stats(float *times, int n, int nquantiles, const double *quantiles, tc_bench_result *out);

#endif
