/* The launch options of Triton's CUDAOptions beyond warps, stages and CTAs (issue 30): maxnreg,
 * enable_fp_fusion, launch_pdl, launch_cooperative_grid, ptx_options. Each reaches the compiler
 * (the stand-in compiler, a test double, writes what it was given into its cubin), is part of the
 * cache key, the metadata and an embedded variant, and PDL and cooperative grids reach the fake
 * driver (tests/doubles/fake_libcuda.c, a test double) as cuLaunchKernelEx attributes in Triton
 * 3.6's order. */
#include "stand_in.h"

#include <dlfcn.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "fake_symbols.h"
#include "fake_driver_checks.h"

#include "bundled.h"
#include "cuda/runtime_internal.h" /* the driver subset, for the fake's types */
#include "tritonc/cuda.h"

#ifndef FAKE_LIBCUDA
#error "FAKE_LIBCUDA (the fake driver's path) must be defined by the build"
#endif

extern const tc_variant test_launch_options_embedded[];
extern const int test_launch_options_embedded_count;

static void (*fake_reset)(void);
static long (*fake_live_modules)(void);
static tcu_result (*fake_ctx_set_current)(tcu_context);


static int setup(void **state)
{
    (void)state;
    void *dl = dlopen(FAKE_LIBCUDA, RTLD_NOW | RTLD_LOCAL);
    if (!dl)
        fail_msg("cannot load %s: %s", FAKE_LIBCUDA, dlerror());
    BIND(dl, fake_reset, "fake_cuda_reset");
    BIND(dl, fake_log, "fake_cuda_log");
    BIND(dl, fake_live_modules, "fake_cuda_live_modules");
    BIND(dl, fake_ctx_set_current, "cuCtxSetCurrent");
    return 0;
}

static int reset(void **state)
{
    (void)state;
    stand_in_reset();
    fake_reset();
    fake_ctx_set_current(NULL);
    return 0;
}

static const tl_kernel *vector_add(void)
{
    const tl_kernel *k = tritonc_bundled_find("vector_add");
    assert_non_null(k);
    return k;
}

static tc_runtime *fake_runtime(const tc_compile_env *env)
{
    tc_runtime *rt = tc_runtime_create(&(tc_runtime_options){.libcuda = FAKE_LIBCUDA, .compile = env});
    assert_non_null(rt);
    if (tc_runtime_failed(rt))
        fail_msg("%s", tc_runtime_error(rt));
    return rt;
}

/* A vector_add variant of key DDDN whose fake image takes its 4 arguments and the 2 scratch
 * pointers, with options o. */
typedef struct made {
    tc_variant v;
} made;
static made pool[16];
static int pool_used;
static const char image[] = "FAKECUBIN symbol=vector_add args=8,8,8,4,8,8 time_us=1";

static tc_variant *variant(tc_options o)
{
    assert_true(pool_used < 16);
    made *m = &pool[pool_used++];
    o = tc_options_filled(o);
    m->v = (tc_variant){.kernel = "vector_add",
                        .config = "BLOCK_SIZE=1024",
                        .spec = "DDDN",
                        .options = o,
                        .symbol = "vector_add",
                        .num_warps = 4,
                        .num_ctas = o.num_ctas,
                        .cluster_dims = {o.num_ctas, 1, 1},
                        .global_scratch_align = 1,
                        .profile_scratch_align = 1,
                        .arch = 90,
                        .triton_version = "3.6.0",
                        .nargs = 4,
                        .cubin = (const unsigned char *)image,
                        .cubin_size = sizeof image,
                        .ir_hash = tc_ir_hash(vector_add(), NULL, "DDDN", o, NULL)};
    return &m->v;
}

#define X 0x10000u
#define Y 0x20000u
#define OUT 0x30000u

static bool launch(tc_runtime *rt, tc_options o, tc_grid grid)
{
    tc_kernel *k = tc_kernel_get(rt, vector_add(), NULL, o);
    return tc_launch(k, grid, NULL, tc_ptr(X, TL_F32), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32), tc_i32(1000));
}

