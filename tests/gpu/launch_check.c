/* launch_check: the GPU side of tests/gpu/launch.sh, launching bundled kernels from C through
 * tritonc's CUDA runtime (tritonc/cuda.h). Built there by launch.sh against the real driver API
 * (cuda.h, libcuda) for what the check needs beside the runtime: streams, events, graphs, and a
 * raw cuLaunchKernel to compare with. Not built in CI (it needs CUDA's header).
 *
 *   launch_check run NAME [--set K=V]... [--num-warps N] [--num-stages N] --grid X[,Y[,Z]] ARG...
 *       ARG: in:DTYPE:FILE[@OFFSET] (a buffer holding FILE's bytes, passed OFFSET bytes in),
 *            inout:DTYPE:FILE[@OFFSET] (the same, and FILE rewritten with the buffer after the
 *            launch: a buffer the kernel both reads and writes),
 *            out:DTYPE:BYTES:FILE (a zeroed buffer written to FILE after the launch),
 *            i32:V, i64:V, f32:V (scalars by value). Prints the key used.
 *       DTYPE: any tl_dtype_parse name (fp32, bf16, fp8e4nv, i8, u8, i32, i64...): the bytes
 *       are copied as they are, so bf16 and fp8 travel as raw bits (tests/gpu/models.py).
 *   launch_check overhead [--iters N]   back-to-back launches of vector_add (1024 elements):
 *                                       ours, then raw cuLaunchKernel on the same cubin
 *   launch_check matmul --size S [--iters N] [--inputs DIR]   fp16 S^3 through the specializing
 *                                       launcher; A and B from DIR/a_S.f16, DIR/b_S.f16 when given
 *                                       (the files launch_check.py python-matmul writes, so that both
 *                                       sides multiply the same numbers), else made up here
 *   launch_check autotune --size S [--iters N] [--inputs DIR]  the same, autotuned over 8+ configs
 *   launch_check warm                   runtime create + kernel get + first launch, timed
 *   launch_check graph                  100 launches captured in a CUDA graph, replayed
 *
 * Every line of results starts with "RESULT " (launch.sh and launch_check.py read them).
 * Exit status 0 on success, 1 on a wrong result, 2 on a failure. */
#define _POSIX_C_SOURCE 200809L
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bundled.h"
#include "tritonc/cuda.h"

/* The runtime's float -> IEEE half (src/cuda/args.c), for the random fp16 inputs. */
uint16_t cuda_f16_bits(float f);

#define CU(call)                                                                                  \
    do {                                                                                          \
        CUresult r_ = (call);                                                                     \
        if (r_ != CUDA_SUCCESS) {                                                                 \
            const char *s_ = NULL;                                                                \
            cuGetErrorString(r_, &s_);                                                            \
            fprintf(stderr, "launch_check: %s:%d: %s failed: %d %s\n", __FILE__, __LINE__, #call, (int)r_, \
                    s_ ? s_ : "?");                                                               \
            exit(2);                                                                              \
        }                                                                                         \
    } while (0)

static tc_runtime *rt;

static void check_rt(void)
{
    if (tc_runtime_failed(rt)) {
        fprintf(stderr, "launch_check: %s\n", tc_runtime_error(rt));
        exit(2);
    }
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static void start_runtime(void)
{
    /* The primary context, current on this thread: the runtime uses the same one. */
    CU(cuInit(0));
    CUdevice dev;
    CUcontext ctx;
    CU(cuDeviceGet(&dev, 0));
    CU(cuDevicePrimaryCtxRetain(&ctx, dev));
    CU(cuCtxSetCurrent(ctx));
    rt = tc_runtime_create(NULL);
    check_rt();
}

static const tl_kernel *kernel(const char *name)
{
    const tl_kernel *k = tritonc_bundled_find(name);
    if (!k) {
        fprintf(stderr, "launch_check: no bundled kernel %s\n", name);
        exit(2);
    }
    return k;
}

static tl_dtype parse_dtype(const char *s)
{
    tl_dtype d = tl_dtype_parse(s);
    if (d == TL_DTYPE_INVALID) {
        fprintf(stderr, "launch_check: bad dtype '%s'\n", s);
        exit(2);
    }
    return d;
}

static void *read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        exit(2);
    }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    void *p = malloc((size_t)n + 1);
    if (!p || fread(p, 1, (size_t)n, f) != (size_t)n) {
        fprintf(stderr, "launch_check: cannot read %s\n", path);
        exit(2);
    }
    fclose(f);
    *size = (size_t)n;
    return p;
}

