/* Autotuning decided ahead of time, and what timing must not disturb, against the fake driver
 * (tests/doubles/fake_libcuda.c: each launch advances the events' clock by the time its module's
 * image scripts, so each config has a fake time): a table of winners launches its config with
 * nothing timed and nothing synchronized, inside a CUDA graph capture once prepared; a tuner
 * writes its choices as a table that a new one reads back; bad tables are refused with their
 * line; reset_to_zero and restore_value leave the buffers as they were; TRITONC_PRINT_AUTOTUNING
 * reports what was tuned. */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "bundled.h"
#include "test_abort.h"
#include "tritonc/cuda.h"

static void (*fake_reset)(void);
static const char *(*fake_log)(void);
static void (*fake_set_capturing)(int);
static long (*fake_launches)(void);

static int setup(void **state)
{
    (void)state;
    void *dl = dlopen(FAKE_LIBCUDA, RTLD_NOW | RTLD_LOCAL);
    if (!dl)
        fail_msg("cannot load %s: %s", FAKE_LIBCUDA, dlerror());
    void *s[] = {dlsym(dl, "fake_cuda_reset"), dlsym(dl, "fake_cuda_log"), dlsym(dl, "fake_cuda_set_capturing"),
                 dlsym(dl, "fake_cuda_launches")};
    for (int i = 0; i < 4; i++)
        assert_non_null(s[i]);
    memcpy(&fake_reset, &s[0], sizeof s[0]);
    memcpy(&fake_log, &s[1], sizeof s[1]);
    memcpy(&fake_set_capturing, &s[2], sizeof s[2]);
    memcpy(&fake_launches, &s[3], sizeof s[3]);
    return 0;
}

#define TABLE_DIR TRITONC_TEST_BINARY_DIR "/cuda-autotune-table"

static int reset(void **state)
{
    (void)state;
    fake_reset();
    mkdir(TABLE_DIR, 0755);
    return 0;
}

static const tc_compile_env no_compiler = {.cache_dir = TRITONC_TEST_BINARY_DIR "/cuda-empty-cache", .jit = false};

/* vector_add variants for three configs taking 5, 2 and 9 us on the fake's clock. */
typedef struct made {
    tc_variant v;
    char image[128];
    char config[64];
} made;
static made variants[3];

/* Adds m: vector_add at BLOCK_SIZE block with options o, taking time_us on the fake's clock. */
static void add_variant(tc_runtime *rt, made *m, int block, tc_options o, double time_us)
{
    memset(m, 0, sizeof *m);
    snprintf(m->image, sizeof m->image, "FAKECUBIN symbol=vector_add args=8,8,8,4,8,8 time_us=%g", time_us);
    snprintf(m->config, sizeof m->config, "BLOCK_SIZE=%d", block);
    o = tc_options_filled(o);
    m->v = (tc_variant){.kernel = "vector_add",
                        .config = m->config,
                        .spec = "DDDD",
                        .options = o,
                        .symbol = "vector_add",
                        .num_warps = o.num_warps,
                        .num_ctas = 1,
                        .nargs = 4,
                        .cubin = (const unsigned char *)m->image,
                        .cubin_size = strlen(m->image) + 1};
    m->v.ir_hash = tc_ir_hash(tritonc_bundled_find("vector_add"), &block, "DDDD", m->v.options, NULL);
    assert_true(tc_runtime_add_variants(rt, 1, &m->v));
}

static tc_runtime *runtime_with_three(void)
{
    static const int blocks[3] = {256, 512, 1024}, warps[3] = {2, 4, 4}, stages[3] = {3, 3, 2};
    static const double time_us[3] = {5, 2, 9};
    tc_runtime *rt = tc_runtime_create(&(tc_runtime_options){.libcuda = FAKE_LIBCUDA, .compile = &no_compiler});
    if (tc_runtime_failed(rt))
        fail_msg("%s", tc_runtime_error(rt));
    for (int i = 0; i < 3; i++)
        add_variant(rt, &variants[i], blocks[i], (tc_options){.num_warps = warps[i], .num_stages = stages[i]},
                    time_us[i]);
    return rt;
}

static const tc_tune_config configs[3] = {
    {"BLOCK_SIZE=256", {.num_warps = 2}},
    {"BLOCK_SIZE=512", {0}},
    {"BLOCK_SIZE=1024", {.num_stages = 2}},
};

