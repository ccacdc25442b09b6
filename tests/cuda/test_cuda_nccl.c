/* Collectives through NCCL (tritonc/nccl.h), against the fake driver with several devices and a
 * fake NCCL (tests/doubles/fake_libnccl.c) that computes on the fake's memory (host memory) and
 * writes each call into the driver's log: NCCL missing, too old or missing a function, an init
 * that fails, every misuse of tc_comm_create and of the collectives with its message, the results
 * of all-reduce (each reduction, several dtypes, in place), all-gather (a dtype NCCL has no type
 * for, moved as bytes), reduce-scatter and all-to-all on 1 to 4 devices, the group and each rank's
 * device and stream in the log, launches and collectives in one stream's order, the per-rank forms
 * from a thread per device, a device failing in the middle of a collective (the communicator
 * aborted and refused afterwards), and nothing left behind. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tritonc/cuda.h"
#include "tritonc/nccl.h"
#include "fake_devices.h"

#ifndef FAKE_LIBNCCL
#error "FAKE_LIBNCCL (the fake NCCL's path) must be defined by the build"
#endif

static void (*fake_nccl_reset)(void);
static long (*fake_nccl_live_comms)(void);
static long (*fake_nccl_aborts)(void);
static long (*fake_nccl_collectives)(void);

static int setup(void **state)
{
    (void)state;
    fake_devices_bind();
    /* Kept open: its counters outlive the communicators that load and unload it. */
    void *dl = dlopen(FAKE_LIBNCCL, RTLD_NOW | RTLD_LOCAL);
    if (!dl)
        fail_msg("cannot load %s: %s", FAKE_LIBNCCL, dlerror());
    BIND(dl, fake_nccl_reset, "fake_nccl_reset");
    BIND(dl, fake_nccl_live_comms, "fake_nccl_live_comms");
    BIND(dl, fake_nccl_aborts, "fake_nccl_aborts");
    BIND(dl, fake_nccl_collectives, "fake_nccl_collectives");
    return 0;
}

static int reset(void **state)
{
    (void)state;
    unsetenv("FAKE_CUDA_DEVICES");
    unsetenv("FAKE_NCCL_MODE");
    unsetenv("FAKE_NCCL_FAIL_RANK");
    setenv(TC_LIBNCCL_ENV, FAKE_LIBNCCL, 1);
    fake_reset();
    fake_nccl_reset();
    fake_ctx_set_current(NULL);
    return 0;
}

/* Destroys rt (and any communicator left) and checks that nothing is left, NCCL's included. */
static void finish(tc_runtime *rt)
{
    destroy_and_check(rt);
    assert_int_equal(fake_nccl_live_comms(), 0);
}

/* Asserts the error begins with "<file>:<line>: " + head and ends with tail. */
static void expect_error_parts(const tc_runtime *rt, int line, const char *head, const char *tail)
{
    const char *got = tc_runtime_error(rt);
    if (!got)
        fail_msg("expected an error at line %d: %s...%s, got none", line, head, tail);
    char want[1024];
    snprintf(want, sizeof want, "%s:%d: %s", __FILE__, line, head);
    size_t n = strlen(got), t = strlen(tail);
    if (strncmp(got, want, strlen(want)) != 0 || n < t || strcmp(got + n - t, tail) != 0)
        fail_msg("expected the error\n  %s...%s\ngot\n  %s", want, tail, got);
}

/* ---- a world: a runtime, n devices, a communicator, a stream and buffers per device -------------------- */

enum { MAXR = 4 };
typedef struct world {
    tc_runtime *rt;
    tc_comm *comm;
    int n;
    tc_stream streams[MAXR];
    tc_deviceptr send[MAXR], recv[MAXR];
} world;

static void world_make(world *w, int n, size_t bytes)
{
    memset(w, 0, sizeof *w);
    fake_set_devices(n);
    w->rt = fake_runtime();
    w->n = n;
    for (int r = 0; r < n; r++) {
        assert_true(tc_set_device(w->rt, r));
        w->streams[r] = tc_stream_create(w->rt);
        w->send[r] = tc_alloc(w->rt, bytes);
        w->recv[r] = tc_alloc(w->rt, bytes);
    }
    assert_true(tc_set_device(w->rt, 0));
    w->comm = tc_comm_create(w->rt, n, NULL);
    expect_ok(w->rt);
    assert_non_null(w->comm);
    assert_int_equal(tc_comm_size(w->comm), n);
}

static void world_free(world *w)
{
    tc_comm_destroy(w->comm);
    assert_int_equal(fake_nccl_live_comms(), 0);
    for (int r = 0; r < w->n; r++) {
        assert_true(tc_set_device(w->rt, r));
        tc_free(w->rt, w->send[r]);
        tc_free(w->rt, w->recv[r]);
    }
    finish(w->rt);
}

/* Copies into / out of rank r's buffer (its device made current: the fake's memory is the host's,
 * but a program must). */
static void put(world *w, int r, tc_deviceptr p, const void *data, size_t bytes)
{
    assert_true(tc_set_device(w->rt, r));
    assert_true(tc_copy_to_device(w->rt, p, data, bytes));
}
static void get(world *w, int r, void *data, tc_deviceptr p, size_t bytes)
{
    assert_true(tc_set_device(w->rt, r));
    assert_true(tc_copy_to_host(w->rt, data, p, bytes));
}

/* ---- NCCL missing, old, failing ------------------------------------------------------------------------ */

