/* tc_bench (triton.testing.do_bench) against the fake driver (tests/doubles/fake_libcuda.c), whose
 * clock a callback advances (fake_cuda_advance) and each launch advances by its image's time: the
 * sequence of driver calls, the run counts from the estimate, the statistics and quantiles, a
 * kernel launch benchmarked, and the errors (NULL callback or result, bad options, a failing
 * callback, a failing driver call, a capturing stream), with nothing leaked. Also tc_cdiv and
 * tc_next_power_of_2. */
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
#include "fake_driver_checks.h"

#include "bundled.h"
#include "cuda/bench_internal.h"
#include "cuda/runtime_internal.h"
#include "tritonc/cuda.h"

static void (*fake_reset)(void);
static void (*fake_set_capturing)(int);
static void (*fake_fail)(const char *, int, int);
static void (*fake_advance)(double);
static long (*fake_launches)(void);
static long (*fake_live_events)(void);
static long (*fake_live_allocations)(void);


static int setup(void **state)
{
    (void)state;
    void *dl = dlopen(FAKE_LIBCUDA, RTLD_NOW | RTLD_LOCAL);
    if (!dl)
        fail_msg("cannot load %s: %s", FAKE_LIBCUDA, dlerror());
    BIND(dl, fake_reset, "fake_cuda_reset");
    BIND(dl, fake_log, "fake_cuda_log");
    BIND(dl, fake_set_capturing, "fake_cuda_set_capturing");
    BIND(dl, fake_fail, "fake_cuda_fail");
    BIND(dl, fake_advance, "fake_cuda_advance");
    BIND(dl, fake_launches, "fake_cuda_launches");
    BIND(dl, fake_live_events, "fake_cuda_live_events");
    BIND(dl, fake_live_allocations, "fake_cuda_live_allocations");
    return 0;
}

static int reset(void **state)
{
    (void)state;
    fake_reset();
    return 0;
}

static const tc_compile_env no_compiler = {.cache_dir = TRITONC_TEST_BINARY_DIR "/cuda-empty-cache", .jit = false};

/* A runtime on the fake, its log emptied after creation. */
static tc_runtime *fake_runtime(void)
{
    tc_runtime *rt = tc_runtime_create(&(tc_runtime_options){.libcuda = FAKE_LIBCUDA, .compile = &no_compiler});
    if (tc_runtime_failed(rt))
        fail_msg("%s", tc_runtime_error(rt));
    fake_reset();
    return rt;
}

/* Nothing of a benchmark is left with the driver. */
static void expect_nothing_left(void)
{
    assert_int_equal(fake_live_events(), 0);
    assert_int_equal(fake_live_allocations(), 0);
}

/* ---- a callback scripted per run ----------------------------------------------------------------- */

typedef struct script {
    int calls;
    int fail_at;       /* the call (from 1) that returns false; 0: none */
    double first_us;   /* the time of every call up to and including call `slow` */
    int slow;
    const double *then_us; /* the times of the calls after it, in turn (NULL: first_us) */
} script;

static bool scripted(tc_stream stream, void *user)
{
    (void)stream;
    script *s = user;
    s->calls++;
    if (s->calls == s->fail_at)
        return false;
    fake_advance(s->calls <= s->slow || !s->then_us ? s->first_us : s->then_us[s->calls - s->slow - 1]);
    return true;
}

static double close_to(double x, double want)
{
    return x > want - 1e-6 && x < want + 1e-6;
}

/* ---- the sequence and the counts ------------------------------------------------------------------ */

