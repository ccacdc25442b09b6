/* Stale variants (docs/launch.md): a variant is matched by (kernel name, config, key, options),
 * and carries the hash of the IR it was compiled from (tc_ir_hash). Here a variant of the kernel
 * "stale_add" as it was (tests/cuda/stale_kernel_old.c: out = x + y) meets the kernel as it is
 * now (this file: out = x - y, the same name, arguments and config): with compiling off it is
 * refused with one message, with compiling on the kernel is recompiled (by the stand-in
 * compiler, a test double), and it is never launched for the new kernel. Against the fake
 * driver (tests/doubles/fake_libcuda.c). */
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

#include "fake_symbols.h"

#include "cuda/runtime_internal.h" /* a handle's remembered IR hashes */
#include "stand_in.h"
#include "tritonc/cuda.h"
#include "tritonc/tritonc.h"

typedef struct stale_cfg {
    int BLOCK;
} stale_cfg;

/* The body has changed since the variant was made: x - y. */
static void stale_add_new_body(tl_builder *b, const stale_cfg *cfg)
{
    tl_value x = tl_arg(b, "x_ptr", TL_PTR(TL_F32));
    tl_value y = tl_arg(b, "y_ptr", TL_PTR(TL_F32));
    tl_value out = tl_arg(b, "out_ptr", TL_PTR(TL_F32));
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_value offs = tl_add(tl_mul(tl_program_id(b, 0), cfg->BLOCK), tl_arange(b, 0, cfg->BLOCK));
    tl_value mask = tl_lt(offs, n);
    tl_value diff = tl_sub(tl_load(tl_addptr(x, offs), .mask = mask), tl_load(tl_addptr(y, offs), .mask = mask));
    tl_store(tl_addptr(out, offs), diff, .mask = mask);
}

static const stale_cfg stale_default = {.BLOCK = 256};
static const tl_cfg_field stale_fields[] = {TL_CFG_FIELD(stale_cfg, BLOCK, TL_CFG_INT)};

TL_KERNEL(stale_add_new, stale_cfg, stale_add_new_body,
          .name = "stale_add",
          .inputs = TL_NAMES("x_ptr", "y_ptr", "n"),
          .outputs = TL_NAMES("out_ptr"),
          .cfg_default = &stale_default,
          .nfields = 1,
          .fields = stale_fields);

extern const tl_kernel stale_add_old; /* stale_kernel_old.c */

static const char *(*fake_log)(void);
static void (*fake_reset)(void);
static long (*fake_launches)(void);


static int setup(void **state)
{
    (void)state;
    void *dl = dlopen(FAKE_LIBCUDA, RTLD_NOW | RTLD_LOCAL);
    if (!dl)
        fail_msg("cannot load %s: %s", FAKE_LIBCUDA, dlerror());
    BIND(dl, fake_log, "fake_cuda_log");
    BIND(dl, fake_reset, "fake_cuda_reset");
    BIND(dl, fake_launches, "fake_cuda_launches");
    return 0;
}

static int reset(void **state)
{
    (void)state;
    fake_reset();
    stand_in_reset();
    return 0;
}

#define X 0x10000u
#define Y 0x20000u
#define OUT 0x30000u

static int launch_line; /* the tc_launch below: where its errors point */
static bool launch(tc_kernel *k)
{
    launch_line = __LINE__ + 1;
    return tc_launch(k, tc_grid1(4), NULL, tc_ptr(X, TL_F32), tc_ptr(Y, TL_F32), tc_ptr(OUT, TL_F32), tc_i32(1000));
}

/* The old kernel's variant for key DDDN, compiled by the stand-in: what a build embedded before
 * the edit. The caller frees it. */
static tc_variant *old_variant(const char *dir)
{
    tc_compile_env env = stand_in_env(dir);
    char *err = NULL;
    tc_variant *v = tc_compile(&stale_add_old, NULL, "DDDN", (tc_options){0}, &env, &err);
    if (!v)
        fail_msg("%s", err);
    assert_int_equal(stand_in_runs(dir, "compile"), 1);
    return v;
}

static tc_runtime *runtime(const tc_compile_env *env)
{
    tc_runtime *rt = tc_runtime_create(&(tc_runtime_options){.libcuda = FAKE_LIBCUDA, .compile = env});
    if (tc_runtime_failed(rt))
        fail_msg("%s", tc_runtime_error(rt));
    return rt;
}

