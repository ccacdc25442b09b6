/* What the programs of tests/gpu/own_kernels/ share (C11 and C++20): float16 bits, made-up
 * inputs, the CPU references of the two user kernels (tests/cli/user_kernels/) and, for the
 * CUDA graph, the few driver functions the tritonc runtime does not offer (streams, events,
 * graphs), declared here and found with dlsym in the driver the runtime opened. Not tritonc's
 * API: the demonstration's own helpers. */
#ifndef OWN_KERNELS_COMMON_H
#define OWN_KERNELS_COMMON_H

#include <dlfcn.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- float16 ------------------------------------------------------------------------------- */

/* The nearest float16 (ties to even) of a float of magnitude below 65504. */
static inline uint16_t own_half(float f)
{
    uint32_t x;
    memcpy(&x, &f, sizeof x);
    uint32_t sign = (x >> 16) & 0x8000u;
    int e = (int)((x >> 23) & 0xffu) - 127 + 15;
    uint32_t mant = (x & 0x7fffffu) | 0x800000u; /* with the implicit bit */
    if ((x & 0x7fffffffu) == 0)
        return (uint16_t)sign;
    int shift = e >= 1 ? 13 : 14 - e; /* subnormal float16: fewer bits kept */
    if (shift > 24)
        return (uint16_t)sign;
    uint32_t kept = mant >> shift, rest = mant & ((1u << shift) - 1), half = 1u << (shift - 1);
    if (rest > half || (rest == half && (kept & 1)))
        kept++;
    uint32_t h = e >= 1 ? ((uint32_t)e << 10) + (kept - 0x400u) : kept; /* a carry into the exponent is right */
    return (uint16_t)(sign | h);
}

static inline float own_float(uint16_t h)
{
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16, e = (h >> 10) & 0x1fu, mant = h & 0x3ffu;
    if (e == 0) {
        float f = ldexpf((float)mant, -24);
        return sign ? -f : f;
    }
    uint32_t x = sign | ((e - 15 + 127) << 23) | (mant << 13);
    float f;
    memcpy(&f, &x, sizeof f);
    return f;
}

/* Made-up inputs in [-scale, scale): a fixed sequence (an LCG), the same on every run. */
static inline void own_fill(uint16_t *p, size_t n, uint32_t seed, float scale)
{
    uint32_t s = seed * 2654435761u + 12345u;
    for (size_t i = 0; i < n; i++) {
        s = s * 1664525u + 1013904223u;
        p[i] = own_half(((float)(s >> 8) / 16777216.0f * 2.0f - 1.0f) * scale);
    }
}

/* ---- the CPU references of the user kernels -------------------------------------------------- */

/* add_rmsnorm (tests/cli/user_kernels/add_rmsnorm.c): per row, h = X + R in float32, R = h as
 * float16, Y = h * rsqrt(mean(h^2) + eps) * W (times y_scale: the stale case's edited body).
 * r_out and y_out: float values of the expected float16 results. */
static inline void own_rmsnorm_ref(const uint16_t *x, const uint16_t *r, const uint16_t *w, int rows, int n,
                                   int stride, float eps, float y_scale, float *r_out, float *y_out)
{
    for (int row = 0; row < rows; row++) {
        double sum = 0;
        for (int c = 0; c < n; c++) {
            float h = own_float(x[row * stride + c]) + own_float(r[row * stride + c]);
            sum += (double)h * h;
        }
        float rms = 1.0f / sqrtf((float)(sum / n) + eps);
        for (int c = 0; c < n; c++) {
            float h = own_float(x[row * stride + c]) + own_float(r[row * stride + c]);
            r_out[row * stride + c] = own_float(own_half(h));
            y_out[row * stride + c] = own_float(own_half(h * rms * own_float(w[c]) * y_scale));
        }
    }
}

/* matmul_bias_gelu (tests/cli/user_kernels/matmul_bias_gelu.cpp): C = gelu(A @ B + bias), the
 * erf form, float32 accumulation; row-major A (m x k), B (k x n), C (m x n). */
static inline float own_gelu_ref(const uint16_t *a, const uint16_t *b, const uint16_t *bias, int k, int n, int i,
                                 int j)
{
    float acc = 0;
    for (int p = 0; p < k; p++)
        acc += own_float(a[(size_t)i * k + p]) * own_float(b[(size_t)p * n + j]);
    acc += own_float(bias[j]);
    return own_float(own_half(0.5f * acc * (1.0f + erff(acc * 0.7071067811865476f))));
}

