/* The CUDA runtime on several devices, against the fake driver (tests/doubles/fake_libcuda.c)
 * with FAKE_CUDA_DEVICES devices: counting them, tc_set_device (each primary context retained
 * once and released at destroy, a device of another arch refused), the current device, one
 * kernel handle on every device with a module per context, the order of launches on each
 * device's stream from one thread alternating devices and from one thread per device, streams
 * made and destroyed (in their own context, their scratch freed), every misuse and driver
 * failure, and that nothing is left behind. */
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
#include "fake_devices.h"

#define X 0x10000u /* 16-byte aligned device addresses: the fake never reads them */
#define Y 0x20000u
#define OUT 0x30000u

static int setup(void **state)
{
    (void)state;
    fake_devices_bind();
    return 0;
}

/* Every test starts from a fresh fake with 1 device and no context current on this thread. */
static int reset(void **state)
{
    (void)state;
    unsetenv("FAKE_CUDA_DEVICES");
    fake_reset();
    fake_ctx_set_current(NULL);
    return 0;
}

static tc_kernel *vector_add_on(tc_runtime *rt)
{
    assert_true(tc_runtime_add_variants(rt, 1, vector_add_variant("DDDD")));
    tc_kernel *k = tc_kernel_get(rt, tritonc_bundled_find("vector_add"), NULL, (tc_options){0});
    assert_non_null(k);
    return k;
}

/* vector_add's launch with n elements (a macro: an error names the test's line). */
#define launch_n(k, s, n)                                                                                              \
    tc_launch((k), tc_grid1(1), (s), tc_ptr(X, TL_F32), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32), tc_i32(n))

/* ---- devices ------------------------------------------------------------------------------------ */

static void device_count_from_the_environment(void **state)
{
    (void)state;
    setenv("FAKE_CUDA_DEVICES", "3", 1);
    fake_reset();
    tc_runtime *rt = fake_runtime();
    assert_int_equal(tc_device_count(rt), 3);
    destroy_and_check(rt);
    unsetenv("FAKE_CUDA_DEVICES");
    fake_reset();
    rt = fake_runtime();
    assert_int_equal(tc_device_count(rt), 1);
    destroy_and_check(rt);
}

static void set_device_retains_once(void **state)
{
    (void)state;
    fake_set_devices(3);
    tc_runtime *rt = fake_runtime();
    /* Nothing current yet on this thread but what the runtime made current: its device. */
    assert_int_equal(tc_current_device(rt), 0);
    assert_int_equal(fake_primary_retained_on(2), 0);
    assert_true(tc_set_device(rt, 2));
    assert_int_equal(tc_current_device(rt), 2);
    assert_true(tc_set_device(rt, 1));
    assert_int_equal(tc_current_device(rt), 1);
    assert_true(tc_set_device(rt, 2));
    assert_true(tc_set_device(rt, 0));
    assert_int_equal(tc_current_device(rt), 0);
    expect_ok(rt);
    /* Each device's primary context retained once, the runtime's device's not again. */
    assert_int_equal(fake_primary_retained_on(0), 1);
    assert_int_equal(fake_primary_retained_on(1), 1);
    assert_int_equal(fake_primary_retained_on(2), 1);
    assert_int_equal(count_logged("cuDevicePrimaryCtxRetain"), 3);
    /* A context of the user's own on device 0 counts as device 0. */
    tcu_context mine = fake_new_context();
    assert_non_null(mine);
    fake_ctx_set_current(mine);
    assert_int_equal(tc_current_device(rt), 0);
    /* A thread with none current: the runtime's device. */
    fake_ctx_set_current(NULL);
    assert_int_equal(tc_current_device(rt), 0);
    destroy_and_check(rt);
    expect_logged("cuDevicePrimaryCtxRelease 1");
    expect_logged("cuDevicePrimaryCtxRelease 2");
}

static void a_runtime_on_another_device(void **state)
{
    (void)state;
    fake_set_devices(2);
    tc_runtime *rt =
        tc_runtime_create(&(tc_runtime_options){.libcuda = FAKE_LIBCUDA, .device = 1, .compile = &fake_no_compiler});
    expect_ok(rt);
    fake_ctx_set_current(NULL);
    assert_int_equal(tc_current_device(rt), 1);
    assert_true(tc_set_device(rt, 0));
    assert_int_equal(tc_current_device(rt), 0);
    assert_true(tc_set_device(rt, 1));
    assert_int_equal(fake_primary_retained_on(0), 1);
    assert_int_equal(fake_primary_retained_on(1), 1);
    destroy_and_check(rt);
}

