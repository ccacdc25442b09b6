/* Out of memory at every allocation point: for every bundled kernel, the 1st, 2nd, 3rd ...
 * allocation of its build fails in turn (through the hook of tcir_set_alloc_hook) until the
 * build makes no more allocations than that. Each run must end in a clean error naming
 * "out of memory": no abort, no crash, and (in the sanitizer build, which checks leaks) no leak. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bundled.h"
#include "fake_failing_allocator.h"
#include "tritonc/tritonc.h"

/* Builds kernel k (default config) under the fake; returns its allocations. */
static long build(const tl_kernel *k, tl_emit_opts opts, fake_failing_allocator *f, char **text, char **err)
{
    f->count = 0;
    tcir_set_alloc_hook(fake_failing_allocator_hook, f);
    *text = tl_kernel_emit(k, NULL, opts, err);
    tcir_set_alloc_hook(NULL, NULL);
    return (long)f->count;
}

/* Fails each allocation of k's build in turn; returns the number of runs. */
static long sweep_kernel(const tl_kernel *k, tl_emit_opts opts)
{
    fake_failing_allocator f = {0};
    char *text, *err;
    long total = build(k, opts, &f, &text, &err);
    if (!text)
        fail_msg("%s does not build: %s", k->name, err ? err : "(no message)");
    free(text);
    /* The sweep's premise: a build makes the same allocations every time (no memo or table
     * whose hits depend on where the arena happened to put things). */
    long again = build(k, opts, &f, &text, &err);
    free(text);
    if (again != total)
        fail_msg("%s: one build made %ld allocations, the next %ld", k->name, total, again);
    long runs = 0;
    for (long n = 1; n <= total; n++, runs++) {
        f = (fake_failing_allocator){.fail_at = n};
        build(k, opts, &f, &text, &err);
        if (text)
            fail_msg("%s: allocation %ld of %ld failed, yet the kernel built", k->name, n, total);
        if (!err)
            fail_msg("%s: allocation %ld of %ld failed with no message", k->name, n, total);
        if (!strstr(err, "out of memory"))
            fail_msg("%s: allocation %ld of %ld failed with another message: %s", k->name, n, total, err);
        free(err);
    }
    return runs;
}

/* Kernels whose loops read loop.args after an error: before issue 8's scope change, a loop
 * opened on a builder in error has NULL args, and these would crash in their own code. */
static const char *const reading_loop_args[] = {"control", "matmul"};

/* Whether a loop opened after an error has usable (poison) arguments. */
static bool failed_loops_have_args(void)
{
    tl_builder *b = tl_builder_create("probe");
    tl_value x = tl_arg(b, "x", TL_SCALAR(TL_I32));
    tl_arange(b, 0, 3); /* an error */
    tl_scope loop = tl_for(b, 0, 4, 1, .inits = TL_VALUES(x));
    bool usable = loop.args != NULL;
    tl_builder_destroy(b);
    return usable;
}

static bool awaiting(const char *name)
{
    static int skip = -1;
    if (skip < 0)
        skip = !failed_loops_have_args();
    for (size_t i = 0; skip && i < sizeof reading_loop_args / sizeof *reading_loop_args; i++)
        if (strcmp(name, reading_loop_args[i]) == 0) {
            print_message("%s skipped: loops opened after an error have no arguments yet\n", name);
            return true;
        }
    return false;
}

/* One allocation fails, for each allocation of each kernel's build in turn. */
static void each_allocation_fails_in_turn(void **state)
{
    (void)state;
    long runs = 0;
    int kernels = 0;
    for (int i = 0; i < tritonc_bundled_count(); i++) {
        const tl_kernel *k = tritonc_bundled_at(i);
        if (awaiting(k->name))
            continue;
        /* the pretty form with locations, and the generic form without (two printers) */
        runs += sweep_kernel(k, (tl_emit_opts){0});
        runs += sweep_kernel(k, (tl_emit_opts){.generic = true, .no_locations = true});
        kernels++;
    }
    print_message("%ld runs over %d kernels, each a clean error\n", runs, kernels);
}

/* The message names the call that was running out: its C line, and the call. */
static void message_names_the_call(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arange(b, 0, 64);
    fake_failing_allocator f = {.fail_at = 1};
    tcir_set_alloc_hook(fake_failing_allocator_hook, &f);
    tl_value y = tl_exp(tl_to(x, TL_F32)); int line = __LINE__;
    tcir_set_alloc_hook(NULL, NULL);
    assert_true(tl_value_is_poison(y));
    assert_true(tl_builder_failed(b));
    char want[256];
    snprintf(want, sizeof want, "%s:%d: tl_to: out of memory", __FILE__, line);
    assert_string_equal(tl_builder_error(b), want);
    assert_null(tl_finish(b));
    assert_string_equal(tl_builder_error(b), want);
    tl_builder_destroy(b);
}

/* The builder itself cannot be made: NULL, and every call on NULL is a no-op. */
static void builder_creation_fails(void **state)
{
    (void)state;
    fake_failing_allocator f = {.fail_at = 1};
    tcir_set_alloc_hook(fake_failing_allocator_hook, &f);
    tl_builder *b = tl_builder_create("k");
    tcir_set_alloc_hook(NULL, NULL);
    assert_null(b);
    assert_true(tl_value_is_poison(tl_arange(b, 0, 64)));
    assert_null(tl_finish(b));
    assert_string_equal(tl_builder_error(b), "tritonc: NULL builder");
    tl_builder_destroy(b);
}

/* The IR layer alone: the first failure serves from the reserve, and only once that is spent
 * do the allocators and constructors return NULL. */
static bool fake_no_memory_hook(size_t size, void *user)
{
    (void)size;
    (void)user;
    return false;
}

static void reserve_then_null(void **state)
{
    (void)state;
    tcir_context *ctx = tcir_context_create();
    const tcir_type *f32 = tcir_type_float(ctx, TCIR_F32);
    tcir_set_alloc_hook(fake_no_memory_hook, NULL);
    assert_false(tcir_context_oom(ctx));
    assert_non_null(tcir_alloc(ctx, 64)); /* the reserve */
    assert_true(tcir_context_oom(ctx));
    assert_null(tcir_alloc(ctx, SIZE_MAX)); /* never fits: rounding it up would overflow */
    assert_null(tcir_alloc(ctx, 1 << 20));  /* bigger than the reserve */
    while (tcir_alloc(ctx, 1024))           /* spend it */
        ;
    while (tcir_alloc(ctx, 16))
        ;
    assert_null(tcir_type_tensor(ctx, 1, (int64_t[]){64}, f32));
    assert_null(tcir_attr_int(ctx, 1, f32));
    assert_null(tcir_op_create(ctx, &(tcir_op_state){.name = "tt.stand_in"}));
    assert_null(tcir_strdup(ctx, "text", 4));
    assert_true(tcir_type_float(ctx, TCIR_F32) == f32); /* interned before: found, no allocation */
    tcir_set_alloc_hook(NULL, NULL);
    assert_true(tcir_context_oom(ctx)); /* for good */
    tcir_context_destroy(ctx);
    assert_false(tcir_context_oom(NULL));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(message_names_the_call),
        cmocka_unit_test(builder_creation_fails),
        cmocka_unit_test(reserve_then_null),
        cmocka_unit_test(each_allocation_fails_in_turn),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
