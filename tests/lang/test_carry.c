/* Scopes that carry C variables (control.h, .carry = TL_VARS(...)): the rules Python's code
 * generator follows, with exact TTIR, and their misuse with exact messages. The silent wrong
 * kernels of issue 8 (a forgotten rebind, a while body that resets its values, a carried order
 * that follows the list, an else that sees the then-branch's value) cannot be written. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tritonc/tritonc.h"

#define HEAD(args) "module {\n  tt.func public @k(" args ") attributes {noinline = false} {\n"
#define TAIL "    tt.return\n  }\n}\n"
#define PTR_F32_I32 "%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: i32"

static char *finish_ok(tl_builder *b)
{
    char *got = tl_finish(b);
    if (!got)
        fail_msg("finish failed: %s", tl_builder_error(b));
    tl_builder_destroy(b);
    return got;
}

static void expect_text(tl_builder *b, const char *want)
{
    char *got = finish_ok(b);
    if (strcmp(got, want) != 0)
        fprintf(stderr, "got:\n%s", got); /* cmocka truncates long strings */
    assert_string_equal(got, want);
    free(got);
}

static void expect_error_at(tl_builder *b, int line, const char *want)
{
    assert_null(tl_finish(b));
    const char *msg = tl_builder_error(b);
    assert_non_null(msg);
    char full[512];
    snprintf(full, sizeof full, "%s:%d: %s", __FILE__, line, want);
    assert_string_equal(msg, full);
    tl_builder_destroy(b);
}

/* ---- for ------------------------------------------------------------------------------------ */

/* acc = acc + load(q); q = q + k: the body reads the iter_args and yields the new values, with
 * no args[i] in sight (issue 8: forgetting `acc = loop.args[0]` gave a loop that never
 * accumulated). The list's order is not the carried order: acc was defined first. */
static tl_builder *accumulate(bool listed_in_python_order)
{
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_F32));
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_value acc = tl_load(p);
    tl_value q = tl_addptr(p, 1);
    tl_vars carry = listed_in_python_order ? TL_VARS(&acc, &q) : TL_VARS(&q, &acc);
    tl_scope loop = tl_for(b, 0, n, 4, .carry = carry);
    acc = tl_add(acc, tl_load(q));
    q = tl_addptr(q, loop.iv);
    tl_end(&loop);
    tl_store(q, acc);
    return b;
}

static const char accumulate_ttir[] =
    HEAD(PTR_F32_I32)
    "    %c4_i32 = arith.constant 4 : i32\n"
    "    %c0_i32 = arith.constant 0 : i32\n"
    "    %c1_i32 = arith.constant 1 : i32\n"
    "    %0 = tt.load %arg0 : !tt.ptr<f32>\n"
    "    %1 = tt.addptr %arg0, %c1_i32 : !tt.ptr<f32>, i32\n"
    "    %2:2 = scf.for %arg2 = %c0_i32 to %arg1 step %c4_i32 iter_args(%arg3 = %0, %arg4 = %1) -> (f32, "
    "!tt.ptr<f32>)  : i32 {\n"
    "      %3 = tt.load %arg4 : !tt.ptr<f32>\n"
    "      %4 = arith.addf %arg3, %3 : f32\n"
    "      %5 = tt.addptr %arg4, %arg2 : !tt.ptr<f32>, i32\n"
    "      scf.yield %4, %5 : f32, !tt.ptr<f32>\n"
    "    }\n"
    "    tt.store %2#1, %2#0 : !tt.ptr<f32>\n" TAIL;

static void for_rebinds_and_writes_back(void **state)
{
    (void)state;
    expect_text(accumulate(true), accumulate_ttir);
}

static void for_carried_order_is_pythons_whatever_the_list(void **state)
{
    (void)state;
    expect_text(accumulate(false), accumulate_ttir);
}

/* A listed variable the body leaves unchanged is not carried (as in Python): q keeps its value,
 * the body reads it directly. */