static void set_device_misuse(void **state)
{
    (void)state;
    fake_set_devices(2);
    fake_set_device_cc(1, 80);
    tc_runtime *rt = fake_runtime();
    assert_false(tc_set_device(rt, 2));
    int line = __LINE__ - 1;
    expect_error_at(rt, line, "tc_set_device: device 2 does not exist: the machine has 2 CUDA devices (0 to 1)");
    tc_runtime_clear_error(rt);
    assert_false(tc_set_device(rt, -1));
    line = __LINE__ - 1;
    expect_error_at(rt, line, "tc_set_device: device -1 does not exist: the machine has 2 CUDA devices (0 to 1)");
    tc_runtime_clear_error(rt);
    assert_false(tc_set_device(rt, 1));
    line = __LINE__ - 1;
    expect_error_at(rt, line,
                    "tc_set_device: device 1 is sm_80 and the runtime's device 0 is sm_90: a runtime launches the "
                    "variants of its device's architecture, so every device it drives must be of that one (create a "
                    "runtime with .device = 1 for this device)");
    assert_int_equal(fake_primary_retained_on(1), 0);
    /* After an error every call does nothing. */
    assert_int_equal(tc_device_count(rt), 0);
    assert_int_equal(tc_current_device(rt), -1);
    assert_null(tc_stream_create(rt));
    tc_runtime_clear_error(rt);
    /* The current context is still device 0's. */
    assert_int_equal(tc_current_device(rt), 0);
    destroy_and_check(rt);
}

static void null_runtime_is_safe(void **state)
{
    (void)state;
    assert_int_equal(tc_device_count(NULL), 0);
    assert_false(tc_set_device(NULL, 0));
    assert_int_equal(tc_current_device(NULL), -1);
    assert_null(tc_stream_create(NULL));
    assert_false(tc_stream_destroy(NULL, NULL));
}

static void driver_failures(void **state)
{
    (void)state;
    fake_set_devices(2);
    tc_runtime *rt = fake_runtime();
    fake_fail("cuDeviceGetCount", 2, 0);
    assert_int_equal(tc_device_count(rt), 0);
    int line = __LINE__ - 1;
    expect_error_at(rt, line, "tc_device_count: cuDeviceGetCount failed: CUDA_ERROR_OUT_OF_MEMORY (2: out of memory)");
    tc_runtime_clear_error(rt);
    fake_fail("cuDevicePrimaryCtxRetain", 2, 0);
    assert_false(tc_set_device(rt, 1));
    line = __LINE__ - 1;
    expect_error_at(rt, line,
                    "tc_set_device: cuDevicePrimaryCtxRetain failed (device 1): CUDA_ERROR_OUT_OF_MEMORY (2: out of "
                    "memory)");
    tc_runtime_clear_error(rt);
    assert_true(tc_set_device(rt, 1)); /* a second try retains it */
    fake_fail("cuStreamCreate", 2, 0);
    assert_null(tc_stream_create(rt));
    line = __LINE__ - 1;
    expect_error_at(rt, line, "tc_stream_create: cuStreamCreate failed: CUDA_ERROR_OUT_OF_MEMORY (2: out of memory)");
    tc_runtime_clear_error(rt);
    tc_stream s = tc_stream_create(rt);
    assert_non_null(s);
    /* A stream whose work failed is still destroyed. */
    fake_fail("cuStreamSynchronize", 2, 0);
    assert_false(tc_stream_destroy(rt, s));
    line = __LINE__ - 1;
    expect_error_at(rt, line,
                    "tc_stream_destroy: cuStreamSynchronize failed (the stream destroyed): CUDA_ERROR_OUT_OF_MEMORY (2: "
                    "out of memory)");
    assert_int_equal(fake_live_streams(), 0);
    tc_runtime_clear_error(rt);
    destroy_and_check(rt);
}

/* ---- one kernel handle on every device ------------------------------------------------------------ */

