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

/* A driver that runs call sites out of source order (a switch in a loop): the store issued
 * first stays first, though the load's call comes earlier in the text; a pure op issued after
 * the store stays after it. */
static void effects_keep_issue_order_when_sites_run_out_of_order(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_F32));
    tl_value x = tl_arg(b, "x", TL_SCALAR(TL_F32));
    tl_value v = x;
    static const int plan[] = {2, 0, 1};
    for (int i = 0; i < 3; i++) {
        switch (plan[i]) {
        case 0:
            v = tl_load(tl_addptr(p, 1));
            break;
        case 1:
            v = tl_mul(v, 3.0);
            break;
        case 2:
            tl_store(p, tl_add(x, 1.0));
            break;
        }
    }
    tl_store(tl_addptr(p, 2), v);
    char *text = finish_or_fail(b);
    assert_in_order(text, 6,
                    (const char *const[]){"arith.addf", "tt.store %arg0", "tt.addptr", "tt.load", "arith.mulf",
                                          "tt.store"});
    free(text);
    tl_builder_destroy(b);
}

/* Pure ops of two statements run out of text order keep the order they were issued in: only
 * the ops of one expression (one line) are placed by the text. */
static void pure_ops_of_two_statements_keep_the_issue_order(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", TL_SCALAR(TL_I32));
    tl_value a = x, c = x;
    static const int plan[] = {1, 0};
    for (int i = 0; i < 2; i++) {
        switch (plan[i]) {
        case 0:
            a = tl_mul(x, 3);
            break;
        case 1:
            c = tl_sub(x, 7);
            break;
        }
    }
    tl_value r = tl_xor(a, c);
    (void)r;
    char *text = finish_or_fail(b);
    assert_in_order(text, 3, (const char *const[]){"arith.subi", "arith.muli", "arith.xori"});
    free(text);
    tl_builder_destroy(b);
}

/* C gives no order to the calls of one expression; their effects take Python's (the text's),
 * under gcc (right to left) as under clang. */
static void effects_of_one_expression_take_the_text_order(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_I32));
    tl_value r = tl_add(tl_add(tl_atomic_and(p, 1), tl_atomic_or(p, 2)), tl_atomic_xor(tl_addptr(p, 1), 3));
    tl_store(p, r);
    char *text = finish_or_fail(b);
    assert_in_order(text, 7,
                    (const char *const[]){"tt.atomic_rmw and", "tt.atomic_rmw or", "arith.addi", "tt.addptr",
                                          "tt.atomic_rmw xor", "arith.addi", "tt.store"});
    free(text);
    tl_builder_destroy(b);
}

/* Two loads of one expression come out in the text's order; a load written in a later
 * statement never moves above a store. */
static void loads_of_one_expression_follow_the_text(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_F32));
    tl_value d = tl_sub(tl_load(tl_addptr(p, 1)), tl_load(tl_addptr(p, 2)));
    tl_store(p, d);
    tl_value e = tl_load(p);
    tl_store(tl_addptr(p, 3), e);
    char *text = finish_or_fail(b);
    assert_in_order(text, 9,
                    (const char *const[]){"tt.addptr %arg0, %c1_i32", "tt.load", "tt.addptr %arg0, %c2_i32", "tt.load",
                                          "arith.subf", "tt.store %arg0", "tt.load %arg0", "tt.addptr", "tt.store"});
    free(text);
    tl_builder_destroy(b);
}

/* A reduction placed in text order passes the ops just made on its line before its combine
 * region is built; when the combine uses a value one of them made, the reduction moves down
 * below it, so the kernel verifies. The two cases share one line, the reduction first in the
 * text, and run in the other order. */
static void combine_scaled(tl_builder *b, const tl_value *lhs, const tl_value *rhs, tl_value *out, void *ctx)
{
    (void)b;
    out[0] = tl_add(tl_mul(lhs[0], *(const tl_value *)ctx), rhs[0]);
}

static void reduction_follows_a_value_its_combine_uses(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_F32));
    tl_value y = tl_arg(b, "y", TL_SCALAR(TL_F32));
    tl_value x = tl_load(tl_addptr(p, tl_arange(b, 0, 16)));
    tl_value k = y, s = y;
    /* clang-format off */
    for (int i = 0; i < 2; i++) switch (i) { case 1: s = tl_reduce(TL_VALUES(x), 0, combine_scaled, &k).v[0]; break; case 0: k = tl_mul(y, 2.0); break; }
    /* clang-format on */
    tl_store(p, s);
    char *text = finish_or_fail(b);
    assert_in_order(text, 4, (const char *const[]){"arith.mulf %arg1", "\"tt.reduce\"", "arith.mulf", "tt.store"});
    free(text);
    tl_builder_destroy(b);
}

/* Many C functions, each its own ordering scope: every helper's op stays at its call (a
 * product: (x + c0) + c1 would be written x + (c0 + c1), as Triton's canonicalizer does). */
#define HELPER(k)                                                                                 \
    static tl_value helper_##k(tl_value v) { return tl_mul(v, k); }
HELPER(1) HELPER(2) HELPER(3) HELPER(4) HELPER(5) HELPER(6) HELPER(7) HELPER(8) HELPER(9) HELPER(10) HELPER(11)
HELPER(12)
#undef HELPER