static void for_unchanged_variable_is_not_carried(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_F32));
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_value acc = tl_load(p);
    tl_value q = tl_addptr(p, 1);
    tl_scope loop = tl_for(b, 0, n, 4, .carry = TL_VARS(&acc, &q));
    acc = tl_add(acc, tl_load(q));
    tl_end(&loop);
    assert_int_equal(loop.nresults, 1);
    tl_store(q, acc);
    expect_text(b, HEAD(PTR_F32_I32)
                   "    %c4_i32 = arith.constant 4 : i32\n"
                   "    %c0_i32 = arith.constant 0 : i32\n"
                   "    %c1_i32 = arith.constant 1 : i32\n"
                   "    %0 = tt.load %arg0 : !tt.ptr<f32>\n"
                   "    %1 = tt.addptr %arg0, %c1_i32 : !tt.ptr<f32>, i32\n"
                   "    %2 = scf.for %arg2 = %c0_i32 to %arg1 step %c4_i32 iter_args(%arg3 = %0) -> (f32)  : i32 {\n"
                   "      %3 = tt.load %1 : !tt.ptr<f32>\n"
                   "      %4 = arith.addf %arg3, %3 : f32\n"
                   "      scf.yield %4 : f32\n"
                   "    }\n"
                   "    tt.store %1, %2 : !tt.ptr<f32>\n" TAIL);
}

/* The rebuilt loop keeps its nested scopes: q, not carried, is read inside an if of the body. */
static void unchanged_variable_read_in_a_nested_scope(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_F32));
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_value acc = tl_load(p);
    tl_value q = tl_addptr(p, 1);
    tl_scope loop = tl_for(b, 0, n, 1, .carry = TL_VARS(&acc, &q));
    tl_scope s = tl_if(tl_gt(loop.iv, 2), .carry = TL_VARS(&acc));
    acc = tl_add(acc, tl_load(q));
    tl_end(&s);
    tl_end(&loop);
    tl_store(q, acc);
    expect_text(b, HEAD(PTR_F32_I32)
                   "    %c0_i32 = arith.constant 0 : i32\n"
                   "    %c2_i32 = arith.constant 2 : i32\n"
                   "    %c1_i32 = arith.constant 1 : i32\n"
                   "    %0 = tt.load %arg0 : !tt.ptr<f32>\n"
                   "    %1 = tt.addptr %arg0, %c1_i32 : !tt.ptr<f32>, i32\n"
                   "    %2 = scf.for %arg2 = %c0_i32 to %arg1 step %c1_i32 iter_args(%arg3 = %0) -> (f32)  : i32 {\n"
                   "      %3 = arith.cmpi sgt, %arg2, %c2_i32 : i32\n"
                   "      %4 = scf.if %3 -> (f32) {\n"
                   "        %5 = tt.load %1 : !tt.ptr<f32>\n"
                   "        %6 = arith.addf %arg3, %5 : f32\n"
                   "        scf.yield %6 : f32\n"
                   "      } else {\n"
                   "        scf.yield %arg3 : f32\n"
                   "      }\n"
                   "      scf.yield %4 : f32\n"
                   "    }\n"
                   "    tt.store %1, %2 : !tt.ptr<f32>\n" TAIL);
}

/* a = c with c not carried: a yields c's value from before the loop. */
static void for_variable_set_from_an_uncarried_one(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_I32));
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_value a = tl_load(p);
    tl_value c = tl_add(a, 1);
    tl_scope loop = tl_for(b, 0, n, 1, .carry = TL_VARS(&a, &c));
    a = c;
    tl_end(&loop);
    tl_store(p, tl_add(a, c));
    expect_text(b, HEAD("%arg0: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg1: i32")
                   "    %c0_i32 = arith.constant 0 : i32\n"
                   "    %c1_i32 = arith.constant 1 : i32\n"
                   "    %0 = tt.load %arg0 : !tt.ptr<i32>\n"
                   "    %1 = arith.addi %0, %c1_i32 : i32\n"
                   "    %2 = scf.for %arg2 = %c0_i32 to %arg1 step %c1_i32 iter_args(%arg3 = %0) -> (i32)  : i32 {\n"
                   "      scf.yield %1 : i32\n"
                   "    }\n"
                   "    %3 = arith.addi %2, %1 : i32\n"
                   "    tt.store %arg0, %3 : !tt.ptr<i32>\n" TAIL);
}

/* A scope's results keep their variables' places: after a loop that carried only acc, acc still
 * comes before q (defined after it), as in Python's symbol table. */
