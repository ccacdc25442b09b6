/* multi_gpu: the C side of tests/gpu/multi_gpu.sh (issue 32), on a machine with N GPUs (N = 1
 * too: the collectives are then copies, and still run):
 *
 *   (a) launch          the bundled vector_add on every device, each on a stream of its own,
 *                       issued from one thread going round the devices, each result checked
 *                       (one kernel handle: a module per device);
 *   (b) launch_threads  the same from a thread per device, 100 launches each, checked;
 *   (c) collectives     tc_all_reduce (float32 sum, int32 max, bfloat16 sum), tc_all_gather,
 *                       tc_reduce_scatter and tc_all_to_all over all devices, each rank's result
 *                       checked against what it must be; tc_all_reduce_rank from a thread per
 *                       device, checked;
 *   (d) bandwidth       tc_all_reduce in place of float32 buffers of 1, 8, 64 and 256 MiB per
 *                       rank on the devices' streams: 5 warm-up calls, then ITERS calls timed on
 *                       the host from all devices synchronized to all synchronized; algorithm
 *                       bandwidth bytes / time and bus bandwidth 2 (N - 1) / N * bytes / time
 *                       (nccl-tests' definitions).
 *
 * One line per check, "RESULT <check> ok|FAIL ...", and per size "RESULT tritonc_allreduce
 * bytes=B iters=I time_us=T algbw_GBps=A busbw_GBps=U". NCCL is opened as tritonc/nccl.h says
 * ($TRITONC_LIBNCCL, else libnccl.so.2). Built by multi_gpu.sh against the static libraries.
 *
 *   multi_gpu [N [MAX_BYTES]]   N devices (default: all of them); the bandwidth sizes up to
 *                               MAX_BYTES (default 256 MiB)
 *
 * Exit status 0 when every check passed, 1 otherwise, 2 when the runtime or NCCL cannot start. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bundled.h"
#include "device_sync.h"
#include "tritonc/cuda.h"
#include "tritonc/nccl.h"

#define MAXDEV 16
static int failures;

static bool result(const char *check, bool ok, const char *fmt, ...)
{
    char detail[512] = "";
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(detail, sizeof detail, fmt, ap);
    va_end(ap);
    printf("RESULT %-16s %s %s\n", check, ok ? "ok" : "FAIL", detail);
    fflush(stdout);
    failures += !ok;
    return ok;
}

/* ---- (a), (b) vector_add on every device --------------------------------------------------------- */

enum { NEL = (1 << 20) + 17 }; /* not a multiple of the block: the mask is exercised */

typedef struct device_bufs {
    tc_stream stream;
    tc_deviceptr x, y, out;
} device_bufs;

static float x_of(int d, long i) { return (float)(i % 1000) + (float)d; }
static float y_of(int d, long i) { return 0.25f * (float)(d + 1) + (float)(i % 7); }

/* Fills device d's x and y (its device current). */
static bool fill(tc_runtime *rt, int d, const device_bufs *b, float *host)
{
    for (long i = 0; i < NEL; i++)
        host[i] = x_of(d, i);
    if (!tc_copy_to_device(rt, b->x, host, NEL * sizeof(float)))
        return false;
    for (long i = 0; i < NEL; i++)
        host[i] = y_of(d, i);
    return tc_copy_to_device(rt, b->y, host, NEL * sizeof(float));
}

/* Device d's out against x + y (its device current, its stream done). */
static long wrong_sums(tc_runtime *rt, int d, const device_bufs *b, float *host)
{
    if (!tc_copy_to_host(rt, host, b->out, NEL * sizeof(float)))
        return -1;
    long wrong = 0;
    for (long i = 0; i < NEL; i++)
        wrong += host[i] != x_of(d, i) + y_of(d, i);
    return wrong;
}

#define LAUNCH_ADD(k, b)                                                                                               \
    tc_launch((k), tc_grid1(tc_cdiv(NEL, 1024)), (b)->stream, tc_ptr((b)->x, TL_F32), tc_ptr((b)->y, TL_F32),         \
              tc_ptr((b)->out, TL_F32), tc_i32(NEL))