static tc_grid grid_of(const void *cfg, int nargs, const tc_arg *args, void *user)
{
    (void)nargs;
    (void)user;
    int b = *(const int *)cfg; /* vector_add's config: one int */
    return tc_grid1((args[3].v.i + b - 1) / b);
}

static const char *const key_n[] = {"n_elements"};

/* A tuner in memory only (no persisted file) with opts' table, buffers and key set here. */
static tc_autotuner *tuner(tc_runtime *rt, tc_autotune_options opts)
{
    opts.nkey = 1;
    opts.key = key_n;
    opts.warmup = 2;
    opts.repeats = 5;
    opts.cache_dir = "";
    return tc_autotune_create(rt, tritonc_bundled_find("vector_add"), NULL, 3, configs, grid_of, NULL, opts);
}

static bool launch(tc_autotuner *at, int n)
{
    return tc_autotune_launch(at, NULL, tc_ptr(0x10000, TL_F32), tc_ptr(0x20000, TL_F32), tc_ptr(0x30000, TL_F32),
                              tc_i32(n));
}

static int count(const char *text, const char *what)
{
    int n = 0;
    for (const char *p = text; (p = strstr(p, what)) != NULL; p += strlen(what))
        n++;
    return n;
}

static const char table_4096[] = "# vector_add on the fake GPU\n"
                                 "tritonc-autotune-table 1\n"
                                 "kernel vector_add\n"
                                 "\n"
                                 "n_elements=4096;float32,float32,float32 | BLOCK_SIZE=1024 | num_stages=2 | 0.009\n";

/* A table's winner is launched as is: no event, no synchronization, even while capturing. */
static void a_table_winner_is_launched_untimed_even_while_capturing(void **state)
{
    (void)state;
    tc_runtime *rt = runtime_with_three();
    tc_autotuner *at = tuner(rt, (tc_autotune_options){.table = table_4096});
    if (!at)
        fail_msg("%s", tc_runtime_error(rt));
    /* Loading a module is what a capture cannot do: prepare first. */
    assert_true(tc_autotune_prepare(at, tc_ptr(0x10000, TL_F32), tc_ptr(0x20000, TL_F32), tc_ptr(0x30000, TL_F32),
                                    tc_i32(4096)));
    assert_int_equal(fake_launches(), 0);
    fake_set_capturing(1);
    assert_true(launch(at, 4096));
    assert_true(launch(at, 4096));
    fake_set_capturing(0);
    if (tc_runtime_failed(rt))
        fail_msg("%s", tc_runtime_error(rt));
    assert_int_equal(fake_launches(), 2);
    const char *log = fake_log();
    assert_non_null(strstr(log, "cuLaunchKernel vector_add grid=4x1x1 block=128")); /* BLOCK_SIZE=1024 */
    assert_int_equal(count(log, "Synchronize"), 0);
    bool timed = true;
    double ms = 0;
    assert_int_equal(tc_autotune_best(at, &timed, &ms), 2); /* the table's, though config 1 is faster */
    assert_false(timed);
    assert_true(ms > 0.0089 && ms < 0.0091);
    assert_int_equal(tc_autotune_timings(at, 0, NULL), 0);
    /* A key the table lacks is timed as before (and refused while capturing). */
    fake_set_capturing(1);
    assert_false(launch(at, 8192));
    fake_set_capturing(0);
    assert_non_null(strstr(tc_runtime_error(rt), "is not tuned yet for n_elements=8192;float32,float32,float32"));
    tc_runtime_clear_error(rt);
    assert_true(launch(at, 8192));
    assert_int_equal(tc_autotune_best(at, &timed, NULL), 1);
    assert_true(timed);
    tc_runtime_destroy(rt);
}