static void nccl_missing(void **state)
{
    (void)state;
    setenv(TC_LIBNCCL_ENV, "/nonexistent/libnccl.so.2", 1);
    fake_set_devices(2);
    tc_runtime *rt = fake_runtime();
    assert_null(tc_comm_create(rt, 2, NULL));
    int line = __LINE__ - 1;
    expect_error_parts(rt, line, "tc_comm_create: cannot load NCCL '/nonexistent/libnccl.so.2' (",
                       "): collectives need NCCL 2.10 or newer; install it (the libnccl2 package of NVIDIA's CUDA "
                       "repository, or `pip install nvidia-nccl-cu12` and $TRITONC_LIBNCCL naming its "
                       "nvidia/nccl/lib/libnccl.so.2)");
    /* Every call on the NULL communicator it gave does nothing. */
    tc_deviceptr b[2] = {0, 0};
    tc_runtime_clear_error(rt);
    assert_false(tc_all_reduce(NULL, b, b, 4, TL_F32, TC_REDUCE_SUM, NULL));
    assert_false(tc_all_gather_rank(NULL, 0, 0, 0, 4, TL_F32, NULL));
    assert_int_equal(tc_comm_size(NULL), 0);
    assert_int_equal(tc_comm_device(NULL, 0), -1);
    assert_true(tc_comm_broken(NULL));
    assert_int_equal(tc_comm_nccl_version(NULL), 0);
    tc_comm_destroy(NULL);
    assert_false(tc_runtime_failed(rt));
    finish(rt);
}

static void nccl_missing_a_function(void **state)
{
    (void)state;
    setenv(TC_LIBNCCL_ENV, FAKE_LIBNCCL_NOSYM, 1);
    tc_runtime *rt = fake_runtime();
    assert_null(tc_comm_create(rt, 1, NULL));
    int line = __LINE__ - 1;
    char want[1024];
    snprintf(want, sizeof want,
             "tc_comm_create: NCCL '%s' has no function ncclSend (collectives need NCCL 2.10 or newer)",
             FAKE_LIBNCCL_NOSYM);
    expect_error_at(rt, line, want);
    finish(rt);
}

static void nccl_too_old(void **state)
{
    (void)state;
    setenv("FAKE_NCCL_MODE", "old", 1);
    tc_runtime *rt = fake_runtime();
    assert_null(tc_comm_create(rt, 1, NULL));
    int line = __LINE__ - 1;
    char want[1024];
    snprintf(want, sizeof want, "tc_comm_create: NCCL '%s' is version 2.8.4: collectives need NCCL 2.10 or newer",
             FAKE_LIBNCCL);
    expect_error_at(rt, line, want);
    finish(rt);
}

static void init_fails(void **state)
{
    (void)state;
    setenv("FAKE_NCCL_MODE", "init_fail", 1);
    fake_set_devices(2);
    tc_runtime *rt = fake_runtime();
    assert_null(tc_comm_create(rt, 2, (const int[]){1, 0}));
    int line = __LINE__ - 1;
    expect_error_at(rt, line,
                    "tc_comm_create: ncclCommInitAll failed (2 devices: 1, 0): ncclSystemError (2: a system call "
                    "failed (fake))");
    expect_logged("ncclCommInitAll ndev=2 devices=1,0");
    finish(rt);
}

static void comm_create_misuse(void **state)
{
    (void)state;
    fake_set_devices(2);
    fake_set_device_cc(1, 80);
    tc_runtime *rt = fake_runtime();
    assert_null(tc_comm_create(rt, 0, NULL));
    int line = __LINE__ - 1;
    expect_error_at(rt, line, "tc_comm_create: ndev 0: a communicator has from 1 to the machine's 2 CUDA devices");
    tc_runtime_clear_error(rt);
    assert_null(tc_comm_create(rt, 3, NULL));
    line = __LINE__ - 1;
    expect_error_at(rt, line, "tc_comm_create: ndev 3: a communicator has from 1 to the machine's 2 CUDA devices");
    tc_runtime_clear_error(rt);
    assert_null(tc_comm_create(rt, 2, (const int[]){0, 0}));
    line = __LINE__ - 1;
    expect_error_at(rt, line,
                    "tc_comm_create: devices[1] is device 0, as devices[0] is: a communicator has one rank per device");
    tc_runtime_clear_error(rt);
    assert_null(tc_comm_create(rt, 2, (const int[]){0, 5}));
    line = __LINE__ - 1;
    expect_error_at(rt, line, "tc_comm_create: device 5 does not exist: the machine has 2 CUDA devices (0 to 1)");
    tc_runtime_clear_error(rt);
    assert_null(tc_comm_create(rt, 2, NULL));
    line = __LINE__ - 1;
    expect_error_at(rt, line,
                    "tc_comm_create: device 1 is sm_80 and the runtime's device 0 is sm_90: a runtime launches the "
                    "variants of its device's architecture, so every device it drives must be of that one (create a "
                    "runtime with .device = 1 for this device)");
    tc_runtime_clear_error(rt);
    assert_null(tc_comm_create(NULL, 1, NULL));
    assert_int_equal(fake_nccl_live_comms(), 0);
    finish(rt);
}

/* ---- results ---------------------------------------------------------------------------------------------- */

