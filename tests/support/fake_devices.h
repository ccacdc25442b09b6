/* What the tests of several devices share (test_cuda_multi_device.c, test_cuda_nccl.c): the
 * steering functions of the fake driver (tests/doubles/fake_libcuda.c), bound with dlsym; a
 * runtime on it; the checks of fake_driver_checks.h and the fake log's lines; a vector_add variant made
 * here (a fake image, so that no compiler runs). Include after cmocka.h and tritonc/cuda.h, with
 * FAKE_LIBCUDA defined by the build. */
#ifndef TRITONC_TEST_FAKE_DEVICES_H
#define TRITONC_TEST_FAKE_DEVICES_H

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "bundled.h"
#include "fake_driver_checks.h"
#include "fake_symbols.h"
#include "cuda/cuda_driver_subset.h" /* the fake's types */

#ifndef FAKE_LIBCUDA
#error "FAKE_LIBCUDA (the fake driver's path) must be defined by the build"
#endif

static void (*fake_reset)(void);
static void (*fake_set_logging)(int);
static void (*fake_set_devices)(int);
static void (*fake_set_device_cc)(int, int);
static void (*fake_fail)(const char *, int, int);
static tcu_context (*fake_new_context)(void);
static long (*fake_live_allocations)(void);
static long (*fake_live_modules)(void);
static long (*fake_live_streams)(void);
static long (*fake_launches)(void);
static long (*fake_primary_retained)(void);
static long (*fake_primary_retained_on)(int);
static tcu_result (*fake_ctx_set_current)(tcu_context);


/* Binds the fake driver's steering functions (the object the runtime opens: dlopen gives the
 * one loaded; it stays open). */
static inline void fake_devices_bind(void)
{
    void *dl = dlopen(FAKE_LIBCUDA, RTLD_NOW | RTLD_LOCAL);
    if (!dl)
        fail_msg("cannot load %s: %s", FAKE_LIBCUDA, dlerror());
    BIND(dl, fake_reset, "fake_cuda_reset");
    BIND(dl, fake_log, "fake_cuda_log");
    BIND(dl, fake_set_logging, "fake_cuda_set_logging");
    BIND(dl, fake_set_devices, "fake_cuda_set_devices");
    BIND(dl, fake_set_device_cc, "fake_cuda_set_device_compute_capability");
    BIND(dl, fake_fail, "fake_cuda_fail");
    BIND(dl, fake_new_context, "fake_cuda_new_context");
    BIND(dl, fake_live_allocations, "fake_cuda_live_allocations");
    BIND(dl, fake_live_modules, "fake_cuda_live_modules");
    BIND(dl, fake_live_streams, "fake_cuda_live_streams");
    BIND(dl, fake_launches, "fake_cuda_launches");
    BIND(dl, fake_primary_retained, "fake_cuda_primary_retained");
    BIND(dl, fake_primary_retained_on, "fake_cuda_primary_retained_on");
    BIND(dl, fake_ctx_set_current, "cuCtxSetCurrent");
}

/* A compile env that never compiles and never finds a cache entry. */
static const tc_compile_env fake_no_compiler = {.cache_dir = TRITONC_TEST_BINARY_DIR "/cuda-empty-cache", .jit = false};

static inline tc_runtime *fake_runtime(void)
{
    tc_runtime *rt = tc_runtime_create(&(tc_runtime_options){.libcuda = FAKE_LIBCUDA, .compile = &fake_no_compiler});
    assert_non_null(rt);
    if (tc_runtime_failed(rt))
        fail_msg("%s", tc_runtime_error(rt));
    return rt;
}

static inline void expect_ok(const tc_runtime *rt)
{
    if (tc_runtime_failed(rt))
        fail_msg("unexpected error: %s", tc_runtime_error(rt));
}

/* Destroys rt and checks that every module, allocation, stream and context went back. */
static inline void destroy_and_check(tc_runtime *rt)
{
    tc_runtime_destroy(rt);
    assert_int_equal(fake_live_modules(), 0);
    assert_int_equal(fake_live_allocations(), 0);
    assert_int_equal(fake_live_streams(), 0);
    assert_int_equal(fake_primary_retained(), 0);
}

/* The log's lines that begin with prefix, joined by '\n', into out. */
static inline const char *logged_lines(const char *prefix, char *out, size_t size)
{
    size_t n = 0, len = strlen(prefix);
    out[0] = '\0';
    for (const char *p = fake_log(); *p;) {
        const char *nl = strchr(p, '\n');
        size_t line = nl ? (size_t)(nl - p) : strlen(p);
        if (strncmp(p, prefix, len) == 0 && n + line + 2 < size) {
            memcpy(out + n, p, line);
            n += line;
            out[n++] = '\n';
            out[n] = '\0';
        }
        if (!nl)
            break;
        p = nl + 1;
    }
    return out;
}

/* A vector_add variant for key spec (x, y, out pointers, n an int32, then the two scratch
 * pointers) with a fake image, kept in a static pool so that it outlives runtimes. */
typedef struct fake_made_variant {
    tc_variant v;
    char image[256];
    char spec[TC_MAX_ARGS + 1];
} fake_made_variant;
static fake_made_variant fake_pool[16];
static int fake_pool_used;

static inline tc_variant *vector_add_variant(const char *spec)
{
    assert_true(fake_pool_used < 16);
    fake_made_variant *m = &fake_pool[fake_pool_used++];
    memset(m, 0, sizeof *m);
    snprintf(m->spec, sizeof m->spec, "%s", spec);
    snprintf(m->image, sizeof m->image, "FAKECUBIN symbol=vector_add args=8,8,8,4,8,8 time_us=1");
    const tl_kernel *k = tritonc_bundled_find("vector_add");
    assert_non_null(k);
    m->v = (tc_variant){.kernel = "vector_add",
                        .config = "BLOCK_SIZE=1024",
                        .spec = m->spec,
                        .options = tc_options_filled((tc_options){0}),
                        .symbol = "vector_add",
                        .num_warps = 4,
                        .num_ctas = 1,
                        .cluster_dims = {1, 1, 1},
                        .global_scratch_align = 1,
                        .profile_scratch_align = 1,
                        .arch = 90,
                        .triton_version = "3.6.0",
                        .nargs = 4,
                        .cubin = (const unsigned char *)m->image,
                        .cubin_size = strlen(m->image) + 1,
                        .ir_hash = tc_ir_hash(k, NULL, spec, (tc_options){0}, NULL)};
    return &m->v;
}

#endif