/* ---- the launch: cuLaunchKernelEx attributes --------------------------------------------------- */

static void pdl_and_cooperative_grids_are_launch_attributes(void **state)
{
    (void)state;
    tc_compile_env none = {.cache_dir = TRITONC_TEST_BINARY_DIR "/launch-options-empty", .jit = false};
    tc_runtime *rt = fake_runtime(&none);
    tc_options pdl = {.launch_pdl = true}, coop = {.launch_cooperative_grid = true},
               all = {.launch_pdl = true, .launch_cooperative_grid = true, .num_ctas = 2};
    assert_true(tc_runtime_add_variants(rt, 1, variant(pdl)));
    assert_true(tc_runtime_add_variants(rt, 1, variant(coop)));
    assert_true(tc_runtime_add_variants(rt, 1, variant(all)));
    assert_true(tc_runtime_add_variants(rt, 1, variant((tc_options){0})));

    assert_true(launch(rt, pdl, tc_grid1(4)));
    expect_logged("cuLaunchKernelEx vector_add grid=4x1x1 block=128 shared=0 stream=(nil) ctx=primary attrs=[pdl=1] "
                  "args=[0x10000,0x20000,0x30000,1000,0x0,0x0]");
    assert_true(launch(rt, coop, tc_grid1(5)));
    expect_logged("cuLaunchKernelEx vector_add grid=5x1x1 block=128 shared=0 stream=(nil) ctx=primary "
                  "attrs=[cooperative=1] args=[0x10000,0x20000,0x30000,1000,0x0,0x0]");
    /* Triton's order: PDL, cooperative, then the cluster and its scheduling policy */
    assert_true(launch(rt, all, tc_grid1(3)));
    expect_logged("cuLaunchKernelEx vector_add grid=6x1x1 block=128 shared=0 stream=(nil) ctx=primary "
                  "attrs=[pdl=1,cooperative=1,cluster=2x1x1,policy=1] args=[0x10000,0x20000,0x30000,1000,0x0,0x0]");
    /* none of them: the plain launch */
    assert_true(launch(rt, (tc_options){0}, tc_grid1(7)));
    expect_logged("cuLaunchKernel vector_add grid=7x1x1 block=128 shared=0 stream=(nil) ctx=primary "
                  "args=[0x10000,0x20000,0x30000,1000,0x0,0x0]");
    /* a cooperative grid larger than the device holds at once: the driver's error, naming the
     * launch's C line (launch() above) */
    assert_false(launch(rt, coop, tc_grid1(1000)));
    const char *got = tc_runtime_error(rt);
    assert_non_null(got);
    assert_int_equal(strncmp(got, __FILE__ ":", strlen(__FILE__) + 1), 0);
    assert_non_null(strstr(got, ": tc_launch: cuLaunchKernelEx failed (kernel vector_add variant DDDN, grid 1000x1x1): "
                                "CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE (720: too many blocks in cooperative launch)"));
    tc_runtime_destroy(rt);
    assert_int_equal(fake_live_modules(), 0);
}

static void each_option_needs_its_own_variant(void **state)
{
    (void)state;
    tc_compile_env none = {.cache_dir = TRITONC_TEST_BINARY_DIR "/launch-options-empty", .jit = false};
    tc_runtime *rt = fake_runtime(&none);
    assert_true(tc_runtime_add_variants(rt, 1, variant((tc_options){.launch_pdl = true})));
    /* the same kernel with maxnreg: no variant at hand, and the command that builds it */
    assert_false(launch(rt, (tc_options){.launch_pdl = true, .maxnreg = 64}, tc_grid1(1)));
    const char *err = tc_runtime_error(rt);
    assert_non_null(strstr(err, "arch=90 num_warps=4 num_stages=3 num_ctas=1 debug=0 maxnreg=64 launch_pdl=1)"));
    assert_non_null(strstr(err, "`tritonc compile vector_add --specialize DDDN --maxnreg 64 --launch-pdl --cache-dir"));
    tc_runtime_destroy(rt);
}

