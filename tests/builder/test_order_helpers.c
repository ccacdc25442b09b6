/* Ported @jit helpers called inside an expression: begun with their caller's site
 * (tl_builder_helper_begin_at), a call's ops are placed as one unit at the call's place in the
 * text, Python's order, whatever order the compiler made the expression's parts in. Every
 * expected text below is the one Python's order gives; gcc's build (right to left) and clang's
 * (left to right) run this test, so they print the same. A call that cannot be placed so (an
 * effect in another part of its expression) is an error at the call. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tritonc/standard.h"
#include "tritonc/tritonc.h"

/* The helpers, each taking its caller's site as the library's calls do. */
static tl_value ext_program_id_at(tl_site site, tl_builder *b, int axis)
{
    tl_builder_helper_begin_at(site, b);
    tl_value pid = tl_program_id(b, axis);
    tl_builder_helper_end(b);
    return pid;
}
#define ext_program_id(b, axis) ext_program_id_at(TL_SITE("ext_program_id"), (b), (axis))

/* A body with an expression of its own: its ops keep their order (exp before log). */
static tl_value ext_soft_at(tl_site site, tl_value x)
{
    tl_builder_helper_begin_at(site, x.b);
    tl_value r = tl_add(tl_exp(x), tl_log(x));
    tl_builder_helper_end(x.b);
    return r;
}
#define ext_soft(x) ext_soft_at(TL_SITE("ext_soft"), (x))

/* A helper calling a helper inside its own expression. */
static tl_value ext_outer_at(tl_site site, tl_value x)
{
    tl_builder_helper_begin_at(site, x.b);
    tl_value r = tl_sub(tl_sin(x), ext_soft(tl_cos(x)));
    tl_builder_helper_end(x.b);
    return r;
}
#define ext_outer(x) ext_outer_at(TL_SITE("ext_outer"), (x))

static tl_value ext_scale_at(tl_site site, tl_value x, int k)
{
    tl_builder_helper_begin_at(site, x.b);
    tl_value r = tl_mul(x, k);
    tl_builder_helper_end(x.b);
    return r;
}
#define ext_scale(x, k) ext_scale_at(TL_SITE("ext_scale"), (x), (k))

static tl_value ext_load_at(tl_site site, tl_value p)
{
    tl_builder_helper_begin_at(site, p.b);
    tl_value r = tl_load(p);
    tl_builder_helper_end(p.b);
    return r;
}
#define ext_load(p) ext_load_at(TL_SITE("ext_load"), (p))

static char *finish_or_fail(tl_builder *b)
{
    char *text = tl_finish(b);
    if (!text)
        fail_msg("finish failed: %s", tl_builder_error(b));
    return text;
}

static void assert_kernel(tl_builder *b, const char *want)
{
    char *text = finish_or_fail(b);
    assert_string_equal(text, want);
    free(text);
    tl_builder_destroy(b);
}

/* Issue 29's case: Python makes pid * 128 (the left operand) before the arange. */
static void a_helper_call_takes_its_place_in_the_expression(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_I64));
    tl_value offs = tl_add(tl_mul(tl_to(ext_program_id(b, 0), TL_I64), 128), tl_expand_dims(tl_arange(b, 0, 16), 0));
    tl_store(tl_addptr(p, offs), offs);
    assert_kernel(b, "module {\n"
                     "  tt.func public @k(%arg0: !tt.ptr<i64> {tt.divisibility = 16 : i32}) attributes {noinline = false} {\n"
                     "    %c128_i64 = arith.constant 128 : i64\n"
                     "    %0 = tt.get_program_id x : i32\n"
                     "    %1 = arith.extsi %0 : i32 to i64\n"
                     "    %2 = arith.muli %1, %c128_i64 : i64\n"
                     "    %3 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>\n"
                     "    %4 = tt.expand_dims %3 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>\n"
                     "    %5 = arith.extsi %4 : tensor<1x16xi32> to tensor<1x16xi64>\n"
                     "    %6 = tt.splat %2 : i64 -> tensor<1x16xi64>\n"
                     "    %7 = arith.addi %6, %5 : tensor<1x16xi64>\n"
                     "    %8 = tt.splat %arg0 : !tt.ptr<i64> -> tensor<1x16x!tt.ptr<i64>>\n"
                     "    %9 = tt.addptr %8, %7 : tensor<1x16x!tt.ptr<i64>>, tensor<1x16xi64>\n"
                     "    tt.store %9, %7 : tensor<1x16x!tt.ptr<i64>>\n"
                     "    tt.return\n"
                     "  }\n"
                     "}\n");
}

/* A call on the right of its expression: the left part first, then the call's ops in their
 * own order, then the rest. */
