/* The CUDA runtime on the CPU, against a fake driver (tests/doubles/fake_libcuda.c) that logs every call:
 * opening the driver and its failures, argument checks with their exact messages, packing,
 * specialization keys and the variant each key picks (embedded variants made here), scratch
 * pointers appended and allocated, dynamic shared memory above 48 KiB, clusters, a zero grid,
 * a second context, PTX when there is no cubin, CUDA graph capture, driver errors, a missing
 * variant, two threads launching, and that everything the driver handed out is given back. */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "fake_symbols.h"
#include "fake_driver_checks.h"

#include "bundled.h"
#include "cuda/runtime_internal.h" /* cuda_f16_bits, and the driver subset for the fake's types */
#include "tritonc/cuda.h"

#ifndef FAKE_LIBCUDA
#error "FAKE_LIBCUDA (the fake driver's path) must be defined by the build"
#endif

/* ---- the fake driver's steering functions ----------------------------------------------------- */

static void (*fake_reset)(void);
static void (*fake_set_logging)(int);
static void (*fake_set_no_device)(int);
static void (*fake_set_capturing)(int);
static void (*fake_fail)(const char *, int, int);
static tcu_context (*fake_new_context)(void);
static long (*fake_live_allocations)(void);
static long (*fake_live_modules)(void);
static long (*fake_launches)(void);
static long (*fake_primary_retained)(void);
static tcu_result (*fake_ctx_set_current)(tcu_context);


static int setup(void **state)
{
    (void)state;
    /* The same object the runtime opens (dlopen gives the loaded one); it stays open. */
    void *dl = dlopen(FAKE_LIBCUDA, RTLD_NOW | RTLD_LOCAL);
    if (!dl)
        fail_msg("cannot load %s: %s", FAKE_LIBCUDA, dlerror());
    BIND(dl, fake_reset, "fake_cuda_reset");
    BIND(dl, fake_log, "fake_cuda_log");
    BIND(dl, fake_set_logging, "fake_cuda_set_logging");
    BIND(dl, fake_set_no_device, "fake_cuda_set_no_device");
    BIND(dl, fake_set_capturing, "fake_cuda_set_capturing");
    BIND(dl, fake_fail, "fake_cuda_fail");
    BIND(dl, fake_new_context, "fake_cuda_new_context");
    BIND(dl, fake_live_allocations, "fake_cuda_live_allocations");
    BIND(dl, fake_live_modules, "fake_cuda_live_modules");
    BIND(dl, fake_launches, "fake_cuda_launches");
    BIND(dl, fake_primary_retained, "fake_cuda_primary_retained");
    BIND(dl, fake_ctx_set_current, "cuCtxSetCurrent");
    return 0;
}

/* Every test starts from a fresh fake, with no context current on this thread. */
static int reset(void **state)
{
    (void)state;
    fake_reset();
    fake_ctx_set_current(NULL);
    return 0;
}

/* A compile env that never compiles and never finds a cache entry. */
static const tc_compile_env no_compiler = {.cache_dir = TRITONC_TEST_BINARY_DIR "/cuda-empty-cache", .jit = false};

static tc_runtime *fake_runtime(void)
{
    tc_runtime *rt = tc_runtime_create(&(tc_runtime_options){.libcuda = FAKE_LIBCUDA, .compile = &no_compiler});
    assert_non_null(rt);
    if (tc_runtime_failed(rt))
        fail_msg("%s", tc_runtime_error(rt));
    return rt;
}

/* Destroys rt and checks that every module, allocation and context went back. */
static void destroy_and_check(tc_runtime *rt)
{
    tc_runtime_destroy(rt);
    assert_int_equal(fake_live_modules(), 0);
    assert_int_equal(fake_live_allocations(), 0);
    assert_int_equal(fake_primary_retained(), 0);
}

static const tl_kernel *vector_add(void)
{
    const tl_kernel *k = tritonc_bundled_find("vector_add");
    assert_non_null(k);
    return k;
}

/* A vector_add variant for key spec whose fake image takes nkept arguments of the given
 * sizes (the two scratch pointers appended), kept in a static pool so it outlives runtimes. */
typedef struct made_variant {
    tc_variant v;
    char image[256];
    char spec[TC_MAX_ARGS + 1];
} made_variant;
static made_variant pool[64];
static int pool_used;

static tc_variant *make_variant(const char *kernel, const char *config, const char *spec, const char *arg_sizes)
{
    assert_true(pool_used < 64);
    made_variant *m = &pool[pool_used++];
    memset(m, 0, sizeof *m);
    snprintf(m->spec, sizeof m->spec, "%s", spec);
    snprintf(m->image, sizeof m->image, "FAKECUBIN symbol=%s args=%s,8,8 time_us=1", kernel, arg_sizes);
    int kept = 0;
    for (const char *c = spec; *c; c++)
        kept += *c != '1';
    m->v = (tc_variant){.kernel = kernel,
                        .config = config,
                        .spec = m->spec,
                        .options = tc_options_filled((tc_options){0}),
                        .symbol = kernel,
                        .num_warps = 4,
                        .num_ctas = 1,
                        .cluster_dims = {1, 1, 1},
                        .global_scratch_align = 1,
                        .profile_scratch_align = 1,
                        .arch = 90,
                        .triton_version = "3.6.0",
                        .nargs = kept,
                        .cubin = (const unsigned char *)m->image,
                        .cubin_size = strlen(m->image) + 1,
                        /* made from the bundled kernel on its default config (else set by the test) */
                        .ir_hash = tritonc_bundled_find(kernel)
                                       ? tc_ir_hash(tritonc_bundled_find(kernel), NULL, spec, (tc_options){0}, NULL)
                                       : 0};
    return &m->v;
}

static tc_variant *vector_add_variant(const char *spec)
{
    /* x, y, out are 8-byte pointers; n an int32, absent when the key fixes it to 1. */
    tc_variant *v = make_variant("vector_add", "BLOCK_SIZE=1024", spec, spec[3] == '1' ? "8,8,8" : "8,8,8,4");
    assert_true(v->ir_hash != 0);
    return v;
}