static void handles_keep_their_own_ptx_options(void **state)
{
    (void)state;
    tc_compile_env none = {.cache_dir = TRITONC_TEST_BINARY_DIR "/launch-options-empty", .jit = false};
    tc_runtime *rt = fake_runtime(&none);
    char text[32];
    snprintf(text, sizeof text, "--verbose");
    tc_kernel *a = tc_kernel_get(rt, vector_add(), NULL, (tc_options){.ptx_options = text});
    tc_kernel *b = tc_kernel_get(rt, vector_add(), NULL, (tc_options){.ptx_options = "--verbose"});
    tc_kernel *c = tc_kernel_get(rt, vector_add(), NULL, (tc_options){0});
    tc_kernel *d = tc_kernel_get(rt, vector_add(), NULL, (tc_options){.ptx_options = ""});
    assert_non_null(a);
    assert_ptr_equal(a, b); /* the same text: the same handle */
    assert_ptr_not_equal(a, c);
    assert_ptr_equal(c, d); /* "" is none */
    snprintf(text, sizeof text, "--other"); /* the caller's buffer changes: the handle kept a copy */
    assert_ptr_equal(tc_kernel_get(rt, vector_add(), NULL, (tc_options){.ptx_options = "--verbose"}), a);
    tc_runtime_destroy(rt);
}

/* ---- the compile step: the compiler's command line, the cache, the files -------------------------- */

static void options_reach_the_compiler_and_key_the_cache(void **state)
{
    (void)state;
    char dir[1024];
    stand_in_fresh_dir("launch-options", dir, sizeof dir);
    tc_compile_env env = stand_in_env(dir);
    tc_options o = {.maxnreg = 128,
                    .disable_fp_fusion = true,
                    .launch_pdl = true,
                    .launch_cooperative_grid = true,
                    .ptx_options = "--verbose -O3"};
    char *err = NULL;
    tc_variant *v = tc_compile(vector_add(), NULL, "DDDN", o, &env, &err);
    if (!v)
        fail_msg("%s", err);
    assert_non_null(strstr((const char *)v->cubin,
                           " debug=0 maxnreg=128 fp_fusion=0 pdl=1 cooperative=1 ptx_options=[--verbose -O3] ttir="));
    assert_int_equal(v->options.maxnreg, 128);
    assert_true(v->options.disable_fp_fusion && v->options.launch_pdl && v->options.launch_cooperative_grid);
    assert_string_equal(v->options.ptx_options, "--verbose -O3");
    assert_ptr_not_equal(v->options.ptx_options, o.ptx_options); /* the variant's own copy */
    assert_int_equal(stand_in_runs(dir, "compile"), 1);

    /* the same options again: from the cache, options and all */
    tc_variant *again = tc_compile(vector_add(), NULL, "DDDN", o, &env, &err);
    assert_non_null(again);
    assert_int_equal(stand_in_runs(dir, "compile"), 1);
    assert_string_equal(again->options.ptx_options, "--verbose -O3");
    assert_true(tc_options_equal(again->options, o));
    /* each option changed alone is another entry */
    tc_options others[5] = {o, o, o, o, o};
    others[0].maxnreg = 64;
    others[1].disable_fp_fusion = false;
    others[2].launch_pdl = false;
    others[3].launch_cooperative_grid = false;
    others[4].ptx_options = "--verbose";
    for (int i = 0; i < 5; i++) {
        tc_variant *w = tc_compile(vector_add(), NULL, "DDDN", others[i], &env, &err);
        assert_non_null(w);
        assert_false(tc_options_equal(w->options, o));
        assert_int_equal(stand_in_runs(dir, "compile"), 2 + i);
        tc_variant_free(w);
    }

    /* tc_variant_save / load keep them in NAME.meta */
    char out[1100];
    snprintf(out, sizeof out, "%s/files", dir);
    assert_true(tc_variant_save(v, NULL, out, &err));
    tc_variant *loaded = tc_variant_load(out, "vector_add", &err);
    if (!loaded)
        fail_msg("%s", err);
    assert_true(tc_options_equal(loaded->options, o));
    tc_variant_free(loaded);

    /* the command that builds it names every option */
    char *cmd = tc_compile_command(vector_add(), NULL, "DDDN", o);
    assert_string_equal(cmd, "tritonc compile vector_add --specialize DDDN --maxnreg 128 --no-fp-fusion --launch-pdl "
                             "--launch-cooperative-grid --ptx-options '--verbose -O3'");
    free(cmd);

    /* embedded: the C file carries them */
    char c_file[1100];
    snprintf(c_file, sizeof c_file, "%s/embedded.c", dir);
    const tc_variant *list[] = {v};
    assert_true(tc_embed_write(c_file, "opts_variants", 1, list, &err));
    FILE *f = fopen(c_file, "r");
    assert_non_null(f);
    static char text[1 << 16];
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = '\0';
    fclose(f);
    assert_non_null(strstr(text, ".options = {.arch = 90, .num_warps = 4, .num_stages = 3, .num_ctas = 1, .debug = false, .maxnreg = 128, .disable_fp_fusion = true, "
                                 ".launch_pdl = true, .launch_cooperative_grid = true, .ptx_options = \"--verbose -O3\"}"));
    tc_variant_free(again);
    tc_variant_free(v);
    free(err);
}