/* What a tuner chose, written as a table, is what a new tuner reads back from the file. */
static void a_written_table_is_read_back(void **state)
{
    (void)state;
    char path[] = TABLE_DIR "/vector_add.table";
    remove(path);
    tc_runtime *rt = runtime_with_three();
    tc_autotuner *at = tuner(rt, (tc_autotune_options){0});
    assert_true(launch(at, 4096));
    assert_true(launch(at, 100000));
    assert_true(tc_autotune_write_table(at, path));
    tc_runtime_destroy(rt);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char text[1024] = {0};
    assert_true(fread(text, 1, sizeof text - 1, f) > 0);
    fclose(f);
    /* with what a tuner made from it alone needs: the arch, base, key and candidates; the keys
       the winners were tuned for (100000 and 4096 are multiples of 16: DDDD) */
    assert_string_equal(text, "tritonc-autotune-table 1\n"
                              "kernel vector_add\n"
                              "arch 90\n"
                              "base BLOCK_SIZE=1024\n"
                              "key n_elements\n"
                              "config BLOCK_SIZE=256 | num_warps=2,num_stages=3,num_ctas=1\n"
                              "config BLOCK_SIZE=512 | num_warps=4,num_stages=3,num_ctas=1\n"
                              "config BLOCK_SIZE=1024 | num_warps=4,num_stages=2,num_ctas=1\n"
                              "# KEY | CONFIG | OPTIONS | MS | SPECS\n"
                              "n_elements=100000;float32,float32,float32 | BLOCK_SIZE=512 | "
                              "num_warps=4,num_stages=3,num_ctas=1 | 0.002 | DDDD\n"
                              "n_elements=4096;float32,float32,float32 | BLOCK_SIZE=512 | "
                              "num_warps=4,num_stages=3,num_ctas=1 | 0.002 | DDDD\n");

    fake_reset();
    rt = runtime_with_three();
    at = tuner(rt, (tc_autotune_options){.table_file = path});
    if (!at)
        fail_msg("%s", tc_runtime_error(rt));
    assert_true(launch(at, 100000));
    assert_true(launch(at, 4096));
    assert_int_equal(fake_launches(), 2);
    assert_int_equal(tc_autotune_best(at, NULL, NULL), 1);
    tc_runtime_destroy(rt);
}

/* A runtime with vector_add compiled for each of the three candidates (all 1 us). */
static tc_runtime *runtime_with_options(const tc_tune_config by_options[3], made made_for[3])
{
    tc_runtime *rt = tc_runtime_create(&(tc_runtime_options){.libcuda = FAKE_LIBCUDA, .compile = &no_compiler});
    if (tc_runtime_failed(rt))
        fail_msg("%s", tc_runtime_error(rt));
    for (int i = 0; i < 3; i++)
        add_variant(rt, &made_for[i], 512, by_options[i].options, 1);
    return rt;
}

/* Candidates that differ only in launch options (Triton's Config takes maxnreg; CUDAOptions the
 * others) stay apart in a table: each row names its own, and a table read back picks the same. */