static void launch_on_every_device(tc_runtime *rt, tc_kernel *add, int n, device_bufs *bufs, float *host)
{
    bool ok = true;
    for (int d = 0; d < n && ok; d++) {
        device_bufs *b = &bufs[d];
        ok = tc_set_device(rt, d) && (b->stream = tc_stream_create(rt)) != NULL &&
            (b->x = tc_alloc(rt, NEL * sizeof(float))) && (b->y = tc_alloc(rt, NEL * sizeof(float))) &&
            (b->out = tc_alloc(rt, NEL * sizeof(float))) && fill(rt, d, b, host);
    }
    double t0 = now_s();
    for (int d = 0; d < n && ok; d++) /* issued round the devices from this thread */
        ok = tc_set_device(rt, d) && LAUNCH_ADD(add, &bufs[d]);
    ok = ok && sync_all(rt, n);
    double first = now_s() - t0; /* the first launch on each device loads its module */
    for (int d = 0; d < n; d++) {
        long wrong = ok && tc_set_device(rt, d) ? wrong_sums(rt, d, &bufs[d], host) : -1;
        char check[32];
        snprintf(check, sizeof check, "launch dev%d", d);
        result(check, ok && wrong == 0, "vector_add of %d float32 on device %d's stream: %ld wrong%s%s", NEL, d, wrong,
               tc_runtime_failed(rt) ? ": " : "", tc_runtime_failed(rt) ? tc_runtime_error(rt) : "");
    }
    printf("first launches on %d device%s (a module loaded on each): %.1f ms\n", n, n == 1 ? "" : "s", first * 1e3);
}

typedef struct thread_job {
    tc_runtime *rt;
    tc_kernel *add;
    int device;
    device_bufs *b;
    bool ok;
} thread_job;

static void *launch_from_thread(void *arg)
{
    thread_job *j = arg;
    j->ok = tc_set_device(j->rt, j->device);
    for (int i = 0; i < 100 && j->ok; i++)
        j->ok = LAUNCH_ADD(j->add, j->b);
    j->ok = j->ok && tc_synchronize(j->rt) && tc_current_device(j->rt) == j->device;
    return NULL;
}

static void launch_from_threads(tc_runtime *rt, tc_kernel *add, int n, device_bufs *bufs, float *host)
{
    thread_job jobs[MAXDEV];
    pthread_t t[MAXDEV];
    int started = 0;
    for (int d = 0; d < n; d++) {
        jobs[d] = (thread_job){rt, add, d, &bufs[d], false};
        started += pthread_create(&t[d], NULL, launch_from_thread, &jobs[d]) == 0;
    }
    for (int d = 0; d < started; d++)
        pthread_join(t[d], NULL);
    bool ok = started == n;
    long wrong = 0;
    for (int d = 0; d < n && ok; d++) {
        long w = tc_set_device(rt, d) ? wrong_sums(rt, d, &bufs[d], host) : -1;
        ok = jobs[d].ok && w >= 0;
        wrong += w > 0 ? w : 0;
    }
    result("launch_threads", ok && wrong == 0, "100 launches from a thread per device on %d device%s: %ld wrong%s%s",
           n, n == 1 ? "" : "s", wrong, tc_runtime_failed(rt) ? ": " : "",
           tc_runtime_failed(rt) ? tc_runtime_error(rt) : "");
}

/* ---- (c) the collectives' results ------------------------------------------------------------------ */

enum { C = (1 << 18) + 3 }; /* elements per block */

static float v_of(int r, long i) { return (float)(i % 97 + r); }

typedef struct coll_bufs {
    tc_deviceptr send[MAXDEV], recv[MAXDEV];
    tc_stream streams[MAXDEV];
} coll_bufs;

/* Each rank's send buffer: C * n floats, v_of(r, i). */
static bool put_send(tc_runtime *rt, int n, const coll_bufs *cb, float *host)
{
    for (int r = 0; r < n; r++) {
        for (long i = 0; i < (long)C * n; i++)
            host[i] = v_of(r, i);
        if (!tc_set_device(rt, r) || !tc_copy_to_device(rt, cb->send[r], host, (size_t)C * n * sizeof(float)))
            return false;
    }
    return true;
}

