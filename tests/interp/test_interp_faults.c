/* The interpreter under faults (issue 29): loop bounds at the ends of their type, loops whose
 * body does nothing against the step limit, and allocations refused by the allocation hook. */
#define _POSIX_C_SOURCE 200809L /* alarm */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "fake_failing_allocator.h"
#include "tritonc/interp.h"
#include "interp_kernels.h"
#include "tritonc/tritonc.h"

/* ---- scf.for at the ends of the IV's type ----------------------------------------------------- */

/* A loop from lo to hi by step over an IV of type t: its trip count in *count, its last IV in
 * *last (lo when it never runs). */
static void run_for(tl_dtype t, int64_t lo, int64_t hi, int64_t step, int32_t *count, int64_t *last)
{
    tl_builder *b = start("extreme_for");
    tl_value lo_v = tl_arg(b, "lo", TL_SCALAR(t)), hi_v = tl_arg(b, "hi", TL_SCALAR(t));
    tl_value st_v = tl_arg(b, "step", TL_SCALAR(t));
    tl_value cp = tl_arg(b, "count", TL_PTR(TL_I32)), lp = tl_arg(b, "last", TL_PTR(t));
    tl_value n = tl_to_tensor(b, 0), iv_last = lo_v;
    tl_scope loop = tl_for(b, lo_v, hi_v, st_v, .carry = TL_VARS(&n, &iv_last));
    n = tl_add(n, 1);
    iv_last = loop.iv;
    tl_end(&loop);
    tl_store(cp, n);
    tl_store(lp, iv_last);
    finish(b);
    tc_interp *ip = tc_interp_create(tl_builder_func(b));
    tc_interp_set_step_limit(ip, 100000); /* a loop running on past its end is an error, not a wait */
    int64_t l = 0;
    *count = -1;
    if (!tc_interp_launch(ip, tc_interp_grid1(1), tc_interp_int(lo), tc_interp_int(hi), tc_interp_int(step),
                          tc_interp_ptr(count, sizeof *count), tc_interp_ptr(&l, tl_dtype_bits(t) / 8)))
        fail_msg("run failed: %s", tc_interp_error(ip));
    *last = t == TL_I32 ? (int64_t)(int32_t)l : l; /* an i32 store writes the low 4 bytes */
    tc_interp_destroy(ip);
    tl_builder_destroy(b);
}

/* Bounds of opposite sign, and the type's extremes: the trip count is ceil((hi - lo) / step),
 * computed without overflow (UBSan checks), and the loop neither stops early nor wraps. */
static void test_for_extreme_bounds(void **state)
{
    (void)state;
    static const struct {
        tl_dtype t;
        int64_t lo, hi, step;
        int32_t count;
        int64_t last;
    } cases[] = {
        {TL_I64, -10, INT64_MAX, INT64_C(1) << 62, 3, INT64_MAX - 9},
        {TL_I64, INT64_MIN, INT64_MAX, INT64_C(1) << 62, 4, INT64_C(1) << 62},
        {TL_I64, INT64_MIN, INT64_MAX, INT64_MAX, 3, INT64_MAX - 1},
        {TL_I64, INT64_MAX - 1, INT64_MAX, INT64_MAX, 1, INT64_MAX - 1},
        {TL_I64, INT64_MAX, INT64_MIN, 1, 0, INT64_MAX},
        {TL_I64, INT64_MIN, INT64_MIN + 3, 1, 3, INT64_MIN + 2},
        {TL_I32, INT32_MIN, INT32_MAX, INT64_C(1) << 30, 4, INT64_C(1) << 30},
        {TL_I32, INT32_MIN, INT32_MAX, INT32_MAX, 3, INT32_MAX - 1},
        {TL_I32, INT32_MAX - 1, INT32_MAX, INT32_MAX, 1, INT32_MAX - 1},
        {TL_I32, -5, INT32_MAX, INT64_C(1) << 30, 3, (INT64_C(1) << 31) - 5},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int32_t count;
        int64_t last;
        run_for(cases[i].t, cases[i].lo, cases[i].hi, cases[i].step, &count, &last);
        if (count != cases[i].count || last != cases[i].last)
            fail_msg("case %zu: for %lld .. %lld by %lld: %d turns, last iv %lld (want %d, %lld)", i,
                     (long long)cases[i].lo, (long long)cases[i].hi, (long long)cases[i].step, count, (long long)last,
                     cases[i].count, (long long)cases[i].last);
    }
}

/* ---- the step limit bounds loops that run no op but their terminator -------------------------- */