#define X 0x10000u /* 16-byte aligned device addresses: the fake never reads them */
#define Y 0x20000u
#define OUT 0x30000u

/* ---- opening the driver ------------------------------------------------------------------------- */

static void no_driver(void **state)
{
    (void)state;
    tc_runtime *rt = tc_runtime_create(&(tc_runtime_options){.libcuda = "/nonexistent/libcuda.so.1"});
    int line = __LINE__ - 1;
    assert_true(tc_runtime_failed(rt));
    char want[512];
    snprintf(want, sizeof want, "%s:%d: tc_runtime_create: cannot load the CUDA driver '/nonexistent/libcuda.so.1' "
             "(no NVIDIA driver on this machine?): ", __FILE__, line);
    const char *got = tc_runtime_error(rt);
    assert_non_null(got);
    if (strncmp(got, want, strlen(want)) != 0)
        fail_msg("expected a message starting\n  %s\ngot\n  %s", want, got);
    /* Every call on it does nothing, crashes on nothing. */
    assert_null(tc_kernel_get(rt, vector_add(), NULL, (tc_options){0}));
    assert_int_equal(tc_alloc(rt, 16), 0);
    tc_runtime_clear_error(rt);
    assert_null(tc_kernel_get(rt, vector_add(), NULL, (tc_options){0}));
    line = __LINE__ - 1;
    expect_error_at(rt, line, "tc_kernel_get: the CUDA driver is not loaded (tc_runtime_create failed)");
    tc_runtime_destroy(rt);
}

static void driver_missing_a_function(void **state)
{
    (void)state;
    tc_runtime *rt = tc_runtime_create(&(tc_runtime_options){.libcuda = FAKE_LIBCUDA_NOSYM});
    int line = __LINE__ - 1;
    char want[1024];
    snprintf(want, sizeof want,
             "tc_runtime_create: the CUDA driver '%s' has no function cuLaunchKernelEx (a driver older than CUDA 12?)",
             FAKE_LIBCUDA_NOSYM);
    expect_error_at(rt, line, want);
    tc_runtime_destroy(rt);
}

static void no_device(void **state)
{
    (void)state;
    fake_set_no_device(1);
    tc_runtime *rt = tc_runtime_create(&(tc_runtime_options){.libcuda = FAKE_LIBCUDA});
    int line = __LINE__ - 1;
    expect_error_at(rt, line,
                    "tc_runtime_create: cuInit failed: CUDA_ERROR_NO_DEVICE (100: no CUDA-capable device is detected)");
    tc_runtime_destroy(rt);
    assert_int_equal(fake_primary_retained(), 0);
}

static void no_such_device(void **state)
{
    (void)state;
    tc_runtime *rt = tc_runtime_create(&(tc_runtime_options){.libcuda = FAKE_LIBCUDA, .device = 3});
    int line = __LINE__ - 1;
    expect_error_at(rt, line,
                    "tc_runtime_create: cuDeviceGet failed: CUDA_ERROR_INVALID_DEVICE (101: invalid device ordinal)");
    tc_runtime_destroy(rt);
    assert_int_equal(fake_primary_retained(), 0);
}

static void driver_from_the_environment(void **state)
{
    (void)state;
    setenv(TC_LIBCUDA_ENV, FAKE_LIBCUDA, 1);
    tc_runtime *rt = tc_runtime_create(NULL);
    unsetenv(TC_LIBCUDA_ENV);
    assert_false(tc_runtime_failed(rt));
    /* The primary context is retained and made current on a thread that had none. */
    expect_logged("cuInit 0");
    expect_logged("cuDevicePrimaryCtxRetain 0");
    destroy_and_check(rt);
}

/* ---- launches, keys and variants ------------------------------------------------------------------ */

static void launch_vector_add(void **state)
{
    (void)state;
    tc_runtime *rt = fake_runtime();
    assert_true(tc_runtime_add_variants(rt, 1, vector_add_variant("DDDN")));
    tc_kernel *k = tc_kernel_get(rt, vector_add(), NULL, (tc_options){0});
    assert_non_null(k);
    /* n = 1000 is not a multiple of 16: key DDDN. */
    assert_true(tc_launch(k, tc_grid1(1), NULL, tc_ptr(X, TL_F32), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32),
                          tc_i32(1000)));
    expect_logged("cuModuleLoadData ctx=primary cubin symbol=vector_add");
    expect_logged("cuLaunchKernel vector_add grid=1x1x1 block=128 shared=0 stream=(nil) ctx=primary "
                  "args=[0x10000,0x20000,0x30000,1000,0x0,0x0]");
    /* The same key again: no second load. */
    assert_true(tc_launch(k, tc_grid3(7, 2, 3), NULL, tc_ptr(X, TL_F32), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32),
                          tc_i32(999)));
    expect_logged("cuLaunchKernel vector_add grid=7x2x3 block=128 shared=0 stream=(nil) ctx=primary "
                  "args=[0x10000,0x20000,0x30000,999,0x0,0x0]");
    assert_int_equal(count_logged("cuModuleLoadData"), 1);
    /* The same (kernel, config, options) is the same handle. */
    assert_ptr_equal(tc_kernel_get(rt, vector_add(), NULL, (tc_options){.num_warps = 4}), k);
    assert_false(tc_runtime_failed(rt));
    destroy_and_check(rt);
    expect_logged("cuModuleUnload ctx=primary symbol=vector_add");
}

static void keys_as_the_jit_computes_them(void **state)
{
    (void)state;
    tc_runtime *rt = fake_runtime();
    tc_kernel *k = tc_kernel_get(rt, vector_add(), NULL, (tc_options){0});
    char key[TC_MAX_ARGS + 1];
    const struct {
        uint64_t x;
        int64_t n;
        const char *key;
    } cases[] = {
        {X, 1024, "DDDD"}, {X, 1000, "DDDN"}, {X, 1, "DDD1"},      {X, 0, "DDDD"},    {X, -16, "DDDD"},
        {X, -1, "DDDN"},   {X + 4, 16, "NDDD"}, {X + 8, 1, "NDD1"}, {X + 16, 7, "DDDN"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tc_arg args[] = {tc_ptr(cases[i].x, TL_F32), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32), tc_i32(cases[i].n)};
        assert_non_null(tc_kernel_key(k, 4, args, key, sizeof key));
        assert_string_equal(key, cases[i].key);
    }
    tc_runtime_destroy(rt);
}