static void follows_do_bench_call_by_call(void **state)
{
    (void)state;
    tc_runtime *rt = fake_runtime();
    script s = {.first_us = 100};
    tc_bench_result r;
    /* an estimate of 0.1 ms (and a 4 KiB flush): 4 warm-up runs for 0.5 ms, 2 timed for 0.3 ms */
    assert_true(tc_bench(rt, NULL, scripted, &s, (tc_bench_opts){.warmup_ms = 0.5, .rep_ms = 0.3, .flush_bytes = 4096},
                         &r));
    assert_int_equal(r.warmups, 4);
    assert_int_equal(r.runs, 2);
    assert_int_equal(s.calls, 1 + 5 + 4 + 2);
    assert_true(r.estimate_ms > 0.1 && r.estimate_ms < 0.10001);
    const char *flush = "cuMemsetD32Async n=1024 value=0 stream=(nil)\n";
    char want[4096];
    snprintf(want, sizeof want,
             "cuStreamSynchronize (nil)\n"   /* after the first run */
             "cuMemAlloc 4096\n"             /* the flush buffer */
             "cuEventCreate 0\ncuEventCreate 0\n"
             "cuEventRecord stream=(nil)\n%s%s%s%s%s" /* the estimate: 5 flushed runs */
             "cuEventRecord stream=(nil)\ncuEventSynchronize\ncuEventElapsedTime\n"
             "cuEventDestroy\ncuEventDestroy\n"
             "cuEventCreate 0\ncuEventCreate 0\ncuEventCreate 0\ncuEventCreate 0\n"
             "%scuEventRecord stream=(nil)\ncuEventRecord stream=(nil)\n" /* timed run 1 */
             "%scuEventRecord stream=(nil)\ncuEventRecord stream=(nil)\n" /* timed run 2 */
             "cuStreamSynchronize (nil)\n"
             "cuEventElapsedTime\ncuEventElapsedTime\n"
             "cuEventDestroy\ncuEventDestroy\ncuEventDestroy\ncuEventDestroy\n"
             "cuStreamSynchronize (nil)\ncuMemFree\n",
             flush, flush, flush, flush, flush, flush, flush);
    assert_string_equal(fake_log(), want);
    assert_true(close_to(r.mean, 0.1) && close_to(r.median, 0.1) && close_to(r.min, 0.1) && close_to(r.max, 0.1));
    expect_nothing_left();
    tc_runtime_destroy(rt);
}

static void flushes_256_mib_by_default_and_not_when_asked(void **state)
{
    (void)state;
    tc_runtime *rt = fake_runtime();
    script s = {.first_us = 10000}; /* 10 ms a run: one warm-up and one timed run for 1 ms each */
    tc_bench_result r;
    assert_true(tc_bench(rt, NULL, scripted, &s, (tc_bench_opts){.warmup_ms = 1, .rep_ms = 1}, &r));
    assert_int_equal(r.warmups, 1);
    assert_int_equal(r.runs, 1);
    assert_non_null(strstr(fake_log(), "cuMemAlloc 268435456\n"));
    assert_non_null(strstr(fake_log(), "cuMemsetD32Async n=67108864 value=0 stream=(nil)\n"));
    /* the estimate counts the flush: 1 us per MiB on the fake's clock */
    assert_true(close_to(r.estimate_ms, 10.256));
    expect_nothing_left();

    fake_reset();
    s.calls = 0;
    assert_true(tc_bench(rt, NULL, scripted, &s, (tc_bench_opts){.warmup_ms = 1, .rep_ms = 1, .no_flush = true}, &r));
    assert_null(strstr(fake_log(), "cuMemAlloc"));
    assert_null(strstr(fake_log(), "cuMemsetD32Async"));
    assert_true(close_to(r.estimate_ms, 10));
    tc_runtime_destroy(rt);
}

/* A run of no time (an estimate of 0, where Python divides by zero): the most runs, no more. */
static void an_instant_run_is_timed_the_most_times(void **state)
{
    (void)state;
    tc_runtime *rt = fake_runtime();
    fake_fail("", 0, 0);
    script s = {.first_us = 0};
    tc_bench_result r;
    void (*set_logging)(int) = NULL;
    void *dl = dlopen(FAKE_LIBCUDA, RTLD_NOW | RTLD_LOCAL);
    BIND(dl, set_logging, "fake_cuda_set_logging");
    set_logging(0);
    assert_true(tc_bench(rt, NULL, scripted, &s, (tc_bench_opts){.no_flush = true}, &r));
    set_logging(1);
    dlclose(dl);
    assert_int_equal(r.warmups, TC_BENCH_MAX_RUNS);
    assert_int_equal(r.runs, TC_BENCH_MAX_RUNS);
    assert_true(r.mean == 0 && r.max == 0);
    expect_nothing_left();
    tc_runtime_destroy(rt);
}

/* ---- statistics ------------------------------------------------------------------------------------ */

