/* The consumer's kernel autotuned at build time (docs/compile.md, "Autotuning at build time"):
 * its winners, tuned while building (AUTOTUNE) or read from the committed my_scale.table
 * (TABLE), are embedded with the table; the tuner made from the table launches each key's
 * winner with compiling off and an empty cache (argv[1]), nothing timed. When the driver is the
 * fake one (tests/doubles/fake_libcuda.c, a test double: the install test gives it through
 * $TRITONC_LIBCUDA) the launches happen while it reports a CUDA graph capture, and its log
 * must show no event and no synchronization. Prints the config each key launched. */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tritonc/cuda.h>

#include "my_kernels.h"

extern const tc_variant tuned_app_variants[];
extern const int tuned_app_variants_count;
extern const char *const tuned_app_variants_tables[];
extern const int tuned_app_variants_tables_count;

static tc_grid grid_of(const void *cfg, int nargs, const tc_arg *args, void *user)
{
    (void)nargs;
    (void)user;
    const my_scale_cfg *c = cfg;
    return tc_grid1((unsigned)((args[2].v.i + c->BLOCK - 1) / c->BLOCK));
}

/* The fake driver's steering functions, when the driver is the fake. */
static void (*fake_capturing)(int);
static const char *(*fake_log)(void);

static void find_fake(void)
{
    const char *path = getenv("TRITONC_LIBCUDA");
    void *dl = path ? dlopen(path, RTLD_NOW | RTLD_LOCAL) : NULL;
    void *set = dl ? dlsym(dl, "fake_cuda_set_capturing") : NULL, *log = dl ? dlsym(dl, "fake_cuda_log") : NULL;
    if (set && log) {
        memcpy(&fake_capturing, &set, sizeof set);
        memcpy(&fake_log, &log, sizeof log);
    }
}

static int count(const char *text, const char *what)
{
    int n = 0;
    for (const char *p = text; p && (p = strstr(p, what)) != NULL; p += strlen(what))
        n++;
    return n;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: tuned_app EMPTY_CACHE_DIR\n");
        return 2;
    }
    find_fake();
    tc_compile_env off = {.cache_dir = argv[1], .jit = false};
    tc_runtime *rt = tc_runtime_create(&(tc_runtime_options){.compile = &off});
    tc_runtime_add_variants(rt, tuned_app_variants_count, tuned_app_variants);
    tc_autotuner *at = tc_autotune_create_from_tables(rt, &my_scale_kernel, tuned_app_variants_tables_count,
                                                      tuned_app_variants_tables, grid_of, NULL,
                                                      (tc_autotune_options){.cache_dir = ""});
    static const int sizes[2] = {4096, 1000};
    for (int i = 0; i < 2; i++) /* the modules loaded before the capture */
        tc_autotune_prepare(at, tc_ptr(0x10000u, TL_F32), tc_ptr(0x20000u, TL_F32), tc_i32(sizes[i]));
    size_t before = fake_log ? strlen(fake_log()) : 0;
    if (fake_capturing)
        fake_capturing(1);
    int best[2] = {-1, -1};
    for (int i = 0; i < 2 && !tc_runtime_failed(rt); i++) {
        tc_autotune_launch(at, NULL, tc_ptr(0x10000u, TL_F32), tc_ptr(0x20000u, TL_F32), tc_i32(sizes[i]));
        best[i] = tc_autotune_best(at, NULL, NULL);
    }
    if (fake_capturing)
        fake_capturing(0);
    int bad = tc_runtime_failed(rt);
    if (bad)
        fprintf(stderr, "tuned_app: %s\n", tc_runtime_error(rt));
    const char *log = fake_log ? fake_log() + before : "";
    if (!bad && (count(log, "cuEvent") || count(log, "Synchronize") || count(log, "cuLaunchKernel") != 2)) {
        fprintf(stderr, "tuned_app: the launches timed or synchronized:\n%s", log);
        bad = 1;
    }
    tc_runtime_destroy(rt);
    if (!bad)
        printf("tuned_app: my_scale's winners launched untimed%s: n=4096 config %d, n=1000 config %d\n",
               fake_capturing ? " inside a capture" : "", best[0], best[1]);
    return bad;
}