static void results_keep_their_place_in_the_order(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_F32));
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_value acc = tl_load(p);
    tl_value q = tl_addptr(p, 1);
    tl_scope first = tl_for(b, 0, n, 1, .carry = TL_VARS(&acc));
    acc = tl_mul(acc, 2.0);
    tl_end(&first);
    tl_scope second = tl_for(b, 0, n, 1, .carry = TL_VARS(&q, &acc));
    acc = tl_add(acc, tl_load(q));
    q = tl_addptr(q, 1);
    tl_end(&second);
    tl_store(q, acc);
    expect_text(b, HEAD(PTR_F32_I32)
                   "    %c0_i32 = arith.constant 0 : i32\n"
                   "    %cst = arith.constant 2.000000e+00 : f32\n"
                   "    %c1_i32 = arith.constant 1 : i32\n"
                   "    %0 = tt.load %arg0 : !tt.ptr<f32>\n"
                   "    %1 = tt.addptr %arg0, %c1_i32 : !tt.ptr<f32>, i32\n"
                   "    %2 = scf.for %arg2 = %c0_i32 to %arg1 step %c1_i32 iter_args(%arg3 = %0) -> (f32)  : i32 {\n"
                   "      %4 = arith.mulf %arg3, %cst : f32\n"
                   "      scf.yield %4 : f32\n"
                   "    }\n"
                   "    %3:2 = scf.for %arg2 = %c0_i32 to %arg1 step %c1_i32 iter_args(%arg3 = %2, %arg4 = %1) -> (f32, "
                   "!tt.ptr<f32>)  : i32 {\n"
                   "      %4 = tt.load %arg4 : !tt.ptr<f32>\n"
                   "      %5 = arith.addf %arg3, %4 : f32\n"
                   "      %6 = tt.addptr %arg4, %c1_i32 : !tt.ptr<f32>, i32\n"
                   "      scf.yield %5, %6 : f32, !tt.ptr<f32>\n"
                   "    }\n"
                   "    tt.store %3#1, %3#0 : !tt.ptr<f32>\n" TAIL);
}

/* Two accumulators made by two tl_zeros calls are one pooled constant, but two values made in
 * order: s1 (defined first) is carried first, whatever the list says. */
static void two_zero_accumulators_keep_their_order(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_F32));
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_value s1 = tl_zeros(b, TL_SHAPE(16), TL_F32);
    tl_value s2 = tl_zeros(b, TL_SHAPE(16), TL_F32);
    tl_value x = tl_load(tl_addptr(p, tl_arange(b, 0, 16)));
    tl_scope loop = tl_for(b, 0, n, 1, .carry = TL_VARS(&s2, &s1));
    s1 = tl_add(s1, x);
    s2 = tl_add(s2, tl_mul(x, x));
    tl_end(&loop);
    tl_store(p, tl_sum(tl_sub(s2, s1)));
    char *text = finish_ok(b);
    const char *want = "iter_args(%arg3 = %cst, %arg4 = %cst) -> (tensor<16xf32>, tensor<16xf32>)  : i32 {\n"
                       "      %8 = arith.addf %arg3, %3 : tensor<16xf32>\n"
                       "      %9 = arith.mulf %3, %3 : tensor<16xf32>\n"
                       "      %10 = arith.addf %arg4, %9 : tensor<16xf32>\n"
                       "      scf.yield %8, %10 : tensor<16xf32>, tensor<16xf32>\n";
    if (!strstr(text, want))
        fail_msg("got:\n%s", text);
    free(text);
}

/* Two variables holding one value have no order of their own: the list's order decides (c, a
 * here), and both orders compute the same. */