/* ---- run: one launch on given inputs ------------------------------------------------------------- */

typedef struct out_buf {
    tc_deviceptr p;
    size_t bytes;
    const char *path;
} out_buf;

static int cmd_run(int argc, char **argv)
{
    if (argc < 1)
        return 2;
    const tl_kernel *k = kernel(argv[0]);
    void *cfg = malloc(k->cfg_size ? k->cfg_size : 1);
    memcpy(cfg, k->cfg_default, k->cfg_size);
    tc_options opts = {0};
    tc_grid grid = {1, 1, 1};
    tc_arg args[TC_MAX_ARGS];
    out_buf outs[TC_MAX_ARGS];
    tc_deviceptr bufs[TC_MAX_ARGS];
    int nargs = 0, nouts = 0, nbufs = 0;
    start_runtime();
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--set") == 0 && i + 1 < argc) {
            char kv[256], err[256];
            snprintf(kv, sizeof kv, "%s", argv[++i]);
            char *eq = strchr(kv, '=');
            if (!eq || (*eq = '\0', !tl_kernel_set(k, cfg, kv, eq + 1, err, sizeof err))) {
                fprintf(stderr, "launch_check: bad --set %s\n", argv[i]);
                return 2;
            }
        } else if (strcmp(a, "--num-warps") == 0 && i + 1 < argc) {
            opts.num_warps = atoi(argv[++i]);
        } else if (strcmp(a, "--num-stages") == 0 && i + 1 < argc) {
            opts.num_stages = atoi(argv[++i]);
        } else if (strcmp(a, "--grid") == 0 && i + 1 < argc) {
            unsigned x = 1, y = 1, z = 1;
            sscanf(argv[++i], "%u,%u,%u", &x, &y, &z);
            grid = (tc_grid){x, y, z};
        } else if (strncmp(a, "in:", 3) == 0 || strncmp(a, "inout:", 6) == 0 || strncmp(a, "out:", 4) == 0) {
            char dt[32], path[1024];
            size_t bytes = 0, offset = 0;
            bool in = a[0] == 'i', inout = strncmp(a, "inout:", 6) == 0;
            if (in) {
                if (sscanf(a + (inout ? 6 : 3), "%31[^:]:%1023[^@]@%zu", dt, path, &offset) < 2) {
                    fprintf(stderr, "launch_check: run: bad argument '%s'\n", a);
                    return 2;
                }
            } else if (sscanf(a, "out:%31[^:]:%zu:%1023s", dt, &bytes, path) != 3) {
                return 2;
            }
            void *host = in ? read_file(path, &bytes) : NULL;
            tc_deviceptr p = tc_alloc(rt, bytes + offset + 16);
            bufs[nbufs++] = p;
            if (in) {
                tc_copy_to_device(rt, p + offset, host, bytes);
                free(host);
                if (inout) /* written back over FILE after the launch */
                    outs[nouts++] = (out_buf){p + offset, bytes, strcpy(malloc(strlen(path) + 1), path)};
            } else {
                CU(cuMemsetD8((CUdeviceptr)p, 0, bytes));
                outs[nouts++] = (out_buf){p, bytes, strcpy(malloc(strlen(path) + 1), path)};
            }
            args[nargs++] = tc_ptr(p + offset, parse_dtype(dt));
        } else if (strncmp(a, "i32:", 4) == 0) {
            args[nargs++] = tc_i32(atoll(a + 4));
        } else if (strncmp(a, "i64:", 4) == 0) {
            args[nargs++] = tc_i64(atoll(a + 4));
        } else if (strncmp(a, "f32:", 4) == 0) {
            args[nargs++] = tc_f32(atof(a + 4));
        } else {
            fprintf(stderr, "launch_check: run: bad argument '%s'\n", a);
            return 2;
        }
    }
    tc_kernel *h = tc_kernel_get(rt, k, cfg, opts);
    char key[TC_MAX_ARGS + 1] = "?";
    tc_kernel_key(h, nargs, args, key, sizeof key);
    printf("KEY %s\n", key); /* before the launch, so that a failure still names it */
    fflush(stdout);
    tc_launch_args(h, grid, NULL, nargs, args);
    tc_synchronize(rt);
    check_rt();
    for (int i = 0; i < nouts; i++) {
        void *host = malloc(outs[i].bytes + 1);
        tc_copy_to_host(rt, host, outs[i].p, outs[i].bytes);
        FILE *f = fopen(outs[i].path, "wb");
        if (!f || fwrite(host, 1, outs[i].bytes, f) != outs[i].bytes) {
            perror(outs[i].path);
            return 2;
        }
        fclose(f);
        free(host);
        free((void *)outs[i].path);
    }
    for (int i = 0; i < nbufs; i++)
        tc_free(rt, bufs[i]);
    check_rt();
    printf("RESULT run %s key=%s\n", k->name, key);
    tc_runtime_destroy(rt);
    free(cfg);
    return 0;
}