static void options_left_at_zero_keep_the_old_key(void **state)
{
    (void)state;
    /* a variant compiled before these options existed has the same cache key and metadata */
    char *cmd = tc_compile_command(vector_add(), NULL, "DDDN", (tc_options){0});
    assert_string_equal(cmd, "tritonc compile vector_add --specialize DDDN");
    free(cmd);
    assert_true(tc_options_equal((tc_options){0}, (tc_options){.arch = 90, .num_warps = 4, .ptx_options = ""}));
    assert_false(tc_options_equal((tc_options){0}, (tc_options){.maxnreg = 32}));
}

/* ---- embedded at build time (tritonc_embed_kernels with the CLI's flags) ---------------------------- */

static void embedded_with_the_cli_flags(void **state)
{
    (void)state;
    assert_int_equal(test_launch_options_embedded_count, 1);
    const tc_variant *v = &test_launch_options_embedded[0];
    assert_int_equal(v->options.maxnreg, 64);
    assert_true(v->options.launch_pdl);
    assert_false(v->options.launch_cooperative_grid);
    /* the embedded cubin is bytes, not a string: search a NUL-terminated copy */
    char cubin[4096];
    size_t n = v->cubin_size < sizeof cubin - 1 ? v->cubin_size : sizeof cubin - 1;
    memcpy(cubin, v->cubin, n);
    cubin[n] = '\0';
    assert_non_null(strstr(cubin, " maxnreg=64 pdl=1 "));
    tc_compile_env none = {.cache_dir = TRITONC_TEST_BINARY_DIR "/launch-options-empty", .jit = false};
    tc_runtime *rt = fake_runtime(&none);
    assert_true(tc_runtime_add_variants(rt, test_launch_options_embedded_count, test_launch_options_embedded));
    assert_true(launch(rt, (tc_options){.maxnreg = 64, .launch_pdl = true}, tc_grid1(2)));
    /* the stand-in's image declares no parameters: "?" */
    expect_logged("cuLaunchKernelEx vector_add grid=2x1x1 block=128 shared=3072 stream=(nil) ctx=primary attrs=[pdl=1] "
                  "args=?");
    tc_runtime_destroy(rt);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(pdl_and_cooperative_grids_are_launch_attributes, reset),
        cmocka_unit_test_setup(each_option_needs_its_own_variant, reset),
        cmocka_unit_test_setup(handles_keep_their_own_ptx_options, reset),
        cmocka_unit_test_setup(options_reach_the_compiler_and_key_the_cache, reset),
        cmocka_unit_test_setup(options_left_at_zero_keep_the_old_key, reset),
        cmocka_unit_test_setup(embedded_with_the_cli_flags, reset),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