static void all_reduce_results(void **state)
{
    (void)state;
    enum { N = 4, COUNT = 5 };
    world w;
    world_make(&w, N, COUNT * sizeof(float));
    float in[N][COUNT];
    for (int r = 0; r < N; r++)
        for (int i = 0; i < COUNT; i++) {
            in[r][i] = (float)((r + 1) * (i + 1)) * (i == 2 ? -1.0f : 1.0f);
            put(&w, r, w.send[r], in[r], sizeof in[r]);
        }
    const struct {
        tc_reduce_op op;
        int logged;
    } ops[] = {{TC_REDUCE_SUM, 0}, {TC_REDUCE_PROD, 1}, {TC_REDUCE_MAX, 2}, {TC_REDUCE_MIN, 3}, {TC_REDUCE_AVG, 4}};
    for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++) {
        assert_true(tc_set_device(w.rt, 2)); /* the caller's device, left current */
        assert_true(tc_all_reduce(w.comm, w.send, w.recv, COUNT, TL_F32, ops[k].op, w.streams));
        expect_ok(w.rt);
        assert_int_equal(tc_current_device(w.rt), 2);
        for (int r = 0; r < N; r++) {
            float out[COUNT];
            get(&w, r, out, w.recv[r], sizeof out);
            for (int i = 0; i < COUNT; i++) {
                double want = in[0][i];
                for (int q = 1; q < N; q++) {
                    double v = in[q][i];
                    want = ops[k].op == TC_REDUCE_PROD ? want * v
                        : ops[k].op == TC_REDUCE_MAX   ? (want > v ? want : v)
                        : ops[k].op == TC_REDUCE_MIN   ? (want < v ? want : v)
                                                       : want + v;
                }
                if (ops[k].op == TC_REDUCE_AVG)
                    want /= N;
                assert_float_equal(out[i], want, 1e-4);
            }
        }
    }
    /* The last one's calls: one group, each rank with its device current and its own stream. */
    char lines[4096];
    logged_lines("nccl", lines, sizeof lines);
    const char *last = "ncclGroupStart\n"
                       "ncclAllReduce rank=0 dev=0 count=5 type=7 op=4 stream=s1\n"
                       "ncclAllReduce rank=1 dev=1 count=5 type=7 op=4 stream=s2\n"
                       "ncclAllReduce rank=2 dev=2 count=5 type=7 op=4 stream=s3\n"
                       "ncclAllReduce rank=3 dev=3 count=5 type=7 op=4 stream=s4\n"
                       "ncclGroupEnd\n";
    assert_true(strlen(lines) >= strlen(last));
    assert_string_equal(lines + strlen(lines) - strlen(last), last);
    assert_int_equal(count_logged("called with device"), 0);
    assert_int_equal(fake_nccl_collectives(), 5);
    /* In place, int32, no streams (each device's NULL stream). */
    for (int r = 0; r < N; r++) {
        int32_t v[COUNT] = {r, -r, 100 * r, 7, r * r};
        put(&w, r, w.recv[r], v, sizeof v);
    }
    assert_true(tc_all_reduce(w.comm, w.recv, w.recv, COUNT, TL_I32, TC_REDUCE_MAX, NULL));
    expect_logged("ncclAllReduce rank=3 dev=3 count=5 type=2 op=2 stream=(nil)");
    for (int r = 0; r < N; r++) {
        int32_t out[COUNT];
        get(&w, r, out, w.recv[r], sizeof out);
        assert_int_equal(out[0], 3);
        assert_int_equal(out[1], 0);
        assert_int_equal(out[2], 300);
        assert_int_equal(out[3], 7);
        assert_int_equal(out[4], 9);
    }
    world_free(&w);
}

static void all_reduce_half_precision(void **state)
{
    (void)state;
    world w;
    world_make(&w, 2, 64);
    /* float16 1.5 (0x3e00) + 2.25 (0x4080) = 3.75 (0x4380); bfloat16 1.5 (0x3fc0) + 2.25 (0x4010) = 3.75 (0x4070) */
    uint16_t h0[2] = {0x3e00, 0x3fc0}, h1[2] = {0x4080, 0x4010};
    put(&w, 0, w.send[0], h0, 2);
    put(&w, 1, w.send[1], h1, 2);
    put(&w, 0, w.send[0] + 16, h0 + 1, 2);
    put(&w, 1, w.send[1] + 16, h1 + 1, 2);
    assert_true(tc_all_reduce(w.comm, w.send, w.recv, 1, TL_F16, TC_REDUCE_SUM, w.streams));
    tc_deviceptr s16[2] = {w.send[0] + 16, w.send[1] + 16}, r16[2] = {w.recv[0] + 16, w.recv[1] + 16};
    assert_true(tc_all_reduce(w.comm, s16, r16, 1, TL_BF16, TC_REDUCE_SUM, w.streams));
    expect_logged("ncclAllReduce rank=1 dev=1 count=1 type=6 op=0 stream=s2");
    expect_logged("ncclAllReduce rank=1 dev=1 count=1 type=9 op=0 stream=s2");
    for (int r = 0; r < 2; r++) {
        uint16_t a, b;
        get(&w, r, &a, w.recv[r], 2);
        get(&w, r, &b, w.recv[r] + 16, 2);
        assert_int_equal(a, 0x4380);
        assert_int_equal(b, 0x4070);
    }
    world_free(&w);
}