/* A for loop of 2^63 turns with an empty body, and a while loop whose condition is computed
 * before it: each turn runs only terminators. With a step limit of 1000, each is an error at
 * once. alarm() turns a hang into a failure. */
static void test_step_limit_empty_loops(void **state)
{
    (void)state;
    alarm(20);
    tl_builder *b = start("empty_for");
    tl_value lo = tl_arg(b, "lo", TL_SCALAR(TL_I64)), hi = tl_arg(b, "hi", TL_SCALAR(TL_I64));
    tl_value step = tl_arg(b, "step", TL_SCALAR(TL_I64));
    tl_scope loop = tl_for(b, lo, hi, step);
    tl_end(&loop);
    finish(b);
    tc_interp *ip = tc_interp_create(tl_builder_func(b));
    tc_interp_set_step_limit(ip, 1000);
    assert_false(tc_interp_launch(ip, tc_interp_grid1(1), tc_interp_int(0), tc_interp_int(INT64_MAX), tc_interp_int(1)));
    const char *e = tc_interp_error(ip);
    if (!strstr(e, "scf.yield: step limit of 1000 ops reached in program (0, 0, 0)"))
        fail_msg("unexpected error: %s", e);
    tc_interp_destroy(ip);
    tl_builder_destroy(b);

    b = start("empty_while");
    tl_value go = tl_gt(tl_arg(b, "n", TL_SCALAR(TL_I32)), 0);
    tl_scope w = tl_while(b);
    tl_do(&w, go);
    tl_end(&w);
    finish(b);
    ip = tc_interp_create(tl_builder_func(b));
    tc_interp_set_step_limit(ip, 1000);
    assert_false(tc_interp_launch(ip, tc_interp_grid1(1), tc_interp_int(1)));
    e = tc_interp_error(ip);
    if (!strstr(e, "step limit of 1000 ops reached in program (0, 0, 0)"))
        fail_msg("unexpected error: %s", e);
    tc_interp_destroy(ip);
    tl_builder_destroy(b);
    alarm(0);
}

/* ---- allocations refused: tt.dot ---------------------------------------------------------------- */

enum { D = 16 };

/* The interpreter's allocations go through the allocation hook (docs/errors.md): refusing the
 * 1st, 2nd, ... allocation of a run of a dot kernel ends it in one "out of memory" error, and
 * leaks nothing (the sanitizer build checks), until a run needs no more. */
static void test_dot_out_of_memory(void **state)
{
    (void)state;
    tl_builder *b = start("dot");
    tl_value ap = tl_arg(b, "a", TL_PTR(TL_F32)), bp = tl_arg(b, "b", TL_PTR(TL_F32)), cp = tl_arg(b, "c", TL_PTR(TL_F32));
    tl_value r = tl_arange(b, 0, D);
    tl_value idx = tl_add(tl_mul(tl_expand_dims(r, 1), D), tl_expand_dims(r, 0));
    tl_store(tl_addptr(cp, idx), tl_dot(tl_load(tl_addptr(ap, idx)), tl_load(tl_addptr(bp, idx))));
    finish(b);
    static float a[D * D], m[D * D], c[D * D];
    for (int i = 0; i < D * D; i++)
        a[i] = (float)(i % 7), m[i] = (float)(i % 5);
    int failures = 0;
    for (unsigned long at = 1;; at++) {
        fake_failing_allocator f = {.fail_at = at};
        tcir_set_alloc_hook(fake_failing_allocator_hook, &f);
        tc_interp *ip = tc_interp_create(tl_builder_func(b));
        bool ok = ip && tc_interp_launch(ip, tc_interp_grid1(1), tc_interp_ptr(a, sizeof a), tc_interp_ptr(m, sizeof m),
                                         tc_interp_ptr(c, sizeof c));
        tcir_set_alloc_hook(NULL, NULL);
        if (f.count < at) { /* nothing refused: the sweep is done */
            if (!ok)
                fail_msg("a run with every allocation granted failed: %s", tc_interp_error(ip));
            tc_interp_destroy(ip);
            break;
        }
        if (ok)
            fail_msg("allocation %lu refused, yet the run succeeded", at);
        if (ip && !strstr(tc_interp_error(ip), "out of memory"))
            fail_msg("allocation %lu refused: %s", at, tc_interp_error(ip));
        failures++;
        tc_interp_destroy(ip);
    }
    assert_true(failures > 3); /* the run allocates: create, slots, tensors, dot's scratch */
    tl_builder_destroy(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_for_extreme_bounds),
        cmocka_unit_test(test_step_limit_empty_loops),
        cmocka_unit_test(test_dot_out_of_memory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