static void same_value_keeps_the_list_order(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_I32));
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_value a = tl_load(p);
    tl_value c = a;
    tl_scope loop = tl_for(b, 0, n, 1, .carry = TL_VARS(&c, &a));
    a = tl_add(a, 1);
    c = tl_mul(c, 2);
    tl_end(&loop);
    tl_store(p, tl_sub(a, c));
    expect_text(b, HEAD("%arg0: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg1: i32")
                   "    %c0_i32 = arith.constant 0 : i32\n"
                   "    %c2_i32 = arith.constant 2 : i32\n"
                   "    %c1_i32 = arith.constant 1 : i32\n"
                   "    %0 = tt.load %arg0 : !tt.ptr<i32>\n"
                   "    %1:2 = scf.for %arg2 = %c0_i32 to %arg1 step %c1_i32 iter_args(%arg3 = %0, %arg4 = %0) -> (i32, "
                   "i32)  : i32 {\n"
                   "      %3 = arith.addi %arg4, %c1_i32 : i32\n"
                   "      %4 = arith.muli %arg3, %c2_i32 : i32\n"
                   "      scf.yield %4, %3 : i32, i32\n"
                   "    }\n"
                   "    %2 = arith.subi %1#1, %1#0 : i32\n"
                   "    tt.store %arg0, %2 : !tt.ptr<i32>\n" TAIL);
}

/* Scopes nest: an inner loop and an if inside a loop carry the same variable. */
static void nested_scopes_carry_the_same_variable(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_F32));
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_value acc = tl_load(p);
    tl_scope outer = tl_for(b, 0, n, 1, .carry = TL_VARS(&acc));
    tl_scope inner = tl_for(b, 0, outer.iv, 1, .carry = TL_VARS(&acc));
    acc = tl_add(acc, 1.0);
    tl_end(&inner);
    tl_scope s = tl_if(tl_gt(acc, 3.0), .carry = TL_VARS(&acc));
    acc = tl_mul(acc, 0.5);
    tl_end(&s);
    tl_end(&outer);
    tl_store(p, acc);
    expect_text(b, HEAD(PTR_F32_I32)
                   "    %c1_i32 = arith.constant 1 : i32\n"
                   "    %c0_i32 = arith.constant 0 : i32\n"
                   "    %cst = arith.constant 5.000000e-01 : f32\n"
                   "    %cst_0 = arith.constant 3.000000e+00 : f32\n"
                   "    %cst_1 = arith.constant 1.000000e+00 : f32\n"
                   "    %0 = tt.load %arg0 : !tt.ptr<f32>\n"
                   "    %1 = scf.for %arg2 = %c0_i32 to %arg1 step %c1_i32 iter_args(%arg3 = %0) -> (f32)  : i32 {\n"
                   "      %2 = scf.for %arg4 = %c0_i32 to %arg2 step %c1_i32 iter_args(%arg5 = %arg3) -> (f32)  : i32 {\n"
                   "        %5 = arith.addf %arg5, %cst_1 : f32\n"
                   "        scf.yield %5 : f32\n"
                   "      }\n"
                   "      %3 = arith.cmpf ogt, %2, %cst_0 : f32\n"
                   "      %4 = scf.if %3 -> (f32) {\n"
                   "        %5 = arith.mulf %2, %cst : f32\n"
                   "        scf.yield %5 : f32\n"
                   "      } else {\n"
                   "        scf.yield %2 : f32\n"
                   "      }\n"
                   "      scf.yield %4 : f32\n"
                   "    }\n"
                   "    tt.store %arg0, %1 : !tt.ptr<f32>\n" TAIL);
}

/* ---- if ------------------------------------------------------------------------------------- */

/* The else branch sees x from before the if, not the then-branch's x + 1 (issue 8). */
static void else_sees_the_values_from_before_the_if(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_I32));
    tl_value x = tl_load(p);
    tl_scope s = tl_if(tl_gt(x, 10), .carry = TL_VARS(&x));
    x = tl_add(x, 1);
    tl_else(&s);
    x = tl_mul(x, 2);
    tl_end(&s);
    tl_store(p, x);
    expect_text(b, HEAD("%arg0: !tt.ptr<i32> {tt.divisibility = 16 : i32}")
                   "    %c2_i32 = arith.constant 2 : i32\n"
                   "    %c1_i32 = arith.constant 1 : i32\n"
                   "    %c10_i32 = arith.constant 10 : i32\n"
                   "    %0 = tt.load %arg0 : !tt.ptr<i32>\n"
                   "    %1 = arith.cmpi sgt, %0, %c10_i32 : i32\n"
                   "    %2 = scf.if %1 -> (i32) {\n"
                   "      %3 = arith.addi %0, %c1_i32 : i32\n"
                   "      scf.yield %3 : i32\n"
                   "    } else {\n"
                   "      %3 = arith.muli %0, %c2_i32 : i32\n"
                   "      scf.yield %3 : i32\n"
                   "    }\n"
                   "    tt.store %arg0, %2 : !tt.ptr<i32>\n" TAIL);
}