/* ---- overhead: back-to-back launches, ours against raw cuLaunchKernel ------------------------------- */

static int cmd_overhead(int iters)
{
    start_runtime();
    const tl_kernel *k = kernel("vector_add");
    tc_kernel *h = tc_kernel_get(rt, k, NULL, (tc_options){0});
    int n = 1024;
    tc_deviceptr x = tc_alloc(rt, 4096), y = tc_alloc(rt, 4096), out = tc_alloc(rt, 4096);
    tc_arg args[] = {tc_ptr(x, TL_F32), tc_ptr(y, TL_F32), tc_ptr(out, TL_F32), tc_i32(n)};
    char key[TC_MAX_ARGS + 1];
    tc_kernel_key(h, 4, args, key, sizeof key);
    check_rt();
    /* The same cubin, loaded by hand for the raw launches. */
    char *err = NULL;
    tc_variant *v = tc_compile(k, NULL, key, (tc_options){0}, NULL, &err);
    if (!v) {
        fprintf(stderr, "launch_check: %s\n", err);
        return 2;
    }
    CUmodule mod;
    CUfunction fn;
    CU(cuModuleLoadData(&mod, v->cubin ? (const void *)v->cubin : (const void *)v->ptx));
    CU(cuModuleGetFunction(&fn, mod, v->symbol));
    CUdeviceptr px = x, py = y, pout = out, scratch = 0;
    int pn = n;
    void *params[] = {&px, &py, &pout, &pn, &scratch, &scratch};
    /* Warm both, then alternate rounds so that both see the same machine. */
    for (int i = 0; i < 1000; i++) {
        tc_launch_args(h, tc_grid1(1), NULL, 4, args);
        CU(cuLaunchKernel(fn, 1, 1, 1, 128, 1, 1, 0, NULL, params, NULL));
    }
    CU(cuCtxSynchronize());
    enum { ROUNDS = 7 };
    double ours[ROUNDS], raw[ROUNDS];
    for (int r = 0; r < ROUNDS; r++) {
        double t0 = now_s();
        for (int i = 0; i < iters; i++)
            tc_launch_args(h, tc_grid1(1), NULL, 4, args);
        CU(cuCtxSynchronize());
        ours[r] = (now_s() - t0) / iters * 1e6;
        t0 = now_s();
        for (int i = 0; i < iters; i++)
            cuLaunchKernel(fn, 1, 1, 1, 128, 1, 1, 0, NULL, params, NULL);
        CU(cuCtxSynchronize());
        raw[r] = (now_s() - t0) / iters * 1e6;
    }
    check_rt();
    double o = median(ours, ROUNDS), w = median(raw, ROUNDS);
    printf("RESULT overhead key=%s iters=%d ours_us=%.3f raw_us=%.3f ours_over_raw=%.4f\n", key, iters, o, w, o / w);
    CU(cuModuleUnload(mod));
    tc_variant_free(v);
    tc_runtime_destroy(rt);
    return 0;
}

/* ---- matmul: fp16 S^3, specialized, and autotuned ----------------------------------------------------- */

typedef struct matmul_cfg_view {
    int BLOCK_M, BLOCK_N, BLOCK_K, GROUP_M; /* kernels/models/matmul.c's config, in its order */
} matmul_cfg_view;

static tc_grid matmul_grid(const void *cfg, int nargs, const tc_arg *args, void *user)
{
    (void)nargs;
    (void)user;
    const matmul_cfg_view *c = cfg;
    long long m = args[3].v.i, n = args[4].v.i;
    return tc_grid1(((m + c->BLOCK_M - 1) / c->BLOCK_M) * ((n + c->BLOCK_N - 1) / c->BLOCK_N));
}

