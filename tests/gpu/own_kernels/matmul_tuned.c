/* matmul_tuned: the bundled float16 matmul (kernels/models/matmul.c, copied as a user's kernel)
 * autotuned at build time by tritonc_add_kernels(... AUTOTUNE ...) at 4096^3 and 8192^3
 * (CMakeLists.txt): its winners embedded with their table. For each size the tuner made from the
 * table launches the winner with nothing timed: once, checked on 256 entries against the CPU;
 * then LAUNCHES launches captured in a CUDA graph, the graph replayed and timed with CUDA events;
 * and the launch timed as triton.testing.do_bench times one (tc_bench: an L2 flush before each).
 *
 *     matmul_tuned SIZE...     a RESULT line per size; exit 0 all right, 1 a wrong result,
 *                              2 the runtime or the driver failed
 *
 * Run with compiling off and no Python: the winners come from the program. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>

#include <tritonc/cuda.h>

#include "common.h"

extern const tl_kernel matmul_kernel; /* matmul.c */
extern const tc_variant matmul_tuned_variants[];
extern const int matmul_tuned_variants_count;
extern const char *const matmul_tuned_variants_tables[];
extern const int matmul_tuned_variants_tables_count;

/* kernels/models/matmul.c's config, in its order. */
typedef struct matmul_cfg {
    int BLOCK_M, BLOCK_N, BLOCK_K, GROUP_M;
} matmul_cfg;

/* One program per BLOCK_M x BLOCK_N tile of C: what the kernel's grid is in Python. */
static tc_grid grid_of(const void *cfg, int nargs, const tc_arg *args, void *user)
{
    (void)nargs;
    (void)user;
    const matmul_cfg *c = cfg;
    long long m = args[3].v.i, n = args[4].v.i;
    return tc_grid1((unsigned)(((m + c->BLOCK_M - 1) / c->BLOCK_M) * ((n + c->BLOCK_N - 1) / c->BLOCK_N)));
}

typedef struct launch {
    tc_autotuner *at;
    tc_arg args[12];
} launch;

static bool bench_one(tc_stream stream, void *user)
{
    launch *l = user;
    return tc_autotune_launch_args(l->at, stream, 12, l->args);
}

#define CU(call, what)                                                                                                 \
    do {                                                                                                               \
        own_cu_result r_ = (call);                                                                                     \
        if (r_ != 0) {                                                                                                 \
            fprintf(stderr, "matmul_tuned: %s failed: CUDA error %d\n", what, r_);                                     \
            rc = 2;                                                                                                    \
            goto done;                                                                                                 \
        }                                                                                                              \
    } while (0)