/* An if without else carries what its branch changed (the else yields the old value); y,
 * listed but unchanged, is not carried. */
static void if_without_else_carries_what_changed(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_I32));
    tl_value x = tl_load(p);
    tl_value y = tl_add(x, 5);
    tl_scope s = tl_if(tl_gt(x, 10), .carry = TL_VARS(&y, &x));
    x = tl_add(x, 1);
    tl_end(&s);
    assert_int_equal(s.nresults, 1);
    tl_store(p, tl_add(x, y));
    expect_text(b, HEAD("%arg0: !tt.ptr<i32> {tt.divisibility = 16 : i32}")
                   "    %c1_i32 = arith.constant 1 : i32\n"
                   "    %c10_i32 = arith.constant 10 : i32\n"
                   "    %c5_i32 = arith.constant 5 : i32\n"
                   "    %0 = tt.load %arg0 : !tt.ptr<i32>\n"
                   "    %1 = arith.addi %0, %c5_i32 : i32\n"
                   "    %2 = arith.cmpi sgt, %0, %c10_i32 : i32\n"
                   "    %3 = scf.if %2 -> (i32) {\n"
                   "      %5 = arith.addi %0, %c1_i32 : i32\n"
                   "      scf.yield %5 : i32\n"
                   "    } else {\n"
                   "      scf.yield %0 : i32\n"
                   "    }\n"
                   "    %4 = arith.addi %3, %1 : i32\n"
                   "    tt.store %arg0, %4 : !tt.ptr<i32>\n" TAIL);
}

/* Nothing changed: no results, no yields (Python makes none either). */
static void if_that_changes_nothing_has_no_results(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_I32));
    tl_value x = tl_load(p);
    tl_scope s = tl_if(tl_gt(x, 10), .carry = TL_VARS(&x));
    tl_store(p, x);
    tl_else(&s);
    tl_end(&s);
    assert_int_equal(s.nresults, 0);
    expect_text(b, HEAD("%arg0: !tt.ptr<i32> {tt.divisibility = 16 : i32}")
                   "    %c10_i32 = arith.constant 10 : i32\n"
                   "    %0 = tt.load %arg0 : !tt.ptr<i32>\n"
                   "    %1 = arith.cmpi sgt, %0, %c10_i32 : i32\n"
                   "    scf.if %1 {\n"
                   "      tt.store %arg0, %0 : !tt.ptr<i32>\n"
                   "    }\n" TAIL);
}

/* ---- while ---------------------------------------------------------------------------------- */

/* The condition and the body both see the carried variable as their arguments (issue 8:
 * forgetting the rebind at the start of the body reset it every iteration), and tl_do
 * forwards it. */
static void while_rebinds_in_condition_and_body(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_value i = tl_lit(0);
    tl_scope w = tl_while(b, .carry = TL_VARS(&i));
    tl_do(&w, tl_lt(i, n));
    i = tl_add(i, 3);
    tl_end(&w);
    tl_store(tl_addptr(tl_arg(b, "p", TL_PTR(TL_I32)), 0), i);
    expect_text(b, HEAD("%arg0: i32, %arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}")
                   "    %c3_i32 = arith.constant 3 : i32\n"
                   "    %c0_i32 = arith.constant 0 : i32\n"
                   "    %0 = scf.while (%arg2 = %c0_i32) : (i32) -> i32 {\n"
                   "      %2 = arith.cmpi slt, %arg2, %arg0 : i32\n"
                   "      scf.condition(%2) %arg2 : i32\n"
                   "    } do {\n"
                   "    ^bb0(%arg2: i32):\n"
                   "      %2 = arith.addi %arg2, %c3_i32 : i32\n"
                   "      scf.yield %2 : i32\n"
                   "    }\n"
                   "    %1 = tt.addptr %arg1, %c0_i32 : !tt.ptr<i32>, i32\n"
                   "    tt.store %1, %0 : !tt.ptr<i32>\n" TAIL);
}