static void a_module_per_device(void **state)
{
    (void)state;
    fake_set_devices(3);
    tc_runtime *rt = fake_runtime();
    tc_kernel *k = vector_add_on(rt);
    for (int round = 0; round < 2; round++)
        for (int d = 0; d < 3; d++) {
            assert_true(tc_set_device(rt, d));
            assert_true(launch_n(k, NULL, 1024));
        }
    expect_ok(rt);
    char lines[2048];
    assert_string_equal(logged_lines("cuModuleLoadData", lines, sizeof lines),
                        "cuModuleLoadData ctx=primary cubin symbol=vector_add\n"
                        "cuModuleLoadData ctx=primary1 cubin symbol=vector_add\n"
                        "cuModuleLoadData ctx=primary2 cubin symbol=vector_add\n");
    assert_int_equal(fake_live_modules(), 3);
    assert_string_equal(logged_lines("cuLaunchKernel", lines, sizeof lines),
                        "cuLaunchKernel vector_add grid=1x1x1 block=128 shared=0 stream=(nil) ctx=primary "
                        "args=[0x10000,0x20000,0x30000,1024,0x0,0x0]\n"
                        "cuLaunchKernel vector_add grid=1x1x1 block=128 shared=0 stream=(nil) ctx=primary1 "
                        "args=[0x10000,0x20000,0x30000,1024,0x0,0x0]\n"
                        "cuLaunchKernel vector_add grid=1x1x1 block=128 shared=0 stream=(nil) ctx=primary2 "
                        "args=[0x10000,0x20000,0x30000,1024,0x0,0x0]\n"
                        "cuLaunchKernel vector_add grid=1x1x1 block=128 shared=0 stream=(nil) ctx=primary "
                        "args=[0x10000,0x20000,0x30000,1024,0x0,0x0]\n"
                        "cuLaunchKernel vector_add grid=1x1x1 block=128 shared=0 stream=(nil) ctx=primary1 "
                        "args=[0x10000,0x20000,0x30000,1024,0x0,0x0]\n"
                        "cuLaunchKernel vector_add grid=1x1x1 block=128 shared=0 stream=(nil) ctx=primary2 "
                        "args=[0x10000,0x20000,0x30000,1024,0x0,0x0]\n");
    /* Each module is unloaded in its own context. */
    tc_runtime_destroy(rt);
    expect_logged("cuModuleUnload ctx=primary symbol=vector_add");
    expect_logged("cuModuleUnload ctx=primary1 symbol=vector_add");
    expect_logged("cuModuleUnload ctx=primary2 symbol=vector_add");
    assert_int_equal(count_logged("cuModuleUnload: warning"), 0);
    assert_int_equal(fake_live_modules(), 0);
    assert_int_equal(fake_primary_retained(), 0);
}

static void stream_order_from_one_thread(void **state)
{
    (void)state;
    fake_set_devices(2);
    tc_runtime *rt = fake_runtime();
    tc_kernel *k = vector_add_on(rt);
    tc_stream s[2];
    for (int d = 0; d < 2; d++) {
        assert_true(tc_set_device(rt, d));
        s[d] = tc_stream_create(rt);
        assert_non_null(s[d]);
    }
    expect_logged("cuStreamCreate s1 flags=0 ctx=primary");
    expect_logged("cuStreamCreate s2 flags=0 ctx=primary1");
    /* Alternating devices, each launch on its device's stream. */
    for (int i = 0; i < 3; i++)
        for (int d = 0; d < 2; d++) {
            assert_true(tc_set_device(rt, d));
            assert_true(launch_n(k, s[d], 1024 + 16 * (10 * d + i)));
        }
    expect_ok(rt);
    char lines[4096];
    assert_string_equal(logged_lines("cuLaunchKernel", lines, sizeof lines),
                        "cuLaunchKernel vector_add grid=1x1x1 block=128 shared=0 stream=s1 ctx=primary "
                        "args=[0x10000,0x20000,0x30000,1024,0x0,0x0]\n"
                        "cuLaunchKernel vector_add grid=1x1x1 block=128 shared=0 stream=s2 ctx=primary1 "
                        "args=[0x10000,0x20000,0x30000,1184,0x0,0x0]\n"
                        "cuLaunchKernel vector_add grid=1x1x1 block=128 shared=0 stream=s1 ctx=primary "
                        "args=[0x10000,0x20000,0x30000,1040,0x0,0x0]\n"
                        "cuLaunchKernel vector_add grid=1x1x1 block=128 shared=0 stream=s2 ctx=primary1 "
                        "args=[0x10000,0x20000,0x30000,1200,0x0,0x0]\n"
                        "cuLaunchKernel vector_add grid=1x1x1 block=128 shared=0 stream=s1 ctx=primary "
                        "args=[0x10000,0x20000,0x30000,1056,0x0,0x0]\n"
                        "cuLaunchKernel vector_add grid=1x1x1 block=128 shared=0 stream=s2 ctx=primary1 "
                        "args=[0x10000,0x20000,0x30000,1216,0x0,0x0]\n");
    /* The streams are left to the runtime: destroyed in their contexts. */
    tc_runtime_destroy(rt);
    expect_logged("cuStreamDestroy s1 ctx=primary");
    expect_logged("cuStreamDestroy s2 ctx=primary1");
    assert_int_equal(fake_live_streams(), 0);
    assert_int_equal(fake_live_modules(), 0);
    assert_int_equal(fake_primary_retained(), 0);
}