static void all_gather_results(void **state)
{
    (void)state;
    enum { N = 3, COUNT = 4 };
    world w;
    world_make(&w, N, N * COUNT * sizeof(float));
    for (int r = 0; r < N; r++) {
        float v[COUNT];
        for (int i = 0; i < COUNT; i++)
            v[i] = (float)(10 * r + i);
        put(&w, r, w.send[r], v, sizeof v);
    }
    assert_true(tc_all_gather(w.comm, w.send, w.recv, COUNT, TL_F32, w.streams));
    expect_ok(w.rt);
    for (int r = 0; r < N; r++) {
        float out[N * COUNT];
        get(&w, r, out, w.recv[r], sizeof out);
        for (int i = 0; i < N * COUNT; i++)
            assert_float_equal(out[i], (float)(10 * (i / COUNT) + i % COUNT), 0);
    }
    expect_logged("ncclAllGather rank=2 dev=2 count=4 type=7 op=0 stream=s3");
    /* int16 has no NCCL type: it moves as bytes. */
    for (int r = 0; r < N; r++) {
        int16_t v[COUNT] = {(int16_t)(-r), (int16_t)(1000 * r), 3, (int16_t)(r + 1)};
        put(&w, r, w.send[r], v, sizeof v);
    }
    assert_true(tc_all_gather(w.comm, w.send, w.recv, COUNT, TL_I16, w.streams));
    expect_logged("ncclAllGather rank=0 dev=0 count=8 type=1 op=0 stream=s1");
    for (int r = 0; r < N; r++) {
        int16_t out[N * COUNT];
        get(&w, r, out, w.recv[r], sizeof out);
        for (int q = 0; q < N; q++) {
            assert_int_equal(out[q * COUNT + 0], -q);
            assert_int_equal(out[q * COUNT + 1], 1000 * q);
            assert_int_equal(out[q * COUNT + 2], 3);
            assert_int_equal(out[q * COUNT + 3], q + 1);
        }
    }
    world_free(&w);
}

static void reduce_scatter_results(void **state)
{
    (void)state;
    enum { N = 4, COUNT = 3 };
    world w;
    world_make(&w, N, N * COUNT * sizeof(int64_t));
    for (int r = 0; r < N; r++) {
        int64_t v[N * COUNT];
        for (int i = 0; i < N * COUNT; i++)
            v[i] = (int64_t)(r + 1) * 1000000000000LL + i;
        put(&w, r, w.send[r], v, sizeof v);
    }
    assert_true(tc_reduce_scatter(w.comm, w.send, w.recv, COUNT, TL_I64, TC_REDUCE_SUM, w.streams));
    expect_ok(w.rt);
    expect_logged("ncclReduceScatter rank=1 dev=1 count=3 type=4 op=0 stream=s2");
    for (int r = 0; r < N; r++) {
        int64_t out[COUNT];
        get(&w, r, out, w.recv[r], sizeof out);
        for (int i = 0; i < COUNT; i++)
            assert_true(out[i] == 10 * 1000000000000LL + 4 * (int64_t)(r * COUNT + i));
    }
    world_free(&w);
}

static void all_to_all_results(void **state)
{
    (void)state;
    enum { N = 3, COUNT = 2 };
    world w;
    world_make(&w, N, N * COUNT * sizeof(uint32_t));
    for (int r = 0; r < N; r++) {
        uint32_t v[N * COUNT]; /* block j goes to rank j */
        for (int j = 0; j < N; j++)
            for (int i = 0; i < COUNT; i++)
                v[j * COUNT + i] = (uint32_t)(100 * r + 10 * j + i);
        put(&w, r, w.send[r], v, sizeof v);
    }
    assert_true(tc_all_to_all(w.comm, w.send, w.recv, COUNT, TL_U32, w.streams));
    expect_ok(w.rt);
    for (int r = 0; r < N; r++) {
        uint32_t out[N * COUNT]; /* block q came from rank q */
        get(&w, r, out, w.recv[r], sizeof out);
        for (int q = 0; q < N; q++)
            for (int i = 0; i < COUNT; i++)
                assert_int_equal(out[q * COUNT + i], 100 * q + 10 * r + i);
    }
    /* One group: each rank sends to and receives from every rank, itself included. */
    char lines[4096];
    logged_lines("nccl", lines, sizeof lines);
    assert_non_null(strstr(lines, "ncclGroupStart\n"
                                  "ncclSend rank=0 peer=0 count=2 type=3 stream=s1\n"
                                  "ncclRecv rank=0 peer=0 count=2 type=3 stream=s1\n"
                                  "ncclSend rank=0 peer=1 count=2 type=3 stream=s1\n"));
    assert_non_null(strstr(lines, "ncclRecv rank=2 peer=2 count=2 type=3 stream=s3\n"
                                  "ncclGroupEnd\n"));
    assert_int_equal(count_logged("ncclSend"), N * N);
    assert_int_equal(count_logged("ncclRecv"), N * N);
    world_free(&w);
}

static void one_device(void **state)
{
    (void)state;
    world w;
    world_make(&w, 1, 64);
    float v[4] = {1, 2, 3, 4}, out[4];
    put(&w, 0, w.send[0], v, sizeof v);
    assert_true(tc_all_reduce(w.comm, w.send, w.recv, 4, TL_F32, TC_REDUCE_SUM, w.streams));
    get(&w, 0, out, w.recv[0], sizeof out);
    assert_memory_equal(out, v, sizeof v);
    memset(out, 0, sizeof out);
    put(&w, 0, w.recv[0], out, sizeof out);
    assert_true(tc_all_gather(w.comm, w.send, w.recv, 4, TL_F32, w.streams));
    get(&w, 0, out, w.recv[0], sizeof out);
    assert_memory_equal(out, v, sizeof v);
    memset(out, 0, sizeof out);
    put(&w, 0, w.recv[0], out, sizeof out);
    assert_true(tc_reduce_scatter(w.comm, w.send, w.recv, 4, TL_F32, TC_REDUCE_SUM, w.streams));
    get(&w, 0, out, w.recv[0], sizeof out);
    assert_memory_equal(out, v, sizeof v);
    memset(out, 0, sizeof out);
    put(&w, 0, w.recv[0], out, sizeof out);
    assert_true(tc_all_to_all(w.comm, w.send, w.recv, 4, TL_F32, w.streams));
    get(&w, 0, out, w.recv[0], sizeof out);
    assert_memory_equal(out, v, sizeof v);
    expect_ok(w.rt);
    assert_int_equal(tc_comm_device(w.comm, 0), 0);
    assert_int_equal(tc_comm_nccl_version(w.comm), 22105);
    world_free(&w);
}