static void launch_options_are_part_of_a_tables_candidates(void **state)
{
    (void)state;
    static const tc_tune_config by_options[3] = {
        {"BLOCK_SIZE=512", {0}},
        {"BLOCK_SIZE=512", {.maxnreg = 128, .disable_fp_fusion = true}},
        {"BLOCK_SIZE=512", {.launch_pdl = true, .ptx_options = "--verbose, -O3"}},
    };
    static made option_variants[3];
    tc_runtime *rt = runtime_with_options(by_options, option_variants);
    tc_autotune_options opts = {.nkey = 1, .key = key_n, .warmup = 2, .repeats = 5, .cache_dir = ""};
    opts.table = "tritonc-autotune-table 1\nkernel vector_add\n"
                 "n_elements=64;float32,float32,float32 | BLOCK_SIZE=512 | num_warps=4,maxnreg=128,enable_fp_fusion=False | 1\n"
                 "n_elements=128;float32,float32,float32 | BLOCK_SIZE=512 | launch_pdl=true,ptx_options=--verbose, -O3 | 2\n"
                 "n_elements=256;float32,float32,float32 | BLOCK_SIZE=512 | num_stages=3 | 3\n";
    tc_autotuner *at = tc_autotune_create(rt, tritonc_bundled_find("vector_add"), NULL, 3, by_options, grid_of, NULL, opts);
    if (!at)
        fail_msg("%s", tc_runtime_error(rt));
    const int n[3] = {64, 128, 256}, want[3] = {1, 2, 0};
    for (int i = 0; i < 3; i++) {
        if (!launch(at, n[i]))
            fail_msg("%s", tc_runtime_error(rt));
        assert_int_equal(tc_autotune_best(at, NULL, NULL), want[i]);
    }
    char path[] = TABLE_DIR "/vector_add_options.table";
    remove(path);
    assert_true(tc_autotune_write_table(at, path));
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char text[2048] = {0};
    assert_true(fread(text, 1, sizeof text - 1, f) > 0);
    fclose(f);
    assert_string_equal(text, "tritonc-autotune-table 1\n"
                              "kernel vector_add\n"
                              "arch 90\n"
                              "base BLOCK_SIZE=1024\n"
                              "key n_elements\n"
                              "config BLOCK_SIZE=512 | num_warps=4,num_stages=3,num_ctas=1\n"
                              "config BLOCK_SIZE=512 | num_warps=4,num_stages=3,num_ctas=1,maxnreg=128,enable_fp_fusion=false\n"
                              "config BLOCK_SIZE=512 | num_warps=4,num_stages=3,num_ctas=1,launch_pdl=true,ptx_options=--verbose, -O3\n"
                              "# KEY | CONFIG | OPTIONS | MS | SPECS\n"
                              "n_elements=128;float32,float32,float32 | BLOCK_SIZE=512 | "
                              "num_warps=4,num_stages=3,num_ctas=1,launch_pdl=true,ptx_options=--verbose, -O3 | 2\n"
                              "n_elements=256;float32,float32,float32 | BLOCK_SIZE=512 | num_warps=4,num_stages=3,num_ctas=1 | 3\n"
                              "n_elements=64;float32,float32,float32 | BLOCK_SIZE=512 | "
                              "num_warps=4,num_stages=3,num_ctas=1,maxnreg=128,enable_fp_fusion=false | 1\n");
    tc_runtime_destroy(rt);

    /* read back by a tuner made from the table alone: the same three candidates, the same choices */
    fake_reset();
    rt = runtime_with_options(by_options, option_variants);
    f = fopen(path, "rb");
    assert_non_null(f);
    memset(text, 0, sizeof text);
    assert_true(fread(text, 1, sizeof text - 1, f) > 0);
    fclose(f);
    const char *tables[] = {text};
    at = tc_autotune_create_from_tables(rt, tritonc_bundled_find("vector_add"), 1, tables, grid_of, NULL,
                                        (tc_autotune_options){.cache_dir = ""});
    if (!at)
        fail_msg("%s", tc_runtime_error(rt));
    for (int i = 0; i < 3; i++) {
        assert_true(launch(at, n[i]));
        assert_int_equal(tc_autotune_best(at, NULL, NULL), want[i]);
    }
    assert_int_equal(fake_launches(), 3);
    tc_runtime_destroy(rt);

    /* malformed launch options, and ones a table could not hold */
    rt = runtime_with_three();
    static const char *const bad[] = {
        "k | BLOCK_SIZE=512 | maxnreg=256\n",
        "k | BLOCK_SIZE=512 | num_warps=3\n",
        "k | BLOCK_SIZE=512 | launch_pdl=yes\n",
        "k | BLOCK_SIZE=512 | enable_fp_fusion\n",
        "k | BLOCK_SIZE=512 | num_stages=17\n",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char table[256];
        snprintf(table, sizeof table, "tritonc-autotune-table 1\nkernel vector_add\n%s", bad[i]);
        assert_null(tuner(rt, (tc_autotune_options){.table = table}));
        if (!strstr(tc_runtime_error(rt), "autotune table (text) line 3: not 'KEY | CONFIG | OPTIONS [| MS [| SPECS]]'"))
            fail_msg("case %zu: %s", i, tc_runtime_error(rt));
        tc_runtime_clear_error(rt);
    }
    static const tc_tune_config piped[1] = {{"BLOCK_SIZE=512", {.ptx_options = "-O3 | x"}}};
    assert_null(tc_autotune_create(rt, tritonc_bundled_find("vector_add"), NULL, 1, piped, grid_of, NULL, opts));
    assert_non_null(strstr(tc_runtime_error(rt), "test_cuda_autotune_table.c:"));
    assert_non_null(strstr(tc_runtime_error(rt), "config 0 ('BLOCK_SIZE=512'): ptx_options must be at most 512 "
                                                 "characters with no '|' or line break"));
    tc_runtime_destroy(rt);
}

/* A table that does not parse, is another kernel's, or names a config the tuner does not have
 * fails the tuner's creation with the table's line. */