/* One thread per device: its device set, its own stream, launches numbered on it. */
#define PER_THREAD 50
typedef struct device_job {
    tc_runtime *rt;
    tc_kernel *k;
    int device;
    bool ok;
} device_job;

static void *launch_on_device(void *arg)
{
    device_job *job = arg;
    job->ok = tc_set_device(job->rt, job->device);
    tc_stream s = job->ok ? tc_stream_create(job->rt) : NULL;
    job->ok = job->ok && s && tc_current_device(job->rt) == job->device;
    for (int i = 0; i < PER_THREAD && job->ok; i++)
        job->ok = launch_n(job->k, s, 16 * (1000 * (job->device + 1) + i));
    job->ok = job->ok && tc_stream_destroy(job->rt, s);
    return NULL;
}

static void stream_order_from_a_thread_per_device(void **state)
{
    (void)state;
    enum { NDEV = 4 };
    fake_set_devices(NDEV);
    tc_runtime *rt = fake_runtime();
    tc_kernel *k = vector_add_on(rt);
    device_job jobs[NDEV];
    pthread_t t[NDEV];
    for (int d = 0; d < NDEV; d++) {
        jobs[d] = (device_job){rt, k, d, false};
        assert_int_equal(pthread_create(&t[d], NULL, launch_on_device, &jobs[d]), 0);
    }
    for (int d = 0; d < NDEV; d++)
        pthread_join(t[d], NULL);
    expect_ok(rt);
    for (int d = 0; d < NDEV; d++)
        assert_true(jobs[d].ok);
    /* Per context: one module, PER_THREAD launches, all on one stream made in that context, in
     * the order the thread issued them. */
    assert_int_equal(fake_live_modules(), NDEV);
    assert_int_equal(fake_launches(), NDEV * PER_THREAD);
    static const char *const names[NDEV] = {"primary", "primary1", "primary2", "primary3"};
    for (int d = 0; d < NDEV; d++) {
        char load[96], created[96], prefix[96];
        snprintf(load, sizeof load, "cuModuleLoadData ctx=%s cubin symbol=vector_add", names[d]);
        assert_int_equal(count_logged(load), 1);
        /* the stream this thread made (its number depends on the threads' order) */
        snprintf(created, sizeof created, " flags=0 ctx=%s", names[d]);
        int stream_id = -1;
        for (const char *p = fake_log(); (p = strstr(p, "cuStreamCreate s")) != NULL; p++) {
            const char *nl = strchr(p, '\n');
            size_t len = nl ? (size_t)(nl - p) : strlen(p);
            if (len > strlen(created) && strncmp(p + len - strlen(created), created, strlen(created)) == 0)
                stream_id = atoi(p + strlen("cuStreamCreate s"));
        }
        assert_true(stream_id > 0);
        snprintf(prefix, sizeof prefix, "cuLaunchKernel vector_add grid=1x1x1 block=128 shared=0 stream=s%d ctx=%s ",
                 stream_id, names[d]);
        char lines[16384];
        logged_lines(prefix, lines, sizeof lines);
        char want[16384];
        size_t n = 0;
        for (int i = 0; i < PER_THREAD; i++)
            n += (size_t)snprintf(want + n, sizeof want - n, "%sargs=[0x10000,0x20000,0x30000,%d,0x0,0x0]\n", prefix,
                                  16 * (1000 * (d + 1) + i));
        assert_string_equal(lines, want);
        char destroyed[64];
        snprintf(destroyed, sizeof destroyed, "cuStreamDestroy s%d ctx=%s", stream_id, names[d]);
        expect_logged(destroyed);
    }
    destroy_and_check(rt);
}