/* lim, read by the condition but changed nowhere, is not carried. */
static void while_unchanged_variable_is_not_carried(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_value i = tl_const(b, 0, TL_I32);
    tl_value lim = tl_add(n, 1);
    tl_scope w = tl_while(b, .carry = TL_VARS(&lim, &i));
    tl_do(&w, tl_lt(i, lim));
    i = tl_add(i, 3);
    tl_end(&w);
    assert_int_equal(w.nresults, 1);
    tl_value r = tl_add(i, lim);
    (void)r;
    expect_text(b, HEAD("%arg0: i32")
                   "    %c3_i32 = arith.constant 3 : i32\n"
                   "    %c0_i32 = arith.constant 0 : i32\n"
                   "    %c1_i32 = arith.constant 1 : i32\n"
                   "    %0 = arith.addi %arg0, %c1_i32 : i32\n"
                   "    %1 = scf.while (%arg1 = %c0_i32) : (i32) -> i32 {\n"
                   "      %3 = arith.cmpi slt, %arg1, %0 : i32\n"
                   "      scf.condition(%3) %arg1 : i32\n"
                   "    } do {\n"
                   "    ^bb0(%arg1: i32):\n"
                   "      %3 = arith.addi %arg1, %c3_i32 : i32\n"
                   "      scf.yield %3 : i32\n"
                   "    }\n"
                   "    %2 = arith.addi %1, %0 : i32\n" TAIL);
}

/* ---- misuse --------------------------------------------------------------------------------- */

static void error_variable_listed_twice(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_value a = tl_add(n, 1);
    int line = __LINE__ + 1;
    tl_scope loop = tl_for(b, 0, n, 1, .carry = TL_VARS(&a, &n, &a));
    tl_end(&loop);
    expect_error_at(b, line, "tl_for: carried variable a is listed twice");
}

static void error_null_or_empty_variable(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_value *nowhere = NULL;
    int line = __LINE__ + 1;
    tl_scope loop = tl_for(b, 0, n, 1, .carry = TL_VARS(&n, nowhere));
    tl_end(&loop);
    expect_error_at(b, line, "tl_for: carried variable nowhere is NULL");

    b = tl_builder_create("k");
    tl_value unset = {0};
    line = __LINE__ + 1;
    tl_scope s = tl_if(tl_gt(tl_arg(b, "n", TL_SCALAR(TL_I32)), 0), .carry = TL_VARS(&unset));
    tl_end(&s);
    expect_error_at(b, line, "tl_if: carried variable unset holds no value (poison, or never set)");
}

/* A C number has no place in the order of definitions: with another variable carried beside
 * it, that is an error rather than a guess. Alone, it is fine (control.c's `i = 0`). */
static void error_c_number_beside_another_variable(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_value acc = tl_add(n, 1), i = tl_lit(0);
    int line = __LINE__ + 1;
    tl_scope w = tl_while(b, .carry = TL_VARS(&acc, &i));
    tl_do(&w, tl_lt(i, n));
    tl_end(&w);
    expect_error_at(b, line, "tl_while: carried variable i holds a C number: its place in Python's carried order "
                             "cannot be known; make it a value where Python assigns it (tl_const)");
}

static void error_carry_and_inits_together(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    int line = __LINE__ + 1;
    tl_scope loop = tl_for(b, 0, n, 1, .carry = TL_VARS(&n), .inits = TL_VALUES(n));
    tl_end(&loop);
    expect_error_at(b, line, "tl_for: give .carry (C variables) or .inits (values), not both");
}

static void error_values_given_to_a_carrying_scope(void **state)
{
    (void)state;
    const char *msg = "this scope carries C variables (.carry): give no values, the variables are the yield";
    char want[256];
    tl_builder *b = tl_builder_create("k");
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_value a = tl_add(n, 1);
    tl_scope loop = tl_for(b, 0, n, 1, .carry = TL_VARS(&a));
    a = tl_add(a, 1);
    int line = __LINE__ + 1;
    tl_yield(&loop, a);
    snprintf(want, sizeof want, "tl_yield: %s", msg);
    expect_error_at(b, line, want);

    b = tl_builder_create("k");
    n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_scope s = tl_if(tl_gt(n, 0), .carry = TL_VARS(&n));
    line = __LINE__ + 1;
    tl_else(&s, n);
    snprintf(want, sizeof want, "tl_else: %s", msg);
    expect_error_at(b, line, want);

    b = tl_builder_create("k");
    n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_scope w = tl_while(b, .carry = TL_VARS(&n));
    line = __LINE__ + 1;
    tl_do(&w, tl_lt(n, 4), n);
    snprintf(want, sizeof want, "tl_do: %s", msg);
    expect_error_at(b, line, want);
}