static void the_hash_is_the_body(void **state)
{
    (void)state;
    char *err = NULL;
    uint64_t old = tc_ir_hash(&stale_add_old, NULL, "DDDN", (tc_options){0}, &err);
    uint64_t now = tc_ir_hash(&stale_add_new, NULL, "DDDN", (tc_options){0}, &err);
    assert_true(old != 0 && now != 0 && old != now);
    assert_true(tc_ir_hash(&stale_add_new, NULL, "DDDN", (tc_options){.num_warps = 8}, &err) == now);
    assert_true(tc_ir_hash(&stale_add_new, NULL, "DDDD", (tc_options){0}, &err) != now);
    assert_true(tc_ir_hash(&stale_add_new, &(stale_cfg){.BLOCK = 512}, "DDDN", (tc_options){0}, &err) != now);
    /* NULL: the declared key, which is DDDN here */
    assert_true(tc_ir_hash(&stale_add_new, NULL, NULL, (tc_options){0}, &err) == now);
    /* a kernel that does not build: 0 and its error */
    assert_true(tc_ir_hash(&stale_add_new, &(stale_cfg){.BLOCK = 3}, "DDDN", (tc_options){0}, &err) == 0);
    assert_non_null(err);
    assert_non_null(strstr(err, "tl_arange"));
    free(err);
    assert_true(tc_ir_hash(NULL, NULL, NULL, (tc_options){0}, &err) == 0);
    assert_string_equal(err, "tc_ir_hash: NULL kernel");
    free(err);
}

static void stale_variant_refused_with_compiling_off(void **state)
{
    (void)state;
    char dir[1024], empty[1200];
    tc_variant *v = old_variant(stand_in_fresh_dir("stale-off", dir, sizeof dir));
    snprintf(empty, sizeof empty, "%s/empty-cache", dir);
    tc_compile_env off = {.cache_dir = empty, .jit = false};
    tc_runtime *rt = runtime(&off);
    assert_true(tc_runtime_add_variants(rt, 1, v));

    /* The kernel as it was still runs its variant... */
    assert_true(launch(tc_kernel_get(rt, &stale_add_old, NULL, (tc_options){0})));
    assert_int_equal(fake_launches(), 1);
    /* ...the kernel as it is now never does. */
    assert_false(launch(tc_kernel_get(rt, &stale_add_new, NULL, (tc_options){0})));
    assert_int_equal(fake_launches(), 1);
    char want[4096];
    snprintf(want, sizeof want,
             "%s:%d: tc_launch: kernel stale_add: the variant at hand for key DDDN is stale (compiled from another "
             "body of the kernel: rebuild what embeds it), so it is not launched; no compiled variant of stale_add "
             "(config BLOCK=256, spec DDDN, arch=90 num_warps=4 num_stages=3 num_ctas=1 debug=0) in the cache '%s' "
             "and compiling is off: build it with `tritonc compile stale_add --specialize DDDN --cache-dir %s`",
             __FILE__, launch_line, empty, empty);
    assert_string_equal(tc_runtime_error(rt), want);
    tc_runtime_destroy(rt);
    tc_variant_free(v);
}

static void stale_variant_recompiled_with_compiling_on(void **state)
{
    (void)state;
    char dir[1024];
    tc_variant *v = old_variant(stand_in_fresh_dir("stale-on", dir, sizeof dir));
    tc_compile_env on = stand_in_env(dir);
    tc_runtime *rt = runtime(&on);
    assert_true(tc_runtime_add_variants(rt, 1, v));
    tc_kernel *k = tc_kernel_get(rt, &stale_add_new, NULL, (tc_options){0});
    assert_true(launch(k));
    if (tc_runtime_failed(rt))
        fail_msg("%s", tc_runtime_error(rt));
    /* compiled again, from the new body: the stand-in's image holds the TTIR's length, so the
     * module loaded is the new one's */
    assert_int_equal(stand_in_runs(dir, "compile"), 2);
    assert_int_equal(fake_launches(), 1);
    tc_kernel *old = tc_kernel_get(rt, &stale_add_old, NULL, (tc_options){0});
    assert_true(launch(old)); /* the old kernel keeps its own variant: no third compile */
    assert_int_equal(stand_in_runs(dir, "compile"), 2);
    assert_int_equal(fake_launches(), 2);
    tc_runtime_destroy(rt);
    tc_variant_free(v);
}