static void key_one_drops_the_argument(void **state)
{
    (void)state;
    tc_runtime *rt = fake_runtime();
    tc_variant *v[] = {vector_add_variant("DDDN"), vector_add_variant("DDD1")};
    assert_true(tc_runtime_add_variants(rt, 1, v[0]));
    assert_true(tc_runtime_add_variants(rt, 1, v[1]));
    tc_kernel *k = tc_kernel_get(rt, vector_add(), NULL, (tc_options){0});
    assert_true(tc_launch(k, tc_grid1(1), NULL, tc_ptr(X, TL_F32), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32), tc_i32(1)));
    expect_logged("cuLaunchKernel vector_add grid=1x1x1 block=128 shared=0 stream=(nil) ctx=primary "
                  "args=[0x10000,0x20000,0x30000,0x0,0x0]");
    assert_true(tc_launch(k, tc_grid1(1), NULL, tc_ptr(X, TL_F32), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32), tc_i32(3)));
    expect_logged("cuLaunchKernel vector_add grid=1x1x1 block=128 shared=0 stream=(nil) ctx=primary "
                  "args=[0x10000,0x20000,0x30000,3,0x0,0x0]");
    assert_int_equal(count_logged("cuModuleLoadData"), 2);
    destroy_and_check(rt);
}

static void unaligned_pointer_never_runs_a_d_variant(void **state)
{
    (void)state;
    tc_runtime *rt = fake_runtime();
    assert_true(tc_runtime_add_variants(rt, 1, vector_add_variant("DDDN")));
    tc_kernel *k = tc_kernel_get(rt, vector_add(), NULL, (tc_options){0});
    /* x + 4 bytes: key NDDN, which is neither embedded nor compilable here. */
    bool ok = tc_launch(k, tc_grid1(1), NULL, tc_ptr(X + 4, TL_F32), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32),
                        tc_i32(1000));
    assert_false(ok);
    const char *err = tc_runtime_error(rt);
    assert_non_null(err);
    assert_non_null(strstr(err, "tc_launch: "));
    assert_non_null(strstr(err, "NDDN"));
    assert_int_equal(count_logged("cuLaunchKernel"), 0);
    tc_runtime_clear_error(rt);
    /* Once the NDDN variant is there, it is the one launched. */
    assert_true(tc_runtime_add_variants(rt, 1, vector_add_variant("NDDN")));
    assert_true(tc_launch(k, tc_grid1(1), NULL, tc_ptr(X + 4, TL_F32), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32),
                          tc_i32(1000)));
    expect_logged("cuLaunchKernel vector_add grid=1x1x1 block=128 shared=0 stream=(nil) ctx=primary "
                  "args=[0x10004,0x20000,0x30000,1000,0x0,0x0]");
    destroy_and_check(rt);
}

static void a_variant_of_another_key_or_shape_is_refused(void **state)
{
    (void)state;
    tc_runtime *rt = fake_runtime();
    /* Embedded under key DDDN but taking three arguments: refused before any launch. */
    tc_variant *bad = vector_add_variant("DDDN");
    bad->nargs = 3;
    assert_true(tc_runtime_add_variants(rt, 1, bad));
    tc_kernel *k = tc_kernel_get(rt, vector_add(), NULL, (tc_options){0});
    assert_false(tc_launch(k, tc_grid1(1), NULL, tc_ptr(X, TL_F32), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32),
                           tc_i32(1000)));
    int line = __LINE__ - 2;
    expect_error_at(rt, line, "tc_launch: kernel vector_add variant DDDN takes 3 arguments, its key keeps 4");
    assert_int_equal(count_logged("cuLaunchKernel"), 0);
    destroy_and_check(rt);
}

static void other_config_or_options_need_their_own_variant(void **state)
{
    (void)state;
    tc_runtime *rt = fake_runtime();
    assert_true(tc_runtime_add_variants(rt, 1, vector_add_variant("DDDN")));
    tc_kernel *k8 = tc_kernel_get(rt, vector_add(), NULL, (tc_options){.num_warps = 8});
    assert_false(tc_launch(k8, tc_grid1(1), NULL, tc_ptr(X, TL_F32), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32),
                           tc_i32(1000)));
    assert_non_null(strstr(tc_runtime_error(rt), "DDDN"));
    assert_int_equal(count_logged("cuLaunchKernel"), 0);
    destroy_and_check(rt);
}

static void missing_variant_names_the_command(void **state)
{
    (void)state;
    tc_runtime *rt = fake_runtime();
    tc_kernel *k = tc_kernel_get(rt, vector_add(), NULL, (tc_options){0});
    assert_false(tc_launch(k, tc_grid1(4), NULL, tc_ptr(X, TL_F32), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32),
                           tc_i32(4096)));
    /* The compile step's message (tc_compile's), at the launch's line. */
    const char *err = tc_runtime_error(rt);
    assert_non_null(err);
    if (strncmp(err, __FILE__ ":", strlen(__FILE__) + 1) != 0 ||
        !strstr(err, ": tc_launch: no compiled variant of vector_add (config BLOCK_SIZE=1024, spec DDDD") ||
        !strstr(err, "`tritonc compile vector_add --specialize DDDD"))
        fail_msg("expected the launch's line, the missing variant (key DDDD) and the command that builds it, got\n  %s",
                 err);
    destroy_and_check(rt);
}

static void ptx_when_there_is_no_cubin(void **state)
{
    (void)state;
    tc_runtime *rt = fake_runtime();
    tc_variant *v = vector_add_variant("DDDN");
    static char ptx[] = "FAKEPTX symbol=vector_add args=8,8,8,4,8,8";
    v->cubin = NULL;
    v->cubin_size = 0;
    v->ptx = ptx;
    assert_true(tc_runtime_add_variants(rt, 1, v));
    tc_kernel *k = tc_kernel_get(rt, vector_add(), NULL, (tc_options){0});
    assert_true(tc_launch(k, tc_grid1(1), NULL, tc_ptr(X, TL_F32), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32),
                          tc_i32(1000)));
    expect_logged("cuModuleLoadData ctx=primary ptx symbol=vector_add");
    destroy_and_check(rt);
}