/* A kernel launched on each device's stream, an all-reduce on those streams, a launch again: one
 * log in the order the streams run them. */
static void launches_and_collectives_in_stream_order(void **state)
{
    (void)state;
    world w;
    world_make(&w, 2, 4096);
    assert_true(tc_runtime_add_variants(w.rt, 1, vector_add_variant("DDDD")));
    tc_kernel *k = tc_kernel_get(w.rt, tritonc_bundled_find("vector_add"), NULL, (tc_options){0});
    for (int r = 0; r < 2; r++) {
        assert_true(tc_set_device(w.rt, r));
        assert_true(tc_launch(k, tc_grid1(1), w.streams[r], tc_ptr(w.send[r], TL_F32), tc_ptr(w.send[r], TL_F32),
                              tc_ptr(w.send[r], TL_F32), tc_i32(1024)));
    }
    assert_true(tc_all_reduce(w.comm, w.send, w.send, 1024, TL_F32, TC_REDUCE_SUM, w.streams));
    for (int r = 0; r < 2; r++) {
        assert_true(tc_set_device(w.rt, r));
        assert_true(tc_launch(k, tc_grid1(1), w.streams[r], tc_ptr(w.send[r], TL_F32), tc_ptr(w.send[r], TL_F32),
                              tc_ptr(w.recv[r], TL_F32), tc_i32(1024)));
    }
    expect_ok(w.rt);
    /* The order of each stream's work, by the words that name it. */
    char order[1024] = "";
    size_t n = 0;
    for (const char *p = fake_log(); *p;) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        char line[512];
        snprintf(line, sizeof line, "%.*s", (int)(len < 511 ? len : 511), p);
        const char *s = strstr(line, "stream=");
        if (s && (strncmp(line, "cuLaunchKernel", 14) == 0 || strncmp(line, "nccl", 4) == 0))
            n += (size_t)snprintf(order + n, sizeof order - n, "%.*s %.*s\n", (int)strcspn(line, " "), line,
                                  (int)strcspn(s, " "), s);
        if (!nl)
            break;
        p = nl + 1;
    }
    assert_string_equal(order, "cuLaunchKernel stream=s1\n"
                               "cuLaunchKernel stream=s2\n"
                               "ncclAllReduce stream=s1\n"
                               "ncclAllReduce stream=s2\n"
                               "cuLaunchKernel stream=s1\n"
                               "cuLaunchKernel stream=s2\n");
    world_free(&w);
}

/* ---- argument checks -------------------------------------------------------------------------------------- */

