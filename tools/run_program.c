/* `tritonc run`: a bundled program on the GPU through XLA's PJRT plugin (see run_program.h).
 * Inputs are deterministic: floats in [-1, 1), integers in [0, 100); 16-bit and 8-bit floats
 * are zeros (no host conversion here). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "run_program.h"
#include "tritonc/pjrt.h"

static size_t elem_bytes(tl_dtype d) { return d == TL_I1 ? 1 : tl_dtype_bits(d) / 8; }

static double now_us(void)
{
    struct timespec t;
    timespec_get(&t, TIME_UTC);
    return (double)t.tv_sec * 1e6 + (double)t.tv_nsec / 1e3;
}

/* Fills n elements of dtype d from a small linear congruential sequence. */
static void fill(void *data, tl_dtype d, int64_t n, uint32_t *state)
{
    for (int64_t i = 0; i < n; i++) {
        *state = *state * 1664525u + 1013904223u;
        double u = (double)(*state >> 8) / 16777216.0; /* [0, 1) */
        switch (d) {
        case TL_F32: ((float *)data)[i] = (float)(2 * u - 1); break;
        case TL_F64: ((double *)data)[i] = 2 * u - 1; break;
        case TL_I32:
        case TL_U32: ((int32_t *)data)[i] = (int32_t)(u * 100); break;
        case TL_I64:
        case TL_U64: ((int64_t *)data)[i] = (int64_t)(u * 100); break;
        case TL_I16:
        case TL_U16: ((int16_t *)data)[i] = (int16_t)(u * 100); break;
        case TL_I8:
        case TL_U8: ((int8_t *)data)[i] = (int8_t)(u * 100); break;
        case TL_I1: ((uint8_t *)data)[i] = u < 0.5; break;
        default: memset((char *)data + (size_t)i * elem_bytes(d), 0, elem_bytes(d)); break;
        }
    }
}

static double value_at(const void *data, tl_dtype d, int64_t i)
{
    switch (d) {
    case TL_F32: return ((const float *)data)[i];
    case TL_F64: return ((const double *)data)[i];
    case TL_I32: return ((const int32_t *)data)[i];
    case TL_U32: return ((const uint32_t *)data)[i];
    case TL_I64: return (double)((const int64_t *)data)[i];
    case TL_I16: return ((const int16_t *)data)[i];
    case TL_I8: return ((const int8_t *)data)[i];
    case TL_U8:
    case TL_I1: return ((const uint8_t *)data)[i];
    default: return 0;
    }
}

static void describe(int i, th_shape s, const void *data)
{
    char type[96];
    th_shape_str(s, type, sizeof type);
    int64_t n = th_shape_numel(s);
    double sum = 0;
    for (int64_t k = 0; k < n; k++)
        sum += value_at(data, s.dtype, k);
    printf("result %d: %s, sum %.6g, first:", i, type, sum);
    for (int64_t k = 0; k < n && k < 6; k++)
        printf(" %.6g", value_at(data, s.dtype, k));
    printf("\n");
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int run_program(th_builder *b, const char *plugin, int iters)
{
    int rc = 1, nin = th_num_parameters(b), nout = th_num_results(b);
    tp_input *in = calloc((size_t)(nin ? nin : 1), sizeof *in);
    tp_output *out = calloc((size_t)(nout ? nout : 1), sizeof *out);
    double *times = calloc((size_t)(iters > 0 ? iters : 1), sizeof *times);
    tp_runtime *rt = NULL;
    tp_executable *exe = NULL;
    uint32_t state = 12345;
    if (!in || !out || !times) {
        fprintf(stderr, "tritonc: run: out of memory\n");
        goto done;
    }
    for (int i = 0; i < nin; i++) {
        th_shape s = th_parameter_shape(b, i);
        void *data = malloc((size_t)th_shape_numel(s) * elem_bytes(s.dtype) + 1);
        if (!data)
            goto done;
        fill(data, s.dtype, th_shape_numel(s), &state);
        in[i] = (tp_input){s, data};
    }
    for (int i = 0; i < nout; i++) {
        th_shape s = th_result_shape(b, i);
        out[i] = (tp_output){s, calloc((size_t)th_shape_numel(s) + 1, elem_bytes(s.dtype))};
        if (!out[i].data)
            goto done;
    }
    double t0 = now_us();
    rt = tp_runtime_create(&(tp_options){.plugin = plugin});
    if (tp_runtime_failed(rt)) {
        fprintf(stderr, "tritonc: run: %s\n", cli_message(tp_runtime_error(rt)));
        goto done;
    }
    double t1 = now_us();
    exe = tp_compile_builder(rt, b);
    double t2 = now_us();
    bool ok = exe && tp_run(exe, nin, in, nout, out);
    double t3 = now_us();
    for (int k = 0; ok && k < iters; k++) {
        double s = now_us();
        ok = tp_run(exe, nin, in, nout, out);
        times[k] = now_us() - s;
    }
    if (!ok) {
        fprintf(stderr, "tritonc: run: %s\n", cli_message(tp_runtime_error(rt)));
        goto done;
    }
    for (int i = 0; i < nout; i++)
        describe(i, out[i].shape, out[i].data);
    qsort(times, (size_t)iters, sizeof *times, cmp_double);
    printf("plugin and client %.1f ms, compile %.1f ms, first run %.3f ms, then median %.1f us over %d runs "
           "(host to host)\n",
           (t1 - t0) / 1e3, (t2 - t1) / 1e3, (t3 - t2) / 1e3, iters ? times[iters / 2] : 0.0, iters);
    rc = 0;

done:
    tp_executable_destroy(exe);
    tp_runtime_destroy(rt);
    for (int i = 0; in && i < nin; i++)
        free((void *)in[i].data);
    for (int i = 0; out && i < nout; i++)
        free(out[i].data);
    free(in);
    free(out);
    free(times);
    return rc;
}
