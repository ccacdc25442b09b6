/* tc_bench: triton.testing.do_bench (Triton 3.6) in C. One run, then the stream synchronized; an
 * estimate of one run from 5 (each after an L2 flush) between two events; max(1, int(warmup /
 * estimate)) untimed runs; max(1, int(rep / estimate)) runs, each after a flush and between two
 * events of its own; the stream synchronized, then the statistics of the runs' times. */
#include <math.h>
#include <stdlib.h>

#include "cuda/bench_internal.h"
#include "cuda/runtime_internal.h"

#define TCR_BENCH_WARMUP_MS 25.0
#define TCR_BENCH_REP_MS 100.0
#define TCR_BENCH_FLUSH_BYTES ((size_t)256 << 20)
#define TCR_BENCH_ESTIMATE_RUNS 5

/* One benchmark in progress: what every step needs, and what is freed at the end. */
typedef struct bench {
    tc_runtime *rt;
    tl_site site;
    tc_stream stream;
    tc_bench_fn fn;
    void *user;
    tcu_deviceptr flush;
    size_t flush_words;
    int nevents;
    tcu_event *events;
} bench;

/* One run of fn; false (error recorded) when it fails. */
static bool run(bench *b, const char *phase, int i)
{
    bool ok = b->fn(b->stream, b->user);
    if (!ok && !tc_runtime_failed(b->rt))
        cuda_fail(b->rt, b->site, "the benchmarked function failed (%s run %d)", phase, i + 1);
    return ok && !tc_runtime_failed(b->rt);
}

/* The L2 flush before a run: the buffer set to zero on the stream, as do_bench's cache.zero_(). */
static bool flush(bench *b)
{
    if (!b->flush)
        return true;
    return cuda_check(b->rt, b->site, b->rt->drv.memset_d32_async(b->flush, 0, b->flush_words, (tcu_stream)b->stream),
                      "cuMemsetD32Async", "(the L2 flush)");
}

static bool record(bench *b, int e)
{
    return cuda_check(b->rt, b->site, b->rt->drv.event_record(b->events[e], (tcu_stream)b->stream), "cuEventRecord",
                      NULL);
}

static bool elapsed(bench *b, int start, float *ms)
{
    return cuda_check(b->rt, b->site, b->rt->drv.event_elapsed_time(ms, b->events[start], b->events[start + 1]),
                      "cuEventElapsedTime", NULL);
}

/* n events (the ones before destroyed); false (error recorded) on failure. */
static bool make_events(bench *b, int n)
{
    for (int e = 0; e < b->nevents; e++)
        b->rt->drv.event_destroy(b->events[e]);
    free(b->events);
    b->nevents = 0;
    b->events = calloc((size_t)n, sizeof *b->events);
    if (!b->events) {
        cuda_fail(b->rt, b->site, "out of memory (%d events)", n);
        return false;
    }
    for (; b->nevents < n; b->nevents++)
        if (!cuda_check(b->rt, b->site, b->rt->drv.event_create(&b->events[b->nevents], TCU_EVENT_DEFAULT),
                        "cuEventCreate", NULL))
            return false;
    return true;
}

/* max(1, int(ms / estimate)), at most TC_BENCH_MAX_RUNS (an estimate of 0 gives the most). */
static int count(double ms, double estimate)
{
    double n = estimate > 0 ? ms / estimate : INFINITY;
    return n >= TC_BENCH_MAX_RUNS ? TC_BENCH_MAX_RUNS : n < 1 ? 1 : (int)n;
}

/* The options are valid; else false, error recorded. */
static bool check_options(tc_runtime *rt, tl_site site, tc_bench_fn fn, const tc_bench_opts *o,
                          const tc_bench_result *out)
{
    if (!fn || !out) {
        cuda_fail(rt, site, "NULL %s", !fn ? "function to benchmark" : "result");
        return false;
    }
    if (!(o->warmup_ms >= 0 && o->warmup_ms < INFINITY) || !(o->rep_ms >= 0 && o->rep_ms < INFINITY)) {
        cuda_fail(rt, site, "warmup_ms %g and rep_ms %g must be finite and >= 0 (0: 25 and 100)", o->warmup_ms,
                  o->rep_ms);
        return false;
    }
    if (o->nquantiles < 0 || o->nquantiles > TC_BENCH_MAX_QUANTILES || (o->nquantiles && !o->quantiles)) {
        cuda_fail(rt, site, "%d quantiles%s: from 0 to %d", o->nquantiles,
                  o->nquantiles > 0 && !o->quantiles ? " at NULL" : "", TC_BENCH_MAX_QUANTILES);
        return false;
    }
    for (int i = 0; i < o->nquantiles; i++) {
        if (!(o->quantiles[i] >= 0 && o->quantiles[i] <= 1)) {
            cuda_fail(rt, site, "quantile %g is not in [0, 1]", o->quantiles[i]);
            return false;
        }
    }
    return true;
}