static void reports_mean_median_min_max_and_quantiles(void **state)
{
    (void)state;
    tc_runtime *rt = fake_runtime();
    /* 1 ms runs up to the estimate's end and through 2 warm-ups (1 + 5 + 2 calls), then 5 timed */
    static const double timed_us[5] = {500, 100, 400, 200, 300};
    script s = {.first_us = 1000, .slow = 8, .then_us = timed_us};
    static const double q[5] = {0.5, 0.2, 0.8, 0, 1};
    tc_bench_result r;
    assert_true(tc_bench(rt, NULL, scripted, &s,
                         (tc_bench_opts){.warmup_ms = 2, .rep_ms = 5, .no_flush = true, .nquantiles = 5, .quantiles = q},
                         &r));
    assert_true(close_to(r.estimate_ms, 1));
    assert_int_equal(r.warmups, 2);
    assert_int_equal(r.runs, 5);
    assert_true(close_to(r.mean, 0.3));
    assert_true(close_to(r.median, 0.3));
    assert_true(close_to(r.min, 0.1));
    assert_true(close_to(r.max, 0.5));
    assert_true(close_to(r.quantiles[0], 0.3));
    assert_true(close_to(r.quantiles[1], 0.18)); /* position 0.8: 0.1 * 0.2 + 0.2 * 0.8 */
    assert_true(close_to(r.quantiles[2], 0.42)); /* position 3.2: 0.4 * 0.8 + 0.5 * 0.2 */
    assert_true(close_to(r.quantiles[3], 0.1));
    assert_true(close_to(r.quantiles[4], 0.5));
    tc_runtime_destroy(rt);
}

static void the_median_of_an_even_count_is_the_mean_of_the_middle_two(void **state)
{
    (void)state;
    float t[4] = {4, 1, 3, 2};
    const double q[1] = {0.5};
    tc_bench_result r = {0};
    cuda_bench_stats(t, 4, 1, q, &r);
    assert_true(r.median == 2.5 && r.quantiles[0] == 2.5 && r.mean == 2.5 && r.min == 1 && r.max == 4);
    float one[1] = {7};
    cuda_bench_stats(one, 1, 1, q, &r);
    assert_true(r.median == 7 && r.quantiles[0] == 7 && r.mean == 7);
}

/* ---- a kernel launch ------------------------------------------------------------------------------- */

static char vector_add_image[] = "FAKECUBIN symbol=vector_add args=8,8,8,4,8,8 time_us=2.5";

static tc_kernel *vector_add(tc_runtime *rt, tc_variant *v)
{
    const tl_kernel *k = tritonc_bundled_find("vector_add");
    const int block = 1024;
    *v = (tc_variant){.kernel = "vector_add",
                      .config = "BLOCK_SIZE=1024",
                      .spec = "DDDD",
                      .options = tc_options_filled((tc_options){0}),
                      .symbol = "vector_add",
                      .num_warps = 4,
                      .num_ctas = 1,
                      .nargs = 4,
                      .cubin = (const unsigned char *)vector_add_image,
                      .cubin_size = sizeof vector_add_image};
    v->ir_hash = tc_ir_hash(k, &block, "DDDD", v->options, NULL);
    assert_true(tc_runtime_add_variants(rt, 1, v));
    tc_kernel *h = tc_kernel_get(rt, k, NULL, (tc_options){0});
    assert_non_null(h);
    return h;
}

static void benchmarks_a_kernel_launch(void **state)
{
    (void)state;
    tc_runtime *rt = fake_runtime();
    tc_variant v;
    tc_kernel *h = vector_add(rt, &v);
    const tc_arg args[4] = {tc_ptr(0x10000, TL_F32), tc_ptr(0x20000, TL_F32), tc_ptr(0x30000, TL_F32), tc_i32(4096)};
    tc_bench_result r;
    assert_true(tc_bench_launch_args(h, tc_grid1(4), NULL, 4, args,
                                     (tc_bench_opts){.warmup_ms = 0.0101, .rep_ms = 0.0201, .no_flush = true}, &r));
    /* 2.5 us a launch: 4 warm-ups, 8 timed (events give float milliseconds, as torch's: 0.01 ms
     * would be 3 runs of 0.0025000000372 ms) */
    assert_int_equal(r.warmups, 4);
    assert_int_equal(r.runs, 8);
    assert_int_equal(fake_launches(), 1 + 5 + 4 + 8);
    assert_true(close_to(r.median, 0.0025));
    assert_non_null(strstr(fake_log(), "cuLaunchKernel vector_add grid=4x1x1 block=128 shared=0 stream=(nil)"));
    expect_nothing_left();
    tc_runtime_destroy(rt);
}

static void a_failing_launch_stops_it_with_the_launch_error(void **state)
{
    (void)state;
    tc_runtime *rt = fake_runtime();
    tc_variant v;
    tc_kernel *h = vector_add(rt, &v);
    const tc_arg args[3] = {tc_ptr(0x10000, TL_F32), tc_ptr(0x20000, TL_F32), tc_ptr(0x30000, TL_F32)};
    tc_bench_result r = {.runs = -7};
    int line = __LINE__ + 1;
    assert_false(tc_bench_launch_args(h, tc_grid1(4), NULL, 3, args, (tc_bench_opts){0}, &r));
    expect_error_at(rt, line,
                    "tc_bench_launch: kernel vector_add takes 4 arguments (x_ptr, y_ptr, output_ptr, n_elements), got 3");
    assert_int_equal(r.runs, -7); /* left alone */
    expect_nothing_left();
    tc_runtime_destroy(rt);
}