/* Variants embedded at build time (tritonc_embed_kernels, compiled by the stand-in compiler):
 * vector_add as declared (DDDN) and specialized DDDD. */
extern const tc_variant test_cuda_embedded[];
extern const int test_cuda_embedded_count;

static void embedded_variants_need_no_compiler(void **state)
{
    (void)state;
    tc_runtime *rt = fake_runtime(); /* compiling is off, the cache empty */
    assert_int_equal(test_cuda_embedded_count, 2);
    assert_true(tc_runtime_add_variants(rt, test_cuda_embedded_count, test_cuda_embedded));
    tc_kernel *k = tc_kernel_get(rt, vector_add(), NULL, (tc_options){0});
    assert_true(tc_launch(k, tc_grid1(1), NULL, tc_ptr(X, TL_F32), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32),
                          tc_i32(1000)));
    assert_true(tc_launch(k, tc_grid1(4), NULL, tc_ptr(X, TL_F32), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32),
                          tc_i32(4096)));
    if (tc_runtime_failed(rt))
        fail_msg("%s", tc_runtime_error(rt));
    assert_int_equal(count_logged("cuModuleLoadData ctx=primary cubin symbol=vector_add"), 2);
    expect_logged("cuLaunchKernel vector_add grid=1x1x1 block=128 shared=3072 stream=(nil) ctx=primary args=?");
    expect_logged("cuLaunchKernel vector_add grid=4x1x1 block=128 shared=3072 stream=(nil) ctx=primary args=?");
    /* A key that is not embedded: the compile step's message. */
    assert_false(tc_launch(k, tc_grid1(1), NULL, tc_ptr(X + 4, TL_F32), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32),
                           tc_i32(1000)));
    assert_non_null(strstr(tc_runtime_error(rt), "spec NDDN"));
    destroy_and_check(rt);
}

/* ---- argument checks ---------------------------------------------------------------------------------- */

static void bad_arguments(void **state)
{
    (void)state;
    tc_runtime *rt = fake_runtime();
    tc_kernel *k = tc_kernel_get(rt, vector_add(), NULL, (tc_options){0});
    int line;
    const char *want;

#define CHECK_BAD(launch, message)                                                                \
    do {                                                                                          \
        tc_runtime_clear_error(rt);                                                               \
        line = __LINE__;                                                                          \
        assert_false(launch);                                                                     \
        want = (message);                                                                         \
        expect_error_at(rt, line, want);                                                          \
    } while (0)

    CHECK_BAD(tc_launch(k, tc_grid1(1), NULL, tc_ptr(X, TL_F32), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32)),
              "tc_launch: kernel vector_add takes 4 arguments (x_ptr, y_ptr, output_ptr, n_elements), got 3");
    CHECK_BAD(tc_launch(k, tc_grid1(1), NULL, tc_ptr(X, TL_F32), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32), tc_i32(1),
                        tc_i32(2)),
              "tc_launch: kernel vector_add takes 4 arguments (x_ptr, y_ptr, output_ptr, n_elements), got 5");
    CHECK_BAD(tc_launch(k, tc_grid1(1), NULL, tc_ptr(X, TL_F32), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32),
                        tc_ptr(X, TL_I32)),
              "tc_launch: argument 4 (n_elements) of vector_add is an int32: got tc_ptr(0x10000, int32)");
    CHECK_BAD(tc_launch(k, tc_grid1(1), NULL, tc_i64(5), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32), tc_i32(1)),
              "tc_launch: argument 1 (x_ptr) of vector_add is a pointer to float32: got an int64 5");
    CHECK_BAD(tc_launch(k, tc_grid1(1), NULL, tc_ptr(X, TL_F32), tc_ptr(Y, TL_F16), tc_ptr(OUT, TL_F32), tc_i32(1)),
              "tc_launch: argument 2 (y_ptr) of vector_add is a pointer to float32: got tc_ptr(0x20000, float16)");
    CHECK_BAD(tc_launch(k, tc_grid1(1), NULL, tc_ptr(X, TL_F32), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32), tc_f32(2.5)),
              "tc_launch: argument 4 (n_elements) of vector_add is an int32: got a float32 2.5");
    CHECK_BAD(tc_launch(k, tc_grid1(1), NULL, tc_ptr(X, TL_F32), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32),
                        tc_bool(true)),
              "tc_launch: argument 4 (n_elements) of vector_add is an int32: got a bool true");
    CHECK_BAD(tc_launch(k, tc_grid1(1), NULL, tc_ptr(X, TL_F32), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32),
                        tc_i64(1099511627776LL)),
              "tc_launch: argument 4 (n_elements) of vector_add is an int32: an int64 1099511627776 does not fit");
    CHECK_BAD(tc_launch(k, tc_grid1(1), NULL, tc_ptr(X, TL_F32), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32),
                        tc_u32(3000000000u)),
              "tc_launch: argument 4 (n_elements) of vector_add is an int32: a uint32 3000000000 does not fit");
    CHECK_BAD(tc_launch(k, tc_grid1(1), NULL, tc_ptr(X, TL_F32), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32),
                        (tc_arg){0}),
              "tc_launch: argument 4 (n_elements) of vector_add is an int32: got no argument (kind 0: made without a "
              "tc_ constructor?)");
    /* A zero grid launches nothing, but its arguments are still checked. */
    CHECK_BAD(tc_launch(k, tc_grid1(0), NULL, tc_ptr(X, TL_F32), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32)),
              "tc_launch: kernel vector_add takes 4 arguments (x_ptr, y_ptr, output_ptr, n_elements), got 3");
#undef CHECK_BAD
    /* An int64 that fits is taken for an int32 argument. */
    tc_runtime_clear_error(rt);
    char key[8];
    tc_arg ok_args[] = {tc_ptr(X, TL_F32), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32), tc_i64(-2147483648LL)};
    assert_non_null(tc_kernel_key(k, 4, ok_args, key, sizeof key));
    assert_int_equal(count_logged("cuLaunchKernel"), 0);
    destroy_and_check(rt);
}

