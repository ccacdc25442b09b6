/* Autotuning against the fake driver (tests/doubles/fake_libcuda.c), whose events read a clock that each
 * launch advances by the time its module's image scripts: the fastest config is kept per key
 * tuple, reused from memory, persisted in a file and read back by a new runtime (timing
 * nothing), a corrupt file is ignored and rewritten, a config that cannot run is skipped, and
 * processes writing the file at once leave a whole file and lose no key. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <dlfcn.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "bundled.h"
#include "compile/compile_internal.h" /* compile_remove_dir */
#include "test_abort.h"
#include "cuda/runtime_internal.h"
#include "tritonc/cuda.h"

static void (*fake_reset)(void);
static const char *(*fake_log)(void);
static void (*fake_set_capturing)(int);
static long (*fake_launches)(void);
static long (*fake_live_modules)(void);
static void (*fake_set_drift)(double);

static int setup(void **state)
{
    (void)state;
    void *dl = dlopen(FAKE_LIBCUDA, RTLD_NOW | RTLD_LOCAL);
    if (!dl)
        fail_msg("cannot load %s: %s", FAKE_LIBCUDA, dlerror());
    void *s[] = {dlsym(dl, "fake_cuda_reset"), dlsym(dl, "fake_cuda_log"), dlsym(dl, "fake_cuda_set_capturing"),
                 dlsym(dl, "fake_cuda_launches"), dlsym(dl, "fake_cuda_live_modules")};
    for (int i = 0; i < 5; i++)
        assert_non_null(s[i]);
    memcpy(&fake_reset, &s[0], sizeof s[0]);
    memcpy(&fake_log, &s[1], sizeof s[1]);
    memcpy(&fake_set_capturing, &s[2], sizeof s[2]);
    memcpy(&fake_launches, &s[3], sizeof s[3]);
    memcpy(&fake_live_modules, &s[4], sizeof s[4]);
    void *d = dlsym(dl, "fake_cuda_set_drift");
    assert_non_null(d);
    memcpy(&fake_set_drift, &d, sizeof d);
    return 0;
}

#define TUNE_DIR TRITONC_TEST_BINARY_DIR "/cuda-autotune"

static int reset(void **state)
{
    (void)state;
    fake_reset();
    mkdir(TUNE_DIR, 0755);
    return 0;
}

/* A directory of the test's own, emptied: a file left by an earlier run must not count. */
static void fresh_dir(const char *dir)
{
    compile_remove_dir(dir);
    mkdir(dir, 0755);
}

static const tc_compile_env no_compiler = {.cache_dir = TRITONC_TEST_BINARY_DIR "/cuda-empty-cache", .jit = false};

static tc_runtime *fake_runtime(void)
{
    tc_runtime *rt = tc_runtime_create(&(tc_runtime_options){.libcuda = FAKE_LIBCUDA, .compile = &no_compiler});
    if (tc_runtime_failed(rt))
        fail_msg("%s", tc_runtime_error(rt));
    return rt;
}

/* vector_add variants for three configs, each taking the time the image scripts. */
typedef struct made {
    tc_variant v;
    char image[128];
    char config[64];
} made;
static made variants[8];

static void three_configs(const double time_us[3], const char *spec)
{
    static const int blocks[3] = {256, 512, 1024};
    static const int warps[3] = {2, 4, 4};
    static const int stages[3] = {3, 3, 2};
    for (int i = 0; i < 3; i++) {
        made *m = &variants[i];
        memset(m, 0, sizeof *m);
        snprintf(m->image, sizeof m->image, "FAKECUBIN symbol=vector_add args=8,8,8,4,8,8 time_us=%g", time_us[i]);
        snprintf(m->config, sizeof m->config, "BLOCK_SIZE=%d", blocks[i]);
        m->v = (tc_variant){.kernel = "vector_add",
                            .config = m->config,
                            .spec = spec,
                            .options = tc_options_filled((tc_options){.num_warps = warps[i], .num_stages = stages[i]}),
                            .symbol = "vector_add",
                            .num_warps = warps[i],
                            .num_ctas = 1,
                            .nargs = 4,
                            .cubin = (const unsigned char *)m->image,
                            .cubin_size = strlen(m->image) + 1};
        /* the struct is vector_add's config: one int */
        m->v.ir_hash = tc_ir_hash(tritonc_bundled_find("vector_add"), &blocks[i], spec, m->v.options, NULL);
        assert_true(m->v.ir_hash != 0);
    }
}