static int one_size(tc_runtime *rt, tc_autotuner *at, const own_driver *d, own_cu_stream stream, int s)
{
    const int launches = s >= 8192 ? 10 : 20, replays = 5;
    size_t count = (size_t)s * s, bytes = count * 2;
    uint16_t *a = malloc(bytes), *b = malloc(bytes), *c = malloc(bytes);
    tc_deviceptr da = 0, db = 0, dc = 0;
    own_cu_graph graph = NULL;
    own_cu_graph_exec exec = NULL;
    own_cu_event start = NULL, end = NULL;
    int rc = 0;
    if (!a || !b || !c) {
        fprintf(stderr, "matmul_tuned: out of memory\n");
        rc = 2;
        goto done;
    }
    own_fill(a, count, 7, 1.0f);
    own_fill(b, count, 8, 1.0f);
    da = tc_alloc(rt, bytes);
    db = tc_alloc(rt, bytes);
    dc = tc_alloc(rt, bytes);
    tc_copy_to_device(rt, da, a, bytes);
    tc_copy_to_device(rt, db, b, bytes);
    /* matmul(a, b, c, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn) */
    launch l = {at,
                {tc_ptr(da, TL_F16), tc_ptr(db, TL_F16), tc_ptr(dc, TL_F16), tc_i32(s), tc_i32(s), tc_i32(s),
                 tc_i32(s), tc_i32(1), tc_i32(s), tc_i32(1), tc_i32(s), tc_i32(1)}};
    /* The winner's variant loaded before the capture; then one launch, checked. */
    tc_autotune_prepare_args_at(TL_SITE("tc_autotune_prepare"), at, 12, l.args);
    tc_autotune_launch_args(at, stream, 12, l.args);
    if (tc_runtime_failed(rt)) {
        fprintf(stderr, "matmul_tuned: %s\n", tc_runtime_error(rt));
        rc = 2;
        goto done;
    }
    CU(d->stream_synchronize(stream), "cuStreamSynchronize");
    tc_copy_to_host(rt, c, dc, bytes);
    double worst = 0;
    for (int k = 0; k < 256; k++) {
        long long i = (k * 7919LL) % s, j = (k * 104729LL) % s;
        double want = 0;
        for (long long p = 0; p < s; p++)
            want += (double)own_float(a[i * s + p]) * own_float(b[p * s + j]);
        double err = fabs(own_float(c[i * s + j]) - want) / (fabs(want) + 1.0);
        worst = err > worst ? err : worst;
    }
    bool timed = true;
    int best = tc_autotune_best(at, &timed, NULL);

    /* LAUNCHES launches captured in a graph (a launch that timed or synchronized would break
     * the capture), the graph replayed. */
    CU(d->begin_capture(stream, OWN_CU_CAPTURE_MODE_GLOBAL), "cuStreamBeginCapture");
    for (int i = 0; i < launches; i++)
        tc_autotune_launch_args(at, stream, 12, l.args);
    CU(d->end_capture(stream, &graph), "cuStreamEndCapture");
    if (tc_runtime_failed(rt)) {
        fprintf(stderr, "matmul_tuned: a launch inside the capture failed: %s\n", tc_runtime_error(rt));
        rc = 2;
        goto done;
    }
    CU(d->graph_instantiate(&exec, graph, 0), "cuGraphInstantiateWithFlags");
    CU(d->graph_launch(exec, stream), "cuGraphLaunch"); /* warm */
    CU(d->stream_synchronize(stream), "cuStreamSynchronize");
    CU(d->event_create(&start, 0), "cuEventCreate");
    CU(d->event_create(&end, 0), "cuEventCreate");
    CU(d->event_record(start, stream), "cuEventRecord");
    for (int r = 0; r < replays; r++)
        CU(d->graph_launch(exec, stream), "cuGraphLaunch");
    CU(d->event_record(end, stream), "cuEventRecord");
    CU(d->event_synchronize(end), "cuEventSynchronize");
    float graph_ms = 0;
    CU(d->event_elapsed(&graph_ms, start, end), "cuEventElapsedTime");
    double per_ms = graph_ms / (launches * replays);

    /* do_bench's way: one launch at a time, each after an L2 flush, the median */
    tc_bench_result br = {0};
    if (!tc_bench(rt, stream, bench_one, &l, (tc_bench_opts){0}, &br)) {
        fprintf(stderr, "matmul_tuned: %s\n", tc_runtime_error(rt));
        rc = 2;
        goto done;
    }
    double flop = 2.0 * s * s * s;
    bool ok = worst < 1e-2 && !timed;
    printf("RESULT matmul_tuned size=%d config=%d timed=%s graph_launches=%d graph_ms=%.4f graph_tflops=%.1f "
           "bench_median_ms=%.4f bench_tflops=%.1f max_rel_err=%.2g %s\n",
           s, best, timed ? "yes" : "no", launches, per_ms, flop / per_ms / 1e9, br.median, flop / br.median / 1e9,
           worst, ok ? "PASS" : "FAIL");
    rc = ok ? 0 : 1;
done:
    if (start)
        d->event_destroy(start);
    if (end)
        d->event_destroy(end);
    if (exec)
        d->graph_exec_destroy(exec);
    if (graph)
        d->graph_destroy(graph);
    if (da)
        tc_free(rt, da);
    if (db)
        tc_free(rt, db);
    if (dc)
        tc_free(rt, dc);
    free(a);
    free(b);
    free(c);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: matmul_tuned SIZE...\n");
        return 64;
    }
    tc_runtime *rt = tc_runtime_create(NULL);
    tc_runtime_add_variants(rt, matmul_tuned_variants_count, matmul_tuned_variants);
    tc_autotuner *at =
        tc_autotune_create_from_tables(rt, &matmul_kernel, matmul_tuned_variants_tables_count,
                                       matmul_tuned_variants_tables, grid_of, NULL, (tc_autotune_options){.cache_dir = ""});
    own_driver d;
    char why[256];
    own_cu_stream stream = NULL;
    int rc = 0;
    if (!at) {
        fprintf(stderr, "matmul_tuned: %s\n", tc_runtime_error(rt));
        rc = 2;
    } else if (!own_driver_open(&d, why, sizeof why)) {
        fprintf(stderr, "matmul_tuned: %s\n", why);
        rc = 2;
    } else if (d.stream_create(&stream, OWN_CU_STREAM_NON_BLOCKING) != 0) {
        fprintf(stderr, "matmul_tuned: cuStreamCreate failed\n");
        rc = 2;
    }
    for (int i = 1; i < argc && rc != 2; i++) {
        int r = one_size(rt, at, &d, stream, atoi(argv[i]));
        rc = r > rc ? r : rc;
    }
    if (stream)
        d.stream_destroy(stream);
    tc_runtime_destroy(rt);
    return rc;
}