static void argument_checks(void **state)
{
    (void)state;
    world w;
    world_make(&w, 2, 256);
    tc_runtime *rt = w.rt;
    tc_deviceptr none[2] = {w.send[0], 0};

    assert_false(tc_all_reduce(w.comm, NULL, w.recv, 4, TL_F32, TC_REDUCE_SUM, w.streams));
    int line = __LINE__ - 1;
    expect_error_at(rt, line, "tc_all_reduce: NULL send array (one buffer per rank)");
    tc_runtime_clear_error(rt);
    assert_false(tc_all_gather(w.comm, w.send, NULL, 4, TL_F32, w.streams));
    line = __LINE__ - 1;
    expect_error_at(rt, line, "tc_all_gather: NULL recv array (one buffer per rank)");
    tc_runtime_clear_error(rt);
    assert_false(tc_reduce_scatter(w.comm, none, w.recv, 4, TL_F32, TC_REDUCE_SUM, w.streams));
    line = __LINE__ - 1;
    expect_error_at(rt, line, "tc_reduce_scatter: reduce-scatter of 4 float32: rank 1's send buffer is NULL");
    tc_runtime_clear_error(rt);
    assert_false(tc_all_to_all(w.comm, w.send, none, 4, TL_F32, w.streams));
    line = __LINE__ - 1;
    expect_error_at(rt, line, "tc_all_to_all: all-to-all of 4 float32: rank 1's receive buffer is NULL");
    tc_runtime_clear_error(rt);
    /* count 0: NULL buffers allowed, nothing called */
    int calls = count_logged("nccl");
    assert_true(tc_all_reduce(w.comm, (tc_deviceptr[2]){0, 0}, (tc_deviceptr[2]){0, 0}, 0, TL_F32, TC_REDUCE_SUM,
                              NULL));
    assert_int_equal(count_logged("nccl"), calls);

    assert_false(tc_all_reduce(w.comm, w.send, w.recv, 4, TL_I16, TC_REDUCE_SUM, w.streams));
    line = __LINE__ - 1;
    expect_error_at(rt, line,
                    "tc_all_reduce: NCCL does not reduce int16 (it reduces int8, uint8, int32, uint32, int64, uint64, "
                    "float16, bfloat16, float32 and float64)");
    tc_runtime_clear_error(rt);
    assert_false(tc_reduce_scatter(w.comm, w.send, w.recv, 4, TL_FP8E4NV, TC_REDUCE_MAX, w.streams));
    line = __LINE__ - 1;
    expect_error_at(rt, line,
                    "tc_reduce_scatter: NCCL does not reduce float8e4nv (it reduces int8, uint8, int32, uint32, int64, "
                    "uint64, float16, bfloat16, float32 and float64)");
    tc_runtime_clear_error(rt);
    assert_false(tc_all_reduce(w.comm, w.send, w.recv, 4, TL_F32, (tc_reduce_op)7, w.streams));
    line = __LINE__ - 1;
    expect_error_at(rt, line,
                    "tc_all_reduce: reduction 7 is not a tc_reduce_op (TC_REDUCE_SUM, _PROD, _MAX, _MIN or _AVG)");
    tc_runtime_clear_error(rt);
    assert_false(tc_all_gather(w.comm, w.send, w.recv, 4, TL_DTYPE_INVALID, w.streams));
    line = __LINE__ - 1;
    expect_error_at(rt, line, "tc_all_gather: dtype 0 is not a tl_dtype");
    tc_runtime_clear_error(rt);
    assert_false(tc_all_gather(w.comm, w.send, w.recv, SIZE_MAX / 4, TL_F32, w.streams));
    line = __LINE__ - 1;
    char want[512];
    snprintf(want, sizeof want,
             "tc_all_gather: all-gather of %zu float32 over 2 ranks: the buffers' bytes overflow", SIZE_MAX / 4);
    expect_error_at(rt, line, want);
    tc_runtime_clear_error(rt);

    /* a stream of another device, a buffer of another device */
    tc_stream swapped[2] = {w.streams[1], w.streams[0]};
    assert_true(tc_set_device(rt, 1));
    assert_false(tc_all_reduce(w.comm, w.send, w.recv, 4, TL_F32, TC_REDUCE_SUM, swapped));
    line = __LINE__ - 1;
    expect_error_at(rt, line, "tc_all_reduce: the stream of rank 0 is device 1's, not device 0's (rank 0's)");
    tc_runtime_clear_error(rt);
    assert_int_equal(tc_current_device(rt), 1); /* left as it was */
    tc_deviceptr crossed[2] = {w.recv[1], w.recv[0]};
    assert_false(tc_all_reduce(w.comm, w.send, crossed, 4, TL_F32, TC_REDUCE_SUM, w.streams));
    line = __LINE__ - 1;
    snprintf(want, sizeof want, "tc_all_reduce: recv[0] (0x%llx) is memory of device 1, not of device 0 (rank 0's)",
             (unsigned long long)w.recv[1]);
    expect_error_at(rt, line, want);
    tc_runtime_clear_error(rt);
    /* the driver's special streams (CU_STREAM_LEGACY, CU_STREAM_PER_THREAD) are every device's */
    tc_stream special[2] = {(tc_stream)(uintptr_t)1, (tc_stream)(uintptr_t)2};
    assert_true(tc_all_reduce(w.comm, w.send, w.recv, 4, TL_F32, TC_REDUCE_SUM, special));
    expect_logged("ncclAllReduce rank=1 dev=1 count=4 type=7 op=0 stream=0x2");
    /* memory the driver does not know (host memory) passes: NCCL would say */
    static float host[4];
    tc_deviceptr from_host[2] = {(tc_deviceptr)(uintptr_t)host, w.send[1]};
    assert_true(tc_all_gather(w.comm, from_host, w.recv, 1, TL_F32, w.streams));

    /* per rank: the rank */
    assert_false(tc_all_reduce_rank(w.comm, 2, w.send[0], w.recv[0], 4, TL_F32, TC_REDUCE_SUM, NULL));
    line = __LINE__ - 1;
    expect_error_at(rt, line, "tc_all_reduce_rank: rank 2 is not one of the communicator's 2 ranks (0 to 1)");
    tc_runtime_clear_error(rt);
    assert_false(tc_all_to_all_rank(w.comm, 0, w.send[0], w.recv[0], 4, TL_F32, w.streams[1]));
    line = __LINE__ - 1;
    expect_error_at(rt, line, "tc_all_to_all_rank: the stream of rank 0 is device 1's, not device 0's (rank 0's)");
    tc_runtime_clear_error(rt);
    /* no misuse broke it */
    assert_false(tc_comm_broken(w.comm));
    assert_true(tc_all_reduce(w.comm, w.send, w.recv, 4, TL_F32, TC_REDUCE_SUM, w.streams));
    expect_ok(rt);
    assert_int_equal(fake_nccl_aborts(), 0);
    world_free(&w);
}

/* ---- failures ------------------------------------------------------------------------------------------------ */