static void add_three(tc_runtime *rt)
{
    for (int i = 0; i < 3; i++)
        assert_true(tc_runtime_add_variants(rt, 1, &variants[i].v));
}

static const tc_tune_config configs[3] = {
    {"BLOCK_SIZE=256", {.num_warps = 2}},
    {"BLOCK_SIZE=512", {0}},
    {"BLOCK_SIZE=1024", {.num_stages = 2}},
};

typedef struct vector_add_cfg_view {
    int BLOCK_SIZE;
} vector_add_cfg_view;

static tc_grid grid_of(const void *cfg, int nargs, const tc_arg *args, void *user)
{
    (void)nargs;
    (void)user;
    int b = ((const vector_add_cfg_view *)cfg)->BLOCK_SIZE;
    return tc_grid1((args[3].v.i + b - 1) / b);
}

static const char *const key_n[] = {"n_elements"};

static tc_autotuner *tuner(tc_runtime *rt, const char *dir)
{
    tc_autotuner *at = tc_autotune_create(rt, tritonc_bundled_find("vector_add"), NULL, 3, configs, grid_of, NULL,
                                          (tc_autotune_options){.nkey = 1, .key = key_n, .warmup = 2, .repeats = 5,
                                                                .cache_dir = dir});
    if (!at)
        fail_msg("%s", tc_runtime_error(rt));
    return at;
}