static void a_call_keeps_its_own_order_on_the_right(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", TL_SCALAR(TL_F32));
    tl_value p = tl_arg(b, "p", TL_PTR(TL_F32));
    tl_store(p, tl_add(tl_mul(x, tl_sqrt(x)), ext_soft(x)));
    assert_kernel(b, "module {\n"
                     "  tt.func public @k(%arg0: f32, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {\n"
                     "    %0 = math.sqrt %arg0 : f32\n"
                     "    %1 = arith.mulf %arg0, %0 : f32\n"
                     "    %2 = math.exp %arg0 : f32\n"
                     "    %3 = math.log %arg0 : f32\n"
                     "    %4 = arith.addf %2, %3 : f32\n"
                     "    %5 = arith.addf %1, %4 : f32\n"
                     "    tt.store %arg1, %5 : !tt.ptr<f32>\n"
                     "    tt.return\n"
                     "  }\n"
                     "}\n");
}

/* Two calls of one helper in one expression (its sites run twice: no new pass of the caller's),
 * and a helper calling one inside its own expression. */
static void two_calls_and_a_nested_call_follow_the_text(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", TL_SCALAR(TL_F32));
    tl_value p = tl_arg(b, "p", TL_PTR(TL_F32));
    tl_store(p, tl_add(tl_add(tl_abs(x), ext_soft(x)), ext_soft(tl_floor(x))));
    tl_store(p, tl_mul(tl_ceil(x), ext_outer(tl_neg(x))));
    assert_kernel(b, "module {\n"
                     "  tt.func public @k(%arg0: f32, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {\n"
                     "    %cst = arith.constant 0.000000e+00 : f32\n"
                     "    %0 = math.absf %arg0 : f32\n"
                     "    %1 = math.exp %arg0 : f32\n"
                     "    %2 = math.log %arg0 : f32\n"
                     "    %3 = arith.addf %1, %2 : f32\n"
                     "    %4 = arith.addf %0, %3 : f32\n"
                     "    %5 = math.floor %arg0 : f32\n"
                     "    %6 = math.exp %5 : f32\n"
                     "    %7 = math.log %5 : f32\n"
                     "    %8 = arith.addf %6, %7 : f32\n"
                     "    %9 = arith.addf %4, %8 : f32\n"
                     "    tt.store %arg1, %9 : !tt.ptr<f32>\n"
                     "    %10 = math.ceil %arg0 : f32\n"
                     "    %11 = arith.subf %cst, %arg0 : f32\n"
                     "    %12 = math.sin %11 : f32\n"
                     "    %13 = math.cos %11 : f32\n"
                     "    %14 = math.exp %13 : f32\n"
                     "    %15 = math.log %13 : f32\n"
                     "    %16 = arith.addf %14, %15 : f32\n"
                     "    %17 = arith.subf %12, %16 : f32\n"
                     "    %18 = arith.mulf %10, %17 : f32\n"
                     "    tt.store %arg1, %18 : !tt.ptr<f32>\n"
                     "    tt.return\n"
                     "  }\n"
                     "}\n");
}

/* A C loop around an expression with a call: each pass after the one before, each in the
 * text's order. */
static void a_call_in_a_loop_keeps_the_passes(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", TL_SCALAR(TL_F32));
    tl_value p = tl_arg(b, "p", TL_PTR(TL_F32));
    tl_value acc = x;
    for (int i = 0; i < 2; i++)
        acc = tl_sub(tl_exp2(acc), ext_soft(tl_sin(acc)));
    tl_store(p, acc);
    assert_kernel(b, "module {\n"
                     "  tt.func public @k(%arg0: f32, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {\n"
                     "    %0 = math.exp2 %arg0 : f32\n"
                     "    %1 = math.sin %arg0 : f32\n"
                     "    %2 = math.exp %1 : f32\n"
                     "    %3 = math.log %1 : f32\n"
                     "    %4 = arith.addf %2, %3 : f32\n"
                     "    %5 = arith.subf %0, %4 : f32\n"
                     "    %6 = math.exp2 %5 : f32\n"
                     "    %7 = math.sin %5 : f32\n"
                     "    %8 = math.exp %7 : f32\n"
                     "    %9 = math.log %7 : f32\n"
                     "    %10 = arith.addf %8, %9 : f32\n"
                     "    %11 = arith.subf %6, %10 : f32\n"
                     "    tt.store %arg1, %11 : !tt.ptr<f32>\n"
                     "    tt.return\n"
                     "  }\n"
                     "}\n");
}

/* The constants of two calls go by the calls' places in the text (the latest call on top, as
 * make_ttir leaves them), not by the order they ran. */
static void constants_of_calls_follow_the_calls_in_the_text(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", TL_SCALAR(TL_I32));
    tl_value p = tl_arg(b, "p", TL_PTR(TL_I32));
    tl_value y = tl_load(p);
    tl_store(p, tl_add(ext_scale(tl_add(x, y), 3), ext_scale(x, 5)));
    assert_kernel(b, "module {\n"
                     "  tt.func public @k(%arg0: i32, %arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {\n"
                     "    %c5_i32 = arith.constant 5 : i32\n"
                     "    %c3_i32 = arith.constant 3 : i32\n"
                     "    %0 = tt.load %arg1 : !tt.ptr<i32>\n"
                     "    %1 = arith.addi %arg0, %0 : i32\n"
                     "    %2 = arith.muli %1, %c3_i32 : i32\n"
                     "    %3 = arith.muli %arg0, %c5_i32 : i32\n"
                     "    %4 = arith.addi %2, %3 : i32\n"
                     "    tt.store %arg1, %4 : !tt.ptr<i32>\n"
                     "    tt.return\n"
                     "  }\n"
                     "}\n");
}