/* The steps of do_bench, on b; false (error recorded) at the first failure. */
static bool measure(bench *b, const tc_bench_opts *o, tc_bench_result *out)
{
    tc_runtime *rt = b->rt;
    const cuda_driver *d = &rt->drv;
    if (!run(b, "first", 0) ||
        !cuda_check(rt, b->site, d->stream_synchronize((tcu_stream)b->stream), "cuStreamSynchronize", NULL))
        return false;
    if (!o->no_flush) {
        size_t bytes = o->flush_bytes ? o->flush_bytes : TCR_BENCH_FLUSH_BYTES;
        b->flush_words = (bytes + 3) / 4;
        if (!cuda_check(rt, b->site, d->mem_alloc(&b->flush, b->flush_words * 4), "cuMemAlloc",
                        "(the L2 flush buffer)"))
            return false;
    }
    /* the estimate */
    if (!make_events(b, 2) || !record(b, 0))
        return false;
    for (int i = 0; i < TCR_BENCH_ESTIMATE_RUNS; i++)
        if (!flush(b) || !run(b, "estimate", i))
            return false;
    float ms = 0;
    if (!record(b, 1) || !cuda_check(rt, b->site, d->event_synchronize(b->events[1]), "cuEventSynchronize", NULL) ||
        !elapsed(b, 0, &ms))
        return false;
    out->estimate_ms = (double)ms / TCR_BENCH_ESTIMATE_RUNS;
    out->warmups = count(o->warmup_ms ? o->warmup_ms : TCR_BENCH_WARMUP_MS, out->estimate_ms);
    out->runs = count(o->rep_ms ? o->rep_ms : TCR_BENCH_REP_MS, out->estimate_ms);
    /* warm-up, then the timed runs */
    if (!make_events(b, 2 * out->runs))
        return false;
    for (int i = 0; i < out->warmups; i++)
        if (!run(b, "warm-up", i))
            return false;
    for (int i = 0; i < out->runs; i++)
        if (!flush(b) || !record(b, 2 * i) || !run(b, "timed", i) || !record(b, 2 * i + 1))
            return false;
    if (!cuda_check(rt, b->site, d->stream_synchronize((tcu_stream)b->stream), "cuStreamSynchronize", NULL))
        return false;
    float *times = malloc((size_t)out->runs * sizeof *times);
    if (!times) {
        cuda_fail(rt, b->site, "out of memory (%d times)", out->runs);
        return false;
    }
    bool ok = true;
    for (int i = 0; ok && i < out->runs; i++)
        ok = elapsed(b, 2 * i, &times[i]);
    if (ok)
        cuda_bench_stats(times, out->runs, o->nquantiles, o->quantiles, out);
    free(times);
    return ok;
}

bool tc_bench_at(tl_site site, tc_runtime *rt, tc_stream stream, tc_bench_fn fn, void *user, tc_bench_opts opts,
                 tc_bench_result *out)
{
    if (!cuda_ready(rt, site) || !check_options(rt, site, fn, &opts, out))
        return false;
    tcu_context ctx = NULL;
    if ((rt->drv.ctx_get_current(&ctx) != TCU_SUCCESS || !ctx) && !cuda_current_context(rt, site))
        return false;
    int status = TCU_STREAM_CAPTURE_STATUS_NONE;
    if (!cuda_check(rt, site, rt->drv.stream_is_capturing((tcu_stream)stream, &status), "cuStreamIsCapturing", NULL))
        return false;
    if (status != TCU_STREAM_CAPTURE_STATUS_NONE) {
        cuda_fail(rt, site, "the stream is capturing a CUDA graph: benchmarking synchronizes it");
        return false;
    }
    tc_bench_result r = {0};
    bench b = {.rt = rt, .site = site, .stream = stream, .fn = fn, .user = user};
    bool ok = measure(&b, &opts, &r);
    for (int e = 0; e < b.nevents; e++)
        rt->drv.event_destroy(b.events[e]);
    free(b.events);
    if (b.flush) {
        rt->drv.stream_synchronize((tcu_stream)stream); /* no flush may still be writing it */
        rt->drv.mem_free(b.flush);
    }
    if (ok)
        *out = r;
    return ok;
}

/* ---- a kernel launch ------------------------------------------------------------------------- */

typedef struct launch_call {
    tc_kernel *k;
    tl_site site;
    tc_grid grid;
    int nargs;
    const tc_arg *args;
} launch_call;

static bool launch_once(tc_stream stream, void *user)
{
    const launch_call *c = user;
    return tc_launch_args_at(c->site, c->k, c->grid, stream, c->nargs, c->args);
}

bool tc_bench_launch_args_at(tl_site site, tc_kernel *k, tc_grid grid, tc_stream stream, int nargs, const tc_arg *args,
                             tc_bench_opts opts, tc_bench_result *out)
{
    if (!k)
        return false;
    launch_call c = {k, site, grid, nargs, args};
    return tc_bench_at(site, k->rt, stream, launch_once, &c, opts, out);
}
