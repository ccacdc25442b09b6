/* Variants per GPU architecture, against the fake driver reporting different compute
 * capabilities: the runtime launches the device's variant among those embedded for several
 * archs, never one of another arch, and with none for the device says which archs there are;
 * an autotuner's candidates too. */
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

#include "bundled.h"
#include "test_abort.h"
#include "tritonc/cuda.h"

static void (*fake_reset)(void);
static const char *(*fake_log)(void);
static void (*fake_set_cc)(int);

static int setup(void **state)
{
    (void)state;
    void *dl = dlopen(FAKE_LIBCUDA, RTLD_NOW | RTLD_LOCAL);
    if (!dl)
        fail_msg("cannot load %s: %s", FAKE_LIBCUDA, dlerror());
    void *s[] = {dlsym(dl, "fake_cuda_reset"), dlsym(dl, "fake_cuda_log"), dlsym(dl, "fake_cuda_set_compute_capability")};
    for (int i = 0; i < 3; i++)
        assert_non_null(s[i]);
    memcpy(&fake_reset, &s[0], sizeof s[0]);
    memcpy(&fake_log, &s[1], sizeof s[1]);
    memcpy(&fake_set_cc, &s[2], sizeof s[2]);
    return 0;
}

static int reset(void **state)
{
    (void)state;
    fake_reset();
    return 0;
}

static const tc_compile_env no_compiler = {.cache_dir = TRITONC_TEST_BINARY_DIR "/cuda-empty-cache", .jit = false};

/* vector_add (default config, key DDDD) compiled for archs 80, 90 and 100: each image names its
 * own symbol, so the log says which was launched. */
typedef struct made {
    tc_variant v;
    char image[128], symbol[32];
} made;
static made variants[3];
static const int archs[3] = {80, 90, 100};

static tc_runtime *runtime_on(int cc, int nvariants)
{
    fake_set_cc(cc);
    tc_runtime *rt = tc_runtime_create(&(tc_runtime_options){.libcuda = FAKE_LIBCUDA, .compile = &no_compiler});
    if (tc_runtime_failed(rt))
        fail_msg("%s", tc_runtime_error(rt));
    const tl_kernel *k = tritonc_bundled_find("vector_add");
    for (int i = 0; i < nvariants; i++) {
        made *m = &variants[i];
        memset(m, 0, sizeof *m);
        snprintf(m->symbol, sizeof m->symbol, "vector_add_sm%d", archs[i]);
        snprintf(m->image, sizeof m->image, "FAKECUBIN symbol=%s args=8,8,8,4,8,8 time_us=1", m->symbol);
        tc_options o = tc_options_filled((tc_options){.arch = archs[i]});
        m->v = (tc_variant){.kernel = "vector_add",
                            .config = "BLOCK_SIZE=1024",
                            .spec = "DDDD",
                            .options = o,
                            .symbol = m->symbol,
                            .num_warps = 4,
                            .num_ctas = 1,
                            .arch = archs[i],
                            .nargs = 4,
                            .cubin = (const unsigned char *)m->image,
                            .cubin_size = strlen(m->image) + 1};
        m->v.ir_hash = tc_ir_hash(k, NULL, "DDDD", o, NULL);
        assert_true(m->v.ir_hash != 0);
        assert_true(tc_runtime_add_variants(rt, 1, &m->v));
    }
    return rt;
}

static bool launch(tc_runtime *rt, tc_options opts)
{
    tc_kernel *k = tc_kernel_get(rt, tritonc_bundled_find("vector_add"), NULL, opts);
    return k && tc_launch(k, tc_grid1(4), NULL, tc_ptr(0x10000, TL_F32), tc_ptr(0x20000, TL_F32),
                          tc_ptr(0x30000, TL_F32), tc_i32(4096));
}