static void a_device_failing_mid_collective(void **state)
{
    (void)state;
    world w;
    world_make(&w, 3, 256);
    assert_true(tc_set_device(w.rt, 2));
    setenv("FAKE_NCCL_MODE", "fail_mid", 1);
    assert_false(tc_all_reduce(w.comm, w.send, w.recv, 4, TL_F32, TC_REDUCE_SUM, w.streams));
    int line = __LINE__ - 1;
    unsetenv("FAKE_NCCL_MODE");
    expect_error_at(w.rt, line,
                    "tc_all_reduce: ncclAllReduce failed on rank 1 (device 1): ncclUnhandledCudaError (1: a CUDA call "
                    "failed (fake)); the communicator is aborted");
    /* The group was closed, then every rank's communicator aborted. */
    char lines[2048];
    logged_lines("nccl", lines, sizeof lines);
    assert_non_null(strstr(lines, "ncclAllReduce rank=0 dev=0 count=4 type=7 op=0 stream=s1\n"
                                  "ncclAllReduce rank=1 dev=1 count=4 type=7 op=0 stream=s2\n"
                                  "ncclAllReduce rank=1 -> fails (FAKE_NCCL_MODE=fail_mid)\n"
                                  "ncclGroupEnd\n"
                                  "ncclCommAbort rank=0 dev=0\n"
                                  "ncclCommAbort rank=1 dev=1\n"
                                  "ncclCommAbort rank=2 dev=2\n"));
    assert_int_equal(fake_nccl_aborts(), 3);
    assert_int_equal(fake_nccl_live_comms(), 0);
    assert_true(tc_comm_broken(w.comm));
    /* Refused from then on, naming the call that broke it. */
    tc_runtime_clear_error(w.rt);
    assert_int_equal(tc_current_device(w.rt), 2);
    assert_false(tc_all_gather(w.comm, w.send, w.recv, 4, TL_F32, w.streams));
    int line2 = __LINE__ - 1;
    char want[512];
    bool found = false;
    for (int l = line - 3; l <= line + 3 && !found; l++) {
        snprintf(want, sizeof want,
                 "tc_all_gather: the communicator is broken: its tc_all_reduce at %s:%d failed; destroy it and "
                 "create another",
                 __FILE__, l);
        char full[1024];
        snprintf(full, sizeof full, "%s:%d: %s", __FILE__, line2, want);
        found = tc_runtime_error(w.rt) && strcmp(tc_runtime_error(w.rt), full) == 0;
    }
    if (!found)
        fail_msg("got %s", tc_runtime_error(w.rt));
    tc_runtime_clear_error(w.rt);
    assert_false(tc_all_to_all_rank(w.comm, 0, w.send[0], w.recv[0], 4, TL_F32, NULL));
    assert_true(tc_runtime_failed(w.rt));
    tc_runtime_clear_error(w.rt);
    /* Destroyed: nothing more to abort. */
    world_free(&w);
    assert_int_equal(fake_nccl_aborts(), 3);
}

static void group_end_failing(void **state)
{
    (void)state;
    world w;
    world_make(&w, 2, 256);
    setenv("FAKE_NCCL_MODE", "group_end_fail", 1);
    assert_false(tc_all_gather(w.comm, w.send, w.recv, 4, TL_F32, w.streams));
    int line = __LINE__ - 1;
    unsetenv("FAKE_NCCL_MODE");
    expect_error_at(w.rt, line,
                    "tc_all_gather: ncclGroupEnd failed (all-gather of 4 float32 over 2 ranks): ncclRemoteError (6: a "
                    "remote rank failed (fake)); the communicator is aborted");
    assert_int_equal(fake_nccl_aborts(), 2);
    tc_runtime_clear_error(w.rt);
    world_free(&w);
}

static void failure_of_one_rank_of_an_all_to_all(void **state)
{
    (void)state;
    world w;
    world_make(&w, 2, 256);
    setenv("FAKE_NCCL_MODE", "fail_mid", 1);
    setenv("FAKE_NCCL_FAIL_RANK", "0", 1);
    assert_false(tc_all_to_all(w.comm, w.send, w.recv, 4, TL_F32, w.streams));
    int line = __LINE__ - 1;
    unsetenv("FAKE_NCCL_MODE");
    expect_error_at(w.rt, line,
                    "tc_all_to_all: ncclSend failed on rank 0 (device 0): ncclUnhandledCudaError (1: a CUDA call "
                    "failed (fake)); the communicator is aborted");
    assert_int_equal(fake_nccl_aborts(), 2);
    tc_runtime_clear_error(w.rt);
    world_free(&w);
}

/* A communicator left alive goes with its runtime. */
static void runtime_destroys_a_communicator(void **state)
{
    (void)state;
    fake_set_devices(2);
    tc_runtime *rt = fake_runtime();
    assert_non_null(tc_comm_create(rt, 2, NULL));
    assert_non_null(tc_comm_create(rt, 1, (const int[]){1}));
    assert_int_equal(fake_nccl_live_comms(), 3);
    finish(rt);
    expect_logged("ncclCommDestroy rank=0 dev=1");
    assert_int_equal(count_logged("ncclCommDestroy"), 3);
    assert_int_equal(count_logged("ncclCommDestroy rank=0 dev=0 (another device current)"), 0);
}

/* ---- one thread per device --------------------------------------------------------------------------------- */

enum { TN = 3, TCOUNT = 4 };
typedef struct rank_job {
    world *w;
    int rank;
    bool ok;
} rank_job;

static void *rank_thread(void *arg)
{
    rank_job *job = arg;
    world *w = job->w;
    int r = job->rank;
    /* each thread on its device, its stream */
    job->ok = tc_set_device(w->rt, r);
    tc_deviceptr s = w->send[r], d = w->recv[r];
    job->ok = job->ok && tc_all_reduce_rank(w->comm, r, s, d, TCOUNT, TL_F32, TC_REDUCE_SUM, w->streams[r]);
    job->ok = job->ok && tc_all_gather_rank(w->comm, r, s, d + 1024, TCOUNT, TL_F32, w->streams[r]);
    job->ok = job->ok && tc_reduce_scatter_rank(w->comm, r, s, d + 2048, 1, TL_F32, TC_REDUCE_MAX, w->streams[r]);
    job->ok = job->ok && tc_all_to_all_rank(w->comm, r, s, d + 3072, 1, TL_F32, w->streams[r]);
    job->ok = job->ok && tc_current_device(w->rt) == r;
    return NULL;
}