static void bad_tables_are_refused_with_their_line(void **state)
{
    (void)state;
    static const struct {
        const char *table, *message;
    } cases[] = {
        {"tritonc-autotune 1\n", "autotune table (text) line 1: 'tritonc-autotune 1' where 'tritonc-autotune-table 1' "
                                 "begins a table"},
        {"tritonc-autotune-table 1\nkernel matmul\n", "autotune table (text) line 2: 'kernel matmul' where 'kernel "
                                                      "vector_add' was expected"},
        {"tritonc-autotune-table 1\nkernel vector_add\nn_elements=1;float32,float32,float32 | BLOCK_SIZE=256\n",
         "autotune table (text) line 3: not 'KEY | CONFIG | OPTIONS [| MS [| SPECS]]'"},
        {"tritonc-autotune-table 1\nkernel vector_add\nk | BLOCK_SIZE=256 | num_warps=2 | fast\n",
         "autotune table (text) line 3: not 'KEY | CONFIG | OPTIONS [| MS [| SPECS]]'"},
        {"tritonc-autotune-table 1\nkernel vector_add\nk | BLOCK_SIZE=256 | num_warps=x\n",
         "autotune table (text) line 3: not 'KEY | CONFIG | OPTIONS [| MS [| SPECS]]'"},
        {"tritonc-autotune-table 1\nkernel vector_add\nk | BLOCK_SIZE=512 | num_warps=4 | | DDDD | x\n",
         "autotune table (text) line 3: not 'KEY | CONFIG | OPTIONS [| MS [| SPECS]]'"},
        {"tritonc-autotune-table 1\nkernel vector_add\nk | BLOCK_SIZE=512 | num_warps=4 | | DDDD DDN\n",
         "autotune table (text) line 3: SPECS: specialization keys of one length, letters 1, D and N, separated by "
         "blanks"},
        {"tritonc-autotune-table 1\nkernel vector_add\nk | BLOCK_SIZE=512 | num_warps=4 | 1 | DDN\n",
         "autotune table (text) line 3: specialization key 'DDN' has 3 letters, but kernel vector_add has 4 "
         "arguments"},
        {"tritonc-autotune-table 1\nkernel vector_add\narch 90\narch 80\n", "autotune table (text) line 4: a second "
                                                                            "'arch' line"},
        {"tritonc-autotune-table 1\nkernel vector_add\nconfig BLOCK_SIZE=512 | warps=4\n",
         "autotune table (text) line 3: not 'config CONFIG [| OPTIONS]'"},
        /* what the table was tuned over must be the tuner's: its key names and base config */
        {"tritonc-autotune-table 1\nkernel vector_add\nkey n_elements x_ptr\n",
         "autotune table (text) line 3: keyed on 'n_elements x_ptr', but the tuner of kernel vector_add on "
         "'n_elements'"},
        {"tritonc-autotune-table 1\nkernel vector_add\nbase BLOCK_SIZE=512\n",
         "autotune table (text) line 3: tuned over the base config 'BLOCK_SIZE=512', but the tuner of kernel "
         "vector_add over 'BLOCK_SIZE=1024'"},
        {"tritonc-autotune-table 1\nkernel vector_add\nbase BLOCK=512\n",
         "autotune table (text) line 3: base 'BLOCK=512': kernel 'vector_add' has no config field 'BLOCK'"},
        {"tritonc-autotune-table 1\nkernel vector_add\n#\nk | BLOCK_SIZE=256 | num_warps=4\n",
         "autotune table (text) line 4: config 'BLOCK_SIZE=256' with num_warps=4,num_stages=3,num_ctas=1 is not one "
         "of the 3 configs kernel vector_add is tuned over"},
        {"", "autotune table (text): empty (no 'tritonc-autotune-table 1' and 'kernel vector_add' lines)"},
    };
    tc_runtime *rt = runtime_with_three();
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        assert_null(tuner(rt, (tc_autotune_options){.table = cases[i].table}));
        const char *err = tc_runtime_error(rt);
        if (!err || !strstr(err, cases[i].message) || !strstr(err, "test_cuda_autotune_table.c:"))
            fail_msg("case %zu: %s", i, err ? err : "(no error)");
        tc_runtime_clear_error(rt);
    }
    assert_null(tuner(rt, (tc_autotune_options){.table_file = TABLE_DIR "/no-such.table"}));
    assert_non_null(strstr(tc_runtime_error(rt), "cannot read autotune table " TABLE_DIR "/no-such.table: "));
    tc_runtime_clear_error(rt);
    /* Preparing a key nobody chose times nothing: an error. */
    tc_autotuner *at = tuner(rt, (tc_autotune_options){0});
    assert_false(tc_autotune_prepare(at, tc_ptr(0x10000, TL_F32), tc_ptr(0x20000, TL_F32), tc_ptr(0x30000, TL_F32),
                                     tc_i32(64)));
    assert_non_null(strstr(tc_runtime_error(rt), ": tc_autotune_prepare: kernel vector_add has no config chosen for "
                                                 "n_elements=64;float32,float32,float32 (preparing times nothing)"));
    assert_int_equal(fake_launches(), 0);
    tc_runtime_destroy(rt);
}