static tc_deviceptr random_f16(size_t count, unsigned seed)
{
    uint16_t *h = malloc(count * 2);
    srand(seed);
    for (size_t i = 0; i < count; i++)
        h[i] = cuda_f16_bits((float)(rand() % 2001 - 1000) / 1000.0f);
    tc_deviceptr d = tc_alloc(rt, count * 2);
    tc_copy_to_device(rt, d, h, count * 2);
    free(h);
    return d;
}

/* count fp16 values read from PATH onto the device; NULL-safe failure exits with a message. */
static tc_deviceptr file_f16(const char *path, size_t count)
{
    FILE *f = fopen(path, "rb");
    uint16_t *h = malloc(count * 2);
    if (f == NULL || h == NULL || fread(h, 2, count, f) != count) {
        fprintf(stderr, "launch_check: cannot read %zu fp16 values from %s\n", count, path);
        exit(2);
    }
    fclose(f);
    tc_deviceptr d = tc_alloc(rt, count * 2);
    tc_copy_to_device(rt, d, h, count * 2);
    free(h);
    return d;
}

static tc_deviceptr matmul_input(const char *dir, char which, long long s, unsigned seed)
{
    size_t count = (size_t)(s * s);
    if (dir == NULL)
        return random_f16(count, seed);
    char path[4096];
    snprintf(path, sizeof path, "%s/%c_%lld.f16", dir, which, s);
    return file_f16(path, count);
}

static int cmd_matmul(long long s, int iters, bool tune, const char *inputs)
{
    start_runtime();
    const tl_kernel *k = kernel("matmul");
    size_t count = (size_t)(s * s);
    tc_deviceptr a = matmul_input(inputs, 'a', s, 1), b = matmul_input(inputs, 'b', s, 2), c = tc_alloc(rt, count * 2);
    tc_arg args[] = {tc_ptr(a, TL_F16), tc_ptr(b, TL_F16), tc_ptr(c, TL_F16), tc_i32(s), tc_i32(s), tc_i32(s),
                     tc_i32(s),         tc_i32(1),         tc_i32(s),         tc_i32(1), tc_i32(s), tc_i32(1)};
    int nargs = 12;
    char key[TC_MAX_ARGS + 1] = "";
    tc_kernel *h = tc_kernel_get(rt, k, NULL, (tc_options){0});
    tc_kernel_key(h, nargs, args, key, sizeof key);
    tc_autotuner *at = NULL;
    /* Eight configs around Triton's tutorial ones for fp16 on Hopper. */
    static const tc_tune_config configs[] = {
        {"BLOCK_M=128,BLOCK_N=256,BLOCK_K=64,GROUP_M=8", {.num_warps = 8, .num_stages = 3}},
        {"BLOCK_M=128,BLOCK_N=128,BLOCK_K=64,GROUP_M=8", {.num_warps = 4, .num_stages = 3}},
        {"BLOCK_M=128,BLOCK_N=128,BLOCK_K=64,GROUP_M=8", {.num_warps = 8, .num_stages = 4}},
        {"BLOCK_M=128,BLOCK_N=256,BLOCK_K=32,GROUP_M=8", {.num_warps = 8, .num_stages = 4}},
        {"BLOCK_M=256,BLOCK_N=128,BLOCK_K=64,GROUP_M=8", {.num_warps = 8, .num_stages = 3}},
        {"BLOCK_M=128,BLOCK_N=64,BLOCK_K=64,GROUP_M=8", {.num_warps = 4, .num_stages = 4}},
        {"BLOCK_M=64,BLOCK_N=128,BLOCK_K=64,GROUP_M=8", {.num_warps = 4, .num_stages = 4}},
        {"BLOCK_M=128,BLOCK_N=128,BLOCK_K=32,GROUP_M=8", {.num_warps = 4, .num_stages = 5}},
        {"BLOCK_M=64,BLOCK_N=256,BLOCK_K=64,GROUP_M=8", {.num_warps = 8, .num_stages = 3}},
    };
    int nconfigs = (int)(sizeof configs / sizeof configs[0]);
    double tune_s = 0;
    if (tune) {
        static const char *const key_names[] = {"M", "N", "K"};
        at = tc_autotune_create(rt, k, NULL, nconfigs, configs, matmul_grid, NULL,
                                (tc_autotune_options){.nkey = 3, .key = key_names, .warmup = 5, .repeats = 25});
        double t0 = now_s();
        tc_autotune_launch_args(at, NULL, nargs, args); /* times every config, or reads the file */
        tc_synchronize(rt);
        tune_s = now_s() - t0;
    } else {
        matmul_cfg_view def = {128, 128, 64, 8};
        tc_launch_args(h, matmul_grid(&def, nargs, args, NULL), NULL, nargs, args);
    }
    check_rt();
    /* Warm, then MATMUL_ROUNDS rounds of one event pair around `iters` back-to-back launches; the
     * median round counts (launch_check.py python-matmul times Python's JIT the same way). */
    matmul_cfg_view def = {128, 128, 64, 8};
    for (int i = 0; i < 3; i++)
        tune ? tc_autotune_launch_args(at, NULL, nargs, args)
             : tc_launch_args(h, matmul_grid(&def, nargs, args, NULL), NULL, nargs, args);
    enum { MATMUL_ROUNDS = 5 };
    double round_us[MATMUL_ROUNDS];
    CUevent e0, e1;
    CU(cuEventCreate(&e0, 0));
    CU(cuEventCreate(&e1, 0));
    for (int r = 0; r < MATMUL_ROUNDS; r++) {
        CU(cuEventRecord(e0, NULL));
        for (int i = 0; i < iters; i++)
            tune ? tc_autotune_launch_args(at, NULL, nargs, args)
                 : tc_launch_args(h, matmul_grid(&def, nargs, args, NULL), NULL, nargs, args);
        CU(cuEventRecord(e1, NULL));
        CU(cuEventSynchronize(e1));
        float ms = 0;
        CU(cuEventElapsedTime(&ms, e0, e1));
        round_us[r] = ms * 1e3 / iters;
    }
    check_rt();
    double us = median(round_us, MATMUL_ROUNDS), tflops = 2.0 * (double)s * s * s / (us * 1e-6) / 1e12;
    if (tune) {
        bool timed = false;
        double best_ms = 0;
        int best = tc_autotune_best(at, &timed, &best_ms);
        double t[16];
        int nt = tc_autotune_timings(at, 16, t);
        printf("timings (ms, median per config, -1 could not run):");
        for (int i = 0; i < nt && i < 16; i++)
            printf(" %d:%.4f", i, t[i]);
        printf("\n");
        printf("RESULT autotune size=%lld configs=%d best=%d set=%s num_warps=%d num_stages=%d %s tune_s=%.2f "
               "us=%.1f tflops=%.1f file=%s\n",
               s, nconfigs, best, best >= 0 ? configs[best].set : "?", best >= 0 ? configs[best].options.num_warps : 0,
               best >= 0 ? configs[best].options.num_stages : 0, timed ? "timed" : "from-file", tune_s, us, tflops,
               tc_autotune_file(at) ? tc_autotune_file(at) : "(memory)");
    } else {
        printf("RESULT matmul size=%lld key=%s us=%.1f tflops=%.1f\n", s, key, us, tflops);
    }
    tc_runtime_destroy(rt);
    return 0;
}