/* A variant with no IR hash (an older embedded file, or made by hand) cannot be vetted: never
 * launched either. */
static void variant_without_hash_refused(void **state)
{
    (void)state;
    char dir[1024], empty[1200];
    tc_variant *v = old_variant(stand_in_fresh_dir("stale-nohash", dir, sizeof dir));
    v->ir_hash = 0;
    snprintf(empty, sizeof empty, "%s/empty-cache", dir);
    tc_compile_env off = {.cache_dir = empty, .jit = false};
    tc_runtime *rt = runtime(&off);
    assert_true(tc_runtime_add_variants(rt, 1, v));
    assert_false(launch(tc_kernel_get(rt, &stale_add_old, NULL, (tc_options){0})));
    assert_int_equal(fake_launches(), 0);
    assert_non_null(strstr(tc_runtime_error(rt), "tc_launch: kernel stale_add: the variant at hand for key DDDN is "
                                                 "of unknown origin (it has no IR hash: made by an older tritonc, "
                                                 "or by hand without tc_ir_hash), so it is not launched; "));
    tc_runtime_destroy(rt);
    tc_variant_free(v);
}

/* The same from variants tritonc_add_kernels embedded at build time (the old kernel's file, its
 * default config and BLOCK=512, compiled by the stand-in). */
extern const tc_variant test_cuda_stale_variants[];
extern const int test_cuda_stale_variants_count;

static void embedded_at_build_time(void **state)
{
    (void)state;
    char dir[1024], empty[1200];
    snprintf(empty, sizeof empty, "%s/empty-cache", stand_in_fresh_dir("stale-embedded", dir, sizeof dir));
    tc_compile_env off = {.cache_dir = empty, .jit = false};
    tc_runtime *rt = runtime(&off);
    assert_int_equal(test_cuda_stale_variants_count, 2);
    assert_true(tc_runtime_add_variants(rt, test_cuda_stale_variants_count, test_cuda_stale_variants));
    assert_true(launch(tc_kernel_get(rt, &stale_add_old, NULL, (tc_options){0})));
    assert_true(launch(tc_kernel_get(rt, &stale_add_old, &(stale_cfg){.BLOCK = 512}, (tc_options){0})));
    assert_int_equal(fake_launches(), 2);
    assert_false(launch(tc_kernel_get(rt, &stale_add_new, &(stale_cfg){.BLOCK = 512}, (tc_options){0})));
    assert_int_equal(fake_launches(), 2);
    assert_non_null(strstr(tc_runtime_error(rt), "tc_launch: kernel stale_add: the variant at hand for key DDDN is "
                                                 "stale (compiled from another body of the kernel: rebuild what "
                                                 "embeds it), so it is not launched; no compiled variant of "
                                                 "stale_add (config BLOCK=512, spec DDDN, "));
    tc_runtime_destroy(rt);
}

/* The check costs one emit per (handle, key), not per launch nor per context. */
static void the_hash_is_worked_out_once(void **state)
{
    (void)state;
    char dir[1024], empty[1200];
    tc_variant *v = old_variant(stand_in_fresh_dir("stale-once", dir, sizeof dir));
    snprintf(empty, sizeof empty, "%s/empty-cache", dir);
    tc_compile_env off = {.cache_dir = empty, .jit = false};
    tc_runtime *rt = runtime(&off);
    assert_true(tc_runtime_add_variants(rt, 1, v));
    tc_kernel *k = tc_kernel_get(rt, &stale_add_old, NULL, (tc_options){0});
    assert_null(k->ir_hashes);
    for (int i = 0; i < 3; i++)
        assert_true(launch(k));
    assert_non_null(k->ir_hashes);
    assert_null(k->ir_hashes->next);
    assert_string_equal(k->ir_hashes->key, "DDDN");
    assert_true(k->ir_hashes->hash == v->ir_hash);
    tc_runtime_destroy(rt);
    tc_variant_free(v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(the_hash_is_the_body, reset),
        cmocka_unit_test_setup(stale_variant_refused_with_compiling_off, reset),
        cmocka_unit_test_setup(stale_variant_recompiled_with_compiling_on, reset),
        cmocka_unit_test_setup(variant_without_hash_refused, reset),
        cmocka_unit_test_setup(embedded_at_build_time, reset),
        cmocka_unit_test_setup(the_hash_is_worked_out_once, reset),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
