/* The statistics tc_bench reports, as Triton 3.6's testing.py computes them: statistics.mean and
 * statistics.median, min, max, and _quantile (linear interpolation between the sorted times at
 * position q * (n - 1)). */
#include <math.h>
#include <stdlib.h>

#include "cuda/bench_internal.h"

static int compare_float(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

void cuda_bench_stats(float *times, int n, int nquantiles, const double *quantiles, tc_bench_result *out)
{
    qsort(times, (size_t)n, sizeof *times, compare_float);
    double sum = 0;
    for (int i = 0; i < n; i++)
        sum += times[i];
    out->mean = sum / n;
    out->min = times[0];
    out->max = times[n - 1];
    out->median = n % 2 ? times[n / 2] : ((double)times[n / 2 - 1] + times[n / 2]) / 2;
    for (int i = 0; i < nquantiles; i++) {
        double point = quantiles[i] * (n - 1), lower = floor(point), t = point - lower;
        int lo = (int)lower, hi = (int)ceil(point);
        out->quantiles[i] = (1 - t) * times[lo] + t * times[hi];
    }
}