static void errors_are_sticky(void **state)
{
    (void)state;
    tc_runtime *rt = fake_runtime();
    assert_true(tc_runtime_add_variants(rt, 1, vector_add_variant("DDDN")));
    tc_kernel *k = tc_kernel_get(rt, vector_add(), NULL, (tc_options){0});
    assert_false(tc_launch(k, tc_grid1(1), NULL, tc_ptr(X, TL_F32)));
    int line = __LINE__ - 1;
    /* A good launch after it does nothing; the first error stays. */
    assert_false(tc_launch(k, tc_grid1(1), NULL, tc_ptr(X, TL_F32), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32),
                           tc_i32(1000)));
    expect_error_at(rt, line, "tc_launch: kernel vector_add takes 4 arguments (x_ptr, y_ptr, output_ptr, n_elements), got 1");
    assert_int_equal(count_logged("cuLaunchKernel"), 0);
    tc_runtime_clear_error(rt);
    assert_null(tc_runtime_error(rt));
    assert_true(tc_launch(k, tc_grid1(1), NULL, tc_ptr(X, TL_F32), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32),
                          tc_i32(1000)));
    assert_int_equal(count_logged("cuLaunchKernel"), 1);
    destroy_and_check(rt);
}

/* Every scalar type packed as the compiled function takes it. */
typedef struct scalars_cfg {
    int unused;
} scalars_cfg;
static void scalars_body(tl_builder *b, const scalars_cfg *cfg)
{
    (void)cfg;
    tl_arg(b, "p", TL_PTR(TL_F16));
    tl_arg(b, "i8", TL_SCALAR(TL_I8));
    tl_arg(b, "u16", TL_SCALAR(TL_U16));
    tl_arg(b, "i64", TL_SCALAR(TL_I64));
    tl_arg(b, "u64", TL_SCALAR(TL_U64));
    tl_arg(b, "f16", TL_SCALAR(TL_F16));
    tl_arg(b, "bf16", TL_SCALAR(TL_BF16));
    tl_arg(b, "f32", TL_SCALAR(TL_F32));
    tl_arg(b, "f64", TL_SCALAR(TL_F64));
    tl_arg(b, "flag", TL_SCALAR(TL_I1));
    tl_arg(b, "n", TL_SCALAR_OPTS(TL_I32, .do_not_specialize = true));
}
static const scalars_cfg scalars_default = {0};
TL_KERNEL(scalars_kernel, scalars_cfg, scalars_body, .name = "scalars", .cfg_default = &scalars_default);

static void scalars_are_packed_by_type(void **state)
{
    (void)state;
    tc_runtime *rt = fake_runtime();
    tc_variant *v = make_variant("scalars", "", "DNNNNNNNNNN", "8,1,2,8,8,2,2,4,8,1,4");
    v->ir_hash = tc_ir_hash(&scalars_kernel, NULL, v->spec, (tc_options){0}, NULL);
    assert_true(tc_runtime_add_variants(rt, 1, v));
    tc_kernel *k = tc_kernel_get(rt, &scalars_kernel, NULL, (tc_options){0});
    assert_non_null(k);
    assert_true(tc_launch(k, tc_grid1(1), NULL, tc_ptr(X, TL_F16), tc_i8(-3), tc_u16(65535), tc_i64(-5),
                          tc_u64(18446744073709551615ull), tc_f16(1.0), tc_bf16(-2.0), tc_f32(1.5), tc_f64(0.25),
                          tc_bool(true), tc_i32(1)));
    if (tc_runtime_failed(rt))
        fail_msg("%s", tc_runtime_error(rt));
    /* An unsigned argument given a negative value, or one too large. */
    tc_arg args[] = {tc_ptr(X, TL_F16), tc_i8(0), tc_u16(65536), tc_i64(0), tc_u64(0), tc_f16(0), tc_bf16(0),
                     tc_f32(0), tc_f64(0), tc_bool(false), tc_i32(0)};
    char key[16];
    assert_null(tc_kernel_key(k, 11, args, key, sizeof key));
    int line = __LINE__ - 1;
    expect_error_at(rt, line, "tc_kernel_key: argument 3 (u16) of scalars is a uint16: a uint16 65536 does not fit");
    tc_runtime_clear_error(rt);
    args[4] = tc_i64(-1);
    args[2] = tc_u16(7);
    assert_null(tc_kernel_key(k, 11, args, key, sizeof key));
    line = __LINE__ - 1;
    expect_error_at(rt, line, "tc_kernel_key: argument 5 (u64) of scalars is a uint64: an int64 -1 does not fit");
    tc_runtime_clear_error(rt);
    /* f16 1.0 = 0x3c00, bf16 -2.0 = 0xc000, f32 1.5 = 0x3fc00000 (1069547520), f64 0.25 =
     * 0x3fd0000000000000; n = 1 is do_not_specialize: kept, 'N'. */
    expect_logged("cuLaunchKernel scalars grid=1x1x1 block=128 shared=0 stream=(nil) ctx=primary "
                  "args=[0x10000,-3,hffff,0xfffffffffffffffb,0xffffffffffffffff,h3c00,hc000,1069547520,"
                  "0x3fd0000000000000,1,1,0x0,0x0]");
    destroy_and_check(rt);
}

static void half_precision_rounding(void **state)
{
    (void)state;
    assert_int_equal(cuda_f16_bits(0.0f), 0x0000);
    assert_int_equal(cuda_f16_bits(-0.0f), 0x8000);
    assert_int_equal(cuda_f16_bits(65504.0f), 0x7bff);
    assert_int_equal(cuda_f16_bits(65520.0f), 0x7c00); /* rounds up to inf */
    assert_int_equal(cuda_f16_bits(5.9604645e-08f), 0x0001); /* smallest subnormal */
    assert_int_equal(cuda_f16_bits(1.0009765625f), 0x3c01);
    assert_int_equal(cuda_f16_bits(1.00048828125f), 0x3c00); /* a tie: to even */
    assert_int_equal(cuda_bf16_bits(1.0f), 0x3f80);
    assert_int_equal(cuda_bf16_bits(3.140625f), 0x4049);
}