static void error_carried_variable_changes_type(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_value a = tl_add(n, 1);
    tl_scope loop = tl_for(b, 0, n, 1, .carry = TL_VARS(&a));
    a = tl_to(a, TL_F32);
    int line = __LINE__ + 1;
    tl_end(&loop);
    expect_error_at(b, line, "tl_end: carried variable a changes type in the loop: i32 before it, f32 here");

    b = tl_builder_create("k");
    n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_scope s = tl_if(tl_gt(n, 0), .carry = TL_VARS(&n));
    n = tl_to(n, TL_I64);
    line = __LINE__ + 1;
    tl_else(&s);
    expect_error_at(b, line, "tl_else: carried variable n changes type in the then-branch: i32 before it, i64 here");
}

/* After an earlier error the carried variables and the scope stay usable: no crash. */
static void no_crash_after_an_error_with_carried_variables(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    int line = __LINE__ + 1;
    tl_value acc = tl_arange(b, 0, 48);
    tl_value q = tl_add(n, 1);
    tl_scope loop = tl_for(b, 0, n, 1, .carry = TL_VARS(&acc, &q));
    acc = tl_add(acc, loop.args[1]);
    tl_end(&loop);
    tl_scope s = tl_if(tl_gt(q, 0), .carry = TL_VARS(&q));
    q = tl_add(q, 1);
    tl_else(&s);
    tl_end(&s);
    tl_scope w = tl_while(b, .carry = TL_VARS(&q));
    tl_do(&w, tl_lt(q, n));
    tl_end(&w);
    expect_error_at(b, line, "tl_arange: arange's range must be a power of 2 (got 48)");
}

/* Nine carried variables, one more than the working arrays kept in the caller's frame hold
 * (SCOPE_SMALL): the loop and the if take theirs from the arena, with the same TTIR. (The text
 * is what the builder gave before those arrays moved, read line by line.) */