/* ---- errors ----------------------------------------------------------------------------------------- */

static void a_null_callback_or_result_is_an_error(void **state)
{
    (void)state;
    tc_runtime *rt = fake_runtime();
    tc_bench_result r;
    int line = __LINE__ + 1;
    assert_false(tc_bench(rt, NULL, NULL, NULL, (tc_bench_opts){0}, &r));
    expect_error_at(rt, line, "tc_bench: NULL function to benchmark");
    tc_runtime_clear_error(rt);
    script s = {.first_us = 1};
    line = __LINE__ + 1;
    assert_false(tc_bench(rt, NULL, scripted, &s, (tc_bench_opts){0}, NULL));
    expect_error_at(rt, line, "tc_bench: NULL result");
    assert_int_equal(s.calls, 0);
    assert_false(tc_bench(NULL, NULL, scripted, &s, (tc_bench_opts){0}, &r));
    assert_false(tc_bench_launch_args(NULL, tc_grid1(1), NULL, 0, NULL, (tc_bench_opts){0}, &r));
    tc_runtime_destroy(rt);
}

static void bad_options_are_errors(void **state)
{
    (void)state;
    tc_runtime *rt = fake_runtime();
    script s = {.first_us = 1};
    tc_bench_result r;
    const double q[2] = {0.5, 1.5};
    int line = __LINE__ + 1;
    assert_false(tc_bench(rt, NULL, scripted, &s, (tc_bench_opts){.nquantiles = 2, .quantiles = q}, &r));
    expect_error_at(rt, line, "tc_bench: quantile 1.5 is not in [0, 1]");
    tc_runtime_clear_error(rt);
    line = __LINE__ + 1;
    assert_false(tc_bench(rt, NULL, scripted, &s, (tc_bench_opts){.nquantiles = TC_BENCH_MAX_QUANTILES + 1, .quantiles = q}, &r));
    expect_error_at(rt, line, "tc_bench: 9 quantiles: from 0 to 8");
    tc_runtime_clear_error(rt);
    line = __LINE__ + 1;
    assert_false(tc_bench(rt, NULL, scripted, &s, (tc_bench_opts){.nquantiles = 1}, &r));
    expect_error_at(rt, line, "tc_bench: 1 quantiles at NULL: from 0 to 8");
    tc_runtime_clear_error(rt);
    line = __LINE__ + 1;
    assert_false(tc_bench(rt, NULL, scripted, &s, (tc_bench_opts){.rep_ms = -1}, &r));
    expect_error_at(rt, line, "tc_bench: warmup_ms 0 and rep_ms -1 must be finite and >= 0 (0: 25 and 100)");
    assert_int_equal(s.calls, 0);
    tc_runtime_destroy(rt);
}

static void a_failing_callback_stops_it(void **state)
{
    (void)state;
    tc_runtime *rt = fake_runtime();
    script s = {.first_us = 100, .fail_at = 3};
    tc_bench_result r;
    int line = __LINE__ + 1;
    assert_false(tc_bench(rt, NULL, scripted, &s, (tc_bench_opts){.flush_bytes = 64}, &r));
    expect_error_at(rt, line, "tc_bench: the benchmarked function failed (estimate run 2)");
    assert_int_equal(s.calls, 3);
    expect_nothing_left();
    tc_runtime_clear_error(rt);
    s = (script){.first_us = 100, .fail_at = 1 + 5 + 250 + 3}; /* 0.1 ms: 250 warm-up runs */
    line = __LINE__ + 1;
    assert_false(tc_bench(rt, NULL, scripted, &s, (tc_bench_opts){.no_flush = true}, &r));
    expect_error_at(rt, line, "tc_bench: the benchmarked function failed (timed run 3)");
    expect_nothing_left();
    tc_runtime_destroy(rt);
}