/* ---- streams ------------------------------------------------------------------------------------ */

static void a_stream_of_another_device(void **state)
{
    (void)state;
    fake_set_devices(2);
    tc_runtime *rt = fake_runtime();
    tc_kernel *k = vector_add_on(rt);
    assert_true(tc_set_device(rt, 1));
    tc_stream s1 = tc_stream_create(rt);
    assert_true(tc_set_device(rt, 0));
    assert_false(launch_n(k, s1, 1024));
    int line = __LINE__ - 1;
    expect_error_at(rt, line,
                    "tc_launch: cuLaunchKernel failed (kernel vector_add variant DDDD, grid 1x1x1): "
                    "CUDA_ERROR_INVALID_HANDLE (400: invalid resource handle)");
    expect_logged("launch of vector_add on stream s1 of ctx=primary1 in ctx=primary");
    tc_runtime_clear_error(rt);
    /* Destroyed from device 0: in its own context, and device 0 stays current. */
    assert_true(tc_stream_destroy(rt, s1));
    expect_logged("cuStreamSynchronize s1");
    expect_logged("cuStreamDestroy s1 ctx=primary1");
    assert_int_equal(tc_current_device(rt), 0);
    destroy_and_check(rt);
}

static void stream_destroy_misuse(void **state)
{
    (void)state;
    tc_runtime *rt = fake_runtime();
    assert_true(tc_stream_destroy(rt, NULL)); /* the default stream: nothing to do */
    tc_stream s = tc_stream_create(rt);
    assert_non_null(s);
    assert_true(tc_stream_destroy(rt, s));
    assert_false(tc_stream_destroy(rt, s));
    int line = __LINE__ - 1;
    char want[256];
    snprintf(want, sizeof want,
             "tc_stream_destroy: stream %p was not made by tc_stream_create on this runtime (or is destroyed already)",
             s);
    expect_error_at(rt, line, want);
    tc_runtime_clear_error(rt);
    /* Another runtime's stream. */
    tc_runtime *other = fake_runtime();
    tc_stream theirs = tc_stream_create(other);
    assert_false(tc_stream_destroy(rt, theirs));
    assert_true(tc_runtime_failed(rt));
    tc_runtime_destroy(other);
    destroy_and_check(rt);
}

static void a_destroyed_stream_frees_its_scratch(void **state)
{
    (void)state;
    tc_runtime *rt = fake_runtime();
    tc_variant *v = vector_add_variant("DDDD");
    v->global_scratch_size = 64;
    assert_true(tc_runtime_add_variants(rt, 1, v));
    tc_kernel *k = tc_kernel_get(rt, tritonc_bundled_find("vector_add"), NULL, (tc_options){0});
    tc_stream s = tc_stream_create(rt);
    assert_true(launch_n(k, s, 1024));
    assert_int_equal(fake_live_allocations(), 1);
    assert_true(tc_stream_destroy(rt, s));
    assert_int_equal(fake_live_allocations(), 0);
    destroy_and_check(rt);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(device_count_from_the_environment, reset),
        cmocka_unit_test_setup(set_device_retains_once, reset),
        cmocka_unit_test_setup(a_runtime_on_another_device, reset),
        cmocka_unit_test_setup(set_device_misuse, reset),
        cmocka_unit_test_setup(null_runtime_is_safe, reset),
        cmocka_unit_test_setup(driver_failures, reset),
        cmocka_unit_test_setup(a_module_per_device, reset),
        cmocka_unit_test_setup(stream_order_from_one_thread, reset),
        cmocka_unit_test_setup(stream_order_from_a_thread_per_device, reset),
        cmocka_unit_test_setup(a_stream_of_another_device, reset),
        cmocka_unit_test_setup(stream_destroy_misuse, reset),
        cmocka_unit_test_setup(a_destroyed_stream_frees_its_scratch, reset),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