static void each_device_launches_its_own_arch(void **state)
{
    (void)state;
    for (int i = 0; i < 3; i++) {
        fake_reset();
        tc_runtime *rt = runtime_on(archs[i], 3);
        if (!launch(rt, (tc_options){0}))
            fail_msg("%s", tc_runtime_error(rt));
        char want[64];
        snprintf(want, sizeof want, "cuLaunchKernel %s grid=4x1x1", variants[i].symbol);
        if (!strstr(fake_log(), want))
            fail_msg("sm_%d: no '%s' in\n%s", archs[i], want, fake_log());
        tc_runtime_destroy(rt);
    }
}

static void no_variant_for_the_device_names_the_archs_at_hand(void **state)
{
    (void)state;
    tc_runtime *rt = runtime_on(86, 3);
    assert_false(launch(rt, (tc_options){0}));
    const char *err = tc_runtime_error(rt);
    assert_non_null(strstr(err, ": tc_launch: kernel vector_add has no variant for key DDDD on this device's "
                                "architecture sm_86 (variants at hand: sm_80, sm_90, sm_100); "));
    assert_non_null(strstr(err, "tritonc compile vector_add --specialize DDDD --arch 86"));
    assert_null(strstr(fake_log(), "cuLaunchKernel"));
    tc_runtime_destroy(rt);
}

/* Asking for another arch than the device's explicitly: the variant exists, but is not launched. */
static void a_variant_of_another_arch_is_never_launched(void **state)
{
    (void)state;
    tc_runtime *rt = runtime_on(90, 3);
    assert_false(launch(rt, (tc_options){.arch = 80}));
    assert_non_null(strstr(tc_runtime_error(rt), ": tc_launch: kernel vector_add variant DDDD is compiled for sm_80; "
                                                 "the device is sm_90: it is not launched"));
    assert_null(strstr(fake_log(), "cuLaunchKernel"));
    tc_runtime_destroy(rt);
}

static tc_grid grid_of(const void *cfg, int nargs, const tc_arg *args, void *user)
{
    (void)cfg;
    (void)nargs;
    (void)args;
    (void)user;
    return tc_grid1(4);
}

/* An autotuner's candidates given no arch are the device's, as a handle's: on sm_80 and sm_100
 * the tuner launches those archs' variants (a table's winner, nothing timed). */
static void a_tuner_launches_the_device_arch(void **state)
{
    (void)state;
    static const tc_tune_config configs[] = {{"BLOCK_SIZE=1024", {0}}};
    static const char table[] = "tritonc-autotune-table 1\nkernel vector_add\n"
                                "n_elements=4096;float32,float32,float32 | BLOCK_SIZE=1024 | num_warps=4\n";
    static const char *const key[] = {"n_elements"};
    for (int i = 0; i < 3; i += 2) {
        fake_reset();
        tc_runtime *rt = runtime_on(archs[i], 3);
        tc_autotuner *at = tc_autotune_create(rt, tritonc_bundled_find("vector_add"), NULL, 1, configs, grid_of, NULL,
                                              (tc_autotune_options){.nkey = 1, .key = key, .table = table, .cache_dir = ""});
        if (!at || !tc_autotune_launch(at, NULL, tc_ptr(0x10000, TL_F32), tc_ptr(0x20000, TL_F32),
                                       tc_ptr(0x30000, TL_F32), tc_i32(4096)))
            fail_msg("sm_%d: %s", archs[i], tc_runtime_error(rt));
        char want[64];
        snprintf(want, sizeof want, "cuLaunchKernel %s grid=4x1x1", variants[i].symbol);
        if (!strstr(fake_log(), want))
            fail_msg("sm_%d: no '%s' in\n%s", archs[i], want, fake_log());
        tc_runtime_destroy(rt);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(each_device_launches_its_own_arch, reset),
        cmocka_unit_test_setup(no_variant_for_the_device_names_the_archs_at_hand, reset),
        cmocka_unit_test_setup(a_variant_of_another_arch_is_never_launched, reset),
        cmocka_unit_test_setup(a_tuner_launches_the_device_arch, reset),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