/* ---- what Triton's launcher does -------------------------------------------------------------------------- */

static void zero_grid_launches_nothing(void **state)
{
    (void)state;
    tc_runtime *rt = fake_runtime();
    tc_kernel *k = tc_kernel_get(rt, vector_add(), NULL, (tc_options){0});
    /* No variant is even looked for. */
    assert_true(tc_launch(k, tc_grid1(0), NULL, tc_ptr(X, TL_F32), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32), tc_i32(0)));
    assert_true(tc_launch(k, tc_grid3(4, 0, 1), NULL, tc_ptr(X, TL_F32), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32),
                          tc_i32(0)));
    assert_false(tc_runtime_failed(rt));
    assert_int_equal(count_logged("cuLaunchKernel"), 0);
    assert_int_equal(count_logged("cuModuleLoadData"), 0);
    destroy_and_check(rt);
}

static void scratch_pointers_are_appended(void **state)
{
    (void)state;
    tc_runtime *rt = fake_runtime();
    tc_variant *v = vector_add_variant("DDDN");
    v->global_scratch_size = 128;
    v->global_scratch_align = 128;
    v->profile_scratch_size = 64;
    v->profile_scratch_align = 1;
    assert_true(tc_runtime_add_variants(rt, 1, v));
    tc_kernel *k = tc_kernel_get(rt, vector_add(), NULL, (tc_options){0});
    tc_arg args[] = {tc_ptr(X, TL_F32), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32), tc_i32(1000)};
    assert_true(tc_launch_args(k, tc_grid2(2, 2), NULL, 4, args));
    /* grid * num_ctas * size, as Triton's launcher sizes it. */
    expect_logged("cuMemAlloc 512");
    expect_logged("cuMemAlloc 256");
    const char *log = fake_log();
    const char *launch = strstr(log, "cuLaunchKernel vector_add grid=2x2x1");
    assert_non_null(launch);
    assert_null(strstr(launch, ",0x0,0x0]")); /* both scratch pointers set */
    /* The same grid again: the buffers are reused. Then a smaller one. */
    assert_true(tc_launch_args(k, tc_grid2(2, 2), NULL, 4, args));
    assert_true(tc_launch_args(k, tc_grid1(1), NULL, 4, args));
    assert_int_equal(count_logged("cuMemAlloc"), 2);
    /* A larger grid grows the global buffer, after the stream's work is done. */
    assert_true(tc_launch_args(k, tc_grid1(8), NULL, 4, args));
    expect_logged("cuStreamSynchronize (nil)");
    expect_logged("cuMemAlloc 1024");
    /* While the stream is capturing, a launch that fits runs; one that would grow fails. */
    fake_set_capturing(1);
    assert_true(tc_launch_args(k, tc_grid1(8), NULL, 4, args));
    assert_false(tc_launch_args(k, tc_grid1(64), NULL, 4, args));
    int line = __LINE__ - 1;
    fake_set_capturing(0);
    expect_error_at(rt, line,
                    "tc_launch: kernel vector_add needs 8192 bytes of global scratch, more than this stream's buffer "
                    "holds (1024), while the stream is capturing a CUDA graph: launch it once with this grid before "
                    "the capture");
    destroy_and_check(rt);
}

static void shared_memory_above_48k(void **state)
{
    (void)state;
    tc_runtime *rt = fake_runtime();
    tc_variant *small = vector_add_variant("DDDN"), *big = vector_add_variant("DDDD");
    small->shared = 49152;
    big->shared = 98304;
    assert_true(tc_runtime_add_variants(rt, 1, small));
    assert_true(tc_runtime_add_variants(rt, 1, big));
    tc_kernel *k = tc_kernel_get(rt, vector_add(), NULL, (tc_options){0});
    assert_true(tc_launch(k, tc_grid1(1), NULL, tc_ptr(X, TL_F32), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32),
                          tc_i32(1000)));
    assert_int_equal(count_logged("cuFuncSetAttribute"), 0);
    assert_true(tc_launch(k, tc_grid1(1), NULL, tc_ptr(X, TL_F32), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32),
                          tc_i32(1024)));
    /* As Triton's loader: prefer shared, then allow the opt-in maximum less the static size. */
    expect_logged("cuFuncSetCacheConfig vector_add 1");
    expect_logged("cuFuncSetAttribute vector_add attr=8 value=232448");
    expect_logged("cuLaunchKernel vector_add grid=1x1x1 block=128 shared=98304 stream=(nil) ctx=primary "
                  "args=[0x10000,0x20000,0x30000,1024,0x0,0x0]");
    destroy_and_check(rt);
}

static void shared_memory_above_the_device_limit(void **state)
{
    (void)state;
    tc_runtime *rt = fake_runtime();
    tc_variant *v = vector_add_variant("DDDN");
    v->shared = 300000;
    assert_true(tc_runtime_add_variants(rt, 1, v));
    tc_kernel *k = tc_kernel_get(rt, vector_add(), NULL, (tc_options){0});
    assert_false(tc_launch(k, tc_grid1(1), NULL, tc_ptr(X, TL_F32), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32),
                           tc_i32(1000)));
    int line = __LINE__ - 2;
    expect_error_at(rt, line,
                    "tc_launch: kernel vector_add variant DDDN needs 300000 bytes of shared memory; the device allows "
                    "232448 per block");
    destroy_and_check(rt);
}