static void many_functions_keep_their_own_scopes(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", TL_SCALAR(TL_I32));
    tl_value (*const helpers[])(tl_value) = {helper_12, helper_3, helper_7, helper_1, helper_11, helper_5,
                                             helper_9, helper_2, helper_10, helper_4, helper_8, helper_6};
    for (int i = 0; i < 12; i++)
        x = helpers[i](x);
    char *text = finish_or_fail(b);
    assert_in_order(text, 12,
                    (const char *const[]){"arith.muli %arg0, %c12_i32", "%c3_i32", "%c7_i32", "%c1_i32", "%c11_i32",
                                          "%c5_i32", "%c9_i32", "%c2_i32", "%c10_i32", "%c4_i32", "%c8_i32",
                                          "%c6_i32"});
    free(text);
    tl_builder_destroy(b);
}

/* A standard-library helper makes all its ops under its caller's site (tl_randn: hundreds);
 * the placement walk passes such a run of ops in one step (order/place.c, "runs"). The place
 * must be the one the op-by-op walk gives: before the whole run when no op of it makes an
 * operand, right after the op that does otherwise (splitting the run), and op by op through
 * a split run afterwards. */
static void runs_of_one_site_are_passed_as_the_walk_would(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", TL_SCALAR(TL_I32));
    static const char unit; /* one translation unit of the sites below */
    tl_site right = {"ext.c", 9, "helper", 10, "caller", &unit};
    tl_site left = right, mid = right, between = right;
    left.seq = 5;
    mid.seq = 7;
    between.seq = 6;
    enum { RUN = 20 };
    tl_value r[RUN];
    for (int i = 0; i < RUN; i++) /* the right argument's helper call, made first (gcc) */
        r[i] = tl_binary_at(right, TL_OP_ADD, i ? r[i - 1] : x, x);
    tl_value l = tl_binary_at(left, TL_OP_MUL, x, x);        /* passes the whole run */
    tl_value m = tl_binary_at(mid, TL_OP_ADD, r[9], x);      /* stops right after r[9] */
    tl_value n = tl_binary_at(between, TL_OP_SUB, x, x);     /* passes both halves and m */
    const tcir_op *want[RUN + 3];
    int k = 0;
    want[k++] = tcir_value_def(l.ir);
    want[k++] = tcir_value_def(n.ir);
    for (int i = 0; i < RUN; i++) {
        want[k++] = tcir_value_def(r[i].ir);
        if (i == 9)
            want[k++] = tcir_value_def(m.ir);
    }
    const tcir_op *op = tcir_block_first(tl_current_block(b));
    while (op && op != want[0])
        op = tcir_op_next(op); /* (past the function's constants, if any) */
    for (int i = 0; i < k; i++, op = op ? tcir_op_next(op) : NULL)
        assert_ptr_equal(op, want[i]);
    char *text = tl_finish(b);
    assert_non_null(text);
    free(text);
    tl_builder_destroy(b);
}

/* Misuse of the keyword-ordering call (for ops written outside the library) is reported at
 * its own call. */
static void keyword_ordering_misuse_is_reported_at_its_call(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", TL_SCALAR(TL_I32));
    tl_site site = {"ext.c", 7, "my_op", 1, "caller", NULL};
    tl_order_keywords_first_at(site, b, -1, &x, 1, &x);
    assert_string_equal(tl_builder_error(b), "ext.c:7: my_op: tl_order_keywords_first: -1 positional values");
    tl_builder_destroy(b);

    b = tl_builder_create("k");
    x = tl_arg(b, "x", TL_SCALAR(TL_I32));
    tl_order_keywords_first_at(site, b, 1, &x, 2, NULL);
    assert_string_equal(tl_builder_error(b),
                        "ext.c:7: my_op: tl_order_keywords_first: 2 keyword values announced but the array is NULL");
    tl_builder_destroy(b);

    b = tl_builder_create("k");
    tl_builder *other = tl_builder_create("other");
    tl_value y = tl_arg(other, "y", TL_SCALAR(TL_I32));
    x = tl_arg(b, "x", TL_SCALAR(TL_I32));
    tl_order_keywords_first_at(site, b, 1, &x, 1, &y);
    assert_string_equal(tl_builder_error(b),
                        "ext.c:7: my_op: tl_order_keywords_first: keyword value #0 belongs to another builder");
    tl_builder_destroy(other);
    tl_builder_destroy(b);

    tl_order_keywords_first_at(site, NULL, 1, &x, 1, &x); /* no builder: nothing to do, no crash */
    b = tl_builder_create("k");
    free(tl_finish(b));
    tl_order_keywords_first_at(site, b, 0, NULL, 0, NULL);
    assert_string_equal(tl_builder_error(b), "ext.c:7: my_op: use after finish: the kernel was already finished");
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
        cmocka_unit_test(effects_keep_issue_order_when_sites_run_out_of_order),
        cmocka_unit_test(pure_ops_of_two_statements_keep_the_issue_order),
        cmocka_unit_test(effects_of_one_expression_take_the_text_order),
        cmocka_unit_test(loads_of_one_expression_follow_the_text),
        cmocka_unit_test(reduction_follows_a_value_its_combine_uses),
        cmocka_unit_test(many_functions_keep_their_own_scopes),
        cmocka_unit_test(keyword_ordering_misuse_is_reported_at_its_call),
        cmocka_unit_test(runs_of_one_site_are_passed_as_the_walk_would),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