/* ---- warm start: how long until the first launch is done, from nothing -------------------------------- */

static int cmd_warm(void)
{
    /* The driver's own start (cuInit, then creating the device's primary context) is timed
     * apart from ours: runtime create + kernel handle, then the first launch (on a cache hit:
     * emit the TTIR, find the cache entry, load the module, launch). */
    double t0 = now_s();
    CU(cuInit(0));
    double t_init = now_s();
    CUdevice dev;
    CUcontext ctx;
    CU(cuDeviceGet(&dev, 0));
    CU(cuDevicePrimaryCtxRetain(&ctx, dev));
    CU(cuCtxSetCurrent(ctx));
    double t_ctx = now_s();
    rt = tc_runtime_create(NULL);
    tc_kernel *h = tc_kernel_get(rt, kernel("vector_add"), NULL, (tc_options){0});
    double t_get = now_s();
    tc_deviceptr x = tc_alloc(rt, 4096);
    double t_alloc = now_s();
    tc_launch(h, tc_grid1(1), NULL, tc_ptr(x, TL_F32), tc_ptr(x, TL_F32), tc_ptr(x, TL_F32), tc_i32(1024));
    tc_synchronize(rt);
    double t_launch = now_s();
    check_rt();
    printf("RESULT warm cuinit_ms=%.1f context_ms=%.1f runtime_and_kernel_ms=%.2f first_launch_ms=%.2f "
           "ours_ms=%.2f total_ms=%.1f\n",
           (t_init - t0) * 1e3, (t_ctx - t_init) * 1e3, (t_get - t_ctx) * 1e3, (t_launch - t_alloc) * 1e3,
           (t_get - t_ctx + t_launch - t_alloc) * 1e3, (t_launch - t0) * 1e3);
    tc_runtime_destroy(rt);
    return 0;
}