static void clusters_when_num_ctas_is_above_one(void **state)
{
    (void)state;
    tc_runtime *rt = fake_runtime();
    tc_variant *v2 = vector_add_variant("DDDN"), *v16 = vector_add_variant("DDDN");
    v2->options.num_ctas = v2->num_ctas = 2;
    v16->options.num_ctas = v16->num_ctas = 16;
    assert_true(tc_runtime_add_variants(rt, 1, v2));
    assert_true(tc_runtime_add_variants(rt, 1, v16));
    tc_kernel *k2 = tc_kernel_get(rt, vector_add(), NULL, (tc_options){.num_ctas = 2});
    assert_true(tc_launch(k2, tc_grid2(4, 3), NULL, tc_ptr(X, TL_F32), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32),
                          tc_i32(1000)));
    expect_logged("cuLaunchKernelEx vector_add grid=8x3x1 block=128 shared=0 stream=(nil) ctx=primary "
                  "attrs=[cluster=2x1x1,policy=1] args=[0x10000,0x20000,0x30000,1000,0x0,0x0]");
    assert_int_equal(count_logged("cuFuncSetAttribute"), 0);
    tc_kernel *k16 = tc_kernel_get(rt, vector_add(), NULL, (tc_options){.num_ctas = 16});
    assert_true(tc_launch(k16, tc_grid1(1), NULL, tc_ptr(X, TL_F32), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32),
                          tc_i32(1000)));
    /* 16 CTAs per cluster is non-portable: allowed on the function first. */
    expect_logged("cuFuncSetAttribute vector_add attr=14 value=1");
    expect_logged("cuLaunchKernelEx vector_add grid=16x1x1 block=128 shared=0 stream=(nil) ctx=primary "
                  "attrs=[cluster=16x1x1,policy=1] args=[0x10000,0x20000,0x30000,1000,0x0,0x0]");
    destroy_and_check(rt);
}

static void a_second_context(void **state)
{
    (void)state;
    tc_runtime *rt = fake_runtime();
    assert_true(tc_runtime_add_variants(rt, 1, vector_add_variant("DDDN")));
    tc_kernel *k = tc_kernel_get(rt, vector_add(), NULL, (tc_options){0});
    tc_arg args[] = {tc_ptr(X, TL_F32), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32), tc_i32(1000)};
    assert_true(tc_launch_args(k, tc_grid1(1), NULL, 4, args));
    tcu_context other = fake_new_context();
    assert_non_null(other);
    fake_ctx_set_current(other);
    /* Loaded again in the other context and launched there (the fake refuses a function
     * launched outside the context it was loaded in). */
    assert_true(tc_launch_args(k, tc_grid1(1), NULL, 4, args));
    if (tc_runtime_failed(rt))
        fail_msg("%s", tc_runtime_error(rt));
    expect_logged("cuModuleLoadData ctx=ctx2 cubin symbol=vector_add");
    expect_logged("cuLaunchKernel vector_add grid=1x1x1 block=128 shared=0 stream=(nil) ctx=ctx2 "
                  "args=[0x10000,0x20000,0x30000,1000,0x0,0x0]");
    fake_ctx_set_current(NULL); /* back to the runtime's own */
    assert_true(tc_launch_args(k, tc_grid1(1), NULL, 4, args));
    assert_int_equal(count_logged("cuModuleLoadData"), 2);
    assert_int_equal(count_logged("cuLaunchKernel vector_add grid=1x1x1 block=128 shared=0 stream=(nil) ctx=primary"),
                     2);
    destroy_and_check(rt);
    expect_logged("cuModuleUnload ctx=ctx2 symbol=vector_add");
    assert_int_equal(count_logged("cuModuleUnload: warning"), 0);
}

static void loading_while_capturing_is_an_error(void **state)
{
    (void)state;
    tc_runtime *rt = fake_runtime();
    assert_true(tc_runtime_add_variants(rt, 1, vector_add_variant("DDDN")));
    tc_kernel *k = tc_kernel_get(rt, vector_add(), NULL, (tc_options){0});
    fake_set_capturing(1);
    assert_false(tc_launch(k, tc_grid1(1), NULL, tc_ptr(X, TL_F32), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32),
                           tc_i32(1000)));
    int line = __LINE__ - 2;
    fake_set_capturing(0);
    expect_error_at(rt, line,
                    "tc_launch: kernel vector_add variant DDDN is not loaded in this context and its stream is "
                    "capturing a CUDA graph: launch it once before the capture (or tc_kernel_prepare it)");
    tc_runtime_clear_error(rt);
    /* Prepared first, it launches during a capture with no other driver call. */
    assert_true(tc_kernel_prepare(k, "DDDN"));
    fake_set_capturing(1);
    fake_reset();
    fake_set_capturing(1);
    for (int i = 0; i < 100; i++)
        assert_true(tc_launch(k, tc_grid1(1), NULL, tc_ptr(X, TL_F32), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32),
                              tc_i32(1000)));
    fake_set_capturing(0);
    assert_int_equal(count_logged("cuLaunchKernel"), 100);
    assert_int_equal(count_logged("cu"), 100); /* nothing else: no sync, no allocation */
    assert_false(tc_kernel_prepare(k, "DDD"));
    line = __LINE__ - 1;
    expect_error_at(rt, line,
                    "tc_kernel_prepare: kernel vector_add: key 'DDD' must have one letter 1, D or N per argument (4: "
                    "x_ptr, y_ptr, output_ptr, n_elements)");
    destroy_and_check(rt);
}

static void driver_errors_become_ours(void **state)
{
    (void)state;
    tc_runtime *rt = fake_runtime();
    assert_true(tc_runtime_add_variants(rt, 1, vector_add_variant("DDDN")));
    tc_kernel *k = tc_kernel_get(rt, vector_add(), NULL, (tc_options){0});
    fake_fail("cuLaunchKernel", TCU_ERROR_OUT_OF_MEMORY, 0);
    assert_false(tc_launch(k, tc_grid1(3), NULL, tc_ptr(X, TL_F32), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32),
                           tc_i32(1000)));
    int line = __LINE__ - 2;
    expect_error_at(rt, line,
                    "tc_launch: cuLaunchKernel failed (kernel vector_add variant DDDN, grid 3x1x1): "
                    "CUDA_ERROR_OUT_OF_MEMORY (2: out of memory)");
    tc_runtime_clear_error(rt);
    /* A module that fails to load is not kept: the next launch loads it again. */
    tc_kernel *k8 = tc_kernel_get(rt, vector_add(), NULL, (tc_options){0});
    assert_ptr_equal(k8, k);
    destroy_and_check(rt);

    rt = fake_runtime();
    tc_variant *bad = vector_add_variant("DDDN");
    bad->cubin = (const unsigned char *)"not an image";
    assert_true(tc_runtime_add_variants(rt, 1, bad));
    k = tc_kernel_get(rt, vector_add(), NULL, (tc_options){0});
    assert_false(tc_launch(k, tc_grid1(3), NULL, tc_ptr(X, TL_F32), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32),
                           tc_i32(1000)));
    line = __LINE__ - 2;
    expect_error_at(rt, line,
                    "tc_launch: cuModuleLoadData failed (kernel vector_add variant DDDN, cubin): "
                    "CUDA_ERROR_INVALID_IMAGE (200: device kernel image is invalid)");
    destroy_and_check(rt);
}