/* A call with an effect is fine as the only part of its expression that makes ops. */
static void a_call_with_an_effect_alone_in_its_expression(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_F32));
    tl_store(p, tl_add(ext_load(p), 1.0));
    assert_kernel(b, "module {\n"
                     "  tt.func public @k(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {\n"
                     "    %cst = arith.constant 1.000000e+00 : f32\n"
                     "    %0 = tt.load %arg0 : !tt.ptr<f32>\n"
                     "    %1 = arith.addf %0, %cst : f32\n"
                     "    tt.store %arg0, %1 : !tt.ptr<f32>\n"
                     "    tt.return\n"
                     "  }\n"
                     "}\n");
}

/* A library call written as Python's @jit helper (standard.h) given two loads, one per argument:
 * C runs them in no fixed order before the call begins (gcc made y's load first); they are put in
 * the text's order at the call, as an ordinary call's are. */
static void a_library_helper_orders_the_effects_of_its_arguments(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", TL_PTR(TL_F32));
    tl_value y = tl_arg(b, "y", TL_PTR(TL_F32));
    tl_value o = tl_arg(b, "o", TL_PTR(TL_F32));
    tl_store(tl_addptr(o, tl_arange(b, 0, 2)), tl_interleave(tl_load(x), tl_load(y)));
    assert_kernel(b, "module {\n"
                     "  tt.func public @k(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> "
                     "{tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes "
                     "{noinline = false} {\n"
                     "    %0 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>\n"
                     "    %1 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<2x!tt.ptr<f32>>\n"
                     "    %2 = tt.addptr %1, %0 : tensor<2x!tt.ptr<f32>>, tensor<2xi32>\n"
                     "    %3 = tt.load %arg0 : !tt.ptr<f32>\n"
                     "    %4 = tt.load %arg1 : !tt.ptr<f32>\n"
                     "    %5 = tt.splat %3 : f32 -> tensor<1xf32>\n"
                     "    %6 = tt.splat %4 : f32 -> tensor<1xf32>\n"
                     "    %7 = tt.join %5, %6 : tensor<1xf32> -> tensor<1x2xf32>\n"
                     "    %8 = tt.reshape %7 : tensor<1x2xf32> -> tensor<2xf32>\n"
                     "    tt.store %2, %8 : tensor<2x!tt.ptr<f32>>\n"
                     "    tt.return\n"
                     "  }\n"
                     "}\n");
}

/* An effect in one part of an expression and a helper call in another: neither moves over the
 * other, so C's order would decide. Reported at the call, under both compilers. */
static void a_call_beside_an_effect_is_reported_at_the_call(void **state)
{
    (void)state;
    char want[512];
    const char *msg = "a helper called inside an expression that has an effect (a load, a store, an atomic, a "
                      "scope...) in another part: C gives the parts of an expression no order, Python makes them "
                      "left to right; assign the helper's result, or the effect's, to a variable in a statement "
                      "of its own";

    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", TL_SCALAR(TL_F32));
    tl_value p = tl_arg(b, "p", TL_PTR(TL_F32));
    int line = __LINE__ + 1;
    tl_store(p, tl_add(tl_exp(x), ext_load(p)));
    snprintf(want, sizeof want, "%s:%d: ext_load: %s", __FILE__, line, msg);
    assert_null(tl_finish(b));
    assert_string_equal(tl_builder_error(b), want);
    tl_builder_destroy(b);

    b = tl_builder_create("k");
    x = tl_arg(b, "x", TL_SCALAR(TL_F32));
    p = tl_arg(b, "p", TL_PTR(TL_F32));
    line = __LINE__ + 1;
    tl_store(p, tl_mul(tl_add(tl_load(p), 2.0), ext_soft(x)));
    snprintf(want, sizeof want, "%s:%d: ext_soft: %s", __FILE__, line, msg);
    assert_null(tl_finish(b));
    assert_string_equal(tl_builder_error(b), want);
    tl_builder_destroy(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_helper_call_takes_its_place_in_the_expression),
        cmocka_unit_test(a_call_keeps_its_own_order_on_the_right),
        cmocka_unit_test(two_calls_and_a_nested_call_follow_the_text),
        cmocka_unit_test(a_call_in_a_loop_keeps_the_passes),
        cmocka_unit_test(constants_of_calls_follow_the_calls_in_the_text),
        cmocka_unit_test(a_call_with_an_effect_alone_in_its_expression),
        cmocka_unit_test(a_library_helper_orders_the_effects_of_its_arguments),
        cmocka_unit_test(a_call_beside_an_effect_is_reported_at_the_call),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