/* ---- graph: 100 launches captured, replayed ----------------------------------------------------------- */

static int cmd_graph(void)
{
    start_runtime();
    tc_kernel *h = tc_kernel_get(rt, kernel("vector_add"), NULL, (tc_options){0});
    enum { N = 100000, LAUNCHES = 100, REPLAYS = 3 };
    float *hx = malloc(N * 4), *hout = malloc(N * 4);
    for (int i = 0; i < N; i++) {
        hx[i] = (float)(i % 13);
        hout[i] = (float)(i % 5);
    }
    tc_deviceptr x = tc_alloc(rt, N * 4), out = tc_alloc(rt, N * 4);
    tc_copy_to_device(rt, x, hx, N * 4);
    tc_copy_to_device(rt, out, hout, N * 4);
    CUstream stream;
    CU(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));
    tc_arg args[] = {tc_ptr(x, TL_F32), tc_ptr(out, TL_F32), tc_ptr(out, TL_F32), tc_i32(N)};
    char key[TC_MAX_ARGS + 1];
    tc_kernel_key(h, 4, args, key, sizeof key);
    tc_kernel_prepare(h, key); /* loaded before the capture: a launch then neither loads nor allocates */
    check_rt();
    /* out = x + out, 100 times in the graph; the graph replayed 3 times. */
    CU(cuStreamBeginCapture(stream, CU_STREAM_CAPTURE_MODE_GLOBAL));
    for (int i = 0; i < LAUNCHES; i++)
        tc_launch_args(h, tc_grid1((N + 1023) / 1024), stream, 4, args);
    CUgraph graph;
    CU(cuStreamEndCapture(stream, &graph));
    check_rt();
    CUgraphExec exec;
    CU(cuGraphInstantiate(&exec, graph, 0));
    size_t nodes = 0;
    CU(cuGraphGetNodes(graph, NULL, &nodes));
    for (int r = 0; r < REPLAYS; r++)
        CU(cuGraphLaunch(exec, stream));
    CU(cuStreamSynchronize(stream));
    float *got = malloc(N * 4);
    tc_copy_to_host(rt, got, out, N * 4);
    check_rt();
    long long bad = 0;
    for (int i = 0; i < N; i++)
        bad += got[i] != hout[i] + (float)(LAUNCHES * REPLAYS) * hx[i];
    printf("RESULT graph key=%s launches=%d nodes=%zu replays=%d mismatches=%lld %s\n", key, LAUNCHES, nodes, REPLAYS,
           bad, bad ? "WRONG" : "ok");
    CU(cuGraphExecDestroy(exec));
    CU(cuGraphDestroy(graph));
    CU(cuStreamDestroy(stream));
    tc_runtime_destroy(rt);
    return bad ? 1 : 0;
}

static const char *str_opt(int argc, char **argv, const char *flag)
{
    for (int i = 2; i + 1 < argc; i++)
        if (strcmp(argv[i], flag) == 0)
            return argv[i + 1];
    return NULL;
}

static int int_opt(int argc, char **argv, const char *flag, int def)
{
    for (int i = 0; i + 1 < argc; i++)
        if (strcmp(argv[i], flag) == 0)
            return atoi(argv[i + 1]);
    return def;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: launch_check run|overhead|matmul|autotune|warm|graph ...\n");
        return 2;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "run") == 0)
        return cmd_run(argc - 2, argv + 2);
    if (strcmp(cmd, "overhead") == 0)
        return cmd_overhead(int_opt(argc, argv, "--iters", 20000));
    if (strcmp(cmd, "matmul") == 0 || strcmp(cmd, "autotune") == 0)
        return cmd_matmul(int_opt(argc, argv, "--size", 4096), int_opt(argc, argv, "--iters", 20),
                          strcmp(cmd, "autotune") == 0, str_opt(argc, argv, "--inputs"));
    if (strcmp(cmd, "warm") == 0)
        return cmd_warm();
    if (strcmp(cmd, "graph") == 0)
        return cmd_graph();
    fprintf(stderr, "launch_check: unknown command %s\n", cmd);
    return 2;
}