static void a_thread_per_device(void **state)
{
    (void)state;
    world w;
    world_make(&w, TN, 4096);
    for (int r = 0; r < TN; r++) {
        float v[TCOUNT];
        for (int i = 0; i < TCOUNT; i++)
            v[i] = (float)(10 * r + i);
        put(&w, r, w.send[r], v, sizeof v);
    }
    rank_job jobs[TN];
    pthread_t t[TN];
    for (int r = 0; r < TN; r++) {
        jobs[r] = (rank_job){&w, r, false};
        assert_int_equal(pthread_create(&t[r], NULL, rank_thread, &jobs[r]), 0);
    }
    for (int r = 0; r < TN; r++)
        pthread_join(t[r], NULL);
    expect_ok(w.rt);
    for (int r = 0; r < TN; r++) {
        assert_true(jobs[r].ok);
        float sum[TCOUNT], gathered[TN * TCOUNT], scattered, a2a[TN];
        get(&w, r, sum, w.recv[r], sizeof sum);
        get(&w, r, gathered, w.recv[r] + 1024, sizeof gathered);
        get(&w, r, &scattered, w.recv[r] + 2048, sizeof scattered);
        get(&w, r, a2a, w.recv[r] + 3072, sizeof a2a);
        for (int i = 0; i < TCOUNT; i++)
            assert_float_equal(sum[i], (float)(10 * (0 + 1 + 2) + 3 * i), 0);
        for (int i = 0; i < TN * TCOUNT; i++)
            assert_float_equal(gathered[i], (float)(10 * (i / TCOUNT) + i % TCOUNT), 0);
        assert_float_equal(scattered, (float)(10 * (TN - 1) + r), 0); /* max over ranks of element r */
        for (int q = 0; q < TN; q++)
            assert_float_equal(a2a[q], (float)(10 * q + r), 0); /* element r of rank q */
    }
    assert_int_equal(count_logged("called with device"), 0);
    assert_int_equal(fake_nccl_collectives(), 3);
    world_free(&w);
}

static void *failing_rank_thread(void *arg)
{
    rank_job *job = arg;
    world *w = job->w;
    job->ok = tc_all_reduce_rank(w->comm, job->rank, w->send[job->rank], w->recv[job->rank], 4, TL_F32,
                                 TC_REDUCE_SUM, w->streams[job->rank]);
    return NULL;
}

static void a_thread_per_device_one_failing(void **state)
{
    (void)state;
    world w;
    world_make(&w, 2, 256);
    setenv("FAKE_NCCL_MODE", "fail_mid", 1);
    rank_job jobs[2];
    pthread_t t[2];
    for (int r = 0; r < 2; r++) {
        jobs[r] = (rank_job){&w, r, false};
        assert_int_equal(pthread_create(&t[r], NULL, failing_rank_thread, &jobs[r]), 0);
    }
    for (int r = 0; r < 2; r++)
        pthread_join(t[r], NULL);
    unsetenv("FAKE_NCCL_MODE");
    assert_false(jobs[1].ok);
    assert_true(tc_comm_broken(w.comm));
    const char *e = tc_runtime_error(w.rt);
    assert_non_null(e);
    assert_non_null(strstr(e, "tc_all_reduce_rank: ncclAllReduce failed on rank 1 (device 1): ncclUnhandledCudaError "
                              "(1: a CUDA call failed (fake)); the communicator is aborted"));
    /* Rank 1's communicator aborted at once; rank 0's by the destroy. */
    expect_logged("ncclCommAbort rank=1 dev=1");
    tc_runtime_clear_error(w.rt);
    world_free(&w);
    expect_logged("ncclCommAbort rank=0 dev=0");
    assert_int_equal(fake_nccl_aborts(), 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(nccl_missing, reset),
        cmocka_unit_test_setup(nccl_missing_a_function, reset),
        cmocka_unit_test_setup(nccl_too_old, reset),
        cmocka_unit_test_setup(init_fails, reset),
        cmocka_unit_test_setup(comm_create_misuse, reset),
        cmocka_unit_test_setup(all_reduce_results, reset),
        cmocka_unit_test_setup(all_reduce_half_precision, reset),
        cmocka_unit_test_setup(all_gather_results, reset),
        cmocka_unit_test_setup(reduce_scatter_results, reset),
        cmocka_unit_test_setup(all_to_all_results, reset),
        cmocka_unit_test_setup(one_device, reset),
        cmocka_unit_test_setup(launches_and_collectives_in_stream_order, reset),
        cmocka_unit_test_setup(argument_checks, reset),
        cmocka_unit_test_setup(a_device_failing_mid_collective, reset),
        cmocka_unit_test_setup(group_end_failing, reset),
        cmocka_unit_test_setup(failure_of_one_rank_of_an_all_to_all, reset),
        cmocka_unit_test_setup(runtime_destroys_a_communicator, reset),
        cmocka_unit_test_setup(a_thread_per_device, reset),
        cmocka_unit_test_setup(a_thread_per_device_one_failing, reset),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