/* |got - want| beyond atol + rtol * |want|, measured: the largest absolute error, and whether
 * every one is within the tolerance. */
typedef struct own_err {
    double max_abs;
    long long bad;
} own_err;

static inline void own_compare(own_err *e, float got, float want, double atol, double rtol)
{
    double d = fabs((double)got - want);
    if (d > e->max_abs || d != d)
        e->max_abs = d;
    if (!(d <= atol + rtol * fabs((double)want)))
        e->bad++;
}

/* ---- streams, events and graphs: the driver's, declared here ---------------------------------- */

typedef int own_cu_result;
typedef void *own_cu_stream;
typedef void *own_cu_event;
typedef void *own_cu_graph;
typedef void *own_cu_graph_exec;
enum { OWN_CU_STREAM_NON_BLOCKING = 1, OWN_CU_CAPTURE_MODE_GLOBAL = 0 };

typedef struct own_driver {
    own_cu_result (*stream_create)(own_cu_stream *, unsigned);
    own_cu_result (*stream_destroy)(own_cu_stream);
    own_cu_result (*stream_synchronize)(own_cu_stream);
    own_cu_result (*begin_capture)(own_cu_stream, int);
    own_cu_result (*end_capture)(own_cu_stream, own_cu_graph *);
    own_cu_result (*graph_instantiate)(own_cu_graph_exec *, own_cu_graph, unsigned long long);
    own_cu_result (*graph_launch)(own_cu_graph_exec, own_cu_stream);
    own_cu_result (*graph_exec_destroy)(own_cu_graph_exec);
    own_cu_result (*graph_destroy)(own_cu_graph);
    own_cu_result (*event_create)(own_cu_event *, unsigned);
    own_cu_result (*event_record)(own_cu_event, own_cu_stream);
    own_cu_result (*event_synchronize)(own_cu_event);
    own_cu_result (*event_elapsed)(float *, own_cu_event, own_cu_event);
    own_cu_result (*event_destroy)(own_cu_event);
} own_driver;

/* The functions from the driver ($TRITONC_LIBCUDA, else libcuda.so.1, which the runtime has
 * opened already); false with why when one is missing. */
static inline bool own_driver_open(own_driver *d, char *why, size_t n)
{
    const char *path = getenv("TRITONC_LIBCUDA");
    void *lib = dlopen(path && *path ? path : "libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        snprintf(why, n, "cannot open the CUDA driver: %s", dlerror());
        return false;
    }
    static const char *const names[] = {"cuStreamCreate",      "cuStreamDestroy_v2",          "cuStreamSynchronize",
                                        "cuStreamBeginCapture_v2", "cuStreamEndCapture",      "cuGraphInstantiateWithFlags",
                                        "cuGraphLaunch",       "cuGraphExecDestroy",          "cuGraphDestroy",
                                        "cuEventCreate",       "cuEventRecord",               "cuEventSynchronize",
                                        "cuEventElapsedTime",  "cuEventDestroy_v2"};
    void *fn[sizeof names / sizeof names[0]];
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!(fn[i] = dlsym(lib, names[i]))) {
            snprintf(why, n, "the CUDA driver has no %s", names[i]);
            return false;
        }
    /* object pointers to function pointers: through memcpy, as ISO C allows */
    memcpy(&d->stream_create, &fn[0], sizeof fn[0]);
    memcpy(&d->stream_destroy, &fn[1], sizeof fn[0]);
    memcpy(&d->stream_synchronize, &fn[2], sizeof fn[0]);
    memcpy(&d->begin_capture, &fn[3], sizeof fn[0]);
    memcpy(&d->end_capture, &fn[4], sizeof fn[0]);
    memcpy(&d->graph_instantiate, &fn[5], sizeof fn[0]);
    memcpy(&d->graph_launch, &fn[6], sizeof fn[0]);
    memcpy(&d->graph_exec_destroy, &fn[7], sizeof fn[0]);
    memcpy(&d->graph_destroy, &fn[8], sizeof fn[0]);
    memcpy(&d->event_create, &fn[9], sizeof fn[0]);
    memcpy(&d->event_record, &fn[10], sizeof fn[0]);
    memcpy(&d->event_synchronize, &fn[11], sizeof fn[0]);
    memcpy(&d->event_elapsed, &fn[12], sizeof fn[0]);
    memcpy(&d->event_destroy, &fn[13], sizeof fn[0]);
    return true;
}

#endif