/* Rank r's receive buffer (elems floats) after every stream is done; NULL on error. */
static float *get_recv(tc_runtime *rt, int r, const coll_bufs *cb, float *host, long elems)
{
    if (!tc_set_device(rt, r) || !tc_copy_to_host(rt, host, cb->recv[r], (size_t)elems * sizeof(float)))
        return NULL;
    return host;
}

typedef float (*expect_fn)(int n, int r, long i);
static float expect_all_reduce(int n, int r, long i)
{
    (void)r;
    return (float)(n * (i % 97) + n * (n - 1) / 2);
}
static float expect_all_gather(int n, int r, long i)
{
    (void)n;
    (void)r;
    return v_of((int)(i / C), i % C);
}
static float expect_reduce_scatter(int n, int r, long i)
{
    return (float)(n * (((long)r * C + i) % 97) + n * (n - 1) / 2);
}
static float expect_all_to_all(int n, int r, long i)
{
    (void)n;
    return v_of((int)(i / C), (long)r * C + i % C);
}

static void check_coll(tc_runtime *rt, int n, const coll_bufs *cb, float *host, const char *name, bool issued,
                       long elems, expect_fn want)
{
    bool ok = issued && sync_all(rt, n);
    long wrong = 0;
    for (int r = 0; r < n && ok; r++) {
        const float *got = get_recv(rt, r, cb, host, elems);
        ok = got != NULL;
        for (long i = 0; ok && i < elems; i++)
            wrong += got[i] != want(n, r, i);
    }
    result(name, ok && wrong == 0, "%ld float32 per rank on %d rank%s: %ld wrong%s%s", elems, n, n == 1 ? "" : "s",
           wrong, tc_runtime_failed(rt) ? ": " : "", tc_runtime_failed(rt) ? tc_runtime_error(rt) : "");
    tc_runtime_clear_error(rt);
}

typedef struct rank_job {
    tc_comm *comm;
    tc_runtime *rt;
    int rank;
    const coll_bufs *cb;
    bool ok;
} rank_job;

static void *all_reduce_from_thread(void *arg)
{
    rank_job *j = arg;
    j->ok = tc_set_device(j->rt, j->rank) &&
        tc_all_reduce_rank(j->comm, j->rank, j->cb->send[j->rank], j->cb->recv[j->rank], C, TL_F32, TC_REDUCE_SUM,
                           j->cb->streams[j->rank]) &&
        tc_synchronize(j->rt);
    return NULL;
}