/* A tuner made from tables alone (tc_autotune_create_from_tables, what tritonc_add_kernels
 * embeds): the table of its kernel among several gives its candidates, key and base config, and
 * its winners are launched untimed, inside a capture too. */
static void a_tuner_is_made_from_its_table_alone(void **state)
{
    (void)state;
    static const char other[] = "tritonc-autotune-table 1\nkernel matmul\n";
    static const char full[] = "tritonc-autotune-table 1\n"
                               "kernel vector_add\n"
                               "arch 90\n"
                               "base BLOCK_SIZE=1024\n"
                               "key n_elements\n"
                               "config BLOCK_SIZE=256 | num_warps=2\n"
                               "config BLOCK_SIZE=512\n"
                               "config BLOCK_SIZE=1024 | num_stages=2\n"
                               "n_elements=4096;float32,float32,float32 | BLOCK_SIZE=1024 | num_stages=2 | 0.009 | DDDD\n";
    const char *const tables[] = {other, full};
    const tl_kernel *va = tritonc_bundled_find("vector_add");
    const tc_autotune_options opts = {.warmup = 2, .repeats = 5, .cache_dir = ""};
    tc_runtime *rt = runtime_with_three();
    tc_autotuner *at = tc_autotune_create_from_tables(rt, va, 2, tables, grid_of, NULL, opts);
    if (!at)
        fail_msg("%s", tc_runtime_error(rt));
    assert_true(tc_autotune_prepare(at, tc_ptr(0x10000, TL_F32), tc_ptr(0x20000, TL_F32), tc_ptr(0x30000, TL_F32),
                                    tc_i32(4096)));
    fake_set_capturing(1);
    assert_true(launch(at, 4096));
    assert_true(launch(at, 4096));
    fake_set_capturing(0);
    if (tc_runtime_failed(rt))
        fail_msg("%s", tc_runtime_error(rt));
    assert_int_equal(fake_launches(), 2);
    assert_non_null(strstr(fake_log(), "cuLaunchKernel vector_add grid=4x1x1 block=128")); /* BLOCK_SIZE=1024 */
    assert_int_equal(count(fake_log(), "Synchronize"), 0);
    assert_int_equal(tc_autotune_best(at, NULL, NULL), 2);
    /* a key the table lacks is timed over the table's three candidates */
    assert_true(launch(at, 8192));
    assert_int_equal(tc_autotune_best(at, NULL, NULL), 1);
    assert_int_equal(tc_autotune_timings(at, 0, NULL), 3);
    /* the winner's specialization key goes on into a table it writes */
    char path[] = TABLE_DIR "/from_tables.table";
    assert_true(tc_autotune_write_table(at, path));
    char text[2048] = {0};
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    assert_true(fread(text, 1, sizeof text - 1, f) > 0);
    fclose(f);
    assert_non_null(strstr(text, "\nn_elements=4096;float32,float32,float32 | BLOCK_SIZE=1024 | "
                                 "num_warps=4,num_stages=2,num_ctas=1 | 0.009 | DDDD\n"));
    assert_non_null(strstr(text, "\nn_elements=8192;float32,float32,float32 | BLOCK_SIZE=512 | "
                                 "num_warps=4,num_stages=3,num_ctas=1 | 0.002 | DDDD\n"));
    tc_runtime_destroy(rt);

    /* winners alone: they are the candidates, and the first key's names the key */
    static const char winners[] = "tritonc-autotune-table 1\n"
                                  "kernel vector_add\n"
                                  "n_elements=4096;float32,float32,float32 | BLOCK_SIZE=256 | num_warps=2\n"
                                  "n_elements=64;float32,float32,float32 | BLOCK_SIZE=256 | num_warps=2\n";
    const char *const one[] = {winners};
    fake_reset();
    rt = runtime_with_three();
    at = tc_autotune_create_from_tables(rt, va, 1, one, grid_of, NULL, opts);
    if (!at)
        fail_msg("%s", tc_runtime_error(rt));
    assert_true(launch(at, 4096));
    assert_true(launch(at, 8192));
    assert_int_equal(tc_autotune_timings(at, 0, NULL), 1);
    assert_int_equal(count(fake_log(), "block=64"), 1 + 2 + 5 + 1); /* num_warps=2 every time */

    /* what cannot be: no table of the kernel, options the table gives, a table that does not parse */
    const char *const others[] = {other};
    assert_null(tc_autotune_create_from_tables(rt, va, 1, others, grid_of, NULL, opts));
    assert_non_null(strstr(tc_runtime_error(rt), ": tc_autotune_create_from_tables: no table of winners for kernel "
                                                 "vector_add among the 1 given (matmul): tune it at build time"));
    tc_runtime_clear_error(rt);
    assert_null(tc_autotune_create_from_tables(rt, va, 0, NULL, grid_of, NULL, opts));
    assert_non_null(strstr(tc_runtime_error(rt), "no table of winners for kernel vector_add among the 0 given (none)"));
    tc_runtime_clear_error(rt);
    tc_autotune_options keyed = opts;
    keyed.nkey = 1;
    keyed.key = key_n;
    assert_null(tc_autotune_create_from_tables(rt, va, 1, one, grid_of, NULL, keyed));
    assert_non_null(strstr(tc_runtime_error(rt), "the table gives kernel vector_add's key, candidates, reset_to_zero "
                                                 "and restore_value: leave the options' key, table, reset_to_zero and "
                                                 "restore_value unset"));
    tc_runtime_clear_error(rt);
    const char *const broken[] = {"tritonc-autotune-table 1\nkernel vector_add\nk | BLOCK_SIZE=256\n"};
    assert_null(tc_autotune_create_from_tables(rt, va, 1, broken, grid_of, NULL, opts));
    assert_non_null(strstr(tc_runtime_error(rt), "autotune table (text 1 of 1) line 3: not 'KEY | CONFIG | OPTIONS"));
    tc_runtime_clear_error(rt);
    const char *const no_winner[] = {"tritonc-autotune-table 1\nkernel vector_add\n"};
    assert_null(tc_autotune_create_from_tables(rt, va, 1, no_winner, grid_of, NULL, opts));
    assert_non_null(strstr(tc_runtime_error(rt), "the table of kernel vector_add has no config line and no winner"));
    tc_runtime_clear_error(rt);
    const char *const bad_base[] = {"tritonc-autotune-table 1\nkernel vector_add\nbase BLOCK_SIZE\nconfig\n"};
    assert_null(tc_autotune_create_from_tables(rt, va, 1, bad_base, grid_of, NULL, opts));
    assert_non_null(strstr(tc_runtime_error(rt), "the table of kernel vector_add line 3: base 'BLOCK_SIZE': expected "
                                                 "KEY=VALUE items"));
    tc_runtime_destroy(rt);
}