static void nine_variables_carried_through_a_for_and_an_if(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_F32));
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_value x = tl_load(p);
    tl_value v[9];
    for (int k = 0; k < 9; k++)
        v[k] = x;
    tl_scope loop =
        tl_for(b, 0, n, 1, .carry = TL_VARS(&v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7], &v[8]));
    tl_scope br =
        tl_if(tl_gt(loop.iv, 2), .carry = TL_VARS(&v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7], &v[8]));
    for (int k = 0; k < 9; k++)
        v[k] = tl_add(v[k], (double)k);
    tl_end(&br);
    tl_end(&loop);
    tl_value s = v[0];
    for (int k = 1; k < 9; k++)
        s = tl_add(s, v[k]);
    tl_store(p, s);
    expect_text(b, HEAD(PTR_F32_I32)
        "    %c1_i32 = arith.constant 1 : i32\n"
        "    %c0_i32 = arith.constant 0 : i32\n"
        "    %cst = arith.constant 8.000000e+00 : f32\n"
        "    %cst_0 = arith.constant 7.000000e+00 : f32\n"
        "    %cst_1 = arith.constant 6.000000e+00 : f32\n"
        "    %cst_2 = arith.constant 5.000000e+00 : f32\n"
        "    %cst_3 = arith.constant 4.000000e+00 : f32\n"
        "    %cst_4 = arith.constant 3.000000e+00 : f32\n"
        "    %cst_5 = arith.constant 2.000000e+00 : f32\n"
        "    %cst_6 = arith.constant 1.000000e+00 : f32\n"
        "    %cst_7 = arith.constant 0.000000e+00 : f32\n"
        "    %c2_i32 = arith.constant 2 : i32\n"
        "    %0 = tt.load %arg0 : !tt.ptr<f32>\n"
        "    %1:9 = scf.for %arg2 = %c0_i32 to %arg1 step %c1_i32 iter_args(%arg3 = %0, %arg4 = %0, %arg5 = %0, %arg6 = %0, %arg7 = %0, %arg8 = %0, %arg9 = %0, %arg10 = %0, %arg11 = %0) -> (f32, f32, f32, f32, f32, f32, f32, f32, f32)  : i32 {\n"
        "      %10 = arith.cmpi sgt, %arg2, %c2_i32 : i32\n"
        "      %11:9 = scf.if %10 -> (f32, f32, f32, f32, f32, f32, f32, f32, f32) {\n"
        "        %12 = arith.addf %arg3, %cst_7 : f32\n"
        "        %13 = arith.addf %arg4, %cst_6 : f32\n"
        "        %14 = arith.addf %arg5, %cst_5 : f32\n"
        "        %15 = arith.addf %arg6, %cst_4 : f32\n"
        "        %16 = arith.addf %arg7, %cst_3 : f32\n"
        "        %17 = arith.addf %arg8, %cst_2 : f32\n"
        "        %18 = arith.addf %arg9, %cst_1 : f32\n"
        "        %19 = arith.addf %arg10, %cst_0 : f32\n"
        "        %20 = arith.addf %arg11, %cst : f32\n"
        "        scf.yield %12, %13, %14, %15, %16, %17, %18, %19, %20 : f32, f32, f32, f32, f32, f32, f32, f32, f32\n"
        "      } else {\n"
        "        scf.yield %arg3, %arg4, %arg5, %arg6, %arg7, %arg8, %arg9, %arg10, %arg11 : f32, f32, f32, f32, f32, f32, f32, f32, f32\n"
        "      }\n"
        "      scf.yield %11#0, %11#1, %11#2, %11#3, %11#4, %11#5, %11#6, %11#7, %11#8 : f32, f32, f32, f32, f32, f32, f32, f32, f32\n"
        "    }\n"
        "    %2 = arith.addf %1#0, %1#1 : f32\n"
        "    %3 = arith.addf %2, %1#2 : f32\n"
        "    %4 = arith.addf %3, %1#3 : f32\n"
        "    %5 = arith.addf %4, %1#4 : f32\n"
        "    %6 = arith.addf %5, %1#5 : f32\n"
        "    %7 = arith.addf %6, %1#6 : f32\n"
        "    %8 = arith.addf %7, %1#7 : f32\n"
        "    %9 = arith.addf %8, %1#8 : f32\n"
        "    tt.store %arg0, %9 : !tt.ptr<f32>\n"
        TAIL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(for_rebinds_and_writes_back),
        cmocka_unit_test(nine_variables_carried_through_a_for_and_an_if),
        cmocka_unit_test(for_carried_order_is_pythons_whatever_the_list),
        cmocka_unit_test(for_unchanged_variable_is_not_carried),
        cmocka_unit_test(unchanged_variable_read_in_a_nested_scope),
        cmocka_unit_test(for_variable_set_from_an_uncarried_one),
        cmocka_unit_test(results_keep_their_place_in_the_order),
        cmocka_unit_test(two_zero_accumulators_keep_their_order),
        cmocka_unit_test(same_value_keeps_the_list_order),
        cmocka_unit_test(nested_scopes_carry_the_same_variable),
        cmocka_unit_test(else_sees_the_values_from_before_the_if),
        cmocka_unit_test(if_without_else_carries_what_changed),
        cmocka_unit_test(if_that_changes_nothing_has_no_results),
        cmocka_unit_test(while_rebinds_in_condition_and_body),
        cmocka_unit_test(while_unchanged_variable_is_not_carried),
        cmocka_unit_test(error_variable_listed_twice),
        cmocka_unit_test(error_null_or_empty_variable),
        cmocka_unit_test(error_c_number_beside_another_variable),
        cmocka_unit_test(error_carry_and_inits_together),
        cmocka_unit_test(error_values_given_to_a_carrying_scope),
        cmocka_unit_test(error_carried_variable_changes_type),
        cmocka_unit_test(no_crash_after_an_error_with_carried_variables),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
