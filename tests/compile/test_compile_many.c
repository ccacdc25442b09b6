/* Several compiles at once (tc_compile_many) through the stand-in compiler: the children run
 * side by side (M compiles sleeping 0.3 s each end in well under M * 0.3 s), every job gets its
 * variant or its error, progress counts each end once, and the parallelism's sources. */
#include "stand_in.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include <cmocka.h>

#include "bundled.h"
#include "tritonc/tritonc.h"

enum { M = 6 };

static int setup(void **state)
{
    (void)state;
    stand_in_reset();
    unsetenv("TRITONC_COMPILE_JOBS");
    return 0;
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

typedef struct seen {
    int calls, last;
    bool in_order;
} seen;

static void count(int ended, int n, const tc_compile_job *job, void *user)
{
    seen *s = user;
    assert_int_equal(n, M);
    assert_non_null(job);
    s->in_order = s->in_order && ended == s->last + 1;
    s->last = ended;
    s->calls++;
}

/* M configs of vector_add (BLOCK_SIZE 64 ... 2048): M distinct variants. */
static void jobs_of(tc_compile_job *jobs, unsigned char cfgs[M][64])
{
    const tl_kernel *k = tritonc_bundled_find("vector_add");
    assert_non_null(k);
    for (int i = 0; i < M; i++) {
        char value[16], why[128];
        memcpy(cfgs[i], k->cfg_default, k->cfg_size);
        snprintf(value, sizeof value, "%d", 64 << i);
        assert_true(tl_kernel_set(k, cfgs[i], "BLOCK_SIZE", value, why, sizeof why));
        jobs[i] = (tc_compile_job){.kernel = k, .cfg = cfgs[i]};
    }
}

static void compiles_overlap(void **state)
{
    (void)state;
    char dir[1024];
    tc_compile_env env = stand_in_env(stand_in_fresh_dir("many", dir, sizeof dir));
    setenv("STAND_IN_SLEEP_MS", "300", 1);
    tc_compile_job jobs[M];
    unsigned char cfgs[M][64];
    jobs_of(jobs, cfgs);
    seen s = {.in_order = true};
    double t0 = now_s();
    assert_int_equal(tc_compile_many(M, jobs, &env, M, count, &s), M);
    double took = now_s() - t0;
    assert_true(took < 0.6 * M * 0.3); /* one after the other: M * 0.3 s at least */
    assert_int_equal(s.calls, M);
    assert_true(s.in_order);
    assert_int_equal(stand_in_runs(dir, "compile"), M);
    for (int i = 0; i < M; i++) {
        assert_non_null(jobs[i].variant);
        assert_null(jobs[i].err);
        char want[32];
        snprintf(want, sizeof want, "BLOCK_SIZE=%d", 64 << i);
        assert_string_equal(jobs[i].variant->config, want);
        tc_variant_free(jobs[i].variant);
    }
    /* again: every one from the cache, nothing compiled */
    unsetenv("STAND_IN_SLEEP_MS");
    assert_int_equal(tc_compile_many(M, jobs, &env, 2, NULL, NULL), M);
    assert_int_equal(stand_in_runs(dir, "compile"), M);
    for (int i = 0; i < M; i++)
        tc_variant_free(jobs[i].variant);
}

static void failures_are_per_job(void **state)
{
    (void)state;
    char dir[1024];
    tc_compile_env env = stand_in_env(stand_in_fresh_dir("many-fail", dir, sizeof dir));
    setenv("STAND_IN_FAIL", "1", 1);
    tc_compile_job jobs[M];
    unsigned char cfgs[M][64];
    jobs_of(jobs, cfgs);
    assert_int_equal(tc_compile_many(M, jobs, &env, 3, NULL, NULL), 0);
    for (int i = 0; i < M; i++) {
        assert_null(jobs[i].variant);
        assert_non_null(jobs[i].err);
        assert_non_null(strstr(jobs[i].err, "the compiler failed"));
        free(jobs[i].err);
    }
}

static void parallelism(void **state)
{
    (void)state;
    char *err = NULL;
    assert_int_equal(tc_compile_jobs(3, &err), 3);
    assert_int_equal(tc_compile_jobs(100000, &err), 256);
    assert_true(tc_compile_jobs(0, &err) >= 1); /* the CPUs */
    setenv("TRITONC_COMPILE_JOBS", "5", 1);
    assert_int_equal(tc_compile_jobs(0, &err), 5);
    assert_int_equal(tc_compile_jobs(2, &err), 2); /* an explicit count wins */
    setenv("TRITONC_COMPILE_JOBS", "0x4", 1);
    assert_int_equal(tc_compile_jobs(0, &err), 0);
    assert_string_equal(err, "TRITONC_COMPILE_JOBS='0x4': expected an integer from 1 to 256");
    free(err);
    /* a bad value fails every job with the message, compiling nothing */
    char dir[1024];
    tc_compile_env env = stand_in_env(stand_in_fresh_dir("many-env", dir, sizeof dir));
    tc_compile_job jobs[M];
    unsigned char cfgs[M][64];
    jobs_of(jobs, cfgs);
    assert_int_equal(tc_compile_many(M, jobs, &env, 0, NULL, NULL), 0);
    for (int i = 0; i < M; i++) {
        assert_string_equal(jobs[i].err, "TRITONC_COMPILE_JOBS='0x4': expected an integer from 1 to 256");
        free(jobs[i].err);
    }
    assert_int_equal(stand_in_runs(dir, "compile"), 0);
    assert_int_equal(tc_compile_many(0, jobs, &env, 0, NULL, NULL), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(compiles_overlap, setup),
        cmocka_unit_test_setup(failures_are_per_job, setup),
        cmocka_unit_test_setup(parallelism, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