static void collectives(tc_runtime *rt, tc_comm *comm, int n, coll_bufs *cb, float *host)
{
    long per_rank = (long)C * n;
    if (!put_send(rt, n, cb, host)) {
        result("collectives", false, "%s", tc_runtime_error(rt));
        return;
    }
    check_coll(rt, n, cb, host, "all_reduce", tc_all_reduce(comm, cb->send, cb->recv, C, TL_F32, TC_REDUCE_SUM,
                                                            cb->streams),
               C, expect_all_reduce);
    check_coll(rt, n, cb, host, "all_gather", tc_all_gather(comm, cb->send, cb->recv, C, TL_F32, cb->streams),
               per_rank, expect_all_gather);
    check_coll(rt, n, cb, host, "reduce_scatter",
               tc_reduce_scatter(comm, cb->send, cb->recv, C, TL_F32, TC_REDUCE_SUM, cb->streams), C,
               expect_reduce_scatter);
    check_coll(rt, n, cb, host, "all_to_all", tc_all_to_all(comm, cb->send, cb->recv, C, TL_F32, cb->streams),
               per_rank, expect_all_to_all);

    /* int32 max and bfloat16 sum, on a few elements: rank r holds r * 1000 - i and 1.0 */
    bool ok = true;
    for (int r = 0; r < n && ok; r++) {
        int32_t iv[64];
        uint16_t bv[64];
        for (int i = 0; i < 64; i++) {
            iv[i] = r * 1000 - i;
            bv[i] = 0x3f80; /* 1.0 */
        }
        ok = tc_set_device(rt, r) && tc_copy_to_device(rt, cb->send[r], iv, sizeof iv) &&
            tc_copy_to_device(rt, cb->send[r] + 256, bv, sizeof bv);
    }
    tc_deviceptr s2[MAXDEV], r2[MAXDEV];
    for (int r = 0; r < n; r++) {
        s2[r] = cb->send[r] + 256;
        r2[r] = cb->recv[r] + 256;
    }
    ok = ok && tc_all_reduce(comm, cb->send, cb->recv, 64, TL_I32, TC_REDUCE_MAX, cb->streams) &&
        tc_all_reduce(comm, s2, r2, 64, TL_BF16, TC_REDUCE_SUM, cb->streams) && sync_all(rt, n);
    long wrong = 0;
    for (int r = 0; r < n && ok; r++) {
        int32_t iv[64];
        uint16_t bv[64];
        ok = tc_set_device(rt, r) && tc_copy_to_host(rt, iv, cb->recv[r], sizeof iv) &&
            tc_copy_to_host(rt, bv, cb->recv[r] + 256, sizeof bv);
        for (int i = 0; ok && i < 64; i++) {
            uint32_t bits = (uint32_t)bv[i] << 16;
            float f;
            memcpy(&f, &bits, 4);
            wrong += iv[i] != (n - 1) * 1000 - i;
            wrong += f != (float)n;
        }
    }
    result("all_reduce_types", ok && wrong == 0, "int32 max and bfloat16 sum of 64 elements: %ld wrong%s%s", wrong,
           tc_runtime_failed(rt) ? ": " : "", tc_runtime_failed(rt) ? tc_runtime_error(rt) : "");
    tc_runtime_clear_error(rt);

    /* The per-rank form from a thread per device. */
    ok = put_send(rt, n, cb, host);
    rank_job jobs[MAXDEV];
    pthread_t t[MAXDEV];
    int started = 0;
    for (int r = 0; r < n && ok; r++) {
        jobs[r] = (rank_job){comm, rt, r, cb, false};
        started += pthread_create(&t[r], NULL, all_reduce_from_thread, &jobs[r]) == 0;
    }
    for (int r = 0; r < started; r++)
        pthread_join(t[r], NULL);
    for (int r = 0; r < n && ok; r++)
        ok = started == n && jobs[r].ok;
    check_coll(rt, n, cb, host, "all_reduce_rank", ok, C, expect_all_reduce);
}

/* ---- (d) all-reduce bandwidth --------------------------------------------------------------------------- */

static void bandwidth(tc_runtime *rt, tc_comm *comm, int n, const coll_bufs *cb, size_t max)
{
    static const size_t all_sizes[] = {1u << 20, 8u << 20, 64u << 20, 256u << 20};
    size_t sizes[4], nsizes = 0;
    for (size_t k = 0; k < 4; k++)
        if (all_sizes[k] <= max)
            sizes[nsizes++] = all_sizes[k];
    if (nsizes == 0)
        sizes[nsizes++] = max;
    max = sizes[nsizes - 1];
    tc_deviceptr buf[MAXDEV] = {0};
    void *zeros = calloc(1, max);
    bool ok = zeros != NULL;
    for (int r = 0; r < n && ok; r++)
        ok = tc_set_device(rt, r) && (buf[r] = tc_alloc(rt, max)) != 0 && tc_copy_to_device(rt, buf[r], zeros, max);
    free(zeros);
    for (size_t k = 0; ok && k < nsizes; k++) {
        size_t bytes = sizes[k], count = bytes / sizeof(float);
        int iters = bytes <= (8u << 20) ? 100 : 20;
        for (int i = 0; i < 5 && ok; i++)
            ok = tc_all_reduce(comm, buf, buf, count, TL_F32, TC_REDUCE_SUM, cb->streams);
        ok = ok && sync_all(rt, n);
        double t0 = now_s();
        for (int i = 0; i < iters && ok; i++)
            ok = tc_all_reduce(comm, buf, buf, count, TL_F32, TC_REDUCE_SUM, cb->streams);
        ok = ok && sync_all(rt, n);
        double t = (now_s() - t0) / iters;
        if (ok)
            printf("RESULT tritonc_allreduce bytes=%zu iters=%d time_us=%.1f algbw_GBps=%.2f busbw_GBps=%.2f\n", bytes,
                   iters, t * 1e6, (double)bytes / t / 1e9, 2.0 * (n - 1) / n * (double)bytes / t / 1e9);
    }
    result("bandwidth", ok, "%s", ok ? "all-reduce timed up to the largest size" : tc_runtime_error(rt));
    tc_runtime_clear_error(rt);
    for (int r = 0; r < n; r++)
        if (tc_set_device(rt, r))
            tc_free(rt, buf[r]);
}