static size_t bytes_of(int arg, int nargs, const tc_arg *args, void *user)
{
    (void)arg;
    (void)user;
    assert_int_equal(nargs, 4);
    return (size_t)args[3].v.i * 4;
}

/* reset_to_zero: zeroed before every launch that times (and after the timing); restore_value:
 * as it was before the timing. (The fake's device memory is the host's.) */
static void reset_and_restore_leave_the_buffers_as_they_were(void **state)
{
    (void)state;
    enum { N = 64 };
    float *y = aligned_alloc(256, N * 4), *out = aligned_alloc(256, N * 4);
    assert_non_null(y);
    assert_non_null(out);
    for (int i = 0; i < N; i++)
        y[i] = out[i] = (float)i + 1;
    const char *const zero[] = {"y_ptr"}, *const keep[] = {"output_ptr"};
    tc_runtime *rt = runtime_with_three();
    tc_autotuner *at = tuner(rt, (tc_autotune_options){.nreset = 1, .reset_to_zero = zero, .nrestore = 1,
                                                       .restore_value = keep, .arg_bytes = bytes_of});
    if (!at)
        fail_msg("%s", tc_runtime_error(rt));
    assert_true(tc_autotune_launch(at, NULL, tc_ptr(0x10000, TL_F32), tc_ptr(y, TL_F32), tc_ptr(out, TL_F32),
                                   tc_i32(N)));
    if (tc_runtime_failed(rt))
        fail_msg("%s", tc_runtime_error(rt));
    const char *log = fake_log();
    /* 3 configs x (2 warm-up + 5 timed) launches, each after a zeroing, then one more. */
    assert_int_equal(count(log, "cuMemsetD8Async 256 "), 3 * 7 + 1);
    assert_int_equal(count(log, "cuMemcpyDtoD 256"), 2); /* saved, restored */
    for (int i = 0; i < N; i++) {
        assert_true(y[i] == 0);
        assert_true(out[i] == (float)i + 1);
    }
    /* The next launch with the key times nothing and touches no buffer. */
    fake_reset();
    assert_true(tc_autotune_launch(at, NULL, tc_ptr(0x10000, TL_F32), tc_ptr(y, TL_F32), tc_ptr(out, TL_F32),
                                   tc_i32(N)));
    assert_int_equal(count(fake_log(), "cuMemsetD8Async"), 0);
    /* Names that are no pointer argument. */
    const char *const bad[] = {"n_elements"};
    assert_null(tuner(rt, (tc_autotune_options){.nreset = 1, .reset_to_zero = bad, .arg_bytes = bytes_of}));
    assert_non_null(strstr(tc_runtime_error(rt), "kernel vector_add has no pointer argument 'n_elements' to reset to "
                                                 "zero (its arguments: x_ptr, y_ptr, output_ptr, n_elements)"));
    tc_runtime_clear_error(rt);
    assert_null(tuner(rt, (tc_autotune_options){.nrestore = 1, .restore_value = keep}));
    assert_non_null(strstr(tc_runtime_error(rt), "reset_to_zero and restore_value need their names and arg_bytes"));
    tc_runtime_destroy(rt);
    free(y);
    free(out);
}

