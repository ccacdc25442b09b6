/* Autotuning decided at build time (docs/compile.md, "Autotuning at build time"):
 * tritonc_add_kernels(TARGET test_cuda_tuned SOURCES cuda/tuned_kernels.c TABLE
 * cuda/tuned_scale.table) compiled the table's winners (by the stand-in compiler, a test double)
 * and embedded them with the table's text. A tuner made from the embedded table alone launches
 * each key's winner from the embedded variants, with compiling off and an empty cache, inside a
 * CUDA graph capture, with no event and no synchronization (on the fake driver,
 * tests/doubles/fake_libcuda.c). */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tritonc/cuda.h"

extern const tl_kernel tuned_scale_kernel; /* tuned_kernels.c */
extern const tc_variant test_cuda_tuned_variants[];
extern const int test_cuda_tuned_variants_count;
extern const char *const test_cuda_tuned_variants_tables[];
extern const int test_cuda_tuned_variants_tables_count;

static const char *(*fake_log)(void);
static void (*fake_reset)(void);
static void (*fake_set_capturing)(int);

static int setup(void **state)
{
    (void)state;
    void *dl = dlopen(FAKE_LIBCUDA, RTLD_NOW | RTLD_LOCAL);
    if (!dl)
        fail_msg("cannot load %s: %s", FAKE_LIBCUDA, dlerror());
    void *s[] = {dlsym(dl, "fake_cuda_log"), dlsym(dl, "fake_cuda_reset"), dlsym(dl, "fake_cuda_set_capturing")};
    for (int i = 0; i < 3; i++)
        assert_non_null(s[i]);
    memcpy(&fake_log, &s[0], sizeof s[0]);
    memcpy(&fake_reset, &s[1], sizeof s[1]);
    memcpy(&fake_set_capturing, &s[2], sizeof s[2]);
    return 0;
}

static int count(const char *text, const char *what)
{
    int n = 0;
    for (const char *p = text; (p = strstr(p, what)) != NULL; p += strlen(what))
        n++;
    return n;
}

static tc_grid grid_of(const void *cfg, int nargs, const tc_arg *args, void *user)
{
    (void)nargs;
    (void)user;
    int block = *(const int *)cfg; /* tuned_scale's config: one int */
    return tc_grid1((unsigned)((args[2].v.i + block - 1) / block));
}

/* The build embedded the winners' two variants (one key each) and the table. */
static void the_winners_and_the_table_are_embedded(void **state)
{
    (void)state;
    assert_int_equal(test_cuda_tuned_variants_count, 2);
    assert_int_equal(test_cuda_tuned_variants_tables_count, 1);
    const tc_variant *v = test_cuda_tuned_variants;
    assert_string_equal(v[0].kernel, "tuned_scale");
    assert_string_equal(v[0].config, "BLOCK=128");
    assert_string_equal(v[0].spec, "DDN");
    assert_int_equal(v[0].options.num_warps, 4);
    assert_string_equal(v[1].config, "BLOCK=256");
    assert_string_equal(v[1].spec, "DDD");
    assert_int_equal(v[1].options.num_warps, 8);
    assert_int_equal(v[1].options.arch, 90);
    assert_non_null(strstr(test_cuda_tuned_variants_tables[0], "\nkernel tuned_scale\n"));
    assert_true(v[0].ir_hash != 0);
}

static bool launch(tc_autotuner *at, int n)
{
    return tc_autotune_launch(at, NULL, tc_ptr(0x10000, TL_F32), tc_ptr(0x20000, TL_F32), tc_i32(n));
}

/* Each key's winner, launched from the embedded variants with nothing timed, in a capture. */
static void the_winners_launch_untimed_inside_a_capture(void **state)
{
    (void)state;
    fake_reset();
    const tc_compile_env off = {.cache_dir = TRITONC_TEST_BINARY_DIR "/cuda-tuned-empty-cache", .jit = false};
    const tc_runtime_options o = {.libcuda = FAKE_LIBCUDA, .compile = &off};
    tc_runtime *rt = tc_runtime_create(&o);
    assert_true(tc_runtime_add_variants(rt, test_cuda_tuned_variants_count, test_cuda_tuned_variants));
    tc_autotuner *at =
        tc_autotune_create_from_tables(rt, &tuned_scale_kernel, test_cuda_tuned_variants_tables_count,
                                       test_cuda_tuned_variants_tables, grid_of, NULL, (tc_autotune_options){.cache_dir = ""});
    if (!at)
        fail_msg("%s", tc_runtime_error(rt));
    assert_true(tc_autotune_prepare(at, tc_ptr(0x10000, TL_F32), tc_ptr(0x20000, TL_F32), tc_i32(4096)));
    assert_true(tc_autotune_prepare(at, tc_ptr(0x10000, TL_F32), tc_ptr(0x20000, TL_F32), tc_i32(1000)));
    fake_set_capturing(1);
    bool ok = launch(at, 4096) && launch(at, 1000) && launch(at, 4096);
    fake_set_capturing(0);
    if (!ok)
        fail_msg("%s", tc_runtime_error(rt));
    const char *log = fake_log();
    assert_int_equal(count(log, "cuLaunchKernel tuned_scale grid=16x1x1 block=256 "), 2); /* BLOCK=256, 8 warps */
    assert_int_equal(count(log, "cuLaunchKernel tuned_scale grid=8x1x1 block=128 "), 1); /* BLOCK=128, 4 warps */
    assert_int_equal(count(log, "Synchronize"), 0);
    assert_int_equal(count(log, "cuEvent"), 0);
    bool timed = true;
    assert_int_equal(tc_autotune_best(at, &timed, NULL), 1); /* the table's second config */
    assert_false(timed);
    /* A key the table lacks would be timed: refused inside a capture, as timing synchronizes. */
    fake_set_capturing(1);
    assert_false(launch(at, 8192));
    fake_set_capturing(0);
    assert_non_null(strstr(tc_runtime_error(rt), "is not tuned yet for n=8192;float32,float32"));
    tc_runtime_destroy(rt);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_winners_and_the_table_are_embedded),
        cmocka_unit_test(the_winners_launch_untimed_inside_a_capture),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