static bool launch(tc_autotuner *at, int n)
{
    return tc_autotune_launch(at, NULL, tc_ptr(0x10000, TL_F32), tc_ptr(0x20000, TL_F32), tc_ptr(0x30000, TL_F32),
                              tc_i32(n));
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = calloc(1, 1 << 16);
    size_t n = fread(buf, 1, (1 << 16) - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* A runtime with the three variants taking time_us each, and a tuner keeping its file (path,
 * copied) in dir, emptied first. */
static tc_autotuner *start(tc_runtime **rt, const char *dir, const double time_us[3], char *path, size_t size)
{
    three_configs(time_us, "DDDD");
    fresh_dir(dir);
    *rt = fake_runtime();
    add_three(*rt);
    tc_autotuner *at = tuner(*rt, dir);
    snprintf(path, size, "%s", tc_autotune_file(at));
    return at;
}

static void picks_the_fastest_and_persists_it(void **state)
{
    (void)state;
    char dir[] = TUNE_DIR "/fastest", path[512];
    tc_runtime *rt;
    tc_autotuner *at = start(&rt, dir, (double[]){5, 2, 9}, path, sizeof path);
    assert_true(launch(at, 4096));
    if (tc_runtime_failed(rt))
        fail_msg("%s", tc_runtime_error(rt));
    bool timed = false;
    double ms = 0;
    assert_int_equal(tc_autotune_best(at, &timed, &ms), 1);
    assert_true(timed);
    assert_true(ms > 0.0019 && ms < 0.0021); /* 2 us per launch on the fake's clock */
    double all[3];
    assert_int_equal(tc_autotune_timings(at, 3, all), 3);
    assert_true(all[0] > 0.0049 && all[0] < 0.0051 && all[2] > 0.0089 && all[2] < 0.0091);
    /* (2 warm-up + 5 timed) per config, then the launch itself with config 1's grid. */
    assert_int_equal(fake_launches(), 3 * 7 + 1);
    const char *log = fake_log();
    assert_non_null(strstr(log, "cuLaunchKernel vector_add grid=8x1x1 block=128"));  /* BLOCK_SIZE=512 */
    assert_non_null(strstr(log, "cuLaunchKernel vector_add grid=16x1x1 block=64"));  /* 256, 2 warps */
    assert_non_null(strstr(log, "cuLaunchKernel vector_add grid=4x1x1 block=128"));  /* 1024 */
    /* The same key again: no timing. */
    assert_true(launch(at, 4096));
    assert_int_equal(fake_launches(), 3 * 7 + 2);
    /* The file holds the choice. */
    char *text = slurp(path);
    assert_non_null(text);
    char want[256];
    snprintf(want, sizeof want, "tritonc-autotune 1\nkernel vector_add\nhash %.16s\nn_elements=4096;float32,float32,float32 1 0.002\n",
             strrchr(path, '-') + 1);
    assert_string_equal(text, want);
    free(text);
    tc_runtime_destroy(rt);

    /* A new runtime reads it back and times nothing. */
    fake_reset();
    rt = fake_runtime();
    add_three(rt);
    at = tuner(rt, dir);
    assert_true(launch(at, 4096));
    assert_int_equal(fake_launches(), 1);
    assert_int_equal(tc_autotune_best(at, &timed, &ms), 1);
    assert_false(timed);
    /* Another key is tuned and added to the file. */
    assert_true(launch(at, 100000));
    assert_int_equal(fake_launches(), 1 + 3 * 7 + 1);
    text = slurp(path);
    assert_non_null(strstr(text, "\nn_elements=4096;float32,float32,float32 1 0.002\n"));
    assert_non_null(strstr(text, "\nn_elements=100000;float32,float32,float32 1 0.002\n"));
    free(text);
    tc_runtime_destroy(rt);
    assert_int_equal(fake_live_modules(), 0);
}

/* With no directory given, the file is in the compile cache's autotune/, named by kernel and hash. */
static void the_file_lands_in_the_compile_cache(void **state)
{
    (void)state;
    three_configs((double[]){3, 2, 1}, "DDDD");
    tc_runtime *rt = fake_runtime(); /* its compile cache: .../cuda-empty-cache */
    add_three(rt);
    tc_autotuner *at = tuner(rt, NULL);
    const char *path = tc_autotune_file(at);
    assert_non_null(path);
    const char *want_dir = TRITONC_TEST_BINARY_DIR "/cuda-empty-cache/autotune/vector_add-";
    assert_true(strncmp(path, want_dir, strlen(want_dir)) == 0);
    const char *hash = path + strlen(want_dir);
    assert_int_equal(strspn(hash, "0123456789abcdef"), 16);
    assert_string_equal(hash + 16, ".autotune");
    unlink(path);
    assert_true(launch(at, 4096));
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    assert_true(S_ISREG(st.st_mode));
    unlink(path);
    tc_runtime_destroy(rt);
}

/* prune_configs_by: early pruning, then a performance model keeping the top k. */
static bool drop_config_1(int i, const void *cfg, tc_options options, int nargs, const tc_arg *args, void *user)
{
    (void)cfg, (void)options, (void)nargs, (void)args;
    ++*(int *)user;
    return i != 1;
}
static bool drop_all(int i, const void *cfg, tc_options options, int nargs, const tc_arg *args, void *user)
{
    (void)i, (void)cfg, (void)options, (void)nargs, (void)args, (void)user;
    return false;
}
static double block_size_model(int i, const void *cfg, tc_options options, int nargs, const tc_arg *args, void *user)
{
    (void)i, (void)options, (void)nargs, (void)args, (void)user;
    return -((const vector_add_cfg_view *)cfg)->BLOCK_SIZE; /* the larger the block, the better */
}

static void configs_are_pruned_as_python_does(void **state)
{
    (void)state;
    three_configs((double[]){3, 1, 2}, "DDDD");
    tc_runtime *rt = fake_runtime();
    add_three(rt);
    const tl_kernel *k = tritonc_bundled_find("vector_add");
    int calls = 0;
    tc_autotuner *at = tc_autotune_create(rt, k, NULL, 3, configs, grid_of, NULL,
                                          (tc_autotune_options){.nkey = 1, .key = key_n, .warmup = 2, .repeats = 5,
                                                                .cache_dir = "", .prune = drop_config_1,
                                                                .prune_user = &calls});
    assert_int_equal(tc_autotune_timings(at, 0, NULL), 0); /* nothing timed yet */
    assert_true(launch(at, 4096));
    assert_int_equal(calls, 3);
    double t[3];
    assert_int_equal(tc_autotune_timings(at, 3, t), 3);
    assert_true(t[1] == -1 && t[0] > 0 && t[2] > 0); /* config 1 pruned */
    assert_int_equal(tc_autotune_best(at, NULL, NULL), 2); /* the fastest, 1, was pruned */
    assert_int_equal(fake_launches(), 2 * 7 + 1);
    /* A model keeping the top 1: only config 2 (BLOCK_SIZE=1024) is timed. */
    fake_reset();
    at = tc_autotune_create(rt, k, NULL, 3, configs, grid_of, NULL,
                            (tc_autotune_options){.nkey = 1, .key = key_n, .warmup = 2, .repeats = 5, .cache_dir = "",
                                                  .perf_model = block_size_model, .top_k = 1});
    assert_true(launch(at, 4096));
    assert_int_equal(tc_autotune_best(at, NULL, NULL), 2);
    assert_int_equal(fake_launches(), 7 + 1);
    /* Nothing left: an error, nothing launched. */
    fake_reset();
    at = tc_autotune_create(rt, k, NULL, 3, configs, grid_of, NULL,
                            (tc_autotune_options){.nkey = 1, .key = key_n, .cache_dir = "", .prune = drop_all});
    assert_false(launch(at, 4096));
    assert_non_null(strstr(tc_runtime_error(rt), ": tc_autotune_launch: no config of kernel vector_add is left for "
                                                 "n_elements=4096;float32,float32,float32 after pruning"));
    assert_int_equal(fake_launches(), 0);
    tc_runtime_destroy(rt);
}

/* A device that slows as it heats must not favour the configs timed first: the timed launches
 * go round the configs (found on the H200: configs timed one after the other chose the first). */
static void a_drifting_clock_favours_no_config(void **state)
{
    (void)state;
    three_configs((double[]){2.0, 2.0, 1.9}, "DDDD");
    tc_runtime *rt = fake_runtime();
    add_three(rt);
    tc_autotuner *at = tuner(rt, "");
    fake_set_drift(0.01); /* 5 timed launches of each: config 2 would start 0.14 us slower */
    assert_true(launch(at, 4096));
    bool timed;
    double ms;
    assert_int_equal(tc_autotune_best(at, &timed, &ms), 2);
    tc_runtime_destroy(rt);
}

static void a_corrupt_file_is_ignored_and_rewritten(void **state)
{
    (void)state;
    char dir[] = TUNE_DIR "/corrupt", path[512];
    tc_runtime *rt;
    tc_autotuner *at = start(&rt, dir, (double[]){1, 3, 2}, path, sizeof path);
    char header[128];
    snprintf(header, sizeof header, "tritonc-autotune 1\nkernel vector_add\nhash %.16s\n", strrchr(path, '-') + 1);
    const char *bad[] = {
        "garbage\n",
        "tritonc-autotune 1\nkernel vector_add\nhash 0000000000000000\nn_elements=4096;float32,float32,float32 2 1\n",
        NULL, /* the right header, a best index out of range */
        NULL, /* the right header, a line cut short */
    };
    char out_of_range[256], cut[256];
    snprintf(out_of_range, sizeof out_of_range, "%sn_elements=4096;float32,float32,float32 7 0.001\n", header);
    snprintf(cut, sizeof cut, "%sn_elements=4096;float32,float32,float32 2", header);
    bad[2] = out_of_range;
    bad[3] = cut;
    tc_runtime_destroy(rt);
    for (int i = 0; i < 4; i++) {
        fake_reset();
        write_text(path, bad[i]);
        rt = fake_runtime();
        add_three(rt);
        at = tuner(rt, dir);
        assert_true(launch(at, 4096));
        if (fake_launches() != 3 * 7 + 1)
            fail_msg("file %d (%s) was taken: %ld launches", i, bad[i], fake_launches()); /* tuned again */
        assert_int_equal(tc_autotune_best(at, NULL, NULL), 0);
        char *text = slurp(tc_autotune_file(at));
        char want[256];
        snprintf(want, sizeof want, "%sn_elements=4096;float32,float32,float32 0 0.001\n", header);
        assert_string_equal(text, want);
        free(text);
        tc_runtime_destroy(rt);
    }
}

static void a_config_that_cannot_run_is_skipped(void **state)
{
    (void)state;
    three_configs((double[]){4, 3, 1}, "DDDD");
    tc_runtime *rt = fake_runtime();
    /* Config 2 (the fastest) has no variant and nothing compiles here. */
    assert_true(tc_runtime_add_variants(rt, 1, &variants[0].v));
    assert_true(tc_runtime_add_variants(rt, 1, &variants[1].v));
    tc_autotuner *at = tuner(rt, "");
    assert_null(tc_autotune_file(at));
    assert_true(launch(at, 4096));
    assert_false(tc_runtime_failed(rt));
    assert_int_equal(tc_autotune_best(at, NULL, NULL), 1);
    tc_runtime_destroy(rt);

    /* None can run: one error naming the first config's failure. */
    fake_reset();
    rt = fake_runtime();
    at = tuner(rt, "");
    assert_false(launch(at, 4096));
    const char *err = tc_runtime_error(rt);
    assert_non_null(err);
    assert_non_null(strstr(err, ": tc_autotune_launch: no config of kernel vector_add could be launched for "
                                "n_elements=4096;float32,float32,float32 (config 0: "));
    tc_runtime_destroy(rt);
}

static void untuned_while_capturing_is_an_error(void **state)
{
    (void)state;
    three_configs((double[]){1, 2, 3}, "DDDD");
    tc_runtime *rt = fake_runtime();
    add_three(rt);
    tc_autotuner *at = tuner(rt, "");
    fake_set_capturing(1);
    assert_false(launch(at, 4096));
    fake_set_capturing(0);
    const char *err = tc_runtime_error(rt);
    assert_non_null(strstr(err, ": tc_autotune_launch: kernel vector_add is not tuned yet for "
                                "n_elements=4096;float32,float32,float32 and the stream is capturing a CUDA graph: "
                                "timing synchronizes, launch it once before the capture"));
    assert_int_equal(fake_launches(), 0);
    tc_runtime_destroy(rt);
}

static void bad_tuner_arguments(void **state)
{
    (void)state;
    tc_runtime *rt = fake_runtime();
    const tl_kernel *k = tritonc_bundled_find("vector_add");
    const tc_tune_config bad_set[] = {{"BLOCK_SIZE=256", {0}}, {"BLOCK=64", {0}}};
    assert_null(tc_autotune_create(rt, k, NULL, 2, bad_set, grid_of, NULL,
                                   (tc_autotune_options){.nkey = 1, .key = key_n}));
    const char *err = tc_runtime_error(rt);
    assert_non_null(strstr(err, ": tc_autotune_create: kernel vector_add config 1 ('BLOCK=64'): "));
    tc_runtime_clear_error(rt);
    const char *const bad_key[] = {"x_ptr"};
    assert_null(tc_autotune_create(rt, k, NULL, 3, configs, grid_of, NULL,
                                   (tc_autotune_options){.nkey = 1, .key = bad_key}));
    assert_non_null(strstr(tc_runtime_error(rt), ": tc_autotune_create: kernel vector_add has no scalar argument "
                                                 "'x_ptr' to key the autotuning on (its arguments: x_ptr, y_ptr, "
                                                 "output_ptr, n_elements)"));
    tc_runtime_clear_error(rt);
    /* A launch with the wrong arguments: the launch's own check and message. */
    three_configs((double[]){1, 2, 3}, "DDDD");
    add_three(rt);
    tc_autotuner *at = tuner(rt, "");
    assert_false(tc_autotune_launch(at, NULL, tc_ptr(0x10000, TL_F32)));
    assert_non_null(strstr(tc_runtime_error(rt), ": tc_autotune_launch: kernel vector_add takes 4 arguments (x_ptr, "
                                                 "y_ptr, output_ptr, n_elements), got 1"));
    tc_runtime_destroy(rt);
    assert_false(tc_autotune_launch(NULL, NULL, tc_i32(1)));
    assert_int_equal(tc_autotune_best(NULL, NULL, NULL), -1);
}

/* Two processes tuning different keys into the same file: it always parses. */
static void concurrent_processes_leave_a_whole_file(void **state)
{
    (void)state;
    three_configs((double[]){1, 2, 3}, "DDDD");
    char dir[] = TUNE_DIR "/concurrent";
    fresh_dir(dir);
    char path[512] = "";
    pid_t child = fork();
    assert_true(child >= 0);
    bool is_child = child == 0;
    fake_reset();
    tc_runtime *rt = fake_runtime();
    add_three(rt);
    tc_autotuner *at = tuner(rt, dir);
    snprintf(path, sizeof path, "%s", tc_autotune_file(at));
    bool ok = true;
    for (int i = 0; i < 40 && ok; i++)
        ok = launch(at, (is_child ? 1 : 2) * 1024 + i * 16);
    tc_runtime_destroy(rt);
    if (is_child)
        _exit(ok ? 0 : 1);
    int status = 0;
    waitpid(child, &status, 0);
    assert_true(ok);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    /* A new runtime reads the file; its last writer's keys are all there. */
    fake_reset();
    rt = fake_runtime();
    add_three(rt);
    at = tuner(rt, dir);
    char *text = slurp(path);
    assert_non_null(text);
    assert_true(strncmp(text, "tritonc-autotune 1\nkernel vector_add\nhash ", 42) == 0);
    /* Each write merged what the file held, under the lock: the last line is the last writer's
     * last key. */
    int lines = 0;
    for (const char *p = strchr(text, '\n'), *q; p && p[1]; p = q) {
        q = strchr(p + 1, '\n');
        assert_non_null(q); /* whole lines only */
        if (++lines > 2) { /* after the kernel and hash lines: one entry per line */
            int n, best;
            double ms;
            char tail[64];
            assert_int_equal(sscanf(p + 1, "n_elements=%d;float32,float32,float32 %d %lf%63[^\n]", &n, &best, &ms, tail),
                             3);
        }
    }
    assert_true(lines >= 3);
    const char *last = text + strlen(text) - 1;
    while (last > text && last[-1] != '\n')
        last--;
    int n = atoi(last + strlen("n_elements="));
    assert_true(n == 1024 + 39 * 16 || n == 2048 + 39 * 16);
    assert_true(launch(at, n));
    assert_int_equal(fake_launches(), 1); /* read from the file: nothing timed */
    free(text);
    tc_runtime_destroy(rt);
}

/* Eight processes each tuning keys of their own into one file at once: afterwards every key of
 * every process is in it (the read-merge-write is locked: no writer drops another's keys). */
static void concurrent_writers_lose_no_key(void **state)
{
    (void)state;
    enum { WRITERS = 8, KEYS = 25 };
    three_configs((double[]){1, 2, 3}, "DDDD");
    char dir[] = TUNE_DIR "/many-writers";
    fresh_dir(dir);
    pid_t child[WRITERS];
    for (int w = 0; w < WRITERS; w++) {
        child[w] = fork();
        assert_true(child[w] >= 0);
        if (child[w] == 0) { /* no cmocka assertions in a child: its exit status says */
            fake_reset();
            tc_runtime *rt = tc_runtime_create(
                &(tc_runtime_options){.libcuda = FAKE_LIBCUDA, .compile = &no_compiler});
            bool ok = !tc_runtime_failed(rt);
            for (int i = 0; i < 3 && ok; i++)
                ok = tc_runtime_add_variants(rt, 1, &variants[i].v);
            tc_autotuner *at = ok ? tc_autotune_create(rt, tritonc_bundled_find("vector_add"), NULL, 3, configs,
                                                       grid_of, NULL,
                                                       (tc_autotune_options){.nkey = 1, .key = key_n, .warmup = 1,
                                                                             .repeats = 1, .cache_dir = dir})
                                  : NULL;
            ok = at != NULL;
            for (int i = 0; i < KEYS && ok; i++)
                ok = launch(at, (1 << 20) + (w * KEYS + i) * 16);
            if (!ok)
                fprintf(stderr, "writer %d: %s\n", w, tc_runtime_error(rt));
            tc_runtime_destroy(rt);
            _exit(ok ? 0 : 1);
        }
    }
    for (int w = 0; w < WRITERS; w++) {
        int status = 0;
        assert_int_equal(waitpid(child[w], &status, 0), child[w]);
        assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    }
    fake_reset();
    tc_runtime *rt = fake_runtime();
    add_three(rt);
    tc_autotuner *at = tuner(rt, dir);
    char *text = slurp(tc_autotune_file(at));
    assert_non_null(text);
    int missing = 0;
    for (int w = 0; w < WRITERS; w++)
        for (int i = 0; i < KEYS; i++) {
            char line[64];
            snprintf(line, sizeof line, "\nn_elements=%d;float32,float32,float32 ", (1 << 20) + (w * KEYS + i) * 16);
            missing += strstr(text, line) == NULL;
        }
    assert_int_equal(missing, 0);
    /* beside it only its lock file: no temporary file is left */
    size_t nfiles = 0, ntmp = 0;
    DIR *d = opendir(dir);
    assert_non_null(d);
    for (struct dirent *e; (e = readdir(d));) {
        nfiles += e->d_name[0] != '.';
        ntmp += strstr(e->d_name, ".tmp.") != NULL;
    }
    closedir(d);
    assert_int_equal(ntmp, 0);
    assert_int_equal(nfiles, 2);
    free(text);
    tc_runtime_destroy(rt);
}

/* Tunes in dir (no cmocka assertions: run in a child too); whether the launch ran. */
static bool tune_in(const char *dir)
{
    three_configs((double[]){5, 2, 9}, "DDDD");
    tc_runtime *rt = tc_runtime_create(&(tc_runtime_options){.libcuda = FAKE_LIBCUDA, .compile = &no_compiler});
    for (int i = 0; i < 3; i++)
        tc_runtime_add_variants(rt, 1, &variants[i].v);
    tc_autotuner *at = tc_autotune_create(rt, tritonc_bundled_find("vector_add"), NULL, 3, configs, grid_of, NULL,
                                          (tc_autotune_options){.nkey = 1, .key = key_n, .warmup = 2, .repeats = 5,
                                                                .cache_dir = dir});
    bool ok = at && launch(at, 4096) && !tc_runtime_failed(rt);
    tc_runtime_destroy(rt);
    return ok;
}

static void tune_in_child(void *dir) { tune_in(dir); }

/* A file that cannot be written (its directory would be under a file) leaves the choice in
 * memory: no error, so TRITONC_ABORT_ON_ERROR=1 does not abort either. */
static void an_unwritable_file_is_no_error(void **state)
{
    (void)state;
    write_text(TUNE_DIR "/a-file", "");
    assert_true(tune_in(TUNE_DIR "/a-file/tune"));
    expect_no_abort(tune_in_child, TUNE_DIR "/a-file/tune");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(picks_the_fastest_and_persists_it, reset),
        cmocka_unit_test_setup(the_file_lands_in_the_compile_cache, reset),
        cmocka_unit_test_setup(configs_are_pruned_as_python_does, reset),
        cmocka_unit_test_setup(a_drifting_clock_favours_no_config, reset),
        cmocka_unit_test_setup(a_corrupt_file_is_ignored_and_rewritten, reset),
        cmocka_unit_test_setup(a_config_that_cannot_run_is_skipped, reset),
        cmocka_unit_test_setup(untuned_while_capturing_is_an_error, reset),
        cmocka_unit_test_setup(bad_tuner_arguments, reset),
        cmocka_unit_test_setup(concurrent_processes_leave_a_whole_file, reset),
        cmocka_unit_test_setup(concurrent_writers_lose_no_key, reset),
        cmocka_unit_test_setup(an_unwritable_file_is_no_error, reset),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