int main(int argc, char **argv)
{
    tc_runtime *rt = tc_runtime_create(NULL);
    if (!rt || tc_runtime_failed(rt)) {
        fprintf(stderr, "multi_gpu: %s\n", rt ? tc_runtime_error(rt) : "out of memory");
        tc_runtime_destroy(rt);
        return 2;
    }
    int n = tc_device_count(rt);
    if (argc > 1 && atoi(argv[1]) > 0 && atoi(argv[1]) < n)
        n = atoi(argv[1]);
    size_t max_bytes = argc > 2 ? (size_t)strtoull(argv[2], NULL, 0) : 256u << 20;
    if (n > MAXDEV) {
        printf("multi_gpu: %d devices, the first %d used\n", n, MAXDEV);
        n = MAXDEV;
    }
    if (n < 1) {
        fprintf(stderr, "multi_gpu: no device\n");
        tc_runtime_destroy(rt);
        return 2;
    }
    printf("multi_gpu: %d device%s, sm_%d\n", n, n == 1 ? "" : "s", tc_runtime_arch(rt));
    float *host = malloc((size_t)(NEL > C * n ? NEL : C * n) * sizeof(float));
    tc_kernel *add = tc_kernel_get(rt, tritonc_bundled_find("vector_add"), NULL, (tc_options){0});
    if (!host || !add) {
        fprintf(stderr, "multi_gpu: %s\n", host ? tc_runtime_error(rt) : "out of memory");
        free(host);
        tc_runtime_destroy(rt);
        return 2;
    }
    device_bufs bufs[MAXDEV];
    memset(bufs, 0, sizeof bufs);
    launch_on_every_device(rt, add, n, bufs, host);
    tc_runtime_clear_error(rt);
    launch_from_threads(rt, add, n, bufs, host);
    tc_runtime_clear_error(rt);

    if (!tc_set_device(rt, 0)) {
        free(host);
        tc_runtime_destroy(rt);
        return 2;
    }
    double t0 = now_s();
    tc_comm *comm = tc_comm_create(rt, n, NULL);
    if (!comm) {
        fprintf(stderr, "multi_gpu: %s\n", tc_runtime_error(rt));
        result("comm", false, "%s", tc_runtime_error(rt));
        free(host);
        tc_runtime_destroy(rt);
        return 2;
    }
    int v = tc_comm_nccl_version(comm);
    printf("NCCL %d.%d.%d, communicator over %d device%s made in %.1f ms\n", v >= 10000 ? v / 10000 : v / 1000,
           v >= 10000 ? v % 10000 / 100 : v % 1000 / 100, v % 100, n, n == 1 ? "" : "s", (now_s() - t0) * 1e3);
    coll_bufs cb;
    memset(&cb, 0, sizeof cb);
    bool ok = true;
    for (int r = 0; r < n && ok; r++) {
        cb.streams[r] = bufs[r].stream; /* the launches' streams: collectives follow them in order */
        ok = tc_set_device(rt, r) && (cb.send[r] = tc_alloc(rt, (size_t)C * n * sizeof(float))) &&
            (cb.recv[r] = tc_alloc(rt, (size_t)C * n * sizeof(float)));
    }
    if (ok)
        collectives(rt, comm, n, &cb, host);
    else
        result("collectives", false, "%s", tc_runtime_error(rt));
    tc_runtime_clear_error(rt);
    bandwidth(rt, comm, n, &cb, max_bytes < 4 ? 4 : max_bytes);
    tc_comm_destroy(comm);
    for (int r = 0; r < n; r++)
        if (tc_set_device(rt, r)) {
            tc_free(rt, cb.send[r]);
            tc_free(rt, cb.recv[r]);
            tc_free(rt, bufs[r].x);
            tc_free(rt, bufs[r].y);
            tc_free(rt, bufs[r].out);
        }
    free(host);
    tc_runtime_destroy(rt); /* the streams with it */
    printf("multi_gpu: %d check%s failed\n", failures, failures == 1 ? "" : "s");
    return failures ? 1 : 0;
}
