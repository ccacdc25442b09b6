/* The builder and the language under faults (issue 29): scopes nested past the limit, and at
 * the limit printed, verified and interpreted on a thread with a 1 MB stack; a negative
 * argument-order count; tl_umulhi of a float, at its call. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tritonc/interp.h"
#include "tritonc/tritonc.h"

/* ---- nesting ---------------------------------------------------------------------------------- */

/* A kernel of depth scopes nested in one another: for loops of one turn, every third an if,
 * storing 1 at the innermost. NULL text when it fails; the builder in *out. */
static char *nested(int depth, tl_builder **out, int *fail_line)
{
    tl_builder *b = tl_builder_create("nested");
    tl_builder_set_locations(b, true);
    tl_value o = tl_arg(b, "o", TL_PTR(TL_I32));
    tl_scope *scopes = calloc((size_t)depth + 1, sizeof *scopes);
    for (int i = 0; i < depth; i++) {
        *fail_line = __LINE__ + 1;
        scopes[i] = i % 3 == 2 ? tl_if(tl_gt(tl_program_id(b, 0), -1)) : tl_for(b, 0, 1, 1);
    }
    tl_store(o, 1);
    for (int i = depth - 1; i >= 0; i--)
        tl_end(&scopes[i]);
    free(scopes);
    *out = b;
    return tl_finish(b);
}

typedef struct nest_job {
    int depth;
    bool printed, verified, interpreted;
    char error[512];
} nest_job;

/* On the small thread: build and finish (which verifies and prints), verify again, print the
 * generic form, then interpret. */
static void *nest_run(void *arg)
{
    nest_job *j = arg;
    tl_builder *b = NULL;
    int line = 0;
    char *text = nested(j->depth, &b, &line);
    j->printed = text != NULL;
    if (!text)
        snprintf(j->error, sizeof j->error, "%s", tl_builder_error(b));
    free(text);
    char err[256];
    j->verified = text && tcir_verify(tl_builder_module(b), err, sizeof err);
    char *generic = j->verified ? tcir_print(tl_builder_module(b), (tcir_print_opts){.generic = true}, NULL) : NULL;
    j->printed = j->printed && generic;
    free(generic);
    if (j->verified) {
        int32_t v = 0;
        tc_interp *ip = tc_interp_create(tl_builder_func(b));
        j->interpreted = tc_interp_launch(ip, tc_interp_grid1(1), tc_interp_ptr(&v, sizeof v)) && v == 1;
        if (!j->interpreted)
            snprintf(j->error, sizeof j->error, "%s", tc_interp_error(ip));
        tc_interp_destroy(ip);
    }
    tl_builder_destroy(b);
    return NULL;
}

static void run_on_small_stack(nest_job *j)
{
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, 1 << 20);
    pthread_t t;
    assert_int_equal(pthread_create(&t, &attr, nest_run, j), 0);
    pthread_join(t, NULL);
    pthread_attr_destroy(&attr);
}

/* At the limit, a kernel prints, verifies and runs on a 1 MB stack; one scope deeper is one
 * error, at the scope that goes too deep. */
static void test_nesting_limit(void **state)
{
    (void)state;
    nest_job j = {.depth = TL_MAX_NESTING};
    run_on_small_stack(&j);
    if (!j.printed || !j.verified || !j.interpreted)
        fail_msg("depth %d: printed %d verified %d interpreted %d: %s", j.depth, j.printed, j.verified, j.interpreted,
                 j.error);

    tl_builder *b = NULL;
    int line = 0;
    char *text = nested(TL_MAX_NESTING + 1, &b, &line);
    assert_null(text);
    char want[256];
    snprintf(want, sizeof want, "%s:%d: tl_if: scopes nest %d deep at most (TL_MAX_NESTING)", __FILE__, line,
             TL_MAX_NESTING);
    if (TL_MAX_NESTING % 3 != 2) /* scope TL_MAX_NESTING (from 0) is a for */
        snprintf(want, sizeof want, "%s:%d: tl_for: scopes nest %d deep at most (TL_MAX_NESTING)", __FILE__, line,
                 TL_MAX_NESTING);
    assert_string_equal(tl_builder_error(b), want);
    tl_builder_destroy(b);
}

/* ---- tl_builder_set_arg_order with a negative count -------------------------------------------- */

static void test_arg_order_negative_count(void **state)
{
    (void)state;
    static const char *const names[] = {"x", "y"};
    tl_builder *b = tl_builder_create("order");
    tl_value x = tl_arg(b, "x", TL_PTR(TL_F32)), y = tl_arg(b, "y", TL_PTR(TL_F32));
    tl_store(y, tl_load(x));
    tl_builder_set_arg_order(b, -1, names);
    char *text = tl_finish(b);
    assert_null(text);
    const char *e = tl_builder_error(b);
    if (!strstr(e, "argument order: -1 names (a count cannot be negative)"))
        fail_msg("unexpected error: %s", e);
    tl_builder_destroy(b);
}

/* ---- tl_umulhi of a float: at the call, as Python's _check_dtype says it ------------------------ */

static void test_umulhi_float_at_call(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("umulhi");
    tl_builder_set_locations(b, true);
    tl_value x = tl_arg(b, "x", TL_PTR(TL_I32));
    int line = __LINE__ + 1;
    tl_value h = tl_umulhi(tl_load(x), 1.5);
    tl_store(x, tl_cast(h, TL_I32));
    char *text = tl_finish(b);
    assert_null(text);
    char want[256];
    snprintf(want, sizeof want, "%s:%d: tl_umulhi: expected dtype in [int32, int64, uint32, uint64] but got float32",
             __FILE__, line);
    assert_string_equal(tl_builder_error(b), want);
    tl_builder_destroy(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nesting_limit),
        cmocka_unit_test(test_arg_order_negative_count),
        cmocka_unit_test(test_umulhi_float_at_call),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