/* TRITONC_PRINT_AUTOTUNING=1: one line on stderr per key timed, none for a key already chosen. */
static void print_autotuning_reports_the_key_and_best_config(void **state)
{
    (void)state;
    char path[] = TABLE_DIR "/stderr.txt";
    fflush(stderr);
    int saved = dup(2), fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    assert_true(saved >= 0 && fd >= 0);
    dup2(fd, 2);
    close(fd);
    setenv("TRITONC_PRINT_AUTOTUNING", "1", 1);
    tc_runtime *rt = runtime_with_three();
    tc_autotuner *at = tuner(rt, (tc_autotune_options){.table = table_4096});
    bool ok = at && launch(at, 8192) && launch(at, 8192) && launch(at, 4096);
    unsetenv("TRITONC_PRINT_AUTOTUNING");
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    assert_true(ok);
    tc_runtime_destroy(rt);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char text[1024] = {0};
    assert_true(fread(text, 1, sizeof text - 1, f) > 0);
    fclose(f);
    assert_int_equal(count(text, "\n"), 1);
    assert_non_null(strstr(text, "tritonc: autotuning kernel vector_add for key n_elements=8192;float32,float32,float32 "
                                 "finished after "));
    assert_non_null(strstr(text, "s; best config 1: 'BLOCK_SIZE=512' num_warps=4 num_stages=3 num_ctas=1, 0.0020 ms\n"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(a_table_winner_is_launched_untimed_even_while_capturing, reset),
        cmocka_unit_test_setup(a_written_table_is_read_back, reset),
        cmocka_unit_test_setup(bad_tables_are_refused_with_their_line, reset),
        cmocka_unit_test_setup(launch_options_are_part_of_a_tables_candidates, reset),
        cmocka_unit_test_setup(a_tuner_is_made_from_its_table_alone, reset),
        cmocka_unit_test_setup(reset_and_restore_leave_the_buffers_as_they_were, reset),
        cmocka_unit_test_setup(print_autotuning_reports_the_key_and_best_config, reset),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