static void a_failing_driver_call_stops_it(void **state)
{
    (void)state;
    static const struct {
        const char *fn;
        int after;
        const char *want;
    } cases[] = {
        {"cuEventCreate", 3, "tc_bench: cuEventCreate failed: CUDA_ERROR_OUT_OF_MEMORY (2: out of memory)"},
        {"cuEventRecord", 4, "tc_bench: cuEventRecord failed: CUDA_ERROR_OUT_OF_MEMORY (2: out of memory)"},
        {"cuEventSynchronize", 0, "tc_bench: cuEventSynchronize failed: CUDA_ERROR_OUT_OF_MEMORY (2: out of memory)"},
        {"cuEventElapsedTime", 2, "tc_bench: cuEventElapsedTime failed: CUDA_ERROR_OUT_OF_MEMORY (2: out of memory)"},
        {"cuMemAlloc", 0,
         "tc_bench: cuMemAlloc failed (the L2 flush buffer): CUDA_ERROR_OUT_OF_MEMORY (2: out of memory)"},
        {"cuMemsetD32Async", 7,
         "tc_bench: cuMemsetD32Async failed (the L2 flush): CUDA_ERROR_OUT_OF_MEMORY (2: out of memory)"},
        {"cuStreamSynchronize", 1, "tc_bench: cuStreamSynchronize failed: CUDA_ERROR_OUT_OF_MEMORY (2: out of memory)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tc_runtime *rt = fake_runtime();
        script s = {.first_us = 100};
        tc_bench_result r;
        fake_fail(cases[i].fn, TCU_ERROR_OUT_OF_MEMORY, cases[i].after);
        int line = __LINE__ + 1;
        assert_false(tc_bench(rt, NULL, scripted, &s, (tc_bench_opts){.rep_ms = 1, .flush_bytes = 64}, &r));
        expect_error_at(rt, line, cases[i].want);
        expect_nothing_left();
        tc_runtime_destroy(rt);
    }
}

static void a_capturing_stream_is_refused(void **state)
{
    (void)state;
    tc_runtime *rt = fake_runtime();
    script s = {.first_us = 1};
    tc_bench_result r;
    fake_set_capturing(1);
    int line = __LINE__ + 1;
    assert_false(tc_bench(rt, NULL, scripted, &s, (tc_bench_opts){0}, &r));
    fake_set_capturing(0);
    expect_error_at(rt, line, "tc_bench: the stream is capturing a CUDA graph: benchmarking synchronizes it");
    assert_int_equal(s.calls, 0);
    tc_runtime_destroy(rt);
}

/* ---- host arithmetic -------------------------------------------------------------------------------- */

static void cdiv_and_next_power_of_2_follow_triton(void **state)
{
    (void)state;
    assert_int_equal(tc_cdiv(0, 4), 0);
    assert_int_equal(tc_cdiv(1, 4), 1);
    assert_int_equal(tc_cdiv(8, 4), 2);
    assert_int_equal(tc_cdiv(9, 4), 3);
    assert_int_equal(tc_cdiv(7, 0), 0);
    assert_true(tc_cdiv(UINT64_MAX, 1) == UINT64_MAX);
    assert_true(tc_cdiv(UINT64_MAX, 2) == (UINT64_C(1) << 63));
    assert_int_equal(tc_next_power_of_2(0), 0);
    assert_int_equal(tc_next_power_of_2(1), 1);
    assert_int_equal(tc_next_power_of_2(2), 2);
    assert_int_equal(tc_next_power_of_2(3), 4);
    assert_int_equal(tc_next_power_of_2(1000), 1024);
    assert_int_equal(tc_next_power_of_2(1024), 1024);
    assert_true(tc_next_power_of_2((UINT64_C(1) << 40) + 1) == (UINT64_C(1) << 41));
    assert_true(tc_next_power_of_2(UINT64_C(1) << 63) == (UINT64_C(1) << 63));
    assert_int_equal(tc_next_power_of_2((UINT64_C(1) << 63) + 1), 0);
    assert_int_equal(tc_next_power_of_2(UINT64_MAX), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(follows_do_bench_call_by_call, reset),
        cmocka_unit_test_setup(flushes_256_mib_by_default_and_not_when_asked, reset),
        cmocka_unit_test_setup(an_instant_run_is_timed_the_most_times, reset),
        cmocka_unit_test_setup(reports_mean_median_min_max_and_quantiles, reset),
        cmocka_unit_test(the_median_of_an_even_count_is_the_mean_of_the_middle_two),
        cmocka_unit_test_setup(benchmarks_a_kernel_launch, reset),
        cmocka_unit_test_setup(a_failing_launch_stops_it_with_the_launch_error, reset),
        cmocka_unit_test_setup(a_null_callback_or_result_is_an_error, reset),
        cmocka_unit_test_setup(bad_options_are_errors, reset),
        cmocka_unit_test_setup(a_failing_callback_stops_it, reset),
        cmocka_unit_test_setup(a_failing_driver_call_stops_it, reset),
        cmocka_unit_test_setup(a_capturing_stream_is_refused, reset),
        cmocka_unit_test(cdiv_and_next_power_of_2_follow_triton),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