static void device_memory(void **state)
{
    (void)state;
    tc_runtime *rt = fake_runtime();
    float in[4] = {1, 2, 3, 4}, out[4] = {0};
    tc_deviceptr p = tc_alloc(rt, sizeof in);
    assert_true(p != 0);
    assert_true(tc_copy_to_device(rt, p, in, sizeof in));
    assert_true(tc_copy_to_host(rt, out, p, sizeof out));
    assert_memory_equal(in, out, sizeof in);
    assert_true(tc_synchronize(rt));
    tc_free(rt, p);
    assert_false(tc_copy_to_host(rt, NULL, p, 4));
    int line = __LINE__ - 1;
    expect_error_at(rt, line, "tc_copy_to_host: NULL destination");
    destroy_and_check(rt);
}

/* ---- threads ---------------------------------------------------------------------------------------------- */

typedef struct thread_job {
    tc_kernel *k;
    int n;
    bool ok;
} thread_job;

static void *launch_many(void *arg)
{
    thread_job *job = arg;
    job->ok = true;
    /* This thread has no current context: the runtime's is used. Two keys alternate. */
    for (int i = 0; i < 500 && job->ok; i++)
        job->ok = tc_launch(job->k, tc_grid1(1), NULL, tc_ptr(X, TL_F32), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32),
                            tc_i32(i % 2 ? job->n : 1024));
    return NULL;
}

static void two_threads_launching(void **state)
{
    (void)state;
    tc_runtime *rt = fake_runtime();
    assert_true(tc_runtime_add_variants(rt, 1, vector_add_variant("DDDN")));
    assert_true(tc_runtime_add_variants(rt, 1, vector_add_variant("DDDD")));
    tc_kernel *k = tc_kernel_get(rt, vector_add(), NULL, (tc_options){0});
    fake_set_logging(0);
    thread_job jobs[2] = {{k, 1000, false}, {k, 999, false}};
    pthread_t t[2];
    for (int i = 0; i < 2; i++)
        assert_int_equal(pthread_create(&t[i], NULL, launch_many, &jobs[i]), 0);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    fake_set_logging(1);
    if (tc_runtime_failed(rt))
        fail_msg("%s", tc_runtime_error(rt));
    assert_true(jobs[0].ok && jobs[1].ok);
    assert_int_equal(fake_launches(), 1000);
    /* Each key was loaded once, whichever thread came first. */
    assert_int_equal(fake_live_modules(), 2);
    destroy_and_check(rt);
}

static void null_is_safe(void **state)
{
    (void)state;
    assert_true(tc_runtime_failed(NULL));
    assert_string_equal(tc_runtime_error(NULL), "tritonc: NULL runtime");
    tc_runtime_clear_error(NULL);
    tc_runtime_destroy(NULL);
    assert_false(tc_launch(NULL, tc_grid1(1), NULL, tc_i32(1)));
    assert_null(tc_kernel_get(NULL, vector_add(), NULL, (tc_options){0}));
    assert_false(tc_runtime_add_variants(NULL, 0, NULL));
    int n = 5;
    assert_null(tc_kernel_params_of(NULL, &n));
    assert_int_equal(n, 0);
    tc_runtime *rt = fake_runtime();
    assert_null(tc_kernel_get(rt, NULL, NULL, (tc_options){0}));
    int line = __LINE__ - 1;
    expect_error_at(rt, line, "tc_kernel_get: NULL kernel, or a kernel without name or run body");
    tc_runtime_clear_error(rt);
    assert_false(tc_runtime_add_variants(rt, 2, NULL));
    tc_runtime_destroy(rt);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(no_driver, reset),
        cmocka_unit_test_setup(driver_missing_a_function, reset),
        cmocka_unit_test_setup(no_device, reset),
        cmocka_unit_test_setup(no_such_device, reset),
        cmocka_unit_test_setup(driver_from_the_environment, reset),
        cmocka_unit_test_setup(launch_vector_add, reset),
        cmocka_unit_test_setup(keys_as_the_jit_computes_them, reset),
        cmocka_unit_test_setup(key_one_drops_the_argument, reset),
        cmocka_unit_test_setup(unaligned_pointer_never_runs_a_d_variant, reset),
        cmocka_unit_test_setup(a_variant_of_another_key_or_shape_is_refused, reset),
        cmocka_unit_test_setup(other_config_or_options_need_their_own_variant, reset),
        cmocka_unit_test_setup(missing_variant_names_the_command, reset),
        cmocka_unit_test_setup(ptx_when_there_is_no_cubin, reset),
        cmocka_unit_test_setup(embedded_variants_need_no_compiler, reset),
        cmocka_unit_test_setup(bad_arguments, reset),
        cmocka_unit_test_setup(errors_are_sticky, reset),
        cmocka_unit_test_setup(scalars_are_packed_by_type, reset),
        cmocka_unit_test(half_precision_rounding),
        cmocka_unit_test_setup(zero_grid_launches_nothing, reset),
        cmocka_unit_test_setup(scratch_pointers_are_appended, reset),
        cmocka_unit_test_setup(shared_memory_above_48k, reset),
        cmocka_unit_test_setup(shared_memory_above_the_device_limit, reset),
        cmocka_unit_test_setup(clusters_when_num_ctas_is_above_one, reset),
        cmocka_unit_test_setup(a_second_context, reset),
        cmocka_unit_test_setup(loading_while_capturing_is_an_error, reset),
        cmocka_unit_test_setup(driver_errors_become_ours, reset),
        cmocka_unit_test_setup(device_memory, reset),
        cmocka_unit_test_setup(two_threads_launching, reset),
        cmocka_unit_test_setup(null_is_safe, reset),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
