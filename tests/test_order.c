/* Source order: ops follow the text of the C source, as Python's left-to-right evaluation
 * does, whatever order the compiler evaluates call arguments in. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tritonc/tritonc.h"

static char *finish_or_fail(tl_builder *b)
{
    char *text = tl_finish(b);
    if (!text)
        fail_msg("finish failed: %s", tl_builder_error(b));
    return text;
}

/* Checks that the needles appear in `text` in the given order. */
static void assert_in_order(const char *text, int n, const char *const *needles)
{
    const char *at = text;
    for (int i = 0; i < n; i++) {
        const char *hit = strstr(at, needles[i]);
        if (!hit)
            fail_msg("'%s' missing or out of order in:\n%s", needles[i], text);
        at = hit + strlen(needles[i]);
    }
}

static void nested_arguments_follow_the_text(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", TL_SCALAR(TL_F32));
    tl_value r = tl_add(tl_add(tl_exp(x), tl_log(x)), tl_mul(tl_sin(x), tl_cos(x)));
    (void)r;
    char *text = finish_or_fail(b);
    assert_in_order(text, 7,
                    (const char *const[]){"math.exp", "math.log", "arith.addf", "math.sin", "math.cos", "arith.mulf",
                                          "arith.addf"});
    free(text);
    tl_builder_destroy(b);
}

/* Constants are ordered by their first use in the text (the latest on top, as make_ttir
 * leaves Python's), whatever order the compiler evaluated the arguments in. */
static void constants_follow_their_first_use_in_the_text(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", TL_SCALAR(TL_I32));
    tl_value r = tl_add(tl_mul(x, 3), tl_mul(x, 5));
    (void)r;
    char *text = finish_or_fail(b);
    assert_in_order(text, 4, (const char *const[]){"%c5_i32 = ", "%c3_i32 = ", "arith.muli %arg0, %c3_i32", "arith.muli %arg0, %c5_i32"});
    free(text);
    tl_builder_destroy(b);
}

/* A C loop runs the same text twice: the second pass is placed after the first. */
static void loops_keep_execution_order(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_F32));
    tl_value acc = tl_load(p);
    for (int j = 0; j < 2; j++)
        acc = tl_add(tl_mul(acc, 2.0), tl_load(tl_addptr(p, j + 1)));
    tl_store(p, acc);
    char *text = finish_or_fail(b);
    assert_in_order(text, 7,
                    (const char *const[]){"tt.load %arg0", "arith.mulf", "tt.load", "arith.addf", "arith.mulf", "tt.load",
                                          "arith.addf"});
    free(text);
    tl_builder_destroy(b);
}

/* Ops made by a helper function keep their place at the call. */
static tl_value twice_plus_one(tl_value v)
{
    return tl_add(tl_mul(v, 2), 1);
}

static void helper_functions_stay_at_their_call(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", TL_SCALAR(TL_I32));
    tl_value y = tl_sub(twice_plus_one(x), x);
    tl_value z = tl_xor(y, x);
    (void)z;
    char *text = finish_or_fail(b);
    assert_in_order(text, 4, (const char *const[]){"arith.muli", "arith.addi", "arith.subi", "arith.xori"});
    free(text);
    tl_builder_destroy(b);
}

/* Triton evaluates keyword arguments before positional ones: a mask written in the call is
 * computed before the pointer; a mask computed by an earlier statement stays where it is. */
static void keyword_arguments_come_first(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", TL_PTR(TL_F32));
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_value offs = tl_arange(b, 0, 16);
    tl_value v = tl_load(tl_addptr(x, offs), .mask = tl_lt(offs, n));
    tl_value m = tl_gt(offs, n);
    tl_store(tl_addptr(x, offs), v, .mask = m);
    char *text = finish_or_fail(b);
    assert_in_order(text, 8,
                    (const char *const[]){"tt.splat %arg1", "arith.cmpi slt", "tt.splat %arg0", "tt.addptr", "tt.load",
                                          "arith.cmpi sgt", "tt.addptr", "tt.store"});
    free(text);
    tl_builder_destroy(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(nested_arguments_follow_the_text),
        cmocka_unit_test(constants_follow_their_first_use_in_the_text),
        cmocka_unit_test(loops_keep_execution_order),
        cmocka_unit_test(helper_functions_stay_at_their_call),
        cmocka_unit_test(keyword_arguments_come_first),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
